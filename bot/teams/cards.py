"""Adaptive Cards (plain JSON): a Reply's table, plot and file links; the pool viewer/editor.

Teams renders Adaptive Cards up to schema 1.5, including the ``Table`` element. Links come from a
callable (``LinkSigner.url``) so this module stays pure.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from typing import Any

from agent.pool.entry import EntryMeta
from agent.turn import ArtifactRef, Reply, Table
from bot.teams.activities import SUBMIT_TAG

SCHEMA = "http://adaptivecards.io/schemas/adaptive-card.json"
VERSION = "1.5"
MAX_COLUMNS = 6
MAX_ROWS = 10
CELL_CHARS = 60
PAGE_KEYS = 15  # pool card rows per page (~850 bytes each)
MAX_CARD_BYTES = 40_000  # UTF-16 bytes; Teams refused pool cards from ~45 keys (~75 KB in UTF-16)

Link = Callable[[ArtifactRef], str]


def reply_card(reply: Reply, link: Link) -> dict[str, Any] | None:
    """Table of the first rows, the plot inline, and download links; None when the reply is text only."""
    body: list[dict[str, Any]] = []
    actions: list[dict[str, Any]] = []
    for table in reply.tables:
        body += _table_blocks(table)
    for ref in reply.artifacts:
        url = link(ref)
        if ref.media_type.startswith("image/"):
            body.append({"type": "Image", "url": url, "altText": f"plot: {ref.name}", "size": "Stretch",
                         "selectAction": {"type": "Action.OpenUrl", "url": url, "title": "Open full size"}})
            actions.append({"type": "Action.OpenUrl", "title": "Full-size plot", "url": url})
        else:
            rows = _total_rows(reply)
            suffix = f" (all {rows} rows)" if rows and ref.name.endswith(".csv") else ""
            actions.append({"type": "Action.OpenUrl", "title": f"Download {ref.name}{suffix}", "url": url})
    if not body and not actions:
        return None
    return _card(body, actions)


def pool_card(metas: list[EntryMeta], page: int = 0) -> dict[str, Any]:
    """One page of the thread's keys and a form to set (or add), show and delete a key; buttons post
    Action.Submit. At most ``PAGE_KEYS`` keys a page, fewer when their rows would pass ``MAX_CARD_BYTES``
    (Teams refuses bigger cards); "Previous"/"Next" page through the rest."""
    pages = max(1, -(-len(metas) // PAGE_KEYS))
    page = min(max(0, page), pages - 1)
    shown = metas[page * PAGE_KEYS:(page + 1) * PAGE_KEYS]
    while True:
        card = _pool_card(metas, shown, page, pages)
        if card_bytes(card) <= MAX_CARD_BYTES or len(shown) <= 1:
            return card
        shown = shown[:-1]


def card_bytes(card: dict[str, Any]) -> int:
    """The size Teams counts: the card's JSON in UTF-16."""
    return len(json.dumps(card, ensure_ascii=False).encode("utf-16-le"))


