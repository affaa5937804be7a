"""Telugu, Kyrgyz and Tigrinya requests, second part: Kyrgyz's "only" after the part it restricts and the Russian
spellings of a part it writes ("метиламид", "фторфенил"), drug names written as two words, and the word order and
words of follow-ups in the three languages."""

from __future__ import annotations

from planning_support import decided, drug, plan_with
from language_support import OPTIMIZE

from agent.vocabulary import in_english


def _freed(text: str, name: str, cell: str) -> list[int]:
    [call] = plan_with(text, {})
    assert call.name == OPTIMIZE and call.arguments["gt"] == drug(name) and call.arguments["cell_line"] == cell
    return [i for i, bit in enumerate(call.arguments["mask"]) if bit]


def test_kyrgyz_only_after_the_part_and_its_russian_part_spellings() -> None:
    # "гана" (only) after the part and its group or ring word; not "бир гана" (only one), nor "… гана эмес" (not only)
    assert " ".join(in_english("Метиламид тобун гана өзгөртүңүз").split()) == "only metilamid group change"
    assert "aspirin only" in in_english("аспирин гана эмес")
    # "-амид" is an amide, "фтор-" a fluoro ("metilamid", "ftorfenil" in Latin letters)
    assert _freed("Сорафенибди A549 үчүн оптималдаштырыңыз, максат ln(IC50) -2. Метиламид тобун гана өзгөртүүгө "
                  "уруксат, калганы ошол бойдон калсын.", "sorafenib", "A549") == [0, 1, 2, 3]
    assert _freed("Гефитинибди A549 үчүн оптималдаштырыңыз, максат ln(IC50) -2. Морфолин шакекчесин гана "
                  "өзгөртүүгө болот.", "gefitinib", "A549") == [25, 26, 27, 28, 29, 30]
    assert _freed("Кабозантинибди HuH-7 үчүн оптималдаштырыңыз, максат ln(IC50) -2. Фторфенил шакекчесин гана "
                  "өзгөртүүгө уруксат.", "cabozantinib", "HuH-7") == list(range(30, 37))


def test_a_prodrug_named_with_its_promoiety_is_asked_about() -> None:
    from model_zoo.names.cyrillic import from_cyrillic

    # "tenofovir alafenamide" is another drug than tenofovir (no structure shipped), as "cefetamet pivoxil" is
    for text in ("Check the interaction of tenofovir alafenamide with rifampicin.",
                 "Does cefetamet pivoxil interact with warfarin?"):
        assert decided(text) is None
    # Cyrillic writes the two words by sound, and declines the second
    assert from_cyrillic("Тенофовир алафенамид менен") == "tenofovir alafenamide менен"
    assert from_cyrillic("тенофовира дизопроксила с рифампицином") .startswith("tenofovir disoproxil с rifampicin")
    assert decided("Тенофовир алафенамид менен рифампициндин өз ара аракеттенүүсүн текшерип бериңиз.") is None


def test_telugu_names_of_two_words() -> None:
    from model_zoo.names.telugu import from_telugu

    # a word that spells no name alone, read with the next ("యాసిడ్": acid, its first "యా" an English a)
    assert from_telugu("మైకోఫెనోలిక్ యాసిడ్, వాల్ప్రోయిక్ యాసిడ్") == "mycophenolic acid, valproic acid"
    assert from_telugu("మిథైల్ ప్రెడ్నిసోలోన్") == "methylprednisolone"
    [call] = plan_with("ఆస్పిరిన్, మైకోఫెనోలిక్ యాసిడ్ — ఈ రెండూ blood-brain barrier దాటుతాయా?", {})
    assert call.arguments["drug_smiles"] == [drug("aspirin"), drug("mycophenolic acid")]


def test_kyrgyz_words_of_cells_scores_and_picks() -> None:
    from planning_support import asks_the_cells
    from language_support import runs_nothing

    asks_the_cells("Иматиниб K-562 клеткаларына канчалык күчтүү таасир этет? ln(IC50) менен айтып бериңиз.",
                   "imatinib", "K-562")
    # a clinical score no tool computes
    runs_nothing("Парацетамол + алкоголь алган бейтап үчүн RUCAM шкаласы боюнча гепатотоксикалуулук баллын эсептеп "
                 "бериңизчи.")
    assert " ".join(in_english("Эң жогорку ыктымалдуулук чыккан дарыны A549 клеткасында текшериңиз.").split()) == \
        "highest probability that came out with the drug A549 in cells check ."


def test_tigrinya_dissolving_and_a_labialised_g() -> None:
    from model_zoo.names.ethiopic import TIGRINYA, english_name
    from language_support import of_the_generated

    of_the_generated("እዞም ሓደስቲ ሞለኪዩላት ኣብ ማይ ክንደይ ይሓቕቑ?", "(generated_smiles)", "logSolubility")
    # "ጓ" is gwa, which English writes gu ("ፕሮጓኒልን": and proguanil)
    assert english_name("ፕሮጓኒልን", TIGRINYA) == "proguanil"
    assert " ".join(in_english("ኣብቲ ሓደ kinase ኣቶቫኩዎንን ፕሮጓኒልን ድማ ግመት።").split()) == \
        "ኣብቲ one kinase atovaquone proguanil also estimate ."
