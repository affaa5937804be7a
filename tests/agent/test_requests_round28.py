"""Requests of the twenty-eighth round."""

from __future__ import annotations

from planning_support import decided, drug, plan_with, target

AFFINITY = "drug_target_affinity_regression_predict"
PROPERTY = "drug_property_prediction"
RESPONSE = "drug_cell_response_regression_predict"
RETRO = "Retrosynthetic_reaction_pathway_prediction"
LEAD = "COc1cc2c(Nc3ccc(F)cc3F)c(cnc2cc1N4CCN(C)CC4)C(=O)N"


def test_an_unknown_drug_the_typed_lead_is_compared_with_is_asked_about() -> None:
    """"How does NVX-311 compare with sotorasib in NCI-H358? <SMILES>" ran NVX-311 alone: a typed structure made
    every unknown name of the message a label, though sotorasib is what the lead is set against. An unknown drug
    after "compare … with" or "vs" is asked about; a name that labels the typed structure, or one the results are
    only meant "to compare with", still is not."""
    assert decided(f"How does NVX-311 compare with sotorasib in NCI-H358? One line for the slide.\n{LEAD}") is None
    assert decided(f"Compare our lead with lorlatinib on ALK binding, lead first.\nNVX-311 {LEAD}") is None
    assert decided(f"pKd of our lead vs zorbatinib on EGFR: {LEAD}") is None
    assert decided(f"BBB for our lead, to compare with zorbatinib later: {LEAD}") == PROPERTY
    assert decided(f"Retrosynthesis of NVX-340, please: {LEAD}") == RETRO


def test_the_uploaded_target_sequence_is_asked_when_two_files_name_it() -> None:
    """"Crizotinib and alectinib, pKd against the uploaded ALK sequence." with ALK_v1.fasta and ALK_v2.fasta in the
    thread ran on the newer file. Two files whose names hold the target are asked about (never the newest, nor the
    tables' ALK sequence); the answer "v2, the protein group replaced v1." picks one; one such file is used."""
    from agent.history import PastRequest

    pool = {"upload_ALK_v1.fasta": "MGAIGLLWLLPLLLSTAAVGSGMGTGQRAG",
            "upload_ALK_v2.fasta": "MGAIGLLWLLPLLLSTAAVGSGMGTGQRAGSP"}
    ask = "Crizotinib and alectinib, pKd against the uploaded ALK sequence."
    [call] = plan_with(ask, pool)
    assert "target_seq" not in call.arguments
    assert decided(ask, pool) is None
    [call] = plan_with("v2, the protein group replaced v1.", pool, [PastRequest("u", ask, answered=False)])
    assert call.arguments["target_seq"] == "(upload_ALK_v2.fasta)"
    [call] = plan_with(ask, {"upload_ALK_v1.fasta": pool["upload_ALK_v1.fasta"]})
    assert call.arguments["target_seq"] == "(upload_ALK_v1.fasta)"


def test_a_range_of_codes_names_every_row_inside_it() -> None:
    """"BBB call on PL-0031 to PL-0034:" over four coded rows ran PL-0031 and PL-0034 only: the range's ends were read
    as the two rows meant. A range of codes names every row from the first to the last."""
    rows = "\nPL-0031 CCO\nPL-0032 CCCCN\nPL-0033 CCCC\nPL-0034 CCCl"
    [call] = plan_with(f"[Petrescu lab] BBB call on PL-0031 to PL-0034:{rows}", {})
    assert call.arguments["drug_smiles"] == ["CCO", "CCCCN", "CCCC", "CCCl"]
    [call] = plan_with(f"BBB for PL-0032–0033:{rows}", {})
    assert call.arguments["drug_smiles"] == ["CCCCN", "CCCC"]
    [call] = plan_with(f"BBB for PL-0031 and PL-0034:{rows}", {})
    assert call.arguments["drug_smiles"] == ["CCO", "CCCl"]


