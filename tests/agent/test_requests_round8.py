"""Requests of the eighth round of independently written sets: atom 0, fold goals, pairs against the thread, bare
follow-ups, keys the pool lacks, untrained properties that head the ask."""

from __future__ import annotations

import pytest

from agent.atom_ranges import find_atom_ranges, mask_from_ranges
from agent.backends.base import PlanContext, ToolCall
from agent.backends.planner import OfflinePlanner, plan_calls
from agent.evaluation.harness import load_pool
from agent.history import CallLog, PastRequest
from agent.pool.store import InMemoryPoolStore
from agent.pool.thread_pool import ThreadPool
from agent.quantities import find_quantities
from model_zoo.names import resolve_drug
from model_zoo.specs import TOOLS

FUROSEMIDE = "NS(=O)(=O)C1=C(Cl)C=C(NCC2=CC=CO2)C(=C1)C(O)=O"
DIGOXIN_STANDIN = "CCO"


def _pool(values: dict) -> ThreadPool:
    pool = ThreadPool(InMemoryPoolStore(), "t")
    load_pool(pool, values)
    return pool


def _plan(text: str, values: dict | None = None, history: list[PastRequest] | None = None) -> list[ToolCall]:
    pool = _pool(values or {})
    return plan_calls(text, pool.list(), list(TOOLS), history or [], lambda key: pool.require(key).value)


def _smiles(name: str) -> str:
    resolved = resolve_drug(name)
    assert hasattr(resolved, "value"), name
    return resolved.value


def test_an_atom_zero_means_counting_from_zero() -> None:
    assert mask_from_ranges(find_atom_ranges("keep atoms 0-2 (RDKit order), the rest may change"), 5) == \
        [0, 0, 0, 1, 1]
    assert mask_from_ranges(find_atom_ranges("keep atoms 1-2, the rest may change"), 5) == [0, 0, 1, 1, 1]


def test_everything_stays_except_a_named_part() -> None:
    calls = _plan("Optimize sorafenib for HT-29. Everything stays except the N-methylamide, which is free to change. "
                  "Target ln IC50 -2.")
    assert [c.name for c in calls] == ["drug_cell_response_regression_optimization"]
    mask = calls[0].arguments["mask"]
    assert 0 < sum(mask) < len(mask)  # the amide end only, never the whole molecule


@pytest.mark.parametrize(("text", "micromolar"), [
    ("Imatinib sits at ~0.3 µM in K562. I want something 10x more potent", 0.03),
    ("currently 2 uM; make it 4-fold weaker", 8.0),
])
def test_a_fold_change_shifts_the_one_stated_potency(text: str, micromolar: float) -> None:
    import math

    (goal,) = find_quantities(text)
    assert goal.ln_ic50 == pytest.approx(math.log(micromolar))


def test_two_drugs_checked_against_each_other() -> None:
    (call,) = _plan("Check warfarin against fluconazole pls")
    assert call.name == "drug_drug_response_predict"
    assert call.arguments["smiles_pairs"] == [[_smiles("warfarin"), _smiles("fluconazole")]]


def test_one_drug_against_every_drug_of_the_thread() -> None:
    history = [PastRequest("user", "Lasix 40 mg bid with digoxin — interaction check", answered=True,
                           calls=[CallLog("drug_drug_response_predict",
                                          {"smiles_pairs": [[FUROSEMIDE, DIGOXIN_STANDIN]]}, None, {}, "ok")])]
    (call,) = _plan("They're adding spironolactone 25 mg. Check it against both of those.",
                    {"user_smiles_pairs": [[FUROSEMIDE, DIGOXIN_STANDIN]]}, history)
    spironolactone = _smiles("spironolactone")
    assert call.arguments["smiles_pairs"] == [[spironolactone, FUROSEMIDE], [spironolactone, DIGOXIN_STANDIN]]


def test_a_drug_in_place_of_another_in_the_thread_pairs() -> None:
    warfarin, aspirin = _smiles("warfarin"), _smiles("aspirin")
    (call,) = _plan("Same check as this morning but with clopidogrel in place of the aspirin.",
                    {"user_smiles_pairs": [[warfarin, aspirin]]})
    assert call.arguments["smiles_pairs"] == [[warfarin, _smiles("clopidogrel")]]


