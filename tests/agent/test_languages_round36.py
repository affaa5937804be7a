"""Georgian, isiZulu and Mongolian requests: each read only in a message written in it, with the drug names as it
writes, declines or prefixes them ("იმატინიბის", "ne-aspirin", "аспиринтай")."""

from __future__ import annotations

from planning_support import decided, drug, plan_with, ran, target

from agent.history import PastRequest
from agent.vocabulary import in_english, own_request_words
from model_zoo.names.cyrillic import MONGOLIAN_SUFFIXES
from model_zoo.names.cyrillic import english_name as cyrillic_name
from model_zoo.names.georgian import english_name as georgian_name
from model_zoo.names.inflected import ZULU
from model_zoo.names.inflected import english_name as inflected_name

PROPERTY = "drug_property_prediction"
PAIRS = "drug_drug_response_predict"
CELLS = "drug_cell_response_regression_predict"
AFFINITY = "drug_target_affinity_regression_predict"
CLASSIFY = "drug_target_classification_predict"


def test_georgian_drug_names_read_by_sound_with_their_case_endings() -> None:
    assert georgian_name("იმატინიბი") == "imatinib"
    assert georgian_name("იმატინიბის") == "imatinib"
    assert georgian_name("იმატინიბით") == "imatinib"
    assert georgian_name("ასპირინთან") == "aspirin"
    assert georgian_name("ვარფარინსა") == "warfarin"
    assert georgian_name("გეფიტინიბზე") == "gefitinib"
    assert georgian_name("ცისპლატინით") == "cisplatin"
    assert georgian_name("ციპროფლოქსაცინი") == "ciprofloxacin"
    assert georgian_name("მეტფორმინი") == "metformin"
    assert georgian_name("ტამოქსიფენი") == "tamoxifen"
    assert georgian_name("ლაპატინიბისთვის") == "lapatinib"
    assert georgian_name("ასპირინსაც") == "aspirin"
    # its own words are no names
    for word in ("ხსნადობა", "ურთიერთქმედება", "უჯრედებში", "გამოთვალეთ", "მოლეკულის", "პრეპარატი"):
        assert georgian_name(word) is None


def test_georgian_words_and_postpositions() -> None:
    assert in_english("გთხოვთ, გამოთვალეთ იმატინიბის ხსნადობა წყალში.") == \
        "please , calculate imatinib solubility in water ."
    assert in_english("არის თუ არა ურთიერთქმედება ვარფარინსა და ასპირინს შორის?") == \
        "is there interaction between warfarin and aspirin?"
    assert in_english("იწინასწარმეტყველეთ გეფიტინიბის IC50 A549 უჯრედებში.") == \
        "predict gefitinib IC50 A549 in cells ."
    assert in_english("რამდენად ძლიერად უკავშირდება იმატინიბი ABL1 კინაზას?") == \
        "how strongly binds imatinib ABL1 kinase ?"
    # "ნაცვლად" and "გარდა" after what they govern, an ending after a hyphen dropped
    assert in_english("გეფიტინიბის ნაცვლად ერლოტინიბი გამოიყენეთ A549-ში.") == \
        "erlotinib instead of gefitinib use A549."
    assert in_english("ასპირინის გარდა ყველა წამლის ტოქსიკურობა შეამოწმეთ.") == \
        "except aspirin all drug toxicity check ."
    assert in_english("შეადარეთ ასპირინის და იბუპროფენის ლიპოფილურობა, გთხოვთ.") == \
        "compare aspirin and ibuprofen lipophilicity , please ."
    assert in_english("ბოდიში, ვგულისხმობდი პარაცეტამოლს.") == "sorry , I meant paracetamol."
    assert in_english("მხოლოდ მორფოლინის რგოლი შეცვალე, დანარჩენი შეინარჩუნე.").startswith("only")
    assert "the uploaded file" in in_english("ატვირთული ფაილის პირველი და მეორე მოლეკულა")


def test_mongolian_drug_names_with_their_case_suffixes() -> None:
    for word, name in (("иматинибын", "imatinib"), ("аспирины", "aspirin"), ("варфаринтай", "warfarin"),
                       ("ибупрофенийг", "ibuprofen"), ("гефитинибийн", "gefitinib"), ("цисплатинаар", "cisplatin"),
                       ("аспиринаас", "aspirin"), ("парацетамолын", "paracetamol"), ("варфаринд", "warfarin"),
                       ("эрлотинибийг", "erlotinib")):
        assert cyrillic_name(word, MONGOLIAN_SUFFIXES) == name
    for word in ("уусах", "харилцан", "тооцоолно", "эсийн", "нэгдлийн"):
        assert cyrillic_name(word, MONGOLIAN_SUFFIXES) is None


