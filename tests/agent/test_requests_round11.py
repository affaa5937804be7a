"""Requests of the eleventh round: a pick and an ask about the whole list in one message ("the most soluble into
BT-474, and logD for all three"), a rank word that names the table it ranks, short follow-ups that count the thread's
molecules ("same two in CAL-51"), brands whose DrugBank entry has no structure read from free text, locant names,
tumour subtypes that are no model answer, "switched from X to Y", and "X with Y, and each of them with Z"."""

from __future__ import annotations

import itertools

import pytest
from planning_support import plan_with

from agent.entities import extract
from agent.history import PastRequest
from model_zoo.names import resolve_drug
from model_zoo.names.drugs import find_drug_names
from model_zoo.names.types import Resolved


def _smiles(name: str) -> str:
    resolved = resolve_drug(name)
    assert isinstance(resolved, Resolved), name
    return resolved.value


_SOLUBILITY = {"user_smiles": ["CCO", "CCCO", "CCCCO"],
               "drug_property_prediction_result": [{"smiles": "CCO", "prediction": -1.0},
                                                   {"smiles": "CCCO", "prediction": -3.0},
                                                   {"smiles": "CCCCO", "prediction": -2.0}]}
_ASKED = [PastRequest("u", "logS of CCO, CCCO and CCCCO please", answered=True)]


@pytest.mark.parametrize("text", [
    "Of the three, run the most soluble against BT-474, and give me logD for all three so both columns fill.",
    "Whichever is the most soluble, run in BT-474; and give me the logD for all of them.",
])
def test_a_pick_and_an_ask_about_the_whole_list_in_one_message(text: str) -> None:
    calls = plan_with(text, _SOLUBILITY, _ASKED)
    assert [c.name for c in calls] == ["drug_cell_response_regression_predict", "drug_property_prediction"]
    assert calls[0].arguments["drug_smiles"] == ["CCO"]
    assert calls[1].arguments["drug_smiles"] in (["CCO", "CCCO", "CCCCO"], "(user_smiles)")


def test_a_count_in_one_ask_does_not_undo_the_pick_of_another() -> None:
    """Before, "all three" in the second ask made the first run on all three as well."""
    calls = plan_with("The most soluble one: retrosynthesis please, and solubility for all three.",
                      _SOLUBILITY, _ASKED)
    assert calls[0].arguments["smiles_list"] == ["CCO"]


def test_a_rank_word_ranks_the_table_of_the_property_it_names() -> None:
    """"the least soluble" after a solubility run and a newer ln(IC50) run ranks the solubility table."""
    values = {**_SOLUBILITY, "user_smiles": ["CCO"], "user_cell_line": "BT-474",
              "drug_cell_response_regression_predict_result": [{"smiles": "CCO", "ln_ic50": 1.2}]}
    [call] = plan_with("and for the least soluble one give me logD7.4", values, _ASKED)
    assert call.arguments == {"drug_smiles": ["CCCO"], "property": "lipo"}


def test_an_earlier_run_named_in_passing_asks_for_nothing() -> None:
    [call] = plan_with("Picking up yesterday's solubility run. For the least soluble one give me logD7.4.",
                       _SOLUBILITY, _ASKED)
    assert call.arguments["property"] == "lipo"


@pytest.mark.parametrize("text", ["same two in CAL-51", "both, CAL-51"])
def test_a_short_follow_up_counts_the_molecules_the_thread_named(text: str) -> None:
    history = [PastRequest("u", "ln IC50 olaparib in HCC1937", answered=True),
               PastRequest("u", "and talazoparib", answered=True)]
    values = {"user_smiles": [_smiles("talazoparib")], "user_cell_line": "HCC1937"}
    [call] = plan_with(text, values, history)
    assert call.arguments["drug_smiles"] == [_smiles("olaparib"), _smiles("talazoparib")]
    assert call.arguments["cell_name"] == "CAL-51"


@pytest.mark.parametrize(("brand", "drug"), [("Piqray", "alpelisib"), ("Talzenna", "talazoparib"),
                                             ("Synthroid", "levothyroxine")])
def test_brands_are_read_from_free_text(brand: str, drug: str) -> None:
    """Piqray and Talzenna lead to DrugBank ids without a shipped structure while the drug's own name has one; the name
    tables now read them in a sentence. Synthroid was also listed under liotrix by the vocabulary: the hand-written
    alias wins."""
    [found] = find_drug_names(f"How strongly does {brand} work on breast cancer cells?")
    assert isinstance(found, Resolved) and found.value == _smiles(drug)


def test_a_name_with_locants_is_one_name() -> None:
    found = find_drug_names("hydration free energy for acetonitrile, propan-2-ol and 1,4-dioxane.")
    assert [m.written for m in found] == ["acetonitrile", "propan-2-ol", "1,4-dioxane"]
    assert [m.written for m in find_drug_names("doses 1, 2 and 3 of aspirin")] == ["aspirin"]


