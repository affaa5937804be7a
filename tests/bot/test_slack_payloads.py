"""Pure parts of the Slack adapter: which messages are ours, text and files, Block Kit, the pool modal."""

from __future__ import annotations

import json

import pytest

from agent.pool.entry import EntryMeta, PoolEntry
from agent.turn import ArtifactRef, Reply, Table
from bot.slack import blocks, modal, payloads

BOT = "U0BOT"
FORM_SECRET = b"test-form-secret"


def event(**fields):
    base = {"type": "message", "user": "U0ALICE", "text": "hi", "ts": "1700000200.000200", "channel": "C0CHEM"}
    base.update(fields)
    return base


def test_mention_is_stripped_and_markup_undone() -> None:
    text = "<@U0BOT> how soluble are these? CCO, c1ccccc1O &amp; CC&gt;&gt;CCO <http://x.org|x.org> <@U0BOB>"
    assert payloads.plain_text(text, BOT) == "how soluble are these? CCO, c1ccccc1O & CC>>CCO x.org @U0BOB"


def test_a_top_level_mention_starts_a_thread_on_itself() -> None:
    msg = payloads.message_from_event(event(type="app_mention", text="<@U0BOT> pool list"), "T0LAB", BOT)
    assert msg is not None and msg.mentioned and not msg.in_thread
    assert (msg.thread_ts, msg.text) == ("1700000200.000200", "pool list")


def test_a_thread_reply_names_its_root_and_a_mention_in_a_message_event_counts() -> None:
    msg = payloads.message_from_event(event(text="<@U0BOT> again", thread_ts="1700000100.000100"), "T0LAB", BOT)
    assert msg is not None and msg.mentioned and msg.in_thread and msg.thread_ts == "1700000100.000100"
    assert msg.message_key == "msg:T0LAB:C0CHEM:1700000200.000200"
    plain = payloads.message_from_event(event(thread_ts="1700000100.000100"), "T0LAB", BOT)
    assert plain is not None and not plain.mentioned
    assert plain.addressed_to_bot(bot_in_thread=True) and not plain.addressed_to_bot(bot_in_thread=False)
    aside = payloads.message_from_event(event(text="<@U0BOB> what do you think?", thread_ts="1.0"), "T0LAB", BOT)
    assert aside is not None and aside.to_colleague and not aside.addressed_to_bot(bot_in_thread=True)


def test_bots_edits_and_other_subtypes_are_ignored() -> None:
    assert payloads.message_from_event(event(bot_id="B0OTHER"), "T0LAB", BOT) is None
    assert payloads.message_from_event(event(user=BOT), "T0LAB", BOT) is None
    for subtype in ("message_changed", "message_deleted", "bot_message", "channel_join"):
        assert payloads.message_from_event(event(subtype=subtype), "T0LAB", BOT) is None
    assert payloads.message_from_event(event(subtype="file_share"), "T0LAB", BOT) is not None
    assert payloads.message_from_event(event(subtype="thread_broadcast"), "T0LAB", BOT) is not None


def test_file_refs_and_size_limit() -> None:
    files = [{"id": "F1", "name": "hits.csv", "size": 12, "url_private_download": "https://files/x"},
             {"id": "F2", "name": "big.sdf", "size": 25_000_000, "url_private_download": "https://files/y"},
             {"id": "F3", "mode": "tombstone"},
             {"id": "F4", "file_access": "check_file_info"}]
    refs = payloads.file_refs({"files": files})
    assert [r.name for r in refs] == ["hits.csv", "big.sdf", "F3", "F4"]
    assert payloads.size_problem(refs[0], 10_000_000) is None
    assert payloads.size_problem(refs[1], 10_000_000) == "it is 25.0 MB and the limit is 10 MB"
    assert refs[2].problem == "it was deleted"
    assert refs[3].url is None and refs[3].problem is None  # ask files.info


def test_shortcut_thread_and_command_words() -> None:
    body = {"team": {"id": "T0LAB"}, "channel": {"id": "C0CHEM"}, "user": {"id": "U0BOB"},
            "message": {"ts": "2.0", "thread_ts": "1.0"}}
    assert payloads.shortcut_thread(body) == payloads.ShortcutThread("T0LAB", "C0CHEM", "1.0", "U0BOB")
    body["message"] = {"ts": "3.0"}
    assert payloads.shortcut_thread(body).thread_ts == "3.0"
    assert payloads.command_words("") == ("help", [])
    assert payloads.command_words(" Status now") == ("status", ["now"])


def test_mrkdwn_keeps_keys_and_smiles_literal() -> None:
    text = "Saved as user_smiles and drug_property_prediction_result (see `pool history KEY`); a<b & *x*"
    out = blocks.to_mrkdwn(text)
    assert "`user_smiles`" in out and "`drug_property_prediction_result`" in out
    assert "`pool history KEY`" in out and "a&lt;b &amp; `*x*`" in out


def test_reply_blocks_table_limits_and_notices() -> None:
    rows = [{"row": i, "smiles": "C" * 60, "prediction": -0.123456, "unit": "log mol/L"} for i in range(1, 11)]
    reply = Reply(turn_id="t", text="(Offline planner: no LLM is configured.)\nPredicted logS for 500 molecules.",
                  tables=[Table(columns=["row", "smiles", "prediction", "unit", "error"], rows=rows, total_rows=500)],
                  artifacts=[ArtifactRef("logSolubility_predictions.csv", "text/csv", "k")],
                  notices=["(Offline planner: no LLM is configured.)"])
    out = blocks.reply_blocks(reply)
    assert out[0]["text"]["text"] == "Predicted logS for 500 molecules."
    table = out[1]["text"]["text"]
    assert table.startswith("```\nrow  smiles") and "error" not in table  # empty columns are left out
    assert "-0.1235" in table and "C" * 31 + "…" in table and "… 490 more row(s) in the CSV" in table
    assert "Offline planner" in out[-1]["elements"][0]["text"] and "logSolubility_predictions.csv" in out[-1][
        "elements"][0]["text"]
    assert all(len(b.get("text", {}).get("text", "")) <= 3000 for b in out)
    assert blocks.fallback_text(reply) == "Predicted logS for 500 molecules."


