"""drug_cell_response_regression_predict with the committed model and cell features (no mocks)."""

from __future__ import annotations

import re

import numpy as np
import pytest

from agent.artifacts import InMemoryArtifactStore
from agent.backends.planner import OfflinePlanner
from agent.loop import Limits
from agent.pool.store import InMemoryPoolStore
from agent.service import AgentDeps, handle_turn
from agent.turn import ThreadRef, Turn
from model_zoo import cell_models
from model_zoo.checkpoint import load_checkpoint
from model_zoo.chem.featurizers import MolFeaturizer
from model_zoo.registry import IMPLEMENTATIONS
from model_zoo.tools import cell_response as tool
from model_zoo.train.cell_response import (
    CellTable,
    Pairs,
    TrainConfig,
    drug_blind_split,
    fold_projection,
    predict_pairs,
    prepare,
    random_split,
    sigmoid10,
    train_model,
)

A549 = "905949"
PNG = b"\x89PNG\r\n\x1a\n"
PARACETAMOL = "CC(=O)Nc1ccc(O)cc1"
# (drug, SMILES, measured GDSC2 ln(IC50) in A549): pairs of the mixed *test* split, never trained on.
MEASURED = [
    ("Luminespib", "CCNC(=O)C1=NOC(=C1C2=CC=C(C=C2)CN3CCOCC3)C4=CC(=C(C=C4O)O)C(C)C", -4.06),
    ("PD0325901", "C1=CC(=C(C=C1I)F)NC2=C(C=CC(=C2F)F)C(=O)NOC[C@@H](CO)O", -1.96),
    ("MN-64", "CC(C)C1=CC=C(C=C1)C2=CC(=O)C3=CC=CC=C3O2", 4.65),
    ("GSK2830371", "CC1=C(C=C(C=N1)Cl)NCC2=CC=C(S2)C(=O)N[C@@H](CC3CCCC3)C(=O)NC4CC4", 5.91),
]


def run(smiles: list[str], cell: str = A549):
    return tool.run({"drug_smiles": smiles, "cell_name": cell})


def test_registered() -> None:
    assert IMPLEMENTATIONS["drug_cell_response_regression_predict"] == "model_zoo.tools.cell_response"


def test_known_gdsc_pairs_within_tolerance_and_in_order() -> None:
    rows = run([s for _, s, _ in MEASURED]).rows
    predicted = [r["ln_ic50"] for r in rows]
    for (name, _, measured), value in zip(MEASURED, predicted):
        assert abs(value - measured) < 1.0, name
    assert predicted == sorted(predicted)  # potent to weak, as measured
    assert all(r["similarity"] == 1.0 and r["nearest_gdsc_drug"] == n for r, (n, _, _) in zip(rows, MEASURED))


def test_invalid_row_in_the_middle_keeps_order() -> None:
    smiles = [MEASURED[0][1], "C1CC(", PARACETAMOL, MEASURED[2][1]]
    result = run(smiles)
    assert result.status == "ok"
    assert [r["row"] for r in result.rows] == [1, 2, 3, 4]
    assert [r["smiles"] for r in result.rows] == smiles
    assert result.rows[1]["error"].startswith("invalid SMILES") and "ln_ic50" not in result.rows[1]
    forward = [r.get("ln_ic50") for r in result.rows]
    backward = [r.get("ln_ic50") for r in run(smiles[::-1]).rows]
    assert backward == forward[::-1]
    assert "1 invalid SMILES (row 2)" in result.summary
    assert result.columns[-1] == "error" and "ln_ic50" in result.columns
    row = result.rows[2]
    assert row["ic50_uM"] == pytest.approx(np.exp(row["ln_ic50"]), rel=1e-2)
    assert row["sigmoid_score"] == pytest.approx(float(sigmoid10(row["ln_ic50"])), abs=1e-3)
    # paracetamol is not a GDSC2 drug: its interval is the drug-blind one, much wider than a GDSC2 drug's
    assert row["uncertainty"] == pytest.approx(cell_models.response_calibration().info["novel_halfwidth"], abs=1e-3)
    assert row["uncertainty"] > result.rows[0]["uncertainty"] and "the drug-blind error" in result.summary
    names = [a.name for a in result.artifacts]
    assert names == [f"cell_response_{A549}.csv", f"cell_response_{A549}.png"]
    assert result.artifacts[1].data.startswith(PNG)
    assert result.model is not None and result.model.version == "1.0.0"
    assert {"rmse", "pearson", "rmse_sigmoid", "drug_blind_rmse"} <= set(result.model.test_metrics)


def test_cell_lines_without_features_or_unknown_are_request_errors() -> None:
    from model_zoo.chem.cells import all_cell_lines

    model = cell_models.get_model()
    missing = next(c.cosmic_id for c in all_cell_lines() if c.cosmic_id not in model.cells.index)
    result = run([PARACETAMOL], missing)
    assert result.status == "error" and result.rows == []
    assert re.search(r"no genomic features for .*; lines with features", result.summary)
    assert "lines in all" in result.summary
    assert run([PARACETAMOL], "not-a-line").status == "error"
    by_name = run([PARACETAMOL], "A549")  # direct callers may pass a name
    assert by_name.status == "ok" and by_name.rows[0]["cell_line"] == "A549 (COSMIC 905949)"


