"""Picking molecules out of earlier results by words: counts, comparatives, hits and named groups."""

from __future__ import annotations

import pytest

from agent.pool.store import InMemoryPoolStore
from agent.pool.thread_pool import ThreadPool
from agent.selection import select_molecules

IRINOTECAN = "CCC1=C2CN3C(=CC4=C(C3=O)COC(=O)[C@@]4(CC)O)C2=NC5=C1C=C(C=C5)OC(=O)N6CCC(CC6)N7CCCCC7"


@pytest.fixture
def pool() -> ThreadPool:
    pool = ThreadPool(InMemoryPoolStore(), "t")
    rows = [{"row": 1, "smiles": IRINOTECAN, "prediction": -4.0}, {"row": 2, "smiles": "CCO", "prediction": -1.0},
            {"row": 3, "smiles": "CCN", "prediction": -2.0}]
    pool.put("drug_property_prediction_result", rows, "table", "a", "tool")
    return pool


@pytest.mark.parametrize(("words", "picked"), [
    ("the one with the carbamate - IC50 in HCT 116?", [IRINOTECAN]),
    ("the first 2 vs EGFR", [IRINOTECAN, "CCO"]),
    ("the last 2", ["CCO", "CCN"]),
    ("the more soluble one", ["CCO"]),  # of the rows, the highest predicted solubility
    ("the amine one", [IRINOTECAN, "CCN"]),  # irinotecan's piperidines are amines too
    ("keep the first 8 atoms", None),  # atoms, not molecules
])
def test_words_that_pick_rows(pool: ThreadPool, words: str, picked: list[str] | None) -> None:
    assert select_molecules(words, pool.list(), lambda key: pool.get(key).value) == picked


def test_a_named_group_picks_among_a_routes_precursors(pool: ThreadPool) -> None:
    reactants = ["C#Cc1cccc(N)c1", "Clc1ncnc2cc(OCCOC)c(OCCOC)cc12"]
    pool.put("Retrosynthetic_reaction_pathway_prediction_result",
             [{"row": 1, "smiles": "CCO", "candidates": [{"reactants": reactants}]}], "table", "a", "tool")
    read = pool.list(), lambda key: pool.get(key).value
    assert select_molecules("the aniline from that route - would it cross the BBB?", *read) == [reactants[0]]
    assert select_molecules("solubility of the precursors", *read) == reactants


def _picked(rows: list[dict[str, object]], words: str) -> list[str] | None:
    pool = ThreadPool(InMemoryPoolStore(), "t")
    pool.put("result", rows, "table", "a", "tool")
    return select_molecules(words, pool.list(), lambda key: pool.get(key).value)


CELL = [{"row": i, "smiles": s, "ln_ic50": v, "ic50_uM": u} for i, (s, v, u) in
        enumerate([("A", 2.6, 13.46), ("B", 1.85, 6.36), ("C", -3.11, 0.045), ("D", -0.98, 0.375)], 1)]
BBB = [{"row": i, "smiles": s, "probability": p, "label": int(p >= 0.5)} for i, (s, p) in
       enumerate([("A", 0.2), ("B", 0.9), ("C", 0.25), ("D", 0.6)], 1)]
PKD = [{"row": i, "smiles": s, "pKd": v, "Kd_nM": k} for i, (s, v, k) in
       enumerate([("A", 6.0, 1000.0), ("B", 8.2, 6.31), ("C", 7.5, 31.6)], 1)]


@pytest.mark.parametrize(("rows", "words", "picked"), [
    (CELL, "take the two best ones from before", ["C", "D"]),  # the best ln IC50 is the lowest
    (CELL, "the three best", ["C", "D", "B"]),
    (CELL, "the two most potent", ["C", "D"]),
    (CELL, "the least potent one", ["A"]),
    (CELL, "the first two", ["A", "B"]),
    (CELL, "the last three", ["B", "C", "D"]),
    (PKD, "the two best ones - check they don't hit AURKA", ["B", "C"]),  # the best pKd is the highest
    (PKD, "the top three by pKd", ["B", "C", "A"]),
    (BBB, "the two with the highest p", ["B", "D"]),
    (BBB, "rerun the two with the best BBB numbers", ["B", "D"]),
    (BBB, "hm, nothing above 0.5. pKd for the two with the highest p anyway", ["B", "D"]),
])
def test_counts_in_words_and_either_order(rows: list[dict[str, object]], words: str, picked: list[str]) -> None:
    assert _picked(rows, words) == picked


