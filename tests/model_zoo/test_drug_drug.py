"""drug_drug_response_predict with the committed DrugBank model (no mocks), plus its building blocks."""

from __future__ import annotations

import csv
import io
import re

import numpy as np
import pytest
import torch

from model_zoo.checkpoint import load_checkpoint
from model_zoo.chem.featurizers import MorganCounts
from model_zoo.nn.interaction import PairEnsemble, directed_type_probabilities
from model_zoo.tools import drug_drug as tool
from model_zoo.train.drug_drug import N_TYPES, flip_label
from model_zoo.train.pairs import PairConfig, Pairs, raw_outputs, train_pair_net

PNG = b"\x89PNG\r\n\x1a\n"
# DrugBank drugs with SMILES as in the training data.
WARFARIN = "CC(=O)CC(C1=CC=CC=C1)C1=C(O)C2=C(OC1=O)C=CC=C2"  # DB00682
ASPIRIN = "CC(=O)OC1=CC=CC=C1C(O)=O"  # DB00945
KETOCONAZOLE = "CC(=O)N1CCN(CC1)C1=CC=C(OCC2COC(CN3C=CN=C3)(O2)C2=CC=C(Cl)C=C2Cl)C=C1"  # DB01026


def run(pairs: list, task: str | None = "drugbank") -> tool.ToolResult:
    args = {"smiles_pairs": pairs}
    if task is not None:
        args["task"] = task
    return tool.run(args)


def test_rows_keep_order_with_invalid_pairs_in_place() -> None:
    pairs = [[ASPIRIN, WARFARIN], [ASPIRIN, "C1CC("], ["CCO"], [KETOCONAZOLE, WARFARIN]]
    result = run(pairs)
    assert result.status == "ok"
    assert [r["pair"] for r in result.rows] == [1, 2, 3, 4]
    assert [(r["smiles_1"], r["smiles_2"]) for r in result.rows] == [(ASPIRIN, WARFARIN), (ASPIRIN, "C1CC("),
                                                                     ("CCO", ""), (KETOCONAZOLE, WARFARIN)]
    assert result.rows[1]["error"].startswith("invalid SMILES 2 (syntax error")
    assert result.rows[2]["error"] == "a pair needs exactly two SMILES"
    assert [w.split(":")[0] for w in result.warnings] == ["pair 2", "pair 3"]
    assert "2 pair(s) not predicted (pairs 2, 3)" in result.summary
    assert result.columns[-1] == "error" and result.pool_value == result.rows and result.pool_kind == "table"
    table = list(csv.reader(io.StringIO(result.artifacts[0].data.decode())))
    assert table[0][:6] == ["pair", "smiles_1", "smiles_2", "type", "description", "probability"] and len(table) == 5
    assert result.artifacts[1].data.startswith(PNG)
    assert result.model is not None and result.model.version == "1.0.0"
    assert {"accuracy", "macro_f1"} <= set(result.model.test_metrics)


def test_top3_have_sentences_and_probabilities_summing_to_at_most_one() -> None:
    result = run([[ASPIRIN, WARFARIN], [KETOCONAZOLE, WARFARIN], ["CCO", "c1ccccc1O"]])
    types = {t.number: t.template for t in tool.interaction_types()}
    for row in result.rows:
        top = row["top3"]
        assert len(top) == 3 and len({t["type"] for t in top}) == 3
        probabilities = [t["probability"] for t in top]
        assert probabilities == sorted(probabilities, reverse=True) and sum(probabilities) <= 1.0 + 1e-3
        assert (row["type"], row["description"], row["probability"]) == (top[0]["type"], top[0]["description"],
                                                                          probabilities[0])
        for entry in top:
            assert 1 <= entry["type"] <= 86 and "#Drug" not in entry["description"]
            assert "Drug 1" in entry["description"] and "Drug 2" in entry["description"]
            pattern = re.escape(types[entry["type"]]).replace("\\#Drug1", "Drug [12]").replace("\\#Drug2", "Drug [12]")
            assert re.fullmatch(pattern, entry["description"])


def test_known_drugbank_interactions() -> None:
    aspirin_warfarin, ketoconazole_warfarin = run([[ASPIRIN, WARFARIN], [KETOCONAZOLE, WARFARIN]]).rows
    # DrugBank (validation split): aspirin may increase the anticoagulant activities of warfarin (DDI type 46).
    assert aspirin_warfarin["type"] == 46
    assert aspirin_warfarin["description"] == "Drug 1 may increase the anticoagulant activities of Drug 2."
    # DrugBank (training split): ketoconazole increases the serum concentration of warfarin (DDI type 10).
    assert 10 in [t["type"] for t in ketoconazole_warfarin["top3"]]


def test_swapping_a_pair_swaps_the_roles_and_nothing_else() -> None:
    forward, backward = run([[ASPIRIN, WARFARIN], [WARFARIN, ASPIRIN]]).rows
    assert [t["type"] for t in forward["top3"]] == [t["type"] for t in backward["top3"]]
    assert [t["probability"] for t in forward["top3"]] == pytest.approx([t["probability"] for t in backward["top3"]],
                                                                        abs=1e-3)
    swap = {"Drug 1": "Drug 2", "Drug 2": "Drug 1"}
    assert backward["description"] == re.sub(r"Drug [12]", lambda m: swap[m.group()], forward["description"])


