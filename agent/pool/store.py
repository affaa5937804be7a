"""Pool storage: one interface, an in-process store (embedded default) and a Redis store.

Metadata and values are stored apart so that listing a pool or rendering it for the LLM never
loads a value: a 100,000-SMILES entry lists as fast as a 3-SMILES one. Every write keeps the
previous version in the key's history, atomically, so two colleagues writing the same key at the
same moment both end up in the record (one current, one in history).

Storage is bounded: a thread's current values together hold at most ``max_bytes`` (checked in the same
atomic step as the write); a key's history keeps at most HISTORY_LIMIT old versions and, beyond the newest
one, at most HISTORY_BYTES of them (big values keep fewer versions); a deleted key's history expires after
DELETED_HISTORY_TTL_S. A Redis that refused a write for memory raises StorageFull, a clear message.

A workspace (all threads of one Slack team or Teams tenant) may be capped as well: a write or a rename passed
``workspace_limit`` is refused when the bytes its pools hold would pass it (agent/pool/ledger.py).
"""

from __future__ import annotations

import builtins
import json
import threading
import time
from dataclasses import replace
from typing import Any, Protocol

from agent.pool.entry import EntryMeta, PoolEntry, PoolError, check_key, preview, value_size
from agent.pool.ledger import LEDGER_LUA, Ledger, over_workspace_quota_error
from agent.turn import workspace_of

HISTORY_LIMIT = 10
HISTORY_BYTES = 8_000_000  # old versions of one key, beyond the newest old one
POOL_BYTES = 64_000_000  # current values of one thread (JSON bytes)
DELETED_HISTORY_TTL_S = 30 * 24 * 3600
STORAGE_FULL = ("DrugPilot's storage (Redis) is full, so nothing was saved; ask whoever runs DrugPilot to free or "
                "add memory (infra/README.md, \"When Redis is full\")")


class StorageFull(PoolError):
    """Redis refused a write for memory (maxmemory with noeviction); nothing was changed."""

    def __init__(self) -> None:
        super().__init__(STORAGE_FULL)


def is_out_of_memory(exc: BaseException) -> bool:
    """A Redis reply refusing a write at maxmemory ("OOM command not allowed when used memory > 'maxmemory'",
    also from inside a script)."""
    return "used memory > 'maxmemory'" in str(exc)


def over_quota_error(used: int, limit: int) -> PoolError:
    return PoolError(f"this thread's pool would hold {used / 1e6:.1f} MB, over its {limit / 1e6:.0f} MB limit; "
                     "nothing was saved. Delete keys you no longer need with `pool del KEY`, or start a new thread")


class PoolStore(Protocol):
    def list(self, thread_key: str) -> list[EntryMeta]: ...
    def meta(self, thread_key: str, key: str) -> EntryMeta | None: ...
    def get(self, thread_key: str, key: str) -> PoolEntry | None: ...
    def put(self, thread_key: str, key: str, value: Any, kind: str, set_by: str, source: str,
            workspace_limit: int | None = None) -> EntryMeta: ...
    def delete(self, thread_key: str, key: str, by: str) -> EntryMeta: ...
    def rename(self, thread_key: str, old: str, new: str, by: str, workspace_limit: int | None = None
               ) -> EntryMeta: ...
    def workspace_bytes(self, workspace_key: str) -> int: ...
    def history(self, thread_key: str, key: str) -> builtins.list[PoolEntry]: ...
    def usage(self, thread_key: str, counter: str) -> int: ...
    def add_usage(self, thread_key: str, counter: str, amount: int, ttl_s: int) -> int: ...


def new_meta(key: str, value: Any, kind: str, set_by: str, source: str) -> EntryMeta:
    return EntryMeta(
        key=check_key(key), kind=kind, size=value_size(kind, value), preview=preview(value),
        set_by=set_by, set_at=time.time(), source=source,
    )


def missing_key_error(key: str, keys: list[str]) -> PoolError:
    listing = ", ".join(keys) if keys else "(the pool is empty)"
    return PoolError(f"no key {key} in this thread's pool; keys are: {listing}")


