"""``drugpilot doctor``: is this deployment configured and reachable? One line per check, with a fix.

Checks, in order: configuration; Redis (reachable, persistence, eviction policy); the Celery broker;
which workers consume each queue (``agent``, ``gpu``, ``replies.<platform>``) and how many messages wait
there; what the gpu workers compute on (a ``worker.tasks.gpu_info`` task); Ollama (reachable, model pulled,
tool calling, context length); each chat platform's own check (bot.platforms: Slack's ``auth.test``, Teams
credentials and, with ``--teams-token``, a token from Microsoft Entra). A check that depends on a failed one is
skipped. Exit status 1 when any check FAILs.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

import httpx

from agent.settings import Settings
from bot.settings import get_bot_settings
from bot.platforms import PLATFORMS, load, platform
from worker import queues
from worker.celeryconfig import time_limits, turn_task_limits

OK, WARN, FAIL, SKIP = "OK", "WARN", "FAIL", "SKIP"
BACKLOG_WARN = 50  # waiting messages per queue before doctor calls it a backlog


@dataclass
class Check:
    name: str
    status: str
    detail: str
    fix: str = ""


@dataclass
class Doctor:
    settings: Settings
    platforms: dict[str, Any]  # platform name -> its settings section (bot.settings.BotSettings)
    timeout_s: float = 3.0
    gpu_timeout_s: float = 20.0
    flags: dict[str, bool] = field(default_factory=dict)  # the platforms' doctor_flags given ("teams-token")
    checks: list[Check] = field(default_factory=list)
    _celery: Any = None
    _redis: Any = None

    def add(self, name: str, status: str, detail: str, fix: str = "") -> Check:
        check = Check(name, status, detail, fix)
        self.checks.append(check)
        return check

    # -- the run ------------------------------------------------------------------------------------------
    def run(self) -> list[Check]:
        distributed = self.check_config()
        infra = ("redis", "broker", "workers", "gpu")
        if not distributed:
            for name in infra:
                self.add(name, SKIP, "embedded mode: everything runs in this process")
        elif self.check_redis() and self.check_broker():
            consumers = self.check_workers()
            if consumers is not None:
                self.check_gpu(consumers)
        else:
            for name in infra:
                if not any(c.name == name or c.name.startswith(name + " ") for c in self.checks):
                    self.add(name, SKIP, "skipped: Redis or the broker is unreachable")
        self.check_ollama()
        for declared in PLATFORMS:
            self.check_platform(declared.name)
        return self.checks

    # -- configuration ------------------------------------------------------------------------------------
    def check_config(self) -> bool:
        s = self.settings
        if not s.distributed:
            self.add("config", OK, "embedded mode (no DRUGPILOT_REDIS_URL): pools, tools and turns run in this "
                     "process", "set DRUGPILOT_REDIS_URL to use Redis, Celery workers and the chat bots")
            return False
        soft, hard, visibility = time_limits(s.tool_timeout_s)
        turn_limit = turn_task_limits(s.tool_timeout_s, s.turn_timeout_s)["time_limit"]
        detail = (f"distributed: Redis {mask_url(s.redis_url)}"
                  + (f", broker {mask_url(s.broker_url)}" if s.broker_url and s.broker_url != s.redis_url else "")
                  + f"; tool limit {soft:g} s (hard {hard:g} s), visibility timeout {visibility} s, "
                  f"turn limit {s.turn_timeout_s:g} s (a turn task ends by {turn_limit:g} s)")
        self.add("config", OK, detail)
        return True

    # -- Redis and the broker -----------------------------------------------------------------------------
    def check_redis(self) -> bool:
        import redis

        url = self.settings.redis_url or ""
        try:
            client = redis.Redis.from_url(url, socket_timeout=self.timeout_s, socket_connect_timeout=self.timeout_s)
            client.ping()
            info = client.info()
        except redis.AuthenticationError as exc:
            self.add("redis", FAIL, f"{mask_url(url)}: {exc}", "put the password from Redis's requirepass in "
                     "DRUGPILOT_REDIS_URL: redis://:PASSWORD@HOST:6379/0")
            return False
        except redis.RedisError as exc:
            self.add("redis", FAIL, f"{mask_url(url)}: {exc}", "start Redis (docker compose -f "
                     "infra/docker-compose.yml up -d redis) or fix host and port in DRUGPILOT_REDIS_URL")
            return False
        self._redis = client
        detail = f"Redis {info.get('redis_version', '?')} at {mask_url(url)}"
        problems, fixes = [], []
        if not int(info.get("aof_enabled", 0)):
            problems.append("appendonly no")
            fixes.append("run redis-server with --appendonly yes, or a restart loses queued turns and thread pools "
                         "written since the last snapshot")
        policy = str(info.get("maxmemory_policy", "noeviction"))
        if int(info.get("maxmemory", 0) or 0) and policy != "noeviction":
            problems.append(f"maxmemory-policy {policy}")
            fixes.append("set maxmemory-policy noeviction: Redis may otherwise evict queued tasks and pools")
        if problems:
            self.add("redis", WARN, f"{detail}; {', '.join(problems)}", "; ".join(fixes))
        else:
            self.add("redis", OK, f"{detail}; persistence: AOF")
        return True

    def check_broker(self) -> bool:
        s = self.settings
        url = s.effective_broker_url or ""
        if url == s.redis_url:
            self.add("broker", OK, "Celery broker and results: the same Redis")
            return True
        try:
            with self.celery().connection_for_write() as conn:
                conn.ensure_connection(max_retries=1, timeout=self.timeout_s)
        except Exception as exc:
            self.add("broker", FAIL, f"{mask_url(url)}: {type(exc).__name__}: {exc}",
                     "start the broker or fix DRUGPILOT_BROKER_URL (unset: the broker is DRUGPILOT_REDIS_URL)")
            return False
        self.add("broker", OK, f"Celery broker {mask_url(url)} reachable")
        return True

    def celery(self) -> Any:
        if self._celery is None:
            from celery import Celery

            app = Celery("drugpilot-doctor", broker=self.settings.effective_broker_url,
                         backend=self.settings.redis_url)
            app.conf.update(task_serializer="json", result_serializer="json", accept_content=["json"],
                            broker_connection_retry=False, broker_connection_max_retries=1,
                            broker_transport_options={"socket_timeout": self.timeout_s + 2,
                                                      "socket_connect_timeout": self.timeout_s})
            self._celery = app
        return self._celery

    # -- workers and queues -------------------------------------------------------------------------------
    def check_workers(self) -> dict[str, list[str]] | None:
        try:
            active = self.celery().control.inspect(timeout=self.timeout_s).active_queues() or {}
        except Exception as exc:
            self.add("workers", FAIL, f"could not ask the workers: {type(exc).__name__}: {exc}",
                     "check the broker URL and that Redis allows PUBLISH/SUBSCRIBE")
            return None
        consumers: dict[str, list[str]] = {q: [] for q in queues.ALL}
        for worker, worker_queues in active.items():
            for q in worker_queues or []:
                consumers.setdefault(q.get("name", "?"), []).append(worker)
        lengths = self._lengths()
        fixes = {
            queues.AGENT: "start an agent worker: drugpilot worker --queues agent (compose service agent-worker)",
            queues.GPU: "start a gpu worker: drugpilot worker --queues gpu (compose: --profile gpu or --profile cpu)",
        } | {p.queue: f"run drugpilot {p.name} (it starts the delivery worker) or compose service delivery-{p.name}"
             for p in PLATFORMS}
        delivered = {p.queue: p for p in PLATFORMS}
        for queue in queues.ALL:
            names = sorted(consumers.get(queue, []))
            waiting = lengths.get(queue)
            wait_text = f"{waiting} waiting" if waiting is not None else "length unknown"
            detail = f"{len(names)} consumer(s) {', '.join(names) or '-'}; {wait_text}"
            name = f"queue {queue}"
            if names:
                if waiting is not None and waiting > BACKLOG_WARN * len(names):
                    self.add(name, WARN, detail + " (backlog)", "add workers for this queue (infra/README.md, "
                             "Scaling); KEDA scales the gpu worker on this length")
                else:
                    self.add(name, OK, detail)
            elif queue in delivered and not delivered[queue].is_configured(self.platforms[delivered[queue].name]):
                self.add(name, SKIP, f"{delivered[queue].title} is not configured; {wait_text}")
            elif queue in delivered:
                self.add(name, WARN, detail + ": replies wait in Redis until a delivery worker runs", fixes[queue])
            else:
                self.add(name, FAIL, detail, fixes[queue])
        return consumers

    def _lengths(self) -> dict[str, int]:
        broker = self.settings.effective_broker_url
        if not queues.is_redis_url(broker):
            return {}
        import redis

        try:
            client = self._redis if broker == self.settings.redis_url else redis.Redis.from_url(
                broker or "", socket_timeout=self.timeout_s)
            return {q: queues.queue_length(client, q) for q in queues.ALL}
        except redis.RedisError:
            return {}

    def check_gpu(self, consumers: dict[str, list[str]]) -> None:
        if not consumers.get(queues.GPU):
            self.add("gpu", SKIP, "no worker consumes the gpu queue")
            return
        started = time.monotonic()
        result = self.celery().send_task("worker.tasks.gpu_info", queue=queues.GPU, expires=self.gpu_timeout_s)
        try:
            info = result.get(timeout=self.gpu_timeout_s)
        except Exception as exc:
            self.add("gpu", WARN, f"no gpu worker answered within {self.gpu_timeout_s:g} s "
                     f"({type(exc).__name__}); they may all be busy with long model calls",
                     "look at Flower or the drugpilot_queue_length metric; add gpu workers if the queue grows")
            return
        finally:
            result.forget()
        seconds = time.monotonic() - started
        where = f"{info.get('worker')} (torch {info.get('torch')}, answered in {seconds:.1f} s)"
        if info.get("cuda_available"):
            self.add("gpu", OK, f"{where}: CUDA {info.get('cuda_build')}, {', '.join(info.get('devices', []))}")
        elif info.get("cuda_build"):
            self.add("gpu", WARN, f"{where}: a CUDA build of torch, but no GPU visible; tools run on CPU",
                     "give the container a GPU (compose --profile gpu; Kubernetes nvidia.com/gpu: 1) and check "
                     "nvidia-smi on the host")
        else:
            self.add("gpu", WARN, f"{where}: CPU-only torch; tools run on CPU (fine for today's small models)",
                     "for GPUs build infra/docker/Dockerfile.cuda and run compose --profile gpu")

    # -- LLM ----------------------------------------------------------------------------------------------
    def check_ollama(self) -> None:
        s = self.settings
        if not s.use_ollama:
            self.add("ollama", SKIP, "no LLM configured: the offline planner answers",
                     "set DRUGPILOT_OLLAMA_HOST (and DRUGPILOT_OLLAMA_MODEL) to use a local LLM")
            return
        host = s.ollama_url
        model = s.ollama_model
        try:
            tags = httpx.get(f"{host}/api/tags", timeout=self.timeout_s).raise_for_status().json()
        except (httpx.HTTPError, ValueError) as exc:
            self.add("ollama", FAIL, f"{host}: {type(exc).__name__}: {exc}; turns fall back to the offline planner",
                     "start Ollama (compose --profile cpu or gpu) or fix DRUGPILOT_OLLAMA_HOST")
            return
        names = {m.get("name") for m in tags.get("models", [])} | {m.get("model") for m in tags.get("models", [])}
        if _with_tag(model) not in {_with_tag(n) for n in names if n}:
            present = len(tags.get("models", []))
            self.add("ollama", FAIL, f"{host}: model {model} is not pulled ({present} models present)",
                     f"ollama pull {model} (compose: the ollama-pull service does it on first start)")
            return
        try:
            show = httpx.post(f"{host}/api/show", json={"model": model}, timeout=self.timeout_s * 3)
            show.raise_for_status()
            details = show.json()
        except (httpx.HTTPError, ValueError) as exc:
            self.add("ollama", WARN, f"{host}: {model} present, /api/show failed: {exc}")
            return
        capabilities = details.get("capabilities")
        context = next((v for k, v in (details.get("model_info") or {}).items() if k.endswith(".context_length")),
                       None)
        detail = f"{host}: {model}" + (f", context {context}" if context else "") + f", num_ctx {s.ollama_num_ctx}"
        if capabilities is None:
            self.add("ollama", WARN, detail + "; this Ollama does not report capabilities",
                     "upgrade Ollama (capabilities came in 0.6)")
        elif "tools" not in capabilities:
            self.add("ollama", WARN, detail + f"; no native tool calling ({', '.join(capabilities)}): calls are "
                     "parsed from text", "choose a model with tool support, e.g. qwen2.5-coder:1.5b or qwen3")
        elif context and s.ollama_num_ctx > int(context):
            self.add("ollama", WARN, detail + "; num_ctx exceeds the model's context length",
                     f"set DRUGPILOT_OLLAMA_NUM_CTX <= {context}")
        else:
            self.add("ollama", OK, detail + "; tool calling")

    # -- chat platforms -----------------------------------------------------------------------------------
    def check_platform(self, name: str) -> None:
        """The platform's own check (bot.platforms ``doctor_check``), on its settings section."""
        load(platform(name).doctor_check)(self, self.platforms[name])


