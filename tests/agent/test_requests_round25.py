"""Requests of the twenty-fifth round."""

from __future__ import annotations

from planning_support import decided, plan_with, ran

CELLS = "drug_cell_response_regression_predict"
PROPERTY = "drug_property_prediction"
DDI = "drug_drug_response_predict"
ASPIRIN_INCHI = "InChI=1S/C9H8O4/c1-6(10)13-8-5-3-2-4-7(8)9(11)12/h2-5H,1H3,(H,11,12)"
FLUOROURACIL = "C1=C(C(=O)NC(=O)N1)F"


def test_a_question_no_tool_answers_runs_nothing() -> None:
    """"What dose of 5-FU is used in FOLFOX?" after a cell-line run reran the cell-line model on 5-FU in the thread's
    lines; "What is the mechanism of action of imatinib?" after a BBB question ran BBB on imatinib. A question about
    a dose, a mechanism, a price … runs nothing and says so; a bare new value still repeats the earlier request,
    and a tool asked for beside such words still runs."""
    earlier = ran(CELLS, "Predicted IC50 of cisplatin in HT-29 and LoVo?")
    assert plan_with("What dose of 5-FU is used in FOLFOX?", {}, [earlier]) == []
    assert plan_with("A jaka dawka 5-FU jest w schemacie FOLFOX? Studenci pytali na ćwiczeniach.", {},
                     [ran(CELLS, "Przewidywane IC50 cisplatyny w HT-29 i w LoVo?")]) == []
    assert plan_with("What is the mechanism of action of imatinib?", {}, [ran(PROPERTY, "BBB for gefitinib?")]) == []
    [call] = plan_with("and for 5-FU?", {}, [ran(CELLS, "Predicted IC50 of cisplatin in HT-29?")])
    assert call.name == CELLS and call.arguments == {"drug_smiles": [FLUOROURACIL], "cell_name": "HT-29"}
    assert decided("What dose of cisplatin gives the IC50 in A549?") == CELLS
    assert [c.name for c in plan_with("Dose-response of 5-FU in HT-29?", {})] == [CELLS]


def test_the_answer_to_an_out_of_scope_question_names_it() -> None:
    from agent.backends.base import PlanContext
    from agent.backends.planner import OfflinePlanner
    from model_zoo.specs import TOOLS

    answer = OfflinePlanner().next_action(PlanContext(request="What is the mechanism of action of imatinib?", pool=[],
                                                      offered=list(TOOLS)))
    assert "mechanism of action" in answer.text and "retrosynthesis" in answer.text


def test_an_inchi_is_asked_about_never_replaced() -> None:
    """"lipo for InChI=1S/C9H8O4/…" with two molecules in the thread ran lipophilicity on the thread's molecules: the
    InChI was no value at all. An InChI is a structure the tools do not take: asked about, with RDKit's reading of
    it shown (an InChI does not keep the tautomer drawn), never replaced by the thread's molecules."""
    from agent.entities import read_message

    assert decided(f"lipo for {ASPIRIN_INCHI}", {"user_smiles": ["CCO", "CCCO"]}) is None
    assert decided(f"lipo for {ASPIRIN_INCHI[:44]}", {"user_smiles": ["CCO", "CCCO"]}) is None
    [(written, reason)] = read_message(f"BBB for {ASPIRIN_INCHI} and CCO.").invalid_smiles
    assert written == ASPIRIN_INCHI and "RDKit reads it as CC(=O)Oc1ccccc1C(=O)O" in reason


def test_an_unreadable_inchi_says_why() -> None:
    import pytest

    from model_zoo.chem.mols import InvalidSmiles, parse_smiles

    with pytest.raises(InvalidSmiles, match="InChI RDKit cannot read"):
        parse_smiles(ASPIRIN_INCHI[:44])


def test_a_combination_partner_of_several_is_asked_about() -> None:
    """"Now run the partner in SK-MEL-28 too." with three drugs in the thread ran all three: which is the partner?
    asked. "the partner drugs" means them all."""
    pool = {"user_smiles": ["CCO", "CCN", "CCC"]}
    assert decided("Now run the partner in SK-MEL-28 too.", pool) is None
    assert decided("Now run the partner drugs in SK-MEL-28 too.", pool) == CELLS