class InMemoryPoolStore:
    """Thread-safe in-process store with the same semantics as the Redis one."""

    def __init__(self, max_bytes: int = POOL_BYTES) -> None:
        self.max_bytes = max_bytes
        self._lock = threading.Lock()
        self._current: dict[str, dict[str, PoolEntry]] = {}
        self._history: dict[tuple[str, str], list[PoolEntry]] = {}
        self._seq: dict[str, int] = {}
        self._bytes: dict[tuple[str, str], int] = {}  # JSON size of each current value
        self._usage: dict[tuple[str, str], tuple[int, float]] = {}  # (thread, counter) -> (amount, expiry)
        self._ledger = Ledger()

    def list(self, thread_key: str) -> list[EntryMeta]:
        with self._lock:
            return sorted((e.meta for e in self._current.get(thread_key, {}).values()), key=lambda m: m.seq)

    def meta(self, thread_key: str, key: str) -> EntryMeta | None:
        entry = self.get(thread_key, key)
        return entry.meta if entry else None

    def get(self, thread_key: str, key: str) -> PoolEntry | None:
        with self._lock:
            return self._current.get(thread_key, {}).get(key)

    def put(self, thread_key: str, key: str, value: Any, kind: str, set_by: str, source: str,
            workspace_limit: int | None = None) -> EntryMeta:
        meta = new_meta(key, value, kind, set_by, source)
        size = len(json.dumps(value))
        with self._lock:
            pool = self._current.setdefault(thread_key, {})
            old = pool.get(key)
            used = sum(self._size(thread_key, k) for k in pool) - (self._size(thread_key, key) if old else 0) + size
            if used > self.max_bytes:
                raise over_quota_error(used, self.max_bytes)
            past = self._history.get((thread_key, key), [])
            kept, kept_bytes = _trimmed(past + [old], keep=1) if old else (past, _json_bytes(past))
            self._make_room(thread_key, {key: size + kept_bytes}, workspace_limit)
            self._history[(thread_key, key)] = kept
            if old:
                meta = replace(meta, version=old.meta.version + 1, seq=old.meta.seq)
            else:
                self._seq[thread_key] = self._seq.get(thread_key, 0) + 1
                meta = replace(meta, seq=self._seq[thread_key], version=self._last_version(thread_key, key) + 1)
            pool[key] = PoolEntry(meta, value)
            self._bytes[(thread_key, key)] = size
            return meta

    def delete(self, thread_key: str, key: str, by: str) -> EntryMeta:
        with self._lock:
            pool = self._current.get(thread_key, {})
            old = pool.pop(key, None)
            if old is None:
                raise missing_key_error(key, [m.key for m in sorted((e.meta for e in pool.values()),
                                                                    key=lambda m: m.seq)])
            kept, _ = _trimmed(self._history.get((thread_key, key), []) + [old], keep=1)
            kept, kept_bytes = _trimmed(kept + [_tombstone(old, by)], keep=2)
            self._history[(thread_key, key)] = kept
            self._bytes.pop((thread_key, key), None)
            self._ledger.set(thread_key, key, kept_bytes, expires_at=time.time() + DELETED_HISTORY_TTL_S)
            return old.meta

    def rename(self, thread_key: str, old: str, new: str, by: str, workspace_limit: int | None = None
               ) -> EntryMeta:
        check_key(new)
        with self._lock:
            pool = self._current.get(thread_key, {})
            entry = pool.get(old)
            if entry is None:
                raise missing_key_error(old, [m.key for m in sorted((e.meta for e in pool.values()),
                                                                    key=lambda m: m.seq)])
            if new in pool:
                raise PoolError(f"key {new} already exists; delete or rename it first")
            kept, kept_bytes = _trimmed(self._history.get((thread_key, old), []) + [entry], keep=1)
            size = self._size(thread_key, old)
            self._make_room(thread_key, {old: 0, new: size + kept_bytes}, workspace_limit)
            del pool[old]
            self._bytes[(thread_key, new)] = self._bytes.pop((thread_key, old), 0)
            moved = replace(entry.meta, key=new, set_by=by, set_at=time.time(), source="command")
            pool[new] = PoolEntry(moved, entry.value, entry.labels)
            self._history.pop((thread_key, old), None)
            self._history[(thread_key, new)] = kept
            return moved

    def history(self, thread_key: str, key: str) -> builtins.list[PoolEntry]:
        with self._lock:
            current = self._current.get(thread_key, {}).get(key)
            past = list(reversed(self._history.get((thread_key, key), [])))
            return ([current] if current else []) + past

    def usage(self, thread_key: str, counter: str) -> int:
        with self._lock:
            amount, expiry = self._usage.get((thread_key, counter), (0, 0.0))
            return amount if expiry > time.time() else 0

    def add_usage(self, thread_key: str, counter: str, amount: int, ttl_s: int) -> int:
        with self._lock:
            now = time.time()
            self._usage = {k: v for k, v in self._usage.items() if v[1] > now}
            total, expiry = self._usage.get((thread_key, counter), (0, now + ttl_s))
            self._usage[(thread_key, counter)] = (total + amount, expiry)
            return total + amount

    def workspace_bytes(self, workspace_key: str) -> int:
        with self._lock:
            return self._ledger.total.get(workspace_key, 0)

    def _make_room(self, thread_key: str, footprints: dict[str, int], limit: int | None) -> None:
        """Record the keys' new footprints, dropping expired and, if the limit needs it, the oldest deleted
        histories of the workspace; a PoolError (and nothing changed) when even that leaves too little room."""
        drops = self._ledger.room(thread_key, footprints, limit)
        for member in drops:
            self._history.pop(member, None)
            self._ledger.set(*member, 0)
        for key, nbytes in footprints.items():
            self._ledger.set(thread_key, key, nbytes)

    def _size(self, thread_key: str, key: str) -> int:
        return self._bytes.get((thread_key, key), 0)

    def _last_version(self, thread_key: str, key: str) -> int:
        hist = self._history.get((thread_key, key), [])
        return max((e.meta.version for e in hist), default=0)