def test_twosides_is_a_clear_error_and_task_defaults_to_drugbank() -> None:
    result = run([[ASPIRIN, WARFARIN]], task="twosides")
    assert result.status == "error" and result.summary.startswith("twosides model not available: the data is partial")
    assert run([[ASPIRIN, WARFARIN]], task=None).status == "ok"


def test_far_molecules_and_self_pairs_are_warned() -> None:
    result = run([["[SiH3][SiH2][SiH2][SiH2][SiH3]", WARFARIN], [WARFARIN, WARFARIN]])
    assert result.status == "ok"
    assert any("pair 1" in w and "far from all" in w for w in result.warnings)
    assert any(w.startswith("pair 2: both SMILES are the same molecule") for w in result.warnings)


def test_checkpoint_and_interaction_types() -> None:
    path = tool.WEIGHTS
    assert path.stat().st_size < 20 * 2**20
    checkpoint = load_checkpoint(path)
    assert isinstance(checkpoint.build(), PairEnsemble)
    extra = checkpoint.extra
    assert extra["version"] == "1.0.0" and extra["n_types"] == 86 and extra["metrics"]["test"]["accuracy"] > 0.85
    assert not any(word.startswith("/") for word in extra["train_command"].split())
    assert extra["train_command"].startswith("python -m model_zoo.train")
    assert (path.parent / "drugbank.md").exists() and (path.parent / "metrics.json").exists()
    types = tool.interaction_types()
    assert [t.number for t in types] == list(range(1, 87))
    assert all("#Drug1" in t.template and "#Drug2" in t.template for t in types)


# --- building blocks -----------------------------------------------------------------------------------------------


def test_directed_probabilities_are_order_consistent() -> None:
    torch.manual_seed(0)
    ab, ba = torch.randn(3, 5, 2 * N_TYPES), torch.randn(3, 5, 2 * N_TYPES)  # 3 members, 5 pairs
    forward = directed_type_probabilities(ab, ba, N_TYPES)
    backward = directed_type_probabilities(ba, ab, N_TYPES)
    assert forward.shape == (5, 2, N_TYPES)
    assert torch.allclose(forward.sum(dim=(1, 2)), torch.ones(5))
    assert torch.allclose(forward, backward.flip(1))
    assert flip_label(torch.tensor([0, 85, 86, 171])).tolist() == [86, 171, 0, 85]



def test_tiny_directed_training_run(one_thread: None) -> None:
    from model_zoo.chem.mols import parse_smiles

    smiles = [WARFARIN, ASPIRIN, KETOCONAZOLE, "CCO", "c1ccccc1O", "CCN(CC)CC"]
    table = MorganCounts().many([parse_smiles(s) for s in smiles])
    ia = np.array([0, 1, 2, 3, 4, 5, 0, 2])
    ib = np.array([1, 2, 3, 4, 5, 0, 3, 5])
    y = np.array([3, 7, 3, 9, 1, 7, 9, 1])
    config = PairConfig(a_hidden=(32,), embed=16, head_hidden=(32,), dropout=0.0, lr=1e-2, batch_size=8,
                        max_epochs=100, patience=100)
    t = torch.from_numpy(table)

    def validate(model: torch.nn.Module) -> float:
        directed = directed_type_probabilities(raw_outputs(model, t, t, ia, ib), raw_outputs(model, t, t, ib, ia),
                                               N_TYPES)
        return float((directed.sum(dim=1).argmax(dim=1).numpy() == y).mean())

    trained = train_pair_net(table, table, Pairs(ia, ib, y), "ce", 2 * N_TYPES, config, validate,
                             higher_is_better=True, shared=True, flip=flip_label)
    assert trained.val_metric == 1.0


def test_agent_turn_with_the_offline_planner() -> None:
    from agent.artifacts import InMemoryArtifactStore
    from agent.backends.planner import OfflinePlanner
    from agent.loop import Limits
    from agent.pool.store import InMemoryPoolStore
    from agent.service import AgentDeps, handle_turn
    from agent.turn import ThreadRef, Turn
    from worker.dispatch import InProcessDispatcher

    artifacts = InMemoryArtifactStore()
    deps = AgentDeps(pool_store=InMemoryPoolStore(), artifacts=artifacts, dispatcher=InProcessDispatcher(artifacts),
                     backend=OfflinePlanner(), fallback=None, limits=Limits(turn_seconds=60))
    thread = ThreadRef("console", "local", "terminal", "ddi")
    reply = handle_turn(Turn(thread, "alice", f"Is there a drug-drug interaction between {ASPIRIN} and {WARFARIN}?",
                             []), deps)
    [call] = reply.tool_calls
    assert call.name == "drug_drug_response_predict" and call.status == "ok"
    [table] = reply.tables
    assert (table.rows[0]["smiles_1"], table.rows[0]["smiles_2"]) == (ASPIRIN, WARFARIN)
    assert table.rows[0]["type"] == 46 and "anticoagulant" in table.rows[0]["description"]
