"""Teams limits and hostile input, over HTTP (the real aiohttp app, embedded mode) against the Bot Connector
emulator, plus the real `drugpilot teams` process for its start-up settings.

- A refused typing indicator is logged and the request still gets its answer.
- A personal-chat file is downloaded after the request was answered (a slow download never holds it), and
  only from Teams' file hosts: a link elsewhere, or a redirect away, is refused and never fetched.
- The pool card of a big pool pages itself under Teams' size limit; a card Teams refuses anyway becomes text.
- Without an app id the server listens on 127.0.0.1 only; bad auth settings are one clear line, no traceback.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from agent.pool.thread_pool import ThreadPool
from bot.teams import activities as acts
from conftest import REPO, free_port, wait_for_port
from embedded_apps import bot, connector, runtime  # noqa: F401 - fixtures
from emulators.elsewhere import MARKER, Elsewhere
from emulators.teams_connector import TeamsConnector
from teams_harness import BotServer, new_thread, payload
from worker.runtime import pool_store


def replies(connector: TeamsConnector, activity_id: str, text: str = "", n: int = 1, timeout: float = 30.0) -> list:
    return connector.wait_for("reply", n, timeout=timeout, where=lambda c: c["activity_id"] == activity_id
                              and (c["body"].get("text") or "").startswith(text))


@pytest.fixture
def elsewhere() -> Iterator[Elsewhere]:
    with Elsewhere() as host:
        yield host


def test_a_refused_typing_indicator_is_logged_and_the_request_still_answers(
        bot: BotServer, connector: TeamsConnector, caplog: pytest.LogCaptureFixture) -> None:
    activity = payload("channel_mention", connector.url, thread=new_thread(), id="1700000000901",
                       text="<at>DrugPilot</at> pool set probe CCO")
    connector.fail("reply", 403, activity_id=activity["id"])  # the first reply is the typing indicator
    with caplog.at_level(logging.WARNING, logger="bot.teams.handlers"):
        assert bot.post(activity).status_code == 201
        [answer] = replies(connector, activity["id"], "Set probe")
    refused = [a for a in connector.attempts if a.get("status") == 403 and a["activity_id"] == activity["id"]]
    assert refused and refused[0]["body"]["type"] == "typing"
    assert "typing indicator for 1700000000901 refused" in caplog.text
    assert "couldn't handle" not in answer["body"]["text"]


def test_a_personal_chat_file_is_downloaded_after_the_request_is_answered(bot: BotServer,
                                                                          connector: TeamsConnector) -> None:
    connector.files["slow.csv"] = b"smiles\nCCO\nCCN\n"
    activity = payload("personal_file", connector.url, thread=new_thread(), id="1700000000902")
    activity["attachments"][0]["content"]["downloadUrl"] = connector.url + "downloads/slow.csv"
    connector.downloads_open.clear()  # the download hangs until the test lets it go
    try:
        assert bot.post(activity).status_code == 201  # answered while the download is still waiting
        assert not [c for c in connector.calls("download") if c["name"] == "slow.csv"]
    finally:
        connector.downloads_open.set()
    [answer] = replies(connector, activity["id"], "Stored")
    assert "2 molecule(s) from hits.csv" in answer["body"]["text"]


def test_file_links_outside_teams_are_never_fetched(bot: BotServer, connector: TeamsConnector,
                                                    elsewhere: Elsewhere) -> None:
    activity = payload("personal_file", connector.url, thread=new_thread(), id="1700000000903")
    activity["attachments"][0]["content"]["downloadUrl"] = elsewhere.url + "/hits.csv"
    assert bot.post(activity).status_code == 201
    [said] = replies(connector, activity["id"], "I didn't download hits.csv")
    assert said["body"]["text"] == "I didn't download hits.csv: its link does not point to Teams or SharePoint."

    connector.files["moved.csv"] = b"smiles\nCCO\n"
    connector.redirects["moved.csv"] = elsewhere.url + "/moved.csv"
    moved = payload("personal_file", connector.url, thread=new_thread(), id="1700000000904")
    moved["attachments"][0]["content"]["downloadUrl"] = connector.url + "downloads/moved.csv"
    assert bot.post(moved).status_code == 201
    [said] = connector.wait_for("update", 1, timeout=30, where=lambda c: "led away" in (c["body"].get("text") or ""))
    assert "hits.csv: its link led away from Teams and SharePoint" in said["body"]["text"]
    assert elsewhere.requests == []
    everything = str(connector.calls())
    assert MARKER.decode() not in everything


def test_a_big_pool_card_pages_itself_and_falls_back_to_text(bot: BotServer, connector: TeamsConnector) -> None:
    thread = new_thread()
    ask = payload("channel_mention", connector.url, thread=thread, id="1700000000905", text="<at>DrugPilot</at> pool")
    pool = ThreadPool(pool_store(), acts.thread_ref(ask).key())
    for i in range(60):
        pool.put(f"hits_{i:02d}", ["CCO", "c1ccccc1O"], "smiles_list", "Alice", "message")
    connector.max_activity_bytes = 80_000  # Teams refused the unpaged card from ~45 keys (~75 KB in UTF-16)
    try:
        assert bot.post(ask).status_code == 201
        [card_reply] = connector.wait_for("reply", 1, where=lambda c: c["activity_id"] == ask["id"]
                                          and c["body"].get("attachments"))
        card = card_reply["body"]["attachments"][0]["content"]
        [choices] = [b["choices"] for b in card["body"] if b["type"] == "Input.ChoiceSet"]
        assert [c["value"] for c in choices] == [f"hits_{i:02d}" for i in range(15)]
        [paging] = [b["actions"] for b in card["body"] if b["type"] == "ActionSet"]
        [next_page] = [a["data"] for a in paging if a["title"] == "Next"]

        submit = payload("card_submit", connector.url, thread=thread, id="1700000000906", replyToId=card_reply["id"],
                         value=next_page)
        assert bot.post(submit).status_code == 201
        [update] = connector.wait_for("update", 1, where=lambda c: c["activity_id"] == card_reply["id"])
        [choices] = [b["choices"] for b in update["body"]["attachments"][0]["content"]["body"]
                     if b["type"] == "Input.ChoiceSet"]
        assert choices[0]["value"] == "hits_15"

        connector.max_activity_bytes = 20_000  # a client that takes no card this size: the listing as text
        again = payload("channel_mention", connector.url, thread=thread, id="1700000000907",
                        text="<at>DrugPilot</at> pool")
        assert bot.post(again).status_code == 201
        [text] = replies(connector, again["id"], "60 key(s) in this thread's pool")
        assert "• hits_00" in text["body"]["text"] and "hits_59" in text["body"]["text"]
    finally:
        connector.max_activity_bytes = None


def start_teams(tmp: Path, **env_extra: str) -> tuple[subprocess.Popen, Path, int]:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DRUGPILOT_", "MICROSOFT_"))}
    env.update({"DRUGPILOT_TEAMS_PORT": str(port), "DRUGPILOT_OUTPUT_DIR": str(tmp / "out"),
                "PYTHONPATH": str(REPO), **env_extra})
    log = tmp / f"teams-{port}.log"
    with log.open("wb") as sink:  # in the test's folder: no .env of the developer's is read
        proc = subprocess.Popen([sys.executable, "-m", "bot.cli", "teams"], cwd=tmp, env=env, stdout=sink,
                                stderr=subprocess.STDOUT, start_new_session=True)
    return proc, log, port


def listening_addresses(port: int) -> set[str]:
    """Local addresses with a socket listening on ``port`` (from /proc/net/tcp, state 0A)."""
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        if not Path(table).exists():
            continue
        for line in Path(table).read_text().splitlines()[1:]:
            local, state = line.split()[1], line.split()[3]
            address, hex_port = local.split(":")
            if state == "0A" and int(hex_port, 16) == port:
                found.add(address)
    return found


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads listening sockets from /proc/net/tcp")
def test_without_an_app_id_the_server_listens_on_loopback_only(tmp_path: Path) -> None:
    proc, log, port = start_teams(tmp_path)
    try:
        wait_for_port(port, timeout=60)
        assert listening_addresses(port) == {"0100007F"}, log.read_text()[-2000:]  # 127.0.0.1, nothing else
    finally:
        proc.terminate()
        proc.wait(timeout=30)


@pytest.mark.parametrize(("settings", "says"), [
    ({"MICROSOFT_APP_TYPE": "UserAssignedMSI"}, "MICROSOFT_APP_TYPE=UserAssignedMSI needs MICROSOFT_APP_TENANT_ID"),
    ({"MICROSOFT_APP_TYPE": "SingleTenant"},
     "MICROSOFT_APP_TYPE=SingleTenant needs MICROSOFT_APP_PASSWORD and MICROSOFT_APP_TENANT_ID"),
    ({"MICROSOFT_APP_TYPE": "MultiTenant"}, "MICROSOFT_APP_TYPE=MultiTenant needs MICROSOFT_APP_PASSWORD"),
    ({"MICROSOFT_APP_TYPE": "Managed"}, "MICROSOFT_APP_TYPE must be one of SingleTenant, MultiTenant, UserAssignedMSI"),
    ({"DRUGPILOT_TEAMS_PORT": "eighty"}, "DRUGPILOT_TEAMS_PORT"),
])
def test_bad_auth_settings_give_one_clear_line(tmp_path: Path, settings: dict[str, str], says: str) -> None:
    proc, log, _ = start_teams(tmp_path, MICROSOFT_APP_ID="00000000-0000-0000-0000-000000000001", **settings)
    assert proc.wait(timeout=60) == 2
    text = log.read_text()
    assert says in text and "Traceback" not in text, text[-2000:]
