"""What reading an upload gives (``ParsedFile``), how it fails (``FileRejected``), and the limits that bound
its cost. Every limit is checked before the expensive step it protects (RDKit, openpyxl, column sampling)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal

from model_zoo.errors import UserFacingError

MAX_COLUMNS = 500  # a wide ELN export has ~150; 40,000 columns cost seconds per file before this cap
MAX_CELL_CHARS = 10_000  # any cell; a SMILES cell is also held to mols.MAX_SMILES_CHARS
MAX_XLSX_UNPACKED = 100_000_000  # bytes once unzipped; a zip bomb blows far past this
MAX_XLSX_MEMBERS = 1_000
MAX_XLSX_CELLS = 500_000  # cells openpyxl may read (~10-40 µs each); 100,000 rows x 5 columns fit
MAX_SDF_RECORD_CHARS = 500_000  # one molblock; ~7,000 atoms, far beyond any drug
MAX_NAMES_RESOLVED = 2_000  # distinct drug names looked up for a pairs file of names
MAX_RAW_TEXT = 200  # characters of a rejected row kept for the report

Kind = Literal["smiles_list", "smiles_pairs", "protein_seq"]


class FileRejected(UserFacingError):
    """The whole file cannot be used; the message tells the user why and what to do."""


@dataclass(frozen=True)
class RejectedRow:
    row: int  # see model_zoo.chem.files for what the number counts
    text: str  # the raw row (cut to MAX_RAW_TEXT characters)
    reason: str


@dataclass
class ParsedFile:
    kind: Kind
    # SMILES as given (canonical SMILES for SDF), [SMILES, SMILES] pairs, or protein sequences (FASTA)
    values: list[Any]
    key: str  # memory-pool key, "upload_<file name>"
    filename: str
    rejected: list[RejectedRow] = field(default_factory=list)
    source_column: str | None = None  # header of the column used, "column N" without header, None otherwise
    names: list[Any] | None = None  # one per value when the file has names/ids; [name, name] for pairs
    rows: list[int] = field(default_factory=list)  # row number of each value
    notes: list[str] = field(default_factory=list)  # things worth telling the user (encoding, sheet used)
    row_unit: str = "row"  # what RejectedRow.row counts: "row", "record" (SDF) or "line" (FASTA headers)

    def summary(self) -> str:
        """One line for the chat, e.g. "read 95 molecules from column 'smiles' of plate3.csv; 2 rows rejected"."""
        what = {"smiles_list": "molecule", "smiles_pairs": "drug pair"}.get(self.kind, "protein sequence")
        text = f"read {len(self.values)} {what}{'' if len(self.values) == 1 else 's'}"
        if self.source_column and self.source_column.startswith("column"):
            text += f" from {self.source_column}"
        elif self.source_column:
            text += f" from column {self.source_column!r}"
        text += f" of {self.filename}"
        if self.rejected:
            unit = "record" if self.row_unit == "record" else "row"
            text += f"; {len(self.rejected)} {unit}{'' if len(self.rejected) == 1 else 's'} rejected"
        return text


def pool_key(filename: str) -> str:
    """ "plate 3.csv" -> "upload_plate_3.csv", "ургамал.smi" -> "upload_ургамал.smi" (letters of any script and the
    extension kept; path parts dropped)."""
    base = re.split(r"[\\/]", filename or "")[-1].strip()
    safe = re.sub(r"[^\w.-]", "_", base).strip("._") or "file"
    return "upload_" + safe[-100:]


def mb(n_bytes: int) -> str:
    """12_300_000 -> "12.3 MB", 10_000_000 -> "10 MB"."""
    if n_bytes < 100_000:
        return f"{max(1, round(n_bytes / 1000))} kB"
    text = f"{n_bytes / 1_000_000:.1f}"
    return (text[:-2] if text.endswith(".0") else text) + " MB"


def cut(text: str, limit: int = MAX_RAW_TEXT) -> str:
    """``text`` stripped and cut to ``limit`` characters with an ellipsis: no message repeats a whole input."""
    text = text[: limit * 4].strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


def finish(parsed: ParsedFile, names: list[Any], what: str, unit: str = "row") -> None:
    """Attach names if the file had any; refuse a file with nothing usable in it."""
    if any(names):
        parsed.names = names
    if not parsed.values:
        if not parsed.rejected:
            raise FileRejected(f"{parsed.filename} is empty")
        raise no_valid(parsed.filename, what, parsed.rejected, unit)


def no_valid(filename: str, what: str, rejected: list[RejectedRow], unit: str = "row") -> FileRejected:
    shown = "; ".join(f"{unit} {r.row} {cut(r.text, 40)!r}: {r.reason}" for r in rejected[:3])
    more = f" ({len(rejected)} rejected in all)" if len(rejected) > 3 else ""
    return FileRejected(f"no valid {what} in {filename}: {shown}{more}")


def too_many_rows(max_rows: int) -> FileRejected:
    return FileRejected(f"the file has more than {max_rows:,} rows; the limit is {max_rows:,}. Split it into "
                        "smaller files")


def too_wide(filename: str, width: int, where: str) -> FileRejected:
    return FileRejected(f"{filename} has {width:,} columns {where}; the limit is {MAX_COLUMNS:,}. Keep the "
                        "structure, name and value columns you need and upload that")


def long_cell(length: int) -> str:
    """Why a row with an over-long cell is rejected."""
    return f"a cell of {length:,} characters, over the limit of {MAX_CELL_CHARS:,}"
