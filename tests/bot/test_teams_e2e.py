"""End to end over HTTP, embedded mode: the real aiohttp app on port 0, Bot Framework activities posted to
/api/messages, replies asserted on what a local Bot Connector emulator received."""

from __future__ import annotations

import logging
import time
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from agent.pool.thread_pool import ThreadPool
from agent.turn import Reply
from bot.teams.app import TeamsRuntime
from bot.teams.links import LinkSigner
from embedded_apps import LINK_SECRET, bot, connector, runtime  # noqa: F401 - fixtures
from emulators.teams_connector import TeamsConnector
from teams_harness import BotServer, new_thread, payload
from worker.runtime import pool_store

WORKING = "Working on it…"


def replies_to(connector: TeamsConnector, activity_id: str, n: int = 1, timeout: float = 10.0, **match: str):
    def where(call: dict) -> bool:
        body = call["body"]
        return call["activity_id"] == activity_id and all(
            (body.get(k) or "").startswith(v) if k == "text" else body.get(k) == v for k, v in match.items())

    return connector.wait_for("reply", n, timeout=timeout, where=where)


def card_of(call: dict) -> dict:
    [attachment] = call["body"]["attachments"]
    assert attachment["contentType"] == "application/vnd.microsoft.card.adaptive"
    return attachment["content"]


def texts(element: object) -> list[str]:
    if isinstance(element, dict):
        own = [element["text"]] if element.get("type") in ("TextBlock", "TextRun") else []
        return own + [t for v in element.values() for t in texts(v)]
    if isinstance(element, list):
        return [t for v in element for t in texts(v)]
    return []


def test_channel_mention_is_acknowledged_then_answered_in_the_thread(bot: BotServer, connector: TeamsConnector,
                                                                     runtime: TeamsRuntime) -> None:
    thread = new_thread()
    activity = payload("channel_mention", connector.url, thread=thread)
    conversation = f"19:{thread}@thread.tacv2;messageid=1700000000000"
    started = time.perf_counter()
    response = bot.post(activity)
    assert response.status_code == 201 and time.perf_counter() - started < 5  # Teams wants an answer in 15 s

    [typing] = replies_to(connector, activity["id"], type="typing")
    [ack] = replies_to(connector, activity["id"], text=WORKING)
    assert typing["conversation_id"] == ack["conversation_id"] == conversation
    assert typing["at"] <= ack["at"]
    assert ack["body"]["replyToId"] == activity["id"] and ack["body"]["from"]["name"] == "DrugPilot"

    [answer] = replies_to(connector, activity["id"], timeout=90, text="(Offline planner")
    assert answer["conversation_id"] == conversation  # the same reply chain, posted proactively
    assert answer["body"]["channelData"]["tenant"]["id"] == "72f988bf-0000-4000-8000-000000000001"
    assert "logS" in answer["body"]["text"] or "solubility" in answer["body"]["text"].lower()
    card = card_of(answer)
    table = next(b for b in card["body"] if b["type"] == "Table")
    assert [texts(r)[1] for r in table["rows"][1:]] == ["CCO", "c1ccccc1O"]
    image = next(b for b in card["body"] if b["type"] == "Image")
    links = {a["title"]: a["url"] for a in card["actions"]}
    csv_url = next(url for title, url in links.items() if title.startswith("Download") and ".csv" in title)

    # The files behind the links come from the bot's own endpoint; tampered or expired links are refused.
    csv = httpx.get(csv_url)
    assert csv.status_code == 200 and csv.headers["content-type"].startswith("text/csv")
    assert "CCO" in csv.text and "attachment" in csv.headers["content-disposition"]
    png = httpx.get(image["url"])
    assert png.status_code == 200 and png.content.startswith(b"\x89PNG")
    assert httpx.get(csv_url.replace("sig=", "sig=A")).status_code == 403
    split = urlsplit(csv_url)
    assert httpx.get(csv_url.replace(split.path, split.path.replace(".csv", ".png"))).status_code == 403
    _, _, key, name = split.path.split("/")
    old = LinkSigner(LINK_SECRET.encode(), bot.url, 60, clock=lambda: time.time() - 3600)
    stale = old.url(runtime.replier.links.verify(key, name, *[parse_qs(split.query)[k][0] for k in ("exp", "sig")]))
    assert httpx.get(stale).status_code == 410

    done = connector.wait_for("update", 1, where=lambda c: c["activity_id"] == ack["id"]
                              and c["body"].get("text", "").startswith("Done"))
    assert done[0]["conversation_id"] == conversation


def test_personal_chat_file_is_downloaded_into_the_pool(bot: BotServer, connector: TeamsConnector) -> None:
    connector.files["hits.csv"] = b"smiles,name\nCCO,ethanol\nc1ccccc1O,phenol\nnot-a-smiles,bad\n"
    thread = new_thread()
    activity = payload("personal_file", connector.url, thread=thread)
    activity["attachments"][0]["content"]["downloadUrl"] = connector.url + "downloads/hits.csv"
    assert bot.post(activity).status_code == 201

    [answer] = replies_to(connector, activity["id"], timeout=30, text="Stored")
    assert answer["conversation_id"] == f"a:{thread}"
    assert "2 molecule(s) from hits.csv" in answer["body"]["text"] and "row 4" in answer["body"]["text"]
    pool = ThreadPool(pool_store(), f"teams:72f988bf-0000-4000-8000-000000000001:a%3A{thread}:chat")
    [meta] = pool.list()
    assert meta.kind == "smiles_list" and meta.size == 2 and meta.set_by == "Bob Meyer"


