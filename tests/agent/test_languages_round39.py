"""Lao, Pashto and Azerbaijani requests. Lao is read only in a message written in its script and writes no spaces
between words: drug names written by their sounds, mostly after French, are read in the stretches between its own
words and particles ("ວາຟາຣິນແລະແອັສປີຣິນ": warfarin and aspirin). Pashto writes drug names in the Arabic script
with their short vowels mostly unwritten ("میټفورمین"), or in Latin letters between its words. Azerbaijani joins its
suffixes to a name ("doksorubisinlə", "EGFR-ə") and is never read as Turkish."""

from __future__ import annotations

import re

from planning_support import (asks_binding, asks_the_cells, asks_the_pair, asks_the_property, asks_the_route,
                              generates, optimizes)
from language_support import (AFFINITY, CLASSIFY, GENERATE, MADE, asks_back, instead, of_both, of_the_generated,
                              on_the_two_cells, reads_as, reads_no_drug, runs_nothing)

from agent.vocabulary import in_english


def test_lao_drug_names_read_by_sound() -> None:
    from model_zoo.names.lao import english_name

    for word, name in (("ພາຣາເຊຕາມອນ", "paracetamol"), ("ປາຣາເຊຕາມອລ", "paracetamol"), ("ວາຟາຣິນ", "warfarin"),
                       ("ວາຟາລິນ", "warfarin"), ("ຄລໍໂຣກິນ", "chloroquine"), ("ອາເຕຊູນາດ", "artesunate"),
                       ("ເມັດຟໍມິນ", "metformin"), ("ອາມົກຊີຊີລິນ", "amoxicillin"), ("ອີໂຊນີອາຊິດ", "isoniazid"),
                       ("ຣິຟາມປີຊີນ", "rifampicin"), ("ເຕໂນໂຟວີຣ", "tenofovir"), ("ອີມາຕິນິບ", "imatinib"),
                       ("ດົກໂຊຣູບີຊີນ", "doxorubicin"), ("ແອັສປີຣິນ", "aspirin"), ("ເຈຟີຕີນິບ", "gefitinib"),
                       ("ເອີໂລຕິນິບ", "erlotinib"), ("ກີນິນ", "quinine"), ("ພຣີມາກິນ", "primaquine"),
                       ("ໄອບູໂປຣເຟນ", "ibuprofen"), ("ຊິໂປຣຟລົກຊາຊີນ", "ciprofloxacin"), ("ຄາບາມາເຊປິນ", "carbamazepine"),
                       ("ວິນບລາສຕິນ", "vinblastine"), ("ຟີນີໂຕອີນ", "phenytoin")):
        reads_as(english_name, word, name)
    for word in ("ການລະລາຍ", "ສະໝອງ", "ປະຕິສຳພັນ", "ໂມເລກຸນ", "ຂອບໃຈ", "ເປັນຫຍັງ", "ເທົ່າໃດ", "ທັງສອງ", "ຄົນເຈັບ",
                 "ເດັກນ້ອຍ", "ແມ່ຍິງຖືພາ", "ປອດໄພ", "ຫ້ອງທົດລອງ", "ໂຮງໝໍ"):
        assert english_name(word) is None, word


def test_lao_names_between_its_words() -> None:
    assert " ".join(in_english("ວາຟາຣິນແລະແອັສປີຣິນມີປະຕິສຳພັນກັນບໍ?").split()) == \
        "warfarin and aspirin has interaction ? ?"
    assert " ".join(in_english("ກະລຸນາຄາດຄະເນການລະລາຍໃນນ້ຳຂອງພາຣາເຊຕາມອນ.").split()) == \
        "please predict aqueous solubility of paracetamol ."
    # "ກິນ" (to take) is no word of its own at a name's end ("ຄລໍໂຣກິນ": chloroquine); its "ແທນ" before what it
    # governs, as in English; its digits
    assert in_english("ຄລໍໂຣກິນສາມາດຜ່ານສິ່ງກີດຂວາງເລືອດ-ສະໝອງໄດ້ບໍ?").split()[:3] == ["chloroquine", "can", "cross"]
    assert " ".join(in_english("ໃຊ້ເອີໂລຕິນິບແທນເຈຟີຕີນິບ.").split()) == "use erlotinib instead of gefitinib ."
    assert in_english("ln(IC50) -໒.໕").endswith("-2.5")
    # its everyday words are no drugs
    reads_no_drug("ຂ້ອຍເຮັດວຽກຢູ່ຫ້ອງທົດລອງ. ມື້ນີ້ພວກເຮົາມີຜົນໃໝ່.", "lao")
    reads_no_drug("ໂຮງໝໍຂອງພວກເຮົາມີຄົນເຈັບໄຂ້ຍຸງຫຼາຍ.", "lao")
    reads_no_drug("ຂອບໃຈຫຼາຍໆ! ຂ້ອຍຈະຖາມທ່ານໝໍ.", "lao")
    # a Latin name glossed after the one written by ear, and codes beside its words
    assert " ".join(in_english("ດົກໂຊຣູບີຊີນ (doxorubicin) ໃນ MCF7 ມີ IC50 ເທົ່າໃດ?").split()) == \
        "(doxorubicin) in MCF7 has IC50 how much ?"


