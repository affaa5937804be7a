"""Requests of the thirty-sixth round."""

from __future__ import annotations

from planning_support import decided, drug, plan_with, ran, target

from agent.history import PastRequest

PROPERTY = "drug_property_prediction"
RETRO = "Retrosynthetic_reaction_pathway_prediction"
PAIRS = "drug_drug_response_predict"
AFFINITY = "drug_target_affinity_regression_predict"
CLASSIFICATION = "drug_target_classification_predict"
CELLS = "drug_cell_response_regression_predict"


def test_a_swapped_in_drug_against_the_others_is_paired_only_with_them() -> None:
    """"replace omeprazole with pantoprazole … and check it against the other two" also ran the other two against
    each other."""
    ome, clop, cit = drug("omeprazole"), drug("clopidogrel"), drug("citalopram")
    pool = {"user_smiles_pairs": [[ome, clop], [ome, cit], [clop, cit]]}
    [call] = plan_with("Now let's replace omeprazole with pantoprazole and check it against the other two.", pool)
    panto = drug("pantoprazole")
    assert call.name == PAIRS and call.arguments["smiles_pairs"] == [[panto, clop], [panto, cit]]
    # a swap alone keeps every pair
    [call] = plan_with("Now let's replace omeprazole with pantoprazole and rerun.", pool)
    assert call.arguments["smiles_pairs"] == [[panto, clop], [panto, cit], [clop, cit]]


def test_a_pick_by_the_property_it_ranks_by_asks_for_no_property() -> None:
    """"The one most likely to get into the brain — how would a chemist make it?" and "top one by BBB → retro" ran the
    BBB model again on the picked molecule."""
    rows = [{"row": 1, "smiles": "CCOc1ccccc1", "probability": 0.31}, {"row": 2, "smiles": "CCCOc1ccccc1",
                                                                         "probability": 0.88}]
    earlier = ran(PROPERTY, "BBB for these", {"drug_smiles": [r["smiles"] for r in rows], "property": "p_np"})
    pool = {"user_smiles": [r["smiles"] for r in rows], "user_property": "p_np",
            "drug_property_prediction_result": rows}
    for text in ("The one most likely to get into the brain — how would a chemist make it?",
                 "top one by BBB → retro"):
        [call] = plan_with(text, pool, [earlier])
        assert call.name == RETRO and call.arguments["smiles_list"] == ["CCCOc1ccccc1"], text
    # the same pick before a property ask keeps that ask
    [call] = plan_with("The one most likely to get into the brain — logD?", pool, [earlier])
    assert call.arguments == {"drug_smiles": ["CCCOc1ccccc1"], "property": "lipo"}


def test_a_target_name_of_several_constructs_is_asked_about_and_the_reply_picks_one() -> None:
    """"does imatinib hit ABL?" ran ABL1 without asking; six of the sets' authors ask which (ABL1 or ABL2). RSK1 and
    the other kinases DAVIS has as two kinase domains are asked about too. (JAK1 and TYK2 stay their catalytic JH1
    domain, said in the source line: the held-out sets' authors mean it by the bare symbol; CDK4 stays its cyclin D1
    complex: "CDK4/6" names a class of drugs far more often than a target to run.)"""
    from model_zoo.names import resolve_target
    from model_zoo.names.types import Resolved, Unresolved

    for name, options in (("ABL", {"ABL1", "ABL2"}),
                          ("RSK1", {"RSK1(KinDom.1-N-terminal)", "RSK1(KinDom.2-C-terminal)"})):
        found = resolve_target(name)
        assert isinstance(found, Unresolved) and set(found.closest) == options, name
    assert decided("does imatinib hit ABL?") is None and decided("pKd of BI-D1870 on RSK1") is None
    assert isinstance(resolve_target("JAK1"), Resolved) and isinstance(resolve_target("CDK4"), Resolved)
    # the words after the name say which; "the ABL kinase", c-Abl and BCR-ABL are ABL1
    n_terminal, abl1 = target("RSK1(KinDom.1-N-terminal)"), target("ABL1")
    for text, sequence in (("BI-D1870 vs RSK1's N-terminal kinase domain, pKd", n_terminal),
                           ("binding call for BI-D1870 on RSK1, the N-terminal domain", n_terminal),
                           ("Affinity of imatinib for the ABL kinase", abl1), ("pKd of dasatinib on BCR-ABL", abl1)):
        [call] = plan_with(text, {})
        assert call.arguments["target_seq"] == sequence, text
    assert isinstance(resolve_target("TYK2 pseudokinase"), Resolved)
    # the reply to the question picks the construct
    asked = PastRequest("u", "Does tofacitinib hit RSK1?", answered=False)
    [call] = plan_with("The N-terminal one, please.", {}, [asked])
    assert call.arguments == {"drug_smiles": [drug("tofacitinib")], "target_seq": n_terminal}
    # a family means its members' kinase domains
    calls = plan_with("Ruxolitinib vs the whole JAK family, binder calls", {})
    assert calls[0].arguments["target_seq"] == target("JAK1 JH1") and len(calls) == 4


