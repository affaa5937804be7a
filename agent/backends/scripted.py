"""A backend that plays a fixed script of actions: for tests that need an exact sequence."""

from __future__ import annotations

from collections.abc import Callable

from agent.backends.base import Action, FinalAnswer, PlanContext


class ScriptedBackend:
    name = "scripted"

    def __init__(self, script: list[Action] | Callable[[PlanContext], Action]) -> None:
        self._script = script
        self.seen: list[PlanContext] = []

    def next_action(self, ctx: PlanContext) -> Action:
        self.seen.append(ctx)
        if callable(self._script):
            return self._script(ctx)
        index = len(self.seen) - 1
        return self._script[index] if index < len(self._script) else FinalAnswer("done")
