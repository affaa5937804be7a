"""Requests of the thirty-sixth round."""

from __future__ import annotations

from planning_support import drug, plan_with

PAIRS = "drug_drug_response_predict"


def test_a_swapped_in_drug_against_the_others_is_paired_only_with_them() -> None:
    """"replace omeprazole with pantoprazole … and check it against the other two" also ran the other two against
    each other."""
    ome, clop, cit = drug("omeprazole"), drug("clopidogrel"), drug("citalopram")
    pool = {"user_smiles_pairs": [[ome, clop], [ome, cit], [clop, cit]]}
    [call] = plan_with("Now let's replace omeprazole with pantoprazole and check it against the other two.", pool)
    panto = drug("pantoprazole")
    assert call.name == PAIRS and call.arguments["smiles_pairs"] == [[panto, clop], [panto, cit]]
    # a swap alone keeps every pair
    [call] = plan_with("Now let's replace omeprazole with pantoprazole and rerun.", pool)
    assert call.arguments["smiles_pairs"] == [[panto, clop], [panto, cit], [clop, cit]]
