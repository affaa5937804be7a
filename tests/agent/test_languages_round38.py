"""Burmese, Khmer and Malagasy requests. Burmese and Khmer are each read only in a message written in its script,
and write no spaces between words: drug names written by their sounds are read in the stretches between their own
words and particles ("ဝါဖာရင်နဲ့အက်စ်ပရင်": warfarin and aspirin, "តើវ៉ាហ្វារីននិងអាស្ពីរីន": warfarin and aspirin).
Malagasy mixes its words with English and French lab words and French drug spellings ("an'ny paracétamol")."""

from __future__ import annotations


from planning_support import (asks_binding, asks_the_cells, asks_the_pair, asks_the_property, asks_the_route,
                              generates, optimizes)
from language_support import (AFFINITY, CLASSIFY, GENERATE, MADE, asks_back, instead, of_both, of_the_generated,
                              on_the_two_cells, reads_as, reads_no_drug, runs_nothing)

from agent.vocabulary import in_english


def test_burmese_drug_names_read_by_sound() -> None:
    from model_zoo.names.burmese import english_name

    for word, name in (("ပါရာစီတမော", "paracetamol"), ("ဝါဖာရင်", "warfarin"), ("အက်စ်ပရင်", "aspirin"),
                       ("အီမာတီနစ်", "imatinib"), ("မက်ဖော်မင်", "metformin"), ("အမောက်စီစလင်", "amoxicillin"),
                       ("စီပရိုဖလောက်ဆာစင်", "ciprofloxacin"), ("ကလိုရိုကွင်း", "chloroquine"), ("ကွီနိုင်း", "quinine"),
                       ("ပရီမာကွင်း", "primaquine"), ("အာတီဆူနိတ်", "artesunate"), ("ရီဖမ်ပီစင်", "rifampicin"),
                       ("အိုင်ဆိုနိုင်ယာဇစ်", "isoniazid"), ("ဖီနိုင်တိုအင်", "phenytoin"),
                       ("ကာဘာမာဇီပင်း", "carbamazepine"), ("ဗင်ခရစ်စတင်း", "vincristine"),
                       ("ဗင်ဘလာစတင်း", "vinblastine"), ("ဒေါက်စီဆိုက်ကလင်း", "doxycycline"),
                       ("ဂျက်ဖီတီနစ်", "gefitinib"), ("အာလိုတီနစ်", "erlotinib"),
                       # other spellings: a creaky-toned syllable for a borrowed k, a dropped long vowel, "ဗ" as b
                       ("အမော့စီစလင်", "amoxicillin"), ("ဒေါ့စီဆိုက်ကလင်း", "doxycycline"), ("ဝါဖရင်", "warfarin"),
                       ("အက်စပရင်", "aspirin"), ("ကာဗမာဇီပင်", "carbamazepine"), ("မက်ဖလိုကွင်း", "mefloquine")):
        reads_as(english_name, word, name)
    for word in ("ဦးနှောက်", "ဆေးဝါး", "မော်လီကျူး", "ကျေးဇူးတင်ပါတယ်", "ဘာကြောင့်", "ဘယ်လောက်", "အဆိပ်သင့်မှု",
                 "ခန့်မှန်းပေးပါ", "နှစ်ခုလုံး", "လူနာ", "ကလေး", "ဈေးနှုန်း", "ဘေးကင်းလား"):
        assert english_name(word) is None, word


