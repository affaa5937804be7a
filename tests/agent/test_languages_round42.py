"""Kannada, Albanian and Tajik requests. Kannada is read only in a message written in its script: drug names written by
their sounds, with its case suffixes joined to them ("ಮೆಟ್‌ಫಾರ್ಮಿನ್‌ಅನ್ನು": metformin as an object), its digits, and
the English lab words a Mysuru or Bengaluru pharmacologist mixes in. Albanian writes drug names in its own spelling with
its definite articles and case endings ("ibuprofeni", "varfarinës", "me aspirinë") and decimal commas. Tajik writes
drug names in Cyrillic with its suffixes and izofat ("варфаринро", "аспирини") and Russian lab words beside its own; a
Tajik message is read neither as Russian, Kazakh, Kyrgyz nor Mongolian, nor is one of theirs read as Tajik."""

from __future__ import annotations

from planning_support import (asks_binding, asks_the_cells, asks_the_pair, asks_the_property, asks_the_route,
                              generates, optimizes)
from language_support import (AFFINITY, CLASSIFY, GENERATE, MADE, asks_back, instead, of_both, of_the_generated,
                              on_the_two_cells, reads_as, reads_no_drug, reads_no_name, runs_nothing)

from agent.vocabulary import in_english, own_request_words


def _english(text: str) -> str:
    return " ".join(in_english(text).split())


def test_kannada_drug_names_read_by_sound_with_their_suffixes() -> None:
    from model_zoo.names.kannada import english_name

    for word, name in (("ಪ್ಯಾರಾಸಿಟಮಾಲ್", "paracetamol"), ("ಪ್ಯಾರಾಸಿಟಮಾಲ್‌ಅನ್ನು", "paracetamol"),
                       ("ಇಮ್ಯಾಟಿನಿಬ್", "imatinib"), ("ಇಮಾಟಿನಿಬ್", "imatinib"), ("ಇಮ್ಯಾಟಿನಿಬ್‌ಗೆ", "imatinib"),
                       ("ಮೆಟ್‌ಫಾರ್ಮಿನ್", "metformin"), ("ಮೆಟ್‌ಫಾರ್ಮಿನ್‌ಅನ್ನು", "metformin"),
                       ("ಮೆಟ್‌ಫಾರ್ಮಿನನ್ನು", "metformin"), ("ಮೆಟ್‌ಫಾರ್ಮಿನ್‌ನಿಂದ", "metformin"), ("ವಾರ್ಫರಿನ್", "warfarin"),
                       ("ವಾರ್ಫರಿನ್‌ನೊಂದಿಗೆ", "warfarin"), ("ಆಸ್ಪಿರಿನ್", "aspirin"), ("ಆಸ್ಪಿರಿನ್‌ನ", "aspirin"),
                       ("ಸಿಸ್ಪ್ಲಾಟಿನ್", "cisplatin"), ("ಸಿಸ್ಪ್ಲಾಟಿನ್‌ನಲ್ಲಿ", "cisplatin"), ("ಐಬುಪ್ರೊಫೆನ್", "ibuprofen"),
                       ("ಡಾಕ್ಸೊರುಬಿಸಿನ್", "doxorubicin"), ("ಕ್ಲೋರೋಕ್ವಿನ್", "chloroquine"), ("ಜೆಫಿಟಿನಿಬ್", "gefitinib"),
                       ("ಎರ್ಲೋಟಿನಿಬ್", "erlotinib"), ("ಅಮೋಕ್ಸಿಸಿಲಿನ್", "amoxicillin"), ("ರಿಫಾಂಪಿಸಿನ್", "rifampicin"),
                       ("ಐಸೋನಿಯಾಜಿಡ್", "isoniazid"), ("ಕಾರ್ಬಮಾಜೆಪೈನ್", "carbamazepine"), ("ಕ್ವಿನೈನ್", "quinine"),
                       ("ಸಿಪ್ರೊಫ್ಲಾಕ್ಸಾಸಿನ್", "ciprofloxacin"), ("ಅಟೊರ್ವಾಸ್ಟಾಟಿನ್", "atorvastatin"),
                       ("ಒಸಿಮರ್ಟಿನಿಬ್", "osimertinib"), ("ಡೈಕ್ಲೋಫೆನಾಕ್", "diclofenac"), ("ಅಮ್ಲೋಡಿಪಿನ್", "amlodipine"),
                       ("ಒಮೆಪ್ರಜೋಲ್", "omeprazole"), ("ಟ್ಯಾಮೋಕ್ಸಿಫೆನ್", "tamoxifen"), ("ಆರ್ಟೆಸುನೇಟ್", "artesunate"),
                       ("ಕೆಫೀನ್", "caffeine"), ("ಫ್ಲುಕೋನಜೋಲ್", "fluconazole"), ("ಡಯಾಜೆಪಾಮ್", "diazepam"),
                       ("ಕ್ಲೋಪಿಡೋಗ್ರೆಲ್", "clopidogrel")):
        reads_as(english_name, word, name)
    # its everyday words are no drugs
    for word in ("ಪ್ರಯೋಗಾಲಯ", "ಆಸ್ಪತ್ರೆ", "ವಿಶ್ವವಿದ್ಯಾಲಯ", "ಕಂಪ್ಯೂಟರ್", "ಫಲಿತಾಂಶಗಳು", "ಗರ್ಭಿಣಿ", "ರೋಗಿಗಳು", "ಬೆಂಗಳೂರು",
                 "ಮೈಸೂರು", "ವಿದ್ಯಾರ್ಥಿಗಳು", "ಟೆಲಿಫೋನ್", "ಪ್ರೊಫೆಸರ್", "ಮಲೇರಿಯಾ", "ಇಂಜೆಕ್ಷನ್", "ಮಾತ್ರೆಗಳು", "ಔಷಧಿಗಳು",
                 "ಅಣುಗಳು", "ನೀರಿನಲ್ಲಿ", "ಜೀವಕೋಶಗಳಲ್ಲಿ", "ಸ್ನೇಹಿತರೊಂದಿಗೆ", "ಹವಾಮಾನ", "ಫಾರ್ಮಸಿ", "ಇನ್ಸುಲಿನ್",
                 "ಕ್ಲಿನಿಕಲ್", "ಫಾರ್ಮಕಾಲಜಿ", "ಕೊಲೆಸ್ಟ್ರಾಲ್", "ರಕ್ತದೊತ್ತಡ", "ವಿಟಮಿನ್"):
        assert english_name(word) is None, word


