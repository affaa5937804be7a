"""What ``/drugpilot status`` reports: queue lengths, workers, the LLM backend. Read-only probes."""

from __future__ import annotations

import logging
from typing import Any

import httpx

from agent.settings import Settings

log = logging.getLogger(__name__)
PROBE_TIMEOUT_S = 1.5


def status_lines(settings: Settings, in_progress: int) -> list[str]:
    lines = []
    if settings.distributed:
        queued = queue_lengths(("agent", "gpu"))
        lines.append("Mode: distributed (Redis + Celery workers)")
        lines.append(f"Queued: {_count(queued['agent'])} turn(s) on `agent`, {_count(queued['gpu'])} model call(s) "
                     "on `gpu`")
        workers = ping_workers()
        if workers is None:
            lines.append("Workers: could not ask (is Redis reachable?)")
        elif workers:
            lines.append(f"Workers answering: {len(workers)} ({', '.join(sorted(workers))})")
        else:
            lines.append("Workers answering: none. Requests wait in the queue until `drugpilot worker` runs.")
    else:
        lines.append("Mode: embedded (turns run inside the bot process; no Redis configured)")
    lines.append(f"Requests from Slack in progress: {in_progress}")
    lines.append("LLM: " + llm_line(settings))
    return lines


def _count(n: int | None) -> str:
    return "?" if n is None else str(n)


def queue_lengths(queues: tuple[str, ...]) -> dict[str, int | None]:
    """Messages waiting in each Celery queue (with the Redis transport a queue is a list of that name)."""
    from worker.runtime import redis_client

    try:
        return {q: int(redis_client().llen(q)) for q in queues}
    except Exception:  # a status line, not a failure
        log.warning("could not read queue lengths", exc_info=True)
        return {q: None for q in queues}


def ping_workers() -> list[str] | None:
    from worker.celery_app import app

    try:
        replies: list[dict[str, Any]] = app.control.ping(timeout=PROBE_TIMEOUT_S) or []
    except Exception:
        log.warning("worker ping failed", exc_info=True)
        return None
    return [name for reply in replies for name in reply]


def llm_line(settings: Settings) -> str:
    if not settings.use_ollama:
        return "none configured; the offline planner answers (set DRUGPILOT_OLLAMA_HOST for an LLM)"
    host = settings.ollama_url
    try:
        reachable = httpx.get(f"{host}/api/tags", timeout=PROBE_TIMEOUT_S).status_code == 200
    except httpx.HTTPError:
        reachable = False
    state = "reachable" if reachable else "NOT reachable; the offline planner answers meanwhile"
    mode = "LLM alone" if settings.llm_backend == "ollama" else "hybrid: it picks the tool, the planner fills values"
    return f"Ollama `{settings.ollama_model}` at {host} ({mode}): {state}"
