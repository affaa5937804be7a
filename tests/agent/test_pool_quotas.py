"""Storage quotas of a thread's pool, against the in-process store and a real Redis server: bytes of current
values, history depth by size, `pool export` files per day, uploaded files; every limit is a clear message and
leaves the pool as it was."""

from __future__ import annotations

import pytest

from agent.commands import run_command
from agent.pool import thread_pool
from agent.pool.entry import PoolError
from agent.pool.store import HISTORY_BYTES, HISTORY_LIMIT, InMemoryPoolStore, RedisPoolStore
from agent.pool.thread_pool import ThreadPool
from agent.turn import ThreadRef

THREAD = ThreadRef("slack", "T1", "C1", "1700000000.000100").key()
MB = 1_000_000


@pytest.fixture(params=["memory", "redis"])
def store(request: pytest.FixtureRequest):
    if request.param == "memory":
        return InMemoryPoolStore(max_bytes=5 * MB)
    return RedisPoolStore(request.getfixturevalue("redis_client"), max_bytes=5 * MB)


def big(mb: float, tag: str = "x") -> str:
    return tag * int(mb * MB)


def test_a_thread_holds_at_most_its_byte_quota_of_values(store) -> None:
    store.put(THREAD, "a", big(2), "text", "alice", "command")
    store.put(THREAD, "b", big(2), "text", "alice", "command")
    with pytest.raises(PoolError, match=r"would hold 6\.0 MB, over its 5 MB limit; nothing was saved.*pool del"):
        store.put(THREAD, "c", big(2), "text", "bob", "command")
    assert [m.key for m in store.list(THREAD)] == ["a", "b"]
    store.put(THREAD, "a", big(2.5, "y"), "text", "alice", "command")  # replacing a value counts the new one only
    store.delete(THREAD, "b", "alice")  # deleting frees its share
    store.put(THREAD, "c", big(2), "text", "bob", "command")
    assert {m.key for m in store.list(THREAD)} == {"a", "c"}
    assert store.list(ThreadRef("slack", "T1", "C1", "other").key()) == []


def test_history_depth_shrinks_with_the_size_of_the_values(store) -> None:
    store.max_bytes = 100 * MB
    for i in range(12):  # the case, scaled: twelve writes of a value bigger than the history budget
        store.put(THREAD, "big", big(HISTORY_BYTES / MB * 0.6, str(i % 10)), "text", "alice", "command")
    history = store.history(THREAD, "big")
    assert [e.meta.version for e in history] == [12, 11]  # the current value and the newest old one
    for i in range(12):
        store.put(THREAD, "small", float(i), "number", "alice", "command")
    assert len(store.history(THREAD, "small")) == 1 + HISTORY_LIMIT  # small values keep the full depth


def test_a_deleted_key_keeps_its_last_value_in_history(store) -> None:
    store.max_bytes = 100 * MB
    store.put(THREAD, "big", big(HISTORY_BYTES / MB * 0.9, "a"), "text", "alice", "command")
    store.put(THREAD, "big", big(HISTORY_BYTES / MB * 0.9, "b"), "text", "alice", "command")
    store.delete(THREAD, "big", "bob")
    history = store.history(THREAD, "big")
    assert [e.meta.deleted for e in history] == [True, False] and history[1].value[0] == "b"


def test_pool_export_has_a_daily_quota_per_thread(store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(thread_pool, "EXPORTS_PER_DAY", 3)
    pool = ThreadPool(store, THREAD)
    pool.put("hits", ["CCO", "CCN", "c1ccccc1O"], "smiles_list", "alice", "command")
    for _ in range(3):
        assert run_command("pool export hits", pool, "alice").files
    refused = run_command("pool export hits", pool, "alice")
    assert refused.files == [] and "exported 3 file(s)" in refused.text and "3 files" in refused.text
    other = ThreadPool(store, ThreadRef("slack", "T1", "C1", "other").key())
    other.put("hits", ["CCO"], "smiles_list", "alice", "command")
    assert run_command("pool export hits", other, "alice").files  # another thread has its own quota

    monkeypatch.setattr(thread_pool, "EXPORT_BYTES_PER_DAY", 1000)
    fresh = ThreadPool(store, ThreadRef("slack", "T1", "C1", "bytes").key())
    fresh.put("many", ["C" * 30] * 100, "smiles_list", "alice", "command")
    refused = run_command("pool export many", fresh, "alice")
    assert refused.files == [] and "exported 0 file(s)" in refused.text and "MB a day" in refused.text


def test_uploaded_files_per_thread_are_limited(store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(thread_pool, "MAX_FILES", 2)
    pool = ThreadPool(store, THREAD)
    pool.put("upload_a.csv", ["CCO"], "smiles_list", "alice", "file")
    pool.put("upload_b.csv", ["CCO"], "smiles_list", "alice", "file")
    pool.put("upload_b.csv", ["CCN"], "smiles_list", "alice", "file")  # a new version of a file is not a new file
    with pytest.raises(PoolError, match="already holds 2 uploaded files, the limit"):
        pool.put("upload_c.csv", ["CCO"], "smiles_list", "alice", "file")
    pool.put("user_smiles", ["CCO"], "smiles_list", "alice", "message")  # other keys are not files



def test_a_workspace_has_daily_budgets_across_its_threads(store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(thread_pool, "WORKSPACE_FILES_PER_DAY", 2)
    monkeypatch.setattr(thread_pool, "WORKSPACE_EXPORTS_PER_DAY", 2)
    refs = [ThreadRef("slack", "T9", "C1", f"thread{i}") for i in range(3)]
    pools = [ThreadPool(store, ref.key(), workspace_key=ref.workspace_key()) for ref in refs]
    pools[0].put("upload_a.csv", ["CCO"], "smiles_list", "mallory", "file")
    pools[1].put("upload_a.csv", ["CCO"], "smiles_list", "mallory", "file")
    with pytest.raises(PoolError, match="this workspace has uploaded 2 files today; the limit is 2"):
        pools[2].put("upload_a.csv", ["CCO"], "smiles_list", "mallory", "file")  # a new thread does not help
    assert pools[2].get("upload_a.csv") is None  # refused before anything was stored
    other = ThreadRef("slack", "T10", "C1", "thread0")  # another workspace has its own budget
    ThreadPool(store, other.key(), workspace_key=other.workspace_key()).put(
        "upload_a.csv", ["CCO"], "smiles_list", "bob", "file")

    assert run_command("pool export upload_a.csv", pools[0], "mallory").files
    assert run_command("pool export upload_a.csv", pools[1], "mallory").files
    pools[2].put("hits", ["CCO"], "smiles_list", "mallory", "command")
    refused = run_command("pool export hits", pools[2], "mallory")
    assert refused.files == [] and "this workspace (all its threads) has exported 2 file(s)" in refused.text

    monkeypatch.setattr(thread_pool, "WORKSPACE_WRITE_BYTES_PER_DAY", 2000)
    with pytest.raises(PoolError, match="across all its threads"):
        pools[2].put("big", ["C" * 50] * 100, "smiles_list", "mallory", "command")
