"""Platform-neutral commands: ``pool list|show|set|del|rename|export|history`` and ``report``.

Every adapter (console, Slack, Teams) passes the text after its mention here, so users get the
same commands and the same messages everywhere.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import re
import shlex
from dataclasses import dataclass, field
from typing import Any

from agent.artifacts import ArtifactStore
from agent.entities import extract
from agent.history import PastRequest
from agent.pool.entry import PoolEntry, PoolError, infer_kind, labelled, relabel
from agent.pool.thread_pool import ThreadPool
from agent.report import build_report
from agent.turn import ThreadRef
from model_zoo.chem.cells import resolve_cell_line
from model_zoo.chem.echo import echo
from model_zoo.chem.mols import parse_smiles
from model_zoo.chem.proteins import normalize_sequence
from model_zoo.tables import rows_to_csv

USAGE = (
    "pool commands: pool list · pool show KEY · pool set KEY VALUE · pool del KEY · pool rename OLD NEW · "
    "pool export KEY · pool history KEY"
)
FOLLOW_UP_HELP = (
    "Work with earlier results without re-running a model: \"only the ones with logS above -3\", \"keep those "
    "predicted BBB+\", \"sort by lipophilicity\", \"top 5 by affinity\", \"which is most soluble?\", "
    "\"everything we have on these\", \"plot solubility vs lipophilicity\", \"histogram of logS\". Each answer "
    "is a new table, CSV (and plot) saved in the pool.\n"
    "report — one HTML file of this thread: every request with who asked and when, the calls with their resolved "
    "values and where each came from, result tables, plots, the models' key numbers and caveats, and the pool."
)
SHOW_ROWS = 20
NAME_COLUMNS_FIRST = ("name", "name_1", "name_2")


@dataclass
class CommandResult:
    text: str
    files: list[tuple[str, str, bytes]] = field(default_factory=list)  # (name, media type, bytes)
    table: tuple[list[str], list[dict[str, Any]], int] | None = None  # columns, first rows, total


def is_pool_command(text: str) -> bool:
    return bool(re.match(r"^\s*pool\b", text, re.I))


def is_report_command(text: str) -> bool:
    """``report`` alone (or "report please", "thread report"), not a sentence that starts with the word."""
    return bool(re.fullmatch(r"\s*(?:thread\s+)?report(?:\s+please)?[.!]?\s*", text, re.I))


def run_report(thread: ThreadRef, pool: ThreadPool, log: list[PastRequest], artifacts: ArtifactStore
               ) -> CommandResult:
    data = build_report(thread, pool, log, artifacts)
    name = f"drugpilot-report-{dt.datetime.now(dt.timezone.utc):%Y%m%d-%H%M}.html"
    return CommandResult(f"Report of this thread: {len(log)} request(s), the pool's {len(pool.list())} key(s); "
                         f"open {name} in a browser.", files=[(name, "text/html", data)])


def run_command(text: str, pool: ThreadPool, user: str) -> CommandResult:
    try:
        words = shlex.split(text.strip())
    except ValueError:
        words = text.strip().split()
    verb = words[1].lower() if len(words) > 1 else "help"
    args = words[2:]
    try:
        if verb in ("list", "ls"):
            return _list(pool)
        if verb == "show" and len(args) == 1:
            return _show(pool.require(args[0]))
        if verb == "set" and len(args) >= 2:
            parts = text.strip().split(None, 3)  # keep the value exactly as typed (a quoted blank key splits less)
            raw = parts[3] if len(parts) == 4 else " ".join(args[1:])
            return _set(pool, args[0], raw, user)
        if verb in ("del", "delete", "rm") and len(args) == 1:
            meta = pool.delete(args[0], user)
            return CommandResult(f"Deleted {meta.key} (v{meta.version}); `pool history {meta.key}` still has it.")
        if verb in ("rename", "mv") and len(args) == 2:
            meta = pool.rename(args[0], args[1], user)
            return CommandResult(f"Renamed {args[0]} to {meta.key}.")
        if verb == "export" and len(args) == 1:
            return _export(pool, pool.require(args[0]))
        if verb == "history" and len(args) == 1:
            return _history(pool.history(args[0]))
    except PoolError as exc:
        return CommandResult(str(exc))
    return CommandResult(USAGE)


def _list(pool: ThreadPool) -> CommandResult:
    metas = pool.list()
    if not metas:
        return CommandResult("This thread's pool is empty. Give molecules in a message or upload a file.")
    lines = [f"• {m.key} — {m.kind}, {m.size} item(s), v{m.version}, set by {m.set_by} ({m.source}) "
             f"{_when(m.set_at)}: {m.preview}" for m in metas]
    return CommandResult(f"{len(metas)} key(s) in this thread's pool:\n" + "\n".join(lines))


def _show(entry: PoolEntry) -> CommandResult:
    m = entry.meta
    head = f"{m.key} ({m.kind}, {m.size} item(s), v{m.version}, set by {m.set_by} {_when(m.set_at)})"
    columns, rows = _as_rows(entry)
    if len(rows) > 1 or m.kind == "table":
        more = f"; showing the first {SHOW_ROWS}, `pool export {m.key}` for all" if len(rows) > SHOW_ROWS else ""
        return CommandResult(head + more, table=(columns, rows[:SHOW_ROWS], len(rows)))
    return CommandResult(f"{head}:\n{_text(entry.value)}")


def _set(pool: ThreadPool, key: str, raw: str, user: str) -> CommandResult:
    existing = pool.get(key)
    try:
        value, kind = parse_value(raw, existing.meta.kind if existing else None)
    except ValueError as exc:
        return CommandResult(f"Not saved: {exc}")
    if existing is not None and existing.labels and isinstance(value, list):  # molecules kept keep their names
        value = labelled(value, relabel(value, existing.names()))
    meta = pool.put(key, value, kind, user, "command")
    return CommandResult(f"Set {meta.key} = {meta.preview} ({meta.kind}, {meta.size} item(s), v{meta.version}).")


def parse_value(raw: str, kind: str | None) -> tuple[Any, str]:
    """A typed value from what a person typed; validated for the key's kind (or a guessed one).

    Raises ValueError with a message for that person (the chemistry checks' UserFacingError among them)."""
    raw = raw.strip()
    if _spells_non_finite(raw):
        raise ValueError(f"{echo(raw)} is not a finite number")
    if kind in ("smiles_list", "smiles") or (kind is None and _all_smiles(raw)):
        molecules = _split_items(raw)
        for item in molecules:
            parse_smiles(item)
        return molecules, "smiles_list"
    if kind == "protein_seq":
        return normalize_sequence(raw), kind
    if kind == "cell_line":
        resolve_cell_line(raw)
        return raw, kind
    if kind == "number":
        try:
            return float(raw), kind
        except ValueError:
            raise ValueError(f"{echo(raw)} is not a number") from None
    if kind == "mask":
        digits = re.findall(r"\d", raw)
        if not digits or any(d not in "01" for d in digits):
            raise ValueError("a mask is a list of 0/1 values, one per heavy atom")
        return [int(d) for d in digits], kind
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        return raw, kind or "text"
    if not _finite(value):
        raise ValueError("NaN and infinite numbers can't be stored: use finite numbers")
    return value, kind or infer_kind(value)


def _spells_non_finite(raw: str) -> bool:
    try:
        return not math.isfinite(float(raw))
    except ValueError:
        return False


def _finite(value: Any) -> bool:
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, list):
        return all(_finite(v) for v in value)
    if isinstance(value, dict):
        return all(_finite(v) for v in value.values())
    return True