def test_lao_requests_planned() -> None:
    asks_the_property("ກະລຸນາຄາດຄະເນການລະລາຍໃນນ້ຳຂອງພາຣາເຊຕາມອນ.", "paracetamol", "logSolubility")
    asks_the_property("ຄລໍໂຣກິນສາມາດຜ່ານສິ່ງກີດຂວາງເລືອດ-ສະໝອງໄດ້ບໍ?", "chloroquine", "p_np")
    asks_the_property("ກະລຸນາກວດສອບຄວາມເປັນພິດຂອງອາເຕຊູນາດ.", "artesunate", "CT_TOX")
    asks_the_property("ຄິດໄລ່ lipophilicity ຂອງເມັດຟໍມິນ.", "metformin", "lipo")
    asks_the_pair("ວາຟາຣິນແລະແອັສປີຣິນມີປະຕິສຳພັນກັນບໍ?", "warfarin", "aspirin")
    asks_the_pair("ມີປະຕິກິລິຍາລະຫວ່າງຣິຟາມປີຊີນກັບອີໂຊນີອາຊິດບໍ?", "rifampicin", "isoniazid")
    asks_binding("ອີມາຕິນິບຈັບກັບ ABL1 ແໜ້ນປານໃດ?", AFFINITY, "imatinib", "ABL1")
    asks_binding("ເຈຟີຕີນິບຈັບກັບ EGFR ບໍ?", CLASSIFY, "gefitinib", "EGFR")
    asks_the_cells("ກະລຸນາຄາດຄະເນ IC50 ຂອງເຈຟີຕີນິບໃນເຊລ A549.", "gefitinib", "A549")
    asks_the_cells("ດົກໂຊຣູບີຊີນໃນ MCF7 ມີ IC50 ເທົ່າໃດ?", "doxorubicin", "MCF7")
    generates("ກະລຸນາສ້າງໂມເລກຸນໃໝ່ສຳລັບ A549, ln(IC50) -໒.")
    optimizes("ກະລຸນາປັບປຸງເຈຟີຕີນິບໃນ A549 ຈົນເຖິງ ln(IC50) -2.")
    asks_the_route("ສັງເຄາະພາຣາເຊຕາມອນແນວໃດ? ສະແດງສານຕັ້ງຕົ້ນ.", "paracetamol")
    asks_back("ກະລຸນາສ້າງໂມເລກຸນໃໝ່.", GENERATE, [])
    asks_back("ອີມາຕິນິບຈັບແໜ້ນປານໃດ?", AFFINITY, ["drug_smiles"])


def test_lao_follow_ups_and_questions_no_tool_answers() -> None:
    of_the_generated("ກະລຸນາກວດສອບຄວາມເປັນພິດຂອງໂມເລກຸນເຫຼົ່ານີ້.", "(generated_smiles)", "CT_TOX")
    of_the_generated("ຄິດໄລ່ lipophilicity ຂອງໂມເລກຸນທີສອງ.", [MADE[1]], "lipo")
    of_the_generated("ກວດສອບຄວາມເປັນພິດຂອງສອງອັນທຳອິດ.", MADE[:2], "CT_TOX")
    of_both("ຄິດໄລ່ການລະລາຍຂອງທັງສອງ.", "logSolubility")
    instead("ໃຊ້ເອີໂລຕິນິບແທນເຈຟີຕີນິບ.")
    on_the_two_cells("ເຮັດຄືນໃໝ່ໃນ HeLa.", "HeLa")
    runs_nothing("ຂະໜາດຢາອາມົກຊີຊີລິນສຳລັບເດັກນ້ອຍເທົ່າໃດ?")
    runs_nothing("ກີນິນປອດໄພສຳລັບແມ່ຍິງຖືພາບໍ?")
    runs_nothing("ລາຄາຢາອາເຕຊູນາດເທົ່າໃດ?")


