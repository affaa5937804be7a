"""Irish, Kazakh and Hausa requests: each read only in a message written in it, with the drug names as it mutates,
suffixes or spells them ("bparaicéiteamól", "ибупрофеннің", "asfirin")."""

from __future__ import annotations

from planning_support import drug, plan_with

from agent.vocabulary import in_english

PROPERTY = "drug_property_prediction"
PAIRS = "drug_drug_response_predict"
CELLS = "drug_cell_response_regression_predict"


def test_irish_words_and_mutated_drug_names() -> None:
    assert in_english("Cad é intuaslagthacht an chaiféin, le do thoil?") == \
        "what is solubility the caffeine, please ?"
    assert in_english("An bhfuil idirghníomhaíocht idir warfarin agus aspairín?") == \
        "is interaction between warfarin and aspirin?"
    # its spellings, eclipsis, lenition and the h, n- and t- before a vowel undone where a drug name comes of it
    assert "solubility the paracetamol and a ibuprofen" in in_english(
        "Déan tuar ar intuaslagthacht an bparaicéiteamól agus a hibuprofen.")
    assert "toxicity the metformin and the tamoxifen compare" in in_english(
        "Cuir tocsaineacht na meatformin agus an tamocsaifein i gcomparáid.")
    assert "solubility our ibuprofen" in in_english("Cad é intuaslagthacht ár n-ibuprofen?")
    assert "aspirin the blood-brain barrier" in in_english("An dtrasnaíonn an t-aspairín an bhacainn fhuil-inchinne?")
    assert in_english("Úsáid erlotinib in ionad gefitinib i gcealla A549, le do thoil.") == \
        "use erlotinib instead of gefitinib in cells A549, please ."
    assert in_english("Ríomh an cleamhnas ceangail idir imatinib agus ABL1.") == \
        "calculate the binding affinity between imatinib and ABL1."
    # its "í" and "á" are no Icelandic
    assert in_english("Tuar í, le do thoil: an bhfuil sé á thuar?") == "predict it , please : is it  thuar?"


def test_kazakh_words_suffixes_and_postpositions() -> None:
    assert in_english("Ибупрофеннің ерігіштігін есептеңіз, өтінемін.") == \
        "ibuprofen solubility calculate , please ."
    assert in_english("Варфарин мен аспириннің өзара әрекеттесуін тексеріңіз.") == \
        "warfarin and aspirin interaction check ."
    assert in_english("A549 жасушаларында иматинибтің IC50 мәнін болжаңыз.") == \
        "A549 in cells imatinib IC50 value predict ."
    # its suffix after a hyphen dropped, "орнына" and "үшін" after what they govern, "басқа" after an ablative
    assert in_english("A549-да иматинибті және дазатинибті салыстырыңыз.") == "A549 imatinib and dasatinib compare ."
    assert in_english("Гефитинибтің орнына эрлотиниб A549 үшін қолданыңыз.") == \
        "erlotinib instead of gefitinib for A549 use ."
    assert in_english("Аспириннен басқа барлық дәрілердің уыттылығын тексеріңіз.").startswith("except aspirin all")
    assert in_english("Иматинибтің ABL1-мен байланысу жақындығын есептеңіз.") == \
        "imatinib ABL1 binding affinity calculate ."
    # its words are read before the names: "қосылыстың" (of the compound) is no name
    assert in_english("Осы қосылыстың уыттылығы қандай?") == "this of the compound toxicity what ?"


def test_hausa_words_and_drug_names() -> None:
    assert in_english("Don Allah, menene narkewar asfirin?") == "please , what is solubility aspirin?"
    assert in_english("Akwai hulɗa tsakanin warfarin da asfirin?") == \
        "is there interaction between warfarin and aspirin?"
    assert in_english("Yi hasashen gubar maganin fanadol, na gode.") == "predict toxicity drug panadol, thanks ."
    assert in_english("Yaya ƙarfin ɗaurewa tsakanin imatinib da ABL1?") == \
        "how binding affinity between imatinib and ABL1?"
    assert in_english("Yi amfani da erlotinib maimakon gefitinib a cikin kwayoyin halitta A549.") == \
        "use erlotinib instead of gefitinib in cells A549."
    # its "ka", "ki", "ko" are no Hinglish, and an s for a soft c is read
    assert in_english("Don Allah ka kwatanta siprofloksasin ko levofloxacin.") == \
        "please  compare ciprofloxacin or levofloxacin."


