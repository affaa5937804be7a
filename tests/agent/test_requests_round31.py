"""Requests of the thirty-first round."""

from __future__ import annotations

from planning_support import decided, drug, plan_with

from agent.vocabulary import in_english

PROPERTY = "drug_property_prediction"


def test_requests_in_icelandic_estonian_nepali_and_yoruba() -> None:
    """Four more languages the labs write in, read only in a message written in them (no benchmark message in another
    language reads differently); Icelandic and Estonian decline drug names ("warfaríni", "imatiniibiga") and Estonian
    puts a case ending after a hyphen ("EGFR-iga": with EGFR)."""
    assert "olaparib" in in_english("Hvert er pKa ólaparíbs?")  # a drug name accented as Icelandic writes it
    icelandic = in_english("Sæl! Hversu leysanlegt er warfaríni í vatni?")
    assert "how soluble is warfarin in water" in icelandic
    estonian = in_english("Palun ennusta tsisplatiini ja imatiniibiga lahustuvus vees. Kas see seondub EGFR-iga?")
    assert "cisplatin and imatinib aqueous solubility" in estonian and "binds EGFR ?" in estonian
    assert "please check" in in_english("yo molecule ko solubility kati cha? kripaya herdinus")
    assert "aspirin and caffeine" in in_english("Ẹ jọ̀ọ́, check the BBB for aspirin àti caffeine, abi?")
    # other languages' messages are read as before: Italian "E se" is no Yoruba thanks, Hindi "ho" no Nepali
    assert in_english("E se trocar a amiodarona por dronedarona?").startswith("E se")
    assert "HO keh raha" in in_english("HO keh raha hai domperidone de do, ho gaye")
    [call] = plan_with("Vinsamlegast: hversu leysanlegt er íbúprófen?", {})
    assert call.name == PROPERTY and call.arguments == {"drug_smiles": [drug("ibuprofen")],
                                                        "property": "logSolubility"}


def test_a_languages_own_words_are_no_drugs_and_estonian_declension() -> None:
    """Icelandic "Þurfum töluna" (we need the number) read as toluene; Estonian voices a final t before an ending
    ("metotreksaadi", "fulvestrandile") and puts a case ending after a hyphen ("ERBB2-ga", "DAVIS-e ABL1")."""
    assert "toluene" not in in_english("Hvernig bregst MDA-MB-436 við PARP-hemlinum? Þurfum töluna fyrir fundinn.")
    assert "methotrexate" in in_english("Metotreksaadi ln(IC50) Jurkati rakuliinis, palun.")
    assert "fulvestrant" in in_english("lipofiilsus (logD) tamoksifeenile ja fulvestrandile, palun")
    assert in_english("ERBB2-ga").strip() == "ERBB2"
    # Nepali puts "instead of" after what is replaced
    assert "levofloxacin instead of Ciprofloxacin" in in_english("Ciprofloxacin ko satta levofloxacin diye ni?")


def test_words_that_name_no_cell_line_and_no_drug() -> None:
    """"Packaging line handles sunitinib … does sunitinib interact with KIT?" ran a drug response; "second line" is a
    line of therapy; "serotonin toxicity" is a syndrome, no drug to ask about; "DEV-118:" heads a message with the
    thread's code; "for the CML seminar" names a cancer, no target."""
    assert decided("Packaging line handles sunitinib. Binary question for the hazard assessment: does sunitinib "
                   "interact with KIT?") == "drug_target_classification_predict"
    assert decided("PM-24-0342: serotonin toxicity is on the pathologist's list. Tramadol was found together with "
                   "sertraline and mirtazapine. Please score tramadol+sertraline and tramadol+mirtazapine.") \
        == "drug_drug_response_predict"
    upload = {"upload_DEV-118_peaks.csv": ["CCO", "CCN"]}
    assert decided("DEV-118: I've uploaded DEV-118_peaks.csv with the two proposed structures. logD for both.",
                   upload) == "drug_property_prediction"
    assert decided("pKd of imatinib, nilotinib and dasatinib on ABL1, for the CML seminar") \
        == "drug_target_affinity_regression_predict"


