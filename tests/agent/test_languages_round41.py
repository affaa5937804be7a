"""Telugu, Kyrgyz and Tigrinya requests. Telugu is read only in a message written in its script: drug names written by
their sounds, with its case suffixes joined to them ("మెట్‌ఫార్మిన్‌ను": metformin as an object), and its digits.
Kyrgyz writes drug names in Cyrillic with its case suffixes ("аспириндин": of aspirin, "варфаринди": warfarin as an
object) and mixes in Russian and English words; a message with its ң or its words is read neither as Kazakh nor as
Mongolian. Tigrinya writes drug names in the Ethiopic script, as Amharic does, with its own particles joined to them
("ንዋርፋሪን": to warfarin, "ብኣስፕሪን": with aspirin), and is not read as Amharic."""

from __future__ import annotations

from planning_support import (asks_binding, asks_the_cells, asks_the_pair, asks_the_property, asks_the_route,
                              generates, optimizes)
from language_support import (AFFINITY, CLASSIFY, GENERATE, MADE, asks_back, instead, of_both, of_the_generated,
                              on_the_two_cells, reads_as, reads_no_drug, runs_nothing)

from agent.vocabulary import in_english, own_request_words


def test_telugu_drug_names_read_by_sound_with_their_suffixes() -> None:
    from model_zoo.names.telugu import english_name

    for word, name in (("పారాసిటమాల్", "paracetamol"), ("పారాసిటమాల్‌ను", "paracetamol"), ("ఇమాటినిబ్", "imatinib"),
                       ("ఇమాటినిబ్‌కు", "imatinib"), ("మెట్‌ఫార్మిన్", "metformin"), ("మెట్‌ఫార్మిన్‌ను", "metformin"),
                       ("మెట్ఫార్మిన్ది", "metformin"), ("వార్ఫరిన్", "warfarin"), ("వార్ఫరిన్‌తో", "warfarin"),
                       ("ఆస్పిరిన్", "aspirin"), ("ఆస్పిరిన్‌ని", "aspirin"), ("ఐబుప్రోఫెన్", "ibuprofen"),
                       ("ఐబుప్రోఫెన్‌యొక్క", "ibuprofen"), ("డాక్సోరూబిసిన్", "doxorubicin"),
                       ("క్లోరోక్విన్", "chloroquine"), ("జెఫిటినిబ్", "gefitinib"), ("ఎర్లోటినిబ్", "erlotinib"),
                       ("సిస్ప్లాటిన్", "cisplatin"), ("అమోక్సిసిలిన్", "amoxicillin"), ("రిఫాంపిసిన్", "rifampicin"),
                       ("రిఫాంపిసిన్‌లో", "rifampicin"), ("ఐసోనియాజిడ్", "isoniazid"), ("కార్బమాజెపైన్", "carbamazepine"),
                       ("క్వినైన్", "quinine"), ("సిప్రోఫ్లోక్సాసిన్", "ciprofloxacin"), ("అటోర్వాస్టాటిన్", "atorvastatin"),
                       ("ఒసిమెర్టినిబ్", "osimertinib"), ("డైక్లోఫెనాక్", "diclofenac"), ("అమ్లోడిపిన్", "amlodipine"),
                       ("ఒమెప్రజోల్", "omeprazole"), ("టామోక్సిఫెన్", "tamoxifen"), ("ఆర్టెసునేట్", "artesunate"),
                       ("ప్రైమాక్విన్", "primaquine"), ("క్లోపిడోగ్రెల్", "clopidogrel"), ("కెఫీన్", "caffeine"),
                       ("ఫ్లూకోనజోల్", "fluconazole")):
        reads_as(english_name, word, name)
    # its everyday words are no drugs
    for word in ("ప్రయోగశాల", "ఆసుపత్రి", "విశ్వవిద్యాలయం", "కంప్యూటర్", "ఫలితాలు", "గర్భిణీ", "రోగులు", "హైదరాబాద్",
                 "విద్యార్థి", "టెలిఫోన్", "ప్రొఫెసర్", "విజయవాడ", "మలేరియా", "ఇంజెక్షన్", "మాత్రలు", "మందులు",
                 "అణువులు", "నీటిలో", "కణాలలో", "స్నేహితులతో", "వాతావరణం", "హాస్పిటల్‌లో", "ఫార్మసీ", "ఇన్సులిన్"):
        assert english_name(word) is None, word


