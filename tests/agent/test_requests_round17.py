"""Requests of the seventeenth round: a corrected structure after a question about an invalid one, Greek letters in
target names, substances made from a named drug, and software named where a cell line could stand."""

from __future__ import annotations

from planning_support import plan_with, ran

from agent.entities import read_message
from agent.history import PastRequest
from agent.vocabulary import in_english

AFFINITY = "drug_target_affinity_regression_predict"
CLASSIFY = "drug_target_classification_predict"
OPTIMIZE = "drug_cell_response_regression_optimization"
FIXED = "NC1(CCN(CC1)c2ncnc3[nH]ccc23)C(=O)NCc4ccc(Cl)cc4"
IMATINIB = "CC1=C(C=C(C=C1)NC(=O)C2=CC=C(C=C2)CN3CCN(CC3)C)NC4=NC=CC(=N4)C5=CN=CC=C5"


def test_a_corrected_structure_answers_the_question_whatever_its_words_read_as() -> None:
    """"here is the version with the hydrogen: <SMILES>" had read as a property request (no property: asked again);
    the structure it fixes belongs to the earlier pKd request."""
    asked = PastRequest("u", "The pKd against KIT for this one, which I exported from our registration system:\n"
                             "NC1(CCN(CC1)c2ncnc3nccc23)C(=O)NCc4ccc(Cl)cc4", answered=False)
    [call] = plan_with("Indeed, the registration system does that with pyrroles; here is the version with the "
                       f"hydrogen:\n{FIXED}", {}, [asked])
    assert call.name == AFFINITY and call.arguments["drug_smiles"] == [FIXED] and "target_seq" in call.arguments


def test_greek_letters_in_target_names_are_spelt_out() -> None:
    assert in_english("PDGFR-β, p38α, ERα and PPARγ at 5 μM") == "PDGFR-beta, p38alpha, ER-alpha and PPAR-gamma at 5 μM"
    asked = PastRequest("u", "Does STI-571 interact with the PDGF receptor, according to the classifier?",
                        answered=False)
    [call] = plan_with("Beta, PDGFR-β. Alpha is the GIST story, and that one I know.", {}, [asked])
    assert call.name == CLASSIFY and call.arguments["drug_smiles"] == [IMATINIB]
    assert call.arguments["target_seq"] == plan_with("Does imatinib bind PDGFRB?", {})[0].arguments["target_seq"]


def test_substances_made_from_a_named_drug_are_not_that_drug() -> None:
    """"the related substances (process impurities) of Telmisartan" with the file not attached had run telmisartan
    itself; now the molecules are missing and asked for."""
    for text in ("PFA the list of related substances (process impurities) of Telmisartan. Kindly predict the aqueous "
                 "solubility for all the impurities.",
                 "Predict the aqueous solubility of the main metabolites of telmisartan."):
        assert all("drug_smiles" not in call.arguments for call in plan_with(text, {}))
    assert not read_message("logS of imatinib's metabolites").names
    [call] = plan_with("logS of telmisartan", {})
    assert call.arguments["drug_smiles"]


def test_software_named_where_a_cell_line_could_stand_is_no_cell_line() -> None:
    """"in RDKit atom order" had made RDKit an unknown cell line, and the optimisation was refused."""
    text = ("For sunitinib I would like optimised analogues in HT-29 with a target ln(IC50) of -1. Only the side "
            "chain may change, which in RDKit atom order (0-based) are the atoms 0 t/m 7; everything else stays fixed.")
    assert not read_message(text).unresolved
    [call] = plan_with(text, {})
    assert call.name == OPTIMIZE and call.arguments["cell_line"] == "HT-29"
    assert call.arguments["mask"][:9] == [1] * 8 + [0]


def test_an_untrained_property_in_the_plural_is_asked_about() -> None:
    """"the melting points of aspirin and paracetamol" had run the drug-drug interaction of the two."""
    found = read_message("Could the model predict the melting points of aspirin and paracetamol?")
    assert [u.kind for u in found.unresolved] == ["property"]
    assert not plan_with("Could the model predict the melting points of aspirin and paracetamol?", {})


def test_an_unknown_drug_with_a_dose_on_a_medication_list_is_asked_about() -> None:
    """"Paxlovid 300/100 mg BID" was not read at all, and the interaction of the other two drugs ran."""
    text = "Paxlovid 300/100 mg BID x5d. She's on tacrolimus 1 mg BID and atorvastatin 40 mg. Interactions?"
    assert [(u.written, u.kind) for u in read_message(text).unresolved] == [("Paxlovid", "drug")]
    assert not read_message("Monday 5 mg, then we see").unresolved  # a dose alone makes no drug


