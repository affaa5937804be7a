"""Requests of the forty-second round."""

from __future__ import annotations

from planning_support import decided, drug, plan_with, ran, target

from agent.history import PastRequest

DDI = "drug_drug_response_predict"
CLASSIFIER = "drug_target_classification_predict"
OPTIMIZE = "drug_cell_response_regression_optimization"
METFORMIN = "CN(C)C(=N)NC(N)=N"


def test_a_hit_named_after_its_target_and_its_building_blocks() -> None:
    """"hit DEL-BTK-12 (BB1-0045/BB2-0617/BB3-0290), off-DNA structure <SMILES> — is it a real BTK interactor?" asked
    for the sequence of a target "DEL-BTK-12", then read the slashed building-block codes as a broken SMILES."""
    smiles = "CCN(CC)c1ccc(Nc2cc(NC(=O)Nc3c(F)cccc3F)ncn2)cc1"
    [call] = plan_with(f"BTK selection, hit DEL-BTK-12 (BB1-0045/BB2-0617/BB3-0290), off-DNA structure {smiles} — is "
                       "it a real BTK interactor?", {})
    assert call.name == CLASSIFIER
    assert call.arguments == {"drug_smiles": [smiles], "target_seq": target("BTK")}


def test_the_methyls_a_message_names_in_the_plural() -> None:
    """"only the two N-methyls may change" and "only the methyl groups may change" gave no mask: a methyl named no
    part the tables place, nor did a group's name in the plural. Every place of it may change; one methyl of two,
    named in the singular, is asked about."""
    for words in ("only the two N-methyls may change, biguanide stays", "only the methyl groups may change",
                  "only the two methyls may change"):
        [call] = plan_with(f"Optimise metformin for MCF7 to ln(IC50) -1: {words}.", {})
        assert call.name == OPTIMIZE and call.arguments["gt"] == METFORMIN
        assert call.arguments["mask"] == [1, 0, 1, 0, 0, 0, 0, 0, 0]
    [call] = plan_with("Optimise metformin for MCF7 to ln(IC50) -1: only the methyl may change.", {})
    assert "mask" not in call.arguments


def test_what_one_drug_does_to_anothers_toxicity_is_why_a_pair_is_checked() -> None:
    """"NSAID may raise MTX toxicity, check the interaction between these two" ran a Tox21 mitochondrial assay on
    methotrexate: "MTX toxicity" was read as a misspelt "mito toxicity", and the toxicity as a property asked."""
    pair = {drug("methotrexate"), drug("naproxen")}
    for text in ("patient on methotrexate, also takes naproxen for pain. NSAID may raise MTX toxicity, check the "
                 "interaction between these two.",
                 "Methotrexate and naproxen: MTX levels may go up, check the interaction between these two.",
                 "RA పేషెంట్ మెథోట్రెక్సేట్ మీద ఉన్నారు, నొప్పికి నాప్రోక్సెన్ కూడా వేసుకుంటున్నారు. NSAID వల్ల MTX "
                 "toxicity పెరుగుతుందేమో, ఈ రెండింటి మధ్య interaction చూడండి."):
        [call] = plan_with(text, {})
        assert call.name == DDI and [set(p) for p in call.arguments["smiles_pairs"]] == [pair]


def test_one_drug_with_every_other_drug_of_an_upload() -> None:
    """"check methotrexate with every other drug in that file" ran nothing: "every other" was read as "each other"
    (the drugs among themselves); so did its Telugu ("మిగతా ప్రతి మందుతో")."""
    meds = [drug("methotrexate"), drug("hydroxychloroquine"), drug("sulfasalazine")]
    pool = {"upload_ra_clinic_list.csv": meds}
    expected = [[meds[0], m] for m in meds[1:]]
    for text in ("check methotrexate with every other drug in that file, separately",
                 "మెథోట్రెక్సేట్‌ని ఆ file లోని మిగతా ప్రతి మందుతో విడివిడిగా interaction check చేయండి."):
        [call] = plan_with(text, pool)
        assert call.name == DDI and call.arguments["smiles_pairs"] == expected
    [call] = plan_with("do hydroxychloroquine and sulfasalazine interact with each other?", {})
    assert call.name == DDI and len(call.arguments["smiles_pairs"]) == 1