def test_telugu_words_suffixes_and_word_order() -> None:
    assert " ".join(in_english("దయచేసి పారాసిటమాల్ యొక్క నీటిలో ద్రావణీయతను అంచనా వేయండి.").split()) == \
        "please paracetamol of aqueous solubility predict ."
    # its suffixes joined to a code or a Latin name, its digits, its "instead of" and "except" after what they govern
    assert " ".join(in_english("A549లో imatinibను").split()) == "A549 in imatinib"
    assert in_english("ln(IC50) -౨.౫").endswith("-2.5")
    assert " ".join(in_english("జెఫిటినిబ్‌కు బదులుగా ఎర్లోటినిబ్ వాడండి.").split()) == \
        "erlotinib instead of gefitinib use ."
    assert " ".join(in_english("ఆస్పిరిన్ తప్ప అన్నీ").split()) == "except aspirin all"
    # a word's own letters: "ను" (the object) is not read inside "నువ్వు" (you), nor "తో" (with) in "తోట" (garden)
    assert in_english("నువ్వు తోట") == "నువ్వు తోట"
    # its everyday words are no drugs
    reads_no_drug("నేను ప్రయోగశాలలో పని చేస్తున్నాను. ఈరోజు మా కొత్త ఫలితాలు వచ్చాయి.", "telugu")
    reads_no_drug("మా ఆసుపత్రిలో మలేరియా రోగులు చాలా మంది ఉన్నారు.", "telugu")
    reads_no_drug("ఈరోజు వాతావరణం బాగుంది, నేను స్నేహితులతో మార్కెట్‌కు వెళ్తున్నాను.", "telugu")


def test_telugu_requests_planned() -> None:
    asks_the_property("దయచేసి పారాసిటమాల్ యొక్క నీటిలో ద్రావణీయతను అంచనా వేయండి.", "paracetamol", "logSolubility")
    asks_the_property("క్లోరోక్విన్ రక్త-మెదడు అవరోధాన్ని దాటగలదా?", "chloroquine", "p_np")
    asks_the_property("ఆర్టెసునేట్ విషపూరితతను తనిఖీ చేయండి.", "artesunate", "CT_TOX")
    asks_the_property("మెట్‌ఫార్మిన్ యొక్క lipophilicity లెక్కించండి.", "metformin", "lipo")
    asks_the_property("కెఫీన్ యొక్క హైడ్రేషన్ స్వేచ్ఛా శక్తిని అంచనా వేయండి.", "caffeine", "freesolv")
    asks_the_pair("వార్ఫరిన్ మరియు ఆస్పిరిన్ మధ్య ఏదైనా పరస్పర చర్య ఉందా?", "warfarin", "aspirin")
    asks_the_pair("రిఫాంపిసిన్‌తో ఐసోనియాజిడ్ పరస్పర చర్య జరుపుతాయా?", "rifampicin", "isoniazid")
    asks_binding("ఇమాటినిబ్ ABL1 తో ఎంత బలంగా బంధిస్తుంది?", AFFINITY, "imatinib", "ABL1")
    asks_binding("జెఫిటినిబ్ EGFRకు బంధిస్తుందా?", CLASSIFY, "gefitinib", "EGFR")
    asks_the_cells("A549 కణాలలో జెఫిటినిబ్ యొక్క IC50 ను అంచనా వేయండి.", "gefitinib", "A549")
    asks_the_cells("MCF7 లో డాక్సోరూబిసిన్ IC50 ఎంత?", "doxorubicin", "MCF7")
    generates("A549 కోసం కొత్త అణువులను తయారు చేయండి, ln(IC50) -౨.")
    optimizes("జెఫిటినిబ్‌ను A549 లో ln(IC50) -2 వరకు ఆప్టిమైజ్ చేయండి.")
    asks_the_route("పారాసిటమాల్ ఎలా తయారు చేస్తారు? పూర్వగాములను చూపించండి.", "paracetamol")
    asks_back("కొత్త అణువులను తయారు చేయండి.", GENERATE, [])
    asks_back("ఇమాటినిబ్ ఎంత బలంగా బంధిస్తుంది?", AFFINITY, ["drug_smiles"])


def test_telugu_follow_ups_and_questions_no_tool_answers() -> None:
    of_the_generated("ఈ అణువుల విషపూరితతను తనిఖీ చేయండి.", "(generated_smiles)", "CT_TOX")
    of_the_generated("రెండవ అణువు యొక్క lipophilicity లెక్కించండి.", [MADE[1]], "lipo")
    of_the_generated("మొదటి రెండింటి విషపూరితతను తనిఖీ చేయండి.", MADE[:2], "CT_TOX")
    of_both("రెండింటి ద్రావణీయతను లెక్కించండి.", "logSolubility")
    instead("జెఫిటినిబ్‌కు బదులుగా ఎర్లోటినిబ్ వాడండి.")
    on_the_two_cells("HeLa లో మళ్ళీ రన్ చేయండి.", "HeLa")
    runs_nothing("పిల్లలకు అమోక్సిసిలిన్ మోతాదు ఎంత?")
    runs_nothing("గర్భిణీ స్త్రీకి క్వినైన్ సురక్షితమేనా?")
    runs_nothing("ఆర్టెసునేట్ ధర ఎంత?")


