"""CSV export of tool rows, safe to open in a spreadsheet."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from typing import Any

# A text cell starting with one of these is run as a formula by Excel/LibreOffice/Sheets (OWASP "CSV injection").
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> Any:
    """Text that a spreadsheet would evaluate gets a leading apostrophe; numbers and other types pass unchanged."""
    if value is None:
        return ""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def rows_to_csv(rows: Sequence[Mapping[str, Any]], columns: Sequence[str]) -> bytes:
    """UTF-8 CSV with a header of ``columns``; a row's missing keys are empty cells, extra keys are left out."""
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow([safe_cell(c) for c in columns])
    for row in rows:
        writer.writerow([safe_cell(row.get(c)) for c in columns])
    return buffer.getvalue().encode("utf-8")
