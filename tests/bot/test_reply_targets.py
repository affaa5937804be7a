"""Typed reply targets keep the JSON a queued turn already carries (a reply waiting in Redis across an upgrade)."""

from __future__ import annotations

from bot.slack.target import SlackTarget
from bot.teams.target import TeamsTarget


def test_slack_target_json_is_the_queued_shape() -> None:
    queued = {"team": "T1", "channel": "C1", "thread_ts": "1.0", "message_ts": "1.1", "status_ts": None}
    assert SlackTarget.from_json(queued).to_json() == queued
    assert SlackTarget.from_json({"channel": "C1", "thread_ts": "1.0"}) == SlackTarget("", "C1", "1.0")


def test_teams_target_json_is_the_queued_shape() -> None:
    for queued in ({"ref": "teams:t:c:1", "reply_to_id": "7"},
                   {"ref": "teams:t:c:1", "reply_to_id": "7", "card_id": "8", "ack_id": "9"}):
        assert TeamsTarget.from_json(queued).to_json() == queued
    assert TeamsTarget.from_json({"ref": "k", "reply_to_id": "7", "ack_id": None}) == TeamsTarget("k", "7")
