"""Requests of the thirteenth round: a part named with a hyphen ("the morpholine-propoxy chain"), "the other cell"
that the message does not name, "the new molecules" run in a line, "the generated ones" when nothing was generated,
potency goals set against the value just shown ("ten times more potent than that", "as potent as that"), and "same
generator run …, same target value" after another tool ran."""

from __future__ import annotations

import math

import pytest
from planning_support import plan_with, ran

from agent.analysis.followup import follow_up
from agent.atom_ranges import find_atom_ranges, find_cores, mask_from_words
from agent.entities import extract
from agent.backends.planner import plan_calls
from agent.history import CallLog, PastRequest
from agent.planning.tool_choice import intents
from agent.pool.entry import PoolError
from agent.pool.store import InMemoryPoolStore
from agent.pool.thread_pool import ThreadPool
from model_zoo.chem.mols import case_fixed
from model_zoo.names import resolve_drug
from model_zoo.names.targets import find_target_names
from model_zoo.names.types import Resolved
from model_zoo.specs import TOOLS

GENERATION = "drug_cell_response_regression_generation"
PROPERTY = "drug_property_prediction"
RESPONSE = "drug_cell_response_regression_predict"
GEFITINIB = "COC1=C(C=C2C(=C1)N=CN=C2NC3=CC(=C(C=C3)F)Cl)OCCCN4CCOCC4"


def test_a_hyphenated_part_name_is_one_part_not_the_ring_it_starts_with() -> None:
    """Before, "the morpholine-propoxy chain" freed only the morpholine ring; the chain hangs on the ring by its O."""
    resolved = resolve_drug("gefitinib")
    assert isinstance(resolved, Resolved)
    text = "optimise gefitinib for H1975, change only the morpholine-propoxy chain, target 1 uM"
    mask = mask_from_words(find_atom_ranges(text) + find_cores(text), GEFITINIB)
    assert mask == [0] * 21 + [1] * 10  # O, the propyl and the morpholine may change; quinazoline and aniline stay
    only_ring = "optimise gefitinib for H1975, change only the morpholine ring, target 1 uM"
    assert mask_from_words(find_atom_ranges(only_ring) + find_cores(only_ring), GEFITINIB) == [0] * 25 + [1] * 6


_GENERATED_IN_JURKAT = {"user_cell_line": "Jurkat", "user_zscore": -2.0, "generated_smiles": ["CCO", "CCN"]}


def test_the_other_cell_the_message_does_not_name_is_never_the_threads_line() -> None:
    history = [ran(GENERATION, "Generate for jurkat cell, ln IC50 -2.", {"cell_line": "Jurkat", "zscore": -2.0})]
    calls = plan_with("Can you make also same for the other cell, you know the one from before.",
                      _GENERATED_IN_JURKAT, history)
    assert all("cell_line" not in c.arguments for c in calls)


_MADE_BOTH = {"user_cell_line": "A375", "user_zscore": -2.0, "generated_smiles": ["CCO", "CCN"],
              "user_smiles": "CCCO", "user_mask": [1, 0, 0, 0], "optimized_smiles": ["CCCN", "CCCC"]}


def test_the_new_molecules_run_in_a_line_are_results_asked_about_when_two_tools_made_some() -> None:
    """Before, "Run the new molecules in A549." designed new molecules for A549."""
    [call] = plan_with("Run the new molecules in A549.", _MADE_BOTH)
    assert call.name == RESPONSE
    assert call.arguments.get("cell_name") == "A549"
    assert "drug_smiles" not in call.arguments  # generated or optimised? asked, never the newest


def test_the_generated_ones_with_nothing_generated_are_asked_about() -> None:
    """Before, the user's own molecules ran in their place."""
    values = {"user_smiles": ["CCO", "CCN"], "user_property": "logSolubility",
              "drug_property_prediction_result": [{"smiles": "CCO", "prediction": -1.0},
                                                  {"smiles": "CCN", "prediction": -2.0}]}
    calls = plan_with("run the generated ones through the BBB model", values)
    assert all("drug_smiles" not in c.arguments for c in calls)


_SHOWN = {"user_smiles": ["CN1C(=O)N2C=NC(=C2N=N1)C(=O)N"], "user_cell_line": "LN-229",
          "drug_cell_response_regression_predict_result": [{"smiles": "CN1C(=O)N2C=NC(=C2N=N1)C(=O)N",
                                                            "ln_ic50": 1.23}]}


