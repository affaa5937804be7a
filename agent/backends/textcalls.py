"""Tool calls written as text: small models often print the call as (fenced) JSON in ``content``."""

from __future__ import annotations

import json
import re
from typing import Any

from agent.backends.base import ToolCall

_FENCE = re.compile(r"```(?:json|tool_call|tool)?\s*(.*?)```", re.S)
_TAG = re.compile(r"<tool_call>\s*(.*?)\s*</tool_call>", re.S)


_NAME = re.compile(r'"(?:name|tool)"\s*:\s*"([A-Za-z_][\w\-]*)"')
_FIELD = re.compile(r'"([A-Za-z_]\w*)"\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE]-?\d+)?|\[[^\[\]]*\])')


def parse_text_call(content: str) -> ToolCall | None:
    """The first JSON object in the text that names a tool; else a call salvaged from broken JSON; else None."""
    candidates = [m.group(1) for m in _TAG.finditer(content)] + [m.group(1) for m in _FENCE.finditer(content)]
    candidates.append(content)
    for text in candidates:
        for obj in _json_objects(text):
            call = _as_call(obj)
            if call:
                return call
    return _salvage(content)


def _salvage(content: str) -> ToolCall | None:
    """Small models unbalance the JSON around SMILES parentheses ('"C(=O)O")}}'). The tool name and the flat
    fields are still readable; grounding and Fe-Fo check every value afterwards."""
    name = _NAME.search(content)
    if name is None:
        return None
    rest = content[name.end():]
    args: dict[str, Any] = {}
    for key, raw in _FIELD.findall(rest):
        if key in ("name", "tool", "arguments", "parameters") or key in args:
            continue
        try:
            args[key] = loads_lenient(raw)
        except json.JSONDecodeError:
            continue
    return ToolCall(name.group(1), args)


def _json_objects(text: str) -> list[Any]:
    decoder = json.JSONDecoder()
    found = []
    index = text.find("{")
    while index != -1:
        try:
            obj, end = decoder.raw_decode(text, index)
            found.append(obj)
            index = text.find("{", end)
        except json.JSONDecodeError:
            fixed = _escape_backslashes(text[index:])
            try:
                obj, _ = decoder.raw_decode(fixed)
                found.append(obj)
            except json.JSONDecodeError:
                pass
            index = text.find("{", index + 1)
    return found


def loads_lenient(text: str) -> Any:
    """json.loads, retried with lone backslashes escaped (SMILES stereo bonds written raw)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return json.loads(_escape_backslashes(text))


def _escape_backslashes(text: str) -> str:
    """SMILES stereo bonds ("C\\C=C/C") are often written unescaped inside JSON strings."""
    return re.sub(r'\\(?!["\\/bfnrtu])', r"\\\\", text)


def _as_call(obj: Any) -> ToolCall | None:
    if not isinstance(obj, dict):
        return None
    if "function" in obj and isinstance(obj["function"], dict):
        obj = obj["function"]
    name = obj.get("name") or obj.get("tool")
    args = obj.get("arguments", obj.get("parameters", {}))
    if isinstance(args, str):
        try:
            args = json.loads(args)
        except json.JSONDecodeError:
            return None
    if isinstance(name, str) and isinstance(args, dict):
        return ToolCall(name, args)
    return None
