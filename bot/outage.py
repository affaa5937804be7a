"""Redis or the job queue is down: a temporary outage, answered with one clear line, never a crash.

Redis holds the thread pools, the de-duplication marks and the job queue. While it is unreachable no
request can be run or remembered, so the bot says so in the thread and keeps serving; redis-py and
kombu reconnect by themselves on the next request once Redis is back.
"""

from __future__ import annotations

import kombu.exceptions
import redis.exceptions

UNAVAILABLE = ("I'm temporarily unavailable: my storage and job queue can't be reached right now, so I did not "
               "run this request and nothing in this thread's memory pool changed. Please send it again in a "
               "minute.")
_OUTAGES = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError, kombu.exceptions.OperationalError,
            ConnectionError)


def is_outage(error: BaseException) -> bool:
    """True when ``error``, or an error it was raised from, means Redis or the broker can't be reached."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        if isinstance(current, _OUTAGES):
            return True
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return False