def test_kannada_words_suffixes_and_word_order() -> None:
    assert _english("ದಯವಿಟ್ಟು ಪ್ಯಾರಾಸಿಟಮಾಲ್‌ನ ನೀರಿನಲ್ಲಿ ಕರಗುವಿಕೆಯನ್ನು ಊಹಿಸಿ.") == \
        "please paracetamol aqueous solubility predict ."
    # its suffixes joined to a code or a Latin name, its digits, its "instead of", "except" and "only" after what they
    # govern ("ಮಾತ್ರೆ", a tablet, is no "ಮಾತ್ರ")
    assert _english("A549ನಲ್ಲಿ imatinibಅನ್ನು") == "A549 in imatinib"
    assert in_english("ln(IC50) -೨.೫").endswith("-2.5")
    assert _english("ಜೆಫಿಟಿನಿಬ್ ಬದಲು ಎರ್ಲೋಟಿನಿಬ್ ಬಳಸಿ.") == "erlotinib instead of gefitinib use ."
    assert _english("ಆಸ್ಪಿರಿನ್‌ಅನ್ನು ಹೊರತುಪಡಿಸಿ ಎಲ್ಲಾ") == "except aspirin all"
    assert _english("morpholine ಭಾಗ ಮಾತ್ರ ಬದಲಾಯಿಸಬಹುದು") == "only morpholine part may change"
    assert _english("ಎರಡು ಮಾತ್ರೆಗಳು") == "two tablets"
    # its everyday words are no drugs
    reads_no_drug("ನಾನು ಮೈಸೂರಿನ ಪ್ರಯೋಗಾಲಯದಲ್ಲಿ ಕೆಲಸ ಮಾಡುತ್ತೇನೆ. ಇಂದು ನಮ್ಮ ಹೊಸ ಫಲಿತಾಂಶಗಳು ಬಂದಿವೆ.", "kannada")
    reads_no_drug("ನಮ್ಮ ಆಸ್ಪತ್ರೆಯಲ್ಲಿ ಮಲೇರಿಯಾ ರೋಗಿಗಳು ತುಂಬಾ ಮಂದಿ ಇದ್ದಾರೆ.", "kannada")
    reads_no_drug("ಇವತ್ತು ಹವಾಮಾನ ಚೆನ್ನಾಗಿದೆ, ನಾನು ಸ್ನೇಹಿತರೊಂದಿಗೆ ಮಾರುಕಟ್ಟೆಗೆ ಹೋಗುತ್ತಿದ್ದೇನೆ.", "kannada")


