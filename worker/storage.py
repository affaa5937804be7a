"""A turn's answer when Redis is full.

Redis runs with ``maxmemory`` and ``noeviction`` (infra/redis/redis.conf): when it is full it refuses
writes instead of silently evicting pools. The pool store turns a refused write into StorageFull, a clear
message; any other write a turn makes (its lease, its history, its reply files) is caught here, so the thread
gets that message instead of no answer.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from agent.pool.store import STORAGE_FULL, StorageFull, is_out_of_memory
from agent.service import AgentDeps, handle_turn
from agent.turn import Reply, Turn

log = logging.getLogger(__name__)


def storage_full(exc: BaseException) -> bool:
    return isinstance(exc, StorageFull) or is_out_of_memory(exc)


def full_reply(turn: Turn) -> Reply:
    return Reply(turn_id=turn.turn_id, text=f"Sorry, {STORAGE_FULL}.")


def answer(turn: Turn, deps: AgentDeps, progress: Callable[[str], None] | None = None) -> Reply:
    """handle_turn, or the storage-full reply when Redis refused one of the turn's writes."""
    try:
        return handle_turn(turn, deps, progress)
    except Exception as exc:
        if not storage_full(exc):
            raise
        log.error("turn %s: Redis is out of memory (%s)", turn.turn_id, exc)
        return full_reply(turn)


def failed_payload(exc: BaseException) -> dict[str, Any] | None:
    """What run_tool returns for a failure the user should read as is (None: a plain error)."""
    return {"failed": STORAGE_FULL} if storage_full(exc) else None
