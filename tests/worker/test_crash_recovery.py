"""A killed node's work resumes, and a request that keeps killing its worker is stopped.

Real processes: a Redis server, RabbitMQ (127.0.0.1:5672, a private virtual host; skipped when it is not
running), and `drugpilot worker --queues agent` / `--queues gpu` nodes. A node is killed with SIGKILL of
its whole process group (as when a host or container dies) and a fresh node is started in its place.

- gpu node killed in the middle of a model call: the call runs again on the new node and its result comes
  back whole (RabbitMQ: as soon as the new node is up; Redis: after the visibility timeout).
- agent node killed while a turn waits on its model call: the turn runs again on the new node (once its
  lease expires) and answers.
- a model call that kills its gpu node every time it starts (the test plays the out-of-memory killer,
  SIGKILLing the node whenever that call starts): after two kills the third delivery runs nothing, the
  call is recorded in `drugpilot:dead`, and the turn's reply says why.
- the same for a turn that kills its agent node every time.

The seconds from the kill to the answer are printed (`pytest -s`); the README reports them.
"""

from __future__ import annotations

import json
import os
import signal
import time
import uuid
from collections.abc import Iterator
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any

import pytest
import redis
from cluster import (Events, Node, private_db, probe_app, rabbitmq_reachable, rabbitmq_vhost, stop_cluster,
                     wait_for_nodes, wait_until)
from conftest import distributed_env

from agent.pool.store import RedisPoolStore
from agent.turn import ThreadRef, Turn
from worker import crashes

# Eight real-node SIGKILL restarts (minutes) that also read Celery's best-effort task events, which a clean-clone
# run on a loaded machine was seen to miss: kept out of the default run, run by `make test-slow`.
pytestmark = [pytest.mark.integration, pytest.mark.slow,
              pytest.mark.skipif(os.environ.get("DRUGPILOT_SLOW_TESTS") != "1",
                                 reason="real-node crash recovery; run with DRUGPILOT_SLOW_TESTS=1 (make test-slow)")]

TOOL_TIMEOUT_S = 30  # hard limit 37.5 s; Redis visibility timeout 45 s, swept every 7 s (a loaded 2-core CI box)
MOLECULES = 400
SMILES = [f"C{'C' * (i % 9)}O{'c1ccccc1' if i % 2 else 'N'}" for i in range(MOLECULES)]
BROKERS = ("rabbitmq", "redis")


@pytest.fixture(params=BROKERS)
def cluster(request: pytest.FixtureRequest, redis_url: str, tmp_path: Path) -> Iterator[dict[str, Any]]:
    url = private_db(redis_url)
    client = redis.Redis.from_url(url)
    client.flushdb()
    env = distributed_env(url, tmp_path)
    env.update({"DRUGPILOT_TOOL_TIMEOUT_S": str(TOOL_TIMEOUT_S), "DRUGPILOT_TURN_TIMEOUT_S": str(TOOL_TIMEOUT_S)})
    with _broker(request.param) as broker_url:
        if broker_url:
            env["DRUGPILOT_BROKER_URL"] = broker_url
        state: dict[str, Any] = {"broker": request.param, "env": env, "redis": client, "tmp": tmp_path,
                                 "nodes": {q: Node(q, env, tmp_path / f"{q}.log") for q in ("agent", "gpu")},
                                 "probe": probe_app(env)}
        try:
            wait_for_nodes(state["probe"], state["nodes"])
            state["events"] = Events(state["probe"])
            yield state
        finally:
            stop_cluster(state)


def _broker(kind: str) -> AbstractContextManager[str | None]:
    """The broker URL to set (None: the Redis is the broker too)."""
    if kind == "redis":
        return nullcontext(None)
    if not rabbitmq_reachable():
        pytest.skip("RabbitMQ is not running on 127.0.0.1:5672")
    return rabbitmq_vhost()


def restart(cluster: dict[str, Any], queue: str) -> float:
    """SIGKILL the node's whole process group, start a new one; returns when it was killed."""
    cluster["nodes"][queue].kill(signal.SIGKILL)
    killed = time.monotonic()
    name = f"{queue}-{uuid.uuid4().hex[:4]}"
    cluster["nodes"][queue] = Node(queue, cluster["env"], cluster["tmp"] / f"{name}.log")
    return killed


def turn_about_pooled_molecules(cluster: dict[str, Any]) -> Turn:
    thread = ThreadRef("console", "local", "terminal", uuid.uuid4().hex[:8])
    RedisPoolStore(cluster["redis"]).put(thread.key(), "hits", SMILES, "smiles_list", "alice", "file")
    return Turn(thread=thread, user="alice", text="how soluble are the molecules in (hits)?")


def tool_starts(events: Events) -> list[dict[str, Any]]:
    return events.started("worker.tasks.run_tool")