def test_a_drug_put_off_for_later_is_not_run_now() -> None:
    """"pKd of imatinib for KIT … we want to compare later with dasatinib, but for now only imatinib" (and its
    Romanian original) ran dasatinib too. A drug to look at "later" is put off."""
    for text in ("pKd of imatinib for KIT please. We want to compare later with dasatinib, but for now only imatinib.",
                 "pKd of imatinib for KIT please. We will look at dasatinib later, for now just imatinib.",
                 "Afinitatea de legare (pKd) a imatinibului pentru KIT, vă rog. Avem o pacientă cu GIST și vrem să "
                 "comparăm mai târziu cu dasatinibul, dar deocamdată doar imatinibul."):
        [call] = plan_with(text, {})
        assert call.name == AFFINITY and call.arguments["drug_smiles"] == [drug("imatinib")], text
        assert call.arguments["target_seq"] == target("KIT")
    [call] = plan_with("pKd of imatinib and dasatinib for KIT please", {})
    assert call.arguments["drug_smiles"] == [drug("imatinib"), drug("dasatinib")]


def test_the_fragment_of_a_group_is_no_molecule() -> None:
    """"Imatinibul — ce precursori … cum se leagă fragmentul de benzamidă" (the fragment of benzamide) ran the
    retrosynthesis on benzamide too. A fragment, core or ring "of" a group names a part, in English and Romanian."""
    for text in ("Imatinibul — ce precursori dă modelul de retrosinteză într-un singur pas? Vreau să-i arăt studentei "
                 "cum se leagă fragmentul de benzamidă.",
                 "Imatinib retro, one step; I want to show how the fragment of benzamide is attached."):
        [call] = plan_with(text, {})
        assert call.name == RETRO and call.arguments["smiles_list"] == [drug("imatinib")], text
    [call] = plan_with("logD of aspirin and of caffeine", {})
    assert call.arguments["drug_smiles"] == [drug("aspirin"), drug("caffeine")]


def test_danish_requests_are_read() -> None:
    """A Copenhagen pharmacologist's Danish ("Hvad er tamoxifens logD …?", "Krydser kodein og morfin
    blod-hjerne-barrieren?", "Forudsig cisplatins ln(IC50) i A549, tak.") ran nothing: Danish request words and the
    genitive on a drug's name were not read. Danish is now a gated language, its names read without their endings."""
    [call] = plan_with("Hvad er tamoxifens logD ved pH 7,4 ifølge jeres lipofilicitetsmodel? Vi diskuterer fordeling i "
                       "fedtvæv til journal club i morgen.", {})
    assert call.name == PROPERTY and call.arguments == {"drug_smiles": [drug("tamoxifen")], "property": "lipo"}
    [call] = plan_with("Krydser kodein og morfin blod-hjerne-barrieren? Jeg ved godt svaret fra lærebogen.", {})
    assert call.arguments == {"drug_smiles": [drug("codeine"), drug("morphine")], "property": "p_np"}
    [call] = plan_with("Forudsig cisplatins ln(IC50) i A549, tak.", {})
    assert call.name == RESPONSE and call.arguments["cell_name"] == "A549"
    [call] = plan_with("Er der en lægemiddelinteraktion mellem simvastatin og klaritromycin?", {})
    assert call.arguments["smiles_pairs"] == [[drug("simvastatin"), drug("clarithromycin")]]


def test_the_hydration_free_energy_symbol_names_the_property() -> None:
    """"Need ΔG_hyd (kcal/mol) for 3 cpds" asked which property: the symbol was not read."""
    for symbol in ("ΔG_hyd", "dG_hyd", "ΔG(hyd)"):
        [call] = plan_with(f"Need {symbol} (kcal/mol) for 3 cpds: 1) CCO 2) CCN 3) CCC", {})
        assert call.arguments == {"drug_smiles": ["CCO", "CCN", "CCC"], "property": "freesolv"}, symbol


def test_the_urdu_word_for_patient_is_no_drug() -> None:
    """"bed 14 ke mareez ko Lowplat (clopidogrel) … aur Risek (omeprazole)" paired doxepin with both: "mareez" (the
    patient) was corrected to a doxepin brand."""
    [call] = plan_with("bed 14 ke mareez ko Lowplat (clopidogrel) 75 mg OD aur Risek (omeprazole) 40 mg dono chal rahi "
                       "hain. In dono mein koi interaction hai ya nahi, zara check kar do please.", {})
    assert call.arguments["smiles_pairs"] == [[drug("clopidogrel"), drug("omeprazole")]]


