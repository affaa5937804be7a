"""Malayalam, Basque and Uyghur requests. Malayalam is read only in a message written in its script: drug names written
by their sounds, with its chillus and case suffixes joined to them ("മെറ്റ്ഫോർമിനെ": metformin as an object,
"വാർഫറിനുമായി": with warfarin), its zero-width joiners and digits, and the English lab words a Kochi pharmacologist
mixes in. Basque writes drug names in its own spelling with its articles and case endings ("ibuprofenoaren",
"warfarinarekin", "imatinibak", "zisplatinoa") and decimal commas, and mixes in Spanish lab words. Uyghur writes drug
names in its Arabic script with all their vowels and its suffixes ("ۋارفارىننى", "پاراسېتامولنىڭ") and mixes in
English or Russian lab words; a Uyghur message is read neither as Pashto nor as Sorani, whose letters it shares, nor
is one of theirs, nor a Persian or Arabic one, read as Uyghur."""

from __future__ import annotations

from planning_support import (asks_binding, asks_the_cells, asks_the_pair, asks_the_property, asks_the_route, drug,
                              generates, optimizes, plan_with, ran)
from language_support import (AFFINITY, CELLS, CLASSIFY, GENERATE, MADE, PAIRS, PROPERTY, asks_back, instead,
                              of_both, of_the_generated, on_the_two_cells, reads_as, reads_no_drug, reads_no_name,
                              runs_nothing)

from agent.history import PastRequest
from agent.vocabulary import in_english, load, own_request_words


def _english(text: str) -> str:
    return " ".join(in_english(text).split())


def _same_pair(text: str) -> None:
    """After the pKd of erlotinib against EGFR, "the same pair" is that drug and target."""
    [first] = plan_with("pKd of erlotinib to EGFR?", {})
    earlier = ran(AFFINITY, "pKd of erlotinib to EGFR?", first.arguments)
    pool = {"user_smiles": [drug("erlotinib")], "user_target_seq": first.arguments["target_seq"]}
    [call] = plan_with(text, pool, [earlier])
    assert call.name == CLASSIFY and call.arguments == {"drug_smiles": "(user_smiles)",
                                                         "target_seq": "(user_target_seq)"}


def _each_with_the_others(text: str, names: tuple[str, str, str]) -> None:
    """Three drugs of a ward list, each checked with the others: the three pairs."""
    [call] = plan_with(text, {})
    assert call.name == PAIRS and call.arguments["smiles_pairs"] == [[drug(a), drug(b)] for a, b in
                                                                     ((names[0], names[1]), (names[0], names[2]),
                                                                      (names[1], names[2]))]


def _of_that_file(text: str, prop: str) -> None:
    meds = [drug("methotrexate"), drug("hydroxychloroquine"), drug("sulfasalazine")]
    [call] = plan_with(text, {"upload_ra_clinic_list.csv": meds})
    assert call.name == PROPERTY and call.arguments == {"drug_smiles": "(upload_ra_clinic_list.csv)", "property": prop}


def _the_most_potent_in(text: str) -> None:
    """Of three drugs whose response was predicted, the most potent (the lowest ln IC50) is run in BT-20."""
    three = {"user_smiles": ["CCO", "CCCO", "CCCCO"],
             "drug_cell_response_regression_predict_result": [
                 {"smiles": "CCO", "predicted_ln_ic50": 1.0}, {"smiles": "CCCO", "predicted_ln_ic50": -2.0},
                 {"smiles": "CCCCO", "predicted_ln_ic50": 0.5}]}
    history = [PastRequest("u", "Predicted response of HCC70 to CCO, CCCO and CCCCO?", answered=True)]
    [call] = plan_with(text, three, history)
    assert call.name == CELLS and call.arguments == {"drug_smiles": ["CCCO"], "cell_name": "BT-20"}