def test_pashto_drug_names_read_by_sound() -> None:
    from model_zoo.names.pashto import english_name

    for word, name in (("پاراسیټامول", "paracetamol"), ("ایمیټینیب", "imatinib"), ("ایماتینیب", "imatinib"),
                       ("ډوکسوروبیسین", "doxorubicin"), ("میټفورمین", "metformin"), ("مټفورمین", "metformin"),
                       ("وارفارین", "warfarin"), ("اسپرین", "aspirin"), ("کلوروکین", "chloroquine"),
                       ("آرتیسونیټ", "artesunate"), ("ریفامپیسین", "rifampicin"), ("ایزونیازید", "isoniazid"),
                       ("ګیفیتینیب", "gefitinib"), ("جیفیتینیب", "gefitinib"), ("ایرلوټینیب", "erlotinib"),
                       ("اموکسیسیلین", "amoxicillin"), ("کینین", "quinine"), ("ایبوپروفین", "ibuprofen"),
                       ("سیپروفلوکساسین", "ciprofloxacin"), ("ټینوفوویر", "tenofovir"), ("ایفاویرنز", "efavirenz"),
                       ("کاربامازیپین", "carbamazepine"), ("سیسپلاتین", "cisplatin"),
                       # harakat and tatweel ignored
                       ("وَارفَارین", "warfarin"), ("پاراسیـټامول", "paracetamol")):
        reads_as(english_name, word, name)
    for word in ("روغتون", "لابراتوار", "ازمایښت", "نتیجه", "معلومات", "ویټامین", "پوهنتون", "افغانستان", "ټیلیفون",
                 "واکسین", "بیمارستان", "پروفیسور", "کیمیا", "مالیکولونه", "امېندواره", "ماشوم"):
        assert english_name(word) is None, word


def test_pashto_words_and_word_order() -> None:
    assert in_english("مهرباني وکړئ د پاراسیټامول په اوبو کې حل کېدنه وړاندوینه وکړئ.") == \
        "please of paracetamol aqueous solubility predict ."
    # its "instead of" after what it governs, and "replace … with …"
    assert in_english("د ګیفیتینیب پر ځای ایرلوټینیب وکاروه.") == "erlotinib instead of gefitinib use ."
    assert in_english("ګیفیتینیب په ایرلوټینیب بدل کړه.") == "use erlotinib instead of gefitinib."
    # its digits, decimal separator and comma
    assert in_english("د A549 لپاره نوي مالیکولونه جوړ کړه، ln(IC50) -۲٫۵.") == \
        "of A549 for new molecules generate , ln(IC50) -2.5."
    # a message with none of its own letters, read by its words ("خوندي": safe)
    assert in_english("آیا کینین خوندي دی؟").split() == ["quinine", "is", "safe", "?"]
    # its everyday words are no drugs
    reads_no_drug("زه په لابراتوار کې کار کوم. نن موږ نوې پایلې لرو.", "pashto")
    reads_no_drug("زموږ په روغتون کې د ملاریا ډېر ناروغان شته.", "pashto")
    assert not re.search(r"[A-Za-z]{5,}", in_english("نن ورځ هوا ډېره ښه ده او زه له خپلو ملګرو سره بازار ته ځم.")
                         .replace("today", "").replace("good", "").replace("with", ""))
    assert not re.search(r"(?<!laboratory)[A-Za-z]{7,}", in_english(
        "ماشومان په ښوونځي کې لوبې کوي او ښوونکی ورته کیسې وايي. زما ورور په کابل پوهنتون کې کیمیا لولي."
    ).replace("university", "").replace("chemistry", "").replace("similar", ""))


