"""The offline planner on requests written for these tests (not taken from the dev set)."""

import pytest

from agent.backends.base import FinalAnswer, PlanContext, Step, ToolCall
from agent.backends.planner import OfflinePlanner, plan_calls
from agent.pool.store import InMemoryPoolStore
from agent.pool.thread_pool import ThreadPool
from model_zoo.specs import TOOLS

SEQ = "MAKQYDSVECPFCDEVSKYEKLAKIGQGTFGEVFKARHRKTGQKVALKKVLMENEKEGFPITALREIKILQLL"


def plan(text: str, pool: ThreadPool | None = None) -> list[ToolCall]:
    return plan_calls(text, pool.list() if pool else [], list(TOOLS))


def test_property_request_with_literal_smiles() -> None:
    [call] = plan("How soluble in water are CCO and c1ccccc1O?")
    assert call.name == "drug_property_prediction"
    assert call.arguments == {"drug_smiles": ["CCO", "c1ccccc1O"], "property": "logSolubility"}


def test_property_words_and_misspellings() -> None:
    assert plan("lipophilisity of CCCCCCO")[0].arguments["property"] == "lipo"
    assert plan("would CN1CCC(CC1)c1ccccc1 cross the blood-brain barrier")[0].arguments["property"] == "p_np"
    assert plan("hydration free energy of CCCl")[0].arguments["property"] == "freesolv"


def test_reference_to_an_uploaded_file() -> None:
    pool = ThreadPool(InMemoryPoolStore(), "t")
    pool.put("user_smiles", ["CCO"], "smiles_list", "a", "message")
    pool.put("upload_screen_b.csv", ["CCN", "CCC"], "smiles_list", "b", "file")
    [call] = plan("BBB permeability for the uploaded compounds please", pool)
    assert call.arguments == {"drug_smiles": "(upload_screen_b.csv)", "property": "p_np"}
    [call] = plan("and their solubility? these ones: the user list", pool)
    assert call.arguments["property"] == "logSolubility"


def test_target_tools_pick_by_wording() -> None:
    assert plan(f"how tightly does CCO bind this kinase? {SEQ}")[0].name == "drug_target_affinity_regression_predict"
    assert plan(f"does CCO hit this protein? {SEQ}")[0].name == "drug_target_classification_predict"


def test_missing_target_is_left_empty_for_fefo_to_ask() -> None:
    [call] = plan("what is the binding affinity of CCO for our receptor?")
    assert call.name == "drug_target_affinity_regression_predict"
    assert "target_seq" not in call.arguments


def test_a_named_target_resolves_to_its_davis_sequence() -> None:
    [call] = plan("what is the binding affinity of CCO for EGFR?")
    assert call.arguments["target_seq"].startswith("M") and len(call.arguments["target_seq"]) > 300


def test_generation_then_property_on_the_results() -> None:
    calls = plan("design new molecules for A549 with ln(IC50) around -2, then predict their solubility")
    assert [c.name for c in calls] == ["drug_cell_response_regression_generation", "drug_property_prediction"]
    assert calls[0].arguments == {"cell_line": "A549", "zscore": -2.0}
    assert calls[1].arguments == {"drug_smiles": "(generated_smiles)", "property": "logSolubility"}


def test_one_call_per_cell_line() -> None:
    calls = plan("IC50 of Cn1cnc2c1c(=O)n(C)c(=O)n2C in A549 and in NCI-H1975?")
    assert [c.arguments["cell_name"] for c in calls] == ["A549", "NCI-H1975"]


def test_drug_pairs() -> None:
    [call] = plan("any interaction when CC(=O)Oc1ccccc1C(=O)O is taken with CC(C)Cc1ccc(cc1)C(C)C(=O)O?")
    assert call.name == "drug_drug_response_predict"
    assert call.arguments == {"smiles_pairs": [["CC(=O)Oc1ccccc1C(=O)O", "CC(C)Cc1ccc(cc1)C(C)C(=O)O"]]}


def test_planner_steps_through_its_plan_then_stops() -> None:
    planner = OfflinePlanner()
    ctx = PlanContext(request="logS of CCO then BBB of CCO", pool=[], offered=list(TOOLS))
    first = planner.next_action(ctx)
    assert isinstance(first, ToolCall) and first.arguments["property"] == "logSolubility"
    ctx.steps.append(Step(first, "ok"))
    second = planner.next_action(ctx)
    assert isinstance(second, ToolCall) and second.arguments["property"] == "p_np"
    ctx.steps.append(Step(second, "ok"))
    assert isinstance(planner.next_action(ctx), FinalAnswer)


def test_no_tool_for_chit_chat() -> None:
    assert plan("good morning everyone") == []


def test_a_clarification_completes_the_earlier_request() -> None:
    from agent.history import PastRequest

    asked = [PastRequest("alice", "predict ln(IC50) for CC(=O)Nc1ccc(O)cc1 please", answered=False)]
    [call] = plan_calls("NCI-H1975", [], list(TOOLS), asked)
    assert call.name == "drug_cell_response_regression_predict"
    assert call.arguments == {"drug_smiles": ["CC(=O)Nc1ccc(O)cc1"], "cell_name": "NCI-H1975"}
    fixed = [PastRequest("alice", "logD of c1ccccc1C(", answered=False)]
    [call] = plan_calls("oops: c1ccccc1C(=O)O", [], list(TOOLS), fixed)
    assert call.arguments == {"drug_smiles": ["c1ccccc1C(=O)O"], "property": "lipo"}


def test_selection_from_the_newest_result() -> None:
    pool = ThreadPool(InMemoryPoolStore(), "t")
    rows = [{"row": 1, "smiles": "CCO", "prediction": -0.5}, {"row": 2, "smiles": "CCCCCCO", "prediction": -2.1},
            {"row": 3, "smiles": "CCCO", "prediction": 0.3}]
    pool.put("drug_property_prediction_result", rows, "table", "tool", "tool")

    def read(key: str):
        return pool.require(key).value

    [call] = plan_calls("suggest precursors for the least soluble one", pool.list(), list(TOOLS), (), read)
    assert call.arguments == {"smiles_list": ["CCCCCCO"]}
    [call] = plan_calls("retrosynthesis of the second one", pool.list(), list(TOOLS), (), read)
    assert call.arguments == {"smiles_list": ["CCCCCCO"]}
    [call] = plan_calls("BBB for the top 2", pool.list(), list(TOOLS), (), read)
    assert call.arguments["drug_smiles"] == ["CCCO", "CCO"]


def test_a_message_without_values_does_not_repeat_the_last_request() -> None:
    from agent.history import PastRequest

    answered = [PastRequest("alice", "aqueous solubility of CCO and CCN?", answered=True)]
    assert plan_calls("here are our CNS candidates", [], list(TOOLS), answered) == []
    [call] = plan_calls("and CCCO?", [], list(TOOLS), answered)
    assert call.arguments == {"drug_smiles": ["CCCO"], "property": "logSolubility"}


def test_the_learned_intent_reads_phrasings_without_tool_keywords() -> None:
    assert plan("would CCOc1ccccc1 and CC(=O)Nc1ccc(O)cc1 clash if co-prescribed?")[0].name == \
        "drug_drug_response_predict"
    assert plan("how would you make CC(=O)Nc1ccc(O)cc1?")[0].name == "Retrosynthetic_reaction_pathway_prediction"
    assert plan("run CCOc1ccccc1 in HT-29")[0].name == "drug_cell_response_regression_predict"


def test_a_repeat_cue_reuses_the_previous_tool() -> None:
    from agent.history import PastRequest

    seq = "MKKFFDSRREQGGSGLGSGSSGGGGSTSGLGSGYIGRVFGIGRQQVTVDEVLAEGGFAIVFLVRTSNGMKCALKRMFVNNEHDLQVCKREIQIMRDL"
    earlier = [PastRequest("alice", f"predicted pKd of CCO for this kinase: {seq}", answered=True)]
    [call] = plan_calls(f"same for this one: {seq[::-1]}", [], list(TOOLS), earlier)
    assert call.name == "drug_target_affinity_regression_predict"


def test_a_bare_value_after_an_answer_repeats_the_last_tool() -> None:
    from agent.history import PastRequest

    answered = [PastRequest("alice", "pKd of imatinib for ABL1?", answered=True)]
    for follow_up in ("and ALK?", "ALK now", "ok, ALK then"):
        [call] = plan_calls(follow_up, [], list(TOOLS), answered)
        assert call.name == "drug_target_affinity_regression_predict", follow_up
    # words that ask for something else are not a bare value
    [call] = plan_calls("is it a binder of ALK at all, yes or no?", [], list(TOOLS), answered)
    assert call.name == "drug_target_classification_predict"


