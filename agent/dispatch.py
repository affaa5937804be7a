"""How the agent runs a tool without knowing where: in this process, or on a Celery GPU worker."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

from agent.turn import ArtifactRef
from model_zoo.errors import UserFacingError


@dataclass
class ToolOutcome:
    """A tool's result after its files were stored: JSON-able, so it can cross process boundaries."""

    tool: str
    status: str
    summary: str
    columns: list[str]
    rows: list[dict[str, Any]]
    observation: dict[str, Any]
    artifacts: list[ArtifactRef] = field(default_factory=list)
    pool_value: Any = None
    pool_kind: str = "table"
    model: dict[str, Any] | None = None
    warnings: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> ToolOutcome:
        d = dict(d)
        d["artifacts"] = [ArtifactRef(**a) for a in d.get("artifacts", [])]
        return cls(**d)


class ToolFailed(UserFacingError, RuntimeError):
    """A tool could not run (worker timeout, model error); the message is for the user."""


class Dispatcher(Protocol):
    def run_tool(self, name: str, arguments: dict[str, Any], thread_key: str) -> ToolOutcome: ...
