"""The "Memory pool" modal: build it from a thread's entries, read a submission back. Pure functions.

Each key whose value fits in a text box (Slack: 3000 characters) is an editable multi-line input
holding the value as a person would type it in ``pool set``; bigger values (tables, long lists) are
listed read-only. Saving goes through the same ``pool set`` / ``pool del`` code as the text commands.
The versions shown are kept in ``private_metadata``, so a save never silently overwrites a
colleague's edit made while the modal was open. The metadata also names the thread and the person
who opened the form, and is signed (HMAC) with a server secret: a submission can only ever change
the pool of the thread the form was opened in, even if its metadata were forged.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from dataclasses import dataclass, field
from typing import Any

from agent.pool.entry import EntryMeta, PoolEntry
from bot.slack.blocks import escape, escape_keeping_people
from bot.slack.payloads import person

CALLBACK_SHORTCUT = "memory_pool"
CALLBACK_VIEW = "memory_pool_edit"
MAX_INPUT_CHARS = 3000
MAX_KEYS = 40  # 100 blocks per modal: two per key (input, who/what line), the header and the "new key" inputs
KEY_BLOCK = "key:"
NEW_KEY_BLOCK = "new_key"
NEW_VALUE_BLOCK = "new_value"
ACTION = "value"
READ_ONLY_KINDS = ("table",)
MAX_METADATA_CHARS = 3000
SIGNATURE_CHARS = 60
NOT_YOURS = "This form was opened by someone else or in another workspace. Open the pool from your own thread."


class FormRefused(ValueError):
    """The submission's metadata is not what this server wrote (bad or missing signature)."""


@dataclass
class PoolEdits:
    thread: dict[str, str]  # team, channel, thread_ts, and the user who opened the form
    versions: dict[str, int]  # key → version shown when the modal opened
    changed: dict[str, str] = field(default_factory=dict)  # key → text the person typed ("" = delete)
    new_key: str | None = None
    new_value: str | None = None


def editable_text(entry: PoolEntry) -> str | None:
    """The value as ``pool set`` would take it, or None when it cannot be edited in a text box."""
    value, kind = entry.value, entry.meta.kind
    if kind in READ_ONLY_KINDS:
        return None
    if kind == "mask" and isinstance(value, list):
        text = " ".join(str(v) for v in value)
    elif isinstance(value, list) and all(isinstance(v, str) for v in value):
        text = "\n".join(value)
    elif isinstance(value, str):
        text = value
    elif isinstance(value, float):
        text = repr(value)
    else:
        text = json.dumps(value)
    return text if len(text) <= MAX_INPUT_CHARS else None


def fingerprint(text: str) -> str:
    return hashlib.sha256(text.strip().encode()).hexdigest()[:10]


def describe(meta: EntryMeta) -> str:
    """mrkdwn: who set the key is a user mention (entries from before mentions hold a bare user id)."""
    return (f"{escape(meta.kind)}, {meta.size} item(s), v{meta.version}, set by "
            f"{escape_keeping_people(person(meta.set_by))} ({escape(meta.source)})")


