"""The Celery application. Importing it loads no model and touches no GPU."""

from celery import Celery

app = Celery("drugpilot", include=["worker.tasks"])
app.config_from_object("worker.celeryconfig")