def test_mongolian_words_suffixes_and_postpositions() -> None:
    assert in_english("Иматинибын усанд уусах чанарыг тооцоолно уу.") == \
        "imatinib aqueous solubility calculate  ."
    assert in_english("Варфарин ба аспирины хоорондын харилцан үйлчлэлийг шалгана уу.") == \
        "between warfarin and aspirin interaction check  ."
    assert in_english("A549 эсийн шугамд гефитинибын IC50-ийг таамаглана уу.") == \
        "A549 in the cell line gefitinib IC50 predict  ."
    assert in_english("Иматиниб ABL1 киназтай хэр сайн холбогддог вэ?") == \
        "imatinib ABL1 with the kinase how well binds  ?"
    # "оронд", "хувьд" and "бусад" after what they govern ("үүнээс бусад": besides this, no "except")
    assert in_english("Гефитинибын оронд эрлотиниб ашиглана уу.") == "erlotinib instead of gefitinib use  ."
    assert in_english("A549-ийн хувьд иматиниб болон дазатинибыг харьцуулна уу.") == \
        "for A549 imatinib and dasatinib compare  ."
    assert in_english("Аспиринаас бусад бүх эмийн хоруу чанарыг шалгана уу.") == \
        "except aspirin all drug toxicity check  ."
    assert in_english("Үүнээс бусад нь зөвхөн кофеин.").startswith("Үүнээс other")
    assert in_english("Зөвхөн морфолин цагирагийг өөрчил, бусад хэсгийг хэвээр үлдээ.") == \
        "only morpholine ring change , the rest keep as is ."
    assert in_english("Мөн адил ибупрофены хувьд.") == "the same for ibuprofen."
    assert in_english("Кофеин цус-тархины саадыг нэвтэрдэг үү?") == "koffein the blood-brain barrier crosses  ?"
    assert in_english("Уучлаарай, би парацетамол гэж хэлэх гэсэн юм.") == "sorry ,  paracetamol  I meant ."


def test_mongolian_is_no_kazakh_and_kazakh_no_mongolian() -> None:
    mongolian = "Иматинибын усанд уусах чанарыг тооцоолно уу."
    assert "уусах" not in own_request_words(mongolian) or "тооцоолно" in own_request_words(mongolian)
    assert "өтінемін" not in own_request_words(mongolian)  # (a Kazakh word: Kazakh's table is not its own)
    kazakh = "Ибупрофеннің ерігіштігін есептеңіз, өтінемін."
    assert "өтінемін" in own_request_words(kazakh) and "тооцоолно" not in own_request_words(kazakh)
    assert in_english(kazakh) == "ibuprofen solubility calculate , please ."
    assert in_english("Варфарин мен аспириннің өзара әрекеттесуін тексеріңіз.") == \
        "warfarin and aspirin interaction check ."


def test_zulu_drug_names_without_their_prefixes() -> None:
    for word, name in (("iwarfarin", "warfarin"), ("neaspirin", "aspirin"), ("ngeimatinib", "imatinib"),
                       ("aspirini", "aspirin"), ("yegefitinib", "gefitinib"), ("iparacetamol", "paracetamol")):
        assert inflected_name(word, ZULU) == name
    for word in ("ukuncibilika", "ukusebenzisana", "emaselini", "ngiyabonga", "inhlanganisela", "esikhundleni"):
        assert inflected_name(word, ZULU) is None


