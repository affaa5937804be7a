"""At most one live run of a turn, even when Redis hands the same turn out twice.

A turn waits for its model calls, and a call whose gpu worker died comes back only after the broker's
visibility timeout (then it runs again). So a turn may outlive that timeout, and Redis then hands the
turn's own message to a second agent worker. The first run holds a lease in Redis, renewed while it
runs. A second copy waits: when the first finishes there is nothing left to do; when the first run's
worker died, its lease expires and the copy takes the turn over.
"""

from __future__ import annotations

import secrets
import threading
import time
from typing import Any

_RENEW = """
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('expire', KEYS[1], ARGV[2]) end
return 0
"""
DONE_TTL_S = 7 * 24 * 3600


class TurnLease:
    def __init__(self, client: Any, turn_id: str, ttl_s: int = 15, poll_s: float = 1.0) -> None:
        self._r = client
        self._key = f"drugpilot:turn:{turn_id}:lease"
        self._done = f"drugpilot:turn:{turn_id}:done"
        self._token = secrets.token_hex(8)
        self.ttl_s = ttl_s
        self._poll_s = poll_s
        self._stop = threading.Event()
        self._renewer: threading.Thread | None = None

    def acquire(self, wait_s: float | None = None) -> bool:
        """True: run the turn. False: another run finished it, or is still running it after ``wait_s``
        (default: two lease periods; a live run renews its lease, only a dead one lets it expire)."""
        deadline = time.monotonic() + (2 * self.ttl_s if wait_s is None else wait_s)
        while time.monotonic() < deadline:
            if self._r.exists(self._done):
                return False
            if self._r.set(self._key, self._token, nx=True, ex=self.ttl_s):
                self._renewer = threading.Thread(target=self._renew, daemon=True, name="turn-lease")
                self._renewer.start()
                return True
            time.sleep(self._poll_s)
        return False

    def finish(self) -> None:
        """The turn is done (its reply is on its way): later copies have nothing to do."""
        self._r.set(self._done, 1, ex=DONE_TTL_S)
        self.release()

    def release(self) -> None:
        self._stop.set()
        if self._renewer is not None:
            self._renewer.join(timeout=5)
        if self._r.get(self._key) == self._token.encode():
            self._r.delete(self._key)

    def _renew(self) -> None:
        while not self._stop.wait(self.ttl_s / 3):
            self._r.eval(_RENEW, 1, self._key, self._token, self.ttl_s)
