"""worker.lease against a real Redis: one live run per turn; a copy takes over only from a dead run."""

from __future__ import annotations

import threading
import time

from worker.lease import TurnLease


def test_a_copy_waits_for_the_live_run_and_then_has_nothing_to_do(redis_client) -> None:
    first = TurnLease(redis_client, "turn-1", ttl_s=2, poll_s=0.05)
    assert first.acquire()
    time.sleep(2.5)  # longer than the lease: the live run keeps renewing it
    copy = TurnLease(redis_client, "turn-1", ttl_s=2, poll_s=0.05)
    answer: list[bool] = []
    waiting = threading.Thread(target=lambda: answer.append(copy.acquire()))
    waiting.start()
    time.sleep(0.5)
    assert waiting.is_alive() and not answer  # still waiting for the first run
    first.finish()
    waiting.join(timeout=5)
    assert answer == [False]
    assert not TurnLease(redis_client, "turn-1", ttl_s=2, poll_s=0.05).acquire()  # done: every later copy skips


def test_a_copy_takes_over_from_a_run_whose_worker_died(redis_client) -> None:
    dead = TurnLease(redis_client, "turn-2", ttl_s=1, poll_s=0.05)
    assert dead.acquire()
    dead._stop.set()  # the process is gone: nobody renews or releases the lease
    copy = TurnLease(redis_client, "turn-2", ttl_s=1, poll_s=0.05)
    started = time.monotonic()
    assert copy.acquire()
    assert time.monotonic() - started < 5
    copy.finish()
