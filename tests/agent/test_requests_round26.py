"""Requests of the twenty-sixth round."""

from __future__ import annotations

from planning_support import decided, drug, plan_with, ran

AFFINITY = "drug_target_affinity_regression_predict"
CELLS = "drug_cell_response_regression_predict"
CLASSIFIER = "drug_target_classification_predict"
DDI = "drug_drug_response_predict"
GENERATION = "drug_cell_response_regression_generation"
PROPERTY = "drug_property_prediction"
RETRO = "Retrosynthetic_reaction_pathway_prediction"
CAFFEINE = "CN1C=NC2=C1C(=O)N(C)C(=O)N2C"
THEOPHYLLINE = "CN1C2=C(NC=N2)C(=O)N(C)C1=O"
PARACETAMOL = "CC(=O)NC1=CC=C(O)C=C1"
METFORMIN = "CN(C)C(=N)NC(N)=N"



def test_drug_names_in_cyrillic_are_read_by_their_sounds_and_declined_forms() -> None:
    """Russian and Ukrainian INNs ("иматиниба", "варфарином", "цисплатин", "гефітиніб") were not read: a Russian
    request for named drugs asked for SMILES. A Cyrillic word is read into Latin letters, without its case ending,
    and matched by sound; everyday words ("продуктов", "растворимость") stay words."""
    from model_zoo.names.cyrillic import english_name

    assert english_name("иматиниба") == "imatinib"
    assert english_name("варфарином") == "warfarin"
    assert english_name("цисплатин") == "cisplatin"
    assert english_name("гефітиніб") == "gefitinib"
    assert english_name("дазатиниба") == "dasatinib"  # "з" for an s between vowels
    assert english_name("продуктов") is None
    assert english_name("растворимость") is None


def test_a_russian_request_runs_on_the_drugs_it_names() -> None:
    """"Посчитайте, пожалуйста, растворимость (logS) для иматиниба и гефитиниба" asked for SMILES; "Есть ли
    взаимодействие между варфарином и амиодароном?" too. Russian request words are read with the names."""
    [call] = plan_with("Посчитайте, пожалуйста, растворимость (logS) для иматиниба и гефитиниба.", {})
    assert call.name == PROPERTY and call.arguments == {
        "drug_smiles": [drug("imatinib"), drug("gefitinib")], "property": "logSolubility"}
    [call] = plan_with("Есть ли взаимодействие между варфарином и амиодароном?", {})
    assert call.name == DDI and call.arguments["smiles_pairs"] == [[drug("warfarin"), drug("amiodarone")]]
    assert plan_with("На сколько тогда снизить дозу варфарина?", {},
                     [ran(DDI, "Взаимодействие варфарина с аспирином — что предсказывает модель?")]) == []


def test_dictated_names_and_values_are_heard() -> None:
    """A speech-to-text user wrote "met for men", "gem city bean", "k five six two", "minus two point five": none
    was read. Words run together are matched by sound to a drug's own name, lower-case letters and number words
    to a line or target, and spoken values to numbers, in a message without punctuation only."""
    [call] = plan_with("does met for men cross the blood brain barrier", {})
    assert call.name == PROPERTY and call.arguments == {"drug_smiles": [METFORMIN], "property": "p_np"}
    [call] = plan_with("generate molecules for k five six two with a target of minus two point five", {})
    assert call.name == GENERATION and call.arguments == {"cell_line": "K-562", "zscore": -2.5}
    [call] = plan_with("predict the response of gem city bean in a five forty nine cells", {})
    assert call.name == CELLS and call.arguments == {"drug_smiles": [drug("gemcitabine")], "cell_name": "A549"}


def test_dictation_leaves_everyday_words_alone() -> None:
    from model_zoo.names.dictation import from_dictation

    assert from_dictation("run the model on these four and tell me") == "run the model on these four and tell me"
    assert from_dictation("I want a five minute break") == "I want a five minute break"
    assert from_dictation("met for men, then the rest.") == "met for men, then the rest."  # typed: punctuated


def test_an_untrained_property_of_two_drugs_is_no_drug_pair() -> None:
    """"hERG inhibition risk for these two?" ran the drug-drug model on the two; "Could the model predict the
    melting points of aspirin and paracetamol?" too. No words pair them: the untrained property is asked about."""
    assert plan_with("hERG inhibition risk for these two? CCO c1ccccc1O", {}) == []
    assert plan_with("Next week's lab is about physical properties. Could the model predict the melting points of "
                     "aspirin and paracetamol?", {}) == []
    assert decided("warfarin and aspirin: any interaction?") == DDI


