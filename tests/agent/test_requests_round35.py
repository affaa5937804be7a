"""Requests of the thirty-fifth round."""

from __future__ import annotations

from planning_support import decided, drug, plan_with, ran

from agent.history import PastRequest

PROPERTY = "drug_property_prediction"
AFFINITY = "drug_target_affinity_regression_predict"
RETRO = "Retrosynthetic_reaction_pathway_prediction"
PAIRS = "drug_drug_response_predict"
ROWS = ["CCOc1ccccc1", "CCCOc1ccccc1", "CCCCOc1ccccc1"]


def test_properties_keep_the_order_the_words_name_them_in_beside_a_label() -> None:
    """"Solvent lot S2" read to the intent model as solubility, which then came first."""
    calls = plan_with("Solvent lot S2, lipophilicity and solubility of CCO and CCCO please", {})
    assert [c.arguments["property"] for c in calls] == ["lipo", "logSolubility"]


def test_a_correction_picks_the_rows_it_names() -> None:
    """"7a and 7c — sorry, 7a and 7b" ran all three; "all but the last one" ran the last."""
    listed = "Intermediates:\n" + "\n".join(f"7{c} {s}" for c, s in zip("abc", ROWS))
    [call] = plan_with(f"{listed}\nRetro on 7a and 7c — sorry, 7a and 7b; 7c is the acid we have.", {})
    assert call.name == RETRO and call.arguments["smiles_list"] == ROWS[:2]
    numbered = "three from the series:\n" + "\n".join(f"{i}) {s}" for i, s in enumerate(ROWS, 1))
    # a place left out
    [call] = plan_with(f"{numbered}\nBACE-1 class for all but the last one", {})
    assert call.arguments["drug_smiles"] == ROWS[:2]


def test_positions_in_a_pasted_list_are_its_rows() -> None:
    numbered = "\n".join(f"{i}) {s}" for i, s in enumerate(ROWS, 1))
    [call] = plan_with(f"{numbered}\n\npositions 1 and 3 in this list: logD?", {})
    assert call.name == PROPERTY and call.arguments["drug_smiles"] == [ROWS[0], ROWS[2]]


def test_a_cell_line_the_message_says_was_dropped_is_not_run() -> None:
    smiles = "COc1cc2ncc(C(=O)N)c(Nc3ccc(F)cc3F)c2cc1OC"
    [call] = plan_with(f"{smiles} in SW620 — sorry, LoVo. SW620 is the one we dropped.", {})
    assert call.arguments["cell_name"] == "LoVo"


def test_a_clause_naming_no_property_beside_another_ask_is_no_property_ask() -> None:
    """"Heads-up from the anticoag clinic:" read to the intent model as a property ask, which then asked which
    property and took the pair's drugs."""
    [call] = plan_with("Heads-up from the anticoag clinic: Eliquis 5 mg b.i.d. plus diltiazem 120 mg daily. "
                       "Interaction type?", {})
    assert call.name == PAIRS and call.arguments["smiles_pairs"] == [[drug("apixaban"), drug("diltiazem")]]
    # a clause that names its property still asks for it
    calls = plan_with("logS for caffeine. Then interaction of warfarin with aspirin?", {})
    assert [c.name for c in calls] == [PROPERTY, PAIRS]


def test_an_answer_kind_after_a_dash_says_which_answer_and_a_class_adjective_asks_nothing() -> None:
    assert decided("imatinib vs ABL1 — pKd") == AFFINITY
    [call] = plan_with("Loperamide vs haloperidol: both lipophilic amines, only one gets into the brain (P-gp). Does "
                       "the BBB model separate them?", {})
    assert call.arguments["property"] == "p_np"
    calls = plan_with("Today's tutorial covers drug-likeness. The students have drawn aspirin and ibuprofen. First, "
                      "please predict their logS; then, separately, their logD at pH 7.4.", {})
    assert [c.arguments["property"] for c in calls] == ["logSolubility", "lipo"]
    # a drug the structure is said to be related to is no molecule to run
    [call] = plan_with("please propose a one-step disconnection for paracetamol's cousin in our problem set: "
                       "OC1CCc2cc(F)ccc21", {})
    assert call.name == RETRO and call.arguments["smiles_list"] == ["OC1CCc2cc(F)ccc21"]


