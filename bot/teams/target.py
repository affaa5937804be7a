"""Where a Teams reply goes (``Turn.reply_to``): typed here, plain JSON on the queue."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class TeamsTarget:
    ref: str  # store key of the thread's conversation reference (ThreadRef.key)
    reply_to_id: str | None = None  # the message answered
    ack_id: str | None = None  # the "Working on it…" message (updated with progress)
    card_id: str | None = None  # a pool card to refresh after the answer

    def to_json(self) -> dict[str, Any]:
        """An unset ``ack_id`` or ``card_id`` is left out (every reader treats absent and null alike)."""
        d: dict[str, Any] = {"ref": self.ref, "reply_to_id": self.reply_to_id}
        return d | {k: v for k, v in (("card_id", self.card_id), ("ack_id", self.ack_id)) if v is not None}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> TeamsTarget:
        return cls(ref=d["ref"], reply_to_id=d.get("reply_to_id"), ack_id=d.get("ack_id"), card_id=d.get("card_id"))
