"""Run the Slack app: Socket Mode when SLACK_APP_TOKEN is set, else HTTP with signature verification.

HTTP mode serves Bolt's WSGI adapter from a threading ``wsgiref`` server (``drugpilot slack``); for a
production web server point gunicorn at ``bot.slack.server:wsgi`` instead. In distributed mode
``drugpilot slack`` also starts the delivery worker that posts finished turns (queue ``replies.slack``).
"""

from __future__ import annotations

import logging
import signal
import sys
from collections.abc import Callable, Iterable
from socketserver import ThreadingMixIn
from typing import Any
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from slack_bolt import App
from slack_bolt.adapter.wsgi import SlackRequestHandler
from slack_sdk import WebClient

from agent.settings import get_settings
from bot.delivery_worker import delivery_worker
from bot.slack.app import build_app
from bot.slack.listeners import SlackServices
from bot.slack.replier import SlackDeliverer, web_client
from bot.slack.settings import SlackSettings, get_slack_settings
from bot.slack.state import SlackState, state_from_settings
from bot.slack.watch import TurnWatch
from worker.celeryconfig import turn_task_limits
from worker.client import enqueue_turn

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
    return SlackServices(settings=settings, state=state, pool_store=pool_store(), deliverer=deliverer, watch=watch,
                         enqueue=enqueue_turn, form_secret=form_secret)


def create_app(slack: SlackSettings | None = None) -> App:
    slack = slack or get_slack_settings()
    if not slack.bot_token:
        raise SystemExit("SLACK_BOT_TOKEN is not set (see infra/slack/README.md).")
    client = web_client(slack)
    return build_app(client, slack.signing_secret or "", services_from_settings(client, slack))


def wsgi_app(app: App, path: str) -> Callable[..., Iterable[bytes]]:
    """Bolt's WSGI adapter, plus ``GET /healthz`` for load balancers."""
    handler = SlackRequestHandler(app, path=path)

    def application(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        if environ.get("REQUEST_METHOD") == "GET" and environ.get("PATH_INFO") == "/healthz":
            start_response("200 OK", [("Content-Type", "text/plain")])
            return [b"ok"]
        return handler(environ, start_response)

    return application


class _ThreadingWSGIServer(ThreadingMixIn, WSGIServer):
    daemon_threads = True
    request_queue_size = 256  # listen backlog; socketserver's 5 resets connections when 50 events arrive at once


class _QuietHandler(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        log.debug("%s %s", self.address_string(), format % args)


def http_server(app: App, host: str, port: int, path: str) -> WSGIServer:
    """A threading HTTP server for the app (not started); port 0 picks a free port (``server.server_port``)."""
    return make_server(host, port, wsgi_app(app, path), server_class=_ThreadingWSGIServer,
                       handler_class=_QuietHandler)


def wsgi(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
    """WSGI entry point for gunicorn: ``gunicorn 'bot.slack.server:wsgi' -b 0.0.0.0:3000``."""
    global _wsgi_app
    if _wsgi_app is None:
        slack = get_slack_settings()
        _wsgi_app = wsgi_app(create_app(slack), slack.path)
    return _wsgi_app(environ, start_response)


_wsgi_app: Callable[..., Iterable[bytes]] | None = None


def _stop(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def run(port: int | None = None, delivery_worker_enabled: bool = True, loglevel: str = "info") -> int:
    """``drugpilot slack``."""
    logging.basicConfig(level=loglevel.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    slack = get_slack_settings()
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
                server = http_server(app, slack.host, port if port is not None else slack.port, slack.path)
                log.info("DrugPilot for Slack: HTTP on %s:%s%s", slack.host, server.server_port, slack.path)
                server.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0
