"""What a chat platform implements to post into its threads, and how a bot process hands a turn to the worker
with its deliverer bound to the turn's ``reply_to`` (worker/ sees only two callables)."""

from __future__ import annotations

from typing import Any, Protocol

from agent.turn import Reply, Turn
from worker import client


class Deliverer(Protocol):
    """Posts into a chat thread; ``target`` is a Turn's ``reply_to`` (the JSON of the platform's typed target).
    A deliverer may also have ``give_up(target, reply, error)`` (bot.delivery_retry)."""

    def deliver(self, target: dict[str, Any], reply: Reply) -> None: ...
    def progress(self, target: dict[str, Any], turn_id: str, text: str) -> None: ...


def enqueue_turn(turn: Turn, deliverer: Deliverer) -> None:
    """worker.client.enqueue_turn; in embedded mode ``deliverer`` posts the progress lines and the reply."""
    target = turn.reply_to
    assert target is not None, "a turn without reply_to has nowhere to be delivered"
    client.enqueue_turn(turn, lambda text: deliverer.progress(target, turn.turn_id, text),
                        lambda reply: deliverer.deliver(target, reply))