def test_the_study_drug_is_set_against_each_concomitant_medication() -> None:
    """"IP: osimertinib 80 mg QD Conmeds: omeprazole 20 mg, ondansetron 8 mg PRN Request: DDI check, IP vs each
    conmed." paired ondansetron with the others: "IP" was not read as the drug it labels."""
    [call] = plan_with("DM-2418 | Prot BRC-220 | Site 309 | C1D15 IP olaparib 300 mg BID CM: fluconazole, ondansetron, "
                       "omeprazole Request: DDI IP vs each CM, in CM-page order.", {})
    assert call.arguments["smiles_pairs"] == [[drug("olaparib"), drug(other)]
                                              for other in ("fluconazole", "ondansetron", "omeprazole")]


def test_a_prodrug_named_as_the_source_of_an_active_form_is_not_run() -> None:
    """"Xeloda ka active form 5-fluorouracil hai. HT-29 mein 5-FU ka predicted ln(IC50) batao." ran capecitabine too."""
    for text in ("Colorectal Ca: Xeloda ka active form 5-fluorouracil hai. HT-29 mein 5-FU ka predicted ln(IC50) "
                 "batao.",
                 "The active form of capecitabine is 5-FU; IC50 of 5-FU in HT-29?"):
        [call] = plan_with(text, {})
        assert call.arguments == {"drug_smiles": [drug("5-fluorouracil")], "cell_name": "HT-29"}, text


def test_a_reply_that_asks_for_its_own_pair_is_not_merged_with_the_question() -> None:
    """After "Finerenone and spironolactone interaction?" was asked about (finerenone is unknown), "Phir eplerenone
    aur lisinopril ka interaction check kar do" paired spironolactone with both: the reply was read as completing
    the question. A reply that asks for its own pair in so many words is a request of its own."""
    from agent.history import PastRequest

    asked = PastRequest("u", "Finerenone aur spironolactone ka interaction check kar do.", answered=False)
    [call] = plan_with("Acha SMILES to nahi hai. Phir eplerenone aur lisinopril ka interaction check kar do, doosra "
                       "mareez isi combination pe hai.", {}, [asked])
    assert call.arguments["smiles_pairs"] == [[drug("eplerenone"), drug("lisinopril")]]


def test_a_protocol_code_holds_no_potency() -> None:
    """"Prot ONC-417-201 translational: predicted ln(IC50) of osimertinib in … LU-0421" then "Use NCI-H1975." ran
    an optimisation towards ln(IC50) −201: the code's last part was read as a number."""
    from agent.history import PastRequest

    asked = PastRequest("u", "Prot ONC-417-201 translational: predicted ln(IC50) of osimertinib in the site's "
                        "PDX-derived line LU-0421.", answered=False)
    [call] = plan_with("Use NCI-H1975.", {}, [asked])
    assert call.name == RESPONSE and call.arguments == {"drug_smiles": [drug("osimertinib")], "cell_name": "NCI-H1975"}


def test_a_question_whether_a_drug_is_predicted_to_interact_with_a_target_family_asks_which() -> None:
    """"Is doramapimod (BIRB-796) predicted to interact with p38?" read as a drug pair ("predicted to interact" was
    taken for a pick from results, and the alias for a second drug), so the answer "p38 alpha please" ran nothing.
    The question asks for the binder call; which p38 is asked, and the answer completes it."""
    from agent.history import PastRequest

    question = "Is doramapimod (BIRB-796) predicted to interact with p38? yes/no is fine"
    [call] = plan_with(question, {})
    assert call.name == "drug_target_classification_predict" and "target_seq" not in call.arguments
    assert decided(question) is None
    [call] = plan_with("p38 alpha please (MAPK14 I think)", {}, [PastRequest("u", question, answered=False)])
    assert call.arguments == {"drug_smiles": [drug("doramapimod")], "target_seq": target("MAPK14")}
    [call] = plan_with("Are aspirin and warfarin predicted to interact?", {})
    assert call.name == "drug_drug_response_predict"