def test_zulu_words_and_prefixes() -> None:
    assert in_english("Ngicela ubale ukuncibilika kwe-aspirin emanzini.") == \
        "please calculate solubility of aspirin in water ."
    assert in_english("Ingabe kukhona ukusebenzisana phakathi kwe-warfarin ne-aspirin?") == \
        "is there interaction between warfarin and aspirin?"
    assert in_english("Ngicela ubikezele i-IC50 ye-imatinib ku-A549.") == "please predict IC50 of imatinib in A549."
    assert in_english("Sebenzisa i-erlotinib esikhundleni se-gefitinib ku-A549, ngiyabonga.") == \
        "use erlotinib instead of gefitinib in A549, thanks ."
    assert in_english("Hlola ubuthi bayo yonke imithi ngaphandle kwe-aspirin.") == \
        "check toxicity its all drugs except aspirin."
    assert in_english("Ngiyaxolisa, bengiqonde i-paracetamol.") == "sorry , I meant paracetamol."
    assert in_english("Ingabe i-caffeine iyawudlula umgoqo wegazi nobuchopho?") == \
        " caffeine crosses blood-brain barrier ?"
    assert in_english("Ngicela wenze okufanayo ku-ibuprofen.") == "please do the same for ibuprofen."
    assert in_english("I-warfarin ne-aspirin kuyasebenzisana yini?") == \
        "warfarin and aspirin do they interact what is ?"
    # a prefix joined without a hyphen, and a final vowel it adds
    assert in_english("Ngicela uqhathanise iwarfarin nge-aspirini.") == "please compare warfarin with aspirin."
    assert in_english("Gcina i-quinazoline core, ushintshe kuphela i-morpholine ring.") == \
        "keep quinazoline core, change only morpholine ring."


def test_whole_requests_planned() -> None:
    [call] = plan_with("გთხოვთ, გამოთვალეთ იმატინიბის ხსნადობა წყალში.", {})
    assert call.name == PROPERTY and call.arguments == {"drug_smiles": [drug("imatinib")],
                                                        "property": "logSolubility"}
    [call] = plan_with("არის თუ არა ურთიერთქმედება ვარფარინსა და ასპირინს შორის?", {})
    assert call.name == PAIRS and call.arguments["smiles_pairs"] == [[drug("warfarin"), drug("aspirin")]]
    [call] = plan_with("იწინასწარმეტყველეთ გეფიტინიბის IC50 A549 უჯრედებში.", {})
    assert call.name == CELLS and call.arguments == {"drug_smiles": [drug("gefitinib")], "cell_name": "A549"}
    [call] = plan_with("რამდენად ძლიერად უკავშირდება იმატინიბი ABL1 კინაზას?", {})
    assert call.name == AFFINITY and call.arguments["drug_smiles"] == [drug("imatinib")]
    [call] = plan_with("გადის თუ არა კოფეინი ჰემატოენცეფალურ ბარიერს?", {})
    assert call.arguments == {"drug_smiles": [drug("caffeine")], "property": "p_np"}
    [call] = plan_with("Ngicela ubale ukuncibilika kwe-aspirin emanzini.", {})
    assert call.name == PROPERTY and call.arguments == {"drug_smiles": [drug("aspirin")],
                                                        "property": "logSolubility"}
    [call] = plan_with("Ingabe kukhona ukusebenzisana phakathi kwe-warfarin ne-aspirin?", {})
    assert call.name == PAIRS and call.arguments["smiles_pairs"] == [[drug("warfarin"), drug("aspirin")]]
    [call] = plan_with("Ngicela ubikezele i-IC50 ye-imatinib ku-A549.", {})
    assert call.name == CELLS and call.arguments == {"drug_smiles": [drug("imatinib")], "cell_name": "A549"}
    [call] = plan_with("Ingabe i-imatinib iyabopha ku-ABL1 kinase?", {})
    assert call.name == CLASSIFY and call.arguments["drug_smiles"] == [drug("imatinib")]
    [call] = plan_with("Иматинибын усанд уусах чанарыг тооцоолно уу.", {})
    assert call.name == PROPERTY and call.arguments == {"drug_smiles": [drug("imatinib")],
                                                        "property": "logSolubility"}
    [call] = plan_with("Варфарин ба аспирины хоорондын харилцан үйлчлэлийг шалгана уу.", {})
    assert call.name == PAIRS and call.arguments["smiles_pairs"] == [[drug("warfarin"), drug("aspirin")]]
    [call] = plan_with("A549 эсийн шугамд гефитинибын IC50-ийг таамаглана уу.", {})
    assert call.name == CELLS and call.arguments == {"drug_smiles": [drug("gefitinib")], "cell_name": "A549"}
    [call] = plan_with("Иматиниб ABL1 киназтай хэр сайн холбогддог вэ?", {})
    assert call.name == AFFINITY and call.arguments["drug_smiles"] == [drug("imatinib")]


