"""Requests of the twentieth round."""

from __future__ import annotations

from planning_support import decided, plan_with, ran

from agent.backends.planner import plan_calls
from agent.entities import read_message
from agent.history import CallLog, PastRequest
from agent.pool.store import InMemoryPoolStore
from agent.pool.thread_pool import ThreadPool
from model_zoo.specs import TOOLS

RESPONSE = "drug_cell_response_regression_predict"
DDI = "drug_drug_response_predict"
FLUOROURACIL = "C1=C(C(=O)NC(=O)N1)F"
EGFR_START = "MRPSGTAGAALLALLAALCPASRALEEKKVCQGTSNKLTQLGTFEDHFLSLQRMFNNCEVVLGNLEITYVQRNYDLSFLKTIQEVAGYVLIALNTVERIPLENLQ"


def test_a_misspelt_name_with_a_locant_is_read_as_the_name_it_misspells() -> None:
    """"5-fluorouracyl" looks systematic; OPSIN cannot read it, and the question had said "oPSIN could not parse
    it" with no option. It is 5-fluorouracil with one letter wrong, shown as a spelling match (from the tables, with
    or without OPSIN); a locant is never changed to find a name."""
    [name] = read_message("is 5-fluorouracyl soluble?").names
    assert name.value == FLUOROURACIL and name.fuzzy
    assert decided("is 5-fluorouracyl soluble?") == "drug_property_prediction"
    [call] = plan_with("logS of 3-fluorouracyl please", {})
    assert "drug_smiles" not in call.arguments


def test_a_word_ending_like_a_drug_listed_with_one_is_asked_about_never_dropped() -> None:
    """"solubilty (rozpuszczalnosc) dla kofeina i paracetamol" ran paracetamol alone: "kofeina" (Polish for
    caffeine) was left out without a word. A word no table knows that ends like a drug name and is listed with a drug
    is asked about; English words so ending ("routine", "baseline") are no drug names."""
    for text in ("solubilty (rozpuszczalnosc) dla kofeina i paracetamol", "logS of paracetamol and kofeina"):
        [unknown] = read_message(text).unresolved
        assert unknown.written == "kofeina" and "listed with drugs" in unknown.note
        assert decided(text) is None
    for text in ("logS of paracetamol and routine ones", "caffeine and baseline", "aspirin or acetone"):
        assert not read_message(text).unresolved


def test_a_locant_of_a_chemical_name_is_no_value() -> None:
    """"ln(IC50) for 13-cis-RA in SK N SH" was planned as an optimisation towards 13; "Only the
    2-fluoro-6-methoxyphenyl ring may change" answered "which goal?" with 2. A number written as a locant is part of
    a name; "-2-ish" and "2-fold" stay values."""
    for text in ("ln(IC50) for 13-cis-RA in SK N SH", "Only the 2-fluoro-6-methoxyphenyl ring may change",
                 "2,4-dichlorophenol logS"):
        assert read_message(text).numbers == []
    assert [n.value for n in read_message("optimise at -2-ish").numbers] == [-2.0]
    assert [n.value for n in read_message("a 2-fold drop in IC50").numbers] == [2.0]


def test_the_file_in_other_languages_with_two_uploads_is_asked_about() -> None:
    """"Runne le logS sur le fichier de la série Q" with serieQ_lot3.csv and serieQ_lot4.csv ran lot 4: "le
    fichier" was not read as "the file", which with two uploads names neither. The answer "Le lot 4." then runs."""
    pool = {"upload_serieQ_lot3.csv": ["CCO", "CCN"], "upload_serieQ_lot4.csv": ["CCC", "CCCl"]}
    for text in ("Runne le logS sur le fichier de la série Q, svp.", "logS für die Datei bitte",
                 "el logS del archivo por favor"):
        [call] = plan_with(text, pool)
        assert "drug_smiles" not in call.arguments
    [call] = plan_with("Le lot 4.", pool, [PastRequest("u", "Runne le logS sur le fichier de la série Q, svp.",
                                                       answered=False)])
    assert call.arguments["drug_smiles"] == "(upload_serieQ_lot4.csv)"


def test_whichever_binds_tighter_or_more_weakly_is_read_from_the_affinity_results() -> None:
    """"Whichever binds tighter — predicted ln(IC50) in HCC827." ran both drugs; the comparative picks the drug with
    the higher pKd ("more weakly": the lower)."""
    pool = {"user_smiles": ["CCO", "CCN"], "drug_target_affinity_regression_predict_result": [
        {"row": 1, "smiles": "CCO", "pKd": 8.93, "Kd_nM": 1.2}, {"row": 2, "smiles": "CCN", "pKd": 9.4, "Kd_nM": 0.4}]}
    [call] = plan_with("Whichever binds tighter — predicted ln(IC50) in HCC827.", pool)
    assert call.name == "drug_cell_response_regression_predict" and call.arguments["drug_smiles"] == ["CCN"]
    [call] = plan_with("whichever binds more weakly: logS", pool)
    assert call.arguments["drug_smiles"] == ["CCO"]


