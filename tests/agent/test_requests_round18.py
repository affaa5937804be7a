"""Requests of the eighteenth round."""

from __future__ import annotations

from planning_support import plan_with, ran

from agent.atom_ranges import find_atom_ranges
from agent.entities import read_message

AFFINITY = "drug_target_affinity_regression_predict"
CLASSIFY = "drug_target_classification_predict"
OPTIMIZE = "drug_cell_response_regression_optimization"
ERLOTINIB = "COCCOC1=C(C=C2C(=C1)C(=NC=N2)NC3=CC=CC(=C3)C#C)OCCOC"


def test_a_target_word_one_letter_from_a_respelt_drug_name_is_no_drug() -> None:
    """"Aurora" read as a Romance spelling ("aurore"), one letter from a single name, had been asked about as an
    unknown drug, and the pKd of tozasertib against Aurora A was refused. Unknown INNs are still asked about."""
    text = "MK-0457, Vertex's old Aurora inhibitor, against Aurora A. pKd, please."
    assert not read_message(text).unresolved
    [call] = plan_with(text, {})
    assert call.name == AFFINITY and call.arguments["drug_smiles"] and call.arguments["target_seq"]
    assert [u.written for u in read_message("¿Cuál es la solubilidad del metamizol?").unresolved] == ["metamizol"]


def test_the_same_pair_after_a_drug_target_request_is_that_drug_and_target() -> None:
    """"classification for that same pair" after a pKd had read as a pair of drugs (no partner: asked about)."""
    [first] = plan_with("pKd of erlotinib to EGFR?", {})
    earlier = ran(AFFINITY, "pKd of erlotinib to EGFR?", first.arguments)
    pool = {"user_smiles": [ERLOTINIB], "user_target_seq": first.arguments["target_seq"]}
    for text in ("and the yes/no classification for that same pair", "probability-type prediction for the same pair?"):
        [call] = plan_with(text, pool, [earlier])
        assert call.name == CLASSIFY
        assert call.arguments == {"drug_smiles": "(user_smiles)", "target_seq": "(user_target_seq)"}
    [call] = plan_with("and the DDI classification for the pair warfarin with aspirin", {}, [earlier])
    assert call.name == "drug_drug_response_predict"


def test_the_only_part_allowed_to_change_is_named_after_the_verb() -> None:
    """"the only part allowed to change is the N-methylpiperazine ring" had left the mask unread (asked about)."""
    [part] = find_atom_ranges("the only part allowed to change is the N-methylpiperazine ring itself, methyl included")
    assert part.core == "n-methylpiperazine" and not part.keep
    [call] = plan_with("Optimise ponatinib in K-562 towards a pIC50 of 8; the only part you may change is the "
                       "N-methylpiperazine ring, methyl included. Everything else stays.", {})
    assert call.name == OPTIMIZE and sum(call.arguments["mask"]) == 7