def test_the_other_drug_of_a_kind_is_asked_about() -> None:
    """"go back to the other antiplatelet she was on before?" had run the thread's pair again."""
    found = read_message("hmm, what if we go back to the other antiplatelet she was on before?")
    assert [(u.written, u.kind) for u in found.unresolved] == [("antiplatelet", "drug")]


def test_an_unclosed_bracket_atom_is_asked_about_never_stripped() -> None:
    """"[O-[N+](=O)…" had lost its first "[", which made the nitro oxygen a hydroxy: a silent change of structure."""
    text = "IC50 in A549 for [O-[N+](=O)c1ccc2OC(CN(c2c1)c3cccc[n+]3[O-])(C(F)F)C(F)F"
    found = read_message(text)
    assert found.invalid_smiles and found.molecules == [found.invalid_smiles[0][0]]
    assert found.molecules[0].startswith("[O-[N+]")
    assert read_message("logS for input=[CCO, CCN, CCC]").molecules == ["CCO", "CCN", "CCC"]  # a list's bracket


def test_a_vague_question_about_a_drug_asks_for_no_tool() -> None:
    """"What would Ibrance do?" had run a retrosynthesis of palbociclib (the model reads 'none' more than any tool)."""
    assert plan_with("What would Ibrance do?", {}) == []
    [call] = plan_with("What would Ibrance do in MCF7?", {})
    assert call.name == "drug_cell_response_regression_predict"


CPDS = ("cpd 1: CCOc1ccccc1\ncpd 2: CCN(CC)CC(=O)Nc1ccccc1\ncpd 3: COc1ccc(cc1)C(=O)O\ncpd 4: Clc1ccccc1N")
ROWS = ["CCOc1ccccc1", "CCN(CC)CC(=O)Nc1ccccc1", "COc1ccc(cc1)C(=O)O", "Clc1ccccc1N"]


def _molecules(text: str) -> list[str]:
    [call] = plan_with(text, {})
    return call.arguments["drug_smiles"]


def test_rows_of_a_labelled_list_are_named_and_left_out_in_words() -> None:
    """A consultant's list "cpd 1: <SMILES>" with "skip cpd 2", "ignore it", "except the last one" had run every row
    (a compound the user had excluded ran silently)."""
    assert _molecules(f"(1) logS for cpd 1 and cpd 3 below — skip cpd 2 unless you can't run the others.\n{CPDS}") \
        == [ROWS[0], ROWS[2]]
    assert _molecules(f"(1) BBB for cpds 2 to 4; (2) cpd 1 is the clinical reference, leave it out.\n{CPDS}") \
        == ROWS[1:]
    assert _molecules(f"logD for all of them except the last one — cpd 4 is their reference.\n{CPDS}") == ROWS[:3]
    assert _molecules(f"logS for cpds 1, 2 and 4 — skip cpd 3, it's the enantiomer of cpd 2.\n{CPDS}") \
        == [ROWS[0], ROWS[1], ROWS[3]]
    assert _molecules(f"logS for cpds 1–4 below\n{CPDS}") == ROWS
    assert _molecules(f"logS for these\n{CPDS}") == ROWS


def test_each_listed_ask_takes_the_rows_its_item_names() -> None:
    """"(1) retro for cpd 2 only; (2) solubility for every compound in the list except the last one" had run the
    retrosynthesis on three rows."""
    calls = plan_with(f"{CPDS}\n(1) One-step retro for cpd 2 only; (2) aqueous solubility for every compound in the "
                      "list except the last one, which is an oil.", {})
    assert [c.name for c in calls] == ["Retrosynthetic_reaction_pathway_prediction", "drug_property_prediction"]
    assert calls[0].arguments["smiles_list"] == [ROWS[1]] and calls[1].arguments["drug_smiles"] == ROWS[:3]


def test_romance_spellings_of_known_names_resolve_and_unknown_ones_are_asked_about() -> None:
    found = read_message("energía libre de hidratación del fenol, del tolueno y del etanol")
    assert [n.value for n in found.names] == ["c1ccc(cc1)O", "Cc1ccccc1", "CCO"]
    assert all(n.fuzzy for n in found.names)  # shown as spelling matches
    assert [u.written for u in read_message("solubilidad del metamizol").unresolved] == ["metamizol"]
    assert not read_message("para el práctico de la materia, che").names