def test_a_drug_name_qualifying_a_part_with_a_group_between_is_no_molecule() -> None:
    """"the isatin sulfonamide core may change" asked for isatin's structure: the name describes a part of the
    molecule, as "the isatin core" already did."""
    e = read_message("Keep the fluorobutyl chain; the isatin sulfonamide core may change.")
    assert not e.names and not e.unresolved
    assert [n.name for n in read_message("logS of caffeine and aspirin").names] == ["caffeine", "aspirin"]


def test_a_pick_by_a_signed_property_asks_only_the_property_after_it() -> None:
    """"The one with the most negative hydration energy, what is its logS?" ran hydration energy and logS; the
    hydration energy only ranks (also written after: "l'énergie d'hydratation la plus négative")."""
    pool = {"user_smiles": ["CCO", "CO", "CC#N"], "user_property": "freesolv", "drug_property_prediction_result": [
        {"row": 1, "smiles": "CCO", "freesolv": -5.35}, {"row": 2, "smiles": "CO", "freesolv": -4.13},
        {"row": 3, "smiles": "CC#N", "freesolv": -4.25}]}
    for text in ("The one with the most negative hydration energy, what is its logS?",
                 "Celui qui a l'énergie d'hydratation la plus négative, c'est quoi son logS?"):
        [call] = plan_with(text, pool)
        assert call.arguments == {"drug_smiles": ["CCO"], "property": "logSolubility"}


def test_the_same_thing_on_another_target_in_french_repeats_the_affinity() -> None:
    """"Même chose sur ERBB2 maintenant." after a pKd request ran the interaction classifier."""
    pool = {"user_smiles": ["CCO", "CCN"], "user_target_seq": EGFR_START,
            "drug_target_affinity_regression_predict_result": [{"row": 1, "smiles": "CCO", "pKd": 8.9}]}
    history = [ran("drug_target_affinity_regression_predict", "pKd du géfitinib et de l'erlotinib sur EGFR, svp.",
                   {"drug_smiles": ["CCO", "CCN"], "target_seq": "(user_target_seq)"})]
    [call] = plan_with("Même chose sur ERBB2 maintenant.", pool, history)
    assert call.name == "drug_target_affinity_regression_predict"


def test_the_line_where_a_drug_was_most_potent_is_read_from_its_rows() -> None:
    """"Of KELLY, SK-N-AS and CHP-134, take the line where alisertib came out most potent and generate molecules
    there" generated for SK-N-AS: KELLY (a line read only in context) was not read though listed with two lines,
    and the pick was not read at all. The line is the one with alisertib's lowest logged ln(IC50), among those named;
    the other drug's rows do not count."""
    alisertib = next(n.value for n in read_message("ln(IC50) of alisertib").names)
    other = "CCO"
    pool = ThreadPool(InMemoryPoolStore(), "t")
    calls = []
    for line, mine, theirs in (("KELLY", -1.61, 0.45), ("SK-N-AS", 0.45, -3.0), ("CHP-134", -1.19, 1.0)):
        rows = [{"row": 1, "smiles": alisertib, "ln_ic50": mine}, {"row": 2, "smiles": other, "ln_ic50": theirs}]
        meta = pool.put(f"{RESPONSE}_result", rows, "table", "u", "tool")
        calls.append(CallLog(RESPONSE, {"drug_smiles": [alisertib, other], "cell_name": line}, None, {}, "ok",
                             result_key=meta.key, result_version=meta.version))
    earlier = PastRequest("u", "ln(IC50) of alisertib and this one in KELLY, SK-N-AS and CHP-134", answered=True,
                          calls=calls)
    text = "Of KELLY, SK-N-AS and CHP-134, take the line where alisertib came out most potent and generate molecules " \
           "there at ln(IC50) -2.5."
    [call] = plan_calls(text, pool.list(), list(TOOLS), [earlier], pool.read)
    assert call.name == "drug_cell_response_regression_generation" and call.arguments["cell_line"] == "KELLY"
    [call] = plan_calls("Generate molecules at ln(IC50) -2 for the line where alisertib was least potent.",
                        pool.list(), list(TOOLS), [earlier], pool.read)
    assert call.arguments["cell_line"] == "SK-N-AS"
    assert [line.name for line in read_message("Of KELLY, SK-N-AS and CHP-134").cell_lines] == \
        ["KELLY", "SK-N-AS", "CHP-134"]
    assert not read_message("Kelly and Sam ran the assay").cell_lines