def test_a_fold_than_that_with_no_earlier_goal_is_set_against_the_value_shown() -> None:
    history = [ran(RESPONSE, "TMZ in LN229 please")]
    [call] = plan_with("ok now generate something ten times more potent than that, same line", _SHOWN, history)
    assert call.name == GENERATION
    assert math.isclose(call.arguments["zscore"], 1.23 - math.log(10), abs_tol=1e-6)


def test_as_potent_as_that_is_the_value_shown() -> None:
    history = [ran(RESPONSE, "IC50 of TMZ in LN229")]
    [call] = plan_with("Generate for LN-229 as potent as that", _SHOWN, history)
    assert math.isclose(call.arguments["zscore"], 1.23)


def test_same_generator_run_after_another_tool_repeats_the_generation_not_the_last_tool() -> None:
    """"same target value" keeps the goal; before, it was read as the same protein target, and the message repeated
    the newest request (a logD run) instead."""
    values = {"user_cell_line": "OVCAR-3", "user_zscore": -1.5, "generated_smiles": ["CCO", "CCN"],
              "user_property": "lipo", "drug_property_prediction_result": [{"smiles": "CCO", "prediction": 1.0}]}
    history = [ran(GENERATION, "generate molecules for OVCAR-3 at ln IC50 -1.5."),
               ran(PROPERTY, "lipophilicity of the generated ones.")]
    [call] = plan_with("Santos again: same generator run for SK-OV-3, same target value.", values, history)
    assert call.name == GENERATION
    assert call.arguments["cell_line"] == "SK-OV-3"
    assert call.arguments["zscore"] in (-1.5, "(user_zscore)")


def test_a_halogen_typed_in_capitals_is_asked_about_with_the_fix() -> None:
    """"CLC(=C(Cl)Cl)Cl" was no molecule at all (no digits, so not a mistyped structure); now it is reported, and the
    message says which SMILES was probably meant."""
    e = extract("logS of CLC(=C(Cl)Cl)Cl")
    assert e.molecules == ["CLC(=C(Cl)Cl)Cl"]
    [(_, reason)] = e.invalid_smiles
    assert "did you mean ClC(=C(Cl)Cl)Cl" in reason
    assert case_fixed("c1ccc(BR)cc1") == "c1ccc(Br)cc1"
    assert case_fixed("CLIA") is None and case_fixed("CCO") is None
    assert case_fixed("CL" + "C" * 100_000) is None  # over the length limit: refused before RDKit parses it


@pytest.mark.parametrize(("asked", "reply", "fixed"), [
    ("logS please: CLC1C(Cl)C(Cl)C(Cl)C(Cl)C1Cl", "yes Cl, sorry, caps lock", "ClC1C(Cl)C(Cl)C(Cl)C(Cl)C1Cl"),
    ("BBB for Cn1c(CN2CCN(CC2)c3ccc(CL)cc3)nc4ccccc14", "yes, typo, Cl", "Cn1c(CN2CCN(CC2)c3ccc(Cl)cc3)nc4ccccc14"),
    ("logS of CLC(=C(Cl)Cl)Cl", "yes", "ClC(=C(Cl)Cl)Cl"),
])
def test_a_reply_that_confirms_the_case_fix_runs_the_fixed_molecule(asked: str, reply: str, fixed: str) -> None:
    """Before, "yes Cl" ran hydrogen chloride ("Cl" read as a SMILES) in place of the molecule asked about."""
    [call] = plan_with(reply, {}, [PastRequest("u", asked, answered=False)])
    assert call.name == PROPERTY
    assert call.arguments["drug_smiles"] in (fixed, [fixed])


def test_an_earlier_version_of_a_key_is_read_by_its_version() -> None:
    pool = ThreadPool(InMemoryPoolStore(), "t")
    pool.put("drug_property_prediction_result", [{"smiles": "CCO", "prediction": 1.0}], "table", "u", "tool")
    pool.put("drug_property_prediction_result", [{"smiles": "CCO", "prediction": -2.0}], "table", "u", "tool")
    assert pool.read("drug_property_prediction_result") == [{"smiles": "CCO", "prediction": -2.0}]
    assert pool.read("drug_property_prediction_result@v1") == [{"smiles": "CCO", "prediction": 1.0}]
    with pytest.raises(PoolError):
        pool.read("drug_property_prediction_result@v7")


