"""The agent loop: plan → Fe-Fo → run tool → save to pool → observe, bounded in steps, retries and time."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from agent.backends.base import Backend, BackendUnavailable, FinalAnswer, PlanContext, Step, ToolCall
from agent.dispatch import Dispatcher, ToolFailed, ToolOutcome
from agent.entities import Entities, named_instead_of_invalid, read_message
from agent.fefo import CheckedCall, FeFoError, check_call
from agent.grounding import ground_call
from agent.history import PastRequest
from agent.labels import with_internal
from agent.pool.entry import PoolError, labelled, relabel
from agent.pool.refs import refs_in_text
from agent.pool.thread_pool import ThreadPool
from agent.pool.view import render_for_llm, tcdd_keys_line
from agent.planning.relative_potency import relative_goal
from agent.planning.uploads import molecule_uploads
from agent.provenance import trace, unsupported, with_open_question
from agent.settings import DEFAULTS, Settings
from agent.prompts import load
from agent.turn import ToolCallRecord
from agent.wording import ask_for, plain_problem, task
from model_zoo.specs import TOOLS, ToolSpec, get_spec
from model_zoo.tables import LABELS

DETERMINISTIC_BACKENDS = {"offline", "scripted"}
log = logging.getLogger(__name__)


@dataclass
class Limits:
    """A turn's bounds; the defaults are Settings' defaults, ``from_settings`` takes the configured values."""

    max_steps: int = DEFAULTS.max_steps
    max_retries: int = DEFAULTS.max_retries
    turn_seconds: float = DEFAULTS.turn_timeout_s
    max_molecules: int = DEFAULTS.max_molecules

    @classmethod
    def from_settings(cls, settings: Settings) -> Limits:
        return cls(max_steps=settings.max_steps, max_retries=settings.max_retries,
                   turn_seconds=settings.turn_timeout_s, max_molecules=settings.max_molecules)


@dataclass
class TurnOutcome:
    text: str
    records: list[ToolCallRecord] = field(default_factory=list)
    outcomes: list[ToolOutcome] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    backend: str = ""


@dataclass
class Decision:
    """What the agent decided at one point of a turn: a call that passed Fe-Fo, or a final answer."""

    action: ToolCall | None
    checked: CheckedCall | None
    final: str | None


class Decider:
    """Ask the backend for the next action and run Fe-Fo on it, feeding errors back, within bounds.

    The bot and the evaluation harness both decide through this class, so they measure the same agent.
    """

    def __init__(self, backend: Backend, pool: ThreadPool, offered: list[ToolSpec], limits: Limits,
                 fallback: Backend | None = None, turn_id: str = "") -> None:
        self.turn_id = turn_id  # only for the log
        self.backend = backend
        self.fallback = fallback
        self.pool = pool
        self.offered = offered
        self.limits = limits
        self.retries = 0
        self.records: list[ToolCallRecord] = []
        self.notices: list[str] = []

    def decide(self, ctx: PlanContext, entities: Entities, deadline: float) -> Decision:
        while time.monotonic() <= deadline:
            try:
                action = self.backend.next_action(ctx)
            except BackendUnavailable as exc:
                if self.fallback is None:
                    raise
                self.notices.append(f"The language model is unavailable ({exc}); answered with the offline planner.")
                log.warning("turn=%s backend=%s unavailable (%s): falling back to %s", self.turn_id,
                            self.backend.name, exc, self.fallback.name)
                self.backend, self.fallback = self.fallback, None
                continue
            if isinstance(action, FinalAnswer):
                log.info("turn=%s backend=%s no tool: %.200r", self.turn_id, self.backend.name, action.text)
                return Decision(None, None, action.text)
            if self.backend.name not in DETERMINISTIC_BACKENDS:
                action = ground_call(action, ctx.request, entities, ctx.pool)
            goal = relative_goal(entities, self.pool.list(), lambda key: self.pool.require(key).value)
            sources = trace(action, entities, ctx.history, goal)
            record = ToolCallRecord(name=action.name, arguments=action.arguments,
                                    sources={name: source.to_json() for name, source in sources.items()})
            self.records.append(record)
            try:
                guessed = unsupported(action, sources, with_open_question(entities, ctx.history))
                if guessed:
                    raise FeFoError(guessed, action.name)
                checked = check_call(action.name, action.arguments, self.offered, self.pool, self.limits.max_molecules)
            except FeFoError as exc:
                log.info("turn=%s backend=%s rejected %s: %.300s", self.turn_id, self.backend.name, action.name, exc)
                record.status, record.error = "rejected", str(exc)
                ctx.steps.append(Step(action, "rejected", error=_ask_user(exc, self.pool, entities)))
                ctx.messages += feedback_messages(action, str(exc), ctx.request)
                self.retries += 1
                if self.retries > self.limits.max_retries:
                    return Decision(None, None, _ask_user(exc, self.pool, entities))
                continue
            record.resolved = checked.arguments
            log.info("turn=%s backend=%s call %s sources=%s", self.turn_id, self.backend.name, action.name,
                     {name: source["how"] for name, source in record.sources.items()})
            return Decision(action, checked, None)
        self.notices.append(f"Stopped after {self.limits.turn_seconds:.0f} s, the time limit for one request.")
        return Decision(None, None, "")


def run_turn(
    request: str,
    user: str,
    backend: Backend,
    pool: ThreadPool,
    dispatcher: Dispatcher,
    limits: Limits | None = None,
    offered: list[ToolSpec] | None = None,
    fallback: Backend | None = None,
    history: list[PastRequest] | None = None,
    progress: Callable[[str], None] | None = None,
    turn_id: str = "",
) -> TurnOutcome:
    limits = limits if limits is not None else Limits()
    offered = list(offered or TOOLS)
    deadline = time.monotonic() + limits.turn_seconds
    ctx = PlanContext(request=request, pool=pool.list(), offered=offered, history=list(history or []),
                      read=pool.read)
    ctx.messages = initial_messages(request, ctx)
    decider = Decider(backend, pool, offered, limits, fallback, turn_id)
    entities = read_message(request)
    result = TurnOutcome(text="")
    for _ in range(limits.max_steps):
        decision = decider.decide(ctx, entities, deadline)
        if decision.checked is None or decision.action is None:
            result.text = decision.final or ""
            break
        checked, action, record = decision.checked, decision.action, decider.records[-1]
        if progress:
            progress(describe_call(checked))
        started = time.monotonic()
        arguments = with_internal(checked.spec, action.arguments if isinstance(action.arguments, dict) else {},
                                  checked.arguments, pool, entities, request, user)
        try:
            outcome = dispatcher.run_tool(checked.spec.name, arguments, pool.thread_key)
        except ToolFailed as exc:
            record.status, record.error = "error", str(exc)
            record.seconds = round(time.monotonic() - started, 3)
            log.warning("turn=%s %s failed after %.1f s: %s", turn_id, checked.spec.name, record.seconds, exc)
            result.text = f"{task(checked.spec.name)[0].upper()}{task(checked.spec.name)[1:]} failed: {exc}"
            break
        record.seconds = round(time.monotonic() - started, 3)
        record.observation = outcome.observation
        record.status = "ok" if outcome.status == "ok" else "error"
        result.outcomes.append(outcome)
        try:
            save_to_pool(pool, checked.spec, checked.literals, outcome, user, arguments.get(LABELS))
        except PoolError as exc:  # the result is still shown; only remembering it failed
            decider.notices.append(f"Not saved to the pool: {exc}.")
        ctx.pool = pool.list()
        ctx.steps.append(Step(action, record.status, observation=outcome.observation,
                              error=None if outcome.status == "ok" else outcome.summary))
        ctx.messages += observation_messages(action, outcome.observation)
    if not result.outcomes and result.text:
        result.text = "".join(f"{problem[0].upper()}{problem[1:]}.\n" for problem in _unknown_refs(request, pool)) \
            + result.text
    result.records, result.notices, result.backend = decider.records, decider.notices, decider.backend.name
    return result


def _unknown_refs(request: str, pool: ThreadPool) -> list[str]:
    """Why a ``(key)`` the person wrote was not used: no such key in this thread's pool."""
    problems = []
    for key in refs_in_text(request):
        try:
            pool.require(key)
        except PoolError as exc:
            problems.append(str(exc))
    return problems


