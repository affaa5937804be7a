"""Requests of the twelfth round: asks turned down or put off ("Don't run the classifier", "the retro can wait"), a
follow-up that names the answer it wants ("then pKd for the same two"), short follow-ups in learners' English ("ne,
now same two compound for ERBB4"), "both" after a drug pair, a reply that only gives the unit, a label line before a
pasted sequence, picks of an earlier table named in passing, degree names that are no cell line, JAK homology
domains, drugs "off the table", and propranolol (its vocabulary entry points to an id without a structure)."""

from __future__ import annotations

import pytest
from planning_support import plan_with, ran

from agent.backends.planner import plan_calls
from agent.entities import extract
from agent.history import PastRequest
from agent.planning.tool_choice import intents, without_declined_asks
from agent.planning.values import value_numbers
from model_zoo.chem.proteins import find_sequences
from model_zoo.names import resolve_drug, resolve_target
from model_zoo.names.targets import find_target_names
from model_zoo.names.types import Resolved, Unresolved
from model_zoo.specs import TOOLS

AFFINITY = "drug_target_affinity_regression_predict"
CLASSIFICATION = "drug_target_classification_predict"
PROPERTY = "drug_property_prediction"
RESPONSE = "drug_cell_response_regression_predict"


def _value(resolved: Resolved | Unresolved) -> str:
    assert isinstance(resolved, Resolved), resolved
    return resolved.value


@pytest.mark.parametrize("name", ["propranolol", "Inderal", "propranolol hydrochloride"])
def test_propranolol_resolves_to_the_racemate_with_a_structure(name: str) -> None:
    """The name vocabulary files propranolol under DB03322, which has no structure in the shipped table; before,
    "propranolol's BBB penetration" was asked back for a SMILES."""
    resolved = resolve_drug(name)
    assert isinstance(resolved, Resolved)
    assert resolved.value == "CC(C)NCC(O)COC1=CC=CC2=CC=CC=C12"
    assert "DB00571" in resolved.source


@pytest.mark.parametrize(("text", "kept"), [
    ("pKd of X on BTK. Don't run the classifier, we already know it hits.", "pKd of X on BTK."),
    ("logD for these; the retro can wait.", "logD for these;"),
    ("No need for BBB on those. Solubility only.", "Solubility only."),
])
def test_a_part_that_turns_a_tool_down_or_puts_it_off_asks_for_nothing(text: str, kept: str) -> None:
    blanked = without_declined_asks(text, list(TOOLS))
    assert len(blanked) == len(text)
    assert " ".join(blanked.split()).startswith(kept) or " ".join(blanked.split()).endswith(kept)
    assert "classifier" not in blanked and "retro" not in blanked and "BBB" not in blanked


def test_a_declined_part_that_names_a_drug_is_left_to_the_take_back_rules() -> None:
    """"skip cabo" takes a drug back (read elsewhere); it names no tool, so nothing is blanked."""
    assert without_declined_asks("Skip cabo, run BBB on the rest", list(TOOLS)) == "Skip cabo, run BBB on the rest"


@pytest.mark.parametrize(("text", "expected"), [
    ("logD for CCO and CCN; the retro can wait.", [PROPERTY]),
    ("logD for CCO and CCN, and don't run the retro yet.", [PROPERTY]),
    ("Retrosynthesis of CCOC(=O)c1ccccc1 please. No need for the logD.",
     ["Retrosynthetic_reaction_pathway_prediction"]),
])
def test_declined_asks_are_not_planned(text: str, expected: list[str]) -> None:
    assert [c.name for c in plan_calls(text, [], list(TOOLS))] == expected


def test_a_follow_up_that_names_the_answer_it_wants_switches_tools() -> None:
    """"Then pKd for the same two on JAK2 as well" after a yes/no: the affinity, not the classifier again."""
    jak1, jak2 = _value(resolve_target("JAK1 JH1")), _value(resolve_target("JAK2"))
    values = {"user_smiles": ["CCO", "CCN"], "user_target_seq": jak1,
              "drug_target_classification_predict_result": [{"smiles": "CCO", "probability": 0.8}]}
    history = [ran(CLASSIFICATION, "Do CCO and CCN hit JAK1? Probability only.")]
    calls = plan_with("Then pKd for the same two on JAK2 as well, JH1 domain again.", values, history)
    assert [c.name for c in calls] == [AFFINITY]
    assert calls[0].arguments["target_seq"] == jak2


