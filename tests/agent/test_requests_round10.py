"""Requests of the tenth round: asks numbered on one line, list items that own the lines below them, an item that
names what did not resolve (the other items still run), corrections that take back only their own clause, and brands
whose DrugBank entry has no structure while the drug's own name has one."""

from __future__ import annotations

import itertools
import time

import pytest
from planning_support import plan_with

from agent.backends.base import PlanContext, Step, ToolCall
from agent.backends.planner import OfflinePlanner, plan_calls
from agent.entities import extract
from agent.history import PastRequest
from agent.loop import Decider, Limits
from agent.planning.retraction import asked_part
from agent.planning.rows import list_items
from agent.pool.store import InMemoryPoolStore
from agent.pool.thread_pool import ThreadPool
from model_zoo.names import resolve_drug
from model_zoo.names.drugs import find_drug_names
from model_zoo.names.types import Resolved
from model_zoo.specs import TOOLS

GEFITINIB = "COC1=C(C=C2C(=C1)N=CN=C2NC3=CC(=C(C=C3)F)Cl)OCCCN4CCOCC4"


def _plan(text: str) -> list[ToolCall]:
    pool = ThreadPool(InMemoryPoolStore(), "t")
    return plan_calls(text, pool.list(), list(TOOLS), [], lambda key: pool.require(key).value)


def _turn(text: str) -> tuple[list[ToolCall], str]:
    """The calls one chat turn runs, in order, and the question it ends with."""
    pool = ThreadPool(InMemoryPoolStore(), "t")
    ctx = PlanContext(request=text, pool=pool.list(), offered=list(TOOLS), steps=[], messages=[], history=[],
                      read=lambda key: pool.require(key).value)
    ran: list[ToolCall] = []
    for _ in range(6):
        decision = Decider(OfflinePlanner(), pool, list(TOOLS), Limits()).decide(ctx, extract(text),
                                                                                time.monotonic() + 30)
        if decision.action is None:
            return ran, decision.final or ""
        ran.append(decision.action)
        ctx.steps.append(Step(decision.action, "ok"))
    return ran, ""


def _smiles(name: str) -> str:
    resolved = resolve_drug(name)
    assert isinstance(resolved, Resolved), name
    return resolved.value


@pytest.mark.parametrize(("text", "items"), [
    ("Dos cosas: (1) energía libre de hidratación del tolueno Cc1ccccc1; (2) el logS del gefitinib.",
     ["(1) energía libre de hidratación del tolueno Cc1ccccc1;", "(2) el logS del gefitinib."]),
    ("(i) single-step retro of osimertinib (ii) pKd of osimertinib on EGFR",
     ["(i) single-step retro of osimertinib", "(ii) pKd of osimertinib on EGFR"]),
    ("Pt on tacrolimus. (a) interaction with fluconazole? (b) ClinTox probability of tacrolimus?",
     ["(a) interaction with fluconazole?", "(b) ClinTox probability of tacrolimus?"]),
])
def test_asks_numbered_on_one_line_are_a_list(text: str, items: list[str]) -> None:
    found = list_items(text)
    assert found is not None and found[1] == items


@pytest.mark.parametrize("text", [
    "logD of C(1)CC and CCO please",  # a bracketed digit that opens no list
    "IC50 in A549 (2) and logS (3)",  # no item 1
])
def test_bracketed_numbers_out_of_order_are_no_list(text: str) -> None:
    assert list_items(text) is None


def test_each_inline_item_runs_on_its_own_molecules() -> None:
    calls = _plan("Dos cosas: (1) energía libre de hidratación del tolueno Cc1ccccc1 y del cloroformo C(Cl)(Cl)Cl; "
                  "(2) el logS del gefitinib. Gracias")
    assert [(c.arguments["drug_smiles"], c.arguments["property"]) for c in calls] == [
        (["Cc1ccccc1", "C(Cl)(Cl)Cl"], "freesolv"), ([GEFITINIB], "logSolubility")]


