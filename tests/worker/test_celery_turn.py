"""A whole turn through the distributed system: CLI → Celery agent queue → gpu queue → Redis pool."""

from __future__ import annotations

import json
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
import redis

from agent.pool.store import RedisPoolStore
from agent.turn import ThreadRef
from conftest import REPO, distributed_env

pytestmark = pytest.mark.integration


def ask(text: str, thread: str, user: str, env: dict[str, str]) -> dict:
    out = subprocess.run([sys.executable, "-m", "bot.cli", "ask", text, "--json", "--thread", thread,
                          "--user", user], cwd=REPO, env=env, capture_output=True, text=True, timeout=180)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout)


def test_turns_run_on_workers_and_share_the_thread_pool_in_redis(celery_workers: str, tmp_path: Path) -> None:
    env = distributed_env(celery_workers, tmp_path)
    thread = uuid.uuid4().hex[:8]
    first = ask("What is the aqueous solubility of CCO and c1ccccc1O?", thread, "alice", env)
    [call] = first["tool_calls"]
    assert call["status"] == "ok" and call["resolved"]["property"] == "logSolubility"
    assert [r["smiles"] for r in first["tables"][0]["rows"]] == ["CCO", "c1ccccc1O"]
    paths = [Path(p) for p in first["artifact_paths"]]
    assert {p.suffix for p in paths} == {".csv", ".png"} and all(p.stat().st_size > 0 for p in paths)

    store = RedisPoolStore(redis.Redis.from_url(celery_workers))
    key = ThreadRef("console", "local", "terminal", thread).key()
    assert store.get(key, "user_smiles").value == ["CCO", "c1ccccc1O"]
    assert store.get(key, "user_smiles").meta.set_by == "alice"

    second = ask("and are these BBB permeable?", thread, "bob", env)
    assert second["tool_calls"][0]["arguments"] == {"drug_smiles": "(user_smiles)", "property": "p_np"}
    assert second["tool_calls"][0]["status"] == "ok"
    assert store.get(key, "drug_property_prediction_result").meta.version == 2

    other = ThreadRef("console", "local", "terminal", thread + "-other").key()
    assert store.list(other) == []
