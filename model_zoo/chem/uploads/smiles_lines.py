"""SMILES lists (.smi/.smiles/.txt): one SMILES per line, optionally followed by whitespace and a name."""

from __future__ import annotations

from model_zoo.chem.uploads.columns import check_smiles, header_kind
from model_zoo.chem.uploads.parsed import (MAX_CELL_CHARS, ParsedFile, RejectedRow, cut, finish, long_cell,
                                           pool_key, too_many_rows)


def read_smiles_lines(text: str, filename: str, max_rows: int, notes: list[str]) -> ParsedFile:
    """'#' lines are comments; a first line that is a header word ("SMILES Name") is skipped."""
    parsed = ParsedFile("smiles_list", [], pool_key(filename), filename, notes=notes)
    names: list[str] = []
    seen_first = False
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        parts = stripped.split(None, 1)
        smiles, name = parts[0], (parts[1].strip() if len(parts) > 1 else "")
        if not seen_first:
            seen_first = True
            if header_kind(smiles) in ("smiles", "structure") and check_smiles(smiles) is not None:
                parsed.source_column = smiles
                continue
        if len(parsed.values) + len(parsed.rejected) >= max_rows:
            raise too_many_rows(max_rows)
        reason = long_cell(len(name)) if len(name) > MAX_CELL_CHARS else check_smiles(smiles)
        if reason:
            parsed.rejected.append(RejectedRow(number, cut(stripped), reason))
            continue
        parsed.values.append(smiles)
        parsed.rows.append(number)
        names.append(name)
    finish(parsed, names, "molecule")
    return parsed
