"""Gujarati, Somali and Central Kurdish (Sorani) requests. Gujarati is read only in a message written in its script:
drug names written by their sounds, with its case suffixes joined to them ("મેટફોર્મિનની": of metformin), and its
digits. Somali writes drug names in Latin letters, by its own spelling (long vowels doubled, b and f for the p and v
it lacks) and with its articles after them ("asbiriinka": the aspirin). Sorani writes drug names in the Arabic script
with their vowels ("پاراسیتامۆڵ"), or in Latin letters between its words, and its Eastern Arabic digits."""

from __future__ import annotations

import re

from planning_support import (asks_binding, asks_the_cells, asks_the_pair, asks_the_property, asks_the_route,
                              generates, optimizes)
from language_support import (AFFINITY, CLASSIFY, GENERATE, MADE, asks_back, instead, of_both, of_the_generated,
                              on_the_two_cells, reads_as, reads_no_drug, reads_no_name, runs_nothing)

from agent.vocabulary import in_english


def test_gujarati_drug_names_read_by_sound_with_their_suffixes() -> None:
    from model_zoo.names.gujarati import english_name

    for word, name in (("પેરાસિટામોલ", "paracetamol"), ("પેરાસિટામોલનો", "paracetamol"), ("ઇમાટિનિબ", "imatinib"),
                       ("ઇમાટિનિબનું", "imatinib"), ("મેટફોર્મિન", "metformin"), ("મેટફોર્મિનની", "metformin"),
                       ("વોરફેરિન", "warfarin"), ("વૉરફેરિનને", "warfarin"), ("એસ્પિરિન", "aspirin"),
                       ("ઍસ્પિરિન", "aspirin"), ("આઇબુપ્રોફેન", "ibuprofen"), ("ડોક્સોરુબિસિન", "doxorubicin"),
                       ("ક્લોરોક્વિન", "chloroquine"), ("જેફિટિનિબ", "gefitinib"), ("એર્લોટિનિબ", "erlotinib"),
                       ("સિસ્પ્લેટિન", "cisplatin"), ("એમોક્સિસિલિન", "amoxicillin"), ("રિફામ્પિસિન", "rifampicin"),
                       ("આઇસોનિયાઝિડ", "isoniazid"), ("કાર્બામાઝેપિન", "carbamazepine"), ("ક્વિનાઇન", "quinine"),
                       ("સિપ્રોફ્લોક્સાસિન", "ciprofloxacin"), ("એટોર્વાસ્ટેટિન", "atorvastatin"),
                       ("ઓસિમર્ટિનિબ", "osimertinib"), ("ડાયક્લોફેનાક", "diclofenac"), ("અમલોડિપિન", "amlodipine"),
                       ("ઓમેપ્રાઝોલ", "omeprazole"), ("ટેમોક્સિફેન", "tamoxifen"), ("આર્ટેસુનેટ", "artesunate"),
                       ("પ્રાઈમાક્વિન", "primaquine"), ("ફેનિટોઇન", "phenytoin"), ("ક્લોપિડોગ્રેલ", "clopidogrel")):
        reads_as(english_name, word, name)
    # its everyday words are no drugs, nor short brands that sound like them ("ખોરાક", food: Carac)
    for word in ("ખોરાક", "ગરમ", "ઓગસ્ટ", "માથાનો", "પ્રયોગશાળા", "હોસ્પિટલ", "યુનિવર્સિટી", "કમ્પ્યુટર", "પરિણામો",
                 "રસાયણશાસ્ત્ર", "સગર્ભા", "દર્દીઓ", "અમદાવાદ", "વિદ્યાર્થી", "ટેલિફોન", "પ્રોફેસર"):
        assert english_name(word) is None, word