def test_other_languages_read_as_before() -> None:
    """Russian, Kazakh, Bulgarian, Hausa, Swahili, Tagalog and English messages read no new language."""
    assert in_english("Какова растворимость ибупрофена?") == "Какова solubility ibuprofen?"
    assert in_english("Колко е разтворим ибупрофенът? Моля, изчислете.") == \
        "how soluble is ibuprofen? please , calculate ."
    assert in_english("Don Allah, menene narkewar asfirin?") == "please , what is solubility aspirin?"
    assert in_english("Ал KIT-ке ше? Сол иматиниб.") == "and what about KIT? the same imatinib."
    for english in ("What is the solubility of caffeine? Thanks.", "Check i-PCR data for the e-cig cohort, ku-70 "
                    "and na-K ATPase.", "Compare imatinib and dasatinib in K562, noma mind."):
        assert in_english(english) == english


OPTIMIZE = "drug_cell_response_regression_optimization"
GENERATE = "drug_cell_response_regression_generation"
RETRO = "Retrosynthetic_reaction_pathway_prediction"


def test_zulu_clash_strength_and_patient_words() -> None:
    """Its "bheka (ukuthi)" (check whether), "xabana" (clash: interact) as "iyaxabana", "ziyaxabana", "zingaxabana",
    "iqine kangakanani" (how strong), "sishintshile sisuka ku-" (switched from), "usaphuza" (is still taking)."""
    assert in_english("Ngicela ubheke ukuthi i-warfarin iyaxabana yini ne-ibuprofen.") == \
        "please check whether warfarin interacts and ibuprofen."
    assert in_english("I-clarithromycin ne-simvastatin, ziyaxabana yini?") == \
        "clarithromycin and simvastatin, do they interact ?"
    assert in_english("Isiguli sinikwe i-clarithromycin, kodwa usaphuza i-simvastatin. Zingaxabana yini zombili?") == \
        "patient was given clarithromycin, but is still taking simvastatin. can they interact both ?"
    assert in_english("Iqine kangakanani i-dasatinib ku-ABL1? Isiguli sishintshile sisuka ku-imatinib.") == \
        "how strong is dasatinib in ABL1? patient switched from imatinib."
    [call] = plan_with("Ngicela ubheke ukuthi i-warfarin iyaxabana yini ne-ibuprofen.", {})
    assert call.name == PAIRS and call.arguments["smiles_pairs"] == [[drug("warfarin"), drug("ibuprofen")]]
    [call] = plan_with("I-clarithromycin ne-simvastatin, ziyaxabana yini?", {})
    assert call.name == PAIRS and call.arguments["smiles_pairs"] == [[drug("clarithromycin"), drug("simvastatin")]]
    [call] = plan_with("Isiguli sinikwe i-clarithromycin, kodwa usaphuza i-simvastatin. Zingaxabana yini zombili?", {})
    assert call.name == PAIRS and call.arguments["smiles_pairs"] == [[drug("clarithromycin"), drug("simvastatin")]]
    [call] = plan_with("Iqine kangakanani i-dasatinib ku-ABL1? Isiguli sishintshile sisuka ku-imatinib.", {})
    assert call.name == AFFINITY and call.arguments == {"drug_smiles": [drug("dasatinib")],
                                                        "target_seq": target("ABL1")}
    assert decided("Ngicela ubheke i-warfarin ne-ibuprofen, ngabe ziyaxabana?") == PAIRS


