"""Drive a running Slack app over HTTP the way Slack does: signed events, shortcuts, modals, commands."""

from __future__ import annotations

import itertools
import time
import uuid
from typing import Any

from emulators.slack_api import (
    BOT_USER_ID,
    SlackAPI,
    Sent,
    payload,
    send_command,
    send_event,
    send_interaction,
)

SECRET = "test-signing-secret"
CHANNEL = "C0CHEM"
_clock = itertools.count(1)


def new_ts() -> str:
    """A fresh message ts, so every test gets its own threads."""
    return f"17{next(_clock):08d}.{uuid.uuid4().int % 1_000_000:06d}"


def new_event_id() -> str:
    """A fresh event id, so that a test can wait for the app to have handled that event."""
    return f"Ev{uuid.uuid4().hex[:12].upper()}"


class SlackDriver:
    def __init__(self, api: SlackAPI, url: str) -> None:
        self.api = api
        self.url = url

    # -- events ------------------------------------------------------------------------------------------
    def event(self, name: str, event_id: str | None = None, retry_num: int | None = None, **fields: Any) -> Sent:
        body = payload(name, event_id=event_id or new_event_id())
        for key, value in fields.items():
            if value is None:
                body["event"].pop(key, None)
            else:
                body["event"][key] = value
        body["event"].setdefault("event_ts", body["event"]["ts"])
        return send_event(self.url, SECRET, body, retry_num=retry_num)

    def mention(self, text: str, ts: str | None = None, thread_ts: str | None = None, user: str = "U0ALICE",
                **kw: Any) -> tuple[str, Sent]:
        ts = ts or new_ts()
        fields: dict[str, Any] = {"text": f"<@{BOT_USER_ID}> {text}", "ts": ts, "event_ts": ts, "user": user}
        if thread_ts:
            fields["thread_ts"] = thread_ts
        return ts, self.event("app_mention", **fields, **kw)

    def say(self, text: str, thread_ts: str | None, user: str = "U0BOB", **kw: Any) -> tuple[str, Sent]:
        """A plain message (no mention): in a thread when ``thread_ts`` is given, else top-level."""
        ts = new_ts()
        fields: dict[str, Any] = {"text": text, "ts": ts, "event_ts": ts, "user": user}
        fields["thread_ts"] = thread_ts
        if not thread_ts:
            fields["parent_user_id"] = None
        sent = self.event("message_thread_reply", **fields, **kw)
        return ts, sent

    def share_files(self, files: list[dict[str, Any]], thread_ts: str, text: str = "", user: str = "U0BOB") -> str:
        ts = new_ts()
        self.event("message_file_share", ts=ts, event_ts=ts, thread_ts=thread_ts, text=text, files=files, user=user)
        return ts

    # -- interactivity and commands ----------------------------------------------------------------------
    def shortcut(self, thread_ts: str, message_ts: str | None = None, user: str = "U0BOB") -> Sent:
        body = payload("message_shortcut", trigger_id=f"trigger-{uuid.uuid4().hex[:8]}")
        body["user"]["id"] = user
        body["message"].update({"ts": message_ts or thread_ts, "thread_ts": thread_ts})
        body["message_ts"] = message_ts or thread_ts
        return send_interaction(self.url, SECRET, body)

    def submit(self, view: dict[str, Any], values: dict[str, str], user: str = "U0BOB") -> Sent:
        """Submit ``view`` (as views.open received it) with some inputs changed: block_id → text."""
        state = {}
        for block in view["blocks"]:
            if block["type"] == "input":
                text = values.get(block["block_id"], block["element"].get("initial_value"))
                state[block["block_id"]] = {"value": {"type": "plain_text_input", "value": text}}
        body = payload("view_submission")
        body["user"]["id"] = user
        body["view"].update({"blocks": view["blocks"], "private_metadata": view["private_metadata"],
                             "state": {"values": state}})
        return send_interaction(self.url, SECRET, body)

    def command(self, text: str, hook: str | None = None, channel: str = CHANNEL) -> tuple[str, Sent]:
        hook = hook or f"/response/{uuid.uuid4().hex[:8]}"
        fields = payload("slash_command", text=text, channel_id=channel, response_url=self.api.url + hook)
        return hook, send_command(self.url, SECRET, fields)

    # -- reading the thread back -------------------------------------------------------------------------
    def answers(self, thread_ts: str) -> list[dict[str, Any]]:
        """Answer messages posted into a thread (not the "Working on it…" status lines)."""
        return [c for c in self.api.calls("chat.postMessage", thread_ts=thread_ts) if c.get("blocks")
                and not c["text"].startswith("Working on it")]

    def wait_answer(self, thread_ts: str, n: int = 1, timeout: float = 60.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = self.answers(thread_ts)
            if len(found) >= n:
                return found[n - 1]
            time.sleep(0.05)
        raise AssertionError(f"no answer #{n} in thread {thread_ts}: {self.api.calls('chat.postMessage')}")


def blocks_text(message: dict[str, Any]) -> str:
    parts = []
    for block in message.get("blocks") or []:
        if "text" in block:
            parts.append(block["text"]["text"])
        for element in block.get("elements", []):
            parts.append(element.get("text", ""))
    return "\n".join(parts)
