"""XLSX workbooks: the first non-empty sheet, read with openpyxl in read-only mode and stopped at the limits."""

from __future__ import annotations

import io
import zipfile

from model_zoo.chem.uploads.columns import Rows
from model_zoo.chem.uploads.parsed import (MAX_COLUMNS, MAX_XLSX_CELLS, MAX_XLSX_MEMBERS, MAX_XLSX_UNPACKED,
                                           FileRejected, ParsedFile, mb, too_many_rows, too_wide)
from model_zoo.chem.uploads.table import from_rows


def read_xlsx(data: bytes, filename: str, max_rows: int) -> ParsedFile:
    _check_archive(data, filename)
    try:
        import openpyxl
    except ImportError:
        raise FileRejected("Excel files cannot be read on this server; save the sheet as CSV") from None
    notes: list[str] = []
    try:
        workbook = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        try:
            rows = _first_sheet_rows(workbook, filename, max_rows, notes)
        finally:
            workbook.close()
    except FileRejected:
        raise
    except Exception as err:  # openpyxl raises many types on damaged workbooks
        raise FileRejected(f"{filename} could not be read as an Excel workbook ({type(err).__name__})") from None
    return from_rows(rows, filename, "\t", notes)


def _check_archive(data: bytes, filename: str) -> None:
    """Zip bombs and part floods are refused from the zip directory, before anything is unpacked."""
    try:
        members = zipfile.ZipFile(io.BytesIO(data)).infolist()
    except (zipfile.BadZipFile, ValueError, OSError):
        raise FileRejected(f"{filename} is not a valid .xlsx workbook; save it again from Excel or as CSV") from None
    unpacked = sum(m.file_size for m in members)
    if len(members) > MAX_XLSX_MEMBERS or unpacked > MAX_XLSX_UNPACKED:
        raise FileRejected(
            f"{filename} unpacks to {mb(unpacked)} in {len(members)} parts; the limit is {mb(MAX_XLSX_UNPACKED)}. "
            "Save the sheet as CSV"
        )


def _first_sheet_rows(workbook, filename: str, max_rows: int, notes: list[str]) -> Rows:
    """Rows of the first sheet with content; reading stops at the first row, column or cell limit crossed."""
    sheets = workbook.worksheets
    cells_read = 0
    for sheet in sheets:
        _check_declared_size(sheet, filename, max_rows)
        rows: Rows = []
        for number, values in enumerate(sheet.iter_rows(min_row=1, values_only=True), start=1):
            cells_read += len(values)
            cells = [_cell_text(v) for v in values]
            while cells and not cells[-1].strip():
                cells.pop()
            if len(cells) > MAX_COLUMNS:
                raise too_wide(filename, len(cells), f"in sheet row {number}")
            if cells:
                rows.append((number, cells))
            if len(rows) > max_rows + 1:
                raise too_many_rows(max_rows)
            if cells_read > MAX_XLSX_CELLS:
                raise FileRejected(f"{filename} has more than {MAX_XLSX_CELLS:,} cells in its first "
                                   f"{number:,} rows; the limit is {MAX_XLSX_CELLS:,}. Keep the columns you need, "
                                   "or save the sheet as CSV")
        if rows:
            if len(sheets) > 1:
                notes.append(f"read the first non-empty sheet, {sheet.title!r}")
            return rows
    return []


def _check_declared_size(sheet, filename: str, max_rows: int) -> None:
    """A sheet that says (in its <dimension> element) that it is over a limit is refused before any cell is read;
    one that says less, or nothing, is still stopped while it is read."""
    rows, columns = sheet.max_row or 0, sheet.max_column or 0
    if columns > MAX_COLUMNS:
        raise too_wide(filename, columns, f"in sheet {sheet.title!r}")
    if rows > max_rows + 1:
        raise too_many_rows(max_rows)
    if rows * columns > MAX_XLSX_CELLS:
        raise FileRejected(f"{filename}'s sheet {sheet.title!r} has {rows:,} rows x {columns:,} columns; the limit "
                           f"is {MAX_XLSX_CELLS:,} cells. Keep the columns you need, or save the sheet as CSV")


def _cell_text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