def test_kyrgyz_drug_names_read_with_their_suffixes() -> None:
    from model_zoo.names.cyrillic import KYRGYZ_SUFFIXES, english_name

    for word, name in (("варфаринди", "warfarin"), ("аспириндин", "aspirin"), ("метформинге", "metformin"),
                       ("ибупрофенден", "ibuprofen"), ("парацетамолдун", "paracetamol"), ("иматинибди", "imatinib"),
                       ("гефитинибдин", "gefitinib"), ("эрлотинибге", "erlotinib"), ("кофеинде", "caffeine"),
                       ("аспиринменен", "aspirin"), ("доксорубициндин", "doxorubicin"), ("артесунаттын", "artesunate"),
                       ("метформиндин", "metformin"), ("рифампицинди", "rifampicin"), ("изониазидге", "isoniazid"),
                       ("цисплатинден", "cisplatin"), ("амоксициллиндин", "amoxicillin")):
        reads_as(lambda w: english_name(w, KYRGYZ_SUFFIXES), word, name)
    for word in ("лабораторияда", "натыйжалар", "университетте", "студенттер", "профессорубуз", "ооруканада",
                 "молекулалардын", "клеткаларында", "кошулмалардын", "бейтаптарга", "Бишкектеги", "мугалимдер",
                 "компьютерде", "телефондон", "досторубуз", "балдарга", "дарыгерлер", "дарыканадан"):
        assert english_name(word, KYRGYZ_SUFFIXES) is None, word


def test_kyrgyz_words_suffixes_and_word_order() -> None:
    assert in_english("Сураныч, парацетамолдун сууда эригичтигин болжолдоңуз.") == \
        "please , paracetamol aqueous solubility predict ."
    # its suffixes after a code's hyphen, "instead of", "for" and "except" after what they govern, and the names'
    # suffixes in a message written in it
    assert in_english("Гефитинибдин ордуна эрлотиниб колдонуңуз.") == "erlotinib instead of gefitinib use ."
    assert in_english("A549 үчүн жаңы молекулаларды түзүңүз.") == "for A549 new molecules generate ."
    assert in_english("Аспиринден башка баары.") == "except aspirin all ."
    assert in_english("Гефитинибди A549-да текшериңиз.") == "gefitinib A549 check ."
    assert in_english("Варфаринди аспиринменен салыштырыңыз.") == "warfarin aspirin compare ."
    # a message with its words or its ң is read neither as Kazakh nor as Mongolian: its "мен" is "I", not Kazakh's
    # "and"; a Kazakh message stays Kazakh
    assert in_english("Мен лабораторияда иштейм. Бүгүн биздин жаңы натыйжалар келди.") == \
        "I in the laboratory I work . today our new results came ."
    assert "неше" not in own_request_words("Бул молекулалардын уулуулугун текшериңиз.")
    assert in_english("Аспирин мен варфарин әрекеттесе ме?").startswith("aspirin and warfarin")
    # its everyday words are no drugs
    reads_no_drug("Биз ооруканада иштейбиз. Бүгүн студенттер жана профессор келди.", "kyrgyz")
    reads_no_drug("Бүгүн аба ырайы абдан сонун, мен досторум менен базарга барам.", "kyrgyz")


