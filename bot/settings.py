"""Every setting of a bot process, by section: ``core`` (the agent's ``Settings``, with its ``observability``
section), ``slack`` and ``teams``. The platform sections live here because agent/ and worker/ never see a chat
platform. Each section reads its variables by their documented names (SLACK_BOT_TOKEN, MICROSOFT_APP_ID,
DRUGPILOT_…), from the environment or ``.env``."""

from __future__ import annotations

from functools import cached_property, lru_cache

from agent.settings import Settings, get_settings
from bot.slack.settings import SlackSettings
from bot.teams.settings import TeamsSettings


class BotSettings:
    """A platform section is read when first used, so a Teams process never fails on a Slack variable."""

    @property
    def core(self) -> Settings:
        return get_settings()  # the very object agent/ and worker/ read in this process

    @cached_property
    def slack(self) -> SlackSettings:
        return SlackSettings()

    @cached_property
    def teams(self) -> TeamsSettings:
        return TeamsSettings()


@lru_cache(maxsize=1)
def get_bot_settings() -> BotSettings:
    return BotSettings()
