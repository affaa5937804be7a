"""Requests of the thirty-ninth round."""

from __future__ import annotations

import json
from pathlib import Path

from planning_support import decided, drug, plan_with, ran, target

import agent.vocabulary
from agent.entities import read_message
from agent.history import PastRequest

PROPERTY = "drug_property_prediction"
AFFINITY = "drug_target_affinity_regression_predict"
RETRO = "Retrosynthetic_reaction_pathway_prediction"
CAFFEINE, BROKEN, PARACETAMOL = "CN1C=NC2=C1C(=O)N(C)C(=O)N2C", "CC(=O)Oc1ccccc1C(=O", "CC(=O)NC1=CC=C(O)C=C1"


def test_structures_that_did_not_parse_are_left_out_when_the_user_says_so() -> None:
    """"#2 is broken — drop it and run logS on the other two" asked about the broken one (or ran row 2 of the rest),
    and "Run the two valid ones." after that question asked again; without such words the broken one is still asked
    about, never dropped silently."""
    listed = f"1. {CAFFEINE}\n2. {BROKEN}\n3. {PARACETAMOL}"
    [call] = plan_with(f"List of 3, #2 is deliberately broken — drop it and run logS on the other two:\n{listed}", {})
    assert call.name == PROPERTY and call.arguments["drug_smiles"] == [CAFFEINE, PARACETAMOL]
    asked = PastRequest("u", f"logS for these:\n{listed}", answered=False)
    [call] = plan_with("Run the two valid ones.", {}, [asked])
    assert call.arguments == {"drug_smiles": [CAFFEINE, PARACETAMOL], "property": "logSolubility"}
    assert decided(f"logS on these:\n{listed}") is None


def test_words_beside_an_ask_that_ask_nothing() -> None:
    """A bracketed aside with a word no tool answers ("cost"), a clause of reasons after the ask and "as a rough
    proxy" each turned a plain ask into a question back."""
    [call] = plan_with("Jakafi and Xeljanz — logS for both (formulation cost question from the CFO).", {})
    assert call.arguments == {"drug_smiles": [drug("ruxolitinib"), drug("tofacitinib")], "property": "logSolubility"}
    assert plan_with("Jakafi and Xeljanz — logS for both (and what would it cost?)", {}) == []
    [call] = plan_with("Skip it. Roflumilast logS instead, we are thinking about an inhaled version.", {})
    assert call.arguments == {"drug_smiles": [drug("roflumilast")], "property": "logSolubility"}
    asked = PastRequest("u", "ln IC50 of tiotropium in Calu-3", answered=False)
    [call] = plan_with("Fine, BBB as a rough proxy for tiotropium.", {}, [asked])
    assert call.name == PROPERTY and call.arguments["property"] == "p_np"


def test_earlier_results_named_with_every_or_each() -> None:
    """"BBB probability for every generated molecule; … the proportion above 0.5" generated molecules at 0.5."""
    pool = {"user_cell_line": "A549", "user_zscore": -2.0, "generated_smiles": ["CCO", "CCN"]}
    earlier = ran("drug_cell_response_regression_generation", "generate for A549",
                  {"cell_line": "A549", "zscore": -2.0})
    [call] = plan_with("BBB probability for every generated molecule; I want the proportion above 0.5.", pool,
                       [earlier])
    assert call.arguments == {"drug_smiles": "(generated_smiles)", "property": "p_np"}


def test_same_pair_after_a_property_run_is_the_two_compounds() -> None:
    pair = [drug("albendazole"), drug("mebendazole")]
    pool = {"user_smiles": pair, "user_property": "logSolubility", "drug_property_prediction_result": []}
    earlier = ran(PROPERTY, "logS of albendazole and mebendazole",
                  {"drug_smiles": pair, "property": "logSolubility"})
    [call] = plan_with("Same pair, lipophilicity.", pool, [earlier])
    assert call.name == PROPERTY and call.arguments["property"] == "lipo"
    assert call.arguments["drug_smiles"] in ("(user_smiles)", pair)