def _with_tag(name: str) -> str:
    return name if ":" in name.rsplit("/", 1)[-1] else name + ":latest"


def mask_url(url: str | None) -> str:
    """``redis://:secret@host:6379/0`` → ``redis://:***@host:6379/0``."""
    return re.sub(r"(://[^:/@]*:)[^@/]*@", r"\1***@", url or "")


def render(checks: list[Check]) -> str:
    width = max([len(c.name) for c in checks] + [5])
    lines = [f"{'STATUS':<6}  {'CHECK':<{width}}  DETAIL"]
    for c in checks:
        lines.append(f"{c.status:<6}  {c.name:<{width}}  {c.detail}")
        if c.fix and c.status in (WARN, FAIL):
            lines.append(f"{'':<6}  {'':<{width}}  fix: {c.fix}")
    counts = {s: sum(c.status == s for c in checks) for s in (OK, WARN, FAIL, SKIP)}
    lines.append("")
    lines.append(", ".join(f"{n} {s}" for s, n in counts.items()))
    return "\n".join(lines)


def exit_code(checks: list[Check]) -> int:
    return 1 if any(c.status == FAIL for c in checks) else 0


def main(as_json: bool = False, timeout_s: float = 3.0, gpu_timeout_s: float = 20.0,
         flags: dict[str, bool] | None = None, out: Callable[[str], None] = print) -> int:
    settings = get_bot_settings()
    doctor = Doctor(settings.core, {p.name: p.settings_of(settings) for p in PLATFORMS}, timeout_s=timeout_s,
                    gpu_timeout_s=gpu_timeout_s, flags=dict(flags or {}))
    checks = doctor.run()
    out(json.dumps({"checks": [asdict(c) for c in checks], "exit": exit_code(checks)}, indent=1) if as_json
        else render(checks))
    return exit_code(checks)
