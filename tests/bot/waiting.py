"""Waiting for events instead of sleeping: a test that asserts "nothing else happened" first waits for a
positive sign that everything which could have happened has (a log line, a drained broker, a handled event),
so it fails on a slow machine rather than passing before the extra post arrives."""

from __future__ import annotations

import os
import threading
import time
from collections import Counter
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import redis

from bot.slack.intake import PREFIX as INTAKE_PREFIX
from bot.slack.intake import NoIntake
from conftest import REPO
from worker.queues import ALL, queue_length, unacked_count


def wait_until(check: Callable[[], Any], timeout: float, what: str) -> Any:
    """``check()``'s first truthy value, polled until ``timeout`` seconds have passed (then AssertionError)."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise AssertionError(f"after {timeout} s still waiting for {what}")
        time.sleep(0.05)


def wait_for_log(log: Path, text: str, timeout: float = 30.0) -> None:
    """``text`` appears in the process log ``log``."""
    wait_until(lambda: log.exists() and text in log.read_text(errors="replace"), timeout,
               f"{text!r} in {log.name}:\n" + (log.read_text(errors="replace")[-3000:] if log.exists() else ""))


def broker_state(url: str) -> dict[str, int]:
    """What could still make a post: messages waiting in each queue, fetched but unacknowledged ones (running,
    delayed retries, or held by a dead worker until the visibility timeout returns them), Slack events
    acknowledged but not yet handed on (the intake index)."""
    client = redis.Redis.from_url(url)
    try:
        state = {queue: queue_length(client, queue) for queue in ALL}
        state["unacked"] = unacked_count(client)
        state["intake"] = int(client.scard(f"{INTAKE_PREFIX}:index"))
        return state
    finally:
        client.close()


def wait_until_drained(url: str, timeout: float = 120.0) -> None:
    """Every queue of the deployment is empty and nothing is unacknowledged or unhanded: from here on no
    turn, tool call or reply is left that could still post into a thread."""
    last: dict[str, int] = {}

    def drained() -> bool:
        last.update(broker_state(url))
        return not any(last.values())

    try:
        wait_until(drained, timeout, "the broker to drain")
    except AssertionError as exc:
        raise AssertionError(f"{exc}: {last}") from None


def child_env(env: Mapping[str, str]) -> dict[str, str]:
    """``env`` for a child process started in a folder of the test's own (so that no ``.env`` of the
    developer's in the repository is read), with the repository on PYTHONPATH so that imports still work."""
    paths = [str(REPO), *[p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p and p != str(REPO)]]
    return {**env, "PYTHONPATH": os.pathsep.join(paths)}


class HandledEvents(NoIntake):
    """The embedded Slack app's intake (nothing to recover in embedded mode) that notes each event the
    middleware passed on (``add``: before the acknowledgement) and each one the listener finished with
    (``done``: its turn started, or it was found not to be for the bot). Tests wait on it."""

    def __init__(self) -> None:
        self._lock = threading.Condition()
        self.added: Counter[str] = Counter()
        self.handled: Counter[str] = Counter()

    def add(self, key: str, record: dict[str, Any]) -> None:
        with self._lock:
            self.added[key] += 1

    def done(self, key: str) -> None:
        with self._lock:
            self.handled[key] += 1
            self._lock.notify_all()

    def wait_handled(self, *keys: str, timeout: float = 30.0) -> None:
        """Each event id in ``keys`` was handled by the listener at least once."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while missing := [key for key in keys if not self.handled[key]]:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"events not handled after {timeout} s: {missing}")
                self._lock.wait(left)
