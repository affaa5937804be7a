"""Armenian, Amharic and Sinhala requests: each read only in a message written in its script, with the drug names
as it writes, declines or affixes them ("իբուպրոֆենի", "የኢማቲኒብ", "ඉමැටිනිබ්ගේ"), and Latin names and codes with
its endings ("imatinib-ի", "ከEGFR", "imatinibගේ")."""

from __future__ import annotations

from planning_support import (asks_binding, asks_the_cells, asks_the_pair, asks_the_property, asks_the_route,
                              decided, drug, generates, optimizes, plan_with, ran)
from language_support import (AFFINITY, CELLS, CLASSIFY, GENERATE, MADE, PAIRS, PROPERTY, asks_back, instead, of_both,
                              of_the_generated)

from agent.vocabulary import in_english
from model_zoo.names.armenian import english_name as armenian_name
from model_zoo.names.ethiopic import english_name as ethiopic_name
from model_zoo.names.sinhala import english_name as sinhala_name


def test_armenian_drug_names_read_by_sound_with_their_case_endings() -> None:
    for word, name in (("իբուպրոֆենի", "ibuprofen"), ("իմատինիբը", "imatinib"), ("ասպիրինով", "aspirin"),
                       ("վարֆարինի", "warfarin"), ("պարացետամոլը", "paracetamol"), ("գեֆիտինիբի", "gefitinib"),
                       ("ցիսպլատինով", "cisplatin"), ("մետֆորմին", "metformin"), ("էռլոտինիբ", "erlotinib"),
                       ("ցիպրոֆլոքսացին", "ciprofloxacin"), ("տամոքսիֆենի", "tamoxifen"),
                       ("իբուպրոֆենից", "ibuprofen")):
        assert armenian_name(word) == name
    for word in ("լուծելիությունը", "փոխազդեցություն", "կանխատեսեք", "բջիջներում", "մոլեկուլներ", "միացության"):
        assert armenian_name(word) is None


def test_armenian_words_marks_and_postpositions() -> None:
    # its question mark inside a word ("Ի՞նչ", "կապվո՞ւմ") dropped, its full stop read as one
    assert in_english("Ի՞նչ է իբուպրոֆենի լուծելիությունը ջրում?") == "what is ibuprofen solubility in water ?"
    assert in_english("Կա՞ արդյոք փոխազդեցություն վարֆարինի և ասպիրինի միջև։") == \
        "is there interaction warfarin and aspirin between ."
    assert in_english("Գեֆիտինիբը կապվո՞ւմ է EGFR-ին։") == "gefitinib binds EGFR."
    # "փոխարեն" and "բացի" after what they govern; an ending after a Latin name dropped
    assert in_english("Գեֆիտինիբի փոխարեն էռլոտինիբ օգտագործիր A549-ում։") == \
        "erlotinib instead of gefitinib use A549."
    assert in_english("Ստուգիր բոլոր դեղերի թունավորությունը, ասպիրինից բացի։") == \
        "check all drugs toxicity , except aspirin."
    assert in_english("imatinib-ի թունավորությունը որքա՞ն է։") == "imatinib toxicity how much is ."


def test_armenian_requests_planned() -> None:
    asks_the_property("Ի՞նչ է իբուպրոֆենի լուծելիությունը ջրում?", "ibuprofen", "logSolubility")
    asks_the_property("Կոֆեինը անցնո՞ւմ է արյուն-ուղեղային արգելքով։", "caffeine", "p_np")
    asks_the_property("imatinib-ի թունավորությունը որքա՞ն է։", "imatinib", "CT_TOX")
    asks_the_pair("Կա՞ արդյոք փոխազդեցություն վարֆարինի և ասպիրինի միջև։", "warfarin", "aspirin")
    asks_binding("Որքա՞ն ուժեղ է իմատինիբը կապվում ABL1 կինազին։", AFFINITY, "imatinib", "ABL1")
    asks_binding("Գեֆիտինիբը կապվո՞ւմ է EGFR-ին։", CLASSIFY, "gefitinib", "EGFR")
    asks_the_cells("Կանխատեսեք գեֆիտինիբի IC50-ը A549 բջիջներում։", "gefitinib", "A549")
    asks_the_route("Ինչպե՞ս սինթեզել պարացետամոլը։ Ցույց տուր նախանյութերը։", "paracetamol")
    generates("Գեներացրու նոր մոլեկուլներ A549-ի համար, ln(IC50) -2։")
    optimizes("Օպտիմալացրու գեֆիտինիբը A549-ում մինչև ln(IC50) -2։")
    asks_back("Գեներացրու նոր մոլեկուլներ։", GENERATE, [])
    asks_back("Որքա՞ն ուժեղ է կապվում իմատինիբը։", AFFINITY, ["drug_smiles"])


