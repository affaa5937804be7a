"""drug_target_affinity_regression_predict with the committed DAVIS model (no mocks), plus its building blocks."""

from __future__ import annotations

import itertools
import re

import numpy as np
import pytest
import torch

from model_zoo.checkpoint import load_checkpoint
from model_zoo.chem.featurizers import MorganCounts
from model_zoo.nn.interaction import KmerComposition, PairEnsemble, kmer_counts
from model_zoo.target_models import get_model
from model_zoo.tools import affinity as tool
from model_zoo.train.pairs import PairConfig, Pairs, concordance_index, raw_outputs, train_pair_net

PNG = b"\x89PNG\r\n\x1a\n"
# DAVIS drugs (PubChem CID in the comment) and their measured pKd against EGFR.
CANERTINIB = "C=CC(=O)NC1=C(C=C2C(=C1)C(=NC=N2)NC3=CC(=C(C=C3)F)Cl)OCCCN4CCOCC4"  # 156414: 9.72, test fold
GEFITINIB = "COC1=C(C=C2C(=C1)N=CN=C2NC3=CC(=C(C=C3)F)Cl)OCCCN4CCOCC4"  # 123631: 9.00, training fold
IMATINIB = "CC1=C(C=C(C=C1)NC(=O)C2=CC=C(C=C2)CN3CCN(CC3)C)NC4=NC=CC(=N4)C5=CN=CC=C5"  # 5291: 5.0 (no binding)
ASPIRIN = "CC(=O)Oc1ccccc1C(=O)O"  # not a kinase inhibitor, far from every DAVIS drug
# Human serum albumin (UniProt P02768, mature chain): not a kinase.
ALBUMIN = (
    "DAHKSEVAHRFKDLGEENFKALVLIAFAQYLQQCPFEDHVKLVNEVTEFAKTCVADESAENCDKSLHTLFGDKLCTVATLRETYGEMADCCAKQEPERNECFLQHKDD"
    "NPNLPRLVRPEVDVMCTAFHDNEETFLKKYLYEIARRHPYFYAPELLFFAKRYKAAFTECCQAADKAACLLPKLDELRDEGKASSAKQRLKCASLQKFGERAFKAWAV"
    "ARLSQRFPKAEFAEVSKLVTDLTKVHTECCHGDLLECADDRADLAKYICENQDSISSKLKECCEKPLLEKSHCIAEVENDEMPADLPSLAADFVESKDVCKNYAEAKD"
    "VFLGMFLYEYARRHPDYSVVLLLRLAKTYETTLEKCCAAADPHECYAKVFDEFKPLVEEPQNLIKQNCELFEQLGEYKFQNALLVRYTKKVPQVSTPTLVEVSRNLGK"
    "VGSKCCKHPEAKRMPCAEDYLSVVLNQLCVLHEKTPVSDRVTKCCTESLVNRRPCFSALEVDETYVPKEFNAETFTFHADICTLSEKERQIKKQTALVELVKHKPKAT"
    "KEQLKAVMDDFAAFVEKCCKADDKETCFAEEGKKLVAASQAALGL"
)
WEIGHTS = tool.WEIGHTS_DIR / "davis.pt"


def davis_sequence(name: str) -> str:
    info = get_model(WEIGHTS).info["domain"]
    return info["protein_sequences"][info["protein_names"].index(name)]


def run(smiles: list[str], target: str) -> tool.ToolResult:
    return tool.run({"drug_smiles": smiles, "target_seq": target})


# --- the tool ----------------------------------------------------------------------------------------------------