def test_pashto_requests_planned() -> None:
    asks_the_property("مهرباني وکړئ د پاراسیټامول په اوبو کې حل کېدنه وړاندوینه وکړئ.", "paracetamol", "logSolubility")
    asks_the_property("آیا کلوروکین د وینې او دماغ خنډ څخه تېرېدای شي؟", "chloroquine", "p_np")
    asks_the_property("د آرټیسونیټ زهرجنتوب وګورئ.", "artesunate", "CT_TOX")
    asks_the_property("د میټفورمین lipophilicity محاسبه کړه.", "metformin", "lipo")
    asks_the_pair("آیا د وارفارین او اسپرین ترمنځ متقابل عمل شته؟", "warfarin", "aspirin")
    asks_the_pair("د ریفامپیسین او ایزونیازید ترمنځ تعامل شته؟", "rifampicin", "isoniazid")
    asks_binding("ایمیټینیب له ABL1 سره څومره کلک نښلي؟", AFFINITY, "imatinib", "ABL1")
    asks_binding("آیا ګیفیتینیب له EGFR سره نښلي؟", CLASSIFY, "gefitinib", "EGFR")
    asks_the_cells("په A549 حجرو کې د ګیفیتینیب IC50 وړاندوینه وکړه.", "gefitinib", "A549")
    asks_the_cells("د ډوکسوروبیسین IC50 په MCF7 حجرو کې څومره دی؟", "doxorubicin", "MCF7")
    asks_the_cells("د imatinib IC50 په K562 کې څومره دی؟", "imatinib", "K-562")
    generates("د A549 لپاره نوي مالیکولونه جوړ کړه، ln(IC50) -۲٫۵.", -2.5)
    optimizes("ګیفیتینیب په A549 کې تر ln(IC50) -۲ پورې ښه کړه.")
    asks_the_route("پاراسیټامول څنګه جوړېږي؟ مخکیني مواد وښیه.", "paracetamol")
    asks_back("نوي مالیکولونه جوړ کړه.", GENERATE, [])
    asks_back("ایمیټینیب څومره کلک نښلي؟", AFFINITY, ["drug_smiles"])


def test_pashto_follow_ups_and_questions_no_tool_answers() -> None:
    of_the_generated("د دغو مالیکولونو زهرجنتوب وګورئ.", "(generated_smiles)", "CT_TOX")
    of_the_generated("د دویم مالیکول lipophilicity محاسبه کړه.", [MADE[1]], "lipo")
    of_the_generated("د لومړي دوه زهرجنتوب وګوره.", MADE[:2], "CT_TOX")
    of_both("د دواړو حلېدنه محاسبه کړه.", "logSolubility")
    instead("د ګیفیتینیب پر ځای ایرلوټینیب وکاروه.")
    instead("ګیفیتینیب په ایرلوټینیب بدل کړه.")
    on_the_two_cells("په HeLa کې بیا یې وچلوه.", "HeLa")
    runs_nothing("ماشوم ته د اموکسیسیلین دوز څومره دی؟")
    runs_nothing("آیا کینین د امېندواره ښځې لپاره خوندي دی؟")
    runs_nothing("د آرټیسونیټ بیه څومره ده؟")


def test_azerbaijani_drug_names_read_as_it_declines_them() -> None:
    from model_zoo.names.inflected import AZERBAIJANI, english_name

    for word, name in (("parasetamolun", "paracetamol"), ("varfarini", "warfarin"), ("doksorubisinlə", "doxorubicin"),
                       ("xlorokin", "chloroquine"), ("meflokin", "mefloquine"), ("amoksisillin", "amoxicillin"),
                       ("siprofloksasin", "ciprofloxacin"), ("izoniazid", "isoniazid"), ("rifampisin", "rifampicin"),
                       ("karbamazepin", "carbamazepine"), ("artesunatın", "artesunate"), ("vinkristin", "vincristine"),
                       ("imatinibin", "imatinib"), ("gefitinibi", "gefitinib")):
        reads_as(lambda w: english_name(w, AZERBAIJANI), word, name)
    for word in ("laboratoriyada", "universitetdə", "nəticələr", "hüceyrələrində", "proqnozlaşdırın", "qarşılıqlı",
                 "xəstəxanada", "məlumatları", "dostlarımla", "təhlükəsizdirmi", "tədqiqatçılar", "tələbələrimiz"):
        assert english_name(word, AZERBAIJANI) is None, word


