"""Requests of the twenty-third round."""

from __future__ import annotations

from planning_support import decided, plan_with, ran

from agent.atom_ranges import find_atom_ranges, mask_from_words
from agent.entities import read_message
from agent.vocabulary import in_english

OPTIMISE = "drug_cell_response_regression_optimization"
AFFINITY = "drug_target_affinity_regression_predict"
CLASSIFY = "drug_target_classification_predict"
PROPERTY = "drug_property_prediction"
DDI = "drug_drug_response_predict"
CELLS = "drug_cell_response_regression_predict"
RETRO = "Retrosynthetic_reaction_pathway_prediction"
ERLOTINIB = "COCCOC1=C(C=C2C(=C1)C(=NC=N2)NC3=CC=CC(=C3)C#C)OCCOC"
GEFITINIB = "COC1=C(C=C2C(=C1)N=CN=C2NC3=CC(=C(C=C3)F)Cl)OCCCN4CCOCC4"
SORAFENIB = "CNC(=O)C1=NC=CC(=C1)OC2=CC=C(C=C2)NC(=O)NC3=CC(=C(C=C3)Cl)C(F)(F)F"
TAMOXIFEN = "CC/C(=C(\\C1=CC=CC=C1)/C2=CC=C(C=C2)OCCN(C)C)/C3=CC=CC=C3"
OLAPARIB = "C1CC1C(=O)N2CCN(CC2)C(=O)C3=C(C=CC(=C3)CC4=NNC(=O)C5=CC=CC=C54)F"


def _free_atoms(text: str, smiles: str) -> list[int]:
    mask = mask_from_words(find_atom_ranges(in_english(text)), smiles)  # as the planner reads it
    assert mask is not None, text
    return [i for i, flag in enumerate(mask) if flag]


def test_only_a_named_part_changes_in_any_form_of_the_verb() -> None:
    """"changing only the acrylamide warhead", "only the ethynyl group changes", "only letting the carboxamide
    change", "only the N-methylamide is open", "tweak only the n-methylpiperazine" gave no mask, so the optimiser asked
    for one although the part was named. "Only" next to a named part, in a clause that says change in any form, frees
    that part; "only the quinazoline stays" still keeps it, and "only keep the indole" is no part that changes."""
    assert _free_atoms("analogues where only the ethynyl group changes", ERLOTINIB) == [22, 23]
    assert _free_atoms("Sorafenib in HuH-7, ln(IC50) -2; only the N-methylamide is open.", SORAFENIB) == [0, 1, 2, 3]
    assert _free_atoms("keeping the core and only letting the carboxamide change",
                       "CN1C(=O)N2C=NC(=C2N=N1)C(=O)N") == [11, 12, 13]
    assert [(r.core, r.keep) for r in find_atom_ranges("only the quinazoline stays, the rest may change")] == \
        [("quinazoline", True)]
    assert not any(not r.keep for r in find_atom_ranges("only keep the indole, change the rest"))
    assert find_atom_ranges("just optimise imatinib in K562 to -2") == []


def test_part_names_as_romance_and_turkish_chemists_spell_them() -> None:
    """"sólo puede cambiar la cadena lateral dimetilaminoetoxi", "só as duas cadeias metoxietoxi podem mudar",
    "sadece morfolinopropoksi zinciri değişebilir", "solo il ciclopropil-carbonile, il resto fisso": the names were
    read only where a word list held them. They are spelt in English by rules (accents dropped, metil -> methyl,
    -oxi/-oksi -> -oxy, ciclo -> cyclo, -ina -> -ine …) when the name as written places nowhere."""
    from model_zoo.chem.cores import core_from_text, english_spelling

    assert [english_spelling(w) for w in ("metoxietoxi", "dimetilaminoetoxi", "morfolinopropoksi",
                                          "ciclopropil-carbonile", "clorotrifluorometilfenilo", "kinazolin",
                                          "méthoxyéthoxy")] == \
        ["methoxyethoxy", "dimethylaminoethoxy", "morpholinopropoxy", "cyclopropyl-carbonyl",
         "chlorotrifluoromethylphenyl", "quinazoline", "methoxyethoxy"]
    assert core_from_text("dimetilaminoetoxi").loose == "CN(C)CCO"
    [call] = plan_with("Quiero optimizar el tamoxifeno en MCF7 con una CI50 objetivo de 0,5 µM. Sólo puede cambiar la "
                       "cadena lateral dimetilaminoetoxi; el núcleo trifeniletileno queda como está.", {})
    assert call.name == OPTIMISE and [i for i, f in enumerate(call.arguments["mask"]) if f] == list(range(16, 22))
    [call] = plan_with("Optimise l'erlotinib pour A549, ln(CI50) visé de -1. On garde la quinazoline; seulement les "
                       "deux chaînes méthoxyéthoxy peuvent bouger.", {})
    assert [i for i, f in enumerate(call.arguments["mask"]) if f] == [0, 1, 2, 3, 4, 24, 25, 26, 27, 28]
    [call] = plan_with("Gefitinib'i HCC827'de optimize edelim hocam, hedef ln IC50 -3. Kinazolin çekirdeği ve anilin "
                       "sabit kalsın, sadece morfolinopropoksi zinciri değişebilir", {})
    assert call.arguments["gt"] == GEFITINIB
    assert [i for i, f in enumerate(call.arguments["mask"]) if f] == list(range(21, 31))
    assert _free_atoms("solo il ciclopropil-carbonile, il resto fisso", OLAPARIB) == [0, 1, 2, 3, 4]


