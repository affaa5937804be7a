"""Requests of the twenty-seventh round."""

from __future__ import annotations

from planning_support import decided, drug, plan_with, ran, target

AFFINITY = "drug_target_affinity_regression_predict"
PROPERTY = "drug_property_prediction"



def test_a_correction_that_only_names_another_target_keeps_the_ask() -> None:
    """"pKd … on Aurora A please — hmm, actually Aurora B, that's the one the cell biologists are chasing" ran the
    affinity on Aurora A and a binder call on Aurora B; with "no wait" it ran only the binder call: the words after
    a correction were read as an ask of their own, although they only name a value. A correction that asks for
    nothing but its values now corrects the ask before it; one with words of its own still replaces the ask."""
    for correction in ("hmm, actually", "no wait,", "oh wait,"):
        [call] = plan_with(f"pKd of gefitinib on Aurora A please — {correction} Aurora B, that's the one the cell "
                           "biologists are chasing this quarter.", {})
        assert call.name == AFFINITY and call.arguments["target_seq"] == target("AURKB"), correction
    [call] = plan_with("BBB for gefitinib — no wait, logD instead", {})
    assert call.name == PROPERTY and call.arguments["property"] == "lipo"
    calls = plan_with("logD of aspirin — oh actually, BBB too", {})
    assert [c.arguments["property"] for c in calls] == ["lipo", "p_np"]


def test_the_list_that_answers_which_drugs_she_is_on_is_paired_with_the_new_one() -> None:
    """"Starting amiodarone 200 mg daily. Check the new one against everything she is already on." was asked about
    (which drugs?); the answer "warfarin 5 mg, digoxin 125 mcg, simvastatin 20 mg" then ran nothing: the pairs the
    reply set were dropped because the merged message still said "the new one against" without naming it."""
    from agent.history import PastRequest

    asked = PastRequest("u", "Starting amiodarone 200 mg daily for this patient. Check the new one against everything "
                        "she is already on.", answered=False)
    [call] = plan_with("warfarin 5 mg, digoxin 125 mcg, simvastatin 20 mg", {}, [asked])
    assert call.name == "drug_drug_response_predict"
    assert call.arguments["smiles_pairs"] == [[drug("amiodarone"), drug(other)]
                                              for other in ("warfarin", "digoxin", "simvastatin")]


def test_a_ticket_with_a_doctors_name_is_one_request() -> None:
    """A LIMS ticket ("Ticket: LIMS-31030 / Requester: Dr. A. Kovács (CML) / Request: generation of new molecules /
    Cell line (COSMIC): 905940 / Target ln(IC50): -2") ran nothing: the full stop of "Dr." ended a sentence, and
    the words before it read as a response prediction of their own. A title's full stop ends no sentence."""
    ticket = ("Ticket: LIMS-31030\nRequester: Dr. A. Kovács (CML)\nRequest: generation of new molecules\n"
              "Cell line (COSMIC): 905940\nTarget ln(IC50): -2")
    [call] = plan_with(ticket, {})
    assert call.name == "drug_cell_response_regression_generation"
    assert call.arguments == {"cell_line": "K-562", "zscore": -2.0}


def test_lab_acronyms_are_no_target_names() -> None:
    """"Request: DTI classification (binds yes/no) / Target: jak2_kd.fasta / Compound: ruxolitinib" left the
    target empty: "DTI" was taken for a protein the message names, which no upload holds. Lab acronyms (DTI, LIMS,
    HPLC, …) name no protein; a real unknown symbol still keeps the thread's sequence out."""
    pool = {"upload_jak2_kd.fasta": "MGMACLTMTEMEGTSTSSIYQNGDISGNANSMKQIDPVLQVYLYHSLGKSEADYLTFPSGEYVAEEICIAASKAC"}
    [call] = plan_with("Request: DTI classification (binds yes/no)\nTarget: jak2_kd.fasta\nCompound: ruxolitinib", pool)
    assert call.name == "drug_target_classification_predict"
    assert call.arguments["target_seq"] == "(upload_jak2_kd.fasta)"
    [call] = plan_with("binder call for ruxolitinib against ABCB1", pool)
    assert "target_seq" not in call.arguments