@pytest.mark.parametrize(("rows", "words", "picked"), [
    (BBB, "the ones below 0.3, what's their logS", ["A", "C"]),
    (BBB, "those above 0.5", ["B", "D"]),
    (BBB, "anything with p > 0.7", ["B"]),
    (BBB, "the ones with p >= 0.6", ["B", "D"]),  # "at least", ">=" keep a value on the line
    (PKD, "pKd over 7", ["B", "C"]),
    (PKD, "the ones with Kd below 10 nM", ["B"]),  # a unit compares in the column of that unit
    (CELL, "ln IC50 under -2", ["C"]),
    (CELL, "those with IC50 below 1 uM", ["C", "D"]),
    (CELL, "the best two above -2", ["D", "B"]),  # a rank picks among the rows that pass
    (BBB, "the ones above 0.95", []),  # none passes: nothing picked, never every row
    (BBB, "i.e. the ones with a probability above 0,5, the pKd as well", ["B", "D"]),  # a decimal comma
])
def test_thresholds_filter_the_newest_results_values(rows: list[dict[str, object]], words: str,
                                                     picked: list[str]) -> None:
    assert _picked(rows, words) == picked


@pytest.mark.parametrize("words", ["optimise it, aim for ln IC50 below -2", "none of them above 0.5, run all"])
def test_a_goal_or_a_denial_is_no_threshold(words: str) -> None:
    assert _picked(CELL, words) is None


@pytest.mark.parametrize(("words", "picked"), [
    ("drop #2, run the other three", ["A", "C", "D"]),
    ("all but the first", ["B", "C", "D"]),
    ("all but the first two in HeLa", ["C", "D"]),
    ("everything except #3", ["A", "B", "D"]),
    ("without the second one", ["A", "C", "D"]),
    ("drop the ones above 0, rerun the rest", ["C", "D"]),
    ("skip the first step, just the most potent one", ["C"]),  # a step is not a molecule to leave out
])
def test_exclusion_keeps_the_other_rows(words: str, picked: list[str]) -> None:
    assert _picked(CELL, words) == picked


@pytest.mark.parametrize(("words", "picked"), [
    ("for the non-penetrant ones, logD?", ["A", "C"]), ("the BBB- ones to retro", ["A", "C"]),
    ("the inactives please", ["A", "C"]), ("those predicted not to cross", ["A", "C"]),
    ("the penetrant ones, their logS", ["B", "D"]), ("BBB+ ones only", ["B", "D"]),
    ("the one that doesn't get in - ESOL for it", ["A", "C"]), ("the ones that do not cross", ["A", "C"]),
])
def test_a_yes_no_result_picks_its_yes_or_its_no_rows(words: str, picked: list[str]) -> None:
    assert _picked(BBB, words) == picked


@pytest.mark.parametrize(("words", "picked"), [
    ("rank1 -> retro", ["A"]), ("rank #3 in HeLa", ["C"]), ("and solubility of first", ["A"]),
    ("retro on second pls", ["B"]),
])
def test_a_rank_or_a_bare_ordinal_picks_a_place(words: str, picked: list[str]) -> None:
    assert _picked(CELL, words) == picked


def test_the_greasiest_is_the_highest_value() -> None:
    values = [("A", 1.2), ("B", 3.4), ("C", 2.0)]
    lipo = [{"row": i, "smiles": s, "prediction": v} for i, (s, v) in enumerate(values, 1)]
    assert _picked(lipo, "the greasiest one worries me - how would we make it?") == ["B"]


def test_a_place_past_the_end_picks_nothing() -> None:
    assert _picked(CELL, "retro for the 5th one") == []


