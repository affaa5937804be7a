"""Requests of the fortieth round."""

from __future__ import annotations

from planning_support import decided, drug, plan_with, ran, target

from agent.entities import read_message
from agent.history import PastRequest

PROPERTY = "drug_property_prediction"
DDI = "drug_drug_response_predict"
RETRO = "Retrosynthetic_reaction_pathway_prediction"
CLASSIFIER = "drug_target_classification_predict"


def test_drugs_set_against_each_other_under_a_heading_for_one_property() -> None:
    """"Delirium teaching session: haloperidol vs quetiapine vs risperidone, logD7.4." ran the drug pairs: the
    heading's words leaned the comparison towards an interaction ask beside the property."""
    [call] = plan_with("Delirium teaching session: haloperidol vs quetiapine vs risperidone, logD7.4.", {})
    assert call.name == PROPERTY and call.arguments["property"] == "lipo"
    assert call.arguments["drug_smiles"] == [drug("haloperidol"), drug("quetiapine"), drug("risperidone")]


def test_a_compound_code_before_intermediate_is_no_cell_line() -> None:
    """"BZ-3 intermediate, <SMILES> — one-step retro please." ran a drug response in a cell line called BZ-3."""
    smiles = "CN1CCN(C(=O)c2ccc(-c3nc4ccc(O)c(C=O)c4[nH]3)cc2)CC1"
    [call] = plan_with(f"BZ-3 intermediate, {smiles} — one-step retro please.", {})
    assert call.name == RETRO and call.arguments == {"smiles_list": [smiles]}


def test_both_as_the_two_answers_is_no_count_of_molecules() -> None:
    """"…, to see if both agree" after a pKd run meant the two models' answers; it was read as two molecules, and the
    thread's one drug was left out."""
    pool = {"user_smiles": [drug("erlotinib")], "user_target_seq": "MKVLAAGIVGLLLAQ" * 5}
    earlier = ran("drug_target_affinity_regression_predict", "pKd of erlotinib on EGFR",
                  {"drug_smiles": "(user_smiles)", "target_seq": "(user_target_seq)"})
    [call] = plan_with("And the binary interaction model for the same drug on the same kinase, to see if both agree.",
                       pool, [earlier])
    assert call.name == CLASSIFIER
    assert call.arguments == {"drug_smiles": "(user_smiles)", "target_seq": "(user_target_seq)"}


def test_a_drug_swapped_out_in_the_third_person_is_not_paired() -> None:
    """"If cardiology swaps warfarin for apixaban, what about apixaban with aspirin?" also ran warfarin with
    apixaban ("swap" was read, "swaps" and "replaces" were not)."""
    pairs = [[drug("warfarin"), drug("aspirin")], [drug("warfarin"), drug("omeprazole")]]
    pool = {"user_smiles_pairs": pairs, "drug_drug_response_predict_result": []}
    earlier = ran(DDI, "warfarin + aspirin, warfarin + omeprazole", {"smiles_pairs": pairs})
    for text in ("If cardiology swaps warfarin for apixaban, what about apixaban with aspirin?",
                 "If cardiology replaces warfarin with apixaban, what about apixaban with aspirin?"):
        [call] = plan_with(text, pool, [earlier])
        assert call.arguments == {"smiles_pairs": [[drug("apixaban"), drug("aspirin")]]}


def test_a_small_part_kept_inside_the_part_that_may_change() -> None:
    """"keep the 7-chloroquinoline and the NH untouched, let the diethylaminopentyl side chain vary" freed the NH with
    the chain; a substituent named whole ("the diethylaminopentyl chain") is no more than its name."""
    from agent.atom_ranges import find_atom_ranges, mask_from_words

    chloroquine = "CCN(CC)CCCC(C)NC1=C2C=CC(Cl)=CC2=NC=C1"
    chain_only = [1] * 10 + [0] * 12
    for text in ("Start from chloroquine, keep the 7-chloroquinoline and the NH untouched, let the diethylaminopentyl "
                 "side chain vary.", "Optimise chloroquine with only the diethylaminopentyl chain allowed to change."):
        assert mask_from_words(find_atom_ranges(text), chloroquine) == chain_only


