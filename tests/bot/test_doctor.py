"""`drugpilot doctor`, check by check, against local stand-ins (Ollama, the Slack Web API emulator).
Redis, the broker and the workers are covered end to end in tests/worker/test_two_queues.py."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from emulators.slack_api import BOT_TOKEN, SlackAPI
from tests_support import closed_port_url

from agent.settings import Settings
from bot.doctor import FAIL, OK, SKIP, WARN, Doctor, exit_code, mask_url, render
from bot.slack.settings import SlackSettings
from bot.teams.settings import TeamsSettings

MODEL = "qwen2.5-coder:1.5b"


class FakeOllama:
    """/api/tags and /api/show, shaped like Ollama's answers."""

    def __init__(self) -> None:
        self.models = [MODEL]
        self.capabilities: list[str] | None = ["completion", "tools"]
        self.context_length = 32768
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def _send(self, body: dict[str, Any], status: int = 200) -> None:
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self) -> None:  # http.server API
                self._send({"models": [{"name": m, "model": m} for m in fake.models]})

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                if body.get("model") not in fake.models:
                    self._send({"error": "model not found"}, 404)
                    return
                show: dict[str, Any] = {"model_info": {"qwen2.context_length": fake.context_length}}
                if fake.capabilities is not None:
                    show["capabilities"] = fake.capabilities
                self._send(show)

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"


@pytest.fixture
def ollama() -> Iterator[FakeOllama]:
    fake = FakeOllama()
    threading.Thread(target=fake.server.serve_forever, daemon=True).start()
    yield fake
    fake.server.shutdown()
    fake.server.server_close()


@pytest.fixture
def slack_api() -> Iterator[SlackAPI]:
    api = SlackAPI().start()
    yield api
    api.stop()


def doctor(settings: Settings | None = None, slack: SlackSettings | None = None,
           teams: TeamsSettings | None = None) -> Doctor:
    return Doctor(settings or Settings(), {"slack": slack or SlackSettings(SLACK_BOT_TOKEN=None),
                                           "teams": teams or TeamsSettings(MICROSOFT_APP_ID="")}, timeout_s=2)


def one(d: Doctor, name: str) -> Any:
    [check] = [c for c in d.checks if c.name == name]
    return check


def ollama_settings(url: str, **kw: Any) -> Settings:
    return Settings(llm_backend="ollama", ollama_host=url, ollama_model=MODEL, **kw)


def test_embedded_mode_is_healthy_and_skips_the_distributed_checks() -> None:
    checks = doctor().run()
    assert [c.status for c in checks if c.name in ("redis", "broker", "workers", "gpu")] == [SKIP] * 4
    assert exit_code(checks) == 0 and one_status(checks, "config") == OK


def one_status(checks: list[Any], name: str) -> str:
    return next(c.status for c in checks if c.name == name)


def test_ollama_with_the_model_and_tool_calling(ollama: FakeOllama) -> None:
    d = doctor(ollama_settings(ollama.url))
    d.check_ollama()
    check = one(d, "ollama")
    assert check.status == OK and "tool calling" in check.detail and "context 32768" in check.detail


def test_ollama_model_not_pulled_is_a_failure_with_the_pull_command(ollama: FakeOllama) -> None:
    ollama.models = ["llama3.2:1b"]
    d = doctor(ollama_settings(ollama.url))
    d.check_ollama()
    check = one(d, "ollama")
    assert check.status == FAIL and check.fix.startswith(f"ollama pull {MODEL}")
    assert exit_code(d.checks) == 1


def test_ollama_model_without_tools_or_with_a_small_context_warns(ollama: FakeOllama) -> None:
    ollama.capabilities = ["completion"]
    d = doctor(ollama_settings(ollama.url))
    d.check_ollama()
    assert one(d, "ollama").status == WARN and "no native tool calling" in one(d, "ollama").detail

    ollama.capabilities, ollama.context_length = ["completion", "tools"], 4096
    d = doctor(ollama_settings(ollama.url, ollama_num_ctx=8192))
    d.check_ollama()
    assert one(d, "ollama").status == WARN and "DRUGPILOT_OLLAMA_NUM_CTX <= 4096" in one(d, "ollama").fix


