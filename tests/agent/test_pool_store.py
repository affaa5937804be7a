"""The pool store contract, run against the in-process store and a real Redis server."""

from __future__ import annotations

import threading
import time

import pytest

from agent.pool.entry import PoolError
from agent.pool.store import HISTORY_LIMIT, InMemoryPoolStore, RedisPoolStore
from agent.pool.thread_pool import ThreadPool
from agent.pool.view import render_for_llm, tcdd_keys_line
from agent.turn import ThreadRef

THREAD = ThreadRef("slack", "T1", "C1", "1700000000.000100").key()


@pytest.fixture(params=["memory", "redis"])
def store(request: pytest.FixtureRequest):
    if request.param == "memory":
        return InMemoryPoolStore()
    return RedisPoolStore(request.getfixturevalue("redis_client"))


def test_put_get_keeps_value_kind_and_provenance(store) -> None:
    meta = store.put(THREAD, "user_smiles", ["CCO", "c1ccccc1O"], "smiles_list", "U_alice", "message")
    entry = store.get(THREAD, "user_smiles")
    assert entry.value == ["CCO", "c1ccccc1O"]
    assert (entry.meta.kind, entry.meta.size, entry.meta.set_by, entry.meta.source) == (
        "smiles_list", 2, "U_alice", "message")
    assert meta.version == 1 and entry.meta.set_at <= time.time()


def test_overwrite_keeps_previous_versions_newest_first(store) -> None:
    for i in range(3):
        store.put(THREAD, "user_zscore", float(i), "number", f"user{i}", "command")
    history = store.history(THREAD, "user_zscore")
    assert [e.value for e in history] == [2.0, 1.0, 0.0]
    assert [e.meta.version for e in history] == [3, 2, 1]
    assert [e.meta.set_by for e in history] == ["user2", "user1", "user0"]


def test_history_is_bounded(store) -> None:
    for i in range(HISTORY_LIMIT + 5):
        store.put(THREAD, "k", i, "number", "u", "command")
    assert len(store.history(THREAD, "k")) == HISTORY_LIMIT + 1  # current + bounded past


def test_list_is_in_insertion_order_and_loads_no_values(store) -> None:
    for key in ("b", "a", "c"):
        store.put(THREAD, key, [key], "smiles_list", "u", "message")
    store.put(THREAD, "a", ["a2"], "smiles_list", "u", "message")  # update keeps its place
    assert [m.key for m in store.list(THREAD)] == ["b", "a", "c"]


def test_delete_and_rename(store) -> None:
    store.put(THREAD, "upload_x.csv", ["CCO"], "smiles_list", "u", "file")
    store.rename(THREAD, "upload_x.csv", "hits", "bob")
    assert store.get(THREAD, "upload_x.csv") is None
    assert store.get(THREAD, "hits").value == ["CCO"]
    assert store.history(THREAD, "hits")[1].meta.key == "upload_x.csv"  # the rename is on record
    store.delete(THREAD, "hits", "bob")
    assert store.get(THREAD, "hits") is None
    assert store.history(THREAD, "hits")[0].meta.deleted


def test_missing_keys_name_the_keys_that_exist(store) -> None:
    store.put(THREAD, "user_smiles", ["CCO"], "smiles_list", "u", "message")
    with pytest.raises(PoolError, match=r"no key nope in this thread's pool; keys are: user_smiles"):
        store.delete(THREAD, "nope", "u")
    with pytest.raises(PoolError, match="no key nope"):
        store.rename(THREAD, "nope", "x", "u")
    store.put(THREAD, "other", 1.0, "number", "u", "message")
    with pytest.raises(PoolError, match="already exists"):
        store.rename(THREAD, "user_smiles", "other", "u")


def test_threads_never_see_each_other(store) -> None:
    other = ThreadRef("slack", "T1", "C1", "1700000000.000999").key()
    other_workspace = ThreadRef("slack", "T2", "C1", "1700000000.000100").key()
    store.put(THREAD, "user_smiles", ["CCO"], "smiles_list", "u", "message")
    assert store.get(other, "user_smiles") is None
    assert store.get(other_workspace, "user_smiles") is None
    assert store.list(other) == []


def test_two_users_writing_at_the_same_moment_lose_nothing(store) -> None:
    """Both writers' values survive: every write is either current or in the history."""
    barrier = threading.Barrier(2)
    writes = 4  # per user; total stays within the history bound

    def write(user: str) -> None:
        barrier.wait()
        for i in range(writes):
            store.put(THREAD, "shared", f"{user}-{i}", "text", user, "command")
            store.put(THREAD, f"{user}-{i}", i, "number", user, "command")

    threads = [threading.Thread(target=write, args=(u,)) for u in ("alice", "bob")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    values = {e.value for e in store.history(THREAD, "shared")}
    assert values == {f"{u}-{i}" for u in ("alice", "bob") for i in range(writes)}
    assert sorted(e.meta.version for e in store.history(THREAD, "shared")) == list(range(1, 2 * writes + 1))
    assert len(store.list(THREAD)) == 1 + 2 * writes
    assert len({m.seq for m in store.list(THREAD)}) == 1 + 2 * writes


def test_llm_view_does_not_grow_with_values(store) -> None:
    small = ThreadRef("console", "local", "t", "small").key()
    big = ThreadRef("console", "local", "t", "big").key()
    store.put(small, "user_smiles", ["CCO", "CCN", "CCC"], "smiles_list", "u", "message")
    store.put(big, "user_smiles", ["C" * (i % 30 + 1) + "O" for i in range(100_000)], "smiles_list", "u", "file")
    small_view, big_view = render_for_llm(store.list(small)), render_for_llm(store.list(big))
    assert "size 100000" in big_view
    assert len(big_view) <= len(small_view) + 80
    assert tcdd_keys_line(store.list(big)) == "MemoryPool(arguments=dict_keys(['user_smiles']))"


def test_thread_pool_require_lists_keys() -> None:
    pool = ThreadPool(InMemoryPoolStore(), THREAD)
    pool.put("a", 1.0, "number", "u", "command")
    with pytest.raises(PoolError, match="keys are: a"):
        pool.require("b")
