"""Bolt's global error handler: an outage of Redis or the job queue gets one clear answer in Slack.

Registered with ``app.error``, so it sees errors from our middleware (before the ack: its response is
what Slack gets) and from listeners (after the ack). Any other error is left to Bolt's default
behaviour: logged, and HTTP 500 when it happened before the ack.
"""

from __future__ import annotations

import logging
from typing import Any

from slack_bolt.response import BoltResponse
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError
from slack_sdk.webhook import WebhookClient

from bot.outage import UNAVAILABLE, is_outage
from bot.slack import blocks, modal

log = logging.getLogger(__name__)


def on_error(error: Exception, body: dict[str, Any], client: WebClient) -> BoltResponse | None:
    if not is_outage(error):
        log.error("unhandled error in the Slack app: %s", error, exc_info=error)
        return None
    log.warning("Redis or the job queue is unreachable (%s); answering 'temporarily unavailable'", error)
    try:
        return _tell(body, client)
    except SlackApiError as exc:
        log.info("could not tell the user about the outage: %s", exc.response.get("error"))
        return BoltResponse(status=200, body="")


def _tell(body: dict[str, Any], client: WebClient) -> BoltResponse:
    """Say it where the person asked. Only mentions are answered: a plain message in a channel may not be
    meant for the bot, and which threads the bot has joined is itself kept in Redis."""
    kind = body.get("type")
    event = body.get("event") or {}
    if kind == "event_callback" and event.get("type") == "app_mention":
        client.chat_postMessage(channel=event["channel"], thread_ts=event.get("thread_ts") or event["ts"],
                                text=UNAVAILABLE)
    elif kind == "view_submission":
        return BoltResponse(status=200, body={"response_action": "errors",
                                              "errors": {modal.NEW_KEY_BLOCK: UNAVAILABLE[:150]}})
    elif kind == "message_action" and body.get("trigger_id"):
        client.views_open(trigger_id=body["trigger_id"], view=modal.notice_view(UNAVAILABLE))
    elif body.get("command") and body.get("response_url"):
        WebhookClient(body["response_url"]).send(text=UNAVAILABLE, blocks=[blocks.section(UNAVAILABLE)],
                                                 response_type="ephemeral")
    return BoltResponse(status=200, body="")
