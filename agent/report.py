"""``report``: one self-contained HTML file of a thread — each request with who asked and when, the calls with
their resolved arguments and where each value came from, result tables, the plots (embedded), the key numbers
and caveats of every model used, and the pool as it stands.

Everything a person or a file put into the thread is escaped (``html.escape``); the file loads nothing from
anywhere (no scripts, no external images). Its size is bounded: ``TABLE_ROWS`` rows per table,
``MAX_IMAGES`` plots of at most ``MAX_IMAGE_BYTES`` each, ``CARD_CHARS`` of each model card.
"""

from __future__ import annotations

import base64
import datetime as dt
import json
import re
from functools import cache
from html import escape
from pathlib import Path
from typing import Any

import model_zoo.specs
from agent.artifacts import ArtifactMissing, ArtifactStore
from agent.history import CallLog, PastRequest
from agent.pool.entry import PoolEntry
from agent.pool.thread_pool import ThreadPool
from agent.turn import ArtifactRef, ThreadRef

TABLE_ROWS = 20
MAX_IMAGES = 20
MAX_IMAGE_BYTES = 1_000_000
CARD_CHARS = 2_500
CELL_CHARS = 120
CARDS_DIR = Path(model_zoo.specs.__file__).resolve().parent / "weights"
CAVEAT_HEADINGS = re.compile(r"applicability|limit|caveat|bias|read before|not shipped", re.I)
METRIC_HEADINGS = re.compile(r"metric|benchmark", re.I)
SEEDED_TOOLS = ("drug_cell_response_regression_generation", "drug_cell_response_regression_optimization")

STYLE = """body{font-family:system-ui,sans-serif;margin:2em;max-width:70em;color:#222}
h1{font-size:1.5em}h2{font-size:1.2em;margin-top:2em;border-bottom:1px solid #ccc}h3{font-size:1em}
table{border-collapse:collapse;margin:.5em 0;font-size:.85em}td,th{border:1px solid #ccc;padding:2px 6px;
text-align:left;vertical-align:top}th{background:#f2f2f2}pre{white-space:pre-wrap;background:#f7f7f7;padding:.5em}
.meta{color:#555}.turn{margin-bottom:1.5em}img{max-width:100%;border:1px solid #ddd}"""


def _e(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, default=str, ensure_ascii=False)
    return escape(text if len(text) <= CELL_CHARS else text[:CELL_CHARS - 1] + "…")


def _when(timestamp: float) -> str:
    if not timestamp:
        return "time not recorded"
    return dt.datetime.fromtimestamp(timestamp, dt.timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")


def _table(columns: list[str], rows: list[dict[str, Any]], total: int) -> str:
    head = "".join(f"<th>{_e(c)}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td>{_e(r.get(c, ''))}</td>" for c in columns) + "</tr>" for r in rows)
    more = f"<p class=meta>First {len(rows)} of {total} rows.</p>" if total > len(rows) else ""
    return f"<table><tr>{head}</tr>{body}</table>{more}"


def _value_table(value: Any) -> str:
    if isinstance(value, list) and value and all(isinstance(r, dict) for r in value):
        columns = list(dict.fromkeys(k for r in value[:TABLE_ROWS] for k in r))
        return _table(columns, value[:TABLE_ROWS], len(value))
    if isinstance(value, list):
        rows = [{"row": i, "value": v} for i, v in enumerate(value[:TABLE_ROWS], 1)]
        return _table(["row", "value"], rows, len(value))
    return f"<pre>{_e(value)}</pre>"


class _Versions:
    """Pool values by (key, version): the current value first, a key's history read at most once."""

    def __init__(self, pool: ThreadPool) -> None:
        self._pool = pool
        self._entries: dict[str, list[PoolEntry]] = {}
        self._full: set[str] = set()

    def get(self, key: str, version: int | None) -> Any:
        if key not in self._entries:
            current = self._pool.get(key)
            self._entries[key] = [current] if current is not None else []
        found = self._find(key, version)
        if found is None and key not in self._full:
            self._full.add(key)
            self._entries[key] = self._pool.store.history(self._pool.thread_key, key)
            found = self._find(key, version)
        return found

    def _find(self, key: str, version: int | None) -> Any:
        return next((e.value for e in self._entries[key] if e.meta.version == version and not e.meta.deleted), None)