def test_bare_drug_names_after_a_property_repeat_the_property() -> None:
    history = [PastRequest("user", "BBB penetration for haloperidol?", answered=True,
                           calls=[CallLog("drug_property_prediction", {"drug_smiles": ["CCC"], "property": "p_np"},
                                          None, {}, "ok")])]
    (call,) = _plan("and quetiapine and olanzapine?", {"user_smiles": ["CCC"], "user_property": "p_np"}, history)
    assert call.name == "drug_property_prediction"
    assert call.arguments["property"] == "p_np"


def test_kept_values_are_no_asks_of_their_own() -> None:
    history = [PastRequest("user", "generate for PC-3 at 1 µM", answered=True,
                           calls=[CallLog("drug_cell_response_regression_generation",
                                          {"cell_line": "PC-3", "zscore": 0.0}, None, {}, "ok")])]
    values = {"user_cell_line": "PC-3", "user_zscore": 0.0,
              "generated_smiles": ["Cc1ccccc1Cn1c(=O)c(C#N)cn(C2CC2)c1=O", "CCOc1ccccc1"]}
    (call,) = _plan("Optimize rank 1. Keep atoms 0-5, everything else free, same cell line and same potency target.",
                    values, history)
    assert call.name == "drug_cell_response_regression_optimization"
    assert call.arguments["zscore"] == "(user_zscore)"  # "rank 1" is no potency
    assert call.arguments["gt"] == values["generated_smiles"][0]


def test_a_question_with_a_topic_then_the_answer_kind() -> None:
    calls = _plan("KIT D816V — does imatinib still bind? Give me the pKd.")
    assert [c.name for c in calls] == ["drug_target_affinity_regression_predict"]


@pytest.mark.parametrize("text", ["retro on (optimized_smiles)", "logS of generated_smiles"])
def test_a_pool_key_the_thread_lacks_is_asked_about(text: str) -> None:
    pool = _pool({"user_smiles": ["CCO"]})
    assert plan_calls(text, pool.list(), list(TOOLS), [], lambda key: pool.require(key).value) == []
    answer = OfflinePlanner().next_action(PlanContext(request=text, pool=pool.list(), offered=list(TOOLS), steps=[],
                                                      messages=[], history=[],
                                                      read=lambda key: pool.require(key).value))
    assert "user_smiles" in answer.text and "has no" in answer.text


@pytest.mark.parametrize("text", [
    "DILI risk for paracetamol and diclofenac - drug-induced liver injury, the FDA DILIrank style classification.",
    "Residence time / koff for dasatinib on SRC? We're interested in the kinetics, not the equilibrium Kd.",
])
def test_an_untrained_property_heading_the_ask_runs_nothing(text: str) -> None:
    assert _plan(text) == []


def test_a_class_effect_is_no_bace_class() -> None:
    (call,) = _plan("Glitazones for the class-effect section: ClinTox clinical-trial toxicity for rosiglitazone.")
    assert call.arguments["property"] == "CT_TOX"


TABLE = ("CMP-0801, CCOC(=O)c1cn2c(c1OCc1ccccc1)C(=O)N(C)CC2\n"
         "CMP-0802, CC(=O)N1N=C(c2ccc(N)c(Cl)c2)c2cc(Cl)ccc2CC1C\n"
         "CMP-0803, COc1cccc(C(=O)N2c3cc(Br)ccc3-n3cccc3C2C)c1")


def test_rows_named_by_their_labels() -> None:
    (call,) = _plan(f"Route scouting: retrosynthesis for CMP-0803 and CMP-0802 only:\n{TABLE}")
    rows = [line.split(", ")[1] for line in TABLE.splitlines()]
    assert call.arguments["smiles_list"] == [rows[1], rows[2]]  # in the list's order


def test_labels_of_a_list_pasted_earlier() -> None:
    history = [PastRequest("user", f"logD first:\n{TABLE}", answered=True,
                           calls=[CallLog("drug_property_prediction", {"drug_smiles": "(user_smiles)",
                                                                       "property": "lipo"}, None, {}, "ok")])]
    rows = [line.split(", ")[1] for line in TABLE.splitlines()]
    (call,) = _plan("BBB for CMP-0801 as well please", {"user_smiles": rows}, history)
    assert call.arguments == {"drug_smiles": [rows[0]], "property": "p_np"}