def test_an_item_ending_in_a_colon_owns_the_lines_below_it() -> None:
    calls = _plan("Two separate things:\n- hydration free energy for the solvents: CCO, CCCO\n"
                  "- logD for the two compounds:\nc1ccccc1O\nCc1ccccc1N")
    assert [(c.arguments["drug_smiles"], c.arguments["property"]) for c in calls] == [
        (["CCO", "CCCO"], "freesolv"), (["c1ccccc1O", "Cc1ccccc1N"], "lipo")]


def test_an_item_that_names_an_unknown_target_is_asked_about_after_the_others_run() -> None:
    ran, question = _turn("1) How well does olaparib bind PARP1?\n2) olaparib ln(IC50) in A2780\n"
                          "3) any predicted DDI between olaparib and ketoconazole?")
    assert [c.name for c in ran] == ["drug_cell_response_regression_predict", "drug_drug_response_predict"]
    assert "PARP1" in question


def test_an_unknown_target_in_one_sentence_still_stops_every_call() -> None:
    ran, question = _turn("do olaparib and niraparib interact with PARP1?")
    assert ran == [] and "PARP1" in question


@pytest.mark.parametrize(("text", "expected"), [
    # the correction takes back the clause before it, not the generation asked first
    ("generate for U87 at -1, and temozolomide vs EGFR pKd -- actually skip EGFR, give me temozolomide's "
     "lipophilicity instead",
     [("drug_cell_response_regression_generation", "U-87-MG"), ("drug_property_prediction", "lipo")]),
    ("Keep the hinge binder on gefitinib, vary only the morpholinopropoxy tail. HCC70? no — NCI-H1650, target 1 µM.\n"
     "mask [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]",
     [("drug_cell_response_regression_optimization", "NCI-H1650")]),
    ("lapatinib IC50 in BT474 and the same in SKBR... no, in BT-549",
     [("drug_cell_response_regression_predict", "BT-474"), ("drug_cell_response_regression_predict", "BT-549")]),
])
def test_a_correction_takes_back_its_own_clause(text: str, expected: list[tuple[str, str]]) -> None:
    calls = _plan(text)
    assert [(c.name, c.arguments.get("cell_line") or c.arguments.get("cell_name") or c.arguments.get("property"))
            for c in calls] == expected


def test_a_chain_of_corrections_takes_back_all_of_it() -> None:
    text = "ruxolitinib, HEL line? no wait, use SET-2... actually just K-562 for now instead. 100 nM."
    assert asked_part(text).lstrip().startswith("just K-562")


def test_a_value_taken_back_after_actually_keeps_the_ask() -> None:
    calls = _plan("In the HEL cell line, how potent are Jakafi and Vidaza... actually skip Vidaza. Just Jakafi.")
    assert [(c.name, c.arguments["drug_smiles"], c.arguments["cell_name"]) for c in calls] == [
        ("drug_cell_response_regression_predict", [_smiles("ruxolitinib")], "HEL")]


def test_a_correction_on_its_own_line_replaces_the_structure_above() -> None:
    calls = _plan("single-step retro on COc1ccc(CN(c2nccs2)S(=O)(=O)c2ccccc2)cc1\n\nwait, wrong product, that's last "
                  "week's. this one instead: COc1ccc(Cl)cc1-c1ccnc(OC2CCC2)c1")
    assert [c.arguments["smiles_list"] for c in calls] == [["COc1ccc(Cl)cc1-c1ccnc(OC2CCC2)c1"]]


@pytest.mark.parametrize(("brand", "drug"), [("Talzenna", "talazoparib"), ("Kinavet", "masitinib"),
                                             ("Piqray", "alpelisib")])
def test_a_brand_without_a_drugbank_structure_takes_the_structure_of_its_drug(brand: str, drug: str) -> None:
    resolved = resolve_drug(brand)
    assert isinstance(resolved, Resolved) and resolved.value == _smiles(drug)
    assert "DrugBank" in resolved.source and "structure from GDSC" in resolved.source