def test_kannada_requests_planned() -> None:
    asks_the_property("ದಯವಿಟ್ಟು ಪ್ಯಾರಾಸಿಟಮಾಲ್‌ನ ನೀರಿನಲ್ಲಿ ಕರಗುವಿಕೆಯನ್ನು ಊಹಿಸಿ.", "paracetamol", "logSolubility")
    asks_the_property("ಕ್ಲೋರೋಕ್ವಿನ್ ರಕ್ತ-ಮಿದುಳಿನ ತಡೆಗೋಡೆಯನ್ನು ದಾಟಬಲ್ಲದೇ?", "chloroquine", "p_np")
    asks_the_property("ಸಿಸ್ಪ್ಲಾಟಿನ್‌ನ ವಿಷತ್ವವನ್ನು ಪರಿಶೀಲಿಸಿ.", "cisplatin", "CT_TOX")
    asks_the_property("ಮೆಟ್‌ಫಾರ್ಮಿನ್‌ನ lipophilicity ಲೆಕ್ಕಹಾಕಿ.", "metformin", "lipo")
    asks_the_property("ಕೆಫೀನ್‌ನ ಜಲಸಂಚಯನ ಮುಕ್ತ ಶಕ್ತಿಯನ್ನು ಊಹಿಸಿ.", "caffeine", "freesolv")
    asks_the_pair("ವಾರ್ಫರಿನ್ ಮತ್ತು ಆಸ್ಪಿರಿನ್ ನಡುವೆ ಯಾವುದಾದರೂ ಪರಸ್ಪರ ಕ್ರಿಯೆ ಇದೆಯೇ?", "warfarin", "aspirin")
    asks_the_pair("ರಿಫಾಂಪಿಸಿನ್‌ನೊಂದಿಗೆ ಐಸೋನಿಯಾಜಿಡ್ ಪರಸ್ಪರ ಕ್ರಿಯೆ ನಡೆಸುತ್ತವೆಯೇ?", "rifampicin", "isoniazid")
    asks_binding("ಇಮ್ಯಾಟಿನಿಬ್ ABL1 ಜೊತೆ ಎಷ್ಟು ಬಲವಾಗಿ ಬಂಧಿಸುತ್ತದೆ?", AFFINITY, "imatinib", "ABL1")
    asks_binding("ಜೆಫಿಟಿನಿಬ್ EGFRಗೆ ಬಂಧಿಸುತ್ತದೆಯೇ?", CLASSIFY, "gefitinib", "EGFR")
    asks_the_cells("A549 ಜೀವಕೋಶಗಳಲ್ಲಿ ಜೆಫಿಟಿನಿಬ್‌ನ IC50 ಊಹಿಸಿ.", "gefitinib", "A549")
    asks_the_cells("MCF7 ಸೆಲ್ ಲೈನ್‌ನಲ್ಲಿ ಡಾಕ್ಸೊರುಬಿಸಿನ್ IC50 ಎಷ್ಟು?", "doxorubicin", "MCF7")
    generates("A549ಗಾಗಿ ಹೊಸ ಅಣುಗಳನ್ನು ರಚಿಸಿ, ln(IC50) -೨.")
    optimizes("ಜೆಫಿಟಿನಿಬ್‌ಅನ್ನು A549ನಲ್ಲಿ ln(IC50) -2 ವರೆಗೆ ಆಪ್ಟಿಮೈಸ್ ಮಾಡಿ.")
    asks_the_route("ಪ್ಯಾರಾಸಿಟಮಾಲ್ ಹೇಗೆ ತಯಾರಿಸಲಾಗುತ್ತದೆ? ಪೂರ್ವಗಾಮಿಗಳನ್ನು ತೋರಿಸಿ.", "paracetamol")
    asks_back("ಹೊಸ ಅಣುಗಳನ್ನು ರಚಿಸಿ.", GENERATE, [])
    asks_back("ಇಮ್ಯಾಟಿನಿಬ್ ಎಷ್ಟು ಬಲವಾಗಿ ಬಂಧಿಸುತ್ತದೆ?", AFFINITY, ["drug_smiles"])