@pytest.mark.parametrize("text", ["A quick BBB check for these", "a retro for them"])
def test_a_one_letter_label_is_no_article(text: str) -> None:
    from agent.planning.rows import rows_by_label

    assert rows_by_label(text, {"A": "CCO", "B": "CCN"}) == []
    assert rows_by_label("retro for A.", {"A": "CCO", "B": "CCN"}) == ["CCO"]


def test_a_compound_code_is_no_cell_line() -> None:
    from model_zoo.names.cell_lines import find_cell_shaped_words

    assert find_cell_shaped_words("CMP-0014 and the top one -> BBB please") == []
    assert [u.written for u in find_cell_shaped_words("run it in XYZ-123")] == ["XYZ-123"]


def test_the_last_correction_wins() -> None:
    (call,) = _plan("ruxolitinib, HEL line? no wait, use SET-2... actually just K-562 for now. 100 nM. Keep the "
                    "pyrrolopyrimidine, the rest may change.")
    assert call.arguments["cell_line"] == "K-562"


def test_a_region_named_in_brackets_then_free() -> None:
    calls = _plan("optimise gefitinib for HCC-827 to pIC50 8, tail (morpholinopropoxy) free")
    mask = calls[0].arguments["mask"]
    assert 0 < sum(mask) < len(mask)


def test_a_value_on_the_tools_scale_wins_over_its_gloss_in_words() -> None:
    (call,) = _plan("de novo set for MDA-MB-468 please — aim for ln(IC50) of -2.5, i.e. well below a micromolar")
    assert call.arguments["zscore"] == -2.5


def test_a_pick_by_threshold_names_no_property_to_predict() -> None:
    from agent.planning.properties import requested_properties

    assert requested_properties("the ones with logS above -3: BBB?") == ["p_np"]
    assert requested_properties("All soluble enough. AhR for the same set.") == ["NR-AhR"]


def test_a_reply_naming_the_analogues_answers_which_new_molecules() -> None:
    from agent.planning.references import pool_ref

    pool = _pool({"generated_smiles": ["CCO"], "optimized_smiles": ["CCN"]})
    assert pool_ref(pool.list(), ("smiles_list",), "logs for the new molecules please") is None  # asked which
    assert pool_ref(pool.list(), ("smiles_list",), "logs for the new molecules please\nthe dabrafenib analogues") \
        == "(optimized_smiles)"


def test_an_analogue_of_a_named_drug_is_not_that_drug() -> None:
    from agent.entities import extract

    assert extract("logD for the imatinib analogues").molecules == []
    assert "acetaminophen" not in [n.name for n in extract("acetato de etilo (CCOC(=O)C)").names]


def test_same_model_keeps_the_earlier_setting() -> None:
    tramadol, citalopram = _smiles("tramadol"), _smiles("citalopram")
    history = [PastRequest("user", "citalopram + tramadol with the TWOSIDES model", answered=True,
                           calls=[CallLog("drug_drug_response_predict",
                                          {"smiles_pairs": [[citalopram, tramadol]], "task": "twosides"},
                                          None, {}, "ok")])]
    (call,) = _plan("Thank you. Could tramadol + linezolid also be run, same model?",
                    {"user_smiles_pairs": [[citalopram, tramadol]]}, history)
    assert call.arguments["task"] == "twosides"


def test_a_key_this_message_makes_is_no_missing_key() -> None:
    calls = _plan("1) generate for PC-3, zscore -1\n2) logS on generated_smiles")
    assert [c.name for c in calls] == ["drug_cell_response_regression_generation", "drug_property_prediction"]


def test_a_drug_code_is_no_target_name_beside_an_uploaded_sequence() -> None:
    (call,) = _plan("I uploaded the construct we crystallised (construct_A.fasta). Does PD173074 bind it?",
                    {"upload_construct_A.fasta": "MKVLAAGIVGLLLAQ" * 3})
    assert call.arguments["target_seq"] == "(upload_construct_A.fasta)"