def test_gujarati_words_suffixes_and_word_order() -> None:
    assert " ".join(in_english("કૃપા કરીને પેરાસિટામોલની પાણીમાં દ્રાવ્યતાનું અનુમાન કરો.").split()) == \
        "please paracetamol aqueous solubility predict ."
    # its suffixes joined to a code or a Latin name, its digits, its "instead of" and "except" after what they govern
    assert " ".join(in_english("A549માં imatinibનો IC50").split()) == "A549 in imatinib of IC50"
    assert in_english("ln(IC50) -૨.૫").endswith("-2.5")
    assert " ".join(in_english("જેફિટિનિબને બદલે એર્લોટિનિબ વાપરો.").split()) == "erlotinib instead of gefitinib use ."
    assert " ".join(in_english("એસ્પિરિન સિવાય બધા").split()) == "except aspirin all"
    # a word's own letters: "ના" (of) is not read inside "નાનું" (small)
    assert "of" not in in_english("નાનું").split()
    # its everyday words are no drugs
    reads_no_drug("હું પ્રયોગશાળામાં કામ કરું છું. આજે અમારા નવા પરિણામો આવ્યા.", "gujarati")
    reads_no_drug("અમારી હોસ્પિટલમાં મેલેરિયાના ઘણા દર્દીઓ છે.", "gujarati")
    assert not re.search(r"[A-Za-z]{5,}", in_english("આજે હવામાન ખૂબ સરસ છે અને હું મારા મિત્રો સાથે બજારમાં જાઉં છું.")
                         .replace("today", "").replace("with", ""))


def test_gujarati_requests_planned() -> None:
    asks_the_property("કૃપા કરીને પેરાસિટામોલની પાણીમાં દ્રાવ્યતાનું અનુમાન કરો.", "paracetamol", "logSolubility")
    asks_the_property("શું ક્લોરોક્વિન રક્ત-મગજ અવરોધ પાર કરી શકે છે?", "chloroquine", "p_np")
    asks_the_property("આર્ટેસુનેટની ઝેરી અસર તપાસો.", "artesunate", "CT_TOX")
    asks_the_property("મેટફોર્મિનની lipophilicity ગણો.", "metformin", "lipo")
    asks_the_pair("શું વોરફેરિન અને એસ્પિરિન વચ્ચે કોઈ આંતરક્રિયા છે?", "warfarin", "aspirin")
    asks_the_pair("રિફામ્પિસિન અને આઇસોનિયાઝિડ વચ્ચે ક્રિયાપ્રતિક્રિયા થાય છે?", "rifampicin", "isoniazid")
    asks_binding("ઇમાટિનિબ ABL1 સાથે કેટલી મજબૂતીથી જોડાય છે?", AFFINITY, "imatinib", "ABL1")
    asks_binding("શું જેફિટિનિબ EGFR સાથે જોડાય છે?", CLASSIFY, "gefitinib", "EGFR")
    asks_the_cells("A549 કોષોમાં જેફિટિનિબના IC50 નું અનુમાન કરો.", "gefitinib", "A549")
    asks_the_cells("MCF7 માં ડોક્સોરુબિસિનનો IC50 કેટલો છે?", "doxorubicin", "MCF7")
    generates("A549 માટે નવા અણુઓ બનાવો, ln(IC50) -૨.")
    optimizes("જેફિટિનિબને A549 માં ln(IC50) -2 સુધી ઑપ્ટિમાઇઝ કરો.")
    asks_the_route("પેરાસિટામોલ કેવી રીતે બનાવાય છે? પુરોગામી પદાર્થો બતાવો.", "paracetamol")
    asks_back("નવા અણુઓ બનાવો.", GENERATE, [])
    asks_back("ઇમાટિનિબ કેટલી મજબૂતીથી જોડાય છે?", AFFINITY, ["drug_smiles"])


def test_gujarati_follow_ups_and_questions_no_tool_answers() -> None:
    of_the_generated("આ અણુઓની ઝેરી અસર તપાસો.", "(generated_smiles)", "CT_TOX")
    of_the_generated("બીજા અણુની lipophilicity ગણો.", [MADE[1]], "lipo")
    of_the_generated("પહેલા બેની ઝેરી અસર તપાસો.", MADE[:2], "CT_TOX")
    of_both("બંનેની દ્રાવ્યતા ગણો.", "logSolubility")
    instead("જેફિટિનિબને બદલે એર્લોટિનિબ વાપરો.")
    on_the_two_cells("HeLa માં ફરીથી ચલાવો.", "HeLa")
    runs_nothing("બાળક માટે એમોક્સિસિલિનની માત્રા કેટલી છે?")
    runs_nothing("શું ક્વિનાઇન સગર્ભા સ્ત્રી માટે સુરક્ષિત છે?")
    runs_nothing("આર્ટેસુનેટની કિંમત કેટલી છે?")