def test_kannada_follow_ups_and_questions_no_tool_answers() -> None:
    of_the_generated("ಈ ಅಣುಗಳ ವಿಷತ್ವವನ್ನು ಪರಿಶೀಲಿಸಿ.", "(generated_smiles)", "CT_TOX")
    of_the_generated("ಎರಡನೇ ಅಣುವಿನ lipophilicity ಲೆಕ್ಕಹಾಕಿ.", [MADE[1]], "lipo")
    of_the_generated("ಮೊದಲ ಎರಡರ ವಿಷತ್ವವನ್ನು ಪರಿಶೀಲಿಸಿ.", MADE[:2], "CT_TOX")
    of_both("ಎರಡರ ಕರಗುವಿಕೆಯನ್ನು ಲೆಕ್ಕಹಾಕಿ.", "logSolubility")
    instead("ಜೆಫಿಟಿನಿಬ್ ಬದಲು ಎರ್ಲೋಟಿನಿಬ್ ಬಳಸಿ.")
    on_the_two_cells("HeLaದಲ್ಲಿ ಮತ್ತೆ ರನ್ ಮಾಡಿ.", "HeLa")
    runs_nothing("ಮಕ್ಕಳಿಗೆ ಅಮೋಕ್ಸಿಸಿಲಿನ್ ಡೋಸ್ ಎಷ್ಟು?")
    runs_nothing("ಗರ್ಭಿಣಿ ಮಹಿಳೆಗೆ ಕ್ವಿನೈನ್ ಸುರಕ್ಷಿತವೇ?")
    runs_nothing("ಇಮ್ಯಾಟಿನಿಬ್ ಬೆಲೆ ಎಷ್ಟು?")


def test_albanian_drug_names_read_with_their_articles_and_endings() -> None:
    from model_zoo.names.inflected import ALBANIAN, english_name

    for word, name in (("paracetamoli", "paracetamol"), ("paracetamolit", "paracetamol"), ("ibuprofeni", "ibuprofen"),
                       ("ibuprofenit", "ibuprofen"), ("imatinibin", "imatinib"), ("imatinibit", "imatinib"),
                       ("varfarina", "warfarin"), ("varfarinës", "warfarin"), ("varfarinën", "warfarin"),
                       ("aspirinë", "aspirin"), ("aspirinës", "aspirin"), ("metforminës", "metformin"),
                       ("cisplatinës", "cisplatin"), ("cisplatinë", "cisplatin"), ("doksorubicinës", "doxorubicin"),
                       ("gefitinibit", "gefitinib"), ("erlotinibi", "erlotinib"), ("klorokinë", "chloroquine"),
                       ("klorokinës", "chloroquine"), ("kininë", "quinine"), ("amoksicilinës", "amoxicillin"),
                       ("rifampicinës", "rifampicin"), ("izoniazidit", "isoniazid"), ("karbamazepina", "carbamazepine"),
                       ("ciprofloksacina", "ciprofloxacin"), ("diklofenaku", "diclofenac"),
                       ("diklofenakut", "diclofenac"), ("tamoksifeni", "tamoxifen"), ("kafeinës", "caffeine"),
                       ("omeprazoli", "omeprazole"), ("artesunati", "artesunate"), ("hidroklorotiazidi",
                                                                                   "hydrochlorothiazide")):
        reads_as(lambda w: english_name(w, ALBANIAN), word, name)
    for word in ("laboratori", "universitetit", "studentët", "profesori", "pacientët", "spitalin", "rezultatet",
                 "farmakologjisë", "leksionin", "molekulave", "qelizave", "shtatzënë", "Tiranës", "mëngjes",
                 "tretshmërinë", "ndërveprimin", "tabletat", "injeksioni", "vaksina", "përgjigje"):
        assert english_name(word, ALBANIAN) is None, word