def test_an_untrained_property_naming_the_occasion_asks_nothing() -> None:
    """"clarithromycin against simvastatin and clarithromycin against atorvastatin. It's for the CYP3A4 lecture."
    asked about CYP3A4 inhibition: the words name the occasion."""
    [first, second] = plan_with("clarithromycin against simvastatin and clarithromycin against atorvastatin. It's for "
                                "the CYP3A4 lecture.", {})[0].arguments["smiles_pairs"]
    assert first[0] == second[0]
    assert decided("CYP3A4 inhibition for clarithromycin?") is None


def test_a_pick_the_user_will_make_later_picks_nothing_now() -> None:
    """"Run solubility on the new molecules from yesterday, and I'll pick the in vivo candidate from whatever comes out
    on top." with generated and optimised molecules in the thread ran the first optimised one: "on top" is the user's
    own later pick. Which new molecules is asked; "the top one" asked for now still picks."""
    pool = {"generated_smiles": ["CCO", "CCN"], "optimized_smiles": ["CCC", "CCCl"]}
    assert decided("Run solubility on the new molecules from yesterday, and I'll pick the in vivo candidate from "
                   "whatever comes out on top.", pool) is None
    [call] = plan_with("Run solubility on the generated ones; we will then choose the best.", pool)
    assert call.arguments["drug_smiles"] == "(generated_smiles)"


def test_persian_typed_in_latin_letters_is_read() -> None:
    """A Tehran pharmacologist writing Finglish: "lotfan" (please) was read as the brand Lorfan and levallorphan run
    with imatinib and sorafenib; "pishbini kon" (predict) gave the association rate "kon" to ask about. Persian
    request words are read in a message that reads as Persian; its transliterated INNs resolve ("jemsitabin")."""
    [call] = plan_with("salam DrugPilot, lotfan hallaliat-e abi (logS) imatinib va sorafenib ro pishbini konid.", {})
    assert call.name == PROPERTY and len(call.arguments["drug_smiles"]) == 2
    assert call.arguments["property"] == "logSolubility"
    [call] = plan_with("varfarin ba flukonazol, tadakhol?", {})
    assert call.name == DDI and len(call.arguments["smiles_pairs"]) == 1
    [call] = plan_with("baraye MCF7 molekool-haye jadid besaz, IC50 hodud-e ۲ mikromolar", {})
    assert call.arguments == {"cell_line": "MCF7", "zscore": 0.6931471805599453}
    assert decided("BBB for lotfan") is None


def test_czech_requests_are_read() -> None:
    """A Prague medicinal chemist: "prosím" (please) was read as the brand ProSom (estazolam) and run; "Prostupuje …
    přes hematoencefalickou bariéru?" found no property."""
    [call] = plan_with("Spusť prosím predikci odpovědi linie A549 na cisplatinu a gemcitabin, výstup v ln(IC50).", {})
    assert call.name == CELLS and len(call.arguments["drug_smiles"]) == 2
    [call] = plan_with("Prostupuje temozolomid a karbamazepin přes hematoencefalickou bariéru? Dej mi "
                       "pravděpodobnosti.", {})
    assert call.name == PROPERTY and call.arguments["property"] == "p_np"


def test_nigerian_pidgin_and_a_medication_started_are_read() -> None:
    """"She wan start metformin. Check dolutegravir with metformin first" ran a retrosynthesis of metformin: a drug
    started is no starting material. "Abeg check if artemether and efavirenz go clash" is an interaction."""
    calls = plan_with("e get one customer wey dey on TLD (tenofovir, lamivudine, dolutegravir). She wan start "
                      "metformin. Check dolutegravir with metformin first, then tenofovir disoproxil with metformin.",
                      {})
    assert {c.name for c in calls} == {DDI}
    [call] = plan_with("Abeg check if artemether and efavirenz go clash.", {})
    assert call.name == DDI
    [call] = plan_with("Retro for imatinib: what are the starting materials?", {})
    assert call.name == "Retrosynthetic_reaction_pathway_prediction"


def test_ward_shorthand_w_means_with() -> None:
    """"check tamoxifen w fluoxetine" found no pair; "w" before a word is "with" (not a gated language's own "w")."""
    [call] = plan_with("pt on tamoxifen 20 OD, GP just started fluoxetine. check tamoxifen w fluoxetine", {})
    assert call.name == DDI and len(call.arguments["smiles_pairs"]) == 1


def test_text_pasted_from_a_pdf_is_mended() -> None:
    """PDF ligatures ("5-ﬂuorouracil") and names broken at a line's end ("nilo-\\ntinib") are read as the names."""
    from agent.entities import read_message

    names = [n.name for n in read_message("logS for 5-ﬂuorouracil and nilo-\ntinib, a well-\nknown pair").names]
    assert names == ["fluorouracil", "nilotinib"]