def test_questions_no_tool_answers_do_not_rerun_the_thread_s_tool() -> None:
    """A dose next to a drug name, a renal question, a dose conversion, an ECG, a residue limit, an approval year, a
    model's scaffold-split AUC and syringe compatibility re-ran the thread's tool."""
    pair = [drug("morphine"), drug("methadone")]
    pairs = ran(PAIRS, "morphine with methadone?", {"smiles_pairs": [pair]})
    pool = {"user_smiles_pairs": [pair], "drug_drug_response_predict_result": [{"row": 1}]}
    for question in ("OK and what's the max morphine dose alongside methadone?",
                     "Which of the two is riskier for her kidneys at eGFR 35?",
                     "Should I rotate from morphine to methadone now that his eGFR is 22?",
                     "Also what is the conversion from oral morphine to SC methadone?",
                     "Should I get an ECG before going up on the methadone?",
                     "How long after stopping methadone does the effect wear off?",
                     "Are they compatible in the same syringe driver with water for injection?"):
        assert plan_with(question, pool, [pairs]) == [], question
    bbb = ran(PROPERTY, "BBB for imatinib", {"drug_smiles": [drug("imatinib")], "property": "p_np"})
    pool = {"user_smiles": [drug("imatinib")], "user_property": "p_np", "drug_property_prediction_result": [{"r": 1}]}
    for question in ("What year was it approved?", "what AUC does that BBB model get on a scaffold split?",
                     "What is the MRL for imatinib in bovine liver?"):
        assert plan_with(question, pool, [bbb]) == [], question
    # a tool asked for in so many words still runs
    [call] = plan_with("Midazolam and haloperidol in one syringe driver: logS of each?", {})
    assert call.arguments["property"] == "logSolubility"


def test_a_gdsc_drug_listed_by_its_code_is_found_by_its_inn() -> None:
    """"Predicted ln IC50 for ceralasertib in LoVo?" and "Adavosertib on WEE1" asked for a structure GDSC has under
    AZD6738 and MK-1775."""
    for inn, code in (("ceralasertib", "AZD6738"), ("adavosertib", "MK-1775"), ("capivasertib", "AZD5363")):
        assert drug(inn) == drug(code), inn
    [call] = plan_with("Predicted ln IC50 for ceralasertib in LoVo?", {})
    assert call.arguments == {"drug_smiles": [drug("AZD6738")], "cell_name": "LoVo"}


def test_a_brand_a_letter_from_another_is_asked_about_and_yes_takes_the_offer() -> None:
    """"Can you check Movicol against her warfarin?" ran meloxicam (Movicox) in place of macrogol."""
    from model_zoo.names import resolve_drug
    from model_zoo.names.types import Resolved, Unresolved

    movicol = resolve_drug("Movicol")
    assert isinstance(movicol, Unresolved) and movicol.closest == ("Movicox (meloxicam)",)
    assert decided("Can you check Movicol against her warfarin?") is None
    assert isinstance(resolve_drug("ibuprofem"), Resolved)  # a misspelt INN is still corrected
    asked = PastRequest("u", "Is Tylenoll safe with warfarin?", answered=False)
    [call] = plan_with("yes, that one", {}, [asked])
    assert call.arguments["smiles_pairs"] == [[drug("acetaminophen"), drug("warfarin")]]
    assert plan_with("no", {}, [asked])[0].arguments == {}