def _json_bytes(entries: builtins.list[PoolEntry]) -> int:
    return sum(len(json.dumps(e.value)) for e in entries)


def _trimmed(hist: builtins.list[PoolEntry], keep: int) -> tuple[builtins.list[PoolEntry], int]:
    """``hist`` (oldest first) without the versions past HISTORY_LIMIT or, beyond the newest ``keep``, past
    HISTORY_BYTES; and the JSON bytes of the values kept."""
    total = 0
    for index in range(len(hist) - 1, -1, -1):
        nbytes = len(json.dumps(hist[index].value))
        total += nbytes
        newest = len(hist) - index
        if newest > HISTORY_LIMIT or (newest > keep and total > HISTORY_BYTES):
            return hist[index + 1:], total - nbytes
    return hist, total


def _tombstone(entry: PoolEntry, by: str) -> PoolEntry:
    meta = replace(entry.meta, deleted=True, set_by=by, set_at=time.time(), source="command", size=0, preview="")
    return PoolEntry(meta, None)


# History lists, newest first: how many entries (and their bytes) to keep of one, headed by an entry of `first`
# bytes about to be pushed (nil: none), within `limit` entries and, past the newest `keep`, `max_bytes`.
_PLAN = """
local function plan(hist_key, first, limit, max_bytes, keep)
  local offset, total = 0, 0
  if first then offset = 1 end
  local n = redis.call('LLEN', hist_key) + offset
  for i = 0, n - 1 do
    local len = first
    if i >= offset then len = string.len(redis.call('LINDEX', hist_key, i - offset)) end
    total = total + len
    if i >= limit or (i >= keep and total > max_bytes) then return i, total - len end
  end
  return n, total
end
local function cut(hist_key, count)
  if count < redis.call('LLEN', hist_key) then redis.call('LTRIM', hist_key, 0, count - 1) end
end
-- the length of the history entry that stores a key's current meta and value
local function entry_len(meta_json, value_len) return 18 + string.len(meta_json) + value_len end
"""

