"""The Celery application. Importing it loads no model and touches no GPU."""

from celery import Celery

app = Celery("drugpilot", include=["worker.tasks"])
app.config_from_object("worker.celeryconfig")

# Celery signal hooks: Prometheus metrics (served when DRUGPILOT_METRICS_PORT is set) and the thread and
# turn ids of JSON log lines. They time and count tasks from outside; no task body changes.
import worker.metrics  # noqa: E402,F401
