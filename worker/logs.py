"""Structured logs: one JSON object per line, with the chat thread and turn a line belongs to.

Enabled with ``DRUGPILOT_LOG_FORMAT=json`` (anything else keeps the plain text format). The thread
and turn ids live in context variables that the Celery task hooks in ``worker/metrics.py`` set for
the duration of a task, so every line a turn, a model call or a delivery logs carries them.
"""

from __future__ import annotations

import contextvars
import json
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from agent.settings import get_settings


_context: contextvars.ContextVar[dict[str, str] | None] = contextvars.ContextVar("drugpilot_log_context",
                                                                                  default=None)
# LogRecord's own attributes; anything else on a record came from ``extra=`` and is kept, except Celery's
# ``data`` (a repr of the task's arguments and result: whole molecule lists, user text).
_STANDARD = frozenset(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime", "taskName",
                                                                                "data"}
_MAX_EXTRA = 2000  # characters of one extra field


def json_enabled() -> bool:
    return get_settings().observability.json_logs


def bind(**fields: str | None) -> contextvars.Token:
    """Add fields (thread, turn_id, task, task_id) to every log line of the current context."""
    current = dict(_context.get() or {})
    current.update({k: str(v) for k, v in fields.items() if v is not None})
    return _context.set(current)


def reset(token: contextvars.Token | None = None) -> None:
    if token is not None:
        _context.reset(token)
    else:
        _context.set(None)


@contextmanager
def bound(**fields: str | None) -> Iterator[None]:
    token = bind(**fields)
    try:
        yield
    finally:
        reset(token)


def current() -> dict[str, str]:
    return dict(_context.get() or {})


class JsonFormatter(logging.Formatter):
    """``{"ts", "level", "logger", "message", "thread", "turn_id", "task", …}`` on one line.

    ``thread`` is the chat thread (its pool key), not the OS thread: that one is ``py_thread``.
    """

    def format(self, record: logging.LogRecord) -> str:
        payload: dict[str, Any] = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "process": record.process,
            "py_thread": record.threadName,
        }
        payload.update(current())
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_") and key not in payload:
                if not isinstance(value, (int, float, bool, type(None))):
                    value = value if isinstance(value, str) else repr(value)
                    value = value if len(value) <= _MAX_EXTRA else value[:_MAX_EXTRA] + "…"
                payload[key] = value
        if record.exc_info:
            payload["exc"] = self.formatException(record.exc_info)
        if record.stack_info:
            payload["stack"] = self.formatStack(record.stack_info)
        return json.dumps(payload, default=str, ensure_ascii=False)


def use_json(logger: logging.Logger) -> None:
    """Give every handler of ``logger`` the JSON formatter (Celery's after_setup_logger hooks call this)."""
    for handler in logger.handlers:
        handler.setFormatter(JsonFormatter())


def configure(level: str = "info") -> bool:
    """For the bot processes: JSON on stderr when enabled. Returns whether it configured anything, so a
    later ``logging.basicConfig`` in the bot's ``run()`` leaves it alone."""
    if not json_enabled():
        return False
    root = logging.getLogger()
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter())
    root.handlers = [handler]
    root.setLevel(level.upper())
    return True