def test_kyrgyz_requests_planned() -> None:
    asks_the_property("Сураныч, парацетамолдун сууда эригичтигин болжолдоңуз.", "paracetamol", "logSolubility")
    asks_the_property("Диазепам кан-мээ тосмосунан өтө алабы?", "diazepam", "p_np")
    asks_the_property("Артесунаттын уулуулугун текшериңиз.", "artesunate", "CT_TOX")
    asks_the_property("Метформиндин липофилдүүлүгүн эсептеңиз.", "metformin", "lipo")
    asks_the_property("Кофеиндин гидратациянын эркин энергиясын болжолдоңуз.", "caffeine", "freesolv")
    asks_the_pair("Варфарин менен аспириндин ортосунда өз ара аракеттенүү барбы?", "warfarin", "aspirin")
    asks_the_pair("Рифампицин жана изониазид өз ара аракеттенишеби?", "rifampicin", "isoniazid")
    asks_binding("Иматиниб ABL1 менен канчалык күчтүү байланышат?", AFFINITY, "imatinib", "ABL1")
    asks_binding("Гефитиниб EGFR менен байланышабы?", CLASSIFY, "gefitinib", "EGFR")
    asks_the_cells("A549 клеткаларында гефитинибдин IC50 болжолдоңуз.", "gefitinib", "A549")
    asks_the_cells("MCF7 клетка линиясында доксорубициндин IC50 канча?", "doxorubicin", "MCF7")
    generates("A549 үчүн жаңы молекулаларды түзүңүз, ln(IC50) -2,5.", -2.5)
    optimizes("Гефитинибди A549-да ln(IC50) -2 чейин оптималдаштырыңыз.")
    asks_the_route("Парацетамол кантип синтезделет? Прекурсорлорун көрсөтүңүз.", "paracetamol")
    asks_back("Жаңы молекулаларды түзүңүз.", GENERATE, [])
    asks_back("Иматиниб канчалык күчтүү байланышат?", AFFINITY, ["drug_smiles"])


def test_kyrgyz_follow_ups_and_questions_no_tool_answers() -> None:
    of_the_generated("Бул молекулалардын уулуулугун текшериңиз.", "(generated_smiles)", "CT_TOX")
    of_the_generated("Экинчи молекуланын липофилдүүлүгүн эсептеңиз.", [MADE[1]], "lipo")
    of_the_generated("Алгачкы экөөнүн уулуулугун текшериңиз.", MADE[:2], "CT_TOX")
    of_both("Экөөнүн тең эригичтигин эсептеңиз.", "logSolubility")
    instead("Гефитинибдин ордуна эрлотиниб колдонуңуз.")
    on_the_two_cells("HeLa клеткаларында кайра иштетиңиз.", "HeLa")
    runs_nothing("Балага амоксициллиндин дозасы канча?")
    runs_nothing("Кош бойлуу аялга хинин коопсузбу?")
    runs_nothing("Артесунаттын баасы канча?")


def test_tigrinya_drug_names_read_by_sound_with_its_particles() -> None:
    from model_zoo.names.ethiopic import TIGRINYA, english_name

    for word, name in (("ፓራሲታሞል", "paracetamol"), ("ንፓራሲታሞል", "paracetamol"), ("ሜትፎርሚን", "metformin"),
                       ("ሜትፎርሚንዶ", "metformin"), ("ንዋርፋሪን", "warfarin"), ("ዋርፋሪንን", "warfarin"),
                       ("ኣስፕሪን", "aspirin"), ("ብኣስፕሪን", "aspirin"), ("ኣስፕሪንከ", "aspirin"),
                       ("ኣይቡፕሮፌን", "ibuprofen"), ("ካብኢቡፕሮፌን", "ibuprofen"), ("ጀፊቲኒብ", "gefitinib"),
                       ("ኤርሎቲኒብ", "erlotinib"), ("ክሎሮኪን", "chloroquine"), ("ኣሞክሲሲሊን", "amoxicillin"),
                       ("ሪፋምፒሲን", "rifampicin"), ("ኣቶርቫስታቲን", "atorvastatin"), ("ኣርተሱኔት", "artesunate"),
                       ("ኣምሎዲፒን", "amlodipine"), ("ዶክሶሩቢሲን", "doxorubicin")):
        reads_as(lambda w: english_name(w, TIGRINYA), word, name)
    for word in ("ላቦራቶሪ", "ሆስፒታል", "ዩኒቨርሲቲ", "ኮምፒዩተር", "ውጽኢታት", "ተመሃሮ", "ሓካይም", "ሕሙማት", "ኣስመራ",
                 "መቐለ", "ቴሌፎን", "ፕሮፌሰር", "ኬሚስትሪ", "ሞለኪውላት", "ሕዋሳት", "መድሃኒታት", "ተመሳሳሊ", "ብዘይካ", "ማላርያ"):
        assert english_name(word, TIGRINYA) is None, word


