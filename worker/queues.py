"""The Celery queues of a deployment, and how many messages wait in each (Redis broker).

Shared by the metrics collector and ``drugpilot doctor``; imports neither Celery nor Prometheus.
"""

from __future__ import annotations

from typing import Any

AGENT = "agent"  # turns (worker.tasks.run_turn): threads, no model
GPU = "gpu"  # model calls (worker.tasks.run_tool, gpu_info): one process per GPU
# The chat platforms declared in bot/platforms.py (worker/ does not import bot/; tests/bot/test_platforms.py checks).
PLATFORMS = ("slack", "teams")


def replies_queue(platform: str) -> str:
    """Finished turns wait here until the platform's delivery worker (bot side) posts them."""
    return f"replies.{platform}"


REPLIES = tuple(replies_queue(p) for p in PLATFORMS)  # finished turns, posted by the bot-side delivery workers
ALL = (AGENT, GPU, *REPLIES)

# kombu's Redis transport keeps a queue's priority levels in separate lists: "gpu", "gpu\x06\x163", …
_PRIORITY_SEP = "\x06\x16"
_PRIORITY_STEPS = (3, 6, 9)


def queue_length(client: Any, queue: str) -> int:
    """Messages waiting (not yet fetched by a worker) in ``queue``, all priority levels together."""
    pipe = client.pipeline(transaction=False)
    pipe.llen(queue)
    for step in _PRIORITY_STEPS:
        pipe.llen(f"{queue}{_PRIORITY_SEP}{step}")
    return int(sum(pipe.execute()))


def unacked_count(client: Any) -> int:
    """Messages fetched by a worker and not acknowledged yet (running, or held by a dead worker until
    the visibility timeout returns them to their queue)."""
    return int(client.hlen("unacked"))


def is_redis_url(url: str | None) -> bool:
    return url is not None and url.split("://", 1)[0] in ("redis", "rediss", "unix")
