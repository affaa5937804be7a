"""Irish, Kazakh and Hausa requests: each read only in a message written in it, with the drug names as it mutates,
suffixes or spells them ("bparaicéiteamól", "ибупрофеннің", "asfirin")."""

from __future__ import annotations

from planning_support import decided, drug, plan_with, ran

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


OPTIMIZE = "drug_cell_response_regression_optimization"
AFFINITY = "drug_target_affinity_regression_predict"
CLASSIFY = "drug_target_classification_predict"
GEFITINIB_MORPHOLINE_FREE = [0] * 25 + [1] * 6  # gefitinib's morpholine ring may change, nothing else


def test_irish_parts_keep_and_change_phrasings_properties_and_follow_ups() -> None:
    """Its words for a molecule's parts, named after the word for them ("fáinne an mhorfailín": the ring of the
    morpholine, "croí cuinasóilín"), "coinnigh … mar atá" (keep as is), "níl cead athraithe ach ag" (only … is allowed
    to change), "lig d'… amháin athrú" (let only … change), "bacainne fuil-inchinne", "intuaslagacht", "déan X ina
    áit" (do X instead), "mar sin" (then), and "nicitín" (nicotine)."""
    assert in_english("Coinnigh an croí cuinasóilín agus an anailín mar atá; níl cead athraithe ach ag fáinne an "
                      "mhorfailín.") == \
        "keep the quinazoline core and the aniline as is ; only allowed to change the morpholine ring ."
    assert in_english("lig d'fháinne an mhorfailín amháin athrú.") == "let only the morpholine ring change ."
    assert in_english("An dtéann caiféin agus nicitín trasna na bacainne fuil-inchinne? Dóchúlacht do gach ceann.") == \
        "does caffeine and nicotine cross the blood-brain barrier ? probability for each one ."
    assert in_english("Tuar intuaslagacht docetaxel in uisce, le do thoil.") == \
        "predict solubility docetaxel in water , please ."
    assert in_english("Ceart go leor, déan lapatinib ina áit.") == "ok , do lapatinib instead ."
    assert in_english("Déan dabrafenib, mar sin.") == "do dabrafenib, then ."
    [call] = plan_with("Barrfheabhsaigh gefitinib do A549, sprioc ln(IC50) -2.0. Coinnigh an croí cuinasóilín agus an "
                       "anailín mar atá; níl cead athraithe ach ag fáinne an mhorfailín.", {})
    assert call.name == OPTIMIZE and call.arguments["mask"] == GEFITINIB_MORPHOLINE_FREE
    [call] = plan_with("Barrfheabhsaigh gefitinib do NCI-H1975, ln(IC50) -1.5; lig d'fháinne an mhorfailín amháin "
                       "athrú.", {})
    assert call.arguments["mask"] == GEFITINIB_MORPHOLINE_FREE and call.arguments["cell_line"] == "NCI-H1975"
    [call] = plan_with("An dtéann caiféin agus nicitín trasna na bacainne fuil-inchinne?", {})
    assert call.arguments == {"drug_smiles": [drug("caffeine"), drug("nicotine")], "property": "p_np"}
    earlier = ran(PROPERTY, "An dtéann tamoxifen trasna na bacainne fuil-inchinne?",
                  {"drug_smiles": [drug("tamoxifen")], "property": "p_np"})
    [call] = plan_with("Ceart go leor, déan lapatinib ina áit.", {}, [earlier])
    assert call.arguments == {"drug_smiles": [drug("lapatinib")], "property": "p_np"}
    earlier = ran(OPTIMIZE, "Barrfheabhsaigh gefitinib do A549, ln(IC50) -2.",
                  {"gt": drug("gefitinib"), "cell_line": "A549", "zscore": -2.0})
    [call] = plan_with("Fáinne an mhorfailín amháin, le do thoil; coinnigh an chuid eile.", {}, [earlier])
    assert call.arguments["mask"] == GEFITINIB_MORPHOLINE_FREE