def test_the_thread_molecule_asked_about_beside_a_named_drug_runs_with_it() -> None:
    capecitabine, letrozole = drug("capecitabine"), drug("letrozole")
    for text in ("And the ClinTox toxicity score for it, please — plus the same for Femara.",
                 "And the ClinTox toxicity score for it and for Femara."):
        [call] = plan_with(text, {"user_smiles": [capecitabine]})
        assert call.arguments["drug_smiles"] == [capecitabine, letrozole]
    # a named drug alone replaces it
    [call] = plan_with("ClinTox toxicity score for Femara", {"user_smiles": [capecitabine]})
    assert call.arguments["drug_smiles"] == [letrozole]


def test_an_excipient_naming_a_vehicle_is_no_molecule_to_run() -> None:
    assert decided("Formulation question for the oral gavage arms. Predicted aqueous solubility (logS) for "
                   "palbociclib, ribociclib and alpelisib please. Whichever is worst goes to the methylcellulose/Tween "
                   "vehicle, the rest stay in citrate buffer.") == PROPERTY


def test_a_purpose_clause_counts_no_molecules() -> None:
    """"so the assessor has both" read as both molecules, of a thread holding one: asked which."""
    paraben = "COC(=O)c1ccc(cc1)O"
    [call] = plan_with("fair. run the androgen receptor assay (NR-AR) on it as well so the assessor has both",
                       {"user_smiles": [paraben]})
    assert call.arguments == {"drug_smiles": "(user_smiles)", "property": "NR-AR"}


def test_lists_by_semicolons_context_lines_and_glosses() -> None:
    """"ethanol; methanol; phenol" read phenol only; a `note:` line read as another ask; "metadata" as
    methylphenidate; a drug class in brackets after a drug as an unknown drug."""
    [call] = plan_with("property: hydration free energy (FreeSolv)\nnames (FreeSolv IUPAC, exact): ethanol; methanol; "
                       "phenol", {})
    assert call.arguments == {"drug_smiles": ["CCO", "CO", "c1ccc(cc1)O"], "property": "freesolv"}
    [call] = plan_with("question: does lapatinib interact with ERBB2?\nanswer format: probability only\ncontext: "
                       "metadata field 'predicted_target_interaction'", {})
    assert call.arguments["drug_smiles"] == [drug("lapatinib")]
    earlier = [ran(AFFINITY, "compound: gefitinib\ntarget: EGFR\noutput: pKd")]
    [call] = plan_with("target: KIT\ncompound: same\nnote: third row of the affinity sheet",
                       {"user_smiles": [drug("gefitinib")]}, earlier)
    assert call.name == AFFINITY
    [call] = plan_with("Use TWOSIDES for this one: ibuprofen together with furosemide (masters runner on a diuretic).",
                       {})
    assert call.arguments["smiles_pairs"] == [[drug("ibuprofen"), drug("furosemide")]]


def test_a_line_on_its_way_and_lab_logistics_ask_for_nothing() -> None:
    assert decided("Lung line NCI-H3122 is on order. Meanwhile: does crizotinib interact with ALK, yes or no?") == \
        "drug_target_classification_predict"
    five = {"user_smiles": ["CCO", "CCCO", "CCCCO", "CCCCCO", "CCCCCCO"]}
    assert decided("How many MOLM-13 vials should we thaw to test these five in triplicate?", five) is None
    assert decided("How well does ketoprofen penetrate into tendon tissue?") is None
    assert decided("How much caffeine can she take before a race and still be fine with testing?") is None


def test_switches_study_codes_and_judgements_of_a_result() -> None:
    tamoxifen, citalopram, sertraline = drug("tamoxifen"), drug("citalopram"), drug("sertraline")
    earlier = [ran(PAIRS, "Subject 007-022 on tamoxifen now started citalopram. Interaction?",
                   {"smiles_pairs": [[tamoxifen, citalopram]]})]
    [call] = plan_with("Site says they switched citalopram to sertraline yesterday. Same check with sertraline please",
                       {"user_smiles_pairs": [[tamoxifen, citalopram]]}, earlier)
    assert call.arguments["smiles_pairs"] == [[tamoxifen, sertraline]]
    [call] = plan_with("ln(IC50) of gefitinib in A549 for the LNG-118 IB update", {})
    assert call.arguments["cell_name"] == "A549"
    assert decided("Could the subject with brain mets be moved to the CNS cohort on that basis?",
                   {"user_smiles": [drug("lapatinib")]}) is None
    assert decided("flash points for ethanol and propan-2-ol? transport classification for the diffuser refill") is None
    assert decided("Which radiolabel position would keep the KIT binding intact?",
                   {"user_smiles": [drug("imatinib")]}) is None


