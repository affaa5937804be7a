"""Vocabulary the agent reads as data, not code."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any


@cache
def load(name: str) -> dict[str, Any]:
    """A JSON vocabulary file of this package, without its ``_about`` note."""
    text = resources.files(__package__).joinpath(name).read_text(encoding="utf-8")
    return {k: v for k, v in json.loads(text).items() if not k.startswith("_")}
