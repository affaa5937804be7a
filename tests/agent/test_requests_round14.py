"""Requests of the fourteenth round: unitless potencies at a sentence's end and in Chinese, masks given as JSON
fields (RDKit atom indices, a SMARTS that may change), a pick ranked by one measure and run through another tool,
untrained environmental properties (BCF, aquatic toxicity, endocrine disruption), non-kinase targets named by
protein and gene, a reply that names another tool outright, list numbers glued to structures, a patient's age and
sex, a known flag that is no ask, and "the pair itself" after a per-drug ask."""

from __future__ import annotations

import pytest
from planning_support import decided, plan_with, ran

from agent.atom_ranges import find_atom_ranges, mask_from_words
from agent.entities import extract
from agent.history import PastRequest
from agent.planning.tool_choice import intents
from model_zoo.names import find_drug_names
from model_zoo.names.types import Resolved
from model_zoo.specs import TOOLS

PROPERTY = "drug_property_prediction"
RESPONSE = "drug_cell_response_regression_predict"
OPTIMIZATION = "drug_cell_response_regression_optimization"
DDI = "drug_drug_response_predict"
CLASSIFICATION = "drug_target_classification_predict"
DASATINIB = "CC1=C(C(=CC=C1)Cl)NC(=O)C2=CN=C(S2)NC3=CC(=NC(=N3)C)N4CCN(CC4)CCO"


@pytest.mark.parametrize("text", ["Generate molecules for A375, target IC50 5.",
                                  "A375 生成分子，目标 IC50 做到 5。"])
def test_a_unitless_potency_at_a_sentence_end_is_asked_about(text: str) -> None:
    """Before, the full stop after "5" hid it from the unit check, and 5 ran as ln(IC50)."""
    [unit] = [u for u in extract(text).unresolved if u.kind == "ic50_unit"]
    assert unit.written.endswith("5")
    assert "5 µM (ln IC50 1.61)" in unit.closest
    assert [u.kind for u in extract("Generate for A375, target IC50 5.5 µM.").unresolved] == []


def test_json_fields_give_the_mask_by_rdkit_index_and_by_smarts() -> None:
    gt = "COc1cc(Nc2nccc(n2)N(C)c3cc(CO)ccc3C)cc(c1)N4CCOCC4"
    by_index = ('{"gt": "' + gt + '", "cell_line": "SK-MEL-28", "target_ln_ic50": -2.5, "free_atoms": "26-31"}\n'
                "free_atoms are RDKit heavy-atom indices (inclusive), everything else fixed. Run the optimizer.")
    assert mask_from_words(find_atom_ranges(by_index), gt) == [0] * 26 + [1] * 6
    by_smarts = ('{"gt": "dasatinib", "cell_line": "K-562", "zscore": -3.0, "free_smarts": "N1CCN(CC1)CCO"}\n'
                 "free_smarts = the hydroxyethyl-piperazine; the rest stays.")
    [call] = plan_with(by_smarts, {})
    assert call.name == OPTIMIZATION
    assert call.arguments["gt"] == DASATINIB  # the SMARTS names a part; it is no second molecule
    assert call.arguments["mask"] == [0] * 24 + [1] * 9


def test_a_pick_ranked_by_one_measure_runs_the_tool_written_after_the_arrow() -> None:
    """Before, "ln IC50" in the pick read as the ask and the response model ran again."""
    values = {"user_cell_line": "K-562", "user_smiles": ["CCO", "CCN", "CCC"],
              "drug_cell_response_regression_predict_result": [{"smiles": "CCO", "ln_ic50": 2.0},
                                                               {"smiles": "CCN", "ln_ic50": 1.0},
                                                               {"smiles": "CCC", "ln_ic50": 3.0}]}
    history = [ran(RESPONSE, "`optimized_smiles` → ln IC50 in the same line")]
    [call] = plan_with("Top 2 by predicted ln IC50 from that table → p_np.", values, history)
    assert call.name == PROPERTY
    assert call.arguments["property"] == "p_np"
    assert sorted(call.arguments["drug_smiles"]) == ["CCN", "CCO"]


@pytest.mark.parametrize("text", [
    "Bioconcentration factor (BCF) in fish for trifluralin?",
    "Acute aquatic toxicity of endosulfan alpha — the 48 h Daphnia LC50?",
    "Endocrine disruption potential of butyl paraben?",
])
def test_untrained_environmental_properties_are_asked_about(text: str) -> None:
    """Before, "BCF" ran as a molecule (B-C-F) in a drug pair, and LC50 or endocrine disruption as a Tox21 or ClinTox
    model the user never named."""
    e = extract(text)
    assert "BCF" not in e.molecules
    assert any(u.kind == "property" for u in e.unresolved)
    assert decided(text) is None