def test_a_rank_by_a_named_property_reads_that_propertys_run_not_the_newer_one() -> None:
    """logD, then solubility of the same five (one pool key, two versions), then "BBB for the one with the highest
    logD from the first run": before, the newest table (solubility) was ranked, and a wrong molecule ran."""
    pool = ThreadPool(InMemoryPoolStore(), "t")
    key = "drug_property_prediction_result"
    pool.put("user_smiles", ["CCO", "CCCCCC", "c1ccccc1"], "smiles_list", "u", "message")
    pool.put(key, [{"smiles": "CCO", "prediction": -0.3}, {"smiles": "CCCCCC", "prediction": 3.1},
                   {"smiles": "c1ccccc1", "prediction": 2.0}], "table", "u", "tool")
    pool.put(key, [{"smiles": "CCO", "prediction": 1.1}, {"smiles": "CCCCCC", "prediction": -3.5},
                   {"smiles": "c1ccccc1", "prediction": -1.6}], "table", "u", "tool")
    history = [PastRequest("u", "logD for these three", True, calls=[
                   CallLog(PROPERTY, {"property": "lipo"}, None, {}, "ok", result_key=key, result_version=1)]),
               PastRequest("u", "now solubility for the same three", True, calls=[
                   CallLog(PROPERTY, {"property": "logSolubility"}, None, {}, "ok", result_key=key, result_version=2)])]
    [call] = plan_calls("and BBB for the one with the highest logD from the first run", pool.list(), list(TOOLS),
                        history, pool.read)
    assert call.arguments == {"drug_smiles": ["CCCCCC"], "property": "p_np"}


def test_thanks_before_a_pick_are_no_words_of_an_ask() -> None:
    """"Thank you. Now take the most soluble of them" read as a drug-pair ask; the thanks are now left out."""
    found = intents(extract("Thank you. Now take the most soluble of them and give its hydration free energy; the "
                            "students want to see whether the two rankings agree."), list(TOOLS))
    assert [spec.name for spec, _ in found] == [PROPERTY]


def test_a_quoted_reply_above_a_tool_ask_leaves_it_to_the_tool() -> None:
    """"> Predicted lipo (logD7.4):" above "retro for whichever of those two had the lower logD": the quoted line named
    a computed property, so the message was answered from the results and no route was made."""
    pool = ThreadPool(InMemoryPoolStore(), "t")
    key = "drug_property_prediction_result"
    pool.put(key, [{"smiles": "CCO", "prediction": -0.3}, {"smiles": "CCCCCC", "prediction": 3.1}], "table", "u",
             "tool")
    log = [PastRequest("u", "logD on these two", True, calls=[
        CallLog(PROPERTY, {"property": "lipo"}, None, {}, "ok", result_key=key, result_version=1)])]
    text = "> Predicted lipo (logD7.4):\n\nretro for whichever of those two had the lower logD"
    assert follow_up(text, "u", pool, log) is None
    assert follow_up("which of those two had the lower logD?", "u", pool, log) is not None


def test_fullwidth_punctuation_and_cjk_text_around_values() -> None:
    """A Chinese input method writes "：" and "？" and no spaces: the structure after "估一下：" and the line after "在"
    were not read."""
    e = extract("这个化合物在水里的溶解度大概多少？重结晶之前想先估一下：CC(C)Oc1cc(c(Cl)cc1Cl)n2nc(oc2=O)C(C)(C)C")
    assert e.molecules == ["CC(C)Oc1cc(c(Cl)cc1Cl)n2nc(oc2=O)C(C)(C)C"]
    lines = extract("osimertnib 在 H1975 细胞里面的 IC50 帮忙预测一下？").cell_lines
    assert [line.name for line in lines] == ["NCI-H1975"]
    assert extract("gt:CCO").molecules == ["CCO"]


def test_a_systematic_name_with_locant_commas_and_its_class_word_is_one_molecule() -> None:
    """"4,6-dinitro-phenolate" was cut at its comma into an invalid SMILES; "(3,6-dichloro-2-methoxybenzoic acid)" lost
    its "acid" to the closing bracket; "… ethenyl diethyl phosphate" lost its ester words. A drug glossed by its
    systematic name is one molecule."""
    e = extract("how strongly would 2-[(1R)-1-methylpropyl]-4,6-dinitro-phenolate bind MEK1? pKd please.")
    assert len(e.molecules) == 1 and not e.invalid_smiles
    assert len(extract("a one-step retrosynthesis of dicamba (3,6-dichloro-2-methoxybenzoic acid)?").molecules) == 1
    e = extract("Hydration free energies for 2-chloro-1-(2,4-dichlorophenyl)ethenyl diethyl phosphate and dialifor.")
    assert len(e.molecules) == 2 and not e.unresolved