def test_each_drug_of_the_thread_with_one_named_with_a_suffix() -> None:
    """Telugu "ఈ రెండు COX-2 మందుల్లో ప్రతిదాన్నీ వార్ఫరిన్‌తో interaction check చేయండి" (each of these two with warfarin)
    and Tigrinya "ዚዶቩዲን ምስ ነፍሲ ወከፎም ርኣየለይ" (zidovudine with each of them) ran nothing or paired the two
    drugs of the thread with each other: the suffix and words for "with" and "each" were not read."""
    celecoxib, etoricoxib = drug("celecoxib"), drug("etoricoxib")
    earlier = [PastRequest("u", "సెలెకాక్సిబ్, ఎటోరికాక్సిబ్ — రెండింటి solubility (logS) పోల్చండి.", answered=True)]
    pool = {"user_smiles": [celecoxib, etoricoxib]}
    [call] = plan_with("ఈ రెండు COX-2 మందుల్లో ప్రతిదాన్నీ వార్ఫరిన్‌తో interaction check చేయండి.", pool, earlier)
    assert call.name == DDI
    assert [set(p) for p in call.arguments["smiles_pairs"]] == [{celecoxib, drug("warfarin")},
                                                                {etoricoxib, drug("warfarin")}]
    pool = {"user_smiles": [drug("sulfamethoxazole"), drug("trimethoprim")]}
    [call] = plan_with("ዚዶቩዲን ምስ ነፍሲ ወከፎም ርኣየለይ።", pool)
    assert call.name == DDI
    assert [p[0] for p in call.arguments["smiles_pairs"]] == [drug("zidovudine")] * 2


def test_a_combination_glossed_in_brackets_pairs_each_component_with_the_others() -> None:
    """"Malarone (atovaquone + proguanil) with her warfarin — interaction check for each component" paired atovaquone
    with proguanil: the two drugs of one product were read as a pair to check."""
    warfarin = drug("warfarin")
    [call] = plan_with("Malarone (atovaquone + proguanil) with her warfarin — interaction check for each component", {})
    assert call.name == DDI
    assert call.arguments["smiles_pairs"] == [[drug("atovaquone"), warfarin], [drug("proguanil"), warfarin]]
    [call] = plan_with("Bactrim (sulfamethoxazole/trimethoprim) with warfarin?", {})
    assert [pair[1] for pair in call.arguments["smiles_pairs"]] == [warfarin, warfarin]
    # (a component named again outside the brackets is asked about alone)
    [call] = plan_with("Patient on TLD (tenofovir 300 / lamivudine 300 / dolutegravir 50 mg od), just started on "
                       "rifampicin. Please check dolutegravir against rifampicin.", {})
    assert call.arguments["smiles_pairs"] == [[drug("dolutegravir"), drug("rifampicin")]]


def test_a_drug_named_aside_from_the_ask() -> None:
    """"Lariam vs Malarone argument again. Can you give logD for mefloquine and atovaquone?" asked for Malarone's
    structure: a name in a sentence that asks nothing, while the ask names two drugs of its own, is not asked about.
    Named in the sentence that asks, it still is."""
    [call] = plan_with("Lariam vs Malarone argument again. Can you give logD for mefloquine and atovaquone?", {})
    assert call.arguments == {"drug_smiles": [drug("mefloquine"), drug("atovaquone")], "property": "lipo"}
    assert decided("Can you give logD for Malarone and mefloquine?") is None


def test_one_drug_against_the_rest_of_a_kit_is_a_pair_request() -> None:
    """"run Diamox against the rest of the kit" asked for a target's sequence; the reply naming the kit then ran the
    target tool."""
    earlier = [PastRequest("u", "run Diamox against the rest of the kit", answered=False)]
    [call] = plan_with("dex, nifedipine, ibuprofen", {}, earlier)
    acetazolamide = drug("acetazolamide")
    assert call.name == DDI and call.arguments["smiles_pairs"] == [
        [acetazolamide, drug("dexamethasone")], [acetazolamide, drug("nifedipine")], [acetazolamide, drug("ibuprofen")]]


def test_dosage_forms_and_where_a_drug_is_taken_are_no_drugs() -> None:
    """"dronabinol capsules + warfarin" and "Pradaxa … at home + verapamil new" asked for the structures of
    "capsules" and "home"; "she's on sertraline at home — serotonin thing?" asked for serotonin's."""
    for text, pair in (("dronabinol capsules + warfarin, flag from a pharmacist customer. interaction?",
                        {"dronabinol", "warfarin"}),
                       ("ibuprofen syrup + warfarin interaction?", {"ibuprofen", "warfarin"}),
                       ("linezolid ordered. she's on sertraline at home — serotonin thing? check the pair",
                        {"linezolid", "sertraline"})):
        [call] = plan_with(text, {})
        assert call.name == DDI and [set(p) for p in call.arguments["smiles_pairs"]] == [{drug(n) for n in pair}]
        assert decided(text) == DDI  # (not asked about)


def test_a_kinase_family_after_vs_is_asked_about_and_its_member_answers() -> None:
    """"pKd of staurosporine vs CK1?" asked for CK1's SMILES (read as a drug listed with one); the answer "delta" then
    ran nothing."""
    question = "pKd of staurosporine vs CK1?"
    assert decided(question) is None
    [call] = plan_with("delta", {}, [PastRequest("u", question, answered=False)])
    assert call.name == "drug_target_affinity_regression_predict"
    assert call.arguments["target_seq"] == target("CSNK1D")