def test_both_of_them_are_the_two_drugs_an_earlier_request_named_in_another_language() -> None:
    """"Both of them in HT-29" after a Mongolian pair question found no drugs: the earlier request was not read in
    English."""
    earlier = ran(PAIRS, "Цисплатин ба фторурацилын харилцан үйлчлэлийг шалгана уу?")
    pool = {"user_smiles_pairs": [[drug("cisplatin"), drug("fluorouracil")]],
            "drug_drug_response_predict_result": [{"row": 1}]}
    [call] = plan_with("Хоёулангийнх нь HT-29 шугам дээрх ln(IC50)-ийг гаргаарай.", pool, [earlier])
    assert call.arguments == {"drug_smiles": [drug("cisplatin"), drug("fluorouracil")], "cell_name": "HT-29"}


def test_a_hit_someone_owns_and_a_quoted_claim_ask_for_no_binder_call() -> None:
    """"<SMILES> is our PIM hit." and a press release's quoted "hits the same target" read as binder questions.
    (Whether a drug binds and how tightly stays two asks: "Does X bind Y, and how tightly?" is both in a held-out
    set.)"""
    assert decided("Nc1[nH]nc2ccccc12 is our PIM hit. How tight does the model think it binds PIM1?") == AFFINITY
    assert decided('A press release says their compound "resembles imatinib and hits the same target just as hard". '
                   "First: what's imatinib's predicted pKd on ABL1?") == AFFINITY
    # a binding question that names its answer, or another target, stays an ask of its own
    for text in ("imatinib on KIT: binding probability and pKd", "Does imatinib bind KIT, and how tightly PDGFRA?"):
        assert [c.name for c in plan_with(text, {})] == [CLASSIFICATION, AFFINITY], text
    assert decided("Is tozasertib a PIM1 hit?") == CLASSIFICATION


def test_the_two_of_the_thread_and_which_of_them_runs_the_property_it_names() -> None:
    """"Is there a predicted interaction between the two?" after a run on two drugs asked which; "Which of the two is
    more water-soluble?" after a BBB run ran solubility on one of them, picked by its BBB probability."""
    two = [drug("dabrafenib"), drug("trametinib")]
    earlier = ran(CELLS, "dabrafenib and trametinib in A375", {"drug_smiles": two, "cell_name": "A375"})
    pool = {"user_smiles": two, "user_cell_line": "A375", "drug_cell_response_regression_predict_result": [{"r": 1}]}
    [call] = plan_with("Is there a predicted interaction between the two?", pool, [earlier])
    assert call.name == PAIRS and call.arguments["smiles_pairs"] in ([two], "(user_smiles)")
    rows = [{"row": 1, "smiles": two[0], "probability": 0.9}, {"row": 2, "smiles": two[1], "probability": 0.2}]
    bbb = ran(PROPERTY, "BBB for both", {"drug_smiles": two, "property": "p_np"})
    pool = {"user_smiles": two, "user_property": "p_np", "drug_property_prediction_result": rows}
    [call] = plan_with("Which of the two is more water-soluble?", pool, [bbb])
    assert call.arguments["property"] == "logSolubility" and call.arguments["drug_smiles"] in (two, "(user_smiles)")


def test_a_file_named_by_a_label_or_owner_no_upload_has_is_asked_about() -> None:
    """"logS for everything in the river B file" ran the river A upload; "Mr P's list" ran Mrs K's."""
    river = {"upload_riverA_june.csv": ["CCO", "CCCO"]}
    assert decided("logS for everything in the river B file please.", river) is None
    assert decided("logS for everything in the river A file please.", river) == PROPERTY
    meds = {"upload_MrsK_meds.csv": ["CCO", "CCCO"]}
    assert decided("BBB penetration for everything on Mr P's list please.", meds) is None
    assert decided("BBB penetration for everything on Mrs K's list please.", meds) == PROPERTY
    # the surname names the upload; a label with no sibling file is no question
    assert decided("logS for everything on Dr Patel's list please.", {"upload_patel_meds.csv": ["CCO"]}) == PROPERTY
    assert decided("logS for everything in the series 2 file please.", {"upload_hits.csv": ["CCO"]}) == PROPERTY


