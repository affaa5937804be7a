"""Teacher-forced tool-calling evaluation (design.md §5) through the bot's own Decider.

At each gold function_call the agent gets the conversation so far (gold calls and observations
included) and the pool at that moment, and decides its next action exactly as in a chat turn
(backend → grounding → Fe-Fo with feedback and retries). Nothing runs; the decision is scored.
"""

from __future__ import annotations

import json
import statistics
import time
from collections import defaultdict
from typing import Any

from agent.analysis.followup import follow_up
from agent.backends.base import Backend, BackendUnavailable, PlanContext, Step, ToolCall
from agent.entities import read_message
from agent.evaluation.scoring import name_ok, params_ok
from agent.evaluation.tcdd import Record, strip_pool_line
from agent.history import CallLog, PastRequest
from agent.loop import Decider, Limits, observation_messages
from agent.pool.entry import infer_kind
from agent.pool.store import InMemoryPoolStore
from agent.pool.thread_pool import ThreadPool
from agent.pool.view import render_for_llm, tcdd_keys_line
from agent.prompts import load
from model_zoo.chem.proteins import InvalidSequence, normalize_sequence
from model_zoo.specs import ToolSpec, get_spec


def evaluate(records: list[Record], backend: Backend, limits: Limits | None = None,
             fallback: Backend | None = None) -> dict[str, Any]:
    limits = limits if limits is not None else Limits()
    results = [evaluate_record(r, backend, limits, fallback) for r in records]
    return {"records": results, "summary": summarize(results)}


def evaluate_record(record: Record, backend: Backend, limits: Limits, fallback: Backend | None) -> dict[str, Any]:
    offered = [s for s in (get_spec(t.get("name", "")) for t in record.tools) if s is not None]
    pool = ThreadPool(InMemoryPoolStore(), f"eval:{record.index}")
    load_pool(pool, record.memory_pool)
    messages: list[dict[str, Any]] = [{"role": "system", "content": load("system.md")}]
    request, scored = "", []
    steps_since_request: list[Step] = []
    history: list[PastRequest] = []
    calls: list[CallLog] = []  # the current request's gold calls whose results are in the pool
    for message in record.conversations:
        role = message["from"]
        if role == "human":
            if request:
                history.append(PastRequest("user", request, answered=bool(steps_since_request), calls=calls))
            request = strip_pool_line(message["value"])
            steps_since_request, calls = [], []
            messages.append({"role": "user", "content": _user_content(request, pool)})
        elif role == "function_call":
            gold = message["call"]
            scored.append(_score_step(gold, request, pool, offered, messages, steps_since_request, history,
                                      backend, limits, fallback))
            call = ToolCall(gold.get("name") or "", gold.get("arguments") or {})
            if gold.get("name"):
                steps_since_request.append(Step(call, "ok"))
                messages += observation_messages(call, {})[:1]
        elif role == "observation":
            if isinstance(message.get("memory_pool"), dict):
                sync_pool(pool, message["memory_pool"])
                if steps_since_request:
                    _log_result(steps_since_request[-1].call, pool, calls)
            messages.append({"role": "tool", "content": message["value"][:4000]})
        elif role == "gpt":
            messages.append({"role": "assistant", "content": message["value"]})
    return {"index": record.index, "id": record.id, "category": record.category, "steps": scored}


def _log_result(call: ToolCall, pool: ThreadPool, calls: list[CallLog]) -> None:
    """Log a gold call with the pool version of its result, as a chat turn does, so that the follow-up analyses
    and the planner find it again ("the highest logD from the first run")."""
    spec = get_spec(call.name)
    meta = pool.store.meta(pool.thread_key, spec.result_key) if spec is not None else None
    if spec is None or meta is None:
        return
    calls.append(CallLog(spec.name, call.arguments, None, {}, "ok", result_key=spec.result_key,
                         result_version=meta.version))


