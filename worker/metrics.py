"""Prometheus metrics and the Celery signal hooks that record them, in one place.

Nothing here touches a task body: ``task_prerun``/``task_postrun``/``task_failure`` time every task,
count turns (by platform and outcome), the tool calls a turn made (ok / rejected by Fe-Fo / error),
model runs on the gpu queue (by tool and status) and errors (by exception type), and bind the chat
thread and turn ids to the log context (``worker/logs.py``). Queue lengths are read from the broker
at scrape time.

Serving: set ``DRUGPILOT_METRICS_PORT`` and each Celery worker serves ``/metrics`` there from its main
process (``worker_init``); ``drugpilot slack|teams`` serve it too (``serve()``). Prefork children run
the model calls, so when a port is set this module switches prometheus_client to its multiprocess mode
before importing it: every process writes its samples to a private folder, and the serving process
adds them up (``PROMETHEUS_MULTIPROC_DIR``; created here when unset).
"""

from __future__ import annotations

import atexit
import logging
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator
from typing import Any

from agent.settings import get_settings

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"


def _prepare_multiprocess() -> None:
    """Must run before prometheus_client is imported: it picks its value class at import time."""
    if (os.environ.get(MULTIPROC_ENV) or "prometheus_client" in sys.modules
            or not get_settings().observability.metrics_port):
        return
    path = tempfile.mkdtemp(prefix="drugpilot-metrics-")
    os.environ[MULTIPROC_ENV] = path
    owner = os.getpid()

    def remove() -> None:  # only the process that made the folder removes it, not its forked children
        if os.getpid() == owner:
            shutil.rmtree(path, ignore_errors=True)

    atexit.register(remove)


_prepare_multiprocess()

from celery.signals import (  # noqa: E402 - after the multiprocess switch above
    after_setup_logger,
    after_setup_task_logger,
    task_failure,
    task_postrun,
    task_prerun,
    worker_init,
    worker_process_shutdown,
)
from prometheus_client import (  # noqa: E402
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    multiprocess,
)
from prometheus_client import start_http_server as _start_http_server  # noqa: E402
from prometheus_client.core import GaugeMetricFamily  # noqa: E402

from agent.turn import ThreadRef  # noqa: E402
from model_zoo.specs import canonical_tool_name  # noqa: E402
from worker import logs, queues  # noqa: E402

log = logging.getLogger(__name__)

RUN_TURN = "worker.tasks.run_turn"
RUN_TOOL = "worker.tasks.run_tool"
_SECONDS = (0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1200)

TASKS = Counter("drugpilot_tasks_total", "Celery tasks finished, by task name and final state", ["task", "state"])
TASK_SECONDS = Histogram("drugpilot_task_duration_seconds", "Celery task run time", ["task"], buckets=_SECONDS)
TASK_ERRORS = Counter("drugpilot_task_errors_total", "Celery tasks that raised, by task and exception type",
                      ["task", "exception"])
TURNS = Counter("drugpilot_turns_total", "Chat turns answered by the agent, by platform and outcome",
                ["platform", "outcome"])
TURN_SECONDS = Histogram("drugpilot_turn_duration_seconds", "Time to answer a turn (agent worker)", ["platform"],
                         buckets=_SECONDS)
TOOL_CALLS = Counter("drugpilot_tool_calls_total",
                     "Tool calls the agent made in its turns, by tool and status (ok, rejected by Fe-Fo, error)",
                     ["tool", "status"])
TOOL_RUNS = Counter("drugpilot_tool_runs_total", "Model calls run on the gpu queue, by tool and result status",
                    ["tool", "status"])
TOOL_SECONDS = Histogram("drugpilot_tool_duration_seconds", "Model call run time on the gpu queue", ["tool"],
                         buckets=_SECONDS)

_started: dict[str, tuple[float, Any]] = {}  # task id -> (perf_counter at start, log-context token)
_served: dict[str, int] = {}


def tool_label(name: Any) -> str:
    """A bounded label: the canonical tool name, or "unknown" (an LLM can propose any name)."""
    return canonical_tool_name(str(name)) or "unknown"


def _arg(args: Any, kwargs: Any, index: int, name: str) -> Any:
    if kwargs and name in kwargs:
        return kwargs[name]
    return args[index] if args and len(args) > index else None


def log_context(task: str, args: Any, kwargs: Any) -> dict[str, str | None]:
    """The chat thread and turn a task works for, read from its arguments (ids only)."""
    try:
        if task == RUN_TURN:
            turn = _arg(args, kwargs, 0, "turn_json") or {}
            return {"thread": ThreadRef(**turn["thread"]).key(), "turn_id": turn.get("turn_id")}
        if task == RUN_TOOL:
            return {"thread": _arg(args, kwargs, 2, "thread_key"), "tool": str(_arg(args, kwargs, 0, "name"))}
        if task == "bot.deliver":
            return {"turn_id": (_arg(args, kwargs, 2, "reply_json") or {}).get("turn_id")}
        if task == "bot.progress":
            return {"turn_id": _arg(args, kwargs, 2, "turn_id")}
    except (AttributeError, KeyError, TypeError):
        pass
    return {}