def test_how_strongly_with_a_pkd_is_one_affinity_call() -> None:
    """"Which one sticks to EGFR more strongly? Give me the pKd for both" ran the binder classifier and the pKd
    model; the binder answer is not asked for. "Does it bind EGFR? and the pKd too" still asks both."""
    calls = plan_with("erlotinib and gefitinib, which one stick to EGFR more strongly? give me the pKd for both", {})
    assert [c.name for c in calls] == [AFFINITY]
    both = plan_with("does erlotinib bind EGFR? and give me the pKd too", {})
    assert [c.name for c in both] == [CLASSIFIER, AFFINITY]


def test_words_read_as_a_design_ask_run_no_empty_design() -> None:
    """"Dasatinib: predicted logD at pH 7.4, for the extraction design." asked for a cell line to generate for; "Could
    caffeine be made in a lab …? Show me what it would be made from, one step back." planned an optimisation."""
    [call] = plan_with("Dasatinib: predicted logD at pH 7.4, for the extraction design.", {})
    assert call.name == PROPERTY and call.arguments["property"] == "lipo"
    calls = plan_with("Could caffeine be made in a lab rather than extracted from coffee beans? Show me what it would "
                      "be made from, one step back.", {})
    assert [(c.name, c.arguments) for c in calls] == [(RETRO, {"smiles_list": [CAFFEINE]})]


def test_clinical_follow_ups_run_nothing() -> None:
    earlier = ran(DDI, "Simvastatin 40 mg with amlodipine 10 mg in a 76-year-old. Please check that pair.")
    assert plan_with("Should I stop the simvastatin, or reduce it to 20 mg?", {}, [earlier]) == []
    assert plan_with("How many days before her hip surgery should the apixaban be held?", {},
                     [ran(DDI, "Apixaban and fluconazole, interaction?")]) == []


def test_a_question_about_one_drug_leaves_the_drugs_named_as_background() -> None:
    """"Tea contains theophylline as well as caffeine. Does theophylline make it into the brain too?" ran BBB on
    both; "Follow-on from the aspirin lesson: what would paracetamol be made from?" a route for both. A drug pair
    still takes the other drug, and a question that compares takes both."""
    [call] = plan_with("Tea contains theophylline as well as caffeine. Does theophylline make it into the brain too?",
                       {})
    assert call.arguments == {"drug_smiles": [THEOPHYLLINE], "property": "p_np"}
    [call] = plan_with("Follow-on from the aspirin lesson: what would paracetamol be made from? Just the final step.",
                       {})
    assert call.name == RETRO and call.arguments == {"smiles_list": [PARACETAMOL]}
    assert decided("Patient on warfarin. Can she take ibuprofen?") == DDI
    [call] = plan_with("I have aspirin and ibuprofen. Which is more soluble?", {})
    assert len(call.arguments["drug_smiles"]) == 2


def test_a_swedish_request_is_read() -> None:
    """Swedish: "Hur hårt binder erlotinib och gefitinib till EGFR? pKd för båda." and "Kör molekylerna i
    serie7-filen mot K562, tack." (the definite "-filen" after a file's name) were not read."""
    [call] = plan_with("Hur hårt binder erlotinib och gefitinib till EGFR? pKd för båda.", {})
    assert call.name == AFFINITY and call.arguments["drug_smiles"] == [drug("erlotinib"), drug("gefitinib")]
    [call] = plan_with("Kör molekylerna i serie7-filen mot K562, tack.", {"upload_serie7.csv": ["CCO", "CCN"]})
    assert call.name == CELLS and call.arguments == {"drug_smiles": "(upload_serie7.csv)", "cell_name": "K-562"}
    assert decided("Binder nilotinib till KIT över huvud taget? Bara en ja/nej-sannolikhet, inget pKd.") == CLASSIFIER


def test_a_files_name_before_file_is_no_cell_line() -> None:
    """"run the molecules in the serie7 file in K562" with two uploads asked about 'serie7' as a cell line."""
    uploads = {"upload_serie7.csv": ["CCO", "CCN"], "upload_plate7.csv": ["CCC"]}
    assert decided("run the molecules in the serie7 file in K562", uploads) == CELLS
    [call] = plan_with("run the molecules in the serie7 file in K562", uploads)
    assert call.arguments == {"drug_smiles": "(upload_serie7.csv)", "cell_name": "K-562"}