def describe_call(checked: CheckedCall) -> str:
    """A progress line for people waiting in the thread."""
    sizes = [(len(v), "drug pair(s)" if param.kind == "smiles_pairs" else "molecule(s)")
             for p, v in checked.arguments.items() if isinstance(v, list) and (param := checked.spec.param(p))
             and param.kind in ("smiles_list", "smiles_pairs")]
    what = f" on {sizes[0][0]} {sizes[0][1]}" if sizes else ""
    return f"Running {task(checked.spec.name)}{what}…"


def save_to_pool(pool: ThreadPool, spec: ToolSpec, literals: dict[str, Any], outcome: ToolOutcome, user: str,
                 names: dict[str, str] | None = None) -> None:
    """DrugPilot's conventions: literal inputs as user_* (with the names of named molecules), outputs under the
    tool's result key."""
    for name, value in literals.items():
        param = spec.param(name)
        if param is None or param.save_as is None:
            continue
        kind = {"smiles": "smiles_list", "enum": "text"}.get(param.kind, param.kind)
        if param.kind == "smiles":
            value = [value] if isinstance(value, str) else value
        elif param.kind == "smiles_list" and isinstance(value, str):
            value = [value]
        if isinstance(value, list) and names:
            value = labelled(value, relabel(value, names))
        pool.put(param.save_as, value, kind, user, "message")
    if outcome.status == "ok":
        value = outcome.pool_value if outcome.pool_value is not None else outcome.rows
        pool.put(spec.result_key, value, outcome.pool_kind, f"tool:{spec.name}", "tool")


