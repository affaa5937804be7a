"""Every chat platform declared in bot/platforms.py has all its parts, and worker/ knows the same platforms."""

from __future__ import annotations

import inspect

import pytest

from agent.settings import Settings
from bot.cli import main
from bot.delivery_worker import delivery_worker_command
from bot.doctor import Doctor
from bot.platforms import PLATFORMS, Platform, load
from bot.settings import BotSettings
from worker import queues


def test_the_workers_platforms_are_the_registry_s() -> None:
    assert queues.PLATFORMS == tuple(p.name for p in PLATFORMS)
    assert queues.REPLIES == tuple(p.queue for p in PLATFORMS)
    assert set(queues.REPLIES) <= set(queues.ALL)


@pytest.mark.parametrize("platform", PLATFORMS, ids=lambda p: p.name)
def test_a_platform_has_a_server_a_deliverer_a_doctor_check_and_settings(platform: Platform) -> None:
    serve = inspect.signature(load(platform.serve)).parameters
    assert {"delivery_worker_enabled", "loglevel", *(o.name for o in platform.options)} <= set(serve)
    assert callable(load(platform.deliverer))
    section = platform.settings_of(BotSettings())
    assert hasattr(section, platform.configured)
    assert platform.queue in delivery_worker_command(platform.name)

    doctor = Doctor(Settings(), {p.name: p.settings_of(BotSettings()) for p in PLATFORMS})
    load(platform.doctor_check)(doctor, section)
    assert [c.name for c in doctor.checks] == [platform.name]


@pytest.mark.parametrize("platform", PLATFORMS, ids=lambda p: p.name)
def test_a_platform_is_a_drugpilot_command(platform: Platform, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main([platform.name, "--help"])
    assert "--no-delivery-worker" in capsys.readouterr().out
