"""Read molecules (or proteins, or drug pairs) from a file a scientist uploads: CSV/TSV, SMILES lists, SDF,
FASTA, XLSX. The readers live in ``model_zoo.chem.uploads``, one module per format; this is the entry point.

``parse_molecule_file`` never lets one bad row sink the file: invalid rows go to ``ParsedFile.rejected``
with the row number a person would count. Whole-file problems raise ``FileRejected`` with a message meant
for the chat. Every cost is bounded before the expensive step: the file's bytes, rows, columns, cell length
and SMILES length (``uploads.parsed`` and ``mols.MAX_SMILES_CHARS``). openpyxl is imported only when an
.xlsx arrives.

Row numbers: the line number in the file for CSV/TSV and SMILES lists (the header is line 1), the sheet
row for XLSX, the record number (1-based) for SDF, and the header line for FASTA.

Names: a name/ID/title column (CSV/XLSX), the SDF title or an ID property, the second column of a .smi and
the FASTA header give ``ParsedFile.names``, one per value. A table with two structure (or drug-name) columns
that differ only in a 1/2 or a/b marker gives drug pairs (kind "smiles_pairs").

FASTA: every record becomes one entry of ``values`` (kind "protein_seq"); one record gives
``values == [sequence]``.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from model_zoo.chem.uploads.fasta import read_fasta
from model_zoo.chem.uploads.parsed import FileRejected, ParsedFile, RejectedRow, mb, pool_key
from model_zoo.chem.uploads.sdf import read_sdf
from model_zoo.chem.uploads.smiles_lines import read_smiles_lines
from model_zoo.chem.uploads.table import read_csv
from model_zoo.chem.uploads.text import decode, sniff_text_kind
from model_zoo.chem.uploads.xlsx import read_xlsx

__all__ = ["FileRejected", "ParsedFile", "RejectedRow", "SUPPORTED_EXTENSIONS", "parse_molecule_file", "pool_key"]

TABLE_EXTENSIONS = (".csv", ".tsv", ".tab")
SMILES_EXTENSIONS = (".smi", ".smiles", ".txt")
SDF_EXTENSIONS = (".sdf", ".sd", ".mol")
FASTA_EXTENSIONS = (".fasta", ".fa", ".faa")
EXCEL_EXTENSIONS = (".xlsx",)
SUPPORTED_EXTENSIONS = TABLE_EXTENSIONS + SMILES_EXTENSIONS + SDF_EXTENSIONS + FASTA_EXTENSIONS + EXCEL_EXTENSIONS


def parse_molecule_file(
    filename: str, data: bytes, max_bytes: int, max_rows: int = 100_000
) -> ParsedFile:
    """Molecules (or protein sequences, or drug pairs) from an uploaded file; FileRejected for unusable files.

    ``max_bytes`` has no default here: the agent's settings own it (DRUGPILOT_MAX_FILE_MB)."""
    filename = (filename or "").strip() or "upload"
    display = re.split(r"[\\/]", filename)[-1][-200:] or "upload"
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise FileRejected(f"{display}: expected the file's bytes, got {type(data).__name__}")
    data = bytes(data)
    if len(data) > max_bytes:
        raise FileRejected(f"{display} is {mb(len(data))}; the limit is {mb(max_bytes)}")
    extension = PurePosixPath(display.lower()).suffix
    if extension == ".xls":
        raise FileRejected(f"{display} is an old-style .xls workbook; save it as .xlsx or CSV")
    if extension and extension not in SUPPORTED_EXTENSIONS:
        raise FileRejected(
            f"unsupported file type {extension[:20]!r} ({display}); supported: {', '.join(SUPPORTED_EXTENSIONS)}"
        )
    if not data.strip():
        raise FileRejected(f"{display} is empty")
    if extension in EXCEL_EXTENSIONS:
        return read_xlsx(data, display, max_rows)

    text, notes = decode(data, display)
    if not text.strip():
        raise FileRejected(f"{display} is empty")
    if extension in FASTA_EXTENSIONS:
        kind = "fasta"
    elif extension in SDF_EXTENSIONS:
        kind = "sdf"
    elif extension in TABLE_EXTENSIONS:
        kind = "table"
    else:  # .smi/.smiles/.txt or no extension: trust the content
        kind = sniff_text_kind(text)
        if kind == "table" and extension in (".smi", ".smiles"):
            kind = "smiles"
    if kind == "fasta":
        return read_fasta(text, display, max_rows, notes)
    if kind == "sdf":
        return read_sdf(text, display, max_rows, notes)
    if kind == "table":
        return read_csv(text, display, extension, max_rows, notes)
    return read_smiles_lines(text, display, max_rows, notes)
