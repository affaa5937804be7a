"""A thread's recent requests and whether each was answered with a tool run.

The planner uses it for clarifications: "BT-474" after "predict IC50 for lapatinib …" completes the
earlier request instead of starting a new one. LLM backends get the same turns as chat history.
"""

from __future__ import annotations

import json
import threading
from collections import defaultdict, deque
from dataclasses import asdict, dataclass
from typing import Any, Protocol

KEEP = 10


@dataclass
class PastRequest:
    user: str
    text: str
    answered: bool  # a tool ran; False means the agent asked the user for something
    reply: str = ""


class HistoryStore(Protocol):
    def append(self, thread_key: str, item: PastRequest) -> None: ...
    def recent(self, thread_key: str) -> list[PastRequest]: ...


class InMemoryHistoryStore:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._items: dict[str, deque[PastRequest]] = defaultdict(lambda: deque(maxlen=KEEP))

    def append(self, thread_key: str, item: PastRequest) -> None:
        with self._lock:
            self._items[thread_key].append(item)

    def recent(self, thread_key: str) -> list[PastRequest]:
        with self._lock:
            return list(self._items.get(thread_key, ()))


class RedisHistoryStore:
    def __init__(self, client: Any, prefix: str = "drugpilot:history") -> None:
        self._r = client
        self._prefix = prefix

    def append(self, thread_key: str, item: PastRequest) -> None:
        key = f"{self._prefix}:{{{thread_key}}}"
        pipe = self._r.pipeline(transaction=True)
        pipe.rpush(key, json.dumps(asdict(item)))
        pipe.ltrim(key, -KEEP, -1)
        pipe.execute()

    def recent(self, thread_key: str) -> list[PastRequest]:
        return [PastRequest(**json.loads(raw)) for raw in self._r.lrange(f"{self._prefix}:{{{thread_key}}}", 0, -1)]