def test_albanian_words_articles_and_word_order() -> None:
    assert _english("Ju lutem, parashikoni tretshmërinë në ujë të paracetamolit.") == \
        "please , predict aqueous solubility paracetamol."
    assert _english("Sa i tretshëm është ibuprofeni?") == "how soluble is ibuprofen?"
    # "instead of", "except" and "only" stand before what they govern, as in English; its articles after a code's
    # hyphen are dropped
    assert _english("Përdorni erlotinib në vend të gefitinibit.") == "use erlotinib instead of gefitinib."
    assert _english("Të gjitha përveç aspirinës.") == "all except aspirin."
    assert _english("Llogaritni IC50-në e cisplatinës në A549.") == "calculate IC50 cisplatin in A549."
    # its "ka" (has) and "ke" (you have) are its own words, not Hinglish ones
    assert _english("A ka ndërveprim? Ke të dhëna?") == "is there interaction ? you have data ?"
    assert {"ka", "ke"} <= own_request_words("A ka ndërveprim? Ke të dhëna?")
    # its everyday words are no drugs
    reads_no_name("Unë jap leksione farmakologjie në universitetin e Tiranës. Sot kemi rezultate të reja në laborator.",
                  "albanian")
    reads_no_name("Në spital kemi shumë pacientë me malarie dhe tuberkuloz këtë javë.", "albanian")


def test_albanian_requests_planned() -> None:
    asks_the_property("Ju lutem, parashikoni tretshmërinë në ujë të paracetamolit.", "paracetamol", "logSolubility")
    asks_the_property("Sa i tretshëm është ibuprofeni?", "ibuprofen", "logSolubility")
    asks_the_property("A e kalon klorokina barrierën hematoencefalike?", "chloroquine", "p_np")
    asks_the_property("Kontrolloni toksicitetin e cisplatinës.", "cisplatin", "CT_TOX")
    asks_the_property("Llogaritni lipofilicitetin e metforminës.", "metformin", "lipo")
    asks_the_property("Parashikoni energjinë e lirë të hidratimit të kafeinës.", "caffeine", "freesolv")
    asks_the_pair("A ndërvepron varfarina me aspirinë?", "warfarin", "aspirin")
    asks_the_pair("A ka ndërveprim midis rifampicinës dhe izoniazidit?", "rifampicin", "isoniazid")
    asks_binding("Sa fort lidhet imatinibi me ABL1?", AFFINITY, "imatinib", "ABL1")
    asks_binding("A lidhet gefitinibi me EGFR-in?", CLASSIFY, "gefitinib", "EGFR")
    asks_the_cells("Parashikoni IC50 të gefitinibit në qelizat A549.", "gefitinib", "A549")
    asks_the_cells("Sa është IC50 e doksorubicinës në linjën qelizore MCF7?", "doxorubicin", "MCF7")
    generates("Gjeneroni molekula të reja për A549 me ln(IC50) -2,5.", -2.5)
    optimizes("Optimizoni gefitinibin për A549 deri në ln(IC50) -2.")
    asks_the_route("Si sintetizohet paracetamoli? Më tregoni prekursorët.", "paracetamol")
    asks_back("Gjeneroni molekula të reja.", GENERATE, [])
    asks_back("Sa fort lidhet imatinibi?", AFFINITY, ["drug_smiles"])


def test_albanian_follow_ups_and_questions_no_tool_answers() -> None:
    of_the_generated("Kontrolloni toksicitetin e këtyre molekulave.", "(generated_smiles)", "CT_TOX")
    of_the_generated("Llogaritni lipofilicitetin e molekulës së dytë.", [MADE[1]], "lipo")
    of_the_generated("Kontrolloni toksicitetin e dy të parave.", MADE[:2], "CT_TOX")
    of_both("Llogaritni tretshmërinë e të dyjave.", "logSolubility")
    instead("Përdorni erlotinib në vend të gefitinibit.")
    on_the_two_cells("Ekzekutojeni përsëri në HeLa.", "HeLa")
    runs_nothing("Sa është doza e amoksicilinës për fëmijë?")
    runs_nothing("A është kinina e sigurt për një grua shtatzënë?")
    runs_nothing("Sa kushton imatinibi?")


