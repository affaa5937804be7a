"""Typed names for the RDKit descriptors that exist at run time but not in RDKit's stubs.

``Descriptors.MolWt`` and ``Crippen.MolLogP`` are module-level lambdas the generated stubs leave out; they are
called here, once, so every other module stays type-checked and gets exactly RDKit's values.
"""

from __future__ import annotations

from rdkit import Chem
from rdkit.Chem import Crippen, Descriptors


def mol_weight(mol: Chem.Mol) -> float:
    """Average molecular weight in g/mol (RDKit ``Descriptors.MolWt``)."""
    return Descriptors.MolWt(mol)  # type: ignore[attr-defined]  # a runtime lambda missing from the stubs


def crippen_logp(mol: Chem.Mol) -> float:
    """Wildman-Crippen logP (RDKit ``Crippen.MolLogP``)."""
    return Crippen.MolLogP(mol)  # type: ignore[attr-defined]  # a runtime lambda missing from the stubs
