"""The backend contract: given the turn so far, propose the next action (a tool call or an answer)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from agent.history import PastRequest
from agent.pool.entry import EntryMeta
from model_zoo.specs import ToolSpec


@dataclass
class ToolCall:
    name: str
    arguments: dict[str, Any]
    # the words of a message's list item (with the words before the list) the call answers: a name there that did not
    # resolve stops this call, not the other items' calls ("1) bind PARP1? 2) olaparib in A2780"); "" = the message
    scope: str = field(default="", compare=False)


@dataclass
class FinalAnswer:
    text: str


Action = ToolCall | FinalAnswer


@dataclass
class Step:
    """One step of a turn: the proposed call and what came of it."""

    call: ToolCall
    status: str  # ok | rejected | error
    observation: dict[str, Any] | None = None
    error: str | None = None


@dataclass
class PlanContext:
    request: str  # the user's message, as typed
    pool: list[EntryMeta]  # keys only, never values
    offered: list[ToolSpec]
    steps: list[Step] = field(default_factory=list)
    messages: list[dict[str, Any]] = field(default_factory=list)  # rendered for chat LLMs
    history: list[PastRequest] = field(default_factory=list)  # earlier requests in the thread, oldest first
    read: Callable[[str], Any] | None = None  # a pool value by key, for deterministic backends only


class BackendUnavailable(RuntimeError):
    """The LLM could not be reached or did not answer in time (not the user's fault)."""


class Backend(Protocol):
    name: str

    def next_action(self, ctx: PlanContext) -> Action: ...
