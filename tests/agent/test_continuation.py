"""Messages that continue the thread's previous request: corrections, repeats with a new value, answers to the
agent's question (requests written for these tests, not taken from the benchmark sets)."""

from agent.backends.base import ToolCall
from agent.backends.planner import plan_calls
from agent.entities import extract
from agent.history import PastRequest
from agent.planning.counts import counted
from agent.planning.values import corrected_molecules, merge_entities, value_numbers
from agent.pool.store import InMemoryPoolStore
from agent.pool.thread_pool import ThreadPool
from model_zoo.specs import TOOLS

ERLOTINIB = "COCCOC1=C(C=C2C(=C1)C(=NC=N2)NC3=CC=CC(=C3)C#C)OCCOC"


def after(earlier: str, now: str, answered: bool = True, pool: ThreadPool | None = None) -> list[ToolCall]:
    history = [PastRequest("alice", earlier, answered=answered)]
    return plan_calls(now, pool.list() if pool else [], list(TOOLS), history)


def test_numbers_that_take_a_line_back_or_belong_to_a_notation_are_no_values() -> None:
    assert value_numbers(extract("I meant MDA-MB-468, not 231")).numbers == []
    assert value_numbers(extract("wrong line, I wanted KMS-11 (t(4;14))")).numbers == []
    assert [n.value for n in value_numbers(extract("redo it in HT-29 at -2")).numbers] == [-2.0]


def test_a_corrected_cell_line_with_a_stray_number_reruns_the_earlier_request() -> None:
    [call] = after(f"ln IC50 of {ERLOTINIB} in MDA-MB-231?", "argh sorry, I meant MDA-MB-468, not 231")
    assert call.name == "drug_cell_response_regression_predict"
    assert call.arguments["cell_name"] == "MDA-MB-468"
    [call] = after(f"ln IC50 of {ERLOTINIB} in RPMI-8226?", "sorry wrong line, I wanted KMS-11 (t(4;14))")
    assert call.name == "drug_cell_response_regression_predict"
    assert call.arguments["cell_name"] == "KMS-11"


def test_a_new_target_after_versus_or_the_other_repeats_the_earlier_tool() -> None:
    [call] = after("erlotinib pKd EGFR", "and vs ERBB2?")
    assert call.name == "drug_target_affinity_regression_predict"
    calls = after("pKd for erlotinib and gefitinib on ERBB2", "and now the other kinase (EGFR), same 2")
    assert {c.name for c in calls} == {"drug_target_affinity_regression_predict"}


def test_same_inputs_with_a_named_tool_is_that_tool() -> None:
    pool = ThreadPool(InMemoryPoolStore(), "t")
    pool.put("user_smiles", [ERLOTINIB], "smiles_list", "a", "message")
    pool.put("user_target_seq", "MAKQYDSVECPFCDEVSKYEKLAKIGQGTFGEVFKARHRKTGQKVALKKVLM", "protein_seq", "a", "message")
    [call] = after("pKd of erlotinib for this kinase",
                   "also run the binary interaction classifier on the same compounds", pool=pool)
    assert call.name == "drug_target_classification_predict"


def test_a_mask_in_words_replaces_an_earlier_mask_list() -> None:
    earlier = extract(f"optimise {ERLOTINIB} for A549, ln IC50 -2, mask [0, 0, 0, 1]")
    merged = merge_entities(extract("just let the ethynylphenyl change"), earlier)
    assert merged.masks == [] and merged.atom_ranges
    merged = merge_entities(extract("yes everything free"), earlier)
    assert merged.masks == [] and merged.atom_ranges[0].every_atom
    assert merge_entities(extract("in HT-29"), earlier).masks == [[0, 0, 0, 1]]


def test_redo_with_a_new_potency_repeats_the_optimisation() -> None:
    [call] = after(f"optimise {ERLOTINIB} for A549 to 50 nM, mask [0, 0, 0, 1]",
                   "can you redo it with target 10 nM, everything else the same")
    assert call.name == "drug_cell_response_regression_optimization"
    assert round(call.arguments["zscore"], 2) == -4.61 and call.arguments["cell_line"] == "A549"