def test_a_quoted_passage_is_background_when_the_ask_names_its_own_molecules() -> None:
    """A review quoted above "Predicted pKd against ABL1 for dasatinib and nilotinib" ran imatinib too, named only in
    the quote; "pKd of those two on SRC" under a quote still reads the quote's drugs."""
    quote = ('Quote from the review: "dasatinib binds the active conformation of ABL, in contrast to imatinib and '
             'nilotinib, which require the DFG-out state (Tokarski et al., 2006)."\n')
    [call] = plan_with(quote + "Predicted pKd against ABL1 for dasatinib and nilotinib, please.", {})
    assert len(call.arguments["drug_smiles"]) == 2
    [call] = plan_with('"…the dual Src/Abl inhibitors dasatinib and bosutinib both suppressed c-Src '
                       'autophosphorylation…"\npKd of those two on SRC, please.', {})
    assert len(call.arguments["drug_smiles"]) == 2


def test_salt_forms_are_no_drugs_of_their_own() -> None:
    """"amlodipine (as the besylate) with simvastatin" paired amlodipine with benztropine (a besylate salt);
    "dasatinib monohydrate" asked about a drug "monohydrate"; "Free base: <SMILES>" read hydration free energy."""
    from agent.history import PastRequest

    [call] = plan_with("DDI check: amlodipine (as the besylate) with simvastatin.", {})
    assert len(call.arguments["smiles_pairs"]) == 1
    [call] = plan_with("logS for imatinib mesylate, dasatinib monohydrate and nilotinib HCl, the free bases.", {})
    assert len(call.arguments["drug_smiles"]) == 3
    [call] = plan_with("Free base: CCN2c1ccccc1N(C)C(=O)c3cccnc23", {},
                       [PastRequest("u", "logS for API-47 tosylate, please — the free base.", answered=False)])
    assert call.arguments["property"] == "logSolubility"


def test_a_line_with_a_decimal_suffix_is_another_line() -> None:
    """"Sofosbuvir in Huh-7.5 replicon cells" ran HuH-7: Huh-7.5 is another line, asked about with HuH-7 offered."""
    from agent.entities import read_message

    message = read_message("Sofosbuvir in Huh-7.5 replicon cells, please — ln(IC50).")
    assert not message.cell_lines and "HuH-7" in message.unresolved[0].closest
    assert decided("Sofosbuvir in HuH-7 cells, please — ln(IC50).") == CELLS


def test_a_femtomolar_goal_is_read_and_checked() -> None:
    """"drugs for K562 that work at 1 femtomolar" generated at ln(IC50) = 1: the unit was not read."""
    import pytest

    assert decided("Could your generator design drugs for K562 that work at 1 femtomolar?") is None
    [call] = plan_with("Generate molecules for K562 at 100 picomolar.", {})
    assert call.arguments == {"cell_line": "K-562", "zscore": pytest.approx(-9.2103, abs=1e-3)}


def test_structures_inside_a_function_call_are_read() -> None:
    """R and Python calls written around SMILES ("predict(bbbp, c(\\"…\\", \\"…\\"))", "retro([…])",
    "retro(Nc1…CC3)") gave no molecules; an R mask vector "c(0,0,1,…)" left a structure "c(" to ask about."""
    from agent.entities import read_message

    assert read_message('preds <- predict(bbbp, c("CCOc1ccccc1", "CCN(CC)CC"))').smiles == ["CCOc1ccccc1",
                                                                                          "CCN(CC)CC"]
    assert read_message("retro(['CC(=O)Nc1ccccc1', 'CCCCc1ncccc1'])").smiles == ["CC(=O)Nc1ccccc1", "CCCCc1ncccc1"]
    assert read_message("retro(Nc1ccc2[nH]c3c(c2c1)CCCC3)  # single step").smiles == ["Nc1ccc2[nH]c3c(c2c1)CCCC3"]
    assert not read_message("optimise(gt = gemcitabine, z = -3, mask = c(0,0,1,0))").invalid_smiles
    assert read_message("logS of CC(C) and c1ccccc1").smiles == ["CC(C)", "c1ccccc1"]


def test_a_rank_written_with_a_hyphen_picks_that_row() -> None:
    [call] = plan_with("Part (b): a one-step route for the rank-1 molecule.", {"generated_smiles": ["CCO", "CCN"]})
    assert call.arguments == {"smiles_list": ["CCO"]}


