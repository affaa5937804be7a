"""One settings object: every documented variable name reaches its section, ``.env`` is read, and a default
written once in ``Settings`` is the default everywhere."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from agent.fefo import check_call
from agent.loop import Limits
from agent.ratelimit import InMemoryRateLimiter
from agent.service import AgentDeps
from agent.settings import DEFAULTS, OLLAMA_HOST, Settings
from bot.settings import BotSettings, get_bot_settings
from conftest import REPO, clear_settings_caches

# The names README, .env.example and infra/ document, with a value and where it must land.
DOCUMENTED = {
    "DRUGPILOT_REDIS_URL": ("redis://redis:6379/0", lambda s: s.core.redis_url),
    "DRUGPILOT_TURN_TIMEOUT_S": ("90", lambda s: s.core.turn_timeout_s),
    "DRUGPILOT_MAX_FILE_MB": ("2.5", lambda s: s.core.max_file_mb),
    "DRUGPILOT_TURNS_PER_MINUTE": ("7", lambda s: s.core.turns_per_minute),
    "DRUGPILOT_LOG_FORMAT": ("json", lambda s: s.core.observability.log_format),
    "DRUGPILOT_METRICS_PORT": ("9101", lambda s: s.core.observability.metrics_port),
    "SLACK_BOT_TOKEN": ("xoxb-1", lambda s: s.slack.bot_token),
    "SLACK_SIGNING_SECRET": ("sign", lambda s: s.slack.signing_secret),
    "SLACK_APP_TOKEN": ("xapp-1", lambda s: s.slack.app_token),
    "DRUGPILOT_SLACK_PORT": ("3001", lambda s: s.slack.port),
    "DRUGPILOT_SLACK_NO_ANSWER_S": ("45", lambda s: s.slack.no_answer_s),
    "MICROSOFT_APP_ID": ("app-1", lambda s: s.teams.app_id),
    "MICROSOFT_APP_PASSWORD": ("pw", lambda s: s.teams.app_password.get_secret_value()),
    "MICROSOFT_APP_TENANT_ID": ("tenant-1", lambda s: s.teams.app_tenant_id),
    "MICROSOFT_APP_TYPE": ("MultiTenant", lambda s: s.teams.app_type),
    "DRUGPILOT_TEAMS_PORT": ("3979", lambda s: s.teams.port),
    "DRUGPILOT_PUBLIC_URL": ("https://bot.example.org", lambda s: s.teams.public_url),
}


@pytest.fixture
def fresh_settings() -> Iterator[None]:
    """Settings read in the test are not the ones later tests see."""
    clear_settings_caches()
    yield
    clear_settings_caches()


@pytest.mark.usefixtures("fresh_settings")
def test_every_documented_name_reaches_its_section(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, (value, _) in DOCUMENTED.items():
        monkeypatch.setenv(name, value)
    settings = get_bot_settings()
    assert {name: str(read(settings)) for name, (_, read) in DOCUMENTED.items()} == {
        name: str(type(read(settings))(value)) for name, (value, read) in DOCUMENTED.items()}
    assert settings.core.observability.json_logs and settings.core.max_file_bytes == 2_500_000


@pytest.mark.usefixtures("fresh_settings")
def test_one_cached_object_whose_core_is_the_agents(monkeypatch: pytest.MonkeyPatch) -> None:
    from agent.settings import get_settings

    settings = get_bot_settings()
    assert settings is get_bot_settings() and settings.core is get_settings()
    assert settings.slack is settings.slack and settings.teams is settings.teams


def test_a_platform_section_is_read_only_when_used(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bad Slack variable stops the Slack server, not the Teams one sharing the .env."""
    monkeypatch.setenv("DRUGPILOT_SLACK_PORT", "not a port")
    settings = BotSettings()
    assert settings.teams.port == 3978
    with pytest.raises(ValueError, match="port"):
        _ = settings.slack


def test_dotenv_is_read_by_every_section(tmp_path: Path) -> None:
    """Outside the test guard (a fresh interpreter, as a deployment runs): values from ``.env`` in the working
    folder, and the environment over ``.env``."""
    (tmp_path / ".env").write_text("DRUGPILOT_MAX_STEPS=9\nDRUGPILOT_LOG_FORMAT=json\nSLACK_BOT_TOKEN=xoxb-dotenv\n"
                                   "MICROSOFT_APP_ID=dotenv-app\nDRUGPILOT_TEAMS_PORT=4000\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DRUGPILOT_", "SLACK_", "MICROSOFT_APP_"))}
    env.update(PYTHONPATH=str(REPO), DRUGPILOT_TEAMS_PORT="4001")
    code = ("from bot.settings import get_bot_settings; s = get_bot_settings(); "
            "print(s.core.max_steps, s.core.observability.log_format, s.slack.bot_token, s.teams.app_id, s.teams.port)")
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True,
                         check=True, timeout=120)
    assert out.stdout.split() == ["9", "json", "xoxb-dotenv", "dotenv-app", "4001"]


def test_defaults_are_the_settings_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    """Limits, AgentDeps, check_call and the Ollama address take the one declaration in Settings; DEFAULTS
    reads no environment."""
    monkeypatch.setenv("DRUGPILOT_MAX_STEPS", "9")
    assert DEFAULTS.max_steps == Settings.model_fields["max_steps"].default != Settings().max_steps
    assert Limits() == Limits.from_settings(DEFAULTS)
    assert Limits.from_settings(Settings()).max_steps == 9
    deps = AgentDeps(None, None, None, None)  # type: ignore[arg-type]  # only the defaults are read
    assert deps.max_file_bytes == DEFAULTS.max_file_bytes == 10_000_000
    assert isinstance(deps.rate_limiter, InMemoryRateLimiter) and deps.rate_limiter.per_minute == 20
    assert check_call.__defaults__ == (DEFAULTS.max_molecules,)
    assert Settings().ollama_url == OLLAMA_HOST and Settings(ollama_host="http://gpu:11434/").ollama_url == (
        "http://gpu:11434")