def test_drug_names_in_finnish_hungarian_and_romanian_spellings_and_cases_are_read() -> None:
    """"metotreksaattia", "karbamatsepiini", "ciszplatinnal", "szelegilin", "imatinibului", "cisplatină" were not
    read: a Finnish, Hungarian or Romanian request for named drugs asked for SMILES. A word is tried without the
    language's case endings and an added final vowel and matched by sound; everyday words stay words."""
    from model_zoo.names.inflected import FINNISH, HUNGARIAN, ROMANIAN, english_name

    assert english_name("metotreksaattia", FINNISH) == "methotrexate"
    assert english_name("karbamatsepiini", FINNISH) == "carbamazepine"
    assert english_name("imatinibin", FINNISH) == "imatinib"
    assert english_name("ciszplatinnal", HUNGARIAN) == "cisplatin"
    assert english_name("szelegilin", HUNGARIAN) == "selegiline"
    assert english_name("gefitinibre", HUNGARIAN) == "gefitinib"
    assert english_name("imatinibului", ROMANIAN) == "imatinib"
    assert english_name("cisplatină", ROMANIAN) == "cisplatin"
    for word, language in (("kinaasiin", FINNISH), ("tarvitsen", FINNISH), ("oldhatósági", HUNGARIAN),
                           ("szeretném", HUNGARIAN), ("solubilitatea", ROMANIAN), ("interacționează", ROMANIAN),
                           ("discuția", ROMANIAN)):
        assert english_name(word, language) is None, word


def test_finnish_hungarian_and_romanian_requests_run_on_the_drugs_they_name() -> None:
    """Requests in the three languages ran nothing: neither their drug names nor their request words were read,
    nor a case ending after a hyphen or colon ("ABL1-kinaasiin", "A549-en", "pKd-ul")."""
    [call] = plan_with("Kuinka tiukasti dasatinibi sitoutuu ABL1-kinaasiin? pKd-ennuste riittää.", {})
    assert call.name == AFFINITY and call.arguments["drug_smiles"] == [drug("dasatinib")]
    assert call.arguments["target_seq"] == target("ABL1")
    [call] = plan_with("Mitä malli ennustaa metotreksaatin ja trimetopriimin yhteisvaikutuksesta?", {})
    assert call.name == "drug_drug_response_predict"
    assert call.arguments["smiles_pairs"] == [[drug("methotrexate"), drug("trimethoprim")]]
    [call] = plan_with("Ciszplatinnal mit várhatunk A549-en? Egy ln(IC50) becslés elég.", {})
    assert call.name == "drug_cell_response_regression_predict"
    assert call.arguments == {"drug_smiles": [drug("cisplatin")], "cell_name": "A549"}
    [call] = plan_with("Care e pKd-ul lapatinibului pe ERBB2?", {})
    assert call.name == AFFINITY and call.arguments["drug_smiles"] == [drug("lapatinib")]
    [call] = plan_with("Am nevoie de solubilitatea în apă (logS) pentru cisplatină și oxaliplatină.", {})
    assert call.name == PROPERTY and call.arguments == {
        "drug_smiles": [drug("cisplatin"), drug("oxaliplatin")], "property": "logSolubility"}


def test_quoted_nicknames_and_street_products_are_no_molecules() -> None:
    """"Street 'Xanax' bars … turn out to be etizolam … BBB for etizolam, diazepam and clonazepam" also ran
    alprazolam; "Loperamide misuse ('poor man's methadone') … CT_TOX for loperamide and dextromethorphan" also ran
    methadone. A drug name in a quoted phrase of several words, or quoted before "bars"/"pills", is a nickname."""
    [call] = plan_with("Street 'Xanax' bars here keep turning out to be etizolam. Predicted BBB penetration for "
                       "etizolam, diazepam and clonazepam.", {})
    assert call.arguments["drug_smiles"] == [drug(n) for n in ("etizolam", "diazepam", "clonazepam")]
    [call] = plan_with("Loperamide misuse ('poor man's methadone') is rising. ClinTox CT_TOX for loperamide and "
                       "dextromethorphan please.", {})
    assert call.arguments["drug_smiles"] == [drug("loperamide"), drug("dextromethorphan")]
    [call] = plan_with("BBB for 'imatinib' please", {})  # a quoted name alone is the drug
    assert call.arguments["drug_smiles"] == [drug("imatinib")]


