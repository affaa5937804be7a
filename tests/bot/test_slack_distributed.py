"""Distributed mode end to end: `drugpilot slack` (HTTP) → Redis → Celery agent/gpu workers → the
bot-side delivery worker (queue replies.slack, started by `drugpilot slack`) → the emulator's thread."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import distributed_env, free_port, wait_for_port
from emulators.slack_api import BOT_TOKEN, SlackAPI, payload, send_event
from slack_harness import CHANNEL, SECRET, SlackDriver, blocks_text, new_ts
from waiting import child_env, wait_for_log

pytestmark = pytest.mark.integration


def test_a_mention_is_answered_through_redis_and_celery_workers(celery_workers: str, tmp_path: Path) -> None:
    api = SlackAPI().start()
    port = free_port()
    env = distributed_env(celery_workers, tmp_path)
    env.update({"SLACK_BOT_TOKEN": BOT_TOKEN, "SLACK_SIGNING_SECRET": SECRET, "DRUGPILOT_SLACK_API_URL": api.api_url,
                "DRUGPILOT_SLACK_HOST": "127.0.0.1", "DRUGPILOT_SLACK_PORT": str(port)})
    env.pop("SLACK_APP_TOKEN", None)
    log = tmp_path / "slack.log"
    with log.open("wb") as sink:  # in the test's folder: no .env of the developer's is read
        proc = subprocess.Popen([sys.executable, "-m", "bot.cli", "slack", "--loglevel", "info"], cwd=tmp_path,
                                env=child_env(env), stdout=sink, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        wait_for_port(port, timeout=60)
        driver = SlackDriver(api, f"http://127.0.0.1:{port}/slack/events")

        ts = new_ts()
        body = payload("app_mention")
        body["event"].update({"ts": ts, "event_ts": ts, "text": "<@U0BOT> how soluble are these? CCO, c1ccccc1O"})
        sent = send_event(driver.url, SECRET, body)
        assert sent.status == 200 and sent.seconds < 3.0
        assert send_event(driver.url, SECRET, body, retry_num=1).status == 200  # Slack's retry: dropped (Redis)
        wait_for_log(log, f"dropping duplicate event {body['event_id']} (retry 1")  # inside the retry's request

        answer = driver.wait_answer(ts, timeout=150)
        assert answer["channel"] == CHANNEL
        text = blocks_text(answer)
        assert "```" in text and "CCO" in text and "c1ccccc1O" in text, text
        api.wait_for("files.completeUploadExternal", timeout=30)
        files = [f for f in api.uploaded_files() if f["thread_ts"] == ts]
        assert {f["title"].rsplit(".", 1)[-1] for f in files} == {"csv", "png"} and all(f["data"] for f in files)

        driver.say("pool list", ts)  # follow-up without a mention: thread membership lives in Redis
        assert "user_smiles" in blocks_text(driver.wait_answer(ts, n=2, timeout=60))
        assert len(api.calls("chat.postMessage", thread_ts=ts, text="Working on it…")) == 2  # the retry ran nothing

        hook, _ = driver.command("status")
        status = blocks_text(api.wait_for("response_url", hook=hook, timeout=15)[0])
        assert "Mode: distributed" in status and "agent@" in status and "replies-slack@" in status, status
    except Exception:
        print(log.read_text()[-5000:])
        raise
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
        api.stop()
