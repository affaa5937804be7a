"""Bot-side Celery tasks that post finished turns into their threads (queue ``replies.<platform>``).

Only bot/ holds platform tokens and clients: workers send a finished Reply here by task name, and a
reply waits safely in Redis while a bot process restarts. Posting is idempotent per turn id.
Run with ``celery -A bot.delivery worker -Q replies.<platform>`` (``drugpilot slack`` does it).
"""

from __future__ import annotations

import logging
from functools import lru_cache
from typing import Any

from celery import Task

from agent.turn import Reply
from bot.deliverer import Deliverer
from bot.delivery_retry import DELAYS_S, give_up
from bot.platforms import load, platform
from worker.celery_app import app
from worker.runtime import redis_client

DELIVERED_TTL_S = 7 * 24 * 3600
log = logging.getLogger(__name__)


@lru_cache(maxsize=None)
def deliverer_for(name: str) -> Deliverer:
    """The platform's deliverer (bot.platforms), imported in the delivery worker when first needed."""
    return load(platform(name).deliverer)()


@app.task(name="bot.deliver", bind=True, acks_late=True, max_retries=len(DELAYS_S))
def deliver(self: Task, platform: str, target: dict[str, Any], reply_json: dict[str, Any]) -> bool:
    """Failures are logged and retried (the steps already posted are not posted again); after the last
    try the deliverer ends the turn in its thread (bot.delivery_retry.give_up)."""
    reply = Reply.from_json(reply_json)
    marker = f"drugpilot:delivered:{reply.turn_id}"
    if redis_client().exists(marker):
        return False  # a redelivered task: the thread already has this reply
    deliverer = deliverer_for(platform)
    try:
        deliverer.deliver(target, reply)
    except Exception as exc:
        if self.request.retries < len(DELAYS_S):
            log.warning("delivery of turn %s failed (%s: %s, try %d/%d); retrying", reply.turn_id,
                        type(exc).__name__, exc, self.request.retries + 1, len(DELAYS_S) + 1)
            raise self.retry(exc=exc, countdown=DELAYS_S[self.request.retries]) from exc
        log.error("delivery of turn %s failed %d times; giving up", reply.turn_id, len(DELAYS_S) + 1, exc_info=True)
        give_up(deliverer, target, reply, exc)
    redis_client().set(marker, 1, ex=DELIVERED_TTL_S)
    return True


@app.task(name="bot.progress", ignore_result=True)
def progress(platform: str, target: dict[str, Any], turn_id: str, text: str) -> None:
    if not redis_client().exists(f"drugpilot:delivered:{turn_id}"):
        deliverer_for(platform).progress(target, turn_id, text)