def _score_step(gold: dict[str, Any], request: str, pool: ThreadPool, offered: list[ToolSpec],
                messages: list[dict[str, Any]], steps: list[Step], history: list[PastRequest], backend: Backend,
                limits: Limits, fallback: Backend | None) -> dict[str, Any]:
    ctx = PlanContext(request=request, pool=pool.list(), offered=offered, steps=list(steps),
                      messages=[dict(m) for m in messages], history=list(history),
                      read=pool.read)
    decider = Decider(backend, pool, offered, limits, fallback)
    started = time.perf_counter()
    predicted, backend_error = None, None
    # As in a chat turn (agent.service): a message that filters, ranks or asks about the thread's results is
    # answered from them before any backend reads it ("which one is the most soluble?"): no tool call.
    answered = not steps and follow_up(request, "eval", pool, list(history)) is not None
    try:
        if not answered:
            decision = decider.decide(ctx, read_message(request), time.monotonic() + limits.turn_seconds)
            if decision.action is not None:
                predicted = {"name": decision.action.name, "arguments": decision.action.arguments}
    except BackendUnavailable as exc:  # scored as a miss, counted apart: the model did not answer
        backend_error = str(exc)
    seconds = time.perf_counter() - started
    return {"gold": gold, "predicted": predicted, "name_ok": name_ok(gold, predicted) and not backend_error,
            "params_ok": params_ok(gold, predicted, pool) and not backend_error, "seconds": round(seconds, 4),
            "backend_error": backend_error,
            "attempts": [{"name": r.name, "arguments": r.arguments, "status": r.status, "error": r.error,
                          "sources": r.sources} for r in decider.records]}


def _user_content(request: str, pool: ThreadPool) -> str:
    metas = pool.list()
    return f"{request}\n\n{render_for_llm(metas)}\n{tcdd_keys_line(metas)}"


def sync_pool(pool: ThreadPool, values: dict[str, Any]) -> None:
    """Bring the pool to an observation's state as a chat turn leaves it: a changed value becomes a new version of
    its key (the older one stays in the key's history), a key the observation no longer lists is deleted."""
    for key in pool.keys():
        if key not in values:
            pool.delete(key, "eval")
    for key, value in values.items():
        entry = pool.get(key)
        if entry is None or entry.value != value:
            pool.put(key, value, kind_of(key, value), "eval", "benchmark")


def load_pool(pool: ThreadPool, values: dict[str, Any]) -> None:
    for key, value in values.items():
        pool.put(key, value, kind_of(key, value), "eval", "benchmark")


def kind_of(key: str, value: Any) -> str:
    """The kind of a value given without one (benchmark pools): from its shape, then its key."""
    if isinstance(value, str):
        if "cell" in key:
            return "cell_line"
        try:
            normalize_sequence(value)
            return "protein_seq"
        except InvalidSequence:
            return "smiles" if key.endswith("smiles") else "text"
    return infer_kind(value)


def summarize(results: list[dict[str, Any]]) -> dict[str, Any]:
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for record in results:
        groups[record["category"]].append(record)
    summary = {category: _metrics(group) for category, group in sorted(groups.items())}
    summary["overall"] = _metrics(results)
    return summary


def _metrics(records: list[dict[str, Any]]) -> dict[str, Any]:
    steps = [s for r in records for s in r["steps"]]
    seconds = sorted(s["seconds"] for s in steps)
    n = max(len(steps), 1)
    return {
        "records": len(records),
        "steps": len(steps),
        "acc_f": round(100 * sum(s["name_ok"] for s in steps) / n, 1),
        "acc_p": round(100 * sum(s["params_ok"] for s in steps) / n, 1),
        "completion": round(100 * sum(all(s["params_ok"] for s in r["steps"]) for r in records)
                            / max(len(records), 1), 1),
        "backend_errors": sum(1 for s in steps if s.get("backend_error")),
        "median_s": round(statistics.median(seconds), 4) if seconds else None,
        "p95_s": round(seconds[min(len(seconds) - 1, int(0.95 * len(seconds)))], 4) if seconds else None,
    }


def render_table(summary: dict[str, Any]) -> str:
    header = f"{'category':<12} {'records':>7} {'steps':>5} {'Acc.F':>6} {'Acc.P':>6} {'done':>6} " \
             f"{'median s':>9} {'p95 s':>7}"
    lines = [header, "-" * len(header)]
    for category, m in summary.items():
        if not isinstance(m, dict) or "acc_f" not in m:
            continue
        lines.append(f"{category:<12} {m['records']:>7} {m['steps']:>5} {m['acc_f']:>6.1f} {m['acc_p']:>6.1f} "
                     f"{m['completion']:>6.1f} {m['median_s'] or 0:>9.4f} {m['p95_s'] or 0:>7.4f}")
    return "\n".join(lines)


def dumps(result: dict[str, Any]) -> str:
    return json.dumps(result, indent=1, default=str)