def test_lines_outside_training_get_a_warning() -> None:
    model = cell_models.get_model()
    untrained = [c for c, t in zip(model.cells.cosmic_ids, model.cells.in_training) if not t]
    assert untrained, "the feature file should flag lines without GDSC2 pairs"
    result = run([PARACETAMOL], untrained[0])
    assert result.status == "ok" and "no GDSC2 measurements" in result.warnings[0]


def test_checkpoint_and_cell_features_are_small_and_consistent() -> None:
    assert cell_models.WEIGHTS_PATH.stat().st_size < 10 * 2**20
    assert cell_models.CELL_FEATURES_PATH.stat().st_size < 1 * 2**20
    checkpoint = load_checkpoint(cell_models.WEIGHTS_PATH)
    checkpoint.build()
    extra = checkpoint.extra
    assert extra["version"] == "1.0.0" and extra["metrics"]["test"]["rmse"] < 1.2
    assert extra["drug_blind_metrics"]["test"]["rmse"] > extra["metrics"]["test"]["rmse"]
    assert not any(word.startswith("/") for word in extra["train_command"].split())
    assert extra["train_command"].startswith("python -m model_zoo.train")
    model = cell_models.get_model()
    assert model.cells.matrix.shape == (len(model.cells.cosmic_ids), len(extra["cell_feature_names"]))
    assert set(np.unique(model.cells.matrix)) <= {0.0, 1.0}


# --- training ----------------------------------------------------------------------------------------------------



def test_tiny_training_learns_drug_and_cell_effects(one_thread: None) -> None:
    drugs = ["CCO", "c1ccccc1O", "CC(=O)Nc1ccc(O)cc1", "CCN(CC)CC", "c1ccc2ccccc2c1", "OCC(O)CO"]
    rng = np.random.default_rng(0)
    cells = CellTable([str(100 + i) for i in range(8)], [f"L{i}" for i in range(8)], [f"f{j}" for j in range(5)],
                      rng.integers(0, 2, (8, 5)).astype(np.uint8), np.ones(8, bool))
    d, c = np.meshgrid(np.arange(len(drugs)), np.arange(8), indexing="ij")
    d, c = d.ravel(), c.ravel()
    y = np.arange(len(drugs))[d] * 1.5 - cells.matrix[c, 0] * 2.0 + cells.matrix[c, 1]
    pairs = Pairs(drugs, drugs, d, c, y.astype(np.float64), {}, len(y))
    train, val, test = random_split(len(y))
    assert sorted(np.concatenate([train, val, test]).tolist()) == list(range(len(y)))
    blind = drug_blind_split(d)
    assert not set(d[blind[0]]) & set(d[blind[2]])
    prep = prepare(pairs, cells, train, MolFeaturizer(radius=2, fp_size=128), components=4)
    trained = train_model(pairs, prep, train, train, TrainConfig(hidden=(32,), dropout=0.0, lr=1e-2, batch_size=16,
                                                                 max_epochs=150, patience=150))
    full = fold_projection(trained.model, prep)
    pred = predict_pairs(full, prep, d[train], c[train], projected=False)
    assert np.sqrt(np.mean((pred - y[train]) ** 2)) < 0.3 * y.std()
    # folding the projection into the first layer changes nothing
    assert np.allclose(pred, predict_pairs(trained.model, prep, d[train], c[train], projected=True), atol=1e-4)


# --- through the agent ---------------------------------------------------------------------------------------------


def test_agent_turn_predicts_ic50_in_a_named_line() -> None:
    artifacts = InMemoryArtifactStore()
    from worker.dispatch import InProcessDispatcher

    deps = AgentDeps(pool_store=InMemoryPoolStore(), artifacts=artifacts, dispatcher=InProcessDispatcher(artifacts),
                     backend=OfflinePlanner(), limits=Limits(turn_seconds=60))
    thread = ThreadRef("console", "local", "terminal", "cell-response")
    reply = handle_turn(Turn(thread, "alice", f"predict the IC50 of {PARACETAMOL} and {MEASURED[0][1]} in A549 cells",
                             []), deps)
    [call] = reply.tool_calls
    assert call.name == "drug_cell_response_regression_predict" and call.status == "ok"
    assert call.resolved["cell_name"] == A549
    [table] = reply.tables
    assert [r["smiles"] for r in table.rows] == [PARACETAMOL, MEASURED[0][1]]
    assert table.rows[1]["ln_ic50"] < table.rows[0]["ln_ic50"]
    assert len(deps.pool_store.get(thread.key(), "drug_cell_response_regression_predict_result").value) == 2
