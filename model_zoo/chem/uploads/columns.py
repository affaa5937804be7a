"""Which columns of a table hold structures, names, or two of each (drug pairs), from headers and a sample."""

from __future__ import annotations

import re
from itertools import combinations

from model_zoo.chem.mols import InvalidSmiles, parse_smiles

SAMPLE_ROWS = 50  # rows looked at to find the SMILES column
MIN_PARSE_RATE = 0.3  # share of sampled cells that must parse for a column to count as SMILES

# Header names, compared after lower-casing and dropping everything but letters and digits.
_SMILES_WORDS = {"smiles", "smile", "smi", "canonicalsmiles", "isomericsmiles", "cxsmiles"}
_STRUCTURE_WORDS = {"mol", "molecule", "structure", "molstructure", "chemicalstructure", "compoundstructure"}
_NAME_WORDS = {
    "name", "names", "id", "ids", "title", "compound", "compoundid", "compoundname", "cmpdid", "cmpd",
    "molid", "molname", "moleculeid", "moleculename", "drug", "drugname", "drugid", "identifier", "label",
    "chemblid", "moleculechemblid", "cid", "pubchemcid", "zincid", "catalogid", "catalognumber", "sampleid",
}
_PAIR_MARKERS = ({"1", "2"}, {"a", "b"})

Rows = list[tuple[int, list[str]]]  # (row number a person would count, cells)


def norm(header: str) -> str:
    return re.sub(r"[^a-z0-9]", "", str(header).lower())


def header_kind(header: str) -> str | None:
    """'smiles', 'structure' or 'name' for a header that says what its column holds, else None."""
    key = norm(header)
    if key in _SMILES_WORDS or "smiles" in key:
        return "smiles"
    if key in _STRUCTURE_WORDS:
        return "structure"
    if key in _NAME_WORDS or key.endswith("name"):
        return "name"
    return None


def check_smiles(smiles: str) -> str | None:
    """None when the SMILES parses, else the reason (over-long SMILES are refused before RDKit)."""
    try:
        parse_smiles(smiles)
    except InvalidSmiles as err:
        return err.reason
    return None


def is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def parse_rate(cells: list[str]) -> float:
    cells = [c for c in cells if c.strip()][:SAMPLE_ROWS]
    if not cells:
        return 0.0
    return sum(not is_number(c) and check_smiles(c) is None for c in cells) / len(cells)


def column(rows: Rows, index: int) -> list[str]:
    return [cells[index] if index < len(cells) else "" for _, cells in rows]


def choose_smiles_column(first: list[str], sample: Rows, width: int) -> tuple[int | None, bool]:
    """(index of the SMILES column or None, whether the first row is a header); ``sample`` is the rows after
    the first, at most SAMPLE_ROWS of them, so the cost is bounded by the width, not by the file."""
    kinds = [header_kind(h) for h in first]
    named = [i for i, k in enumerate(kinds) if k == "smiles"]
    if len(named) > 1:  # e.g. canonical_smiles and isomeric_smiles: take the one that parses best
        named.sort(key=lambda i: (-parse_rate(column(sample, i)), norm(first[i]) != "smiles"))
    if named:
        return named[0], True
    for i, k in enumerate(kinds):
        if k == "structure" and parse_rate(column(sample, i)) >= MIN_PARSE_RATE:
            return i, True
    # A "name" column may hold a few names that happen to parse ("CCO", "Urea" fails); skip it.
    rates = [0.0 if i < len(kinds) and kinds[i] == "name" else parse_rate(column(sample, i)) for i in range(width)]
    best = max(range(width), key=lambda i: rates[i]) if width else None
    header_like = any(kinds) or not any(is_number(c) for c in first if c.strip())
    if best is not None and rates[best] >= MIN_PARSE_RATE:
        cell = first[best] if best < len(first) else ""
        is_header = check_smiles(cell) is not None and header_like
        return best, is_header
    if width == 1:  # one column and almost nothing parses: report the rows, not a missing column
        return 0, any(kinds)
    return None, True


def name_column(header: list[str], skip: int) -> int | None:
    for i, h in enumerate(header):
        if i != skip and header_kind(h) == "name":
            return i
    return None


def pair_columns(header: list[str], sample: Rows) -> tuple[tuple[int, int] | None, tuple[int, int] | None]:
    """(structure columns, name columns) of a pairs table: two headers that differ only in a 1/2 or a/b marker
    ("smiles_1"/"smiles_2", "Drug1"/"Drug2", "drug_a_smiles"/"drug_b_smiles"). Name-headed columns whose cells
    parse as SMILES count as structures (TDC's "Drug1" holds SMILES)."""
    structures: tuple[int, int] | None = None
    names: tuple[int, int] | None = None
    for (i, a), (j, b) in combinations(list(enumerate(norm(h) for h in header))[:200], 2):
        kind = _pair_kind(a, b)
        if kind is None:
            continue
        parses = all(parse_rate(column(sample, c)) >= MIN_PARSE_RATE for c in (i, j))
        if kind in ("smiles", "structure") or parses:
            structures = structures or (i, j)
        else:
            names = names or (i, j)
    return structures, names


def _pair_kind(a: str, b: str) -> str | None:
    """The header kind two normalised headers share when they differ only in one pair marker."""
    if len(a) != len(b) or a == b:
        return None
    diff = [p for p, (x, y) in enumerate(zip(a, b)) if x != y]
    if len(diff) != 1 or {a[diff[0]], b[diff[0]]} not in _PAIR_MARKERS:
        return None
    return header_kind(a[:diff[0]] + a[diff[0] + 1:])