def initial_messages(request: str, ctx: PlanContext, history_turns: int = 4) -> list[dict[str, Any]]:
    messages = [{"role": "system", "content": load("system.md")}]
    for past in ctx.history[-history_turns:]:
        messages += [{"role": "user", "content": past.text}, {"role": "assistant", "content": past.reply}]
    user = f"{request}\n\n{render_for_llm(ctx.pool)}\n{tcdd_keys_line(ctx.pool)}"
    return messages + [{"role": "user", "content": user}]


def observation_messages(call: ToolCall, observation: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {"role": "assistant", "content": "", "tool_calls": [{"function": {"name": call.name,
                                                                         "arguments": call.arguments}}]},
        {"role": "tool", "content": json.dumps(observation, default=str)[:4000]},
    ]


def feedback_messages(call: ToolCall, error: str, request: str) -> list[dict[str, Any]]:
    """The paper's feedback-focus: the precise error plus the user's original request."""
    return [
        {"role": "assistant", "content": "", "tool_calls": [{"function": {"name": call.name,
                                                                         "arguments": call.arguments}}]},
        {"role": "tool", "content": f"Error, the tool did not run: {error}. Focus on the user's original request: "
                                    f"{request!r}. Fix the call, or if a value is missing or invalid, call no tool "
                                    "and ask the user for it."},
    ]


def _ask_user(exc: FeFoError, pool: ThreadPool | None = None, entities: Entities | None = None) -> str:
    if not exc.fixable_by_user:
        return "I could not form a valid request for that: " + str(exc)
    spec = get_spec(exc.tool or "")
    params = [param for name in exc.missing if spec and (param := spec.param(name))]
    asks = [ask_for(param) for param in params]
    others = [plain_problem(exc.tool, p) for p in exc.problems if not p.startswith("missing ")]
    uploads = [key.removeprefix("upload_") for key in molecule_uploads(pool.list())] if pool is not None else []
    wants_molecules = any(p.kind in ("smiles_list", "smiles", "smiles_pairs") for p in params)
    lists = [m for m in sorted(pool.list(), key=lambda m: m.set_at) if m.kind == "smiles_list" and m.size > 1
             and not m.key.startswith("upload_")] if pool is not None else []
    if len(uploads) > 1 and wants_molecules:
        others.append(f"this thread has {len(uploads)} uploads ({', '.join(uploads)}): say which one")
    elif lists and wants_molecules:  # "Does it get into the brain?" after two molecules: the nearest options
        others.append(f"the thread's newest list ({lists[-1].key}) has {lists[-1].size} molecules: say which one "
                      "(e.g. '#2') or 'all of them'")
    named = named_instead_of_invalid(entities) if entities is not None else None
    if named is not None and any("invalid SMILES" in p for p in exc.problems):  # the named drug, offered instead
        others.append(f"or use {named.name} as the tables give it ({named.source})? Say yes")
    parts = (["I still need " + "; and ".join(asks)] if asks else []) + others
    return f"Before I can run {task(exc.tool)}: " + "; ".join(p.rstrip(".") for p in parts) + "."
