"""Run a Query over the stored result rows: one row per compound, joined on its SMILES; nothing is re-computed.

Cost is linear in the rows of the results the query reads (a dict per measure, then one pass), and bounded:
more than ``MAX_ROWS_READ`` stored rows in the results a query needs is refused before any is read.
"""

from __future__ import annotations

import math
import operator
from dataclasses import dataclass, field
from typing import Any

from agent.analysis.query import AskBack, Condition, Query
from agent.analysis.results import Catalog, Measure, ResultSet

MAX_ROWS_READ = 1_000_000
NAME = "name"


@dataclass
class Answer:
    columns: list[str]
    rows: list[dict[str, Any]]
    headers: dict[str, str]  # measure id -> its column
    errors: dict[str, str]  # measure id -> the column of its ± uncertainty, for measures that have one
    used: list[ResultSet]  # the results read, oldest first
    considered: int  # compounds before the conditions
    missing: int = 0  # compounds dropped because a condition's column had no value for them
    notes: list[str] = field(default_factory=list)


def identity(row: dict[str, Any]) -> str | None:
    """Which compound (or pair, or product) a result row is about."""
    if "smiles" in row:
        return str(row["smiles"])
    if "smiles_1" in row and "smiles_2" in row:
        return f"{row['smiles_1']} + {row['smiles_2']}"
    if "product" in row:
        return str(row["product"])
    return None


def execute(query: Query, catalog: Catalog) -> Answer | AskBack:
    measures = catalog.measures() if query.action == "join" else query.measures()
    if not measures:
        return AskBack("Nothing to compute on: name a column.")
    # A join reads every result (a later value for the same compound wins); other queries the latest of each column.
    chosen = [r for m in measures for r in (catalog.results_of(m) if query.action == "join"
                                             else catalog.results_of(m)[-1:])]
    used = list({id(r): r for r in chosen}.values())
    used.sort(key=lambda r: catalog.results.index(r))
    total = sum(catalog.size(r) for r in used)
    if total > MAX_ROWS_READ:
        return AskBack(f"That would read {total:,} stored rows, more than the {MAX_ROWS_READ:,} one follow-up may; "
                       "name fewer results.")
    gone = [r for r in used if not catalog.available(r)]
    if gone and (query.action != "join" or len(gone) == len(used)):
        return AskBack(_gone(gone) + " Ask for it again to recompute it.")
    used = [r for r in used if r not in gone]
    notes = [_gone(gone) + " It is left out."] if gone else []
    measures = [m for m in measures if any(r in used for r in catalog.results_of(m))]
    values: dict[str, dict[str, Any]] = {m.id: {} for m in measures}
    spreads: dict[str, dict[str, Any]] = {m.id: {} for m in measures}
    names: dict[str, str] = {}
    units: dict[str, str] = {}
    order: dict[str, None] = {}
    for result in used:
        own = [m for m in measures if any(m.id == r.id for r in result.measures)]
        for row in catalog.rows(result):
            key = identity(row)
            if key is None:
                continue
            if query.action == "join":
                order.setdefault(key)
            if row.get(NAME):
                names[key] = str(row[NAME])
            if "error" in row:
                continue
            for m in own:
                if row.get(m.field) is not None:
                    values[m.id][key] = row[m.field]
                    if m.error and row.get(m.error) is not None:
                        spreads[m.id][key] = row[m.error]
                    if "unit" in row and m.field == "prediction":
                        units.setdefault(m.id, str(row["unit"]))
    if query.action != "join":  # the compounds of the first column's latest result, in its order
        latest = [r for r in catalog.results_of(measures[0]) if r in used][-1]
        order = dict.fromkeys(k for row in catalog.rows(latest) if (k := identity(row)) is not None)
    headers = _headers(measures, units)
    errors = {m.id: f"{headers[m.id]} ±" for m in measures if spreads[m.id]}
    columns = ([NAME] if names else []) + ["smiles"] + [c for m in measures
                                                        for c in (headers[m.id], errors.get(m.id)) if c]
    keys = list(order)
    answer = Answer(columns, [], headers, errors, used, considered=len(keys), notes=notes)
    if query.conditions:  # on the per-measure dicts: rows are built only for what is kept
        tests = [(values[c.measure.id], c) for c in query.conditions]
        answer.missing = sum(1 for k in keys if any(column.get(k) is None for column, _ in tests))
        keys = [k for k in keys if all(_holds(c, column.get(k)) for column, c in tests)]
    if query.sort_by is not None:
        column = values[query.sort_by.id]
        present = [k for k in keys if _number(column.get(k)) is not None]
        absent = [k for k in keys if _number(column.get(k)) is None]
        present.sort(key=column.__getitem__, reverse=query.descending)
        keys = present + absent
        if absent:
            answer.notes.append(f"{len(absent)} compound(s) have no {query.sort_by.label}; listed last.")
    if query.n is not None:
        keys = keys[:query.n]
    for key in keys:
        line: dict[str, Any] = {NAME: names.get(key, "")} if names else {}
        line["smiles"] = key
        for m in measures:
            line[headers[m.id]] = values[m.id].get(key)
            if m.id in errors:
                line[errors[m.id]] = spreads[m.id].get(key)
        answer.rows.append(line)
    return answer


def _gone(results: list[ResultSet]) -> str:
    listed = "; ".join(f"{', '.join(m.label for m in r.measures if not m.categorical)} ({r.ref}, asked by "
                       f"{r.asked_by})" for r in results)
    return (f"The pool no longer keeps {listed}: a deleted key, or an old version dropped to keep the pool's "
            "size bounded (big results keep fewer old versions).")


def _headers(measures: list[Measure], units: dict[str, str]) -> dict[str, str]:
    headers: dict[str, str] = {}
    for m in measures:
        unit = units.get(m.id, "")
        header = f"{m.label} ({unit})" if unit and unit != "probability" and unit not in m.label else m.label
        while header in headers.values() or header in (NAME, "smiles"):
            header += "'"
        headers[m.id] = header
    return headers


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return None
    return float(value)


_COMPARE = {">": operator.gt, ">=": operator.ge, "<": operator.lt, "<=": operator.le, "==": operator.eq}


def _holds(condition: Condition, value: Any) -> bool:
    if isinstance(condition.value, str):
        return isinstance(value, str) and value.lower() == condition.value.lower()
    number = _number(value)
    return number is not None and _COMPARE[condition.op](number, condition.value)