def test_somali_drug_names_read_as_it_spells_and_declines_them() -> None:
    from model_zoo.names.inflected import SOMALI, english_name

    for word, name in (("barasetamool", "paracetamol"), ("baarasitamoolka", "paracetamol"),
                       ("paracetamolka", "paracetamol"), ("warfariinka", "warfarin"), ("warfarinta", "warfarin"),
                       ("asbiriinka", "aspirin"), ("asbiriin", "aspirin"), ("metformiinta", "metformin"),
                       ("imatiniibka", "imatinib"), ("kloorokwiin", "chloroquine"),
                       ("amoksisiliinka", "amoxicillin"), ("siprofloksasiin", "ciprofloxacin"),
                       ("rifambisiin", "rifampicin"), ("isoniyaasid", "isoniazid"), ("artesunaatka", "artesunate"),
                       ("doksorubisiinka", "doxorubicin"), ("jefitiniib", "gefitinib"),
                       ("erlotiniibka", "erlotinib"), ("sisplatiinka", "cisplatin"), ("ibuprofeenka", "ibuprofen"),
                       ("kwiniin", "quinine")):
        reads_as(lambda w: english_name(w, SOMALI), word, name)
    for word in ("shaybaarka", "isbitaalka", "natiijooyinka", "dhakhtarka", "carruurta", "jaamacadda", "macallinka",
                 "walaalkay", "saaxiibadayda", "xukuumadda", "caafimaadka", "daaweyntooda", "cilmibaarista",
                 "kombiyuutarka", "telefoonka", "magaalada", "muqdisho", "hargeysa", "tababarka", "ardayda"):
        assert english_name(word, SOMALI) is None, word


def test_somali_words_and_word_order() -> None:
    assert in_english("Fadlan saadaali milmidda biyaha ee paracetamol-ka.") == \
        "please predict aqueous solubility of paracetamol ."
    # its articles after a hyphen, "replace X with Y", and its decimal comma
    assert in_english("Gefitinib ku beddel erlotinib.") == "use erlotinib instead of Gefitinib."
    assert in_english("Saadaali IC50-ka gefitinib ee unugyada A549.").split() == \
        ["predict", "IC50", "gefitinib", "of", "cells", "A549."]
    # its everyday words are no drugs
    reads_no_name("Waxaan ka shaqeeyaa shaybaarka. Maanta waxaannu helnay natiijooyin cusub.", "somali")
    reads_no_name("Isbitaalkeenna waxaa jira bukaanno badan oo duumo qaba.", "somali")
    reads_no_name("Aad baad u mahadsantahay! Dhakhtarka ayaan weydiin doonaa.", "somali")
    reads_no_name("Jaamacadda Muqdisho ardaydeeda waxay bartaan kimistariga iyo caafimaadka. Macallinkeennu waa nin "
                   "wanaagsan; walaalkay wuxuu ka shaqeeyaa farmashiyaha magaalada Hargeysa.", "somali")
    # "mar kale" (again) says it is Somali; a Tagalog message with its "oo" (yes) and "iyo" (you) is not read as Somali
    assert in_english("Mar kale ku orod HeLa.") == "run it again HeLa."
    assert in_english("Oo, salamat sa iyo! Pa-check naman ng solubility ng aspirin.") == \
        "Oo, thanks in iyo! please check  of solubility of aspirin."


def test_somali_requests_planned() -> None:
    asks_the_property("Fadlan saadaali sida barasetamoolku ugu milmo biyaha.", "paracetamol", "logSolubility")
    asks_the_property("Kloorokwiin ma ka gudbi kartaa xannibaadda dhiigga iyo maskaxda?", "chloroquine", "p_np")
    asks_the_property("Fadlan hubi sunta artesunaatka.", "artesunate", "CT_TOX")
    asks_the_property("Xisaabi lipophilicity-ga metformiinka.", "metformin", "lipo")
    asks_the_pair("Ma jiraa isdhexgal u dhexeeya warfariinka iyo asbiriinka?", "warfarin", "aspirin")
    asks_the_pair("Rifampicin iyo isoniazid ma isku dhacaan?", "rifampicin", "isoniazid")
    asks_binding("Imatinib intee xoog leh ayuu ugu xirmaa ABL1?", AFFINITY, "imatinib", "ABL1")
    asks_binding("Gefitinib ma ku xirmaa EGFR?", CLASSIFY, "gefitinib", "EGFR")
    asks_the_cells("Saadaali IC50-ka gefitinib ee unugyada A549.", "gefitinib", "A549")
    asks_the_cells("Waa imisa IC50-ka doksorubisiinka ee unugyada MCF7?", "doxorubicin", "MCF7")
    generates("Fadlan samee molikiyuullo cusub oo loogu talagalay A549, ln(IC50) -2,5.", -2.5)
    optimizes("Hagaaji gefitinib-ka A549 ilaa ln(IC50) -2.")
    asks_the_route("Sidee loo sameeyaa barasetamool? I tus walxaha horudhaca ah.", "paracetamol")
    asks_back("Samee molikiyuullo cusub.", GENERATE, [])
    asks_back("Imatinib intee xoog leh ayuu ugu xirmaa?", AFFINITY, ["drug_smiles"])


