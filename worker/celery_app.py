"""The Celery application. Importing it loads no model and touches no GPU."""

from typing import Any

from celery import Celery
from celery.signals import worker_init

from worker import broker

app = Celery("drugpilot", include=["worker.tasks"])
app.config_from_object("worker.celeryconfig")


@worker_init.connect
def _declare_dead_letter(**_: Any) -> None:
    """RabbitMQ: the queue that receives messages past the delivery limit (worker/broker.py)."""
    if broker.is_amqp_url(app.conf.broker_url):
        with app.connection_for_write() as connection:
            broker.declare_dead_letter(connection)


# Celery signal hooks: Prometheus metrics (served when DRUGPILOT_METRICS_PORT is set) and the thread and
# turn ids of JSON log lines. They time and count tasks from outside; no task body changes.
import worker.metrics  # noqa: E402,F401