def test_burmese_names_between_its_words_and_particles() -> None:
    # no spaces between a name and its particles, nor between two names joined by "နဲ့"
    assert in_english("ဝါဖာရင်နဲ့အက်စ်ပရင် အပြန်အလှန်တုံ့ပြန်မှုရှိလား") == \
        " warfarin with aspirin  interaction  is there ?"
    assert in_english("ပါရာစီတမောရဲ့ ရေတွင်ပျော်ဝင်နိုင်မှုကို ခန့်မှန်းပေးပါ။") == \
        " paracetamol  aqueous solubility   predict ."
    # its "instead of" and "except" after what they govern; its comma and full stop
    assert in_english("ဂျက်ဖီတီနစ်အစား အာလိုတီနစ်ကို သုံးပါ။") == " erlotinib instead of gefitinib  use ."
    assert in_english("အက်စ်ပရင်ကလွဲ၍ ဆေးအားလုံးရဲ့ အဆိပ်သင့်မှုကို စစ်ဆေးပေးပါ။").strip().startswith("except aspirin")
    # its everyday words are no drugs
    assert " ".join(in_english("ကျေးဇူးတင်ပါတယ်၊ ဆရာဝန်နဲ့ ဆွေးနွေးပါမယ်။").split()) == "thanks , doctor with discuss will ."
    reads_no_drug("မနေ့က ဓာတ်ခွဲခန်းမှာ စမ်းသပ်မှုတွေ လုပ်ခဲ့တယ်။ ရလဒ်တွေကို ပြပေးပါ။", "burmese")
    reads_no_drug("ကျွန်တော်တို့ ဆေးရုံမှာ ငှက်ဖျားလူနာ အများကြီး ရှိတယ်။ ထမင်း စားပြီးပြီလား။", "burmese")
    # a Latin name or code with its particle joined
    assert in_english("imatinibရဲ့ solubility ဘယ်လောက်လဲ။") == "imatinib  solubility how much is ."
    assert in_english("A549မှာ gefitinibရဲ့ IC50 ကို ခန့်မှန်းပေးပါ။") == "A549 in gefitinib  IC50  predict ."


def test_burmese_requests_planned() -> None:
    asks_the_property("ပါရာစီတမောရဲ့ ရေတွင်ပျော်ဝင်နိုင်မှုကို ခန့်မှန်းပေးပါ။", "paracetamol", "logSolubility")
    asks_the_property("ကလိုရိုကွင်းက သွေး-ဦးနှောက်အတားအဆီးကို ဖြတ်ကျော်နိုင်သလား။", "chloroquine", "p_np")
    asks_the_property("အာတီဆူနိတ်ရဲ့ အဆိပ်သင့်မှုကို စစ်ဆေးပေးပါ။", "artesunate", "CT_TOX")
    asks_the_property("မက်ဖော်မင်ရဲ့ lipophilicity ကို တွက်ပေးပါ။", "metformin", "lipo")
    asks_the_pair("ဝါဖာရင်နဲ့အက်စ်ပရင် အပြန်အလှန်တုံ့ပြန်မှုရှိလား", "warfarin", "aspirin")
    asks_the_pair("ရီဖမ်ပီစင်နဲ့ အိုင်ဆိုနိုင်ယာဇစ်ကြားမှာ အပြန်အလှန်တုံ့ပြန်မှု ရှိပါသလား။", "rifampicin", "isoniazid")
    asks_binding("အီမာတီနစ်က ABL1 နဲ့ ဘယ်လောက်ခိုင်ခိုင်မာမာ ချိတ်ဆက်သလဲ။", AFFINITY, "imatinib", "ABL1")
    asks_binding("ဂျက်ဖီတီနစ်က EGFR နဲ့ ချိတ်ဆက်နိုင်သလား။", CLASSIFY, "gefitinib", "EGFR")
    asks_the_cells("A549 ဆဲလ်လိုင်းမှာ ဂျက်ဖီတီနစ်ရဲ့ IC50 ကို ခန့်မှန်းပေးပါ။", "gefitinib", "A549")
    asks_the_cells("K562 ဆဲလ်တွေမှာ ဗင်ခရစ်စတင်းရဲ့ IC50 ကို ခန့်မှန်းပေးပါ။", "vincristine", "K-562")
    generates("A549 အတွက် မော်လီကျူးအသစ်များ ဖန်တီးပေးပါ၊ ln(IC50) -2။")
    optimizes("ဂျက်ဖီတီနစ်ကို A549 မှာ ln(IC50) -2 အထိ ပိုကောင်းအောင်ပြင်ပေးပါ။")
    asks_the_route("ပါရာစီတမောကို ဘယ်လိုပေါင်းစပ်ရမလဲ။ ကနဦးပစ္စည်းများကို ပြပေးပါ။", "paracetamol")
    asks_back("မော်လီကျူးအသစ်များ ဖန်တီးပေးပါ။", GENERATE, [])
    asks_back("အီမာတီနစ်က ဘယ်လောက်ခိုင်ခိုင်မာမာ ချိတ်ဆက်သလဲ။", AFFINITY, ["drug_smiles"])