def test_malayalam_drug_names_read_by_sound_with_their_suffixes() -> None:
    from model_zoo.names.malayalam import english_name

    for word, name in (("പാരസെറ്റമോൾ", "paracetamol"), ("പാരസെറ്റമോളിന്റെ", "paracetamol"),
                       ("പാരസെറ്റമോളിനെ", "paracetamol"), ("ഇമാറ്റിനിബ്", "imatinib"), ("ഇമാറ്റിനിബിന്റെ", "imatinib"),
                       ("ഇമാറ്റിനിബുമായി", "imatinib"), ("മെറ്റ്ഫോർമിൻ", "metformin"), ("മെറ്റ്ഫോർമിനെ", "metformin"),
                       ("മെറ്റ്ഫോർമിന്റെ", "metformin"), ("മെറ്റ്ഫോർമിൻ്റെ", "metformin"), ("വാർഫറിൻ", "warfarin"),
                       ("വാർഫറിനുമായി", "warfarin"), ("വാർഫറിനോട്", "warfarin"), ("വാര്‍ഫറിന്‍", "warfarin"),
                       ("ആസ്പിരിൻ", "aspirin"), ("ആസ്പിരിനും", "aspirin"), ("സിസ്പ്ലാറ്റിൻ", "cisplatin"),
                       ("സിസ്പ്ലാറ്റിനിൽ", "cisplatin"), ("ഐബുപ്രൊഫെൻ", "ibuprofen"), ("ഐബുപ്രോഫെന്റെ", "ibuprofen"),
                       ("ഡോക്സോറൂബിസിൻ", "doxorubicin"), ("ക്ലോറോക്വിൻ", "chloroquine"), ("ജെഫിറ്റിനിബ്", "gefitinib"),
                       ("ജെഫിറ്റിനിബിന്", "gefitinib"), ("എർലോറ്റിനിബ്", "erlotinib"), ("അമോക്സിസില്ലിൻ", "amoxicillin"),
                       ("റിഫാംപിസിൻ", "rifampicin"), ("ഐസോണിയസിഡ്", "isoniazid"), ("കാർബമസെപ്പിൻ", "carbamazepine"),
                       ("ക്വിനൈൻ", "quinine"), ("സിപ്രോഫ്ലോക്സാസിൻ", "ciprofloxacin"),
                       ("അറ്റോർവാസ്റ്റാറ്റിൻ", "atorvastatin"), ("ഒസിമെർട്ടിനിബ്", "osimertinib"),
                       ("ഡൈക്ലോഫെനാക്കിന്റെ", "diclofenac"), ("അംലോഡിപിൻ", "amlodipine"), ("ഒമെപ്രസോൾ", "omeprazole"),
                       ("ടാമോക്സിഫെൻ", "tamoxifen"), ("ആർട്ടിസുനേറ്റ്", "artesunate"), ("കഫീന്റെ", "caffeine"),
                       ("ഫ്ലൂക്കോണസോൾ", "fluconazole"), ("ഡയസെപാമിന്റെ", "diazepam"), ("ക്ലോപ്പിഡോഗ്രൽ", "clopidogrel"),
                       ("കോൾച്ചിസിൻ", "colchicine")):
        reads_as(english_name, word, name)
    # its everyday words are no drugs
    for word in ("പരീക്ഷണശാല", "ആശുപത്രി", "സർവകലാശാല", "കമ്പ്യൂട്ടർ", "ഫലങ്ങൾ", "ഗർഭിണി", "രോഗികൾ", "തിരുവനന്തപുരം",
                 "വിദ്യാർത്ഥികൾ", "ടെലിഫോൺ", "പ്രൊഫസർ", "മലേറിയ", "ഇഞ്ചക്ഷൻ", "ഗുളികകൾ", "മരുന്നുകൾ", "തന്മാത്രകൾ",
                 "വെള്ളത്തിൽ", "കോശങ്ങളിൽ", "സുഹൃത്തുക്കളോടൊപ്പം", "കാലാവസ്ഥ", "ഫാർമസി", "ക്ലിനിക്കൽ", "ഫാർമക്കോളജി",
                 "കൊളസ്ട്രോൾ", "രക്തസമ്മർദ്ദം", "വിറ്റാമിൻ", "കോഴിക്കോട്", "ലേയത്വം", "പ്രതിപ്രവർത്തനം", "പ്രമേഹം"):
        assert english_name(word) is None, word


def test_malayalam_words_suffixes_and_word_order() -> None:
    assert _english("ദയവായി പാരസെറ്റമോളിന്റെ വെള്ളത്തിലെ ലേയത്വം പ്രവചിക്കുക.") == \
        "please paracetamol aqueous solubility predict ."
    # its suffixes joined to a code or a Latin name, its digits, a chillu written with a zero-width joiner, and its
    # "instead of", "except", "only" and "for" after what they govern
    assert _english("A549-ൽ imatinib-ന്റെ") == "A549 in imatinib of"
    assert in_english("ln(IC50) -൨.൫").endswith("-2.5")
    assert _english("ഞാന്‍ വാര്‍ഫറിന്‍") == "I warfarin"
    assert _english("ജെഫിറ്റിനിബിന് പകരം എർലോറ്റിനിബ് ഉപയോഗിക്കുക.") == "erlotinib instead of gefitinib use ."
    assert _english("ആസ്പിരിൻ ഒഴികെ എല്ലാം") == "except aspirin all"
    assert _english("morpholine ഭാഗം മാത്രം മാറ്റാം") == "only morpholine part may change"
    assert _english("A549-നായി പുതിയ തന്മാത്രകൾ") == "for A549 new molecules"
    # yes and no
    assert _english("അതെ.") == "yes ." and _english("ഇല്ല, വേണ്ട.") == "not , do not ."
    # its everyday words are no drugs
    reads_no_drug("ഞാൻ കൊച്ചിയിലെ ലാബിൽ ജോലി ചെയ്യുന്നു. ഇന്ന് ഞങ്ങളുടെ പുതിയ ഫലങ്ങൾ വന്നു.", "malayalam")
    reads_no_drug("ഞങ്ങളുടെ ആശുപത്രിയിൽ മലേറിയ രോഗികൾ ധാരാളം ഉണ്ട്.", "malayalam")
    reads_no_drug("ഇന്ന് കാലാവസ്ഥ നല്ലതാണ്, ഞാൻ സുഹൃത്തുക്കളോടൊപ്പം ചന്തയിലേക്ക് പോകുന്നു.", "malayalam")
    # a Kannada or Telugu message is read with none of its words
    malayalam = set(load("translations.json")["malayalam_words"])
    for text in ("ದಯವಿಟ್ಟು ಪ್ಯಾರಾಸಿಟಮಾಲ್‌ನ ನೀರಿನಲ್ಲಿ ಕರಗುವಿಕೆಯನ್ನು ಊಹಿಸಿ.", "ఆస్పిరిన్ తప్ప అన్నీ"):
        assert not own_request_words(text) & malayalam, text