def record(task: str, state: str, seconds: float, args: Any, kwargs: Any, retval: Any) -> None:
    """Count one finished task (called from task_postrun; a plain function so tests can call it)."""
    TASKS.labels(task, state.lower()).inc()
    TASK_SECONDS.labels(task).observe(seconds)
    if task == RUN_TURN:
        turn = _arg(args, kwargs, 0, "turn_json") or {}
        platform = str((turn.get("thread") or {}).get("platform", "unknown"))
        ok = state == "SUCCESS" and isinstance(retval, dict)
        TURNS.labels(platform, "ok" if ok else "error").inc()
        TURN_SECONDS.labels(platform).observe(seconds)
        for call in retval.get("tool_calls", []) if ok else []:
            TOOL_CALLS.labels(tool_label(call.get("name")), str(call.get("status", "ok"))).inc()
    elif task == RUN_TOOL:
        tool = tool_label(_arg(args, kwargs, 0, "name"))
        status = (str(retval.get("status", "failed" if "failed" in retval else "ok"))
                  if isinstance(retval, dict) and state == "SUCCESS" else "exception")
        TOOL_RUNS.labels(tool, status).inc()
        TOOL_SECONDS.labels(tool).observe(seconds)


@task_prerun.connect
def _on_prerun(task_id: str | None = None, task: Any = None, args: Any = None, kwargs: Any = None, **_: Any) -> None:
    name = getattr(task, "name", "?")
    token = logs.bind(task=name, task_id=task_id, **log_context(name, args, kwargs))
    _started[task_id or ""] = (time.perf_counter(), token)


@task_postrun.connect
def _on_postrun(task_id: str | None = None, task: Any = None, args: Any = None, kwargs: Any = None,
                retval: Any = None, state: str | None = None, **_: Any) -> None:
    started, token = _started.pop(task_id or "", (None, None))
    seconds = time.perf_counter() - started if started is not None else 0.0
    try:
        record(getattr(task, "name", "?"), state or "UNKNOWN", seconds, args, kwargs, retval)
    except Exception:  # metrics must never fail a task
        log.debug("could not record metrics", exc_info=True)
    if token is not None:
        try:
            logs.reset(token)
        except ValueError:  # set in another context (should not happen); clear instead
            logs.reset()


@task_failure.connect
def _on_failure(sender: Any = None, exception: BaseException | None = None, **_: Any) -> None:
    TASK_ERRORS.labels(getattr(sender, "name", "?"), type(exception).__name__ if exception else "?").inc()


class QueueLengthCollector:
    """``drugpilot_queue_length{queue}`` and ``drugpilot_unacked_messages``, read from Redis at scrape time."""

    def __init__(self, broker_url: str, names: Iterable[str] = queues.ALL) -> None:
        self._url = broker_url
        self._names = tuple(names)
        self._client: Any = None

    def collect(self) -> Iterator[GaugeMetricFamily]:
        waiting = GaugeMetricFamily("drugpilot_queue_length", "Messages waiting in a Celery queue", labels=["queue"])
        unacked = GaugeMetricFamily("drugpilot_unacked_messages",
                                    "Messages fetched by workers and not yet acknowledged (running, or held by a "
                                    "dead worker until the visibility timeout)")
        up = GaugeMetricFamily("drugpilot_broker_up", "1 when the broker answered this scrape")
        try:
            if self._client is None:
                import redis

                self._client = redis.Redis.from_url(self._url, socket_timeout=2, socket_connect_timeout=2)
            for name in self._names:
                waiting.add_metric([name], queues.queue_length(self._client, name))
            unacked.add_metric([], queues.unacked_count(self._client))
            up.add_metric([], 1)
        except Exception as exc:  # a scrape must answer even when Redis does not
            log.debug("queue lengths unavailable: %s", exc)
            up.add_metric([], 0)
            yield up
            return
        yield from (waiting, unacked, up)


def registry() -> CollectorRegistry:
    """What ``/metrics`` serves: this process (or, in multiprocess mode, all of its processes) plus queues."""
    if os.environ.get(MULTIPROC_ENV):
        reg = CollectorRegistry()
        multiprocess.MultiProcessCollector(reg)
    else:
        reg = REGISTRY
    broker = get_settings().effective_broker_url
    if queues.is_redis_url(broker):
        reg.register(QueueLengthCollector(broker or ""))
    return reg


def serve(port: int | None = None, addr: str = "0.0.0.0") -> int | None:
    """Serve ``/metrics`` on ``port`` (default ``DRUGPILOT_METRICS_PORT``; unset or 0: not served)."""
    port = port if port is not None else get_settings().observability.metrics_port
    if not port:
        return None
    if _served.get("port"):
        return _served["port"]
    try:
        server, _thread = _start_http_server(port, addr, registry=registry())
    except OSError as exc:  # e.g. a parent process (drugpilot slack) already serves this port
        log.warning("metrics: port %s unavailable (%s); not serving /metrics from this process", port, exc)
        return None
    _served["port"] = server.server_port
    log.info("metrics on http://%s:%s/metrics", addr, server.server_port)
    return server.server_port


@worker_init.connect
def _on_worker_init(**_: Any) -> None:
    serve()


@worker_process_shutdown.connect
def _on_child_exit(pid: int | None = None, **_: Any) -> None:
    if os.environ.get(MULTIPROC_ENV):
        multiprocess.mark_process_dead(pid or os.getpid())


@after_setup_logger.connect
@after_setup_task_logger.connect
def _json_logs(logger: logging.Logger | None = None, **_: Any) -> None:
    if logger is not None and logs.json_enabled():
        logs.use_json(logger)