def _split_items(raw: str) -> list[str]:
    try:
        value = json.loads(raw)
        if isinstance(value, list):
            return [str(v) for v in value]
    except json.JSONDecodeError:
        pass
    return [t for t in re.split(r"[\s,;]+", raw) if t]


def _all_smiles(raw: str) -> bool:
    items = _split_items(raw)
    return bool(items) and len(extract(" ".join(items)).molecules) == len(items)


def _export(pool: ThreadPool, entry: PoolEntry) -> CommandResult:
    columns, rows = _as_rows(entry)
    data = rows_to_csv(rows, columns)
    pool.charge_export(len(data))  # a PoolError when the thread's daily export quota is spent
    return CommandResult(f"{entry.meta.key}: {len(rows)} row(s) exported.",
                         files=[(f"{entry.meta.key}.csv", "text/csv", data)])


def _history(entries: list[PoolEntry]) -> CommandResult:
    lines = []
    for i, e in enumerate(entries):
        m = e.meta
        state = "deleted" if m.deleted else f"{m.kind}, {m.size} item(s): {m.preview}"
        label = "current" if i == 0 and not m.deleted else f"v{m.version}"
        lines.append(f"• {label} — {state} — by {m.set_by} ({m.source}) {_when(m.set_at)}")
    return CommandResult(f"History of {entries[0].meta.key}, newest first:\n" + "\n".join(lines))


def _as_rows(entry: PoolEntry) -> tuple[list[str], list[dict[str, Any]]]:
    """Rows of a value for show/export; the molecules' names come first when any is known."""
    value = entry.value
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        columns = list(dict.fromkeys(k for row in value for k in row))
        named = [c for c in NAME_COLUMNS_FIRST if c in columns]
        return named + [c for c in columns if c not in named], value
    labels = entry.labels or []
    if entry.meta.kind == "smiles_pairs" and isinstance(value, list):
        rows = [{"row": i, "smiles_1": p[0], "smiles_2": p[1]} for i, p in enumerate(value, 1)]
        for row, (first, second) in zip(rows, labels):
            row.update(name_1=first, name_2=second)
        return (["name_1", "name_2"] if labels else []) + ["row", "smiles_1", "smiles_2"], rows
    if isinstance(value, list):
        column = "smiles" if entry.meta.kind == "smiles_list" else "value"
        rows = [{"row": i, column: v} for i, v in enumerate(value, 1)]
        for row, name in zip(rows, labels):
            row["name"] = name
        return (["name"] if labels else []) + ["row", column], rows
    return ["value"], [{"value": value}]


def _text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value)


def _when(timestamp: float) -> str:
    return dt.datetime.fromtimestamp(timestamp, dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