def test_the_most_soluble_of_the_generated_ones_is_ranked_by_its_result() -> None:
    """"z tabelki wyżej (logS wygenerowanych) - ten najbardziej rozpuszczalny -> BBB" ran logS and BBB on the first
    generated molecule: the bracket saying what the table holds was read as a logS ask, and "generated" replaced the
    measured rows by the generated list, whose first row then counted as the best. "The top two generated" keeps the
    generator's order."""
    made = ["COc1ccc(-c2cc(C(C)=O)c(=O)n(CC(C)C)n2)cc1", "CN(Cc1ccc(Br)cc1)C(=O)c1ccc(N)nn1",
            "CC(=O)N1CCN(C(=O)CCCNC(=O)C(C)(C)C)CC1"]
    pool = {"generated_smiles": made, "user_property": "logSolubility", "drug_property_prediction_result": [
        {"row": i + 1, "smiles": s, "prediction": v} for i, (s, v) in enumerate(zip(made, [-3.54, -3.37, -1.2]))]}
    for text in ("z tabelki wyżej (logS wygenerowanych) - ten najbardziej rozpuszczalny -> BBB",
                 "from the table above (logS of the generated ones) - the most soluble one -> BBB"):
        [call] = plan_with(text, pool)
        assert call.arguments == {"drug_smiles": [made[2]], "property": "p_np"}
    [call] = plan_with("BBB for the top two generated ones", pool)
    assert call.arguments["drug_smiles"] == made[:2]


def test_a_quoted_place_picks_a_row_or_is_asked_about() -> None:
    """'logS dla "ten drugi"' ("the second") after a route ran logS on the route's product: the quoted place was not
    read. It picks the second row of a list; after a route, whose second what is unclear, it is asked about."""
    product = "O=C(NC1CCCCC1)N1Cc2ncnc(Nc3cnc4ccccc4c3)c2C1"
    routes = "Retrosynthetic_reaction_pathway_prediction"
    pool = {"user_smiles": [product], f"{routes}_result": [{"product": product, "candidates": [
        {"rank": 1, "reactants": ["O=C=NC1CCCCC1", "c1ccc2ncc(Nc3ncnc4c3CNC4)cc2c1"], "score": 0.87},
        {"rank": 2, "reactants": ["CCO", "NC1CCCCC1"], "score": 0.67}]}]}
    history = [ran(routes, f"retrosynteza:\n{product}", {"smiles_list": [product]})]
    for text in ('logS dla "ten drugi"', 'logS for "the second"'):
        [call] = plan_with(text, pool, history)
        assert "drug_smiles" not in call.arguments
    [call] = plan_with('logS for "the second"', {"generated_smiles": ["CCO", "CCN", "CCC"]})
    assert call.arguments["drug_smiles"] == ["CCN"]


def test_turkish_drug_spellings_case_endings_and_request_words_are_read() -> None:
    """A Turkish cancer pharmacologist: "sisplatin", "klaritromisin", "varfarin", "gemsitabin", "5-florourasil"
    were unknown (5-florourasil dropped without a word), "kabozantinib'in retrosentezi" and "kan-beyin bariyeri"
    not read. INNs in Turkish spelling are respelt (exact table matches only, shown as spelling matches); Turkish
    request words and case endings after an apostrophe are read only in a message that reads as Turkish."""
    names = {n.written: n.name for n in read_message("gemsitabin ve 5-florourasil için çözünürlük, ve sisplatin, "
                                                     "klaritromisin, varfarin").names}
    assert names == {"gemsitabin": "gemcitabine", "5-florourasil": "fluorouracil", "sisplatin": "cisplatin",
                     "klaritromisin": "clarithromycin", "varfarin": "warfarin"}
    assert all(n.fuzzy for n in read_message("sisplatin ve varfarin").names)
    [call] = plan_with("kabozantinib'in retrosentezi, tek adım", {})
    assert call.name == "Retrosynthetic_reaction_pathway_prediction" and len(call.arguments["smiles_list"]) == 1
    [call] = plan_with("Şu molekülün kan-beyin bariyeri geçiş olasılığı? CCO", {})
    assert call.arguments == {"drug_smiles": ["CCO"], "property": "p_np"}
    assert [w for w, _ in read_message("Mitomisin C: T24, J82 ve UM-UC-3 hatlarında ln IC50").cell_mentions] == \
        ["T24", "J82", "UM-UC-3"]
    english = "I've seen Kelly's data and we've run it; de novo, it's fine"
    assert read_message(english).prose == english  # English: nothing read as Turkish