def test_armenian_follow_ups() -> None:
    of_the_generated("Ստուգիր դրանց թունավորությունը։", "(generated_smiles)", "CT_TOX")
    of_both("Երկուսի լիպոֆիլությունն էլ հաշվիր։", "lipo")
    of_both("Երկուսի լուծելիությունը ինչքա՞ն է։", "logSolubility")
    instead("Գեֆիտինիբի փոխարեն էռլոտինիբ օգտագործիր։")


def test_ethiopic_drug_names_read_by_sound_with_their_prefixes_and_suffixes() -> None:
    for word, name in (("ኢማቲኒብ", "imatinib"), ("የኢማቲኒብ", "imatinib"), ("ዋርፋሪንን", "warfarin"),
                       ("ከአስፕሪን", "aspirin"), ("የኢቡፕሮፌን", "ibuprofen"), ("ፓራሲታሞል", "paracetamol"),
                       ("ገፊቲኒብ", "gefitinib"), ("ጌፊቲኒብ", "gefitinib"), ("ሲስፕላቲን", "cisplatin"),
                       ("ካፌይን", "caffeine"), ("ሜትፎርሚን", "metformin"), ("ኤርሎቲኒብ", "erlotinib"),
                       ("ሲፕሮፍሎክሳሲን", "ciprofloxacin"), ("ሃሎፔሪዶል", "haloperidol"), ("ኢማቲኒብና", "imatinib")):
        assert ethiopic_name(word) == name
    for word in ("መድሃኒት", "መስተጋብር", "መርዛማነት", "ሞለኪውሎች", "አመሰግናለሁ", "ሁለቱም", "የመሟሟት", "እባክህ"):
        assert ethiopic_name(word) is None


def test_amharic_words_punctuation_and_affixes() -> None:
    assert in_english("የኢማቲኒብ solubility ስንት ነው?") == "imatinib solubility how much is ?"
    # its full stop and comma read as Latin ones; its prefixes before a code read as English words
    assert in_english("በA549 ሴሎች ውስጥ የጌፊቲኒብን IC50 ተንብይ።") == "in A549 in cells gefitinib IC50 predict ."
    assert in_english("ለA549 አዳዲስ ሞለኪውሎችን ፍጠር፣ ln(IC50) -2።") == "for A549 new molecules generate , ln(IC50) -2."
    assert in_english("ኢማቲኒብ ከABL1 ጋር ምን ያህል በጥብቅ ይያያዛል?") == "imatinib with ABL1  how strongly binds ?"
    assert in_english("የimatinib መርዛማነት ስንት ነው?") == "of imatinib toxicity how much is ?"
    # "ፋንታ" after what it governs
    assert in_english("በጌፊቲኒብ ፋንታ ኤርሎቲኒብ በA549 ተጠቀም።") == "erlotinib instead of gefitinib in A549 use ."