def test_zulu_follow_ups() -> None:
    """Its "kuthiwani" (what about), "ngomuthi ofanayo", "-fanayo" (the same), "yi-" (it is) before a name, a reply
    that is only "i-" and a code, "sebenzisa" (use), "kulungile" (all right), "nginike" (give me), "egazini" (in
    blood)."""
    assert in_english("Kuthiwani ku-HeLa ngomuthi ofanayo?") == "what about in HeLa with the same drug ?"
    assert in_english("Ne-dasatinib ku-kinase efanayo?") == "and dasatinib in kinase the same ?"
    assert in_english("Yi-phenytoin.") == "phenytoin."
    assert in_english("I-PDGFRA.") == "PDGFRA."
    assert in_english("Kulungile, nginike i-BBB yayo.") == "ok , give me BBB its ."
    assert in_english("Yini i-half-life ye-warfarin egazini?") == "what is half-life of warfarin in blood ?"
    earlier = ran(CELLS, "I-doxorubicin ku-MCF7, ngicela i-ln(IC50).", {"drug_smiles": [drug("doxorubicin")],
                                                                        "cell_name": "MCF7"})
    [call] = plan_with("Kuthiwani ku-HeLa ngomuthi ofanayo?", {}, [earlier])
    assert call.name == CELLS and call.arguments == {"drug_smiles": [drug("doxorubicin")], "cell_name": "HeLa"}
    earlier = ran(AFFINITY, "Iqine kangakanani i-imatinib ku-ABL1?", {"drug_smiles": [drug("imatinib")],
                                                                      "target_seq": target("ABL1")})
    [call] = plan_with("Ne-dasatinib ku-kinase efanayo?", {}, [earlier])
    assert call.name == AFFINITY and call.arguments == {"drug_smiles": [drug("dasatinib")],
                                                        "target_seq": target("ABL1")}
    asked = PastRequest("u", "Ngicela ubheke ukuthi i-warfarin iyaxabana yini nomunye umuthi wesifo sokuwa.",
                        answered=False)
    [call] = plan_with("Yi-phenytoin.", {}, [asked])
    assert call.name == PAIRS and call.arguments["smiles_pairs"] == [[drug("warfarin"), drug("phenytoin")]]
    asked = PastRequest("u", "Iqine kangakanani i-imatinib ku-PDGFR?", answered=False)
    [call] = plan_with("I-PDGFRA.", {}, [asked])
    assert call.name == AFFINITY and call.arguments == {"drug_smiles": [drug("imatinib")],
                                                        "target_seq": target("PDGFRA")}
    asked = PastRequest("u", "Yini i-half-life ye-warfarin egazini?", answered=False)
    [call] = plan_with("Kulungile, nginike i-BBB yayo.", {}, [asked])
    assert call.arguments == {"drug_smiles": [drug("warfarin")], "property": "p_np"}
    asked = PastRequest("u", "I-doxorubicin ku-HepG2, ngicela i-ln(IC50).", answered=False)
    [call] = plan_with("Sebenzisa i-HuH-7.", {}, [asked])
    assert call.name == CELLS and call.arguments == {"drug_smiles": [drug("doxorubicin")], "cell_name": "HuH-7"}


def test_zulu_generated_molecules_lists_and_parts() -> None:
    """Its "yakha … amasha" (make new), "ibe ngu" (to be), "ane-"/"engu" (with … of), "thatha" (take), "kulezo
    ozenzile" (of those you generated), "ezenziwe" (generated), "eyesibili", "neyokugcina" (and the last), "kulolu
    hlu" (in this list), "yazo" (their), "khulula" (free), "okunye kugcinwe" (keep the rest)."""
    assert in_english("Yakha ama-molecule amasha e-A549, i-ln(IC50) ibe ngu -2.") == \
        "make molecule new in A549, ln(IC50) to be -2."
    assert in_english("Yakha ama-molecule e-HeLa ane-ln(IC50) engu -3.") == "make molecule in HeLa with ln(IC50) of -3."
    assert in_english("Thatha eyesibili kulezo ozenzile, ubheke i-BBB yayo.") == \
        "take the second of those you generated , check BBB its ."
    assert in_english("Eyokuqala neyokugcina kulolu hlu, ngicela i-BBB yazo.") == \
        "the first and the last in this list , please BBB their ."
    assert in_english("Okunye kugcinwe; khulula i-morpholine kuphela.") == "keep the rest ; free morpholine only ."
    [call] = plan_with("Yakha ama-molecule amasha e-A549, i-ln(IC50) ibe ngu -2.", {})
    assert call.name == GENERATE and call.arguments == {"cell_line": "A549", "zscore": -2.0}
    [call] = plan_with("Yakha ama-molecule e-HeLa ane-ln(IC50) engu -3.", {})
    assert call.name == GENERATE and call.arguments == {"cell_line": "HeLa", "zscore": -3.0}
    made = ["CCN1CCN(Cc2ccccc2)CC1", "CC(C)Cc1ccc(C(C)C(=O)O)cc1", "O=C(O)c1ccccc1O", "CCOC(=O)c1ccccc1",
            "Cc1ccccc1N"]
    values = {"user_cell_line": "A549", "user_zscore": -2.0, "generated_smiles": made}
    earlier = ran(GENERATE, "Yakha ama-molecule amasha e-A549, i-ln(IC50) ibe ngu -2.",
                  {"cell_line": "A549", "zscore": -2.0})
    [call] = plan_with("Thatha eyesibili kulezo ozenzile, ubheke i-BBB yayo.", values, [earlier])
    assert call.arguments == {"drug_smiles": [made[1]], "property": "p_np"}
    [call] = plan_with("Manje i-logD yazo zonke ezinhlanu ezenziwe.", values, [earlier])
    assert call.arguments == {"drug_smiles": "(generated_smiles)", "property": "lipo"}
    listed = [drug("efavirenz"), drug("nevirapine"), drug("lamivudine"), drug("zidovudine")]
    values = {"upload_hiv.smi": listed, "user_property": "lipo", "drug_property_prediction_result": [1.0] * 4}
    earlier = ran(PROPERTY, "Ngicela i-logD yazo zonke ku-hiv.smi.", {"drug_smiles": "(upload_hiv.smi)",
                                                                       "property": "lipo"})
    [call] = plan_with("Eyokuqala neyokugcina kulolu hlu, ngicela i-BBB yazo.", values, [earlier])
    assert call.arguments == {"drug_smiles": [listed[0], listed[3]], "property": "p_np"}
    earlier = ran(OPTIMIZE, "Thuthukisa i-gefitinib ku-A549, ln(IC50) -2.",
                  {"gt": drug("gefitinib"), "cell_line": "A549", "zscore": -2.0})
    [call] = plan_with("Okunye kugcinwe; khulula i-morpholine kuphela.", {}, [earlier])
    assert call.name == OPTIMIZE and call.arguments["mask"] == [0] * 25 + [1] * 6


