"""Computed descriptors: exact RDKit values, not model predictions (MW, cLogP, TPSA, H-bond donors/acceptors,
rotatable bonds, QED) and the Lipinski and Veber rules built from them.

Each is a property of the property tool (``model_zoo.specs.COMPUTED_NAMES``); a reply labels them "computed
with RDKit", never "predicted".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rdkit import Chem
from rdkit.Chem import QED, rdMolDescriptors

from model_zoo.chem.rdkit_typed import crippen_logp, mol_weight
from model_zoo.specs import COMPUTED_NAMES

# Lipinski (Adv. Drug Deliv. Rev. 1997): MW <= 500, cLogP <= 5, NH+OH <= 5, N+O <= 10; at most one violation passes.
LIPINSKI_LIMITS = {"mw": 500.0, "clogp": 5.0, "nh_oh": 5, "n_o": 10}
LIPINSKI_MAX_VIOLATIONS = 1
# Veber (J. Med. Chem. 2002): rotatable bonds <= 10 and TPSA <= 140 Å².
VEBER_LIMITS = {"rotatable_bonds": 10, "tpsa": 140.0}


@dataclass(frozen=True)
class Descriptor:
    name: str  # the property enum value
    display: str  # how a reply names it
    unit: str
    method: str  # what it is computed with ("RDKit (Crippen logP …)"), shown in every row after "computed with"
    compute: Callable[[Chem.Mol], Any]
    digits: int = 2


def lipinski(mol: Chem.Mol) -> dict[str, Any]:
    """The four Lipinski numbers (Lipinski's own counts: NH+OH donors, N+O acceptors), the violations, pass/fail."""
    values = {"mw": round(mol_weight(mol), 2), "clogp": round(crippen_logp(mol), 2),
              "nh_oh": rdMolDescriptors.CalcNumLipinskiHBD(mol), "n_o": rdMolDescriptors.CalcNumLipinskiHBA(mol)}
    violated = [k for k, limit in LIPINSKI_LIMITS.items() if values[k] > limit]
    return {**values, "violations": len(violated), "violated": ", ".join(violated) or "none",
            "value": "pass" if len(violated) <= LIPINSKI_MAX_VIOLATIONS else "fail"}


def veber(mol: Chem.Mol) -> dict[str, Any]:
    values = {"rotatable_bonds": rdMolDescriptors.CalcNumRotatableBonds(mol),
              "tpsa": round(rdMolDescriptors.CalcTPSA(mol), 2)}
    violated = [k for k, limit in VEBER_LIMITS.items() if values[k] > limit]
    return {**values, "violations": len(violated), "violated": ", ".join(violated) or "none",
            "value": "fail" if violated else "pass"}


DESCRIPTORS: dict[str, Descriptor] = {d.name: d for d in (
    Descriptor("MW", "molecular weight", "g/mol", "RDKit (average molecular weight)",
               mol_weight),
    Descriptor("cLogP", "cLogP", "log units", "RDKit (Crippen logP, Wildman & Crippen 1999)",
               crippen_logp),
    Descriptor("TPSA", "topological polar surface area", "Å²", "RDKit (Ertl TPSA, N and O only)",
               rdMolDescriptors.CalcTPSA),
    Descriptor("HBD", "hydrogen-bond donors", "count", "RDKit (rdMolDescriptors.CalcNumHBD)",
               rdMolDescriptors.CalcNumHBD, 0),
    Descriptor("HBA", "hydrogen-bond acceptors", "count", "RDKit (rdMolDescriptors.CalcNumHBA)",
               rdMolDescriptors.CalcNumHBA, 0),
    Descriptor("rotatable_bonds", "rotatable bonds", "count",
               "RDKit (CalcNumRotatableBonds, strict definition)",
               rdMolDescriptors.CalcNumRotatableBonds, 0),
    Descriptor("QED", "QED drug-likeness", "0-1 (higher = more drug-like)",
               "RDKit (QED, Bickerton et al. 2012, default weights)", QED.qed, 3),
    Descriptor("Lipinski", "Lipinski rule of five", "pass/fail",
               "RDKit: MW <= 500, Crippen cLogP <= 5, NH+OH <= 5, N+O <= 10; passes with at most "
               "one violation", lipinski),
    Descriptor("Veber", "Veber rules", "pass/fail",
               "RDKit: rotatable bonds <= 10 and TPSA <= 140 Å²", veber),
)}
assert tuple(DESCRIPTORS) == COMPUTED_NAMES, "model_zoo.specs.COMPUTED_NAMES and DESCRIPTORS must list the same"


def compute(name: str, mol: Chem.Mol) -> dict[str, Any]:
    """The row fields for one molecule: ``value`` (a number, or "pass"/"fail" for a rule with its parts)."""
    descriptor = DESCRIPTORS[name]
    raw = descriptor.compute(mol)
    if isinstance(raw, dict):
        return raw
    return {"value": round(float(raw), descriptor.digits) if descriptor.digits else int(raw)}


def is_rule(name: str) -> bool:
    """Lipinski and Veber answer pass/fail with their parts; the others are one number."""
    return DESCRIPTORS[name].unit == "pass/fail"