def test_catalan_requests_are_read() -> None:
    """A Barcelona chemist's Catalan ("Pots mirar les interaccions warfarina + àcid acetilsalicílic i warfarina +
    ibuprofè?", "Quins precursors suggeriries per a l'olaparib en un sol pas?") ran nothing or the wrong tool ("sol",
    single, read as solubility). Catalan is a gated language; its spellings of names ("cisplatí", "ibuprofè",
    "warfarina") are read, and only those: "la constant" is no theophylline brand."""
    [call] = plan_with("Pots mirar les interaccions warfarina + àcid acetilsalicílic i warfarina + ibuprofè?", {})
    assert call.arguments["smiles_pairs"] == [[drug("warfarin"), drug("aspirin")],
                                              [drug("warfarin"), drug("ibuprofen")]]
    [call] = plan_with("Quins precursors suggeriries per a l'olaparib en un sol pas?", {})
    assert call.name == RETRO and call.arguments["smiles_list"] == [drug("olaparib")]
    [call] = plan_with("Em pots predir la resposta de la línia de còlon HT-29 al cisplatí i a l'oxaliplatí? En "
                       "ln(IC50).", {})
    assert call.arguments == {"drug_smiles": [drug("cisplatin"), drug("oxaliplatin")], "cell_name": "HT-29"}
    [call] = plan_with("Una pregunta ràpida de sí o no: el sorafenib, el sunitinib i el pazopanib interaccionen amb el "
                       "KDR (VEGFR2)? Només em cal saber si hi ha interacció, no la constant.", {})
    assert call.arguments["drug_smiles"] == [drug("sorafenib"), drug("sunitinib"), drug("pazopanib")]


def test_a_named_acid_without_a_structure_is_asked_about() -> None:
    """"logS of kojic acid and niacinamide?" ran niacinamide alone: "kojic acid" (in the drug tables, without a
    structure) was not read in a sentence, so nothing said it was missing."""
    assert decided("Brightening serum v4: logS of kojic acid and niacinamide?") is None
    [call] = plan_with("logS of niacinamide?", {})
    assert call.arguments["drug_smiles"] == [drug("niacinamide")]


def test_counts_of_drugs_lines_and_pairs_are_no_potency() -> None:
    """"ln(IC50), 2 drugs x 2 lines: olaparib and talazoparib, first in CAL-51, then in MDA-MB-468." ran one line and
    "DDI, 3 pairs: …" one pair: the counts were read as values."""
    calls = plan_with("ln(IC50), 2 drugs x 2 lines: olaparib and talazoparib, first in CAL-51, then in MDA-MB-468.", {})
    assert [c.arguments["cell_name"] for c in calls] == ["CAL-51", "MDA-MB-468"]
    [call] = plan_with("DDI (DrugBank model), 3 pairs: 1. ruxolitinib + fluconazole 2. ibrutinib + ketoconazole "
                       "3. venetoclax + ketoconazole", {})
    assert len(call.arguments["smiles_pairs"]) == 3


def test_a_comparison_someone_made_and_a_treatment_started_ask_for_no_tool() -> None:
    """"the applicant compares lapatinib (Tyverb®) with neratinib … Kindly provide the predicted ln(IC50) of both …
    in BT-474" ran a drug pair first; "pt on methadone starting rifampicin for latent TB. Run rifampicin + methadone
    on the TWOSIDES model." ran a retrosynthesis ("starting" as in starting materials)."""
    [call] = plan_with("In the efficacy section the applicant compares lapatinib (Tyverb®) with neratinib (Nerlynx®) "
                       "in HER2-amplified breast cancer. Kindly provide the predicted ln(IC50) of both substances in "
                       "the BT-474 cell line.", {})
    assert call.name == RESPONSE
    [call] = plan_with("OST clinic: pt on methadone starting rifampicin for latent TB. Run rifampicin + methadone on "
                       "the TWOSIDES model.", {})
    assert call.name == "drug_drug_response_predict" and call.arguments["task"] == "twosides"
    [call] = plan_with("suggest starting materials for imatinib", {})
    assert call.name == RETRO
    from agent.history import PastRequest

    asked = PastRequest("u", "Check her DOAC against the new ASM pls.", answered=False)
    [call] = plan_with("Rivaroxaban 20 mg od, and we're starting oxcarbazepine.", {}, [asked])
    assert call.arguments["smiles_pairs"] == [[drug("rivaroxaban"), drug("oxcarbazepine")]]