def test_request_acronyms_are_no_cell_lines() -> None:
    [call] = plan_with("Class exercise on DDIs: fluoxetine and tramadol — what interaction does the model predict?",
                       {})
    assert call.name == DDI


def test_the_sides_of_a_pair_in_shorthand_are_asked_about() -> None:
    """"dex 8mg IV, diphenhydramine 25mg, famotidine 20mg … any interaction between the dex and pac?" paired
    diphenhydramine with famotidine, the two drugs it did know; "check the agbo with simvastatin" reran the thread's
    pair. Both sides of "between X and Y", and what "check X with <drug>" names, must be drugs: asked about."""
    assert decided("premeds for weekly pac: dex 8mg IV, diphenhydramine 25mg, famotidine 20mg 30 min prior. any "
                   "interaction between the dex and pac?") is None
    assert decided("check the agbo with simvastatin", {"user_smiles_pairs": [["CCO", "CCN"]]}) is None
    assert decided("interaction between warfarin and aspirin?") == DDI
    assert decided("lorazepam 1mg + prochlorperazine PRN — BBB for each?") == PROPERTY


def test_the_thread_list_checked_with_a_named_drug_pairs_each_with_it() -> None:
    """"check the list with simvastatin" paired the list's two molecules with each other and dropped simvastatin."""
    [call] = plan_with("check the list with simvastatin", {"user_smiles": ["CCO", "CCC"]})
    assert [pair[1] for pair in call.arguments["smiles_pairs"]] == ["CCO", "CCC"]


def test_descriptors_reported_in_a_pasted_table_are_not_asked_for() -> None:
    """A pasted table "crizotinib MW 450.3 cLogP 3.7 …" under "predicted logD7.4 for both, to set beside the cLogP
    column" ran MW: the descriptors with values, and the column named, are what the user has."""
    calls = plan_with("Table 1, the two ALK inhibitors:\ncrizotinib   MW 450.3   cLogP 3.7\nalectinib    MW 482.6   "
                      "cLogP 5.2\nI'd like your predicted logD7.4 for both, to set beside the cLogP column.", {})
    assert [c.arguments["property"] for c in calls] == ["lipo"]
    assert [c.arguments["property"] for c in plan_with("MW and TPSA for imatinib", {})] == ["MW", "TPSA"]


def test_a_letter_of_a_target_name_picks_no_upload() -> None:
    """"Run the panel against Aurora A (yes/no)." with panel_A and panel_B uploaded ran panel_A: the A is Aurora A's."""
    pool = {"upload_panel_A.smi": ["CCO", "CCN"], "upload_panel_B.smi": ["CCC", "CCCl"]}
    assert decided("Run the panel against Aurora A (yes/no).", pool) is None
    [call] = plan_with("Run panel B against Aurora A (yes/no).", pool)
    assert call.arguments["drug_smiles"] == "(upload_panel_B.smi)"


def test_a_misspelt_property_keeps_its_first_letter() -> None:
    """"pt still nauseous, check it with her haloperidol" ran solubility on haloperidol: "nauseous" was read as a
    misspelt "aqueous". A misspelling keeps its first letter ("solubilty" is still solubility)."""
    assert all(c.name != "drug_property_prediction" for c in plan_with("pt still nauseous, check it with her "
                                                                      "haloperidol", {}))
    assert decided("pt still nauseous, check it with her haloperidol") is None  # which drug "it" is: asked
    [call] = plan_with("solubilty of aspirin", {})
    assert call.arguments["property"] == "logSolubility"


def test_abuse_potential_is_an_untrained_property() -> None:
    """"How addictive is tramadol compared with morphine, according to your model?" ran the interaction model on
    the two: abuse potential is asked about, with BBB penetration offered."""
    assert decided("How addictive is tramadol compared with morphine, according to your model?") is None


def test_uploads_described_by_who_sent_them_are_asked_about() -> None:
    """"How potent are the compounds the company sent me, in A549 cells?" with two uploads ran the newest."""
    pool = {"upload_press_a.csv": ["CCO"], "upload_press_b.csv": ["CCN"]}
    assert decided("How potent are the compounds the company sent me, in A549 cells?", pool) is None
    [call] = plan_with("How potent are the press_b compounds the company sent me, in A549 cells?", pool)
    assert call.arguments["drug_smiles"] == "(upload_press_b.csv)"


