"""Messages per user per minute: a fixed-window counter that protects the shared GPUs and storage from one
busy user. Every message that does work counts: requests, pool commands and uploads."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any, Protocol

from agent.pool.store import is_out_of_memory

log = logging.getLogger(__name__)


class RateLimiter(Protocol):
    per_minute: int

    def hit(self, user_key: str) -> int:
        """Count one turn; return how many seconds to wait when over the limit, else 0."""
        ...


class InMemoryRateLimiter:
    def __init__(self, per_minute: int, clock: Callable[[], float] = time.time) -> None:
        self.per_minute = per_minute
        self._clock = clock  # tests pass a fixed one: a window boundary mid-test would reset the count
        self._lock = threading.Lock()
        self._windows: dict[tuple[str, int], int] = {}

    def hit(self, user_key: str) -> int:
        now = self._clock()
        window = int(now // 60)
        with self._lock:
            self._windows = {k: v for k, v in self._windows.items() if k[1] >= window}
            count = self._windows[(user_key, window)] = self._windows.get((user_key, window), 0) + 1
        return 0 if count <= self.per_minute else 60 - int(now % 60)


class RedisRateLimiter:
    def __init__(self, client: Any, per_minute: int, prefix: str = "drugpilot:rate") -> None:
        self.per_minute = per_minute
        self._r = client
        self._prefix = prefix

    def hit(self, user_key: str) -> int:
        now = time.time()
        key = f"{self._prefix}:{user_key}:{int(now // 60)}"
        pipe = self._r.pipeline(transaction=True)
        pipe.incr(key)
        pipe.expire(key, 120)
        try:
            count, _ = pipe.execute()
        except Exception as exc:
            if not is_out_of_memory(exc):
                raise
            # Redis is full: let the message through, so that it gets the clear "storage is full" answer
            log.warning("rate limit not counted: Redis is out of memory")
            return 0
        return 0 if count <= self.per_minute else 60 - int(now % 60)
