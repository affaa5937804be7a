"""drug_property_prediction with the committed models (no mocks), plus its building blocks."""

from __future__ import annotations

import csv
import io
import re
import shlex

import numpy as np
import pytest
from tests_support import TWENTY

from model_zoo.checkpoint import load_checkpoint
from model_zoo.chem.featurizers import DescriptorScaler, MolFeaturizer
from model_zoo.chem.mols import InvalidSmiles, canonical, check_smiles_list, parse_smiles
from model_zoo.plots import row_labels, values_png
from model_zoo.specs import CLINTOX_NAMES, COMPUTED_NAMES, PROPERTY_NAMES, TOX21_NAMES
from model_zoo.tables import rows_to_csv
from model_zoo.tools import property as tool
from model_zoo.train.property import TrainConfig, random_split, scaffold_split, train_mlp

PNG = b"\x89PNG\r\n\x1a\n"
ETHANOL = "CCO"
BENZO_A_PYRENE = "c1ccc2c(c1)cc1ccc3cccc4ccc2c1c34"
DIAZEPAM = "CN1C(=O)CN=C(c2ccccc2)c2cc(Cl)ccc21"
CAFFEINE = "Cn1c(=O)c2c(ncn2C)n(C)c1=O"

PENICILLIN_G = "CC1(C)SC2C(NC(=O)Cc3ccccc3)C(=O)N2C1C(=O)O"
BACE_INHIBITOR = "O1CC[C@@H](NC(=O)[C@@H](Cc2cc3cc(ccc3nc2N)-c2ccccc2C)C)CC1(C)C"  # class 1 in the BACE set
ASPIRIN = "CC(=O)Oc1ccccc1C(=O)O"

# Predictions of the committed models, as the tool rounds them. After retraining, regenerate them by running
# tool.run on these SMILES, and check the model cards' metrics first.
GOLDEN: dict[str, dict[str, float]] = {
    "logSolubility": {ETHANOL: 1.144, BENZO_A_PYRENE: -8.237, DIAZEPAM: -4.139},
    "freesolv": {"C": 1.41, "OCC(O)CO": -13.505, "Clc1ccccc1": -1.033},
    "lipo": {"CCCCCCCCc1ccccc1": 4.817, "NCC(=O)O": -5.428, DIAZEPAM: 2.796},
    "p_np": {DIAZEPAM: 1.0, PENICILLIN_G: 0.022, CAFFEINE: 0.99},
    "Class": {BACE_INHIBITOR: 0.996, ASPIRIN: 0.0},
}
GOLDEN_TOLERANCE = 0.01


def predict(prop: str, smiles: list[str]) -> list[float]:
    return [row["prediction"] for row in tool.run({"drug_smiles": smiles, "property": prop}).rows]


# --- SMILES ------------------------------------------------------------------------------------------------------


def test_invalid_smiles_names_input_and_rdkit_reason() -> None:
    with pytest.raises(InvalidSmiles, match=r"'C1CC\(': syntax error"):
        parse_smiles("C1CC(")
    with pytest.raises(InvalidSmiles, match="valence"):
        parse_smiles("C(C)(C)(C)(C)C")
    with pytest.raises(InvalidSmiles, match="empty"):
        parse_smiles("  ")
    assert canonical(" OCC ") == "CCO"
    checked = check_smiles_list(["CCO", "xyz", "c1ccccc1"])
    assert [(i, mol is not None, err is None) for i, mol, err in checked] == [(0, True, True), (1, False, False),
                                                                             (2, True, True)]


# --- the tool ----------------------------------------------------------------------------------------------------


def test_invalid_rows_reported_in_place_and_order_kept() -> None:
    smiles = [ETHANOL, "C1CC(", BENZO_A_PYRENE, ""]
    result = tool.run({"drug_smiles": smiles, "property": "logSolubility"})
    assert result.status == "ok"
    assert [row["row"] for row in result.rows] == [1, 2, 3, 4]
    assert [row["smiles"] for row in result.rows] == smiles
    assert result.rows[1]["error"].startswith("invalid SMILES: syntax error")
    assert result.rows[3]["error"] == "invalid SMILES: empty SMILES"
    assert "prediction" not in result.rows[1]
    assert result.rows[0]["unit"] == "log10(mol/L)"
    assert len(result.warnings) == 2 and result.warnings[0].startswith("row 2:")
    assert "2 invalid SMILES (rows 2, 4)" in result.summary
    assert result.columns == ["row", "smiles", "prediction", "unit", "uncertainty", "similarity", "in_domain",
                              "measured", "error"]
    assert result.pool_value == result.rows and result.pool_kind == "table"
    assert result.model is not None and result.model.version == "1.0.0" and "rmse" in result.model.test_metrics


