"""ClinTox and Tox21 properties of drug_property_prediction: the committed multitask models (no mocks)."""

from __future__ import annotations

import json
import os
import re
import shlex
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from tests_support import TWENTY
import torch

from model_zoo.checkpoint import load_checkpoint
from model_zoo.chem.featurizers import DescriptorScaler, MolFeaturizer
from model_zoo.chem.mols import parse_smiles
from model_zoo.nn.mlp import MLP
from model_zoo.specs import CLINTOX_NAMES, PROPERTY, PROPERTY_NAMES, PROPERTY_WORDS, TOX21_NAMES, canonical_enum
from model_zoo.tools import property as tool
from model_zoo.uncertainty import get_calibration
from model_zoo.train.property import (GROUPS, TrainConfig, evaluate_group, load_group, scaffold_split,
                                      train_multitask_mlp)

DATA_DIR = Path(os.environ.get("DRUGPILOT_DATA_DIR", Path(__file__).resolve().parents[3] / "shared" / "data"))
needs_data = pytest.mark.skipif(not (DATA_DIR / "moleculenet").is_dir(), reason="shared data folder not available")

NEW = CLINTOX_NAMES + TOX21_NAMES
TOX21_ASSAYS = ("NR-AR", "NR-AR-LBD", "NR-AhR", "NR-Aromatase", "NR-ER", "NR-ER-LBD", "NR-PPAR-gamma", "SR-ARE",
                "SR-ATAD5", "SR-HSE", "SR-MMP", "SR-p53")
ROC_AUC_FLOOR = 0.65  # test split (scaffold); a model that learned nothing scores about 0.5

ETHANOL = "CCO"
ESTRADIOL = "C[C@]12CC[C@@H]3c4ccc(O)cc4CC[C@H]3[C@@H]1CC[C@@H]2O"
BENZO_A_PYRENE = "c1ccc2c(c1)cc1ccc3cccc4ccc2c1c34"
CAFFEINE = "Cn1c(=O)c2c(ncn2C)n(C)c1=O"
ASPIRIN = "CC(=O)Oc1ccccc1C(=O)O"
MOLECULES = [ETHANOL, "C1CC(", ESTRADIOL, "", BENZO_A_PYRENE, CAFFEINE, ASPIRIN]  # rows 2 and 4 invalid

# Words each property's display must use, so that a reply names the assay in plain words.
PLAIN_WORDS = {
    "FDA_APPROVED": "FDA approval", "CT_TOX": "failed clinical trials for toxicity",
    "NR-AR": "androgen receptor", "NR-AR-LBD": "androgen receptor ligand-binding domain",
    "NR-AhR": "aryl hydrocarbon receptor", "NR-Aromatase": "aromatase", "NR-ER": "estrogen receptor",
    "NR-ER-LBD": "estrogen receptor alpha ligand-binding domain", "NR-PPAR-gamma": "PPAR-gamma",
    "SR-ARE": "antioxidant response element", "SR-ATAD5": "ATAD5", "SR-HSE": "heat shock",
    "SR-MMP": "mitochondrial membrane potential", "SR-p53": "p53",
}


def metrics_file() -> dict:
    return json.loads((tool.WEIGHTS_DIR / "metrics.json").read_text())


# --- the contract --------------------------------------------------------------------------------------------------


def test_enum_holds_the_tcdd_column_names_exactly() -> None:
    assert CLINTOX_NAMES == ("FDA_APPROVED", "CT_TOX")
    assert TOX21_NAMES == TOX21_ASSAYS
    assert PROPERTY_NAMES[:5] == ("logSolubility", "freesolv", "lipo", "p_np", "Class")
    assert set(NEW) <= set(PROPERTY_NAMES) and len(set(PROPERTY_NAMES)) == len(PROPERTY_NAMES)
    assert list(PROPERTY.param("property").enum) == list(PROPERTY_NAMES)
    assert all(name in PROPERTY.description for name in NEW)