def test_malayalam_requests_planned() -> None:
    asks_the_property("ദയവായി പാരസെറ്റമോളിന്റെ വെള്ളത്തിലെ ലേയത്വം പ്രവചിക്കുക.", "paracetamol", "logSolubility")
    asks_the_property("ക്ലോറോക്വിൻ രക്ത-മസ്തിഷ്ക തടസ്സം കടക്കുമോ?", "chloroquine", "p_np")
    asks_the_property("സിസ്പ്ലാറ്റിന്റെ വിഷാംശം പരിശോധിക്കുക.", "cisplatin", "CT_TOX")
    asks_the_property("മെറ്റ്ഫോർമിന്റെ ലിപ്പോഫിലിസിറ്റി കണക്കാക്കുക.", "metformin", "lipo")
    asks_the_property("കഫീന്റെ ജലീകരണ സ്വതന്ത്ര ഊർജ്ജം പ്രവചിക്കുക.", "caffeine", "freesolv")
    asks_the_pair("വാർഫറിനും ആസ്പിരിനും തമ്മിൽ എന്തെങ്കിലും പ്രതിപ്രവർത്തനം ഉണ്ടോ?", "warfarin", "aspirin")
    asks_the_pair("റിഫാംപിസിൻ ഐസോണിയസിഡുമായി പ്രതിപ്രവർത്തിക്കുമോ?", "rifampicin", "isoniazid")
    asks_binding("ഇമാറ്റിനിബ് ABL1-മായി എത്ര ശക്തമായി ബന്ധിക്കുന്നു?", AFFINITY, "imatinib", "ABL1")
    asks_binding("ജെഫിറ്റിനിബ് EGFR-ന് ബന്ധിക്കുമോ?", CLASSIFY, "gefitinib", "EGFR")
    asks_the_cells("A549 കോശങ്ങളിൽ ജെഫിറ്റിനിബിന്റെ IC50 പ്രവചിക്കുക.", "gefitinib", "A549")
    asks_the_cells("MCF7 സെൽ ലൈനിൽ ഡോക്സോറൂബിസിന്റെ IC50 എത്രയാണ്?", "doxorubicin", "MCF7")
    asks_the_cells("A549-ൽ gefitinib-ന്റെ IC50 പ്രവചിക്കുക.", "gefitinib", "A549")
    generates("A549-നായി പുതിയ തന്മാത്രകൾ സൃഷ്ടിക്കുക, ln(IC50) -൨.")
    optimizes("ജെഫിറ്റിനിബിനെ A549-ൽ ln(IC50) -2 വരെ ഒപ്റ്റിമൈസ് ചെയ്യുക.")
    asks_the_route("പാരസെറ്റമോൾ എങ്ങനെ നിർമ്മിക്കുന്നു? മുൻഗാമികളെ കാണിക്കുക.", "paracetamol")
    # ask-backs: no cell line, no target, a drug the tables do not know
    asks_back("പുതിയ തന്മാത്രകൾ സൃഷ്ടിക്കുക.", GENERATE, [])
    asks_back("ഇമാറ്റിനിബിന്റെ IC50 പ്രവചിക്കുക.", CELLS, ["drug_smiles"])
    asks_back("ഇമാറ്റിനിബ് എത്ര ശക്തമായി ബന്ധിക്കുന്നു?", AFFINITY, ["drug_smiles"])
    asks_back("Zorbafenib-ന്റെ ലേയത്വം കണക്കാക്കുക.", PROPERTY, ["property"])


def test_malayalam_follow_ups_and_questions_no_tool_answers() -> None:
    of_the_generated("ഈ തന്മാത്രകളുടെ വിഷാംശം പരിശോധിക്കുക.", "(generated_smiles)", "CT_TOX")
    of_the_generated("പുതിയ തന്മാത്രകളുടെ വിഷാംശം പരിശോധിക്കുക.", "(generated_smiles)", "CT_TOX")
    of_the_generated("രണ്ടാമത്തെ തന്മാത്രയുടെ lipophilicity കണക്കാക്കുക.", [MADE[1]], "lipo")
    of_the_generated("ആദ്യത്തെ രണ്ടെണ്ണത്തിന്റെ വിഷാംശം പരിശോധിക്കുക.", MADE[:2], "CT_TOX")
    of_both("രണ്ടിന്റെയും ലേയത്വം കണക്കാക്കുക.", "logSolubility")
    instead("ജെഫിറ്റിനിബിന് പകരം എർലോറ്റിനിബ് ഉപയോഗിക്കുക.")
    on_the_two_cells("HeLa-യിൽ വീണ്ടും റൺ ചെയ്യുക.", "HeLa")
    _same_pair("അതേ ജോഡി ബന്ധിക്കുമോ?")
    _each_with_the_others("വാർഡ് ലിസ്റ്റ്: കോൾച്ചിസിൻ, അറ്റോർവാസ്റ്റാറ്റിൻ, ക്ലാരിത്രോമൈസിൻ. ഈ മൂന്ന് മരുന്നുകളിൽ ഓരോന്നും "
                          "മറ്റുള്ളവയുമായി പ്രതിപ്രവർത്തിക്കുമോ?", ("colchicine", "atorvastatin", "clarithromycin"))
    _of_that_file("ആ ഫയലിലെ എല്ലാ മരുന്നുകളുടെയും വിഷാംശം പരിശോധിക്കുക.", "CT_TOX")
    _the_most_potent_in("മൂന്നിൽ ഏറ്റവും ശക്തമായതിനെ എടുത്ത് BT-20-ലും റൺ ചെയ്യുക.")
    runs_nothing("കുട്ടികൾക്ക് അമോക്സിസില്ലിന്റെ ഡോസ് എത്രയാണ്?")
    runs_nothing("ഗർഭിണിയായ സ്ത്രീക്ക് ക്വിനൈൻ സുരക്ഷിതമാണോ?")
    runs_nothing("ഇമാറ്റിനിബിന്റെ വില എത്രയാണ്?")