def test_questions_no_tool_answers() -> None:
    """Exposure limits, cleaning limits, dissolution rates and questions about how a model was built or what a result
    lets one claim are answered in words, never by running the property the question names."""
    pool = {"user_smiles": ["CCO", "CCN"], "user_property": "p_np", "drug_property_prediction_result": [{"row": 1}]}
    for question in ("And what's the TLV for styrene these days?", "So should it go in OEB 4 or OEB 5?",
                     "What PDE should we set for 4-aminophenol in the cleaning limits?",
                     "Intrinsic dissolution rate of atorvastatin calcium, batch ATV-1145?",
                     "what's the label source for CT_TOX, and how was the train/test split done for your model?",
                     "Can we say 'brain-penetrant' in the specification on the strength of that?"):
        assert decided(question, pool) is None, question


def test_one_row_against_the_others_and_a_question_the_run_answers() -> None:
    """"Check the first drug on the list against each of the other two" pairs that row with each other row of the
    thread's list; "which of the two is more lipophilic? logD for both" runs both."""
    upload = {"upload_screen.csv": ["CCO", "CCN", "CCC"]}
    [call] = plan_with("Check the first drug on the list against each of the other two.", upload)
    assert call.arguments["smiles_pairs"] == [["CCO", "CCN"], ["CCO", "CCC"]]
    pool = {"user_smiles": ["CC(=O)OC1=CC=CC=C1C(O)=O", "OC(=O)C1=CC=CC=C1O"], "user_property": "logSolubility",
            "drug_property_prediction_result": [{"smiles": "CC(=O)OC1=CC=CC=C1C(O)=O", "prediction": -1.7},
                                                {"smiles": "OC(=O)C1=CC=CC=C1O", "prediction": -1.9}]}
    [call] = plan_with("Now which of the two is more lipophilic? logD for both", pool)
    assert call.arguments == {"drug_smiles": "(user_smiles)", "property": "lipo"}


def test_a_drug_checked_against_ethanol() -> None:
    """"Check olanzapine against ethanol too, BAC was 1.9 g/L" asked nothing: ethanol is read only beside other drugs
    ("olanzapine with ethanol"), and "against" now joins them as "with" does; checking one drug against another is a
    pair to run."""
    [call] = plan_with("fine. Check olanzapine against ethanol too, BAC was 1.9 g/L", {})
    assert call.name == "drug_drug_response_predict"
    assert call.arguments["smiles_pairs"] == [[drug("olanzapine"), "CCO"]]


def test_a_ph_after_logd_at_and_an_estonian_postposition() -> None:
    """"Same three, now logD at 7.4." ran a design with goal 7.4; "genereeri molekule KELLY jaoks" (for KELLY) found
    no line; "BP/cholesterol ko aushadhi" (BP and cholesterol medicines) asked about cholesterol as a drug."""
    pool = {"user_smiles": ["CCO", "CCN", "CCC"], "user_property": "logSolubility",
            "drug_property_prediction_result": [{"row": 1}]}
    [call] = plan_with("Same three, now logD at 7.4.", pool)
    assert call.arguments == {"drug_smiles": "(user_smiles)", "property": "lipo"}
    [call] = plan_with("Neuroblastoom: genereeri molekule KELLY jaoks, siht -2.", {})
    assert call.arguments == {"cell_line": "KELLY", "zscore": -2.0}
    assert decided("atorvastatin, amlodipine ra losartan — teen wata BP/cholesterol ko aushadhi. lipophilicity "
                   "(logD 7.4) kati kati cha?") == PROPERTY


def test_a_name_of_several_molecules_is_asked_about() -> None:
    """"logD of vitamin K" ran phytonadione and "water solubility of vitamin B?" cyanocobalamin: names of several
    molecules are asked about, naming them; a message that names the one meant ("Vitamin B3 (nicotinic acid)") runs
    it, and nicotinamide and phytonadione are read by their own names."""
    from model_zoo.names.drugs import resolve_drug
    from model_zoo.names.types import Unresolved

    asked = resolve_drug("vitamin K")
    assert isinstance(asked, Unresolved) and any(o.startswith("menadione (") for o in asked.closest)
    assert decided("logD of vitamin K for the bone-health softgel?") is None
    [call] = plan_with("Vitamin B3 (nicotinic acid): what would a one-step synthesis start from?", {})
    assert call.arguments == {"smiles_list": [drug("niacin")]}
    [call] = plan_with("And the logS of niacin vs nicotinamide?", {})
    assert call.arguments["drug_smiles"] == [drug("niacin"), drug("nicotinamide")]