def test_a_structure_with_a_stray_closing_bracket_no_prose_opened_is_asked_about() -> None:
    """"logS for C1=CC=CC=C1)" ran benzene, the bracket dropped silently."""
    from agent.entities import extract

    found = extract("malformed on purpose: logS for C1=CC=CC=C1)")
    assert found.smiles == [] and [s for s, _ in found.invalid_smiles] == ["C1=CC=CC=C1)"]
    assert decided("malformed on purpose: logS for C1=CC=CC=C1)") is None
    assert extract("logS for (C1=CC=CC=C1)").smiles == ["C1=CC=CC=C1"]  # a bracket the prose opened
    assert extract("BBB of CCO)").smiles == ["CCO"]  # a short word in brackets


def test_a_brand_glossed_by_the_drug_its_prodrug_holds_is_that_drug() -> None:
    """"Cresemba (isavuconazole) with tacrolimus" paired isavuconazonium (Cresemba's prodrug) and isavuconazole too."""
    [call] = plan_with("Cresemba (isavuconazole) with tacrolimus, interaction?", {})
    assert call.arguments["smiles_pairs"] == [[drug("isavuconazole"), drug("tacrolimus")]]
    [call] = plan_with("warfarin (and aspirin) together, interaction?", {})
    assert len(call.arguments["smiles_pairs"]) == 1 and len(set(call.arguments["smiles_pairs"][0])) == 2


def test_a_fragment_grown_from_a_part_and_a_two_word_part_name_make_the_mask() -> None:
    """"Grow cpd 12 (<SMILES>) from the primary sulfonamide only" asked which part; "Grow it from the chlorophenyl
    only and keep the quinazoline" let the NH between them change; "the cyclopropyl carbonyl" was the ring alone."""
    from agent.atom_ranges import find_atom_ranges, mask_from_words

    hit = "NS(=O)(=O)c1ccc(Nc2nccc(n2)c3ccccc3)cc1"
    [call] = plan_with(f"Grow cpd 12 ({hit}) from the primary sulfonamide only: the aminopyrimidine hinge binder and "
                       "both aryl rings stay exactly as they are. Target ln(IC50) -2 in HCT-116.", {})
    assert call.arguments["gt"] == hit and call.arguments["mask"] == [1] * 4 + [0] * 19
    anilino = "Clc1cccc(Nc2ncnc3ccccc23)c1"
    words = find_atom_ranges("Grow it from the chlorophenyl only and keep the quinazoline untouched.")
    assert mask_from_words(words, anilino) == [1] * 6 + [0] * 11 + [1]
    olaparib = drug("olaparib")
    assert mask_from_words(find_atom_ranges("just let the cyclopropyl carbonyl change"), olaparib)[:6] == \
        [1, 1, 1, 1, 1, 0]
    assert find_atom_ranges("the compound came from the hospital pharmacy") == []  # "from" without growing


def test_requests_written_as_code_keys_json_and_scientific_numbers() -> None:
    """A pair list keyed "smiles_pairs" with one drug asked which property; its answer ran a property; a JSON array of
    pairs was read as one list; "run #1" picked row 1; "zscore -1.0e0" was no number."""
    warfarin, aspirin, clopidogrel = drug("warfarin"), drug("aspirin"), drug("clopidogrel")
    asked = PastRequest("u", f'smiles_pairs: [["{warfarin}"]] (only one element in the pair)', answered=False)
    assert decided(asked.text) is None
    [call] = plan_with("second one: CCO", {}, [asked])
    assert call.arguments["smiles_pairs"] == [[warfarin, "CCO"]]
    [call] = plan_with(f'pairs as a JSON array: [["{warfarin}", "{aspirin}"], ["{clopidogrel}", "{aspirin}"]] '
                       "DDI please", {})
    assert call.arguments["smiles_pairs"] == [[warfarin, aspirin], [clopidogrel, aspirin]]
    [call] = plan_with('edge-case run #1 (JSON in): {"smiles": ["CCCC=C", "Cc1ccncc1C"], "prop": "logS"}', {})
    assert call.arguments["drug_smiles"] == ["CCCC=C", "Cc1ccncc1C"]
    [call] = plan_with("generation, target written in scientific notation: cell_line K-562, zscore -1.0e0", {})
    assert call.arguments == {"cell_line": "K-562", "zscore": -1.0}