def test_same_words_without_an_answer_kind_keep_the_earlier_tool() -> None:
    """"and now the other kinase (EGFR), same 3" after a pKd stays a pKd (the intent model alone reads a target
    word as the classifier)."""
    erbb2 = _value(resolve_target("ERBB2"))
    values = {"user_smiles": ["CCO", "CCN", "CCC"], "user_target_seq": erbb2}
    history = [ran(AFFINITY, "start with ERBB2: pKd for CCO, CCN, CCC")]
    calls = plan_with("and now the other kinase (EGFR), same 3", values, history)
    assert [c.name for c in calls] == [AFFINITY]


def test_a_learners_follow_up_with_new_target_repeats_the_earlier_ask() -> None:
    """"ne" (Korean "yes") and "compound" in the singular are linking words of a bare follow-up."""
    egfr, erbb4 = _value(resolve_target("EGFR")), _value(resolve_target("ERBB4"))
    values = {"user_smiles": ["CCO", "CCN"], "user_target_seq": egfr}
    history = [ran(AFFINITY, "I have two inhibitor, want pKd for EGFR. cpd1 CCO cpd2 CCN")]
    calls = plan_with(f"ne, now same two compound for ERBB4 please.\n{erbb4}", values, history)
    assert [c.name for c in calls] == [AFFINITY]


def test_same_two_with_a_property_is_that_property_not_a_pair() -> None:
    found = intents(value_numbers(extract("Same two, aromatase inhibition assay.")), list(TOOLS))
    assert [spec.name for spec, _ in found] == [PROPERTY]


def test_both_after_a_drug_pair_means_the_two_drugs() -> None:
    pair = [["CCO", "c1ccccc1O"]]
    values = {"user_smiles_pairs": pair, "drug_drug_response_predict_result": [{"pair": pair[0], "type": 1}]}
    history = [ran("drug_drug_response_predict", "CCO and c1ccccc1O, interaction with each other?")]
    calls = plan_with("Now ln(IC50) of both in A375.", values, history)
    assert [c.name for c in calls] == [RESPONSE]
    assert calls[0].arguments["drug_smiles"] == ["CCO", "c1ccccc1O"]


def test_a_reply_that_only_gives_the_unit_completes_the_request() -> None:
    """"IC50 50 is target" is out of range as ln(IC50/µM) and asked about; "nM, sorry" gives its unit."""
    asked = [PastRequest("u", "Generate molecule for the A375, IC50 50 is target.", answered=False)]
    calls = plan_with("nM, sorry", {}, asked)
    assert [c.name for c in calls] == ["drug_cell_response_regression_generation"]
    assert calls[0].arguments["zscore"] == pytest.approx(-2.9957, abs=1e-3)


def test_a_label_line_is_not_read_into_the_sequence_before_it() -> None:
    """"ITK:" on its own line after BTK's sequence: I, T and K are amino-acid letters."""
    text = ("BTK:\nMAAVILESIFLKRSQQKKKTSPLNFKKRLFLLTVHKLSYYEYDFERGRR\n"
            "ITK:\nMNNFILLEEQLIKKSQQKRRTSPSNFKVRFFVLTKASLAYFEDRHGKKR")
    assert [s[-6:] for s in find_sequences(text)] == ["FERGRR", "RHGKKR"]


def test_a_pick_from_a_table_named_in_passing_asks_for_the_other_property() -> None:
    values = {"user_smiles": ["CCO", "CCCO", "CCCCO", "CCCCCO"],
              "drug_property_prediction_result": [{"smiles": s, "prediction": p} for s, p in
                                                  (("CCO", -0.5), ("CCCO", 0.5), ("CCCCO", 1.5), ("CCCCCO", 2.5))]}
    history = [ran(PROPERTY, "logD for all four", {"property": "lipo"})]
    calls = plan_with("OK, from the logD table take the two least lipophilic and get their solubility.",
                      values, history)
    assert [(c.name, c.arguments["property"]) for c in calls] == [(PROPERTY, "logSolubility")]
    assert calls[0].arguments["drug_smiles"] == ["CCO", "CCCO"]