def test_a_listed_item_runs_on_its_own_molecules_not_the_prefaces() -> None:
    """"Two things on case 24-1203 (quetiapine and citalopram overdose): 1) interaction call for quetiapine +
    citalopram, 2) BBB probability for quetiapine on its own." ran the BBB on both: the preface's drugs were read
    into each item, and "its own" was taken for "its" (the molecule of the item before)."""
    interaction, bbb = plan_with("Two things on case 24-1203 (quetiapine and citalopram overdose): 1) interaction "
                                 "call for quetiapine + citalopram, 2) BBB probability for quetiapine on its own.", {})
    assert interaction.arguments["smiles_pairs"] == [[drug("quetiapine"), drug("citalopram")]]
    assert bbb.arguments == {"drug_smiles": [drug("quetiapine")], "property": "p_np"}


def test_the_product_an_impurity_comes_from_is_no_molecule_to_run() -> None:
    """"Gefitinib DS: residual KSM 3-chloro-4-fluoroaniline (Nc1ccc(F)c(Cl)c1) … interact with EGFR?" also ran
    gefitinib; "metformin HCl 500/850/1000 mg … SR-p53 on NDMA CN(C)N=O and NDEA CCN(CC)N=O" also ran metformin. A
    drug named as a product (DS, DP, lot, batch, salt with strengths) beside typed structures is their context;
    a medication list with single doses still runs its drugs."""
    [call] = plan_with("Gefitinib DS: residual KSM 3-chloro-4-fluoroaniline (Nc1ccc(F)c(Cl)c1) found at 45 ppm. Does "
                       "it interact with EGFR at all?", {})
    assert call.arguments["drug_smiles"] == ["Nc1ccc(F)c(Cl)c1"]
    [call] = plan_with("Nitrosamine risk assessment, metformin HCl 500/850/1000 mg. Tox21 SR-p53 on NDMA CN(C)N=O and "
                       "NDEA CCN(CC)N=O.", {})
    assert call.arguments["drug_smiles"] == ["CN(C)N=O", "CCN(CC)N=O"]
    [call] = plan_with("logS for aspirin 100 mg and for our analogue CC(=O)Oc1ccccc1C(=O)OC", {})
    assert len(call.arguments["drug_smiles"]) == 2


def test_a_lowercase_code_with_a_digit_is_a_drug() -> None:
    """"cisplatin + 5-fu in kyse150, ln(ic50) for each pls" ran cisplatin alone: short codes had to be written with
    a capital; one with a digit is no English word in any case."""
    [call] = plan_with("esophageal proj: cisplatin + 5-fu in kyse150, ln(ic50) for each pls", {})
    assert call.arguments["drug_smiles"] == [drug("cisplatin"), drug("5-FU")]
    [call] = plan_with("generate molecules for MDA-MB-231 with a target of 1 µM", {})  # "of 1" is no code
    assert call.name == "drug_cell_response_regression_generation"


def test_an_uploads_code_answering_which_file_is_no_cell_line() -> None:
    """"set2" (after being asked which of sato_set1.csv and sato_set2.csv) ran the response model in the SET-2
    line: a word of an upload's file name is that file, unless the message calls it cells or a line."""
    from agent.history import PastRequest

    pool = {"upload_sato_set1.csv": ["CCO", "CCN"], "upload_sato_set2.csv": ["CCCO", "CCCN"]}
    asked = PastRequest("u", "logD for the Sato set please", answered=False)
    [call] = plan_with("set2", pool, [asked])
    assert call.name == PROPERTY and call.arguments == {"drug_smiles": "(upload_sato_set2.csv)", "property": "lipo"}
    [call] = plan_with("the sato_set2.csv compounds in SET-2 cells", pool)
    assert call.name == "drug_cell_response_regression_predict" and call.arguments["cell_name"] == "Set2"  # GDSC


