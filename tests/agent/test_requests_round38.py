"""Requests of the thirty-eighth round."""

from __future__ import annotations

from planning_support import decided, drug, ran

PROPERTY = "drug_property_prediction"
PAIRS = "drug_drug_response_predict"


def test_clinical_questions_about_a_case_run_nothing() -> None:
    """A dose that is safe, a dose reduction asked with "do I need to", a patient's genotype, a causal question about a
    case and a process of the body ("cortisol synthesis") ran the thread's tool or a retrosynthesis."""
    pair = [drug("midostaurin"), drug("posaconazole")]
    pairs = {"user_smiles_pairs": [pair], "drug_drug_response_predict_result": []}
    earlier = ran(PAIRS, "midostaurin with posaconazole", {"smiles_pairs": [pair]})
    for text in ("Do I need to dose-reduce midostaurin with posaconazole prophylaxis?",
                 "Is this interaction stronger in CYP2C9*3 carriers?",
                 "Would poor metabolizers see more of it?"):
        assert decided(text, pairs, [earlier]) is None, text
    props = {"user_smiles": [drug("digoxin")], "user_property": "CT_TOX",
             "drug_property_prediction_result": [{"row": 1, "smiles": drug("digoxin"), "prediction": 0.4}]}
    tox = ran(PROPERTY, "ClinTox toxicity of digoxin", {"drug_smiles": props["user_smiles"], "property": "CT_TOX"})
    for text in ("Is her digoxin toxicity more likely because her potassium is 3.1 mmol/L?",
                 "What ivermectin dose is safe in an MDR1-mutant collie?",
                 "Why is isoniazid more hepatotoxic in slow acetylators?",
                 "What are their IC50s on 3β-HSD, i.e. on cortisol synthesis?"):
        assert decided(text, props, [tox]) is None, text
    # a genotype beside an ask to run still runs it
    assert decided("Check warfarin with fluconazole; she is a CYP2C9*3 carrier.") == PAIRS
    assert decided("Predict logS for aspirin, and what is its max dose?") == PROPERTY
