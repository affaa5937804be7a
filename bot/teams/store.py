"""Conversation references and seen activity ids: in Redis (distributed) or in memory (embedded).

A reference is what a proactive message needs (service URL, conversation, bot); it is kept per
thread, so a reply can still be posted after the Teams process restarts. Seen activity ids make a
redelivered activity (Teams retries when we answer slowly or not at all) a no-op.
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any, Protocol

SEEN_TTL_S = 24 * 3600


class TeamsStore(Protocol):
    def save_reference(self, key: str, reference: dict[str, Any]) -> None: ...
    def load_reference(self, key: str) -> dict[str, Any] | None: ...
    def first_time(self, activity_key: str) -> bool: ...


class InMemoryTeamsStore:
    def __init__(self, clock: Any = time.monotonic) -> None:
        self._lock = threading.Lock()
        self._refs: dict[str, dict[str, Any]] = {}
        self._seen: dict[str, float] = {}
        self._clock = clock

    def save_reference(self, key: str, reference: dict[str, Any]) -> None:
        with self._lock:
            self._refs[key] = json.loads(json.dumps(reference))

    def load_reference(self, key: str) -> dict[str, Any] | None:
        with self._lock:
            return self._refs.get(key)

    def first_time(self, activity_key: str) -> bool:
        now = self._clock()
        with self._lock:
            if len(self._seen) > 10_000:
                self._seen = {k: t for k, t in self._seen.items() if now - t < SEEN_TTL_S}
            seen = self._seen.get(activity_key)
            if seen is not None and now - seen < SEEN_TTL_S:
                return False
            self._seen[activity_key] = now
            return True


class RedisTeamsStore:
    def __init__(self, client: Any, reference_ttl_s: int, prefix: str = "drugpilot:teams") -> None:
        self._r = client
        self._ttl = reference_ttl_s
        self._prefix = prefix

    def save_reference(self, key: str, reference: dict[str, Any]) -> None:
        self._r.set(f"{self._prefix}:ref:{key}", json.dumps(reference), ex=self._ttl)

    def load_reference(self, key: str) -> dict[str, Any] | None:
        raw = self._r.get(f"{self._prefix}:ref:{key}")
        return json.loads(raw) if raw else None

    def first_time(self, activity_key: str) -> bool:
        return bool(self._r.set(f"{self._prefix}:seen:{activity_key}", 1, nx=True, ex=SEEN_TTL_S))
