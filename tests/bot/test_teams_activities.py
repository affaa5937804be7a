"""Pure activity functions on real-shaped Teams payloads."""

from __future__ import annotations

import json

import pytest

from agent.pool.entry import PoolError
from bot.teams import activities as acts
from teams_harness import PAYLOADS


def load(name: str) -> dict:
    return json.loads((PAYLOADS / f"{name}.json").read_text())


def test_channel_thread_key_splits_the_message_id_off_the_conversation_id() -> None:
    activity = load("channel_mention")
    assert acts.split_conversation_id("19:abc@thread.tacv2;messageid=1700000000000") == (
        "19:abc@thread.tacv2", "1700000000000")
    ref = acts.thread_ref(activity)
    assert (ref.platform, ref.workspace, ref.channel, ref.thread) == (
        "teams", "72f988bf-0000-4000-8000-000000000001", "19:medchem0a1b2c3d@thread.tacv2", "1700000000000")
    conv = acts.conversation(activity)
    assert conv.scope == "channel" and conv.reply_id == "19:medchem0a1b2c3d@thread.tacv2;messageid=1700000000000"


def test_a_new_channel_post_starts_its_own_thread() -> None:
    activity = load("channel_mention")
    activity["conversation"]["id"] = "19:medchem0a1b2c3d@thread.tacv2"
    ref = acts.thread_ref(activity)
    assert ref.thread == activity["id"]
    assert acts.conversation(activity).reply_id.endswith(f";messageid={activity['id']}")


def test_personal_and_group_chats_are_one_thread_each() -> None:
    personal = load("personal_file")
    assert acts.thread_ref(personal).thread == acts.CHAT_THREAD
    assert acts.conversation(personal).scope == "personal"
    group = dict(load("channel_mention"), channelData={"tenant": {"id": "t"}})
    group["conversation"] = {"id": "19:groupchat@thread.v2", "conversationType": "groupChat", "isGroup": True}
    assert acts.conversation(group).scope == "groupChat" and acts.thread_ref(group).channel == "19:groupchat@thread.v2"


def test_tenant_falls_back_from_channel_data_to_the_conversation() -> None:
    activity = load("personal_file")
    activity.pop("channelData")
    assert acts.tenant_id(activity) == "72f988bf-0000-4000-8000-000000000001"


def test_mention_markup_and_html_are_stripped_but_smiles_survive() -> None:
    activity = load("channel_mention")
    assert acts.clean_text(activity) == "What is the aqueous solubility of CCO and c1ccccc1O?"
    activity["text"] = "<at>DrugPilot</at>&nbsp;pool set hits C[C@@H](N)C(=O)O CC#N ask <at>Bob</at> &lt;5 µM"
    assert acts.clean_text(activity) == "pool set hits C[C@@H](N)C(=O)O CC#N ask Bob <5 µM"


def test_reference_addresses_the_thread_and_keeps_the_tenant() -> None:
    ref = acts.reference(load("channel_mention"))
    assert ref["conversation"]["id"] == "19:medchem0a1b2c3d@thread.tacv2;messageid=1700000000000"
    assert ref["conversation"]["tenantId"] == "72f988bf-0000-4000-8000-000000000001"
    assert ref["activityId"] == "1700000000500" and ref["bot"]["name"] == "DrugPilot"


def test_personal_chat_files_come_with_a_download_url() -> None:
    [f], refused = acts.files_to_download(load("personal_file"))
    assert f.name == "hits.csv" and f.url.startswith("https://contoso-my.sharepoint.com/") and refused == []
    assert acts.files_to_download(load("channel_mention")) == ([], [])
    emulator = dict(load("personal_file"), serviceUrl="http://localhost:5000/", attachments=[
        {"contentType": "text/csv", "contentUrl": "http://localhost:5000/v3/attachments/1/views/original",
         "name": "hits.csv"},
        {"contentType": "image/png", "contentUrl": "http://localhost:5000/v3/attachments/2", "name": "photo.png"}])
    files, refused = acts.files_to_download(emulator, emulator=True)
    assert [f.name for f in files] == ["hits.csv"] and refused == []
    files, refused = acts.files_to_download(emulator)  # authenticated: the Emulator's files are not Teams files
    assert files == [] and refused == ["I didn't read hits.csv: it is not a file uploaded to Teams. Attach the file "
                                       "itself (📎 in this chat)."]


def test_only_file_download_links_on_teams_hosts_are_fetched() -> None:
    def with_url(url: str) -> dict:
        activity = load("personal_file")
        activity["attachments"][0]["content"]["downloadUrl"] = url
        return activity

    for url in ("https://evil.example.org/hits.csv", "http://contoso-my.sharepoint.com/hits.csv",
                "https://contoso-my.sharepoint.com.evil.org/x", "https://contoso-my.sharepoint.com:8443/x",
                "http://127.0.0.1:9/x", "file:///etc/passwd"):
        files, refused = acts.files_to_download(with_url(url))
        assert files == [] and refused == ["I didn't download hits.csv: its link does not point to Teams or "
                                           "SharePoint."], url
    assert acts.files_to_download(with_url("https://contoso.sharepoint.us/x.csv"))[0]


def test_files_shared_in_a_channel_are_noticed() -> None:
    assert acts.shared_file_names(load("channel_file_share")) == ["hits.sdf", "a file"]
    assert acts.shared_file_names(load("channel_mention")) == []


def test_dedupe_key_and_turn_id_are_stable_per_activity() -> None:
    a, b = load("channel_mention"), load("channel_mention")
    assert acts.dedupe_key(a) == acts.dedupe_key(b) and acts.turn_id(a) == acts.turn_id(b)
    b["conversation"]["id"] = "19:other@thread.tacv2;messageid=1"
    assert acts.dedupe_key(a) != acts.dedupe_key(b)


def test_card_submit_becomes_a_pool_command() -> None:
    value = acts.card_submit(load("card_submit"))
    assert acts.submit_command(value) == "pool set my_hits CCO c1ccccc1O"
    assert acts.submit_command({"drugpilot": "pool", "op": "del", "key": "my_hits"}) == "pool del my_hits"
    assert acts.submit_command({"drugpilot": "pool", "op": "refresh"}) is None
    assert acts.card_submit(load("channel_mention")) is None


@pytest.mark.parametrize("value, message", [
    ({"op": "set", "key": "", "value": "CCO"}, "Pick a key"),
    ({"op": "set", "key": "hits", "value": "  "}, "Type a value"),
    ({"op": "dance", "key": "hits"}, "Unknown card action"),
])
def test_bad_card_submits_are_explained(value: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        acts.submit_command({"drugpilot": "pool", **value})


def test_bad_key_from_a_card_is_refused_by_the_pool_rules() -> None:
    with pytest.raises(PoolError):
        acts.submit_command({"drugpilot": "pool", "op": "set", "new_key": "my hits; rm", "value": "CCO"})


def test_pool_card_request_words() -> None:
    assert acts.is_pool_card_request("pool") and acts.is_pool_card_request(" Pool  edit ")
    assert not acts.is_pool_card_request("pool list")