def test_rows_keep_order_and_report_invalid_smiles_in_place() -> None:
    smiles = [CANERTINIB, "C1CC(", IMATINIB, ""]
    result = run(smiles, davis_sequence("EGFR"))
    assert result.status == "ok"
    assert [r["row"] for r in result.rows] == [1, 2, 3, 4]
    assert [r["smiles"] for r in result.rows] == smiles
    assert result.rows[1]["error"].startswith("invalid SMILES: syntax error") and "pKd" not in result.rows[1]
    assert result.rows[3]["error"] == "invalid SMILES: empty SMILES"
    for row in (result.rows[0], result.rows[2]):
        assert row["Kd_nM"] == pytest.approx(10 ** (9 - row["pKd"]), rel=0.02)
        assert row["similarity"] == 1.0 and row["in_domain"]  # both are DAVIS drugs
        assert 0.0 < row["uncertainty"] < 4.0  # ± of a 90 % interval, pKd units
    assert result.columns == ["row", "smiles", "pKd", "Kd_nM", "uncertainty", "similarity", "in_domain", "error"]
    assert "2 invalid SMILES (rows 2, 4)" in result.summary and "closest training kinase: EGFR" in result.summary
    assert [w.split(":")[0] for w in result.warnings] == ["row 2", "row 4"]
    assert result.pool_value == result.rows and result.pool_kind == "table"
    assert result.model is not None and result.model.version == "1.0.0"
    assert {"mse", "ci"} <= set(result.model.test_metrics)
    names = {a.name: a for a in result.artifacts}
    assert names["affinity_predictions.csv"].data.startswith(b"row,smiles,pKd,Kd_nM")
    assert names["affinity_predictions.png"].data.startswith(PNG)


def test_known_egfr_binders_rank_above_a_non_binder() -> None:
    canertinib, gefitinib, imatinib = (r["pKd"] for r in run([CANERTINIB, GEFITINIB, IMATINIB],
                                                               davis_sequence("EGFR")).rows)
    assert canertinib == pytest.approx(9.72, abs=1.5)  # held-out test pair, measured 9.72
    assert gefitinib == pytest.approx(9.0, abs=1.0)  # training pair
    assert imatinib < 6.0  # measured 5.0: no binding at 10 uM
    assert min(canertinib, gefitinib) > imatinib + 2.0


def test_predictions_permute_with_inputs_and_match_one_by_one() -> None:
    smiles = [CANERTINIB, GEFITINIB, IMATINIB, ASPIRIN]
    target = davis_sequence("ABL1")
    forward = [r["pKd"] for r in run(smiles, target).rows]
    assert [r["pKd"] for r in run(smiles[::-1], target).rows] == forward[::-1]
    assert [run([s], target).rows[0]["pKd"] for s in smiles] == pytest.approx(forward, abs=0.011)


def test_out_of_domain_target_and_molecule_are_warned() -> None:
    result = run([ASPIRIN, GEFITINIB], ALBUMIN)
    assert result.status == "ok"
    assert any(w.startswith("target out of domain") for w in result.warnings)
    assert any("row 1" in w and "far from all 68 training molecules" in w for w in result.warnings)
    assert result.rows[0]["similarity"] < 0.4 and not result.rows[0]["in_domain"]
    assert "1 of 2 molecules is unlike anything the model was trained on" in result.summary
    assert "extrapolations" in result.summary
    assert not any("out of domain" in w for w in run([GEFITINIB], davis_sequence("EGFR")).warnings)


def test_bad_sequence_or_no_valid_smiles_is_an_error_result() -> None:
    bad = run([GEFITINIB], "CC(=O)Oc1ccccc1C(=O)O")
    assert bad.status == "error" and bad.rows == [] and "target_seq" in bad.summary
    short = run([GEFITINIB], "MKV")
    assert short.status == "error" and "residues" in short.summary
    none = run(["not a smiles", "C1CC("], davis_sequence("EGFR"))
    assert none.status == "error" and [r["row"] for r in none.rows] == [1, 2]
    assert [a.name for a in none.artifacts] == ["affinity_predictions.csv"]


