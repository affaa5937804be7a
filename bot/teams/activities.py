"""Pure functions over Bot Framework activities as plain dicts (the JSON Teams posts).

Nothing here talks to the network or knows botbuilder, so every rule is tested on real-shaped
payloads (``tests/payloads/teams/``).

Teams threads: in a channel, a reply chain's conversation id is ``19:…@thread.tacv2;messageid=ROOT``;
the channel part and the root message id together name the thread (and its memory pool). A personal
or group chat has no reply chains, so the whole chat is one thread.
"""

from __future__ import annotations

import hashlib
import html
import re
import uuid
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from agent.pool.entry import check_key
from agent.turn import ThreadRef

DOWNLOAD_INFO = "application/vnd.microsoft.teams.file.download.info"
ADAPTIVE_CARD = "application/vnd.microsoft.card.adaptive"
MESSAGE_ID_MARK = ";messageid="
CHAT_THREAD = "chat"
POOL_CARD_WORDS = ("pool", "pool card", "pool edit")
SUBMIT_TAG = "drugpilot"
# Where Teams keeps files sent to a bot in a personal chat (the user's OneDrive, on SharePoint), by cloud.
TEAMS_FILE_HOSTS = (".sharepoint.com", ".sharepoint.us", ".sharepoint-mil.us", ".sharepoint.cn")
UPLOAD_SUFFIXES = (".csv", ".tsv", ".tab", ".smi", ".smiles", ".txt", ".sdf", ".sd", ".mol", ".fasta", ".fa", ".faa",
                   ".xlsx")  # Action.Submit data carries {"drugpilot": "pool", "op": …}


@dataclass(frozen=True)
class Conversation:
    scope: str  # personal | groupChat | channel
    tenant: str
    channel: str  # conversation id without ";messageid=…"
    root: str | None  # channel threads: the root message id
    reply_id: str  # the conversation id replies are posted to (the thread, in channels)


@dataclass(frozen=True)
class FileToDownload:
    name: str
    url: str


def split_conversation_id(conversation_id: str) -> tuple[str, str | None]:
    """``19:abc@thread.tacv2;messageid=1700000000000`` → (``19:abc@thread.tacv2``, ``1700000000000``)."""
    base, mark, root = conversation_id.partition(MESSAGE_ID_MARK)
    return base, (root or None) if mark else None


def tenant_id(activity: dict[str, Any]) -> str:
    channel_data = activity.get("channelData") or {}
    return ((channel_data.get("tenant") or {}).get("id") or (activity.get("conversation") or {}).get("tenantId")
            or "unknown-tenant")


def scope(activity: dict[str, Any]) -> str:
    conv = activity.get("conversation") or {}
    kind = conv.get("conversationType")
    if kind in ("channel", "groupChat", "personal"):
        return kind
    if (activity.get("channelData") or {}).get("teamsChannelId"):
        return "channel"
    return "groupChat" if conv.get("isGroup") else "personal"


def conversation(activity: dict[str, Any]) -> Conversation:
    conv_id = (activity.get("conversation") or {}).get("id") or ""
    base, root = split_conversation_id(conv_id)
    kind = scope(activity)
    if kind != "channel":
        return Conversation(kind, tenant_id(activity), base, None, conv_id)
    root = root or activity.get("id")  # a new top-level channel post starts its own thread
    return Conversation(kind, tenant_id(activity), base, root, f"{base}{MESSAGE_ID_MARK}{root}" if root else base)


def thread_ref(activity: dict[str, Any]) -> ThreadRef:
    conv = conversation(activity)
    return ThreadRef("teams", conv.tenant, conv.channel, conv.root or CHAT_THREAD)


def reference(activity: dict[str, Any]) -> dict[str, Any]:
    """A ConversationReference (Bot Framework JSON) addressing this activity's thread."""
    conv = conversation(activity)
    source = activity.get("conversation") or {}
    return {
        "activityId": activity.get("id"),
        "user": activity.get("from"),
        "bot": activity.get("recipient"),
        "conversation": {"id": conv.reply_id, "conversationType": conv.scope, "tenantId": conv.tenant,
                         "isGroup": source.get("isGroup", conv.scope != "personal")},
        "channelId": activity.get("channelId") or "msteams",
        "serviceUrl": activity.get("serviceUrl"),
        "locale": activity.get("locale"),
    }


def clean_text(activity: dict[str, Any]) -> str:
    """The message without the bot's @mention, HTML or entities: what the user asked."""
    text = activity.get("text") or ""
    bot_id = (activity.get("recipient") or {}).get("id")
    for entity in activity.get("entities") or []:
        if entity.get("type") == "mention" and (entity.get("mentioned") or {}).get("id") == bot_id:
            text = text.replace(entity.get("text") or "", " ")
    text = re.sub(r"<at[^>]*>(.*?)</at>", r"\1", text, flags=re.I | re.S)  # other people's mentions: their name
    text = re.sub(r"<br\s*/?>|</p>|</div>", "\n", text, flags=re.I)
    text = html.unescape(re.sub(r"<[^>]+>", "", text)).replace("\xa0", " ")
    return "\n".join(" ".join(line.split()) for line in text.strip().splitlines()).strip()