# Redis layout per thread T (prefix P): P:T:meta (hash key->meta json), P:T:val (hash key->value json),
# P:T:hist:<key> (list, newest first, of {"meta":..,"value":..}), P:T:seq (counter); per workspace, the ledger.
# A script's first write is INCRBY (refused when Redis is past maxmemory, before anything changed): Redis checks
# memory only before a script's first write.
_PUT = _PLAN + LEDGER_LUA + """
local meta_key, val_key, hist_key, seq_key = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local ledger, total_key, trash = KEYS[5], KEYS[6], KEYS[7]
local key, meta_json, value_json, limit = ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4])
local hist_bytes, max_bytes, cap, now = tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7]), tonumber(ARGV[8])
local used = string.len(value_json)
for _, k in ipairs(redis.call('HKEYS', val_key)) do
  if k ~= key then used = used + redis.call('HSTRLEN', val_key, k) end
end
if used > max_bytes then return {err = 'quota ' .. used} end
local old_meta = redis.call('HGET', meta_key, key)
local kept, kept_bytes = plan(hist_key, nil, math.huge, 0, math.huge)  -- a new key revives a deleted one's history
if old_meta then
  kept, kept_bytes = plan(hist_key, entry_len(old_meta, redis.call('HSTRLEN', val_key, key)), limit, hist_bytes, 1)
end
local bytes = string.len(value_json) + kept_bytes
local delta = bytes - footprint(ledger, hist_key)
local fits, held, drops = room(ledger, total_key, trash, now, delta, cap, {[hist_key] = true})
if not fits then return {err = 'workspace ' .. held .. ' ' .. (held + delta)} end
redis.call('INCRBY', total_key, 0)
drop(ledger, total_key, trash, drops)
local meta = cjson.decode(meta_json)
if old_meta then
  local old = cjson.decode(old_meta)
  redis.call('LPUSH', hist_key, '{"meta":' .. old_meta .. ',"value":' .. redis.call('HGET', val_key, key) .. '}')
  cut(hist_key, kept)
  meta['version'] = old['version'] + 1
  meta['seq'] = old['seq']
else
  local last = redis.call('LINDEX', hist_key, 0)
  meta['version'] = 1
  if last then meta['version'] = cjson.decode(last)['meta']['version'] + 1 end
  meta['seq'] = redis.call('INCR', seq_key)
end
local encoded = cjson.encode(meta)
redis.call('HSET', meta_key, key, encoded)
redis.call('HSET', val_key, key, value_json)
redis.call('PERSIST', hist_key)
redis.call('ZREM', trash, hist_key)
set_footprint(ledger, total_key, hist_key, bytes)
return encoded
"""

_DELETE = _PLAN + LEDGER_LUA + """
local meta_key, val_key, hist_key = KEYS[1], KEYS[2], KEYS[3]
local ledger, total_key, trash = KEYS[4], KEYS[5], KEYS[6]
local key, tomb_json, limit = ARGV[1], ARGV[2], tonumber(ARGV[3])
local hist_bytes, ttl, now = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
local old_meta = redis.call('HGET', meta_key, key)
if not old_meta then return false end
redis.call('INCRBY', total_key, 0)
redis.call('LPUSH', hist_key, '{"meta":' .. old_meta .. ',"value":' .. redis.call('HGET', val_key, key) .. '}')
local tomb = cjson.decode(tomb_json)
tomb['version'] = cjson.decode(old_meta)['version']
redis.call('LPUSH', hist_key, '{"meta":' .. cjson.encode(tomb) .. ',"value":null}')
local kept, kept_bytes = plan(hist_key, nil, limit, hist_bytes, 2)
cut(hist_key, kept)
redis.call('EXPIRE', hist_key, ttl)
redis.call('HDEL', meta_key, key)
redis.call('HDEL', val_key, key)
set_footprint(ledger, total_key, hist_key, kept_bytes)
redis.call('ZADD', trash, now + ttl, hist_key)
return old_meta
"""