def test_wanting_only_to_know_whether_there_is_an_interaction_adds_no_drug_pair() -> None:
    """"Do sorafenib, sunitinib and pazopanib interact with KDR (VEGFR2)? I only need to know whether there is an
    interaction, not the constant." also ran the three drugs as pairs: the second sentence read as a pair ask."""
    [call] = plan_with("Quick yes/no: do sorafenib, sunitinib and pazopanib interact with KDR (VEGFR2)? I only need to "
                       "know whether there is an interaction, not the constant.", {})
    assert call.name == "drug_target_classification_predict"
    calls = plan_with("Does sorafenib bind KDR? And check sorafenib with warfarin for interactions.", {})
    assert [c.name for c in calls] == ["drug_target_classification_predict", "drug_drug_response_predict"]
    calls = plan_with("Re-check the saved pairs with TWOSIDES, and get erlotinib's pKd against EGFR for the same memo.",
                      {"user_smiles_pairs": [["CCO", "CCN"]]})
    assert [c.name for c in calls] == ["drug_drug_response_predict", AFFINITY]


def test_ward_shorthand_for_antifungals_and_macrolides() -> None:
    """"Check vori + tacrolimus." asked which drug "vori" is; "she's also on clari for MAC" likewise."""
    [call] = plan_with("Liver transplant pt on tacrolimus, we're recommending voriconazole for probable IPA. Check "
                       "vori + tacrolimus.", {})
    assert call.arguments["smiles_pairs"] == [[drug("voriconazole"), drug("tacrolimus")]]
    assert decided("What tac trough should the transplant team aim for once vori is on board?") is None


def test_a_reply_naming_its_own_pair_drops_the_unknown_drug_of_the_question() -> None:
    """"MDR-TB pt going on BPaL. Can you run pretomanid + bedaquiline?" was asked about (pretomanid is unknown); the
    reply "Fine - bedaquiline with clarithromycin then, she's also on clari for MAC." ran nothing (the question's
    pretomanid was still missing) or a cell-response call ("BPaL", a regimen, read as an unknown cell line)."""
    from agent.history import PastRequest

    asked = PastRequest("u", "MDR-TB pt going on BPaL. Can you run pretomanid + bedaquiline?", answered=False)
    [call] = plan_with("Fine - bedaquiline with clarithromycin then, she's also on clari for MAC.", {}, [asked])
    assert call.arguments["smiles_pairs"] == [[drug("bedaquiline"), drug("clarithromycin")]]


def test_a_line_named_after_the_word_line_and_a_reference_potency() -> None:
    """"Generate new molecules for the osteosarcoma line HOS aiming for an IC50 of about 0.1 µM - the same ballpark
    as doxorubicin in those cells." asked for the cell line ("line HOS" was no context for a short name) and, once
    read, also ran doxorubicin's response (a reference, not an ask)."""
    [call] = plan_with("Generate new molecules for the osteosarcoma line HOS aiming for an IC50 of about 0.1 µM - the "
                       "same ballpark as doxorubicin in those cells.", {})
    assert call.name == "drug_cell_response_regression_generation"
    assert call.arguments["cell_line"] == "HOS" and round(call.arguments["zscore"], 3) == -2.303
    from agent.entities import extract

    # ("… then suggest new molecules at the same potency as nilotinib": a goal set by a drug, not a reference)
    assert extract("For K562: predict nilotinib's IC50, then suggest new molecules at the same potency as "
                   "nilotinib").taken_back == []


def test_a_property_named_for_two_drugs_is_no_pair() -> None:
    """"OK. logD for artesunate vs artemether, the methyl ether from the same lactol?" ran the two as a drug pair."""
    [call] = plan_with("OK. logD for artesunate vs artemether, the methyl ether from the same lactol?", {})
    assert call.arguments == {"drug_smiles": [drug("artesunate"), drug("artemether")], "property": "lipo"}
    [call] = plan_with("Check warfarin with aspirin for interactions", {})
    assert call.name == "drug_drug_response_predict"