def user_name(activity: dict[str, Any]) -> str:
    sender = activity.get("from") or {}
    return sender.get("name") or sender.get("aadObjectId") or sender.get("id") or "someone"


def dedupe_key(activity: dict[str, Any]) -> str:
    """Activity ids are unique within a conversation, not across them."""
    conv_id = (activity.get("conversation") or {}).get("id") or ""
    return hashlib.sha256(f"{conv_id}|{activity.get('id')}".encode()).hexdigest()[:40]


def turn_id(activity: dict[str, Any]) -> str:
    """Derived from the activity, so a redelivered activity maps to the same turn (posting is idempotent)."""
    if not activity.get("id"):
        return uuid.uuid4().hex
    return dedupe_key(activity)[:32]


def files_to_download(activity: dict[str, Any], emulator: bool = False) -> tuple[list[FileToDownload], list[str]]:
    """Files attached in a personal chat, and a sentence for each one refused.

    Teams sends a pre-authorised ``downloadUrl`` per file (a file-download attachment); only those on Teams'
    file hosts (SharePoint/OneDrive, https) are fetched. With ``emulator`` (unauthenticated mode), also files
    the Bot Framework Emulator serves from its own address (the activity's ``serviceUrl``): a ``downloadUrl``
    or a plain ``contentUrl`` with a molecule-file name."""
    files, refused = [], []
    service = origin((activity.get("serviceUrl") or "")) if emulator else None
    for att in activity.get("attachments") or []:
        content = att.get("content") or {}
        name = att.get("name") or ""
        if att.get("contentType") == DOWNLOAD_INFO and content.get("downloadUrl"):
            file = FileToDownload(name=name or f"upload.{content.get('fileType') or 'txt'}", url=content["downloadUrl"])
        elif att.get("contentUrl") and name.lower().endswith(UPLOAD_SUFFIXES):
            file = FileToDownload(name=name, url=att["contentUrl"])
            if service is None or origin(file.url) != service:
                refused.append(f"I didn't read {file.name}: it is not a file uploaded to Teams. Attach the file "
                               "itself (📎 in this chat).")
                continue
        else:
            continue
        if may_download(file.url, service):
            files.append(file)
        else:
            refused.append(f"I didn't download {file.name}: its link does not point to Teams or SharePoint.")
    return files, refused


def may_download(url: str, emulator_origin: tuple[str, str, int | None] | None = None) -> bool:
    """A Teams/SharePoint file host over https, or (unauthenticated mode) the Emulator's own origin."""
    try:
        parts = urlsplit(url)
        host = (parts.hostname or "").lower()
        port = parts.port
    except ValueError:
        return False
    if parts.scheme == "https" and port in (None, 443) and host.endswith(TEAMS_FILE_HOSTS):
        return True
    return emulator_origin is not None and origin(url) == emulator_origin


def origin(url: str) -> tuple[str, str, int | None] | None:
    try:
        parts = urlsplit(url)
        return (parts.scheme, (parts.hostname or "").lower(), parts.port) if parts.hostname else None
    except ValueError:
        return None


def shared_file_names(activity: dict[str, Any]) -> list[str]:
    """Files someone tried to share where Teams gives bots no file (channels, group chats): the names we can
    see, or ``["a file"]`` when the message only shows that there was one."""
    names = []
    for att in activity.get("attachments") or []:
        kind = att.get("contentType") or ""
        if kind == DOWNLOAD_INFO or kind == "reference" or (att.get("contentUrl") and att.get("name")):
            names.append(att.get("name") or "a file")
        elif kind == "text/html" and re.search(r"<attachment\b", str(att.get("content") or ""), re.I):
            names.append("a file")
    return names


def card_submit(activity: dict[str, Any]) -> dict[str, Any] | None:
    """The data of one of our cards' Action.Submit buttons (a message with ``value`` and no text)."""
    value = activity.get("value")
    if isinstance(value, dict) and value.get(SUBMIT_TAG):
        return value
    return None


def submit_command(value: dict[str, Any]) -> str | None:
    """The pool command a pool-card submit stands for; None for "refresh". ValueError: say why to the user."""
    op = str(value.get("op") or "")
    key = str(value.get("new_key") or "").strip() or str(value.get("key") or "").strip()
    if op in ("refresh", "page"):
        return None
    if not key:
        raise ValueError("Pick a key (or type a new one) first.")
    check_key(key)
    if op == "set":
        raw = str(value.get("value") or "").strip()
        if not raw:
            raise ValueError(f"Type a value for {key} first.")
        return f"pool set {key} {raw}"
    if op == "del":
        return f"pool del {key}"
    if op == "show":
        return f"pool show {key}"
    raise ValueError(f"Unknown card action {op!r}.")


def card_page(value: dict[str, Any]) -> int:
    """The pool-card page a "Previous", "Next" or "Refresh" button asks for (0 when absent or not a number)."""
    page = value.get("page")
    return page if isinstance(page, int) and 0 <= page < 10_000 else 0


def is_pool_card_request(text: str) -> bool:
    return " ".join(text.lower().split()) in POOL_CARD_WORDS