def test_everyday_names_and_clinic_shorthand_are_read() -> None:
    """"alcohol + paracetamol" ran benzyl alcohol (a DrugBank synonym); "rux vs JAK2", "AraC and dauno", "quiz vs
    mido vs pona", "THC vs CBD" left drugs out or asked; "of ethanol and of acetone" dropped acetone."""
    def read(text: str) -> list[str]:
        return [n.name for n in read_message(text).names if n.kind == "drug"]
    assert read("Can your interaction model check alcohol + paracetamol?") == ["ethanol", "acetaminophen"]
    assert read("benzyl alcohol logS") == ["Benzyl Alcohol"]
    assert read("dissolved in alcohol, logS of aspirin") == ["aspirin"]
    assert read("rux vs JAK2") == ["ruxolitinib"]
    assert read("7+3 backbone in Kasumi-1: AraC and dauno") == ["cytarabine", "daunorubicin"]
    assert read("mido vs pona on FLT3") == ["midostaurin", "ponatinib"]
    assert read("Now the second drug of the quiz, Prozac.") == ["fluoxetine"]
    assert read("THC vs CBD: which gets into the brain?") == ["dronabinol", "cannabidiol"]
    assert read("the hydration free energy of ethanol and of acetone") == ["ethanol", "acetone"]


def test_a_target_name_with_its_isoform_spaced_or_hyphenated_is_one_name() -> None:
    """"AMPK alpha1", "AMPK alpha-1" and "AMPK α1" were not read (the table holds AMPK-alpha1)."""
    for text in ("Does AICAR interact with AMPK alpha1?", "AICAR vs AMPK alpha-1", "AMPK α1 and AICAR"):
        assert [n.name for n in read_message(text).names if n.kind == "target"] == ["AMPK-alpha1"]


def test_stereoisomers_are_two_drugs_to_pair_and_each_of_them_pairs_with_the_named_drug() -> None:
    """"ephedrine with caffeine and pseudoephedrine" lost its second pair (the two share a connectivity key);
    "Then each of them with caffeine" after a request on two drugs paired those two and left caffeine out."""
    ephedrine, pseudoephedrine = (n.value for n in read_message("ephedrine and pseudoephedrine").names)
    caffeine = "CN1C=NC2=C1C(=O)N(C)C(=O)N2C"
    [call] = plan_with("ephedrine with caffeine and pseudoephedrine: DDI", {})
    assert call.arguments["smiles_pairs"] == [[ephedrine, caffeine], [ephedrine, pseudoephedrine]]
    pool = {"user_smiles": [ephedrine, pseudoephedrine], "user_property": "p_np"}
    history = [ran("drug_property_prediction", "ephedrine and pseudoephedrine: logD?",
                   {"drug_smiles": [ephedrine, pseudoephedrine], "property": "lipo"})]
    [call] = plan_with("Then each of them with caffeine — DrugBank DDI", pool, history)
    assert sorted(map(sorted, call.arguments["smiles_pairs"])) == \
        sorted(map(sorted, [[caffeine, ephedrine], [caffeine, pseudoephedrine]]))
    [call] = plan_with("Do they interact with each other?", pool, history)
    assert call.arguments["smiles_pairs"] in ("(user_smiles)", [[ephedrine, pseudoephedrine]])


def test_the_most_resistant_of_those_three_lines_and_lnic50_is_no_cell_line() -> None:
    """"for the most resistant of those three, generate cpds with target lnIC50 -1" used the pool's last line
    ('those' → user_cell_line) and read "lnIC50" as an unknown cell line."""
    pool = ThreadPool(InMemoryPoolStore(), "t")
    calls = []
    for line, value in (("THP-1", 2.9), ("HL-60", -0.5), ("NB4", 0.3)):
        meta = pool.put(f"{RESPONSE}_result", [{"row": 1, "smiles": "CCO", "ln_ic50": value}], "table", "u", "tool")
        calls.append(CallLog(RESPONSE, {"drug_smiles": ["CCO"], "cell_name": line}, None, {}, "ok",
                             result_key=meta.key, result_version=meta.version))
    earlier = PastRequest("u", "cytarabine lnIC50 in THP-1, HL-60 and NB4", answered=True, calls=calls)
    [call] = plan_calls("for the most resistant of those three, generate cpds with target lnIC50 -1", pool.list(),
                        list(TOOLS), [earlier], pool.read)
    assert call.arguments == {"cell_line": "THP-1", "zscore": -1.0}
    assert not read_message("generate cpds with target lnIC50 -1").unresolved


