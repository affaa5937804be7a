"""A pool entry: a value plus its kind, size, provenance and version."""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass
from typing import Any

from model_zoo.chem.echo import echo

KINDS = ("smiles_list", "smiles", "smiles_pairs", "protein_seq", "cell_line", "number", "text", "mask", "table")
KEY_PATTERN = re.compile(r"^[A-Za-z_][A-Za-z0-9_.\-]{0,79}$")
PREVIEW_CHARS = 80


class PoolError(ValueError):
    """A pool operation the user asked for cannot be done; the message says why."""


@dataclass
class EntryMeta:
    """Everything about an entry except its value, so listings never load big values."""

    key: str
    kind: str
    size: int
    preview: str
    set_by: str
    set_at: float
    source: str  # message | file | tool | command
    version: int = 1
    seq: int = 0  # insertion order within the thread
    deleted: bool = False

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str | bytes) -> EntryMeta:
        return cls(**json.loads(text))


@dataclass
class PoolEntry:
    meta: EntryMeta
    value: Any


def check_key(key: str) -> str:
    if not isinstance(key, str) or not KEY_PATTERN.match(key):
        raise PoolError(
            f"invalid pool key {echo(key)}: use letters, digits, '_', '.', '-' (start with a letter or '_', at most 80)"
        )
    return key


def value_size(kind: str, value: Any) -> int:
    if kind == "protein_seq" and isinstance(value, str):
        return len(value)
    if isinstance(value, (list, tuple)):
        return len(value)
    return 1


def preview(value: Any, limit: int = PREVIEW_CHARS) -> str:
    """A short, bounded rendering: the first items only, never the whole value."""
    if isinstance(value, (list, tuple)):
        parts: list[str] = []
        used = 0
        for item in value[:3]:
            text = _short(item, 40)
            used += len(text) + 2
            if used > limit:
                break
            parts.append(text)
        more = len(value) - len(parts)
        return "[" + ", ".join(parts) + (f", … +{more} more" if more > 0 else "") + "]"
    return _short(value, limit)


def _short(item: Any, limit: int) -> str:
    text = item if isinstance(item, str) else json.dumps(item, default=str)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def infer_kind(value: Any) -> str:
    """Kind of a value typed by a person (pool set); tools and files give their kind explicitly."""
    if isinstance(value, bool):
        return "text"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, list):
        if value and all(v in (0, 1) and not isinstance(v, bool) for v in value):
            return "mask"
        if value and all(isinstance(v, list) and len(v) == 2 for v in value):
            return "smiles_pairs"
        if value and all(isinstance(v, dict) for v in value):
            return "table"
        return "smiles_list"
    return "text"