def test_tajik_drug_names_read_with_its_suffixes_and_spellings() -> None:
    from model_zoo.names.cyrillic import TAJIK_SOUNDS, TAJIK_SUFFIXES, english_name

    for word, name in (("варфаринро", "warfarin"), ("аспирини", "aspirin"), ("парасетамол", "paracetamol"),
                       ("парасетамолро", "paracetamol"), ("ибупрофени", "ibuprofen"), ("метформинро", "metformin"),
                       ("иматинибро", "imatinib"), ("сисплатин", "cisplatin"), ("сисплатинро", "cisplatin"),
                       ("цисплатин", "cisplatin"), ("доксорубисинро", "doxorubicin"), ("гефитинибро", "gefitinib"),
                       ("эрлотиниб", "erlotinib"), ("хлорохинро", "chloroquine"), ("хинин", "quinine"),
                       ("хининро", "quinine"), ("амоксисиллини", "amoxicillin"), ("рифамписин", "rifampicin"),
                       ("изониазидро", "isoniazid"),
                       ("карбамазепин", "carbamazepine"), ("сипрофлоксасин", "ciprofloxacin"),
                       ("аторвастатин", "atorvastatin"), ("диклофенак", "diclofenac"), ("омепразол", "omeprazole"),
                       ("тамоксифен", "tamoxifen"), ("артесунатро", "artesunate"), ("кофеини", "caffeine"),
                       ("флуконазол", "fluconazole"), ("диазепамро", "diazepam"), ("клопидогрел", "clopidogrel")):
        reads_as(lambda w: english_name(w, TAJIK_SUFFIXES, TAJIK_SOUNDS), word, name)
    for word in ("ҳалшавандагии", "лаборатория", "донишгоҳ", "беморхона", "натиҷаҳо", "молекулаҳоро", "ҳуҷайраҳои",
                 "донишҷӯён", "Душанбе", "профессор", "дорухона", "озмоишгоҳ", "таҷриба", "муқоиса", "метавонед",
                 "системаҳо", "сиёсат", "синтези", "беморон", "духтурон", "дорусоз", "ҳисобҳо"):
        assert english_name(word, TAJIK_SUFFIXES, TAJIK_SOUNDS) is None, word


def test_tajik_words_suffixes_and_word_order() -> None:
    assert _english("Лутфан, ҳалшавандагии парасетамолро дар об пешгӯӣ кунед.") == \
        "please , solubility paracetamol in water predict ."
    # "instead of", "except" and "for" before what they govern, as in English; "X-ро бо Y иваз кунед" (replace X
    # with Y); its suffixes after a code's hyphen dropped
    assert _english("Ба ҷои гефитиниб эрлотинибро истифода баред.") == "instead of gefitinib erlotinib use ."
    assert _english("Гефитинибро бо эрлотиниб иваз кунед.") == "use erlotinib instead of gefitinib."
    assert _english("Ҳама ғайр аз аспирин.") == "all except aspirin."
    assert _english("IC50-и гефитинибро дар A549 ҳисоб кунед.") == "IC50 gefitinib in A549 calculate ."
    # a Tajik message (its ғ and қ are Kazakh's too) is read as none of its neighbours, and theirs not as Tajik: its
    # "ман" is "I"; Russian "на" is "on", not Tajik's "not"
    from agent.vocabulary import load

    tables = load("translations.json")
    neighbours = {word for language in ("kazakh", "kyrgyz", "mongolian") for word in tables[f"{language}_words"]}
    tajik, russian = set(tables["tajik_words"]), set(tables["east_slavic_words"])
    for text in ("Заҳрнокии ин молекулаҳоро тафтиш кунед.", "Фақат аспирин ва варфарин.",
                 "Қимати IC50-и иматинибро ҳисоб кунед."):
        assert not own_request_words(text) & (neighbours - tajik - russian), text
    assert _english("Ман дар озмоишгоҳ кор мекунам.") == "I in the laboratory I work ."
    for text in ("Проверьте токсичность на клетках A549.", "Аспирин мен варфарин әрекеттесе ме?",
                 "Бул молекулалардын уулуулугун текшериңиз.", "Энэ нэгдлийн уусах чанарыг тооцоолно уу."):
        assert not own_request_words(text) & (tajik - neighbours - russian), text
    assert "not" not in _english("Проверьте токсичность на клетках A549.").split()
    assert _english("Аспирин мен варфарин әрекеттесе ме?").startswith("aspirin and warfarin")
    # its everyday words are no drugs
    reads_no_drug("Ман дар беморхонаи Душанбе дорусоз ҳастам. Имрӯз натиҷаҳои нав омаданд.", "tajik")
    reads_no_drug("Имрӯз ҳаво хуб аст, ман бо дӯстон ба бозор меравам.", "tajik")