def test_a_repeat_on_another_target_keeps_the_earlier_answer_kind() -> None:
    """"Same three versus KIT", "Same panel against SRC.", "add PDGFRA for those same ones" after a pKd run asked the
    yes/no model: a target named alone reads as "does it interact?". A repeat that names no other kind of answer keeps
    the earlier tool; one that does ("do the same three interact with KIT?") switches."""
    pool = {"user_smiles": ["CCO", "CCN", "CCC"]}
    history = [ran(AFFINITY, "pKd of these three against FLT3 please")]
    for text in ("Same three versus KIT.", "Same panel against SRC.", "add PDGFRA for those same ones"):
        assert [c.name for c in plan_with(text, pool, history)] == [AFFINITY], text
    assert [c.name for c in plan_with("do the same three interact with KIT?", pool, history)] == [CLASSIFY]
    assert [c.name for c in plan_with("same three against KIT", pool,
                                      [ran(CLASSIFY, "do these three interact with FLT3")])] == [CLASSIFY]


def test_a_known_drug_without_a_shipped_structure_is_read_by_opsin_when_its_name_is_chemical() -> None:
    """"urea" was a known drug (DrugBank DB03904) without a structure, so its solubility was asked about; OPSIN reads
    the name, as it reads the systematic ones."""
    from model_zoo.names import Resolved, resolve_drug

    resolved = resolve_drug("urea")
    assert isinstance(resolved, Resolved) and resolved.value == "NC(=O)N" and "OPSIN" in resolved.source


def test_italian_request_words_and_drug_spellings() -> None:
    """An Italian medicinal chemist: "passano la barriera ematoencefalica?", "energia libera di idratazione",
    "Il clopidogrello con l'omeprazolo: c'è interazione?" ran nothing (no property; "clopidogrello" and the elided
    "l'omeprazolo" were not read). Italian request words are read, and a Romance spelling after an elided article is
    found as it stands (never guessed by spelling correction)."""
    assert decided("Domanda veloce: gefitinib ed erlotinib passano la barriera ematoencefalica? Mi basta la "
                   "probabilità del modello.") == PROPERTY
    [call] = plan_with("Per il modello di solvatazione: energia libera di idratazione di etanolo e toluene.", {})
    assert call.arguments["property"] == "freesolv" and call.arguments["drug_smiles"] == ["CCO", "Cc1ccccc1"]
    names = [n.name for n in read_message("Il clopidogrello con l'omeprazolo: c'è interazione?").names]
    assert names == ["clopidogrel", "omeprazole"]
    assert decided("Il clopidogrello con l'omeprazolo: c'è interazione secondo il modello?") == DDI


def test_ordinary_words_of_other_languages_are_no_misspelt_drugs() -> None:
    """"Retrosintesi di questo" ran carvedilol ("questo" is one letter from Querto, a brand) and "quale disconnessione
    propone il modello" added propane: ordinary Italian, Spanish, Portuguese, French, German and Dutch words one
    spelling fix from a synonym, brand or systematic name are listed as no drugs; a name respelt ("morfine",
    "cocaína") is still read. "banana" is a fruit, not cefpodoxime (Banan)."""
    assert read_message("Retrosintesi di questo, per favore: quale disconnessione propone il modello?").names == []
    assert [n.name for n in read_message("morfine en paracetamol").names] == ["morphine", "acetaminophen"]
    assert read_message("khud banana padega").names == []


def test_an_edit_of_an_earlier_request_reads_only_its_new_words() -> None:
    """"s/A549/H1299/" after "erlotinib in A549" was asked about: the no-guessing check read A549, the line replaced,
    as the message's line, and the call's H1299 as one the message did not name."""
    edit = read_message("s/A549/H1299/")
    assert edit.unresolved == [] and [line.name for _, line in edit.cell_mentions] == ["NCI-H1299"]
    assert [c.arguments["cell_name"] for c in plan_with("s/A549/H1299/", {}, [ran(CELLS, "erlotinib in A549 pls")])] \
        == ["NCI-H1299"]