def test_an_aim_number_is_no_potency() -> None:
    """"Aim 3 proposes generative design … Please generate molecules for NCI-H1975 with a target ln(IC50) of -2"
    asked which unit '3' was in: the number of a grant's aim (visit, arm, phase, case) is a label."""
    assert decided("Aim 3 proposes generative design for osimertinib-resistant lung cancer. Please generate molecules "
                   "for NCI-H1975 with a target ln(IC50) of -2.") == "drug_cell_response_regression_generation"
    [call] = plan_with("generate for U87 aim -1", {})  # an aim as a goal
    assert call.arguments["zscore"] == -1.0


def test_a_lowercase_line_continuing_a_response_run_is_read() -> None:
    """"ok then fadu la" after a response prediction asked what to run: a GDSC line typed in lower case was read
    only with words around it (in, cells, line); continuing a request that takes a line is context enough."""
    earlier = ran("drug_cell_response_regression_predict", "gemcitabine in detroit562")
    [call] = plan_with("ok then fadu la", {}, [earlier])
    assert call.arguments["cell_name"] == "FADU"


def test_each_one_with_a_named_drug_pairs_the_threads_molecules_with_it() -> None:
    """"do either of them interact with tramadol? pair each one with tramadol" paired the thread's two drugs with
    each other: "each one with X" was not read as each earlier molecule with X."""
    pool = {"user_smiles": [drug("selegiline"), drug("phenelzine")]}
    [call] = plan_with("do either of them interact with tramadol? pair each one with tramadol", pool)
    assert call.arguments["smiles_pairs"] == [[drug("tramadol"), drug("selegiline")],
                                              [drug("tramadol"), drug("phenelzine")]]


def test_a_drug_shortened_before_against_is_the_one_named_in_full() -> None:
    """"voriconazole … (new), simvastatin …, amlodipine …, omeprazole …. Check the vori against each of the others."
    paired omeprazole with the others, and "GP started clarithromycin. Check clarithro against each." ran nothing
    useful: a shortened name before "against" is the drug it begins, and "against each" is against all."""
    [call] = plan_with("Med rec: voriconazole 200 mg (new), simvastatin 40 mg, amlodipine 5 mg, omeprazole 20 mg. "
                       "Check the vori against each of the others.", {})
    assert call.arguments["smiles_pairs"] == [[drug("voriconazole"), drug(other)]
                                              for other in ("simvastatin", "amlodipine", "omeprazole")]
    [call] = plan_with("Her list: amiodarone 200 mg, digoxin 62.5 mcg, warfarin per INR. GP started clarithromycin. "
                       "Check clarithro against each.", {})
    assert call.arguments["smiles_pairs"] == [[drug("clarithromycin"), drug(other)]
                                              for other in ("amiodarone", "digoxin", "warfarin")]


def test_a_hashtag_is_no_structure() -> None:
    """"80 y/o #NOF, on phenelzine for 30 years. … check phenelzine + pethidine pls" ran nothing: "#NOF" (a hashtag
    for a hip fracture) was read as a mistyped SMILES and the named drugs as its labels."""
    [call] = plan_with("80 y/o #NOF, on phenelzine for 30 years. someone has written pethidine on the drug chart. "
                       "check phenelzine + pethidine pls", {})
    assert call.arguments["smiles_pairs"] == [[drug("phenelzine"), drug("pethidine")]]


def test_a_question_no_tool_answers_is_not_made_an_ask_by_the_drugs_it_names() -> None:
    """"max dose of lidocaine with adrenaline for a 70 kg pt?" ran the drug-pair model, and "What AI limit would
    you set for NDMA in valsartan, 96 ng/day?" a toxicity model: the drugs' "with" read as an ask for a pair. Only
    the words of a message, without its values, can ask for a tool beside such a question."""
    assert plan_with("max dose of lidocaine with adrenaline for a 70 kg pt?", {}) == []
    assert plan_with("What AI limit would you set for NDMA in valsartan, 96 ng/day?", {}) == []
    [call] = plan_with("What dose of 5-FU is used in FOLFOX? Also the interaction between warfarin and aspirin", {})
    assert call.name == "drug_drug_response_predict"


