"""Start and stop the bot-side delivery worker (queue ``replies.<platform>``, tasks in bot/delivery.py)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from worker.queues import replies_queue


def delivery_worker_command(platform: str, loglevel: str = "info") -> list[str]:
    return [sys.executable, "-m", "celery", "-A", "bot.delivery", "worker", "-Q", replies_queue(platform),
            "-n", f"replies-{platform}@%h", "--pool", "threads", "--concurrency", "4", "--loglevel", loglevel]


@contextmanager
def delivery_worker(platform: str, enabled: bool, loglevel: str = "info") -> Iterator[subprocess.Popen | None]:
    """Run the delivery worker as a child process for as long as the bot serves (distributed mode)."""
    child = subprocess.Popen(delivery_worker_command(platform, loglevel)) if enabled else None
    try:
        yield child
    finally:
        if child is not None:
            child.terminate()
            try:
                child.wait(timeout=20)
            except subprocess.TimeoutExpired:
                child.kill()