def test_a_kinase_written_as_an_english_word_resolves_after_an_arrow() -> None:
    [call] = plan("binding affinity palbociclib -> KIT")
    assert call.name == "drug_target_affinity_regression_predict" and call.arguments["target_seq"]


def test_a_short_qualifier_after_a_question_picks_the_answer_not_a_second_ask() -> None:
    [call] = plan("would CCOc1ccccc1 bind SRC? pKd please")
    assert call.name == "drug_target_affinity_regression_predict"
    assert [c.name for c in plan("pKd of CCOc1ccccc1 for EGFR? binder or not?")] == [
        "drug_target_affinity_regression_predict", "drug_target_classification_predict"]


def test_properties_come_in_the_order_the_message_names_them() -> None:
    calls = plan("ClinTox toxicity & logD please: CCOc1ccccc1")
    assert [c.arguments["property"] for c in calls] == ["CT_TOX", "lipo"]
    calls = plan("Need CNS penetration and solubility numbers for CCOc1ccccc1")
    assert [c.arguments["property"] for c in calls] == ["p_np", "logSolubility"]


def test_ordinals_that_order_the_asks_do_not_select_molecules() -> None:
    [cell, prop] = plan("CCOc1ccccc1, CCO: sensitivity of A549 first, logD second")
    assert prop.arguments["drug_smiles"] in (["CCOc1ccccc1", "CCO"], "(user_smiles)")


def test_a_value_taken_back_is_not_used() -> None:
    from agent.history import PastRequest

    asked = [PastRequest("alice", "generate molecules for A549 at IC50 200 nM", answered=True)]
    [call] = plan_calls("redo it with -2 instead of 200 nM", [], list(TOOLS), asked)
    assert call.arguments["zscore"] == -2


def test_two_tools_too_close_to_call_are_asked_about_not_picked() -> None:
    from agent.planning.tool_choice import close_calls

    scores = {"drug_property_prediction": 2.04, "drug_cell_response_regression_predict": 1.88, "none": 0.1}
    assert close_calls(scores, "response of") == ["drug_property_prediction", "drug_cell_response_regression_predict"]
    assert close_calls({"drug_property_prediction": 3.9, "drug_cell_response_regression_predict": 0.1}, "logS of") == [
        "drug_property_prediction"]
    # the property tool is no reading when no property is named
    scores = {"Retrosynthetic_reaction_pathway_prediction": 1.96, "drug_property_prediction": 1.72}
    assert close_calls(scores, "what are the likely precurors of") == ["Retrosynthetic_reaction_pathway_prediction"]


def test_a_property_the_message_takes_back_is_not_run() -> None:
    from agent.history import PastRequest

    answered = [PastRequest("alice", "BBB penetration of CCO please", answered=True)]
    corrections = [("thanks, but that's BBB penetration; could you redo it as solubility?", "logSolubility"),
                   ("ah wait, not BBB. I need hydration free energy for it", "freesolv"),
                   ("logS, sorry, I meant logD for CCO", "lipo")]
    for correction, wanted in corrections:
        calls = plan_calls(correction, [], list(TOOLS), answered)
        assert [c.arguments["property"] for c in calls] == [wanted], correction
    both = plan_calls("not only solubility but also logD for CCO", [], list(TOOLS))
    assert [c.arguments["property"] for c in both] == ["logSolubility", "lipo"]


def test_properties_listed_as_bullets_run_in_the_order_written() -> None:
    calls = plan("Checklist for CCO before we order it:\n* logS?\n* logD?\n* how would we make it?")
    assert [c.arguments.get("property", c.name) for c in calls] == \
        ["logSolubility", "lipo", "Retrosynthetic_reaction_pathway_prediction"]


def test_instead_with_another_tools_words_switches_tool() -> None:
    from agent.history import PastRequest

    pool = ThreadPool(InMemoryPoolStore(), "t")
    pool.put("user_smiles", ["CCO"], "smiles_list", "a", "message")
    pool.put("user_target_seq", SEQ, "protein_seq", "a", "message")
    answered = [PastRequest("alice", f"does CCO hit this kinase? {SEQ}", answered=True)]
    [call] = plan_calls("Could you give me the regression value (pKd) instead?", pool.list(), list(TOOLS), answered)
    assert call.name == "drug_target_affinity_regression_predict"
    [call] = plan_calls("what about CCN instead?", pool.list(), list(TOOLS), answered)  # a new value: the same tool
    assert call.name == "drug_target_classification_predict"


def test_i_said_x_but_meant_y_takes_y() -> None:
    from agent.history import PastRequest

    answered = [PastRequest("alice", "IC50 for CCO in Calu3?", answered=True)]
    [call] = plan_calls("Sorry, I said Calu3 but I meant MIA PaCa-2.", [], list(TOOLS), answered)
    assert call.arguments["cell_name"] == "MIA-PaCa-2"


def test_swapping_one_drug_of_the_threads_pairs() -> None:
    from agent.history import PastRequest
    from model_zoo.names.drugs import resolve_drug

    carbamazepine, phenytoin, midazolam = (resolve_drug(n).value for n in ("carbamazepine", "phenytoin", "midazolam"))
    pool = ThreadPool(InMemoryPoolStore(), "t")
    pool.put("user_smiles_pairs", [[carbamazepine, phenytoin]], "smiles_pairs", "a", "message")
    answered = [PastRequest("alice", "is carbamazepine + phenytoin a problem?", answered=True)]
    for swap in ("swap phenytoin for midazolam", "what about midazolam instead of phenytoin?",
                 "replace phenytoin with midazolam"):
        [call] = plan_calls(swap, pool.list(), list(TOOLS), answered, lambda key: pool.get(key).value)
        assert call.name == "drug_drug_response_predict", swap
        assert call.arguments["smiles_pairs"] == [[carbamazepine, midazolam]], swap


def test_interaction_type_and_side_effects_are_two_calls_in_the_order_asked() -> None:
    calls = plan("warfarin + aspirin: predicted DDI type, and also the side-effect profile for the same pair")
    assert [c.arguments.get("task") for c in calls] == [None, "twosides"]
    assert calls[0].arguments["smiles_pairs"] == calls[1].arguments["smiles_pairs"]
    assert [c.arguments.get("task") for c in plan("side effects of warfarin with aspirin?")] == ["twosides"]


def test_a_file_the_pool_does_not_hold_is_asked_about_never_replaced() -> None:
    from agent.history import PastRequest

    pool = ThreadPool(InMemoryPoolStore(), "t")
    pool.put("upload_plate1.csv", ["CCO", "CCN"], "smiles_list", "a", "file")
    assert plan_calls("logS for plate2 please", pool.list(), list(TOOLS)) == []
    assert plan_calls("logS for plate2.csv please", pool.list(), list(TOOLS)) == []
    ctx = PlanContext(request="logS for plate2 please", pool=pool.list(), offered=list(TOOLS), history=[])
    answer = OfflinePlanner().next_action(ctx)
    assert isinstance(answer, FinalAnswer) and "'plate2'" in answer.text and "upload_plate1.csv" in answer.text
    asked = [PastRequest("alice", "logS for plate2 please", answered=False)]
    [call] = plan_calls("ah my bad, plate1", pool.list(), list(TOOLS), asked)
    assert call.arguments == {"drug_smiles": "(upload_plate1.csv)", "property": "logSolubility"}


def test_a_part_named_to_keep_is_not_a_molecule_to_run() -> None:
    from agent.history import PastRequest

    asked = [PastRequest("alice", "optimize gefitinib for A549 to 100 nM", answered=False)]
    [call] = plan_calls("keep quinazoline + aniline, only the morpholinopropoxy tail can change", [], list(TOOLS),
                        asked)
    assert call.arguments["gt"].startswith("COC1=C") and "mask" in call.arguments


def test_two_asks_in_one_sentence_are_two_calls() -> None:
    assert [c.name for c in plan("Does imatinib hit ABL1 and if so how strongly (Kd)?")] == \
        ["drug_target_classification_predict", "drug_target_affinity_regression_predict"]
    assert [c.name for c in plan("CCO\nretro route + its solubility, thanks")] == \
        ["Retrosynthetic_reaction_pathway_prediction", "drug_property_prediction"]