def test_the_ones_that_pass_are_the_positives() -> None:
    values = {"user_smiles": ["CCO", "CCN", "CCC"], "user_property": "p_np",
              "drug_property_prediction_result": [{"smiles": "CCO", "probability": 0.9, "label": 1},
                                                  {"smiles": "CCN", "probability": 0.2, "label": 0},
                                                  {"smiles": "CCC", "probability": 0.8, "label": 1}]}
    history = [ran(PROPERTY, "BBB pass or not for 3 compound", {"property": "p_np"})]
    calls = plan_with("The ones that pass, please give me lipophilicity also.", values, history)
    assert calls[0].arguments["drug_smiles"] == ["CCO", "CCC"]


def test_a_degree_is_no_cell_line() -> None:
    found = extract("Design exercise for the MSc class: generate molecules for SW620 with ln(IC50) -1.")
    assert [line.name for line in found.cell_lines] == ["SW620"]
    assert not found.unresolved


def test_a_jak_homology_domain_is_no_target_name() -> None:
    found = find_target_names("do sorafenib and ruxolitinib interact with JAK2 (JH1 kinase domain)?")
    assert [(type(r).__name__, r.written) for r in found] == [("Resolved", "JAK2")]


def test_a_drug_off_the_table_is_taken_back() -> None:
    asked = [PastRequest("u", "What's the water solubility of the new solvent purchasing wants?", answered=False)]
    calls = plan_with("2-methyltetrahydrofuran is off the table after all; they went for cyclohexanone. C1CCC(=O)CC1",
                      {}, asked)
    assert [c.arguments["drug_smiles"] for c in calls] == [["C1CCC(=O)CC1"]]


def test_a_comparative_after_a_goal_value_is_no_pick() -> None:
    """"I mean target ln IC50 -3, more strong. Same other setting." re-runs the optimisation of the same molecule;
    before, "more strong" picked the strongest of the earlier designs as the new starting molecule."""
    start = "CCOC(=O)c1ccccc1"
    values = {"user_smiles": [start], "user_cell_line": "A2780", "user_zscore": -2.0,
              "optimized_smiles": ["CCCOC(=O)c1ccccc1", "CCOC(=O)c1ccccc1C"]}
    history = [ran("drug_cell_response_regression_optimization",
                   f"Optimize {start} for A2780, want ln IC50 -2.", {"gt": start, "cell_line": "A2780"})]
    calls = plan_with("Ah sorry, I mean target ln IC50 -3, more strong. Same other setting.", values, history)
    assert calls and calls[0].arguments.get("gt") in (start, "(user_smiles)")
    assert calls[0].arguments["zscore"] == -3.0


def test_an_answer_to_a_repeat_that_was_asked_about_runs_the_request_before_it() -> None:
    values = {"user_smiles": ["C1COCCN1", "C1CCNCC1"], "user_property": "freesolv"}
    history = [ran(PROPERTY, "Hydration free energy for morpholine and piperidine. C1COCCN1 C1CCNCC1",
                   {"property": "freesolv"}),
               PastRequest("u", "Now do the same for the amine we use in the Boc step.", answered=False)]
    calls = plan_with("It's triethylamine: CCN(CC)CC", values, history)
    assert [(c.name, c.arguments["drug_smiles"], c.arguments["property"]) for c in calls] == \
        [(PROPERTY, ["CCN(CC)CC"], "freesolv")]


def test_a_short_reply_names_an_upload_by_its_camel_case_part() -> None:
    values = {"upload_caseA_antidepressants.csv": ["CCO", "CCN"], "upload_caseB_cns.csv": ["CCC", "CCCl"]}
    asked = [PastRequest("u", "Run the case-study file through the BBB model.", answered=False)]
    calls = plan_with("Case B.", values, asked)
    assert [c.arguments["drug_smiles"] for c in calls] == ["(upload_caseB_cns.csv)"]


def test_both_lines_with_one_named_first_runs_both() -> None:
    values = {"user_smiles": ["CCO"], "user_cell_line": "HCC-827"}
    history = [ran(RESPONSE, "Oncology case: CCO in A549 — predicted ln(IC50)."),
               ran(RESPONSE, "Same for the other cell line in the case — HCC-827.")]
    calls = plan_with("Now CCN in both lines. One call per line, A549 first.", values, history)
    assert [(c.name, c.arguments["cell_name"]) for c in calls] == [(RESPONSE, "A549"), (RESPONSE, "HCC-827")]