def test_predictions_permute_with_inputs() -> None:
    smiles = [ETHANOL, BENZO_A_PYRENE, DIAZEPAM, CAFFEINE, "CCCCCCCC"]
    forward = predict("lipo", smiles)
    backward = predict("lipo", smiles[::-1])
    assert backward == forward[::-1]


def test_nothing_valid_is_an_error_result() -> None:
    result = tool.run({"drug_smiles": ["not a smiles", "C1CC("], "property": "p_np"})
    assert result.status == "error"
    assert [row["row"] for row in result.rows] == [1, 2] and all("error" in row for row in result.rows)
    assert [a.name for a in result.artifacts] == ["p_np_predictions.csv"]


def test_classification_rows_carry_probability_and_label() -> None:
    result = tool.run({"drug_smiles": [DIAZEPAM, CAFFEINE], "property": "p_np"})
    assert result.columns == ["row", "smiles", "prediction", "unit", "label", "uncertainty", "similarity", "in_domain",
                              "measured"]
    for row in result.rows:
        assert 0.0 <= row["prediction"] <= 1.0 and row["unit"] == "probability"
        assert row["label"] == ("BBB+" if row["prediction"] >= 0.5 else "BBB-")
    names = {a.name: a for a in result.artifacts}
    assert names["p_np_predictions.csv"].media_type == "text/csv"
    assert names["p_np_predictions.png"].media_type == "image/png"
    assert names["p_np_predictions.png"].data.startswith(PNG)


def test_known_chemistry() -> None:
    ethanol, pah = predict("logSolubility", [ETHANOL, BENZO_A_PYRENE])  # measured: about 1.1 and -8.2
    assert ethanol > -0.5 and pah < -6.0
    methane, glycerol = predict("freesolv", ["C", "OCC(O)CO"])  # measured: +2.0 and about -13 kcal/mol
    assert methane > 0.5 and glycerol < -8.0
    octylbenzene, glycine = predict("lipo", ["CCCCCCCCc1ccccc1", "NCC(=O)O"])
    assert octylbenzene - glycine > 2.0
    # Diazepam, caffeine and morphine cross the blood-brain barrier; the beta-lactams penicillin G and
    # cefotaxime and the acidic sulfasalazine do not.
    probabilities = predict("p_np", [DIAZEPAM, CAFFEINE, "CN1CCC23c4c5ccc(O)c4OC2C(O)C=CC3C1C5",
                                     PENICILLIN_G,
                                     "CON=C(C(=O)NC1C(=O)N2C(C(=O)O)=C(COC(C)=O)CSC12)c1csc(N)n1",
                                     "OC(=O)c1cc(N=Nc2ccc(S(=O)(=O)Nc3ccccn3)cc2)ccc1O"])
    assert min(probabilities[:3]) > 0.5 > max(probabilities[3:])
    p_inhibitor, p_ethanol, p_aspirin = predict("Class", [BACE_INHIBITOR, ETHANOL, ASPIRIN])
    assert p_inhibitor > 0.5 > max(p_ethanol, p_aspirin)


@pytest.mark.parametrize("prop", sorted(GOLDEN))
def test_committed_models_reproduce_stored_predictions(prop: str) -> None:
    """The networks themselves (the tool reports classifier probabilities after calibration, test_applicability)."""
    smiles = list(GOLDEN[prop])
    raw = tool.get_model(prop).predict([parse_smiles(s) for s in smiles])
    assert raw.tolist() == pytest.approx([GOLDEN[prop][s] for s in smiles], abs=GOLDEN_TOLERANCE)


# Properties with a file of their own; the ClinTox and Tox21 ones share multitask files (test_toxicity.py).
SINGLE_OUTPUT = [p for p in PROPERTY_NAMES if p not in CLINTOX_NAMES + TOX21_NAMES + COMPUTED_NAMES]


def test_single_output_properties_are_the_five_original_ones() -> None:
    assert SINGLE_OUTPUT == ["logSolubility", "freesolv", "lipo", "p_np", "Class"]


