"""The real Bolt app over real HTTP (embedded mode) against a local Slack Web API emulator.

Signed requests go to the app's HTTP server; the assertions are on what the emulator received:
thread_ts of every post, Block Kit tables, uploaded files, reactions, modals, ephemeral responses.
"""

from __future__ import annotations

import json
import time

from bot.slack.listeners import SlackServices
from embedded_apps import api, driver, events, services, slack  # noqa: F401 - fixtures
from emulators.slack_api import BOT_TOKEN, SlackAPI, payload, send_event
from slack_harness import CHANNEL, SECRET, SlackDriver, blocks_text, new_event_id, new_ts
from waiting import HandledEvents

ANSWER_TIMEOUT_S = 90.0  # the first turn loads the property model


def test_mention_is_acknowledged_at_once_and_answered_in_its_thread(driver: SlackDriver, api: SlackAPI) -> None:
    ts, sent = driver.mention("how soluble are these? CCO, c1ccccc1O")
    assert sent.status == 200 and sent.seconds < 3.0  # Slack's 3-second rule

    api.wait_for("reactions.add", timestamp=ts, name="eyes")
    api.wait_for("chat.postMessage", thread_ts=ts, text="Working on it…")
    answer = driver.wait_answer(ts, timeout=ANSWER_TIMEOUT_S)
    assert answer["channel"] == CHANNEL and answer["thread_ts"] == ts
    text = blocks_text(answer)
    assert "```" in text and "CCO" in text and "c1ccccc1O" in text  # the compact table
    assert "logSolubility" in text or "solubility" in text.lower()

    api.wait_for("files.completeUploadExternal", timeout=10)
    files = [f for f in api.uploaded_files() if f["thread_ts"] == ts]
    assert {f["title"].rsplit(".", 1)[-1] for f in files} == {"csv", "png"}
    assert all(f["channel"] == CHANNEL and f["data"] for f in files)
    csv = next(f["data"].decode() for f in files if f["title"].endswith(".csv"))
    assert csv.splitlines()[1].split(",")[1] == "CCO" and "c1ccccc1O" in csv

    api.wait_for("chat.update", contains="Working on it… Running the property prediction")  # progress
    api.wait_for("chat.delete", channel=CHANNEL)  # the status line is removed once answered
    api.wait_for("reactions.add", timestamp=ts, name="white_check_mark")


def test_follow_ups_need_no_mention_and_threads_never_mix(driver: SlackDriver, api: SlackAPI,
                                                           events: HandledEvents) -> None:
    thread_a, _ = driver.mention("pool set mols CCO c1ccccc1O")
    assert "Set mols" in blocks_text(driver.wait_answer(thread_a))

    driver.say("pool list", thread_a)  # no mention: the bot is part of thread A
    listing = blocks_text(driver.wait_answer(thread_a, n=2))
    assert "• mols — `smiles_list`, 2 item(s)" in listing and "set by <@U0ALICE>" in listing
    ignored = [new_event_id() for _ in range(4)]
    driver.say("<@U0ALICE> pool list, or shall we wait?", thread_a, event_id=ignored[0])  # colleagues talking

    thread_b = new_ts()
    driver.event("message_thread_reply", event_id=ignored[1], ts=thread_b, event_ts=thread_b, thread_ts=None,
                 text="pool list")
    driver.say("pool list", thread_b, event_id=ignored[2])  # a thread the bot was never asked into
    driver.say("pool list", None, event_id=ignored[3])  # top-level chatter without a mention
    # The listener is done with all four (a turn posts its status line before that): none was for the bot.
    events.wait_handled(*ignored)
    assert api.calls("chat.postMessage", thread_ts=thread_b) == []
    assert len(api.calls("chat.postMessage", thread_ts=thread_a, text="Working on it…")) == 2

    driver.mention("pool list", thread_ts=thread_b)  # now asked into B: B's own, empty pool
    assert "pool is empty" in blocks_text(driver.wait_answer(thread_b))
    assert len(driver.answers(thread_a)) == 2


