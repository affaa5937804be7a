"""Trust in predictions: applicability domain, measured values and calibrated uncertainty (issue 14), on the
shipped domain and calibration files and the real models; checks against the data skip without ../shared."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from rdkit import Chem

from model_zoo import cell_models
from model_zoo.applicability import Domain, fingerprint, get_domain, save_domain
from model_zoo.target_models import get_model
from model_zoo.tools import affinity, cell_response, drug_drug, retrosynthesis, target_interaction
from model_zoo.tools import property as prop
from model_zoo.uncertainty import (
    conformal_quantile,
    fit_platt,
    get_calibration,
    reliability,
    sigmoid,
    wilson_halfwidth,
)

REPO = Path(__file__).resolve().parents[2]
WEIGHTS = REPO / "model_zoo" / "weights"
DATA = REPO.parent / "shared" / "data"
needs_data = pytest.mark.skipif(not DATA.is_dir(), reason="../shared/data is absent")

ETHANOL, ASPIRIN, BENZENE, CAFFEINE = "CCO", "CC(=O)Oc1ccccc1C(=O)O", "c1ccccc1", "Cn1cnc2c1c(=O)n(C)c(=O)n2C"
IMATINIB = "Cc1ccc(NC(=O)c2ccc(CN3CCN(C)CC3)cc2)cc1Nc1nccc(-c2cccnc2)n1"
CARBORANE_LIKE = "[SiH3][SiH2][SiH2][SiH2][SiH3]"  # no ESOL / BBBP molecule looks like a silane chain


# --- the shared modules --------------------------------------------------------------------------------------


def test_conformal_quantile_is_the_finite_sample_rank() -> None:
    scores = np.arange(1, 20, dtype=float)  # 19 scores: ceil(20 * 0.9) = 18th smallest
    assert conformal_quantile(scores, 0.9) == 18.0
    assert conformal_quantile(np.array([3.0, 1.0]), 0.9) == 3.0  # never beyond the largest


def test_platt_recovers_a_known_miscalibration_and_survives_separable_data() -> None:
    rng = np.random.default_rng(0)
    z = rng.normal(size=4000)
    y = rng.random(4000) < sigmoid(0.5 * z + 0.3)
    a, b = fit_platt(sigmoid(z), y)
    assert a == pytest.approx(0.5, abs=0.1) and b == pytest.approx(0.3, abs=0.1)
    a, b = fit_platt(np.r_[np.full(50, 0.01), np.full(50, 0.99)], np.r_[np.zeros(50), np.ones(50)])
    assert np.isfinite([a, b]).all() and 0 < a < 5


def test_reliability_and_wilson() -> None:
    p = np.array([0.05] * 10 + [0.95] * 10)
    y = np.array([0] * 10 + [1] * 5 + [0] * 5)
    table = reliability(p, y)
    assert table["ece"] == pytest.approx(0.5 * 0.05 + 0.5 * 0.45)
    assert wilson_halfwidth(np.array([0.5]), np.array([10000]))[0] == pytest.approx(1.645 * 0.005, rel=0.01)
    assert wilson_halfwidth(np.array([0.5]), np.array([10]))[0] > 0.2


def test_domain_file_round_trip_matches_measured_values_by_inchikey(tmp_path: Path) -> None:
    training = [Chem.MolFromSmiles(s) for s in ("CCO", "CCCO", "c1ccccc1O")]
    measured = [(Chem.MolFromSmiles("OCC"), Chem.MolToInchiKey(Chem.MolFromSmiles("CCO")), [1.1]),
                (Chem.MolFromSmiles("C[C@H](N)C(=O)O"), Chem.MolToInchiKey(Chem.MolFromSmiles("C[C@H](N)C(=O)O")),
                 [2.0])]
    path = tmp_path / "domain_test.npz"
    save_domain(path, "toy", training, 0.5, {"dataset": "toy"}, measured, ["value"])
    domain = Domain.load(path)
    assert len(domain.fingerprints) == 3 and domain.threshold == 0.5
    assert list(domain.fingerprints[0].GetOnBits()) == list(fingerprint(training[0]).GetOnBits())
    found = domain.assess([Chem.MolFromSmiles(s) for s in ("C(O)C", "C[C@@H](N)C(=O)O", "CC(C)(C)C(C)(C)C")])
    assert found.measured[0] == {"value": pytest.approx(1.1)}  # another spelling of ethanol
    # the other enantiomer has the same (achiral) fingerprint but not the same InChIKey: no measured value
    assert found.measured[1] is None
    assert found.similarity[0] == 1.0 and found.in_domain.tolist() == [True, False, False]


@pytest.mark.parametrize("path", sorted(WEIGHTS.glob("*/domain_*.npz")), ids=lambda p: p.name)
def test_shipped_domain_files_are_small_and_complete(path: Path) -> None:
    assert path.stat().st_size < 50 * 2**20
    domain = get_domain(path)
    assert 0.0 < domain.threshold < 1.0 and len(domain.fingerprints) >= 60
    assert "threshold_rule" in domain.meta and "n_training" in domain.meta


def test_every_tool_has_a_calibration_entry_with_test_numbers() -> None:
    keys = {"property": ["logSolubility", "freesolv", "lipo", "p_np", "Class", "CT_TOX", "SR-p53"],
            "affinity": ["davis"], "target_interaction": ["human"], "drug_drug": ["drugbank"],
            "cell_response": ["cell_response"], "retrosynthesis": ["retrosynthesis"]}
    for tool, names in keys.items():
        for name in names:
            entry = get_calibration(WEIGHTS / tool / "calibration.json", name)
            assert entry.method and entry.info["test"]["n"] > 50
            if entry.kind == "regression":
                assert 0.8 <= entry.info["test"]["coverage_90"] <= 0.99, (tool, name)


# --- in the tools ----------------------------------------------------------------------------------------------


def test_dti_answer_carries_the_ligand_bias_warning_for_everyday_molecules() -> None:
    davis = get_model(affinity.AFFINITY_TOOL.weights).info["domain"]
    egfr = davis["protein_sequences"][davis["protein_names"].index("EGFR")]
    result = target_interaction.run({"drug_smiles": [ETHANOL, ASPIRIN, BENZENE], "target_seq": egfr})
    card = json.loads((WEIGHTS / "target_interaction" / "metrics.json").read_text())["human"]
    molecule_only = card["test_single_side_baselines"]["molecule_only_logreg"]["auroc"]
    assert f"ROC-AUC {molecule_only:.2f}" in result.warnings[0] and "never the protein" in result.warnings[0]
    assert "Caution:" in result.summary and "balanced accuracy" in result.summary
    for row in result.rows:
        assert 0.0 <= row["probability"] <= 1.0 and row["uncertainty"] >= 0.0 and isinstance(row["in_domain"], bool)


def test_property_rows_flag_an_unfamiliar_molecule_and_say_so() -> None:
    result = prop.run({"property": "logSolubility", "drug_smiles": [ASPIRIN, CARBORANE_LIKE]})
    aspirin, silane = result.rows
    assert aspirin["in_domain"] and not silane["in_domain"] and silane["similarity"] < aspirin["similarity"]
    assert "1 of 2 molecules is unlike anything the model was trained on" in result.summary
    assert aspirin["uncertainty"] > 0.2  # a 90 % interval in log units, not a standard error


def test_classifier_probability_is_the_platt_calibrated_ensemble_mean() -> None:
    result = prop.run({"property": "p_np", "drug_smiles": [CAFFEINE]})
    model = prop.get_model("p_np")
    raw = model.predict([Chem.MolFromSmiles(CAFFEINE)])
    calibrated = get_calibration(prop.CALIBRATION, "p_np").probability(raw)
    assert result.rows[0]["prediction"] == pytest.approx(float(calibrated[0]), abs=1e-3)
    assert "balanced accuracy" in result.summary and "ROC-AUC" in result.summary


@needs_data
def test_a_training_molecule_gets_its_measured_value() -> None:
    esol = pd.read_csv(DATA / "moleculenet" / "delaney.csv")
    smiles, value = esol.smiles.iloc[10], float(esol.logp.iloc[10])
    row = prop.run({"property": "logSolubility", "drug_smiles": [smiles]}).rows[0]
    assert row["measured"] == pytest.approx(value, abs=1e-3)
    result = prop.run({"property": "logSolubility", "drug_smiles": [CARBORANE_LIKE, smiles]})
    assert "measured" not in result.rows[0] and f"measured {value:.2f}" in result.summary


@needs_data
def test_interval_coverage_on_the_real_esol_test_split() -> None:
    from model_zoo.train.property import TASKS, load_dataset, make_split

    data = load_dataset(DATA, TASKS["logSolubility"])
    test = make_split(TASKS["logSolubility"], data.smiles)[2]
    rows = prop.run({"property": "logSolubility", "drug_smiles": [data.smiles[i] for i in test]}).rows
    inside = [abs(data.y[i] - r["prediction"]) <= r["uncertainty"] for i, r in zip(test, rows)]
    assert 0.8 <= float(np.mean(inside)) <= 0.99


def test_ddi_pairs_carry_calibrated_confidence_and_the_less_familiar_molecule() -> None:
    result = drug_drug.run({"smiles_pairs": [[ASPIRIN, IMATINIB], [ASPIRIN, CARBORANE_LIKE]]})
    known, odd = result.rows
    assert 0.0 <= known["confidence"] <= 1.0 and known["uncertainty"] > 0.0
    assert known["in_domain"] and not odd["in_domain"] and odd["similarity"] < known["similarity"]
    assert "1 of 2 pairs is unlike anything the model was trained on" in result.summary


def test_cell_response_interval_is_wider_for_a_molecule_never_measured() -> None:
    gdsc2_drug = cell_models.get_model().info["training_drugs"]["smiles"][0]
    result = cell_response.run({"drug_smiles": [gdsc2_drug, "CC(C)Cc1ccc(C(C)C(=O)O)cc1"], "cell_name": "A549"})
    gdsc_drug, ibuprofen = result.rows
    assert gdsc_drug["similarity"] == 1.0 and ibuprofen["similarity"] < 1.0
    assert ibuprofen["uncertainty"] > gdsc_drug["uncertainty"] > 0.5
    assert "± is a 90 % interval" in result.summary


def test_retrosynthesis_rows_carry_a_calibrated_confidence() -> None:
    row = retrosynthesis.run({"smiles_list": ["CC(=O)Nc1ccc(O)cc1"]}).rows[0]
    assert 0.0 <= row["confidence"] <= 1.0 and 0.0 < row["uncertainty"] < 0.5 and isinstance(row["in_domain"], bool)


@needs_data
def test_a_uspto_training_product_gets_its_recorded_reactants() -> None:
    first = pd.read_csv(DATA / "uspto50k" / "processed.csv").iloc[0]
    row = retrosynthesis.run({"smiles_list": [first.products]}).rows[0]
    assert row["in_domain"] and row["similarity"] == 1.0
    assert row["measured"] == retrosynthesis.canonical_set(first.reactants)


@needs_data
def test_a_human_set_pair_gets_its_measured_label() -> None:
    pair = pd.read_csv(DATA / "dti_drugban" / "human" / "random" / "train.csv").iloc[0]
    row = target_interaction.run({"drug_smiles": [pair.SMILES], "target_seq": pair.Protein}).rows[0]
    assert row["measured"] == float(pair.Y) and row["similarity"] == 1.0