def test_the_precursors_of_a_route_in_the_thread_are_no_new_retrosynthesis() -> None:
    """"Purchasing will stock the rank-1 precursors … predicted logS for both" ran a retrosynthesis of the precursors
    before their logS: naming the route's parts asks their property only."""
    route = {RETRO + "_result": [{"smiles": "CC(C)OCCOc1nc(Oc2cc3c(cc2F)B(O)OC3)c(Cl)cc1C#N", "routes": [
        {"rank": 1, "precursors": ["CC(C)OCCOc1nc(Cl)c(Cl)cc1C#N", "OB1OCc2cc(O)c(F)cc21"], "score": 0.8}]}]}
    history = [ran(RETRO, "One-step retro please: CC(C)OCCOc1nc(Oc2cc3c(cc2F)B(O)OC3)c(Cl)cc1C#N")]
    calls = plan_with("Purchasing will stock the rank-1 precursors. They ship in aqueous buffer, so predicted logS for "
                      "both before I raise the order.", route, history)
    assert [(c.name, c.arguments["drug_smiles"]) for c in calls] == \
        [(PROPERTY, ["CC(C)OCCOc1nc(Cl)c(Cl)cc1C#N", "OB1OCc2cc(O)c(F)cc21"])]


def test_hinglish_swahili_and_greek_request_words() -> None:
    """A Hyderabad PhD student ("sirf morpholine ring change karna … waisa hi rakhna"), a Kisumu pharmacist
    ("Tafadhali check kila moja against the others") and a Greek computational chemist ("ΔG ενυδάτωσης και
    διαλυτότητα για: …", which "ΔG" and the Greek-letter spelling turned into "deltaiota…") got no call. Each
    language's request words are read in a message written in it; a Greek letter naming an isoform is still spelt."""
    [call] = plan_with("gefitinib ko HCT116 ke liye optimize karna hai, target ln IC50 -2. sirf morpholine ring change "
                       "karna, quinazoline core aur aniline waisa hi rakhna", {})
    assert call.name == OPTIMISE and [i for i, f in enumerate(call.arguments["mask"]) if f] == list(range(25, 31))
    [call] = plan_with("Medication list: / - carbamazepine 200mg bd / - efavirenz 600mg nocte / - fluconazole 200mg "
                       "od / Tafadhali check kila moja against the others.", {})
    assert call.name == DDI and len(call.arguments["smiles_pairs"]) == 3
    calls = plan_with("ΔG ενυδάτωσης και διαλυτότητα για: / CC(C)Cc1ccccc1 / Cc1ccccc1C=O", {})
    assert [c.arguments["property"] for c in calls] == ["freesolv", "logSolubility"]
    assert in_english("PDGFR-β and p38α") == "PDGFR-beta and p38alpha"
    assert in_english("Is the kinase in the cell line? Ki values please") == \
        "Is the kinase in the cell line? Ki values please"


def test_pairs_written_with_against_after_what_the_patient_is_on() -> None:
    """"Mama on nevirapine … plus fluconazole … is on IV quinine. Check quinine against nevirapine and quinine
    against fluconazole" paired fluconazole with the other two: the sentence that writes every drug named from it on
    in pairs gives the pairs."""
    from model_zoo.names import resolve_drug

    smiles = {name: resolve_drug(name).value for name in ("quinine", "nevirapine", "fluconazole")}
    [call] = plan_with("Mama on nevirapine-based ART plus fluconazole 200 mg od now has severe malaria and is on IV "
                       "quinine. Please check quinine against nevirapine and quinine against fluconazole.", {})
    assert call.arguments["smiles_pairs"] == [[smiles["quinine"], smiles["nevirapine"]],
                                              [smiles["quinine"], smiles["fluconazole"]]]


def test_lot_numbers_are_no_structures_and_a_second_column_of_codes_labels_rows() -> None:
    """"DMSO (lot 24B118), acetonitrile (lot 24C007)" was asked about as two invalid SMILES; a structure never starts
    with a digit. A manifest "CL-0063388 | R06-B1 | <SMILES>" asked "BBB on CL-0063390 only" ran every row: codes
    in a table's columns label its rows, and a code the table lacks is asked about."""
    [call] = plan_with("Solvent box 3 on today's inbound manifest: DMSO (lot 24B118), acetonitrile (lot 24C007) "
                       "and ethyl acetate (lot 24A931). QA wants the predicted hydration free energy of each.", {})
    assert call.arguments == {"drug_smiles": ["CS(C)=O", "CC#N", "CCOC(=O)C"], "property": "freesolv"}
    thread = {"user_smiles": ["CCO", "CCN"]}
    for unread in ("logS of 1CCCC1", "what is the solubility of 24B118?", "logS of SR-7b"):
        assert decided(unread, thread) is None, unread  # asked about, never the thread's molecules in its place
    table = ("SHP-24-1222 as received:\nCL-0063388 | R06-B1 | CC(C)COCC(CN(Cc1ccccc1)c2ccccc2)N3CCCC3\n"
             "CL-0063389 | R06-B2 | Oc1ccc(Br)cc1C(=O)C(=O)c2cc(Br)ccc2O\n"
             "CL-0063391 | R06-B3 | Cc1ccccc1c2c(C(=O)O)n(CCCOc3cccc4ccccc34)c5ccccc25\n")
    assert decided(table + "Client asks for BBB on CL-0063390 only.") is None
    for code in ("CL-0063389", "R06-B2"):
        [call] = plan_with(table + f"Client asks for BBB on {code} only.", {})
        assert call.arguments["drug_smiles"] == ["Oc1ccc(Br)cc1C(=O)C(=O)c2cc(Br)ccc2O"]