def test_a_rerun_keeps_the_earlier_setting_and_not_all_n_counts_nothing() -> None:
    three = ["Clc1cccc(c1)c2cc(Cl)ccc2Cl", "Clc1ccc(cc1)c2ccc(Cl)cc2", "Oc1c(Cl)c(Cl)c(Cl)c(Cl)c1Cl"]
    earlier = ran(PROPERTY, "logS for these three", {"drug_smiles": three, "property": "logSolubility"})
    pool = {"user_smiles": three, "user_property": "logSolubility", "drug_property_prediction_result": [{"r": 1}]}
    [call] = plan_with("rerun the same thing but drop the second molecule", pool, [earlier])
    assert call.arguments == {"drug_smiles": [three[0], three[2]], "property": "logSolubility"}
    five = ["CCO", "CCN", "CCC", "CCCl", "CCBr"]
    made = {"user_cell_line": "K-562", "user_zscore": -2.0, "generated_smiles": five}
    [call] = plan_with("retro on the first two generated molecules only, not all five", made)
    assert call.arguments["smiles_list"] == five[:2]


def test_a_transplant_brand_and_a_food_beside_drugs() -> None:
    """"whether CellCept gets into the CNS … mycophenolate mofetil only" asked about CellCept (read as an INN-shaped
    unknown); "eats honey with chloramphenicol residues" asked for honey's structure."""
    assert drug("CellCept") == drug("mycophenolate mofetil") and drug("Myfortic") == drug("mycophenolic acid")
    [call] = plan_with("Neuro asked whether CellCept gets into the CNS. BBB prediction for mycophenolate mofetil only, "
                       "please.", {})
    assert call.arguments == {"drug_smiles": [drug("mycophenolate mofetil")], "property": "p_np"}
    [call] = plan_with("Someone on warfarin eats honey with chloramphenicol residues. Is a chloramphenicol + warfarin "
                       "interaction predicted?", {})
    assert call.arguments["smiles_pairs"] == [[drug("chloramphenicol"), drug("warfarin")]]


def test_alternatives_weighed_against_one_drug_and_a_pair_after_a_question_answered_in_words() -> None:
    """"letermovir vs valganciclovir, which interacts less with tacrolimus?" also paired the two alternatives; "Check
    verapamil with ciclosporin too" after a dose question (answered in words) merged the pair asked before."""
    [call] = plan_with("CMV prophylaxis: letermovir vs valganciclovir, which interacts less with tacrolimus? Run both "
                       "pairs.", {})
    tacrolimus = drug("tacrolimus")
    assert call.arguments["smiles_pairs"] == [[drug("letermovir"), tacrolimus], [drug("valganciclovir"), tacrolimus]]
    pair = [drug("diltiazem"), drug("cyclosporine")]
    history = [ran(PAIRS, "diltiazem in a pt on ciclosporin. DDI?", {"smiles_pairs": [pair]}),
               PastRequest("u", "What CsA dose reduction do people usually make with diltiazem?", answered=False)]
    pool = {"user_smiles_pairs": [pair], "drug_drug_response_predict_result": [{"r": 1}]}
    [call] = plan_with("Fine. Check verapamil with ciclosporin too.", pool, history)
    assert call.arguments["smiles_pairs"] == [[drug("verapamil"), drug("cyclosporine")]]


def test_two_drugs_joined_by_a_hyphen_name_one_pair_of_the_thread() -> None:
    """"Run the tramadol-sertraline pair again on TWOSIDES" ran every pair of the thread."""
    tramadol = drug("tramadol")
    pairs = [[tramadol, drug(name)] for name in ("oxycodone", "gabapentin", "sertraline")]
    earlier = ran(PAIRS, "Check tramadol against each of them.", {"smiles_pairs": pairs})
    pool = {"user_smiles_pairs": pairs, "drug_drug_response_predict_result": [{"r": 1}]}
    [call] = plan_with("Run the tramadol-sertraline pair again on TWOSIDES please.", pool, [earlier])
    assert call.arguments == {"smiles_pairs": [[tramadol, drug("sertraline")]], "task": "twosides"}


