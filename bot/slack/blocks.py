"""Reply → Block Kit, and the other messages the adapter writes. Pure functions, no client.

Slack's limits are enforced here: at most 50 blocks per message, 3000 characters per section text,
and the top-level ``text`` (the notification and screen-reader fallback) kept short.
"""

from __future__ import annotations

import re
from typing import Any

from agent.turn import Reply, Table
from bot.slack.payloads import MENTION

MAX_BLOCKS = 50
MAX_SECTION_CHARS = 3000
MAX_FALLBACK_CHARS = 3000
CELL_CHARS = 32
WORKING = "Working on it…"

_CODE_SPAN = re.compile(r"(```.*?```|`[^`\n]*`)", re.S)
_FORMAT_CHARS = re.compile(r"[_*~]")
_CONTROL = re.compile(r"\x1b\[[0-9;]*[A-Za-z]|[\x00-\x08\x0b-\x1f\x7f]")


def clean(text: str) -> str:
    """Terminal colour codes and control characters (from exception texts) have no place in Slack."""
    return _CONTROL.sub("", text)


def escape(text: str) -> str:
    """Slack needs only these three escaped; everything else is literal."""
    return clean(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def escape_keeping_people(text: str) -> str:
    """``escape``, except user mentions (``<@U0ALICE>``, how the adapter names people), which Slack then
    shows as the person's name. Only user mentions: never ``<!channel>`` or links."""
    parts = MENTION.split(text)
    people = MENTION.findall(text)
    return "".join(escape(part) + (people[i] if i < len(people) else "") for i, part in enumerate(parts))


def to_mrkdwn(text: str) -> str:
    """Agent text (plain, platform-neutral) as safe mrkdwn.

    Pool keys and SMILES are full of ``_``/``*``/``~``, which mrkdwn would read as italics, bold or strike
    (``user_smiles and drug_property_prediction_result``): such words are shown as inline code instead.
    Code spans the agent wrote (```pool history KEY```) are kept as they are.
    """
    out = []
    for i, part in enumerate(_CODE_SPAN.split(text)):
        if i % 2:  # a code span
            out.append(escape(part))
            continue
        words = re.split(r"(\s+)", part)
        out.append("".join(_code_word(w) if _FORMAT_CHARS.search(w) else escape_keeping_people(w) for w in words))
    return "".join(out)


def _code_word(word: str) -> str:
    """``(user_smiles).`` → ``(`user_smiles`).``: punctuation around the word stays outside the code."""
    match = re.match(r"^([(\[\"']*)(.*?)([)\]\"'.,;:!?]*)$", word)
    lead, core, trail = match.groups() if match else ("", word, "")
    if not core or "`" in core:
        return escape(word)
    return f"{escape(lead)}`{escape(core)}`{escape(trail)}"


def split_text(text: str, limit: int = MAX_SECTION_CHARS) -> list[str]:
    """Chunks of at most ``limit`` characters, cut at line ends where possible."""
    chunks: list[str] = []
    current = ""
    for line in text.split("\n"):
        while len(line) > limit:
            if current:
                chunks.append(current)
                current = ""
            chunks.append(line[:limit])
            line = line[limit:]
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > limit:
            chunks.append(current)
            current = line
        else:
            current = candidate
    if current.strip():
        chunks.append(current)
    return [c for c in chunks if c.strip()]


def section(text: str) -> dict[str, Any]:
    return {"type": "section", "text": {"type": "mrkdwn", "text": text[:MAX_SECTION_CHARS]}}


def context(text: str) -> dict[str, Any]:
    return {"type": "context", "elements": [{"type": "mrkdwn", "text": text[:MAX_SECTION_CHARS]}]}


def format_cell(value: Any, width: int = CELL_CHARS) -> str:
    if value is None:
        text = ""
    elif isinstance(value, float):
        text = format(value, ".4g")
    else:
        text = str(value)
    text = text.replace("\n", " ")
    return text if len(text) <= width else text[: width - 1] + "…"


def table_text(table: Table, limit: int = MAX_SECTION_CHARS) -> str:
    """A compact fixed-width table in a code block, rows dropped from the end to fit ``limit``."""
    columns = [c for c in table.columns if any(row.get(c) not in (None, "") for row in table.rows)]
    cells = [[format_cell(row.get(c)) for c in columns] for row in table.rows]
    widths = [max([len(c)] + [len(r[i]) for r in cells]) for i, c in enumerate(columns)]

    def line(values: list[str]) -> str:
        return "  ".join(v.ljust(w) for v, w in zip(values, widths)).rstrip()

    shown = len(cells)
    while True:
        lines = [line(columns)] + [line(r) for r in cells[:shown]]
        hidden = table.total_rows - shown
        footer = f"\n… {hidden} more row(s) in the CSV" if hidden > 0 else ""
        text = "```\n" + escape("\n".join(lines)) + "\n```" + footer
        if len(text) <= limit or shown == 0:
            return text[:limit]
        shown -= 1


def reply_blocks(reply: Reply) -> list[dict[str, Any]]:
    """The answer: summary sections, one code-block table per result, a grey context line."""
    notices = set(reply.notices)
    body = "\n".join(line for line in reply.text.split("\n") if line not in notices).strip()
    blocks = [section(chunk) for chunk in split_text(to_mrkdwn(body))]
    blocks += [section(table_text(t)) for t in reply.tables if t.rows]
    footer = []
    if reply.notices:
        footer.append(" ".join(escape(n) for n in reply.notices))
    if reply.artifacts:
        footer.append("Files: " + ", ".join(escape(a.name) for a in reply.artifacts) + " (below)")
    if footer:
        blocks.append(context(" · ".join(footer)))
    if len(blocks) > MAX_BLOCKS:
        blocks = blocks[: MAX_BLOCKS - 1] + [context("(Answer shortened to fit one Slack message.)")]
    return blocks or [section("(empty answer)")]


def fallback_text(reply: Reply) -> str:
    """Notification/fallback text: the answer's first lines, plain."""
    notices = set(reply.notices)
    body = "\n".join(line for line in reply.text.split("\n") if line not in notices).strip() or "Done."
    return escape_keeping_people(body if len(body) <= MAX_FALLBACK_CHARS else body[: MAX_FALLBACK_CHARS - 1] + "…")


def status_text(progress: str | None = None) -> str:
    return WORKING if not progress else f"{WORKING} {escape(progress)}"


def file_problem_text(problems: list[tuple[str, str]]) -> str:
    lines = [f"I could not use {escape(name)}: {escape(why)}. Nothing from it was added to the pool."
             for name, why in problems]
    return "\n".join(lines)


SLASH_HELP = (
    "*DrugPilot* answers in threads. Mention it with a question, e.g. "
    "`@DrugPilot how soluble are these? CCO, c1ccccc1O`, or upload a CSV/SDF/.smi file into the thread.\n"
    "Once mentioned in a thread, it answers every message there without a new mention (except messages "
    "that mention only a colleague).\n"
    "*Memory pool* (per thread): `@DrugPilot pool list | show KEY | set KEY VALUE | del KEY | "
    "rename OLD NEW | export KEY | history KEY`, or the *Memory pool* message shortcut (⋮ on any message of "
    "the thread) to view and edit it.\n"
    "`@DrugPilot help` in a thread lists the tools.\n"
    "`/drugpilot status`: queue, workers, LLM · `/drugpilot threads`: this channel's recent threads with pools."
)


def status_blocks(lines: list[str]) -> list[dict[str, Any]]:
    return [section("*DrugPilot status*\n" + "\n".join(f"• {escape(line)}" for line in lines))]


def threads_blocks(entries: list[tuple[str, str | None, int, list[str]]]) -> list[dict[str, Any]]:
    """``entries``: (thread_ts, permalink or None, key count, first keys)."""
    if not entries:
        return [section("No thread in this channel has a memory pool yet. Mention me in a thread to start one.")]
    lines = []
    for ts, link, count, keys in entries:
        where = f"<{link}|thread {ts}>" if link else f"thread {ts}"
        more = f", … +{count - len(keys)}" if count > len(keys) else ""
        lines.append(f"• {where}: {count} key(s): " + ", ".join(f"`{escape(k)}`" for k in keys) + more)
    blocks = [section("*Recent threads with a memory pool*")]
    blocks += [section(chunk) for chunk in split_text("\n".join(lines))]
    return blocks[:MAX_BLOCKS]
