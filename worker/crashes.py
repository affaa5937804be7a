"""Stop a task that keeps killing its worker, and say why.

A message whose worker dies (SIGKILL, out of memory) is handed to the next worker: that is how a lost
node's work resumes. An input that itself kills the worker would so take down every worker in turn.
Each start of a task is counted in Redis under its task id (the same id on every redelivery) and the count
is cleared when the task ends in any way its process survives. A start that finds the task already
started ``CRASH_LIMIT`` times without ending runs nothing: the task is dead-lettered (recorded in
``drugpilot:dead``) and the thread is told. The count lives in Redis, so it works with either broker.
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any

log = logging.getLogger(__name__)

CRASH_LIMIT = 2
MESSAGE = ("this request crashed the worker twice; it was stopped so it cannot take the workers down again — "
           "try a smaller input")
DEAD_KEY = "drugpilot:dead"
DEAD_KEPT = 1000
STARTS_TTL_S = 24 * 3600


class CrashCounter:
    def __init__(self, client: Any, prefix: str = "drugpilot:starts") -> None:
        self._r = client
        self._prefix = prefix

    def _key(self, task_id: str) -> str:
        return f"{self._prefix}:{task_id}"

    def begin(self, task_id: str) -> bool:
        """Count this start. False: earlier starts died CRASH_LIMIT times; do not run it again."""
        pipe = self._r.pipeline(transaction=True)
        pipe.incr(self._key(task_id))
        pipe.expire(self._key(task_id), STARTS_TTL_S)
        starts, _ = pipe.execute()
        return int(starts) <= CRASH_LIMIT

    def end(self, task_id: str) -> None:
        """The task finished (or raised) in a process that is still alive: it did not crash its worker."""
        self._r.delete(self._key(task_id))

    def dead_letter(self, task: str, task_id: str, about: dict[str, Any]) -> None:
        """Record the stopped task for operators (newest first, the last DEAD_KEPT) and forget its count."""
        entry = json.dumps({"task": task, "task_id": task_id, "at": time.time(), **about})
        pipe = self._r.pipeline(transaction=True)
        pipe.lpush(DEAD_KEY, entry)
        pipe.ltrim(DEAD_KEY, 0, DEAD_KEPT - 1)
        pipe.delete(self._key(task_id))
        pipe.execute()
        log.error("dead-lettered %s %s after %d crashes of its worker: %s", task, task_id, CRASH_LIMIT, about)
