"""The bytes a workspace's pools hold, across all its threads: a ledger kept in the same atomic step as every
write, rename and delete of a pool store.

For each key: the JSON bytes of its current value and of the old versions its history keeps; per workspace, their
sum. A deleted key's history still counts until it expires or until a write of the same workspace needs its room:
then the oldest deleted histories are dropped first, so `pool del` frees room at once and nothing a workspace
stores goes uncounted. Each key's footprint is recomputed from its own data whenever it is written, renamed or
deleted, so the sum follows what is stored instead of drifting.
"""

from __future__ import annotations

import time

from agent.pool.entry import PoolError
from agent.turn import workspace_of


def over_workspace_quota_error(held: int, would: int, limit: int) -> PoolError:
    return PoolError(f"this workspace's pools hold {held / 1e6:.1f} MB across all its threads (values and the old "
                     f"versions kept); this would take them to {would / 1e6:.1f} MB, over the workspace's "
                     f"{limit / 1e6:.0f} MB limit, so nothing was saved. Free room with `pool del KEY` for keys you "
                     "no longer need, in this thread or older ones (`pool list` shows a thread's keys)")


class Ledger:
    """The in-process store's per-workspace footprints: bytes per (thread, key), their sum per workspace, and
    the deleted keys' histories (oldest deletion first) with when they expire."""

    def __init__(self) -> None:
        self.bytes: dict[tuple[str, str], int] = {}
        self.total: dict[str, int] = {}
        self.trash: dict[str, dict[tuple[str, str], float]] = {}

    def set(self, thread_key: str, key: str, nbytes: int, expires_at: float | None = None) -> None:
        """Record a key's footprint; ``expires_at`` marks a deleted key's history (None: a live key's)."""
        workspace, member = workspace_of(thread_key), (thread_key, key)
        self.total[workspace] = self.total.get(workspace, 0) + nbytes - self.bytes.pop(member, 0)
        if nbytes:
            self.bytes[member] = nbytes
        trash = self.trash.setdefault(workspace, {})
        trash.pop(member, None)
        if expires_at is not None:
            trash[member] = expires_at

    def room(self, thread_key: str, footprints: dict[str, int], limit: int | None) -> list[tuple[str, str]]:
        """The deleted histories to drop before the keys of ``thread_key`` take their new ``footprints``: the
        expired ones and, past ``limit``, the oldest others; raises the workspace quota error if that is not
        enough."""
        workspace, now = workspace_of(thread_key), time.time()
        members = {(thread_key, key) for key in footprints}
        trash = [(m, expiry) for m, expiry in self.trash.get(workspace, {}).items() if m not in members]
        drops = [m for m, expiry in trash if expiry <= now]
        total = self.total.get(workspace, 0) - sum(self.bytes.get(m, 0) for m in drops)
        delta = sum(footprints.values()) - sum(self.bytes.get(m, 0) for m in members)
        if limit is None or delta <= 0 or total + delta <= limit:
            return drops
        for member, expiry in trash:
            if total + delta <= limit:
                return drops
            if expiry > now:
                drops.append(member)
                total -= self.bytes.get(member, 0)
        if total + delta <= limit:
            return drops
        raise over_workspace_quota_error(total, total + delta, limit)


# The ledger in Redis, keys of the workspace W: W:footprint (hash: a key's history list name -> bytes of its current
# value and kept history), W:bytes (their sum), W:trash (sorted set: history lists of deleted keys by when they
# expire). `room` only reads: whether `delta` more bytes fit under `cap` (negative: no cap), the bytes held apart
# from deleted histories, and the deleted histories to drop first (expired ones, then, if needed, the oldest);
# `skip` are the lists the caller is about to rewrite.
LEDGER_LUA = """
local function footprint(ledger, member) return tonumber(redis.call('HGET', ledger, member) or '0') end
local function set_footprint(ledger, total_key, member, bytes)
  local delta = bytes - footprint(ledger, member)
  if bytes > 0 then redis.call('HSET', ledger, member, bytes) else redis.call('HDEL', ledger, member) end
  if delta ~= 0 then redis.call('INCRBY', total_key, delta) end
end
local function room(ledger, total_key, trash, now, delta, cap, skip)
  local total, drops, dropped = tonumber(redis.call('GET', total_key) or '0'), {}, {}
  for _, m in ipairs(redis.call('ZRANGEBYSCORE', trash, '-inf', now, 'LIMIT', 0, 100)) do
    if not skip[m] then
      drops[#drops + 1], dropped[m] = m, true
      total = total - footprint(ledger, m)
    end
  end
  if cap < 0 or delta <= 0 or total + delta <= cap then return true, total, drops end
  for _, m in ipairs(redis.call('ZRANGE', trash, 0, -1)) do
    if total + delta <= cap then return true, total, drops end
    if not skip[m] and not dropped[m] then
      drops[#drops + 1] = m
      total = total - footprint(ledger, m)
    end
  end
  return total + delta <= cap, total, drops
end
local function drop(ledger, total_key, trash, drops)
  for _, m in ipairs(drops) do
    redis.call('DEL', m)
    set_footprint(ledger, total_key, m, 0)
    redis.call('ZREM', trash, m)
  end
end
"""