def test_whole_requests_planned() -> None:
    [call] = plan_with("Déan tuar ar intuaslagthacht an chaiféin, le do thoil.", {})
    assert call.name == PROPERTY and call.arguments["drug_smiles"] == [drug("caffeine")]
    [call] = plan_with("An bhfuil idirghníomhaíocht idir warfarin agus aspairín?", {})
    assert call.name == PAIRS and call.arguments["smiles_pairs"] == [[drug("warfarin"), drug("aspirin")]]
    [call] = plan_with("Tuar freagairt ghefitinib i gcealla A549, le do thoil.", {})
    assert call.name == CELLS and call.arguments["drug_smiles"] == [drug("gefitinib")]
    assert call.arguments["cell_name"] == "A549"
    [call] = plan_with("Ибупрофеннің суда ерігіштігін есептеңіз, өтінемін.", {})
    assert call.name == PROPERTY and call.arguments["drug_smiles"] == [drug("ibuprofen")]
    [call] = plan_with("Варфарин мен аспириннің өзара әрекеттесуін тексеріңіз.", {})
    assert call.name == PAIRS and call.arguments["smiles_pairs"] == [[drug("warfarin"), drug("aspirin")]]
    [call] = plan_with("A549 жасушаларында иматинибтің IC50 мәнін болжаңыз.", {})
    assert call.name == CELLS and call.arguments["drug_smiles"] == [drug("imatinib")]
    assert call.arguments["cell_name"] == "A549"
    [call] = plan_with("Don Allah, menene narkewar asfirin?", {})
    assert call.name == PROPERTY and call.arguments["drug_smiles"] == [drug("aspirin")]
    [call] = plan_with("Akwai hulɗa tsakanin warfarin da asfirin?", {})
    assert call.name == PAIRS and call.arguments["smiles_pairs"] == [[drug("warfarin"), drug("aspirin")]]
    [call] = plan_with("Yi hasashen amsar kwayoyin halitta A549 ga imatinib, don Allah.", {})
    assert call.name == CELLS and call.arguments["drug_smiles"] == [drug("imatinib")]
    assert call.arguments["cell_name"] == "A549"


def test_other_languages_read_as_before() -> None:
    """Russian, Ukrainian, Bulgarian, Macedonian, Icelandic, Hinglish, Welsh, Tagalog and English messages read no new
    language."""
    assert in_english("Какова растворимость ибупрофена?") == "Какова solubility ibuprofen?"
    assert in_english("Чи взаємодіє варфарин з аспірином?") == "whether взаємодіє warfarin with aspirin?"
    assert in_english("Колко е разтворим ибупрофенът? Моля, изчислете.") == \
        "how soluble is ibuprofen? please , calculate ."
    assert in_english("Колку е растворлив ибупрофенот? Ве молам пресметај.") == \
        "how soluble is ibuprofen? please calculate ."
    assert in_english("Hversu leysanlegt er koffín í vatni?") == "how soluble is koffín in water ?"
    assert in_english("aspirin ka solubility kitna hai?") == "aspirin  solubility how much is ?"
    assert in_english("Beth yw hydoddedd caffein, os gwelwch yn dda?") == "what is solubility caffeine, please ?"
    for english in ("What is the solubility of caffeine? Thanks.", "Is there an interaction between warfarin and "
                    "aspirin? Wane, gin and an n-octanol wash, ach.", "Check A549 for imatinib, then run BBB."):
        assert in_english(english) == english