def test_a_tumour_subtype_is_no_model_answer() -> None:
    """"HER2-positive breast cancer cells" picks no "positive" rows of the BBB table: the same two run."""
    values = {"user_smiles": ["CCO", "CCCO"],
              "drug_property_prediction_result": [{"smiles": "CCO", "probability": 0.2, "label": 0},
                                                  {"smiles": "CCCO", "probability": 0.3, "label": 0}]}
    [call] = plan_with("How well do the same two work on HER2-positive breast cancer cells, the BT-474 line?", values,
                       [PastRequest("u", "Does CCO get into the brain? And CCCO?", answered=True)])
    assert call.arguments["drug_smiles"] in ("(user_smiles)", ["CCO", "CCCO"])


def test_the_drug_switched_from_is_not_paired() -> None:
    history = [PastRequest("u", "A member on Coumadin: check Tylenol and Advil with Coumadin.", answered=True)]
    [call] = plan_with("And if she switched from Coumadin to Plavix, what about Plavix with Advil?", {}, history)
    assert call.arguments["smiles_pairs"] == [[_smiles("clopidogrel"), _smiles("ibuprofen")]]


def test_each_of_them_with_another_drug() -> None:
    [call] = plan_with("A member takes Prilosec and Zoloft. Could you check Prilosec with Zoloft, and each of them "
                       "with Kisqali, which she starts next week?", {})
    names = ("omeprazole", "sertraline")
    assert call.arguments["smiles_pairs"] == [[_smiles(a), _smiles(b)] for a, b in itertools.combinations(names, 2)] \
        + [[_smiles(name), _smiles("ribociclib")] for name in names]


def test_same_question_repeats_the_earlier_ask_for_a_new_drug() -> None:
    """"And Talzenna? Same question." after a BBB question: the BBB question, not a drug-drug pair of one drug."""
    [call] = plan_with("And Talzenna? Same question.", {"user_smiles": [_smiles("olaparib")], "user_property": "p_np"},
                       [PastRequest("u", "Does Lynparza get into the brain?", answered=True)])
    assert call.name == "drug_property_prediction"
    assert call.arguments["drug_smiles"] == [_smiles("talazoparib")]


def test_a_drug_said_not_to_be_ours_is_taken_back() -> None:
    e = extract("Solubility first: palbociclib, ribociclib and abemaciclib... no wait, abemaciclib isn't what we "
                "have. Palbociclib, ribociclib and alpelisib, logS.")
    assert e.molecules == [_smiles(n) for n in ("palbociclib", "ribociclib", "alpelisib")]


def test_both_after_a_verb_of_binding_counts_targets_not_molecules() -> None:
    """"And against HER2? Someone said it hits both.": the thread's one drug, on HER2."""
    history = [PastRequest("u", "How strong is Gilotrif against EGFR, as a number?", answered=True)]
    [call] = plan_with("And against HER2? Someone said it hits both.", {"user_smiles": [_smiles("afatinib")]},
                       history)
    assert call.arguments["drug_smiles"] in ("(user_smiles)", [_smiles("afatinib")])


_POTENCY = {"user_smiles": ["CCO", "CCCO", "CCCCO"], "user_cell_line": "BT-474",
            "drug_cell_response_regression_predict_result": [
                {"smiles": "CCO", "ln_ic50": 1.0}, {"smiles": "CCCO", "ln_ic50": -2.0},
                {"smiles": "CCCCO", "ln_ic50": 0.5}]}


def test_an_earlier_table_named_in_passing_chooses_no_tool() -> None:
    """"From the BT-474 table above: whichever of the three has the lowest ln(IC50), check whether it gets across the
    blood-brain barrier": one BBB call on one molecule (the table and the pick's measure ask for no cell-line run, and
    "of the three" is the size of the list, not the count picked)."""
    [call] = plan_with("From the BT-474 table above: whichever of the three has the lowest ln(IC50), check whether it "
                       "gets across the blood-brain barrier.", _POTENCY)
    assert (call.name, call.arguments) == ("drug_property_prediction", {"drug_smiles": ["CCCO"], "property": "p_np"})


@pytest.mark.parametrize(("text", "tools"), [
    ("The A549 set generated last week is being registered. Chemistry wants one-step precursors for all of them and "
     "logD7.4 as well.", ["Retrosynthetic_reaction_pathway_prediction", "drug_property_prediction"]),
    ("OK so we have ERBB2 pKd for the three. Take the two strongest binders and run them in HCC1954.",
     ["drug_cell_response_regression_predict"]),
])
def test_results_the_thread_already_has_are_no_ask(text: str, tools: list[str]) -> None:
    values = {"user_cell_line": "A549", "generated_smiles": ["CCO", "CCCO"], "user_smiles": ["CCO", "CCCO", "CCCCO"],
              "drug_target_affinity_regression_predict_result": [
                  {"smiles": "CCO", "pKd": 6.0}, {"smiles": "CCCO", "pKd": 8.0}, {"smiles": "CCCCO", "pKd": 7.0}]}
    assert [c.name for c in plan_with(text, values)] == tools


