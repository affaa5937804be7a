"""ThreadPool: one thread's view of a PoolStore, the object the agent and the commands work with."""

from __future__ import annotations

import builtins
import json
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
# Per workspace (a Slack team, a Teams tenant) and day, summed over all its threads: one member cannot fill the
# shared Redis by opening thread after thread.
WORKSPACE_WRITE_BYTES_PER_DAY = 1_000_000_000
WORKSPACE_FILES_PER_DAY = 500
WORKSPACE_EXPORTS_PER_DAY = 200
WORKSPACE_EXPORT_BYTES_PER_DAY = 500_000_000
# Standing bytes of one workspace's pools (values and the old versions kept, all its threads): about a third of
# shipped Redis maxmemory (1536 MB, infra/redis/redis.conf), so one workspace cannot fill it for all the others.
WORKSPACE_POOL_BYTES = 500_000_000


class ThreadPool:
    def __init__(self, store: PoolStore, thread_key: str, max_keys: int = MAX_KEYS,
                 workspace_key: str | None = None, max_workspace_bytes: int = WORKSPACE_POOL_BYTES) -> None:
        self.store = store
        self.thread_key = thread_key
        self.max_keys = max_keys
        self.workspace_key = workspace_key  # where the workspace's daily budgets are counted; None: not counted
        self.max_workspace_bytes = max_workspace_bytes  # the store counts it for the thread key's workspace

    def list(self) -> list[EntryMeta]:
        return self.store.list(self.thread_key)

    def keys(self) -> builtins.list[str]:
        return [m.key for m in self.list()]

    def get(self, key: str) -> PoolEntry | None:
        return self.store.get(self.thread_key, key)

    def require(self, key: str) -> PoolEntry:
        """The entry, or a PoolError that lists the keys that do exist."""
        entry = self.get(key)
        if entry is None:
            raise missing_key_error(key, self.keys())
        return entry

    def read(self, ref: str) -> Any:
        """A value by key, or an earlier version of it by "key@vN" (keys hold no "@"): "the highest logD from the
        first run" finds that run's table again after a newer run of the same tool replaced it."""
        key, _, version = ref.partition("@v")
        if not version:
            return self.require(key).value
        entry = next((e for e in self.history(key) if str(e.meta.version) == version and not e.meta.deleted), None)
        if entry is None:
            raise PoolError(f"this thread's pool no longer keeps version {version} of {key}")
        return entry.value

    def put(self, key: str, value: Any, kind: str, set_by: str, source: str) -> EntryMeta:
        if self.store.meta(self.thread_key, key) is None:
            metas = self.list()
            if len(metas) >= self.max_keys:
                raise PoolError(f"this thread's pool already holds {self.max_keys} keys, the limit; "
                                "free some with `pool del KEY` or start a new thread")
            if source == "file" and sum(m.source == "file" for m in metas) >= MAX_FILES:
                raise PoolError(f"this thread's pool already holds {MAX_FILES} uploaded files, the limit; "
                                "free some with `pool del KEY` or start a new thread")
        if self.workspace_key is None:
            return self.store.put(self.thread_key, key, value, kind, set_by, source, self.max_workspace_bytes)
        nbytes, day = len(json.dumps(value)), _today()
        written = self.store.usage(self.workspace_key, f"write_bytes:{day}")
        if written + nbytes > WORKSPACE_WRITE_BYTES_PER_DAY:
            raise PoolError(f"this workspace has stored {written / 1e6:.0f} MB in thread pools today; the limit is "
                            f"{WORKSPACE_WRITE_BYTES_PER_DAY / 1e6:.0f} MB a day across all its threads (this value: "
                            f"{nbytes / 1e6:.1f} MB). It resets at midnight UTC")
        files = self.store.usage(self.workspace_key, f"files:{day}")
        if source == "file" and files >= WORKSPACE_FILES_PER_DAY:
            raise PoolError(f"this workspace has uploaded {files} files today; the limit is {WORKSPACE_FILES_PER_DAY} "
                            "a day across all its threads. It resets at midnight UTC")
        meta = self.store.put(self.thread_key, key, value, kind, set_by, source, self.max_workspace_bytes)
        self.store.add_usage(self.workspace_key, f"write_bytes:{day}", nbytes, DAY_S)
        if source == "file":
            self.store.add_usage(self.workspace_key, f"files:{day}", 1, DAY_S)
        return meta

    def charge_export(self, nbytes: int) -> None:
        """Count one `pool export` file of ``nbytes``; a PoolError when the thread's or the workspace's daily
        quota is spent."""
        day = _today()
        budgets = [(self.thread_key, "this thread", EXPORTS_PER_DAY, EXPORT_BYTES_PER_DAY)]
        if self.workspace_key is not None:
            budgets.append((self.workspace_key, "this workspace (all its threads)", WORKSPACE_EXPORTS_PER_DAY,
                            WORKSPACE_EXPORT_BYTES_PER_DAY))
        for counter_key, who, max_files, max_bytes in budgets:
            count, used = (self.store.usage(counter_key, f"exports:{day}"),
                           self.store.usage(counter_key, f"export_bytes:{day}"))
            if count >= max_files or used + nbytes > max_bytes:
                raise PoolError(f"{who} has exported {count} file(s), {used / 1e6:.1f} MB, today; the limit is "
                                f"{max_files} files or {max_bytes / 1e6:.0f} MB a day (this one: "
                                f"{nbytes / 1e6:.1f} MB). Earlier exports stay downloadable from their messages")
        for counter_key, *_ in budgets:
            self.store.add_usage(counter_key, f"exports:{day}", 1, DAY_S)
            self.store.add_usage(counter_key, f"export_bytes:{day}", nbytes, DAY_S)

    def delete(self, key: str, by: str) -> EntryMeta:
        return self.store.delete(self.thread_key, key, by)

    def rename(self, old: str, new: str, by: str) -> EntryMeta:
        return self.store.rename(self.thread_key, old, new, by, self.max_workspace_bytes)

    def history(self, key: str) -> builtins.list[PoolEntry]:
        entries = self.store.history(self.thread_key, key)
        if not entries:
            raise missing_key_error(key, self.keys())
        return entries


def _today() -> int:
    """The UTC day number: daily budgets are counted per day."""
    return int(time.time() // DAY_S)