def test_mongolian_routes_chances_doses_and_follow_ups() -> None:
    """Its "нийлэгжүүлэх зам" (synthesis route), "нэг алхмаар" (in one step), "санал болгооч" (suggest), "харуулаач"
    (show), "холбогдох уу, үгүй юү" (does it bind or not), "үйлчлэх магадлал" (the chance it acts on), "хэд гарах вэ"
    (how much will it be), a dose question ("тунг … бууруулах ёстой"), "холбогдох хүч" (binding strength), a code's
    suffix as its only Mongolian ("PDGFRA-ийг."), "хоёулангийнх" (of both of them), and a part's case suffix."""
    assert in_english("Гефитинибын нийлэгжүүлэх замыг нэг алхмаар санал болгооч.") == \
        "gefitinib the synthesis route in one step suggest ."
    assert in_english("Иматиниб KIT-д холбогдох уу, үгүй юү? Зүгээр л тийм/үгүй магадлал хэрэгтэй.") == \
        "imatinib KIT does it bind , or not ? just yes / no probability need ."
    assert in_english("Кофеины logS хэд гарах вэ?") == "koffein logS how many will it be ?"
    assert in_english("Тэгвэл аспирины тунг хэд болгож бууруулах ёстой вэ? Өвчтөн 65 настай.") == \
        "then aspirin the dose to how much should be reduced  ? patient 65 years old ."
    assert in_english("PDGFRA-ийг.") == "PDGFRA."
    assert in_english("Хоёулангийнх нь A549 шугам дээрх ln(IC50)-ийг гаргаарай.") == \
        "both of them A549 in the line ln(IC50) give ."
    [call] = plan_with("Гефитинибын нийлэгжүүлэх замыг нэг алхмаар санал болгооч.", {})
    assert call.name == RETRO and call.arguments == {"smiles_list": [drug("gefitinib")]}
    values = {"user_smiles": [drug("gefitinib")], "user_cell_line": "A549",
              "drug_cell_response_regression_predict_result": [{"smiles": drug("gefitinib"), "prediction": 1.0}]}
    earlier = ran(CELLS, "Гефитинибын A549 шугам дээрх ln(IC50)-ийг таамаглаж өгөөч.",
                  {"drug_smiles": "(user_smiles)", "cell_name": "A549"})
    [call] = plan_with("Сонирхолтой үр дүн байна. Үүний нийлэгжүүлэх замыг харуулаач.", values, [earlier])
    assert call.name == RETRO and call.arguments == {"smiles_list": "(user_smiles)"}
    [call] = plan_with("Иматиниб KIT-д холбогдох уу, үгүй юү? Зүгээр л тийм/үгүй магадлал хэрэгтэй.", {})
    assert call.name == CLASSIFY and call.arguments == {"drug_smiles": [drug("imatinib")], "target_seq": target("KIT")}
    [call] = plan_with("Гефитиниб EGFR-т үйлчлэх магадлал хэр вэ?", {})
    assert call.name == CLASSIFY and call.arguments == {"drug_smiles": [drug("gefitinib")],
                                                        "target_seq": target("EGFR")}
    [call] = plan_with("Кофеины logS хэд гарах вэ?", {})
    assert call.arguments == {"drug_smiles": [drug("caffeine")], "property": "logSolubility"}
    pairs = {"user_smiles_pairs": [[drug("warfarin"), drug("aspirin")]]}
    earlier = ran(PAIRS, "Варфарин болон аспириныг хамт өгөх үед харилцан үйлчлэл бий юу?",
                  {"smiles_pairs": "(user_smiles_pairs)"})
    assert plan_with("Тэгвэл аспирины тунг хэд болгож бууруулах ёстой вэ? Өвчтөн 65 настай.", pairs, [earlier]) == []
    asked = PastRequest("u", "Иматинибын PDGFR-тэй холбогдох хүчийг гаргаж өгөөч.", answered=False)
    [call] = plan_with("PDGFRA-ийг.", {}, [asked])
    assert call.name == AFFINITY and call.arguments == {"drug_smiles": [drug("imatinib")],
                                                        "target_seq": target("PDGFRA")}
    # "пиперазины", "метилийг": a part's name with its case suffix
    assert in_english("Зөвхөн N-метилпиперазины цагираг өөрчилж болно.") == "only N-metilpiperazin ring may change ."
    english = plan_with("Optimize imatinib on K-562 to ln(IC50) -2; only the N-methylpiperazine ring may change.", {})
    [call] = plan_with("Иматинибыг K-562 дээр ln(IC50) -2 болгож оновчлоорой. Зөвхөн N-метилпиперазины цагираг өөрчилж "
                       "болно.", {})
    assert call.name == OPTIMIZE and call.arguments["mask"] == english[0].arguments["mask"]


