"""The results a thread has computed, and the columns (measures) follow-ups can use.

A tool's output goes to the pool under its result key, and a second call of the same tool replaces it (the
old value stays in the key's history). The thread's log (agent/history.py) says which call wrote which
version, so each computed result is found again, with its tool, property, model, who asked and when.
Rows are loaded only for the results a query uses.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from agent.history import PastRequest
from agent.pool.entry import PoolEntry
from agent.pool.thread_pool import ThreadPool
from model_zoo.specs import PROPERTY_NAMES, PROPERTY_WORDS, TOOLS

PROPERTY_TOOL = "drug_property_prediction"


@dataclass(frozen=True)
class Measure:
    """One column of one kind of result: "aqueous solubility logS", "binding affinity pKd to EGFR"."""

    id: str  # tool/property/field/context: the same measure computed twice has the same id
    label: str  # column header and axis label, in plain words
    field: str  # the row field holding the value
    categorical: bool
    words: tuple[str, ...]  # lower-case phrases that name it
    less: tuple[str, ...] = ()  # adjectives whose "most" means the lowest value ("potent" for IC50)
    labels: tuple[str, ...] = ()  # values of a categorical measure
    context: str = ""  # the target or cell line a value is about, when the tool has one
    error: str = ""  # the row field holding the value's ± uncertainty, when the tool gives one


@dataclass
class ResultSet:
    """One computed result: a version of a tool's pool key, and what produced it."""

    key: str
    version: int
    tool: str
    asked_by: str
    at: float
    request: str
    model: dict[str, Any] | None
    measures: list[Measure]
    gone: bool = False  # the pool no longer keeps this version
    _rows: list[dict[str, Any]] | None = field(default=None, repr=False)

    @property
    def ref(self) -> str:
        return f"{self.key} v{self.version}"


class Catalog:
    """The results of one thread, oldest first, with their rows loaded on first use."""

    def __init__(self, results: list[ResultSet], pool: ThreadPool) -> None:
        self.results = results
        self._pool = pool
        self._history: dict[str, list[PoolEntry]] = {}

    def measures(self) -> list[Measure]:
        """Every measure once (the latest result's copy), in the order first computed."""
        seen: dict[str, Measure] = {}
        for result in self.results:
            for m in result.measures:
                seen[m.id] = m
        return list(seen.values())

    def results_of(self, measure: Measure) -> list[ResultSet]:
        return [r for r in self.results if any(m.id == measure.id for m in r.measures)]

    def size(self, result: ResultSet) -> int:
        """How many rows a result has, from the pool's metadata when it is the current version."""
        meta = self._pool.store.meta(self._pool.thread_key, result.key)
        return meta.size if meta is not None and meta.version == result.version else len(self.rows(result))

    def rows(self, result: ResultSet) -> list[dict[str, Any]]:
        """The stored rows of a result; [] when the pool no longer holds that version (see ``available``)."""
        if result._rows is None:
            value = self._load(result)
            result.gone = value is None
            result._rows = [r for r in value if isinstance(r, dict)] if isinstance(value, list) else []
        return result._rows

    def available(self, result: ResultSet) -> bool:
        """False when the pool no longer keeps that version (deleted, or dropped: big values keep fewer versions)."""
        self.rows(result)
        return not result.gone

    def _load(self, result: ResultSet) -> Any:
        current = self._pool.get(result.key)
        if current is not None and current.meta.version == result.version:
            return current.value
        if result.key not in self._history:
            self._history[result.key] = self._pool.store.history(self._pool.thread_key, result.key)
        return next((e.value for e in self._history[result.key]
                     if e.meta.version == result.version and not e.meta.deleted), None)


@cache
def _vocabulary() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("measures.json").read_text(encoding="utf-8")
    return {k: v for k, v in json.loads(text).items() if not k.startswith("_")}


def _property_words(prop: str) -> tuple[str, ...]:
    return tuple(word for word, name in PROPERTY_WORDS.items() if name == prop)


@cache
def known_words() -> dict[str, str]:
    """Every phrase that names something a tool can compute (computed in this thread or not) → what."""
    words = {w: f"property {p}" for w, p in PROPERTY_WORDS.items()}
    for tool, fields_ in _vocabulary().items():
        for name, entry in fields_.items():
            entries = entry.values() if tool == PROPERTY_TOOL else [entry]
            for e in entries:
                words.update({w: f"{tool} {name}" for w in (*e.get("words", []), *e.get("more", []),
                                                             *e.get("less", []))})
    return words


def measures_for(tool: str, arguments: dict[str, Any], context: str) -> list[Measure]:
    """The measures a call's result rows carry (from measures.json)."""
    vocab = _vocabulary().get(tool, {})
    if tool == PROPERTY_TOOL:
        prop = str(arguments.get("property", ""))
        if prop not in PROPERTY_NAMES:
            return []
        entries = vocab.get(prop) or vocab["*"]
        extra = _property_words(prop) + (prop.lower(),)
        return [_measure(f"{tool}/{prop}/{name}", name, e, extra if name == "prediction" else (), "", prop)
                for name, e in entries.items()]
    return [_measure(f"{tool}/{name}/{context}", name, e, (), context, "") for name, e in vocab.items()]


def _measure(mid: str, name: str, entry: dict[str, Any], extra: tuple[str, ...], context: str,
             prop: str) -> Measure:
    label = entry["label"].format(property=prop, context=f" to {context}" if context else "")
    words = tuple(dict.fromkeys(w.lower() for w in (*entry.get("words", ()), *extra, *entry.get("more", ()),
                                                    *entry.get("less", ()))))
    return Measure(id=mid, label=label, field=name, categorical=bool(entry.get("labels")) or name == "label",
                   words=words, less=tuple(entry.get("less", ())),
                   labels=tuple(entry.get("labels", ())), context=context, error=entry.get("error", ""))


def _context(call_sources: dict[str, dict[str, str]], resolved: dict[str, Any] | None) -> str:
    """The target or cell line a call was about, as the person named it ("EGFR", "A-549")."""
    for name in ("target_seq", "cell_name", "cell_line"):
        source = call_sources.get(name)
        if source and source.get("detail"):
            return source["detail"].split("→")[0].strip().strip("'\"")[:40]
        if resolved and name in resolved and name != "target_seq":
            return str(resolved[name])[:40]
    return ""


def catalog(log: list[PastRequest], pool: ThreadPool) -> Catalog:
    """The results the thread's logged calls wrote to the pool, oldest first."""
    results = []
    known_tools = {spec.name for spec in TOOLS}
    for past in log:
        for call in past.calls:
            if call.status != "ok" or call.result_key is None or call.result_version is None:
                continue
            if call.tool not in known_tools:
                continue
            arguments = call.resolved or call.arguments
            measures = measures_for(call.tool, arguments, _context(call.sources, call.resolved))
            if measures:
                results.append(ResultSet(call.result_key, call.result_version, call.tool, past.user, past.at,
                                         past.text, call.model, measures))
    return Catalog(results, pool)