def test_spanish_picks_and_refusals_are_read() -> None:
    assert in_english("De esos tres, el menos soluble: ¿cruza la BHE?") == \
        "of those three , the least soluble : ¿ crosses la BBB ?"
    [call] = plan_with("Esta vez no me interesa la lipofilia: quiero la solubilidad acuosa de la cafeína.", {})
    assert call.arguments["property"] == "logSolubility"


def test_a_place_in_a_ranking_is_picked() -> None:
    """"the second best" had picked the second row; "the runner-up", "the winner", "the better one" picked none."""
    from agent.selection import pick_rows
    rows = [{"smiles": "A", "pKd": 7.0}, {"smiles": "B", "pKd": 9.0}, {"smiles": "C", "pKd": 8.0}]
    assert pick_rows("the second best", rows) == ["C"]
    assert pick_rows("and the runner-up?", rows) == ["C"]
    assert pick_rows("the winner", rows) == ["B"] == pick_rows("the better one", rows)
    assert pick_rows("the third most potent", rows) == ["A"]
    assert pick_rows("the second one", rows) == ["B"]  # a place in the table, not in a ranking


def test_a_row_label_number_is_no_potency() -> None:
    """"Optimise cpd 2 below …; target as usual" had read the 2 of "cpd 2" as ln(IC50) = 2 and run."""
    assert not read_message("(1) Optimise cpd 2 below in SK-MEL-28; (2) target as usual, you know the drill.").numbers
    assert [n.value for n in read_message("logS for cpds 1, 2 and 4").numbers] == []


def test_rdkit_atom_order_counts_from_zero() -> None:
    """"atoms 24 to 29 may change (RDKit order)" of a 29-atom molecule had been read from 1 without asking."""
    from agent.atom_ranges import find_atom_ranges
    [found] = find_atom_ranges("atoms 24 to 29 may change (RDKit order), nothing else")
    assert found.indices[-1] == 29  # read from zero: atom 29 is past the end of a 29-atom molecule, and asked about


def test_a_reply_keeps_the_row_the_question_was_about() -> None:
    """After "(1) Optimise cpd 2 below …" was asked about, "ln(IC50) of −2, then" had optimised cpd 1."""
    asked = PastRequest("u", "(1) Optimise cpd 2 below in SK-MEL-28 — only the morpholine may change; (2) target as "
                             "usual, you know the drill.\ncpd 1: CS(=O)(=O)C1(CC1)c2cc(nc(n2)c3ccccc3)N4CCOCC4\n"
                             "cpd 2: Cc1ccccc1CN2C=CN3C(=O)C=C(N=C23)N4CCOCC4", answered=False)
    [call] = plan_with("ln(IC50) of −2, then. Same everything else.", {}, [asked])
    assert call.name == OPTIMIZE and call.arguments["gt"] == "Cc1ccccc1CN2C=CN3C(=O)C=C(N=C23)N4CCOCC4"
    assert call.arguments["zscore"] == -2.0


def test_a_mutant_is_named_by_its_mutation_and_the_gene_comes_from_the_thread() -> None:
    """"same but for the mutant" had run the wild type again; "same but for V600E" had been refused as an unknown
    compound code; "L858R, the activating one" (after the question) had run the classifier."""
    assert [u.written for u in read_message("same but for the mutant").unresolved] == ["the mutant"]
    assert not read_message("for the mutant lines too").unresolved
    braf = ran(AFFINITY, "pKd of dabrafenib for BRAF")
    [call] = plan_with("same but for V600E", {}, [braf])
    wild_type = plan_with("pKd of dabrafenib for BRAF", {})[0].arguments["target_seq"]
    mutant = call.arguments["target_seq"]
    assert call.name == AFFINITY and len(mutant) == len(wild_type) and mutant[599] == "E" and wild_type[599] == "V"
    egfr = ran(AFFINITY, "pKd of osimertinib on wild-type EGFR?")
    which = PastRequest("u", "same but for the mutant", answered=False)
    [call] = plan_with("L858R, the activating one", {}, [egfr, which])
    assert call.name == AFFINITY and call.arguments["target_seq"][857] == "R"


def test_partners_given_after_the_question_pair_with_the_drug_asked_about() -> None:
    """"cpd 1 against the client's usual co-meds" was asked about; "Co-meds are #2 and #3: …" (rows labelled #2 and
    #3) had been refused as rows past the end of a two-row list."""
    asked = PastRequest("u", "(1) DDI screen: cpd 1 against the client's usual co-meds; (2) DrugBank model.\n"
                             "cpd 1: CCOc1ccccc1C(=O)N", answered=False)
    [call] = plan_with("Co-meds are #2 and #3:\n#2  CC(=O)Oc1ccccc1C(=O)O\n#3  CC(C)Cc1ccc(cc1)C(C)C(=O)O", {}, [asked])
    assert call.arguments["smiles_pairs"] == [["CCOc1ccccc1C(=O)N", "CC(=O)Oc1ccccc1C(=O)O"],
                                              ["CCOc1ccccc1C(=O)N", "CC(C)Cc1ccc(cc1)C(C)C(=O)O"]]