def test_uploaded_file_is_downloaded_with_the_bot_token_and_stored(driver: SlackDriver, api: SlackAPI) -> None:
    thread, _ = driver.mention("pool list")
    driver.wait_answer(thread)
    data = b"name,smiles\nethanol,CCO\nphenol,c1ccccc1O\nbroken,C1CC(\naspirin,CC(=O)Oc1ccccc1C(=O)O\n"
    file = api.add_file("hits.csv", data)
    driver.share_files([file], thread, text="")  # a file alone, no text, no mention

    answer = blocks_text(driver.wait_answer(thread, n=2))
    [download] = [r for r in api.records("download") if r.args["file"] == file["id"]]
    assert download.headers["Authorization"] == f"Bearer {BOT_TOKEN}"
    # key, count and the rejected row (numbered as in the file, header = row 1)
    assert "Stored 3 molecule(s) from hits.csv as `upload_hits.csv`" in answer and "row 4: syntax error" in answer
    driver.say("pool list", thread)
    assert "hits" in blocks_text(driver.wait_answer(thread, n=3))


def test_file_problems_are_said_in_plain_words(driver: SlackDriver, api: SlackAPI) -> None:
    thread, _ = driver.mention("pool list")
    driver.wait_answer(thread)
    big = api.add_file("big.csv", b"smiles\nCCO\n", size=50_000_000)
    driver.share_files([big], thread)  # only a file, and it is too big: the status line becomes the reason
    [said] = api.wait_for("chat.update", contains="big.csv")
    assert said["text"] == ("I could not use big.csv: it is 50.0 MB and the limit is 10 MB. "
                            "Nothing from it was added to the pool.")
    assert not [r for r in api.records("download") if r.args["file"] == big["id"]]  # never downloaded

    # a partial file object (file_access: check_file_info) is completed with files.info first
    smi = api.add_file("more.smi", b"CCN amine\n", mimetype="text/plain")
    driver.share_files([{"id": smi["id"], "file_access": "check_file_info"}], thread, text="pool list")
    answer = blocks_text(driver.wait_answer(thread, n=2))  # file and message in one turn
    assert "Stored 1 molecule(s) from more.smi" in answer and "upload_more.smi" in answer
    assert api.calls("files.info", file=smi["id"])


def test_a_retried_or_doubled_event_runs_one_turn(driver: SlackDriver, api: SlackAPI, events: HandledEvents) -> None:
    ts = new_ts()
    body = payload("app_mention", event_id="Ev0RETRY" + ts.replace(".", ""))
    body["event"].update({"ts": ts, "event_ts": ts, "text": "<@U0BOT> pool list"})
    first = send_event(driver.url, SECRET, body)
    retries = [send_event(driver.url, SECRET, body, retry_num=n) for n in (1, 2, 3)]  # Slack retries up to 3 times
    assert [sent.status for sent in [first, *retries]] == [200] * 4
    # the duplicate check runs inside the request: the retries, answered, never reached the listener
    assert events.added[body["event_id"]] == 1
    # the same message also arrives as a `message` event (another event id): still one turn
    other = new_event_id()
    driver.event("message_thread_reply", event_id=other, ts=ts, event_ts=ts, thread_ts=None, text="<@U0BOT> pool list")
    events.wait_handled(body["event_id"], other)  # a turn posts its status line before the listener is done
    assert len(api.calls("chat.postMessage", thread_ts=ts, text="Working on it…")) == 1
    assert (events.added[body["event_id"]], events.handled[body["event_id"]], events.handled[other]) == (1, 1, 1)
    driver.wait_answer(ts)
    assert len(driver.answers(ts)) == 1


def test_bad_signature_and_stale_timestamp_are_rejected(driver: SlackDriver, api: SlackAPI,
                                                        events: HandledEvents) -> None:
    ts = new_ts()
    body = payload("app_mention", event_id=new_event_id())
    body["event"].update({"ts": ts, "event_ts": ts, "text": "<@U0BOT> pool list"})
    forged = send_event(driver.url, SECRET, body, signature="v0=" + "0" * 64)
    stale = send_event(driver.url, SECRET, body, timestamp=int(time.time()) - 6 * 60)
    wrong_secret = send_event(driver.url, "not-the-secret", body)
    assert (forged.status, stale.status, wrong_secret.status) == (401, 401, 401)
    assert events.added[body["event_id"]] == 0  # refused before any middleware of ours saw them
    # The same event, signed: it is the first the app takes (the forged ones used up nothing), and once it is
    # answered the thread holds exactly its one reaction, status line and answer.
    assert send_event(driver.url, SECRET, body).status == 200
    events.wait_handled(body["event_id"])
    driver.wait_answer(ts)
    assert events.added[body["event_id"]] == events.handled[body["event_id"]] == 1
    assert len(api.calls("reactions.add", timestamp=ts, name="eyes")) == 1
    assert len(api.calls("chat.postMessage", thread_ts=ts, text="Working on it…")) == 1
    assert len(driver.answers(ts)) == 1