@pytest.mark.parametrize("prop", SINGLE_OUTPUT)
def test_checkpoints_load_strictly_and_describe_themselves(prop: str) -> None:
    path = tool.WEIGHTS_DIR / f"{prop}.pt"
    assert path.stat().st_size < 10 * 2**20
    checkpoint = load_checkpoint(path)
    checkpoint.build()  # strict=True
    extra = checkpoint.extra
    assert extra["property"] == prop and extra["version"] == "1.0.0"
    assert set(extra["metrics"]) == {"val", "test"}
    assert ("rmse" if extra["task"] == "regression" else "roc_auc") in extra["metrics"]["test"]
    assert re.fullmatch(r"[0-9a-f]{64}", extra["data"]["sha256"])
    command = shlex.split(extra["train_command"])
    assert command[:3] == ["python", "-m", "model_zoo.train.property"]
    assert not any(part.startswith("/") for part in command)  # no path of the machine that trained it
    assert (tool.WEIGHTS_DIR / f"{prop}.md").exists()
    broken = dict(checkpoint.state_dict)
    broken.pop(next(iter(broken)))
    with pytest.raises(RuntimeError, match="Missing key"):
        type(checkpoint)(checkpoint.model_kind, checkpoint.hparams, broken, extra).build()


# --- training ----------------------------------------------------------------------------------------------------




def test_trainer_overfits_twenty_molecules(one_thread: None) -> None:
    mols = [parse_smiles(s) for s in TWENTY]
    featurizer = MolFeaturizer()
    raw = featurizer.many(mols)
    x = DescriptorScaler.fit(raw, featurizer.n_descriptors).transform(raw)
    y = np.array([m.GetNumHeavyAtoms() + 0.5 * s.count("O") for m, s in zip(mols, TWENTY)], dtype=np.float64)
    y = (y - y.mean()) / y.std()
    config = TrainConfig(hidden=(64,), dropout=0.0, lr=3e-3, max_epochs=100, patience=100)
    member = train_mlp(x, y, x, y, "regression", config)
    assert member.val_metric < 0.1  # RMSE on the training molecules, in standard deviations


def test_splits_partition_and_keep_scaffolds_together() -> None:
    train, val, test = random_split(100)
    assert sorted(np.concatenate([train, val, test]).tolist()) == list(range(100))
    assert (len(train), len(val), len(test)) == (80, 10, 10)
    smiles = TWENTY * 2
    parts = scaffold_split(smiles)
    assert sorted(np.concatenate(parts).tolist()) == list(range(40))
    benzene_like = {i for i, s in enumerate(smiles) if canonical(s) in {"c1ccccc1", "Cc1ccccc1", "CCc1ccccc1"}}
    assert sum(bool(benzene_like & set(p.tolist())) for p in parts) == 1


# --- tables and plots ----------------------------------------------------------------------------------------------


def test_csv_neutralises_formulas_in_text_but_not_numbers() -> None:
    rows = [{"row": 1, "smiles": '=HYPERLINK("http://x")', "prediction": -4.2},
            {"row": 2, "smiles": "@SUM(A1)", "prediction": 0.5, "error": "-2+3"},
            {"row": 3, "smiles": "+CCO", "prediction": None}]
    text = rows_to_csv(rows, ["row", "smiles", "prediction", "error"]).decode("utf-8")
    table = list(csv.reader(io.StringIO(text)))
    assert table[0] == ["row", "smiles", "prediction", "error"]
    assert table[1] == ["1", "'=HYPERLINK(\"http://x\")", "-4.2", ""]
    assert table[2] == ["2", "'@SUM(A1)", "0.5", "'-2+3"]
    assert table[3] == ["3", "'+CCO", "", ""]


def test_plots_return_png_bars_or_histogram() -> None:
    few = values_png([-1.0, 2.5, 0.3], row_labels([1, 2, 3], ["CCO", "c1ccccc1" * 10, "O"]), "logS", "log10(mol/L)")
    assert few.startswith(PNG)
    many = values_png(list(np.linspace(0, 1, 200)), [f"#{i}" for i in range(200)], "p", "probability",
                      reference=0.5, limits=(0.0, 1.0))
    assert many.startswith(PNG)
    assert row_labels([7], ["C" * 100])[0].startswith("#7 CCC") and len(row_labels([7], ["C" * 100])[0]) == 40
    with pytest.raises(ValueError):
        values_png([1.0], [], "x")