@pytest.mark.parametrize(("text", "prop"), [
    ("Endocrine disruption in fish downstream of cotton fields — androgen receptor activity (the full-length AR "
     "assay) for endosulfan alpha and endrin?", "NR-AR"),
    ("Bioaccumulation screen for legacy organochlorines in sediment: chlordane and heptachlor. Give me logD at pH 7.4 "
     "for both.", "lipo"),
])
def test_a_trained_assay_named_beside_the_context_runs(text: str, prop: str) -> None:
    [call] = plan_with(text, {})
    assert call.arguments["property"] == prop
    assert len(call.arguments["drug_smiles"]) == 2


def test_a_pesticide_class_is_no_misspelt_drug() -> None:
    """"cyclodiene" is one letter from "cycladiene", a synonym of dienestrol, which ran in its place."""
    found = find_drug_names("logD for endrin and dieldrin — cyclodiene residues in eel tissue.")
    assert [m.written for m in found if isinstance(m, Resolved)] == ["endrin"]


def test_new_molecules_in_chinese_with_two_tools_results_are_asked_about() -> None:
    values = {"user_cell_line": "A549", "generated_smiles": ["CCO", "CCN"], "user_smiles": ["CCCO"],
              "user_mask": [1, 0, 0, 0], "optimized_smiles": ["CCCN", "CCCC"]}
    calls = plan_with("新分子的溶解度帮我算一下？", values)
    assert all("drug_smiles" not in c.arguments for c in calls)
    [call] = plan_with("优化出来的那些。", values, [PastRequest("u", "新分子的溶解度帮我算一下？", answered=False)])
    assert call.arguments["drug_smiles"] == "(optimized_smiles)"


@pytest.mark.parametrize("text", ["Binding affinity (pKd) of butyl paraben for estrogen receptor alpha (ESR1)?",
                                  "pKd of imatinib for PTGS2?", "Kd of celecoxib for cyclooxygenase-2 (PTGS2)"])
def test_a_target_outside_the_kinase_panels_is_asked_about_never_run_as_an_assay(text: str) -> None:
    """Before, "estrogen receptor" ran the Tox21 NR-ER assay in place of the pKd asked for."""
    assert any(u.kind == "target" for u in extract(text).unresolved)
    assert decided(text) is None


@pytest.mark.parametrize("text", ["Methadone 40 mg daily and ondansetron 8 mg t.i.d. — TWOSIDES please (QT worries).",
                                  "and androgen receptor (NR-AR) for them too",
                                  "For our BACE project I want to know if these inhibit BACE-1"])
def test_words_in_brackets_after_please_or_an_assay_name_are_no_targets(text: str) -> None:
    assert all(u.kind != "target" for u in extract(text).unresolved)


def test_a_reply_that_names_another_tool_outright_runs_that_tool() -> None:
    """After "Kd of JQ1 for BRD4?" was asked about, the reply names CDK9 and a binder call; before, it ran a Kd."""
    history = [PastRequest("u", "Kd of JQ1 for BRD4 bromodomain 1?", answered=False)]
    [call] = plan_with("fair. binder call for JQ1 against CDK9 then — people keep asking about off-target "
                       "transcriptional effects", {}, history)
    assert call.name == CLASSIFICATION


def test_list_numbers_glued_to_structures_are_no_part_of_them() -> None:
    e = extract("这两个能不能透过血脑屏障？\n1）ClCCNC(=O)N(CCCl)N=O\n2）C[C@](N)(Cc1ccc(O)c(O)c1)C(O)=O")
    assert e.molecules == ["ClCCNC(=O)N(CCCl)N=O", "C[C@](N)(Cc1ccc(O)c(O)c1)C(O)=O"]
    assert e.invalid_smiles == []


def test_a_patients_age_and_sex_is_no_potency() -> None:
    """Before, "72 M" read as a molar goal and a molecule generation joined the medication review."""
    text = ("Med rec for bed 12 (72 M, AF + hyperlipidaemia):\n- Coumadin 3 mg PO daily\n- Cordarone 200 mg PO daily\n"
            "- simvastatin 20 mg PO nightly\nAny of these with each other, please — all pairwise combinations.")
    assert extract(text).numbers == []
    assert [spec.name for spec, _ in intents(extract(text), list(TOOLS))] == [DDI]
    [call] = plan_with(text, {})
    assert len(call.arguments["smiles_pairs"]) == 3


