"""Computed descriptors through the property tool: exact RDKit values, labelled computed, never predicted."""

from __future__ import annotations

import pytest
from rdkit import Chem
from rdkit.Chem import QED, Crippen, Descriptors, Lipinski, rdMolDescriptors

from model_zoo.chem.descriptors import DESCRIPTORS
from model_zoo.registry import run_tool
from model_zoo.specs import COMPUTED_NAMES, PROPERTY, PROPERTY_NAMES, canonical_enum
from model_zoo.tools import property as tool

ASPIRIN = "CC(=O)Oc1ccccc1C(=O)O"
IMATINIB = "Cc1ccc(NC(=O)c2ccc(CN3CCN(C)CC3)cc2)cc1Nc1nccc(-c2cccnc2)n1"
CYCLOSPORIN = ("CC[C@H]1C(=O)N(CC(=O)N([C@H](C(=O)N[C@H](C(=O)N([C@H](C(=O)N[C@H](C(=O)N[C@@H](C(=O)N([C@H](C(=O)"
               "N([C@H](C(=O)N([C@H](C(=O)N([C@H](C(=O)N1)[C@@H]([C@H](C)C/C=C/C)O)C)C(C)C)C)CC(C)C)C)CC(C)C)C)C)C)CC(C)C)"
               "C)C(C)C)CC(C)C)C)C")
SMILES = ["CCO", ASPIRIN, IMATINIB, CYCLOSPORIN]
RDKIT = {"MW": Descriptors.MolWt, "cLogP": Crippen.MolLogP, "TPSA": rdMolDescriptors.CalcTPSA,
         "HBD": rdMolDescriptors.CalcNumHBD, "HBA": rdMolDescriptors.CalcNumHBA,
         "rotatable_bonds": rdMolDescriptors.CalcNumRotatableBonds, "QED": QED.qed}


def test_computed_names_extend_the_tcdd_enum() -> None:
    enum = PROPERTY.param("property").enum
    assert enum[:5] == ("logSolubility", "freesolv", "lipo", "p_np", "Class")  # TCDD's own values first, unchanged
    assert enum[-len(COMPUTED_NAMES):] == COMPUTED_NAMES and tuple(DESCRIPTORS) == COMPUTED_NAMES
    assert enum == PROPERTY_NAMES
    for words, member in [("molecular weight", "MW"), ("cLogP", "cLogP"), ("TPSA", "TPSA"),
                          ("rule of five", "Lipinski"), ("rotatable bonds", "rotatable_bonds"), ("QED", "QED")]:
        assert canonical_enum(PROPERTY, "property", words) == member


@pytest.mark.parametrize("name", sorted(RDKIT))
def test_values_equal_rdkits_and_say_computed(name: str) -> None:
    result = tool.run({"property": name, "drug_smiles": SMILES})
    assert result.status == "ok" and [r["row"] for r in result.rows] == [1, 2, 3, 4]
    digits = DESCRIPTORS[name].digits
    for row, smiles in zip(result.rows, SMILES):
        expected = RDKIT[name](Chem.MolFromSmiles(smiles))
        assert row["value"] == (round(expected, digits) if digits else expected), (name, smiles)
        assert row["method"].startswith("computed with RDKit") and "prediction" not in row
    assert "computed with RDKit" in result.summary and "not a model prediction" in result.summary
    assert "predicted" not in result.summary.lower().replace("not a model prediction", "")
    assert "RDKit" in result.model.name and "computed" in result.model.name and not result.model.test_metrics
    assert [a.name for a in result.artifacts] == [f"{name}_computed.csv", f"{name}_computed.png"]


def test_lipinski_and_veber_pass_and_fail_with_their_parts() -> None:
    lip = tool.run({"property": "Lipinski", "drug_smiles": SMILES}).rows
    assert [r["value"] for r in lip] == ["pass", "pass", "pass", "fail"]  # cyclosporin: MW, N+O, NH+OH
    big = Chem.MolFromSmiles(CYCLOSPORIN)
    assert lip[3]["mw"] == round(Descriptors.MolWt(big), 2) and lip[3]["n_o"] == Lipinski.NOCount(big)
    assert lip[3]["violations"] >= 2 and "mw" in lip[3]["violated"]
    veber = tool.run({"property": "Veber", "drug_smiles": SMILES}).rows
    assert [r["value"] for r in veber] == ["pass", "pass", "pass", "fail"]
    assert veber[3]["tpsa"] == round(rdMolDescriptors.CalcTPSA(big), 2) and veber[3]["tpsa"] > 140


def test_invalid_smiles_is_reported_in_its_row_and_the_rest_computed() -> None:
    result = run_tool("drug_property_prediction", {"property": "MW", "drug_smiles": ["CCO", "C1CC", ASPIRIN]})
    assert result.status == "ok" and "error" in result.rows[1] and result.rows[2]["value"] == 180.16
    assert "1 invalid SMILES (row 2)" in result.summary
    nothing = tool.run({"property": "TPSA", "drug_smiles": ["C1CC"]})
    assert nothing.status == "error" and "none of the 1 SMILES is valid" in nothing.summary
