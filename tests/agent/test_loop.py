"""Whole turns in one process: real planner/scripted backend, real Fe-Fo, real property model."""

from __future__ import annotations

import pytest

from agent.artifacts import InMemoryArtifactStore
from agent.backends.base import BackendUnavailable, FinalAnswer, PlanContext, ToolCall
from agent.backends.planner import OfflinePlanner
from agent.backends.scripted import ScriptedBackend
from agent.loop import Limits
from agent.pool.store import InMemoryPoolStore
from agent.service import AgentDeps, handle_turn
from agent.turn import Attachment, ThreadRef, Turn
from worker.dispatch import InProcessDispatcher

THREAD = ThreadRef("console", "local", "terminal", "t1")


def deps(backend=None, fallback=None) -> AgentDeps:
    artifacts = InMemoryArtifactStore()
    return AgentDeps(pool_store=InMemoryPoolStore(), artifacts=artifacts, dispatcher=InProcessDispatcher(artifacts),
                     backend=backend or OfflinePlanner(), fallback=fallback, limits=Limits(turn_seconds=60))


def ask(d: AgentDeps, text: str, user: str = "alice", files: list[Attachment] | None = None):
    return handle_turn(Turn(THREAD, user, text, files or []), d)


def test_solubility_turn_end_to_end() -> None:
    d = deps()
    reply = ask(d, "What is the aqueous solubility of CCO, c1ccccc1O and CC(=O)Oc1ccccc1C(=O)O?")
    [call] = reply.tool_calls
    assert call.status == "ok" and call.name == "drug_property_prediction"
    assert call.resolved == {"drug_smiles": ["CCO", "c1ccccc1O", "CC(=O)Oc1ccccc1C(=O)O"],
                             "property": "logSolubility"}
    [table] = reply.tables
    assert [r["smiles"] for r in table.rows] == ["CCO", "c1ccccc1O", "CC(=O)Oc1ccccc1C(=O)O"]
    assert {a.media_type for a in reply.artifacts} == {"text/csv", "image/png"}
    [csv] = [a for a in reply.artifacts if a.media_type == "text/csv"]
    lines = d.artifacts.get(csv).decode().splitlines()
    assert lines[0].startswith("row,smiles") and len(lines) == 4
    pool = d.pool_store
    key = THREAD.key()
    assert pool.get(key, "user_smiles").value == ["CCO", "c1ccccc1O", "CC(=O)Oc1ccccc1C(=O)O"]
    assert pool.get(key, "user_property").value == "logSolubility"
    assert len(pool.get(key, "drug_property_prediction_result").value) == 3
    assert "Model:" in reply.text


def test_upload_then_reference_then_edit_and_rerun() -> None:
    d = deps()
    csv = b"name,smiles\ncaffeine,Cn1cnc2c1c(=O)n(C)c(=O)n2C\nbad,C1CC(C\ndopamine,NCCc1ccc(O)c(O)c1\n"
    reply = ask(d, "", "bob", [Attachment("cns.csv", csv)])
    assert "Stored 2 molecule(s) from cns.csv as upload_cns.csv" in reply.text and "row 3" in reply.text
    reply = ask(d, "BBB permeability of the uploaded compounds", "bob")
    assert reply.tool_calls[0].arguments == {"drug_smiles": "(upload_cns.csv)", "property": "p_np"}
    assert reply.tables[0].total_rows == 2
    assert "user_smiles" not in [m.key for m in d.pool_store.list(THREAD.key())]  # a reference is not re-saved
    ask(d, "pool set upload_cns.csv CCO", "alice")
    reply = ask(d, "and their BBB permeability now? the uploaded ones", "alice")
    assert [r["smiles"] for r in reply.tables[0].rows] == ["CCO"]


def test_missing_parameter_is_asked_for_and_nothing_runs() -> None:
    reply = ask(deps(), "what's the binding affinity of CCO for our receptor?")
    assert reply.tool_calls[0].status == "rejected"
    assert "I still need which protein" in reply.text and reply.artifacts == []
    assert "target_seq" not in reply.text  # people get the lab's words, not parameter names


