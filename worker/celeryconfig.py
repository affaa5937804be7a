"""Celery settings, read by ``app.config_from_object``. The same module serves every deployment."""

import math

from agent.settings import get_settings
from worker import broker, crashes

_settings = get_settings()

broker_url = _settings.effective_broker_url or "memory://"
_amqp = broker.is_amqp_url(broker_url)
result_backend = _settings.redis_url or "cache+memory://"
task_serializer = "json"
result_serializer = "json"
accept_content = ["json"]
task_routes = {
    "worker.tasks.run_turn": {"queue": "agent"},
    "worker.tasks.run_tool": {"queue": "gpu"},
    "worker.tasks.gpu_info": {"queue": "gpu"},
}
task_default_queue = "agent"
# A model call must survive the loss of its worker: acknowledge after the task ran, and requeue
# when the process dies. Tools are pure functions of their arguments, so a rerun is harmless.
task_acks_late = True
task_reject_on_worker_lost = True
worker_prefetch_multiplier = 1


def time_limits(tool_timeout_s: float) -> tuple[float, float, int]:
    """(soft limit, hard limit, visibility timeout) in seconds, from DRUGPILOT_TOOL_TIMEOUT_S.

    Every task (turn, model call, delivery) ends by the hard limit: the soft limit plus a grace period
    to clean up, a quarter of it within 1-60 s (600 s -> 660 s). Redis hands a fetched but unacknowledged
    task (its worker died) to another worker after the visibility timeout, so that must exceed the
    longest task: the hard limit plus the grace again (720 s by default). Every worker and client that
    shares a broker must use the same value, i.e. the same DRUGPILOT_TOOL_TIMEOUT_S.
    """
    grace = min(60.0, max(1.0, tool_timeout_s / 4))
    return tool_timeout_s, tool_timeout_s + grace, math.ceil(tool_timeout_s + 2 * grace)


def redelivery_s(tool_timeout_s: float, amqp: bool | None = None) -> float:
    """How long a task whose worker died waits before another worker can take it: nothing with RabbitMQ
    (the message returns when the dead worker's connection closes), the visibility timeout with Redis."""
    return 0.0 if (_amqp if amqp is None else amqp) else float(time_limits(tool_timeout_s)[2])


def tool_wait_s(tool_timeout_s: float, amqp: bool | None = None) -> float:
    """How long a turn waits for one model call: the call may kill its gpu worker CRASH_LIMIT times, each
    run up to the hard limit and each followed by the redelivery delay, before it is dead-lettered."""
    _, hard, _ = time_limits(tool_timeout_s)
    grace = hard - tool_timeout_s
    return crashes.CRASH_LIMIT * (hard + redelivery_s(tool_timeout_s, amqp)) + grace


def turn_task_limits(tool_timeout_s: float | None = None, turn_timeout_s: float | None = None) -> dict[str, float]:
    """run_turn's own limits: its decisions (the turn limit) plus waiting for a model call twice over. A
    turn can thus outlive the visibility timeout; worker.lease keeps a redelivered copy from running it
    twice."""
    tool = _settings.tool_timeout_s if tool_timeout_s is None else tool_timeout_s
    turn = _settings.turn_timeout_s if turn_timeout_s is None else turn_timeout_s
    soft = turn + 2 * tool_wait_s(tool)
    return {"soft_time_limit": soft, "time_limit": soft + 60}


task_soft_time_limit, task_time_limit, _visibility_s = time_limits(_settings.tool_timeout_s)
if _amqp:
    # RabbitMQ: quorum queues with a delivery limit and a dead-letter exchange (worker/broker.py). Celery
    # then uses per-consumer prefetch (quorum queues have no global QoS) and native delayed delivery.
    task_queues = broker.task_queues()
    worker_detect_quorum_queues = True
    broker_native_delayed_delivery_queue_type = "quorum"
    broker_transport_options: dict[str, bool | int] = {"confirm_publish": True}
    broker_heartbeat = 30  # a node that vanishes without closing its connection is noticed within ~60 s
else:
    # Redis: workers look for abandoned tasks every `unacked_restore_interval` seconds, a sixth of the
    # timeout (throttle 1: each look is a real scan of the small `unacked_index` sorted set).
    broker_transport_options = {
        "visibility_timeout": _visibility_s,
        "unacked_restore_interval": max(1, min(60, _visibility_s // 6)),
        "unacked_restore_throttle": 1,
    }
result_backend_transport_options = {"visibility_timeout": _visibility_s}
result_expires = 24 * 3600
task_track_started = True
broker_connection_retry_on_startup = True
worker_hijack_root_logger = False
# Task events, for Flower and `celery events` (and the redelivery test): sent, started, succeeded, failed.
worker_send_task_events = True
task_send_sent_event = True
