"""Optional: a real small LLM through ../shared/tools/local-ollama (DRUGPILOT_SLOW_TESTS=1 to run).

Checks the shape of a turn, not the model's judgement: the expected tool is chosen, the user's own
SMILES reach the model, and an answer comes back.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from agent.artifacts import InMemoryArtifactStore
from agent.backends.ollama import OllamaBackend
from agent.backends.planner import OfflinePlanner
from agent.pool.store import InMemoryPoolStore
from agent.service import AgentDeps, handle_turn
from agent.turn import ThreadRef, Turn
from worker.dispatch import InProcessDispatcher

LAUNCHER = Path(__file__).resolve().parents[3] / "shared" / "tools" / "local-ollama"
MODEL = os.environ.get("DRUGPILOT_SLOW_MODEL", "qwen0.5b")
SERVED = {"qwen0.5b": "qwen2.5-coder:0.5b", "qwen1.5b": "qwen2.5-coder:1.5b"}[MODEL]

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(os.environ.get("DRUGPILOT_SLOW_TESTS") != "1", reason="set DRUGPILOT_SLOW_TESTS=1"),
    pytest.mark.skipif(not LAUNCHER.exists(), reason="local-ollama launcher not found"),
]


@pytest.fixture(scope="module")
def ollama_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    pidfile = tmp_path_factory.mktemp("lo") / "lo.pid"
    subprocess.run([str(LAUNCHER), "install", "--model", MODEL], check=True, capture_output=True)
    url = subprocess.run([str(LAUNCHER), "serve", "--daemon", "--port", "0", "--model", MODEL,
                          "--pidfile", str(pidfile), "--max-tokens", "400"],
                         check=True, capture_output=True, text=True).stdout.strip().splitlines()[-1]
    yield url
    subprocess.run([str(LAUNCHER), "stop", "--pidfile", str(pidfile)], check=False)


def test_a_real_small_model_runs_a_property_turn(ollama_url: str) -> None:
    artifacts = InMemoryArtifactStore()
    deps = AgentDeps(pool_store=InMemoryPoolStore(), artifacts=artifacts,
                     dispatcher=InProcessDispatcher(artifacts),
                     backend=OllamaBackend(ollama_url, SERVED, num_ctx=8192, timeout_s=300),
                     fallback=OfflinePlanner())
    turn = Turn(ThreadRef("console", "local", "t", "slow"), "alice",
                "Predict the aqueous solubility of c1ccc(cc1)O and CCO")
    reply = handle_turn(turn, deps)
    ok = [c for c in reply.tool_calls if c.status == "ok"]
    assert reply.backend == "ollama", reply.notices
    assert ok and ok[0].name == "drug_property_prediction"
    assert ok[0].resolved["drug_smiles"] == ["c1ccc(cc1)O", "CCO"]  # the user's strings, not the model's
    assert ok[0].resolved["property"] == "logSolubility"
