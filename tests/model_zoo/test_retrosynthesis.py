"""Retrosynthetic_reaction_pathway_prediction with the committed templates and ranker (no mocks)."""

from __future__ import annotations


import numpy as np
from rdkit import Chem

from agent.artifacts import InMemoryArtifactStore
from agent.backends.planner import OfflinePlanner
from agent.loop import Limits
from agent.pool.store import InMemoryPoolStore
from agent.service import AgentDeps, handle_turn
from agent.turn import ThreadRef, Turn
from model_zoo.checkpoint import load_checkpoint
from model_zoo.registry import IMPLEMENTATIONS
from model_zoo.tools import retrosynthesis as tool
from model_zoo.train.retrosynthesis import (
    TrainConfig,
    _extract,
    reaction_signature,
    template_signature,
    train_ranker,
)
from worker.dispatch import InProcessDispatcher

PNG = b"\x89PNG\r\n\x1a\n"
# Easy reactions of the USPTO-50K *test* split (class_test.csv): product -> recorded reactants.
EASY = {
    "NC(=O)CNC(=O)C1CC12CCCCC2": "NCC(N)=O.O=C(O)C1CC12CCCCC2",  # amide coupling, acid + amine
    "CCCC(CCC)NC(=O)c1cccc(Br)c1": "CCCC(N)CCC.O=C(Cl)c1cccc(Br)c1",  # amide from an acyl chloride
    "N#Cc1ccccc1NC(=O)c1ccccc1": "N#Cc1ccccc1N.O=C(Cl)c1ccccc1",  # anilide
    "Cc1nccnc1-c1ccc(N)c(Cl)c1": "Cc1nccnc1-c1ccc(NC(=O)OC(C)(C)C)c(Cl)c1",  # Boc removal
    "CCOc1cc(C(=O)O)ccc1F": "CCOC(=O)c1ccc(F)c(OCC)c1",  # ester hydrolysis
}
PARACETAMOL = "CC(=O)Nc1ccc(O)cc1"


def test_registered() -> None:
    assert IMPLEMENTATIONS["Retrosynthetic_reaction_pathway_prediction"] == "model_zoo.tools.retrosynthesis"


def test_recovers_recorded_reactants_of_easy_test_reactions_within_top10() -> None:
    result = tool.run({"smiles_list": list(EASY)})
    assert result.status == "ok"
    for row, (product, reactants) in zip(result.rows, EASY.items()):
        assert row["product"] == product
        proposals = [".".join(sorted(c["reactants"])) for c in row["candidates"]]
        assert tool.canonical_set(reactants) in proposals[:10], product


def test_invalid_row_in_the_middle_keeps_order_and_candidates_are_clean() -> None:
    smiles = [PARACETAMOL, "C1CC(", list(EASY)[0]]
    result = tool.run({"smiles_list": smiles})
    assert [r["row"] for r in result.rows] == [1, 2, 3]
    assert [r["product"] for r in result.rows] == smiles
    assert result.rows[1]["error"].startswith("invalid SMILES") and result.rows[1]["candidates"] == []
    assert "1 invalid SMILES (row 2)" in result.summary
    for row in (result.rows[0], result.rows[2]):
        candidates = row["candidates"]
        assert 1 <= len(candidates) <= tool.DEFAULT_TOP_K
        assert [c["rank"] for c in candidates] == list(range(1, len(candidates) + 1))
        scores = [c["score"] for c in candidates]
        assert scores == sorted(scores, reverse=True) and all(0 < s <= 1 for s in scores)
        keys = [".".join(c["reactants"]) for c in candidates]
        assert len(set(keys)) == len(keys)  # de-duplicated
        for c in candidates:
            assert c["reactants"] == sorted(c["reactants"])
            assert all(Chem.MolToSmiles(Chem.MolFromSmiles(s)) == s for s in c["reactants"])  # canonical
            assert ">>" in c["template"]
    names = {a.name: a for a in result.artifacts}
    assert set(names) == {"retrosynthesis.csv", "retrosynthesis.png"}
    assert names["retrosynthesis.png"].data.startswith(PNG)
    csv_text = names["retrosynthesis.csv"].data.decode()
    assert csv_text.splitlines()[0].startswith("row,product,rank,reactants,score,template")
    assert result.model is not None and result.model.version == "1.0.0" and "top1" in result.model.test_metrics