def test_kazakh_parts_keep_and_change_phrasings_properties_and_follow_ups() -> None:
    """Its "сақинасы" (ring), "тек X өзгерсін/өзгереді" (only X may change), "қалғаны сол күйі" (the rest as is),
    "ми-қан тосқауылы", "оптимизациялайық" (not Russian "оптимизация"), "Ал X-ке ше?" (and what about X?), "Сол" (the
    same), "алғашқы екеуінің" (of the first two), a dose question, and "5-фторурацил" ("фтор": fluoro)."""
    assert in_english("Тек морфолин сақинасы өзгерсін, қалғаны сол күйі.") == \
        "only morpholine ring may change , the rest as is ."
    assert in_english("Үшеуінің қайсысы ми-қан тосқауылынан өтеді: кофеин, ибупрофен?") == \
        "of the three which one the blood-brain barrier crosses : koffein, ibuprofen?"
    assert in_english("Ал KIT-ке ше? Сол иматиниб.") == "and what about KIT? the same imatinib."
    assert in_english("Сол линияда 5-фторурацил мен гемцитабинді де салыстыршы.") == \
        "in the same line 5-fluoruracil and gemcitabine also compare ."
    assert in_english("Онда варфарин дозасын неше мг-ға азайту керек?") == \
        "then warfarin the dose by how many mg should be reduced ?"
    assert plan_with("Онда варфарин дозасын неше мг-ға азайту керек?", {}) == []
    [call] = plan_with("Гефитинибті A549-ке оптимизациялайық: тек морфолин сақинасы өзгереді, қалған бөлігі сол күйі "
                       "қалсын. Мақсат ln(IC50) = -2.", {})
    assert call.name == OPTIMIZE and call.arguments["mask"] == GEFITINIB_MORPHOLINE_FREE
    [call] = plan_with("Гефитинибті A549-ке оптимизацияла: тек морфолин сақинасы өзгерсін, мақсат ln(IC50) -2,5.", {})
    assert call.arguments["mask"] == GEFITINIB_MORPHOLINE_FREE and call.arguments["zscore"] == -2.5
    [call] = plan_with("Үшеуінің қайсысы ми-қан тосқауылынан өтеді: кофеин, ибупрофен, парацетамол?", {})
    assert call.arguments["property"] == "p_np" and len(call.arguments["drug_smiles"]) == 3
    earlier = ran(AFFINITY, "Иматинибтің ABL1-мен байланысу жақындығын есептеңіз.",
                  {"drug_smiles": [drug("imatinib")], "target_seq": "(user_target)"})
    [call] = plan_with("Ал KIT-ке ше? Сол иматиниб.", {}, [earlier])
    assert call.name == AFFINITY and call.arguments["drug_smiles"] == [drug("imatinib")]
    earlier = ran(CELLS, "A549 жасушаларында цисплатинді болжаңыз.", {"drug_smiles": [drug("cisplatin")],
                                                                       "cell_name": "A549"})
    [call] = plan_with("Сол линияда 5-фторурацил мен гемцитабинді де салыстыршы.", {}, [earlier])
    assert call.arguments == {"drug_smiles": [drug("fluorouracil"), drug("gemcitabine")], "cell_name": "A549"}
    values = {"user_smiles": [drug("aspirin"), drug("ibuprofen"), drug("caffeine")]}
    earlier = ran(PROPERTY, "Аспирин, ибупрофен, кофеин: липофильділігін есептеңіз.",
                  {"drug_smiles": "(user_smiles)", "property": "lipo"})
    [call] = plan_with("Жақсы. Тек алғашқы екеуінің ерігіштігін (logS) қарашы, қалғандары керек емес.", values,
                       [earlier])
    assert call.arguments == {"drug_smiles": [drug("aspirin"), drug("ibuprofen")], "property": "logSolubility"}


def test_hausa_parts_keep_and_change_phrasings_interactions_and_doses() -> None:
    """Its "zoben" (the ring of) and "ƙungiyar" (the group of) before a part's name, "X kaɗai/kawai" (only X), "ka
    canza … sauran su tsaya" (change … the rest stay), "ka bar komai sai" (leave everything but), "mu'amala",
    "mara lafiya", "haɗari idan aka haɗa su", a dose question ("wane adadin … ya kamata mu rage"), and "kloroquin"."""
    assert in_english("Zoben morpholine kawai") == "only the morpholine ring"
    assert in_english("ka canza zoben morpholine kaɗai, sauran su tsaya.") == \
        " change only the morpholine ring , the rest stay ."
    assert in_english("Ka duba ko sulfadoxine da pyrimethamine za su yi mu'amala da juna.") == \
        " check whether sulfadoxine and pyrimethamine will interact with each other ."
    assert in_english("To, wane adadin phenytoin ya kamata mu rage masa?") == \
        "To, what dose of phenytoin should we reduce for him ?"
    [call] = plan_with("Akwai matsala idan mara lafiya yana shan warfarin sai aka ƙara masa kloroquin? Ka duba "
                       "mu'amalarsu (DrugBank).", {})
    assert call.name == PAIRS and call.arguments["smiles_pairs"] == [[drug("warfarin"), drug("chloroquine")]]
    [call] = plan_with("Mara lafiya yana shan carbamazepine da phenytoin tare. Ka duba mu'amalarsu.", {})
    assert call.arguments["smiles_pairs"] == [[drug("carbamazepine"), drug("phenytoin")]]
    [call] = plan_with("Mara lafiya yana shan rifampicin, kuma yana shan fluconazole. Akwai haɗari idan aka haɗa su?",
                       {})
    assert call.name == PAIRS
    [call] = plan_with("Don Allah ka gyara gefitinib don MCF7: ka canza zoben morpholine kaɗai, sauran su tsaya. "
                       "ln(IC50) -1.5 muke so.", {})
    assert call.name == OPTIMIZE and call.arguments["mask"] == GEFITINIB_MORPHOLINE_FREE
    [call] = plan_with("Ka gyara tamoxifen don T47D zuwa ln(IC50) -1, amma ka bar komai sai ƙungiyar dimethylamino",
                       {})
    assert call.arguments["mask"] == [0] * 19 + [1] * 3 + [0] * 6  # the N(CH3)2 alone may change
    earlier = ran(PAIRS, "Mara lafiya yana shan carbamazepine da phenytoin tare. Ka duba mu'amalarsu.",
                  {"smiles_pairs": [[drug("carbamazepine"), drug("phenytoin")]]})
    assert plan_with("To, wane adadin phenytoin ya kamata mu rage masa?", {}, [earlier]) == []
    earlier = ran(OPTIMIZE, "Ka gyara gefitinib don A549 zuwa ln(IC50) -2.",
                  {"gt": drug("gefitinib"), "cell_line": "A549", "zscore": -2.0})
    [call] = plan_with("Zoben morpholine kawai", {}, [earlier])
    assert call.arguments["mask"] == GEFITINIB_MORPHOLINE_FREE


def test_an_irish_dose_question_runs_nothing() -> None:
    pairs = {"user_smiles_pairs": [[drug("warfarin"), drug("aspirin")]]}
    assert decided("Cé mhéad aspairín is féidir léi a ghlacadh go sábháilte mar sin?", pairs) is None
