"""Hybrid backend: the LLM decides what to do, the offline planner fills in the values.

Small local models pick the right tool far more often than they copy SMILES, sequences, pool keys
and enum values correctly. So the LLM's choice stands (which tool, or no tool and its own words), and
for the chosen tool the planner's typed slot filling (from the message, the pool and the thread's
history) supplies every parameter it can; the LLM's value is kept only where the planner has none.

The planner also steps in where small models fail most: when Fe-Fo has rejected the LLM's calls twice
in a row (they repeat the same wrong call, whatever the feedback says), when the LLM answers in
words although the planner has a call with every required value for the request (they chat instead
of calling a tool in long conversations), and when the learned intent model is sure of the planner's
complete call and all but rules out the LLM's tool. A call the planner cannot complete never replaces the LLM's
words, so "which cell line?" questions stay the LLM's.
"""

from __future__ import annotations

from collections import Counter

from agent.backends.base import Action, Backend, FinalAnswer, PlanContext, ToolCall
from agent.backends.planner import plan_calls
from agent.backends.reading import read_intent
from agent.grounding import unnested
from model_zoo.specs import get_spec


class HybridBackend:
    name = "hybrid"

    def __init__(self, llm: Backend) -> None:
        self.llm = llm
        self.model = getattr(llm, "model", None)
        self.sources: Counter[str] = Counter()  # who chose each proposed action, for evaluation reports

    def next_action(self, ctx: PlanContext) -> Action:
        if _rejections_in_a_row(ctx) >= LLM_ATTEMPTS:
            self.sources["planner after rejected LLM calls"] += 1
            return _planned_step(ctx)
        action = self.llm.next_action(ctx)
        if isinstance(action, FinalAnswer):
            planned = _planned_step(ctx)
            if isinstance(planned, ToolCall) and _complete(planned):
                self.sources["planner instead of LLM words"] += 1
                return planned
            self.sources["LLM words"] += 1
            return action
        spec = get_spec(action.name) if isinstance(action, ToolCall) else None
        if spec is None or spec not in ctx.offered or not isinstance(action.arguments, dict):
            self.sources["LLM tool choice"] += 1
            return action
        planned = _planned_step(ctx)
        if isinstance(planned, ToolCall) and planned.name != spec.name and _complete(planned) and \
                _clearly_other(ctx.request, planned.name, spec.name):
            self.sources["planner over a clearly wrong LLM tool"] += 1
            return planned
        self.sources["LLM tool choice"] += 1
        filled = plan_calls(ctx.request, ctx.pool, [spec], ctx.history, ctx.read)
        done = sum(1 for step in ctx.steps if step.status == "ok" and get_spec(step.call.name) is spec)
        if done >= len(filled):
            return ToolCall(spec.name, action.arguments)
        planned_args = {k: v for k, v in filled[done].arguments.items() if v not in (None, "", [])}
        return ToolCall(spec.name, {**unnested(action.arguments), **planned_args})


LLM_ATTEMPTS = 2  # the LLM's first call and one Fe-Fo retry


def _rejections_in_a_row(ctx: PlanContext) -> int:
    count = 0
    for step in reversed(ctx.steps):
        if step.status != "rejected":
            break
        count += 1
    return count


def _planned_step(ctx: PlanContext) -> Action:
    """The offline planner's call for the next step (the steps that ran count; rejected ones do not)."""
    plan = plan_calls(ctx.request, ctx.pool, ctx.offered, ctx.history, ctx.read)
    done = sum(1 for step in ctx.steps if step.status == "ok")
    if done < len(plan):
        return plan[done]
    return FinalAnswer(ctx.steps[-1].error or "I could not form a valid request for that.")


def _clearly_other(request: str, planned: str, chosen: str) -> bool:
    """The intent model is sure of the planner's tool and all but rules out the LLM's (small models ask
    for solubility when the request says "pKd"). Two tools of the same inputs (affinity or binder/non-binder
    for "does it bind …?") are a judgement call, not a clear mistake: the LLM's choice stands."""
    if _inputs(planned) == _inputs(chosen):
        return False
    tools = read_intent(request).tools
    return tools.get(planned, 0.0) >= CLEARLY and tools.get(chosen, 0.0) <= 1.0 - CLEARLY


def _inputs(tool: str) -> set[str]:
    spec = get_spec(tool)
    return {p.kind for p in spec.params} if spec else set()


CLEARLY = 0.95


def _complete(call: ToolCall) -> bool:
    spec = get_spec(call.name)
    return spec is not None and all(call.arguments.get(p.name) not in (None, "", []) for p in spec.params
                                    if p.required)
