"""Drug-likeness filters shared by the generation and optimization searches: structure checks, QED and the
synthetic-accessibility score."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from rdkit import Chem
from rdkit.Chem import QED

from model_zoo.chem.alerts import alerts_in
from model_zoo.chem.rdkit_typed import mol_weight

# Defaults: the generation search's thresholds (the optimization search allows a higher SA score).
ALLOWED_ELEMENTS = frozenset({6, 7, 8, 9, 15, 16, 17, 35, 53})
MW_RANGE = (200.0, 600.0)
MIN_QED = 0.35
MAX_SA = 4.5
MAX_RING_SIZE = 8

_sa_lock = threading.Lock()
_sascorer: Any = None


def sa_score(mol: Chem.Mol) -> float:
    """Ertl & Schuffenhauer synthetic accessibility, 1 (easy) to 10 (hard), from RDKit's Contrib."""
    global _sascorer
    with _sa_lock:
        if _sascorer is None:
            from rdkit.Contrib.SA_Score import sascorer

            sascorer.readFragmentScores()
            _sascorer = sascorer
    return float(_sascorer.calculateScore(mol))


@dataclass
class Profile:
    qed: float
    sa: float
    mw: float


def structure_ok(mol: Chem.Mol, mw_range: tuple[float, float] = MW_RANGE) -> bool:
    """The cheap filters: one fragment, common organic elements, no radicals or net charge, rings of at most 8
    atoms, MW in range (structural alerts are screened later, on the few candidates that could be chosen)."""
    if len(Chem.GetMolFrags(mol)) != 1:
        return False
    charge = 0
    for atom in mol.GetAtoms():
        if atom.GetAtomicNum() not in ALLOWED_ELEMENTS or atom.GetNumRadicalElectrons():
            return False
        charge += atom.GetFormalCharge()
    if charge != 0 or any(len(r) > MAX_RING_SIZE for r in mol.GetRingInfo().AtomRings()):
        return False
    return mw_range[0] <= mol_weight(mol) <= mw_range[1]


def profile_of(mol: Chem.Mol, min_qed: float = MIN_QED, max_sa: float = MAX_SA) -> Profile | None:
    """QED, SA score and MW when QED >= min_qed and SA <= max_sa, else None (QED is the slow part: ~5 ms)."""
    sa = sa_score(mol)
    if sa > max_sa:
        return None
    qed = QED.qed(mol)
    return Profile(qed, sa, mol_weight(mol)) if qed >= min_qed else None


def drug_likeness(mol: Chem.Mol, mw_range: tuple[float, float] = MW_RANGE, min_qed: float = MIN_QED,
                  max_sa: float = MAX_SA) -> Profile | None:
    """QED/SA/MW when the molecule passes every filter (``structure_ok``, ``profile_of``, no structural alert),
    else None."""
    if not structure_ok(mol, mw_range):
        return None
    profile = profile_of(mol, min_qed, max_sa)
    return profile if profile is not None and not alerts_in(mol) else None
