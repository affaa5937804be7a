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