def test_ampk_is_a_family_and_alpha1_answers_which() -> None:
    """"AICAR pKd on AMPK" offered DMPK and MAPKs; its answer "alpha1 please" was read as an unknown cell line."""
    [unknown] = read_message("AICAR pKd on AMPK").unresolved
    assert unknown.closest == ("AMPK-alpha1", "AMPK-alpha2")
    [call] = plan_with("alpha1 please", {}, [PastRequest("u", "AICAR pKd on AMPK", answered=False)])
    assert call.name == "drug_target_affinity_regression_predict"
    assert call.arguments["target_seq"] == next(n.value for n in read_message("AMPK-alpha1 pKd").names)


def test_a_property_named_for_the_source_of_a_structure_or_by_an_untrained_word_keeps_the_question() -> None:
    """"here you go, from a solubility table: <SMILES>" (after "Does menthol get into the brain?") ran logS; "ok,
    the hydration energy then" after "What's the boiling point of ethanol?" had no molecule (ethanol was read only
    beside a trained property)."""
    [call] = plan_with("here you go, from a solubility table: CC(C)C1CCC(C)CC1O", {},
                       [PastRequest("u", "Does menthol get into the brain?", answered=False)])
    assert call.arguments == {"drug_smiles": ["CC(C)C1CCC(C)CC1O"], "property": "p_np"}
    [call] = plan_with("ok, the hydration energy then", {},
                       [PastRequest("u", "What's the boiling point of ethanol?", answered=False)])
    assert call.arguments == {"drug_smiles": ["CCO"], "property": "freesolv"}


def test_use_the_database_one_replaces_a_broken_pasted_structure() -> None:
    """"just use the GDSC one" after venetoclax with a truncated SMILES asked again."""
    asked = "venetoclax in RS4;11 — lnIC50. SMILES from our LIMS: CC1(CCC(=C(C1)C2=CC=C(C=C2)Cl)CN3CCN(CC3)C4=CC(=C"
    [call] = plan_with("just use the GDSC one", {}, [PastRequest("u", asked, answered=False)])
    assert call.arguments["drug_smiles"] == [next(n.value for n in read_message("venetoclax").names)]


def test_a_word_joined_to_a_drug_with_a_plus_or_slash_is_asked_about_never_left_out_of_its_pair() -> None:
    """"bortezomib + dex and carfilzomib + dex — DrugBank DDI" ran bortezomib with carfilzomib: "dex" was dropped and
    the two drugs around it paired (since the forty-second round "dex" is read as dexamethasone, as the independent
    sets' authors write it; an unknown word stands in for it here). "Ven/Aza in OCI-AML3" ran venetoclax alone. A
    word written with a drug by "+" or "/" is asked about; a treatment that is no molecule ("+ radiation") is not."""
    for text, word in (("bortezomib + zorb and carfilzomib + zorb — DrugBank DDI", "zorb"),
                       ("Ven/Aza in OCI-AML3: lnIC50 for both drugs", "Aza")):
        assert word in [u.written for u in read_message(text).unresolved]
        assert decided(text) is None
    for text in ("cisplatin + radiation in A549", "warf+asp", "gefitinib/EGFR", "aspirin w/ food",
                 "Clopidogrel 75 mg + omeprazole 40 mg", "tramadol 50 mg q6h prn + sertraline 100 mg q.d.",
                 "Gem/cis is our combo: gemcitabine and cisplatin", "free atoms: the chains, core + aniline fixed"):
        assert not read_message(text).unresolved, text


def test_a_filler_keeps_a_bare_value_a_repeat_of_the_earlier_check() -> None:
    """"And esomeprazole, for completeness of the table." after two clopidogrel–PPI checks ran a property model."""
    clopidogrel, omeprazole = (n.value for n in read_message("clopidogrel and omeprazole").names)
    pantoprazole = read_message("pantoprazole").names[0].value
    pool = {"user_smiles_pairs": [[clopidogrel, pantoprazole]]}
    history = [ran(DDI, "Clopidogrel 75 mg daily with omeprazole 20 mg daily. Run it please.",
                   {"smiles_pairs": [[clopidogrel, omeprazole]]}),
               ran(DDI, "If we switch the PPI to pantoprazole 40 mg, same check?",
                   {"smiles_pairs": [[clopidogrel, pantoprazole]]})]
    [call] = plan_with("And esomeprazole, for completeness of the table.", pool, history)
    assert call.name == DDI