def test_a_selection_that_picks_nothing_leaves_the_molecules_to_ask_for() -> None:
    """No row passes "above 5": the call gets no molecules (Fe-Fo asks), never the whole list."""
    from agent.backends.planner import plan_calls
    from model_zoo.specs import TOOLS

    pool = ThreadPool(InMemoryPoolStore(), "asked")
    pool.put("user_smiles", [IRINOTECAN, "CCO", "CCN"], "smiles_list", "a", "message")
    rows = [{"row": i + 1, "smiles": s, "prediction": v} for i, (s, v) in enumerate(
        [(IRINOTECAN, -4.0), ("CCO", -1.0), ("CCN", -2.0)])]
    pool.put("drug_property_prediction_result", rows, "table", "a", "tool")
    [call] = plan_calls("logD for the ones above 5", pool.list(), list(TOOLS), read=lambda key: pool.get(key).value)
    assert "drug_smiles" not in call.arguments


def test_a_rerun_of_the_best_rows_runs_those_rows_only() -> None:
    """"take the two best ones from before and rerun them in A549": the earlier tool on the two rows the words pick
    (lowest ln IC50), never the whole earlier list nor a drug-drug ask for "the two"."""
    from agent.backends.planner import plan_calls
    from agent.history import PastRequest
    from model_zoo.specs import TOOLS

    pool = ThreadPool(InMemoryPoolStore(), "rerun")
    pool.put("user_smiles", ["CCO", "CCN", "CCC", "CCCl"], "smiles_list", "a", "message")
    pool.put("user_cell_line", "NCI-H1975", "cell_line", "a", "message")
    rows = [{"row": i + 1, "smiles": s, "ln_ic50": v} for i, (s, v) in enumerate(
        [("CCO", 2.6), ("CCN", 1.85), ("CCC", -3.1), ("CCCl", -0.98)])]
    pool.put("drug_cell_response_regression_predict_result", rows, "table", "a", "tool")
    earlier = [PastRequest("alice", "ln IC50 of CCO, CCN, CCC and CCCl in H1975", answered=True)]
    [call] = plan_calls("nice. take the two best ones from before and rerun them in A-549", pool.list(), list(TOOLS),
                        earlier, read=lambda key: pool.get(key).value)
    assert call.name == "drug_cell_response_regression_predict"
    assert call.arguments == {"drug_smiles": ["CCC", "CCCl"], "cell_name": "A549"}


def test_that_one_after_a_question_that_picked_it_runs_the_pick() -> None:
    """"which one is the most soluble?" is answered from the results (no tool runs); "ok run that one in T47D" then
    means that row, not every molecule of the list."""
    from agent.backends.planner import plan_calls
    from agent.history import CallLog, PastRequest
    from model_zoo.specs import TOOLS

    pool = ThreadPool(InMemoryPoolStore(), "picked")
    pool.put("generated_smiles", ["CCO", "CCN", "CCC"], "smiles_list", "a", "tool")
    rows = [{"row": i + 1, "smiles": s, "prediction": v} for i, (s, v) in enumerate(
        [("CCO", -3.0), ("CCN", -0.5), ("CCC", -2.0)])]
    pool.put("drug_property_prediction_result", rows, "table", "a", "tool")
    asked = [PastRequest("alice", "which one is the most soluble, remind me?", answered=True)]
    [call] = plan_calls("ok run that one in T47D pls", pool.list(), list(TOOLS), asked,
                        read=lambda key: pool.get(key).value)
    assert call.arguments == {"drug_smiles": ["CCN"], "cell_name": "T47D"}
    ran = [PastRequest("alice", "logS of the most soluble one", answered=True,
                       calls=[CallLog(tool="drug_property_prediction", arguments={}, resolved={}, sources={},
                                      status="ok", seconds=0.1, error=None)])]
    [call] = plan_calls("ok run that one in T47D pls", pool.list(), list(TOOLS), ran,
                        read=lambda key: pool.get(key).value)
    assert call.arguments["drug_smiles"] != ["CCN"]  # a tool ran on that pick: the pool holds what it ran on