def test_names_resolve_and_the_reply_says_to_what() -> None:
    reply = ask(deps(), "How soluble is ibuprofen?")
    [call] = reply.tool_calls
    assert call.status == "ok" and call.sources["drug_smiles"]["how"] == "resolved"
    assert "Used: ibuprofen → DrugBank DB01050" in reply.text
    reply = ask(deps(), "IC50 of cisplatin in A-549")
    assert reply.tool_calls[0].resolved["cell_name"] == "905949"
    assert "A-549 → GDSC A549, COSMIC 905949" in reply.text and "cisplatin → DrugBank" in reply.text


def test_names_pair_up_clause_by_clause() -> None:
    reply = ask(deps(), "warfarin with aspirin, and clopidogrel with omeprazole?")
    [call] = reply.tool_calls
    assert call.name == "drug_drug_response_predict" and len(call.resolved["smiles_pairs"]) == 2
    assert reply.tables[0].total_rows == 2


def test_an_unknown_drug_is_asked_about_even_with_molecules_in_the_thread() -> None:
    d = deps()
    ask(d, "", "bob", [Attachment("hits.smi", b"CCO\nc1ccccc1O\n")])
    reply = ask(d, "What is the IC50 of zorbatinib in A549?", "bob")
    assert reply.tables == [] and "zorbatinib" in reply.text and "SMILES" in reply.text


def test_invalid_smiles_is_named() -> None:
    reply = ask(deps(), "logS of CCO and C1CC(C please")
    assert "invalid SMILES 'C1CC(C'" in reply.text


def test_a_tool_without_an_implementation_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    from model_zoo import registry

    monkeypatch.delitem(registry.IMPLEMENTATIONS, "Retrosynthetic_reaction_pathway_prediction", raising=False)
    reply = ask(deps(), "suggest precursors for CC(=O)Nc1ccc(O)cc1")
    assert "is not available yet" in reply.text


def test_fefo_feeds_back_error_and_request_then_the_llm_fixes_the_call() -> None:
    def script(ctx: PlanContext):
        if not ctx.steps:
            return ToolCall("drug_property_prediction", {"drug_smiles": ["CCO"], "property": "solubilty!"})
        if len(ctx.steps) == 1:
            assert "unsupported value 'solubilty!'" in ctx.messages[-1]["content"]
            assert "logS of CCO" in ctx.messages[-1]["content"]  # the user's request, re-stated
            return ToolCall("drug_property_prediction", {"drug_smiles": ["CCO"], "property": "logSolubility"})
        return FinalAnswer("CCO is quite soluble.")

    backend = ScriptedBackend(script)
    backend.name = "llm-under-test"
    reply = ask(deps(backend), "logS of CCO")
    assert [c.status for c in reply.tool_calls] == ["rejected", "ok"]
    assert reply.text.endswith("CCO is quite soluble.")


def test_llm_rewritten_smiles_are_replaced_by_the_users() -> None:
    backend = ScriptedBackend([ToolCall("drug_property_prediction",
                                        {"drug_smiles": ["C1CCC(C1)O"], "property": "logSolubility"}),
                               FinalAnswer("")])
    backend.name = "small-llm"
    reply = ask(deps(backend), "solubility of c1ccc(cc1)O ?")
    assert reply.tool_calls[0].resolved["drug_smiles"] == ["c1ccc(cc1)O"]


def test_unreachable_llm_falls_back_to_the_planner_once() -> None:
    class Down:
        name = "ollama"

        def next_action(self, ctx: PlanContext):
            raise BackendUnavailable("cannot reach Ollama at http://127.0.0.1:9")

    reply = ask(deps(Down(), OfflinePlanner()), "logS of CCO")
    assert reply.backend == "offline" and reply.tool_calls[0].status == "ok"
    assert sum("offline planner" in n for n in reply.notices) == 1


def test_unreachable_llm_without_fallback_raises() -> None:
    class Down:
        name = "ollama"

        def next_action(self, ctx: PlanContext):
            raise BackendUnavailable("down")

    with pytest.raises(BackendUnavailable):
        ask(deps(Down()), "logS of CCO")