def test_user_words_map_to_the_new_properties() -> None:
    assert all(word == word.lower() for word in PROPERTY_WORDS)
    assert all(member in PROPERTY_NAMES for member in PROPERTY_WORDS.values())
    expected = {"clinical toxicity": "CT_TOX", "ct_tox": "CT_TOX", "fda approval": "FDA_APPROVED",
                "fda approved": "FDA_APPROVED", "androgen receptor": "NR-AR", "estrogen receptor": "NR-ER",
                "aromatase": "NR-Aromatase", "ahr": "NR-AhR", "ppar-gamma": "NR-PPAR-gamma",
                "antioxidant response element": "SR-ARE", "atad5": "SR-ATAD5", "heat shock": "SR-HSE",
                "mitochondrial membrane potential": "SR-MMP", "sr-p53": "SR-p53", "nr-ar-lbd": "NR-AR-LBD",
                # gene symbols of the assays' receptors and pathways
                "esr1 agonist": "NR-ER", "cyp19a1 inhibition": "NR-Aromatase", "nfe2l2 activation": "SR-ARE",
                "hsf1 activation": "SR-HSE", "tp53 activation": "SR-p53",  # as assay words: ESR1 alone is a target
                "are assay": "SR-ARE"}
    assert {word: PROPERTY_WORDS[word] for word in expected} == expected
    # ordinary English must not pick a property ("are", "response", "toxicity" alone)
    assert not {"are", "response", "toxicity", "toxic", "approved", "activation", "mmp", "p53"} & set(PROPERTY_WORDS)
    for name in NEW:  # the enum value itself, in any case, is accepted
        assert canonical_enum(PROPERTY, "property", name.lower()) == name


# --- the tool ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("prop", NEW)
def test_every_new_property_predicts_probabilities_in_input_order(prop: str) -> None:
    result = tool.run({"drug_smiles": MOLECULES, "property": prop})
    assert result.status == "ok"
    assert [row["row"] for row in result.rows] == list(range(1, len(MOLECULES) + 1))
    assert [row["smiles"] for row in result.rows] == MOLECULES
    assert result.columns == ["row", "smiles", "prediction", "unit", "label", "uncertainty", "similarity", "in_domain",
                              "measured", "error"]
    negative, positive = tool.get_model(prop).info["labels"]
    cut = get_calibration(tool.CALIBRATION, prop).threshold  # chosen on validation for balanced accuracy
    assert 0.0 < cut < 1.0 and f"(probability >= {cut:.2g})" in result.summary
    for row in result.rows:
        if row["row"] in (2, 4):
            assert row["error"].startswith("invalid SMILES") and "prediction" not in row
        else:
            assert 0.0 <= row["prediction"] <= 1.0 and row["unit"] == "probability"
            assert row["label"] == (positive if row["prediction"] >= cut else negative)
    assert [w.split(":")[0] for w in result.warnings] == ["row 2", "row 4"]
    assert "2 invalid SMILES (rows 2, 4)" in result.summary
    assert result.summary.startswith(f"{prop}: ") and PLAIN_WORDS[prop] in result.summary
    assert ("(ClinTox)" if prop in CLINTOX_NAMES else "(Tox21)") in result.summary
    assert result.model is not None and result.model.version == "1.0.0"
    assert result.model.test_metrics["roc_auc"] == pytest.approx(metrics_file()[prop]["test"]["roc_auc"], abs=1e-4)
    assert {a.name for a in result.artifacts} == {f"{prop}_predictions.csv", f"{prop}_predictions.png"}


def test_order_follows_input_and_each_assay_reads_its_own_output() -> None:
    smiles = [ETHANOL, ESTRADIOL, BENZO_A_PYRENE, CAFFEINE, ASPIRIN]
    for prop in ("CT_TOX", "SR-p53"):
        forward = [row["prediction"] for row in tool.run({"drug_smiles": smiles, "property": prop}).rows]
        backward = [row["prediction"] for row in tool.run({"drug_smiles": smiles[::-1], "property": prop}).rows]
        assert backward == forward[::-1]
    mols = [parse_smiles(s) for s in smiles]
    per_output = {tuple(np.round(tool.get_model(prop).predict(mols), 6)) for prop in NEW}
    assert len(per_output) == len(NEW)  # fourteen different outputs, not one repeated