def test_a_property_of_picked_precursors() -> None:
    from agent.planning.tool_choice import tool_scores

    scores = tool_scores("logS of the precursors of the first product (route 1)", list(TOOLS))
    assert max(scores, key=scores.__getitem__) == "drug_property_prediction"


@pytest.mark.parametrize("text", ["ibuprofen with warfarin DDI, twosides side effects too",
                                  "omeprazole + clopidogrel + aspirin: check each pair and give me the side-effect "
                                  "version too"])
def test_the_interaction_and_the_side_effects_too(text: str) -> None:
    calls = _plan(text)
    assert [c.arguments.get("task", "drugbank") for c in calls] == ["drugbank", "twosides"]


def test_both_lines_of_the_thread() -> None:
    history = [PastRequest("user", "Tagrisso in H1975?", answered=True, calls=[]),
               PastRequest("user", "and in HCC827", answered=True, calls=[])]
    calls = _plan("now gefitinib in both lines", history=history)
    assert [c.arguments["cell_name"] for c in calls] == ["NCI-H1975", "HCC-827"]
    # "which of the two lines" picks one from the results: never a run in both
    picked = _plan("which of the two lines was more sensitive? generate for that line at 100 nM", history=history)
    assert len([c for c in picked if c.name == "drug_cell_response_regression_generation"]) <= 1


def test_a_plural_class_is_no_misspelt_molecule() -> None:
    from agent.entities import extract

    assert [n.name for n in extract("EGFR pKd for Jun's quinolines").names] == ["EGFR"]


@pytest.mark.parametrize(("text", "wanted"), [("ClinTox toxicity of aspirin", ["CT_TOX"]),
                                              ("would it fail clinical trials for toxicity", ["CT_TOX"])])
def test_clinical_toxicity_is_clintox(text: str, wanted: list[str]) -> None:
    from agent.planning.properties import requested_properties

    assert requested_properties(text) == wanted


def test_a_target_with_a_reported_value_is_context() -> None:
    (call,) = _plan("Alectinib is pKd ~9 on ALK in our hands. How tight does the model think it is on RET?")
    from model_zoo.names import resolve_target

    assert call.arguments["target_seq"] == resolve_target("RET").value


def test_an_aside_in_brackets_keeps_the_ask() -> None:
    calls = _plan("palbociclib: Kd against CDK4/cyclin D1 and against CDK2 (the selectivity question). separate runs")
    assert [c.name for c in calls] == ["drug_target_affinity_regression_predict"] * 2


@pytest.mark.parametrize(("word", "smiles_like"), [("p38", False), ("P53779", False), ("c1ccccc", True),
                                                    ("C1CC1", True)])
def test_names_with_digits_are_no_smiles(word: str, smiles_like: bool) -> None:
    from model_zoo.names.drugs import looks_like_smiles

    assert looks_like_smiles(word) is smiles_like


def test_a_uniprot_accession_resolves_in_a_follow_up() -> None:
    from model_zoo.names.targets import find_target_names

    assert [r.name for r in find_target_names("same but P53779")] == ["P53779"]


def test_a_smarts_pattern_is_no_molecule_and_clinical_words_are_no_drugs() -> None:
    from agent.entities import extract

    assert extract("only the piperidine ring, SMARTS C1CCNCC1").molecules == []
    names = [n.name for n in extract("her PCP just added cipro; check it against warfarin").names]
    assert names == ["ciprofloxacin", "warfarin"]
    assert [n.name for n in extract("hydration free energy of MTBE and toluene").names][0] == \
        "2-methoxy-2-methyl-propane"


def test_table_codes_without_a_separator_label_their_rows() -> None:
    (call,) = _plan("lipophilicity (logD) for CMP-1401 and CMP-1402?\n"
                    "CMP-1401 O=S(=O)(c1ccccc1)C2(CC2)c3cc(nc(n3)c4cccc5[nH]ccc45)N6CCOCC6\n"
                    "CMP-1402 C[C@@H]1COCCN1c2cc(nc(n2)c3cccc4[nH]ccc34)C5(CC5)S(=O)(=O)C")
    assert call.name == "drug_property_prediction" and len(call.arguments["drug_smiles"]) == 2