def test_lower_case_symbols_after_vs_in_a_continuation() -> None:
    """"and vs src and lck (same drug)" after "pkd dasatinib vs abl1" ran the thread's ABL1 again."""
    pool = {"user_smiles": [drug("dasatinib")], "user_target_seq": target("ABL1")}
    history = [ran("drug_target_affinity_regression_predict", "pkd dasatinib vs abl1",
                   {"drug_smiles": [drug("dasatinib")], "target_seq": target("ABL1")})]
    calls = plan_with("and vs src and lck (same drug)", pool, history)
    assert [c.arguments["target_seq"] for c in calls] == [target("SRC"), target("LCK")]


def test_a_fillers_it_is_no_molecule() -> None:
    """"and BBB while you're at it" after two molecules' runs asked which molecule "it" was."""
    pool = {"user_smiles": [drug("fluconazole"), drug("voriconazole")], "user_property": "logSolubility"}
    history = [ran("drug_property_prediction", "Same two, solubility now.",
                   {"drug_smiles": "(user_smiles)", "property": "logSolubility"})]
    [call] = plan_with("and BBB while you're at it", pool, history)
    assert call.arguments == {"drug_smiles": "(user_smiles)", "property": "p_np"}


def test_masks_said_with_mutate_and_with_a_condensed_formula() -> None:
    """"mutate only the N-methylpiperazine" gave no mask; "let the propionamide change (CH3CH2C(=O)NH)" asked for a
    cell line "CH3CH2C"."""
    [call] = plan_with("Optimize levofloxacin toward ln(IC50) 3.5 in A549, mutate only the N-methylpiperazine "
                       "(7 atoms), tricyclic core untouched.", {})
    assert call.arguments["mask"] == [0] * 19 + [1] * 7
    [call] = plan_with("Optimize ramelteon for U-2-OS to ln(IC50) 2.5: let the propionamide change (CH3CH2C(=O)NH), "
                       "ring system fixed", {})
    assert call.arguments["cell_line"] == "U-2-OS" and call.arguments["mask"] == [1] * 5 + [0] * 14


def test_a_monitoring_threshold_is_no_tool_question() -> None:
    """"what potassium level should make us hold the spironolactone?" ran a retrosynthesis of spironolactone."""
    assert plan_with("what potassium level should make us hold the spironolactone?", {}) == []


def test_kannada_albanian_and_tajik_words_of_this_round() -> None:
    """Kannada "ಕೊಬ್ಬಿನಲ್ಲಿ ಕರಗುವ ಗುಣ (logD 7.4)" (fat-soluble) ran solubility, "ರಕ್ತ-ಮೆದುಳು ತಡೆ" (blood-brain barrier)
    and "ಬಂಧಿಸುತ್ತವೆಯೇ" (do they bind) ran nothing, "ವಾಲ್ಪ್ರೊಯೇಟ್" (valproate) and "ಲ್ಯಾಮೊಟ್ರಿಜಿನ್" (lamotrigine,
    a later j for a soft g) were not read, nor was "Daoy ಗೆ" (for Daoy); Tajik "диабет" was read as the brand DiaBeta
    and "Ҳар яке бо дигарон" (each with the others) not at all."""
    [call] = plan_with("ಕ್ಲೋಪಿಡೋಗ್ರೆಲ್ ಮತ್ತು ಅಟೋರ್ವಾಸ್ಟಾಟಿನ್ — ಇವುಗಳ ಕೊಬ್ಬಿನಲ್ಲಿ ಕರಗುವ ಗುಣ (logD 7.4) ಹೋಲಿಸಿ.", {})
    assert call.arguments["property"] == "lipo"
    [call] = plan_with("ಲ್ಯಾಮೊಟ್ರಿಜಿನ್, ಕ್ಲೋಬಜಮ್ — ಈ ಅಪಸ್ಮಾರ ಔಷಧಿಗಳು ರಕ್ತ-ಮೆದುಳು ತಡೆ ದಾಟುತ್ತವೆಯೇ?", {})
    assert call.arguments == {"drug_smiles": [drug("lamotrigine"), drug("clobazam")], "property": "p_np"}
    [call] = plan_with("ಟೋಪಿರಮೇಟ್ ಮತ್ತು ವಾಲ್ಪ್ರೊಯೇಟ್ ಇವೆರಡೂ ನೀರಿನಲ್ಲಿ ಎಷ್ಟು ಕರಗುತ್ತವೆ? logS ಹೇಳಿ.", {})
    assert call.arguments["drug_smiles"] == [drug("topiramate"), drug("valproic acid")]
    [call] = plan_with("ಡಸಾಟಿನಿಬ್ ಮತ್ತು ಇಮಾಟಿನಿಬ್ — ಎರಡೂ KIT ಅನ್ನು ಬಂಧಿಸುತ್ತವೆಯೇ?", {})
    assert call.name == CLASSIFIER and call.arguments["target_seq"] == target("KIT")
    [call] = plan_with("Daoy ಗೆ ಹೊಸ ಅಣುಗಳು ರಚಿಸಿ, ಗುರಿ ln(IC50) -1.0.", {})
    assert call.arguments == {"cell_line": "Daoy", "zscore": -1.0}
    [call] = plan_with("Бемори диабет: метформин, глибенкламид ва эналаприл мегирад. Ҳар яке бо дигарон ҳамкорӣ дорад? "
                       "Ҳамаи ҷуфтҳоро санҷед.", {})
    assert len(call.arguments["smiles_pairs"]) == 3


