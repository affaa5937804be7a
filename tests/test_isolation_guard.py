"""The session guard in conftest.py: tests see neither the developer's DRUGPILOT_* variables nor a ``.env``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic_settings import BaseSettings, SettingsConfigDict

from conftest import REPO, TEST_KNOBS

HOSTILE = {"DRUGPILOT_REDIS_URL": "redis://environ.invalid:1/0", "DRUGPILOT_OLLAMA_HOST": "http://environ.invalid:1",
           "DRUGPILOT_LLM_BACKEND": "ollama"}
DOTENV = ("DRUGPILOT_REDIS_URL=redis://dotenv.invalid:1/0\nDRUGPILOT_OLLAMA_HOST=http://dotenv.invalid:1\n"
          "DRUGPILOT_LOG_FORMAT=json\nSLACK_BOT_TOKEN=xoxb-dotenv\nMICROSOFT_APP_ID=dotenv-app\n")


def test_settings_read_neither_the_environment_nor_a_dotenv(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from agent.settings import Settings, get_settings

    assert [name for name in os.environ if name.startswith("DRUGPILOT_") and name not in TEST_KNOBS] == []
    (tmp_path / ".env").write_text(DOTENV)
    monkeypatch.chdir(tmp_path)
    settings = get_settings()
    assert (settings.redis_url, settings.ollama_host, settings.llm_backend) == (None, None, "auto")
    assert not Settings().distributed and not Settings().use_ollama
    from bot.settings import get_bot_settings

    bot = get_bot_settings()
    assert bot.core is settings and settings.observability.log_format == "text"
    assert (bot.slack.bot_token, bot.teams.app_id) == (None, "")


def test_any_settings_class_ignores_a_dotenv(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    class Other(BaseSettings):  # a settings class written after this test: the guard covers it too
        model_config = SettingsConfigDict(env_prefix="DRUGPILOT_", env_file=".env", extra="ignore")
        redis_url: str | None = None

    (tmp_path / ".env").write_text(DOTENV)
    monkeypatch.chdir(tmp_path)
    assert Other().redis_url is None


def test_a_test_sets_what_it_needs_explicitly(monkeypatch: pytest.MonkeyPatch) -> None:
    from agent.settings import Settings

    monkeypatch.setenv("DRUGPILOT_REDIS_URL", "redis://127.0.0.1:1/0")
    assert Settings().redis_url == "redis://127.0.0.1:1/0"


def test_the_guard_holds_in_a_session_started_from_a_hostile_environment(tmp_path: Path) -> None:
    """A fresh pytest session with DRUGPILOT_* variables set and a .env in its working folder: the settings tests
    above pass there too."""
    (tmp_path / ".env").write_text(DOTENV)
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("DRUGPILOT_")}, **HOSTILE}
    tests = [f"{Path(__file__).resolve()}::{name}" for name in
             ("test_settings_read_neither_the_environment_nor_a_dotenv", "test_any_settings_class_ignores_a_dotenv")]
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir", str(REPO),
                          *tests], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert "2 passed" in run.stdout