def kill_each_start(cluster: dict[str, Any], task_id: str, queue: str, kills: int) -> None:
    """Play an input that kills its worker: SIGKILL the node each time the task has counted a new start."""
    starts = f"drugpilot:starts:{task_id}"
    for kill in range(1, kills + 1):
        wait_until(lambda kill=kill: int(cluster["redis"].get(starts) or 0) >= kill, timeout=120, what=f"start {kill}")
        restart(cluster, queue)


def test_killed_gpu_node_call_resumes(cluster: dict[str, Any]) -> None:
    call = cluster["probe"].send_task("worker.tasks.run_tool", args=[
        "drug_property_prediction", {"drug_smiles": SMILES, "property": "logSolubility"}, "test:crash"])
    # the gpu node's own log and the result backend say when the call is running (task events travel best-effort
    # and were seen to miss a start under load)
    first = cluster["nodes"]["gpu"].log
    wait_until(lambda: f"Task worker.tasks.run_tool[{call.id}] received" in first.read_text(), 60,
               "the gpu node to receive the call")
    wait_until(lambda: call.state == "STARTED", timeout=30, what="the call's STARTED state")
    killed = restart(cluster, "gpu")
    payload = call.get(timeout=120)
    answered = time.monotonic() - killed
    assert payload["status"] == "ok" and [row["smiles"] for row in payload["rows"]] == SMILES
    restarted = cluster["nodes"]["gpu"].log
    assert restarted != first
    wait_until(lambda: f"Task worker.tasks.run_tool[{call.id}] succeeded" in restarted.read_text(), 30,
               "the restarted gpu node to log the call it answered")
    assert f"Task worker.tasks.run_tool[{call.id}] succeeded" not in first.read_text()
    print(f"\n[{cluster['broker']}] gpu node SIGKILLed mid-call: answered {answered:.1f} s after the kill")


def test_killed_agent_node_turn_resumes(cluster: dict[str, Any]) -> None:
    events: Events = cluster["events"]
    turn = turn_about_pooled_molecules(cluster)
    result = cluster["probe"].send_task("worker.tasks.run_turn", args=[turn.to_json()])
    events.wait(lambda: tool_starts(events), timeout=60)  # the turn now waits on its model call
    killed = restart(cluster, "agent")
    reply = result.get(timeout=180)
    answered = time.monotonic() - killed
    assert "Sorry" not in reply["text"], reply["text"]
    assert reply["tables"][0]["total_rows"] == MOLECULES
    # the node started after the kill took the turn again and answered it (its own log says so; task events
    # travel best-effort and were seen to miss the restarted node's start under load)
    restarted = cluster["nodes"]["agent"].log
    wait_until(lambda: f"Task worker.tasks.run_turn[{result.id}] succeeded" in restarted.read_text(), 30,
               "the restarted agent node to log the turn it answered")
    print(f"\n[{cluster['broker']}] agent node SIGKILLed mid-turn: answered {answered:.1f} s after the kill")


def test_call_that_kills_its_gpu_node_twice_is_dead_lettered(cluster: dict[str, Any]) -> None:
    events: Events = cluster["events"]
    turn = turn_about_pooled_molecules(cluster)
    result = cluster["probe"].send_task("worker.tasks.run_turn", args=[turn.to_json()])
    [call] = events.wait(lambda: tool_starts(events), timeout=60)
    kill_each_start(cluster, call["uuid"], "gpu", crashes.CRASH_LIMIT)
    reply = result.get(timeout=240)
    assert crashes.MESSAGE in reply["text"], reply["text"]
    assert reply["tool_calls"][0]["status"] == "error"
    assert {e["uuid"] for e in tool_starts(events)} == {call["uuid"]}  # one call, never re-sent by the turn
    assert cluster["probe"].AsyncResult(call["uuid"]).get(timeout=10) == {"failed": crashes.MESSAGE}
    assert cluster["redis"].get(f"drugpilot:starts:{call['uuid']}") is None
    [dead] = [json.loads(d) for d in cluster["redis"].lrange(crashes.DEAD_KEY, 0, -1)]
    assert dead["task"] == "worker.tasks.run_tool" and dead["thread"] == turn.thread.key()


def test_turn_that_kills_its_agent_node_twice_is_dead_lettered(cluster: dict[str, Any]) -> None:
    turn = turn_about_pooled_molecules(cluster)
    result = cluster["probe"].send_task("worker.tasks.run_turn", args=[turn.to_json()])
    kill_each_start(cluster, result.id, "agent", crashes.CRASH_LIMIT)
    reply = result.get(timeout=240)
    assert reply["text"] == f"Sorry, {crashes.MESSAGE}."
    [dead] = [json.loads(d) for d in cluster["redis"].lrange(crashes.DEAD_KEY, 0, -1)]
    assert dead["task"] == "worker.tasks.run_turn" and dead["turn_id"] == turn.turn_id
    assert cluster["redis"].get(f"drugpilot:starts:{result.id}") is None