def test_the_line_generated_molecules_were_made_for_is_no_line_to_run_them_in() -> None:
    """"Those generated molecules for U-87-MG from this morning – logD for all of them?" also ran their response in
    U-87-MG."""
    [call] = plan_with("Those generated molecules for U-87-MG from this morning – logD for all of them?",
                       {"generated_smiles": ["CCO", "CCN"]})
    assert call.arguments == {"drug_smiles": "(generated_smiles)", "property": "lipo"}
    [call] = plan_with("can you check the generated ones for BBB permeability?", {"generated_smiles": ["CCO", "CCN"]})
    assert call.arguments == {"drug_smiles": "(generated_smiles)", "property": "p_np"}


def test_a_mixture_is_asked_about_never_run_as_a_compound_it_names() -> None:
    """"We have a crude EtOAc extract of Piper longum roots (about 40 % piperlongumine …). Can you predict the
    extract's cytotoxicity in HeLa?" ran piperlongumine and sulfalene ("longum", a brand of it): the extract is a
    mixture no model takes, and a plant's Latin name is no drug."""
    assert decided("We have a crude EtOAc extract of Piper longum roots (about 40 % piperlongumine by HPLC, rest "
                   "unknown). Can you predict the extract's cytotoxicity in HeLa?") is None
    [call] = plan_with("logS of the components of the blend: CCO and CCN", {})
    assert call.arguments == {"drug_smiles": ["CCO", "CCN"], "property": "logSolubility"}


def test_statistics_on_results_and_regulatory_judgements_run_no_tool() -> None:
    """"Now convert to Kd in µM and give me the geometric mean of the three." re-ran the affinity; "Would this
    prediction be sufficient for the applicant to claim efficacy …?" re-ran the BBB model."""
    pool = {"user_smiles": ["CCO", "CCN", "CCC"], "user_target_seq": "MGAIGLLWLLPLLLSTAAVGSGMGTGQRAG"}
    assert decided("Now convert to Kd in µM and give me the geometric mean of the three.", pool) is None
    assert decided("Would this prediction be sufficient for the applicant to claim efficacy against brain metastases "
                   "in section 5.1?", pool) is None


def test_what_a_result_means_for_the_patient_runs_no_tool() -> None:
    """"Is that dangerous? What should the patient do, stop one of them?" after an interaction call re-ran it; a
    message that names the drugs still asks for the check."""
    pool = {"user_smiles_pairs": [["CCO", "CCN"]]}
    assert decided("Is that dangerous? What should the patient do, stop one of them?", pool) is None
    assert decided("Sorry, what does a probability of 0.99 actually mean here? Is that 'definitely binds' or just "
                   "'likely'?", {"user_smiles": ["CCO"], "user_target_seq": "MGAIGLLWLLPLLLSTAAVGSGMGTGQRAG"}) is None
    assert decided("Warfarin + aspirin: is that dangerous?") == "drug_drug_response_predict"


def test_a_group_named_with_an_article_is_a_part() -> None:
    """"Formula I … covers 4-anilinoquinazolines whose 6-alkoxy chain ends in a morpholine. Starting from gefitinib,
    propose analogues that change only the morpholine ring …" optimised morpholine: "a morpholine" is a group."""
    [call] = plan_with("Design-around exercise. Formula I of the patent covers 4-anilinoquinazolines whose 6-alkoxy "
                       "chain ends in a morpholine. Starting from gefitinib, propose analogues that change only the "
                       "morpholine ring and keep every other atom; cell line A549, target ln(IC50) -1.0.", {})
    assert call.name == "drug_cell_response_regression_optimization"
    assert call.arguments["gt"] == drug("gefitinib") and sum(call.arguments["mask"]) == 6
    [call] = plan_with("Optimér imatinib mod K-562 med mål-ln(IC50) −2,0. Kun N-methylpiperazinen må ændres.", {})
    assert call.arguments["gt"] == drug("imatinib") and sum(call.arguments["mask"]) == 7


