"""Requests of the thirty-seventh round."""

from __future__ import annotations

from planning_support import drug, plan_with, ran

PROPERTY = "drug_property_prediction"
PAIRS = "drug_drug_response_predict"


def test_a_molecule_swapped_in_a_list_takes_its_place_and_keeps_the_others() -> None:
    """"Replace emtricitabine with lamivudine and rerun" after a logD run of two drugs ran lamivudine alone; "Swap
    emtricitabine for lamivudine and run it again with tenofovir" ran an interaction check of the two."""
    teno, emtri, lami = drug("tenofovir disoproxil"), drug("emtricitabine"), drug("lamivudine")
    earlier = ran(PROPERTY, "logD of tenofovir disoproxil and emtricitabine",
                  {"drug_smiles": [teno, emtri], "property": "lipo"})
    pool = {"user_smiles": [teno, emtri], "user_property": "lipo",
            "drug_property_prediction_result": [{"row": 1, "smiles": teno, "prediction": 1.2},
                                                {"row": 2, "smiles": emtri, "prediction": -0.9}]}
    for text in ("Replace emtricitabine with lamivudine and rerun.",
                 "Same again but with lamivudine instead of emtricitabine.",
                 "Swap emtricitabine for lamivudine and run it again with tenofovir.",
                 "What if I swap emtricitabine for lamivudine? Run it again with tenofovir."):
        [call] = plan_with(text, pool, [earlier])
        assert call.name == PROPERTY and call.arguments == {"drug_smiles": [teno, lami], "property": "lipo"}, text
    # words that ask for a pair still ask for one
    [call] = plan_with("Swap emtricitabine for lamivudine and check the interaction with tenofovir.", pool, [earlier])
    assert call.name == PAIRS
