from agent.commands import is_pool_command, run_command
from agent.pool.store import InMemoryPoolStore
from agent.pool.thread_pool import ThreadPool


def make_pool() -> ThreadPool:
    return ThreadPool(InMemoryPoolStore(), "t")


def test_set_show_list_history_export() -> None:
    pool = make_pool()
    assert "Set user_smiles" in run_command("pool set user_smiles CCO, c1ccccc1O", pool, "alice").text
    assert pool.get("user_smiles").value == ["CCO", "c1ccccc1O"]
    assert pool.get("user_smiles").meta.kind == "smiles_list"
    run_command("pool set user_smiles CCN", pool, "bob")
    listing = run_command("pool list", pool, "bob").text
    assert "user_smiles — smiles_list, 1 item(s), v2, set by bob" in listing
    shown = run_command("pool show user_smiles", pool, "bob")
    assert "CCN" in shown.text
    history = run_command("pool history user_smiles", pool, "bob").text
    assert "by bob" in history and "by alice" in history
    export = run_command("pool export user_smiles", pool, "bob")
    name, media, data = export.files[0]
    assert (name, media) == ("user_smiles.csv", "text/csv")
    assert data.decode().splitlines() == ["row,smiles", "1,CCN"]


def test_typed_values_are_validated_against_the_key_kind() -> None:
    pool = make_pool()
    run_command("pool set user_zscore -2.5", pool, "a")
    assert pool.get("user_zscore").value == -2.5 and pool.get("user_zscore").meta.kind == "number"
    assert "not a number" in run_command("pool set user_zscore lots", pool, "a").text
    assert pool.get("user_zscore").value == -2.5  # nothing lost
    run_command("pool set user_smiles CCO", pool, "a")
    assert "invalid SMILES" in run_command("pool set user_smiles C1CC(C", pool, "a").text
    assert pool.get("user_smiles").value == ["CCO"]


def test_unknown_keys_and_usage() -> None:
    pool = make_pool()
    run_command("pool set hits CCO", pool, "a")
    assert run_command("pool show nope", pool, "a").text == "no key nope in this thread's pool; keys are: hits"
    assert "no key nope" in run_command("pool del nope", pool, "a").text
    assert run_command("pool frobnicate", pool, "a").text.startswith("pool commands:")
    assert "invalid pool key" in run_command("pool rename hits bad/key", pool, "a").text


def test_rename_and_delete() -> None:
    pool = make_pool()
    run_command("pool set hits CCO", pool, "a")
    assert run_command("pool rename hits leads", pool, "a").text == "Renamed hits to leads."
    assert run_command("pool del leads", pool, "a").text.startswith("Deleted leads")
    assert pool.keys() == []


def test_is_pool_command() -> None:
    assert is_pool_command("pool list") and is_pool_command("  Pool show x")
    assert not is_pool_command("what is the pooled solubility")