def test_amharic_requests_planned() -> None:
    asks_the_property("የኢማቲኒብ solubility ስንት ነው?", "imatinib", "logSolubility")
    asks_the_property("የኢቡፕሮፌን በውሃ ውስጥ የመሟሟት አቅም ምን ያህል ነው?", "ibuprofen", "logSolubility")
    asks_the_property("ካፌይን የደም-አንጎል መከላከያን ያልፋል?", "caffeine", "p_np")
    asks_the_property("የimatinib መርዛማነት ስንት ነው?", "imatinib", "CT_TOX")
    asks_the_pair("በዋርፋሪን እና በአስፕሪን መካከል መስተጋብር አለ?", "warfarin", "aspirin")
    asks_the_pair("ዋርፋሪን ከአስፕሪን ጋር አብረው ቢወሰዱ መስተጋብር አለ?", "warfarin", "aspirin")
    asks_binding("ኢማቲኒብ ከABL1 ጋር ምን ያህል በጥብቅ ይያያዛል?", AFFINITY, "imatinib", "ABL1")
    asks_binding("ጌፊቲኒብ ከEGFR ጋር ይያያዛል ወይ?", CLASSIFY, "gefitinib", "EGFR")
    asks_the_cells("በA549 ሴሎች ውስጥ የጌፊቲኒብን IC50 ተንብይ።", "gefitinib", "A549")
    asks_the_route("ፓራሲታሞልን እንዴት ማቀናበር እችላለሁ? ቅድመ-ቁሶቹን አሳየኝ።", "paracetamol")
    generates("ለA549 አዳዲስ ሞለኪውሎችን ፍጠር፣ ln(IC50) -2።")
    optimizes("ጌፊቲኒብን በA549 ላይ ወደ ln(IC50) -2 አሻሽል።")
    asks_back("አዳዲስ ሞለኪውሎችን ፍጠር።", GENERATE, [])
    asks_back("የጌፊቲኒብን IC50 ተንብይ።", CELLS, ["drug_smiles"])


def test_amharic_follow_ups() -> None:
    of_the_generated("የእነዚህን መርዛማነት ፈትሽ።", "(generated_smiles)", "CT_TOX")
    of_both("የሁለቱንም lipophilicity አስላ።", "lipo")
    of_both("የሁለቱም መርዛማነት ስንት ነው?", "CT_TOX")
    instead("በጌፊቲኒብ ፋንታ ኤርሎቲኒብ ተጠቀም።")


def test_sinhala_drug_names_read_by_sound_with_their_suffixes() -> None:
    for word, name in (("ඉමැටිනිබ්", "imatinib"), ("ඉමැටිනිබ්ගේ", "imatinib"), ("පැරසිටමෝල්", "paracetamol"),
                       ("ඇස්ප්‍රින්", "aspirin"), ("වෝෆැරින්", "warfarin"), ("ඉබියුප්‍රොෆෙන්", "ibuprofen"),
                       ("අයිබියුප්‍රොෆෙන්", "ibuprofen"), ("ගෙෆිටිනිබ්", "gefitinib"), ("සිස්ප්ලැටින්", "cisplatin"),
                       ("කැෆේන්", "caffeine"), ("මෙට්ෆෝමින්", "metformin"), ("ඉමැටිනිබ්ට", "imatinib"),
                       ("වෝෆැරින්වලට", "warfarin"), ("ඇමොක්සිසිලින්", "amoxicillin")):
        assert sinhala_name(word) == name
    for word in ("අන්තර්ක්‍රියාව", "ද්‍රාව්‍යතාව", "කරුණාකර", "බැඳෙනවාද", "ස්තූතියි", "සෛලවල", "මොකක්ද"):
        assert sinhala_name(word) is None


def test_sinhala_words_between_its_letters() -> None:
    assert in_english("ඉමැටිනිබ් EGFR එකට බැඳෙනවාද?") == "imatinib EGFR to does it bind ?"
    assert in_english("වෝෆැරින් සහ ඇස්ප්‍රින් අතර අන්තර්ක්‍රියාවක් තියෙනවාද?") == \
        "warfarin and aspirin between interaction is there ?"
    # a suffix joined to a Latin name set apart and read; "වෙනුවට" after what it governs
    assert in_english("imatinibගේ toxicity එක කීයද?") == "imatinib  toxicity  how much is ?"
    assert in_english("ගෙෆිටිනිබ් වෙනුවට එර්ලොටිනිබ් A549 වල පාවිච්චි කරන්න.") == \
        "erlotinib instead of gefitinib A549 in use ."
    # an emoji's zero-width joiner is no Sinhala, and Georgian and Russian messages read as before
    for english in ("What is the solubility of caffeine? 👩‍🔬 Thanks.", "Compare imatinib and EGFR-in in K562."):
        assert in_english(english) == english
    assert in_english("Какова растворимость ибупрофена?") == "Какова solubility ibuprofen?"
    assert in_english("გთხოვთ, გამოთვალეთ იმატინიბის ხსნადობა წყალში.") == \
        "please , calculate imatinib solubility in water ."


