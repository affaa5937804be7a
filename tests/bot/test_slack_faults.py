"""Faults with real processes under `drugpilot slack` (HTTP + its replies.slack delivery worker), the
agent/gpu Celery workers and a redis-server configured as documented (infra/redis/redis.conf: AOF).

- Redis crashes (SIGKILL) with a turn waiting in the queue: while it is down a mention is answered
  "temporarily unavailable" (HTTP 200, no crash); after it restarts, the pool, the thread membership
  and the queued turn are all there and answered, with no process restarted but Redis.
- The Slack process is killed (SIGKILL, with its delivery worker) while turns are in flight: after it
  restarts, every thread gets its answer exactly once.
- The gpu worker node is killed (SIGKILL) in the middle of a turn's model call: the call comes back after
  the visibility timeout and runs on a new node; the turn (which Redis also hands out again, since it
  outlives that timeout) answers once, and the pool holds each entry once, whole.

Every process logs at INFO, and no log line holds the bot token, the signing secret or Redis's password.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis

from agent.pool.store import RedisPoolStore
from agent.pool.thread_pool import ThreadPool
from agent.turn import ThreadRef
from bot_process import BotProcess
from conftest import distributed_env, free_port, start_workers, stop_workers
from emulators.slack_api import BOT_TOKEN, SlackAPI
from slack_harness import CHANNEL, SECRET, SlackDriver, blocks_text
from tests_support import RestartableRedis
from waiting import child_env, wait_until_drained

pytestmark = [pytest.mark.integration,
              pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs the redis-server binary")]
TOOL_TIMEOUT_S = 16  # visibility timeout 24 s: a message fetched by a killed process comes back within ~30 s
REDIS_PASSWORD = "redis-pw-3f9a1c7e5b"
DRAIN_TIMEOUT_S = 180  # visibility timeout, intake heartbeat expiry and a loaded machine


@pytest.fixture
def stack(tmp_path: Path) -> Iterator[dict[str, Any]]:
    redis = RestartableRedis(tmp_path, free_port(), password=REDIS_PASSWORD).start()
    api = SlackAPI().start()
    port = free_port()
    env = distributed_env(redis.url, tmp_path)
    env.update({"SLACK_BOT_TOKEN": BOT_TOKEN, "SLACK_SIGNING_SECRET": SECRET, "DRUGPILOT_SLACK_API_URL": api.api_url,
                "DRUGPILOT_SLACK_HOST": "127.0.0.1", "DRUGPILOT_SLACK_PORT": str(port),
                "DRUGPILOT_TOOL_TIMEOUT_S": str(TOOL_TIMEOUT_S), "DRUGPILOT_TURN_TIMEOUT_S": str(TOOL_TIMEOUT_S)})
    env.pop("SLACK_APP_TOKEN", None)
    state: dict[str, Any] = {"redis": redis, "api": api, "env": env, "tmp": tmp_path,
                             "driver": SlackDriver(api, f"http://127.0.0.1:{port}/slack/events"),
                             "bot": BotProcess("slack", env, port, tmp_path / "slack.log", loglevel="info")}
    try:
        state["workers"] = start_workers(env, tmp_path / "workers.log", loglevel="info")
        state["bot"].start(redis.url)
        yield state
    except Exception:
        print(state["bot"].tail())
        print((tmp_path / "workers.log").read_text()[-3000:] if (tmp_path / "workers.log").exists() else "")
        raise
    finally:
        state["bot"].stop()
        for name in ("workers", "extra"):
            if state.get(name) is not None:
                stop_workers(state[name])
        api.stop()
        redis.stop()


def test_a_redis_crash_loses_no_pool_and_no_queued_turn_and_everything_recovers(stack: dict[str, Any]) -> None:
    driver: SlackDriver = stack["driver"]
    api: SlackAPI = stack["api"]
    redis: RestartableRedis = stack["redis"]

    first, _ = driver.mention("how soluble are these? CCO, c1ccccc1O")
    assert "c1ccccc1O" in blocks_text(driver.wait_answer(first, timeout=120))

    # No worker runs: the next turn waits in Redis (the agent queue) when Redis crashes.
    stop_workers(stack["workers"])
    stack["workers"] = None
    queued, _ = driver.mention("pool set queued CCN")
    api.wait_for("chat.postMessage", thread_ts=queued, text="Working on it…", timeout=10)
    time.sleep(1.5)  # appendfsync everysec
    redis.crash()

    down, sent = driver.mention("how soluble is CCO?")
    assert sent.status == 200
    [notice] = api.wait_for("chat.postMessage", thread_ts=down, contains="temporarily unavailable", timeout=20)
    assert "send it again" in notice["text"] and not driver.answers(down)

    redis.start()  # same port, same folder: the append-only file is replayed
    stack["workers"] = start_workers(stack["env"], stack["tmp"] / "workers-restarted.log", loglevel="info")
    assert "Set queued" in blocks_text(driver.wait_answer(queued, timeout=120))  # the queued turn survived
    driver.say("pool list", first)  # no mention: thread membership and pool survived in Redis
    listing = blocks_text(driver.wait_answer(first, n=2, timeout=60))
    assert "user_smiles" in listing and "2" in listing
    again, sent = driver.mention("how soluble is CCO?", thread_ts=down)
    assert sent.status == 200
    assert "CCO" in blocks_text(driver.wait_answer(down, timeout=60))  # the bot recovered by itself
    assert_no_secrets_in_logs(stack["tmp"])


def test_replies_reach_every_thread_once_when_the_slack_process_is_killed_mid_turn(stack: dict[str, Any]) -> None:
    driver: SlackDriver = stack["driver"]
    api: SlackAPI = stack["api"]
    bot: BotProcess = stack["bot"]
    molecules = ["CCO", "c1ccccc1O", "CC(=O)Nc1ccc(O)cc1", "CN1CCC[C@H]1c1cccnc1", "O=C(O)c1ccccc1OC(C)=O"]

    threads = [driver.mention(f"how soluble is {smiles}?")[0] for smiles in molecules]
    for ts in threads:
        api.wait_for("chat.postMessage", thread_ts=ts, text="Working on it…", timeout=10)
    time.sleep(0.3)  # the listener enqueues right after posting the status line
    bot.stop(signal.SIGKILL)
    answered_before = sum(1 for ts in threads if driver.answers(ts))
    time.sleep(3)  # the workers finish the turns; their replies wait in replies.slack
    bot.start(stack["redis"].url)

    for ts, smiles in zip(threads, molecules, strict=True):
        assert smiles in blocks_text(driver.wait_answer(ts, timeout=90))
    # Nothing is left that could post again: no reply the killed delivery worker had fetched (returned after
    # the visibility timeout), no event the killed process had acknowledged (replayed once its heartbeat expired).
    wait_until_drained(stack["redis"].url, timeout=DRAIN_TIMEOUT_S)
    assert [len(driver.answers(ts)) for ts in threads] == [1] * len(threads)  # none lost, none doubled
    print(f"\n{answered_before} of {len(threads)} answered before the kill, the rest after the restart")
    assert_no_secrets_in_logs(stack["tmp"])


def assert_no_secrets_in_logs(folder: Path) -> None:
    logs = {path.name: path.read_text(errors="replace") for path in folder.glob("*.log") if path.name != "redis.log"}
    assert logs["slack.log"] and any(name.startswith("workers") for name in logs)  # INFO lines were written
    for secret in (BOT_TOKEN, SECRET, REDIS_PASSWORD):
        leaks = [name for name, text in logs.items() if secret in text]
        assert not leaks, f"{secret[:4]}… appears in {leaks}"


def test_a_gpu_node_killed_mid_call_still_gives_one_answer_and_a_whole_pool(stack: dict[str, Any]) -> None:
    driver: SlackDriver = stack["driver"]
    api: SlackAPI = stack["api"]
    thread, _ = driver.mention("pool list")
    driver.wait_answer(thread)
    screen = [f"{'C' * (1 + i % 9)}O{'c1ccccc1' if i % 2 else 'N'}{'C' * (i % 5)}" for i in range(1500)]
    pool = ThreadPool(RedisPoolStore(redis.Redis.from_url(stack["redis"].url)),
                      ThreadRef("slack", "T0LAB", CHANNEL, thread).key())
    pool.put("screen", screen, "smiles_list", "U0ALICE", "file")  # as an upload would have stored it

    driver.mention("how soluble are the molecules in (screen)?", thread_ts=thread)
    api.wait_for("chat.update", contains="Running the property prediction on 1500 molecule(s)", timeout=60)
    time.sleep(1.0)  # setup: the gpu node is inside the model call when it is killed (not an assertion)
    killed = kill_gpu_node(stack["workers"].pid)
    assert killed, "no gpu node process found"
    stack["extra"] = start_gpu_node(stack["env"], stack["tmp"] / "gpu-restarted.log")

    answer = blocks_text(driver.wait_answer(thread, n=2, timeout=150))
    assert "predicted for 1500 molecule(s)" in answer, answer
    # the turn's copy that Redis handed out again and the model call's are both finished and acknowledged
    wait_until_drained(stack["redis"].url, timeout=DRAIN_TIMEOUT_S)
    assert len(driver.answers(thread)) == 2  # "pool list" and exactly one answer to the request
    result = pool.get("drug_property_prediction_result")
    assert result.meta.version == 1 and len(result.value) == 1500
    assert pool.get("screen").meta.version == 1 and pool.get("screen").value == screen


def kill_gpu_node(group: int) -> list[int]:
    """SIGKILL the gpu worker node of process group ``group`` (its main process and its prefork child); other
    tests' workers on this machine are left alone."""
    pids = []
    for proc in Path("/proc").iterdir():
        try:
            cmdline = (proc / "cmdline").read_bytes().split(b"\0") if proc.name.isdigit() else []
            if cmdline and os.getpgid(int(proc.name)) != group:
                continue
        except OSError:
            continue
        if b"worker.celery_app" in cmdline and b"-Q" in cmdline and cmdline[cmdline.index(b"-Q") + 1] == b"gpu":
            os.kill(int(proc.name), signal.SIGKILL)
            pids.append(int(proc.name))
    return pids


def start_gpu_node(env: dict[str, str], log: Path) -> subprocess.Popen:
    with log.open("ab") as sink:  # in the test's folder: no .env of the developer's is read
        return subprocess.Popen([sys.executable, "-m", "bot.cli", "worker", "--queues", "gpu", "--loglevel", "info"],
                                cwd=log.parent, env=child_env(env), stdout=sink, stderr=subprocess.STDOUT,
                                start_new_session=True)
