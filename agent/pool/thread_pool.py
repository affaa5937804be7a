"""ThreadPool: one thread's view of a PoolStore, the object the agent and the commands work with."""

from __future__ import annotations

import time
from typing import Any

from agent.pool.entry import EntryMeta, PoolEntry, PoolError
from agent.pool.store import PoolStore, missing_key_error


MAX_KEYS = 200
MAX_FILES = 50  # keys stored from uploaded files
# `pool export` files live as long as other reply files (a week); per thread and day at most:
EXPORTS_PER_DAY = 20
EXPORT_BYTES_PER_DAY = 50_000_000
DAY_S = 24 * 3600


class ThreadPool:
    def __init__(self, store: PoolStore, thread_key: str, max_keys: int = MAX_KEYS) -> None:
        self.store = store
        self.thread_key = thread_key
        self.max_keys = max_keys

    def list(self) -> list[EntryMeta]:
        return self.store.list(self.thread_key)

    def keys(self) -> list[str]:
        return [m.key for m in self.list()]

    def get(self, key: str) -> PoolEntry | None:
        return self.store.get(self.thread_key, key)

    def require(self, key: str) -> PoolEntry:
        """The entry, or a PoolError that lists the keys that do exist."""
        entry = self.get(key)
        if entry is None:
            raise missing_key_error(key, self.keys())
        return entry

    def put(self, key: str, value: Any, kind: str, set_by: str, source: str) -> EntryMeta:
        if self.store.meta(self.thread_key, key) is None:
            metas = self.list()
            if len(metas) >= self.max_keys:
                raise PoolError(f"this thread's pool already holds {self.max_keys} keys, the limit; "
                                "free some with `pool del KEY` or start a new thread")
            if source == "file" and sum(m.source == "file" for m in metas) >= MAX_FILES:
                raise PoolError(f"this thread's pool already holds {MAX_FILES} uploaded files, the limit; "
                                "free some with `pool del KEY` or start a new thread")
        return self.store.put(self.thread_key, key, value, kind, set_by, source)

    def charge_export(self, nbytes: int) -> None:
        """Count one `pool export` file of ``nbytes``; a PoolError when the thread's daily quota is spent."""
        day = int(time.time() // DAY_S)
        count, used = (self.store.usage(self.thread_key, f"exports:{day}"),
                       self.store.usage(self.thread_key, f"export_bytes:{day}"))
        if count >= EXPORTS_PER_DAY or used + nbytes > EXPORT_BYTES_PER_DAY:
            raise PoolError(f"this thread has exported {count} file(s), {used / 1e6:.1f} MB, today; the limit is "
                            f"{EXPORTS_PER_DAY} files or {EXPORT_BYTES_PER_DAY / 1e6:.0f} MB a day (this one: "
                            f"{nbytes / 1e6:.1f} MB). Earlier exports stay downloadable from their messages")
        self.store.add_usage(self.thread_key, f"exports:{day}", 1, DAY_S)
        self.store.add_usage(self.thread_key, f"export_bytes:{day}", nbytes, DAY_S)

    def delete(self, key: str, by: str) -> EntryMeta:
        return self.store.delete(self.thread_key, key, by)

    def rename(self, old: str, new: str, by: str) -> EntryMeta:
        return self.store.rename(self.thread_key, old, new, by)

    def history(self, key: str) -> list[PoolEntry]:
        entries = self.store.history(self.thread_key, key)
        if not entries:
            raise missing_key_error(key, self.keys())
        return entries
