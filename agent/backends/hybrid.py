"""Hybrid backend: the LLM decides what to do, the offline planner fills in the values.

Small local models pick the right tool far more often than they copy SMILES, sequences, pool keys
and enum values correctly. So the LLM's choice stands (which tool, or no tool and its own words), and
for the chosen tool the planner's typed slot filling (from the message, the pool and the thread's
history) supplies every parameter it can; the LLM's value is kept only where the planner has none.
"""

from __future__ import annotations

from agent.backends.base import Action, Backend, PlanContext, ToolCall
from agent.backends.planner import plan_calls
from model_zoo.specs import get_spec


class HybridBackend:
    name = "hybrid"

    def __init__(self, llm: Backend) -> None:
        self.llm = llm
        self.model = getattr(llm, "model", None)

    def next_action(self, ctx: PlanContext) -> Action:
        action = self.llm.next_action(ctx)
        spec = get_spec(action.name) if isinstance(action, ToolCall) else None
        if spec is None or spec not in ctx.offered or not isinstance(action.arguments, dict):
            return action
        filled = plan_calls(ctx.request, ctx.pool, [spec], ctx.history, ctx.read)
        done = sum(1 for step in ctx.steps if step.status == "ok" and get_spec(step.call.name) is spec)
        if done >= len(filled):
            return ToolCall(spec.name, action.arguments)
        llm_args = action.arguments.get("parameters", action.arguments) if set(action.arguments) == {
            "parameters"} else action.arguments  # small models nest the arguments one level too deep
        planned = {k: v for k, v in filled[done].arguments.items() if v not in (None, "", [])}
        return ToolCall(spec.name, {**llm_args, **planned})
