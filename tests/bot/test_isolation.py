"""A thread's memory pool is reachable only from that thread. From another thread, another Slack workspace
or another Teams tenant, every entry point — pool commands, ``(key)`` references in a request, the Slack
shortcut and its modal, the Teams pool card's submit, the signed file links — is tried against thread A's
pool, over HTTP against the platform emulators, and must neither read nor change it."""

from __future__ import annotations

import json
import uuid

import httpx

from agent.pool.thread_pool import ThreadPool
from agent.turn import ThreadRef
from embedded_apps import api, bot, connector, driver, runtime, slack  # noqa: F401 - fixtures
from emulators.slack_api import SlackAPI, payload, send_event
from slack_harness import CHANNEL, SECRET, SlackDriver, blocks_text, new_ts
from teams_harness import BotServer, new_thread
from teams_harness import payload as teams_payload
from worker.runtime import pool_store

SECRET_SMILES = "CC(=O)Oc1ccccc1C(=O)O"
TEAM, OTHER_TEAM = "T0LAB", "T0RIVAL"
TENANT, OTHER_TENANT = "72f988bf-0000-4000-8000-000000000001", "0badc0de-0000-4000-8000-000000000002"


def slack_pool(team: str, thread_ts: str) -> ThreadPool:
    return ThreadPool(pool_store(), ThreadRef("slack", team, CHANNEL, thread_ts).key())


def mention_from(driver: SlackDriver, team: str, text: str, thread_ts: str) -> str:
    """A mention in ``thread_ts`` of channel C0CHEM, as workspace ``team`` delivers it."""
    ts = new_ts()
    body = payload("app_mention", event_id=f"Ev{uuid.uuid4().hex[:12].upper()}")
    body["team_id"] = team
    body["event"].update({"text": f"<@U0BOT> {text}", "ts": ts, "event_ts": ts, "thread_ts": thread_ts,
                          "team": team})
    assert send_event(driver.url, SECRET, body).status == 200
    return ts


def answer_text(driver: SlackDriver, thread_ts: str, n: int) -> str:
    return blocks_text(driver.wait_answer(thread_ts, n=n, timeout=60))


def test_slack_threads_and_workspaces_cannot_reach_each_others_pool(driver: SlackDriver, api: SlackAPI) -> None:
    thread_a = new_ts()
    mention_from(driver, TEAM, f"pool set secret_hits {SECRET_SMILES}", thread_a)
    assert "Set `secret_hits`" in answer_text(driver, thread_a, 1)
    before = slack_pool(TEAM, thread_a).get("secret_hits")

    thread_b = new_ts()
    attempts = [  # (team, thread, text)
        (TEAM, thread_b, "pool show secret_hits"),
        (TEAM, thread_b, "how soluble is (secret_hits)?"),
        (TEAM, thread_b, "pool export secret_hits"),
        (TEAM, thread_b, "pool rename secret_hits mine"),
        (TEAM, thread_b, "pool del secret_hits"),
        (OTHER_TEAM, thread_a, "pool show secret_hits"),  # the same channel id and thread ts, another workspace
        (OTHER_TEAM, thread_a, "pool del secret_hits"),
        (OTHER_TEAM, thread_a, "how soluble is (secret_hits)?"),
    ]
    answers = {thread_a: 1, thread_b: 0}  # answers so far per thread ts (the emulator has one channel)
    for team, thread, text in attempts:
        mention_from(driver, team, text, thread)
        answers[thread] += 1
        reply = answer_text(driver, thread, answers[thread])
        assert SECRET_SMILES not in reply, (text, reply)
        assert "no key `secret_hits`" in reply.lower(), (text, reply)
    assert not [f for f in api.uploaded_files() if SECRET_SMILES.encode() in f["data"]]

    # The shortcut on thread B's message opens thread B's pool only.
    driver.shortcut(thread_b)
    opened = api.wait_for("views.open", n=len(api.calls("views.open")) or 1)[-1]["view"]
    assert "secret_hits" not in json.dumps(opened)

    # Its form, resubmitted with metadata pointed at thread A, or by someone else, changes nothing.
    metadata = json.loads(opened["private_metadata"])
    forged = {**opened, "private_metadata": json.dumps({**metadata, "thread": {**metadata["thread"],
                                                                               "thread_ts": thread_a}})}
    for view, user in ((forged, "U0BOB"), (opened, "U0MALLORY")):
        sent = driver.submit(view, {"new_key": "secret_hits", "new_value": "CCN"}, user=user)
        assert sent.status == 200 and json.loads(sent.body)["response_action"] == "errors"
    after = slack_pool(TEAM, thread_a).get("secret_hits")
    assert after is not None and after.value == before.value and after.meta.version == before.meta.version
    assert slack_pool(OTHER_TEAM, thread_a).keys() == [] and "secret_hits" not in slack_pool(TEAM, thread_b).keys()


