"""Configuration from environment variables (prefix DRUGPILOT_), documented in .env.example.

``Settings`` holds the core settings and, as sections, the ones below the chat platforms (``observability``);
``bot.settings.BotSettings`` adds the platform sections. Each section reads its variables by their documented
names (DRUGPILOT_LOG_FORMAT, not DRUGPILOT_OBSERVABILITY__LOG_FORMAT), from the environment or ``.env``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

OLLAMA_HOST = "http://127.0.0.1:11434"  # a local Ollama, used when DRUGPILOT_OLLAMA_HOST is unset
DRUGPILOT_ENV = SettingsConfigDict(env_prefix="DRUGPILOT_", env_file=".env", extra="ignore")


class ObservabilitySettings(BaseSettings):
    """DRUGPILOT_LOG_FORMAT (text | json) and DRUGPILOT_METRICS_PORT (0: no /metrics)."""

    model_config = DRUGPILOT_ENV

    log_format: str = "text"
    metrics_port: int = 0

    @property
    def json_logs(self) -> bool:
        return self.log_format.strip().lower() == "json"


class Settings(BaseSettings):
    model_config = DRUGPILOT_ENV

    redis_url: str | None = None  # unset: embedded mode (in-process pool, artifacts and execution)
    broker_url: str | None = None  # default: redis_url
    # auto: hybrid when ollama_host is set, else offline. hybrid: the LLM picks the tool, the offline planner
    # fills its values. ollama: the LLM alone (grounded in the user's text and checked by Fe-Fo).
    llm_backend: Literal["auto", "offline", "ollama", "hybrid"] = "auto"
    ollama_host: str | None = None
    ollama_model: str = "qwen2.5-coder:1.5b"
    ollama_num_ctx: int = 8192
    ollama_num_predict: int = 512  # tokens per LLM answer: bounds the time a rambling model can take
    llm_timeout_s: float = 60.0
    turn_timeout_s: float = 120.0
    tool_timeout_s: float = 600.0
    max_steps: int = 6
    max_retries: int = 2
    max_molecules: int = 100_000
    max_file_mb: float = 10.0
    turns_per_minute: int = 20  # per user and workspace; requests, pool commands and uploads all count
    artifact_ttl_s: int = 7 * 24 * 3600
    output_dir: str = "drugpilot-output"
    observability: ObservabilitySettings = Field(default_factory=ObservabilitySettings)

    @property
    def distributed(self) -> bool:
        return bool(self.redis_url)

    @property
    def effective_broker_url(self) -> str | None:
        return self.broker_url or self.redis_url

    @property
    def use_ollama(self) -> bool:
        return self.llm_backend in ("ollama", "hybrid") or (self.llm_backend == "auto" and bool(self.ollama_host))

    @property
    def ollama_url(self) -> str:
        return (self.ollama_host or OLLAMA_HOST).rstrip("/")

    @property
    def max_file_bytes(self) -> int:
        return int(self.max_file_mb * 1_000_000)


# Every field at its declared default, environment and .env unread: code that needs a default without settings
# (dataclass fields, keyword defaults) reads it here, so each default is written once, above.
DEFAULTS = Settings.model_construct(observability=ObservabilitySettings.model_construct())


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()