def test_basque_drug_names_read_with_their_articles_and_endings() -> None:
    from model_zoo.names.inflected import BASQUE, english_name

    for word, name in (("ibuprofenoa", "ibuprofen"), ("ibuprofenoaren", "ibuprofen"), ("warfarina", "warfarin"),
                       ("warfarinarekin", "warfarin"), ("imatinibak", "imatinib"), ("imatinibaren", "imatinib"),
                       ("aspirina", "aspirin"), ("aspirinari", "aspirin"), ("zisplatinoa", "cisplatin"),
                       ("zisplatinoaren", "cisplatin"), ("klorokina", "chloroquine"), ("klorokinak", "chloroquine"),
                       ("kinina", "quinine"), ("parazetamola", "paracetamol"), ("parazetamolaren", "paracetamol"),
                       ("metforminaren", "metformin"), ("gefitinibaren", "gefitinib"), ("erlotiniba", "erlotinib"),
                       ("doxorrubizinaren", "doxorubicin"), ("amoxizilina", "amoxicillin"),
                       ("rifanpizina", "rifampicin"), ("isoniazidarekin", "isoniazid"),
                       ("karbamazepina", "carbamazepine"), ("ziprofloxazinoa", "ciprofloxacin"),
                       ("atorbastatina", "atorvastatin"), ("diklofenakoaren", "diclofenac"),
                       ("omeprazola", "omeprazole"),
                       ("tamoxifenoa", "tamoxifen"), ("artesunatoa", "artesunate"), ("kafeinaren", "caffeine"),
                       ("flukonazola", "fluconazole"), ("diazepama", "diazepam"), ("klopidogrela", "clopidogrel"),
                       ("klaritromizina", "clarithromycin")):
        reads_as(lambda w: english_name(w, BASQUE), word, name)
    for word in ("laborategian", "unibertsitatean", "ikasleak", "irakaslea", "gaixoak", "ospitalean", "emaitzak",
                 "farmakologiako", "molekulen", "zeluletan", "haurdun", "Donostiako", "disolbagarritasuna",
                 "elkarrekintza", "pilulak", "injekzioa", "txertoa", "eguraldia", "lagunekin", "azokara", "sendagaiak",
                 "erretrosintesia", "aitzindariak", "fitxategian", "tuberkulosia", "diabetesa", "giltzurrunak"):
        assert english_name(word, BASQUE) is None, word


def test_basque_words_endings_and_word_order() -> None:
    assert _english("Mesedez, iragarri parazetamolaren uretako disolbagarritasuna.") == \
        "please , predict paracetamol aqueous solubility ."
    # its "da" is "is", not the Portuguese "of the" of every message, and its "hain" (so) no Hinglish
    assert _english("Zergatik da hain disolbagarria ibuprofenoa?") == "why is so soluble ibuprofen?"
    tables = load("translations.json")
    hinglish, basque = set(tables["hinglish_words"]), set(tables["basque_words"])
    assert not own_request_words("Zergatik da hain disolbagarria ibuprofenoa?") & (hinglish - basque)
    # "instead of", "except" and "only" after what they govern, "for" after a code; its endings after a code's hyphen
    assert _english("Erabili erlotiniba gefitinibaren ordez.") == "use erlotinib instead of gefitinib."
    assert _english("Guztiak, aspirina izan ezik.") == "all , except aspirin."
    assert _english("Morfolina taldea bakarrik alda daiteke.") == "only morpholine group may change ."
    assert _english("Sortu molekula berriak A549-rako.") == "generate new molecules for A549."
    assert _english("Kalkulatu IC50-a EGFR-arekin.") == "calculate IC50 EGFR ."
    # yes and no
    assert _english("Bai, mesedez.") == "yes , please ." and _english("Ez, eskerrik asko.") == "not , thanks ."
    # its everyday words are no drugs
    reads_no_name("Farmakologiako eskolak ematen ditut Bilboko unibertsitatean. Gaur emaitza berriak daukagu "
                  "laborategian.", "basque")
    reads_no_name("Ospitale honetan malaria duten gaixo asko daude aste honetan.", "basque")
    reads_no_name("Gaur eguraldia oso ona da, eta lagunekin azokara noa.", "basque")
    # a Spanish, Catalan or Tagalog message is read with none of its words
    for text in ("¿Cuál es la solubilidad del paracetamol en agua?", "Quina és la solubilitat del paracetamol?",
                 "Pa-check po yung solubility ng paracetamol, salamat."):
        assert not own_request_words(text) & basque, text