def test_azerbaijani_words_and_not_turkish() -> None:
    # its suffixes after a hyphen or an apostrophe, and joined to a name
    assert in_english("Metformin'in lipofilliyini hesablayın.") == "metformin  lipophilicity calculate ."
    assert in_english("Gefitinib EGFR-ə bağlanırmı?") == "gefitinib EGFR  does it bind ?"
    assert in_english("Gefitinibin əvəzinə erlotinib istifadə edin.") == "erlotinib instead of gefitinib use ."
    assert in_english("Gefitinibi erlotiniblə əvəz edin.") == "use erlotinib instead of gefitinib."
    # a message without its ə, read by a word only it writes
    assert in_english("Yeni molekullar yaradın.") == "new molecules generate ."
    # its everyday words are no drugs
    reads_no_drug("Mən laboratoriyada işləyirəm. Bu gün biz yeni nəticələr aldıq.", "azerbaijani")
    reads_no_drug("Bu gün hava çox gözəldir və mən dostlarımla bazara gedirəm.", "azerbaijani")
    reads_no_drug("Çox sağ olun! Həkimə soruşacağam.", "azerbaijani")
    # Turkish and Uzbek messages are not read as Azerbaijani
    assert in_english("Lütfen imatinib için EGFR bağlanma tahmini yap.").startswith("please imatinib for EGFR")
    assert in_english("Iltimos, imatinibning ABL1 bilan bog'lanishini hisoblang.").startswith("please , imatinib")


def test_azerbaijani_requests_planned() -> None:
    asks_the_property("Zəhmət olmasa parasetamolun suda həll olmasını proqnozlaşdırın.", "paracetamol",
                      "logSolubility")
    asks_the_property("Xlorokin qan-beyin baryerindən keçə bilərmi?", "chloroquine", "p_np")
    asks_the_property("Artesunatın zəhərliliyini yoxlayın.", "artesunate", "CT_TOX")
    asks_the_property("Metformin'in lipofilliyini hesablayın.", "metformin", "lipo")
    asks_the_pair("Varfarin və aspirin arasında qarşılıqlı təsir varmı?", "warfarin", "aspirin")
    asks_the_pair("Rifampisin ilə izoniazid arasında qarşılıqlı təsir varmı?", "rifampicin", "isoniazid")
    asks_binding("İmatinib ABL1-ə nə qədər güclü bağlanır?", AFFINITY, "imatinib", "ABL1")
    asks_binding("Gefitinib EGFR-ə bağlanırmı?", CLASSIFY, "gefitinib", "EGFR")
    asks_the_cells("A549 hüceyrə xəttində gefitinibin IC50-ni proqnozlaşdırın.", "gefitinib", "A549")
    asks_the_cells("Doksorubisinlə MCF7 hüceyrələrində IC50 nə qədərdir?", "doxorubicin", "MCF7")
    generates("A549 üçün yeni molekullar yarat, ln(IC50) -2.")
    optimizes("Gefitinibi A549-da ln(IC50) -2-yə qədər optimallaşdır.")
    asks_the_route("Parasetamol necə sintez olunur? Sələfləri göstərin.", "paracetamol")
    asks_back("Yeni molekullar yaradın.", GENERATE, [])
    asks_back("İmatinib nə qədər güclü bağlanır?", AFFINITY, ["drug_smiles"])


def test_azerbaijani_follow_ups_and_questions_no_tool_answers() -> None:
    of_the_generated("Bu molekulların zəhərliliyini yoxlayın.", "(generated_smiles)", "CT_TOX")
    of_the_generated("İkinci molekulun lipophilicity-sini hesablayın.", [MADE[1]], "lipo")
    of_the_generated("İlk ikisinin zəhərliliyini yoxlayın.", MADE[:2], "CT_TOX")
    of_both("Hər ikisinin həll olmasını hesablayın.", "logSolubility")
    instead("Gefitinibin əvəzinə erlotinib istifadə edin.")
    instead("Gefitinibi erlotiniblə əvəz edin.")
    on_the_two_cells("HeLa hüceyrələrində yenidən işə sal.", "HeLa")
    runs_nothing("Uşağa amoksisillin dozası nə qədər olmalıdır?")
    runs_nothing("Amoksisillin hamilə qadın üçün təhlükəsizdirmi?")
    runs_nothing("Artesunatın qiyməti nə qədərdir?")
