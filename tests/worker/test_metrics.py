"""Metrics and structured logs: what the Celery hooks count, the JSON log line, queue lengths, and
/metrics in multiprocess mode (as a prefork worker serves it)."""

from __future__ import annotations

import io
import json
import logging
import subprocess
import sys
from typing import Any

from celery import Celery
from conftest import REPO, free_port
from prometheus_client import REGISTRY

from worker import logs, metrics, queues


def value(name: str, **labels: str) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


def turn_json(platform: str = "slack") -> dict[str, Any]:
    return {"thread": {"platform": platform, "workspace": "T1", "channel": "C1", "thread": "17.1"}, "user": "u",
            "text": "logS of CCO", "files": [], "turn_id": "turn-1", "reply_to": None}


def test_record_counts_turns_their_tool_calls_and_model_runs() -> None:
    before = (value("drugpilot_turns_total", platform="slack", outcome="ok"),
              value("drugpilot_tool_calls_total", tool="drug_property_prediction", status="rejected"),
              value("drugpilot_tool_calls_total", tool="unknown", status="rejected"),
              value("drugpilot_tool_runs_total", tool="drug_property_prediction", status="ok"),
              value("drugpilot_turns_total", platform="teams", outcome="error"))
    reply = {"tool_calls": [{"name": "drug_property_prediction", "status": "rejected"},
                            {"name": "made_up_tool_name_from_an_llm", "status": "rejected"}]}
    metrics.record(metrics.RUN_TURN, "SUCCESS", 1.5, [turn_json()], {}, reply)
    metrics.record(metrics.RUN_TOOL, "SUCCESS", 0.2, ["drug_property_prediction", {}, "k"], {}, {"status": "ok"})
    metrics.record(metrics.RUN_TURN, "FAILURE", 0.1, [turn_json("teams")], {}, RuntimeError("x"))
    after = (value("drugpilot_turns_total", platform="slack", outcome="ok"),
             value("drugpilot_tool_calls_total", tool="drug_property_prediction", status="rejected"),
             value("drugpilot_tool_calls_total", tool="unknown", status="rejected"),
             value("drugpilot_tool_runs_total", tool="drug_property_prediction", status="ok"),
             value("drugpilot_turns_total", platform="teams", outcome="error"))
    assert [a - b for a, b in zip(after, before, strict=True)] == [1, 1, 1, 1, 1]
    assert value("drugpilot_turn_duration_seconds_count", platform="slack") >= 1


def test_celery_signals_time_tasks_count_errors_and_bind_the_log_context() -> None:
    app = Celery("metrics-test", broker="memory://", backend="cache+memory://")

    @app.task(name=metrics.RUN_TOOL)
    def run_tool(name: str, arguments: dict[str, Any], thread_key: str) -> dict[str, Any]:
        return {"status": "ok", "context": logs.current()}

    @app.task(name="tests.boom")
    def boom() -> None:
        raise ValueError("no")

    runs = value("drugpilot_tool_runs_total", tool="drug_property_prediction", status="ok")
    errors = value("drugpilot_task_errors_total", task="tests.boom", exception="ValueError")
    result = run_tool.apply(args=["solubility_alias_is_not_a_tool", {}, "slack:T1:C1:17.1"]).get()
    run_tool.apply(args=["drug_property_prediction", {}, "slack:T1:C1:17.1"]).get()
    boom.apply()
    assert result["context"]["thread"] == "slack:T1:C1:17.1" and result["context"]["task"] == metrics.RUN_TOOL
    assert value("drugpilot_tool_runs_total", tool="drug_property_prediction", status="ok") == runs + 1
    assert value("drugpilot_task_errors_total", task="tests.boom", exception="ValueError") == errors + 1
    assert value("drugpilot_tasks_total", task="tests.boom", state="failure") >= 1
    assert logs.current() == {}  # unbound after the task


def test_log_context_of_each_task_kind() -> None:
    assert metrics.log_context(metrics.RUN_TURN, [turn_json()], {}) == {"thread": "slack:T1:C1:17.1",
                                                                          "turn_id": "turn-1"}
    assert metrics.log_context("bot.deliver", ["slack", {}, {"turn_id": "t9"}], {}) == {"turn_id": "t9"}
    assert metrics.log_context("bot.progress", ["slack", {}, "t9", "…"], {}) == {"turn_id": "t9"}
    assert metrics.log_context(metrics.RUN_TURN, ["not a turn"], {}) == {}


def test_json_log_lines_carry_thread_and_turn_ids() -> None:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logs.JsonFormatter())
    logger = logging.getLogger("tests.json")
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    try:
        with logs.bound(thread="slack:T1:C1:17.1", turn_id="turn-1"):
            logger.info("ran %s on %d molecules", "logSolubility", 3,
                        extra={"rows": 3, "data": {"args": ["CCO"] * 10}, "note": "x" * 5000})
            try:
                raise KeyError("x")
            except KeyError:
                logger.exception("failed")
        logger.warning("outside")
    finally:
        logger.removeHandler(handler)
    first, second, third = (json.loads(line) for line in stream.getvalue().splitlines() if line.startswith("{"))
    assert first["message"] == "ran logSolubility on 3 molecules" and first["rows"] == 3
    assert "data" not in first and len(first["note"]) == 2001  # Celery's argument repr dropped; extras capped
    assert (first["thread"], first["turn_id"], first["level"], first["logger"]) == ("slack:T1:C1:17.1", "turn-1",
                                                                                    "INFO", "tests.json")
    assert "KeyError" in second["exc"] and second["turn_id"] == "turn-1"
    assert "thread" not in third and third["level"] == "WARNING"


def test_queue_length_counts_every_priority_level_and_unacked(redis_client) -> None:
    client = redis_client  # queue names no live test worker consumes from
    client.rpush("q-metrics", "a", "b")
    client.rpush("q-metrics\x06\x163", "c")
    client.hset("unacked", "tag", "m")
    assert queues.queue_length(client, "q-metrics") == 3 and queues.queue_length(client, "q-empty") == 0
    assert queues.unacked_count(client) == 1


def test_collector_reports_an_unreachable_broker() -> None:
    families = list(metrics.QueueLengthCollector("redis://127.0.0.1:1/0").collect())
    assert [(f.name, f.samples[0].value) for f in families] == [("drugpilot_broker_up", 0)]


def test_metrics_endpoint_in_multiprocess_mode() -> None:
    """What a worker does with DRUGPILOT_METRICS_PORT set: a private multiprocess folder, samples from a
    forked child (as in a prefork pool) added to the parent's /metrics."""
    port = free_port()
    code = f"""
import os, urllib.request
from worker import metrics
assert os.environ["PROMETHEUS_MULTIPROC_DIR"]
pid = os.fork()
if pid == 0:
    metrics.record(metrics.RUN_TOOL, "SUCCESS", 0.3, ["drug_property_prediction", {{}}, "k"], {{}}, {{"status": "ok"}})
    os._exit(0)
os.waitpid(pid, 0)
assert metrics.serve() == {port}
print(urllib.request.urlopen("http://127.0.0.1:{port}/metrics", timeout=5).read().decode())
"""
    env = {"DRUGPILOT_METRICS_PORT": str(port), "PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO)}
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert 'drugpilot_tool_runs_total{status="ok",tool="drug_property_prediction"} 1.0' in out.stdout
