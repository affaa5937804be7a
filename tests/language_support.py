"""Helpers shared by the per-language request tests: the tools' names, and the checks each language's requests are
put through (importable because pytest puts tests/ on sys.path)."""

from __future__ import annotations

import re

from planning_support import decided, drug, plan_with, ran

from agent.vocabulary import in_english, load

PROPERTY = "drug_property_prediction"
PAIRS = "drug_drug_response_predict"
CELLS = "drug_cell_response_regression_predict"
AFFINITY = "drug_target_affinity_regression_predict"
CLASSIFY = "drug_target_classification_predict"
GENERATE = "drug_cell_response_regression_generation"
OPTIMIZE = "drug_cell_response_regression_optimization"
RETRO = "Retrosynthetic_reaction_pathway_prediction"
MADE = ["CCN1CCN(Cc2ccccc2)CC1", "CC(C)Cc1ccc(C(C)C(=O)O)cc1", "O=C(O)c1ccccc1O"]


def asks_back(text: str, tool: str, given: list[str]) -> None:
    """A request that names no cell line, value or target: the call is planned without it, and the turn asks."""
    [call] = plan_with(text, {})
    assert call.name == tool and list(call.arguments) == given
    assert decided(text) is None


def runs_nothing(text: str) -> None:
    """A question no tool answers (a dose, a clinical decision, a price): nothing is run."""
    assert decided(text) is None


def of_the_generated(text: str, smiles: str | list[str], prop: str) -> None:
    values = {"user_cell_line": "A549", "user_zscore": -2.0, "generated_smiles": MADE}
    earlier = ran(GENERATE, "Generate new molecules for A549, ln(IC50) -2.", {"cell_line": "A549", "zscore": -2.0})
    [call] = plan_with(text, values, [earlier])
    assert call.name == PROPERTY and call.arguments == {"drug_smiles": smiles, "property": prop}


def of_both(text: str, prop: str) -> None:
    pairs = {"user_smiles_pairs": [[drug("warfarin"), drug("aspirin")]]}
    earlier = ran(PAIRS, "Do warfarin and aspirin interact?", {"smiles_pairs": "(user_smiles_pairs)"})
    [call] = plan_with(text, pairs, [earlier])
    assert call.name == PROPERTY and call.arguments == {"drug_smiles": [drug("warfarin"), drug("aspirin")],
                                                        "property": prop}


def instead(text: str) -> None:
    earlier = ran(CELLS, "Predict the IC50 of gefitinib in A549.", {"drug_smiles": [drug("gefitinib")],
                                                                      "cell_name": "A549"})
    [call] = plan_with(text, {}, [earlier])
    assert call.name == CELLS and call.arguments["drug_smiles"] == [drug("erlotinib")]


def on_the_two_cells(text: str, cell: str) -> None:
    two = [drug("gefitinib"), drug("erlotinib")]
    earlier = ran(CELLS, "Predict the IC50 of gefitinib and erlotinib in A549.", {"drug_smiles": two,
                                                                                "cell_name": "A549"})
    [call] = plan_with(text, {"user_smiles": two, "user_cell_line": "A549"}, [earlier])
    assert call.name == CELLS and call.arguments["cell_name"] == cell
    assert call.arguments["drug_smiles"] in ("(user_smiles)", two)


def reads_no_drug(text: str, language: str) -> None:
    """Everyday text: every Latin word read from it is the English of one of the language's words (no drug name)."""
    english = {word for said in load("translations.json")[f"{language}_words"].values() for word in said.split()}
    read = re.findall(r"[A-Za-z]+", in_english(text))
    assert set(read) <= english, set(read) - english


def reads_no_name(text: str, language: str) -> None:
    """Everyday text in Latin letters: every word read otherwise than written is the English of one of the language's
    words (no drug name)."""
    english = {word for said in load("translations.json")[f"{language}_words"].values() for word in said.split()}
    read = set(re.findall(r"[A-Za-z]+", in_english(text))) - set(re.findall(r"[A-Za-z]+", text))
    assert read <= english, read - english


def reads_as(name_of, word: str, name: str) -> None:  # type: ignore[no-untyped-def]
    """A word read as a table name of the drug ``name`` ("rifampicine" and "rifampicin" are one drug)."""
    found = name_of(word)
    assert found is not None and drug(found) == drug(name), (word, found)
