"""The bot token goes only to Slack: a signed event whose file link points elsewhere, or a download Slack
redirects elsewhere, is refused with a plain reason in the thread; the other host gets no request with the
token, and nothing it serves reaches the thread. (Real Bolt app over HTTP, Slack API emulator, and a
second local host standing in for "elsewhere".)"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from embedded_apps import api, driver, services, slack  # noqa: F401 - fixtures
from emulators.elsewhere import MARKER, Elsewhere
from emulators.slack_api import BOT_TOKEN, SlackAPI
from slack_harness import SlackDriver


@pytest.fixture
def elsewhere() -> Iterator[Elsewhere]:
    with Elsewhere() as host:
        yield host


def posted_text(api: SlackAPI, thread: str) -> str:
    return "\n".join(str(c) for c in api.calls(thread_ts=thread))


def test_a_file_link_outside_slack_is_refused_without_sending_the_token(driver: SlackDriver, api: SlackAPI,
                                                                         elsewhere: Elsewhere) -> None:
    thread, _ = driver.mention("pool list")
    driver.wait_answer(thread)
    file = api.add_file("hits.csv", b"smiles\nCCO\n")
    file["url_private_download"] = f"{elsewhere.url}/steal/hits.csv"  # a signed event, a forged link
    driver.share_files([file], thread)

    [said] = api.wait_for("chat.update", contains="hits.csv")
    assert said["text"] == ("I could not use hits.csv: its download link does not point to Slack, so I did not "
                            "fetch it. Nothing from it was added to the pool.")
    assert elsewhere.requests == []
    assert MARKER.decode() not in posted_text(api, thread)


def test_a_download_redirected_away_from_slack_is_stopped_before_it_leaves(driver: SlackDriver, api: SlackAPI,
                                                                            elsewhere: Elsewhere) -> None:
    thread, _ = driver.mention("pool list")
    driver.wait_answer(thread)
    file = api.add_file("moved.csv", b"smiles\nCCO\n", redirect=f"{elsewhere.url}/moved.csv")
    driver.share_files([file], thread)

    [said] = api.wait_for("chat.update", contains="moved.csv")
    assert "redirected the download away from Slack" in said["text"]
    assert [r.headers.get("Authorization") for r in api.records("download") if r.args["file"] == file["id"]] == [
        f"Bearer {BOT_TOKEN}"]  # the first hop, on Slack's host, had the token
    assert elsewhere.requests == []  # the redirect was never followed
    assert MARKER.decode() not in posted_text(api, thread)