def test_burmese_follow_ups_and_questions_no_tool_answers() -> None:
    of_the_generated("ဒီမော်လီကျူးတွေရဲ့ အဆိပ်သင့်မှုကို စစ်ဆေးပေးပါ။", "(generated_smiles)", "CT_TOX")
    of_the_generated("ဒုတိယတစ်ခုရဲ့ lipophilicity ကို တွက်ပေးပါ။", [MADE[1]], "lipo")
    of_both("နှစ်ခုလုံးရဲ့ ပျော်ဝင်နိုင်မှုကို တွက်ပေးပါ။", "logSolubility")
    of_both("ဒီနှစ်ခုရဲ့ အဆိပ်သင့်မှုကို စစ်ဆေးပေးပါ။", "CT_TOX")
    of_the_generated("ပထမဆုံးတစ်ခုရဲ့ အဆိပ်သင့်မှုကို စစ်ဆေးပေးပါ။", [MADE[0]], "CT_TOX")
    instead("ဂျက်ဖီတီနစ်အစား အာလိုတီနစ်ကို သုံးပါ။")
    instead("ဂျက်ဖီတီနစ်ကို အာလိုတီနစ်နဲ့ အစားထိုးပါ။")  # (replace gefitinib with erlotinib)
    on_the_two_cells("HeLa ဆဲလ်တွေမှာ ထပ်လုပ်ပေးပါ။", "HeLa")
    runs_nothing("ကလေးကို အမောက်စီစလင် ဆေးပမာဏ ဘယ်လောက်ပေးသင့်လဲ။")
    runs_nothing("ကိုယ်ဝန်ဆောင်အတွက် ကွီနိုင်း ဘေးကင်းပါသလား။")
    runs_nothing("အာတီဆူနိတ် ဈေးနှုန်း ဘယ်လောက်လဲ။")


def test_khmer_drug_names_read_by_sound() -> None:
    from model_zoo.names.khmer import english_name

    for word, name in (("ប៉ារ៉ាសេតាមុល", "paracetamol"), ("វ៉ាហ្វារីន", "warfarin"), ("អាស្ពីរីន", "aspirin"),
                       ("អ៊ីម៉ាទីនីប", "imatinib"), ("មេតហ្វ័រមីន", "metformin"), ("អាម៉ុកស៊ីស៊ីលីន", "amoxicillin"),
                       ("ស៊ីប្រូហ្វ្លុកសាស៊ីន", "ciprofloxacin"), ("ក្លរ៉ូគីន", "chloroquine"), ("គីនីន", "quinine"),
                       ("ព្រីម៉ាគីន", "primaquine"), ("អាតេស៊ូណាត", "artesunate"), ("រីហ្វាំពីស៊ីន", "rifampicin"),
                       ("អ៊ីសូនីយ៉ាស៊ីដ", "isoniazid"), ("ហ្វេនីតូអ៊ីន", "phenytoin"), ("កាបាម៉ាហ្សេពីន", "carbamazepine"),
                       ("វីនគ្រីស្ទីន", "vincristine"), ("វីនប្លាស្ទីន", "vinblastine"), ("ដុកស៊ីស៊ីគ្លីន", "doxycycline"),
                       ("ជេហ្វីទីនីប", "gefitinib"), ("អឺឡូទីនីប", "erlotinib"),
                       # other spellings: "ផ" for f, a short vowel, no series mark
                       ("ស៊ីប្រូផ្លុកសាស៊ីន", "ciprofloxacin"), ("ក្លរូគីន", "chloroquine"), ("វ៉ាហ្វារិន", "warfarin"),
                       ("អាមុកស៊ីស៊ីលីន", "amoxicillin"), ("អាម៉ូឌីយ៉ាគីន", "amodiaquine"), ("មេហ្វ្លូគីន", "mefloquine")):
        reads_as(english_name, word, name)
    for word in ("ភាពរលាយក្នុងទឹក", "ខួរក្បាល", "អន្តរកម្ម", "ឱសថ", "ម៉ូលេគុល", "កោសិកា", "សារធាតុ", "ហេតុអ្វី",
                 "ប៉ុន្មាន", "ទាំងពីរ", "អ្នកជំងឺ", "កុមារ", "ស្ត្រីមានផ្ទៃពោះ", "សុវត្ថិភាព"):
        assert english_name(word) is None, word


