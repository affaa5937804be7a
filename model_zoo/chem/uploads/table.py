"""Tables (CSV/TSV, and the rows of an XLSX sheet): the SMILES column, or two of them as drug pairs, with names."""

from __future__ import annotations

import csv
import io
import re
from functools import lru_cache

from model_zoo.chem.uploads.columns import (SAMPLE_ROWS, Rows, check_smiles, choose_smiles_column, header_kind,
                                            name_column, pair_columns)
from model_zoo.chem.uploads.parsed import (MAX_CELL_CHARS, MAX_COLUMNS, MAX_NAMES_RESOLVED, FileRejected,
                                           ParsedFile, RejectedRow, cut, long_cell, no_valid, pool_key,
                                           too_many_rows, too_wide)


def read_csv(text: str, filename: str, extension: str, max_rows: int, notes: list[str]) -> ParsedFile:
    lines = text.splitlines()
    start = 0
    delimiter: str | None
    if lines and re.fullmatch(r"sep=(.)", lines[0].strip()):  # Excel's "sep=;" first line
        delimiter, start = lines[0].strip()[4], 1
    else:
        delimiter = _sniff_delimiter(lines, extension)
    rows: Rows = []
    if delimiter is None:
        for number, line in enumerate(lines[start:], start=start + 1):
            if line.strip():
                rows.append((number, [line.strip()]))
            if len(rows) > max_rows + 1:
                raise too_many_rows(max_rows)
        return from_rows(rows, filename, "", notes)
    first = next((ln for ln in lines[start:] if ln.strip()), "")
    if first.count(delimiter) >= MAX_COLUMNS:  # checked on the raw line, before the csv module splits it
        raise too_wide(filename, first.count(delimiter) + 1, "in its first row")
    reader = csv.reader(io.StringIO("\n".join(lines[start:])), delimiter=delimiter)
    try:
        for cells in reader:
            if len(cells) > MAX_COLUMNS:
                raise too_wide(filename, len(cells), f"in row {reader.line_num + start}")
            if any(c.strip() for c in cells):
                rows.append((reader.line_num + start, cells))
            if len(rows) > max_rows + 1:
                raise too_many_rows(max_rows)
    except csv.Error as err:
        raise FileRejected(f"{filename} is not a readable CSV file near line {reader.line_num}: "
                           f"{cut(str(err), 80)}") from None
    return from_rows(rows, filename, delimiter, notes)


def _sniff_delimiter(lines: list[str], extension: str) -> str | None:
    """The column delimiter, or None for a one-column file. SMILES never contain , ; or tabs."""
    sample_lines = [ln for ln in lines[:SAMPLE_ROWS * 4] if ln.strip()][:SAMPLE_ROWS]
    first = sample_lines[0] if sample_lines else ""
    if len(first) <= 20_000:  # csv.Sniffer is slow on very long lines; the counts below decide those
        try:
            found = csv.Sniffer().sniff("\n".join(sample_lines), delimiters=",\t;|").delimiter
            if found in first:
                return found
        except csv.Error:
            pass
    if extension in (".tsv", ".tab") and "\t" in first:
        return "\t"
    counts = {d: first.count(d) for d in (",", "\t", ";")}
    best = max(counts, key=lambda d: counts[d])
    return best if counts[best] else None


def from_rows(rows: Rows, filename: str, delimiter: str, notes: list[str]) -> ParsedFile:
    """Shared by CSV/TSV and XLSX: rows are (row number, cells), empty rows already dropped."""
    if not rows:
        raise FileRejected(f"{filename} is empty")
    width = max(len(cells) for _, cells in rows)
    first = rows[0][1] + [""] * (width - len(rows[0][1]))
    sample = rows[1:SAMPLE_ROWS + 1] if len(rows) > 1 else rows
    structures, names = pair_columns(first, sample)
    has_structure_column = any(header_kind(h) in ("smiles", "structure") for h in first)
    if structures or (names and not has_structure_column):  # "id1"/"id2" beside a smiles column are not pairs
        return _pairs(rows[1:], first, structures, names, filename, delimiter, notes)
    col, has_header = choose_smiles_column(first, sample, width)
    if col is None:
        seen = ", ".join(repr(cut(h, 40)) for h in first[:12] if h.strip()) or "(none)"
        raise FileRejected(
            f"no SMILES column found in {filename}; columns seen: {seen}. Name the column 'smiles' or upload "
            "one SMILES per line"
        )
    body = rows[1:] if has_header else rows
    if not body:
        raise FileRejected(f"{filename} has a header but no data rows")
    source = first[col].strip() if has_header and first[col].strip() else f"column {col + 1}"
    name_col = name_column(first, col) if has_header else None
    parsed = ParsedFile("smiles_list", [], pool_key(filename), filename, source_column=source, notes=notes)
    found_names: list[str] = []
    where = source if source.startswith("column ") else f"column {source!r}"
    for row_no, cells in body:
        smiles = cells[col].strip() if col < len(cells) else ""
        reason = _long_cell(cells, col) or (f"no SMILES in {where}" if not smiles else check_smiles(smiles))
        if reason:
            parsed.rejected.append(RejectedRow(row_no, cut(delimiter.join(cells)), reason))
            continue
        parsed.values.append(smiles)
        parsed.rows.append(row_no)
        if name_col is not None:
            found_names.append(cells[name_col].strip() if name_col < len(cells) else "")
    if name_col is not None:
        parsed.names = found_names
    if not parsed.values:
        raise no_valid(filename, "molecule", parsed.rejected)
    return parsed


