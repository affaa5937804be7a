"""Redis unreachable (nothing listens on its port): the real Slack and Teams apps, over HTTP against the
platform emulators, answer every kind of request with "temporarily unavailable" instead of a 500 or
silence. Recovery once Redis is back is shown with real processes in test_slack_faults.py."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
import redis

from agent.pool.store import RedisPoolStore
from agent.settings import get_settings
from bot.slack.app import build_app
from bot.slack.replier import web_client
from bot.slack.server import http_server, services_from_settings
from bot.slack.settings import SlackSettings
from bot.slack.state import RedisSlackState
from bot.teams.app import build_app as build_teams_app
from bot.teams.app import build_runtime
from bot.teams.settings import TeamsSettings
from bot.teams.store import RedisTeamsStore
from emulators.slack_api import BOT_TOKEN, SlackAPI
from emulators.teams_connector import TeamsConnector
from slack_harness import SECRET, SlackDriver, blocks_text, new_ts
from teams_harness import BotServer, new_thread, payload
from tests_support import closed_port_url

UNAVAILABLE = "temporarily unavailable"


def dead_redis() -> redis.Redis:
    return redis.Redis.from_url(closed_port_url().replace("http", "redis") + "/0", socket_connect_timeout=1)


@pytest.fixture(scope="module")
def slack() -> Iterator[SlackDriver]:
    if get_settings().distributed:
        pytest.skip("embedded-mode test: unset DRUGPILOT_REDIS_URL")
    api = SlackAPI().start()
    settings = SlackSettings(SLACK_BOT_TOKEN=BOT_TOKEN, SLACK_SIGNING_SECRET=SECRET,
                             DRUGPILOT_SLACK_API_URL=api.api_url)
    client = web_client(settings)
    services = services_from_settings(client, settings, state=RedisSlackState(dead_redis()))
    services.pool_store = RedisPoolStore(dead_redis())
    server = http_server(build_app(client, SECRET, services), settings, host="127.0.0.1", port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield SlackDriver(api, f"http://127.0.0.1:{server.server_port}{settings.path}")
    server.shutdown()
    server.server_close()
    api.stop()


def test_slack_mention_gets_the_notice_in_its_thread(slack: SlackDriver) -> None:
    thread = new_ts()
    _, sent = slack.mention("how soluble is CCO?", thread_ts=thread)
    assert sent.status == 200  # not 500: Slack would retry into the same outage
    [notice] = slack.api.wait_for("chat.postMessage", thread_ts=thread, contains=UNAVAILABLE)
    assert "nothing in this thread's memory pool changed" in notice["text"]


def test_plain_messages_get_no_notice(slack: SlackDriver) -> None:
    """Only mentions are answered: which threads the bot is in is itself kept in Redis."""
    thread = new_ts()
    _, sent = slack.say("lunch?", thread)
    assert sent.status == 200
    slack.mention("ping", thread_ts=thread)
    slack.api.wait_for("chat.postMessage", thread_ts=thread, contains=UNAVAILABLE)
    assert len(slack.api.calls("chat.postMessage", thread_ts=thread)) == 1


def test_slack_slash_command_and_shortcut_get_the_notice(slack: SlackDriver) -> None:
    hook, sent = slack.command("threads")
    assert sent.status == 200
    [answer] = slack.api.wait_for("response_url", hook=hook)
    assert UNAVAILABLE in blocks_text(answer) and answer["response_type"] == "ephemeral"

    sent = slack.shortcut(new_ts())
    assert sent.status == 200
    opened = slack.api.wait_for("views.open")[-1]
    assert UNAVAILABLE in opened["view"]["blocks"][0]["text"]["text"]


def test_teams_message_gets_the_notice() -> None:
    if get_settings().distributed:
        pytest.skip("embedded-mode test: unset DRUGPILOT_REDIS_URL")
    rt = build_runtime(TeamsSettings(app_id="", link_secret="outage-test-secret-0123456789", public_url=None))
    rt.store = RedisTeamsStore(dead_redis(), 3600)
    server = BotServer(build_teams_app(rt))
    try:
        with TeamsConnector() as connector:
            ask = payload("channel_mention", connector.url, thread=new_thread(),
                          text="<at>DrugPilot</at> how soluble is CCO?")
            assert server.post(ask).status_code in (200, 201)
            [reply] = connector.wait_for("reply", 1, timeout=10, where=lambda c: UNAVAILABLE in
                                         (c["body"].get("text") or ""))
            assert reply["activity_id"] == ask["id"]
    finally:
        server.close()
