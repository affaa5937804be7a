"""The prediction pipeline every tool runs on: inputs checked and predicted in chunks, one row per input in input
order (a row whose input did not parse carries its error and a warning), the sentences that name rows, the
result of a table tool, and the load-once cache for models and the files beside them.

A tool supplies what is its own: how to predict a chunk of parsed inputs and fill their rows, its columns,
summary and artifacts.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, NamedTuple, TypeVar

from rdkit import Chem

from model_zoo.chem.mols import InvalidSmiles, parse_smiles
from model_zoo.results import FileArtifact, ModelInfo, ToolResult
from model_zoo.tables import rows_to_csv

CHUNK = 2048  # inputs parsed, featurized and predicted together; bounds memory for very long inputs
MAX_LISTED_ROWS = 10  # row numbers named in one sentence

V = TypeVar("V")
Row = dict[str, Any]
Fill = Callable[[Row, int], None]  # fills the row of the chunk's k-th parsed input


# --- load once ----------------------------------------------------------------------------------------------------


class Cache(Generic[V]):
    """Values loaded on first use and kept for the life of the process, one per key (thread-safe: a value is
    loaded once even when several threads ask for it at the same time)."""

    def __init__(self) -> None:
        self._values: dict[Hashable, V] = {}
        self._lock = threading.Lock()

    def get(self, key: Hashable, load: Callable[[], V]) -> V:
        with self._lock:
            if key not in self._values:
                self._values[key] = load()
            return self._values[key]


def trained_file(path: Path, what: str = "model") -> Path:
    """``path``, or FileNotFoundError saying which trained file is missing."""
    if not path.exists():
        raise FileNotFoundError(f"no trained {what} ({path.name} missing)")
    return path


# --- rows in input order --------------------------------------------------------------------------------------------


class Rejected(NamedTuple):
    """Why one input was not predicted: the text of its row's ``error`` and of its warning line."""

    error: str
    warning: str


@dataclass
class Rows:
    """One row per input, in input order; the numbers of the rows rejected, with a warning line for each."""

    rows: list[Row] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    invalid: list[int] = field(default_factory=list)

    @property
    def computed(self) -> list[Row]:
        return [row for row in self.rows if "error" not in row]


def check_smiles(smiles: Any) -> tuple[Chem.Mol | None, Rejected | None]:
    """A parsed molecule, or why the SMILES was rejected."""
    try:
        return parse_smiles(smiles), None
    except InvalidSmiles as err:
        return None, Rejected(f"invalid SMILES: {err.reason}", f"invalid SMILES {err.smiles!r} ({err.reason})")


def predict_rows(inputs: Sequence[Any], predict: Callable[[list[Any]], Fill], key: str = "smiles",
                 fields: Row | None = None, check: Callable[[Any], tuple[Any, Rejected | None]] = check_smiles,
                 new_row: Callable[[int, Any], Row] | None = None, label: str = "row", out: Rows | None = None
                 ) -> Rows:
    """Rows for ``inputs`` (SMILES unless ``check`` parses something else), ``CHUNK`` at a time.

    Each chunk's parsed inputs go to ``predict`` together; it returns how to fill the row of its k-th one. A row
    starts as ``{"row": number, key: input, **fields}`` (or ``new_row(number, input)``); a rejected one gets its
    ``error`` instead, its number in ``invalid`` and a warning "<label> <number>: ...". Rows go to ``out`` when
    given (where a fill adds warnings of its own, in row order).
    """
    out = Rows() if out is None else out
    for start in range(0, len(inputs), CHUNK):
        block = inputs[start:start + CHUNK]
        checked = [check(item) for item in block]
        fill = predict([parsed for parsed, rejected in checked if rejected is None])
        position = iter(range(len(block)))  # index of each parsed input in this chunk's predictions
        for i, (_, rejected) in enumerate(checked):
            number = start + i + 1
            row = new_row(number, block[i]) if new_row else {"row": number, key: block[i], **(fields or {})}
            if rejected is not None:
                row["error"] = rejected.error
                out.invalid.append(number)
                out.warnings.append(f"{label} {number}: {rejected.warning}")
            else:
                fill(row, next(position))
            out.rows.append(row)
    return out


def as_list(value: Any) -> Any:
    """One SMILES given as a string becomes a list of one; anything else is left as it is."""
    return [value] if isinstance(value, str) else value


# --- sentences and results ------------------------------------------------------------------------------------------


def rows_text(numbers: Sequence[int], word: str = "row") -> str:
    """'row 3', 'rows 1, 4, 7' or 'rows 1, …, 10 and 5 more'."""
    shown = ", ".join(str(n) for n in numbers[:MAX_LISTED_ROWS])
    more = f" and {len(numbers) - MAX_LISTED_ROWS} more" if len(numbers) > MAX_LISTED_ROWS else ""
    return f"{word}{'s' if len(numbers) > 1 else ''} {shown}{more}"


def invalid_sentence(invalid: Sequence[int]) -> str:
    """The summary's closing note on the rows whose SMILES did not parse (empty when there are none)."""
    return f" {len(invalid)} invalid SMILES ({rows_text(invalid)})." if invalid else ""


def table_files(stem: str, rows: list[Row], columns: list[str], plot: Callable[[], bytes] | None = None
                ) -> list[FileArtifact]:
    """The rows as ``<stem>.csv`` (when there are any) and, when ``plot`` is given, its picture as ``<stem>.png``."""
    artifacts = [FileArtifact(f"{stem}.csv", "text/csv", rows_to_csv(rows, columns))] if rows else []
    if plot is not None:
        artifacts.append(FileArtifact(f"{stem}.png", "image/png", plot()))
    return artifacts


def table_result(tool: str, rows: list[Row], columns: list[str], summary: str, model: ModelInfo | None,
                 warnings: list[str], artifacts: list[FileArtifact]) -> ToolResult:
    """A table tool's answer: "ok" when at least one row was computed, the rows go to the pool."""
    computed = any("error" not in row for row in rows)
    return ToolResult(tool=tool, status="ok" if computed else "error", rows=rows, columns=columns, summary=summary,
                      model=model, warnings=warnings, artifacts=artifacts, pool_value=rows, pool_kind="table")