def test_the_newly_ordered_drug_and_it_against_two_named_after() -> None:
    """"New order Diflucan 150 mg x1. Check it against her home Zoloft and her home Lipitor" and "Patient on tamoxifen.
    Check it against paroxetine and sertraline." paired the two drugs named after "against" with each other."""
    for text, first, others in (
            ("New order Diflucan 150 mg x1. Check it against her home Zoloft and her home Lipitor (2 pairs).",
             "fluconazole", ("sertraline", "atorvastatin")),
            ("Patient on tamoxifen. Check it against paroxetine and sertraline.", "tamoxifen",
             ("paroxetine", "sertraline")),
            ("home meds: furosemide, digoxin. new order: spironolactone. interactions?", "spironolactone",
             ("furosemide", "digoxin"))):
        [call] = plan_with(text, {})
        assert call.name == DDI and call.arguments["smiles_pairs"] == [[drug(first), drug(o)] for o in others]


def test_a_reply_that_says_to_go_by_the_name() -> None:
    """"take it by name" after "logD for this VE-821 string from our ELN: <a SMILES that does not parse>" asked
    again about the broken structure."""
    broken = "Nc1ncc(-c2ccc(S(C)(=O)=O)cc2)nc1C(=O)Nc1ccccc1)"
    earlier = [PastRequest("u", f"logD for this VE-821 string from our ELN: {broken}", answered=False)]
    [call] = plan_with("take it by name", {}, earlier)
    assert call.arguments == {"drug_smiles": [drug("VE-821")], "property": "lipo"}


def test_an_upload_against_the_new_order_and_brands_glossing_a_list() -> None:
    """"check every one of them against the new cipro 500 BID order" ran the target tool ("the new" between
    "against" and the drug); "zolpidem, eszopiclone and zaleplon (Ambien / Lunesta / Sonata)" asked for Sonata's
    structure; "which piperazine the model picks" added piperazine to a retrosynthesis."""
    meds = [drug("warfarin"), drug("omeprazole")]
    [call] = plan_with("check every one of them against the new cipro 500 BID order", {"upload_homemeds.csv": meds})
    assert call.name == DDI and {frozenset(p) for p in call.arguments["smiles_pairs"]} == {
        frozenset((m, drug("ciprofloxacin"))) for m in meds}
    text = ("zolpidem, eszopiclone and zaleplon (Ambien / Lunesta / Sonata). Do all three cross the BBB per your "
            "model?")
    assert decided(text) == "drug_property_prediction"
    [call] = plan_with("Retrosynthesis of gatifloxacin please; want to see which piperazine the model picks.", {})
    assert call.arguments == {"smiles_list": [drug("gatifloxacin")]}


def test_an_isoform_after_a_family_name_is_that_kinase() -> None:
    """"How strongly does staurosporine bind CK1 epsilon?" is CK1ε, not the CK1 family asked about."""
    [call] = plan_with("How strongly does staurosporine bind CK1 epsilon? pKd, it's our positive control.", {})
    assert call.arguments["target_seq"] == target("CSNK1E")
    assert decided("How strongly does staurosporine bind CK1 epsilon? pKd") == "drug_target_affinity_regression_predict"


def test_a_drug_without_a_structure_written_in_another_language_is_asked_about() -> None:
    """Albanian "tretshmërinë e vonoprazanit me atë të omeprazolit" and Tajik "Сутезолид ва линезолидро" ran
    omeprazole and linezolid alone: a drug the tables know without a structure was left as written, unread, and
    dropped, instead of asked about."""
    assert decided("Krahasoni tretshmërinë e vonoprazanit me atë të omeprazolit, për leksionin.") is None
    assert decided("Сутезолид ва линезолидро аз ҷиҳати липофилият (logD) муқоиса кунед.") is None
    [call] = plan_with("Линезолидро аз ҷиҳати липофилият (logD) ҳисоб кунед.", {})
    assert call.arguments == {"drug_smiles": [drug("linezolid")], "property": "lipo"}