def test_khmer_names_between_its_words() -> None:
    assert in_english("តើវ៉ាហ្វារីននិងអាស្ពីរីនមានអន្តរកម្មទេ?") == " warfarin and aspirin has  interaction  ? ?"
    assert in_english("សូមព្យាករណ៍ភាពរលាយក្នុងទឹករបស់ប៉ារ៉ាសេតាមុល។") == \
        "please  predict  aqueous solubility  of paracetamol ."
    # a word joined after a name ("អាច": can) is no part of it; its "ជំនួស" before what it governs, as in English
    assert in_english("តើក្លរ៉ូគីនអាចឆ្លងកាត់របាំងឈាម-ខួរក្បាលបានទេ?").startswith(" chloroquine can cross")
    assert in_english("ប្រើអឺឡូទីនីបជំនួសជេហ្វីទីនីប។") == "use erlotinib instead of gefitinib ."
    # its everyday words are no drugs
    assert in_english("អរគុណច្រើន! ខ្ញុំនឹងសួរគ្រូពេទ្យ។").startswith("thanks !")
    assert "doctor" in in_english("អរគុណច្រើន! ខ្ញុំនឹងសួរគ្រូពេទ្យ។")
    reads_no_drug("ខ្ញុំធ្វើការនៅមន្ទីរពិសោធន៍។ ថ្ងៃនេះយើងមានលទ្ធផលថ្មី។", "khmer")
    reads_no_drug("មន្ទីរពេទ្យរបស់យើងមានអ្នកជំងឺគ្រុនចាញ់ច្រើន។", "khmer")
    assert in_english("IC50 របស់imatinibក្នុងកោសិកាK562។") == "IC50 of imatinib in  cells K562."


def test_khmer_requests_planned() -> None:
    asks_the_property("សូមព្យាករណ៍ភាពរលាយក្នុងទឹករបស់ប៉ារ៉ាសេតាមុល។", "paracetamol", "logSolubility")
    asks_the_property("តើក្លរ៉ូគីនអាចឆ្លងកាត់របាំងឈាម-ខួរក្បាលបានទេ?", "chloroquine", "p_np")
    asks_the_property("សូមពិនិត្យភាពពុលរបស់អាតេស៊ូណាត។", "artesunate", "CT_TOX")
    asks_the_pair("តើវ៉ាហ្វារីននិងអាស្ពីរីនមានអន្តរកម្មទេ?", "warfarin", "aspirin")
    asks_the_pair("តើមានអន្តរកម្មរវាងរីហ្វាំពីស៊ីននិងអ៊ីសូនីយ៉ាស៊ីដទេ?", "rifampicin", "isoniazid")
    asks_binding("តើអ៊ីម៉ាទីនីបភ្ជាប់ជាមួយ ABL1 ខ្លាំងប៉ុណ្ណា?", AFFINITY, "imatinib", "ABL1")
    asks_binding("តើជេហ្វីទីនីបភ្ជាប់ជាមួយ EGFR ទេ?", CLASSIFY, "gefitinib", "EGFR")
    asks_the_cells("សូមព្យាករណ៍ IC50 របស់ជេហ្វីទីនីបនៅក្នុងកោសិកា A549។", "gefitinib", "A549")
    generates("សូមបង្កើតម៉ូលេគុលថ្មីសម្រាប់ A549, ln(IC50) -2។")
    optimizes("សូមធ្វើឱ្យជេហ្វីទីនីបប្រសើរឡើងក្នុង A549 ដល់ ln(IC50) -2។")
    asks_the_route("តើសំយោគប៉ារ៉ាសេតាមុលយ៉ាងដូចម្តេច? បង្ហាញសារធាតុដើម។", "paracetamol")
    asks_back("សូមបង្កើតម៉ូលេគុលថ្មី។", GENERATE, [])
    asks_back("តើអ៊ីម៉ាទីនីបភ្ជាប់ខ្លាំងប៉ុណ្ណា?", AFFINITY, ["drug_smiles"])