def test_somali_follow_ups_and_questions_no_tool_answers() -> None:
    of_the_generated("Hubi sunta molikiyuulladan.", "(generated_smiles)", "CT_TOX")
    of_the_generated("Xisaabi lipophilicity-ga molikiyuulka labaad.", [MADE[1]], "lipo")
    of_the_generated("Hubi sunta labada hore.", MADE[:2], "CT_TOX")
    of_both("Xisaabi milmidda labadaba.", "logSolubility")
    instead("Isticmaal erlotinib halkii gefitinib.")
    instead("Gefitinib ku beddel erlotinib.")
    on_the_two_cells("Mar kale ku orod HeLa.", "HeLa")
    runs_nothing("Waa imisa qiyaasta amoksisiliinka ee ilmaha?")
    runs_nothing("Kwiniinku ma ammaan u yahay haweeney uur leh?")
    runs_nothing("Waa imisa qiimaha artesunaatka?")


def test_sorani_drug_names_read_by_sound() -> None:
    from model_zoo.names.sorani import english_name

    for word, name in (("پاراسیتامۆڵ", "paracetamol"), ("پاراسێتامۆل", "paracetamol"), ("ئیماتینیب", "imatinib"),
                       ("مێتفۆرمین", "metformin"), ("مێتفۆرمینی", "metformin"), ("وارفارین", "warfarin"),
                       ("وارفارینەکە", "warfarin"), ("ئەسپرین", "aspirin"), ("ئەسپیرین", "aspirin"),
                       ("ئایبوپرۆفین", "ibuprofen"), ("دۆکسۆروبیسین", "doxorubicin"), ("کلۆرۆکین", "chloroquine"),
                       ("گێفیتینیب", "gefitinib"), ("جێفیتینیب", "gefitinib"), ("ئێرلۆتینیب", "erlotinib"),
                       ("سیسپلاتین", "cisplatin"), ("ئەمۆکسیسیلین", "amoxicillin"), ("ڕیفامپیسین", "rifampicin"),
                       ("ئایزۆنیازید", "isoniazid"), ("کاربامازیپین", "carbamazepine"), ("کینین", "quinine"),
                       ("سیپرۆفلۆکساسین", "ciprofloxacin"), ("ئەتۆرڤاستاتین", "atorvastatin"),
                       ("ئۆسیمێرتینیب", "osimertinib"), ("ئەملۆدیپین", "amlodipine"), ("ئۆمیپرازۆڵ", "omeprazole"),
                       ("تامۆکسیفێن", "tamoxifen"), ("ئارتیسونەیت", "artesunate"), ("پریماکین", "primaquine"),
                       ("ڤینکریستین", "vincristine"), ("فینیتۆین", "phenytoin"),
                       # harakat and tatweel ignored
                       ("وارفـارین", "warfarin")):
        reads_as(english_name, word, name)
    # its everyday words are no drugs ("دەکەین", we do, is no dicaine)
    for word in ("دەکەین", "تاقیگە", "نەخۆشخانە", "زانکۆ", "ئەنجامەکان", "کۆمپیوتەر", "دکتۆرەکە", "منداڵەکان",
                 "سلێمانی", "هەولێر", "کوردستان", "تەلەفۆن", "پرۆفیسۆر", "ڤاکسین", "دەرمانخانە", "خوێندکاران"):
        assert english_name(word) is None, word