def test_sinhala_requests_planned() -> None:
    asks_the_property("ඉබියුප්‍රොෆෙන් වතුරේ දියවෙන්නේ කොච්චරද?", "ibuprofen", "logSolubility")
    asks_the_property("කැෆේන් රුධිර-මොළ බාධකය පනිනවාද?", "caffeine", "p_np")
    asks_the_property("imatinibගේ විෂ සහිතභාවය කීයද?", "imatinib", "CT_TOX")
    asks_the_pair("වෝෆැරින් සහ ඇස්ප්‍රින් අතර අන්තර්ක්‍රියාවක් තියෙනවාද?", "warfarin", "aspirin")
    asks_binding("ඉමැටිනිබ් ABL1 එකට කොච්චර ශක්තිමත්ව බැඳෙනවාද?", AFFINITY, "imatinib", "ABL1")
    asks_binding("ඉමැටිනිබ් EGFR එකට බැඳෙනවාද?", CLASSIFY, "imatinib", "EGFR")
    asks_the_cells("A549 සෛලවල ගෙෆිටිනිබ්ගේ IC50 එක පුරෝකථනය කරන්න.", "gefitinib", "A549")
    asks_the_route("පැරසිටමෝල් හදන්නේ කොහොමද? පූර්වගාමී ද්‍රව්‍ය පෙන්වන්න.", "paracetamol")
    generates("A549 සඳහා අලුත් අණු ජනනය කරන්න, ln(IC50) -2.")
    optimizes("ගෙෆිටිනිබ් A549 වල ln(IC50) -2 ට optimize කරන්න.")
    asks_back("අලුත් අණු ජනනය කරන්න.", GENERATE, [])
    asks_back("ඉමැටිනිබ් කොච්චර ශක්තිමත්ව බැඳෙනවාද?", AFFINITY, ["drug_smiles"])


def test_sinhala_follow_ups() -> None:
    of_the_generated("මේවායේ විෂ සහිතභාවය බලන්න.", "(generated_smiles)", "CT_TOX")
    of_the_generated("දෙවෙනි එකේ lipophilicity එක ගණනය කරන්න.", [MADE[1]], "lipo")
    of_both("දෙකේම lipophilicity එක ගණනය කරන්න.", "lipo")
    of_both("දෙකම විෂද?", "CT_TOX")
    instead("ගෙෆිටිනිබ් වෙනුවට එර්ලොටිනිබ් පාවිච්චි කරන්න.")



def _of_the_two(text: str, prop: str) -> None:
    """A correction after a property of two drugs: the same two, another property."""
    two = [drug("warfarin"), drug("aspirin")]
    earlier = ran(PROPERTY, "How toxic are warfarin and aspirin?", {"drug_smiles": two, "property": "CT_TOX"})
    [call] = plan_with(text, {"user_smiles": two, "user_property": "CT_TOX"}, [earlier])
    assert call.name == PROPERTY and call.arguments["property"] == prop
    assert call.arguments["drug_smiles"] in ("(user_smiles)", two)


def _on_the_two_cells(text: str, cell: str) -> None:
    two = [drug("gefitinib"), drug("erlotinib")]
    earlier = ran(CELLS, "Predict the IC50 of gefitinib and erlotinib in A549.", {"drug_smiles": two,
                                                                                "cell_name": "A549"})
    [call] = plan_with(text, {"user_smiles": two, "user_cell_line": "A549"}, [earlier])
    assert call.name == CELLS and call.arguments["cell_name"] == cell
    assert call.arguments["drug_smiles"] in ("(user_smiles)", two)


