"""drug_cell_response_regression_optimization: masked local search scored by the committed response model."""

from __future__ import annotations

import itertools

from rdkit import Chem

from agent.artifacts import InMemoryArtifactStore
from agent.backends.planner import OfflinePlanner
from agent.loop import Limits
from agent.pool.store import InMemoryPoolStore
from agent.service import AgentDeps, handle_turn
from agent.turn import ThreadRef, Turn
from model_zoo.cell_models import get_model
from model_zoo.chem.edits import swap_element
from model_zoo.registry import IMPLEMENTATIONS
from model_zoo.tools import optimization as tool
from model_zoo.train.optimization import kept_smarts_query, region_mask
from worker.dispatch import InProcessDispatcher

PNG = b"\x89PNG\r\n\x1a\n"
A549 = "905949"
PARACETAMOL = "CC(=O)Nc1ccc(O)cc1"  # atoms: C0 C1 O2 N3 c4 c5 c6 c7 O8 c9 c10
GEFITINIB = "COc1cc2ncnc(Nc3ccc(F)c(Cl)c3)c2cc1OCCCN1CCOCC1"


def keeps(analogue: str, gt: str, mask: list[int]) -> bool:
    """Independent check: the mask-0 part of gt (as SMARTS) is a substructure of the analogue."""
    query = kept_smarts_query(Chem.MolFromSmiles(gt), mask)
    return query is None or Chem.MolFromSmiles(analogue).HasSubstructMatch(query)


def test_registered() -> None:
    assert IMPLEMENTATIONS["drug_cell_response_regression_optimization"] == "model_zoo.tools.optimization"


def test_analogues_keep_every_mask0_atom_and_move_toward_the_target() -> None:
    mol = Chem.MolFromSmiles(GEFITINIB)
    mask = [0] * mol.GetNumAtoms()
    for i in range(mol.GetNumAtoms() - 5, mol.GetNumAtoms()):  # part of the morpholine ring may change
        mask[i] = 1
    result = tool.run({"zscore": -3.0, "cell_line": A549, "gt": GEFITINIB, "mask": mask})
    assert result.status == "ok" and len(result.rows) == tool.DEFAULT_TOP_K
    assert result.pool_kind == "smiles_list" and result.pool_value == [r["smiles"] for r in result.rows]
    for row in result.rows:
        assert keeps(row["smiles"], GEFITINIB, mask), row
        assert row["smiles"] != Chem.MolToSmiles(mol) and 0 < row["similarity_to_gt"] < 1
    start = get_model().predict([mol], A549)[0]
    assert abs(result.rows[0]["ln_ic50"] + 3.0) < abs(start + 3.0)
    distances = [abs(r["delta_to_target"]) for r in result.rows]
    assert all(b >= a - 0.01 for a, b in itertools.pairwise(distances))  # closest to the target first
    assert [a.name for a in result.artifacts][:2] == [f"optimized_{A549}.csv", f"optimized_{A549}.png"]
    assert {a.name for a in result.artifacts[2:]} <= {f"optimized_{A549}_removed_for_alerts.csv"}
    assert result.artifacts[1].data.startswith(PNG)
    assert "every mask-0 atom kept" in result.summary


def test_tracked_check_rejects_changed_kept_atoms() -> None:
    gt = Chem.MolFromSmiles(PARACETAMOL)
    mask = [1, 1, 1] + [0] * 8
    tagged = tool.tag_atoms(gt, mask)
    for new, _ in tool.single_edits(tagged)[:60]:
        assert tool.keeps_masked_atoms(new, gt, mask)
    # an edit at a kept atom (the phenol O -> N) must fail both checks
    changed = swap_element(tagged, 8, 7)
    assert changed is not None and not tool.keeps_masked_atoms(changed, gt, mask)
    assert not keeps(Chem.MolToSmiles(changed), PARACETAMOL, mask)


def test_bad_masks_are_request_errors() -> None:
    args = {"zscore": 0.0, "cell_line": A549, "gt": PARACETAMOL}
    assert tool.run({**args, "mask": [0] * 11}).status == "error"
    assert "heavy atoms" in tool.run({**args, "mask": [1] * 5}).summary
    assert tool.run({**args, "gt": "C1CC(", "mask": [1]}).status == "error"


def test_region_mask_frees_a_neighbourhood() -> None:
    import random

    mol = Chem.MolFromSmiles(GEFITINIB)
    mask = region_mask(mol, random.Random(1))
    assert 1 <= sum(mask) < mol.GetNumAtoms() and len(mask) == mol.GetNumAtoms()


def test_agent_turn_optimizes_with_a_mask_and_stores_optimized_smiles() -> None:
    artifacts = InMemoryArtifactStore()
    deps = AgentDeps(pool_store=InMemoryPoolStore(), artifacts=artifacts, dispatcher=InProcessDispatcher(artifacts),
                     backend=OfflinePlanner(), limits=Limits(turn_seconds=120))
    thread = ThreadRef("console", "local", "terminal", "optimization")
    mask = "11100000000"
    reply = handle_turn(Turn(thread, "alice", f"optimize {PARACETAMOL} for A549 towards ln(IC50) 1, mask {mask}", []),
                        deps)
    [call] = reply.tool_calls
    assert call.name == "drug_cell_response_regression_optimization" and call.status == "ok"
    assert call.resolved["mask"] == [int(c) for c in mask] and call.resolved["cell_line"] == A549
    entry = deps.pool_store.get(thread.key(), "optimized_smiles")
    assert entry.meta.kind == "smiles_list" and entry.value
    assert all(keeps(s, PARACETAMOL, [int(c) for c in mask]) for s in entry.value)
    assert {a.media_type for a in reply.artifacts} == {"text/csv", "image/png"}
