"""Distributed mode: `drugpilot teams` (web process + replies.teams delivery worker) against real Redis and
real Celery agent/gpu workers, with replies posted to the Bot Connector emulator. A reply finished while
the Teams process is down is posted into its thread once it is back (reference and queue live in Redis)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import redis
from celery import Celery

from agent.turn import ThreadRef, Turn
from bot_process import BotProcess
from conftest import distributed_env, free_port
from emulators.teams_connector import TeamsConnector
from teams_harness import new_thread, payload
from waiting import wait_for_log, wait_until
from worker.queues import queue_length

pytestmark = pytest.mark.integration
TENANT = "72f988bf-0000-4000-8000-000000000001"


class TeamsProcess(BotProcess):
    def post(self, activity: dict) -> httpx.Response:
        return httpx.post(f"http://127.0.0.1:{self.port}/api/messages", json=activity, timeout=30)


@pytest.fixture
def teams(celery_workers: str, tmp_path: Path) -> Iterator[TeamsProcess]:
    env = distributed_env(celery_workers, tmp_path)
    env.update({"DRUGPILOT_TEAMS_PORT": str(free_port()), "DRUGPILOT_TEAMS_HOST": "127.0.0.1",
                "DRUGPILOT_LINK_SECRET": "distributed-test-secret-0123456789"})
    env = {k: v for k, v in env.items() if not k.startswith("MICROSOFT_APP_")}
    process = TeamsProcess("teams", env, int(env["DRUGPILOT_TEAMS_PORT"]), tmp_path / "teams.log", loglevel="info")
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
        wait_for_log(teams.log, f"activity {ask['id']} seen before: not run again")  # inside the second request
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
        # typing and "Set hits" once: the redelivered activity ran nothing
        assert len([c for c in connector.calls("reply") if c["activity_id"] == ask["id"]]) == 2

        # The Teams process goes down; a turn finishes meanwhile; its reply waits in Redis until it is back.
        teams.stop()
        ref = ThreadRef("teams", TENANT, f"19:{thread}@thread.tacv2", "1700000000000")
        turn = Turn(ref, "Alice Chen", "pool list", reply_to={"ref": ref.key(), "reply_to_id": "1700000000520"})
        Celery(broker=celery_workers).send_task("worker.tasks.run_turn", args=[turn.to_json()], queue="agent")
        client = redis.Redis.from_url(celery_workers)
        wait_until(lambda: queue_length(client, "replies.teams"), 60, "the finished turn's reply in replies.teams")
        assert not [c for c in connector.calls("reply") if c["activity_id"] == "1700000000520"]  # it waits there
        teams.start(celery_workers)
        [late] = connector.wait_for("reply", 1, timeout=60, where=lambda c: c["activity_id"] == "1700000000520")
        assert late["conversation_id"] == conversation and "hits" in late["body"]["text"]