def test_the_options_of_a_choice_still_to_make_are_no_molecules() -> None:
    """"I want a logD number before we pick the ointment base (petrolatum vs PEG)" asked for petrolatum's
    structure."""
    text = "How lipophilic is crisaborole? I want a logD number before we pick the ointment base (petrolatum vs PEG)."
    assert decided(text) == PROPERTY
    [call] = plan_with(text, {})
    assert call.arguments == {"drug_smiles": [drug("crisaborole")], "property": "lipo"}


def test_pasted_rows_are_read_whole_whatever_their_labels() -> None:
    """"logS, all rows:" over rows labelled "1,PCM-API,<SMILES>", "2,PCM-D2,<SMILES>" ran row 1 alone: the labels
    "PCM-D2", "PCM-D1" read as cell lines and split the list into a second ask."""
    rows = ["CC(=O)Nc1ccc(O)cc1", "CC(=O)Nc1ccc(Cl)cc1", "Nc1ccc(O)cc1"]
    text = f"logS, all rows:\n1,PCM-API,{rows[0]}\n2,PCM-D2,{rows[1]}\n3,PCM-D1,{rows[2]}"
    [call] = plan_with(text, {})
    assert call.arguments == {"drug_smiles": rows, "property": "logSolubility"}


def test_rows_picked_or_left_out_by_their_number_or_note() -> None:
    """"rows 1 and 3 (row 2 is the placebo blank)" over rows written "1,MET-API,<SMILES>" asked about a row 3 past
    the list's end; "skip the degradant" ran the row the table marks as one."""
    text = ("Solubility, rows 1 and 3 (row 2 is the placebo blank):\n1,MET-API,CN(C)C(=N)N=C(N)N\n2,PLACEBO,—\n"
            "3,MET-IMP-A,N#CNC(N)=N")
    [call] = plan_with(text, {})
    assert call.arguments["drug_smiles"] == ["CN(C)C(=N)N=C(N)N", "N#CNC(N)=N"]
    api, sulfoxide, impurity = ("OCCOCCN1CCN(CC1)C1=Nc2ccccc2Sc2ccccc12", "OCCOCCN1CCN(CC1)C1=Nc2ccccc2S(=O)c2ccccc12",
                                "OCCN1CCN(CC1)C1=Nc2ccccc2Sc2ccccc12")
    text = (f"BBB probability (p_np), batch Q-114, skip the degradant:\nQTP-API   {api}\n"
            f"QTP-DEG1  {sulfoxide}   (sulfoxide, degradant)\nQTP-IMPB  {impurity}")
    [call] = plan_with(text, {})
    assert call.arguments == {"drug_smiles": [api, impurity], "property": "p_np"}


def test_a_cell_line_before_a_full_stop_is_no_structure() -> None:
    """"Take the two most lipophilic of those and run them in NCI-N87." read "NCI-N87." as a structure to run."""
    e = read_message("Run them in NCI-N87.")
    assert e.molecules == [] and [line.name for line in e.cell_lines] == ["NCI-N87"]


def test_a_reply_that_is_only_a_number_with_a_decimal_comma() -> None:
    """"2,5" after "Did you mean 2,5 or -2,5?" ran the generation at 2."""
    assert [n.value for n in read_message("2,5").numbers] == [2.5]
    assert [n.value for n in read_message("2,5 please").numbers] == [2.0, 5.0]


def test_a_second_try_after_a_question_keeps_the_first_ask() -> None:
    """After "logD of DM1" and "Try maytansine itself then." (both asked about), "Fine — epothilone B and docetaxel
    instead" ran the two as a drug pair."""
    history = [PastRequest("u", "logD of DM1, please.", answered=False),
               PastRequest("u", "Try maytansine itself then.", answered=False)]
    [call] = plan_with("Fine — epothilone B and docetaxel instead, as tubulin-binder benchmarks.", {}, history)
    assert call.name == PROPERTY and call.arguments["property"] == "lipo"
    assert call.arguments["drug_smiles"] == [drug("epothilone B"), drug("docetaxel")]