def test_one_product_gets_a_reaction_picture() -> None:
    result = tool.run({"smiles_list": [PARACETAMOL]})
    assert result.artifacts[-1].name == "retrosynthesis.png" and result.artifacts[-1].data.startswith(PNG)


def test_checkpoint_is_small_and_self_describing() -> None:
    assert tool.WEIGHTS_PATH.stat().st_size < 20 * 2**20
    checkpoint = load_checkpoint(tool.WEIGHTS_PATH)
    checkpoint.build()
    extra = checkpoint.extra
    assert len(extra["templates"]) == checkpoint.hparams["out_dim"] == len(extra["template_counts"])
    assert set(extra["metrics"]["test"]) == {"top1", "top3", "top5", "top10"}
    assert extra["metrics"]["test"]["top10"] > extra["metrics"]["test"]["top1"] > 0.2
    assert not any(word.startswith("/") for word in extra["train_command"].split())


# --- building blocks and tiny training ----------------------------------------------------------------------------



def test_template_extraction_and_signature_on_one_mapped_reaction() -> None:
    mapped = ("[CH3:1][C:2](=[O:3])O.[NH2:5][c:6]1[cH:7][cH:8][c:9]([OH:10])[cH:11][cH:12]1>>"
              "[CH3:1][C:2](=[O:3])[NH:5][c:6]1[cH:7][cH:8][c:9]([OH:10])[cH:11][cH:12]1")
    _, product_c, reactants_c, template = _extract((0, mapped))  # reactants>reagents>product, no reagents
    assert product_c == PARACETAMOL and reactants_c == "CC(=O)O.Nc1ccc(O)cc1"
    assert template is not None and ">>" in template
    signature = template_signature(template)
    product_mol = Chem.MolFromSmiles(product_c)
    assert signature == reaction_signature(product_mol, [Chem.MolFromSmiles(s) for s in reactants_c.split(".")])


def test_tiny_ranker_training_learns_templates(one_thread: None) -> None:
    rng = np.random.default_rng(0)
    y = rng.integers(0, 4, 160)
    x = (rng.random((160, 64)) < 0.05).astype(np.float32)  # noise bits
    for k in range(4):
        x[y == k, 4 * k:4 * k + 4] = 1.0  # each "template" has its own substructure bits
    trained = train_ranker(x, y, 4, TrainConfig(hidden=(32,), dropout=0.0, lr=1e-2, batch_size=16, max_epochs=60,
                                                patience=60), holdout=0.2)
    assert trained.val_accuracy > 0.8


# --- through the agent ---------------------------------------------------------------------------------------------


def test_agent_turn_suggests_precursors() -> None:
    artifacts = InMemoryArtifactStore()
    deps = AgentDeps(pool_store=InMemoryPoolStore(), artifacts=artifacts, dispatcher=InProcessDispatcher(artifacts),
                     backend=OfflinePlanner(), limits=Limits(turn_seconds=60))
    thread = ThreadRef("console", "local", "terminal", "retro")
    product = list(EASY)[0]
    reply = handle_turn(Turn(thread, "alice", f"suggest precursors for {product}", []), deps)
    [call] = reply.tool_calls
    assert call.name == "Retrosynthetic_reaction_pathway_prediction" and call.status == "ok"
    [table] = reply.tables
    assert table.rows[0]["product"] == product and table.rows[0]["candidates"]
    stored = deps.pool_store.get(thread.key(), "Retrosynthetic_reaction_pathway_prediction_result").value
    assert stored[0]["candidates"][0]["rank"] == 1
