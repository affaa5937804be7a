"""The TCDD-layout harness on small records written here (original TCDD quirks included)."""

from __future__ import annotations

import json
from pathlib import Path

from agent.evaluation.scoring import params_ok
from agent.pool.store import InMemoryPoolStore
from agent.pool.thread_pool import ThreadPool
from bot.cli import main
from model_zoo.specs import TOOLS

TOOLS_JSON = json.dumps([t.to_json_schema() for t in TOOLS])
STEREO = "CC\\C(=C(/c1ccccc1)c1ccc(OCCN(C)C)cc1)c1ccccc1"


def record(human: str, call: str, **extra: object) -> dict:
    return {"conversations": [{"from": "human", "value": human + "\nMemoryPool(arguments=dict_keys([]))"},
                              {"from": "function_call", "value": call},
                              {"from": "observation", "value": "{}"}],
            "system": "s", "tools": TOOLS_JSON, **extra}


def test_harness_scores_and_writes_every_step(tmp_path: Path, capsys) -> None:
    records = [
        record("logS of CCO and c1ccccc1O", json.dumps({"name": "drug_property_prediction", "arguments": {
            "drug_smiles": ["OCC", "Oc1ccccc1"], "property": "logSolubility"}}), category="simple"),
        # raw backslashes inside the JSON string, as in the original TCDD file
        record(f"BBB for {STEREO}", '{"name": "drug_property_prediction", "arguments": {"drug_smiles": ["'
               + STEREO + '"], "property": "p_np"}}', category="multiple"),
        record("does CCO bind our receptor?", json.dumps({"name": None}), category="param_error"),  # no sequence
        {"conversations": "not a list", "tools": "[]"},
    ]
    source = tmp_path / "tcdd.json"
    source.write_text(json.dumps(records))
    out = tmp_path / "results.json"
    assert main(["eval", "toolcall", str(source), "--out", str(out)]) == 0
    result = json.loads(out.read_text())
    steps = [r["steps"][0] for r in result["records"]]
    assert [r["index"] for r in result["records"]] == [0, 1, 2]
    assert [(s["name_ok"], s["params_ok"]) for s in steps] == [(True, True), (True, True), (True, True)]
    assert steps[0]["predicted"]["arguments"]["drug_smiles"] == ["CCO", "c1ccccc1O"]  # as produced
    assert steps[2]["predicted"] is None and all(isinstance(s["seconds"], float) for s in steps)
    summary = result["summary"]
    assert summary["overall"]["acc_p"] == 100.0 and summary["simple"]["records"] == 1
    assert summary["input"]["repaired_function_calls"] == 1
    assert summary["input"]["skipped"][0]["index"] == 3
    assert "Acc.P" in capsys.readouterr().out


def test_scoring_rules() -> None:
    pool = ThreadPool(InMemoryPoolStore(), "t")
    pool.put("user_smiles", ["CCO"], "smiles_list", "u", "m")
    gold = {"name": "drug_cell_response_regression_predict", "arguments": {"drug_smiles": "(user_smiles)",
                                                                           "cell_name": "A549"}}
    same = {"name": "drug_cell_response_regression_predict", "arguments": {"drug_smiles": "OCC",
                                                                           "cell_name": "905949"}}
    assert params_ok(gold, same, pool)  # a reference equals its value; names map to COSMIC ids
    other_cell = {"name": gold["name"], "arguments": {"drug_smiles": ["CCO"], "cell_name": "NCI-H1975"}}
    assert not params_ok(gold, other_cell, pool)
    ddi_gold = {"name": "drug_drug_response_predict", "arguments": {"smiles_pairs": [["CCO", "CCN"]]}}
    swapped = {"name": "drug_drug_response_predict", "arguments": {"smiles_pairs": [["NCC", "OCC"]],
                                                                   "task": "drugbank"}}
    assert params_ok(ddi_gold, swapped, pool)  # unordered within a pair; the default task is fine
    seq_gold = {"name": "drug_target_classification_predict",
                "arguments": {"drug_smiles": ["CCO"], "target_seq": "MKVLAAGIVGLLLAQ" * 3}}
    seq_pred = {"name": "drug_target_classification_prediction",
                "arguments": {"drug_smiles": "CCO", "target_seq": ("mkvlaagivgllla q" * 3) + "."}}
    assert params_ok(seq_gold, seq_pred, pool)  # alias, case, spaces, trailing period


def test_the_independent_sets_load_compressed() -> None:
    from agent.evaluation.tcdd import load_records

    folder = Path(__file__).resolve().parents[2] / "agent" / "evaluation" / "benchmarks"
    counts = {p.name: len(load_records(p).records) for p in sorted(folder.glob("set_*.json.gz"))}
    assert counts == {"set_A.json.gz": 140, "set_C.json.gz": 120,
                      **{f"set_{x}.json.gz": 160
                         for x in [*"BDEFGHIJKLMNOPQRSTUVWXYZ", *(f"A{y}" for y in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
                                   *(f"B{y}" for y in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
                                   *(f"C{y}" for y in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
                                   *(f"D{y}" for y in "ABCDEFGHIJK")]}}


def test_a_pool_written_inside_the_observation_value_is_the_pool_after_the_call(tmp_path: Path) -> None:
    from agent.evaluation.tcdd import load_records

    pool = {"user_smiles": ["CCO"], "drug_property_prediction_result": [{"row": 1, "prediction": 0.1}]}
    record = {"id": "r", "tools": [], "conversations": [
        {"from": "human", "value": "logS of CCO"},
        {"from": "function_call", "value": json.dumps({"name": "drug_property_prediction", "arguments": {}})},
        {"from": "observation", "value": json.dumps({"status": "ok", "memory_pool": pool})}]}
    path = tmp_path / "set.json"
    path.write_text(json.dumps([record]), encoding="utf-8")
    observation = load_records(path).records[0].conversations[2]
    assert observation["memory_pool"] == pool
    assert json.loads(observation["value"]) == {"status": "ok"}


def test_a_pool_key_in_any_script_loads_and_a_key_no_pool_holds_skips_only_its_record(tmp_path: Path) -> None:
    """A record whose pool named an upload "upload_mn_ургамал.smi" stopped the whole evaluation."""
    from agent.evaluation.tcdd import load_records

    def with_pool(pool: dict) -> dict:
        return {**record("logS of (upload_mn_ургамал.smi)", json.dumps({"name": "drug_property_prediction"})),
                "memory_pool": pool}

    path = tmp_path / "set.json"
    path.write_text(json.dumps([with_pool({"upload_mn_ургамал.smi": ["CCO"]}), with_pool({"bad key": ["CCO"]}),
                                with_pool({})]), encoding="utf-8")
    report = load_records(path)
    assert [r.index for r in report.records] == [0, 2]
    assert report.skipped[0]["index"] == 1 and "invalid pool key 'bad key'" in report.skipped[0]["reason"]