def test_groups_and_references_are_no_molecules() -> None:
    """"this quinoline piperazine urea: <SMILES>" ran quinoline and piperazine beside it; "next to the Gleevec
    benchmark" ran imatinib beside nilotinib."""
    product = "COC1CCCCC(NC(=O)N2CCN(c3ccnc4cc(Cl)ccc34)CC2)C1"
    [call] = plan_with(f"one-step retro for this quinoline piperazine urea: {product}", {})
    assert call.arguments == {"smiles_list": [product]}
    assert len(read_message("logS of quinoline and piperazine").molecules) == 2
    [call] = plan_with("Tasigna vs ABL1 — pKd. Need it next to the Gleevec benchmark.", {})
    assert call.name == AFFINITY and call.arguments["drug_smiles"] == [drug("nilotinib")]


def test_answers_to_a_question_about_a_construct_or_a_file() -> None:
    """"wild-type is fine for now" after the mutant constructs were offered, and "fine, use 98" after a file that is
    not in the thread, asked again."""
    asked = PastRequest("u", "pKd of erlotinib on mutant EGFR.", answered=False)
    [call] = plan_with("wild-type is fine for now", {}, [asked])
    assert call.arguments == {"drug_smiles": [drug("erlotinib")], "target_seq": target("EGFR")}
    pool = {"upload_batch_98.csv": ["CCO", "CCN"]}
    asked = PastRequest("u", "lipo on (upload_batch_99.csv)", answered=False)
    [call] = plan_with("fine, use 98", pool, [asked])
    assert call.arguments == {"drug_smiles": "(upload_batch_98.csv)", "property": "lipo"}


def test_a_khmer_name_beside_a_brand_said_in_passing() -> None:
    """A Khmer name by sound followed by a bracketed aside that goes on in Khmer was dropped as if glossed."""
    text = "បង ជួយមើលផង តើ ប៉ារ៉ាសេតាម៉ុល (Efferalgan ដែលឱសថស្ថាននៅផ្សារអូរឬស្សីលក់) ឆ្លងកាត់ blood-brain barrier បានទេ?"
    [call] = plan_with(text, {})
    assert call.arguments == {"drug_smiles": [PARACETAMOL], "property": "p_np"}


def test_each_translation_table_has_each_word_once() -> None:
    """A word entered twice in a table is read by its last entry only (a Malagasy "miampita" had two meanings)."""
    def once(pairs: list[tuple[str, object]]) -> dict[str, object]:
        keys = [key for key, _ in pairs]
        assert len(keys) == len(set(keys)), sorted({key for key in keys if keys.count(key) > 1})
        return dict(pairs)

    path = Path(agent.vocabulary.__file__).parent / "translations.json"
    json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=once)



def test_a_name_never_takes_another_drugs_structure() -> None:
    """The names vocabulary gave rabeprazole phenylbutazone's structure and cytidine, vidarabine and sorbitol the
    structures of cytarabine, adenosine and mannitol (stereoisomers, other drugs): a name is filed under a table entry
    the vocabulary names as another drug only in so many words (drug_aliases.csv)."""
    from model_zoo.names.drugs import resolve_drug
    from model_zoo.names.types import Resolved

    found = resolve_drug("rabeprazole")
    assert isinstance(found, Resolved) and found.source == "DrugBank DB01129"
    assert found.value != drug("phenylbutazone")
    for name, other in (("cytidine", "cytarabine"), ("vidarabine", "adenosine"), ("sorbitol", "mannitol")):
        found = resolve_drug(name)
        assert not (isinstance(found, Resolved) and found.value == drug(other)), name
    [call] = plan_with("Lipophilicity of betamethasone and clobetasol propionate for the ointment comparison.", {})
    assert call.arguments["drug_smiles"][1].count("OC(=O)CC") == 1  # the propionate ester, not the parent