def test_basque_requests_planned() -> None:
    asks_the_property("Mesedez, iragarri parazetamolaren uretako disolbagarritasuna.", "paracetamol", "logSolubility")
    asks_the_property("Zein disolbagarria da ibuprofenoa?", "ibuprofen", "logSolubility")
    asks_the_property("Klorokinak hesi hematoentzefalikoa zeharkatzen al du?", "chloroquine", "p_np")
    asks_the_property("Egiaztatu zisplatinoaren toxikotasuna.", "cisplatin", "CT_TOX")
    asks_the_property("Kalkulatu metforminaren lipofilia.", "metformin", "lipo")
    asks_the_property("Iragarri kafeinaren hidratazio-energia askea.", "caffeine", "freesolv")
    asks_the_pair("Ba al dago elkarrekintzarik warfarinaren eta aspirinaren artean?", "warfarin", "aspirin")
    asks_the_pair("Rifanpizinak isoniazidarekin elkarreragiten al du?", "rifampicin", "isoniazid")
    asks_binding("Zein indartsu lotzen da imatiniba ABL1-arekin?", AFFINITY, "imatinib", "ABL1")
    asks_binding("Gefitiniba EGFR-arekin lotzen al da?", CLASSIFY, "gefitinib", "EGFR")
    asks_the_cells("Iragarri gefitinibaren IC50 A549 zeluletan.", "gefitinib", "A549")
    asks_the_cells("Zenbatekoa da doxorrubizinaren IC50 MCF7 zelula-lerroan?", "doxorubicin", "MCF7")
    generates("Sortu molekula berriak A549-rako, ln(IC50) -2,5.", -2.5)
    optimizes("Optimizatu gefitiniba A549-rako ln(IC50) -2 arte.")
    asks_the_route("Nola sintetizatzen da parazetamola? Erakutsi aitzindariak.", "paracetamol")
    asks_back("Sortu molekula berriak.", GENERATE, [])
    asks_back("Iragarri imatinibaren IC50.", CELLS, ["drug_smiles"])
    asks_back("Zein indartsu lotzen da imatiniba?", AFFINITY, ["drug_smiles"])
    asks_back("Kalkulatu vonoprazanaren disolbagarritasuna.", PROPERTY, ["property"])


def test_basque_follow_ups_and_questions_no_tool_answers() -> None:
    of_the_generated("Egiaztatu molekula hauen toxikotasuna.", "(generated_smiles)", "CT_TOX")
    of_the_generated("Egiaztatu molekula berrien toxikotasuna.", "(generated_smiles)", "CT_TOX")
    of_the_generated("Kalkulatu bigarren molekularen lipofilia.", [MADE[1]], "lipo")
    of_the_generated("Egiaztatu lehenengo bien toxikotasuna.", MADE[:2], "CT_TOX")
    of_both("Kalkulatu bien disolbagarritasuna.", "logSolubility")
    instead("Erabili erlotiniba gefitinibaren ordez.")
    on_the_two_cells("Exekutatu berriro HeLa-n.", "HeLa")
    _same_pair("Bikote bera lotzen al da?")
    _each_with_the_others("Zerrenda: warfarina, aspirina eta klopidogrela. Hiru sendagai hauek, bakoitza besteekin "
                          "elkarreragiten al dute?", ("warfarin", "aspirin", "clopidogrel"))
    _of_that_file("Egiaztatu fitxategi horretako sendagaien toxikotasuna.", "CT_TOX")
    _the_most_potent_in("Hiruretatik indartsuena hartu eta exekutatu BT-20-n ere.")
    runs_nothing("Zein da amoxizilinaren dosia haurrentzat?")
    runs_nothing("Kinina segurua al da emakume haurdunentzat?")
    runs_nothing("Zenbat balio du imatinibak?")


def test_uyghur_drug_names_read_by_sound_with_their_suffixes() -> None:
    from model_zoo.names.uyghur import english_name

    for word, name in (("پاراسېتامول", "paracetamol"), ("پاراتسېتامول", "paracetamol"),
                       ("پاراسېتامولنىڭ", "paracetamol"), ("ئىماتىنىب", "imatinib"), ("ئىماتىنىبنى", "imatinib"),
                       ("مېتفورمىن", "metformin"), ("مېتفورمىننىڭ", "metformin"), ("ۋارفارىن", "warfarin"),
                       ("ۋارفارىننى", "warfarin"), ("ئاسپىرىن", "aspirin"), ("ئاسپىرىنغا", "aspirin"),
                       ("ئاسپىرىندىن", "aspirin"), ("سىسپلاتىن", "cisplatin"), ("سىسپلاتىندا", "cisplatin"),
                       ("ئىبۇپروفېن", "ibuprofen"), ("دوكسورۇبىتسىن", "doxorubicin"),
                       ("دوكسورۇبىسىننىڭ", "doxorubicin"),
                       ("خلوروخىن", "chloroquine"), ("كلوروكىن", "chloroquine"), ("گېفىتىنىب", "gefitinib"),
                       ("گېفىتىنىبقا", "gefitinib"), ("ئېرلوتىنىب", "erlotinib"), ("ئاموكسىتسىللىن", "amoxicillin"),
                       ("رىفامپىتسىن", "rifampicin"), ("ئىزونىيازىد", "isoniazid"), ("كاربامازېپىن", "carbamazepine"),
                       ("خىنىن", "quinine"), ("سىپروفلوكساتسىن", "ciprofloxacin"), ("ئاتورۋاستاتىن", "atorvastatin"),
                       ("ئوسىمېرتىنىب", "osimertinib"), ("دىكلوفېناك", "diclofenac"), ("ئاملودىپىن", "amlodipine"),
                       ("ئومېپرازول", "omeprazole"), ("تاموكسىفېن", "tamoxifen"), ("ئارتېسۇنات", "artesunate"),
                       ("كافېئىن", "caffeine"), ("فلۇكونازول", "fluconazole"), ("دىئازېپام", "diazepam"),
                       ("كلوپىدوگرېل", "clopidogrel"), ("پرىماخىن", "primaquine"), ("كولخىتسىن", "colchicine")):
        reads_as(english_name, word, name)
    # its everyday words are no drugs ("بەزگەك", malaria, is no brand of a drug that sounds like it)
    for word in ("تەجرىبىخانىدا", "دوختۇرخانا", "ئۇنىۋېرسىتېت", "ئوقۇغۇچىلار", "پروفېسسور", "بىمارلار", "نەتىجىلەر",
                 "دورىشۇناسلىق", "مولېكۇلالار", "ھۈجەيرىلەر", "ھامىلدار", "ئۈرۈمچى", "قەشقەر", "بەزگەك", "ۋاكسىنا",
                 "تابلېتكا", "دورىخانا", "ئېرىشچانلىقىنى", "زەھەرلىكلىكىنى", "مۆلچەرلەڭ", "باغلىنامدۇ", "كومپيۇتېر",
                 "تېلېفون", "خىمىيە", "باكتېرىيە", "ئىنسۇلىن", "ۋىتامىن", "خولېستېرىن", "ئېنېرگىيىسىنى"):
        assert english_name(word) is None, word


