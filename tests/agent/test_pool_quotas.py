"""Storage quotas of a thread's pool, against the in-process store and a real Redis server: bytes of current
values, history depth by size, `pool export` files per day, uploaded files; every limit is a clear message and
leaves the pool as it was; the bytes a workspace's pools hold across its threads."""

from __future__ import annotations

import json

import pytest

from agent.commands import run_command
from agent.pool import store as store_module
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


def workspace_pools(store, workspace: str, threads: int, limit: int) -> list[ThreadPool]:
    refs = [ThreadRef("slack", workspace, "C1", f"thread{i}") for i in range(threads)]
    return [ThreadPool(store, ref.key(), workspace_key=ref.workspace_key(), max_workspace_bytes=limit)
            for ref in refs]


def stored_bytes(store, request: pytest.FixtureRequest, threads: list[str], keys: list[str]) -> int:
    """What the workspace's threads really keep, counted from what is stored (the in-process store counts value
    JSON; Redis the stored strings: values, and history entries with their metadata)."""
    if isinstance(store, InMemoryPoolStore):
        return sum(len(json.dumps(e.value)) for t in threads for k in keys for e in store.history(t, k))
    client = request.getfixturevalue("redis_client")
    total = 0
    for thread in threads:
        total += sum(client.hstrlen(f"drugpilot:pool:{{{thread}}}:val", k) for k in keys)
        total += sum(len(e) for k in keys for e in client.lrange(f"drugpilot:pool:{{{thread}}}:hist:{k}", 0, -1))
    return total


def test_a_write_past_the_workspace_cap_is_refused_with_a_clear_message_and_saves_nothing(store) -> None:
    a, b = workspace_pools(store, "T9", 2, limit=6 * MB)
    a.put("a", big(2), "text", "alice", "command")
    a.put("b", big(2), "text", "alice", "command")
    b.put("c", big(1.5), "text", "bob", "command")
    held = store.workspace_bytes(a.workspace_key)
    with pytest.raises(PoolError, match=r"this workspace's pools hold 5\.5 MB across all its threads .* take them to "
                                        r"6\.5 MB, over the workspace's 6 MB limit, so nothing was saved\. Free room "
                                        r"with `pool del KEY`"):
        b.put("d", big(1), "text", "bob", "command")
    with pytest.raises(PoolError, match=r"take them to 8\.1 MB"):  # the old version a new one keeps counts too
        a.put("a", big(2.6, "y"), "text", "alice", "command")
    refused = run_command("pool rename a a2", a, "alice")  # a rename keeps the value's old version as well
    assert "nothing was saved" in refused.text and "6 MB limit" in refused.text
    assert b.keys() == ["c"] and a.keys() == ["a", "b"] and a.require("a").value == big(2)
    assert len(a.history("a")) == 1 and store.workspace_bytes(a.workspace_key) == held


def test_deleting_keys_frees_room_in_the_workspace(store) -> None:
    a, b = workspace_pools(store, "T9", 2, limit=6 * MB)
    a.put("a", big(2), "text", "alice", "command")
    a.put("b", big(2), "text", "alice", "command")
    a.put("small", "CCO", "smiles", "alice", "command")
    assert run_command("pool del small", a, "alice").text.startswith("Deleted small")
    b.put("c", big(1.5), "text", "bob", "command")
    assert a.history("small")[1].value == "CCO"  # while there is room, a deleted key's history stays
    with pytest.raises(PoolError, match="over the workspace's 6 MB limit"):
        b.put("d", big(1), "text", "bob", "command")
    assert run_command("pool del a", a, "alice").text.startswith("Deleted a")
    b.put("d", big(1), "text", "bob", "command")  # the deleted key's history gave way
    assert store.history(a.thread_key, "a") == [] and store.history(a.thread_key, "small") == []
    assert 4.5 * MB < store.workspace_bytes(a.workspace_key) < 4.6 * MB


def test_threads_of_one_workspace_share_the_cap_and_other_workspaces_have_their_own(store) -> None:
    pools = workspace_pools(store, "T9", 3, limit=5 * MB)
    pools[0].put("hits", big(2), "text", "mallory", "command")
    pools[1].put("hits", big(2), "text", "mallory", "command")
    with pytest.raises(PoolError, match=r"hold 4\.0 MB across all its threads"):
        pools[2].put("hits", big(2), "text", "mallory", "command")  # a new thread does not help
    assert pools[2].keys() == []
    others = workspace_pools(store, "T10", 2, limit=5 * MB)
    others[0].put("hits", big(2), "text", "bob", "command")
    others[1].put("hits", big(2), "text", "bob", "command")
    assert store.workspace_bytes(pools[0].workspace_key) == store.workspace_bytes(others[0].workspace_key)


def test_the_workspace_count_follows_what_is_stored_as_versions_rotate_out(
        store, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    a, b = workspace_pools(store, "T9", 2, limit=100 * MB)
    threads, keys = [a.thread_key, b.thread_key], ["k", "k2", "big", "other"]

    def assert_counted() -> None:
        assert store.workspace_bytes(a.workspace_key) == stored_bytes(store, request, threads, keys)

    for i in range(HISTORY_LIMIT + 5):  # small values: the oldest versions rotate out by count
        a.put("k", [f"C{'C' * i}O"] * 50, "smiles_list", "alice", "command")
    assert_counted()
    for i in range(6):  # big values: old versions rotate out by bytes
        b.put("big", big(HISTORY_BYTES / MB * 0.6, str(i)), "text", "bob", "command")
    assert_counted()
    a.rename("k", "k2", "alice")
    a.put("k", 1.0, "number", "alice", "command")
    a.delete("k2", "alice")
    a.put("k2", 2.0, "number", "alice", "command")  # a deleted key set again: its history is live again
    assert_counted()
    monkeypatch.setattr(store_module, "DELETED_HISTORY_TTL_S", 0)  # Redis drops this history at once
    b.delete("big", "bob")
    b.put("other", 3.0, "number", "bob", "command")  # the next write of the workspace releases what expired
    assert_counted()
    assert store.history(b.thread_key, "big") == []
