"""How a value someone gave is quoted back in an error message: recognisable, never the whole of a
2,000-character paste."""

from __future__ import annotations

from typing import Any

ECHO_CHARS = 60


def echo(value: Any, limit: int = ECHO_CHARS) -> str:
    """``repr(value)``, cut to ``limit`` characters with a count of what was left out."""
    text = repr(value)
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text) - limit} more characters)"
