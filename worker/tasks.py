"""Celery tasks: deserialize, call a plain function, serialize. Around the call: a turn's lease (one live run
of a turn), the crash guard (worker.crashes) and the storage-full answer (worker.storage)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from celery.exceptions import Ignore, SoftTimeLimitExceeded

from agent.turn import Reply, Turn
from worker import celeryconfig, crashes, storage
from worker.celery_app import app
from worker.devices import device_report
from worker.execute import execute_tool
from worker.lease import TurnLease
from worker.queues import replies_queue
from worker.runtime import artifact_store, build_deps, redis_client


@app.task(name="worker.tasks.run_turn", bind=True, acks_late=True, **celeryconfig.turn_task_limits())
def run_turn(self: Any, turn_json: dict[str, Any]) -> dict[str, Any]:
    turn = Turn.from_json(turn_json)
    lease = TurnLease(redis_client(), turn.turn_id)
    try:
        # A copy (Redis hands a turn out again after its visibility timeout) waits while the first run lives:
        # it takes the turn over if that run's worker dies.
        acquired = lease.acquire(wait_s=celeryconfig.turn_task_limits()["soft_time_limit"])
    except Exception as exc:  # Redis refused the lease: it is full; say so instead of no answer
        if not storage.storage_full(exc):
            raise
        return deliver(turn, storage.full_reply(turn).to_json())
    if not acquired:
        raise Ignore()  # the first run answered: this copy records no result of its own

    def progress(text: str) -> None:
        if turn.reply_to is not None:
            app.send_task("bot.progress", args=[turn.thread.platform, turn.reply_to, turn.turn_id, text],
                          queue=replies_queue(turn.thread.platform))

    try:
        reply = deliver(turn, guarded_reply(self.name, self.request.id, turn, progress))
    except BaseException:
        lease.release()
        raise
    lease.finish()
    return reply


def guarded_reply(task: str, task_id: str, turn: Turn, progress: Callable[[str], None]) -> dict[str, Any]:
    """The turn's reply; a "stopped" reply when it crashed its worker twice; "storage full" when Redis is."""
    counter = crashes.CrashCounter(redis_client())
    try:
        allowed = counter.begin(task_id)
    except Exception as exc:
        if not storage.storage_full(exc):
            raise
        return storage.full_reply(turn).to_json()
    if not allowed:
        counter.dead_letter(task, task_id, {"thread": turn.thread.key(), "turn_id": turn.turn_id})
        return Reply(turn_id=turn.turn_id, text=f"Sorry, {crashes.MESSAGE}.").to_json()
    try:
        return storage.answer(turn, build_deps(), progress).to_json()
    finally:
        counter.end(task_id)


def deliver(turn: Turn, reply: dict[str, Any]) -> dict[str, Any]:
    """Send the reply to the platform's delivery worker (a console turn has no reply_to: its caller waits)."""
    if turn.reply_to is not None:
        app.send_task("bot.deliver", args=[turn.thread.platform, turn.reply_to, reply],
                      queue=replies_queue(turn.thread.platform))
    return reply


@app.task(name="worker.tasks.run_tool", bind=True, acks_late=True, reject_on_worker_lost=True)
def run_tool(self: Any, name: str, arguments: dict[str, Any], thread_key: str) -> dict[str, Any]:
    """The outcome, or ``{"failed": why}`` for the user: the call crashed its worker CRASH_LIMIT times, or
    Redis is full."""
    try:
        counter = crashes.CrashCounter(redis_client())
        if not counter.begin(self.request.id):
            counter.dead_letter(self.name, self.request.id, {"thread": thread_key, "tool": name})
            return {"failed": crashes.MESSAGE}
        try:
            return execute_tool(name, arguments, artifact_store()).to_json()
        finally:
            counter.end(self.request.id)
    except SoftTimeLimitExceeded:
        raise RuntimeError(f"{name} ran past its time limit") from None
    except Exception as exc:
        if (payload := storage.failed_payload(exc)) is None:
            raise
        return payload


@app.task(name="worker.tasks.gpu_info", bind=True, acks_late=False)
def gpu_info(self: Any) -> dict[str, Any]:
    """For `drugpilot doctor`: which worker answered, and what it computes on."""
    return {"worker": self.request.hostname, **device_report()}