def test_a_corrected_smiles_replaces_only_the_invalid_one() -> None:
    earlier = "pKd vs BRAF for COc1ccc(NC(=O)c2ccnc(N)n2)cc1 and CNC=O)c1ccccc1"
    [call] = after(earlier, "fixed: CNC(=O)c1ccccc1", answered=False)
    assert call.arguments["drug_smiles"] == ["COc1ccc(NC(=O)c2ccnc(N)n2)cc1", "CNC(=O)c1ccccc1"]
    [call] = after("BBB pen? NC(N)=NC(=O)c1nc(CL)c(N)nc1N", "yes Cl. NC(N)=NC(=O)c1nc(Cl)c(N)nc1N", answered=False)
    assert call.arguments["drug_smiles"] == ["NC(N)=NC(=O)c1nc(Cl)c(N)nc1N"]


def test_a_reply_with_an_unrelated_list_is_a_new_list() -> None:
    assert corrected_molecules(extract("use CCO and CCN instead"), extract("logD of c1ccccc1C(")) is None


def test_a_count_that_does_not_match_the_pool_list_takes_the_earlier_request_with_that_many() -> None:
    pool = ThreadPool(InMemoryPoolStore(), "t")
    pool.put("user_smiles", ["CCO"], "smiles_list", "a", "message")
    history = [PastRequest("alice", "logS for CCO, CCN, CCC and CCCl", answered=True),
               PastRequest("alice", "logD of the least soluble one", answered=True)]
    [call] = plan_calls("ok. BBB for all four", pool.list(), list(TOOLS), history)
    assert call.arguments["drug_smiles"] == ["CCO", "CCN", "CCC", "CCCl"]
    [call] = plan_calls("ok. BBB for all three", pool.list(), list(TOOLS), history)
    assert "drug_smiles" not in call.arguments  # no earlier list of three: asked
    assert counted("BBB for the two best") is None and counted("run both in HT-29") == 2


def test_use_the_database_one_takes_the_named_drugs_structure_for_its_invalid_smiles() -> None:
    earlier = "gefitinib (COC1=C(C=C2C(=C1)N=CN=C2NC3=CC(=C(C=C3)F)Cl)OCCCN4CCOCC4)) in A549?"
    [call] = after(earlier, "yes use the database one", answered=False)
    assert call.arguments["drug_smiles"] == [extract("gefitinib").molecules[0]]
    assert corrected_molecules(extract("ok"), extract(earlier)) is None


def test_a_continuation_reads_bare_cell_lines_and_targets_of_the_earlier_tool() -> None:
    [call] = after("Tagrisso in A549?", "sorry I meant H1975 not A549")
    assert call.name == "drug_cell_response_regression_predict" and call.arguments["cell_name"] == "NCI-H1975"
    [call] = after("ponatinib pKd ABL1", "now KIT pls, same drug")
    assert call.name == "drug_target_affinity_regression_predict"
    assert call.arguments["target_seq"] == extract("KIT kinase").sequences[0]


def test_values_before_a_switch_of_tool_go_to_the_new_tool() -> None:
    calls = after("does ponatinib interact with FLT3?", "and KIT and PDGFRA? affinity this time (pKd)")
    assert [c.name for c in calls] == ["drug_target_affinity_regression_predict"] * 2


def test_adding_a_molecule_to_the_earlier_list_reruns_the_request_with_it() -> None:
    [call] = after("tamoxifen and fulvestrant in MCF7", "now T47D, and add alpelisib to the two")
    assert call.name == "drug_cell_response_regression_predict" and call.arguments["cell_name"] == "T47D"
    assert len(call.arguments["drug_smiles"]) == 3
    calls = after("5-FU in HCT116 and in HT29", "add oxaliplatin in the same two lines?")
    assert all(len(c.arguments["drug_smiles"]) == 1 for c in calls)  # the two lines, not the two molecules