def test_a_property_of_the_precursors_in_a_route_is_a_property_call() -> None:
    """"the logS of the precursors in route 1": the route only picks the molecules; the ask is the logS."""
    from agent.backends.planner import plan_calls
    from agent.entities import extract
    from agent.planning.tool_choice import intents
    from agent.history import PastRequest
    from model_zoo.specs import TOOLS

    pool = ThreadPool(InMemoryPoolStore(), "route")
    pool.put("user_smiles", ["CC(=O)Nc1ccccc1"], "smiles_list", "a", "message")
    pool.put("Retrosynthetic_reaction_pathway_prediction_result",
             [{"row": 1, "smiles": "CC(=O)Nc1ccccc1", "candidates": [{"reactants": ["CC(=O)Cl", "Nc1ccccc1"]}]}],
             "table", "a", "tool")
    earlier = [PastRequest("alice", "one-step retro on CC(=O)Nc1ccccc1 please", answered=True)]
    [call] = plan_calls("what's the logS of the precursors in route 1? need to know if the coupling can run in water",
                        pool.list(), list(TOOLS), earlier, read=lambda key: pool.get(key).value)
    assert call.name == "drug_property_prediction"
    assert call.arguments == {"drug_smiles": ["CC(=O)Cl", "Nc1ccccc1"], "property": "logSolubility"}
    # each part of a message with several asks is read without its picking words too
    assert [s.name for s, _ in intents(extract("logS of the precursors in route 1? then retro on CCO"), list(TOOLS))] \
        == ["drug_property_prediction", "Retrosynthetic_reaction_pathway_prediction"]


def test_the_last_generated_molecules_are_the_newest_set_not_its_last_row() -> None:
    assert _picked(CELL, "BBB for the last generated molecules") is None
    assert _picked(CELL, "retro for the first generated one pls") == ["A"]


def test_precursors_picked_by_product_and_size(pool: ThreadPool) -> None:
    routes = [{"row": 1, "product": "CC(=O)Nc1ccccc1",
               "candidates": [{"rank": 1, "reactants": ["CC(=O)Cl", "Nc1ccccc1"]}]},
              {"row": 2, "product": "CCOC(=O)c1ccccc1",
               "candidates": [{"rank": 1, "reactants": ["CCO", "O=C(O)c1ccccc1"]}]}]
    pool.put("Retrosynthetic_reaction_pathway_prediction_result", routes, "table", "bot", "tool")
    read = (pool.list(), lambda key: pool.require(key).value)
    assert select_molecules("logS of every precursor", *read) == ["CC(=O)Cl", "Nc1ccccc1", "CCO", "O=C(O)c1ccccc1"]
    assert select_molecules("precursors of the second product: logD", *read) == ["CCO", "O=C(O)c1ccccc1"]
    assert select_molecules("the bigger of the precursors of product 1", *read) == ["Nc1ccccc1"]
    # "precursors for X" asks for a route to X; it picks nothing
    assert select_molecules("precursors for gefitinib", *read) is None


def test_an_ordinal_of_a_cell_line_or_target_picks_no_row(pool: ThreadPool) -> None:
    pool.put("drug_cell_response_regression_predict_result", [{"row": 1, "smiles": "CCO", "ln_ic50": -2.0}], "table",
             "bot", "tool")
    read = (pool.list(), lambda key: pool.require(key).value)
    assert select_molecules("the second line should have been KM12, rerun that one", *read) is None
    assert select_molecules("the first target was wrong", *read) is None


def test_an_ordinal_that_qualifies_something_else_picks_no_row() -> None:
    assert _picked(CELL, "two products from the last campaign are in campaign12.csv — what would I buy?") is None
    assert _picked(CELL, "retro on the second, please") == ["B"]


def test_the_ones_predicted_to_get_in() -> None:
    from agent.selection import _HITS

    assert _HITS.search("for the ones predicted to get in, give me solubility")
    assert _HITS.search("the ones that cross")


def test_a_closing_best_is_no_pick_and_a_count_of_generated_molecules_is() -> None:
    from agent.evaluation.harness import load_pool
    from agent.pool.store import InMemoryPoolStore
    from agent.pool.thread_pool import ThreadPool
    from agent.selection import select_molecules

    pool = ThreadPool(InMemoryPoolStore(), "t")
    load_pool(pool, {"generated_smiles": ["CCO", "CCN", "CCC", "CCCl"], "user_smiles": ["CCBr"],
                     "drug_cell_response_regression_predict_result": [{"row": 1, "smiles": "CCBr", "ln_ic50": 1.0}]})
    read = lambda key: pool.require(key).value  # noqa: E731
    assert select_molecules("imatinib's ln IC50 in K-562 as the benchmark.\n\nBest, Tomasz", pool.list(), read) is None
    assert select_molecules("take the first three generated molecules and check BBB", pool.list(), read) == \
        ["CCO", "CCN", "CCC"]