def test_one_drug_after_a_property_chain_is_no_drug_pair() -> None:
    """"negative control" reads as a drug-drug question to the intent model; one drug makes no pair."""
    values = {"user_smiles": ["CCO"], "user_property": "p_np"}
    history = [ran(PROPERTY, "Will CCO cross the BBB according to the model?", {"property": "p_np"}),
               ran(PROPERTY, "Now the second drug of the quiz, CCN.", {"property": "p_np"})]
    calls = plan_with("And a negative control they won't expect: metformin.", values, history)
    assert [(c.name, c.arguments.get("property")) for c in calls] == [(PROPERTY, "p_np")]


@pytest.mark.parametrize(("reply", "key"), [("Plate 8.", "upload_plate8_hits.csv"),
                                            ("And the same for plate 7 while you're at it.", "upload_plate7_hits.csv")])
def test_uploads_told_apart_by_their_number(reply: str, key: str) -> None:
    values = {"upload_plate7_hits.csv": ["CCO", "CCN"], "upload_plate8_hits.csv": ["CCC", "CCCl"]}
    asked = [PastRequest("u", "logS for the plate hits file, please.", answered=False)]
    calls = plan_with(reply, values, asked)
    assert [c.arguments["drug_smiles"] for c in calls] == [f"({key})"]


def test_a_second_ask_read_as_the_property_tool_names_a_property() -> None:
    """"… I just want to know if anything is flagged." after a drug-pair question asks for no property."""
    text = ("A pregnant postdoc works with cisplatin and is on fluconazole. Is there a predicted interaction between "
            "the two drugs? I'm aware this is not an exposure assessment; I just want to know if anything is flagged.")
    assert [c.name for c in plan_calls(text, [], list(TOOLS))] == ["drug_drug_response_predict"]


def test_the_first_precursor_of_the_top_route_is_one_molecule() -> None:
    route = {"smiles": "CN(Cc1cccs1)C(=O)c1ccccc1",
             "routes": [{"rank": 1, "precursors": ["CNCc1cccs1", "O=C(O)c1ccccc1"]},
                        {"rank": 2, "precursors": ["CNC", "O=C(Cl)c1ccccc1"]}]}
    values = {"user_smiles": [route["smiles"]], "Retrosynthetic_reaction_pathway_prediction_result": [route]}
    history = [ran("Retrosynthetic_reaction_pathway_prediction", f"Precursors for: {route['smiles']}")]
    calls = plan_with("The first precursor in the top route — water solubility please.", values, history)
    assert [(c.arguments["drug_smiles"], c.arguments["property"]) for c in calls] == [(["CNCc1cccs1"], "logSolubility")]


def test_a_two_letter_structure_on_its_own_line_of_a_pasted_list() -> None:
    """Methanol pasted as "CO" between two longer structures; "CO" alone in prose (or in COSMIC) stays a word."""
    found = extract("Ethanol, methanol and acetonitrile — water solubility first.\nCCO\nCO\nCC#N")
    assert found.molecules == ["CCO", "CO", "CC#N"]
    assert extract("BBB for CO please").molecules == []
    kept = extract("COSMIC 905949\nCCO\nCO")
    assert kept.molecules == ["CCO", "CO"] and kept.prose.startswith("COSMIC 905949")


def test_a_synergy_score_is_asked_about_not_run_as_a_cell_response() -> None:
    """No shipped model predicts combination synergy; "can you predict the Bliss synergy score for A + B in X?" is
    asked about. A synergy word that is only the reason does not stop the ask."""
    asked = "can you predict the Bliss synergy score for olaparib + cisplatin in MDA-MB-436?"
    assert plan_calls(asked, [], list(TOOLS)) == []
    assert any("synergy" in u.written for u in extract(asked).unresolved)
    reason = "ln(IC50) of olaparib in MDA-MB-436, we are looking for synergy partners"
    assert [c.name for c in plan_calls(reason, [], list(TOOLS))] == [RESPONSE]
