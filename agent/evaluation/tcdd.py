"""Load TCDD-layout records, including the original TCDD quirks (tools as a JSON string, raw backslashes)."""

from __future__ import annotations

import gzip
import json
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agent.backends.textcalls import loads_lenient
from agent.pool.entry import check_key

POOL_LINE = re.compile(r"\n?MemoryPool\(arguments=dict_keys\(\[.*?\]\)\)\s*$", re.S)


@dataclass
class Record:
    index: int
    id: str
    category: str
    conversations: list[dict[str, Any]]
    tools: list[dict[str, Any]]
    memory_pool: dict[str, Any] = field(default_factory=dict)


@dataclass
class LoadReport:
    records: list[Record]
    skipped: list[dict[str, Any]]  # {"index", "reason"}
    repaired_calls: int  # function_call values that needed backslash repair


def load_records(path: Path) -> LoadReport:
    data = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
    raw = json.loads(data.decode("utf-8"))
    records, skipped, repaired = [], [], 0
    for index, item in enumerate(raw):
        try:
            tools = item.get("tools", "[]")
            tools = loads_lenient(tools) if isinstance(tools, str) else tools
            conversations = []
            for message in item["conversations"]:
                message = dict(message)
                if message["from"] == "function_call" and isinstance(message["value"], str):
                    try:
                        message["call"] = json.loads(message["value"])
                    except json.JSONDecodeError:
                        message["call"] = loads_lenient(message["value"])
                        repaired += 1
                if message["from"] == "observation" and "memory_pool" not in message:
                    _lift_pool(message)
                conversations.append(message)
            memory_pool = dict(item.get("memory_pool") or {})
            for pool in (memory_pool, *(m.get("memory_pool") for m in conversations)):
                for key in pool if isinstance(pool, dict) else ():
                    check_key(key)  # a key no pool holds skips its record, not the whole evaluation
            records.append(Record(index=index, id=str(item.get("id", index)), category=item.get("category", "all"),
                                  conversations=conversations, tools=tools, memory_pool=memory_pool))
        except (KeyError, TypeError, ValueError) as exc:  # (PoolError is a ValueError)
            skipped.append({"index": index, "reason": f"{type(exc).__name__}: {exc}"})
    return LoadReport(records, skipped, repaired)


def _lift_pool(observation: dict[str, Any]) -> None:
    """design.md §5 lets an observation carry the pool after its call; some writers put it inside the observation's
    JSON value instead of beside it. Either way it becomes the message's ``memory_pool``."""
    try:
        value = json.loads(observation["value"])
    except (TypeError, ValueError):
        return
    if isinstance(value, dict) and isinstance(value.get("memory_pool"), dict):
        observation["memory_pool"] = value.pop("memory_pool")
        observation["value"] = json.dumps(value, ensure_ascii=False)


def apply_name_golds(records: list[Record]) -> list[str]:
    """Score the steps listed in name_golds.json against the call with the resolved target sequence (a named kinase
    the dev set asks about; a DAVIS mutant construct with its mutation written in); returns the ids changed (only
    records present in ``records``)."""
    from model_zoo.names import Resolved, resolve_target

    changes = json.loads((Path(__file__).with_name("name_golds.json")).read_text(encoding="utf-8"))
    changed = []
    for record in records:
        calls = [m for m in record.conversations if m["from"] == "function_call"]
        for step, construct in changes["constructs"].get(record.id, {}).items():
            resolved = resolve_target(construct)
            if not isinstance(resolved, Resolved):
                raise ValueError(f"name_golds.json: {construct} does not resolve")
            call = calls[int(step)]["call"]
            call["arguments"] = {**call["arguments"], "target_seq": resolved.value}
            changed.append(record.id)
        change = changes.get(record.id)
        if change is None:
            continue
        arguments = dict(change["arguments"])
        for param, target in change["target"].items():
            resolved = resolve_target(target)
            if not isinstance(resolved, Resolved):
                raise ValueError(f"name_golds.json: {target} does not resolve")
            arguments[param] = resolved.value
        calls[change["step"]]["call"] = {"name": change["name"], "arguments": arguments}
        changed.append(record.id)
    return changed


def strip_pool_line(text: str) -> str:
    return POOL_LINE.sub("", text)


def first_per_category(records: list[Record], n: int) -> list[Record]:
    """The first n records of each category, in file order (a smaller set for slow backends)."""
    counts: Counter[str] = Counter()
    kept = []
    for record in records:
        if counts[record.category] < n:
            counts[record.category] += 1
            kept.append(record)
    return kept
