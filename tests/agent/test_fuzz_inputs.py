"""Property-based tests: whatever a person types as a pool command, whatever arguments an LLM invents for a
tool, and whatever text reaches the agent, the answer is a clear message and nothing else in the pool is
touched. Strategies include unicode, very long values, JSON where a list is expected, negative numbers,
NaN and infinities."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agent.artifacts import InMemoryArtifactStore
from agent.backends.planner import OfflinePlanner
from agent.commands import USAGE, run_command
from agent.fefo import CheckedCall, FeFoError, check_call
from agent.loop import Limits
from agent.pool.store import InMemoryPoolStore
from agent.pool.thread_pool import ThreadPool
from agent.service import AgentDeps, handle_turn
from agent.turn import ThreadRef, Turn
from model_zoo.specs import TOOLS
from worker.dispatch import InProcessDispatcher

KEEP = ["CCO", "c1ccccc1O"]
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

numbers = st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers(-10**30, 10**30))
texts = st.one_of(st.text(max_size=40), st.text(min_size=2000, max_size=5000),
                  st.sampled_from(["", " ", "NaN", "-1", "1e999", "nan", "inf", "-0", "[]", "{}", "null", "[1, 2]",
                                   '["CCO", 5]', '{"a": [1]}', "(user_smiles)", "(keep)", "( )", "C" * 500,
                                   "c1ccccc1" * 50, "ZZZZ", "🧪💊", "\u202e\u0000", "=cmd|' /C calc'!A0"]))
json_values = st.recursive(st.one_of(st.none(), st.booleans(), numbers, texts),
                           lambda inner: st.one_of(st.lists(inner, max_size=5),
                                                   st.dictionaries(st.text(max_size=8), inner, max_size=4)),
                           max_leaves=12)


def fresh_pool() -> ThreadPool:
    pool = ThreadPool(InMemoryPoolStore(), "fuzz")
    pool.put("keep", KEEP, "smiles_list", "alice", "command")
    return pool


def keep_untouched(pool: ThreadPool) -> bool:
    entry = pool.get("keep")
    return entry is not None and entry.value == KEEP and entry.meta.version == 1


@FUZZ
@given(verb=st.sampled_from(["set", "show", "del", "rename", "export", "history", "list", "frobnicate", ""]),
       key=st.one_of(st.text(max_size=100), st.sampled_from(["keep", "x", "a.b-c", "_k", "9lives", "k" * 81])),
       value=st.one_of(texts, json_values.map(json.dumps)))
def test_pool_commands_always_answer_and_never_touch_other_keys(verb: str, key: str, value: str) -> None:
    pool = fresh_pool()
    result = run_command(f"pool {verb} {key} {value}", pool, "mallory")
    assert isinstance(result.text, str) and result.text.strip()
    if key.strip() != "keep" or verb not in ("set", "del", "rename"):
        assert keep_untouched(pool), (verb, key, value, result.text)
    for meta in pool.list():  # whatever was stored is a finite, typed value
        stored = pool.get(meta.key).value
        if meta.kind == "number":
            assert isinstance(stored, (int, float)) and math.isfinite(stored), (value, stored)


@pytest.mark.parametrize("value", ["NaN", "nan", "inf", "-inf", "1e999", "-1e999", "Infinity", repr(math.nan),
                                   repr(-math.inf), "[1, NaN]", '{"a": Infinity}'])
def test_non_finite_numbers_are_refused_with_a_message(value: str) -> None:
    pool = fresh_pool()
    pool.put("dose", 3.5, "number", "alice", "command")
    for key in ("dose", "fresh_key"):
        result = run_command(f"pool set {key} {value}", pool, "mallory")
        assert result.text.startswith("Not saved") and ("finite" in result.text or "not a number" in result.text)
    assert pool.get("dose").value == 3.5 and pool.get("fresh_key") is None


@FUZZ
@given(tool=st.sampled_from([spec.name for spec in TOOLS] + ["no_such_tool", ""]),
       arguments=st.dictionaries(st.sampled_from(sorted({p.name for spec in TOOLS for p in spec.params}
                                                        | {"junk", "parameters"})),
                                 json_values, max_size=5))
def test_invented_tool_arguments_get_a_precise_error_or_a_valid_call(tool: str, arguments: dict[str, Any]) -> None:
    pool = fresh_pool()
    try:
        checked = check_call(tool, arguments, list(TOOLS), pool, max_molecules=1000)
    except FeFoError as exc:
        assert str(exc).strip() and len(str(exc)) < 2000
    else:
        assert isinstance(checked, CheckedCall)
        for value in checked.arguments.values():  # nothing non-finite reaches a model
            for number in _numbers(value):
                assert math.isfinite(number), checked.arguments
    assert keep_untouched(pool)


def _numbers(value: Any) -> list[float]:
    if isinstance(value, bool):
        return []
    if isinstance(value, (int, float)):
        return [float(value)]
    if isinstance(value, list):
        return [n for v in value for n in _numbers(v)]
    return []


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.one_of(st.text(max_size=300), texts,
                      st.builds(lambda a, b: f"{a} {b}", st.sampled_from(
                          ["solubility of", "does this bind", "predict toxicity of", "pool set", "optimize",
                           "retrosynthesis of", "IC50 of", "interaction between"]), texts)))
def test_any_message_gets_an_answer_and_the_pool_survives(text: str) -> None:
    artifacts = InMemoryArtifactStore()
    store = InMemoryPoolStore()
    thread = ThreadRef("console", "local", "fuzz", "t")
    pool = ThreadPool(store, thread.key())
    pool.put("keep", KEEP, "smiles_list", "alice", "command")
    deps = AgentDeps(pool_store=store, artifacts=artifacts, dispatcher=InProcessDispatcher(artifacts),
                     backend=OfflinePlanner(), limits=Limits(turn_seconds=30, max_molecules=50))
    reply = handle_turn(Turn(thread, "mallory", text), deps)
    assert reply.text.strip() or reply.tables or reply.artifacts
    if not text.strip().lower().startswith("pool"):
        assert keep_untouched(pool), (text, reply.text)
    # the pool commands' usage answers a pool command, or is part of the help an empty message gets
    assert USAGE not in reply.text or text.strip().lower().startswith("pool") or reply.text.startswith("Ask in plain")
