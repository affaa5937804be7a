"""Answer a follow-up over earlier results: parse → execute → table, CSV and plot, stored under a new pool key."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from typing import Any

from agent.analysis import plots
from agent.analysis.execute import Answer, execute
from agent.analysis.parse import parse
from agent.analysis.query import AskBack, Query
from agent.analysis.results import Measure, ResultSet, catalog
from agent.entities import unquoted
from agent.history import PastRequest
from agent.planning.properties import property_words
from agent.planning.values import REDO
from agent.planning.tool_choice import DESIGN_WORDS, requested_tool
from agent.pool.entry import PoolError
from agent.pool.thread_pool import ThreadPool
from model_zoo.specs import PROPERTY, TOOLS, get_spec
from model_zoo.tables import ABOUT_CHARS, ABOUT_COLUMNS, rows_to_csv

KEY_PREFIX = {"filter": "filtered", "sort": "sorted", "top": "top", "join": "per_compound", "plot": "plot"}
TABLE_ROWS = 10


@dataclass
class FollowUp:
    text: str
    answered: bool  # False: a question back
    columns: list[str] = field(default_factory=list)
    rows: list[dict[str, Any]] = field(default_factory=list)  # the first TABLE_ROWS
    total_rows: int = 0
    files: list[tuple[str, str, bytes]] = field(default_factory=list)  # (name, media type, bytes)
    output: dict[str, Any] | None = None  # the pool key and version the answer was stored under


def follow_up(text: str, user: str, pool: ThreadPool, log: list[PastRequest]) -> FollowUp | None:
    """The answer when ``text`` filters, sorts, ranks, joins or plots results the thread has; else None (also when
    the words ask for a tool and only pick its molecules from the results: "retro on the most soluble one")."""
    results = catalog(log, pool)
    if _asks_to_compute(text, results.measures()):
        return None
    query = parse(text, results)
    if query is None:
        return None
    answer = query if isinstance(query, AskBack) else execute(query, results)
    if isinstance(answer, AskBack):
        return FollowUp(answer.text, answered=False)
    assert isinstance(query, Query)
    files = [] if query.plot is None else [_plot(query, answer, _caption(answer.used, user))]
    key = _new_key(pool, KEY_PREFIX[query.action])
    lines = [_describe(query, answer), _sources(answer.used)] + answer.notes
    output = None
    try:
        meta = pool.put(key, answer.rows, "table", user, "analysis")
        output = {"key": meta.key, "version": meta.version, "action": query.action,
                  "sources": [r.ref for r in answer.used]}
        lines.append(f"No model was re-run. Saved as {meta.key} in this thread's pool.")
    except PoolError as exc:
        lines.append(f"No model was re-run. Not saved to the pool: {exc}.")
    about = _about(text, user, pool.thread_key, answer.used)
    rows = ({**row, **about} for row in answer.rows)  # provenance on every CSV row, one row copied at a time
    data = rows_to_csv(rows, answer.columns + list(ABOUT_COLUMNS))  # type: ignore[arg-type]  # iterated once
    files.insert(0, (f"{key}.csv", "text/csv", data))
    return FollowUp("\n".join(lines), True, answer.columns, answer.rows[:TABLE_ROWS], len(answer.rows), files,
                    output)


# "can you redo it with target 10 nM, everything else the same": a request repeated, not a question about results


# "logS of the two rank-1 precursors", "solubility for its starting materials" (not "which of the precursors …")
_OF_PRECURSORS = re.compile(r"(?<!\bwhich )(?<!\bone )(?<!\bany )(?<!\beach )\b(?:of|for)\s+(?:the\s+|its\s+|their\s+|"
                            r"both\s+|all\s+)?(?:[\w-]+\s+){0,2}(?:precursors?|reactants?|starting\s+materials?|"
                            r"building\s+blocks?)\b", re.I)


def _asks_to_compute(text: str, computed: list[Measure]) -> bool:
    """A request for a tool that only picks its molecules from the results ("retro on the most soluble one"), for
    a property the thread has not computed ("logD for the least soluble one" after logS), or a request repeated
    ("redo it with target 10 nM"): not a query of results."""
    if REDO.search(text):
        return True
    text = unquoted(text)  # "> Predicted lipo (logD7.4): …" quotes an earlier reply: no ask of its own
    spec = get_spec(requested_tool(text, list(TOOLS)) or "")
    if spec is None:
        return False
    if not any(p.kind in ("smiles_list", "smiles", "smiles_pairs") for p in spec.params):
        # a tool that takes no molecules cannot run on picked rows ("keep those with logS above 0"), but a design
        # ask is one ("design new cpds for the same line, aim 2x more potent than that number")
        return bool(DESIGN_WORDS.search(text))
    if spec.name != PROPERTY.name or _OF_PRECURSORS.search(text):
        return True  # (a property of a route's precursors: molecules no model has run on yet)
    have = {m.id.split("/")[1] for m in computed if m.id.startswith(PROPERTY.name + "/")}
    return any(name not in have for name in property_words(text.lower()))


def _new_key(pool: ThreadPool, prefix: str) -> str:
    taken: set[str] = set(pool.keys())
    n = 1
    while f"{prefix}_{n}" in taken:
        n += 1
    return f"{prefix}_{n}"


def _plot(query: Query, answer: Answer, caption: str) -> tuple[str, str, bytes]:
    assert query.x is not None
    x, x_error = answer.headers[query.x.id], answer.errors.get(query.x.id)
    if query.plot == "scatter" and query.y is not None:
        y, y_error = answer.headers[query.y.id], answer.errors.get(query.y.id)
        title = f"{query.y.label} vs {query.x.label}"
        return "scatter.png", "image/png", plots.scatter_png(answer.rows, (x, x_error), (y, y_error), title, caption)
    if query.plot == "histogram":
        title = f"Distribution of {query.x.label}"
        return "histogram.png", "image/png", plots.histogram_png(answer.rows, x, title, caption)
    return "bar_chart.png", "image/png", plots.bar_png(answer.rows, (x, x_error), query.x.label, caption,
                                                       query.descending)


def _models(used: list[ResultSet]) -> list[dict[str, Any]]:
    return list({(m["name"], m["version"]): m for r in used if (m := r.model)}.values())


def _caption(used: list[ResultSet], user: str) -> str:
    """What the plot was made from, printed under it."""
    models = ", ".join(f"{m['name']} v{m['version']}" for m in _models(used))
    now = dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    return f"From {', '.join(r.ref for r in used)} ({models}); plotted for {user}, {now}. No model was re-run."


def _about(text: str, user: str, thread: str, used: list[ResultSet]) -> dict[str, str]:
    """The provenance columns every CSV carries (model_zoo.tables.ABOUT_COLUMNS), for an analysis."""
    models = _models(used)
    metrics = "; ".join(", ".join(f"{k} {v:.3g}" for k, v in m.get("test_metrics", {}).items()) for m in models)
    values = {"model": "; ".join(str(m["name"]) for m in models),
              "model_version": "; ".join(str(m["version"]) for m in models), "test_metric": metrics,
              "request": text, "call": "analysis of " + ", ".join(r.ref for r in used) + " (no model re-run)",
              "asked_by": user, "asked_at_utc": dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M:%S"),
              "thread": thread}
    return {k: str(values[k])[:ABOUT_CHARS] for k in ABOUT_COLUMNS}


def _who(row: dict[str, Any], headers: dict[str, str], query: Query) -> str:
    name = row.get("name") or row.get("smiles")
    value = row.get(headers[query.sort_by.id]) if query.sort_by else None
    return f"{name} ({value:g})" if isinstance(value, (int, float)) else str(name)


def _describe(query: Query, answer: Answer) -> str:
    where = " and ".join(c.describe() for c in query.conditions)
    kept = (f"{len(answer.rows) if query.n is None else min(query.n, len(answer.rows))} of {answer.considered} "
            f"compound(s) with {where}") if where else f"{answer.considered} compound(s)"
    missing = f" ({answer.missing} had no value for that, left out)" if answer.missing else ""
    order = ""
    if query.sort_by is not None:
        order = f", by {query.sort_by.label}, {'highest' if query.descending else 'lowest'} first"
    if query.action == "join":
        return (f"One row per compound: {len(answer.rows)} compound(s), {len(answer.headers)} column(s) of "
                f"results{', ' + where if where else ''}{missing}.")
    if query.action == "plot":
        kind = {"scatter": "Scatter plot", "histogram": "Histogram", "bar": "Bar chart"}[query.plot or "bar"]
        what = (f"{query.y.label} against {query.x.label}" if query.plot == "scatter" and query.y and query.x
                else (query.x.label if query.x else ""))
        order = order if query.plot == "bar" else ""
        return f"{kind} of {what}: {len(answer.rows)} compound(s){' with ' + where if where else ''}{missing}{order}."
    if query.action == "top" and query.sort_by is not None:
        most = "highest" if query.descending else "lowest"
        among = f" among the {kept}" if where else f" of {answer.considered} compound(s)"
        if query.n == 1 and answer.rows:
            return f"The {most} {query.sort_by.label}{among}: {_who(answer.rows[0], answer.headers, query)}{missing}."
        return f"Top {query.n} by {query.sort_by.label}, {most} first{among}{missing}."
    verb = "Kept" if where else "Listed"
    return f"{verb} {kept}{order}{missing}."


def _sources(used: list[ResultSet]) -> str:
    parts = []
    for r in used:
        when = dt.datetime.fromtimestamp(r.at, dt.timezone.utc).strftime("%H:%M UTC") if r.at else ""
        model = f", {r.model['name']} v{r.model['version']}" if r.model else ""
        parts.append(f"{r.ref} ({', '.join(m.label for m in r.measures if not m.categorical)}; asked by "
                     f"{r.asked_by}{' at ' + when if when else ''}{model})")
    return "From: " + "; ".join(parts) + "."