def test_uyghur_words_suffixes_and_word_order() -> None:
    assert _english("ئىلتىماس، پاراسېتامولنىڭ سۇدا ئېرىشچانلىقىنى مۆلچەرلەڭ.") == \
        "please , paracetamol aqueous solubility predict ."
    # its suffixes joined to a code or a Latin name, "instead of", "except" and "for" after what they govern (not
    # "بۇنىڭدىن باشقا": besides this), and "X نى Y غا ئالماشتۇرۇڭ" (replace X with Y)
    assert _english("A549دا imatinibنى مۆلچەرلەڭ") == "A549 in imatinib predict"
    assert _english("گېفىتىنىبنىڭ ئورنىغا ئېرلوتىنىبنى ئىشلىتىڭ.") == "instead of gefitinib erlotinib use ."
    assert _english("گېفىتىنىبنى ئېرلوتىنىبقا ئالماشتۇرۇڭ.") == "use erlotinib instead of gefitinib."
    assert _english("ئاسپىرىندىن باشقا ھەممىسى") == "except aspirin all"
    assert _english("بۇنىڭدىن باشقا") == "besides this"
    assert _english("A549 ئۈچۈن يېڭى مولېكۇلالار") == "for A549 new molecules"
    # Russian lab words in Cyrillic
    assert _english("مېتفورمىننىڭ липофильность ىنى ھېسابلاڭ.") == "metformin lipophilicity calculate ."
    # yes and no
    assert _english("ھەئە، رەھمەت.") == "yes , thanks ." and _english("ياق، كېرەك ئەمەس.") == "no , I need not ."
    # its everyday words are no drugs
    reads_no_drug("مەن ئۈرۈمچىدىكى تەجرىبىخانىدا ئىشلەيمەن. بۈگۈن بىزنىڭ يېڭى نەتىجىلىرىمىز بار.", "uyghur")
    reads_no_drug("دوختۇرخانىمىزدا بەزگەك بىمارلىرى نۇرغۇن.", "uyghur")
    reads_no_drug("بۈگۈن ھاۋا ناھايىتى ياخشى، مەن دوستلىرىم بىلەن بازارغا بارىمەن.", "uyghur")


def test_uyghur_is_read_as_no_other_arabic_script_language() -> None:
    """Uyghur writes Pashto's ې and Sorani's ۆ and ە: its message is read as neither, and theirs, a Persian one and an
    Arabic one not as Uyghur."""
    tables = load("translations.json")
    uyghur, others = set(tables["uyghur_words"]), set(tables["pashto_words"]) | set(tables["sorani_words"])
    for text in ("ئىلتىماس، پاراسېتامولنىڭ سۇدا ئېرىشچانلىقىنى مۆلچەرلەڭ.",
                 "ۋارفارىن بىلەن ئاسپىرىن ئوتتۇرىسىدا ئۆز ئارا تەسىر بارمۇ؟", "خلوروخىن قان-مېڭە توسىقىدىن ئۆتەمدۇ؟",
                 "ھەئە، رەھمەت."):
        assert not own_request_words(text) & (others - uyghur), text
    for text in ("مهرباني وکړئ د پاراسیټامول په اوبو کې حلېدل وړاندوینه وکړئ.",
                 "ئایا کلۆرۆکین دەتوانێت بەربەستی خوێن-مێشک تێپەڕێت؟",
                 "تکایە توانەوەی پاراسیتامۆڵ لە ئاودا پێشبینی بکە.",
                 "لطفاً حلالیت پاراستامول در آب را پیش‌بینی کنید.", "يرجى التنبؤ بذوبانية الباراسيتامول في الماء."):
        assert not own_request_words(text) & (uyghur - others), text
    # (their readings stay theirs)
    assert _english("مهرباني وکړئ د پاراسیټامول په اوبو کې حلېدل وړاندوینه وکړئ.") == \
        "please of paracetamol in water solubility predict ."
    assert _english("تکایە توانەوەی پاراسیتامۆڵ لە ئاودا پێشبینی بکە.") == \
        "please solubility of paracetamol in water predict ."
    assert _english("لطفاً حلالیت پاراستامول در آب را پیش‌بینی کنید.") == "لطفاً حلالیت پاراستامول در آب را پیش‌بینی کنید."


