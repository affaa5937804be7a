"""Read molecules (or a protein) from a file a scientist uploads: CSV/TSV, SMILES lists, SDF, FASTA, XLSX.

``parse_molecule_file`` never lets one bad row sink the file: invalid rows go to ``ParsedFile.rejected``
with the row number a person would count. Whole-file problems raise ``FileRejected`` with a message meant
for the chat. openpyxl is imported only when an .xlsx arrives.

Row numbers: the line number in the file for CSV/TSV and SMILES lists (the header is line 1), the sheet
row for XLSX, the record number (1-based) for SDF, and the header line for FASTA.

FASTA: every record becomes one entry of ``values`` (kind "protein_seq") and its header becomes the
entry of ``names``; one record gives ``values == [sequence]``. Records that are not valid proteins are
rejected like bad rows. Choosing which sequence to use is the caller's business.
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Literal

from rdkit import Chem, rdBase

from model_zoo.chem.mols import InvalidSmiles, parse_smiles
from model_zoo.chem.proteins import InvalidSequence, normalize_sequence

TABLE_EXTENSIONS = (".csv", ".tsv", ".tab")
SMILES_EXTENSIONS = (".smi", ".smiles", ".txt")
SDF_EXTENSIONS = (".sdf", ".sd", ".mol")
FASTA_EXTENSIONS = (".fasta", ".fa", ".faa")
EXCEL_EXTENSIONS = (".xlsx",)
SUPPORTED_EXTENSIONS = TABLE_EXTENSIONS + SMILES_EXTENSIONS + SDF_EXTENSIONS + FASTA_EXTENSIONS + EXCEL_EXTENSIONS

MAX_XLSX_UNPACKED = 100_000_000  # bytes once unzipped; a zip bomb blows far past this
MAX_XLSX_MEMBERS = 1_000
SAMPLE_ROWS = 50  # rows looked at to find the SMILES column
MIN_PARSE_RATE = 0.3  # share of sampled cells that must parse for a column to count as SMILES
MAX_RAW_TEXT = 200  # characters of a rejected row kept for the report

# Header names, compared after lower-casing and dropping everything but letters and digits.
_SMILES_WORDS = {"smiles", "smile", "smi", "canonicalsmiles", "isomericsmiles", "cxsmiles"}
_STRUCTURE_WORDS = {"mol", "molecule", "structure", "molstructure", "chemicalstructure", "compoundstructure"}
_NAME_WORDS = {
    "name", "names", "id", "ids", "title", "compound", "compoundid", "compoundname", "cmpdid", "cmpd",
    "molid", "molname", "moleculeid", "moleculename", "drug", "drugname", "drugid", "identifier", "label",
    "chemblid", "moleculechemblid", "cid", "pubchemcid", "zincid", "catalogid", "catalognumber", "sampleid",
}

Kind = Literal["smiles_list", "protein_seq"]


class FileRejected(ValueError):
    """The whole file cannot be used; the message tells the user why and what to do."""


@dataclass(frozen=True)
class RejectedRow:
    row: int  # see the module docstring for what the number counts
    text: str  # the raw row (cut to MAX_RAW_TEXT characters)
    reason: str


@dataclass
class ParsedFile:
    kind: Kind
    values: list[str]  # SMILES as given (canonical SMILES for SDF), or protein sequences for FASTA
    key: str  # memory-pool key, "upload_<file name>"
    filename: str
    rejected: list[RejectedRow] = field(default_factory=list)
    source_column: str | None = None  # header of the column used, "column N" without header, None otherwise
    names: list[str] | None = None  # one per value when the file has names/ids
    rows: list[int] = field(default_factory=list)  # row number of each value
    notes: list[str] = field(default_factory=list)  # things worth telling the user (encoding, sheet used)
    row_unit: str = "row"  # what RejectedRow.row counts: "row", "record" (SDF) or "line" (FASTA headers)

    def summary(self) -> str:
        """One line for the chat, e.g. "read 95 molecules from column 'smiles' of plate3.csv; 2 rows rejected"."""
        what = "molecule" if self.kind == "smiles_list" else "protein sequence"
        text = f"read {len(self.values)} {what}{'' if len(self.values) == 1 else 's'}"
        if self.source_column and self.source_column.startswith("column "):
            text += f" from {self.source_column}"
        elif self.source_column:
            text += f" from column {self.source_column!r}"
        text += f" of {self.filename}"
        if self.rejected:
            unit = "record" if self.row_unit == "record" else "row"
            text += f"; {len(self.rejected)} {unit}{'' if len(self.rejected) == 1 else 's'} rejected"
        return text


# --- small helpers ------------------------------------------------------------------------------

def pool_key(filename: str) -> str:
    """ "plate 3.csv" -> "upload_plate_3.csv" (extension kept; path parts dropped)."""
    base = re.split(r"[\\/]", filename or "")[-1].strip()
    safe = re.sub(r"[^A-Za-z0-9._-]", "_", base).strip("._") or "file"
    return "upload_" + safe[-100:]


def _norm(header: str) -> str:
    return re.sub(r"[^a-z0-9]", "", str(header).lower())


def _mb(n_bytes: int) -> str:
    """12_300_000 -> "12.3 MB", 10_000_000 -> "10 MB"."""
    if n_bytes < 100_000:
        return f"{max(1, round(n_bytes / 1000))} kB"
    text = f"{n_bytes / 1_000_000:.1f}"
    return (text[:-2] if text.endswith(".0") else text) + " MB"


def _cut(text: str) -> str:
    text = text.strip()
    return text if len(text) <= MAX_RAW_TEXT else text[: MAX_RAW_TEXT - 1] + "…"


def _rdkit_reason(log: str) -> str:
    reasons = []
    for raw in log.splitlines():
        line = re.sub(r"^\[\d{2}:\d{2}:\d{2}\]\s*", "", raw).strip()
        line = re.sub(r"^(ERROR|WARNING):\s*", "", line)
        if line and "moving to the beginning of the next molecule" not in line and line not in reasons:
            reasons.append(line)
    return "; ".join(reasons[:3]) or "RDKit could not read this record"


def _check_smiles(smiles: str) -> str | None:
    """None when the SMILES parses, else the reason."""
    try:
        parse_smiles(smiles)
    except InvalidSmiles as err:
        return err.reason
    return None


def _finish(parsed: ParsedFile, names: list[str], filename: str, what: str, unit: str = "row") -> None:
    """Attach names if the file had any; refuse a file with nothing usable in it."""
    if any(names):
        parsed.names = names
    if not parsed.values:
        if not parsed.rejected:
            raise FileRejected(f"{filename} is empty")
        raise _no_valid(filename, what, parsed.rejected, unit)


def _no_valid(filename: str, what: str, rejected: list[RejectedRow], unit: str = "row") -> FileRejected:
    shown = "; ".join(f"{unit} {r.row} {r.text[:40]!r}: {r.reason}" for r in rejected[:3])
    more = f" ({len(rejected)} rejected in all)" if len(rejected) > 3 else ""
    return FileRejected(f"no valid {what} in {filename}: {shown}{more}")


def _too_many_rows(max_rows: int) -> FileRejected:
    return FileRejected(f"the file has more than {max_rows:,} rows; the limit is {max_rows:,}. Split it into "
                        "smaller files")


# --- decoding -----------------------------------------------------------------------------------

def _decode(data: bytes, filename: str) -> tuple[str, list[str]]:
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
    controls = sum(1 for ch in text if (ord(ch) < 32 and ch not in "\t\n\r\f\v") or 0x7F <= ord(ch) < 0xA0)
    if "\x00" in text or controls > max(2, len(text) // 100):
        raise FileRejected(f"{filename} does not look like a text file (it contains binary data)")
    return text, notes


# --- tables (CSV/TSV/XLSX) ----------------------------------------------------------------------

def _sniff_delimiter(lines: list[str], extension: str) -> str | None:
    """The column delimiter, or None for a one-column file. SMILES never contain , ; or tabs."""
    sample = "\n".join(lines[:SAMPLE_ROWS])
    first = lines[0] if lines else ""
    try:
        found = csv.Sniffer().sniff(sample, delimiters=",\t;|").delimiter
        if found in first:
            return found
    except csv.Error:
        pass
    if extension in (".tsv", ".tab") and "\t" in first:
        return "\t"
    counts = {d: first.count(d) for d in (",", "\t", ";")}
    best = max(counts, key=lambda d: counts[d])
    return best if counts[best] else None


def _parse_rate(cells: list[str]) -> float:
    cells = [c for c in cells if c.strip()][:SAMPLE_ROWS]
    if not cells:
        return 0.0
    return sum(_check_smiles(c) is None for c in cells) / len(cells)


def _column(rows: list[tuple[int, list[str]]], index: int) -> list[str]:
    return [cells[index] if index < len(cells) else "" for _, cells in rows]


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _header_kind(header: str) -> str | None:
    key = _norm(header)
    if key in _SMILES_WORDS or "smiles" in key:
        return "smiles"
    if key in _STRUCTURE_WORDS:
        return "structure"
    if key in _NAME_WORDS or key.endswith("name"):
        return "name"
    return None


def _choose_smiles_column(
    first: list[str], body: list[tuple[int, list[str]]], width: int
) -> tuple[int | None, bool]:
    """(index of the SMILES column or None, whether the first row is a header)."""
    kinds = [_header_kind(h) for h in first]
    named = [i for i, k in enumerate(kinds) if k == "smiles"]
    if len(named) > 1:  # e.g. canonical_smiles and isomeric_smiles: take the one that parses best
        named.sort(key=lambda i: (-_parse_rate(_column(body, i)), _norm(first[i]) != "smiles"))
    if named:
        return named[0], True
    for i, k in enumerate(kinds):
        if k == "structure" and _parse_rate(_column(body, i)) >= MIN_PARSE_RATE:
            return i, True
    # A "name" column may hold a few names that happen to parse ("CCO", "Urea" fails); skip it.
    rates = [0.0 if i < len(kinds) and kinds[i] == "name" else _parse_rate(_column(body, i)) for i in range(width)]
    best = max(range(width), key=lambda i: rates[i]) if width else None
    header_like = any(kinds) or not any(_is_number(c) for c in first if c.strip())
    if best is not None and rates[best] >= MIN_PARSE_RATE:
        cell = first[best] if best < len(first) else ""
        is_header = _check_smiles(cell) is not None and header_like
        return best, is_header
    if width == 1:  # one column and almost nothing parses: report the rows, not a missing column
        return 0, any(kinds)
    return None, True


def _name_column(header: list[str], skip: int) -> int | None:
    for i, h in enumerate(header):
        if i != skip and _header_kind(h) == "name":
            return i
    return None


def _from_rows(
    rows: list[tuple[int, list[str]]], filename: str, delimiter: str, notes: list[str]
) -> ParsedFile:
    """Shared by CSV/TSV and XLSX: rows are (row number, cells), empty rows already dropped."""
    if not rows:
        raise FileRejected(f"{filename} is empty")
    width = max(len(cells) for _, cells in rows)
    first = rows[0][1] + [""] * (width - len(rows[0][1]))
    col, has_header = _choose_smiles_column(first, rows[1:] if len(rows) > 1 else rows, width)
    if col is None:
        seen = ", ".join(repr(h) for h in first[:12] if h.strip()) or "(none)"
        raise FileRejected(
            f"no SMILES column found in {filename}; columns seen: {seen}. Name the column 'smiles' or upload "
            "one SMILES per line"
        )
    body = rows[1:] if has_header else rows
    if not body:
        raise FileRejected(f"{filename} has a header but no data rows")
    source = first[col].strip() if has_header and first[col].strip() else f"column {col + 1}"
    name_col = _name_column(first, col) if has_header else None
    parsed = ParsedFile("smiles_list", [], pool_key(filename), filename, source_column=source, notes=notes)
    names: list[str] = []
    for row_no, cells in body:
        smiles = cells[col].strip() if col < len(cells) else ""
        raw = _cut(delimiter.join(cells))
        where = source if source.startswith("column ") else f"column {source!r}"
        reason = f"no SMILES in {where}" if not smiles else _check_smiles(smiles)
        if reason:
            parsed.rejected.append(RejectedRow(row_no, raw, reason))
            continue
        parsed.values.append(smiles)
        parsed.rows.append(row_no)
        if name_col is not None:
            names.append(cells[name_col].strip() if name_col < len(cells) else "")
    if name_col is not None:
        parsed.names = names
    if not parsed.values:
        raise _no_valid(filename, "molecule", parsed.rejected)
    return parsed


def _read_table(text: str, filename: str, extension: str, max_rows: int, notes: list[str]) -> ParsedFile:
    lines = text.splitlines()
    start = 0
    delimiter: str | None
    if lines and re.fullmatch(r"sep=(.)", lines[0].strip()):  # Excel's "sep=;" first line
        delimiter, start = lines[0].strip()[4], 1
    else:
        delimiter = _sniff_delimiter([ln for ln in lines if ln.strip()], extension)
    rows: list[tuple[int, list[str]]] = []
    if delimiter is None:
        for number, line in enumerate(lines[start:], start=start + 1):
            if line.strip():
                rows.append((number, [line.strip()]))
    else:
        reader = csv.reader(io.StringIO("\n".join(lines[start:])), delimiter=delimiter)
        try:
            for cells in reader:
                if any(c.strip() for c in cells):
                    rows.append((reader.line_num + start, cells))
                if len(rows) > max_rows + 1:
                    break
        except csv.Error as err:
            raise FileRejected(f"{filename} is not a readable CSV file near line {reader.line_num}: {err}") from None
    if len(rows) > max_rows + 1:
        raise _too_many_rows(max_rows)
    return _from_rows(rows, filename, delimiter or "", notes)


def _cell_text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _read_xlsx(data: bytes, filename: str, max_rows: int) -> ParsedFile:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = archive.infolist()
    except (zipfile.BadZipFile, ValueError, OSError):
        raise FileRejected(f"{filename} is not a valid .xlsx workbook; save it again from Excel or as CSV") from None
    unpacked = sum(m.file_size for m in members)
    if len(members) > MAX_XLSX_MEMBERS or unpacked > MAX_XLSX_UNPACKED:
        raise FileRejected(
            f"{filename} unpacks to {_mb(unpacked)} in {len(members)} parts; the limit is {_mb(MAX_XLSX_UNPACKED)}. "
            "Save the sheet as CSV"
        )
    try:
        import openpyxl
    except ImportError:
        raise FileRejected("Excel files cannot be read on this server; save the sheet as CSV") from None
    notes: list[str] = []
    rows: list[tuple[int, list[str]]] = []
    try:
        workbook = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        try:
            sheets = workbook.worksheets
            for sheet in sheets:
                for number, values in enumerate(sheet.iter_rows(min_row=1, values_only=True), start=1):
                    cells = [_cell_text(v) for v in values]
                    if any(c.strip() for c in cells):
                        rows.append((number, cells))
                    if len(rows) > max_rows + 1:
                        raise _too_many_rows(max_rows)
                if rows:
                    if len(sheets) > 1:
                        notes.append(f"read the first non-empty sheet, {sheet.title!r}")
                    break
        finally:
            workbook.close()
    except FileRejected:
        raise
    except Exception as err:  # openpyxl raises many types on damaged workbooks
        raise FileRejected(f"{filename} could not be read as an Excel workbook ({type(err).__name__})") from None
    return _from_rows(rows, filename, "\t", notes)


# --- SMILES lists -------------------------------------------------------------------------------

def _read_smiles_lines(text: str, filename: str, max_rows: int, notes: list[str]) -> ParsedFile:
    """One SMILES per line, optionally followed by whitespace and a name; '#' lines are comments."""
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
            if _header_kind(smiles) in ("smiles", "structure") and _check_smiles(smiles) is not None:
                parsed.source_column = smiles
                continue
        if len(parsed.values) + len(parsed.rejected) >= max_rows:
            raise _too_many_rows(max_rows)
        reason = _check_smiles(smiles)
        if reason:
            parsed.rejected.append(RejectedRow(number, _cut(stripped), reason))
            continue
        parsed.values.append(smiles)
        parsed.rows.append(number)
        names.append(name)
    _finish(parsed, names, filename, "molecule")
    return parsed


def _looks_tabular(text: str) -> bool:
    """A .txt that is really a CSV/TSV: a comma or semicolon (never in SMILES), or a SMILES header."""
    first = next((ln for ln in text.splitlines() if ln.strip()), "")
    if "," in first or ";" in first:
        return True
    cells = re.split(r"\t", first)
    return len(cells) > 1 and any(_header_kind(c) == "smiles" for c in cells)


# --- SDF ----------------------------------------------------------------------------------------

def _sdf_records(text: str) -> list[tuple[int, str]]:
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


def _read_sdf(text: str, filename: str, max_rows: int, notes: list[str]) -> ParsedFile:
    parsed = ParsedFile("smiles_list", [], pool_key(filename), filename, notes=notes, row_unit="record")
    names: list[str] = []
    records = _sdf_records(text)
    if len(records) > max_rows:
        raise _too_many_rows(max_rows)
    for index, (_, block) in enumerate(records, start=1):
        title = block.splitlines()[0].strip() if block.strip() else ""
        crash = ""
        with rdBase.CaptureErrorLog() as capture:
            try:
                supplier = Chem.ForwardSDMolSupplier(io.BytesIO(block.encode("utf-8", "replace")))
                mol = next(iter(supplier), None)
            except Exception as err:  # RDKit raises on some malformed blocks instead of returning None
                mol, crash = None, str(err).strip() or type(err).__name__
        if mol is None or mol.GetNumAtoms() == 0:
            reason = (crash or _rdkit_reason(capture.messages)) if mol is None else "record has no atoms"
            parsed.rejected.append(RejectedRow(index, _cut(title or block[:80]), reason))
            continue
        parsed.values.append(Chem.MolToSmiles(mol))
        parsed.rows.append(index)
        name = mol.GetProp("_Name").strip() if mol.HasProp("_Name") else ""
        if not name:
            name = next((mol.GetProp(p) for p in mol.GetPropNames() if _header_kind(p) == "name"), "")
        names.append(name)
    _finish(parsed, names, filename, "molecule", "record")
    return parsed


# --- FASTA --------------------------------------------------------------------------------------

def _read_fasta(text: str, filename: str, max_rows: int, notes: list[str]) -> ParsedFile:
    parsed = ParsedFile("protein_seq", [], pool_key(filename), filename, notes=notes, row_unit="line")
    names: list[str] = []
    records: list[tuple[int, str, list[str]]] = []  # (header line number, header, sequence lines)
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped.startswith(">"):
            records.append((number, stripped[1:].strip(), []))
        elif stripped and not stripped.startswith(";"):
            if not records:  # sequence without a header
                records.append((number, "", []))
            records[-1][2].append(stripped)
    if len(records) > max_rows:
        raise _too_many_rows(max_rows)
    for number, header, body in records:
        try:
            seq = normalize_sequence("\n".join(body))
        except InvalidSequence as err:
            raw = body[0] if body and not header else ">" + header
            parsed.rejected.append(RejectedRow(number, _cut(raw), str(err)))
            continue
        parsed.values.append(seq)
        parsed.rows.append(number)
        names.append(header)
    _finish(parsed, names, filename, "protein sequence", "line")
    if len(parsed.values) > 1:
        notes.append(f"{filename} holds {len(parsed.values)} sequences")
    return parsed


# --- entry point --------------------------------------------------------------------------------

def _sniff_text_kind(text: str) -> str:
    """For files whose extension does not settle it: 'fasta', 'sdf', 'table' or 'smiles'."""
    first = next((ln.strip() for ln in text.splitlines() if ln.strip()), "")
    if first.startswith(">"):
        return "fasta"
    if re.search(r"^(M  END|\$\$\$\$)\s*$", text, re.MULTILINE):
        return "sdf"
    return "table" if _looks_tabular(text) else "smiles"


def parse_molecule_file(
    filename: str, data: bytes, max_bytes: int = 10_000_000, max_rows: int = 100_000
) -> ParsedFile:
    """Molecules (or protein sequences) from an uploaded file; raises FileRejected for unusable files."""
    filename = (filename or "").strip() or "upload"
    display = re.split(r"[\\/]", filename)[-1] or "upload"
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise FileRejected(f"{display}: expected the file's bytes, got {type(data).__name__}")
    data = bytes(data)
    if len(data) > max_bytes:
        raise FileRejected(f"{display} is {_mb(len(data))}; the limit is {_mb(max_bytes)}")
    extension = PurePosixPath(display.lower()).suffix
    if extension == ".xls":
        raise FileRejected(f"{display} is an old-style .xls workbook; save it as .xlsx or CSV")
    if extension and extension not in SUPPORTED_EXTENSIONS:
        raise FileRejected(
            f"unsupported file type {extension!r} ({display}); supported: {', '.join(SUPPORTED_EXTENSIONS)}"
        )
    if not data.strip():
        raise FileRejected(f"{display} is empty")
    if extension in EXCEL_EXTENSIONS:
        return _read_xlsx(data, display, max_rows)

    text, notes = _decode(data, display)
    if not text.strip():
        raise FileRejected(f"{display} is empty")
    if extension in FASTA_EXTENSIONS:
        kind = "fasta"
    elif extension in SDF_EXTENSIONS:
        kind = "sdf"
    elif extension in TABLE_EXTENSIONS:
        kind = "table"
    else:  # .smi/.smiles/.txt or no extension: trust the content
        kind = _sniff_text_kind(text)
        if kind == "table" and extension in (".smi", ".smiles"):
            kind = "smiles"
    if kind == "fasta":
        return _read_fasta(text, display, max_rows, notes)
    if kind == "sdf":
        return _read_sdf(text, display, max_rows, notes)
    if kind == "table":
        return _read_table(text, display, extension, max_rows, notes)
    return _read_smiles_lines(text, display, max_rows, notes)