def test_a_repeat_with_a_new_value_and_another_ask_gives_both() -> None:
    from agent.history import PastRequest

    pool = ThreadPool(InMemoryPoolStore(), "t")
    pool.put("user_smiles", ["CCO"], "smiles_list", "a", "message")
    pool.put("user_target_seq", SEQ, "protein_seq", "a", "message")
    answered = [PastRequest("alice", "does ruxolitinib bind AURKA?", answered=True)]
    calls = plan_calls("k, what about AURKB. and give me a pKd for it too", pool.list(), list(TOOLS), answered)
    assert [c.name for c in calls] == ["drug_target_classification_predict", "drug_target_affinity_regression_predict"]
    assert calls[0].arguments["target_seq"] == calls[1].arguments["target_seq"] != SEQ


def test_the_lbd_assay_of_the_receptor_asked_before() -> None:
    from agent.history import PastRequest

    pool = ThreadPool(InMemoryPoolStore(), "t")
    pool.put("user_smiles", ["CCO"], "smiles_list", "a", "message")
    answered = [PastRequest("alice", "Tox21 NR-AR for CCO", answered=True)]
    [call] = plan_calls("and the LBD assay", pool.list(), list(TOOLS), answered)
    assert call.arguments["property"] == "NR-AR-LBD"
    [call] = plan("would tamoxifen come up active in the ER-alpha assay? the full-length one, not the LBD")
    assert call.arguments["property"] == "NR-ER"


def test_a_drug_named_twice_runs_once_and_targets_after_hit() -> None:
    calls = plan("does A549 respond to gefitinib? and separately is gefitinib an EGFR binder per the DTI model")
    assert [len(c.arguments["drug_smiles"]) for c in calls] == [1, 1]
    [call] = plan("does crizotinib hit MET? just the interaction probability is fine")
    assert call.name == "drug_target_classification_predict" and "target_seq" in call.arguments


def test_selection_words_neither_choose_the_tool_nor_the_property() -> None:
    from agent.history import PastRequest

    pool = ThreadPool(InMemoryPoolStore(), "t")
    pool.put("generated_smiles", ["CCO", "CCN"], "smiles_list", "a", "tool")
    pool.put("drug_property_prediction_result", [{"row": 1, "smiles": "CCO", "prediction": -1.0},
                                                 {"row": 2, "smiles": "CCN", "prediction": -3.0}], "table", "a", "tool")
    answered = [PastRequest("alice", "predict solubility for those", answered=True)]
    [call] = plan_calls("and retro on the most soluble one", pool.list(), list(TOOLS), answered,
                        lambda key: pool.get(key).value)
    assert call.name == "Retrosynthetic_reaction_pathway_prediction" and call.arguments["smiles_list"] == ["CCO"]
    from agent.planning.properties import requested_properties
    assert requested_properties("the top 2 by BBB - what's their logD") == ["lipo"]


def test_the_generated_ones_when_nothing_was_generated_take_no_other_list() -> None:
    pool = ThreadPool(InMemoryPoolStore(), "t")
    pool.put("user_smiles", ["CCO", "CCN"], "smiles_list", "a", "message")
    [call] = plan_calls("run the generated ones through the BBB model", pool.list(), list(TOOLS))
    assert "drug_smiles" not in call.arguments  # Fe-Fo asks for the molecules
    pool.put("user_smiles", ["CCO"], "smiles_list", "a", "message")
    [call] = plan_calls("optimise the compound I posted earlier for A549 to ln IC50 -1", pool.list(), list(TOOLS))
    assert call.arguments.get("gt") == "(user_smiles)"  # 'optimise' is no reference to optimised molecules
    # "the optimized analogues" with only generated ones in the pool (of unknown origin, as in a starting pool)
    pool = ThreadPool(InMemoryPoolStore(), "t")
    pool.put("generated_smiles", ["CCO", "CCN"], "smiles_list", "a", "benchmark")
    [call] = plan_calls("Predict the optimized analogues in A549 please", pool.list(), list(TOOLS))
    assert "drug_smiles" not in call.arguments


def test_tox21_assays_named_in_a_row_keep_their_order() -> None:
    calls = plan("NR-AhR and NR-AR-LBD for these two:\nCCO\nCCN")
    assert [c.arguments["property"] for c in calls] == ["NR-AhR", "NR-AR-LBD"]


def test_one_of_the_threads_pairs_by_its_place() -> None:
    from agent.history import PastRequest

    pool = ThreadPool(InMemoryPoolStore(), "t")
    pool.put("user_smiles_pairs", [["CCO", "CCN"], ["CCO", "CCC"]], "smiles_pairs", "a", "message")
    answered = [PastRequest("alice", "pairs to check: CCO+CCN, CCO+CCC", answered=True)]
    [call] = plan_calls("just the second pair with twosides pls", pool.list(), list(TOOLS), answered,
                        lambda key: pool.get(key).value)
    assert call.arguments == {"smiles_pairs": [["CCO", "CCC"]], "task": "twosides"}


def test_a_pair_or_swap_the_thread_does_not_hold_takes_no_other_pairs() -> None:
    from agent.history import PastRequest

    pool = ThreadPool(InMemoryPoolStore(), "t")
    pool.put("user_smiles_pairs", [["CCO", "CCN"]], "smiles_pairs", "a", "message")
    answered = [PastRequest("alice", "is CCO + CCN a problem?", answered=True)]
    read = lambda key: pool.get(key).value  # noqa: E731
    for words in ("just the third pair with twosides", "swap aspirin for CCCC"):  # aspirin is in no pair here
        [call] = plan_calls(words, pool.list(), list(TOOLS), answered, read)
        assert call.name == "drug_drug_response_predict" and "smiles_pairs" not in call.arguments, words


def test_terse_asks_separated_by_commas_and_plus_are_each_run() -> None:
    """Asks separated only by commas, "and", "+" or numbering each run, in the order written."""
    gef = "COc1cc2ncnc(Nc3ccc(F)c(Cl)c3)cc2cc1OCCCN1CCOCC1"
    assert [c.name for c in plan(f"gefitinib ({gef}) - EGFR pKd, A549 IC50, route")] == [
        "drug_target_affinity_regression_predict", "drug_cell_response_regression_predict",
        "Retrosynthetic_reaction_pathway_prediction"]
    assert [c.name for c in plan(f"{gef}: pKd on EGFR and IC50 in H1975 cells")] == [
        "drug_target_affinity_regression_predict", "drug_cell_response_regression_predict"]
    assert [c.name for c in plan(f"two things pls. 1) logD of {gef} 2) retro of same molecule")] == [
        "drug_property_prediction", "Retrosynthetic_reaction_pathway_prediction"]


def test_a_potency_or_the_subject_of_an_ask_is_not_a_second_ask() -> None:
    assert [c.name for c in plan("Propose novel compounds predicted to kill MIA-PaCa-2, ln IC50 ≈ -1.5")] == [
        "drug_cell_response_regression_generation"]
    assert [c.name for c in plan("design for K562, like 10 nM")] == ["drug_cell_response_regression_generation"]
    assert [c.name for c in plan("Take imatinib and optimise toward ln(IC50) -2 in K562, only the methylpiperazine "
                                 "may change")] == ["drug_cell_response_regression_optimization"]


def test_each_ask_of_a_multi_ask_message_takes_its_own_values() -> None:
    """"affinity of X to SRC, and separately whether it would interact with LCK": SRC for the affinity, LCK for the
    interaction; a part that only adds a value ("and also vs KIT") is no second ask."""
    calls = plan("affinity of bosutinib to SRC + and separately whether it would interact with LCK")
    assert [c.name for c in calls] == ["drug_target_affinity_regression_predict", "drug_target_classification_predict"]
    assert calls[0].arguments["target_seq"] != calls[1].arguments["target_seq"]
    assert {c.name for c in plan("pKd of imatinib vs ABL1, and also vs KIT")} == {
        "drug_target_affinity_regression_predict"}


def test_cell_lines_listed_after_and_are_not_compound_codes() -> None:
    from agent.entities import extract

    assert not extract("A549 and H1975... well A549 first").unresolved


def test_values_alone_that_complete_another_tool_are_a_second_ask() -> None:
    """"… DDI. and Temodar in U-87 MG": a drug and a cell line, which no other ask of the message takes, ask for the
    cell response; a drug and a target after "pKd for X with LYN?" are that ask's own values."""
    calls = plan("Temodar + dexamethasone DDI. and Temodar in U-87 MG")
    assert [c.name for c in calls] == ["drug_drug_response_predict", "drug_cell_response_regression_predict"]
    assert [c.name for c in plan("Palbociclib, CDK4/cyclin D1 complex, affinity number pls")] == [
        "drug_target_affinity_regression_predict"]