def test_pool_card_submit_sets_a_key_and_refreshes_the_card(bot: BotServer, connector: TeamsConnector) -> None:
    thread = new_thread()
    ask = payload("channel_mention", connector.url, thread=thread, id="1700000000601", text="<at>DrugPilot</at> pool")
    assert bot.post(ask).status_code == 201
    [shown] = replies_to(connector, ask["id"], type="message")
    assert "Input.Text" in {b["type"] for b in card_of(shown)["body"]}
    assert not replies_to(connector, ask["id"], n=0, text=WORKING)  # no "working on it" for a card

    submit = payload("card_submit", connector.url, thread=thread, replyToId=shown["id"])
    assert bot.post(submit).status_code == 201
    [answer] = replies_to(connector, submit["id"], text="Set my_hits")
    assert answer["conversation_id"] == f"19:{thread}@thread.tacv2;messageid=1700000000000"
    [update] = connector.wait_for("update", 1, where=lambda c: c["activity_id"] == shown["id"])
    rows = [texts(r) for r in next(b for b in card_of(update)["body"] if b["type"] == "Table")["rows"]]
    assert rows[1][:4] == ["my_hits", "smiles_list", "2", "v1"]

    bad = payload("card_submit", connector.url, thread=thread, id="1700000000902", replyToId=shown["id"],
                  value={"drugpilot": "pool", "op": "set", "key": "", "new_key": "", "value": "CCO"})
    assert bot.post(bad).status_code == 201
    replies_to(connector, bad["id"], text="Pick a key")  # errors answered in the thread, in plain words


def test_a_redelivered_activity_runs_once(bot: BotServer, connector: TeamsConnector,
                                          caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="bot.teams.handlers")
    thread = new_thread()
    activity = payload("channel_mention", connector.url, thread=thread, id="1700000000650",
                       text="<at>DrugPilot</at> pool set dup CCO")
    assert bot.post(activity).status_code == 201
    assert bot.post(activity).status_code == 201  # Teams retries when it thinks we were too slow
    # the second delivery was recognised (inside its request, before the 201) and ran nothing
    assert caplog.messages.count("activity 1700000000650 seen before: not run again") == 1
    replies_to(connector, activity["id"], text="Set dup")
    assert len(replies_to(connector, activity["id"], text="Set dup")) == 1
    assert len(replies_to(connector, activity["id"], type="typing")) == 1
    pool = ThreadPool(pool_store(), f"teams:72f988bf-0000-4000-8000-000000000001:19%3A{thread}@thread.tacv2:"
                                    "1700000000000")
    assert pool.get("dup").meta.version == 1


def test_files_shared_in_a_channel_are_explained(bot: BotServer, connector: TeamsConnector) -> None:
    activity = payload("channel_file_share", connector.url, thread=new_thread())
    assert bot.post(activity).status_code == 201
    [explained] = replies_to(connector, activity["id"], text="Teams doesn't pass files")
    assert "hits.sdf" in explained["body"]["text"] and "personal chat" in explained["body"]["text"]


def test_throttled_and_failing_connector_calls_are_retried(bot: BotServer, connector: TeamsConnector,
                                                          runtime: TeamsRuntime) -> None:
    thread = new_thread()
    activity = payload("channel_mention", connector.url, thread=thread, id="1700000000801",
                       text="<at>DrugPilot</at> pool list")
    connector.fail("reply", 429, 503, retry_after="0", activity_id=activity["id"])
    assert bot.post(activity).status_code == 201
    replies_to(connector, activity["id"], text="This thread's pool is empty")
    statuses = [a.get("status") for a in connector.attempts if a["activity_id"] == activity["id"]]
    assert statuses[:3] == [429, 503, None]

    # The proactive path (a finished turn) retries the same way.
    key = f"teams:72f988bf-0000-4000-8000-000000000001:19%3A{thread}@thread.tacv2:1700000000000"
    connector.fail("reply", 500, 502, activity_id="1700000000801")
    runtime.replier.deliver({"ref": key, "reply_to_id": "1700000000801"}, Reply(turn_id="x", text="late answer"))
    [late] = replies_to(connector, "1700000000801", text="late answer")
    assert [a.get("status") for a in connector.attempts if (a["body"].get("text") or "") == "late answer"] == [
        500, 502, None]
    assert late["conversation_id"] == f"19:{thread}@thread.tacv2;messageid=1700000000000"


def test_not_an_activity_is_refused(bot: BotServer) -> None:
    assert bot.http.post("/api/messages", content=b"hi", headers={"Content-Type": "text/plain"}).status_code == 415
    assert bot.http.post("/api/messages", json={"text": "no type"}).status_code == 400
    assert bot.http.get("/healthz").json() == {"ok": True, "authenticated": False}
