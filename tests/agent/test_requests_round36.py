"""Requests of the thirty-sixth round."""

from __future__ import annotations

from planning_support import drug, plan_with, ran

PROPERTY = "drug_property_prediction"
RETRO = "Retrosynthetic_reaction_pathway_prediction"
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


def test_a_pick_by_the_property_it_ranks_by_asks_for_no_property() -> None:
    """"The one most likely to get into the brain — how would a chemist make it?" and "top one by BBB → retro" ran the
    BBB model again on the picked molecule."""
    rows = [{"row": 1, "smiles": "CCOc1ccccc1", "probability": 0.31}, {"row": 2, "smiles": "CCCOc1ccccc1",
                                                                         "probability": 0.88}]
    earlier = ran(PROPERTY, "BBB for these", {"drug_smiles": [r["smiles"] for r in rows], "property": "p_np"})
    pool = {"user_smiles": [r["smiles"] for r in rows], "user_property": "p_np",
            "drug_property_prediction_result": rows}
    for text in ("The one most likely to get into the brain — how would a chemist make it?",
                 "top one by BBB → retro"):
        [call] = plan_with(text, pool, [earlier])
        assert call.name == RETRO and call.arguments["smiles_list"] == ["CCCOc1ccccc1"], text
    # the same pick before a property ask keeps that ask
    [call] = plan_with("The one most likely to get into the brain — logD?", pool, [earlier])
    assert call.arguments == {"drug_smiles": ["CCCOc1ccccc1"], "property": "lipo"}