def test_a_later_screen_a_parent_drug_an_asking_request_and_a_launched_product() -> None:
    [call] = plan_with("Generate candidate molecules for SK-MEL-28 with target ln(IC50) around -3 - we want potent "
                       "hits to screen in an ocular melanoma model later.", {})
    assert call.arguments == {"cell_line": "SK-MEL-28", "zscore": -3.0}
    [call] = plan_with("Prednisolone acetate vs dexamethasone drops: which parent steroid is more lipophilic "
                       "(logD7.4)?", {})
    assert call.arguments["drug_smiles"] == [drug("prednisolone"), drug("dexamethasone")]
    [call] = plan_with("our oncologist customers keep asking about Tagrisso vs Iressa on EGFR. can u give me the "
                       "binding number (pKd) for Tagrisso", {})
    assert call.arguments["drug_smiles"] == [drug("osimertinib")]
    assert decided("competitor launched 'Zentravia' for AF, how does it compare to Eliquis on solubility?") is None
    # the solubility of a preparation is no second property asked
    calls = plan_with("logD for the optimised ones, we have to stay under 3 for the solubility of the aqueous stock",
                      {"optimized_smiles": ["CCO", "CCCO"]})
    assert [c.arguments["property"] for c in calls] == ["lipo"]


def test_precursors_of_a_rank_are_picked_not_asked_for() -> None:
    [call] = plan_with("compounds: both precursors of rank 1 (CN1CCNCC1 and C[C@H]1COc2c(F)c(F)cc3c(=O)c(C(=O)O)cn1c23)"
                       "\nproperty: logSolubility", {})
    assert call.name == PROPERTY and call.arguments["property"] == "logSolubility"
    pairs = {"user_smiles_pairs": [[drug("levodopa"), drug("metoprolol")]]}
    assert decided("Should they stop carbidopa before the scan?", pairs) is None


def test_a_measured_value_a_quoted_passage_and_a_patient_reaction_ask_nothing() -> None:
    [call] = plan_with("irinotecan in HCT-116 was 3.1 uM. Can you predict ln(IC50) for irinotecan in HT-29 only?", {})
    assert call.name == "drug_cell_response_regression_predict" and call.arguments["cell_name"] == "HT-29"
    [call] = plan_with('"…NCI-H460 was the most sensitive line, with IC50 values ≤ 100 nM for the lead…" Generate '
                       "molecules for NCI-H460 aimed at 100 nM.", {})
    assert call.name == "drug_cell_response_regression_generation"
    assert decided("what rate do we run the oxaliplatin over, 2h? pt had a reaction last time") is None


def test_a_product_line_is_no_other_cell_line() -> None:
    earlier = [ran("drug_cell_response_regression_predict", "What does piperlongumine do to A549 lung cells?")]
    [call] = plan_with("And shikonin and parthenolide in those same cells? They're in two other herbal lines.",
                       {"user_smiles": ["CCO"], "user_cell_line": "A549"}, earlier)
    assert call.arguments["cell_name"] in ("A549", "(user_cell_line)")


