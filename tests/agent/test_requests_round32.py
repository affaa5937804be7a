"""Requests of the thirty-second round."""

from __future__ import annotations

from planning_support import decided, drug, plan_with, ran, target

PROPERTY = "drug_property_prediction"
PAIRS = "drug_drug_response_predict"
AFFINITY = "drug_target_affinity_regression_predict"


def test_a_written_pair_with_words_that_ask_for_no_other_tool() -> None:
    """"clopidogrel + omeprazole, the classic one, what does it say" was asked back: its words read a little as
    several tools; two drugs written as a pair and nothing else asked is the pair's check."""
    assert decided("clopidogrel + omeprazole, the classic one, what does it say") == PAIRS
    # a property named beside the pair is still the property's ask
    assert decided("clopidogrel + omeprazole, logS for both") == PROPERTY


def test_two_molecules_compared_are_no_pair() -> None:
    """"Tincture base comparison, ethanol vs glycerol … hydration free energy for both" ran an interaction check of
    the two and left the properties without molecules (the solvents, never read alone, opened no clause)."""
    calls = plan_with("Tincture base comparison, ethanol vs glycerol (alcohol-free version). I'd like hydration free "
                      "energy for both, and then their logS as well.", {})
    both = [drug("ethanol"), drug("glycerol")]
    assert [(c.name, c.arguments) for c in calls] == [
        (PROPERTY, {"drug_smiles": both, "property": "freesolv"}),
        (PROPERTY, {"drug_smiles": both, "property": "logSolubility"})]


def test_words_that_ask_nothing_wherever_a_message_is_cut() -> None:
    """A heading "Mood/motivation line:" read apart from its colon, and "— second line" cut after "second", named a
    cell line; a botanical preparation ("Capsicum oleoresin") is no molecule to run beside the one asked about."""
    assert decided("Mood/motivation line: 5-HTP (oxitriptan) and L-DOPA from Mucuna pruriens seed. Both are supposed "
                   "to reach the brain — what does the BBB model think?") == PROPERTY
    [call] = plan_with("Capsicum oleoresin for a warming balm — logD of capsaicin please.", {})
    assert call.name == PROPERTY and call.arguments["property"] == "lipo" and len(call.arguments["drug_smiles"]) == 1
    earlier = ran(AFFINITY, "imatinib pKd on ABL1", {"drug_smiles": [drug("imatinib")], "target_seq": target("ABL1")})
    pool = {"user_smiles": [drug("imatinib")], "user_target_seq": target("ABL1")}
    assert decided("now nilotinib and dasatinib on the same target check — second line uses these two.", pool,
                   [earlier]) == AFFINITY


def test_an_upload_named_by_a_code_several_share_is_asked_about() -> None:
    """"logD for the blood results of PM-24-0412" with PM24_0412_femoral.csv and PM24_0412_heart.csv ran the newest;
    the code both names share is asked about, and the part only one has names it."""
    uploads = {"upload_PM24_0412_femoral.csv": ["CCO"], "upload_PM24_0412_heart.csv": ["CCN"]}
    assert decided("logD for the blood results of PM-24-0412", uploads) is None
    [call] = plan_with("logD for the femoral results of PM-24-0412", uploads)
    assert call.arguments["drug_smiles"] == "(upload_PM24_0412_femoral.csv)"


def test_molecules_from_earlier_with_two_sets_made_earlier_are_asked_about() -> None:
    """"BBB for the molecules from earlier" with generated and optimised molecules in the thread ran the newest."""
    made = {"generated_smiles": ["CCO", "CCN"], "optimized_smiles": ["CCCl"]}
    assert decided("BBB for the molecules from earlier", made) is None
    assert decided("BBB for the generated ones", made) == PROPERTY
