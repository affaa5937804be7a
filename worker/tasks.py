"""Celery tasks: deserialize, call a plain function, serialize. No logic lives here."""

from __future__ import annotations

from typing import Any

from celery.exceptions import SoftTimeLimitExceeded

from agent.service import handle_turn
from agent.turn import Turn
from worker.celery_app import app
from worker.execute import execute_tool
from worker.runtime import artifact_store, build_deps


@app.task(name="worker.tasks.run_turn", acks_late=True)
def run_turn(turn_json: dict[str, Any]) -> dict[str, Any]:
    return handle_turn(Turn.from_json(turn_json), build_deps()).to_json()


@app.task(name="worker.tasks.run_tool", acks_late=True, reject_on_worker_lost=True)
def run_tool(name: str, arguments: dict[str, Any], thread_key: str) -> dict[str, Any]:
    try:
        return execute_tool(name, arguments, artifact_store()).to_json()
    except SoftTimeLimitExceeded:
        raise RuntimeError(f"{name} ran past its time limit") from None