def _long_cell(cells: list[str], structure_col: int) -> str | None:
    """A row with a cell over the limit is rejected (a SMILES cell gets the SMILES limit's own reason)."""
    longest = max(range(len(cells)), key=lambda i: len(cells[i]), default=None)
    if longest is None or longest == structure_col or len(cells[longest]) <= MAX_CELL_CHARS:
        return None
    return long_cell(len(cells[longest]))


def _pairs(body: Rows, header: list[str], structures: tuple[int, int] | None, names: tuple[int, int] | None,
           filename: str, delimiter: str, notes: list[str]) -> ParsedFile:
    """Drug pairs, from two structure columns or, without them, from two columns of drug names."""
    used = structures or names
    assert used is not None
    source = f"columns {header[used[0]].strip()!r} and {header[used[1]].strip()!r}"
    parsed = ParsedFile("smiles_pairs", [], pool_key(filename), filename, source_column=source, notes=notes)
    if not body:
        raise FileRejected(f"{filename} has a header but no data rows")
    if structures is None and len({c.strip() for _, cells in body for c in _cells(cells, used)}) > MAX_NAMES_RESOLVED:
        raise FileRejected(f"{filename} names more than {MAX_NAMES_RESOLVED:,} different drugs; the limit for a "
                           "file of names is that many. Add SMILES columns (smiles_1, smiles_2) instead")
    found_names: list[list[str]] = []
    for row_no, cells in body:
        pair, labels, reason = _pair(cells, structures, names)
        if reason is None:
            reason = _long_cell(cells, -1)
        if reason:
            parsed.rejected.append(RejectedRow(row_no, cut(delimiter.join(cells)), reason))
            continue
        parsed.values.append(pair)
        parsed.rows.append(row_no)
        found_names.append(labels)
    if any(a or b for a, b in found_names):
        parsed.names = found_names
    if not parsed.values:
        raise no_valid(filename, "drug pair", parsed.rejected)
    return parsed


def _cells(cells: list[str], columns: tuple[int, int]) -> list[str]:
    return [cells[c].strip() if c < len(cells) else "" for c in columns]


def _pair(cells: list[str], structures: tuple[int, int] | None,
          names: tuple[int, int] | None) -> tuple[list[str], list[str], str | None]:
    """([SMILES, SMILES], [name, name], reason it is rejected or None) for one row."""
    labels = _cells(cells, names) if names else ["", ""]
    if structures:
        pair = _cells(cells, structures)
        for which, smiles in zip(("first", "second"), pair):
            reason = "no SMILES" if not smiles else check_smiles(smiles)
            if reason:
                return pair, labels, f"{which} drug: {reason}"
        return pair, labels, None
    pair = []
    for which, name in zip(("first", "second"), labels):
        smiles, reason = _structure_of(name) if name else ("", "no drug name")
        if reason:
            return pair, labels, f"{which} drug: {reason}"
        pair.append(smiles)
    return pair, labels, None


@lru_cache(maxsize=4096)
def _structure_of(name: str) -> tuple[str, str | None]:
    """(SMILES, None) for a drug name known exactly; never a spelling-corrected guess."""
    from model_zoo.names import Resolved, resolve_drug

    if check_smiles(name) is None and header_kind(name) is None:
        return name, None
    found = resolve_drug(name)
    if isinstance(found, Resolved) and not found.fuzzy:
        return found.value, None
    if isinstance(found, Resolved):
        return "", f"unknown drug {cut(name, 80)!r} (did you mean {found.name}? write it exactly)"
    return "", cut(found.line(), 200)
