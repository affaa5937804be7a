"""A small learned intent model: which tool (or none), which property, which drug-drug task.

``predict`` takes a request written with placeholders (``to_placeholders`` makes one from a user's
message); the weights ship in ``weights/`` and are rebuilt by ``python -m agent.intent.train``.
"""

from __future__ import annotations

from typing import Any

from agent.intent.model import Intent, predict

__all__ = ["Intent", "predict", "to_placeholders"]


def to_placeholders(text: str, spans: Any = ()) -> str:
    """See ``agent.intent.placeholders.to_placeholders`` (imported on first use: it loads RDKit)."""
    from agent.intent.placeholders import to_placeholders as convert

    return convert(text, spans)
