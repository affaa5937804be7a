"""The Ollama backend through the real ``ollama`` client against an HTTP-level fake of Ollama's API."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from agent.backends.base import BackendUnavailable, FinalAnswer, PlanContext, ToolCall
from agent.artifacts import InMemoryArtifactStore
from agent.backends.ollama import OllamaBackend
from agent.backends.planner import OfflinePlanner
from agent.loop import Limits
from agent.pool.store import InMemoryPoolStore
from agent.service import AgentDeps, handle_turn
from agent.turn import ThreadRef, Turn
from worker.dispatch import InProcessDispatcher
from model_zoo.specs import PROPERTY, TOOLS


class FakeOllama:
    """Answers /api/chat with queued message dicts and records every request body."""

    def __init__(self) -> None:
        self.replies: list[dict] = []
        self.requests: list[dict] = []
        self.status = 200
        self.delay_s = 0.0  # a slow model: the answer comes this late
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # http.server API
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                fake.requests.append({"path": self.path, **body})
                time.sleep(fake.delay_s)
                if fake.status != 200:
                    payload = {"error": f"model '{body.get('model')}' not found"}
                else:
                    payload = {"model": body.get("model"), "created_at": "2026-11-30T00:00:00Z",
                               "message": fake.replies.pop(0), "done": True}
                data = json.dumps(payload).encode()
                self.send_response(fake.status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"


@pytest.fixture
def fake() -> Iterator[FakeOllama]:
    server = FakeOllama()
    thread = threading.Thread(target=server.server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.server.shutdown()


def context() -> PlanContext:
    return PlanContext(request="logS of CCO", pool=[], offered=list(TOOLS),
                       messages=[{"role": "system", "content": "s"}, {"role": "user", "content": "logS of CCO"}])


def test_native_tool_call_and_request_shape(fake: FakeOllama) -> None:
    fake.replies.append({"role": "assistant", "content": "", "tool_calls": [
        {"function": {"name": "drug_property_prediction",
                      "arguments": {"drug_smiles": ["CCO"], "property": "logSolubility"}}}]})
    action = OllamaBackend(fake.url, "qwen2.5-coder:1.5b", num_ctx=4096).next_action(context())
    assert action == ToolCall("drug_property_prediction", {"drug_smiles": ["CCO"], "property": "logSolubility"})
    sent = fake.requests[0]
    assert sent["path"] == "/api/chat" and sent["model"] == "qwen2.5-coder:1.5b"
    assert sent["options"]["num_ctx"] == 4096
    assert sent["tools"][0]["function"] == PROPERTY.to_json_schema()
    assert len(sent["tools"]) == 8


def test_call_written_as_fenced_json_in_content(fake: FakeOllama) -> None:
    fake.replies.append({"role": "assistant", "content": '```json\n{"name": "drug_property_prediction", '
                         '"arguments": {"drug_smiles": ["CCO"], "property": "p_np"}}\n```'})
    action = OllamaBackend(fake.url, "m").next_action(context())
    assert action == ToolCall("drug_property_prediction", {"drug_smiles": ["CCO"], "property": "p_np"})


def test_plain_answer(fake: FakeOllama) -> None:
    fake.replies.append({"role": "assistant", "content": "Which protein?"})
    assert OllamaBackend(fake.url, "m").next_action(context()) == FinalAnswer("Which protein?")


def test_model_not_pulled(fake: FakeOllama) -> None:
    fake.status = 404
    with pytest.raises(BackendUnavailable, match="model m is not pulled"):
        OllamaBackend(fake.url, "m").next_action(context())


def test_ollama_down() -> None:
    from tests_support import closed_port_url

    with pytest.raises(BackendUnavailable, match="cannot reach Ollama"):
        OllamaBackend(closed_port_url(), "m", timeout_s=2).next_action(context())


def test_a_slow_model_times_out_and_the_offline_planner_answers(fake: FakeOllama) -> None:
    """Bounded: the LLM's timeout, then the offline planner answers the same request with a one-line notice."""
    fake.delay_s = 30.0
    artifacts = InMemoryArtifactStore()
    deps = AgentDeps(pool_store=InMemoryPoolStore(), artifacts=artifacts, dispatcher=InProcessDispatcher(artifacts),
                     backend=OllamaBackend(fake.url, "m", timeout_s=0.5), fallback=OfflinePlanner(),
                     limits=Limits(turn_seconds=60))
    started = time.monotonic()
    reply = handle_turn(Turn(ThreadRef("console", "local", "t", "slow"), "alice", "how soluble is CCO?"), deps)
    assert time.monotonic() - started < fake.delay_s  # it did not wait for the slow answer
    assert reply.backend == "offline" and len(fake.requests) == 1
    assert reply.text.splitlines()[0] == (f"The language model is unavailable (Ollama at {fake.url} did not answer "
                                          "within 0.5 s); answered with the offline planner.")
    assert reply.tables and reply.tables[0].rows[0]["smiles"] == "CCO"
