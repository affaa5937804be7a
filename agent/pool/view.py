"""What the LLM sees of the pool: keys with kind, size and a short preview, never whole values.

The rendering is bounded by the number of keys (capped) and the preview length, not by the size of
the values, which is the point of the parameterized memory pool.
"""

from __future__ import annotations

from agent.pool.entry import EntryMeta

MAX_KEYS_SHOWN = 40


def tcdd_keys_line(metas: list[EntryMeta]) -> str:
    """The line DrugPilot/TCDD appends to each user message."""
    return "MemoryPool(arguments=dict_keys(" + repr([m.key for m in metas]) + "))"


def render_for_llm(metas: list[EntryMeta]) -> str:
    if not metas:
        return "The memory pool of this thread is empty."
    shown = metas[-MAX_KEYS_SHOWN:]
    lines = ["Memory pool of this thread (reference a value as \"(key)\"):"]
    lines += [f"- {m.key}: {m.kind}, size {m.size}, preview {m.preview}" for m in shown]
    if len(metas) > len(shown):
        lines.append(f"(+{len(metas) - len(shown)} older keys not shown)")
    return "\n".join(lines)