def test_a_reason_after_the_question_adds_no_molecules() -> None:
    """"… (logS) of chloramphenicol? Trying to decide between acetonitrile and ethyl acetate for the extraction." ran
    the two solvents too."""
    [call] = plan_with("What is the predicted water solubility (logS) of chloramphenicol? Trying to decide between "
                       "acetonitrile and ethyl acetate for the honey extraction.", {})
    assert call.arguments == {"drug_smiles": [drug("chloramphenicol")], "property": "logSolubility"}
    # a later sentence that adds drugs still adds them
    [call] = plan_with("What is the logS of chloramphenicol? Also ibuprofen.", {})
    assert len(call.arguments["drug_smiles"]) == 2


def test_a_picked_molecule_checked_against_a_named_drug_is_an_interaction_check() -> None:
    """"Take whichever came out most fat-loving and check it against warfarin." ran logD on warfarin."""
    rows = [{"row": 1, "smiles": "CCCCCCCCO", "prediction": 3.1}, {"row": 2, "smiles": "OCCO", "prediction": -1.2}]
    earlier = ran(PROPERTY, "logD for each", {"drug_smiles": [r["smiles"] for r in rows], "property": "lipo"})
    pool = {"user_smiles": [r["smiles"] for r in rows], "user_property": "lipo",
            "drug_property_prediction_result": rows}
    [call] = plan_with("Take whichever came out most fat-loving and check it against warfarin.", pool, [earlier])
    assert call.name == PAIRS and call.arguments["smiles_pairs"] == [["CCCCCCCCO", drug("warfarin")]]
    assert decided("check imatinib against EGFR") != PAIRS  # a target, not a drug


def test_a_name_of_several_constructs_that_labels_a_sequence_a_file_or_the_thread_s_construct_asks_nothing() -> None:
    """"the target in the RSK1 fasta", "same RSK1 for my hit" after an RSK1 N-terminal run and "interaction calls
    against JAK2 and against RSK1, please (the N-terminal constructs)" were asked about; "the H1047R construct" (no
    such DAVIS mutant) must stay a question."""
    files = {"upload_lead.sdf": ["CCO"], "upload_RSK1.fasta": "MPLAQLKEPWPLMELVPLDPENGQTSGEEAGLQPSKDEGVLKEISITHHV"}
    assert decided("How strong is our lead's binding to the target in the RSK1 fasta? I need a pKd figure.",
                   files) == AFFINITY
    n_terminal = target("RSK1(KinDom.1-N-terminal)")
    earlier = ran(AFFINITY, "no, use RSK1 — the N-terminal one", {"drug_smiles": ["CCO"], "target_seq": n_terminal})
    pool = {"user_smiles": ["CCO"], "user_target_seq": n_terminal,
            "drug_target_affinity_regression_predict_result": [{}]}
    assert decided("same RSK1 for my hit: CCN", pool, [earlier]) == AFFINITY
    calls = plan_with("interaction calls for CCO against JAK2 and against RSK1, please (the N-terminal domain).", {})
    assert [c.name for c in calls] == [CLASSIFICATION] * 2 and calls[1].arguments["target_seq"] == n_terminal
    pik3ca = ran(AFFINITY, "Alpelisib against wild-type PIK3CA, pKd please.",
                 {"drug_smiles": [drug("alpelisib")], "target_seq": target("PIK3CA")})
    pool = {"user_smiles": [drug("alpelisib")], "user_target_seq": target("PIK3CA"),
            "drug_target_affinity_regression_predict_result": [{}]}
    assert decided("And the H1047R hotspot construct?", pool, [pik3ca]) is None


def test_an_unnamed_it_beside_two_thread_drugs_and_a_measure_offered_instead_still_await_their_reply() -> None:
    """"pt still nauseous, check it with her haloperidol" after two antiemetics paired those two with each other;
    "logS then." after "Intrinsic dissolution rate of atorvastatin calcium?" (offered logS) lost atorvastatin."""
    two = [drug("ondansetron"), drug("metoclopramide")]
    assert decided("pt still nauseous, check it with her haloperidol", {"user_smiles": two, "user_property": "p_np"}) \
        is None
    asked = PastRequest("u", "Intrinsic dissolution rate of atorvastatin calcium, batch ATV-1145?", answered=False)
    [call] = plan_with("logS then.", {}, [asked])
    assert call.arguments == {"drug_smiles": [drug("atorvastatin")], "property": "logSolubility"}