_RENAME = _PLAN + LEDGER_LUA + """
local meta_key, val_key, old_hist, new_hist = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local ledger, total_key, trash = KEYS[5], KEYS[6], KEYS[7]
local old, new, by, now = ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4])
local limit, hist_bytes, cap = tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7])
local meta_json = redis.call('HGET', meta_key, old)
if not meta_json then return {err = 'missing'} end
if redis.call('HEXISTS', meta_key, new) == 1 then return {err = 'exists'} end
local value_json = redis.call('HGET', val_key, old)
local kept, kept_bytes = plan(old_hist, entry_len(meta_json, string.len(value_json)), limit, hist_bytes, 1)
local bytes = string.len(value_json) + kept_bytes
local delta = bytes - footprint(ledger, old_hist) - footprint(ledger, new_hist)
local fits, held, drops = room(ledger, total_key, trash, now, delta, cap, {[old_hist] = true, [new_hist] = true})
if not fits then return {err = 'workspace ' .. held .. ' ' .. (held + delta)} end
redis.call('INCRBY', total_key, 0)
drop(ledger, total_key, trash, drops)
redis.call('LPUSH', old_hist, '{"meta":' .. meta_json .. ',"value":' .. value_json .. '}')
cut(old_hist, kept)
if redis.call('EXISTS', new_hist) == 1 then redis.call('DEL', new_hist) end
redis.call('RENAME', old_hist, new_hist)
redis.call('PERSIST', new_hist)
local meta = cjson.decode(meta_json)
meta['key'] = new
meta['set_by'] = by
meta['set_at'] = now
meta['source'] = 'command'
local encoded = cjson.encode(meta)
redis.call('HDEL', meta_key, old)
redis.call('HDEL', val_key, old)
redis.call('HSET', meta_key, new, encoded)
redis.call('HSET', val_key, new, value_json)
redis.call('ZREM', trash, old_hist, new_hist)
set_footprint(ledger, total_key, old_hist, 0)
set_footprint(ledger, total_key, new_hist, bytes)
return encoded
"""


