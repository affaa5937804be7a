"""A pool entry: a value plus its kind, size, provenance and version, and the names of its molecules.

Names ("labels") travel with the value they label: a labelled molecule list is stored as
``{"_labelled_values": [...], "labels": [...]}`` (see ``labelled``), so every store keeps, versions, renames
and deletes them with the value, and ``PoolEntry`` hands readers the plain list plus ``labels``.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass
from typing import Any

from agent.pool.refs import KEY_START, KEY_REST
from model_zoo.chem.echo import echo
from model_zoo.errors import UserFacingError

KINDS = ("smiles_list", "smiles", "smiles_pairs", "protein_seq", "cell_line", "number", "text", "mask", "table")
KEY_PATTERN = re.compile(rf"^{KEY_START}{KEY_REST}{{0,79}}$")
PREVIEW_CHARS = 80
LABELLED = "_labelled_values"


class PoolError(UserFacingError):
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
    labels: list[Any] | None = None  # one per item of value ("" when unknown; [name, name] for a pair)

    def __post_init__(self) -> None:
        if _is_labelled(self.value):
            self.value, self.labels = self.value[LABELLED], self.value["labels"]

    def names(self) -> dict[str, str]:
        """{SMILES: name} for every named molecule of this entry (both of a pair; a table's name columns)."""
        found: dict[str, str] = {}
        if isinstance(self.value, list) and self.value and isinstance(self.value[0], dict):
            for structure, name in (("smiles", "name"), ("product", "name"), ("smiles_1", "name_1"),
                                    ("smiles_2", "name_2")):
                found.update((row[structure], row[name]) for row in self.value if isinstance(row, dict)
                             and isinstance(row.get(structure), str) and isinstance(row.get(name), str) and row[name])
            return found
        for item, label in zip(self.value if isinstance(self.value, list) else [], self.labels or []):
            pairs = zip(item, label) if isinstance(item, list) and isinstance(label, list) else [(item, label)]
            found.update((smiles, name) for smiles, name in pairs if isinstance(smiles, str) and name)
        return found


def labelled(values: list[Any], labels: list[Any] | None) -> Any:
    """What to store for ``values`` named by ``labels`` (parallel lists): the plain list when no name is known."""
    if not labels or not any(any(x) if isinstance(x, list) else x for x in labels) or len(labels) != len(values):
        return values
    return {LABELLED: values, "labels": labels}


def relabel(values: list[Any], names: dict[str, str]) -> list[str | list[str]] | None:
    """Labels for an edited list: each molecule keeps the name it had ({SMILES: name}); None if none has one."""
    labels = [[names.get(s, "") for s in v] if isinstance(v, list) else names.get(v, "") if isinstance(v, str)
              else "" for v in values]
    return labels if any(any(x) if isinstance(x, list) else x for x in labels) else None


def _is_labelled(value: Any) -> bool:
    return isinstance(value, dict) and LABELLED in value and "labels" in value


def check_key(key: str) -> str:
    if not isinstance(key, str) or not KEY_PATTERN.match(key):
        raise PoolError(
            f"invalid pool key {echo(key)}: use letters, digits, '_', '.', '-' (start with a letter or '_', at most 80)"
        )
    return key


def value_size(kind: str, value: Any) -> int:
    if _is_labelled(value):
        value = value[LABELLED]
    if kind == "protein_seq" and isinstance(value, str):
        return len(value)
    if isinstance(value, (list, tuple)):
        return len(value)
    return 1


def preview(value: Any, limit: int = PREVIEW_CHARS) -> str:
    """A short, bounded rendering: the first items only, never the whole value; named items show their name."""
    labels: list[Any] = []
    if _is_labelled(value):
        value, labels = value[LABELLED], value["labels"]
    if isinstance(value, (list, tuple)):
        parts: list[str] = []
        used = 0
        for item, label in zip(value[:3], list(labels[:3]) + [""] * 3):
            name = " + ".join(n for n in label if n) if isinstance(label, list) else label
            text = (_short(name, 20) + " " if name else "") + _short(item, 40)
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