def test_georgian_precursors_and_dose_questions() -> None:
    """Its "წინამორბედის" (of the precursor), "აქვს" (has), "წყვილს" (the pair), "შევაჩერო … თუ დოზა შევუმცირო"
    (should I stop … or reduce the dose: a clinical question no tool answers)."""
    assert in_english("მეორე წინამორბედის ხსნადობა წყალში რამდენია?") == \
        "the second precursor solubility in water how much is ?"
    assert in_english("ვარფარინი და ასპირინი — ამ წყვილს ურთიერთქმედება აქვს?") == \
        "warfarin and aspirin — this pair interaction has ?"
    assert in_english("ამ პაციენტს INR მაღალი აქვს. შევაჩერო ასპირინი თუ დოზა შევუმცირო?") == \
        "this patient INR high has . should I stop aspirin if dose should I reduce ?"
    route = {"user_smiles": ["CCOC(=O)c1ccccc1"], "Retrosynthetic_reaction_pathway_prediction_result": [
        {"smiles": "CCOC(=O)c1ccccc1", "candidates": [{"reactants": ["O=C(O)c1ccccc1", "CCO"]}]}]}
    [call] = plan_with("მეორე წინამორბედის ხსნადობა წყალში რამდენია?", route)
    assert call.arguments == {"drug_smiles": ["CCO"], "property": "logSolubility"}
    [call] = plan_with("ვარფარინი და ასპირინი — ამ წყვილს ურთიერთქმედება აქვს?", {})
    assert call.name == PAIRS
    pairs = {"user_smiles_pairs": [[drug("warfarin"), drug("aspirin")]]}
    earlier = ran(PAIRS, "ვარფარინი და ასპირინი — ამ წყვილს ურთიერთქმედება აქვს?",
                  {"smiles_pairs": "(user_smiles_pairs)"})
    assert plan_with("ამ პაციენტს INR მაღალი აქვს. შევაჩერო ასპირინი თუ დოზა შევუმცირო?", pairs, [earlier]) == []


def test_new_words_read_no_other_language() -> None:
    """A Chinese name after "Yi-" and a tool's name after "I-" in an English sentence read as before."""
    for english in ("Dr. Yi-Ling ran the I-TASSER model on EGFR.", "Compare the I-SPY arm with imatinib, uma question.",
                    "Yi-Fan sent aspirin and warfarin, na?"):
        assert in_english(english) == english
        assert not own_request_words(english) & {"uma", "na", "ibe", "yakha", "manje"}