class RedisPoolStore:
    """Pools in Redis; every multi-step change is one Lua script, so concurrent writers never lose data."""

    def __init__(self, client: Any, prefix: str = "drugpilot:pool", max_bytes: int = POOL_BYTES) -> None:
        self._r = client
        self._prefix = prefix
        self.max_bytes = max_bytes
        self._put = client.register_script(_PUT)
        self._delete = client.register_script(_DELETE)
        self._rename = client.register_script(_RENAME)

    def _k(self, thread_key: str, part: str) -> str:
        # Hash tag {thread} keeps one thread's keys on one Redis Cluster slot. The scripts also touch the
        # workspace's ledger (another slot): they need one Redis server, not a Cluster, as deployed.
        return f"{self._prefix}:{{{thread_key}}}:{part}"

    def _ledger(self, thread_key: str) -> list[str]:
        workspace = workspace_of(thread_key)
        return [self._k(workspace, "footprint"), self._k(workspace, "bytes"), self._k(workspace, "trash")]

    def list(self, thread_key: str) -> list[EntryMeta]:
        metas = [EntryMeta.from_json(v) for v in self._r.hvals(self._k(thread_key, "meta"))]
        return sorted(metas, key=lambda m: m.seq)

    def meta(self, thread_key: str, key: str) -> EntryMeta | None:
        raw = self._r.hget(self._k(thread_key, "meta"), key)
        return EntryMeta.from_json(raw) if raw else None

    def get(self, thread_key: str, key: str) -> PoolEntry | None:
        pipe = self._r.pipeline(transaction=True)
        pipe.hget(self._k(thread_key, "meta"), key)
        pipe.hget(self._k(thread_key, "val"), key)
        raw_meta, raw_value = pipe.execute()
        if raw_meta is None:
            return None
        return PoolEntry(EntryMeta.from_json(raw_meta), json.loads(raw_value))

    def put(self, thread_key: str, key: str, value: Any, kind: str, set_by: str, source: str,
            workspace_limit: int | None = None) -> EntryMeta:
        meta = new_meta(key, value, kind, set_by, source)
        keys = [self._k(thread_key, "meta"), self._k(thread_key, "val"), self._k(thread_key, f"hist:{key}"),
                self._k(thread_key, "seq"), *self._ledger(thread_key)]
        try:
            encoded = self._put(keys=keys, args=[key, meta.to_json(), json.dumps(value), HISTORY_LIMIT, HISTORY_BYTES,
                                                 self.max_bytes, _cap(workspace_limit), time.time()])
        except Exception as exc:  # redis.ResponseError: the script's {err=...}, or Redis out of memory
            if str(exc).startswith("quota "):
                raise over_quota_error(int(str(exc).split()[1]), self.max_bytes) from None
            raise _refusal(exc, workspace_limit) from None
        return EntryMeta.from_json(encoded)

    def delete(self, thread_key: str, key: str, by: str) -> EntryMeta:
        tomb = new_meta(key, None, "text", by, "command")
        tomb.deleted, tomb.size, tomb.preview = True, 0, ""
        keys = [self._k(thread_key, "meta"), self._k(thread_key, "val"), self._k(thread_key, f"hist:{key}"),
                *self._ledger(thread_key)]
        try:
            old = self._delete(keys=keys, args=[key, tomb.to_json(), HISTORY_LIMIT, HISTORY_BYTES,
                                                DELETED_HISTORY_TTL_S, time.time()])
        except Exception as exc:
            raise _translated(exc) from None
        if not old:
            raise missing_key_error(key, [m.key for m in self.list(thread_key)])
        return EntryMeta.from_json(old)

    def rename(self, thread_key: str, old: str, new: str, by: str, workspace_limit: int | None = None
               ) -> EntryMeta:
        check_key(new)
        keys = [self._k(thread_key, "meta"), self._k(thread_key, "val"), self._k(thread_key, f"hist:{old}"),
                self._k(thread_key, f"hist:{new}"), *self._ledger(thread_key)]
        try:
            encoded = self._rename(keys=keys, args=[old, new, by, time.time(), HISTORY_LIMIT, HISTORY_BYTES,
                                                    _cap(workspace_limit)])
        except Exception as exc:  # redis.ResponseError carrying the script's {err=...}
            if "missing" in str(exc):
                raise missing_key_error(old, [m.key for m in self.list(thread_key)]) from None
            if "exists" in str(exc):
                raise PoolError(f"key {new} already exists; delete or rename it first") from None
            raise _refusal(exc, workspace_limit) from None
        return EntryMeta.from_json(encoded)

    def history(self, thread_key: str, key: str) -> builtins.list[PoolEntry]:
        current = self.get(thread_key, key)
        past = [json.loads(raw) for raw in self._r.lrange(self._k(thread_key, f"hist:{key}"), 0, -1)]
        entries = [PoolEntry(EntryMeta(**p["meta"]), p["value"]) for p in past]
        return ([current] if current else []) + entries

    def usage(self, thread_key: str, counter: str) -> int:
        return int(self._r.get(self._k(thread_key, f"usage:{counter}")) or 0)

    def add_usage(self, thread_key: str, counter: str, amount: int, ttl_s: int) -> int:
        key = self._k(thread_key, f"usage:{counter}")
        try:
            total = int(self._r.incrby(key, amount))
            if total == amount:  # the window starts with its first use
                self._r.expire(key, ttl_s)
        except Exception as exc:
            raise _translated(exc) from None
        return total


    def workspace_bytes(self, workspace_key: str) -> int:
        return int(self._r.get(self._k(workspace_key, "bytes")) or 0)


def _cap(limit: int | None) -> int:
    return -1 if limit is None else limit


def _refusal(exc: Exception, workspace_limit: int | None) -> Exception:
    """The workspace quota error for the scripts' {err='workspace HELD WOULD'}, else ``_translated``."""
    words = str(exc).split()
    if len(words) == 3 and words[0] == "workspace" and workspace_limit is not None:
        return over_workspace_quota_error(int(words[1]), int(words[2]), workspace_limit)
    return _translated(exc)


def _translated(exc: Exception) -> Exception:
    """StorageFull for a Redis out of memory, else the error itself."""
    return StorageFull() if is_out_of_memory(exc) else exc