def test_uyghur_requests_planned() -> None:
    asks_the_property("ئىلتىماس، پاراسېتامولنىڭ سۇدا ئېرىشچانلىقىنى مۆلچەرلەڭ.", "paracetamol", "logSolubility")
    asks_the_property("خلوروخىن قان-مېڭە توسىقىدىن ئۆتەمدۇ؟", "chloroquine", "p_np")
    asks_the_property("سىسپلاتىننىڭ زەھەرلىكلىكىنى تەكشۈرۈڭ.", "cisplatin", "CT_TOX")
    asks_the_property("مېتفورمىننىڭ lipophilicity سىنى ھېسابلاڭ.", "metformin", "lipo")
    asks_the_property("كافېئىننىڭ ھىدراتلىنىش ئەركىن ئېنېرگىيىسىنى مۆلچەرلەڭ.", "caffeine", "freesolv")
    asks_the_pair("ۋارفارىن بىلەن ئاسپىرىن ئوتتۇرىسىدا ئۆز ئارا تەسىر بارمۇ؟", "warfarin", "aspirin")
    asks_the_pair("رىفامپىتسىن ئىزونىيازىد بىلەن ئۆز ئارا تەسىر قىلامدۇ؟", "rifampicin", "isoniazid")
    asks_binding("ئىماتىنىب ABL1 بىلەن قانچىلىك كۈچلۈك باغلىنىدۇ؟", AFFINITY, "imatinib", "ABL1")
    asks_binding("گېفىتىنىب EGFR غا باغلىنامدۇ؟", CLASSIFY, "gefitinib", "EGFR")
    asks_the_cells("A549 ھۈجەيرىلىرىدە گېفىتىنىبنىڭ IC50 نى مۆلچەرلەڭ.", "gefitinib", "A549")
    asks_the_cells("MCF7 ھۈجەيرە لىنىيىسىدە دوكسورۇبىتسىننىڭ IC50 قىممىتى قانچىلىك؟", "doxorubicin", "MCF7")
    asks_the_cells("MCF7 клеточной линии دا доксорубицин نىڭ IC50 قىممىتى قانچىلىك؟", "doxorubicin", "MCF7")
    generates("A549 ئۈچۈن يېڭى مولېكۇلالارنى ھاسىل قىلىڭ، ln(IC50) -2,5.", -2.5)
    optimizes("گېفىتىنىبنى A549 ئۈچۈن ln(IC50) -2 گىچە ئەلالاشتۇرۇڭ.")
    asks_the_route("پاراسېتامول قانداق سىنتېزلىنىدۇ؟ ئالدىنقى ماددىلىرىنى كۆرسىتىڭ.", "paracetamol")
    asks_back("يېڭى مولېكۇلالارنى ھاسىل قىلىڭ.", GENERATE, [])
    asks_back("ئىماتىنىبنىڭ IC50 نى مۆلچەرلەڭ.", CELLS, ["drug_smiles"])
    asks_back("ئىماتىنىب قانچىلىك كۈچلۈك باغلىنىدۇ؟", AFFINITY, ["drug_smiles"])
    asks_back("Zorbafenib نىڭ ئېرىشچانلىقىنى ھېسابلاڭ.", PROPERTY, ["property"])


def test_uyghur_follow_ups_and_questions_no_tool_answers() -> None:
    of_the_generated("بۇ مولېكۇلالارنىڭ زەھەرلىكلىكىنى تەكشۈرۈڭ.", "(generated_smiles)", "CT_TOX")
    of_the_generated("يېڭى مولېكۇلالارنىڭ زەھەرلىكلىكىنى تەكشۈرۈڭ.", "(generated_smiles)", "CT_TOX")
    of_the_generated("ئىككىنچى مولېكۇلىنىڭ lipophilicity سىنى ھېسابلاڭ.", [MADE[1]], "lipo")
    of_the_generated("ئالدىنقى ئىككىسىنىڭ زەھەرلىكلىكىنى تەكشۈرۈڭ.", MADE[:2], "CT_TOX")
    of_both("ھەر ئىككىسىنىڭ ئېرىشچانلىقىنى ھېسابلاڭ.", "logSolubility")
    instead("گېفىتىنىبنىڭ ئورنىغا ئېرلوتىنىبنى ئىشلىتىڭ.")
    instead("گېفىتىنىبنى ئېرلوتىنىبقا ئالماشتۇرۇڭ.")
    on_the_two_cells("HeLa دا قايتا ئىجرا قىلىڭ.", "HeLa")
    _same_pair("ئوخشاش جۈپ باغلىنامدۇ؟")
    _each_with_the_others("تىزىملىك: كولخىتسىن، ئاتورۋاستاتىن ۋە كلارىترومىتسىن. بۇ ئۈچ دورا ھەر بىرى باشقىلىرى بىلەن "
                          "ئۆز ئارا تەسىر قىلامدۇ؟", ("colchicine", "atorvastatin", "clarithromycin"))
    _of_that_file("شۇ ھۆججەتتىكى دورىلارنىڭ زەھەرلىكلىكىنى تەكشۈرۈڭ.", "CT_TOX")
    _the_most_potent_in("ئۈچىدىن ئەڭ كۈچلۈكىنى ئېلىپ BT-20 دا ئىجرا قىلىڭ.")
    runs_nothing("بالىلارغا ئاموكسىتسىللىننىڭ مىقدارى قانچىلىك؟")
    runs_nothing("خىنىن ھامىلدار ئايالغا بىخەتەرمۇ؟")
    runs_nothing("ئىماتىنىبنىڭ باھاسى قانچە؟")


def _the_three(text: str, names: tuple[str, str, str], prop: str) -> None:
    [call] = plan_with(text, {})
    assert call.name == PROPERTY and call.arguments == {"drug_smiles": [drug(name) for name in names], "property": prop}