def test_terse_follow_ups_of_a_biostatistician() -> None:
    """"logS for the same 3." ran a design towards ln(IC50) 3; "And P(interaction), same cpd x ERBB4. Binary model."
    ran an empty drug-pair call first; after "ln(IC50) for gefitinib, COSMIC 90594." (a digit dropped), "905949,
    dropped a digit." ran nothing: the first question had read as no tool, the id as no line."""
    from agent.history import PastRequest

    three = {"user_smiles": ["CCCCCCCO", "CCc1ccccn1", "C1CCCC(CC1)O"]}
    [call] = plan_with("logS for the same 3.", three)
    assert call.arguments == {"drug_smiles": "(user_smiles)", "property": "logSolubility"}
    [call] = plan_with("And P(interaction), same cpd x ERBB4. Binary model.",
                       {"user_smiles": ["CCO"], "user_target_seq": "MELAALCRWGLLLALLPPGAASTQVCTGTDMKLRLPASPETHL"})
    assert call.name == "drug_target_classification_predict" and call.arguments["target_seq"] == target("ERBB4")
    assert decided("ln(IC50) for gefitinib, COSMIC 90594.") is None
    asked = PastRequest("u", "ln(IC50) for gefitinib, COSMIC 90594.", answered=False)
    [call] = plan_with("905949, dropped a digit.", {}, [asked])
    assert call.arguments == {"drug_smiles": [drug("gefitinib")], "cell_name": "A549"}


def test_the_compound_of_a_list_of_several_is_asked_about() -> None:
    """"Dr. Novak would like the predicted response in HeLa for the compound that was discussed yesterday." ran the
    thread's three optimised molecules: one compound of several is asked which, never all of them."""
    pool = {"user_smiles": ["CCO", "CCN", "CCC"], "optimized_smiles": ["CCOC", "CCNC", "CCCC"]}
    assert decided("Hello, Dr. Novak would like the predicted response in HeLa for the compound that was discussed "
                   "yesterday. Kind regards, K. Bauer", pool) is None
    [call] = plan_with("BBB for the compound please", {"user_smiles": ["CCO"]})
    assert call.arguments["drug_smiles"] == "(user_smiles)"
    # (Vietnamese "các chất", the compounds, is plural)
    [call] = plan_with("Tính logD cho các chất tối ưu vừa rồi", {"optimized_smiles": ["CCOC", "CCNC"]})
    assert call.arguments == {"drug_smiles": "(optimized_smiles)", "property": "lipo"}


def test_a_sentence_that_reports_what_a_patent_claims_asks_for_nothing() -> None:
    """"The JAK patent claims selective JAK1 inhibition. What is the predicted pKd of ruxolitinib against JAK1?" ran
    the binder call first; "The FLT3 patent reports Ba/F3-FLT3-ITD data for quizartinib. Predicted ln(IC50) of
    quizartinib in Ba/F3, please." ran a binder call on FLT3 instead of asking for the line."""
    [call] = plan_with("The JAK patent claims selective JAK1 inhibition. What is the predicted pKd of ruxolitinib "
                       "against JAK1?", {})
    assert call.name == AFFINITY
    assert decided("The FLT3 patent reports Ba/F3-FLT3-ITD data for quizartinib. Predicted ln(IC50) of quizartinib in "
                   "Ba/F3, please.") is None


def test_a_reply_repeating_the_questions_known_drugs_keeps_the_unknown_one_asked() -> None:
    """The reply that replaces an unknown drug must bring in a drug of its own: "warfarin 5 mg and aspirin 100 mg"
    after "Check zorbatinib with warfarin and aspirin" only gives doses, and zorbatinib is still unresolved."""
    from agent.entities import extract
    from agent.planning.values import merge_entities

    earlier = extract("Check zorbatinib with warfarin and aspirin")
    kept = merge_entities(extract("warfarin 5 mg and aspirin 100 mg daily"), earlier)
    assert [u.written for u in kept.unresolved if u.kind == "drug"] == ["zorbatinib"]
    replaced = merge_entities(extract("Fine - warfarin with clarithromycin then"), earlier)
    assert not [u for u in replaced.unresolved if u.kind == "drug"]