def test_tigrinya_words_particles_and_word_order() -> None:
    assert in_english("በጃኻ ናይ ፓራሲታሞል ኣብ ማይ ምሕቃቕ ተንብይ።") == "please of paracetamol aqueous solubility predict ."
    # its particles joined to a code or a Latin name; "instead of" and "except" before what they govern
    assert in_english("ንA549 ብimatinib ሕሰብ") == "for A549 with imatinib calculate"
    assert in_english("ኣብ ክንዲ ጌፊቲኒብ ኤርሎቲኒብ ተጠቐም።") == "instead of gefitinib erlotinib use ."
    assert in_english("ብዘይካ ኣስፕሪን ኩሎም") == "except aspirin all"
    # a Tigrinya message is not read as Amharic ("ናይ" is its "of"; Amharic's "ላይ", on, is not read in it), and an
    # Amharic one stays Amharic
    assert "amharic" not in in_english("እዞም ሞለኪውላት ላይ").split() and "on" not in in_english("እዞም ሞለኪውላት ላይ")
    assert "ላይ" not in own_request_words("እዞም ሞለኪውላት ላይ")
    assert in_english("እባክህ የፓራሲታሞልን የውሃ ውስጥ መሟሟት ተንብይ።").startswith("please")
    # its everyday words are no drugs
    reads_no_drug("ኣነ ኣብ ላቦራቶሪ እሰርሕ። ሎሚ ሓደስቲ ውጽኢታት መጺኦም።", "tigrinya")
    reads_no_drug("ኣብ ሆስፒታል ብዙሕ ሕሙማት ዓሶ ኣለዉ።", "tigrinya")


def test_tigrinya_requests_planned() -> None:
    asks_the_property("በጃኻ ናይ ፓራሲታሞል ኣብ ማይ ምሕቃቕ ተንብይ።", "paracetamol", "logSolubility")
    asks_the_property("ክሎሮኪን ናይ ደም-ሓንጎል መከላኸሊ ክሰግር ይኽእልዶ፧", "chloroquine", "p_np")
    asks_the_property("ናይ ኣርተሱኔት መርዛምነት ፈትሽ።", "artesunate", "CT_TOX")
    asks_the_property("ናይ ሜትፎርሚን lipophilicity ሕሰብ።", "metformin", "lipo")
    asks_the_property("ናይ ካፌይን ሃይድሬሽን ነጻ ጉልበት ተንብይ።", "caffeine", "freesolv")
    asks_the_pair("ኣብ መንጎ ዋርፋሪንን ኣስፕሪንን ርክብ ኣሎ ድዩ፧", "warfarin", "aspirin")
    asks_the_pair("ሪፋምፒሲን ምስ ኢሶኒያዚድ ይጻለዉዶ፧", "rifampicin", "isoniazid")
    asks_binding("ኢማቲኒብ ምስ ABL1 ክንደይ ብሓይሊ ይእሰር፧", AFFINITY, "imatinib", "ABL1")
    asks_binding("ጌፊቲኒብ ምስ EGFR ይእሰርዶ፧", CLASSIFY, "gefitinib", "EGFR")
    asks_the_cells("ኣብ A549 ሕዋሳት ናይ ጌፊቲኒብ IC50 ተንብይ።", "gefitinib", "A549")
    asks_the_cells("ኣብ MCF7 ናይ ዶክሶሩቢሲን IC50 ክንደይ እዩ፧", "doxorubicin", "MCF7")
    generates("ንA549 ሓደስቲ ሞለኪውላት ፍጠር፣ ln(IC50) -2።")
    optimizes("ጌፊቲኒብ ኣብ A549 ክሳብ ln(IC50) -2 ኣመሓይሽ።")
    asks_the_route("ፓራሲታሞል ከመይ ይስራሕ፧ ቀዳሞት ነገራት ኣርእየኒ።", "paracetamol")
    asks_back("ሓደስቲ ሞለኪውላት ፍጠር።", GENERATE, [])
    asks_back("ኢማቲኒብ ክንደይ ብሓይሊ ይእሰር፧", AFFINITY, ["drug_smiles"])


def test_tigrinya_follow_ups_and_questions_no_tool_answers() -> None:
    of_the_generated("ናይዞም ሞለኪውላት መርዛምነት ፈትሽ።", "(generated_smiles)", "CT_TOX")
    of_the_generated("ናይ ካልኣይ ሞለኪውል lipophilicity ሕሰብ።", [MADE[1]], "lipo")
    of_the_generated("ናይ ቀዳሞት ክልተ መርዛምነት ፈትሽ።", MADE[:2], "CT_TOX")
    of_both("ናይ ክልቲኦም ምሕቃቕ ሕሰብ።", "logSolubility")
    instead("ኣብ ክንዲ ጌፊቲኒብ ኤርሎቲኒብ ተጠቐም።")
    on_the_two_cells("ኣብ HeLa ደጊምካ ኣካይድ።", "HeLa")
    runs_nothing("ንቆልዓ ናይ ኣሞክሲሲሊን መጠን ክንደይ እዩ፧")
    runs_nothing("ኪኒን ንነፍሰ ጾር ሰበይቲ ውሑስ ድዩ፧")
    runs_nothing("ዋጋ ኣርተሱኔት ክንደይ እዩ፧")
