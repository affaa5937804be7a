"""Embedded delivery against the Slack API emulator when Slack fails while the answer is being posted:
every failure is logged and retried without posting anything twice, and a failure that lasts ends the turn
visibly, so the thread never keeps "Working on it…" or hears "No answer after …" about an answer it has."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from bot.slack.listeners import SlackServices
from embedded_apps import api, driver, services, slack  # noqa: F401 - fixtures
from emulators.slack_api import SlackAPI
from slack_harness import CHANNEL, SlackDriver, blocks_text

QUESTION = "how soluble is CCO?"  # an answer with two files (CSV and plot)


@pytest.fixture
def quick_retries(services: SlackServices) -> Iterator[SlackServices]:
    before = services.retry_delays_s
    services.retry_delays_s = (0.05, 0.05, 0.05)
    yield services
    services.retry_delays_s = before


def test_a_failed_upload_is_logged_and_retried_without_a_second_answer(
        driver: SlackDriver, api: SlackAPI, quick_retries: SlackServices, caplog: pytest.LogCaptureFixture) -> None:
    api.fail_next("files.completeUploadExternal")
    with caplog.at_level(logging.WARNING, logger="bot.delivery_retry"):
        ts, _ = driver.mention(QUESTION)
        answer = driver.wait_answer(ts, timeout=90)
        api.wait_for("reactions.add", timestamp=ts, name="white_check_mark", timeout=30)
    assert "CCO" in blocks_text(answer) and len(driver.answers(ts)) == 1
    files = [f for f in api.uploaded_files() if f["thread_ts"] == ts]
    assert sorted(f["title"].rsplit(".", 1)[-1] for f in files) == ["csv", "png"]
    assert "failed (SlackApiError" in caplog.text and "try 1/4" in caplog.text
    api.wait_for("chat.delete", channel=CHANNEL)


def test_a_lasting_failure_ends_the_turn_in_the_thread(driver: SlackDriver, api: SlackAPI,
                                                       quick_retries: SlackServices) -> None:
    for _ in range(len(quick_retries.retry_delays_s) + 1):
        api.fail_next("files.completeUploadExternal")
    ts, _ = driver.mention(QUESTION)
    driver.wait_answer(ts, timeout=90)
    [said] = api.wait_for("chat.postMessage", thread_ts=ts, contains="could not be posted", timeout=30)
    assert said["text"] == ("The answer is above, but its files could not be posted (internal_error). "
                            "Ask again for them.")
    api.wait_for("reactions.add", timestamp=ts, name="white_check_mark", timeout=10)
    status_ts = [c for c in api.calls("chat.postMessage", thread_ts=ts) if c["text"] == "Working on it…"]
    assert status_ts and api.calls("chat.delete", channel=CHANNEL)
    assert quick_retries.watch.pending() == 0  # the timeout notice will not say "No answer after …"
    assert len(driver.answers(ts)) == 2  # the answer, and the note about its files


def test_an_answer_that_cannot_be_posted_is_reported_instead(driver: SlackDriver, api: SlackAPI,
                                                             quick_retries: SlackServices) -> None:
    ts, _ = driver.mention(QUESTION)
    api.wait_for("chat.postMessage", thread_ts=ts, text="Working on it…")
    for _ in range(len(quick_retries.retry_delays_s) + 1):
        api.fail_next("chat.postMessage", error="channel_not_found")
    [said] = api.wait_for("chat.update", contains="could not post its answer", timeout=90)
    assert "(channel_not_found)" in said["text"]
    api.wait_for("reactions.add", timestamp=ts, name="warning", timeout=10)
    assert quick_retries.watch.pending() == 0