def test_a_compound_named_by_its_code_and_kind_is_no_cell_line() -> None:
    """"And on the mPEG9 alcohol <SMILES>" after a retrosynthesis asked for a cell line called mPEG9."""
    peg = "COCCOCCOCCOCCOCCOCCOCCOCCOCCO"
    earlier = ran(RETRO, "Retro on our PEG3 spacer: CCOC(=O)COCCOCCOCCN", {"smiles_list": ["CCOC(=O)COCCOCCOCCN"]})
    [call] = plan_with(f"And on the mPEG9 alcohol {peg}", {"user_smiles": ["CCOC(=O)COCCOCCOCCN"]}, [earlier])
    assert call.name == RETRO and call.arguments == {"smiles_list": [peg]}


def test_a_degraders_warhead_named_by_its_drug() -> None:
    """"the parent ibrutinib warhead on BTK", "the dasatinib warhead alone" asked which part; the warhead of a
    degrader is the inhibitor itself. A group's warhead ("only the acrylamide warhead may change") stays a part."""
    [call] = plan_with("how sensitive is K-562 to the dasatinib warhead alone (ln IC50)? baseline for the degrader "
                       "comparison", {})
    assert call.arguments == {"drug_smiles": [drug("dasatinib")], "cell_name": "K-562"}
    [call] = plan_with("lipophilicty of the osimertinib warhead?", {})
    assert call.arguments == {"drug_smiles": [drug("osimertinib")], "property": "lipo"}


def test_words_beside_a_name_that_make_it_no_molecule_to_run() -> None:
    """"both dopamine blockers" added dopamine to the pair, "the sodium phosphate salt" sodium phosphate to the
    property, "from our 6-bromoindole route" 6-bromoindole to the retrosynthesis."""
    [call] = plan_with("Metoclopramide and haloperidol together, both dopamine blockers: is that pair flagged?", {})
    assert call.arguments == {"smiles_pairs": [[drug("metoclopramide"), drug("haloperidol")]]}
    [call] = plan_with("How soluble in water is dexamethasone itself? Pharmacy says the sodium phosphate salt is what "
                       "we actually give subcut, but I am curious about the base.", {})
    assert call.arguments == {"drug_smiles": [drug("dexamethasone")], "property": "logSolubility"}
    block = "O=Cc1ccc2c(ccn2S(=O)(=O)c2ccc(Br)s2)c1"
    [call] = plan_with(f"Single-step retro on this brominated indole building block from our 6-bromoindole route "
                       f"please:\n{block}", {})
    assert call.arguments == {"smiles_list": [block]}


def test_an_unknown_code_set_against_a_drug_is_asked_about() -> None:
    """"logD of dBET6 vs JQ1" ran JQ1 alone: dBET6 was dropped without a word."""
    assert decided("logD of dBET6 vs JQ1") is None
    assert any(u.written == "dBET6" for u in read_message("logD of dBET6 vs JQ1").unresolved)


def test_a_target_named_as_a_programme_beside_the_one_asked_about() -> None:
    """"Does ponatinib interact with SRC? I need the probability for the selectivity table of the ABL degrader."
    asked which ABL."""
    text = "Does ponatinib interact with SRC? I need the probability for the selectivity table of the ABL degrader."
    assert decided(text) == "drug_target_classification_predict"
    [call] = plan_with(text, {})
    assert call.arguments == {"drug_smiles": [drug("ponatinib")], "target_seq": target("SRC")}


def test_words_that_describe_and_do_not_ask() -> None:
    """"control for the IMiD-only effect" was a cell line to ask about, "MTOR hit." a yes/no ask before the pKd,
    "for oral thrush" a property ask, and "same warhead" after a pKd the binder model."""
    [call] = plan_with("ln(IC50) of pomalidomide and lenalidomide in MM1S — control for the IMiD-only effect", {})
    assert call.arguments["cell_name"] == "MM1S"
    [call] = plan_with("MTOR hit. AZD8055 pKd on MTOR?", {})
    assert call.name == "drug_target_affinity_regression_predict"
    [call] = plan_with("Mrs K is on warfarin and the GP has started fluconazole for oral thrush. Worth worrying "
                       "about?", {})
    assert call.arguments == {"smiles_pairs": [[drug("warfarin"), drug("fluconazole")]]}
    pool = {"user_smiles": [drug("dasatinib")], "user_target_seq": target("SRC")}
    earlier = ran("drug_target_affinity_regression_predict", "pKd of the dasatinib warhead on SRC",
                  {"drug_smiles": "(user_smiles)", "target_seq": "(user_target_seq)"})
    [call] = plan_with("and LCK, same warhead", pool, [earlier])
    assert call.name == "drug_target_affinity_regression_predict"