def build_report(thread: ThreadRef, pool: ThreadPool, log: list[PastRequest], artifacts: ArtifactStore,
                 now: float | None = None) -> bytes:
    now = now if now is not None else dt.datetime.now(dt.timezone.utc).timestamp()
    versions = _Versions(pool)
    images = [0]
    models: dict[tuple[str, str], dict[str, Any]] = {}
    turns = []
    for n, past in enumerate(log, 1):
        turns.append(_turn(n, past, versions, artifacts, images, models))
    where = " · ".join(f"{label} {escape(part)}" for label, part in zip(
        ("platform", "workspace", "channel", "thread"), (thread.platform, thread.workspace, thread.channel,
                                                         thread.thread)))
    parts = [
        "<!DOCTYPE html><html><head><meta charset=utf-8>",
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:; "
        "style-src 'unsafe-inline'\">",
        f"<title>DrugPilot thread report</title><style>{STYLE}</style></head><body>",
        "<h1>DrugPilot thread report</h1>",
        f"<p class=meta>{where}<br>Written {_when(now)}; {len(log)} request(s) in this thread's record "
        "(the most recent ones are kept).</p>",
        _reproduce(),
        "<h2>Requests</h2>", *turns,
        "<h2>Models used</h2>", *(_model(info) for info in models.values()),
        "" if models else "<p>No model ran in the recorded requests.</p>",
        "<h2>Memory pool as it stands</h2>", _pool(pool),
        "</body></html>",
    ]
    return "\n".join(parts).encode("utf-8")


def _reproduce() -> str:
    return ("<h2>Re-running these calls</h2><p>Each call below lists its tool, its arguments as resolved, and the "
            "model name and version that answered. The prediction models are fixed trained weights run without "
            "sampling, so the same call on the same model version gives the same numbers; the molecule generation "
            "and optimisation searches are deterministic for their seed, shown with the call (0 when none was "
            "given). Each result's pool key and version is named, so the exact rows can be read back with "
            "<code>pool history KEY</code> while the pool keeps that version. Follow-up analyses (filters, sorts, "
            "plots) only read those stored results and name them.</p>")


def _turn(n: int, past: PastRequest, versions: _Versions, artifacts: ArtifactStore, images: list[int],
          models: dict[tuple[str, str], dict[str, Any]]) -> str:
    kind = {"analysis": "follow-up over earlier results (no model ran)"}.get(past.kind, "request")
    state = "answered" if past.answered else "asked back / not answered"
    out = [f"<div class=turn><h3>{n}. {escape(past.user)} — {_when(past.at)}</h3>",
           f"<p class=meta>{kind}; {state}</p>", f"<pre>{escape(past.text)}</pre>"]
    if past.reply:
        out.append(f"<p class=meta>Reply (start):</p><pre>{escape(past.reply)}</pre>")
    for call in past.calls:
        out.append(_call(call, versions))
        if call.model and call.status == "ok":
            models.setdefault((str(call.model.get("name")), str(call.model.get("version"))), call.model)
    for output in past.outputs:
        value = versions.get(str(output.get("key")), output.get("version"))
        sources = ", ".join(str(s) for s in output.get("sources", []))
        out.append(f"<p>Stored as <b>{_e(output.get('key'))} v{_e(output.get('version'))}</b>, from "
                   f"{escape(sources)}.</p>")
        out.append(_value_table(value) if value is not None else "<p class=meta>No longer in the pool.</p>")
    for ref in past.artifacts:
        out.append(_artifact(ArtifactRef(**ref), artifacts, images))
    out.append("</div>")
    return "\n".join(out)