def test_a_sequence_with_a_gap_is_asked_about() -> None:
    """A kinase domain pasted from a figure split across pages ("…KEIL […] GVTV…") ran its first 60 residues."""
    from agent.entities import read_message

    text = ("Kinase-domain sequence:\nQALLRILKETEFKKIKVLGSGAFGTVYKGLWIPEGEKVKIPVAIKELREATSPKANKEIL […] "
            "GVTVWELMTFGSKPYDGIPASEISSILEKGERLPQPPICT\npKd of erlotinib on it?")
    message = read_message(text)
    assert not message.sequences and "gap ('[…]') after residue 60" in message.unresolved[0].note
    assert decided(text) is None


def test_a_mutant_set_aside_is_not_asked_about() -> None:
    """"Skip the mutant for now; wild-type ABL1 only." asked which mutation; "the mutant" put off asks nothing."""
    assert decided("Skip the mutant for now; wild-type ABL1 only, pKd of dasatinib.") == \
        "drug_target_affinity_regression_predict"
    assert decided("pKd of dasatinib on the mutant ABL1") is None


def test_structures_opening_with_an_aromatic_branch_are_no_function_calls() -> None:
    from agent.entities import read_message

    assert read_message("logS for c1cc2ccc(OC)c(CC=C(C)(C))c2oc1=O and c1ccc2c(c1)cccn2").smiles == [
        "c1cc2ccc(OC)c(CC=C(C)(C))c2oc1=O", "c1ccc2c(c1)cccn2"]


def test_portuguese_legal_is_no_legal_question() -> None:
    """"Legal. Qual o logD dos análogos que saíram?" ("Cool. …") was read as a question whether something is legal."""
    [call] = plan_with("Legal. Qual o logD dos análogos que saíram?", {"optimized_smiles": ["CCO", "CCN"]})
    assert call.arguments == {"drug_smiles": "(optimized_smiles)", "property": "lipo"}


def test_a_call_names_its_property_and_its_cell_line_argument() -> None:
    """"bace(c(\\"…\\", \\"…\\"))" lost the property with the structures; 'gen(cell_line = "Raji", zscore = -1)' found
    no line."""
    [call] = plan_with('bace(c("CCOc1ccccc1N", "CCN(CC)CCOC(=O)c1ccccc1"))', {})
    assert call.arguments["property"] == "Class" and len(call.arguments["drug_smiles"]) == 2
    [call] = plan_with('gen(cell_line = "Raji", zscore = -1)  # exploratory', {})
    assert call.arguments == {"cell_line": "Raji", "zscore": -1.0}


def test_one_drug_named_twice_is_one_pair() -> None:
    """"Na fluconazole, Diflucan." answering which drug goes with warfarin ran the same pair twice."""
    from agent.history import PastRequest

    [call] = plan_with("Na fluconazole, Diflucan.", {}, [PastRequest(
        "u", "Abeg check interaction of warfarin with the new drug wey doctor just add for the old man.",
        answered=False)])
    assert len(call.arguments["smiles_pairs"]) == 1


def test_a_hyphenated_file_stem_shared_by_two_uploads_is_asked_about() -> None:
    """"logD7.4 for the salt-screen compounds" with saltscreen_A.csv and saltscreen_B.csv ran the newest."""
    pool = {"upload_saltscreen_A.csv": ["CCO"], "upload_saltscreen_B.csv": ["CCN"]}
    assert decided("logD7.4 for the salt-screen compounds, please.", pool) is None


def test_an_inchi_restating_a_given_structure_only_labels_it() -> None:
    """"lipo for aspirin (InChI=1S/…)": the InChI restates the drug named, so nothing is asked; one that names another
    molecule beside a drug is still asked about."""
    assert decided(f"lipo for aspirin ({ASPIRIN_INCHI})") == PROPERTY
    assert decided(f"lipo for caffeine and {ASPIRIN_INCHI}") is None


def test_either_of_the_others_is_no_drug() -> None:
    """"Is there an interaction between Femara and either of the other two?" asked about a drug "either"."""
    [call] = plan_with("Our member's list: Femara, Synthroid, Zoloft. Is there an interaction between Femara and "
                       "either of the other two?", {})
    assert len(call.arguments["smiles_pairs"]) == 2


def test_a_clinical_judgement_is_no_tool_question() -> None:
    """"Which one is the best HBV drug clinically?" after a hydration-energy run ran ClinTox on a pick of the three."""
    pool = {"user_smiles": ["CCO", "CCN", "CCC"]}
    assert plan_with("Which one is the best HBV drug clinically?", pool) == []
    assert [c.name for c in plan_with("BBB for the best drug candidate of these, please", pool)] == [PROPERTY]