def test_the_answer_naming_the_drug_a_question_asked_for_completes_its_pair() -> None:
    """"Check linezolid against her antidepressant" was asked about (which one?); "Escitalopram 10 mg." then ran
    nothing: the question alone reads as no tool (one drug), so the answer had no request to complete. The question
    is read with the drug its answer names."""
    from agent.history import PastRequest

    asked = PastRequest("u", "Check linezolid against her antidepressant before I verify the order.", answered=False)
    [call] = plan_with("Escitalopram 10 mg.", {}, [asked])
    assert call.arguments["smiles_pairs"] == [[drug("linezolid"), drug("escitalopram")]]


def test_hungarian_requests_without_its_rarer_letters_are_read() -> None:
    """"Kötési affinitás (pKd) az ABL1-re: imatinib, nilotinib, dazatinib." and "Hidratációs szabadentalpiát kérnék
    a metanolra, az etanolra, …" were not read as Hungarian (no ő or ű, none of the listed words), and its
    articles "a"/"az" before a solvent read it as a medium."""
    [call] = plan_with("Kötési affinitás (pKd) az ABL1-re: imatinib, nilotinib, dazatinib.", {})
    assert call.name == AFFINITY and len(call.arguments["drug_smiles"]) == 3
    [call] = plan_with("Hidratációs szabadentalpiát kérnék a metanolra, az etanolra, az acetonitrilre és a toluolra.",
                       {})
    assert call.arguments == {"drug_smiles": [drug(n) for n in ("methanol", "ethanol", "acetonitrile", "toluene")],
                              "property": "freesolv"}


def test_finnish_read_from_its_case_endings_and_ts_for_z() -> None:
    """"ln(IC50) gefitinibille, erlotinibille ja afatinibille HCC-827-linjassa?" was not read as Finnish (none of
    its listed words), and "omepratsolilla" (omeprazole, Finnish writes z as ts) was not read."""
    [call] = plan_with("ln(IC50) gefitinibille, erlotinibille ja afatinibille HCC-827-linjassa?", {})
    assert call.arguments == {"drug_smiles": [drug(n) for n in ("gefitinib", "erlotinib", "afatinib")],
                              "cell_name": "HCC-827"}
    [call] = plan_with("Potilas on klopidogreelilla ja omepratsolilla - mitä yhteisvaikutusmalli ennustaa?", {})
    assert call.arguments["smiles_pairs"] == [[drug("clopidogrel"), drug("omeprazole")]]


def test_a_mask_digit_being_corrected_is_no_potency() -> None:
    """"They had an extra 1 at the end, here's the fixed one: [0, …]" set the potency goal to 1: a 0 or 1 said to be
    extra or missing at a list's end is a digit of the mask."""
    gefitinib = drug("gefitinib")
    earlier = [ran("drug_cell_response_regression_optimization", f"optimise {gefitinib} in A549 at ln IC50 -2")]
    mask = "[" + ", ".join(["0"] * 21 + ["1"] * 10) + "]"
    [call] = plan_with(f"They had an extra 1 at the end, here's the fixed one:\n{mask}", {}, earlier)
    assert call.arguments["zscore"] == -2.0  # the earlier goal, not the "1" of the mask


def test_logd_with_its_ph_written_on_is_logd() -> None:
    """"OK, logD7.4 then." (after a question no tool answers about amitriptyline) ran the response model: the intent
    model read "logD7.4" as an unknown word and "7.4" as a potency."""
    from agent.history import PastRequest

    asked = PastRequest("u", "Predicted volume of distribution for amitriptyline?", answered=False)
    [call] = plan_with("OK, logD7.4 then.", {}, [asked])
    assert call.arguments == {"drug_smiles": [drug("amitriptyline")], "property": "lipo"}


