"""Close the window between acknowledging a Slack event and enqueuing its turn.

Bolt acknowledges an event before the listener runs (Slack wants an answer within 3 s, and the listener
may download files for a minute), and Slack never resends an acknowledged event: a process that died in
between lost the turn. So, before the acknowledgement, the event is written to an intake record in Redis
(middleware ``RecordEvents``: one SET and one SADD inside the request); the listener deletes the record once
the turn is enqueued, or once the message turned out not to be for the bot. Every Slack process keeps a
heartbeat key alive and sweeps the records of processes whose heartbeat expired: it claims each one
atomically and runs it again (``SlackListeners.replay``), reusing the "Working on it…" line already posted.

Embedded mode has no intake: the turn itself runs in the process, so it dies with it anyway.
"""

from __future__ import annotations

import json
import logging
import os
import socket
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from typing import Any, Protocol

from slack_bolt.middleware import Middleware
from slack_bolt.request import BoltRequest
from slack_bolt.response import BoltResponse

from bot.slack import payloads

log = logging.getLogger(__name__)
PREFIX = "drugpilot:slack:intake"
RECORD_TTL_S = 24 * 3600


class Intake(Protocol):
    owner: str

    def add(self, key: str, record: dict[str, Any]) -> None: ...
    def note(self, key: str, **fields: Any) -> None: ...
    def done(self, key: str) -> None: ...
    def orphans(self) -> Iterator[tuple[str, dict[str, Any]]]:
        """Records whose owner's heartbeat has expired, each claimed for this process (atomically)."""
    def heartbeat(self, ttl_s: float) -> None: ...


class NoIntake:
    """Embedded mode: nothing to recover after a crash, so nothing is recorded."""

    owner = "embedded"

    def add(self, key: str, record: dict[str, Any]) -> None:
        pass

    def note(self, key: str, **fields: Any) -> None:
        pass

    def done(self, key: str) -> None:
        pass

    def orphans(self) -> Iterator[tuple[str, dict[str, Any]]]:
        return iter(())

    def heartbeat(self, ttl_s: float) -> None:
        pass


class RedisIntake:
    def __init__(self, client: Any, owner: str | None = None) -> None:
        self._r = client
        self.owner = owner or f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"

    def _key(self, key: str) -> str:
        return f"{PREFIX}:rec:{key}"

    def add(self, key: str, record: dict[str, Any]) -> None:
        pipe = self._r.pipeline(transaction=True)
        pipe.set(self._key(key), json.dumps({**record, "owner": self.owner, "at": time.time()}), ex=RECORD_TTL_S)
        pipe.sadd(f"{PREFIX}:index", key)
        pipe.execute()

    def note(self, key: str, **fields: Any) -> None:
        """Extra fields for a replay (the status line posted): one write, beside the record."""
        self._r.set(f"{PREFIX}:note:{key}", json.dumps(fields), ex=RECORD_TTL_S)

    def done(self, key: str) -> None:
        pipe = self._r.pipeline(transaction=True)
        pipe.delete(self._key(key), f"{PREFIX}:note:{key}")
        pipe.srem(f"{PREFIX}:index", key)
        pipe.execute()

    def heartbeat(self, ttl_s: float) -> None:
        self._r.set(f"{PREFIX}:alive:{self.owner}", 1, px=int(ttl_s * 1000))

    def orphans(self) -> Iterator[tuple[str, dict[str, Any]]]:
        for raw_key in self._r.smembers(f"{PREFIX}:index"):
            key = raw_key.decode() if isinstance(raw_key, bytes) else raw_key
            record = self._claim(key)
            if record is not None:
                yield key, record

    def _claim(self, key: str) -> dict[str, Any] | None:
        import redis

        with self._r.pipeline() as pipe:
            try:
                pipe.watch(self._key(key))
                raw = pipe.get(self._key(key))
                if raw is None:
                    pipe.unwatch()
                    self._r.srem(f"{PREFIX}:index", key)  # expired or finished meanwhile
                    return None
                record = json.loads(raw)
                if record.get("owner") == self.owner or pipe.exists(f"{PREFIX}:alive:{record.get('owner')}"):
                    pipe.unwatch()
                    return None
                pipe.multi()
                pipe.set(self._key(key), json.dumps({**record, "owner": self.owner}), ex=RECORD_TTL_S)
                pipe.execute()
            except redis.WatchError:
                return None  # another process claimed it first
        log.warning("event %s was acknowledged by %s, which has stopped: running it again unless its turn was queued",
                    key, record.get("owner"))
        note = self._r.get(f"{PREFIX}:note:{key}")
        return {**record, **(json.loads(note) if note else {})}


class RecordEvents(Middleware):
    """Before the acknowledgement: an intake record for each event that may start a turn."""

    def __init__(self, intake: Intake) -> None:
        self.intake = intake

    def process(self, *, req: BoltRequest, resp: BoltResponse, next: Callable[[], BoltResponse]) -> BoltResponse:
        body = req.body or {}
        event = body.get("event") or {}
        event_id = body.get("event_id")
        if body.get("type") == "event_callback" and event_id and payloads.message_from_event(
                event, body.get("team_id") or "", req.context.bot_user_id) is not None:
            self.intake.add(event_id, {"event": event, "team": body.get("team_id") or req.context.team_id or "",
                                       "bot_user_id": req.context.bot_user_id})
        return next()


class Recovery:
    """The heartbeat of this process, and the sweep that runs other processes' orphaned events."""

    def __init__(self, intake: Intake, replay: Callable[[str, dict[str, Any]], None], ttl_s: float) -> None:
        self.intake, self.replay, self.ttl_s = intake, replay, ttl_s
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="slack-intake-recovery", daemon=True)

    def start(self) -> Recovery:
        self.intake.heartbeat(self.ttl_s)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()

    def _run(self) -> None:
        beat, sweep = 0.0, 0.0
        while not self._stop.is_set():
            now = time.monotonic()
            try:
                if now >= beat:
                    self.intake.heartbeat(self.ttl_s)
                    beat = now + self.ttl_s / 3
                if now >= sweep:
                    for key, record in self.intake.orphans():
                        self._replay(key, record)
                    sweep = time.monotonic() + self.ttl_s
            except Exception:  # Redis away: try again on the next beat
                log.warning("intake heartbeat or sweep failed", exc_info=True)
            self._stop.wait(min(1.0, self.ttl_s / 3))

    def _replay(self, key: str, record: dict[str, Any]) -> None:
        try:
            self.replay(key, record)
        except Exception:  # one bad record must not stop the others
            log.exception("replaying event %s failed", key)
        finally:
            self.intake.done(key)