def test_checkpoint_loads_strictly_and_describes_itself() -> None:
    assert WEIGHTS.stat().st_size < 20 * 2**20
    checkpoint = load_checkpoint(WEIGHTS)
    network = checkpoint.build()
    assert isinstance(network, PairEnsemble)
    extra = checkpoint.extra
    assert extra["version"] == "1.0.0" and extra["task"] == "regression" and extra["unit"] == "pKd"
    assert extra["metrics"]["test"]["mse"] < 0.35 and extra["metrics"]["test"]["ci"] > 0.85
    assert all(re.fullmatch(r"[0-9a-f]{64}", h) for h in extra["data"]["sha256"].values())
    for key in ("train_command", "evaluate_command"):
        assert not any(word.startswith("/") for word in extra[key].split())
        assert extra[key].startswith("python -m model_zoo.train.affinity")
    assert len(extra["domain"]["smiles"]) == 68 and len(extra["domain"]["protein_sequences"]) == 442
    assert (tool.WEIGHTS_DIR / "davis.md").exists() and (tool.WEIGHTS_DIR / "metrics.json").exists()
    broken = dict(checkpoint.state_dict)
    broken.pop(next(iter(broken)))
    with pytest.raises(RuntimeError, match="Missing key"):
        type(checkpoint)(checkpoint.model_kind, checkpoint.hparams, broken, extra).build()


# --- building blocks -----------------------------------------------------------------------------------------------


def test_concordance_index_matches_brute_force() -> None:
    rng = np.random.default_rng(0)
    y = np.round(rng.normal(size=60), 1)  # ties in y
    pred = np.round(y + rng.normal(scale=0.7, size=60), 1)  # ties in predictions
    concordant = pairs = 0.0
    for i, j in itertools.permutations(range(60), 2):
        if y[i] > y[j]:
            pairs += 1
            concordant += 1.0 if pred[i] > pred[j] else 0.5 if pred[i] == pred[j] else 0.0
    assert concordance_index(y, pred) == pytest.approx(concordant / pairs)
    assert concordance_index(y, y) == 1.0


def test_kmer_features() -> None:
    assert kmer_counts("ACDA", 1)[0] == 2 and kmer_counts("ACXDA", 2).sum() == 2  # X breaks the 2-mers
    features = KmerComposition().many(["MKVLAAGIVALLLA", "GGGGGGGGGGGGGG"])
    assert features.shape == (2, 20 + 400 + 343)
    assert np.sqrt(np.mean(features[0, :20] ** 2)) == pytest.approx(1.0, rel=1e-5)



def test_tiny_training_run_fits_a_handful_of_pairs(one_thread: None) -> None:
    smiles = [CANERTINIB, GEFITINIB, IMATINIB, ASPIRIN, "CCO", "c1ccccc1O"]
    from model_zoo.chem.mols import parse_smiles

    drugs = MorganCounts().many([parse_smiles(s) for s in smiles])
    proteins = KmerComposition().many([ALBUMIN[:200], ALBUMIN[200:400], "GSAGSAPKVL" * 20])
    ia, ib = np.repeat(np.arange(6), 3), np.tile(np.arange(3), 6)
    y = 0.3 * ia - 0.8 * ib + 0.5 * (ia == ib)  # drug effect + protein effect + a few specific pairs
    train = Pairs(ia, ib, y)
    config = PairConfig(a_hidden=(32,), b_hidden=(32,), embed=16, head_hidden=(32,), dropout=0.0, lr=1e-2,
                        batch_size=6, max_epochs=60, patience=60)

    def validate(model: torch.nn.Module) -> float:
        out = raw_outputs(model, torch.from_numpy(drugs), torch.from_numpy(proteins), ia, ib).squeeze(-1).numpy()
        return float(np.mean((out - y) ** 2))

    trained = train_pair_net(drugs, proteins, train, "mse", 1, config, validate, higher_is_better=False)
    assert trained.val_metric < 0.25 * float(np.var(y))  # it learns the pairs (a smoke test, seconds)


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
    thread = ThreadRef("console", "local", "terminal", "affinity")
    egfr = davis_sequence("EGFR")
    reply = handle_turn(Turn(thread, "alice", f"What is the binding affinity of {GEFITINIB} for {egfr}?", []), deps)
    [call] = reply.tool_calls
    assert call.name == "drug_target_affinity_regression_predict" and call.status == "ok"
    [table] = reply.tables
    assert [r["smiles"] for r in table.rows] == [GEFITINIB] and table.rows[0]["pKd"] > 8.0
    assert {a.media_type for a in reply.artifacts} == {"text/csv", "image/png"}
    assert deps.pool_store.get(thread.key(), "user_target_seq").value == egfr
