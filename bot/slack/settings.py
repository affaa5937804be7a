"""Slack settings from the environment (documented in .env.example and infra/slack/README.md)."""

from __future__ import annotations

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

SLACK_API_URL = "https://slack.com/api/"


class SlackSettings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", extra="ignore")

    bot_token: str | None = Field(None, validation_alias="SLACK_BOT_TOKEN")
    signing_secret: str | None = Field(None, validation_alias="SLACK_SIGNING_SECRET")
    # Set: Socket Mode (no public URL needed). Unset: HTTP mode on `port` with signature verification.
    app_token: str | None = Field(None, validation_alias="SLACK_APP_TOKEN")
    api_url: str = Field(SLACK_API_URL, validation_alias="DRUGPILOT_SLACK_API_URL")
    host: str = Field("0.0.0.0", validation_alias="DRUGPILOT_SLACK_HOST")
    port: int = Field(3000, validation_alias="DRUGPILOT_SLACK_PORT")
    path: str = Field("/slack/events", validation_alias="DRUGPILOT_SLACK_PATH")
    # HTTP mode (waitress): request threads, open connections, and seconds an idle connection is kept.
    http_threads: int = Field(8, validation_alias="DRUGPILOT_SLACK_HTTP_THREADS")
    http_connection_limit: int = Field(100, validation_alias="DRUGPILOT_SLACK_HTTP_CONNECTIONS")
    http_idle_timeout_s: int = Field(30, validation_alias="DRUGPILOT_SLACK_HTTP_IDLE_TIMEOUT_S")
    # Rate-limited calls (HTTP 429) are retried after Retry-After, this many times.
    rate_limit_retries: int = Field(3, validation_alias="DRUGPILOT_SLACK_RATE_LIMIT_RETRIES")
    # Distributed mode: a process whose heartbeat is this old is gone; its acknowledged events are run again.
    intake_ttl_s: float = Field(30, validation_alias="DRUGPILOT_SLACK_INTAKE_TTL_S")
    # Say so in the thread when no answer came after this many seconds (0: turn + tool time limits + 60 s).
    no_answer_s: float = Field(0, validation_alias="DRUGPILOT_SLACK_NO_ANSWER_S")

    @property
    def base_url(self) -> str:
        return self.api_url if self.api_url.endswith("/") else self.api_url + "/"

    @property
    def socket_mode(self) -> bool:
        return bool(self.app_token)