def test_selected_output_equals_the_network_column() -> None:
    model = tool.get_model("NR-ER")
    mols = [parse_smiles(s) for s in (ESTRADIOL, ETHANOL)]
    features = torch.from_numpy(model.featurize(mols))
    with torch.inference_mode():
        raw = model.network(features)  # (members, molecules, 12)
    column = tool.model_location("NR-ER")[1]
    expected = torch.sigmoid(raw[..., column]).mean(dim=0).numpy()
    assert model.predict(mols) == pytest.approx(expected, abs=1e-6)
    assert tool.get_model("NR-AR").network is model.network  # one file, loaded once for its twelve outputs


def test_known_chemistry() -> None:
    er = {row["smiles"]: row["prediction"] for row in
          tool.run({"drug_smiles": [ESTRADIOL, ETHANOL, CAFFEINE], "property": "NR-ER"}).rows}
    assert er[ESTRADIOL] > 0.5 > max(er[ETHANOL], er[CAFFEINE])  # estradiol is the estrogen receptor's ligand
    ahr = {row["smiles"]: row["prediction"] for row in
           tool.run({"drug_smiles": [BENZO_A_PYRENE, ETHANOL], "property": "NR-AhR"}).rows}
    assert ahr[BENZO_A_PYRENE] > 0.5 > ahr[ETHANOL]  # polycyclic aromatics are classic AhR agonists


def test_unknown_property_is_a_clear_error() -> None:
    with pytest.raises(FileNotFoundError, match="no trained model for property 'NR-XYZ'"):
        tool.get_model("NR-XYZ")


# --- shipped files -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("prop", NEW)
def test_shipped_test_roc_auc_per_property(prop: str) -> None:
    entry = metrics_file()[prop]
    assert entry["split"] == "scaffold"
    assert entry["test"]["roc_auc"] > ROC_AUC_FLOOR
    assert entry["n"]["test"]["positive"] > 0 and entry["n"]["test"]["measured"] > entry["n"]["test"]["positive"]
    stored = load_checkpoint(tool.model_location(prop)[0]).extra["properties"][prop]["metrics"]
    assert stored["test"] == entry["test"]


@pytest.mark.parametrize("group", sorted(GROUPS))
def test_multitask_files_are_small_strict_and_self_describing(group: str) -> None:
    labels = [label.name for label in GROUPS[group].labels]
    path = tool.WEIGHTS_DIR / f"{group}.pt"
    assert path.stat().st_size < 5 * 2**20
    checkpoint = load_checkpoint(path)
    checkpoint.build()  # strict=True
    extra = checkpoint.extra
    assert extra["property_group"] == group and extra["version"] == "1.0.0" and extra["split"]["kind"] == "scaffold"
    assert list(extra["properties"]) == labels
    assert [extra["properties"][name]["output"] for name in labels] == list(range(len(labels)))
    assert checkpoint.hparams["out_dim"] == len(labels)
    assert re.fullmatch(r"[0-9a-f]{64}", extra["data"]["sha256"])
    command = shlex.split(extra["train_command"])
    assert command[:3] == ["python", "-m", "model_zoo.train.property"] and command[-2:] == ["--only", group]
    assert not any(part.startswith("/") for part in command + shlex.split(extra["evaluate_command"]))
    card = (tool.WEIGHTS_DIR / f"{group}.md").read_text()
    assert extra["train_command"] in card and "scaffold" in card.lower()
    for name in labels:
        assert tool.model_location(name) == (path, extra["properties"][name]["output"])
        assert f"`{name}`" in card
        assert f"{extra['properties'][name]['metrics']['test']['roc_auc']:.3f}" in card
    assert not re.search(r"(?<![\w.])/(?:work|home|tmp|root)/", card)


