"""SDF/MOL files: one molecule per record, its title (or an ID property) as its name."""

from __future__ import annotations

import io
import re

from rdkit import Chem, rdBase

from model_zoo.chem.mols import MAX_SMILES_CHARS, too_long
from model_zoo.chem.uploads.columns import header_kind
from model_zoo.chem.uploads.parsed import (MAX_SDF_RECORD_CHARS, ParsedFile, RejectedRow, cut, finish, pool_key,
                                           too_many_rows)


def read_sdf(text: str, filename: str, max_rows: int, notes: list[str]) -> ParsedFile:
    parsed = ParsedFile("smiles_list", [], pool_key(filename), filename, notes=notes, row_unit="record")
    names: list[str] = []
    records = _records(text)
    if len(records) > max_rows:
        raise too_many_rows(max_rows)
    for index, (_, block) in enumerate(records, start=1):
        title = block.split("\n", 1)[0].strip() if block.strip() else ""
        if len(block) > MAX_SDF_RECORD_CHARS:
            parsed.rejected.append(RejectedRow(index, cut(title or block[:80]),
                                               f"a record of {len(block):,} characters, over the limit of "
                                               f"{MAX_SDF_RECORD_CHARS:,}"))
            continue
        mol, reason = _molecule(block)
        smiles = Chem.MolToSmiles(mol) if mol is not None else ""
        if mol is not None and len(smiles) > MAX_SMILES_CHARS:
            mol, reason = None, "its SMILES would be " + too_long(len(smiles))
        if mol is None:
            parsed.rejected.append(RejectedRow(index, cut(title or block[:80]), reason))
            continue
        parsed.values.append(smiles)
        parsed.rows.append(index)
        names.append(_name(mol))
    finish(parsed, names, "molecule", "record")
    return parsed


def _records(text: str) -> list[tuple[int, str]]:
    """(first line number, text) of each record; the last may lack its $$$$ terminator."""
    records: list[tuple[int, str]] = []
    current: list[str] = []
    start = 1
    for number, line in enumerate(text.splitlines(), start=1):
        if not current:
            start = number
        if line.strip() == "$$$$":
            records.append((start, "\n".join(current) + "\n$$$$\n"))
            current = []
        else:
            current.append(line)
    if any(ln.strip() for ln in current):
        records.append((start, "\n".join(current) + "\n"))
    return records


def _molecule(block: str) -> tuple[Chem.Mol | None, str]:
    """(molecule, "") or (None, RDKit's reason)."""
    crash = ""
    with rdBase.CaptureErrorLog() as capture:
        try:
            supplier = Chem.ForwardSDMolSupplier(io.BytesIO(block.encode("utf-8", "replace")))
            mol = next(iter(supplier), None)
        except Exception as err:  # RDKit raises on some malformed blocks instead of returning None
            mol, crash = None, str(err).strip() or type(err).__name__
    if mol is None:
        return None, cut(crash, 200) if crash else _rdkit_reason(capture.messages)
    if mol.GetNumAtoms() == 0:
        return None, "record has no atoms"
    return mol, ""


def _name(mol: Chem.Mol) -> str:
    """The record's title line, else its first name/ID-like property ("ID", "Catalog ID", "chembl_id")."""
    name = mol.GetProp("_Name").strip() if mol.HasProp("_Name") else ""
    if not name:
        name = next((mol.GetProp(p).strip() for p in mol.GetPropNames() if header_kind(p) == "name"), "")
    return cut(name, 200)


def _rdkit_reason(log: str) -> str:
    reasons = []
    for raw in log.splitlines():
        line = re.sub(r"^\[\d{2}:\d{2}:\d{2}\]\s*", "", raw).strip()
        line = re.sub(r"^(ERROR|WARNING):\s*", "", line)
        if line and "moving to the beginning of the next molecule" not in line and line not in reasons:
            reasons.append(cut(line, 200))
    return "; ".join(reasons[:3]) or "RDKit could not read this record"
