"""Requests of the eighteenth round."""

from __future__ import annotations

from planning_support import plan_with

from agent.entities import read_message

AFFINITY = "drug_target_affinity_regression_predict"


def test_a_target_word_one_letter_from_a_respelt_drug_name_is_no_drug() -> None:
    """"Aurora" read as a Romance spelling ("aurore"), one letter from a single name, had been asked about as an
    unknown drug, and the pKd of tozasertib against Aurora A was refused. Unknown INNs are still asked about."""
    text = "MK-0457, Vertex's old Aurora inhibitor, against Aurora A. pKd, please."
    assert not read_message(text).unresolved
    [call] = plan_with(text, {})
    assert call.name == AFFINITY and call.arguments["drug_smiles"] and call.arguments["target_seq"]
    assert [u.written for u in read_message("¿Cuál es la solubilidad del metamizol?").unresolved] == ["metamizol"]