def test_an_interaction_check_against_each_drug_of_an_upload() -> None:
    """"Check it against each drug on his chart (mr_b_chart.csv)" read "against" as a target's."""
    pool = {"upload_mr_b_chart.csv": [drug("morphine"), drug("haloperidol")]}
    [call] = plan_with("The doctor wants to add cyclizine for Mr B. Check it against each drug on his chart "
                       "(mr_b_chart.csv, uploaded this morning).", pool)
    assert call.name == DDI


def test_questions_of_care_no_tool_answers() -> None:
    """"how many days after his last oxy can I start naltrexone?" ran a retrosynthesis of naltrexone; which drug to
    prescribe, whether a drug is ok to give subcut, the anticholinergic burden and a boxed warning ran tools too."""
    pairs = [[drug("naltrexone"), drug("oxycodone")]]
    earlier = ran(DDI, "naltrexone with oxycodone?", {"smiles_pairs": pairs})
    assert decided("how many days after his last oxy can I start naltrexone?",
                   {"user_smiles_pairs": pairs}, [earlier]) is None
    for text in ("Trazodone or Remeron for sleep in moderate dementia — which should I prescribe?",
                 "so is levetiracetam ok to give subcut?",
                 "Can you give me the anticholinergic burden score for oxybutynin, amitriptyline and diphenhydramine "
                 "together?"):
        assert decided(text) is None, text


def test_drug_names_written_in_somali_gujarati_and_sorani() -> None:
    """Somali "klorokiinka" (chloroquine), "Lopinafir iyo ritonafir isdhexgalkooda", Gujarati "X ને છોડી દો" and a
    Sorani verb heard as a brand ("کاردەکەن", they work: Cardioquin, quinidine)."""
    [call] = plan_with("Klorokiinka iyo kwiniinka milanka biyaha (logS) ii saadaali.", {})
    assert call.arguments["drug_smiles"] == [drug("chloroquine"), drug("quinine")]
    [call] = plan_with("Lopinafir iyo ritonafir isdhexgalkooda ii hubi.", {})
    assert call.arguments == {"smiles_pairs": [[drug("lopinavir"), drug("ritonavir")]]}
    e = read_message("ڤێنێتۆکلاکس و ئەزاسیتیدین لە هێڵی خانەیی MOLM-13 دا چۆن کاردەکەن؟")
    assert sorted({n.name for n in e.names}) == ["azacitidine", "venetoclax"]
    asked = PastRequest("u", "સિટાગ્લિપ્ટિન, teneligliptin અને vildagliptin — ત્રણે ની logS સરખાવવી છે.", answered=False)
    [call] = plan_with("teneligliptin ને છોડી દો, બાકી ના બે જ ચલાવો.", {}, [asked])
    assert call.arguments == {"drug_smiles": [drug("sitagliptin"), drug("vildagliptin")], "property": "logSolubility"}


def test_a_cell_line_said_with_only_among_others_the_message_quotes() -> None:
    """A pasted table with HCT-116 and HT-29 columns, then "predict ln(IC50) for those two drugs in HT-29 only?", ran
    HCT-116 first; "not just HCT116" keeps both."""
    e = read_message("Compd   HCT-116   HT-29\nirinotecan   3.1   5.7\nCan you predict ln(IC50) for irinotecan in "
                     "HT-29 only?")
    assert [line.name for line in e.cell_lines] == ["HT-29"]
    e = read_message("ln IC50 of CCO in A549 and not just HCT116")
    assert [line.name for line in e.cell_lines] == ["A549", "HCT-116"]