def test_a_drug_class_beside_a_resolved_target_is_no_target_to_ask_about() -> None:
    found = find_target_names("JAK2 JH1 binary call for the three JAK inhibitors below (interaction prob only):")
    assert [(type(n).__name__, n.written) for n in found] == [("Resolved", "JAK2 JH1")]
    assert [type(n).__name__ for n in find_target_names("pKd of the JAK inhibitors")] == ["Unresolved"]


@pytest.mark.parametrize(("text", "tool"), [
    ("Hypothetical for a risk report: if the uracil herbicides bromacil and terbacil had been tested in people, would "
     "the clinical-trial toxicity model (ClinTox) flag them?", PROPERTY),
    ("1. `Fc1ccc(-c2csc(Nc3ccccc3C(F)(F)F)n2)cc1`\n2. `OCc1cc2c(Nc3cccc(Cl)c3)ncnc2[nH]1`\n\nOne-step retro for both.",
     "Retrosynthetic_reaction_pathway_prediction"),
])
def test_words_that_only_name_two_drugs_or_number_a_list_ask_for_nothing(text: str, tool: str) -> None:
    """Two drugs named with no pairing word are no drug-pair ask; "1." before a pasted structure was read as a
    design goal."""
    assert [spec.name for spec, _ in intents(extract(text), list(TOOLS))] == [tool]
    both = "Check warfarin with aspirin and BBB for aspirin"
    assert [s.name for s, _ in intents(extract(both), list(TOOLS))] == ["drug_drug_response_predict", PROPERTY]


def test_an_inline_question_for_people_is_left_out() -> None:
    """"(b) Why is it marketed as less sedating than Benadryl?" added Benadryl to the BBB run of part (a)."""
    [call] = plan_with("Q2 of my antihistamine worksheet: (a) Is Zyrtec predicted to cross the blood-brain barrier? "
                       "(b) Why is it marketed as less sedating than Benadryl? Only need the prediction for (a).", {})
    assert len(call.arguments["drug_smiles"]) == 1


def test_each_pair_of_pairs_written_out_is_those_pairs() -> None:
    [call] = plan_with("alpelisib with fulvestrant, and alpelisib with letrozole. What does the DrugBank interaction "
                       "model flag for each pair?", {})
    assert len(call.arguments["smiles_pairs"]) == 2


def test_a_run_named_in_passing_names_no_property() -> None:
    values = {"user_smiles": ["CCO", "CCN"], "user_property": "logSolubility"}
    [call] = plan_with("Using yesterday's triazine list (the one we ran solubility on), run the Tox21 aromatase assay.",
                       values)
    assert call.arguments["property"] == "NR-Aromatase"


def test_a_one_letter_reply_names_the_upload_it_tells_apart() -> None:
    values = {"upload_batch_a.csv": ["CCO"], "upload_batch_b.csv": ["CCN"]}
    history = [PastRequest("u", "logS for the uploaded set please.", answered=False)]
    [call] = plan_with("b, sorry.", values, history)
    assert call.arguments["drug_smiles"] == "(upload_batch_b.csv)"


def test_a_part_named_after_a_verb_of_change_is_what_may_change() -> None:
    """"keep the quinazoline core and anilines, vary the morpholinopropoxy tail" freed the methoxy and the aniline
    too; "don't change the morpholine" frees nothing of it."""
    text = "Gefitinib: keep the quinazoline core and anilines, vary the morpholinopropoxy tail. Goal pIC50 7.5."
    assert mask_from_words(find_atom_ranges(text) + find_cores(text), GEFITINIB) == [0] * 21 + [1] * 10
    text = "optimise gefitinib, don't change the morpholine ring, keep the quinazoline"
    mask = mask_from_words(find_atom_ranges(text) + find_cores(text), GEFITINIB)
    assert mask is not None and mask[25:] == [0] * 6


def test_structures_in_a_pasted_json_list_are_read() -> None:
    text = '```json\n{"smiles": ["CCOc1ccccc1", "CCN"], "property": "logSolubilty"}\n```'
    assert extract(text).molecules == ["CCOc1ccccc1", "CCN"]
