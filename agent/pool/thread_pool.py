"""ThreadPool: one thread's view of a PoolStore, the object the agent and the commands work with."""

from __future__ import annotations

from typing import Any

from agent.pool.entry import EntryMeta, PoolEntry, PoolError
from agent.pool.store import PoolStore, missing_key_error


MAX_KEYS = 200


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
        if self.store.meta(self.thread_key, key) is None and len(self.list()) >= self.max_keys:
            raise PoolError(f"this thread's pool already holds {self.max_keys} keys, the limit; "
                            "free some with `pool del KEY` or start a new thread")
        return self.store.put(self.thread_key, key, value, kind, set_by, source)

    def delete(self, key: str, by: str) -> EntryMeta:
        return self.store.delete(self.thread_key, key, by)

    def rename(self, old: str, new: str, by: str) -> EntryMeta:
        return self.store.rename(self.thread_key, old, new, by)

    def history(self, key: str) -> list[PoolEntry]:
        entries = self.store.history(self.thread_key, key)
        if not entries:
            raise missing_key_error(key, self.keys())
        return entries