def test_a_predict_verb_is_no_pick_of_hits() -> None:
    """"predict binding of these two": an ask, not "the ones the model says bind"."""
    [call] = plan_with("predict binding of these two to epidermal growth factor receptor:\nCCO\nCCCO", {})
    assert call.name == "drug_target_affinity_regression_predict"


@pytest.mark.parametrize(("text", "rows"), [
    ("Resynthesis ranking:\nrank 1  CCOc1ccccc1\nrank 2  CCCOc1ccccc1\nrank 3  CCCCOc1ccccc1\n"
     "Only rank 1 is going to chemistry this month — what would it be made from?", ["CCOc1ccccc1"]),
    ("Resupply list:\n1. CCOc1ccccc1\n2. CCCOc1ccccc1\n3. CCCCOc1ccccc1\nRanks 1 and 2 need to be resynthesised. "
     "Suggest precursors for both.", ["CCOc1ccccc1", "CCCOc1ccccc1"]),
    ("Intermediates:\n7a CCOc1ccccc1\n7b CCCOc1ccccc1\n7c CCCCOc1ccccc1\nRetro on 7b only.", ["CCCOc1ccccc1"]),
    ("Resupply list:\n1. CCOc1ccccc1\n2. CCCOc1ccccc1\n3. CCCCOc1ccccc1\nRetro for all of them, 1 route each.",
     ["CCOc1ccccc1", "CCCOc1ccccc1", "CCCCOc1ccccc1"]),
])
def test_rows_of_a_pasted_list_named_by_rank_number_or_label(text: str, rows: list[str]) -> None:
    [call] = plan_with(text, {})
    assert call.name == "Retrosynthetic_reaction_pathway_prediction"
    assert call.arguments["smiles_list"] == rows


@pytest.mark.parametrize("table", [
    "well\tsmiles\tinhibition\nA04\tCCOc1ccccc1\t71%\nB09\tCCCOc1ccccc1\t38%\nC12\tCCCCOc1ccccc1\t64%",
    "A04  71%  CCOc1ccccc1\nB09  38%  CCCOc1ccccc1\nC12  64%  CCCCOc1ccccc1",
])
def test_rows_of_a_pasted_table_that_pass_a_percentage_cut(table: str) -> None:
    [call] = plan_with(f"{table}\nlogD for the wells that got above 50% inhibition only.", {})
    assert call.arguments == {"drug_smiles": ["CCOc1ccccc1", "CCCCOc1ccccc1"], "property": "lipo"}


def test_rows_opened_by_drug_names_are_no_labelled_list() -> None:
    """"5-FU <SMILES>", "oxaliplatin <SMILES>", "SN-38 <SMILES>": names (two with digits), so all three run."""
    [call] = plan_with("predict IC50 of 5-FU, oxaliplatin and SN-38 in HCT-15\n5-FU C1=C(C(=O)NC(=O)N1)F\n"
                       "oxaliplatin C1CC[C@H]([C@@H](C1)[NH-])[NH-].C(=O)(C(=O)O)O.[Pt+2]\n"
                        "SN-38 CCC1=C2CN3C(=CC4=C(C3=O)COC(=O)[C@@]4(CC)O)C2=NC5=C1C=C(C=C5)O", {})
    assert len(call.arguments["drug_smiles"]) == 3


def test_a_medication_list_heading_asks_for_no_property() -> None:
    """"Kidney transplant clinic: tacrolimus 4 mg BID and fluconazole 100 mg daily. Interaction?": one pair (the
    first part named no property; before, a property call without a property was asked about)."""
    [call] = plan_with("Kidney transplant clinic: tacrolimus 4 mg BID and fluconazole 100 mg daily. Interaction?", {})
    assert call.name == "drug_drug_response_predict"
    assert call.arguments["smiles_pairs"] == [[_smiles("tacrolimus"), _smiles("fluconazole")]]


def test_same_question_for_two_drugs_is_the_earlier_question_not_a_pair() -> None:
    history = [PastRequest("u", "BBB model for haloperidol, quetiapine and aripiprazole.", answered=True)]
    values = {"user_smiles": [_smiles(n) for n in ("haloperidol", "quetiapine", "aripiprazole")],
              "user_property": "p_np"}
    [call] = plan_with("Same question for the two antiemetics on her chart, ondansetron and metoclopramide.", values,
                       history)
    assert call.name == "drug_property_prediction"
    assert call.arguments["drug_smiles"] == [_smiles("ondansetron"), _smiles("metoclopramide")]


def test_a_question_that_keeps_rows_under_a_value_asks_for_no_design() -> None:
    """"Which ones came in under 1 µM in either line? Give me logD for those.": logD, never a generation run at 1 µM."""
    values = {"user_smiles": ["CCO", "CCCO"], "user_cell_line": "A549",
              "drug_cell_response_regression_predict_result": [{"smiles": "CCO", "ln_ic50": -1.0},
                                                               {"smiles": "CCCO", "ln_ic50": 2.0}]}
    calls = plan_with("Which ones came in under 1 µM in either line? Give me logD for those.", values)
    assert [c.name for c in calls] == ["drug_property_prediction"]

