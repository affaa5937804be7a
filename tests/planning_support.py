"""Planning helpers shared by the request-round tests: a thread's pool from plain values, and a logged earlier
request (importable because pytest puts tests/ on sys.path)."""

from __future__ import annotations

import time

from agent.backends.base import PlanContext, ToolCall
from agent.backends.planner import OfflinePlanner, plan_calls
from agent.entities import read_message
from agent.evaluation.harness import load_pool
from agent.history import CallLog, PastRequest
from agent.loop import Decider, Limits
from agent.pool.store import InMemoryPoolStore
from agent.pool.thread_pool import ThreadPool
from model_zoo.specs import TOOLS


def plan_with(text: str, values: dict, history: list[PastRequest] | None = None) -> list[ToolCall]:
    """The offline planner's calls for ``text`` in a thread whose pool holds ``values``."""
    pool = ThreadPool(InMemoryPoolStore(), "t")
    load_pool(pool, values)
    return plan_calls(text, pool.list(), list(TOOLS), history or [], lambda key: pool.require(key).value)


def decided(text: str, values: dict | None = None, history: list[PastRequest] | None = None) -> str | None:
    """The tool a chat turn would run for ``text`` in a thread whose pool holds ``values`` (empty by default) after
    ``history``: planner, then Fe-Fo; None when it asks."""
    pool = ThreadPool(InMemoryPoolStore(), "t")
    load_pool(pool, values or {})
    ctx = PlanContext(request=text, pool=pool.list(), offered=list(TOOLS), history=list(history or []),
                      read=pool.read)
    decision = Decider(OfflinePlanner(), pool, list(TOOLS), Limits()).decide(ctx, read_message(text),
                                                                        time.monotonic() + 60)
    return decision.action.name if decision.action is not None else None


def ran(tool: str, text: str, arguments: dict | None = None) -> PastRequest:
    """An earlier request of the thread that ran ``tool``."""
    return PastRequest("u", text, answered=True, calls=[CallLog(tool, arguments or {}, None, {}, "ok")])


def drug(name: str) -> str:
    """The structure the drug tables give for ``name``."""
    from model_zoo.names.drugs import resolve_drug
    from model_zoo.names.types import Resolved

    found = resolve_drug(name)
    assert isinstance(found, Resolved)
    return found.value


def target(symbol: str) -> str:
    """The sequence the target tables give for ``symbol``."""
    from model_zoo.names.targets import resolve_target
    from model_zoo.names.types import Resolved

    found = resolve_target(symbol)
    assert isinstance(found, Resolved)
    return found.value


# the calls each tool's plain request in another language should plan (the language tests of each round)
def asks_the_property(text: str, drug_name: str, prop: str) -> None:
    [call] = plan_with(text, {})
    assert call.name == "drug_property_prediction" and call.arguments == {"drug_smiles": [drug(drug_name)],
                                                                          "property": prop}
    assert decided(text) == "drug_property_prediction"


def asks_the_pair(text: str, first: str, second: str) -> None:
    [call] = plan_with(text, {})
    assert call.name == "drug_drug_response_predict" and call.arguments == {"smiles_pairs": [[drug(first),
                                                                                                drug(second)]]}


def asks_binding(text: str, tool: str, drug_name: str, symbol: str) -> None:
    [call] = plan_with(text, {})
    assert call.name == tool and call.arguments == {"drug_smiles": [drug(drug_name)], "target_seq": target(symbol)}


def asks_the_cells(text: str, drug_name: str, cell: str) -> None:
    [call] = plan_with(text, {})
    assert call.name == "drug_cell_response_regression_predict" and call.arguments == {
        "drug_smiles": [drug(drug_name)], "cell_name": cell}


def asks_the_route(text: str, drug_name: str) -> None:
    [call] = plan_with(text, {})
    assert call.name == "Retrosynthetic_reaction_pathway_prediction" and call.arguments == {
        "smiles_list": [drug(drug_name)]}


def generates(text: str, zscore: float = -2.0) -> None:
    [call] = plan_with(text, {})
    assert call.name == "drug_cell_response_regression_generation" and call.arguments == {"cell_line": "A549",
                                                                                          "zscore": zscore}


def optimizes(text: str) -> None:
    [call] = plan_with(text, {})
    assert call.name == "drug_cell_response_regression_optimization" and call.arguments == {
        "gt": drug("gefitinib"), "cell_line": "A549", "zscore": -2.0}