def test_the_uploaded_file_with_two_uploads_is_asked_about_and_a_file_type_picks_one() -> None:
    from agent.history import PastRequest

    pool = ThreadPool(InMemoryPoolStore(), "t")
    pool.put("upload_batchA.csv", ["CCO", "CCN"], "smiles_list", "a", "file")
    pool.put("upload_batchB.sdf", ["CCC", "CCCl"], "smiles_list", "b", "file")
    [call] = plan("logS for the uploaded file", pool)
    assert "drug_smiles" not in call.arguments  # which file: asked, never the newest
    asked = [PastRequest("alice", "logS for the uploaded file", answered=False)]
    [call] = plan_calls("the sdf", pool.list(), list(TOOLS), asked)
    assert call.arguments == {"drug_smiles": "(upload_batchB.sdf)", "property": "logSolubility"}
    [call] = plan_calls("batchA", pool.list(), list(TOOLS), asked)
    assert call.arguments["drug_smiles"] == "(upload_batchA.csv)"


def test_the_new_molecules_with_both_generated_and_optimised_ones_are_asked_about() -> None:
    pool = ThreadPool(InMemoryPoolStore(), "t")
    pool.put("generated_smiles", ["CCO", "CCN"], "smiles_list", "a", "tool")
    pool.put("optimized_smiles", ["CCC", "CCCl"], "smiles_list", "b", "tool")
    [call] = plan("IC50 of the new molecules in HT-29", pool)
    assert "drug_smiles" not in call.arguments  # which ones: asked, never the newest
    [call] = plan("IC50 of the optimised ones in HT-29", pool)
    assert call.arguments["drug_smiles"] == "(optimized_smiles)"
    only = ThreadPool(InMemoryPoolStore(), "u")
    only.put("generated_smiles", ["CCO", "CCN"], "smiles_list", "a", "tool")
    assert plan("IC50 of the new molecules in HT-29", only)[0].arguments["drug_smiles"] == "(generated_smiles)"


def test_a_message_with_more_parts_than_a_handful_of_asks_is_not_read_part_by_part() -> None:
    """The loose split reads each part again (names, intent); past MAX_LOOSE_PARTS parts it reads none, so the cost
    of a long comma list stays bounded (the message is then read as a whole)."""
    from agent.entities import extract
    from agent.planning.tool_choice import MAX_LOOSE_PARTS, _loose_intents

    asks = ["logS of CCO", "pKd on EGFR", "IC50 in A549", "retro"]
    assert len(_loose_intents(extract(", ".join(asks)), list(TOOLS))) == 4
    many = ", ".join(asks * 4)
    assert len(many.split(",")) > MAX_LOOSE_PARTS
    assert _loose_intents(extract(many), list(TOOLS)) == []


def test_an_ask_taken_back_in_the_same_message_is_not_run() -> None:
    [call] = plan(f"make it... no. just the predicted affinity of CCO and CCN vs this kinase {SEQ}")
    assert call.name == "drug_target_affinity_regression_predict" and call.arguments["drug_smiles"] == ["CCO", "CCN"]
    [call] = plan("quick BBB on CCO - scratch that, its logD please")
    assert call.arguments == {"drug_smiles": ["CCO"], "property": "lipo"}
    [call] = plan("solubility of CCO, no wait")  # nothing after it: nothing is taken back
    assert call.arguments == {"drug_smiles": ["CCO"], "property": "logSolubility"}


def test_more_values_for_the_ask_before_are_no_ask_of_their_own() -> None:
    [call] = plan("Does gefitinib engage HER2 at all, and how about lapatinib? interaction calls only")
    assert call.name == "drug_target_classification_predict" and len(call.arguments["drug_smiles"]) == 2
    [call] = plan("Could you predict what the MOLT-4 line does with methotrexate? And with the nucleoside analogue "
                  "nelarabine.")
    assert call.name == "drug_cell_response_regression_predict" and len(call.arguments["drug_smiles"]) == 2
    calls = plan("IC50 of methotrexate in MOLT-4, and does it interact with warfarin?")  # a pair asked for
    assert [c.name for c in calls] == ["drug_cell_response_regression_predict", "drug_drug_response_predict"]


def test_each_target_or_line_with_the_drugs_written_before_it() -> None:
    calls = plan("What's the predicted Kd of cediranib at VEGFR-2 and of linifanib at PDGFR-beta?")
    assert [len(c.arguments["drug_smiles"]) for c in calls] == [1, 1]
    assert calls[0].arguments["drug_smiles"] != calls[1].arguments["drug_smiles"]
    calls = plan("IC50 of gefitinib in A549 and erlotinib in H1975")
    assert [(len(c.arguments["drug_smiles"]), c.arguments["cell_name"]) for c in calls] == [(1, "A549"),
                                                                                        (1, "NCI-H1975")]
    # drugs named together before the lines: every drug in every line
    calls = plan("IC50 of gefitinib and erlotinib in A549 and H1975")
    assert [(len(c.arguments["drug_smiles"]), c.arguments["cell_name"]) for c in calls] == [(2, "A549"),
                                                                                        (2, "NCI-H1975")]


def test_a_property_model_named_like_a_target_with_no_target_given_is_the_property() -> None:
    [call] = plan("BACE inhibitor probability for CCO and CCN")
    assert call.arguments == {"drug_smiles": ["CCO", "CCN"], "property": "Class"}
    [call] = plan("does CCO bind?")  # no property named: the target tool, which asks for its target
    assert call.name == "drug_target_classification_predict" and "target_seq" not in call.arguments


def test_a_trained_property_asked_with_an_untrained_one_runs_alone() -> None:
    [call] = plan("predict the logS and the pKa of CCO")
    assert call.arguments == {"drug_smiles": ["CCO"], "property": "logSolubility"}
    # the trained one only as the reason: the untrained ask is asked about
    assert plan("what pKa would CCO have? trying to explain the weird logD") == []
    [call] = plan("Is there a mitochondrial membrane potential liability flagged for CCO? We're reviewing a case "
                  "of hepatotoxicity.")
    assert call.arguments["property"] == "SR-MMP"


def test_a_negative_potency_is_asked_about() -> None:
    from agent.entities import extract
    from agent.provenance import trace, unsupported

    text = "generate for MCF7 with IC50 of -5 nM"
    [call] = plan(text)
    entities = extract(text)
    [problem] = unsupported(call, trace(call, entities), entities)
    assert "-5 nM" in problem and "above zero" in problem


def test_a_short_part_after_a_comma_says_which_answer_is_wanted() -> None:
    [call] = plan(f"CCO binding to this kinase, pKd estimate? {SEQ}")
    assert call.name == "drug_target_affinity_regression_predict"
    calls = plan("logD of CCO, retro too")  # another tool for the same molecule: both
    assert [c.name for c in calls] == ["drug_property_prediction", "Retrosynthetic_reaction_pathway_prediction"]


def test_two_drugs_with_no_pair_asked_are_no_drug_drug_request() -> None:
    """"would her tumour respond to olaparib? progressed on carboplatin": no cell line, and no pair asked about."""
    assert not [c for c in plan("Would my patient's tumour respond to olaparib? She's BRCA2, progressed on "
                                "carboplatin.") if c.name == "drug_drug_response_predict"]
    [call] = plan("olaparib with carboplatin?")
    assert call.name == "drug_drug_response_predict"


def test_an_assay_word_made_of_a_gene_symbol_is_no_target_and_a_target_symbol_no_assay() -> None:
    [call] = plan("ESR1 agonist activity in tox21? CCO")
    assert call.arguments["property"] == "NR-ER"
    [call] = plan("fulvestrant pKd on ESR1")  # ESR1 is no DAVIS target: asked, never the Tox21 model
    assert call.name == "drug_target_affinity_regression_predict" and "target_seq" not in call.arguments


@pytest.mark.parametrize(("text", "tool", "prop"), [
    ("Wasserlöslichkeit von CCO bitte", "drug_property_prediction", "logSolubility"),
    ("¿Cruza CCO la barrera hematoencefálica?", "drug_property_prediction", "p_np"),
    ("quelle est la lipophilie de CCO ?", "drug_property_prediction", "lipo"),
    ("precursori per CCOC(=O)c1ccccc1, per favore", "Retrosynthetic_reaction_pathway_prediction", None),
    ("CCO 的溶解度是多少?", "drug_property_prediction", "logSolubility"),
])
def test_request_words_in_other_languages(text: str, tool: str, prop: str | None) -> None:
    [call] = plan(text)
    assert call.name == tool and call.arguments.get("property") == prop


