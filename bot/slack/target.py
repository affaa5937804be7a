"""Where a Slack reply goes (``Turn.reply_to``): typed here, plain JSON on the queue."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class SlackTarget:
    team: str
    channel: str
    thread_ts: str  # the thread's root message
    message_ts: str | None = None  # the question (its 👀 becomes ✅ or ⚠️)
    status_ts: str | None = None  # the "Working on it…" message (progress lines edit it)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> SlackTarget:
        return cls(team=d.get("team", ""), channel=d["channel"], thread_ts=d["thread_ts"],
                   message_ts=d.get("message_ts"), status_ts=d.get("status_ts"))
