"""Two worker nodes on two queues, started as infra/docker-compose.yml starts them
(``drugpilot worker --queues agent`` and ``--queues gpu``: ``celery -A worker.celery_app``, the real
worker/celeryconfig.py). Shows: a gpu-queue task lands on the gpu node; a gpu node killed with SIGKILL in
the middle of a model call loses nothing: Redis hands the unacknowledged task to the restarted node after
the visibility timeout, and it runs exactly once more; ``drugpilot doctor`` says OK with workers up and
FAIL (exit 1) when Redis is unreachable; the gpu node serves Prometheus metrics of its prefork child.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from celery import Celery
from cluster import Events, Node, private_db, stop_cluster
from conftest import REPO, distributed_env, free_port
from tests_support import closed_port_url

from worker import celeryconfig

pytestmark = pytest.mark.integration

# Soft limit 30 s, hard 37.5 s, visibility timeout 45 s, restore sweep every 7 s (celeryconfig.time_limits):
# long enough for a cold node to load torch and the model and score the molecules below on a loaded machine.
TOOL_TIMEOUT_S = 30
MOLECULES = 1500  # distinct molecules: ~1 ms each idle, ~8 ms on a loaded machine (tool limit 30 s)


@pytest.fixture
def cluster(redis_url: str, tmp_path: Path) -> Iterator[dict[str, Any]]:
    url = private_db(redis_url)
    redis.Redis.from_url(url).flushdb()
    env = distributed_env(url, tmp_path)
    env.update({"DRUGPILOT_TOOL_TIMEOUT_S": str(TOOL_TIMEOUT_S), "DRUGPILOT_TURN_TIMEOUT_S": str(TOOL_TIMEOUT_S)})
    metrics_port = free_port()
    nodes = {"agent": Node("agent", env, tmp_path / "agent.log"),
             "gpu": Node("gpu", {**env, "DRUGPILOT_METRICS_PORT": str(metrics_port)}, tmp_path / "gpu.log")}
    probe = Celery("probe", broker=url, backend=url)
    probe.conf.update(task_serializer="json", result_serializer="json", accept_content=["json"],
                      task_routes=celeryconfig.task_routes)  # the real routes: no queue named at call sites
    state = {"url": url, "env": env, "nodes": nodes, "probe": probe, "metrics_port": metrics_port, "tmp": tmp_path}
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            names = {r for reply in probe.control.ping(timeout=0.5) or [] for r in reply}
            if {n.split("@")[0] for n in names} >= {"agent", "gpu"}:
                break
            for node in nodes.values():
                assert node.proc.poll() is None, node.log.read_text()[-3000:]
        else:
            raise AssertionError("workers did not answer ping")
        state["events"] = Events(probe)
        yield state
    finally:
        stop_cluster(state)


def doctor(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot.cli", "doctor", "--timeout", "1"], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=60)


def test_routing_redelivery_after_sigkill_and_doctor(cluster: dict[str, Any]) -> None:
    probe: Celery = cluster["probe"]
    events: Events = cluster["events"]
    env = cluster["env"]
    broken = subprocess.Popen([sys.executable, "-m", "bot.cli", "doctor", "--timeout", "1"], cwd=REPO,
                              env={**env, "DRUGPILOT_REDIS_URL": closed_port_url().replace("http", "redis") + "/0"},
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)

    # 1. Routing by configuration: gpu_info goes to the gpu queue and the gpu node answers.
    info = probe.send_task("worker.tasks.gpu_info").get(timeout=60)
    assert info["worker"].startswith("gpu@") and info["cuda_available"] in (True, False)
    consumers = {w: sorted(q["name"] for q in qs) for w, qs in probe.control.inspect(timeout=1).active_queues().items()}
    assert sorted(consumers.values()) == [["agent"], ["gpu"]]

    # 2. doctor, healthy: every required queue has a consumer and the gpu node answered.
    healthy = doctor(env)
    assert healthy.returncode == 0, healthy.stdout + healthy.stderr
    lines = healthy.stdout.splitlines()
    assert any(line.split()[:3] == ["OK", "queue", "agent"] for line in lines), healthy.stdout
    assert any(line.split()[:3] == ["OK", "queue", "gpu"] for line in lines), healthy.stdout
    assert any(line.split()[:2] in (["OK", "gpu"], ["WARN", "gpu"]) and "gpu@" in line for line in lines)
    assert "FAIL" not in healthy.stdout.split("\n\n")[0]

    # The gpu node's main process serves what its prefork child counted, plus queue lengths.
    metrics = urllib.request.urlopen(f"http://127.0.0.1:{cluster['metrics_port']}/metrics", timeout=5).read().decode()
    assert 'drugpilot_tasks_total{state="success",task="worker.tasks.gpu_info"}' in metrics
    assert 'drugpilot_queue_length{queue="gpu"} 0.0' in metrics

    # 3. A model call whose gpu node dies mid-run (SIGKILL of the whole node, as when a host fails).
    smiles = [f"{'C' * (1 + i % 12)}O{'C' * (1 + i // 12 % 12)}{'N' * (1 + i // 144 % 3)}" for i in range(MOLECULES)]
    call = probe.send_task("worker.tasks.run_tool", args=["drug_property_prediction",
                                                          {"drug_smiles": smiles, "property": "logSolubility"},
                                                          "test:two-queues"])
    [first] = events.wait(lambda: events.of(call.id, "task-started"), timeout=30)
    assert first["hostname"].startswith("gpu@")
    time.sleep(0.3)
    assert call.state == "STARTED", "the model call finished before the kill: make it longer"
    cluster["nodes"]["gpu"].kill(signal.SIGKILL)
    killed = time.monotonic()
    restarted_env = {k: v for k, v in env.items() if k != "DRUGPILOT_METRICS_PORT"}
    cluster["nodes"]["gpu"] = Node("gpu", restarted_env, cluster["tmp"] / "gpu-restarted.log")

    payload = call.get(timeout=90)
    redelivered_after = time.monotonic() - killed
    assert payload["status"] == "ok"
    assert [row["smiles"] for row in payload["rows"]] == smiles  # every row, in input order
    events.wait(lambda: events.of(call.id, "task-succeeded"), timeout=5)
    starts = events.of(call.id, "task-started")
    assert len(starts) == 2, starts  # the killed run and exactly one redelivery
    assert starts[1]["pid"] != starts[0]["pid"] and starts[1]["hostname"].startswith("gpu@")
    assert len(events.of(call.id, "task-succeeded")) == 1 and events.of(call.id, "task-failed") == []
    _, _, visibility = celeryconfig.time_limits(TOOL_TIMEOUT_S)
    assert redelivered_after < visibility + 45
    print(f"\nredelivery: killed -> result in {redelivered_after:.1f} s (visibility timeout {visibility} s, "
          f"{MOLECULES} molecules; second run {starts[1]['timestamp'] - starts[0]['timestamp']:.1f} s after the first "
          f"started)")

    # 4. doctor, broken: Redis on a closed port is a FAIL and a non-zero exit.
    out, _ = broken.communicate(timeout=60)
    assert broken.returncode == 1, out
    assert any(line.split()[:2] == ["FAIL", "redis"] for line in out.splitlines()), out