def test_a_complete_ask_of_its_own_after_a_question_runs_as_written() -> None:
    """After a question about an unknown drug, "check dolutegravir against rifampicin and against rifabutin" asks its
    own pairs; a drug's side effects and a code compared with name no pair or row."""
    asked = PastRequest("u", "Long-acting cabotegravir injections are coming to our CCC next year. Tafadhali check "
                        "cabotegravir against rifampicin, many of our clients get TB.", answered=False)
    [call] = plan_with("Sawa, check dolutegravir against rifampicin and against rifabutin for now.", {}, [asked])
    assert call.name == PAIRS and call.arguments["smiles_pairs"] == [
        [drug("dolutegravir"), drug("rifampicin")], [drug("dolutegravir"), drug("rifabutin")]]
    [call] = plan_with("Mefloquine is famous for psychiatric side effects. Je, does it cross the BBB more than "
                       "chloroquine? Predict for both.", {})
    assert call.arguments["property"] == "p_np"
    [call] = plan_with("Retro for 12a and 12c please, same thienopyrimidine series as 12b:\n12a CCOc1ccccc1\n"
                       "12c CCCOc1ccccc1", {})
    assert call.arguments["smiles_list"] == ["CCOc1ccccc1", "CCCOc1ccccc1"]


def test_one_atom_or_a_list_of_indices_that_may_change() -> None:
    """"let only the chlorine go", "the NH2 nitrogen is the only atom allowed to change", "the Cl is the only thing that
    moves", "mutable_idx: [0, 1, …]": masks no phrase had read."""
    chloro, amino = "Clc1ccc2[nH]ncc2c1", "Nc1n[nH]c2c(Cl)cccc12"
    for text, gt in ((f"{chloro}: keep the indazole ring atoms and let only the chlorine go. Optimise towards 1 µM in "
                      "K-562.", chloro),
                     (f"Optimise {chloro} in HCT-116 to 2 uM. The Cl is the only thing that moves.", chloro),
                     (f"Optimise {amino} in HCT-116 to 3 uM: indazole bicycle and the chlorine stay, the NH2 nitrogen "
                      "is the only atom allowed to change.", amino)):
        [call] = plan_with(text, {})
        assert call.arguments["gt"] == gt and call.arguments["mask"][0] == 1 and sum(call.arguments["mask"]) == 1
    [call] = plan_with("optimise CN1CCN(CC1)c2ccc(Nc3ccnc4ccccc34)cc2 in HCT-116 at ln IC50 -1; mutable_idx: [0, 1, 2, "
                       "3, 4, 5, 6] (0-based)", {})
    assert call.arguments["mask"] == [1] * 7 + [0] * 17


def test_a_ticket_mask_names_the_variable_part() -> None:
    [call] = plan_with("Start compound: imatinib\nCell line: KU812\nTarget ln(IC50): -3\nMask: N-methylpiperazine "
                       "variable, the rest fixed", {})
    assert call.name == "drug_cell_response_regression_optimization" and sum(call.arguments["mask"]) == 7
    [call] = plan_with("Start compound: crizotinib\nCell line: NCI-H2228\nTarget ln(IC50): -2.5\nMask: piperidine ring "
                       "variable, everything else fixed", {})
    assert sum(call.arguments["mask"]) == 6


def test_a_question_then_its_answer_kind_an_id_field_and_a_numbered_precursor() -> None:
    calls = plan_with("Does ruxolitinib bind JAK2 and JAK3? pKd for both please, we're comparing the cream with the "
                      "tablets.", {})
    assert [c.name for c in calls] == [AFFINITY, AFFINITY]
    [call] = plan_with("sample_id=S24-0311; smiles=CNC(=O)Oc1ccccc1OC(C)C; assay=aqueous_solubility", {})
    assert call.arguments == {"drug_smiles": ["CNC(=O)Oc1ccccc1OC(C)C"], "property": "logSolubility"}
    route = {"user_smiles": ["CCOC(=O)c1ccccc1"], "Retrosynthetic_reaction_pathway_prediction_result": [
        {"smiles": "CCOC(=O)c1ccccc1", "candidates": [{"reactants": ["O=C(O)c1ccccc1", "CCO"]}]}]}
    [call] = plan_with("Precursor 2 of the rank-1 set: aqueous solubility please, we need it for the reagent sheet.",
                       route)
    assert call.arguments["drug_smiles"] == ["CCO"]