def test_a_quaternary_salt_named_by_the_drug_inside_it() -> None:
    """"hyoscine butylbromide" ran scopolamine (hyoscine), a tertiary amine, not butylscopolamine."""
    [call] = plan_with("solubilty of hyoscine butylbromide in water?", {})
    assert call.arguments["drug_smiles"] == [drug("butylscopolamine")] != [drug("hyoscine")]


def test_a_part_that_may_change_with_a_clause_between() -> None:
    """"only the hydroxyethylpiperazine, where the linker will go, may change" asked which part."""
    from agent.atom_ranges import find_atom_ranges, mask_from_words

    dasatinib = drug("dasatinib")
    text = ("Optimise the dasatinib warhead for K562 towards ln(IC50) -3. Keep the warhead itself fixed; only the "
            "hydroxyethylpiperazine, where the linker will go, may change.")
    mask = mask_from_words(find_atom_ranges(text), dasatinib)
    assert mask is not None and sum(mask) == 9 and mask[-9:] == [1] * 9


def test_the_least_water_loving_of_a_hydration_free_energy_table() -> None:
    """After FreeSolv values toluene -1.6, chloroform -0.9, hexane 3.22 kcal/mol, "the least water-loving of the
    three" picked toluene: a hydration free energy is the lower the more a molecule likes water."""
    rows = [{"row": 1, "smiles": "Cc1ccccc1", "prediction": -1.6},
            {"row": 2, "smiles": "ClC(Cl)Cl", "prediction": -0.9}, {"row": 3, "smiles": "CCCCCC", "prediction": 3.22}]
    pool = {"user_smiles": [r["smiles"] for r in rows], "user_property": "freesolv",
            "drug_property_prediction_result": rows}
    earlier = ran(PROPERTY, "hydration free energy for toluene, chloroform and hexane",
                  {"drug_smiles": "(user_smiles)", "property": "freesolv"})
    [call] = plan_with("Take the least water-loving of the three and give me its BBB probability.", pool, [earlier])
    assert call.arguments == {"drug_smiles": ["CCCCCC"], "property": "p_np"}


def test_the_rest_of_the_scaffold_beside_the_part_that_may_change() -> None:
    """"only the piperazine may change, the rest of the scaffold stays" asked to keep or change, not both."""
    from agent.atom_ranges import find_atom_ranges, mask_from_words

    text = "optimise palbociclib for MCF7 towards ln(IC50) -2.5; only the piperazine may change, the rest of the " \
           "scaffold stays."
    mask = mask_from_words(find_atom_ranges(text), drug("palbociclib"))
    assert mask is not None and sum(mask) == 6


def test_a_part_that_may_change_written_in_sorani() -> None:
    """Sorani "تەنها بەشی methylpiperazine (ئەڵقەکە و میثیلەکەی) بگۆڕە" (only change the methylpiperazine part, the
    ring and its methyl) asked which part."""
    from agent.atom_ranges import find_atom_ranges, mask_from_words
    from agent.vocabulary import in_english

    text = in_english("ئیماتینیب لە K-562 دا باشتر بکە بۆ ln(IC50) ی -٣. تەنها بەشی methylpiperazine "
                      "(ئەڵقەکە و میثیلەکەی) بگۆڕە، بەشەکانی تری وەک خۆیان بمێننەوە.")
    mask = mask_from_words(find_atom_ranges(text), drug("imatinib"))
    assert mask is not None and sum(mask) == 7


def test_a_precursor_other_than_the_one_named_is_never_the_one_named() -> None:
    """"logS of the precursor other than formaldehyde" ran formaldehyde."""
    pool = {"user_smiles": ["COC(=O)C(N1CCc2sccc2C1)c1ccccc1Cl"],
            "Retrosynthetic_reaction_pathway_prediction_result": [
                {"smiles": "COC(=O)C(N1CCc2sccc2C1)c1ccccc1Cl", "precursors": ["C=O", "COC(=O)C(NCCc1cccs1)c1ccccc1Cl"],
                 "score": 0.9}]}
    earlier = ran(RETRO, "one-step retro on clopidogrel", {"smiles_list": "(user_smiles)"})
    calls = plan_with("logS of the precursor other than formaldehyde", pool, [earlier])
    assert all("C=O" not in c.arguments.get("drug_smiles", []) for c in calls)