def test_a_case_told_before_the_ask_asks_nothing() -> None:
    """A case's toxicity ("digoxin toxicity in an AF patient"), what followed ("then has nightmares"), an overdose
    with two drugs, what a company says and what a molecule is each ran another tool than the one asked for."""
    [call] = plan_with("digoxin toxicity in an AF patient recently started on verapamil - run digoxin / verapamil "
                       "through the interaction model", {})
    assert call.arguments == {"smiles_pairs": [[drug("digoxin"), drug("verapamil")]]}
    [call] = plan_with("patient takes mefloquine then has nightmares. Does it cross the BBB?", {})
    assert call.arguments == {"drug_smiles": [drug("mefloquine")], "property": "p_np"}
    [call] = plan_with("Elderly diabetic, suspected intentional overdose with glibenclamide and metformin from the "
                       "same blister pack. CT_TOX for both", {})
    assert call.arguments == {"drug_smiles": [drug("glibenclamide"), drug("metformin")], "property": "CT_TOX"}
    [call] = plan_with('Pfizer says Ibrance binds CDK4 "very tightly". What pKd does the model predict for '
                       "palbociclib on CDK4/cyclin D1?", {})
    assert call.name == AFFINITY
    [call] = plan_with("bryostatin 1 is a C1-domain binder, not ATP-site, but humour me: predicted pKd against "
                       "PRKCD", {})
    assert call.name == AFFINITY
    assert [c.name for c in plan_with("Novartis claims nilotinib binds ABL1. Does it?", {})] == \
        ["drug_target_classification_predict"]


def test_shorthand_and_switches_between_the_two_target_models() -> None:
    seq = target("EGFR")
    [call] = plan_with(f"aff / seq: {seq}\nerlotinib", {})
    assert call.name == AFFINITY
    pool = {"upload_ligands.smi": ["CCO", "CCN"], "upload_EGFR.fasta": seq}
    earlier = ran("drug_target_classification_predict", "binder call",
                  {"drug_smiles": "(upload_ligands.smi)", "target_seq": "(upload_EGFR.fasta)"})
    [call] = plan_with("now regression, same inputs", pool, [earlier])
    assert call.name == AFFINITY


def test_questions_no_tool_answers_and_words_that_name_nothing() -> None:
    abacavir = {"user_smiles": [drug("abacavir")], "user_property": "CT_TOX", "drug_property_prediction_result": []}
    tox = ran(PROPERTY, "ClinTox for abacavir", {"drug_smiles": [drug("abacavir")], "property": "CT_TOX"})
    for text in ("Must we check HLA-B*5701 before starting abacavir in everyone?",
                 "what abacavir dose would you give a 70 kg adult?"):
        assert decided(text, abacavir, [tox]) is None, text
    generated = {"user_cell_line": "MOLM-13", "user_zscore": -2.0, "generated_smiles": ["CCO", "CCN"]}
    made = ran("drug_cell_response_regression_generation", "generate for MOLM-13",
               {"cell_line": "MOLM-13", "zscore": -2.0})
    assert decided("which of them would do best in PAMPA?", generated, [made]) is None
    assert decided("Are any of these real, approved medicines?", generated, [made]) is None
    [call] = plan_with("How strongly would Y-39983 bind ROCK2? predicted pKd please, it was a ROCK inhibitor eye drop "
                       "candidate for IOP lowering.", {})
    assert call.name == AFFINITY and call.arguments["target_seq"] == target("ROCK2")  # IOP is no target
    [call] = plan_with("Is osimertinib like, a strong EGFR binder? I need an actual number for a slide.", {})
    assert call.arguments["drug_smiles"] == [drug("osimertinib")]


def test_a_drug_the_patient_failed_and_a_value_called_a_typo() -> None:
    [call] = plan_with("dasatinib for a CML patient resistant to imatinib: how strongly does it bind ABL1?", {})
    assert call.arguments["drug_smiles"] == [drug("dasatinib")]
    [call] = plan_with("pKd of nilotinib on ABL1 in a patient who progressed on imatinib", {})
    assert call.arguments["drug_smiles"] == [drug("nilotinib")]
    pool = {"user_smiles": [drug("cytarabine")], "user_cell_line": "KG-1",
            "drug_cell_response_regression_predict_result": []}
    earlier = ran("drug_cell_response_regression_predict", "ln IC50 of cytarabine in KG-1",
                  {"drug_smiles": "(user_smiles)", "cell_name": "KG-1"})
    [call] = plan_with("sorry, KG-1 was a typo — I wanted HL-60. Check the same drug again.", pool, [earlier])
    assert call.arguments["cell_name"] == "HL-60"


