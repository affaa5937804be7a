"""CSV export of tool rows, safe to open in a spreadsheet, with the molecules' names and what produced it.

Two internal arguments reach a tool from the agent, never from the LLM: ``_labels`` ({SMILES: name} for the
molecules that have a name) and ``_about`` (who asked what, when, in which thread). ``annotate`` adds both to
a finished ``ToolResult``: name columns first in its rows, and in every CSV it wrote the name columns first and
provenance columns last. Provenance is a set of extra columns repeated on every row (model, version, test
metric, request, call, who, when, thread) rather than ``#`` comment lines, which Excel shows as data, or a
second file, which gets separated from the data: each row stays self-describing when the CSV is sorted,
filtered or pasted into another sheet.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from typing import Any

from model_zoo.results import ToolResult

LABELS = "_labels"
ABOUT = "_about"
# Structure column -> the name column put before everything else when any of its molecules has a name.
NAME_COLUMNS = {"smiles": "name", "product": "name", "smiles_1": "name_1", "smiles_2": "name_2"}
ABOUT_COLUMNS = ("model", "model_version", "test_metric", "request", "call", "asked_by", "asked_at_utc", "thread")
ABOUT_CHARS = 300  # a request or call longer than this is cut in the CSV (it repeats on every row)

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


def name_columns(rows: list[dict[str, Any]], columns: Sequence[str], labels: Mapping[str, str]) -> list[str]:
    """Adds the names of the rows' molecules to ``rows`` (in place) and returns the columns with the name
    columns first; unchanged when none of the molecules has a name."""
    added = []
    for structure, name in NAME_COLUMNS.items():
        if structure not in columns or name in columns or name in added:
            continue
        found = False
        for row in rows:
            value = row.get(structure)
            label = labels.get(value) if isinstance(value, str) else None
            if label:
                row[name], found = label, True
        if found:
            added.append(name)
    return added + [c for c in columns if c not in added]


def about_row(about: Mapping[str, Any], model: Mapping[str, Any] | None) -> dict[str, str]:
    """The provenance columns' values for one call: the model's name, version and test metrics, and ``about``."""
    metrics = ", ".join(f"{k} {v:.3g}" if isinstance(v, (int, float)) else f"{k} {v}"
                        for k, v in (model or {}).get("test_metrics", {}).items())
    values = {"model": (model or {}).get("name", ""), "model_version": (model or {}).get("version", ""),
              "test_metric": metrics, **{k: about.get(k, "") for k in ABOUT_COLUMNS[3:]}}
    return {k: _cut(str(values[k])) for k in ABOUT_COLUMNS}


def labelled_csv(data: bytes, labels: Mapping[str, str], about: Mapping[str, str]) -> bytes:
    """A CSV written by ``rows_to_csv`` with name columns first and ``about`` columns last. Existing cells are
    written back exactly as read (already safe); only the new cells go through ``safe_cell``."""
    reader = csv.reader(io.StringIO(data.decode("utf-8"), newline=""))
    header = next(reader, None)
    if header is None:
        return data
    body = list(reader)
    names: list[tuple[int, str]] = []  # (structure column, its name column) for structures with a name
    for i, column in enumerate(header):
        name = NAME_COLUMNS.get(column)
        if name and name not in header and all(name != n for _, n in names) and any(
                i < len(row) and labels.get(row[i]) for row in body):
            names.append((i, name))
    extra = [c for c in about if c not in header]
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow([n for _, n in names] + header + extra)
    tail = [safe_cell(about[c]) for c in extra]
    for row in body:
        writer.writerow([safe_cell(labels.get(row[i], "")) if i < len(row) else "" for i, _ in names] + row + tail)
    return buffer.getvalue().encode("utf-8")


def annotate(result: ToolResult, arguments: Mapping[str, Any]) -> ToolResult:
    """Names (from ``_labels``) and provenance (from ``_about`` and the result's model) added to a tool's rows
    and CSV files; a result without either internal argument is returned unchanged."""
    labels = arguments.get(LABELS) or {}
    about = arguments.get(ABOUT)
    if labels:
        result.columns = name_columns(result.rows, result.columns, labels)
    if about is None and not labels:
        return result
    extra = about_row(about, result.model.to_dict() if result.model else None) if about is not None else {}
    for artifact in result.artifacts:
        if artifact.media_type == "text/csv":
            artifact.data = labelled_csv(artifact.data, labels, extra)
    return result


def _cut(text: str) -> str:
    return text if len(text) <= ABOUT_CHARS else text[: ABOUT_CHARS - 1] + "…"