def test_steps_are_bounded() -> None:
    backend = ScriptedBackend(lambda ctx: ToolCall("drug_property_prediction", {"drug_smiles": ["CCO"]}))
    backend.name = "stubborn-llm"
    d = deps(backend)
    d.limits = Limits(max_steps=10, max_retries=2)
    reply = ask(d, "logS of CCO")
    assert len(reply.tool_calls) == 3 and "I still need which property" in reply.text


def test_messages_per_user_per_minute_are_limited_pool_commands_and_uploads_too() -> None:
    from agent.ratelimit import InMemoryRateLimiter

    d = deps()
    d.rate_limiter = InMemoryRateLimiter(per_minute=2, clock=lambda: 1_800_000_030.0)  # one window throughout
    assert ask(d, "logS of CCO").tool_calls
    assert "key(s)" in ask(d, "pool list").text
    limited = ask(d, "logS of CCC")
    assert limited.tool_calls == [] and "more than 2 requests this minute" in limited.text
    assert "more than 2 requests" in ask(d, "pool list").text
    upload = ask(d, "", files=[Attachment("c.smi", b"CCO\n")])
    assert "Nothing from this message was stored" in upload.text
    assert "upload_c.smi" not in ask(d, "pool list", "bob").text
    assert "Ask in plain words" in ask(d, "help").text  # help does no work: never limited
    assert ask(d, "logS of CCC", user="bob").tool_calls  # another colleague is not held up


def test_pool_key_limit_is_a_message_not_a_crash() -> None:
    d = deps()
    d.max_pool_keys = 2
    assert "Stored 2 molecule(s)" in ask(d, "", "bob", [Attachment("a.smi", b"CCO\nCCN\n")]).text
    reply = ask(d, "logS of CCO")  # user_smiles fits; user_property and the result would not
    assert reply.tool_calls[0].status == "ok" and "Not saved to the pool" in reply.text
    reply = ask(d, "", "bob", [Attachment("b.smi", b"CCO\n")])
    assert "Could not store b.smi: this thread's pool already holds 2 keys, the limit" in reply.text


def test_a_crashing_tool_becomes_one_line() -> None:
    from agent.dispatch import ToolFailed

    dispatcher = InProcessDispatcher(InMemoryArtifactStore())
    with pytest.raises(ToolFailed) as info:
        dispatcher.run_tool("drug_property_prediction", {"drug_smiles": ["CCO"], "property": "nope"}, "t")
    assert str(info.value).startswith("internal error (") and "\n" not in str(info.value)


def test_an_invented_pool_key_falls_back_to_the_users_molecules() -> None:
    backend = ScriptedBackend([ToolCall("drug_property_prediction",
                                        {"parameters": {"drug_smiles": "(user_smiles)", "property": "p_np"}}),
                               FinalAnswer("")])
    backend.name = "small-llm"
    reply = ask(deps(backend), "do CCO and CCN cross the BBB?")
    assert reply.tool_calls[0].resolved["drug_smiles"] == ["CCO", "CCN"]


def test_decisions_are_logged_with_the_turn_id(caplog: pytest.LogCaptureFixture) -> None:
    import logging

    d = deps()
    with caplog.at_level(logging.INFO, logger="agent.loop"):
        handle_turn(Turn(ThreadRef("console", "local", "t", "log"), "alice", "what's the binding affinity of CCO "
                         "for our receptor?", turn_id="turn-42"), d)
    lines = [r.getMessage() for r in caplog.records if r.name == "agent.loop"]
    assert any(line.startswith("turn=turn-42 backend=offline rejected drug_target_affinity") for line in lines), lines


def test_a_question_about_the_result_does_not_run_the_same_call_again() -> None:
    d = deps()
    reply = ask(d, "Do CC(=O)Oc1ccccc1C(=O)O and CC(=O)CC(c1ccccc1)c1c(O)c2ccccc2oc1=O interact?")
    assert [c.name for c in reply.tool_calls] == ["drug_drug_response_predict"]
    reply = ask(d, "Is that interaction between the two seen mostly in older patients?")
    assert reply.tool_calls == []
    reply = ask(d, "Run it again please.")
    assert [c.name for c in reply.tool_calls] == ["drug_drug_response_predict"]