def test_zoo_listing_includes_the_new_properties() -> None:
    from model_zoo.cli import _test_metrics

    listed = _test_metrics("property")
    assert set(NEW) | {"logSolubility", "freesolv", "lipo", "p_np", "Class"} <= set(listed)
    assert all("roc_auc" in listed[name] for name in NEW)


# --- training ----------------------------------------------------------------------------------------------------




def test_missing_labels_are_masked_not_read_as_zero(one_thread: None) -> None:
    """Label 1 is never measured in training: masked, it sends no gradient, so its output row keeps its initial
    weights (Adam moves nothing without a gradient; weight decay is negligible). Read as 0, it would be trained."""
    mols = [parse_smiles(s) for s in TWENTY]
    featurizer = MolFeaturizer(fp_size=256)
    raw = featurizer.many(mols)
    x = DescriptorScaler.fit(raw, featurizer.n_descriptors).transform(raw)
    rings = np.array([float(m.GetRingInfo().NumRings() > 0) for m in mols])
    y_train = np.stack([rings, np.full(20, np.nan)], axis=1)
    y_val = np.stack([rings, (np.arange(20) % 2).astype(float)], axis=1)  # both classes, for early stopping
    config = TrainConfig(hidden=(32,), dropout=0.0, lr=3e-3, batch_size=4, max_epochs=15, patience=100)
    torch.manual_seed(config.seed)
    initial = MLP(x.shape[1], config.hidden, 2, config.dropout).net[-1]  # what train_multitask_mlp starts from
    trained = train_multitask_mlp(x, y_train, x, y_val, config)
    head = trained.model.net[-1]
    assert all(torch.isfinite(p).all() for p in trained.model.parameters())
    assert not torch.allclose(head.weight[0], initial.weight[0], atol=1e-3)  # label 0 was learned
    assert torch.allclose(head.weight[1], initial.weight[1], atol=1e-4)
    assert torch.allclose(head.bias[1], initial.bias[1], atol=1e-4)
    with pytest.raises(AssertionError):  # the same check catches unmasked training
        zeros = train_multitask_mlp(x, np.nan_to_num(y_train), x, y_val, config).model.net[-1]
        assert torch.allclose(zeros.weight[1], initial.weight[1], atol=1e-4)


# --- data (needs the shared data folder) -------------------------------------------------------------------------


@needs_data
def test_tox21_loads_with_missing_labels_as_nan_and_unparsable_rows_listed() -> None:
    group = GROUPS["tox21"]
    data = load_group(DATA_DIR, group)
    frame = pd.read_csv(DATA_DIR / group.file)
    assert data.rows == len(frame) == 7831 and len(data.smiles) == 7823
    assert len(data.dropped) == 8 and all("valence" in d["reason"] and "Al" in d["smiles"] for d in data.dropped)
    kept = frame.drop(index=[d["row"] - 1 for d in data.dropped])
    assert kept.smiles.tolist() == data.smiles
    assert np.array_equal(np.isnan(data.y), kept[list(TOX21_ASSAYS)].isna().to_numpy())  # empty stays missing
    assert int(np.isnan(data.y).sum()) > 15000
    assert set(np.unique(data.y[~np.isnan(data.y)])) == {0.0, 1.0}


@needs_data
@pytest.mark.parametrize("group", sorted(GROUPS))
def test_evaluate_reproduces_the_stored_test_metrics(group: str) -> None:
    data = load_group(DATA_DIR, GROUPS[group])
    train, val, test = scaffold_split(data.smiles)
    assert not (set(train) & set(test)) and len(train) + len(val) + len(test) == len(data.smiles)
    fresh = evaluate_group(GROUPS[group], data, tool.WEIGHTS_DIR)
    stored = metrics_file()
    for name, scores in fresh.items():
        assert scores == pytest.approx(stored[name]["test"], abs=1e-3)