def test_mutant_construct_steps_of_set_ba_are_scored_against_the_construct_sequence() -> None:
    """Set BA's author wrote DAVIS's stored string (the wild type) for "ABL1(T315I)"; the agent writes the mutation
    in. Those steps are scored against the agent's construct sequence, as name_golds.json says; the file is kept."""
    from pathlib import Path

    from agent.evaluation.tcdd import apply_name_golds, load_records
    from model_zoo.names import resolve_target

    path = Path(__file__).resolve().parents[2] / "agent" / "evaluation" / "benchmarks" / "set_BA.json.gz"
    records = load_records(path).records
    before = next(r for r in records if r.id == "benchBA-022").conversations
    written = next(m for m in before if m["from"] == "function_call")["call"]["arguments"]["target_seq"]
    changed = apply_name_golds(records)
    call = next(m for m in next(r for r in records if r.id == "benchBA-022").conversations
                if m["from"] == "function_call")["call"]
    assert "benchBA-022" in changed and len(set(changed)) == 17
    assert call["arguments"]["target_seq"] == resolve_target("ABL1(T315I)").value != written


def test_drugs_listed_with_a_property_and_no_pairing_word_ask_the_property() -> None:
    """"are temozolomide, niraparib and vorinostat predicted to cross the BBB?" ran the interaction model on two pairs
    (three drugs and "and" read as pairs); a trained property named without a word that pairs drugs asks the
    property. "does it interact with warfarin" and "A + B" still pair."""
    assert decided("are temozolomide, niraparib and vorinostat predicted to cross the BBB?") == PROPERTY
    assert decided("does warfarin interact with aspirin?") == DDI
    assert decided("warfarin + aspirin, DDI please") == DDI


def test_series_labels_clinical_abbreviations_and_spaced_line_names() -> None:
    """"HeLa mein SR-7b kaisa kaam karega?" asked about SR-7b as a cell line; "PHT 300 mg nocte" dropped phenytoin
    from a list checked pairwise; "in Ca Ski and in C-33 A cells" asked about "C-33" and never read Ca Ski; "the
    thiophene aryl" ran thiophene instead of the uploaded series."""
    assert decided("HeLa mein SR-7b kaisa kaam karega? / CN1CCN(CC1)c2ccc3ncc(C(=O)N)c(Nc4ccc(Cl)cc4Cl)c3c2") == CELLS
    assert [n.name for n in read_message("Pt on apixaban, PHT 300 mg nocte, LEV 1500 mg bid and OXC.").names] == \
        ["apixaban", "phenytoin", "levetiracetam", "oxcarbazepine"]
    calls = plan_with("Predict cisplatin response in Ca Ski and in C-33 A cells.", {})
    assert [c.arguments["cell_name"] for c in calls] == ["Ca-Ski", "C-33-A"]
    [logd] = plan_with("Just dropped the 9-series file (9a 4-F, 9b 4-Cl on the thiophene aryl). logD for all three.",
                       {"upload_9-series.csv": ["CCO", "CCN", "CCC"]})
    assert logd.arguments["drug_smiles"] == "(upload_9-series.csv)"


def test_the_line_a_ranking_was_measured_in_is_no_line_of_the_new_ask() -> None:
    """"The more potent one in A375: run it in SK-MEL-28 as well." ran it in A375 too (first); "the most potent in
    A375" alone still runs in A375."""
    pool = {"user_smiles": ["CCO", "CCN"],
            "drug_cell_response_regression_predict_result": [{"smiles": "CCO", "ln_ic50": -1.0},
                                                              {"smiles": "CCN", "ln_ic50": 2.0}]}
    history = [ran(CELLS, "Both in A375, predicted ln(IC50).")]
    assert [c.arguments["cell_name"] for c in plan_with("The more potent one in A375: run it in SK-MEL-28 as well.",
                                                        pool, history)] == ["SK-MEL-28"]
    assert [c.arguments["cell_name"] for c in plan_with("the most potent in A375, please", pool, history)] == ["A375"]
