"""Georgian, isiZulu and Mongolian requests: each read only in a message written in it, with the drug names as it
writes, declines or prefixes them ("იმატინიბის", "ne-aspirin", "аспиринтай")."""

from __future__ import annotations

from planning_support import drug, plan_with

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