def test_translations_leave_english_and_values_alone() -> None:
    from agent.vocabulary import in_english

    assert in_english("the pour-plate assay, und CCO") == "the pour-plate assay, and CCO"
    assert in_english("IC50 of CCO in A549") == "IC50 of CCO in A549"


def test_words_that_introduce_the_subject_ask_for_nothing() -> None:
    [call] = plan("start from Fc1ccc(Nc2oc(nn2)C(=O)Nc3ccc(nc3)N4CCOCC4)cc1, optimize for RPMI-8226, target 0,2 uM; "
                  "keep scaffold")
    assert call.name == "drug_cell_response_regression_optimization" and call.arguments["zscore"] < 0
    calls = plan("5-FU in HCT116 and in SW620? also generate new ones for HCT116 at 300 nM")
    assert [c.name for c in calls][-1] == "drug_cell_response_regression_generation"
    assert "drug_cell_response_regression_predict" in [c.name for c in calls]


def test_a_retraction_that_takes_back_a_value_keeps_the_ask() -> None:
    [call] = plan("interaction between capecitabine... no wait, 5-FU and methotrexate")
    assert call.name == "drug_drug_response_predict" and len(call.arguments["smiles_pairs"]) == 1
    assert "capecitabine" not in str(call.arguments)
    [call] = plan("solubility of caffeine... no wait, aspirin")  # the property stays when only the drug is taken back
    assert call.arguments["property"] == "logSolubility" and len(call.arguments["drug_smiles"]) == 1


def test_a_drug_class_named_like_a_target_is_no_target_ask() -> None:
    [call] = plan("PI3K inhibitors in the HER2+ breast line HCC1954: alpelisib, pictilisib")
    assert call.name == "drug_cell_response_regression_predict" and len(call.arguments["drug_smiles"]) == 2


def test_an_upload_named_by_its_owner_or_its_words_is_that_upload() -> None:
    pool = ThreadPool(InMemoryPoolStore(), "owners")
    pool.put("upload_maria_hits.csv", ["CCO", "CCN"], "smiles_list", "maria", "file")
    pool.put("upload_tom_plate7.csv", ["CCCl"], "smiles_list", "tom", "file")
    pool.put("upload_hits_run_1129.csv", ["CCBr"], "smiles_list", "tom", "file")
    assert plan("BBB for Tom's plate", pool)[0].arguments["drug_smiles"] == "(upload_tom_plate7.csv)"
    assert plan("solubility of Maria's list", pool)[0].arguments["drug_smiles"] == "(upload_maria_hits.csv)"
    assert plan("the hits from yesterday's run: logD", pool)[0].arguments["drug_smiles"] == \
        "(upload_hits_run_1129.csv)"
    # as many words for two uploads: asked which, never the newest
    pool.put("upload_maria_hits_v2.csv", ["CCI"], "smiles_list", "maria", "file")
    assert "drug_smiles" not in plan("rerun Maria's list with lipo", pool)[0].arguments


def test_a_part_the_message_says_may_change_is_the_mask() -> None:
    imatinib_piperazine = [0] * 17 + [1] * 7 + [0] * 13
    for text in ("optimise imatinib vs KU812, methylpiperazine is free to change, target 10 nM",
                 "optimize imatinib in K562 with the methylpiperazine free to change, aim 10 nM"):
        [call] = plan(text)
        assert call.arguments["mask"] == imatinib_piperazine, text
    [call] = plan("gefitinib, optimize for NCI-H1975, tail free (morpholinopropoxy), target 10 nM")
    assert call.arguments["mask"] == [0] * 21 + [1] * 10


def test_a_closing_bracket_picks_the_tool_for_every_ask() -> None:
    calls = plan("binding of vorinostat to AURKA and to FLT3 (yes/no)")
    assert [c.name for c in calls] == ["drug_target_classification_predict"] * 2
    # a bracket that closes an ask of its own qualifies only that ask
    assert [c.name for c in plan("Does ibrutinib hit BTK and if so how strongly (Kd)?")] == [
        "drug_target_classification_predict", "drug_target_affinity_regression_predict"]


def test_a_reason_after_the_ask_does_not_dilute_it() -> None:
    [call] = plan("Erlotinib and lapatinib: single-step disconnections for both; we compare the aniline couplings.")
    assert call.name == "Retrosynthetic_reaction_pathway_prediction"
    assert len(call.arguments["smiles_list"]) == 2  # "the aniline couplings" runs no aniline


def test_precursors_for_a_named_drug_ask_for_its_route() -> None:
    [call] = plan("Can I get the one-step precursors for gefitinib?")
    assert call.name == "Retrosynthetic_reaction_pathway_prediction"


def test_the_last_tool_that_ran_is_what_a_bare_follow_up_continues() -> None:
    from agent.history import CallLog, PastRequest

    ran = CallLog("Retrosynthetic_reaction_pathway_prediction", {"smiles_list": ["CCO", "CCN"]}, None, {}, "ok")
    # the earlier words alone ("the same for X and Y, together") would read as a drug-drug ask
    earlier = [PastRequest("alice", "And the same for erlotinib and gefitinib, together.", answered=True, calls=[ran])]
    [call] = plan_calls("One more: nilotinib.", [], list(TOOLS), earlier)
    assert call.name == "Retrosynthetic_reaction_pathway_prediction"


def test_a_cdk4_complex_written_with_its_cyclin_is_that_construct() -> None:
    from model_zoo.names.targets import find_target_names

    [target] = find_target_names("Also palbociclib itself on CDK4/cyclin D3 for comparison.")
    assert target.name == "CDK4-cyclinD3"  # type: ignore[union-attr]


def test_the_default_drug_drug_task_named_again_replaces_twosides() -> None:
    from agent.history import CallLog, PastRequest

    ran = CallLog("drug_drug_response_predict", {"smiles_pairs": [["CCO", "CCN"]], "task": "twosides"}, None, {}, "ok")
    earlier = [PastRequest("alice", "side effects of warfarin with aspirin (TWOSIDES)", answered=True, calls=[ran])]
    [call] = plan_calls("Replace aspirin with ketoconazole, DrugBank model again.", [], list(TOOLS), earlier)
    assert call.arguments.get("task", "drugbank") == "drugbank"


def test_instead_switches_the_tool_of_a_correction() -> None:
    from agent.history import CallLog, PastRequest

    ran = CallLog("drug_target_affinity_regression_predict", {"drug_smiles": ["CCO"]}, None, {}, "ok")
    earlier = [PastRequest("alice", "Same drug CCO, DDR1 — Kd please.", answered=True, calls=[ran])]
    [call] = plan_calls("Let me correct myself: for DDR1 I only need a yes/no. Give me the interaction probability "
                        "instead.", [], list(TOOLS), earlier)
    assert call.name == "drug_target_classification_predict"


def test_each_property_runs_on_the_molecules_written_with_it() -> None:
    logs, bbb = plan("logS of aspirin and BBB of caffeine")
    assert (logs.arguments["property"], bbb.arguments["property"]) == ("logSolubility", "p_np")
    assert len(logs.arguments["drug_smiles"]) == len(bbb.arguments["drug_smiles"]) == 1
    assert logs.arguments["drug_smiles"] != bbb.arguments["drug_smiles"]
    pool = ThreadPool(InMemoryPoolStore(), "own-uploads")
    pool.put("upload_maria_hits.csv", ["CCO", "CCN"], "smiles_list", "maria", "file")
    pool.put("upload_tom_plate7.csv", ["CCCl"], "smiles_list", "tom", "file")
    logs, bbb = plan("solubility for Maria's list and BBB for Tom's plate", pool)
    assert (logs.arguments["drug_smiles"], bbb.arguments["drug_smiles"]) == (
        "(upload_maria_hits.csv)", "(upload_tom_plate7.csv)")
    # molecules written before the properties go with all of them
    both = plan("aspirin and caffeine: logS and BBB")
    assert all(len(c.arguments["drug_smiles"]) == 2 for c in both)


def test_an_untrained_property_taken_back_is_not_asked_about() -> None:
    [call] = plan("Ames? no — ok the Tox21 p53 one then, for embelin")
    assert call.arguments["property"] == "SR-p53"


def test_a_quoted_email_is_read_and_a_labelled_question_is_the_ask() -> None:
    calls = plan("Pasted from Mei's email:\n> For the go/no-go deck we need solubility and BBB on the two backups\n"
                 "> BX-501: COc1cc(OC)c(cc1NC(=O)CCC(=O)O)S(=O)(=O)N(c2ccc(C)cc2)c3ccc(C)cc3\n"
                 "> BX-502: CC(C)C[C@H](N)c1oc(nn1)S(=O)(=O)Cc2ccc(F)cc2\nthanks!")
    assert [c.arguments["property"] for c in calls] == ["logSolubility", "p_np"]
    retro, design = plan("aldehyde intermediate CC(C)(C)OC(=O)n1cnc(C=O)c1: how is it made? plus generate hits for "
                         "NCI-H460 at 1 uM")
    assert (retro.name, design.name) == ("Retrosynthetic_reaction_pathway_prediction",
                                         "drug_cell_response_regression_generation")


