"""Picking molecules out of earlier results by words: counts, comparatives, hits and named groups."""

from __future__ import annotations

import pytest

from agent.pool.store import InMemoryPoolStore
from agent.pool.thread_pool import ThreadPool
from agent.selection import select_molecules

IRINOTECAN = "CCC1=C2CN3C(=CC4=C(C3=O)COC(=O)[C@@]4(CC)O)C2=NC5=C1C=C(C=C5)OC(=O)N6CCC(CC6)N7CCCCC7"


@pytest.fixture
def pool() -> ThreadPool:
    pool = ThreadPool(InMemoryPoolStore(), "t")
    rows = [{"row": 1, "smiles": IRINOTECAN, "prediction": -4.0}, {"row": 2, "smiles": "CCO", "prediction": -1.0},
            {"row": 3, "smiles": "CCN", "prediction": -2.0}]
    pool.put("drug_property_prediction_result", rows, "table", "a", "tool")
    return pool


@pytest.mark.parametrize(("words", "picked"), [
    ("the one with the carbamate - IC50 in HCT 116?", [IRINOTECAN]),
    ("the first 2 vs EGFR", [IRINOTECAN, "CCO"]),
    ("the last 2", ["CCO", "CCN"]),
    ("the more soluble one", ["CCO"]),  # of the rows, the highest predicted solubility
    ("the amine one", [IRINOTECAN, "CCN"]),  # irinotecan's piperidines are amines too
    ("keep the first 8 atoms", None),  # atoms, not molecules
])
def test_words_that_pick_rows(pool: ThreadPool, words: str, picked: list[str] | None) -> None:
    assert select_molecules(words, pool.list(), lambda key: pool.get(key).value) == picked


def test_a_named_group_picks_among_a_routes_precursors(pool: ThreadPool) -> None:
    reactants = ["C#Cc1cccc(N)c1", "Clc1ncnc2cc(OCCOC)c(OCCOC)cc12"]
    pool.put("Retrosynthetic_reaction_pathway_prediction_result",
             [{"row": 1, "smiles": "CCO", "candidates": [{"reactants": reactants}]}], "table", "a", "tool")
    read = pool.list(), lambda key: pool.get(key).value
    assert select_molecules("the aniline from that route - would it cross the BBB?", *read) == [reactants[0]]
    assert select_molecules("solubility of the precursors", *read) == reactants
