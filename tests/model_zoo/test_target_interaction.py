"""drug_target_classification_predict with the committed DrugBAN-Human model (no mocks)."""

from __future__ import annotations

import re

import pytest

from model_zoo.checkpoint import load_checkpoint
from model_zoo.nn.interaction import PairEnsemble
from model_zoo.registry import run_tool
from model_zoo.tools import target_interaction as tool

PNG = b"\x89PNG\r\n\x1a\n"
# A dihydrofolate reductase sequence as it appears in the Human set, and test-split pairs with it
# (none of these four pairs is in the training split).
DHFR = (
    "MFLLLNCIVAVSQNMGIGKNGDLPRPPLRNEFRYFQRMTTTSSVEGKQNLVIMGRKTWFSIPEKNRPLKDRINLVLSRELKEPPQGAHFLARSLDDALKLTERPELAN"
    "KVDMIWIVGGSSVYKEAMNHLGHLKLFVTRIMQDFESDTFFSEIDLEKYKLLPEYPGVLSDVQEGKHIKYKFEVCEKDD"
)
PIRITREXIM = "CN(CC1=C(C=CC(=C1)OC)OC)C2=CN=C3C(=C2)C(=NC(=N3)N)N"  # label 1
TRIMETREXATE_LIKE = "CC1=C2C(=NC(=NC2=NC=C1CN(C)C3=CC(=C(C(=C3)OC)OC)OC)N)N"  # label 1
DICHLOROPHENYL_DIAMINOPYRIMIDINE = "CC1=C(C(=NC(=N1)N)N)C2=CC(=C(C=C2)Cl)Cl"  # label 1
BETA_LYSINE = "C(CC(CC(=O)O)N)CN"  # label 0
# A made-up low-complexity sequence: far from every training protein.
SCRAMBLED = "WYWCHMWYCWHMYWCMHWYCWMHYCWMHWYCMWHYCWMHYWCMHWYCMWHYWCMHYWCMHWY"


def run(smiles: list[str], target: str = DHFR) -> tool.ToolResult:
    return tool.run({"drug_smiles": smiles, "target_seq": target})


def test_rows_keep_order_and_carry_probability_and_call() -> None:
    smiles = [PIRITREXIM, "C1CC(", BETA_LYSINE]
    result = run(smiles)
    assert result.status == "ok"
    assert [r["row"] for r in result.rows] == [1, 2, 3] and [r["smiles"] for r in result.rows] == smiles
    assert result.rows[1]["error"].startswith("invalid SMILES") and "probability" not in result.rows[1]
    for row in (result.rows[0], result.rows[2]):
        assert 0.0 <= row["probability"] <= 1.0 and row["interaction"] == (row["probability"] >= 0.5)
    assert result.columns == ["row", "smiles", "probability", "interaction", "uncertainty", "similarity", "in_domain",
                              "measured", "error"]
    assert "1 invalid SMILES (row 2)" in result.summary
    assert result.model is not None and result.model.version == "1.0.0" and "auroc" in result.model.test_metrics
    names = {a.name: a for a in result.artifacts}
    assert names["target_interaction_predictions.png"].data.startswith(PNG)
    assert names["target_interaction_predictions.csv"].data.startswith(b"row,smiles,probability,interaction")


def test_held_out_dhfr_inhibitors_score_above_a_non_binder() -> None:
    p1, p2, p3, negative = (r["probability"] for r in run([PIRITREXIM, TRIMETREXATE_LIKE,
                                                            DICHLOROPHENYL_DIAMINOPYRIMIDINE, BETA_LYSINE]).rows)
    assert min(p1, p2, p3) > 0.5 > negative


def test_order_is_kept_and_aliases_reach_the_same_model() -> None:
    smiles = [BETA_LYSINE, PIRITREXIM, "CCO"]
    forward = [r["probability"] for r in run(smiles).rows]
    assert [r["probability"] for r in run(smiles[::-1]).rows] == forward[::-1]
    for name in ("drug_target_classification_prediction", "drug_target_affinity_classification_predict"):
        result = run_tool(name, {"drug_smiles": smiles, "target_seq": DHFR})
        assert result.tool == "drug_target_classification_predict"
        assert [r["probability"] for r in result.rows] == forward


def test_far_target_is_warned() -> None:
    result = run([PIRITREXIM], SCRAMBLED)
    assert any(w.startswith("target out of domain") for w in result.warnings)
    assert not any(w.startswith("target out of domain") for w in run([PIRITREXIM]).warnings)


def test_checkpoint_loads_strictly_and_describes_itself() -> None:
    path = tool.WEIGHTS
    assert path.stat().st_size < 20 * 2**20
    checkpoint = load_checkpoint(path)
    assert isinstance(checkpoint.build(), PairEnsemble)
    extra = checkpoint.extra
    assert extra["version"] == "1.0.0" and extra["task"] == "classification"
    assert extra["metrics"]["test"]["auroc"] > 0.95
    assert all(re.fullmatch(r"[0-9a-f]{64}", h) for h in extra["data"]["sha256"].values())
    assert not any(word.startswith("/") for word in extra["train_command"].split())
    assert extra["evaluate_command"].startswith("python -m model_zoo.train.target_interaction")
    assert (path.parent / "human.md").exists() and (path.parent / "metrics.json").exists()


@pytest.mark.parametrize("target", ["", "ACGTACGTACGTACGTACGTACGTACGT", "not a protein at all!"])
def test_garbage_sequences_are_rejected_cleanly(target: str) -> None:
    result = run([PIRITREXIM], target)
    assert result.status == "error" and result.summary.startswith("target_seq: ")


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
    thread = ThreadRef("console", "local", "terminal", "dti")
    reply = handle_turn(Turn(thread, "alice", f"Does {PIRITREXIM} interact with {DHFR}?", []), deps)
    [call] = reply.tool_calls
    assert call.name == "drug_target_classification_predict" and call.status == "ok"
    [table] = reply.tables
    assert [r["smiles"] for r in table.rows] == [PIRITREXIM] and table.rows[0]["probability"] > 0.5
    assert deps.pool_store.get(thread.key(), "user_target_seq").value == DHFR