def test_khmer_follow_ups_and_questions_no_tool_answers() -> None:
    of_the_generated("សូមពិនិត្យភាពពុលនៃម៉ូលេគុលទាំងនេះ។", "(generated_smiles)", "CT_TOX")
    of_the_generated("គណនា lipophilicity នៃម៉ូលេគុលទីពីរ។", [MADE[1]], "lipo")
    of_both("គណនាភាពរលាយនៃទាំងពីរ។", "logSolubility")
    of_both("ថ្នាំទាំងពីរនេះពុលទេ?", "CT_TOX")
    of_the_generated("ម៉ូលេគុលទីមួយឆ្លងកាត់ BBB ទេ?", [MADE[0]], "p_np")
    instead("ប្រើអឺឡូទីនីបជំនួសជេហ្វីទីនីប។")
    instead("ប្តូរជេហ្វីទីនីបទៅអឺឡូទីនីប។")  # (switch gefitinib to erlotinib)
    on_the_two_cells("ដំណើរការម្តងទៀតក្នុង HeLa។", "HeLa")
    runs_nothing("កម្រិតថ្នាំអាម៉ុកស៊ីស៊ីលីនសម្រាប់កុមារប៉ុន្មាន?")
    runs_nothing("តើគីនីនមានសុវត្ថិភាពសម្រាប់ស្ត្រីមានផ្ទៃពោះទេ?")
    runs_nothing("តម្លៃថ្នាំអាតេស៊ូណាតប៉ុន្មាន?")


def test_malagasy_words() -> None:
    assert in_english("Misy fifandraisana ve ny warfarine sy ny aspirine?") == \
        "is there interaction ?  warfarine and aspirine?"
    assert in_english("Vinavinao ny IC50 an'ny géfitinib ao amin'ny A549.") == "predict  IC50 of géfitinib in A549."
    # its "-ny" joined to a code, and its curly apostrophe
    assert in_english("Ohatrinona ny IC50-ny ao amin’ny A549 ho an’ny géfitinib?") == \
        "how much  IC50 in A549 for géfitinib?"
    # its words alone in a message that is not Malagasy are not read ("dia", "no" are no Malagasy there)
    assert in_english("Is there no interaction between warfarin and aspirin?") == \
        "Is there no interaction between warfarin and aspirin?"


def test_malagasy_requests_planned() -> None:
    asks_the_property("Vinavinao ny fahalevonana ao anaty rano an'ny paracétamol.", "paracetamol", "logSolubility")
    asks_the_property("Mety hiditra ao amin'ny ati-doha ve ny chloroquine? Jereo ny sakana ra sy ati-doha.",
                       "chloroquine", "p_np")
    asks_the_property("Jereo ny fahapoizinana an'ny artésunate.", "artesunate", "CT_TOX")
    asks_the_pair("Misy fifandraisana ve ny warfarine sy ny aspirine?", "warfarin", "aspirin")
    asks_the_pair("Misy fifandraisana ve eo anelanelan'ny rifampicine sy ny isoniazide?", "rifampicin", "isoniazid")
    asks_binding("Manao ahoana ny herin'ny fifamatorana an'ny imatinib amin'ny ABL1?", AFFINITY, "imatinib", "ABL1")
    asks_binding("Mifamatotra amin'ny EGFR ve ny géfitinib?", CLASSIFY, "gefitinib", "EGFR")
    asks_the_cells("Vinavinao ny IC50 an'ny vincristine ao amin'ny sela K562.", "vincristine", "K-562")
    generates("Mamoròna molekiola vaovao ho an'ny A549, ln(IC50) -2,5.", -2.5)
    optimizes("Hatsarao ny géfitinib ao amin'ny A549 hatramin'ny ln(IC50) -2.")
    asks_the_route("Ahoana no hanamboarana ny paracétamol? Asehoy ny akora fototra.", "paracetamol")
    asks_back("Mamoròna molekiola vaovao azafady.", GENERATE, [])


def test_malagasy_follow_ups_and_questions_no_tool_answers() -> None:
    of_the_generated("Jereo ny fahapoizinan'ireo molekiola ireo.", "(generated_smiles)", "CT_TOX")
    of_the_generated("Kajio ny lipophilicity an'ny faharoa.", [MADE[1]], "lipo")
    of_both("Kajio ny fahalevonana ao anaty rano an'izy roa.", "logSolubility")
    of_both("Jereo ny BBB an'ireo fanafody roa ireo.", "p_np")
    instead("Ampiasao ny erlotinib ho solon'ny géfitinib.")
    instead("Soloy erlotinib ny géfitinib.")  # (replace gefitinib by erlotinib: what replaces first)
    on_the_two_cells("Avereno ao amin'ny HeLa.", "HeLa")
    runs_nothing("Ohatrinona ny fatra tokony homena ny zaza amin'ny amoxicilline?")
    runs_nothing("Azo antoka ve ny quinine ho an'ny vehivavy bevohoka?")
    runs_nothing("Ohatrinona ny vidin'ny artésunate?")
