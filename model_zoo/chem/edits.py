"""Single graph edits of a molecule (attach a substituent, swap an element, delete a terminal atom), shared by the
generation and optimization searches. Each returns a sanitized molecule, or None when the edit does not apply or
gives no valid structure."""

from __future__ import annotations

from rdkit import Chem, rdBase

SUBSTITUENTS = ("C", "F", "Cl", "Br", "O", "N", "OC", "C(F)(F)F", "C#N", "C(N)=O", "C(=O)O", "S(C)(=O)=O", "C1CC1",
                "N(C)C", "OC(F)(F)F", "c1ccccc1", "C1CCOCC1", "N1CCOCC1", "N1CCNCC1")
SWAP_ELEMENTS = (6, 7, 8, 9, 16, 17)
SUBSTITUENT_MOLS = [Chem.MolFromSmiles(s) for s in SUBSTITUENTS]


def sanitized(mol: Chem.Mol) -> Chem.Mol | None:
    """A sanitized copy, or None when RDKit rejects the structure (valence, kekulization...)."""
    try:
        out = Chem.Mol(mol)
        with rdBase.BlockLogs():
            Chem.SanitizeMol(out)
        return out
    except Exception:  # any sanitization failure means "not a molecule"
        return None


def attach(mol: Chem.Mol, atom_idx: int, substituent: Chem.Mol) -> Chem.Mol | None:
    """``mol`` with ``substituent`` (its first atom) bonded to atom ``atom_idx`` by a single bond."""
    if mol.GetAtomWithIdx(atom_idx).GetTotalNumHs() == 0:
        return None
    combined = Chem.RWMol(Chem.CombineMols(mol, substituent))
    combined.AddBond(atom_idx, mol.GetNumAtoms(), Chem.BondType.SINGLE)
    atom = combined.GetAtomWithIdx(atom_idx)
    atom.SetNoImplicit(False)
    atom.SetNumExplicitHs(0)
    return sanitized(combined.GetMol())


def swap_element(mol: Chem.Mol, atom_idx: int, element: int) -> Chem.Mol | None:
    atom = mol.GetAtomWithIdx(atom_idx)
    if atom.GetAtomicNum() == element:
        return None
    if atom.GetIsAromatic() and element not in (6, 7, 8, 16):
        return None
    rw = Chem.RWMol(mol)
    target = rw.GetAtomWithIdx(atom_idx)
    target.SetAtomicNum(element)
    target.SetFormalCharge(0)
    target.SetNoImplicit(False)
    target.SetNumExplicitHs(0)
    return sanitized(rw.GetMol())


def delete_atom(mol: Chem.Mol, atom_idx: int) -> Chem.Mol | None:
    """Remove a terminal atom (one heavy neighbour)."""
    atom = mol.GetAtomWithIdx(atom_idx)
    if atom.GetDegree() != 1 or mol.GetNumAtoms() < 3:
        return None
    neighbor = atom.GetNeighbors()[0]
    rw = Chem.RWMol(mol)
    n = rw.GetAtomWithIdx(neighbor.GetIdx())
    n.SetNoImplicit(False)
    n.SetNumExplicitHs(0)
    rw.RemoveAtom(atom_idx)
    return sanitized(rw.GetMol())
