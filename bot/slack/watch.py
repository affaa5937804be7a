"""Notice turns that never come back (a worker died, none is running) and say so in the thread.

One daemon thread and a heap of deadlines. A late answer is still posted when it arrives: the notice
only tells people that something is wrong instead of leaving "Working on it…" forever.
"""

from __future__ import annotations

import heapq
import logging
import threading
import time
from collections.abc import Callable
from bot.slack.target import SlackTarget

log = logging.getLogger(__name__)


class TurnWatch:
    def __init__(self, is_delivered: Callable[[str], bool], notify: Callable[[SlackTarget, str], None],
                 timeout_s: float) -> None:
        self._is_delivered = is_delivered
        self._notify = notify
        self.timeout_s = timeout_s
        self._heap: list[tuple[float, str, SlackTarget]] = []
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None

    def watch(self, turn_id: str, target: SlackTarget) -> None:
        with self._cond:
            heapq.heappush(self._heap, (time.monotonic() + self.timeout_s, turn_id, target))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="slack-turn-watch", daemon=True)
                self._thread.start()
            self._cond.notify()

    def pending(self) -> int:
        """Turns started here that have not been answered yet."""
        with self._cond:
            ids = [turn_id for _, turn_id, _ in self._heap]
        return sum(1 for turn_id in ids if not self._is_delivered(turn_id))

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._heap or self._heap[0][0] > time.monotonic():
                    self._cond.wait(timeout=None if not self._heap else self._heap[0][0] - time.monotonic())
                _, turn_id, target = heapq.heappop(self._heap)
            try:
                if not self._is_delivered(turn_id):
                    waited = f"{self.timeout_s:.0f} s" if self.timeout_s < 120 else f"{self.timeout_s / 60:.0f} min"
                    self._notify(target, (
                        f"No answer after {waited}: the workers may be down "
                        "or busy (`/drugpilot status` shows them). The request stays queued and its answer will "
                        "appear here if it still finishes."))
            except Exception:  # the watch thread must survive a failed notice
                log.exception("timeout notice for turn %s failed", turn_id)
