"""Fixtures of the embedded-mode Slack and Teams apps, served over real HTTP against the platform emulators
(one app per test module). A test module imports the fixtures it uses from here.

The apps run in the test process, whose settings the session guard in tests/conftest.py isolates
(no DRUGPILOT_* variables, no ``.env``); the platform credentials, read from other variables, are given
here explicitly so that a developer's SLACK_* or MICROSOFT_APP_* variables do not reach the apps either."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from agent.ratelimit import InMemoryRateLimiter
from agent.settings import get_settings
from bot.slack.app import build_app
from bot.slack.listeners import SlackServices
from bot.slack.replier import web_client
from bot.slack.server import http_server, services_from_settings
from bot.slack.settings import SlackSettings
from bot.slack.state import InMemorySlackState
from bot.teams.app import TeamsRuntime, build_runtime
from bot.teams.app import build_app as build_teams_app
from bot.teams.replier import RetryPolicy
from bot.teams.settings import TeamsSettings
from emulators.slack_api import BOT_TOKEN, SlackAPI
from emulators.teams_connector import TeamsConnector
from slack_harness import SECRET, SlackDriver
from teams_harness import BotServer
from worker.runtime import build_deps
from waiting import HandledEvents

LINK_SECRET = "test-link-secret-0123456789abcdef"
# One test user sends dozens of messages per module; on a fast machine that is more than the per-user limit of a
# minute (20), and a rate-limit answer would stand in for the one the test waits for. The limit itself is tested
# in tests/agent/test_loop.py.
TEST_TURNS_PER_MINUTE = 100_000


@contextmanager
def unthrottled() -> Iterator[None]:
    """The in-process agent's per-user rate limit raised for one module of emulator tests, then restored."""
    deps = build_deps()
    limiter = deps.rate_limiter
    deps.rate_limiter = InMemoryRateLimiter(TEST_TURNS_PER_MINUTE)
    try:
        yield
    finally:
        deps.rate_limiter = limiter


@pytest.fixture(scope="module")
def api() -> Iterator[SlackAPI]:
    emulator = SlackAPI().start()
    yield emulator
    emulator.stop()


@pytest.fixture(scope="module")
def slack(api: SlackAPI) -> Iterator[tuple[SlackDriver, SlackServices]]:
    if get_settings().distributed:
        pytest.skip("embedded-mode tests: unset DRUGPILOT_REDIS_URL")
    settings = SlackSettings(SLACK_BOT_TOKEN=BOT_TOKEN, SLACK_SIGNING_SECRET=SECRET, SLACK_APP_TOKEN=None,
                             DRUGPILOT_SLACK_API_URL=api.api_url)
    client = web_client(settings)
    services = services_from_settings(client, settings, state=InMemorySlackState())
    services.intake = HandledEvents()  # embedded mode records nothing; this notes what the listener finished
    app = build_app(client, SECRET, services)
    server = http_server(app, settings, host="127.0.0.1", port=0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    with unthrottled():
        yield SlackDriver(api, f"http://127.0.0.1:{server.server_port}{settings.path}"), services
    server.shutdown()
    server.server_close()


@pytest.fixture
def driver(slack: tuple[SlackDriver, SlackServices]) -> SlackDriver:
    return slack[0]


@pytest.fixture
def services(slack: tuple[SlackDriver, SlackServices]) -> SlackServices:
    return slack[1]


@pytest.fixture
def events(slack: tuple[SlackDriver, SlackServices]) -> HandledEvents:
    """The events the app passed on and the ones its listener finished with (see ``HandledEvents``)."""
    intake = slack[1].intake
    assert isinstance(intake, HandledEvents)
    return intake


@pytest.fixture(scope="module")
def connector() -> Iterator[TeamsConnector]:
    with TeamsConnector() as c:
        yield c


@pytest.fixture(scope="module")
def runtime() -> TeamsRuntime:
    if get_settings().distributed:
        pytest.skip("embedded-mode test; DRUGPILOT_REDIS_URL is set")
    rt = build_runtime(TeamsSettings(app_id="", app_password="", app_tenant_id="", link_secret=LINK_SECRET,
                                     public_url=None))
    rt.replier.policy = RetryPolicy(attempts=4, base_delay_s=0.01, max_delay_s=0.05)
    return rt


@pytest.fixture(scope="module")
def bot(runtime: TeamsRuntime) -> Iterator[BotServer]:
    server = BotServer(build_teams_app(runtime))
    with unthrottled():
        yield server
    server.close()