def test_a_short_question_for_a_value_is_no_question_about_what_a_thing_is() -> None:
    """"what's the Kd?" after a yes/no binding call (and "when can I start X?" read whole as a question of care) must
    still ask for the affinity; a line said with "otherwise just" is a fallback, not the only line."""
    pool = {"user_smiles": [drug("erlotinib")], "user_target_seq": target("EGFR")}
    earlier = ran(CLASSIFIER, "does erlotinib bind EGFR?", {"drug_smiles": "(user_smiles)",
                                                             "target_seq": "(user_target_seq)"})
    assert decided("what's the Kd?", pool, [earlier]) == "drug_target_affinity_regression_predict"
    e = read_message("Two lines, one drug: predicted ln(IC50) of lapatinib in BT-474 and in HCC1954. If the gap is "
                     "big we'll run both xenografts, otherwise just BT-474.")
    assert [line.name for line in e.cell_lines] == ["BT-474", "HCC1954"]


def test_a_product_form_or_a_struck_herb_beside_the_drugs_asked_about() -> None:
    """This round's words broke these: "our vitamin D3 gummies" is cholecalciferol to check, and "irinotecan + St
    John's wort (scratch that, no structure for the wort)" leaves the wort out."""
    asked = PastRequest("u", "Could you check our vitamin D3 gummies with her blood pressure medicine?", answered=False)
    [call] = plan_with("Amlodipine 5 mg.", {}, [asked])
    assert call.name == DDI and len(call.arguments["smiles_pairs"]) == 1
    text = ("Two DDI pairs for the irinotecan comparator arm: irinotecan + St John's wort (scratch that, no structure "
            "for the wort), so irinotecan + phenytoin and irinotecan + carbamazepine.")
    assert decided(text) == DDI


def test_all_three_written_pairs_are_the_pairs_written() -> None:
    """"(a) digoxin + amiodarone (b) sildenafil + nitroglycerin (c) methotrexate + trimethoprim. Can you run all three
    pairs" is the three pairs written, not every pair of the six drugs (a reading of "all three pairs" this round
    tried and withdrew); Gujarati "ત્રણે જોડી" of three drugs is every pair of them."""
    text = ("Past paper MCQ: 'which of these pairs interact?' (a) digoxin + amiodarone (b) sildenafil + nitroglycerin "
            "(c) methotrexate + trimethoprim. Can you run all three pairs so I can check my answer?")
    [call] = plan_with(text, {})
    assert len(call.arguments["smiles_pairs"]) == 3
    [call] = plan_with("amlodipine, atorvastatin અને telmisartan — એક જ prescription માં છે. ત્રણે જોડી ના interactions "
                       "બતાવો.", {})
    assert len(call.arguments["smiles_pairs"]) == 3


def test_a_compound_met_with_another_in_a_process_is_no_pair_asked() -> None:
    """"Crystallisation of sildenafil from 2-propanol with heptane as antisolvent. Could I get the hydration free
    energies of propan-2-ol and heptane, …?" ran sildenafil with heptane as a drug pair (a reading this round's
    narrowing of a pair set by "with" brought back, BK-093)."""
    text = ("Crystallisation of sildenafil from 2-propanol with heptane as antisolvent. Could I get the hydration free "
            "energies of propan-2-ol and heptane, and the API's aqueous solubility?")
    calls = plan_with(text, {})
    assert calls and calls[0].name == PROPERTY and calls[0].arguments["property"] == "freesolv"


def test_a_row_left_out_by_a_note_no_row_carries_is_asked_about() -> None:
    """"skip the degradant" over rows none of which says which is the degradant ran every row."""
    text = ("BBB for these, skip the degradant:\nQTP-API  OCCOCCN1CCN(CC1)C1=Nc2ccccc2Sc2ccccc12\n"
            "QTP-IMPB  OCCN1CCN(CC1)C1=Nc2ccccc2Sc2ccccc12")
    assert decided(text) is None
