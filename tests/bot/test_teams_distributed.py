"""Distributed mode: `drugpilot teams` (web process + replies.teams delivery worker) against real Redis and
real Celery agent/gpu workers, with replies posted to the Bot Connector emulator. A reply finished while
the Teams process is down is posted into its thread once it is back (reference and queue live in Redis)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from celery import Celery

from agent.turn import ThreadRef, Turn
from conftest import REPO, distributed_env, free_port, wait_for_port
from emulators.teams_connector import TeamsConnector
from teams_harness import new_thread, payload

pytestmark = pytest.mark.integration
TENANT = "72f988bf-0000-4000-8000-000000000001"


class TeamsProcess:
    """`python -m bot.cli teams` in its own process group (so its delivery worker child stops with it)."""

    def __init__(self, env: dict[str, str], log: Path) -> None:
        self.env, self.log = env, log
        self.port = int(env["DRUGPILOT_TEAMS_PORT"])
        self.proc: subprocess.Popen | None = None

    def start(self, redis_url: str) -> None:
        with self.log.open("ab") as sink:
            self.proc = subprocess.Popen([sys.executable, "-m", "bot.cli", "teams", "--loglevel", "warning"],
                                         cwd=REPO, env=self.env, stdout=sink, stderr=subprocess.STDOUT,
                                         start_new_session=True)
        wait_for_port(self.port, timeout=30)
        probe = Celery(broker=redis_url, backend=redis_url)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:  # the delivery worker answers ping once it consumes replies.teams
            if any(name.startswith("replies-teams@") for r in probe.control.ping(timeout=0.5) or [] for name in r):
                return
            assert self.proc.poll() is None, self.log.read_text()[-3000:]
        raise AssertionError("the replies.teams delivery worker did not start:\n" + self.log.read_text()[-3000:])

    def stop(self) -> None:
        if self.proc is None:
            return
        os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc = None

    def post(self, activity: dict) -> httpx.Response:
        return httpx.post(f"http://127.0.0.1:{self.port}/api/messages", json=activity, timeout=30)


@pytest.fixture
def teams(celery_workers: str, tmp_path: Path) -> Iterator[TeamsProcess]:
    env = distributed_env(celery_workers, tmp_path)
    env.update({"DRUGPILOT_TEAMS_PORT": str(free_port()), "DRUGPILOT_TEAMS_HOST": "127.0.0.1",
                "DRUGPILOT_LINK_SECRET": "distributed-test-secret-0123456789"})
    env = {k: v for k, v in env.items() if not k.startswith("MICROSOFT_APP_")}
    process = TeamsProcess(env, tmp_path / "teams.log")
    process.start(celery_workers)
    yield process
    process.stop()


def test_turns_run_on_workers_and_replies_survive_a_restart(teams: TeamsProcess, celery_workers: str) -> None:
    with TeamsConnector() as connector:
        thread = new_thread()
        conversation = f"19:{thread}@thread.tacv2;messageid=1700000000000"
        ask = payload("channel_mention", connector.url, thread=thread,
                      text="<at>DrugPilot</at> pool set hits CCO c1ccccc1O")
        assert teams.post(ask).status_code == 201
        assert teams.post(ask).status_code == 201  # redelivered: deduplicated in Redis
        [answer] = connector.wait_for("reply", 1, timeout=60, where=lambda c: c["body"].get("text", "").startswith(
            "Set hits"))
        assert answer["conversation_id"] == conversation and answer["activity_id"] == ask["id"]

        export = payload("channel_mention", connector.url, thread=thread, id="1700000000510",
                         text="<at>DrugPilot</at> pool export hits")
        assert teams.post(export).status_code == 201
        [exported] = connector.wait_for("reply", 1, timeout=60, where=lambda c: c["activity_id"] == export["id"]
                                        and c["body"].get("type") == "message")
        [link] = [a["url"] for a in exported["body"]["attachments"][0]["content"]["actions"]]
        csv = httpx.get(link)  # signed by the delivery worker, served by the web process, bytes from Redis
        assert csv.status_code == 200 and "c1ccccc1O" in csv.text
        time.sleep(0.5)
        # typing and "Set hits" once: the redelivered activity ran nothing
        assert len([c for c in connector.calls("reply") if c["activity_id"] == ask["id"]]) == 2

        # The Teams process goes down; a turn finishes meanwhile; its reply waits in Redis until it is back.
        teams.stop()
        ref = ThreadRef("teams", TENANT, f"19:{thread}@thread.tacv2", "1700000000000")
        turn = Turn(ref, "Alice Chen", "pool list", reply_to={"ref": ref.key(), "reply_to_id": "1700000000520"})
        Celery(broker=celery_workers).send_task("worker.tasks.run_turn", args=[turn.to_json()], queue="agent")
        time.sleep(3)
        assert not [c for c in connector.calls("reply") if c["activity_id"] == "1700000000520"]
        teams.start(celery_workers)
        [late] = connector.wait_for("reply", 1, timeout=60, where=lambda c: c["activity_id"] == "1700000000520")
        assert late["conversation_id"] == conversation and "hits" in late["body"]["text"]
