"""Requests of the twenty-second round."""

from __future__ import annotations

import math

from planning_support import decided, plan_with, ran

from agent.entities import read_message, without_asides
from agent.history import PastRequest
from agent.vocabulary import in_english

DDI = "drug_drug_response_predict"
PROPERTY = "drug_property_prediction"
CLASSIFY = "drug_target_classification_predict"
CELLS = "drug_cell_response_regression_predict"
GEFITINIB = "COC1=C(C=C2C(=C1)N=CN=C2NC3=CC(=C(C=C3)F)Cl)OCCCN4CCOCC4"
OSIMERTINIB = "CN1C=C(C2=CC=CC=C21)C3=NC(=NC=C3)NC4=C(C=C(C(=C4)NC(=O)C=C)N(C)CCN(C)C)OC"
AFATINIB = "CN(C)C/C=C/C(=O)NC1=C(C=C2C(=C1)C(=NC=N2)NC3=CC(=C(C=C3)F)Cl)O[C@H]4CCOC4"
AZD3759 = "C[C@@H]1CN(CCN1C(=O)OC2=C(C=C3C(=C2)C(=NC=N3)NC4=C(C(=CC=C4)Cl)F)OC)C"
TWO_HITS = "O=C1Nc2ccccc2N1C3CCN(CCOc4ccccc4)CC3\nCN1CCCC(C1)CN2c3ccccc3Sc4ccccc24"
HIT = "CC(C)n1c(C)ncc1c2nc(Nc3ccc(C(=O)NCCN(C)C)c(F)c3)ncc2F"
PFCDPK1_START = "MGCSQSSNVKDFKTRRSKFTNGNNYGKSGNNKNSEDLAINPGMYVRKKEGKIG"


def test_vietnamese_request_words_are_read() -> None:
    """A Hanoi medicinal chemist writing Vietnamese: "hai chất này có qua được hàng rào máu não không?" (do these two
    cross the blood-brain barrier?), "có/không … kèm xác suất" (yes/no with the probability), "tổng hợp ngược"
    (retrosynthesis) ran nothing. Vietnamese request words are read in a message written with its letters."""
    assert decided(f"hai chất này có qua được hàng rào máu não không?\n{TWO_HITS}") == PROPERTY
    [call] = plan_with(f"hai chất này có qua được hàng rào máu não không?\n{TWO_HITS}", {})
    assert call.arguments == {"drug_smiles": TWO_HITS.split("\n"), "property": "p_np"}
    assert decided("sorafenib có khả năng tương tác với RET không? câu trả lời có/không là đủ, kèm xác suất") \
        == CLASSIFY
    assert decided("Tổng hợp ngược giúp em phân tử này: CCNC(=O)Nc1cc(Cl)c(-c2cncc(C(=O)OCC)c2)cn1") == \
        "Retrosynthetic_reaction_pathway_prediction"
    assert in_english("Độ tan của các tiền chất ở phương án số 1").split()[:4] == ["solubility", "of", "the",
                                                                                    "precursors"]


def test_a_vietnamese_follow_up_repeats_the_request_before_an_unknown_drug() -> None:
    """"gefitinib có qua BBB không?", "còn furmonertinib thì sao?" (asked: unknown drug), then "Vậy chạy AZD3759
    thay thế nhé" (then run AZD3759 instead) ran nothing: the follow-up that repeated the BBB request was only read
    in English."""
    history = [ran(PROPERTY, "gefitinib có qua BBB không ạ?", {"drug_smiles": [GEFITINIB], "property": "p_np"}),
               PastRequest("u", "còn furmonertinib thì sao? thuốc này ở Việt Nam bắt đầu dùng rồi", answered=False,
                           calls=[])]
    [call] = plan_with("Vậy chạy AZD3759 thay thế nhé", {}, history)
    assert call.arguments == {"drug_smiles": [AZD3759], "property": "p_np"}


def test_ukrainian_and_russian_request_words_are_read_in_either_script() -> None:
    """A Kyiv computational chemist types Ukrainian in Latin letters ("rozchynnist dlya tsiyeyi spoluky", "chy
    vzayemodiyut z MET?", "tam prosto metyl"): nothing ran, and "tam" was read as tamoxifen. Ukrainian and Russian
    request words, in Cyrillic or transliterated, are read in a message that reads as one of them; English messages
    keep "i", "v", "na" and "tam" as they are."""
    assert decided(f"rozchynnist dlya tsiyeyi spoluky:\n{HIT}") == PROPERTY
    assert decided(f"растворимость для этой молекулы: {HIT}") == PROPERTY
    assert read_message(f"vybach, tam prosto metyl, ne tert-butyl:\n{HIT}").molecules == [HIT]
    assert in_english("chy vzayemodiyut z MET? dvi spoluky") == "do they interact with MET? two compounds"
    assert in_english("i think v2 is na, tam?") == "i think v2 is na, tam?"


