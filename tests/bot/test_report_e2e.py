"""Through the real Slack and Teams apps (embedded mode, over HTTP, against the platform emulators): a filter
follow-up is answered from the stored result without a tool call, and `report` posts an HTML file of the thread
into the thread."""

from __future__ import annotations

import httpx

from agent.history import PastRequest
from agent.turn import ThreadRef
from embedded_apps import api, bot, connector, driver, runtime, slack  # noqa: F401 - fixtures
from emulators.slack_api import TEAM_ID, SlackAPI
from emulators.teams_connector import TeamsConnector
from slack_harness import CHANNEL, SlackDriver, blocks_text
from teams_harness import BotServer, new_thread, payload
from test_teams_e2e import card_of, replies_to
from worker.runtime import history_store

ANSWER_TIMEOUT_S = 90.0  # the first turn of a process loads the property model
TENANT = "72f988bf-0000-4000-8000-000000000001"


def _last(thread: ThreadRef) -> PastRequest:
    return history_store().log(thread.key())[-1]


def test_slack_filter_follow_up_and_report_file(driver: SlackDriver, api: SlackAPI) -> None:
    ts, _ = driver.mention("how soluble are these? CCO, c1ccccc1O, CCCCCCCCO")
    first = blocks_text(driver.wait_answer(ts, timeout=ANSWER_TIMEOUT_S))
    assert "solubility" in first.lower()
    thread = ThreadRef("slack", TEAM_ID, CHANNEL, ts)
    assert [c.tool for c in _last(thread).calls] == ["drug_property_prediction"]

    driver.say("only the ones with logS above 0", ts)  # a follow-up in the thread needs no mention
    follow = blocks_text(driver.wait_answer(ts, n=2, timeout=ANSWER_TIMEOUT_S))
    assert "No model was re-run" in follow and "filtered_1" in follow
    entry = _last(thread)
    assert entry.kind == "analysis" and entry.calls == [] and entry.text == "only the ones with logS above 0"

    driver.say("report", ts, user="U0CAROL")
    report_answer = blocks_text(driver.wait_answer(ts, n=3, timeout=ANSWER_TIMEOUT_S))
    assert "Report of this thread" in report_answer
    api.wait_for("files.completeUploadExternal", timeout=10)
    [html] = [f for f in api.uploaded_files() if f["thread_ts"] == ts and f["title"].endswith(".html")]
    page = html["data"].decode()
    assert html["channel"] == CHANNEL
    assert "how soluble are these? CCO, c1ccccc1O, CCCCCCCCO" in page and "only the ones with logS above 0" in page
    assert "U0ALICE" in page and "U0BOB" in page and "<table>" in page and "data:image/png;base64," in page


def test_teams_filter_follow_up_and_report_file(bot: BotServer, connector: TeamsConnector) -> None:
    thread = new_thread()
    ref = ThreadRef("teams", TENANT, f"19:{thread}@thread.tacv2", "1700000000000")
    ask = payload("channel_mention", connector.url, thread=thread, id="1700000000701")
    assert bot.post(ask).status_code == 201
    replies_to(connector, ask["id"], timeout=ANSWER_TIMEOUT_S, text="(Offline planner")

    follow = payload("channel_mention", connector.url, thread=thread, id="1700000000702",
                     text="<at>DrugPilot</at> keep those with logS above 0")
    assert bot.post(follow).status_code == 201
    [answer] = replies_to(connector, follow["id"], timeout=ANSWER_TIMEOUT_S, text="Kept ")
    assert "No model was re-run" in answer["body"]["text"]
    entry = _last(ref)
    assert entry.kind == "analysis" and entry.calls == [] and entry.user == "Alice Chen"

    report = payload("channel_mention", connector.url, thread=thread, id="1700000000703",
                     text="<at>DrugPilot</at> report")
    assert bot.post(report).status_code == 201
    [posted] = replies_to(connector, report["id"], timeout=ANSWER_TIMEOUT_S, text="Report of this thread")
    [link] = [a["url"] for a in card_of(posted)["actions"] if ".html" in a["title"]]
    page = httpx.get(link)
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "attachment" in page.headers["content-disposition"]
    assert "What is the aqueous solubility of CCO and c1ccccc1O?" in page.text
    assert "keep those with logS above 0" in page.text and "Alice Chen" in page.text and "<table>" in page.text
