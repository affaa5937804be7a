"""What the Slack adapter remembers between events: seen events, threads it is part of, delivery steps.

Two implementations behind one small interface: in-memory (embedded mode, one process) and Redis
(distributed mode: the HTTP/Socket Mode process and the delivery worker share it, and a restart or a
second bot process forgets nothing).
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict, defaultdict
from functools import lru_cache
from typing import Any, Protocol

SEEN_TTL_S = 24 * 3600  # Slack retries an event for about an hour; a day is safe
STEP_TTL_S = 7 * 24 * 3600
THREADS_KEPT_PER_CHANNEL = 1000
PREFIX = "drugpilot:slack"


class SlackState(Protocol):
    def first_time(self, key: str) -> bool:
        """True once per key (atomically, across processes): event ids and message ids."""

    def join_thread(self, team: str, channel: str, thread_ts: str) -> None:
        """Remember that the bot takes part in this thread (it was mentioned there)."""

    def in_thread(self, team: str, channel: str, thread_ts: str) -> bool: ...

    def recent_threads(self, team: str, channel: str, limit: int) -> list[str]:
        """Threads of the channel the bot took part in, most recently active first."""

    def step_done(self, turn_id: str, step: str) -> bool: ...
    def mark_step(self, turn_id: str, step: str) -> None: ...


def _thread_set(team: str, channel: str) -> str:
    return f"{PREFIX}:threads:{team}:{channel}"


class InMemorySlackState:
    """Embedded mode. Bounded, so a long-running process does not grow without end."""

    def __init__(self, max_seen: int = 100_000) -> None:
        self._lock = threading.Lock()
        self._seen: OrderedDict[str, float] = OrderedDict()
        self._max_seen = max_seen
        self._threads: dict[str, dict[str, float]] = defaultdict(dict)
        self._steps: set[str] = set()

    def first_time(self, key: str) -> bool:
        now = time.time()
        with self._lock:
            while self._seen and (len(self._seen) >= self._max_seen
                                  or next(iter(self._seen.values())) < now - SEEN_TTL_S):
                self._seen.popitem(last=False)
            if key in self._seen:
                return False
            self._seen[key] = now
            return True

    def join_thread(self, team: str, channel: str, thread_ts: str) -> None:
        with self._lock:
            threads = self._threads[_thread_set(team, channel)]
            threads[thread_ts] = time.time()
            if len(threads) > THREADS_KEPT_PER_CHANNEL:
                del threads[min(threads, key=threads.__getitem__)]

    def in_thread(self, team: str, channel: str, thread_ts: str) -> bool:
        with self._lock:
            return thread_ts in self._threads.get(_thread_set(team, channel), {})

    def recent_threads(self, team: str, channel: str, limit: int) -> list[str]:
        with self._lock:
            threads = self._threads.get(_thread_set(team, channel), {})
            return sorted(threads, key=threads.__getitem__, reverse=True)[:limit]

    def step_done(self, turn_id: str, step: str) -> bool:
        with self._lock:
            return f"{turn_id}:{step}" in self._steps

    def mark_step(self, turn_id: str, step: str) -> None:
        with self._lock:
            self._steps.add(f"{turn_id}:{step}")


class RedisSlackState:
    """Distributed mode: one Redis shared by every bot process and the delivery worker."""

    def __init__(self, client: Any) -> None:
        self._r = client

    def first_time(self, key: str) -> bool:
        return bool(self._r.set(f"{PREFIX}:seen:{key}", 1, nx=True, ex=SEEN_TTL_S))

    def join_thread(self, team: str, channel: str, thread_ts: str) -> None:
        key = _thread_set(team, channel)
        pipe = self._r.pipeline(transaction=True)
        pipe.zadd(key, {thread_ts: time.time()})
        pipe.zremrangebyrank(key, 0, -THREADS_KEPT_PER_CHANNEL - 1)
        pipe.execute()

    def in_thread(self, team: str, channel: str, thread_ts: str) -> bool:
        return self._r.zscore(_thread_set(team, channel), thread_ts) is not None

    def recent_threads(self, team: str, channel: str, limit: int) -> list[str]:
        return [t.decode() if isinstance(t, bytes) else t
                for t in self._r.zrevrange(_thread_set(team, channel), 0, limit - 1)]

    def step_done(self, turn_id: str, step: str) -> bool:
        return bool(self._r.exists(f"{PREFIX}:step:{turn_id}:{step}"))

    def mark_step(self, turn_id: str, step: str) -> None:
        self._r.set(f"{PREFIX}:step:{turn_id}:{step}", 1, ex=STEP_TTL_S)


@lru_cache(maxsize=1)
def state_from_settings() -> SlackState:
    """One per process, like the pool store: embedded mode keeps it in memory, distributed in Redis."""
    from agent.settings import get_settings

    if get_settings().distributed:
        from worker.runtime import redis_client

        return RedisSlackState(redis_client())
    return InMemorySlackState()