def test_a_known_flag_of_a_molecule_is_no_ask_for_an_untrained_property() -> None:
    assert extract("drop the first one, it's the one with the hERG flag. Run the other in A549.").unresolved == []
    assert [u.kind for u in extract("any hERG flag for CCO?").unresolved] == ["property"]


def test_the_pair_itself_after_a_per_drug_ask_is_the_two_drugs() -> None:
    calls = plan_with("ClinTox toxicity probability for amiodarone and for dronedarone, and then the pair itself "
                      "through the interaction model (patients overlap during the washout).", {})
    assert [c.name for c in calls] == [PROPERTY, DDI]
    [pair] = calls[1].arguments["smiles_pairs"]
    assert sorted(pair) == sorted(calls[0].arguments["drug_smiles"])


def test_a_reply_of_a_goal_alone_completes_the_request_asked_about() -> None:
    """"ln(IC50) -2.5" reads as a generation goal on its own; after an optimisation was asked about it is the goal
    that request lacked, not a new generation."""
    history = [PastRequest("u", "Optimise sorafenib in HuH-7; only the N-methylamide may change.", answered=False)]
    [call] = plan_with("ln(IC50) -2.5.", {}, history)
    assert call.name == OPTIMIZATION
    assert call.arguments["zscore"] == -2.5


def test_the_kinase_of_a_family_named_alone_is_asked_about() -> None:
    """After a call on ALK, "and the Aurora kinase?" ran ALK again."""
    [unknown] = [u for u in extract("and the Aurora kinase?").unresolved if u.kind == "target"]
    assert unknown.closest == ("AURKA", "AURKB", "AURKC")


_TWO_PLATES = {"upload_CM0700.csv": ["CCO", "CCN", "CCC"], "upload_CM0701.csv": ["CCCl", "CCBr"]}


@pytest.mark.parametrize("text", ["Solubility for the new plate please.", "Retro for the resynthesis plate, please."])
def test_a_plate_described_by_a_word_no_file_name_has_is_asked_about(text: str) -> None:
    assert all(not any(isinstance(v, str) and v.startswith("(upload_") for v in c.arguments.values())
               for c in plan_with(text, _TWO_PLATES))
    [call] = plan_with("Solubility for plate CM0700 please.", _TWO_PLATES)
    assert call.arguments["drug_smiles"] == "(upload_CM0700.csv)"


def test_a_new_drug_checked_against_a_list_but_not_named_is_asked_about() -> None:
    calls = plan_with("Please check her new antibiotic against the home list: lisinopril 20 mg, metformin 500 mg BID, "
                      "atorvastatin 40 mg.", {})
    assert all("smiles_pairs" not in c.arguments for c in calls)


_RAN_TWO_OF_FOUR = {"upload_sub.csv": ["CCO", "CCN", "CCC", "CCCl"], "user_smiles": ["CCO", "CCN"],
                    "user_property": "lipo", "drug_property_prediction_result": [{"smiles": "CCO", "prediction": 1.0},
                                                                                 {"smiles": "CCN", "prediction": 2.0}]}


def test_the_other_ones_are_the_lists_molecules_not_yet_run() -> None:
    history = [ran(PROPERTY, "logD for the first two in sub.csv")]
    [call] = plan_with("BBB for the other two as well.", _RAN_TWO_OF_FOUR, history)
    assert call.arguments["drug_smiles"] == ["CCC", "CCCl"]
    ran_all = {k: v for k, v in _RAN_TWO_OF_FOUR.items() if k != "upload_sub.csv"}
    calls = plan_with("BBB for the other two in the sub-series as well.", ran_all, history)
    assert all("drug_smiles" not in c.arguments for c in calls)  # before, the two just run ran again


def test_the_intermediate_of_a_route_with_several_precursors_is_asked_about() -> None:
    route = [{"product": "CCOC(=O)c1ccccc1N", "candidates": [{"rank": 1, "reactants": ["CCO", "Nc1ccccc1C(=O)O"]}]}]
    values = {"user_smiles": ["CCOC(=O)c1ccccc1N"], "Retrosynthetic_reaction_pathway_prediction_result": route}
    history = [ran("Retrosynthetic_reaction_pathway_prediction", "Precursors for this please: CCOC(=O)c1ccccc1N")]
    calls = plan_with("what's the solubility of the intermediate?", values, history)
    assert all("drug_smiles" not in c.arguments for c in calls)  # before, the product ran
    [call] = plan_with("what's the solubility of the precursors?", values, history)
    assert sorted(call.arguments["drug_smiles"]) == ["CCO", "Nc1ccccc1C(=O)O"]


