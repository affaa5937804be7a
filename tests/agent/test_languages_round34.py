"""Welsh, Uzbek and Macedonian requests: each read only in a message written in it, with the drug names as it
mutates, suffixes or articles them ("ei gaffein", "imatinibni", "ибупрофенот")."""

from __future__ import annotations

from planning_support import drug, plan_with

from agent.vocabulary import in_english

PROPERTY = "drug_property_prediction"
PAIRS = "drug_drug_response_predict"


def test_welsh_words_and_mutated_drug_names() -> None:
    assert in_english("Beth yw hydoddedd caffein, os gwelwch yn dda?") == "what is solubility caffeine, please ?"
    assert in_english("A oes rhyngweithio rhwng warfarin a pharasetamol?") == \
        "is there interaction between warfarin and paracetamol?"
    # soft, aspirate and nasal mutations undone where a drug name comes of it
    mutated = in_english("Rhagfynegwch hydoddedd ei gaffein a'i pharasetamol, diolch.")
    assert mutated.startswith("predict solubility its caffeine and paracetamol") and mutated.endswith("thanks .")
    assert "metformin and tamoxifen" in in_english("Cymharwch wenwyndra ei fetformin a thamoxifen.")
    assert "gefitinib" in in_english("Rhagfynegwch ymateb ei efitinib yng nghelloedd A549.")
    assert in_english("Defnyddiwch erlotinib yn lle gefitinib yng nghelloedd A549, os gwelwch yn dda.") == \
        "use erlotinib instead of gefitinib in cells A549, please ."
    assert "binding affinity between imatinib and ABL1" in in_english(
        "Cyfrifwch yr affinedd rhwymo rhwng imatinib ac ABL1.")
    assert "blood-brain barrier" in in_english("Pa un o'r moleciwlau a gynhyrchwyd sy'n croesi'r rhwystr "
                                               "gwaed-ymennydd?")


def test_uzbek_words_suffixes_and_postpositions() -> None:
    assert in_english("Iltimos, ibuprofenning eruvchanligini hisoblang.") == "please , ibuprofen solubility calculate ."
    # "bilan" after its noun, "o'rniga" after what it replaces
    assert in_english("Varfarin aspirin bilan o'zaro ta'sir qiladimi?") == "warfarin with aspirin do they interact ?"
    assert in_english("Imatinib o'rniga nilotinib bilan ABL1 ga bog'lanishni hisoblang.").startswith(
        "nilotinib instead of imatinib with ABL1")
    # between two names "bilan" joins them where it stands
    assert "aspirin with warfarin interaction" in in_english("Iltimos, aspirin bilan varfarin o'zaro ta'sirini "
                                                             "tekshiring.")
    assert in_english("A549 hujayralarida imatinibning IC50 qiymatini bashorat qiling.").startswith(
        "A549 in cells imatinib IC50 value predict")
    assert "K562 " in in_english("Iltimos, K562-da imatinibni va dasatinibni solishtiring.")
    assert in_english("Aspirindan tashqari barcha dorilarning toksikligini tekshiring.").startswith(
        "except aspirin all drugs toxicity check")
    assert in_english("Sisplatinga A2780 hujayralarining sezgirligini bashorat qiling.").startswith("cisplatin A2780")


def test_macedonian_words_and_articles() -> None:
    assert in_english("Колку е растворлив ибупрофенот? Ве молам пресметај.") == \
        "how soluble is ibuprofen? please calculate ."
    assert in_english("Пресметај ја растворливоста на метформинот, ве молам.").endswith(
        "the solubility of metformin, please .")
    assert in_english("Kolku e rastvorliv ibuprofenot, ve molam?") == "how soluble is ibuprofen, please ?"
    assert in_english("Наместо гефитинибот, предвиди го одговорот на A549 за ерлотиниб.").startswith(
        "instead of gefitinib, predict")
    assert in_english("Дали лекот минува низ крвно-мозочната бариера? Благодарам.") == \
        "whether the drug crosses the blood-brain barrier ? thanks ."
    # an article on a name is read without a word of the language beside it
    assert "warfarin" in in_english("варфаринот и аспиринот?") and "aspirin" in in_english("варфаринот и аспиринот?")


def test_whole_requests_planned() -> None:
    [call] = plan_with("Rhagfynegwch hydoddedd ei gaffein, os gwelwch yn dda.", {})
    assert call.name == PROPERTY and call.arguments["drug_smiles"] == [drug("caffeine")]
    [call] = plan_with("A oes rhyngweithio rhwng warfarin a pharasetamol?", {})
    assert call.name == PAIRS and call.arguments["smiles_pairs"] == [[drug("warfarin"), drug("paracetamol")]]
    [call] = plan_with("Iltimos, ibuprofenning suvda eruvchanligini hisoblang.", {})
    assert call.name == PROPERTY and call.arguments["drug_smiles"] == [drug("ibuprofen")]
    [call] = plan_with("Varfarinni aspirin bilan o'zaro ta'sirini tekshiring.", {})
    assert call.name == PAIRS and call.arguments["smiles_pairs"] == [[drug("warfarin"), drug("aspirin")]]
    [call] = plan_with("Колку е растворлив ибупрофенот во вода? Ве молам.", {})
    assert call.name == PROPERTY and call.arguments["drug_smiles"] == [drug("ibuprofen")]
    [call] = plan_with("Дали варфаринот има интеракција со аспиринот?", {})
    assert call.name == PAIRS and call.arguments["smiles_pairs"] == [[drug("warfarin"), drug("aspirin")]]


def test_other_languages_read_as_before() -> None:
    """Bulgarian, Serbian, Russian, Ukrainian, Turkish, Persian and English messages read no new language."""
    assert in_english("Взаимодействат ли варфаринът и аспиринът?") == "do they interact warfarin and aspirin?"
    assert in_english("Колко е разтворим ибупрофенът? Моля, изчислете.") == \
        "how soluble is ibuprofen? please , calculate ."
    assert in_english("Da li se imatinib vezuje za ABL1?").endswith("imatinib binds to ABL1?")
    assert in_english("Какова растворимость ибупрофена?") == "Какова solubility ibuprofen?"
    assert in_english("Чи взаємодіє варфарин з аспірином?") == "whether взаємодіє warfarin with aspirin?"
    assert in_english("Gefitinib'in A549'da IC50 değeri ne?") == "Gefitinib A549 cells IC50 değeri ne?"
    assert in_english("Bu ilacın çözünürlüğü nedir? Lütfen EGFR'a bağlanmasını tahmin et.").startswith(
        "Bu ilacın solubility nedir? please EGFR")
    for english in ("What is the solubility of caffeine? Thanks.", "3 yr old, 5 yr history: faint band, ask Olaf.",
                    "Check warfarin with aspirin, then run BBB for the first two."):
        assert in_english(english) == english