def test_a_labelled_row_that_did_not_parse_is_asked_about_and_dropped_by_its_label() -> None:
    """"S-02,C1CC(N" was read as a second ask, and the first row alone ran: two rows dropped without a word."""
    rows = "logS\nS-01,CCCO\nS-02,C1CC(N\nS-03,CN1C2=C(NC=N2)C(=O)N(C)C1=O"
    assert decided(rows) is None
    [call] = plan_with("drop S-02, run the rest", {}, [PastRequest("u", rows, answered=False)])
    assert call.arguments == {"drug_smiles": ["CCCO", "CN1C2=C(NC=N2)C(=O)N(C)C1=O"], "property": "logSolubility"}


def test_lao_and_azerbaijani_names_heard_as_they_are_written() -> None:
    """Lao cannot write efavirenz's final z: heard without it, the name came near faverin, a brand of fluvoxamine, and
    ran it; Azerbaijani writes a hard g as q ("qlibenklamid")."""
    [call] = plan_with("ຄົນເຈັບ TB/HIV: ກວດປະຕິກິລິຍາ ຣິຟາມປີຊິນ ກັບ ເອຟາວີເຣັນ ກ່ອນ", {})
    assert call.arguments == {"smiles_pairs": [[drug("rifampicin"), drug("efavirenz")]]}
    [call] = plan_with("ເດັກເປັນມະເຮັງເມັດເລືອດຂາວ ALL ໄດ້ຮັບ ເມໂທເທຣັກເຊດ ແລະ ໄຊທາຣາບີນ ຂໍຄ່າ ln(IC50) ຂອງສອງຕົວນີ້ໃນເຊວ MOLT-4", {})
    assert call.arguments == {"drug_smiles": [drug("methotrexate"), drug("cytarabine")], "cell_name": "MOLT-4"}
    [call] = plan_with("Metformin ilə qlibenklamid cütünü yoxlayın.", {})
    assert call.arguments == {"smiles_pairs": [[drug("metformin"), drug("glibenclamide")]]}


def test_kinases_by_their_full_names() -> None:
    """"human epidermal growth factor receptor 2" ran EGFR, the name inside it; other full names named nothing."""
    from agent.entities import read_message as read

    for written, symbol in (("human epidermal growth factor receptor 2", "ERBB2"), ("cyclin-dependent kinase 4",
                                                                                    "CDK4-cyclinD1"),
                            ("discoidin domain receptor 1", "DDR1"), ("tropomyosin receptor kinase A", "TRKA"),
                            ("mitogen-activated protein kinase kinase 1", "MEK1"), ("protein kinase C delta", "PRKCD")):
        assert [n.name for n in read(f"pKd of lapatinib on {written}").names if n.kind == "target"] == [symbol]


def test_one_kinase_of_a_family_is_asked_which() -> None:
    """"does dasatinib bind 'the SRC family kinase'?" ran all eight Src-family kinases."""
    from agent.entities import read_message as read

    assert [u.written for u in read("does dasatinib bind 'the SRC family kinase'?").unresolved] == ["SRC family"]
    assert len([n for n in read("does dasatinib bind the Src family kinases?").names if n.kind == "target"]) == 8


def test_a_count_after_its_noun_is_no_potency() -> None:
    """Khmer writes the count after the noun ("new molecules 5 which have ln IC50 about -1"): 5 was the goal."""
    [call] = plan_with("please generate new molecules 5 which have ln IC50 about -1.0 on Jurkat", {})
    assert call.arguments == {"cell_line": "Jurkat", "zscore": -1.0}
