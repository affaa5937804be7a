"""Which broker a deployment uses, and what it declares on RabbitMQ.

RabbitMQ (the distributed default, ``DRUGPILOT_BROKER_URL=amqp://…``) returns a message the moment the
connection of the worker holding it dies, so a killed node's work resumes as soon as another node takes it.
Its queues are quorum queues (replicated, and they count deliveries) with a delivery limit and a
dead-letter exchange. Redis (``DRUGPILOT_REDIS_URL`` alone) returns it only after the visibility timeout.
"""

from __future__ import annotations

from typing import Any

from kombu import Exchange, Queue

from worker import queues

AMQP_SCHEMES = ("amqp", "amqps", "pyamqp")
DEAD_LETTER = "drugpilot.dead"  # the exchange and the queue where RabbitMQ puts messages past the limit
# RabbitMQ's own stop, a backstop: worker.crashes stops a task after two crashes (the third delivery)
# and tells its thread; the broker drops a message into the dead-letter queue only after a fourth.
DELIVERY_LIMIT = 3


def is_amqp_url(url: str | None) -> bool:
    return url is not None and url.split("://", 1)[0] in AMQP_SCHEMES


def quorum_queue(name: str) -> Queue:
    """A quorum queue behind a topic exchange of its own name: topic, so that countdowns (a delivery's
    retry back-off) use Celery's native delayed delivery instead of blocking a worker."""
    return Queue(name, Exchange(name, type="topic"), routing_key=name, queue_arguments={
        "x-queue-type": "quorum",
        "x-delivery-limit": DELIVERY_LIMIT,
        "x-dead-letter-exchange": DEAD_LETTER,
    })


def task_queues() -> list[Queue]:
    return [quorum_queue(name) for name in queues.ALL]


def dead_letter_queue() -> Queue:
    """Where messages past the delivery limit wait for an operator (`rabbitmqctl list_queues`)."""
    return Queue(DEAD_LETTER, Exchange(DEAD_LETTER, type="fanout"), queue_arguments={"x-queue-type": "quorum"})


def declare_dead_letter(connection: Any) -> None:
    dead_letter_queue()(connection.default_channel).declare()