def test_rate_limited_posts_wait_for_retry_after(driver: SlackDriver, api: SlackAPI) -> None:
    api.fail_next("chat.postMessage", status=429, retry_after=0)
    ts, _ = driver.mention("pool list")
    driver.wait_answer(ts)
    assert len(api.calls("chat.postMessage", thread_ts=ts, text="Working on it…")) == 2  # 429, then posted


def test_memory_pool_shortcut_opens_a_modal_and_saves_edits(driver: SlackDriver, api: SlackAPI,
                                                             services: SlackServices) -> None:
    thread, _ = driver.mention("pool set mols CCO c1ccccc1O")
    assert "Set mols" in blocks_text(driver.wait_answer(thread))
    reply_ts = new_ts()
    sent = driver.shortcut(thread, message_ts=reply_ts)
    assert sent.status == 200
    opened = api.wait_for("views.open", n=1, timeout=10)[-1]
    view = opened["view"]
    assert view["title"]["text"] == "Memory pool" and opened["trigger_id"].startswith("trigger-")
    inputs = {b["block_id"]: b for b in view["blocks"] if b["type"] == "input"}
    assert inputs["key:mols"]["element"]["initial_value"] == "CCO\nc1ccccc1O"

    bad = driver.submit(view, {"key:mols": "CCO\nnot_a_smiles(", "new_key": "x y", "new_value": "1"})
    errors = json.loads(bad.body)
    assert errors["response_action"] == "errors"
    assert set(errors["errors"]) == {"key:mols", "new_key"}
    pool = services.pool("T0LAB", CHANNEL, thread)
    assert pool.get("mols").meta.version == 1  # nothing saved

    ok = driver.submit(view, {"key:mols": "CCN\nCCO", "new_key": "dose", "new_value": "3.5"})
    assert ok.status == 200 and ok.body == ""  # the modal closes; saving happens right after the ack
    [note] = api.wait_for("chat.postMessage", thread_ts=thread, contains="edited the memory pool")
    assert "edited the memory pool" in note["text"] and "Set mols" in note["text"] and "Set dose" in note["text"]
    assert pool.get("mols").value == ["CCN", "CCO"] and pool.get("mols").meta.set_by == "<@U0BOB>"
    assert pool.get("dose").value == 3.5

    stale = driver.submit(view, {"key:mols": "CCCC"})  # the modal still shows v1; mols is now v2
    assert "changed or deleted since you opened" in json.loads(stale.body)["errors"]["key:mols"]


def test_slash_command_help_status_and_threads_are_ephemeral(driver: SlackDriver, api: SlackAPI) -> None:
    thread, _ = driver.mention("pool set probe CCO")
    assert "Set probe" in blocks_text(driver.wait_answer(thread))

    hook, sent = driver.command("")
    assert sent.status == 200
    [help_] = api.wait_for("response_url", hook=hook)
    assert help_["response_type"] == "ephemeral" and "answers in threads" in help_["text"]

    hook, _ = driver.command("status")
    [status] = api.wait_for("response_url", hook=hook)
    text = blocks_text(status)
    assert "Mode: embedded" in text and "LLM: none configured" in text and "in progress" in text

    hook, _ = driver.command("threads")
    [threads] = api.wait_for("response_url", hook=hook)
    text = blocks_text(threads)
    assert f"p{thread.replace('.', '')}" in text and "`probe`" in text


def test_no_answer_and_queue_failures_are_said_in_the_thread(driver: SlackDriver, api: SlackAPI,
                                                             services: SlackServices) -> None:
    enqueue, timeout = services.enqueue, services.watch.timeout_s
    try:
        services.enqueue = lambda turn, deliverer: None  # a worker that never answers
        services.watch.timeout_s = 0.3
        ts, _ = driver.mention("how soluble is CCO?")
        [status] = api.wait_for("chat.postMessage", thread_ts=ts, text="Working on it…")
        [notice] = api.wait_for("chat.update", contains="No answer after")
        assert "workers may be down" in notice["text"] and notice["channel"] == CHANNEL

        def broken(turn, deliverer):
            raise ConnectionError("redis down")

        services.enqueue = broken
        ts, _ = driver.mention("how soluble is CCO?")
        api.wait_for("chat.update", contains="temporarily unavailable")
        api.wait_for("reactions.add", timestamp=ts, name="warning")
    finally:
        services.enqueue, services.watch.timeout_s = enqueue, timeout
