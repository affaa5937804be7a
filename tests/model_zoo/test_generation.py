"""drug_cell_response_regression_generation: seed-library search scored by the committed response model."""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
from rdkit import Chem

from agent.artifacts import InMemoryArtifactStore
from agent.backends.planner import OfflinePlanner
from agent.loop import Limits
from agent.pool.store import InMemoryPoolStore
from agent.service import AgentDeps, handle_turn
from agent.turn import ThreadRef, Turn
from model_zoo.cell_models import get_model
from model_zoo.chem import druglike
from model_zoo.chem.alerts import alerts_in
from model_zoo.registry import IMPLEMENTATIONS
from model_zoo.tools import generation as tool
from model_zoo.train.generation import build_seeds, largest_organic_fragment
from worker.dispatch import InProcessDispatcher


def test_registered_and_seed_library_shipped() -> None:
    assert IMPLEMENTATIONS["drug_cell_response_regression_generation"] == "model_zoo.tools.generation"
    lines = [ln for ln in tool.SEEDS_PATH.read_text().splitlines() if ln and not ln.startswith("#")]
    assert 2000 <= len(lines) <= 5000
    assert tool.SEEDS_PATH.stat().st_size < 1 * 2**20
    ids = [ln.split("\t")[1] for ln in lines]
    assert any(i.startswith("gdsc2:") for i in ids) and any(i.startswith("moses_test:") for i in ids)


def test_edits_and_filters() -> None:
    rng = random.Random(0)
    aspirin = Chem.MolFromSmiles("CC(=O)Oc1ccccc1C(=O)O")
    imatinib = Chem.MolFromSmiles("Cc1ccc(NC(=O)c2ccc(CN3CCN(C)CC3)cc2)cc1Nc1nccc(-c2cccnc2)n1")
    made = [tool.mutate(aspirin, rng) for _ in range(30)] + [tool.crossover(aspirin, imatinib, rng) for _ in range(30)]
    made = [m for m in made if m is not None]
    assert len(made) > 20 and all(Chem.MolFromSmiles(Chem.MolToSmiles(m)) is not None for m in made)
    assert druglike.drug_likeness(imatinib) is not None
    assert druglike.drug_likeness(Chem.MolFromSmiles("CCOOCC")) is None  # peroxide alert, and too small
    assert druglike.drug_likeness(Chem.MolFromSmiles("CCCC.CCCC")) is None
    assert alerts_in(Chem.MolFromSmiles("Oc1ccc(NOF)cc1"))  # O-F bond


def test_tiny_seed_library_build(tmp_path: Path) -> None:
    (tmp_path / "generation").mkdir()
    (tmp_path / "gdsc").mkdir()
    pd.DataFrame({"SMILES": ["CCOc1ccccc1", "c1ccncc1C(=O)N", "CCN(CC)CC(=O)Nc1ccccc1", "CCCCCCO"]}).to_csv(
        tmp_path / "generation" / "moses_test.csv", index=False)
    pd.DataFrame({"DRUG_NAME": ["Cisplatin", "Imatinib"],
                  "SMILES": ["N.N.Cl[Pt]Cl", "Cc1ccc(NC(=O)c2ccc(CN3CCN(C)CC3)cc2)cc1Nc1nccc(-c2cccnc2)n1.CS(=O)(=O)O"],
                  "in_gdsc2_ic50": [True, True]}).to_csv(tmp_path / "gdsc" / "drug_smiles.csv", index=False)
    out = tmp_path / "seeds.smi"
    counts = build_seeds(tmp_path, out, n_moses=3)
    assert counts == {"moses": 3, "gdsc2": 1, "total": 4}
    body = [ln for ln in out.read_text().splitlines() if not ln.startswith("#")]
    assert body[-1].endswith("gdsc2:Imatinib") and "." not in body[-1].split("\t")[0]  # salt stripped, Pt dropped
    assert largest_organic_fragment("N.N.Cl[Pt]Cl") is None


def test_agent_turn_generates_novel_molecules_near_the_target() -> None:
    artifacts = InMemoryArtifactStore()
    deps = AgentDeps(pool_store=InMemoryPoolStore(), artifacts=artifacts, dispatcher=InProcessDispatcher(artifacts),
                     backend=OfflinePlanner(), limits=Limits(turn_seconds=120))
    thread = ThreadRef("console", "local", "terminal", "generation")
    reply = handle_turn(Turn(thread, "alice", "generate molecules for A549 with ln(IC50) around -2", []), deps)
    [call] = reply.tool_calls
    assert call.name == "drug_cell_response_regression_generation" and call.status == "ok"
    assert call.resolved == {"cell_line": "905949", "zscore": -2.0}
    entry = deps.pool_store.get(thread.key(), "generated_smiles")
    assert entry.meta.kind == "smiles_list" and len(entry.value) == tool.DEFAULT_N
    [table] = reply.tables
    seeds = tool.get_library(get_model()).canonical
    for smiles, row in zip(entry.value, table.rows):
        mol = Chem.MolFromSmiles(smiles)
        assert mol is not None and Chem.MolToSmiles(mol) == smiles == row["smiles"]
        assert smiles not in seeds  # novel
        assert abs(row["ln_ic50"] - (-2.0)) <= 0.5  # near the target (as predicted)
        assert row["qed"] >= druglike.MIN_QED and row["sa_score"] <= druglike.MAX_SA
    assert len(set(entry.value)) == len(entry.value)
    assert {a.media_type for a in reply.artifacts} == {"text/csv", "image/png"}
    png = next(a for a in reply.artifacts if a.media_type == "image/png")
    assert deps.artifacts.get(png).startswith(b"\x89PNG\r\n\x1a\n")


def test_search_is_deterministic_for_a_seed() -> None:
    model = get_model()
    runs = [tool.generate(model, "905949", 1.0, n=5, seed=seed, rounds=1, offspring=80) for seed in (3, 3, 4)]
    first, again, other = ([c.smiles for c in r.chosen] for r in runs)
    assert first and first == again
    assert other != first
