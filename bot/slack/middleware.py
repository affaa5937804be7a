"""Our middleware on top of Bolt's built-ins (which verify signatures and drop the bot's own events).

Slack resends an event it thinks was not acknowledged in time (header ``X-Slack-Retry-Num``, same
``event_id``). Running the turn twice would post two answers and bump pool versions twice, so an
event id is handled once, across processes when Redis is configured.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from slack_bolt.middleware import Middleware
from slack_bolt.request import BoltRequest
from slack_bolt.response import BoltResponse

from bot.slack.state import SlackState

log = logging.getLogger(__name__)


class DropDuplicateEvents(Middleware):
    def __init__(self, state: SlackState) -> None:
        self.state = state

    def process(self, *, req: BoltRequest, resp: BoltResponse, next: Callable[[], BoltResponse]) -> BoltResponse:
        body = req.body or {}
        event_id = body.get("event_id") if body.get("type") == "event_callback" else None
        if event_id and not self.state.first_time(f"event:{event_id}"):
            retries, reasons = req.headers.get("x-slack-retry-num"), req.headers.get("x-slack-retry-reason")
            retry, reason = retries[0] if retries else None, reasons[0] if reasons else None
            log.info("dropping duplicate event %s (retry %s, %s)", event_id, retry, reason)
            return BoltResponse(status=200, body="")
        return next()