def test_the_tightest_binder_is_the_highest_pkd() -> None:
    values = {"user_smiles": ["CCO", "CCN", "CCC"], "drug_target_affinity_regression_predict_result": [
        {"smiles": "CCO", "pKd": 5.2}, {"smiles": "CCN", "pKd": 6.2}, {"smiles": "CCC", "pKd": 6.1}]}
    history = [ran("drug_target_affinity_regression_predict", "3 KIBA cpds vs O00141 (SGK1) — pKd")]
    [call] = plan_with("the tightest one: lipophilicity?", values, history)
    assert call.arguments["drug_smiles"] == ["CCN"]


def test_the_molecule_a_design_starts_from_is_no_retrosynthesis() -> None:
    """"start from sorafenib, …" read as a route request; the heading says optimisation."""
    [call] = plan_with("Optimisation walkthrough: start from sorafenib, allow only the N-methylamide to change, cell "
                       "line HuH-7 (liver), goal IC50 of 1 µM. I'll ask follow-ups.", {})
    assert call.name == OPTIMIZATION
    assert call.arguments["cell_line"] == "HuH-7"
    assert [c.name for c in plan_with("what would I start from to make aspirin?", {})] == [
        "Retrosynthetic_reaction_pathway_prediction"]


def test_my_analogue_of_a_drug_is_not_the_drug() -> None:
    """Before, "my vorinostat analogue (the one I sent earlier)" optimised vorinostat itself in an empty thread."""
    assert extract("optimise my vorinostat analogue (the one I sent earlier) for NCI-H460, target pIC50 7").molecules \
        == []
    assert decided("optimise my vorinostat analogue (the one I sent earlier) for the NCI-H460 cells, keep the "
                   "hydroxamic acid, target pIC50 7") is None


def test_a_plate_named_by_number_that_no_upload_has_is_asked_about() -> None:
    values = {"upload_plate14.csv": ["CCO", "CCN"]}
    assert plan_with("Plate 15 is up now as well — logS please.", values) == []
    [call] = plan_with("logS for plate 14 please", values)
    assert call.arguments["drug_smiles"] == "(upload_plate14.csv)"


@pytest.mark.parametrize(("text", "targets"), [
    ("¿El sorafenib se une a KIT o no? Solo quiero saber si hay interacción.", ["KIT"]),
    ("Hola, ¿cuál es la afinidad (pKd) del imatinib por ABL1 y por KIT? Las dos, por favor.", ["ABL1", "KIT"]),
])
def test_targets_after_spanish_context_words(text: str, targets: list[str]) -> None:
    assert [n.written for n in extract(text).names if n.kind == "target"] == targets
    assert [n.written for n in extract("we need a new kit for the assay").names] == []


def test_a_gene_symbol_in_capitals_is_the_target_when_the_message_asks_about_binding() -> None:
    assert [n.written for n in extract("is imatinib a KIT thing? like does it interact").names] == ["imatinib", "KIT"]
    assert [n.written for n in extract("is imatinib a kit thing? like does it interact").names] == ["imatinib"]


def test_only_a_part_that_moves_may_change() -> None:
    imatinib = "CC1=C(C=C(C=C1)NC(=O)C2=CC=C(C=C2)CN3CCN(CC3)C)NC4=NC=CC(=N4)C5=CN=CC=C5"
    text = "K-562, target pIC50 7.5. Keep the amide; only the N-methylpiperazine moves."
    assert mask_from_words(find_atom_ranges(text), imatinib) == [0] * 17 + [1] * 7 + [0] * 13


def test_the_measure_a_pick_ranks_by_asks_for_no_tool() -> None:
    """"the one with higher probability — give me a pKd" ran the binary model again."""
    values = {"user_smiles": ["CCO", "CCN"], "user_target_seq": "MKKLLAAAGGG" * 3,
              "drug_target_classification_predict_result": [{"smiles": "CCO", "probability": 0.2},
                                                            {"smiles": "CCN", "probability": 0.9}]}
    history = [ran(CLASSIFICATION, "JAK2 JH1 binding for CCO and CCN")]
    [call] = plan_with("the one with higher probability — give me a pKd", values, history)
    assert call.name == "drug_target_affinity_regression_predict"
    assert call.arguments["drug_smiles"] == ["CCN"]
