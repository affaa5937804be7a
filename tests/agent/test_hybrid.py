"""HybridBackend: the LLM's choice of tool stands; the planner's values replace what a small model garbled."""

from __future__ import annotations

from agent.backends.base import FinalAnswer, PlanContext, Step, ToolCall
from agent.backends.hybrid import HybridBackend
from agent.backends.scripted import ScriptedBackend
from agent.pool.store import InMemoryPoolStore
from agent.pool.thread_pool import ThreadPool
from model_zoo.specs import TOOLS, get_spec


def context(request: str, pool: ThreadPool | None = None) -> PlanContext:
    pool = pool or ThreadPool(InMemoryPoolStore(), "t")
    return PlanContext(request=request, pool=pool.list(), offered=list(TOOLS), read=lambda k: pool.require(k).value)


def test_values_come_from_the_message_and_the_tool_from_the_llm() -> None:
    garbled = ToolCall("drug_property_prediction", {"parameters": {"drug_smiles": ["C1CCC(C1)O"], "property": "x"}})
    hybrid = HybridBackend(ScriptedBackend([garbled]))
    action = hybrid.next_action(context("how soluble is c1ccc(cc1)O?"))
    assert action == ToolCall("drug_property_prediction", {"drug_smiles": ["c1ccc(cc1)O"], "property": "logSolubility"})


def test_the_llm_choice_of_tool_wins_over_the_planner() -> None:
    """The planner alone reads "bind" as target classification; the model asked for affinity."""
    seq = "MAKQYDSVECPFCDEVSKYEKLAKIGQGTFGEVFKARHRKTGQKVALKKVLMENEKEGFPITALREIKILQLL"
    chosen = ToolCall("drug_target_affinity_regression_predict", {"drug_smiles": "(user_smiles)"})
    action = HybridBackend(ScriptedBackend([chosen])).next_action(context(f"does CCO bind {seq}?"))
    assert action.name == "drug_target_affinity_regression_predict"
    assert action.arguments == {"drug_smiles": ["CCO"], "target_seq": seq}


def test_pool_keys_the_planner_cannot_see_are_kept_and_no_tool_answers_pass_through() -> None:
    pool = ThreadPool(InMemoryPoolStore(), "t")
    pool.put("screen", ["CCO", "CCN"], "smiles_list", "a", "file")
    call = ToolCall("drug_property_prediction", {"drug_smiles": "(screen)", "property": "p_np"})
    action = HybridBackend(ScriptedBackend([call])).next_action(context("BBB for screen", pool))
    assert action.arguments["drug_smiles"] == "(screen)" and action.arguments["property"] == "p_np"
    assert HybridBackend(ScriptedBackend([FinalAnswer("Which cell line?")])).next_action(
        context("response of CCO")) == FinalAnswer("Which cell line?")


def test_a_second_call_of_the_same_tool_gets_the_planners_second_values() -> None:
    ctx = context("logS of CCO, then BBB penetration of c1ccccc1O")
    first = ToolCall("drug_property_prediction", {"drug_smiles": ["CCO"], "property": "logSolubility"})
    ctx.steps.append(Step(first, "ok"))
    second = HybridBackend(ScriptedBackend([ToolCall("drug_property_prediction", {})])).next_action(ctx)
    assert second.arguments == {"drug_smiles": ["c1ccccc1O"], "property": "p_np"}
    assert get_spec(second.name).name == "drug_property_prediction"


def test_after_two_rejected_llm_calls_the_planner_proposes_the_step() -> None:
    ctx = context("hydration free energy of c1cc(c(cc1c2ccc(cc2F)F)C(=O)O)O")
    wrong = ToolCall("drug_target_affinity_regression_predict", {"target_seq": "c1cc("})
    ctx.steps += [Step(wrong, "rejected", error="target_seq: not a protein sequence")] * 2
    llm = ScriptedBackend([wrong])
    action = HybridBackend(llm).next_action(ctx)
    assert action == ToolCall("drug_property_prediction", {"drug_smiles": ["c1cc(c(cc1c2ccc(cc2F)F)C(=O)O)O"],
                                                           "property": "freesolv"})
    assert llm.seen == []  # the LLM was not asked a third time


def test_a_tool_called_by_its_result_key_is_that_tool() -> None:
    assert get_spec("drug_property_prediction_result").name == "drug_property_prediction"


def test_words_instead_of_a_call_are_replaced_only_by_a_complete_planned_call() -> None:
    chatty = ScriptedBackend([FinalAnswer("Sure, solubility is an important property!")] * 2)
    action = HybridBackend(chatty).next_action(context("how soluble is CCO?"))
    assert action == ToolCall("drug_property_prediction", {"drug_smiles": ["CCO"], "property": "logSolubility"})
    question = FinalAnswer("Which cell line should I use?")
    assert HybridBackend(ScriptedBackend([question])).next_action(context("IC50 of CCO please")) == question



def test_a_clearly_wrong_llm_tool_gives_way_to_the_planner() -> None:
    """Small models answer "pKd" requests with solubility; the intent model is sure that is wrong."""
    seq = "MAKQYDSVECPFCDEVSKYEKLAKIGQGTFGEVFKARHRKTGQKVALKKVLMENEKEGFPITALREIKILQLL"
    wrong = ToolCall("drug_property_prediction", {"drug_smiles": ["CCO"], "property": "logSolubility"})
    hybrid = HybridBackend(ScriptedBackend([wrong]))
    action = hybrid.next_action(context(f"predicted pKd of CCO against this kinase: {seq}"))
    assert action == ToolCall("drug_target_affinity_regression_predict", {"drug_smiles": ["CCO"], "target_seq": seq})
    assert hybrid.sources["planner over a clearly wrong LLM tool"] == 1