def test_a_mutation_named_with_its_exon_is_no_cell_line() -> None:
    """"osimertinib in NCI-H1650, the exon-19 deletion line" asked about an unknown cell line 'exon-19'."""
    text = "what is the predicted ln(IC50) of osimertinib in NCI-H1650, the exon-19 deletion line?"
    assert read_message(text).unresolved == [] and decided(text) == CELLS


def test_a_worked_out_potency_and_a_goal_after_the_current_value_are_the_ones_used() -> None:
    """"the geometric mean of our two IC50s, 40 nM and 160 nM (= 80 nM)" generated at 40 nM, and "current IC50 = 50
    nM, aim for 10 nM" at 50 nM: the value worked out, and the goal, are the ones meant."""
    call = plan_with("Generate molecules for HT-29. Target potency: the geometric mean of our two replicate IC50s, "
                     "40 nM and 160 nM (= 80 nM).", {})[0]
    assert math.isclose(call.arguments["zscore"], math.log(0.08))
    [call] = plan_with("generate for A549, current IC50 = 50 nM, aim for 10 nM", {})
    assert math.isclose(call.arguments["zscore"], math.log(0.01))
    [call] = plan_with("generate for A549 below 100 nM (i.e. 0.1 µM)", {})
    assert math.isclose(call.arguments["zscore"], math.log(0.1))


def test_a_short_capital_acronym_is_no_structure() -> None:
    """"breast pt just started sertraline from her PCP" paired sertraline with 'PCP' read as a SMILES (P-C-P)."""
    [call] = plan_with("tamoxifen and sertraline, interaction? breast pt just started sertraline from her PCP", {})
    assert len(call.arguments["smiles_pairs"]) == 1
    assert "PCP" not in read_message("started sertraline from her PCP").smiles
    assert read_message("CCO and CCCC").smiles == ["CCO", "CCCC"]


def test_a_drug_run_against_named_drugs_is_an_interaction_check() -> None:
    """"Run osimertinib against rifampicin, carbamazepine and phenytoin" (no interaction word) ran nothing, and
    "check it against Ativan for an interaction" after a BBB pick ran the target classifier: drugs named after
    "against", with no target or cell line, are an interaction check."""
    [call] = plan_with("Run osimertinib against rifampicin, carbamazepine and phenytoin.", {})
    assert call.name == DDI and len(call.arguments["smiles_pairs"]) == 3
    assert all(pair[0] == OSIMERTINIB for pair in call.arguments["smiles_pairs"])
    assert decided("Run gefitinib and erlotinib against EGFR.") != DDI


def test_sentences_about_time_or_about_a_model_ask_for_no_prediction() -> None:
    """"What is dabrafenib's elimination half-life? The HCP also wants to know how long after stopping it the
    interaction would wane." ran the interaction model again; "a calibration curve for the BBB model on its test set"
    ran BBB. How long something lasts, and a model's own evaluation, are no prediction: asked, and the model card
    named."""
    history = [ran(DDI, "dabrafenib and warfarin? Predicted interaction, please.")]
    assert plan_with("What is dabrafenib's elimination half-life? The HCP also wants to know how long after stopping "
                     "it the interaction would wane.", {}, history) == []
    assert decided("Can you also produce a calibration curve (reliability diagram) for the BBB model on its test "
                   "set?") is None
    assert "model card" in read_message("show me the ROC curve of the ClinTox model").unresolved[0].note


def test_checklist_boxes_and_study_codes_are_no_values() -> None:
    """A QA reviewer's checklist: "[x] Vehicle identity confirmed: 1,4-dioxane / [ ] Predicted hydration free energy"
    ran '[x]' as a SMILES; "hit MAL-3-014 … logD?" asked for the target 'MAL-3-014'; "run OP-03 … (29 entries)" took
    29 as the potency."""
    [call] = plan_with("Checklist, vehicle characterisation (Study HB-2304)\n[x] Vehicle identity confirmed: "
                       "1,4-dioxane\n[ ] Predicted hydration free energy of the vehicle, kcal/mol — please provide", {})
    assert call.arguments == {"drug_smiles": ["C1COCCO1"], "property": "freesolv"}
    [call] = plan_with(f"Our blood-stage hit MAL-3-014 from the Kumasi screen — what's its predicted logD at pH 7.4?"
                       f"\n{HIT}", {})
    assert call.arguments == {"drug_smiles": [HIT], "property": "lipo"}
    numbers = [n.value for n in read_message("mask corrected (heavy atoms only, 29 entries): 11111000").numbers]
    assert 29.0 not in numbers