def test_another_tool_too_runs_on_the_inputs_of_the_tool_that_ran() -> None:
    pool = ThreadPool(InMemoryPoolStore(), "t")
    pool.put("user_smiles", [ERLOTINIB], "smiles_list", "a", "message")
    pool.put("user_target_seq", "MAKQYDSVECPFCDEVSKYEKLAKIGQGTFGEVFKARHRKTGQKVALKKVLM", "protein_seq", "a", "message")
    pool.put("drug_target_affinity_regression_predict_result", [5.0], "table", "a", "tool")
    [call] = after(f"same target, these 2: {ERLOTINIB}", "binary prob too", pool=pool)
    assert call.name == "drug_target_classification_predict"


def test_results_named_by_the_tool_that_made_them_ask_for_no_tool() -> None:
    from agent.planning.tool_choice import tool_scores

    scores = tool_scores("check the optimized ones in Calu-3 also", list(TOOLS))
    assert max(scores, key=lambda name: scores[name]) == "drug_cell_response_regression_predict"


def test_what_about_with_its_own_molecule_and_another_tool_is_that_tool() -> None:
    """"what about logD of atorvastatin alone" after a drug-drug request: the property, not the pair again."""
    from agent.backends.planner import plan_calls
    from agent.history import PastRequest
    from model_zoo.specs import TOOLS

    earlier = [PastRequest("alice", "interaction type for atorvastatin + clarithromycin?", answered=True)]
    [call] = plan_calls("what about logD of atorvastatin alone", [], list(TOOLS), earlier)
    assert call.name == "drug_property_prediction" and call.arguments["property"] == "lipo"
    assert len(call.arguments["drug_smiles"]) == 1
    earlier = [PastRequest("alice", "Binding affinity of ruxolitinib for the JAK2 catalytic domain?", answered=True)]
    [call] = plan_calls("And the TYK2 JH1 domain, same drug.", [], list(TOOLS), earlier)
    assert call.name == "drug_target_affinity_regression_predict"  # "same drug": the earlier request again


def test_same_mask_and_molecule_repeats_the_optimisation() -> None:
    from agent.backends.planner import plan_calls
    from agent.history import PastRequest
    from model_zoo.specs import TOOLS

    earlier = [PastRequest("alice", "gefitinib in A549 - optimise, morpholine ring only may change, target 0.2 µM",
                           answered=True)]
    [call] = plan_calls("same mask and molecule but for NCI-H460 and tighter, 20 nM", [], list(TOOLS), earlier)
    assert call.name == "drug_cell_response_regression_optimization"
    assert call.arguments["cell_line"] == "NCI-H460"


def test_new_values_with_same_target_or_line_repeat_the_earlier_tool() -> None:
    from agent.backends.planner import plan_calls
    from agent.history import PastRequest
    from model_zoo.specs import TOOLS

    earlier = [PastRequest("alice", "pKd of gefitinib on EGFR?", answered=True)]
    for text in ("and osimertinib, same target", "same target, now erlotinib and lapatinib"):
        [call] = plan_calls(text, [], list(TOOLS), earlier)
        assert call.name == "drug_target_affinity_regression_predict", text
    earlier = [PastRequest("alice", "IC50 of vorinostat in HCT-116?", answered=True)]
    [call] = plan_calls("same cell line, but entinostat now", [], list(TOOLS), earlier)
    assert call.name == "drug_cell_response_regression_predict"


def test_a_bare_new_value_reruns_the_tool_that_ran_whatever_the_value_alone_reads_as() -> None:
    from agent.history import CallLog

    ran = CallLog("drug_cell_response_regression_predict", {"drug_smiles": ["CCO"]}, None, {}, "ok")
    earlier = [PastRequest("alice", "palbo vs ribo in MCF7, predicted ln IC50", answered=True, calls=[ran])]
    for text in ("rerun that for T47D too", "now T47D please, rest unchanged"):
        [call] = plan_calls(text, [], list(TOOLS), earlier)
        assert call.name == "drug_cell_response_regression_predict", text


