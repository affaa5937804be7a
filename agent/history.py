"""A thread's recent requests: what was asked, by whom and when, and what ran for it.

The planner uses the last few for clarifications: "BT-474" after "predict IC50 for lapatinib …" completes the
earlier request instead of starting a new one. LLM backends get the same turns as chat history. A longer
record (``LOG_KEEP`` turns, each bounded in size) feeds the follow-up analyses, which need to know which
pool version each result is, and the thread report.
"""

from __future__ import annotations

import json
import threading
from collections import defaultdict, deque
from dataclasses import asdict, dataclass, field, fields
from typing import Any, Protocol

KEEP = 10  # turns the planner and LLM see
LOG_KEEP = 50  # turns kept for analyses and the report
MAX_ITEMS = 5  # list items kept of an argument (the rest is counted, not stored)
MAX_CHARS = 300  # characters kept of a string argument
MAX_CALLS = 8  # calls kept per turn


@dataclass
class CallLog:
    """One tool call of a turn, small enough to keep: long values are cut (their size is kept)."""

    tool: str
    arguments: dict[str, Any]  # as proposed
    resolved: dict[str, Any] | None
    sources: dict[str, dict[str, str]]
    status: str
    seconds: float = 0.0
    error: str | None = None
    model: dict[str, Any] | None = None  # name, version, test_metrics
    result_key: str | None = None  # where the output went in the pool …
    result_version: int | None = None  # … and which version of that key it is
    summary: str = ""
    warnings: list[str] = field(default_factory=list)


@dataclass
class PastRequest:
    user: str
    text: str
    answered: bool  # a tool ran (or an analysis answered); False means the agent asked the user for something
    reply: str = ""
    at: float = 0.0  # Unix time the turn was answered
    kind: str = "request"  # request (agent loop) | analysis (follow-up over earlier results)
    calls: list[CallLog] = field(default_factory=list)
    artifacts: list[dict[str, str]] = field(default_factory=list)  # ArtifactRef fields: name, media_type, key
    outputs: list[dict[str, Any]] = field(default_factory=list)  # analysis: {"key", "version", "action"}

    def to_json(self) -> str:
        return json.dumps(asdict(self), default=str)

    @classmethod
    def from_json(cls, text: str | bytes) -> PastRequest:
        raw = json.loads(text)
        known = {f.name for f in fields(cls)}
        item = cls(**{k: v for k, v in raw.items() if k in known})
        item.calls = [CallLog(**c) if isinstance(c, dict) else c for c in item.calls]
        return item


def bounded(value: Any, max_items: int = MAX_ITEMS, max_chars: int = MAX_CHARS) -> Any:
    """A copy of ``value`` fit for the log: lists cut to ``max_items`` (with a note of the full length),
    strings to ``max_chars``, nested values likewise."""
    if isinstance(value, str):
        return value if len(value) <= max_chars else value[:max_chars] + f"… ({len(value)} characters)"
    if isinstance(value, (list, tuple)):
        kept = [bounded(v, max_items, max_chars) for v in value[:max_items]]
        return kept + [f"… {len(value)} items in all"] if len(value) > max_items else kept
    if isinstance(value, dict):
        return {str(k)[:80]: bounded(v, max_items, max_chars) for k, v in list(value.items())[:40]}
    return value


class HistoryStore(Protocol):
    def append(self, thread_key: str, item: PastRequest) -> None: ...
    def recent(self, thread_key: str) -> list[PastRequest]: ...
    def log(self, thread_key: str) -> list[PastRequest]: ...


class InMemoryHistoryStore:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._items: dict[str, deque[PastRequest]] = defaultdict(lambda: deque(maxlen=LOG_KEEP))

    def append(self, thread_key: str, item: PastRequest) -> None:
        with self._lock:
            self._items[thread_key].append(item)

    def recent(self, thread_key: str) -> list[PastRequest]:
        return self.log(thread_key)[-KEEP:]

    def log(self, thread_key: str) -> list[PastRequest]:
        """The last ``LOG_KEEP`` turns, oldest first."""
        with self._lock:
            return list(self._items.get(thread_key, ()))


class RedisHistoryStore:
    def __init__(self, client: Any, prefix: str = "drugpilot:history") -> None:
        self._r = client
        self._prefix = prefix

    def _key(self, thread_key: str) -> str:
        return f"{self._prefix}:{{{thread_key}}}"

    def append(self, thread_key: str, item: PastRequest) -> None:
        key = self._key(thread_key)
        pipe = self._r.pipeline(transaction=True)
        pipe.rpush(key, item.to_json())
        pipe.ltrim(key, -LOG_KEEP, -1)
        pipe.execute()

    def recent(self, thread_key: str) -> list[PastRequest]:
        return [PastRequest.from_json(raw) for raw in self._r.lrange(self._key(thread_key), -KEEP, -1)]

    def log(self, thread_key: str) -> list[PastRequest]:
        return [PastRequest.from_json(raw) for raw in self._r.lrange(self._key(thread_key), 0, -1)]