def test_a_parasite_kinase_named_with_its_species_is_the_davis_construct() -> None:
    """"Does this compound interact with Plasmodium falciparum CDPK1?" was refused as a non-human target although
    DAVIS holds that very construct; a species named before a human target is still asked about."""
    [call] = plan_with(f"Does this compound interact with Plasmodium falciparum CDPK1?\n{HIT}", {})
    assert call.name == CLASSIFY and call.arguments["target_seq"].startswith(PFCDPK1_START)
    assert any(u.written == "KIT" for u in read_message("does it bind canine KIT?").unresolved)


def test_the_next_stage_of_a_project_is_no_ask() -> None:
    """"The two most soluble go forward to cytotoxicity. Predicted ln(IC50) in HeLa for those two?" ran a Tox21 assay
    on the two: the stage the compounds move to is context; the question after it is the ask."""
    assert "cytotoxicity" not in without_asides("The two most soluble go forward to cytotoxicity. Predicted ln(IC50) "
                                                "in HeLa for those two?")


def test_a_precursor_named_by_its_groups_is_picked_from_the_route() -> None:
    """"How soluble is the nitrophenol partner from the top route?" ran both precursors: a name made of two known
    groups (nitro + phenol) picks the precursor holding both."""
    product = "Nc1cc(Oc2ccc([N+](=O)[O-])cc2F)ccn1"
    routes = "Retrosynthetic_reaction_pathway_prediction"
    pool = {"user_smiles": [product], f"{routes}_result": [{"product": product, "candidates": [
        {"rank": 1, "reactants": ["Nc1cc(Cl)ccn1", "O=[N+]([O-])c1ccc(O)c(F)c1"], "score": 0.8}]}]}
    history = [ran(routes, f"retro for {product}", {"smiles_list": [product]})]
    [call] = plan_with("How soluble is the nitrophenol partner from the top route?", pool, history)
    assert call.arguments["drug_smiles"] == ["O=[N+]([O-])c1ccc(O)c(F)c1"]


def test_both_drugs_of_two_earlier_requests_are_the_ones_meant() -> None:
    """"Osimertinib on EGFR", "And afatinib, same target", then "Now both of them in NCI-H1975" asked for the
    molecules: the thread's two last requests name exactly two drugs."""
    history = [ran("drug_target_affinity_regression_predict", "Osimertinib on EGFR, predicted pKd?"),
               ran("drug_target_affinity_regression_predict", "And afatinib, same target.")]
    [call] = plan_with("Now both of them in NCI-H1975 (the T790M line).", {}, history)
    assert call.name == CELLS and call.arguments["drug_smiles"] == [OSIMERTINIB, AFATINIB]


def test_masks_written_as_comma_lists_and_keeping_everything_except_a_part() -> None:
    """"mask 0,0,…,1" without brackets and "keeping everything except the morpholine ring" gave no mask."""
    flags = [0] * 21 + [1] * 10
    [call] = plan_with(f"optimise for NCI-H1975, ln ic50 -2\ngt {GEFITINIB}\nmask {','.join(map(str, flags))}", {})
    assert call.arguments["mask"] == flags
    [call] = plan_with("Optimise gefitinib for A549 towards ln IC50 -2.5, keeping everything except the morpholine "
                       "ring.", {})
    assert call.arguments["mask"] == [0] * 25 + [1] * 6


def test_a_part_glossed_with_its_atoms_is_no_molecule() -> None:
    """"Optimise sorafenib in HuH-7 towards ln IC50 -2" asked which part may change; the answer "Only the N-methyl
    amide (the CH3, the NH and the C=O), the rest stays." ran formaldehyde (the "C=O") and the N-methylamide anion
    as molecules. Structures and names inside the phrase naming a part describe the part."""
    sorafenib = "CNC(=O)C1=NC=CC(=C1)OC2=CC=C(C=C2)NC(=O)NC3=CC(=C(C=C3)Cl)C(F)(F)F"
    reply = "Only the N-methyl amide (the CH3, the NH and the C=O), the rest stays."
    assert read_message(reply).molecules == []
    history = [PastRequest("u", "Optimise sorafenib in HuH-7 towards ln IC50 -2, please.", answered=False, calls=[])]
    [call] = plan_with(reply, {}, history)
    assert call.arguments["gt"] == sorafenib and call.arguments["mask"] == [1, 1, 1, 1] + [0] * 28