def test_a_precursor_described_by_its_group_in_the_top_set_is_picked() -> None:
    """"The halogenated aniline from the top set … pKd?" ran plain aniline (the drug "aniline"); "the
    cyclopropanecarbonyl piperazine from the top set" ran piperazine. The group picks among the top route's
    precursors."""
    from agent.pool.store import InMemoryPoolStore
    from agent.pool.thread_pool import ThreadPool
    from agent.selection import select_molecules

    pool = ThreadPool(InMemoryPoolStore(), "t")
    reactants = ["Nc1ccc(F)c(Cl)c1", "CSc1ncc2ncnc(Cl)c2n1"]
    pool.put("Retrosynthetic_reaction_pathway_prediction_result",
             [{"row": 1, "smiles": "CSc1ncc2ncnc(Nc3ccc(F)c(Cl)c3)c2n1", "candidates": [{"reactants": reactants}]}],
             "table", "a", "tool")
    read = pool.list(), lambda key: pool.get(key).value
    assert select_molecules("The halogenated aniline from the top set: predicted pKd on EGFR?", *read) == \
        [reactants[0]]


def test_a_patent_example_number_is_no_potency() -> None:
    calls = plan_with("Example 27 of US 2011/0105475 A1 in NCI-H1975: CCOC(=O)c1cc2c(C)c(N3CCNCC3)ccc2o1", {})
    assert [c.name for c in calls] == [CELLS]


def test_a_pasted_cdna_is_asked_about_never_replaced_by_the_named_target() -> None:
    """"gefitinib with this EGFR, got interact or not? ATGCGACCCTCC…" ran the table's EGFR: the pasted cDNA was
    dropped as no protein, and the name filled in. The nucleotides are asked about."""
    dna = "ATGCGACCCTCCGGGACGGCCGGGGCAGCGCTCCTGGCGCTGCTGGCTGCGCTCTGCCCGGCG"
    assert decided(f"gefitinib with this EGFR, got interact or not?\n{dna}") is None
    assert decided("gefitinib with EGFR, got interact or not?") == CLASSIFIER


def test_the_count_before_a_mask_is_no_potency() -> None:
    """"Here is the right mask with 29: [0,0,…]" after an optimisation set the target ln(IC50) to 29."""
    from agent.entities import extract

    mask = ",".join(["0"] * 22 + ["1", "1"] + ["0"] * 5)
    assert extract(f"Miscounted, here is the right mask with 29: [{mask}]").numbers == []
    assert [n.value for n in extract(f"ln IC50 -2: [{mask}]").numbers] == [-2.0]


def test_mutations_written_before_the_gene_are_applied() -> None:
    """"Osimertinib against the L858R/T790M double-mutant EGFR construct" ran the wild type."""
    from model_zoo.names.targets import find_target_names
    from model_zoo.names.types import Resolved

    [found] = find_target_names("Osimertinib against the L858R/T790M double-mutant EGFR construct, pKd please.")
    assert isinstance(found, Resolved) and found.name == "EGFR(L858RT790M)"
    assert found.value[789] == "M" and found.value[857] == "R"
    [found] = find_target_names("pKd of vemurafenib on V600E BRAF")
    assert isinstance(found, Resolved) and found.name == "BRAF(V600E)"
    [found] = find_target_names("T790M-positive patients: pKd of osimertinib on EGFR")
    assert isinstance(found, Resolved) and found.name == "EGFR"


def test_a_bare_mutation_after_an_unknown_construct_keeps_the_gene() -> None:
    """"V600E then." after "Vemurafenib against BRAF V600K" (no such DAVIS construct) named no target; "(L858R/T790M)"
    and "V559D/T670I double-mutant" were not read as mutations of the earlier gene."""
    from model_zoo.names.targets import with_the_gene

    assert with_the_gene("V600E then.", "Vemurafenib against BRAF V600K, pKd.") == "BRAF V600E then."
    assert with_the_gene("Same two on the double mutant (L858R/T790M).", "Tagrisso vs Iressa on EGFR L858R, pKd.") == \
        "Same two on the double mutant (EGFR L858R/T790M)."
    assert with_the_gene("And with the V559D/T670I double-mutant construct?", "Does imatinib interact with KIT?") == \
        "And with the KIT V559D/T670I double-mutant construct?"


