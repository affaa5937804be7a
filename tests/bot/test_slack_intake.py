"""The Slack process dies (SIGKILL) after acknowledging an event and before enqueuing its turn: the turn is not
lost. Real processes: `drugpilot slack` (HTTP, distributed) with its delivery worker, the agent/gpu workers,
redis-server, the Slack API emulator. The kill lands while the listener downloads the message's file (the
emulator holds the download), i.e. after Slack got its 200 and before the turn reached the queue."""

from __future__ import annotations

import shutil
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis

from bot_process import BotProcess
from conftest import distributed_env, free_port, start_workers, stop_workers
from emulators.slack_api import BOT_TOKEN, SlackAPI
from slack_harness import SECRET, SlackDriver, blocks_text
from tests_support import RestartableRedis

pytestmark = [pytest.mark.integration,
              pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs the redis-server binary")]
INTAKE_TTL_S = 3  # a stopped process's events are run again within about twice this


@pytest.fixture
def stack(tmp_path: Path) -> Iterator[dict[str, Any]]:
    redis = RestartableRedis(tmp_path, free_port()).start()
    api = SlackAPI().start()
    port = free_port()
    env = distributed_env(redis.url, tmp_path)
    env.update({"SLACK_BOT_TOKEN": BOT_TOKEN, "SLACK_SIGNING_SECRET": SECRET, "DRUGPILOT_SLACK_API_URL": api.api_url,
                "DRUGPILOT_SLACK_HOST": "127.0.0.1", "DRUGPILOT_SLACK_PORT": str(port),
                "DRUGPILOT_SLACK_INTAKE_TTL_S": str(INTAKE_TTL_S)})
    env.pop("SLACK_APP_TOKEN", None)
    state: dict[str, Any] = {"redis": redis, "api": api,
                             "driver": SlackDriver(api, f"http://127.0.0.1:{port}/slack/events"),
                             "bot": BotProcess("slack", env, port, tmp_path / "slack.log", loglevel="info")}
    try:
        state["workers"] = start_workers(env, tmp_path / "workers.log")
        state["bot"].start(redis.url)
        yield state
    except Exception:
        print(state["bot"].tail())
        raise
    finally:
        api.downloads_open.set()
        state["bot"].stop()
        if state.get("workers") is not None:
            stop_workers(state["workers"])
        api.stop()
        redis.stop()


def test_a_turn_acknowledged_but_not_enqueued_survives_the_slack_process(stack: dict[str, Any]) -> None:
    driver: SlackDriver = stack["driver"]
    api: SlackAPI = stack["api"]
    bot: BotProcess = stack["bot"]
    thread, _ = driver.mention("pool list")
    driver.wait_answer(thread, timeout=120)
    intake = redis.Redis.from_url(stack["redis"].url)
    assert intake.smembers("drugpilot:slack:intake:index") == set()  # an enqueued turn leaves no record

    file = api.add_file("hits.csv", b"smiles\nCCO\nc1ccccc1O\n")
    api.downloads_open.clear()
    driver.share_files([file], thread)  # Slack got its 200: it will never send this event again
    api.wait_for("download", file=file["id"], timeout=30)  # the listener is inside the download
    bot.stop(signal.SIGKILL)
    api.downloads_open.set()
    bot.start(stack["redis"].url)

    answer = blocks_text(driver.wait_answer(thread, n=2, timeout=120))
    assert "Stored 2 molecule(s) from hits.csv" in answer
    status_lines = [c for c in api.calls("chat.postMessage", thread_ts=thread) if c["text"] == "Working on it…"]
    assert len(status_lines) == 2  # one for "pool list", one for the file: the replay reused it
    assert "running it again" in bot.tail()
    driver.say("pool list", thread)
    assert "upload_hits.csv" in blocks_text(driver.wait_answer(thread, n=3, timeout=60))
    assert len(driver.answers(thread)) == 3
