"""Wire the agent to its parts from settings: embedded (in-process) or distributed (Redis + Celery).

One set of parts per process, built on first use, so the embedded pool lives as long as the process.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from agent.artifacts import ArtifactStore, InMemoryArtifactStore
from agent.backends.base import Backend
from agent.backends.planner import OfflinePlanner
from agent.history import HistoryStore, InMemoryHistoryStore, RedisHistoryStore
from agent.loop import Limits
from agent.pool.store import InMemoryPoolStore, PoolStore, RedisPoolStore
from agent.ratelimit import InMemoryRateLimiter, RedisRateLimiter
from agent.service import AgentDeps
from agent.settings import Settings, get_settings
from worker.artifacts import RedisArtifactStore


@lru_cache(maxsize=1)
def redis_client() -> Any:
    import redis

    return redis.Redis.from_url(get_settings().redis_url or "", socket_timeout=10, health_check_interval=30)


@lru_cache(maxsize=1)
def pool_store() -> PoolStore:
    return RedisPoolStore(redis_client()) if get_settings().distributed else InMemoryPoolStore()


@lru_cache(maxsize=1)
def history_store() -> HistoryStore:
    return RedisHistoryStore(redis_client()) if get_settings().distributed else InMemoryHistoryStore()


@lru_cache(maxsize=1)
def artifact_store() -> ArtifactStore:
    settings = get_settings()
    if settings.distributed:
        return RedisArtifactStore(redis_client(), settings.artifact_ttl_s)
    return InMemoryArtifactStore()


def make_backend(settings: Settings) -> tuple[Backend, Backend | None, list[str]]:
    """The LLM backend, its fallback, and a notice to show once when there is no LLM."""
    if settings.use_ollama:
        # auto means hybrid: with the small local models it measured far better than the plain LLM (README)
        return llm_backend(settings, hybrid=settings.llm_backend in ("auto", "hybrid")), OfflinePlanner(), []
    return OfflinePlanner(), None, ["(Offline planner: no LLM is configured.)"]


def llm_backend(settings: Settings, host: str | None = None, model: str | None = None,
                hybrid: bool = False) -> Backend:
    """Ollama from settings (host and model may be overridden); hybrid: it picks the tool, the planner fills."""
    from agent.backends.hybrid import HybridBackend
    from agent.backends.ollama import OllamaBackend

    ollama = OllamaBackend(host or settings.ollama_url, model or settings.ollama_model,
                           num_ctx=settings.ollama_num_ctx, timeout_s=settings.llm_timeout_s,
                           num_predict=settings.ollama_num_predict)
    return HybridBackend(ollama) if hybrid else ollama


@lru_cache(maxsize=1)
def build_deps() -> AgentDeps:
    settings = get_settings()
    if settings.distributed:
        from worker.celery_app import app
        from worker.dispatch import CeleryDispatcher

        from worker.celeryconfig import tool_wait_s

        dispatcher: Any = CeleryDispatcher(app, tool_wait_s(settings.tool_timeout_s))
    else:
        from worker.dispatch import InProcessDispatcher

        dispatcher = InProcessDispatcher(artifact_store())
    backend, fallback, notices = make_backend(settings)
    limits = Limits.from_settings(settings)
    rate_limiter = (RedisRateLimiter(redis_client(), settings.turns_per_minute) if settings.distributed
                    else InMemoryRateLimiter(settings.turns_per_minute))
    return AgentDeps(pool_store=pool_store(), artifacts=artifact_store(), dispatcher=dispatcher, backend=backend,
                     fallback=fallback, history=history_store(), rate_limiter=rate_limiter, limits=limits,
                     max_file_bytes=settings.max_file_bytes, notices=notices)
