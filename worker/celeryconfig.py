"""Celery settings, read by ``app.config_from_object``. The same module serves every deployment."""

from agent.settings import get_settings

_settings = get_settings()

broker_url = _settings.effective_broker_url or "memory://"
result_backend = _settings.redis_url or "cache+memory://"
task_serializer = "json"
result_serializer = "json"
accept_content = ["json"]
task_routes = {
    "worker.tasks.run_turn": {"queue": "agent"},
    "worker.tasks.run_tool": {"queue": "gpu"},
}
task_default_queue = "agent"
# A model call must survive the loss of its worker: acknowledge after the task ran, and requeue
# when the process dies. Tools are pure functions of their arguments, so a rerun is harmless.
task_acks_late = True
task_reject_on_worker_lost = True
worker_prefetch_multiplier = 1
task_soft_time_limit = _settings.tool_timeout_s
task_time_limit = _settings.tool_timeout_s + 60
# Redis redelivers unacknowledged tasks after the visibility timeout: keep it above the longest task.
broker_transport_options = {"visibility_timeout": int(_settings.tool_timeout_s * 2 + 120)}
result_backend_transport_options = {"visibility_timeout": int(_settings.tool_timeout_s * 2 + 120)}
result_expires = 24 * 3600
task_track_started = True
broker_connection_retry_on_startup = True
worker_hijack_root_logger = False
