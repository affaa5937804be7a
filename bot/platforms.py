"""The chat platforms, each declared once: what ``drugpilot <name>`` serves, which deliverer posts its replies
(queue ``replies.<name>``), and what ``drugpilot doctor`` checks. The CLI, the delivery worker and the doctor
read this registry; ``worker.queues.PLATFORMS`` repeats the names (worker/ does not import bot/), and
tests/bot/test_platforms.py checks that the two agree.

Code is named as ``"module:attribute"`` and imported when used, so ``drugpilot --help`` and a delivery worker
import no platform SDK they do not need.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from worker.queues import replies_queue


@dataclass(frozen=True)
class Option:
    """A ``--<name>`` option of ``drugpilot <platform>``, passed to ``serve`` as a keyword (None when not given)."""

    name: str
    type: type
    help: str


@dataclass(frozen=True)
class Platform:
    name: str  # ThreadRef.platform, the CLI command, the queue suffix, the compose services' suffix
    title: str  # as people write it
    help: str  # of ``drugpilot <name>``
    serve: str  # run(delivery_worker_enabled=, loglevel=, **options) -> exit status
    deliverer: str  # () -> bot.deliverer.Deliverer, built in the delivery worker from settings
    doctor_check: str  # (Doctor, settings section) -> None: adds the check named ``name``
    settings: str  # the attribute of bot.settings.BotSettings holding this platform's section
    configured: str  # the attribute of the settings section that is empty when the platform is not configured
    options: tuple[Option, ...] = ()
    doctor_flags: tuple[Option, ...] = ()  # ``drugpilot doctor --<name>`` switches its check reads (type bool)

    @property
    def queue(self) -> str:
        return replies_queue(self.name)

    def settings_of(self, bot_settings: Any) -> Any:
        return getattr(bot_settings, self.settings)

    def is_configured(self, section: Any) -> bool:
        return bool(getattr(section, self.configured))


PLATFORMS = (
    Platform(
        name="slack", title="Slack", help="run the Slack app (Socket Mode with SLACK_APP_TOKEN, else HTTP)",
        serve="bot.slack.server:run", deliverer="bot.slack.replier:deliverer_from_settings",
        doctor_check="bot.slack.doctor:check", settings="slack", configured="bot_token",
        options=(Option("port", int, "HTTP mode port (default: DRUGPILOT_SLACK_PORT or 3000)"),)),
    Platform(
        name="teams", title="Teams", help="run the Microsoft Teams bot endpoint (POST /api/messages)",
        serve="bot.teams.app:run", deliverer="bot.teams.replier:deliverer_from_settings",
        doctor_check="bot.teams.doctor:check", settings="teams", configured="app_id",
        options=(Option("port", int, "default: DRUGPILOT_TEAMS_PORT or 3978"),
                 Option("host", str, "default: DRUGPILOT_TEAMS_HOST, else 0.0.0.0 with MICROSOFT_APP_ID and "
                                     "127.0.0.1 without")),
        doctor_flags=(Option("teams-token", bool, "also fetch a Bot Framework token (network)"),)),
)


BY_NAME = {p.name: p for p in PLATFORMS}


def platform(name: str) -> Platform:
    return BY_NAME[name]


def load(reference: str) -> Any:
    """The object a ``"module:attribute"`` reference names."""
    module, attribute = reference.split(":")
    return getattr(importlib.import_module(module), attribute)
