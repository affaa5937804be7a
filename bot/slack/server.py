"""Run the Slack app: Socket Mode when SLACK_APP_TOKEN is set, else HTTP with signature verification.

HTTP mode serves Bolt's WSGI adapter behind bot.slack.guard from waitress, a production WSGI server
(``drugpilot slack``): bounded threads and connections, idle timeouts, a body limit. Another WSGI server
can serve ``bot.slack.server:wsgi`` instead (the guard comes with it). In distributed mode
``drugpilot slack`` also starts the delivery worker that posts finished turns (queue ``replies.slack``).
"""

from __future__ import annotations

import logging
import signal
import sys
from collections.abc import Callable, Iterable
from typing import Any

import waitress
from slack_bolt import App
from slack_bolt.adapter.wsgi import SlackRequestHandler
from slack_sdk import WebClient
from waitress import wasyncore

from agent.settings import get_settings
from bot.deliverer import enqueue_turn
from bot.delivery_worker import delivery_worker
from bot.log_lines import configure_text
from bot.settings import get_bot_settings
from bot.slack.app import build_app
from bot.slack.guard import MAX_BODY_BYTES, WsgiApp, guarded
from bot.slack.intake import Intake, NoIntake, Recovery, RedisIntake
from bot.slack.listeners import SlackListeners, SlackServices
from bot.slack.replier import SlackDeliverer, web_client
from bot.slack.settings import SlackSettings
from bot.slack.state import SlackState, state_from_settings
from bot.slack.watch import TurnWatch
from worker.celeryconfig import turn_task_limits

log = logging.getLogger(__name__)

DELIVERY_QUEUE = "replies.slack"


def services_from_settings(client: WebClient, slack: SlackSettings, state: SlackState | None = None) -> SlackServices:
    from worker.runtime import artifact_store, pool_store

    settings = get_settings()
    state = state or state_from_settings()
    deliverer = SlackDeliverer(client, artifact_store(), state)
    turn_limit = turn_task_limits(settings.tool_timeout_s, settings.turn_timeout_s)["time_limit"]
    no_answer_s = slack.no_answer_s or turn_limit + 60
    watch = TurnWatch(deliverer.is_delivered, deliverer.notice, no_answer_s)
    form_secret = (slack.signing_secret or slack.bot_token or "").encode()
    intake: Intake = NoIntake()
    if settings.distributed:
        from worker.runtime import redis_client

        intake = RedisIntake(redis_client())
    return SlackServices(settings=settings, state=state, pool_store=pool_store(), deliverer=deliverer, watch=watch,
                         enqueue=enqueue_turn, form_secret=form_secret, intake=intake)


def create_app(slack: SlackSettings | None = None) -> App:
    slack = slack or get_bot_settings().slack
    if not slack.bot_token:
        raise SystemExit("SLACK_BOT_TOKEN is not set (see infra/slack/README.md).")
    client = web_client(slack)
    services = services_from_settings(client, slack)
    if services.settings.distributed:  # run again what a stopped Slack process acknowledged but never enqueued
        listeners = SlackListeners(services)
        Recovery(services.intake, lambda key, record: listeners.replay(key, record, client), slack.intake_ttl_s).start()
    return build_app(client, slack.signing_secret or "", services)


def wsgi_app(app: App, slack: SlackSettings) -> WsgiApp:
    """Bolt's WSGI adapter behind the endpoint's checks (bot.slack.guard), plus ``GET /healthz``."""
    return guarded(SlackRequestHandler(app, path=slack.path), slack.signing_secret or "", slack.path)


class HttpServer:
    """waitress serving the app: bounded request threads and connections, idle connections closed, bodies
    over the guard's limit refused before they are read. Port 0 picks a free port (``server_port``)."""

    def __init__(self, application: WsgiApp, slack: SlackSettings, host: str, port: int) -> None:
        self._server = waitress.create_server(
            application, host=host, port=port, threads=slack.http_threads,
            connection_limit=slack.http_connection_limit, channel_timeout=slack.http_idle_timeout_s,
            cleanup_interval=max(1, min(30, slack.http_idle_timeout_s)), max_request_body_size=MAX_BODY_BYTES,
            max_request_header_size=64 * 1024, backlog=256,
            clear_untrusted_proxy_headers=True, ident="drugpilot")
        self.server_port: int = self._server.effective_port

    def serve_forever(self) -> None:
        self._server.run()

    def shutdown(self) -> None:
        self._server.task_dispatcher.shutdown()
        wasyncore.close_all(self._server._map)

    def server_close(self) -> None:
        """Kept for callers written for socketserver; ``shutdown`` already closed everything."""


def http_server(app: App, slack: SlackSettings, host: str | None = None, port: int | None = None) -> HttpServer:
    """The HTTP server for the app (not started), on ``slack.host``/``slack.port`` unless given."""
    return HttpServer(wsgi_app(app, slack), slack, host or slack.host, slack.port if port is None else port)


def wsgi(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
    """WSGI entry point for another server: ``gunicorn 'bot.slack.server:wsgi' -b 0.0.0.0:3000``."""
    global _wsgi_app
    if _wsgi_app is None:
        slack = get_bot_settings().slack
        _wsgi_app = wsgi_app(create_app(slack), slack)
    return _wsgi_app(environ, start_response)


_wsgi_app: WsgiApp | None = None


def _stop(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def run(port: int | None = None, delivery_worker_enabled: bool = True, loglevel: str = "info") -> int:
    """``drugpilot slack``."""
    configure_text(loglevel)
    slack = get_bot_settings().slack
    if not slack.bot_token:
        print("SLACK_BOT_TOKEN is not set (see infra/slack/README.md).", file=sys.stderr)
        return 2
    if not slack.socket_mode and not slack.signing_secret:
        print("HTTP mode needs SLACK_SIGNING_SECRET (or set SLACK_APP_TOKEN for Socket Mode).", file=sys.stderr)
        return 2
    app = create_app(slack)
    signal.signal(signal.SIGTERM, _stop)  # stop the delivery worker too when the service manager stops us
    with delivery_worker("slack", get_settings().distributed and delivery_worker_enabled, loglevel):
        try:
            if slack.socket_mode:
                from slack_bolt.adapter.socket_mode import SocketModeHandler

                log.info("DrugPilot for Slack: Socket Mode")
                SocketModeHandler(app, slack.app_token).start()
            else:
                server = http_server(app, slack, port=port)
                log.info("DrugPilot for Slack: HTTP on %s:%s%s", slack.host, server.server_port, slack.path)
                server.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0