def test_round37_names_written_by_ear() -> None:
    # Amharic writes ch and qu as k and a first e as i; a suffix comes off only a stem that ends as a name does
    for word, name in (("አሞዲያኪን", "amodiaquine"), ("ኪኒዲን", "quinidine"), ("ኢፌድሪን", "ephedrine"),
                       ("ክሎራምቡሲል", "chlorambucil"), ("ኢቶፖሳይድ", "etoposide")):
        assert ethiopic_name(word) == name
    assert ethiopic_name("የኮአርተም") is None
    # Sinhala leaves an r after a short o unwritten, says a first i as "ai", and writes z as s
    for word, name in (("ක්ලොනසිපෑම්", "clonazepam"), ("ඇටොවස්ටැටින්ගේ", "atorvastatin"),
                       ("ඩයක්ලෝෆිනැක්", "diclofenac")):
        assert sinhala_name(word) == name
    # Armenian's genitive made a noun: "the one of erlotinib"
    assert armenian_name("էռլոտինիբինը") == "erlotinib"


def test_round37_armenian_requests() -> None:
    asks_the_property("Կարո՞ղ ես գուշակել կոֆեինի հիդրատացիայի ազատ էներգիան։", "caffeine", "freesolv")
    _of_the_two("Ներիր, BBB չէ, ջրային լուծելիությունն էր պետք։ Նույն երկուսի։", "logSolubility")
    pairs = {"user_smiles_pairs": [[drug("warfarin"), drug("aspirin")]]}
    earlier = ran(PAIRS, "Do warfarin and aspirin interact?", {"smiles_pairs": "(user_smiles_pairs)"})
    assert decided("Իսկ ի՞նչ դոզայով է ասպիրինը անվտանգ վարֆարին ընդունողների համար։", pairs, [earlier]) is None


def test_round37_amharic_requests() -> None:
    asks_the_property("የአሞዲያኪን የውሃ ውስጥ መሟሟት ተንብይልኝ።", "amodiaquine", "logSolubility")
    asks_the_property("ኪኒዲን ብዙ ጉዳት ያመጣል ይባላል። ወደ አንጎል ያልፋል ወይ?", "quinidine", "p_np")
    # an everyday word is no drug ("ማምረት": to manufacture, not amfepramone; "ተፅዕኖ": effect, not theophylline)
    asks_the_route("ፓራሲታሞልን እዚህ ሀገር ማምረት ይቻል እንደሆነ እያጠናን ነው። የretrosynthesis መንገዱን አሳየኝ።", "paracetamol")
    [call] = plan_with("ኢቡፕሮፌን በኩላሊት ላይ ያለውን ተፅዕኖ እያጠናን ነው። የኢቡፕሮፌንን BBB ተንብይልኝ።", {})
    assert call.name == PROPERTY and call.arguments == {"drug_smiles": [drug("ibuprofen")], "property": "p_np"}


def test_round37_sinhala_requests() -> None:
    [call] = plan_with("ක්ලොනසිපෑම් සහ ඩයක්ලෝෆිනැක් මොළයට යන සම්භාවිතාව (BBB) බලන්න.", {})
    assert call.name == PROPERTY and call.arguments == {"drug_smiles": [drug("clonazepam"), drug("diclofenac")],
                                                        "property": "p_np"}
    # "කලින්" (before) is no kaolin; "with X and with Y" after the two it governs
    [call] = plan_with("ශල්‍යකර්මයට කලින්: Phenergan එක warfarin එක්කයි aspirin එක්කයි interaction තියෙනවද බලන්න.",
                       {})
    assert call.name == PAIRS and call.arguments == {"smiles_pairs": [[drug("promethazine"), drug("warfarin")],
                                                                      [drug("promethazine"), drug("aspirin")]]}
    # a drug named only as an overdose's cause is no molecule to run: the sentence that asks, its verb last
    asks_the_property("ඇස්ප්‍රින් overdose එකකට sodium bicarbonate දෙනවා. caffeine ජලයේ ද්‍රාව්‍යතාව බලන්න.",
                       "caffeine", "logSolubility")
    of_the_generated("පළවෙනි අණු දෙකේ විෂ සහිතභාවය බලන්න.", MADE[:2], "CT_TOX")
    _on_the_two_cells("HeLa එකෙත් ඒ දෙකම.", "HeLa")
