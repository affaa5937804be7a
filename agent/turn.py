"""The contract between chat adapters, the worker and the agent: ThreadRef, Turn, Reply.

All of these are plain dataclasses that round-trip through JSON, because a Turn travels through
Celery and a Reply travels back to whichever process posts it.
"""

from __future__ import annotations

import base64
import uuid
from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True)
class ThreadRef:
    """Where a conversation lives. The memory pool is keyed by all four parts."""

    platform: str  # "console", "slack", "teams"
    workspace: str  # Slack team id / Teams tenant id / "local"
    channel: str
    thread: str  # root message id

    def key(self) -> str:
        return ":".join(_escape(p) for p in (self.platform, self.workspace, self.channel, self.thread))

    def workspace_key(self) -> str:
        """Where a workspace's daily budgets and pool bytes are counted (no channel or thread of that name can
        collide)."""
        return workspace_of(self.key())


def workspace_of(thread_key: str) -> str:
    """The workspace key of a thread key (``ThreadRef.key``): stores find a thread's workspace from its key alone."""
    return ":".join(thread_key.split(":")[:2] + ["*workspace*"])


def _escape(part: str) -> str:
    return str(part).replace("%", "%25").replace(":", "%3A")


@dataclass
class Attachment:
    """A file a user attached to a message (bytes already downloaded by the adapter)."""

    name: str
    data: bytes

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "data_b64": base64.b64encode(self.data).decode("ascii")}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Attachment:
        return cls(name=d["name"], data=base64.b64decode(d["data_b64"]))


@dataclass
class Turn:
    thread: ThreadRef
    user: str
    text: str
    files: list[Attachment] = field(default_factory=list)
    turn_id: str = field(default_factory=lambda: uuid.uuid4().hex)
    reply_to: dict[str, Any] | None = None  # where the adapter posts the reply (opaque to the agent)

    def to_json(self) -> dict[str, Any]:
        return {
            "thread": asdict(self.thread),
            "user": self.user,
            "text": self.text,
            "files": [f.to_json() for f in self.files],
            "turn_id": self.turn_id,
            "reply_to": self.reply_to,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Turn:
        return cls(
            thread=ThreadRef(**d["thread"]),
            user=d["user"],
            text=d["text"],
            files=[Attachment.from_json(f) for f in d.get("files", [])],
            turn_id=d["turn_id"],
            reply_to=d.get("reply_to"),
        )


@dataclass
class ArtifactRef:
    """A stored file (CSV, PNG): ``key`` finds its bytes in the ArtifactStore."""

    name: str
    media_type: str
    key: str


@dataclass
class ToolCallRecord:
    """One tool call of a turn, as shown by ``--json`` and kept for audits."""

    name: str
    arguments: dict[str, Any]  # as proposed (pool references unresolved)
    resolved: dict[str, Any] | None = None  # as run
    status: str = "ok"  # ok | rejected (Fe-Fo) | error
    observation: dict[str, Any] | None = None
    error: str | None = None
    seconds: float = 0.0
    sources: dict[str, dict[str, str]] = field(default_factory=dict)  # argument -> {how, detail} (provenance)


@dataclass
class Table:
    columns: list[str]
    rows: list[dict[str, Any]]
    total_rows: int


@dataclass
class Reply:
    turn_id: str
    text: str
    tables: list[Table] = field(default_factory=list)
    artifacts: list[ArtifactRef] = field(default_factory=list)
    tool_calls: list[ToolCallRecord] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    backend: str = ""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Reply:
        return cls(
            turn_id=d["turn_id"],
            text=d["text"],
            tables=[Table(**t) for t in d.get("tables", [])],
            artifacts=[ArtifactRef(**a) for a in d.get("artifacts", [])],
            tool_calls=[ToolCallRecord(**c) for c in d.get("tool_calls", [])],
            notices=list(d.get("notices", [])),
            backend=d.get("backend", ""),
        )