def test_a_question_that_only_picks_results_is_no_ask_of_its_own() -> None:
    from agent.entities import extract
    from agent.planning.tool_choice import intents

    for text, tool in (("Which is most soluble? Predict its response in CAKI-1 with the regression model.",
                        "drug_cell_response_regression_predict"),
                       ("Which of the MKN45 set is best? Give me its BBB and logD.", "drug_property_prediction")):
        assert [s.name for s, _ in intents(extract(text), list(TOOLS))] in ([], [tool]), text
        [first, *_] = plan(text)
        assert first.name == tool, text


def test_a_jak_domain_written_out_is_that_construct_never_the_other() -> None:
    from model_zoo.names.targets import find_target_names

    for text, construct in (("pKd on TYK2 JH2", "TYK2(JH2domain-pseudokinase)"),
                            ("JAK1 pseudokinase domain binding", "JAK1(JH2domain-pseudokinase)"),
                            ("same pair on TYK2 JH1", "TYK2(JH1domain-catalytic)")):
        [target] = find_target_names(text)
        assert target.name == construct, text  # type: ignore[union-attr]


def test_same_molecules_after_a_design_run_names_the_designs_not_the_design_tool() -> None:
    from agent.history import CallLog, PastRequest

    pool = ThreadPool(InMemoryPoolStore(), "designs")
    pool.put("generated_smiles", ["CCO", "CCN"], "smiles_list", "bot", "tool")
    ran = CallLog("drug_cell_response_regression_generation", {"cell_line": "A549", "zscore": -1}, None, {}, "ok")
    earlier = [PastRequest("alice", "design molecules for A549 at 300 nM", answered=True, calls=[ran])]
    [call] = plan_calls("same molecules, predicted response in HT-29 for comparison", pool.list(), list(TOOLS),
                        earlier, lambda key: pool.require(key).value)
    assert call.name == "drug_cell_response_regression_predict"
    assert call.arguments["drug_smiles"] == "(generated_smiles)"


def test_same_pair_on_another_target_repeats_the_affinity_ask() -> None:
    from agent.history import CallLog, PastRequest

    ran = CallLog("drug_target_affinity_regression_predict", {"drug_smiles": ["CCO", "CCN"]}, None, {}, "ok")
    earlier = [PastRequest("alice", "ruxolitinib and fedratinib, pKd on JAK2", answered=True, calls=[ran])]
    [call] = plan_calls("same pair on TYK2 JH1", [], list(TOOLS), earlier)
    assert call.name == "drug_target_affinity_regression_predict"


def test_a_property_of_the_threads_molecules_asked_as_a_question() -> None:
    pool = ThreadPool(InMemoryPoolStore(), "its")
    pool.put("user_smiles", ["CNC(=O)n1nc(C(C)(C)C)nc1OCc1ccccc1"], "smiles_list", "alice", "message")
    [call] = plan("thanks. what is its logD?", pool)
    assert call.name == "drug_property_prediction" and call.arguments["property"] == "lipo"


def test_the_same_protein_with_another_tool_named_switches_to_it() -> None:
    from agent.history import CallLog, PastRequest

    ran = CallLog("drug_target_affinity_regression_predict", {"drug_smiles": ["CCO"]}, None, {}, "ok")
    earlier = [PastRequest("alice", "pKd of gilteritinib on FLT3", answered=True, calls=[ran])]
    [call] = plan_calls("and midostaurin on the same protein, binder yes/no?", [], list(TOOLS), earlier)
    assert call.name == "drug_target_classification_predict"


def test_the_precursors_asked_as_a_question_are_a_route_and_of_that_route_a_pick() -> None:
    retro, logs = plan("can we buy our way to CC(C)(C)OC(=O)c1c(N)ccc2c1OCC1CC21? i.e. what are the immediate "
                       "precursors. Also its logS while you're at it")
    assert (retro.name, logs.name) == ("Retrosynthetic_reaction_pathway_prediction", "drug_property_prediction")
    from agent.entities import extract
    from agent.planning.tool_choice import intents

    assert [s.name for s, _ in intents(extract("Take the precursors of that route and run logS on them"),
                                       list(TOOLS))] == ["drug_property_prediction"]


def test_each_line_with_its_own_goal_and_the_same_potency_again() -> None:
    h460, calu = plan("generate for NCI-H460 at 1uM and for Calu-3 at 100nM")
    assert (h460.arguments["cell_line"], h460.arguments["zscore"]) == ("NCI-H460", 0.0)
    assert calu.arguments["cell_line"] == "Calu-3" and abs(calu.arguments["zscore"] + 2.302585) < 1e-5
    first, second = plan("make molecules for MV411 at 10 nM and then also for MOLM13 at the same potency")
    assert {first.name, second.name} == {"drug_cell_response_regression_generation"}
    assert second.arguments["cell_line"] == "MOLM-13" and second.arguments["zscore"] == first.arguments["zscore"]


def test_more_ways_people_write_names_parts_and_follow_ups() -> None:
    [ddi] = plan("DDI amiodarone with zocor")  # a vetted brand in lower case
    assert len(ddi.arguments["smiles_pairs"]) == 1
    assert len(plan("Does bosutinib interact with ABL1? Also with KIT.")) == 2
    [cell] = plan("predict response of H1975 to osimertinib vs erlotinib")
    assert cell.arguments["cell_name"] == "NCI-H1975"
    for text in ("sorafenib in HT29, goal 0.5 uM, free the N-methylamide only",
                 "dabrafenib optimisation for SK-MEL-28 at 50 nM, let the difluorophenylsulfonyl move, rest fixed"):
        [call] = plan(text)
        assert "mask" in call.arguments, text


def test_same_settings_with_another_line_instead_repeats_the_optimisation() -> None:
    from agent.history import CallLog, PastRequest

    ran = CallLog("drug_cell_response_regression_optimization", {"cell_line": "K-562"}, None, {}, "ok")
    earlier = [PastRequest("alice", "imatinib, K562, 50nM, free the N-methylpiperazine", answered=True, calls=[ran])]
    [call] = plan_calls("same settings, KU812 instead", [], list(TOOLS), earlier)
    assert call.name == "drug_cell_response_regression_optimization" and call.arguments["cell_line"] == "KU812"


def test_a_row_of_generated_molecules_with_nothing_generated_is_asked() -> None:
    pool = ThreadPool(InMemoryPoolStore(), "nothing-made")
    pool.put("user_smiles", ["CCO", "CCN"], "smiles_list", "alice", "message")
    [call] = plan_calls("retro on generated #1", pool.list(), list(TOOLS), [], lambda key: pool.require(key).value)
    assert "smiles_list" not in call.arguments


def test_each_pair_of_an_uploaded_list_and_uploads_named_by_day() -> None:
    pool = ThreadPool(InMemoryPoolStore(), "bed-12")
    pool.put("upload_ddi_list.csv", ["CCO", "CCN", "CCCl"], "smiles_list", "nurse", "file")
    [call] = plan_calls("Hi, uploaded the med list for bed 12. Check each pair.", pool.list(), list(TOOLS), [],
                        lambda key: pool.require(key).value)
    assert call.name == "drug_drug_response_predict" and len(call.arguments["smiles_pairs"]) == 3
    days = ThreadPool(InMemoryPoolStore(), "days")
    days.put("upload_plate_tue.csv", ["CCO"], "smiles_list", "tech", "file")
    days.put("upload_plate_wed.csv", ["CCN"], "smiles_list", "tech", "file")
    logs, logd = plan("solubility for the Tuesday plate and logD for Wednesday's", days)
    assert (logs.arguments["drug_smiles"], logd.arguments["drug_smiles"]) == (
        "(upload_plate_tue.csv)", "(upload_plate_wed.csv)")


def test_the_same_three_against_another_target_repeats_the_affinity_ask() -> None:
    from agent.history import CallLog, PastRequest

    ran = CallLog("drug_target_affinity_regression_predict", {"drug_smiles": ["CCO"]}, None, {}, "ok")
    earlier = [PastRequest("alice", "pKd of lapatinib, neratinib and tucatinib on EGFR", answered=True, calls=[ran])]
    [call] = plan_calls("Same three against ERBB2?", [], list(TOOLS), earlier)
    assert call.name == "drug_target_affinity_regression_predict"