def test_ollama_unreachable_is_a_failure() -> None:
    d = doctor(ollama_settings(closed_port_url()))
    d.check_ollama()
    assert one(d, "ollama").status == FAIL and "offline planner" in one(d, "ollama").detail


def test_slack_auth_test_ok_and_revoked(slack_api: SlackAPI) -> None:
    slack = SlackSettings(SLACK_BOT_TOKEN=BOT_TOKEN, SLACK_APP_TOKEN="xapp-1-test",
                          DRUGPILOT_SLACK_API_URL=slack_api.api_url)
    d = doctor(slack=slack)
    d.check_platform("slack")
    assert one(d, "slack").status == OK and "T0LAB" in one(d, "slack").detail
    assert "Socket Mode" in one(d, "slack").detail
    assert slack_api.calls("auth.test")

    slack_api.fail_next("auth.test", error="token_revoked")
    d = doctor(slack=slack)
    d.check_platform("slack")
    assert one(d, "slack").status == FAIL and "token_revoked" in one(d, "slack").detail


def test_slack_configuration_mistakes_fail_before_any_call() -> None:
    http_without_secret = SlackSettings(SLACK_BOT_TOKEN="xoxb-1", SLACK_APP_TOKEN=None, SLACK_SIGNING_SECRET=None)
    wrong_app_token = SlackSettings(SLACK_BOT_TOKEN="xoxb-1", SLACK_APP_TOKEN="xoxb-not-an-app-token")
    for slack in (http_without_secret, wrong_app_token):
        d = doctor(slack=slack)
        d.check_platform("slack")
        assert one(d, "slack").status == FAIL and one(d, "slack").fix


def test_teams_credentials() -> None:
    missing_tenant = TeamsSettings(MICROSOFT_APP_ID="app", MICROSOFT_APP_PASSWORD="secret",
                                   MICROSOFT_APP_TENANT_ID="", MICROSOFT_APP_TYPE="SingleTenant")
    d = doctor(teams=missing_tenant)
    d.check_platform("teams")
    assert one(d, "teams").status == FAIL and "TENANT_ID" in one(d, "teams").detail

    no_public_url = TeamsSettings(MICROSOFT_APP_ID="app", MICROSOFT_APP_PASSWORD="secret",
                                  MICROSOFT_APP_TENANT_ID="tenant", DRUGPILOT_PUBLIC_URL=None)
    d = doctor(teams=no_public_url)
    d.check_platform("teams")
    assert one(d, "teams").status == WARN and "DRUGPILOT_PUBLIC_URL" in one(d, "teams").fix

    complete = no_public_url.model_copy(update={"public_url": "https://bot.example.org"})
    d = doctor(teams=complete)
    d.check_platform("teams")
    assert one(d, "teams").status == OK


def test_unreachable_redis_fails_and_skips_what_depends_on_it() -> None:
    url = closed_port_url().replace("http://", "redis://") + "/0"
    checks = doctor(Settings(redis_url=url)).run()
    assert one_status(checks, "redis") == FAIL
    assert [one_status(checks, n) for n in ("broker", "workers", "gpu")] == [SKIP] * 3
    assert exit_code(checks) == 1


def test_table_shows_fixes_for_warnings_and_failures_and_masks_passwords() -> None:
    assert mask_url("redis://:s3cret@redis:6379/0") == "redis://:***@redis:6379/0"
    assert mask_url("redis://user:s3cret@redis:6379/0") == "redis://user:***@redis:6379/0"
    d = doctor()
    d.add("redis", FAIL, "down", "start it")
    d.add("slack", SKIP, "not configured", "see the README")
    text = render(d.checks)
    assert "fix: start it" in text and "fix: see the README" not in text
    assert text.splitlines()[-1] == "0 OK, 0 WARN, 1 FAIL, 1 SKIP"