def _pool_card(metas: list[EntryMeta], shown: list[EntryMeta], page: int, pages: int) -> dict[str, Any]:
    body: list[dict[str, Any]] = [{"type": "TextBlock", "text": "Memory pool of this thread", "weight": "Bolder",
                                   "size": "Medium"}]
    if shown:
        header = ["key", "kind", "size", "version", "set by", "preview"]
        rows = [[m.key, m.kind, str(m.size), f"v{m.version}", m.set_by, m.preview] for m in shown]
        body.append(_table(header, rows))
        if len(shown) < len(metas):
            first = page * PAGE_KEYS + 1
            body.append({"type": "TextBlock", "isSubtle": True, "size": "Small", "wrap": True, "text": (
                f"Keys {first}–{first + len(shown) - 1} of {len(metas)}. `pool list` lists them all.")})
        body.append({"type": "Input.ChoiceSet", "id": "key", "label": "Key", "style": "compact", "isRequired": False,
                     "placeholder": "Pick a key", "choices": [{"title": m.key, "value": m.key} for m in shown]})
        new_key_hint = "…or type a new key (letters, digits, _ . -)"
    else:
        body.append({"type": "TextBlock", "wrap": True, "isSubtle": True,
                     "text": "The pool is empty. Give molecules in a message, or add a key below."})
        new_key_hint = "A new key (letters, digits, _ . -)"
    body += [
        {"type": "Input.Text", "id": "new_key", "placeholder": new_key_hint},
        {"type": "Input.Text", "id": "value", "label": "New value", "isMultiline": True,
         "placeholder": "SMILES separated by spaces or commas, a number, a sequence, text…"},
    ]
    actions = [{"type": "Action.Submit", "title": "Save", "data": {SUBMIT_TAG: "pool", "op": "set"}}]
    if shown:
        actions += [{"type": "Action.Submit", "title": "Show", "data": {SUBMIT_TAG: "pool", "op": "show"}},
                    {"type": "Action.Submit", "title": "Delete", "data": {SUBMIT_TAG: "pool", "op": "del"}}]
    paging = []
    if page > 0:
        paging.append({"type": "Action.Submit", "title": "Previous", "data": {SUBMIT_TAG: "pool", "op": "page",
                                                                            "page": page - 1}})
    if page < pages - 1:
        paging.append({"type": "Action.Submit", "title": "Next", "data": {SUBMIT_TAG: "pool", "op": "page",
                                                                        "page": page + 1}})
    if paging:  # beside the table, not among the card's actions (hosts show at most 5 of those)
        body.insert(3, {"type": "ActionSet", "actions": paging})
    actions.append({"type": "Action.Submit", "title": "Refresh", "data": {SUBMIT_TAG: "pool", "op": "refresh",
                                                                         "page": page}})
    return _card(body, actions)


def attachment(card: dict[str, Any]) -> dict[str, Any]:
    return {"contentType": "application/vnd.microsoft.card.adaptive", "content": card}


def plain(text: str, bold: bool = False) -> dict[str, Any]:
    """Text shown exactly as given: a TextRun is not markdown, so ``C[C@@H](N)C(=O)O`` stays a SMILES
    instead of becoming a link (TextBlock would render ``[…](…)`` as one)."""
    run: dict[str, Any] = {"type": "TextRun", "text": text}
    if bold:
        run["weight"] = "Bolder"
    return {"type": "RichTextBlock", "inlines": [run]}


def html_text(text: str) -> str:
    """Message text for Teams as HTML (textFormat "xml"): escaped, so SMILES and pool keys are never read as
    markdown; `code` spans and line breaks kept."""
    escaped = html.escape(text, quote=False)
    escaped = re.sub(r"`([^`\n]+)`", r"<code>\1</code>", escaped)
    return escaped.replace("\n", "<br>")


def _card(body: list[dict[str, Any]], actions: list[dict[str, Any]]) -> dict[str, Any]:
    card: dict[str, Any] = {"type": "AdaptiveCard", "$schema": SCHEMA, "version": VERSION, "body": body,
                            "msteams": {"width": "Full"}}
    if actions:
        card["actions"] = actions
    return card


def _table_blocks(table: Table) -> list[dict[str, Any]]:
    columns = table.columns[:MAX_COLUMNS]
    rows = [[_cell(row.get(c)) for c in columns] for row in table.rows[:MAX_ROWS]]
    shown = len(rows)
    note = f"First {shown} of {table.total_rows} rows" if table.total_rows > shown else f"{shown} row(s)"
    if len(table.columns) > MAX_COLUMNS:
        note += f"; {len(table.columns) - MAX_COLUMNS} more column(s) in the CSV"
    return [_table(columns, rows), {"type": "TextBlock", "text": note, "isSubtle": True, "size": "Small",
                                    "spacing": "Small"}]


def _table(header: list[str], rows: list[list[str]]) -> dict[str, Any]:
    def row(cells: list[str], bold: bool = False) -> dict[str, Any]:
        return {"type": "TableRow", "cells": [{"type": "TableCell", "items": [plain(_cell(c), bold)]} for c in cells]}

    return {"type": "Table", "firstRowAsHeader": True, "showGridLines": True,
            "columns": [{"width": 1} for _ in header], "rows": [row(header, bold=True)] + [row(r) for r in rows]}


def _cell(value: Any) -> str:
    if value is None or value == "":
        return "—"
    if isinstance(value, float):
        text = f"{value:.4g}"
    else:
        text = str(value)
    return text if len(text) <= CELL_CHARS else text[: CELL_CHARS - 1] + "…"


def _total_rows(reply: Reply) -> int:
    return max((t.total_rows for t in reply.tables), default=0)