def test_tajik_requests_planned() -> None:
    asks_the_property("Лутфан, ҳалшавандагии парасетамолро дар об пешгӯӣ кунед.", "paracetamol", "logSolubility")
    asks_the_property("Оё хлорохин аз монеаи хун-мағзӣ мегузарад?", "chloroquine", "p_np")
    asks_the_property("Заҳрнокии сисплатинро тафтиш кунед.", "cisplatin", "CT_TOX")
    asks_the_property("Липофилнокии метформинро ҳисоб кунед.", "metformin", "lipo")
    asks_the_property("Энергияи озоди гидратсияи кофеинро пешгӯӣ кунед.", "caffeine", "freesolv")
    asks_the_pair("Оё байни варфарин ва аспирин таъсири мутақобил ҳаст?", "warfarin", "aspirin")
    asks_the_pair("Рифамписин бо изониазид ба ҳам таъсир мерасонанд?", "rifampicin", "isoniazid")
    asks_binding("Иматиниб бо ABL1 чӣ қадар қавӣ пайваст мешавад?", AFFINITY, "imatinib", "ABL1")
    asks_binding("Оё гефитиниб бо EGFR пайваст мешавад?", CLASSIFY, "gefitinib", "EGFR")
    asks_the_cells("IC50-и гефитинибро дар ҳуҷайраҳои A549 пешгӯӣ кунед.", "gefitinib", "A549")
    asks_the_cells("IC50-и доксорубисин дар хати ҳуҷайравии MCF7 чанд аст?", "doxorubicin", "MCF7")
    generates("Барои A549 молекулаҳои нав созед, ln(IC50) -2,5.", -2.5)
    optimizes("Гефитинибро барои A549 то ln(IC50) -2 оптимизатсия кунед.")
    asks_the_route("Парасетамол чӣ тавр синтез мешавад? Прекурсорҳоро нишон диҳед.", "paracetamol")
    asks_back("Молекулаҳои нав созед.", GENERATE, [])
    asks_back("Иматиниб чӣ қадар қавӣ пайваст мешавад?", AFFINITY, ["drug_smiles"])


def test_tajik_follow_ups_and_questions_no_tool_answers() -> None:
    of_the_generated("Заҳрнокии ин молекулаҳоро тафтиш кунед.", "(generated_smiles)", "CT_TOX")
    of_the_generated("Липофилнокии молекулаи дуюмро ҳисоб кунед.", [MADE[1]], "lipo")
    of_the_generated("Заҳрнокии ду молекулаи аввалро тафтиш кунед.", MADE[:2], "CT_TOX")
    of_both("Ҳалшавандагии ҳар дуро ҳисоб кунед.", "logSolubility")
    instead("Гефитинибро бо эрлотиниб иваз кунед.")
    on_the_two_cells("Дар HeLa аз нав иҷро кунед.", "HeLa")
    runs_nothing("Вояи амоксисиллин барои кӯдакон чанд аст?")
    runs_nothing("Оё хинин барои зани ҳомила бехатар аст?")
    runs_nothing("Нархи иматиниб чанд аст?")