def test_the_sentence_that_asks_for_a_pair_check_sets_the_pairs() -> None:
    """"Eight regular medicines: simvastatin, amlodipine, … Clarithromycin is proposed. I only need clarithromycin
    checked against the simvastatin and the amlodipine." paired simvastatin with each of the others."""
    names = {drug(n): n for n in ("simvastatin", "amlodipine", "clarithromycin", "atorvastatin", "colchicine")}
    [call] = plan_with("Ward round, eight regular medicines: simvastatin 20 mg, amlodipine 5 mg, bisoprolol 2.5 mg, "
                       "ramipril 2.5 mg. Clarithromycin is proposed for pneumonia. I only need clarithromycin checked "
                       "against the simvastatin and the amlodipine.", {})
    assert [[names.get(s) for s in pair] for pair in call.arguments["smiles_pairs"]] == [
        ["clarithromycin", "simvastatin"], ["clarithromycin", "amlodipine"]]
    [call] = plan_with("Gout flare in an 80-year-old on atorvastatin and colchicine. Clarithromycin is proposed. Check "
                       "clarithromycin with atorvastatin and with colchicine.", {})
    assert [[names.get(s) for s in pair] for pair in call.arguments["smiles_pairs"]] == [
        ["clarithromycin", "atorvastatin"], ["clarithromycin", "colchicine"]]
    assert plan_with("What safety margin does that give against a free Cmax of 2 µM?", {},
                     [ran(CLASSIFIER, "Does lapatinib interact with EGFR?")]) == []


def test_number_one_and_two_picks_both() -> None:
    """"Retrosyntes på nummer 1 och 2" ("retrosynthesis on number 1 and 2") picked number 1 only."""
    from agent.pool.store import InMemoryPoolStore
    from agent.pool.thread_pool import ThreadPool
    from agent.selection import select_molecules

    pool = ThreadPool(InMemoryPoolStore(), "t")
    rows = [{"row": i, "smiles": s, "rank": i} for i, s in enumerate(["CCO", "CCN", "CCC"], 1)]
    pool.put("drug_cell_response_regression_generation_result", rows, "table", "a", "tool")
    read = pool.list(), lambda key: pool.get(key).value
    assert select_molecules("retrosynthesis on number 1 and 2, please", *read) == ["CCO", "CCN"]
    assert select_molecules("number 2 please", *read) == ["CCN"]


def test_a_precursor_ask_read_as_a_design_is_the_route() -> None:
    """"Could the bot suggest a precursor set for X and also predict its aqueous solubility?" planned a generation
    with no cell line beside the solubility: its words ask for precursors, so it is the route to X."""
    smiles = "Cc1cccc(C#Cc2ccc(-c3ccnn3C)cc2)n1"
    calls = plan_with(f"Hi there: could the bot suggest a precursor set for {smiles} and also predict its aqueous "
                      "solubility? It's from a patent he's reviewing.", {})
    assert [(c.name, c.arguments) for c in calls] == [
        (RETRO, {"smiles_list": [smiles]}), (PROPERTY, {"drug_smiles": [smiles], "property": "logSolubility"})]


def test_a_name_listed_after_a_systematic_name_is_read() -> None:
    """"the hydration free energy of N,N-dimethylformamide and acetonitrile" left acetonitrile out: a solvent is read
    when listed with a drug, and the systematic name found by OPSIN is one."""
    import pytest

    from model_zoo.names import opsin
    from model_zoo.names.drugs import find_drug_names

    if not opsin.available():
        pytest.skip("OPSIN (Java) is not installed")
    found = find_drug_names("I need the hydration free energy of N,N-dimethylformamide and acetonitrile")
    assert [m.written for m in found] == ["N,N-dimethylformamide", "acetonitrile"]


def test_a_usual_line_set_aside_and_a_family_before_its_member_are_not_asked_about() -> None:
    """"doxorubicin in HuH-7. (HepG2 is the usual hepatic line, but use HuH-7 …)" asked about HepG2; "linked to
    AMPK inhibition. How strongly does sunitinib bind AMPK-alpha1?" asked which AMPK. Each names what it asks for."""
    assert decided("Cytotoxicity reference point: doxorubicin in HuH-7. (HepG2 is the usual hepatic line, but use "
                   "HuH-7, which is what the CRO ran.)") == CELLS
    assert decided("doxorubicin in HepG2 please") is None
    assert decided("Sunitinib cardiotoxicity has been linked to AMPK inhibition. How strongly does sunitinib bind "
                   "AMPK-alpha1? pKd please.") == AFFINITY
    assert decided("How strongly does sunitinib bind AMPK? pKd please.") is None
