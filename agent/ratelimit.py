"""Turns per user per minute: a fixed-window counter that protects the shared GPUs from one busy user."""

from __future__ import annotations

import threading
import time
from typing import Any, Protocol


class RateLimiter(Protocol):
    per_minute: int

    def hit(self, user_key: str) -> int:
        """Count one turn; return how many seconds to wait when over the limit, else 0."""
        ...


class InMemoryRateLimiter:
    def __init__(self, per_minute: int) -> None:
        self.per_minute = per_minute
        self._lock = threading.Lock()
        self._windows: dict[tuple[str, int], int] = {}

    def hit(self, user_key: str) -> int:
        now = time.time()
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
        count, _ = pipe.execute()
        return 0 if count <= self.per_minute else 60 - int(now % 60)