def test_a_refused_kind_of_answer_switches_to_the_tool_that_gives_it() -> None:
    [call] = after("is bosutinib an ABL1 binder?", "what about SRC for the same drug, and give me pKd not probability")
    assert call.name == "drug_target_affinity_regression_predict"


def test_same_target_for_new_molecules_repeats_the_earlier_tool() -> None:
    """"hit" alone reads as a binder question; "same JAK1" says the earlier request goes on."""
    [call] = after("pKd of ruxolitinib on JAK1 JH1",
                   "same JAK1 for my tofa-ish hit: CC1CCN(CC1N(C)c1ncnc2[nH]ccc12)C(=O)CC#N")
    assert call.name == "drug_target_affinity_regression_predict"


def test_a_drug_swapped_out_says_which_of_the_earlier_calls_is_repeated() -> None:
    from agent.history import CallLog
    from model_zoo.names import resolve_drug

    lapatinib, warfarin, apixaban = (resolve_drug(n).value for n in ("lapatinib", "warfarin", "apixaban"))
    history = [PastRequest("a", "Is Tykerb safe with Coumadin? And how soluble is Tykerb?", answered=True, calls=[
        CallLog("drug_drug_response_predict", {}, {"smiles_pairs": [[lapatinib, warfarin]]}, {}, "ok"),
        CallLog("drug_property_prediction", {}, {"drug_smiles": [lapatinib], "property": "logSolubility"}, {}, "ok")])]
    pool = ThreadPool(InMemoryPoolStore(), "t")
    pool.put("user_smiles_pairs", [[lapatinib, warfarin]], "smiles_pairs", "a", "message")
    pool.put("user_smiles", [lapatinib], "smiles_list", "a", "message")
    [call] = plan_calls("Same blood-thinner question for Eliquis instead of Coumadin.", pool.list(), list(TOOLS),
                        history, lambda key: pool.require(key).value)
    assert call.name == "drug_drug_response_predict"
    assert call.arguments["smiles_pairs"] == [[lapatinib, apixaban]]


def test_replacing_a_named_drug_keeps_the_other_one() -> None:
    fluconazole, amiodarone = extract("fluconazole").molecules[0], extract("amiodarone").molecules[0]
    pool = ThreadPool(InMemoryPoolStore(), "t")
    pool.put("user_smiles_pairs", [["CCN(CC)CCNC(=O)c1ccccc1", fluconazole]], "smiles_pairs", "a", "message")
    history = [PastRequest("a", "Please predict the interaction between CCN(CC)CCNC(=O)c1ccccc1 and fluconazole.",
                           answered=True)]
    [call] = plan_calls("Please repeat the prediction replacing fluconazole with amiodarone.", pool.list(),
                        list(TOOLS), history, lambda key: pool.require(key).value)
    assert call.arguments["smiles_pairs"] == [["CCN(CC)CCNC(=O)c1ccccc1", amiodarone]]


def test_the_other_line_after_a_design_run_designs_again() -> None:
    [call] = after("generate for HCT116, ln ic50 -2",
                   "no, the other line — HT29, same target. HCT116 is already covered")
    assert call.name == "drug_cell_response_regression_generation" and call.arguments["cell_line"] == "HT-29"


def test_a_line_given_after_an_unknown_one_reruns_the_earlier_request() -> None:
    for reply in ("HCC827 please", "sue: HCC827, same as our western blots"):
        [call] = after("raf: erlotinib in PC9 plz", reply, answered=False)
        assert call.name == "drug_cell_response_regression_predict"
        assert call.arguments == {"drug_smiles": [ERLOTINIB], "cell_name": "HCC-827"}


