"""Structural alerts (PAINS, Brenk, NIH via RDKit's FilterCatalog) on generated and optimised molecules."""

from __future__ import annotations

import pytest
from rdkit import Chem

from model_zoo.chem.alerts import AlertScreen, alerts_in
from model_zoo.chem.featurizers import morgan_bits
from model_zoo.tools import optimization
from model_zoo.tools.generation import Candidate, pick_diverse
from model_zoo.tools.optimization import Analogue

GEFITINIB = "COc1cc2ncnc(Nc3ccc(F)c(Cl)c3)c2cc1OCCCN1CCOCC1"
ERLOTINIB = "COCCOc1cc2ncnc(Nc3cccc(C#C)c3)c2cc1OCCOC"
IMATINIB = "Cc1ccc(NC(=O)c2ccc(CN3CCN(C)CC3)cc2)cc1Nc1nccc(-c2cccnc2)n1"


def names(smiles: str) -> set[str]:
    return set(alerts_in(Chem.MolFromSmiles(smiles)))


@pytest.mark.parametrize(("smiles", "expected"), [
    ("CCNNc1ccc(C(N)=O)cc1", "NIH: hydrazine"),  # hydrazine
    ("C1CNNC1c1ccccc1", "NIH: hydrazine"),  # cyclic hydrazine
    ("CNC(NC)Cc1ccccc1", "Brenk: het-C-het_not_in_ring"),  # acyclic aminal
    ("NC1CCCCN1Cc1ccccc1", "reactive: aminal / hemiaminal / hemiacetal"),  # aminal on a ring
    ("ClCCc1ccccc1", "Brenk: alkyl_halide"),  # primary alkyl chloride
    ("CC(Br)c1ccccc1", "NIH: secondary_halide_sulfate"),  # secondary alkyl bromide
    ("C1COCCN1OCc1ccccc1", "reactive: N-N or N-O single bond (hydrazine, hydroxylamine)"),
    ("O=C1C(=Cc2ccccc2)SC(=S)N1", "PAINS: ene_rhod_A(235)"),  # rhodanine, a PAINS classic
])
def test_reactive_and_unstable_groups_are_named(smiles: str, expected: str) -> None:
    assert expected in names(smiles)


@pytest.mark.parametrize("smiles", [GEFITINIB, ERLOTINIB, IMATINIB, "FC(F)(F)Oc1ccc(CCN)cc1", "c1ccc2OCOc2c1"])
def test_approved_kinase_inhibitors_and_stable_groups_pass(smiles: str) -> None:
    assert names(smiles) == set()


def test_screen_counts_removals_and_allows_inherited_alerts() -> None:
    screen = AlertScreen(alerts_in(Chem.MolFromSmiles("ClCCc1ccccc1")))
    assert screen.passes(Chem.MolFromSmiles("ClCCc1ccc(O)cc1"))  # keeps the start's alkyl chloride: allowed
    assert not screen.passes(Chem.MolFromSmiles("ClCCc1ccc(NN)cc1"))  # adds a hydrazine: removed
    assert screen.removed == 1 and screen.by_alert["NIH: hydrazine"] == 1
    assert screen.examples[0][0] == "NNc1ccc(CCCl)cc1"
    assert screen.summary("analogue", " near the target").startswith(
        "1 analogue near the target was removed for structural alerts")
    assert "NIH: hydrazine 1" in screen.summary()
    assert AlertScreen().summary() == ""
    screen.passes(Chem.MolFromSmiles("BrCCc1ccc(NN)cc1"))
    assert screen.summary().startswith("2 candidates were removed")


def test_a_hydrazine_analogue_closest_to_the_target_is_removed() -> None:
    """The optimiser's final pick (the same function the tool runs) drops the best-scoring analogue when it
    carries a hydrazine, and counts it."""
    def analogue(smiles: str, prediction: float) -> Analogue:
        mol = Chem.MolFromSmiles(smiles)
        return Analogue(mol, Chem.MolToSmiles(mol), ["edit"], prediction, 0.8, fp=morgan_bits(mol))

    hydrazine = analogue("COc1cc2ncnc(Nc3ccc(F)c(Cl)c3)c2cc1OCCCN1CCN(N)CC1", -3.0)  # exactly on target
    clean = analogue("COc1cc2ncnc(Nc3ccc(F)c(Cl)c3)c2cc1OCCCN1CCC(O)CC1", -2.0)
    screen = AlertScreen(alerts_in(Chem.MolFromSmiles(GEFITINIB)))
    chosen = optimization._diverse([hydrazine, clean], -3.0, 5, screen)
    assert [a.smiles for a in chosen] == [clean.smiles]
    assert screen.removed == 1 and "NIH: hydrazine" in screen.by_alert


def test_generation_never_picks_a_candidate_with_an_alert() -> None:
    screen = AlertScreen()
    smiles = ["COc1cc2ncnc(Nc3ccc(F)c(Cl)c3)c2cc1OCCCN1CCN(N)CC1", GEFITINIB]  # hydrazine first, on target
    candidates = [Candidate(s, Chem.MolFromSmiles(s), -2.0 + 0.1 * i, "mutation", screen) for i, s in enumerate(smiles)]
    chosen = pick_diverse(candidates, -2.0, 2)
    assert [c.smiles for c in chosen] == [smiles[1]] and screen.removed == 1


def test_optimised_rows_add_no_alert_and_the_reply_says_so() -> None:
    mol = Chem.MolFromSmiles(GEFITINIB)
    mask = [0] * mol.GetNumAtoms()
    for i in range(mol.GetNumAtoms() - 5, mol.GetNumAtoms()):  # part of the morpholine ring may change
        mask[i] = 1
    result = optimization.run({"zscore": -3.0, "cell_line": "905949", "gt": GEFITINIB, "mask": mask})
    assert result.status == "ok" and result.rows
    for row in result.rows:
        assert names(row["smiles"]) == set() and row["structural_alerts"] == "none", row
    assert "structural alert" in result.summary
    removed = [a for a in result.artifacts if a.name.endswith("_removed_for_alerts.csv")]
    if removed:  # every listed molecule names its alerts, and really has them
        lines = removed[0].data.decode().splitlines()[1:]
        for line in lines:
            smiles, _, listed = line.partition(",")
            assert listed and set(listed.strip('"').split("; ")) <= names(smiles)
