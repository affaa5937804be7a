"""Pure functions over Slack payload dicts: which messages are ours, their thread, text and files.

No I/O and no Slack client here, so every rule is unit-tested on plain dicts (like bolt's
``slack_bolt/request/payload_utils.py``).
"""

from __future__ import annotations

import hashlib
import html
import re
from dataclasses import dataclass, field
from typing import Any

from bot.slack.target import SlackTarget

# Message subtypes that are a person writing in a thread. Everything else (edits, deletions, joins,
# bot_message, channel topic changes, …) is ignored. thread_broadcast is a reply "also sent to the channel".
HANDLED_SUBTYPES = (None, "file_share", "thread_broadcast")

_LINK = re.compile(r"<([^<>|]*)(?:\|([^<>]*))?>")
USER_ID = re.compile(r"[UW][A-Z0-9]{1,20}")
MENTION = re.compile(r"<@[UW][A-Z0-9]{1,20}>")


@dataclass(frozen=True)
class FileRef:
    """What a message says about one attached file (before it is downloaded)."""

    id: str
    name: str
    size: int | None
    url: str | None  # url_private_download; None: ask files.info
    problem: str | None = None  # why it cannot be downloaded at all (deleted, external, …)


@dataclass(frozen=True)
class SlackMessage:
    """A message a person wrote, reduced to what the adapter needs."""

    team: str
    channel: str
    ts: str
    thread_ts: str  # the root of its thread: the message itself when it starts one
    user: str
    text: str  # mention of the bot removed, Slack markup turned back into what was typed
    mentioned: bool  # the bot was mentioned
    in_thread: bool  # a reply inside an existing thread
    files: list[FileRef] = field(default_factory=list)
    to_colleague: bool = False  # mentions people but not the bot: people talking to each other

    def addressed_to_bot(self, bot_in_thread: bool) -> bool:
        """A mention always is; in a thread the bot takes part in, so is every message not aimed at a colleague."""
        return self.mentioned or (self.in_thread and bot_in_thread and not self.to_colleague)

    @property
    def message_key(self) -> str:
        """One message can arrive twice (app_mention and message events): this names it once."""
        return f"msg:{self.team}:{self.channel}:{self.ts}"


def message_from_event(event: dict[str, Any], team_id: str, bot_user_id: str | None) -> SlackMessage | None:
    """A SlackMessage for an ``app_mention`` or ``message`` event written by a person, else None."""
    if event.get("type") not in ("app_mention", "message"):
        return None
    if event.get("subtype") not in HANDLED_SUBTYPES or event.get("hidden"):
        return None
    user = event.get("user")
    if not user or event.get("bot_id") or user == bot_user_id:
        return None  # other bots (and our own posts) never start a turn: no bot-to-bot loops
    channel, ts = event.get("channel"), event.get("ts")
    if not channel or not ts:
        return None
    raw = event.get("text") or ""
    mentioned = event.get("type") == "app_mention" or (bot_user_id is not None and mentions(raw, bot_user_id))
    thread_ts = event.get("thread_ts") or ts
    return SlackMessage(
        team=team_id,
        channel=channel,
        ts=ts,
        thread_ts=thread_ts,
        user=user,
        text=plain_text(raw, bot_user_id),
        mentioned=mentioned,
        in_thread=thread_ts != ts,
        files=file_refs(event),
        to_colleague=not mentioned and bool(re.search(r"<@[UW][A-Z0-9]+(\|[^>]*)?>", raw)),
    )


def person(user_id: str) -> str:
    """How a Slack user is named in anything the bot stores or says (pool entries' "set by", history): Slack's
    own mention syntax, which Slack shows as the person's current name, with no extra scope or lookup."""
    return f"<@{user_id}>" if USER_ID.fullmatch(user_id) else user_id


def mentions(text: str, user_id: str) -> bool:
    return re.search(rf"<@{re.escape(user_id)}(\|[^>]*)?>", text) is not None


def plain_text(text: str, bot_user_id: str | None = None) -> str:
    """What the person typed: the bot's mention removed, links and mentions unwrapped, &amp; &lt; &gt; undone.

    ``<@U0BOT> how soluble is CCO &amp; c1ccccc1O`` → ``how soluble is CCO & c1ccccc1O``.
    """

    def unwrap(match: re.Match[str]) -> str:
        target, label = match.group(1), match.group(2)
        if target.startswith("@"):
            if bot_user_id is not None and target[1:] == bot_user_id:
                return ""
            return "@" + (label or target[1:])
        if target.startswith("#"):
            return "#" + (label or target[1:])
        if target.startswith("!"):
            return label or "@" + target[1:].split("^")[0]
        return label or target

    text = _LINK.sub(unwrap, text)
    text = html.unescape(text) if "&" in text else text
    return re.sub(r"[ \t]+", " ", text).strip()


def file_refs(event: dict[str, Any]) -> list[FileRef]:
    refs = []
    for f in event.get("files") or []:
        name = f.get("name") or f.get("title") or f.get("id", "file")
        problem = None
        if f.get("mode") == "tombstone":
            problem = "it was deleted"
        elif f.get("is_external") or f.get("mode") == "external":
            problem = "it is a link to an external file (e.g. Google Drive); upload the file itself"
        url = f.get("url_private_download") or f.get("url_private")
        refs.append(FileRef(id=f.get("id", ""), name=name, size=f.get("size"), url=url, problem=problem))
    return refs


def file_ref_from_info(info: dict[str, Any]) -> FileRef:
    """The ``file`` object of files.info, for file_share events whose file object is partial."""
    [ref] = file_refs({"files": [info]})
    return ref


def size_problem(ref: FileRef, max_bytes: int) -> str | None:
    if ref.size is not None and ref.size > max_bytes:
        return f"it is {ref.size / 1e6:.1f} MB and the limit is {max_bytes / 1e6:g} MB"
    return None


def turn_id(msg: SlackMessage) -> str:
    """The same message always makes the same turn id, so a turn enqueued twice (an event replayed after a
    crash, bot.slack.intake) is still answered once (delivery is idempotent per turn id)."""
    return hashlib.sha256(msg.message_key.encode()).hexdigest()[:32]


def reply_target(msg: SlackMessage, status_ts: str | None) -> SlackTarget:
    """Where the answer to ``msg`` goes (``Turn.reply_to`` as its JSON)."""
    return SlackTarget(team=msg.team, channel=msg.channel, thread_ts=msg.thread_ts, message_ts=msg.ts,
                       status_ts=status_ts)


@dataclass(frozen=True)
class ShortcutThread:
    team: str
    channel: str
    thread_ts: str
    user: str


def shortcut_thread(body: dict[str, Any]) -> ShortcutThread:
    """The thread a message shortcut was used on (the message's own thread, or the one it starts)."""
    message = body.get("message") or {}
    return ShortcutThread(
        team=(body.get("team") or {}).get("id") or body.get("team_id") or "",
        channel=(body.get("channel") or {}).get("id") or "",
        thread_ts=message.get("thread_ts") or message.get("ts") or "",
        user=(body.get("user") or {}).get("id") or "",
    )


def command_words(text: str) -> tuple[str, list[str]]:
    """``/drugpilot status`` → ("status", []); empty text → ("help", [])."""
    words = (text or "").split()
    return (words[0].lower(), words[1:]) if words else ("help", [])