def test_the_ranked_precursors_of_a_product_are_picked() -> None:
    amides = ["CC(NC(=O)c1ccc(C(=O)N2CCCC2)cc1)c1nc2cc(Cl)ccc2[nH]1", "COc1ccccc1CCNC(=O)/C=C/c1cccnc1"]
    routes = [{"smiles": amides[0], "candidates": [{"reactants": ["CC(N)c1nc2cc(Cl)ccc2[nH]1",
                                                                  "O=C(O)c1ccc(C(=O)N2CCCC2)cc1"]}]},
              {"smiles": amides[1], "candidates": [{"reactants": ["O=C(O)/C=C/c1cccnc1", "COc1ccccc1CCN"]}]}]
    [call] = plan_with("For the second product, the top-ranked precursors: aqueous solubility of those, please.",
                       {"user_smiles": amides, "Retrosynthetic_reaction_pathway_prediction_result": routes})
    assert call.name == PROPERTY and call.arguments["drug_smiles"] == ["O=C(O)/C=C/c1cccnc1", "COc1ccccc1CCN"]


def test_a_code_that_names_an_uploaded_file_is_that_file() -> None:
    upload = {"upload_KRN-0377.mol": ["COc1cc2ncnc(Nc3ccc(OCc4ccccn4)c(C)c3)c2cc1OC"]}
    assert decided("pKd of KRN-0377 (the .mol upload) vs EGFR?", upload) == AFFINITY
    # a code no file is named after is still asked about
    assert decided("pKd of KRN-0378 vs EGFR?", upload) is None


def test_an_answer_that_orders_another_tool_runs_it() -> None:
    asked = PastRequest("u", "site pasted this for the conmed: OC(CN1C=NC=N1)(CN1C=NC=N1)C1=C(F)C=C(F)C=C1 and the IP "
                        "SMILES as CC(=O)CC(C1=CC=CC=C1)C1=C(O)C2=C(OC1=O)C=CC=C2 – no wait, they sent the IP as "
                        "CC(=O)CC(C1=CC=CC=C1)C1=C(O)C2=C(OC1=O)C=CC=C2)", answered=False)
    [call] = plan_with("yes, drop the bracket – it's warfarin. check warfarin vs fluconazole", {}, [asked])
    assert call.name == PAIRS and call.arguments["smiles_pairs"] == [[drug("warfarin"), drug("fluconazole")]]


def test_a_dictated_list_of_names_without_commas() -> None:
    [call] = plan_with("predict hydration free energy for phenol chloroform and hexane", {})
    assert call.arguments["drug_smiles"] == ["c1ccc(cc1)O", "C(Cl)(Cl)Cl", "CCCCCC"]


def test_a_treatment_that_failed_is_no_molecule_to_run() -> None:
    [call] = plan_with("CML 2L after imatinib failure: Sprycel, Tasigna, Bosulif in K562, ln(IC50)", {})
    assert call.arguments["drug_smiles"] == [drug("dasatinib"), drug("nilotinib"), drug("bosutinib")]


def test_a_place_spelled_out_picks_a_result_row() -> None:
    made = {"user_cell_line": "A549", "user_zscore": -2.0,
            "generated_smiles": ["CCOc1ccccc1", "CCCOc1ccccc1", "CCCCOc1ccccc1"]}
    [call] = plan_with("retro synthesis for number one", made)
    assert call.name == RETRO and call.arguments["smiles_list"] == ["CCOc1ccccc1"]


def test_a_second_ask_added_after_a_question_stays_its_own() -> None:
    """A guard for the answer-kind rules of this round, which read it as one ask at first (it passed before them)."""
    calls = plan_with("how strongly does lapatinib bind ERBB2 — and separately, is it a binder of EGFR at all?", {})
    assert [c.name for c in calls] == [AFFINITY, "drug_target_classification_predict"]


def test_a_drug_stock_is_the_drug_and_values_run_after_a_question_keep_its_ask() -> None:
    """Guards for this round's rules: "Olaparib stock" had read as a preparation, "run fentanyl and methadone then" as
    a pair of its own."""
    [call] = plan_with("Olaparib stock is running low (tube 0033018, 2 µL left). Retrosynthesis, one step, so "
                       "chemistry can remake it?", {})
    assert call.arguments["smiles_list"] == [drug("olaparib")]
    asked = PastRequest("u", "logD7.4 of fentanyl first, then furanylfentanyl (EXH-24-0877) for comparison",
                        answered=False)
    [call] = plan_with("run fentanyl and methadone then", {}, [asked])
    assert call.name == PROPERTY and call.arguments["property"] == "lipo"