def test_picks_that_combine_a_threshold_an_exclusion_or_a_kept_row() -> None:
    """"those above 0.5, except the last one of them" had left out the table's last row and ignored the threshold;
    "the top two … leave the other two alone" had picked none; "the whole file, last one included" had picked the
    last row."""
    from agent.pool.store import InMemoryPoolStore
    from agent.pool.thread_pool import ThreadPool
    from agent.selection import select_molecules
    pool = ThreadPool(InMemoryPoolStore(), "t")
    pool.put("drug_property_prediction_result", [{"row": i, "smiles": s, "probability": p} for i, (s, p) in
                                                 enumerate((("A", 0.9), ("B", 0.2), ("C", 0.7), ("D", 0.1)), 1)],
             "table", "a", "tool")
    read = pool.list(), lambda key: pool.get(key).value
    assert select_molecules("logD for those above 0.5, except the last one of them", *read) == ["A"]
    assert select_molecules("take the top two and run them in HCC827; leave the other two alone", *read) == ["A", "C"]
    assert select_molecules("now the whole file, last one included, in LoVo", *read) is None


def test_same_two_lines_and_binding_kinetics() -> None:
    earlier = ran("drug_cell_response_regression_predict", "ibrnace ic50 in MCF7 and T47D pls")
    calls = plan_with("kisqali, same 2 lines", {}, [earlier])
    assert [c.arguments["cell_name"] for c in calls] == ["MCF7", "T47D"]
    assert not plan_with("What's the residence time (koff) of dasatinib on ABL1?", {})  # no model: asked


def test_dictated_names_are_joined_only_when_the_tables_know_them() -> None:
    """Voice-to-text splits names ("lap a tinib", "K five six two", "P D G F R beta"); they had read as nothing."""
    from model_zoo.names.dictation import from_dictation
    assert from_dictation("lap a tinib and a fat tin ib in H nineteen seventy five") == \
        "lapatinib and afatinib in NCI-H1975"
    assert from_dictation("vin blastine he la or PC three") == "vinblastine HeLa or PC-3"
    assert from_dictation("cis platin in S K N D Z l n I C fifty") == "cisplatin in SK-N-DZ ln IC50"
    assert from_dictation("does it interact with P D G F R beta") == "does it interact with PDGFR-beta"
    assert from_dictation("and cabo zan tinib in the T ninety eight G line") == "and cabozantinib in the T98G line"
    for plain in ("is it in the list or not", "the pan el for the new set of data", "we ran it on the new compound"):
        assert from_dictation(plain) == plain
    [call] = plan_with("predict response of glee vec in K five six two cells please", {})
    assert call.arguments["cell_name"] == "K-562" and call.arguments["drug_smiles"] == [IMATINIB]


def test_all_or_nothing_with_an_untrained_property_runs_none() -> None:
    """"(1) QED, (2) SA score, (3) Caco-2 Papp. All three or nothing" had run QED alone."""
    assert not plan_with("For cpd 1 below: (1) QED, (2) synthetic accessibility score, (3) Caco-2 Papp. All three or "
                         "nothing — a partial set is no use to the client.\ncpd 1: OC(=O)Cc1cccc(c1)N2CCCC2", {})


def test_amino_acids_in_a_kinase_class_name_are_no_drugs() -> None:
    found = read_message("How strongly does dabrafenib bind serine/threonine-protein kinase B-raf?")
    assert [(n.written, n.kind) for n in found.names] == [("dabrafenib", "drug"), ("B-raf", "target")]
    assert not found.unresolved


def test_function_words_are_never_joined_into_a_cell_line() -> None:
    from model_zoo.names.dictation import from_dictation
    assert from_dictation("then go to the bench") == "then go to the bench"  # not the GOTO line
    assert from_dictation("with grape fruit, or war far in?") == "with grape fruit, or war far in?"  # typed text


def test_atoms_counted_from_one_whatever_else_the_words_say() -> None:
    from agent.atom_ranges import find_atom_ranges
    [found] = find_atom_ranges("only atoms 7-20 (1-based, RDKit order) may change")
    assert found.indices[0] == 6
