"""Bytes of an upload to text, and what kind of text it is when the extension does not say."""

from __future__ import annotations

import re

from model_zoo.chem.uploads.columns import header_kind
from model_zoo.chem.uploads.parsed import FileRejected

# Control characters other than tab, newline, carriage return, form feed and vertical tab (C0 and C1 sets).
_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f\x7f-\x9f]")


def decode(data: bytes, filename: str) -> tuple[str, list[str]]:
    """Text of the file: UTF-8 (with or without BOM), UTF-16 with BOM, else latin-1; binary is rejected."""
    if data.startswith(b"PK\x03\x04"):
        raise FileRejected(f"{filename} is a zip/Excel file; upload Excel workbooks as .xlsx, or save as CSV")
    if data.startswith(b"\x1f\x8b"):
        raise FileRejected(f"{filename} is gzip-compressed; upload the uncompressed file")
    notes: list[str] = []
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            text = data.decode("utf-16")
        except UnicodeDecodeError:
            raise FileRejected(f"{filename} is not readable text (broken UTF-16)") from None
    else:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = data.decode("latin-1")
            notes.append("the file is not UTF-8; it was read as Latin-1")
    if "\x00" in text or sum(1 for _ in _CONTROL.finditer(text)) > max(2, len(text) // 100):
        raise FileRejected(f"{filename} does not look like a text file (it contains binary data)")
    return text, notes


def sniff_text_kind(text: str) -> str:
    """For files whose extension does not settle it: 'fasta', 'sdf', 'table' or 'smiles'."""
    first = next((ln.strip() for ln in text.splitlines() if ln.strip()), "")
    if first.startswith(">"):
        return "fasta"
    if re.search(r"^(M  END|\$\$\$\$)\s*$", text, re.MULTILINE):
        return "sdf"
    return "table" if _looks_tabular(next((ln for ln in text.splitlines() if ln.strip()), "")) else "smiles"


def _looks_tabular(first: str) -> bool:
    """A .txt that is really a CSV/TSV: a comma or semicolon (never in SMILES), or a SMILES header."""
    if "," in first or ";" in first:
        return True
    cells = first.split("\t")
    return len(cells) > 1 and any(header_kind(c) == "smiles" for c in cells)