def pool_view(thread: dict[str, str], entries: list[PoolEntry], secret: bytes) -> dict[str, Any]:
    blocks: list[dict[str, Any]] = []
    if entries:
        intro = (f"{len(entries)} key(s) in this thread's pool. Edit a value and press *Save*; clear a value to "
                 "delete its key (`pool history KEY` keeps every version).")
    else:
        intro = "This thread's pool is empty. Add a key below, mention me with molecules, or upload a file."
    blocks.append({"type": "section", "text": {"type": "mrkdwn", "text": intro}})
    shown: dict[str, list[Any]] = {}  # key → [version, fingerprint of the text shown]
    for entry in entries[:MAX_KEYS]:
        meta = entry.meta
        text = editable_text(entry)
        room = MAX_METADATA_CHARS - SIGNATURE_CHARS - 30
        if text is not None and _metadata_size(thread, shown) + len(meta.key) > room:
            text = None  # Slack keeps at most 3000 characters of private_metadata
        if text is None:
            blocks.append({"type": "section", "text": {"type": "mrkdwn", "text": (
                f"*{escape(meta.key)}* — {describe(meta)}\n`{escape(meta.preview)}`\n"
                f"_Too large to edit here: `@DrugPilot pool export {escape(meta.key)}`, or upload a new file._")}})
            continue
        element: dict[str, Any] = {"type": "plain_text_input", "action_id": ACTION, "multiline": True,
                                   "max_length": MAX_INPUT_CHARS}
        if text:
            element["initial_value"] = text
        shown[meta.key] = [meta.version, fingerprint(text)]
        blocks.append({"type": "input", "block_id": KEY_BLOCK + meta.key, "optional": True,
                       "label": {"type": "plain_text", "text": meta.key}, "element": element})
        blocks.append({"type": "context", "elements": [{"type": "mrkdwn", "text": describe(meta)}]})
    if len(entries) > MAX_KEYS:
        blocks.append({"type": "context", "elements": [{"type": "mrkdwn", "text": (
            f"{len(entries) - MAX_KEYS} more key(s) not shown: `@DrugPilot pool list`.")}]})
    blocks.append({"type": "divider"})
    blocks.append({"type": "input", "block_id": NEW_KEY_BLOCK, "optional": True,
                   "label": {"type": "plain_text", "text": "New key"},
                   "element": {"type": "plain_text_input", "action_id": ACTION, "max_length": 80,
                               "placeholder": {"type": "plain_text", "text": "e.g. my_hits"}}})
    blocks.append({"type": "input", "block_id": NEW_VALUE_BLOCK, "optional": True,
                   "label": {"type": "plain_text", "text": "Its value"},
                   "element": {"type": "plain_text_input", "action_id": ACTION, "multiline": True,
                               "max_length": MAX_INPUT_CHARS,
                               "placeholder": {"type": "plain_text", "text": "SMILES (one per line), a number, …"}}})
    metadata = _signed_metadata(thread, shown, secret)
    return {"type": "modal", "callback_id": CALLBACK_VIEW, "title": {"type": "plain_text", "text": "Memory pool"},
            "submit": {"type": "plain_text", "text": "Save"}, "close": {"type": "plain_text", "text": "Close"},
            "private_metadata": metadata, "blocks": blocks}


def notice_view(text: str) -> dict[str, Any]:
    """A modal that only says something (the pool could not be loaded)."""
    return {"type": "modal", "title": {"type": "plain_text", "text": "Memory pool"},
            "close": {"type": "plain_text", "text": "Close"},
            "blocks": [{"type": "section", "text": {"type": "mrkdwn", "text": escape(text)}}]}


def _metadata(thread: dict[str, str], shown: dict[str, list[Any]]) -> str:
    return json.dumps({"thread": thread, "shown": shown}, separators=(",", ":"), sort_keys=True)


def _metadata_size(thread: dict[str, str], shown: dict[str, list[Any]]) -> int:
    return len(_metadata(thread, shown))


def _signature(unsigned: str, secret: bytes) -> str:
    digest = hmac.new(secret, unsigned.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def _signed_metadata(thread: dict[str, str], shown: dict[str, list[Any]], secret: bytes) -> str:
    signed = {"thread": thread, "shown": shown, "sig": _signature(_metadata(thread, shown), secret)}
    return json.dumps(signed, separators=(",", ":"), sort_keys=True)


def read_submission(view: dict[str, Any], secret: bytes) -> PoolEdits:
    """The keys the person edited (their text differs from what the modal showed), and a new key.
    FormRefused when the metadata is not signed by ``secret``."""
    try:
        metadata = json.loads(view.get("private_metadata") or "{}")
        unsigned, signature = _metadata(metadata["thread"], metadata["shown"]), str(metadata["sig"])
    except (ValueError, KeyError, TypeError):
        raise FormRefused("malformed form metadata") from None
    if not hmac.compare_digest(_signature(unsigned, secret).encode(), signature.encode()):
        raise FormRefused("form metadata not signed by this server")
    shown = metadata.get("shown", {})
    edits = PoolEdits(thread=metadata.get("thread", {}), versions={k: v[0] for k, v in shown.items()})
    values = (view.get("state") or {}).get("values") or {}

    def value(block_id: str) -> str:
        return ((values.get(block_id) or {}).get(ACTION) or {}).get("value") or ""

    for block_id in values:
        key = block_id[len(KEY_BLOCK):]
        if block_id.startswith(KEY_BLOCK) and key in shown:
            after = value(block_id).strip()
            if fingerprint(after) != shown[key][1]:
                edits.changed[key] = after
    edits.new_key = value(NEW_KEY_BLOCK).strip() or None
    edits.new_value = value(NEW_VALUE_BLOCK).strip() or None
    return edits
