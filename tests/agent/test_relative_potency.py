"""Potency goals set against a result already shown ("one ln unit below bortezomib's predicted value")."""

from __future__ import annotations

import math

import pytest

from agent.backends.planner import plan_calls
from agent.entities import extract
from agent.planning.relative_potency import relative_goal
from agent.pool.store import InMemoryPoolStore
from agent.pool.thread_pool import ThreadPool
from model_zoo.names import find_drug_names
from model_zoo.specs import TOOLS


def smiles_of(name: str) -> str:
    [found] = [n for n in find_drug_names(name) if n.kind == "drug"]
    return found.value  # type: ignore[union-attr]


@pytest.fixture
def pool() -> ThreadPool:
    pool = ThreadPool(InMemoryPoolStore(), "relative")
    rows = [{"row": 1, "smiles": smiles_of("cisplatin"), "ln_ic50": 1.89},
            {"row": 2, "smiles": smiles_of("bortezomib"), "ln_ic50": -5.51}]
    pool.put("drug_cell_response_regression_predict_result", rows, "table", "bot", "tool")
    pool.put("user_cell_line", "OPM2", "cell_line", "alice", "message")
    return pool


@pytest.mark.parametrize("text, expected", [
    ("design new ones for OPM2 aiming one ln unit below bortezomib's predicted value there", -6.51),
    ("target = exactly 1 ln unit below the cisplatin value you just gave", 0.89),
    ("generate molecules that beat the best of those by one ln unit, same cell line", -6.51),
    ("generate something for OPM2 at 10x cisplatin's predicted potency", 1.89 - math.log(10)),
    ("aim for a potency no worse than bortezomib's predicted value", -5.51),
])
def test_a_goal_set_against_a_shown_result(pool: ThreadPool, text: str, expected: float) -> None:
    goal = relative_goal(extract(text), pool.list(), lambda key: pool.require(key).value)
    assert goal is not None and math.isclose(goal.value, expected), goal


def test_the_planner_uses_the_goal_and_says_where_it_came_from(pool: ThreadPool) -> None:
    text = "design new ones for OPM2 aiming one ln unit below bortezomib's predicted value there"
    [call] = plan_calls(text, pool.list(), list(TOOLS), read=lambda key: pool.require(key).value)
    assert math.isclose(call.arguments["zscore"], -6.51)
    goal = relative_goal(extract(text), pool.list(), lambda key: pool.require(key).value)
    assert goal is not None and "bortezomib's predicted ln(IC50) -5.51" in goal.conversion


def test_a_goal_against_a_drug_the_result_does_not_hold_is_asked_never_the_bare_number(pool: ThreadPool) -> None:
    text = "design compounds for OPM2, 1 ln unit below the gemcitabine value you gave"
    assert relative_goal(extract(text), pool.list(), lambda key: pool.require(key).value) is None
    [call] = plan_calls(text, pool.list(), list(TOOLS), read=lambda key: pool.require(key).value)
    assert "zscore" not in call.arguments


def test_an_absolute_goal_with_a_comparison_is_no_relative_goal(pool: ThreadPool) -> None:
    text = "Design de novo compounds for MOLT-4 with a target IC50 no worse than 3e-8 M."
    assert relative_goal(extract(text), pool.list(), lambda key: pool.require(key).value) is None
    [call] = plan_calls(text, pool.list(), list(TOOLS), read=lambda key: pool.require(key).value)
    assert math.isclose(call.arguments["zscore"], math.log(0.03))


@pytest.mark.parametrize("text, shift", [("generate for that line at half of that predicted IC50", -math.log(2)),
                                         ("design new cpds for the same line, aim 2x more potent than that number",
                                          -math.log(2))])
def test_a_goal_against_the_one_value_shown(text: str, shift: float) -> None:
    pool = ThreadPool(InMemoryPoolStore(), "one-row")
    pool.put("drug_cell_response_regression_predict_result", [{"row": 1, "smiles": "CCO", "ln_ic50": 1.99}], "table",
             "bot", "tool")
    goal = relative_goal(extract(text), pool.list(), lambda key: pool.require(key).value)
    assert goal is not None and math.isclose(goal.value, 1.99 + shift)


def test_a_redo_shifts_the_earlier_goal_and_without_one_asks() -> None:
    pool = ThreadPool(InMemoryPoolStore(), "redo")
    pool.put("user_zscore", -2.302585093, "number", "alice", "message")
    text = "too weak. Redo it 10-fold more potent."
    goal = relative_goal(extract(text), pool.list(), lambda key: pool.require(key).value)
    assert goal is not None and math.isclose(goal.value, -2.302585093 - math.log(10))
    empty = ThreadPool(InMemoryPoolStore(), "no-goal")
    [call] = plan_calls("generate for A549, redo it 10-fold more potent", empty.list(), list(TOOLS),
                        read=lambda key: empty.require(key).value)
    assert "zscore" not in call.arguments  # never the bare 10