def test_a_second_ask_that_designs_or_says_its_is_its_own() -> None:
    predict, design = plan("How does MV-4-11 respond to quizartinib? Also a generated set for that line with IC50 of "
                           "5 nM.")
    assert (predict.name, design.name) == ("drug_cell_response_regression_predict",
                                           "drug_cell_response_regression_generation")
    tox, ddi = plan("Clinical tox risk for ketoconazole, and its interaction with simvastatin")
    assert tox.arguments["property"] == "CT_TOX" and len(ddi.arguments["smiles_pairs"]) == 1
    assert len(plan("Is crizotinib predicted to bind ALK? and MET?")) == 2
    # a remark about the earlier result is no ask ("erlotinib in A-549 is meh")
    [call] = plan("erlotinib in A-549 is meh. optimize the two methoxyethoxy arms only, aim for ln IC50 = 0")
    assert call.name == "drug_cell_response_regression_optimization"


def test_a_tool_named_outright_switches_a_repeat() -> None:
    from agent.history import CallLog, PastRequest

    ran = CallLog("drug_target_affinity_regression_predict", {"drug_smiles": ["CCO"]}, None, {}, "ok")
    earlier = [PastRequest("alice", "pKd of ruxolitinib on JAK2", answered=True, calls=[ran])]
    [call] = plan_calls("Now TYK2 JH1 with ruxolitinib, binding yes/no", [], list(TOOLS), earlier)
    assert call.name == "drug_target_classification_predict"


def test_a_shortened_file_word_matches_only_a_day_or_month_written_out() -> None:
    pool = ThreadPool(InMemoryPoolStore(), "tomorrow")
    pool.put("upload_tom_plate7.csv", ["CCCl"], "smiles_list", "tom", "file")
    pool.put("upload_ana_set.csv", ["CCO"], "smiles_list", "ana", "file")
    # "tomorrow" is no "tom": two uploads and no word for either is asked, never a guessed file
    [call] = plan("logD for the uploaded file, I need it tomorrow", pool)
    assert "drug_smiles" not in call.arguments


def _names(call: ToolCall, key: str = "drug_smiles") -> list[str]:
    from model_zoo.names import resolve_drug

    names = {getattr(resolve_drug(n), "value", None): n for n in (
        "bortezomib", "carfilzomib", "ruxolitinib", "azacitidine", "vincristine", "vinblastine", "doxorubicin",
        "cyclophosphamide")}
    return [names.get(smiles, smiles) for smiles in call.arguments[key]]


@pytest.mark.parametrize(("text", "expected"), [
    ("Tox21 p53 for bortezomib + carfilzomib... ok carfilzomib probably isn't there, just bortezomib then",
     ["bortezomib"]),
    ("In HEL, how potent are Jakafi and Vidaza... actually skip Vidaza, different kind of drug. Just Jakafi.",
     ["ruxolitinib"]),
    ("CHOP in SU-DHL-4: doxorubicin, cyclophosphamide, vincristine... vincristine isn't in GDSC right? then "
     "vinblastine instead. predicted ln IC50s.", ["doxorubicin", "cyclophosphamide", "vinblastine"]),
])
def test_a_drug_the_message_takes_back_is_dropped_wherever_it_is_written(text: str, expected: list[str]) -> None:
    [call] = plan(text)
    assert _names(call) == expected


def test_a_corrected_line_in_the_short_nci_form_replaces_the_first() -> None:
    [call] = plan("optimise CCOc1ccccc1, keep the benzene; 20 nM in HCC827... actually no, PI wants H1975 for this one")
    assert call.arguments["cell_line"] == "NCI-H1975"


@pytest.mark.parametrize(("text", "pairs"), [
    ("Dog on chlorambucil + prednisolone, owner wants carprofen. Check chlorambucil–carprofen and "
     "prednisolone–carprofen?", [("chlorambucil", "carprofen"), ("prednisolone", "carprofen")]),
    ("Cat on prednisolone + chlorambucil; vet wants to add tramadol. Check tramadol with each.",
     [("tramadol", "prednisolone"), ("tramadol", "chlorambucil")]),
    ("any DDI between omeprazole and clopidogrel — and separately aspirin with warfarin",
     [("omeprazole", "clopidogrel"), ("aspirin", "warfarin")]),
])
def test_pairs_as_the_message_groups_them(text: str, pairs: list[tuple[str, str]]) -> None:
    from model_zoo.names import resolve_drug

    [call] = plan(text)
    smiles = {name: resolve_drug(name).value for pair in pairs for name in pair}
    assert call.arguments["smiles_pairs"] == [[smiles[a], smiles[b]] for a, b in pairs]


def test_key_value_lines_label_their_values() -> None:
    [call] = plan("- drug: trametinib\n- target: MEK1\n- want: pKd")
    assert call.name == "drug_target_affinity_regression_predict"
    [call] = plan("- task: generation\n- cell_line: KELLY\n- target: ln ic50 -2.5")
    assert call.arguments == {"cell_line": "KELLY", "zscore": -2.5}


def test_a_gdsc_name_with_a_suffix_and_a_fusion_gene_beside_it() -> None:
    [call] = plan("imatinib in the EoL-1 line (FIP1L1-PDGFRA driven), predicted ln IC50")
    assert call.arguments["cell_name"] == "EoL-1-cell"


def test_a_property_that_only_picks_the_molecules_is_not_the_one_asked() -> None:
    from agent.planning.properties import requested_properties

    assert requested_properties("the two least soluble — are they at least BBB penetrant?") == ["p_np"]
    assert requested_properties("which is the most soluble?") == ["logSolubility"]


def test_misspelt_words_of_a_two_word_property_name() -> None:
    [call] = plan("blood brian barier for donepezil")
    assert call.arguments["property"] == "p_np"


def test_an_untrained_property_given_as_the_reason_after_the_question() -> None:
    [call] = plan("would palbociclib get into the brain at all? I have a feeling it's a P-gp substrate")
    assert call.arguments["property"] == "p_np"


def test_a_molecule_described_by_its_groups_is_no_molecule_to_run() -> None:
    [call] = plan("retrosynthesis on the compound Jonas showed? the one with the allyl cyclopropane on the sulfonyl")
    assert "smiles_list" not in call.arguments  # asked which molecule, never cyclopropane itself


def test_a_line_in_the_short_nci_form_reads_as_a_line_to_the_intent_model() -> None:
    from agent.entities import extract
    from agent.planning.tool_choice import tool_scores

    scores = tool_scores(extract("Predicted response for all of those in H1975").prose, list(TOOLS))
    assert max(scores, key=lambda name: scores[name]) == "drug_cell_response_regression_predict"


def test_a_question_then_the_kind_of_answer_wanted_is_one_ask() -> None:
    calls = plan("Which of these binds PDGFRB strongest? Give me pKd for sunitinib, sorafenib, axitinib.")
    assert [c.name for c in calls] == ["drug_target_affinity_regression_predict"]
    assert len(calls[0].arguments["drug_smiles"]) == 3


def test_a_correction_inside_the_message_replaces_the_values_of_its_kind_before_it() -> None:
    [call] = plan("BBB penetration for CCO -- sorry wrong paste, this one: CCCN")
    assert call.arguments["drug_smiles"] == ["CCCN"]
    [call] = plan("retro on CCCCO\n\nwait, wrong product, that's last week's. this one instead: c1ccccc1N")
    assert call.arguments["smiles_list"] == ["c1ccccc1N"]
    lines = [c.arguments["cell_name"] for c in plan("CCO in MCF7 and T47D please. sorry -- MCF7 and CAL-51, not T47D")]
    assert lines == ["MCF7", "CAL-51"]
    calls = plan("solubility and lipo for CCO -- sorry, lipo and BBB, not solubility")
    assert [c.arguments["property"] for c in calls] == ["lipo", "p_np"]


def test_a_correction_that_adds_or_apologises_replaces_nothing() -> None:
    targets = plan("crizotinib affinity vs ALK and MET. oh and sorry, add ROS1 too")
    assert len(targets) == 3 and len({c.arguments["target_seq"] for c in targets}) == 3
    assert [c.arguments["property"] for c in plan("BBB and logD for CCO. sorry for the delay!")] == ["p_np", "lipo"]
    assert plan("Sorry to bother you: solubility for CCO and CCN?")[0].arguments["drug_smiles"] == ["CCO", "CCN"]