def test_indonesian_request_words_are_read() -> None:
    """A Bandung medicinal chemist writing Bahasa Indonesia: "Cabozantinib berinteraksi dengan MET atau tidak? Cukup
    probabilitas interaksinya saja" (the yes/no model), "Sekarang pKd-nya, senyawa dan target yang sama" (now its
    pKd, same compound and target) ran nothing or the wrong model."""
    assert decided("Cabozantinib berinteraksi dengan MET atau tidak? Cukup probabilitas interaksinya saja, yg "
                   "biner.") == CLASSIFY
    assert decided(f"Tiga senyawa ini, tolong prediksi kelarutan:\n{TWO_HITS}") == PROPERTY
    assert in_english("Sekarang pKd-nya, senyawa dan target yang sama.").split()[:2] == ["now", "pKd,"]
    assert in_english("Dan ran it for the kinase panel") == "Dan ran it for the kinase panel"


def test_a_cell_line_spelling_that_starts_with_a_digit_is_read() -> None:
    """"predicted ln(IC50) in 786-O" (GDSC writes 786-0) read 786 as an optimisation goal."""
    [call] = plan_with("Comparator products sorafenib and pazopanib: predicted ln(IC50) in 786-O for the renal-cell "
                       "carcinoma rationale.", {})
    assert call.name == CELLS and call.arguments["cell_name"] == "786-0"


def test_a_code_given_to_one_structure_in_a_sentence_names_it_later() -> None:
    """"Apologies. RX-3318: <SMILES>", then "Please also provide logD7.4 for RX-3318 so both back-up parameters appear
    in the same table." asked for RX-3318 (the code was defined in a sentence, not a list of rows) and read "both
    back-up parameters" as two molecules."""
    smiles = "CC1=CN([C@H]2CCCN(Cc3ccc(C(=O)O)c(Oc4cccc(Cl)c4)c3)C2)C(=O)NC1=O"
    history = [PastRequest("u", "Predicted aqueous solubility for our back-up candidate RX-3318, please.",
                           answered=False, calls=[]),
               ran(PROPERTY, f"Apologies. RX-3318: {smiles}", {"drug_smiles": [smiles], "property": "logSolubility"})]
    [call] = plan_with("Please also provide logD7.4 for RX-3318 so both back-up parameters appear in the same table.",
                       {}, history)
    assert call.arguments == {"drug_smiles": [smiles], "property": "lipo"}


def test_an_upload_named_as_uploaded_and_a_target_picked_by_probability() -> None:
    """"lab 7 uploaded user_compounds_lab7.csv; … ln IC50 of everything in it in Calu-3" asked for a pool key
    'user_compounds_lab7.csv' (the upload's key is upload_user_compounds_lab7.csv); "for whichever of the two targets
    had the higher probability, the pKd" took the newest target."""
    pool = {"upload_user_compounds_lab7.csv": ["CCO", "CCN"]}
    [call] = plan_with("lab 7 uploaded user_compounds_lab7.csv; they want predicted ln IC50 of everything in it in "
                       "Calu-3 (our vial CB-0115, p9)", pool)
    assert call.arguments == {"drug_smiles": "(upload_user_compounds_lab7.csv)", "cell_name": "Calu-3"}


def test_a_target_in_a_sentence_with_a_dashed_aside_and_the_same_generated_molecules() -> None:
    """"Take the strongest VEGFR2 binder of the three and tell me whether it interacts with TIE2 as well — we see
    lymphatic defects" ran VEGFR2 (the aside after the dash made the whole sentence a report); "now predict the same
    generated molecules in OVCAR-3" ran the generator again, and "once more in A2780" picked one molecule ("more")."""
    e = read_message("Take the strongest VEGFR2 binder of the three and tell me whether it is predicted to interact "
                     "with TIE2 as well — we see lymphatic defects that might point that way.")
    assert len(e.sequences) == 1 and e.sequences[0].startswith("DDANGKSQTAGFLKG")
    history = [ran("drug_cell_response_regression_generation", "generate for SK-OV-3, ln(IC50) -2",
                   {"cell_line": "SK-OV-3", "zscore": -2.0})]
    pool = {"generated_smiles": ["CCO", "CCN"]}
    [call] = plan_with("now predict the same generated molecules in OVCAR-3, the user has both lines thawed", pool,
                       history)
    assert call.name == CELLS and call.arguments == {"drug_smiles": "(generated_smiles)", "cell_name": "OVCAR-3"}
    history.append(ran(CELLS, "now predict the same generated molecules in OVCAR-3", call.arguments))
    [call] = plan_with("and once more in A2780 — third ovarian line in the bank, same molecules", pool, history)
    assert call.name == CELLS and call.arguments == {"drug_smiles": "(generated_smiles)", "cell_name": "A2780"}
