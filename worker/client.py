"""Hand a Turn to the agent: wait for its Reply (console), or enqueue it and let the reply be
delivered into its thread when the turn ends (chat platforms)."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from agent.service import handle_turn
from agent.settings import get_settings
from agent.turn import Reply, Turn
from worker.runtime import build_deps

_embedded_pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="turn")


def submit_turn(turn: Turn) -> Reply:
    settings = get_settings()
    if not settings.distributed:
        return handle_turn(turn, build_deps())
    from worker.celery_app import app

    from worker.celeryconfig import turn_task_limits

    result = app.send_task("worker.tasks.run_turn", args=[turn.to_json()], queue="agent")
    return Reply.from_json(result.get(timeout=turn_task_limits()["time_limit"]))


def enqueue_turn(turn: Turn, progress: Callable[[str], None], deliver: Callable[[Reply], None]) -> None:
    """Return at once. Distributed: the turn goes to the `agent` queue and its reply to the platform's
    `replies.<platform>` queue, served by the bot-side delivery worker (bot.delivery).
    Embedded: a background thread runs the turn, calling ``progress`` with its progress lines and ``deliver``
    with its reply, in this process."""
    assert turn.reply_to is not None, "a turn without reply_to has nowhere to be delivered"
    if get_settings().distributed:
        from worker.celery_app import app

        app.send_task("worker.tasks.run_turn", args=[turn.to_json()], queue="agent")
        return
    _embedded_pool.submit(_run_embedded, turn, progress, deliver)


def _run_embedded(turn: Turn, progress: Callable[[str], None], deliver: Callable[[Reply], None]) -> None:
    try:
        reply = handle_turn(turn, build_deps(), progress)
    except Exception as exc:  # the thread must hear about it; the log keeps the trace
        import logging

        logging.getLogger(__name__).exception("turn %s failed", turn.turn_id)
        reply = Reply(turn_id=turn.turn_id, text=f"Sorry, that request failed: {type(exc).__name__}: {exc}")
    deliver(reply)