def test_add_a_drug_and_redo_all_of_them() -> None:
    [call] = after("Aqueous solubility: imatinib, nilotinib", "add ponatinib and redo all three")
    assert call.arguments["property"] == "logSolubility" and len(call.arguments["drug_smiles"]) == 3


def test_both_drugs_of_the_last_two_requests() -> None:
    from agent.planning.counts import _gathered

    history = [PastRequest("a", "Kd of gefitinib on EGFR", answered=True),
               PastRequest("a", "and osimertinib, same target", answered=True)]
    gefitinib, osimertinib = (extract(n).molecules[0] for n in ("gefitinib", "osimertinib"))
    assert _gathered(history, 2) == [gefitinib, osimertinib]
    assert _gathered(history, 3) is None


def test_a_target_named_now_wins_over_same_target_said_before() -> None:
    pool = ThreadPool(InMemoryPoolStore(), "t")
    pool.put("user_target_seq", "MAKQYDSVECPFCDEVSKYEKLAKIGQGTFGEVFKARHRKTGQKVALKKVLM", "protein_seq", "a", "message")
    from agent.history import CallLog

    ran = [CallLog("drug_target_classification_predict", {}, None, {}, "ok")]
    history = [PastRequest("a", "is ponatinib an ABL1 binder per the model?", answered=True, calls=ran),
               PastRequest("b", "do the same for my two — bosutinib and nilotinib, same target", answered=True,
                           calls=ran)]
    [call] = plan_calls("and now all three against SRC instead", pool.list(), list(TOOLS), history,
                        lambda key: pool.require(key).value)
    assert call.arguments["target_seq"] == extract("binds SRC").sequences[0]
    assert len(call.arguments["drug_smiles"]) == 3


def test_both_of_the_targets_is_no_count_of_molecules() -> None:
    """"Someone said it hits both" counts targets: the one drug of the thread stays."""
    [call] = after("How strong is Gilotrif against EGFR, as a number?", "And against HER2? Someone said it hits both.")
    assert len(call.arguments["drug_smiles"]) == 1


def test_an_upload_named_by_its_owner_or_place_continues_the_earlier_request() -> None:
    pool = ThreadPool(InMemoryPoolStore(), "t")
    pool.put("upload_ana_set.sdf", ["CCO", "CCN"], "smiles_list", "ana", "file")
    pool.put("upload_marco_set.sdf", ["CCCl", "CCBr"], "smiles_list", "marco", "file")
    [call] = after("BBB for Ana's SDF", "same for Marco's", pool=pool)
    assert call.arguments == {"drug_smiles": "(upload_marco_set.sdf)", "property": "p_np"}
    [call] = after("BBB for Ana's SDF", "Now the second file — solubility", pool=pool)
    assert call.arguments == {"drug_smiles": "(upload_marco_set.sdf)", "property": "logSolubility"}


def test_both_of_them_counts_two_molecules() -> None:
    assert counted("and the Tox21 aromatase assay for both of them") == 2
    assert counted("the two of them") == 2
    assert counted("the two best of them") is None


def test_another_line_without_its_name_is_asked_about() -> None:
    pool = ThreadPool(InMemoryPoolStore(), "t")
    pool.put("user_smiles", [ERLOTINIB], "smiles_list", "u", "message")
    pool.put("user_cell_line", "U-87-MG", "cell_line", "u", "message")
    calls = after(f"ln IC50 of {ERLOTINIB} in U87?", "And in the other GBM line we use?", pool=pool)
    assert all("cell_name" not in c.arguments for c in calls)


def test_an_upload_named_with_a_space_before_its_number() -> None:
    pool = ThreadPool(InMemoryPoolStore(), "t")
    pool.put("upload_plate7.csv", ["CCO"], "smiles_list", "u", "file")
    pool.put("upload_plate8.csv", ["CCN"], "smiles_list", "u", "file")
    [call] = after("BBB for the plate", "The plate 7 one.", answered=False, pool=pool)
    assert call.arguments == {"drug_smiles": "(upload_plate7.csv)", "property": "p_np"}
