"""infra/slack/manifest.yaml asks for exactly the scopes, events, shortcut and command the code uses."""

from __future__ import annotations

import re
from pathlib import Path

from bot.slack.app import COMMAND
from bot.slack.modal import CALLBACK_SHORTCUT

REPO = Path(__file__).resolve().parents[2]
MANIFEST = (REPO / "infra" / "slack" / "manifest.yaml").read_text()

# Web API method (as slack_sdk names it) → bot scope it needs (None: no scope)
METHOD_SCOPES = {
    "chat_postMessage": "chat:write", "chat_update": "chat:write", "chat_delete": "chat:write",
    "chat_getPermalink": None, "reactions_add": "reactions:write", "reactions_remove": "reactions:write",
    "files_info": "files:read", "files_upload_v2": "files:write", "views_open": None,
}
EVENT_SCOPES = {"app_mention": "app_mentions:read", "message.channels": "channels:history",
                "message.groups": "groups:history"}


def section_items(name: str) -> list[str]:
    """The ``- item`` lines under ``name:`` (comments stripped)."""
    lines = MANIFEST.split("\n")
    start = next(i for i, line in enumerate(lines) if line.strip() == f"{name}:")
    indent = len(lines[start]) - len(lines[start].lstrip())
    items = []
    for line in lines[start + 1:]:
        if line.strip() and len(line) - len(line.lstrip()) <= indent:
            break
        match = re.match(r"^\s*-\s*([^\s#]+)", line)
        if match:
            items.append(match.group(1))
    return items


def test_scopes_are_exactly_those_of_the_calls_events_and_commands() -> None:
    code = "\n".join(p.read_text() for p in (REPO / "bot" / "slack").glob("*.py"))
    called = set(re.findall(r"\b(chat_\w+|reactions_\w+|files_\w+|views_\w+|conversations_\w+|users_\w+)\b", code))
    called = {m for m in called if not m.endswith("_text")}
    assert called <= set(METHOD_SCOPES), f"add these methods to METHOD_SCOPES: {called - set(METHOD_SCOPES)}"
    events = section_items("bot_events")
    needed = {METHOD_SCOPES[m] for m in called} | {EVENT_SCOPES[e] for e in events} | {"commands"}
    needed.add("files:read")  # url_private_download needs it too
    assert sorted(section_items("bot")) == sorted(needed - {None})
    assert set(events) == set(EVENT_SCOPES)


def test_shortcut_and_command_match_the_code() -> None:
    assert re.search(rf"callback_id:\s*{CALLBACK_SHORTCUT}\b", MANIFEST)
    assert re.search(rf"command:\s*{re.escape(COMMAND)}\b", MANIFEST)
    assert "type: message" in MANIFEST
