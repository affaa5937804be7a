"""FASTA: every record becomes one protein sequence, its header line its name."""

from __future__ import annotations

from model_zoo.chem.proteins import InvalidSequence, normalize_sequence
from model_zoo.chem.uploads.parsed import ParsedFile, RejectedRow, cut, finish, pool_key, too_many_rows


def read_fasta(text: str, filename: str, max_rows: int, notes: list[str]) -> ParsedFile:
    """Records that are not valid proteins are rejected like bad rows; which sequence to use is the caller's
    business (each is stored under its own pool key)."""
    parsed = ParsedFile("protein_seq", [], pool_key(filename), filename, notes=notes, row_unit="line")
    names: list[str] = []
    records: list[tuple[int, str, list[str]]] = []  # (header line number, header, sequence lines)
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped.startswith(">"):
            records.append((number, stripped[1:].strip(), []))
            if len(records) > max_rows:
                raise too_many_rows(max_rows)
        elif stripped and not stripped.startswith(";"):
            if not records:  # sequence without a header
                records.append((number, "", []))
            records[-1][2].append(stripped)
    for number, header, body in records:
        try:
            seq = normalize_sequence("\n".join(body))
        except InvalidSequence as err:
            raw = body[0] if body and not header else ">" + header
            parsed.rejected.append(RejectedRow(number, cut(raw), cut(str(err), 200)))
            continue
        parsed.values.append(seq)
        parsed.rows.append(number)
        names.append(cut(header, 200))
    finish(parsed, names, "protein sequence", "line")
    if len(parsed.values) > 1:
        notes.append(f"{filename} holds {len(parsed.values)} sequences")
    return parsed
