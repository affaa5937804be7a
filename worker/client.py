"""Submit a Turn and get its Reply: in this process (embedded) or through the Celery ``agent`` queue."""

from __future__ import annotations

from agent.service import handle_turn
from agent.settings import get_settings
from agent.turn import Reply, Turn
from worker.runtime import build_deps


def submit_turn(turn: Turn) -> Reply:
    settings = get_settings()
    if not settings.distributed:
        return handle_turn(turn, build_deps())
    from worker.celery_app import app

    result = app.send_task("worker.tasks.run_turn", args=[turn.to_json()], queue="agent")
    return Reply.from_json(result.get(timeout=settings.turn_timeout_s + settings.tool_timeout_s))
