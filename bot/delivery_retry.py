"""Posting a finished turn must not fail silently: log every failure, retry, and when nothing helps, end
the turn visibly in its thread.

A platform deliverer's steps are idempotent per turn id (bot.slack.replier records each step), so
``deliver`` can simply be called again. When the last try fails, the deliverer's ``give_up`` (if it has
one) tells the thread what happened and marks the turn as finished, so no "no answer yet" notice follows
an answer that was in fact posted.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from agent.turn import Reply
from bot.deliverer import Deliverer

log = logging.getLogger(__name__)
DELAYS_S = (1.0, 5.0, 20.0)  # between tries: a Slack/Teams hiccup passes, a lasting outage is reported


class RetryingDeliverer:
    """Wraps a Deliverer for in-process (embedded) delivery."""

    def __init__(self, inner: Deliverer, delays_s: tuple[float, ...] = DELAYS_S,
                 sleep: Callable[[float], Any] = time.sleep) -> None:
        self.inner = inner
        self.delays_s = delays_s
        self._sleep = sleep

    def deliver(self, target: dict[str, Any], reply: Reply) -> None:
        tries = len(self.delays_s) + 1
        for attempt in range(1, tries + 1):
            try:
                self.inner.deliver(target, reply)
                return
            except Exception as exc:  # any failure: logged, retried, then reported
                if attempt == tries:
                    log.error("delivery of turn %s failed %d times; giving up", reply.turn_id, tries, exc_info=True)
                    give_up(self.inner, target, reply, exc)
                    return
                delay = self.delays_s[attempt - 1]
                log.warning("delivery of turn %s failed (%s: %s, try %d/%d); retrying in %.1f s", reply.turn_id,
                            type(exc).__name__, exc, attempt, tries, delay)
                self._sleep(delay)

    def progress(self, target: dict[str, Any], turn_id: str, text: str) -> None:
        try:
            self.inner.progress(target, turn_id, text)
        except Exception:  # a progress line is a courtesy
            log.warning("progress line for turn %s not posted", turn_id, exc_info=True)


def give_up(deliverer: Deliverer, target: dict[str, Any], reply: Reply, error: Exception) -> None:
    """The deliverer's own last word in the thread (``give_up(target, reply, error)``), if it has one."""
    last_word = getattr(deliverer, "give_up", None)
    if last_word is None:
        return
    try:
        last_word(target, reply, error)
    except Exception:  # the platform itself is unreachable: the log has it all
        log.error("could not tell the thread of turn %s that its answer failed", reply.turn_id, exc_info=True)