def test_sorani_words_and_word_order() -> None:
    assert in_english("تکایە توانەوەی پاراسیتامۆڵ لە ئاودا پێشبینی بکە.") == \
        "please solubility of paracetamol in water predict ."
    # a suffix joined to a code, "replace X with Y", and its digits and decimal separator
    assert in_english("IC50ی گێفیتینیب") == "IC50 of gefitinib"
    assert in_english("گێفیتینیب بە ئێرلۆتینیب بگۆڕە.") == "use erlotinib instead of gefitinib."
    assert in_english("بۆ A549، ln(IC50) -٢٫٥") == "for A549, ln(IC50) -2.5"
    # its everyday words are no drugs
    reads_no_drug("من لە تاقیگە کار دەکەم. ئەمڕۆ ئێمە ئەنجامی نوێمان هەیە.", "sorani")
    reads_no_drug("لە نەخۆشخانەکەمان نەخۆشی مەلاریا زۆرن.", "sorani")
    assert not re.search(r"[A-Za-z]{5,}", in_english("ئەمڕۆ هەوا زۆر خۆشە و من لەگەڵ هاوڕێکانم دەچمە بازاڕ.")
                         .replace("today", "").replace("with", ""))
    # a Pashto or Persian message is not read as Sorani
    assert in_english("د A549 لپاره نوي مالیکولونه جوړ کړه، ln(IC50) -۲٫۵.") == \
        "of A549 for new molecules generate , ln(IC50) -2.5."


def test_sorani_requests_planned() -> None:
    asks_the_property("تکایە توانەوەی پاراسیتامۆڵ لە ئاودا پێشبینی بکە.", "paracetamol", "logSolubility")
    asks_the_property("ئایا کلۆرۆکین دەتوانێت بەربەستی خوێن-مێشک تێپەڕێت؟", "chloroquine", "p_np")
    asks_the_property("تکایە ژەهراویبوونی ئارتیسونەیت بپشکنە.", "artesunate", "CT_TOX")
    asks_the_property("lipophilicityی مێتفۆرمین حیساب بکە.", "metformin", "lipo")
    asks_the_pair("ئایا کارلێک لە نێوان وارفارین و ئەسپرین هەیە؟", "warfarin", "aspirin")
    asks_the_pair("ئایا ڕیفامپیسین و ئایزۆنیازید کارلێکیان هەیە؟", "rifampicin", "isoniazid")
    asks_binding("ئیماتینیب چەند بەهێز بە ABL1ەوە دەبەسترێتەوە؟", AFFINITY, "imatinib", "ABL1")
    asks_binding("ئایا گێفیتینیب بە EGFR دەبەسترێتەوە؟", CLASSIFY, "gefitinib", "EGFR")
    asks_the_cells("IC50ی گێفیتینیب لە خانەکانی A549 پێشبینی بکە.", "gefitinib", "A549")
    asks_the_cells("IC50ی دۆکسۆروبیسین لە خانەکانی MCF7 چەندە؟", "doxorubicin", "MCF7")
    generates("تکایە مۆلیکیوولی نوێ بۆ A549 دروست بکە، ln(IC50) -٢٫٥.", -2.5)
    optimizes("گێفیتینیب لە A549 باشتر بکە تا ln(IC50) -٢.")
    asks_the_route("پاراسیتامۆڵ چۆن دروست دەکرێت؟ مادە سەرەتاییەکان پیشان بدە.", "paracetamol")
    asks_back("مۆلیکیوولی نوێ دروست بکە.", GENERATE, [])
    asks_back("ئیماتینیب چەند بەهێز دەبەسترێتەوە؟", AFFINITY, ["drug_smiles"])


def test_sorani_follow_ups_and_questions_no_tool_answers() -> None:
    of_the_generated("ژەهراویبوونی ئەم مۆلیکیوولانە بپشکنە.", "(generated_smiles)", "CT_TOX")
    of_the_generated("lipophilicityی مۆلیکیوولی دووەم حیساب بکە.", [MADE[1]], "lipo")
    of_the_generated("ژەهراویبوونی دوو یەکەمەکە بپشکنە.", MADE[:2], "CT_TOX")
    of_both("توانەوەی هەردووکیان حیساب بکە.", "logSolubility")
    instead("لە جیاتی گێفیتینیب ئێرلۆتینیب بەکاربهێنە.")
    instead("گێفیتینیب بە ئێرلۆتینیب بگۆڕە.")
    on_the_two_cells("لە HeLa دووبارە ئەنجامی بدەوە.", "HeLa")
    runs_nothing("دۆزی ئەمۆکسیسیلین بۆ منداڵ چەندە؟")
    runs_nothing("ئایا کینین بۆ ئافرەتی دووگیان سەلامەتە؟")
    runs_nothing("نرخی ئارتیسونەیت چەندە؟")