def test_huge_replies_fit_slack_limits() -> None:
    reply = Reply(turn_id="t", text="\n".join(f"line {i} " + "x" * 200 for i in range(2000)),
                  tables=[Table(columns=["a"], rows=[{"a": "y" * 30}] * 500, total_rows=500)])
    out = blocks.reply_blocks(reply)
    assert len(out) <= 50 and all(len(b.get("text", {}).get("text", "")) <= 3000 for b in out)
    assert len(blocks.fallback_text(reply)) <= 3000
    assert blocks.table_text(reply.tables[0]).endswith("more row(s) in the CSV")


def entry(key: str, value, kind: str, version: int = 1) -> PoolEntry:
    return PoolEntry(EntryMeta(key=key, kind=kind, size=len(value) if isinstance(value, list) else 1,
                               preview=str(value)[:40], set_by="U0ALICE", set_at=0.0, source="message",
                               version=version), value)


def test_pool_modal_round_trip() -> None:
    entries = [entry("user_smiles", ["CCO", "c1ccccc1O"], "smiles_list", 2), entry("dose", 3.5, "number"),
               entry("hits", [{"smiles": "CCO", "p": 0.2}], "table")]
    thread = {"team": "T0LAB", "channel": "C0CHEM", "thread_ts": "1.0", "user": "U0BOB"}
    view = modal.pool_view(thread, entries, FORM_SECRET)
    assert view["callback_id"] == modal.CALLBACK_VIEW and len(view["private_metadata"]) <= 3000
    inputs = {b["block_id"]: b for b in view["blocks"] if b["type"] == "input"}
    assert inputs["key:user_smiles"]["element"]["initial_value"] == "CCO\nc1ccccc1O"
    assert inputs["key:dose"]["element"]["initial_value"] == "3.5"
    assert "key:hits" not in inputs  # tables are shown read-only
    values = {bid: {"value": {"type": "plain_text_input", "value": b["element"].get("initial_value")}}
              for bid, b in inputs.items()}
    values["key:dose"]["value"]["value"] = "4"
    values["key:user_smiles"]["value"]["value"] = "CCO\nc1ccccc1O\n"  # whitespace only: unchanged
    values["new_key"]["value"]["value"] = "my_hits"
    values["new_value"]["value"]["value"] = "CCN"
    submitted = {"private_metadata": view["private_metadata"], "state": {"values": values}}
    edits = modal.read_submission(submitted, FORM_SECRET)
    assert edits.thread == thread and edits.versions == {"user_smiles": 2, "dose": 1}
    assert edits.changed == {"dose": "4"} and (edits.new_key, edits.new_value) == ("my_hits", "CCN")


def test_pool_modal_metadata_cannot_be_pointed_at_another_thread() -> None:
    view = modal.pool_view({"team": "T0LAB", "channel": "C0CHEM", "thread_ts": "1.0", "user": "U0BOB"}, [],
                           FORM_SECRET)
    signed = json.loads(view["private_metadata"])
    forged = {**signed, "thread": {**signed["thread"], "thread_ts": "2.0"}}
    unsigned = {k: v for k, v in signed.items() if k != "sig"}
    for metadata in (json.dumps(forged), json.dumps(unsigned), "", "not json", "[]"):
        with pytest.raises(modal.FormRefused):
            modal.read_submission({"private_metadata": metadata, "state": {}}, FORM_SECRET)
    with pytest.raises(modal.FormRefused):
        modal.read_submission({"private_metadata": view["private_metadata"], "state": {}}, b"another server")


def test_pool_modal_with_many_long_keys_keeps_metadata_valid_json() -> None:
    entries = [entry(f"k{i:02d}_" + "x" * 70, ["CCO"], "smiles_list") for i in range(60)]
    view = modal.pool_view({"team": "T", "channel": "C", "thread_ts": "1.0", "user": "U"}, entries, FORM_SECRET)
    assert len(view["private_metadata"]) <= 3000 and json.loads(view["private_metadata"])
    assert len(view["blocks"]) <= 100


def test_people_are_shown_as_slack_mentions() -> None:
    """Who set a key is a user mention (Slack shows the name); a bare id from older entries is wrapped too;
    a message's own text cannot smuggle in @channel or links."""
    listing = "• dose — number, 1 item(s), v1, set by <@U0ALICE> (message)\n<!channel> <https://x.org|x> a<b"
    text = blocks.to_mrkdwn(listing)
    assert "set by <@U0ALICE>" in text and "&lt;!channel&gt;" in text and "&lt;https://x.org|x&gt;" in text
    assert "a&lt;b" in text
    entries = [entry("dose", 3.5, "number"), entry("hits", [{"smiles": "CCO"}], "table")]  # set_by "U0ALICE"
    view = modal.pool_view({"team": "T0LAB", "channel": "C0CHEM", "thread_ts": "1.0", "user": "U0BOB"}, entries,
                           FORM_SECRET)
    shown = json.dumps(view["blocks"])
    assert shown.count("set by <@U0ALICE>") == 2 and "hint" not in shown
    assert payloads.person("U0ALICE") == "<@U0ALICE>" and payloads.person("someone") == "someone"
