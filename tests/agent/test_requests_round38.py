"""Requests of the thirty-eighth round."""

from __future__ import annotations

from planning_support import decided, drug, plan_with, ran

PROPERTY = "drug_property_prediction"
PAIRS = "drug_drug_response_predict"
RETRO = "Retrosynthetic_reaction_pathway_prediction"


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


def test_several_precursors_picked_by_their_groups() -> None:
    """"the acid chloride and the aniline from the first route" asked nothing, and "the aniline in route 1 … and same
    for the morpholine chloride in route 2" ran the aniline alone."""
    product = "C1=CC=C(C=C1)NC(=O)CCCCCCC(=O)NO"
    routes = [{"product": product, "routes": [
        {"route": 1, "precursors": ["O=C(Cl)CCCCCCC(=O)NO", "Nc1ccccc1"], "score": 0.9},
        {"route": 2, "precursors": ["ClCCCN1CCOCC1", "COc1cc2ncnc(Nc3ccc(F)c(Cl)c3)c2cc1O"], "score": 0.7}]}]
    pool = {"user_smiles": [product], "Retrosynthetic_reaction_pathway_prediction_result": routes}
    earlier = ran(RETRO, "One-step retro for vorinostat.", {"smiles_list": [product]})
    [call] = plan_with("Then logS for the acid chloride and the aniline from the first route.", pool, [earlier])
    assert call.arguments == {"drug_smiles": ["O=C(Cl)CCCCCCC(=O)NO", "Nc1ccccc1"], "property": "logSolubility"}
    [call] = plan_with("the aniline in route 1 — what's its logD? And same for the morpholine chloride in route 2.",
                       pool, [earlier])
    assert call.arguments == {"drug_smiles": ["Nc1ccccc1", "ClCCCN1CCOCC1"], "property": "lipo"}
    # two properties listed are no groups picked
    [first, second] = plan_with("the solubility and the lipophilicity of aspirin please", {})
    assert {first.arguments["property"], second.arguments["property"]} == {"logSolubility", "lipo"}