def test_malayalam_loans_plurals_lists_and_words_round_two() -> None:
    from model_zoo.names.malayalam import english_name

    # a z written s between vowels, and a first i said ai ("പയോ": pio)
    for word, name in (("പയോഗ്ലിറ്റസോൺ", "pioglitazone"), ("പയോഗ്ലിറ്റസോണിന്റെ", "pioglitazone"),
                       ("ഫ്ലൂക്കോണസോൾ", "fluconazole")):
        reads_as(english_name, word, name)
    # its plural joined to an English word, "പിന്നെ" closing a list, and "-യും" (and) after a Latin name
    assert _english("ഈ പുതിയ compound-കൾ") == "this new compounds"
    assert _english("ആസ്പിരിൻ, വാർഫറിൻ, പിന്നെ ഐബുപ്രൊഫെൻ") == "aspirin, warfarin and ibuprofen"
    assert _english("Crocin-ഉം Brufen-യും") == "Crocin and Brufen and"
    _the_three("പാരസെറ്റമോൾ, ആസ്പിരിൻ, പിന്നെ ഐബുപ്രൊഫെൻ — ഈ മൂന്നിന്റെയും വെള്ളത്തിലെ ലേയത്വം എത്രയാണെന്ന് "
               "പ്രവചിക്കാമോ?", ("paracetamol", "aspirin", "ibuprofen"), "logSolubility")
    asks_the_property("പയോഗ്ലിറ്റസോൺ രക്ത-മസ്തിഷ്ക തടസ്സം കടന്ന് തലച്ചോറിൽ എത്തുമോ?", "pioglitazone", "p_np")
    of_the_generated("ഈ പുതിയ molecule-കൾ രക്ത-മസ്തിഷ്ക തടസ്സം കടക്കുമോ?", "(generated_smiles)", "p_np")


def test_basque_codes_stems_and_words_round_two() -> None:
    # its endings joined to a code without a hyphen, "-arena" (the one of), and its words of lipophilicity and
    # solubility read by their stems
    assert _english("ABL1rekin, EGFRri eta A549rako, mesedez") == "ABL1 , EGFR and for A549, please"
    assert _english("lipofilizitateak eta disolbagaritasuna, mesedez") == "lipophilicity and solubility, please"
    assert _english("uretako disolbagarritasuna") == "aqueous solubility"
    assert _english("Eta imatinibarena, mesedez?") == "and imatinib, please ?"
    assert _english("Bi metoxietoxi kateak bakarrik alda daitezke, mesedez") == \
        "only two methoxyethoxy chains may change , please"
    asks_binding("Zenbateko afinitatearekin lotzen zaio imatiniba ABL1ri?", AFFINITY, "imatinib", "ABL1")
    asks_binding("Imatinibaren pKd-a ABL1rekin, mesedez.", AFFINITY, "imatinib", "ABL1")
    asks_the_property("Kalkulatu metforminaren lipofilizitatea, mesedez.", "metformin", "lipo")
    asks_the_property("Eta klorokinak odol-garun hesia zeharkatuko luke?", "chloroquine", "p_np")
    _each_with_the_others("Gaixoak warfarina, aspirina eta metformina hartzen ditu. Aztertu bakoitza beste bien aurka, "
                          "mesedez.", ("warfarin", "aspirin", "metformin"))
    _same_pair("Orain sailkapen-ereduarekin, bikote bera: lotzen dira ala ez?")


def test_uyghur_parts_lines_and_words_round_two() -> None:
    from model_zoo.names.uyghur import english_name

    # its "فتور", Russian's фтор, as a fluor, and a locant's hyphen kept before a name
    reads_as(english_name, "فتورۇراتسىل", "fluorouracil")
    assert _english("5-فتورۇراتسىل ۋە سىسپلاتىن") == "5-fluorouracil and cisplatin"
    # the parts of a molecule it names, a line it names before "ئۈچۈن" (for), and "X ھالقىسى بارى" (the one with)
    assert _english("پەقەت مورفولىن ھالقىسى ئۆزگەرسۇن") == "only morpholine ring may change"
    assert _english("خىنازولىن يادروسى ئۆز پېتى قالسۇن") == "quinazoline core keep as is"
    assert _english("A549 لىنىيەسى ئۈچۈن") == "for A549 line"
    assert _english("پىرىدىن ھالقىسى بارىنىڭ") == "the one with the pyridine ring"
    asks_the_property("مېتفورمىننىڭ ماي ئېرىشچانلىقىنى ھېسابلاڭ.", "metformin", "lipo")
    asks_the_pair("بىمار ۋارفارىن ۋە ئاسپىرىن ئىچىدۇ. بۇ جۈپنىڭ ئۆز-ئارا تەسىرىنى مۆلچەرلەڭ.", "warfarin", "aspirin")
    asks_the_route("پاراسېتامولنىڭ تەتۈر سىنتېزىنى كۆرسىتىڭ.", "paracetamol")
    optimizes("گېفىتىنىبنى A549 لىنىيەسى ئۈچۈن ئەلالاشتۇرۇڭ، ln(IC50) -2 بولسۇن.")
    of_the_generated("بۇ يېڭى ئانالوگلار قان-مېڭە توسىقىدىن ئۆتەمدۇ؟", "(generated_smiles)", "p_np")


def test_the_aurora_a_symbol_is_no_basque_word() -> None:
    """"aurka" (against) opened the Basque reading of any message naming AURKA, which then read "against"."""
    from agent.vocabulary import in_english

    assert in_english("binding of vorinostat to AURKA and to FLT3 (yes/no)") == \
        "binding of vorinostat to AURKA and to FLT3 (yes/no)"