def _call(call: CallLog, versions: _Versions) -> str:
    rows = []
    resolved = call.resolved or {}
    for name in dict.fromkeys([*call.arguments, *resolved]):
        source = call.sources.get(name, {})
        how = source.get("how", "")
        detail = source.get("detail", "")
        rows.append({"argument": name, "as proposed": call.arguments.get(name, ""),
                     "as run": resolved.get(name, ""), "came from": f"{how}{': ' + detail if detail else ''}"})
    if call.tool in SEEDED_TOOLS and "seed" not in resolved:
        rows.append({"argument": "seed", "as proposed": "", "as run": 0, "came from": "default"})
    model = (f"; model {escape(str(call.model.get('name')))} v{escape(str(call.model.get('version')))}"
             if call.model else "")
    out = [f"<p><b>{escape(call.tool)}</b> — {escape(call.status)}, {call.seconds:.2f} s{model}</p>",
           _table(["argument", "as proposed", "as run", "came from"], rows, len(rows))]
    if call.error:
        out.append(f"<p class=meta>{escape(call.error)}</p>")
    if call.summary:
        out.append(f"<p>{escape(call.summary)}</p>")
    if call.warnings:
        out.append("<ul>" + "".join(f"<li>{_e(w)}</li>" for w in call.warnings) + "</ul>")
    if call.result_key:
        value = versions.get(call.result_key, call.result_version)
        out.append(f"<p class=meta>Result: pool key {escape(call.result_key)} v{call.result_version}</p>")
        out.append(_value_table(value) if value is not None else
                   "<p class=meta>That version is no longer in the pool.</p>")
    return "\n".join(out)


def _artifact(ref: ArtifactRef, artifacts: ArtifactStore, images: list[int]) -> str:
    if not ref.media_type.startswith("image/png"):
        return f"<p class=meta>File: {escape(ref.name)}</p>"
    if images[0] >= MAX_IMAGES:
        return f"<p class=meta>Plot {escape(ref.name)} left out: this report embeds at most {MAX_IMAGES}.</p>"
    try:
        data = artifacts.get(ref)
    except ArtifactMissing:
        return f"<p class=meta>Plot {escape(ref.name)}: the file has expired.</p>"
    if len(data) > MAX_IMAGE_BYTES or not data.startswith(b"\x89PNG"):
        return f"<p class=meta>Plot {escape(ref.name)} left out (not a PNG, or too large).</p>"
    images[0] += 1
    encoded = base64.b64encode(data).decode("ascii")
    return f"<p><img alt=\"{escape(ref.name, quote=True)}\" src=\"data:image/png;base64,{encoded}\"></p>"


def _model(info: dict[str, Any]) -> str:
    name, version = str(info.get("name")), str(info.get("version"))
    metrics = ", ".join(f"{escape(str(k))} {v:.3g}" if isinstance(v, (int, float)) else f"{escape(str(k))} {_e(v)}"
                        for k, v in (info.get("test_metrics") or {}).items())
    card = _card(name)
    body = f"<pre>{escape(card)}</pre>" if card else "<p class=meta>No model card found for this model.</p>"
    return f"<h3>{escape(name)} v{escape(version)}</h3><p>Test metrics: {metrics or 'none recorded'}</p>{body}"


@cache
def _cards() -> dict[str, str]:
    """Model cards by their title line (the model's name), read once."""
    cards = {}
    for path in sorted(CARDS_DIR.glob("*/*.md")):
        text = path.read_text(encoding="utf-8", errors="replace")
        title = text.splitlines()[0].lstrip("# ").strip() if text else ""
        cards[title] = text
    return cards


def _card(model_name: str) -> str:
    """The card's opening line, metrics, seeds and caveats, cut to CARD_CHARS."""
    text = next((t for title, t in _cards().items() if title.startswith(model_name)), "")
    if not text:
        return ""
    sections = re.split(r"\n(?=## )", text)
    kept = [sections[0].strip()]
    for section in sections[1:]:
        heading = section.splitlines()[0]
        if METRIC_HEADINGS.search(heading) or CAVEAT_HEADINGS.search(heading):
            kept.append(section.strip())
        else:
            kept += [line for line in section.splitlines() if "seed" in line.lower()]
    joined = "\n\n".join(kept)
    return joined if len(joined) <= CARD_CHARS else joined[:CARD_CHARS - 1] + "…"


def _pool(pool: ThreadPool) -> str:
    metas = pool.list()
    if not metas:
        return "<p>The pool is empty.</p>"
    rows = [{"key": m.key, "kind": m.kind, "size": m.size, "version": m.version, "set by": m.set_by,
             "from": m.source, "when": _when(m.set_at), "preview": m.preview} for m in metas]
    return _table(["key", "kind", "size", "version", "set by", "from", "when", "preview"], rows, len(rows))