def teams_ask(bot: BotServer, connector_url: str, thread: str, tenant: str, **fields: object) -> dict:
    activity = teams_payload("channel_mention", connector_url, thread=thread, id=str(uuid.uuid4().int)[:13],
                             **fields)
    activity["channelData"]["tenant"]["id"] = tenant
    activity["conversation"]["tenantId"] = tenant
    assert bot.post(activity).status_code == 201
    return activity


def teams_reply(connector, activity: dict) -> str:
    [reply] = connector.wait_for("reply", 1, timeout=60, where=lambda c: c["activity_id"] == activity["id"]
                                 and c["body"].get("type") == "message" and not (c["body"].get("text") or "")
                                 .startswith("Working on it"))
    return json.dumps(reply["body"])


def test_teams_threads_and_tenants_cannot_reach_each_others_pool(bot: BotServer, connector) -> None:
    thread_a = new_thread()
    teams_reply(connector, teams_ask(bot, connector.url, thread_a, TENANT,
                                     text=f"<at>DrugPilot</at> pool set secret_hits {SECRET_SMILES}"))
    export = teams_ask(bot, connector.url, thread_a, TENANT, text="<at>DrugPilot</at> pool export secret_hits")
    [link] = [a["url"] for a in json.loads(teams_reply(connector, export))["attachments"][0]["content"]["actions"]]
    assert SECRET_SMILES in httpx.get(link).text

    thread_b = new_thread()
    card = {"drugpilot": "pool", "op": "show", "key": "secret_hits",
            "thread": f"19:{thread_a}@thread.tacv2;messageid=1700000000000"}  # extra fields are not obeyed
    attempts = [
        (thread_b, TENANT, {"text": "<at>DrugPilot</at> pool show secret_hits"}),
        (thread_b, TENANT, {"text": "<at>DrugPilot</at> how soluble is (secret_hits)?"}),
        (thread_b, TENANT, {"text": "", "value": card}),
        (thread_b, TENANT, {"text": "", "value": {**card, "op": "del"}}),
        (thread_a, OTHER_TENANT, {"text": "<at>DrugPilot</at> pool show secret_hits"}),
        (thread_a, OTHER_TENANT, {"text": "", "value": {**card, "op": "set", "value": "CCN"}}),
    ]
    for thread, tenant, fields in attempts:
        reply = teams_reply(connector, teams_ask(bot, connector.url, thread, tenant, **fields))
        assert SECRET_SMILES not in reply, (fields, reply)

    # A signed link names one artifact: pointed at another key, it is refused.
    other = teams_ask(bot, connector.url, thread_b, TENANT, text="<at>DrugPilot</at> pool export secret_hits")
    teams_reply(connector, other)
    path = httpx.URL(link).path
    _, _, key, name = path.split("/")
    assert httpx.get(link.replace(f"/{key}/", f"/{key[:-1]}x/")).status_code == 403

    pool_a = ThreadPool(pool_store(), ThreadRef("teams", TENANT, f"19:{thread_a}@thread.tacv2", "1700000000000").key())
    entry = pool_a.get("secret_hits")
    assert entry is not None and entry.value == [SECRET_SMILES] and entry.meta.version == 1
    other_tenant = ThreadPool(pool_store(), ThreadRef("teams", OTHER_TENANT, f"19:{thread_a}@thread.tacv2",
                                                      "1700000000000").key())
    assert other_tenant.get("secret_hits").value == ["CCN"]  # the other tenant wrote only its own pool