def test_a_drug_code_taken_back_is_dropped_wherever_it_is_written() -> None:
    [call] = plan("solubility of 5-FU and gemcitabine -- sorry, not 5-FU, cytarabine. so cytarabine and gemcitabine.")
    assert len(call.arguments["drug_smiles"]) == 2
    assert "C1=C(C(=O)NC(=O)N1)F" not in call.arguments["drug_smiles"]  # 5-FU


def test_a_clinical_tox_flag_is_ct_tox() -> None:
    assert plan("Does fluconazole itself carry a clinical-tox flag?")[0].arguments["property"] == "CT_TOX"


def test_each_group_of_a_batched_message_is_its_own_request() -> None:
    calls = plan("Two batches today.\nFor Priya's list: lipophilicity on\nCCO\nCCN\n"
                 "For the Chen lab: erlotinib and gefitinib in H1975, predicted ln IC50.")
    assert [c.name for c in calls] == ["drug_property_prediction", "drug_cell_response_regression_predict"]
    assert calls[0].arguments["drug_smiles"] == ["CCO", "CCN"]
    assert len(calls[1].arguments["drug_smiles"]) == 2 and "CCO" not in calls[1].arguments["drug_smiles"]


def test_the_same_n_against_another_target_repeats_the_ask_before_it() -> None:
    calls = plan("First, pKd of afatinib and erlotinib against EGFR, and while you're at it the same two against "
                 "ERBB2. Thanks, Anneke")
    assert [c.name for c in calls] == ["drug_target_affinity_regression_predict"] * 2


def test_a_pick_named_by_its_target_asks_for_no_tool() -> None:
    pool = ThreadPool(InMemoryPoolStore(), "t")
    pool.put("user_smiles", ["CCO", "CCN"], "smiles_list", "u", "message")
    pool.put("user_target_seq", SEQ, "protein_seq", "u", "message")
    pool.put("drug_target_affinity_regression_predict_result",
             [{"row": 1, "smiles": "CCO", "prediction": 6.1}, {"row": 2, "smiles": "CCN", "prediction": 7.9}],
             "table", "u", "tool")
    [call] = plan_calls("Take the top EGFR binder and run it in BT-474.", pool.list(), list(TOOLS),
                        read=lambda key: pool.require(key).value)
    assert call.name == "drug_cell_response_regression_predict"
    assert call.arguments["cell_name"] == "BT-474"


def test_a_property_asked_of_a_common_chemical_reads_its_name() -> None:
    assert plan("hydration free energy of acetone and chloroform.")[0].arguments["drug_smiles"] == \
        ["CC(=O)C", "C(Cl)(Cl)Cl"]
    assert plan("dissolved in ethanol, what is the logS of CCCO?")[0].arguments["drug_smiles"] == ["CCCO"]


def test_a_cell_line_written_in_the_plural_is_that_line() -> None:
    assert plan("Design compounds for k562s with a pIC50 of 8.")[0].arguments["cell_line"] == "K-562"
    assert plan("ic50 of CCO in jurkats")[0].arguments["cell_name"] == "Jurkat"


def test_asks_joined_by_a_plus_are_each_run() -> None:
    calls = plan("retro on all 3 + logS for all 3 pls\nCCOC(=O)c1ccccc1\nCCN(CC)CC\nc1ccc2ccccc2c1")
    assert [c.name for c in calls] == ["Retrosynthetic_reaction_pathway_prediction", "drug_property_prediction"]
    assert calls[1].arguments["property"] == "logSolubility"


def test_counts_places_and_the_digits_of_a_name_are_no_potency() -> None:
    calls = plan("Generate molecules for HT-29 that reach IC50 ≤ 1 µM, and separately tell me the predicted response "
                 "of 5-FU in HT-29.")
    assert [c.name for c in calls] == ["drug_cell_response_regression_generation",
                                       "drug_cell_response_regression_predict"]
    assert [c.name for c in plan("retro + bace1 score 4 this CCOC(=O)c1ccccc1")] == \
        ["Retrosynthetic_reaction_pathway_prediction", "drug_property_prediction"]


def _pool_with(values: dict[str, list[str]]) -> ThreadPool:
    pool = ThreadPool(InMemoryPoolStore(), "t")
    for key, molecules in values.items():
        pool.put(key, molecules, "smiles_list", "u", "file")
    return pool


def test_an_upload_named_by_part_of_its_name_runs_and_another_number_is_asked_about() -> None:
    pool = _pool_with({"upload_sam_round2.csv": ["CCO", "CCN", "CCC"]})
    [call] = plan("Sam's round-2 file is in the thread. Solubility on that, please.", pool)
    assert call.arguments["drug_smiles"] == "(upload_sam_round2.csv)"
    assert plan("Solubility on Sam's round-3 file, please", pool) == []


def test_a_count_of_lines_is_no_count_of_molecules() -> None:
    pool = _pool_with({"upload_chen_panel.csv": ["CCO", "CCN", "CCC", "CCCl"]})
    calls = plan("The Chen panel is uploaded. Run it in the two lines Ravi mentioned: SW620 and COLO205.", pool)
    assert [c.arguments["drug_smiles"] for c in calls] == ["(upload_chen_panel.csv)"] * 2


def test_the_best_of_an_unranked_list_is_no_pick() -> None:
    pool = _pool_with({"upload_ana_hits.sdf": ["CCO", "CCN", "CCC"]})
    read = lambda key: pool.require(key).value  # noqa: E731
    [call] = plan_calls("Ana's hits are uploaded. Run them in U87 and tell me which is most potent.", pool.list(),
                        list(TOOLS), read=read)
    assert call.arguments["drug_smiles"] == "(upload_ana_hits.sdf)"


def test_a_part_that_only_adds_a_value_repeats_the_ask_before_it() -> None:
    calls = plan("Hi DrugPilot,\n\nfirst question for the ALK review: predicted pKd of crizotinib against ALK, and "
                 "while you're at it against MET.\n\nThanks, Tomasz")
    assert [c.name for c in calls] == ["drug_target_affinity_regression_predict"] * 2


def test_a_long_email_with_three_asks_runs_each_with_its_own_molecules() -> None:
    calls = plan("Hi DrugPilot,\n\nfor the AML combination study: first, predicted ln(IC50) of venetoclax and "
                 "navitoclax in MOLM-13; and while you're at it, the DrugBank interaction between venetoclax and "
                 "ketoconazole "
                 "(azole prophylaxis is common there). Also, separately, is venetoclax likely to cross the blood-brain "
                 "barrier? Thanks, Anneke")
    assert [c.name for c in calls] == ["drug_cell_response_regression_predict", "drug_drug_response_predict",
                                       "drug_property_prediction"]
    assert len(calls[0].arguments["drug_smiles"]) == 2 and len(calls[2].arguments["drug_smiles"]) == 1


def test_a_question_then_an_added_optimisation_are_two_asks() -> None:
    calls = plan("What does PLX-4720 do in A375 (ln IC50)? And optimize it in the same line toward 50 nM.")
    assert [c.name for c in calls] == ["drug_cell_response_regression_predict",
                                       "drug_cell_response_regression_optimization"]


def test_same_target_with_new_molecules_keeps_the_earlier_tool() -> None:
    pool = ThreadPool(InMemoryPoolStore(), "t")
    pool.put("user_target_seq", SEQ, "protein_seq", "u", "message")
    pool.put("drug_target_affinity_regression_predict_result", [{"row": 1, "smiles": "CCO", "prediction": 6.1}],
             "table", "u", "tool")
    for text in ("same target, these 2: CCCCO , CCCN", "same target, these two: CCCCO , CCCN"):
        [call] = plan(text, pool)
        assert call.name == "drug_target_affinity_regression_predict"


def test_a_route_picked_by_its_product_asks_for_no_new_route() -> None:
    pool = ThreadPool(InMemoryPoolStore(), "t")
    pool.put("Retrosynthetic_reaction_pathway_prediction_result",
             [{"row": 1, "smiles": "CCOC(=O)C", "candidates": [{"reactants": ["CCO", "CC(=O)O"], "score": 0.9}]}],
             "table", "u", "tool")
    [call] = plan_calls("Thanks. For the first product's route, could you predict the aqueous solubility of its "
                        "precursors?", pool.list(), list(TOOLS), read=lambda key: pool.require(key).value)
    assert call.name == "drug_property_prediction" and call.arguments["property"] == "logSolubility"


def test_a_plus_between_drugs_pairs_them() -> None:
    [call] = plan("Gleevec + Coumadin and Sprycel + Coumadin: DrugBank DDI for both pairs.")
    assert call.name == "drug_drug_response_predict" and len(call.arguments["smiles_pairs"]) == 2
