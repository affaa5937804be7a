"""The synthetic TCDD-layout generator: deterministic, valid gold calls, complete and disjoint splits."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from typing import Any

import pytest
from rdkit import Chem, RDLogger

from agent.evaluation import synth
from agent.evaluation.synth import CATEGORIES, SPLITS, families, family_tools, generate, heavy_atoms, values
from model_zoo.chem.cells import UnknownCellLine, resolve_cell_line
from model_zoo.chem.proteins import normalize_sequence
from model_zoo.names import Resolved, resolve_drug, resolve_target
from model_zoo.specs import PROPERTY_NAMES, TOOLS, get_spec

RDLogger.DisableLog("rdApp.*")
TOOL_NAMES = {t.name for t in TOOLS}
PER_FAMILY = 3


@pytest.fixture(scope="module")
def records() -> dict[str, list[dict[str, Any]]]:
    return {split: generate(split, PER_FAMILY, seed=0) for split in SPLITS}


def _steps(record: dict[str, Any]):
    """(gold call, pool at that moment, tools offered) for every function_call of a record."""
    pool = dict(record["memory_pool"])
    offered = {t["name"] for t in json.loads(record["tools"])}
    for message in record["conversations"]:
        if message["from"] == "function_call":
            yield json.loads(message["value"]), pool, offered
        elif message["from"] == "observation":
            pool = dict(message["memory_pool"])


def _value(value: Any, pool: dict[str, Any]) -> Any:
    if isinstance(value, str) and value.startswith("(") and value.endswith(")"):
        key = value[1:-1]
        assert key in pool, f"reference to {key} not in the pool {sorted(pool)}"
        return pool[key]
    return value


def _check_call(call: dict[str, Any], pool: dict[str, Any]) -> None:
    spec = get_spec(call["name"])
    assert spec is not None and call["name"] in TOOL_NAMES
    args = call["arguments"]
    assert set(args) <= {p.name for p in spec.params}, args.keys()
    for param in spec.params:
        if param.required:
            assert param.name in args, f"{call['name']} lacks {param.name}"
    values_ = {k: _value(v, pool) for k, v in args.items()}
    for key in ("drug_smiles", "smiles_list"):
        if key in values_:
            smiles = values_[key]
            assert isinstance(smiles, list) and smiles
            assert all(Chem.MolFromSmiles(s) is not None for s in smiles), smiles
    if "smiles_pairs" in values_:
        for pair in values_["smiles_pairs"]:
            assert len(pair) == 2 and all(Chem.MolFromSmiles(s) is not None for s in pair)
    if "task" in values_:
        assert values_["task"] in ("drugbank", "twosides")
    if "property" in values_:
        assert values_["property"] in PROPERTY_NAMES
    if "target_seq" in values_:
        assert normalize_sequence(values_["target_seq"])
    for key in ("cell_name", "cell_line"):
        if key in values_:
            resolve_cell_line(values_[key])
    if "zscore" in values_:
        assert -9.0 <= float(values_["zscore"]) <= 14.0
    if "gt" in values_:
        assert Chem.MolFromSmiles(values_["gt"]) is not None
        mask = values_["mask"]
        assert len(mask) == heavy_atoms(values_["gt"]) and set(mask) <= {0, 1}


def test_generation_is_deterministic():
    family = families()[0]
    assert synth.generate_family(family, 3, 7) == synth.generate_family(family, 3, 7)
    first = json.dumps(generate("dev", 2, seed=1))
    assert first == json.dumps(generate("dev", 2, seed=1))
    assert first != json.dumps(generate("dev", 2, seed=2))


def test_every_gold_call_validates(records):
    for recs in records.values():
        for record in recs:
            assert record["category"] in CATEGORIES and record["system"] == ""
            for call, pool, offered in _steps(record):
                if call["name"] is None:
                    assert record["category"] == "param_error"
                    continue
                assert call["name"] in offered
                _check_call(call, pool)


def test_record_layout(records):
    for recs in records.values():
        ids = [r["id"] for r in recs]
        assert len(ids) == len(set(ids))
        for record in recs:
            conv = record["conversations"]
            assert conv[0]["from"] == "human" and conv[-1]["from"] == "gpt"
            humans = [m for m in conv if m["from"] == "human"]
            assert all("MemoryPool(arguments=dict_keys(" in m["value"] for m in humans)
            tools = json.loads(record["tools"])
            golds = {c["name"] for c, _, _ in _steps(record) if c["name"]}
            if record["category"] == "simple":
                assert [t["name"] for t in tools] == sorted(golds) and len(golds) == 1
            else:
                assert len(tools) == len(TOOLS)
            if record["category"] == "multi_turn":
                assert len(humans) >= 2
            if record["category"] == "param_error":
                assert any(c["name"] is None for c, _, _ in _steps(record))
            for message in conv:
                if message["from"] == "observation":
                    assert isinstance(message["memory_pool"], dict)


def test_both_splits_cover_every_category_and_tool(records):
    for split, recs in records.items():
        assert set(Counter(r["category"] for r in recs)) == set(CATEGORIES), split
        used = {c["name"] for r in recs for c, _, _ in _steps(r) if c["name"]}
        assert used == TOOL_NAMES, (split, TOOL_NAMES - used)


# Families added after the dev/heldout pairing: extra dev-only ones (dev2_*.json, dev3-5.json) and the fresh held-out
# ones written before a round of planner work (fresh_heldout.json)
EXTRA = ("dev2_", "dev3", "dev4", "dev5", "fresh_")


def _core_families() -> list[dict[str, Any]]:
    return [f for f in families() if not f["source"].startswith(EXTRA)]


def test_splits_are_disjoint_and_balanced():
    by_split: dict[str, set[str]] = defaultdict(set)
    per_tool: dict[str, Counter] = defaultdict(Counter)
    for family in _core_families():
        by_split[family["split"]].add(family["name"])
        for tool in family_tools(family):
            per_tool[tool][family["split"]] += 1
    assert not by_split["dev"] & by_split["heldout"]
    assert abs(len(by_split["dev"]) - len(by_split["heldout"])) <= 4
    for tool, counts in per_tool.items():
        assert counts["dev"] >= 2 and counts["heldout"] >= 2, (tool, counts)
        allowed = max(2, (counts["dev"] + counts["heldout"]) // 4)
        assert abs(counts["dev"] - counts["heldout"]) <= allowed, (tool, counts)
    assert len(_core_families()) >= 40


def test_extra_dev_families_are_dev_only_and_cover_everything(records):
    extra = {f["name"] for f in families() if f["source"].startswith(EXTRA) and not f["source"].startswith("fresh_")}
    assert len(extra) >= 30
    assert {f["split"] for f in families() if f["name"] in extra} == {"dev"}
    recs = [r for r in records["dev"] if r["family"] in extra]
    assert set(Counter(r["category"] for r in recs)) == set(CATEGORIES)
    used = {c["name"] for r in recs for c, _, _ in _steps(r) if c["name"]}
    assert used == TOOL_NAMES, TOOL_NAMES - used
    assert any(len([m for m in r["conversations"] if m["from"] == "human"]) == 3 for r in recs)


def test_fresh_families_are_held_out():
    fresh = [f for f in families() if f["source"].startswith("fresh_")]
    assert len(fresh) >= 20 and {f["split"] for f in fresh} == {"heldout"}
    assert all(f["name"].startswith("fresh_") for f in fresh)  # so that --prefix fresh_ measures them alone


def test_new_scenarios_fill_their_slots():
    by_name = {f["name"]: f for f in families()}
    # a correction names what was asked first
    for record in synth.generate_family(by_name["dev2_mt_correct_cell"], 4, 0):
        first, second = [m["value"] for m in record["conversations"] if m["from"] == "human"]
        golds = [c for c, _, _ in _steps(record)]
        assert golds[1]["arguments"]["drug_smiles"] == "(user_smiles)"
        assert golds[0]["arguments"]["cell_name"] != golds[1]["arguments"]["cell_name"]
    # an ask-back answered with a name: the gold is the resolved structure, which the answer does not spell out
    family = by_name["dev2_pe_name_followup_property"]
    for record in synth.generate_family(family, 4, 0):
        golds = [c for c, _, _ in _steps(record)]
        assert golds[0] == {"name": None}
        answer = [m["value"] for m in record["conversations"] if m["from"] == "human"][1]
        (gold,) = golds[1]["arguments"]["drug_smiles"]
        assert gold not in answer
        named = [n for n in family["drug_names"] if n in answer.split("\n")[0]]
        assert any(Chem.CanonSmiles(resolve_drug(n).value) == Chem.CanonSmiles(gold) for n in named), answer
    # LIMS exports: one row per molecule under the template's header
    for record in synth.generate_family(by_name["dev2_prop_eln_export"], 6, 0):
        text = record["conversations"][0]["value"]
        smiles = json.loads(record["conversations"][1]["value"])["arguments"]["drug_smiles"]
        assert all(s in text for s in smiles) and text.count("\n") >= len(smiles) + 1


def test_record_families_match_split(records):
    split_of = {f["name"]: f["split"] for f in families()}
    for split, recs in records.items():
        assert {split_of[r["family"]] for r in recs} == {split}


def test_ask_back_values_really_are_missing():
    v = values()
    for cell in v["non_gdsc_cell_lines"]:
        with pytest.raises(UnknownCellLine):
            resolve_cell_line(cell)
    for name in v["invented_drugs"]:
        assert not isinstance(resolve_drug(name), Resolved)
    for name in v["unresolvable_targets"]:
        assert not isinstance(resolve_target(name), Resolved)
    for typo, fixed in v["typo_smiles"]:
        assert Chem.MolFromSmiles(typo) is None and Chem.MolFromSmiles(fixed) is not None


def test_values_are_real():
    v = values()
    assert len(v["molecules"]) >= 40
    for smiles in [*v["molecules"].values(), *v["small_molecules"].values(), *v["generated"]]:
        assert Chem.MolFromSmiles(smiles) is not None, smiles
    for canon, spellings in v["cell_lines"].items():
        cosmic = resolve_cell_line(canon).cosmic_id
        assert all(resolve_cell_line(s).cosmic_id == cosmic for s in spellings), canon
    for entry in v["sequences"].values():
        assert normalize_sequence(entry["sequence"])


def test_cli_writes_records(tmp_path, capsys):
    out = tmp_path / "heldout.json"
    assert synth.main(["--out", str(out), "--split", "heldout", "--per-family", "1"]) == 0
    written = json.loads(out.read_text(encoding="utf-8"))
    assert written and all(r["id"] and r["family"] for r in written)
    assert "records from" in capsys.readouterr().out