def test_a_capitalised_name_before_a_dose_is_a_drug_on_a_medication_list() -> None:
    """"Calan" alone is never read from free text (it is also a word and a name); before "SR 120 mg" it is a brand."""
    found = [r.written for r in find_drug_names("on Lanoxin 0.125 mg daily, amiodarone 200 mg and Calan SR 120 mg")]
    assert found == ["Lanoxin", "amiodarone", "Calan"]
    assert "Calan" not in [r.written for r in find_drug_names("Calan said the plates are ready")]


@pytest.mark.parametrize("ask", ["Are there interactions among these three?", "Any of these with each other?",
                                 "Check them against each other."])
def test_words_for_every_pair_of_a_medication_list(ask: str) -> None:
    names = ("colchicine", "atorvastatin", "clarithromycin")
    [call] = _plan(f"Ward list: colchicine 0.5 mg PO BID, atorvastatin 40 mg PO qHS, clarithromycin 500 mg IV. {ask}")
    assert call.name == "drug_drug_response_predict"
    assert call.arguments["smiles_pairs"] == [[_smiles(a), _smiles(b)] for a, b in itertools.combinations(names, 2)]


_THREE = {"user_smiles": ["CCO", "CCCO", "CCCCO"],
          "drug_cell_response_regression_predict_result": [
              {"smiles": "CCO", "predicted_ln_ic50": 1.0}, {"smiles": "CCCO", "predicted_ln_ic50": -2.0},
              {"smiles": "CCCCO", "predicted_ln_ic50": 0.5}]}


def test_a_clause_that_only_picks_is_the_pick_of_the_ask_after_it() -> None:
    history = [PastRequest("u", "Predicted response of HCC70 to CCO, CCCO and CCCCO?", answered=True)]
    calls = plan_with("take the most potent of the three and run it in BT-20 as well", _THREE, history)
    assert [(c.name, c.arguments["drug_smiles"], c.arguments["cell_name"]) for c in calls] == [
        ("drug_cell_response_regression_predict", ["CCCO"], "BT-20")]


_BBB = {"user_smiles": ["CCO", "CCCO"],
        "drug_property_prediction_result": [{"smiles": "CCO", "probability": 0.4, "label": 0},
                                            {"smiles": "CCCO", "probability": 0.9, "label": 1}]}


def test_a_picked_row_is_paired_with_the_drug_the_message_names() -> None:
    [call] = plan_with("The one with the highest BBB probability — check its DDI with tramadol.",
                       _BBB)
    assert call.arguments["smiles_pairs"] == [["CCCO", _smiles("tramadol")]]


def test_a_rank_by_a_value_the_newest_table_does_not_hold_is_asked_about() -> None:
    """"the most lipophilic" of a BBB table: never ranked by the BBB probability instead, and no other pair runs in its
    place (before, the thread's two molecules ran as a pair, without fluvoxamine)."""
    calls = plan_with("Take the most lipophilic of them and check its DDI with fluvoxamine.", _BBB)
    assert not any(c.arguments.get("smiles_pairs") for c in calls)


def test_a_chemical_class_before_set_is_no_molecule() -> None:
    """"Not B — B is the old piperazine set": no piperazine to run."""
    assert "C1CNCCN1" not in extract("logD7.4 for the series A file. Not B, B is the old piperazine set.").molecules


def test_a_correction_that_only_replaces_a_value_keeps_the_ask_for_the_answer() -> None:
    """"pKd … against CDK4 — actually drop CDK4, use the other kinase … instead", then "CDK9.": still the pKd (the
    words after the correction ask for no tool; the intent model's "none" is no ask)."""
    first = "pKd of CCO against CDK4 — actually drop CDK4, use the other kinase Dana mentioned on Monday instead."
    calls = plan_with("CDK9.", {}, [PastRequest("u", first, answered=False)])
    assert [c.name for c in calls] == ["drug_target_affinity_regression_predict"]


def test_among_these_without_an_interaction_word_asks_for_no_pairs() -> None:
    [call] = _plan("Which among these three crosses the BBB: aspirin, caffeine, ibuprofen?")
    assert (call.name, call.arguments["property"]) == ("drug_property_prediction", "p_np")