def test_a_drug_after_against_her_is_a_partner() -> None:
    """"run the opioid against her gabapentin" (which opioid?), then "morphine", ran nothing: a drug after "against
    her" was not read as a partner."""
    from agent.history import PastRequest

    [call] = plan_with("morphine", {}, [PastRequest("u", "run the opioid against her gabapentin", answered=False)])
    assert call.arguments["smiles_pairs"] == [[drug("gabapentin"), drug("morphine")]]


def test_a_clause_that_only_acknowledges_asks_for_nothing() -> None:
    """"ok wor, then bbb for the same three" ran an empty property call before the BBB one: "ok wor" (a Cantonese
    particle) was a clause of its own that repeated the thread's tool."""
    history = [ran("drug_property_prediction", "logS for sorafenib, lenvatinib and regorafenib")]
    calls = plan_with("ok wor, then bbb for the same three", {"user_smiles": ["CC", "CCC", "CCCC"]}, history)
    assert [c.arguments for c in calls] == [{"drug_smiles": "(user_smiles)", "property": "p_np"}]


def test_an_untrained_property_skipped_is_not_asked_about_and_an_intermediate_is_not_its_drug() -> None:
    """"Does the imatinib amine intermediate (<SMILES>) hit hERG?" was asked about (hERG has no model); the reply
    "OK, skip hERG. Check it against PDGFRB instead." asked about hERG again, and "it" was read as imatinib: a
    property the message skips is no question, and a drug's intermediate is not that drug."""
    from agent.history import PastRequest

    asked = PastRequest("u", "Does the imatinib amine intermediate (Cc1ccc(N)cc1Nc1nccc(-c2cccnc2)n1) hit hERG? "
                             "Yes/no is enough.", answered=False)
    [call] = plan_with("OK, skip hERG. Check it against PDGFRB instead.", {}, [asked])
    assert call.name == "drug_target_classification_predict"
    assert call.arguments["drug_smiles"] == ["Cc1ccc(N)cc1Nc1nccc(-c2cccnc2)n1"]
    assert call.arguments["target_seq"] == target("PDGFRB")
    assert plan_with("Is aspirin not a hERG blocker?", {}) == []  # "not" takes nothing back: still asked about


def test_a_quoted_claim_keeps_its_drug_and_a_listed_pair_keeps_the_prefaces_partner() -> None:
    """Guards for the two rules above: "Another claim to check: 'sorafenib hits the BRAF protein'. Does it interact
    with BRAF?" still runs sorafenib (a claim, not a nickname), and "Two questions on fluconazole: 1. any interaction
    with her glipizide? 2. how water-soluble is fluconazole itself?" still pairs fluconazole with glipizide."""
    [call] = plan_with("Another claim to check: 'sorafenib hits the BRAF protein'. Does it interact with BRAF, yes or "
                       "no?", {})
    assert call.arguments["drug_smiles"] == [drug("sorafenib")]
    calls = plan_with("Two questions on fluconazole (Diflucan 150 mg, then 100 mg daily x 14 d):\n1. any interaction "
                      "with her glipizide 5 mg bid?\n2. how water-soluble is fluconazole itself?", {})
    assert calls[0].arguments["smiles_pairs"] == [[drug("fluconazole"), drug("glipizide")]]


def test_pasted_structures_beside_a_question_no_tool_answers_still_run() -> None:
    """Guards for the question rule above (two synthetic development steps it broke): "logS predictions for <SMILES>,
    <SMILES> … Then I'll combine them with the in-house data" still runs, and "logD (pH 7.4) for: <SMILES>; <SMILES>"
    after "Pre-synthesis triage" still runs the property, not a route."""
    [call, *_] = plan_with("It would help to have logS predictions for CCCCNC(=O)NS(=O)(=O)c1ccc(C)cc1 - just the "
                           "numbers. Then I'll combine them with the in-house data.", {})
    assert call.name == PROPERTY
    calls = plan_with("Pre-synthesis triage, octanol/buffer logD (pH 7.4) for: CCCCNC(=O)NS(=O)(=O)c1ccc(C)cc1; "
                      "COc1cc2ncnc(Nc3ccc(F)c(Cl)c3)c2cc1OCCCN1CCOCC1", {})
    assert [c.name for c in calls] == [PROPERTY]