@pytest.mark.parametrize(("text", "names"), [
    ("Solubility (logS) of acetone, methanol and ethanol", ["acetone", "methanol", "ethanol"]),
    ("DCM vs toluene: hydration free energy?", ["dichloromethane", "toluene"]),
    ("LogD7.4 of THF vs 2-MeTHF please", ["tetrahydrofuran", "2-methyltetrahydrofuran"]),
    ("lisinopril with HCTZ, interaction?", ["lisinopril", "hydrochlorothiazide"]),
])
def test_solvents_and_clinical_abbreviations_are_read(text: str, names: list[str]) -> None:
    from agent.entities import extract

    assert [n.name for n in extract(text).names] == names


def test_an_upload_named_by_part_of_its_name_and_one_ruled_out() -> None:
    from agent.planning.references import pool_ref

    pool = _pool({"upload_AX_batch3.csv": ["CCO", "CCN"], "upload_meeting_notes.smi": ["CCC"]})
    assert pool_ref(pool.list(), ("smiles_list",), "bbb for the compounds in the batch3 attachment") == \
        "(upload_AX_batch3.csv)"
    pool = _pool({"upload_partner_list_v3.xlsx": ["CCO", "CCN"], "upload_lead.sdf": ["CCC"]})
    assert pool_ref(pool.list(), ("smiles_list",), "logd for the partner excel molecules? not the lead") == \
        "(upload_partner_list_v3.xlsx)"


def test_class_is_the_bace_output_only_beside_bace() -> None:
    from agent.planning.properties import requested_properties

    assert requested_properties("Class exercise: predict their aqueous solubility") == ["logSolubility"]
    assert requested_properties("BACE-1 Class probability for these") == ["Class"]


def test_a_conversion_after_the_ln_value_is_its_gloss_and_shorthand_parts() -> None:
    (call,) = _plan("generate for A375 with a target ln(IC50) of -1 (roughly 0.37 µM)")
    assert call.arguments["zscore"] == -1.0
    (opt,) = _plan("opt imatinib, K-562, 10 nM, N-Me-piperazine free")
    assert 0 < sum(opt.arguments["mask"]) < len(opt.arguments["mask"])


def test_numbers_please_asks_for_the_affinity() -> None:
    calls = _plan("ibrutinib: BTK vs ITK, which one does it bind tighter? numbers pls")
    assert {c.name for c in calls} == {"drug_target_affinity_regression_predict"}


def test_a_retro_named_first_and_the_same_property_kept() -> None:
    (call,) = _plan("Retro on dasatinib and ibrutinib together.")
    assert call.name == "Retrosynthetic_reaction_pathway_prediction"
    history = [PastRequest("user", "hydration free energy of ethanol and propane", answered=True,
                           calls=[CallLog("drug_property_prediction", {"drug_smiles": ["CCO", "CCC"],
                                                                       "property": "freesolv"}, None, {}, "ok")])]
    (added,) = _plan("Add ethyl acetate and isopropyl acetate to that comparison, same property",
                     {"user_smiles": ["CCO", "CCC"], "user_property": "freesolv"}, history)
    assert added.name == "drug_property_prediction" and added.arguments["property"] == "freesolv"


def test_the_reactants_of_a_named_route() -> None:
    from agent.selection import _precursors

    table = [{"product": "X", "routes": [{"route": 1, "precursors": ["ClC(=O)c1ccccc1", "Nc1ccccc1"]},
                                         {"route": 2, "precursors": ["OC(=O)c1ccccc1", "Nc1ccccc1"]}]}]
    assert _precursors("logs of the reactants of route 2", table) == ["OC(=O)c1ccccc1", "Nc1ccccc1"]
    assert _precursors("logs of the precursors", table) == ["ClC(=O)c1ccccc1", "Nc1ccccc1"]
    assert _precursors("hydration free energy of the acid chloride in route 1", table) == ["ClC(=O)c1ccccc1"]


def test_a_code_the_pasted_list_lacks_is_asked_about() -> None:
    text = f"retro for CMP-0809 please\n{TABLE}"
    assert _plan(text) == []
    answer = OfflinePlanner().next_action(PlanContext(request=text, pool=[], offered=list(TOOLS), steps=[],
                                                      messages=[], history=[], read=lambda key: None))
    assert "CMP-0809" in answer.text and "CMP-0801" in answer.text
