"""Dispatchers: run a tool in this process (embedded) or on the Celery ``gpu`` queue."""

from __future__ import annotations

import logging
from typing import Any

from celery import Celery
from celery.exceptions import TimeoutError as CeleryTimeout

from agent.artifacts import ArtifactStore
from agent.dispatch import ToolFailed, ToolOutcome
from agent.pool.store import StorageFull
from worker.execute import execute_tool

log = logging.getLogger(__name__)


class InProcessDispatcher:
    def __init__(self, artifacts: ArtifactStore) -> None:
        self._artifacts = artifacts

    def run_tool(self, name: str, arguments: dict[str, Any], thread_key: str) -> ToolOutcome:
        try:
            return execute_tool(name, arguments, self._artifacts)
        except StorageFull as exc:
            raise ToolFailed(str(exc)) from exc
        except Exception as exc:  # a tool crash must become a message, not a lost turn
            log.exception("tool %s failed", name)
            raise ToolFailed(short_error(exc)) from exc


class CeleryDispatcher:
    """Sends the call to the gpu queue and waits. Turns and tools run on different queues (and worker
    nodes), so a turn waiting on a tool cannot starve the pool that would run it."""

    def __init__(self, app: Celery, timeout_s: float) -> None:
        self._app = app
        self._timeout = timeout_s

    def run_tool(self, name: str, arguments: dict[str, Any], thread_key: str) -> ToolOutcome:
        result = self._app.send_task("worker.tasks.run_tool", args=[name, arguments, thread_key], queue="gpu")
        try:
            payload = result.get(timeout=self._timeout, disable_sync_subtasks=False)
        except CeleryTimeout:
            raise ToolFailed(f"no GPU worker finished {name} within {self._timeout:.0f} s; is one running?") from None
        except Exception as exc:
            log.warning("tool %s failed on a worker: %s", name, exc)
            raise ToolFailed(short_error(exc)) from exc
        if "failed" in payload:  # stopped after crashing its worker twice, or Redis is full: said as is
            raise ToolFailed(payload["failed"])
        return ToolOutcome.from_json(payload)


def short_error(exc: BaseException) -> str:
    """One line for the thread; the log keeps the whole trace."""
    first = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    return f"internal error ({type(exc).__name__}{': ' + first[:160] if first else ''}); the details are in the log"
