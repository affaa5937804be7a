"""Requests of the twenty-seventh round."""

from __future__ import annotations

from planning_support import plan_with

AFFINITY = "drug_target_affinity_regression_predict"
PROPERTY = "drug_property_prediction"


def _target(symbol: str) -> str:
    from model_zoo.names.targets import resolve_target
    from model_zoo.names.types import Resolved

    found = resolve_target(symbol)
    assert isinstance(found, Resolved)
    return found.value


def test_a_correction_that_only_names_another_target_keeps_the_ask() -> None:
    """"pKd … on Aurora A please — hmm, actually Aurora B, that's the one the cell biologists are chasing" ran the
    affinity on Aurora A and a binder call on Aurora B; with "no wait" it ran only the binder call: the words after
    a correction were read as an ask of their own, although they only name a value. A correction that asks for
    nothing but its values now corrects the ask before it; one with words of its own still replaces the ask."""
    for correction in ("hmm, actually", "no wait,", "oh wait,"):
        [call] = plan_with(f"pKd of gefitinib on Aurora A please — {correction} Aurora B, that's the one the cell "
                           "biologists are chasing this quarter.", {})
        assert call.name == AFFINITY and call.arguments["target_seq"] == _target("AURKB"), correction
    [call] = plan_with("BBB for gefitinib — no wait, logD instead", {})
    assert call.name == PROPERTY and call.arguments["property"] == "lipo"
    calls = plan_with("logD of aspirin — oh actually, BBB too", {})
    assert [c.arguments["property"] for c in calls] == ["lipo", "p_np"]


def test_the_list_that_answers_which_drugs_she_is_on_is_paired_with_the_new_one() -> None:
    """"Starting amiodarone 200 mg daily. Check the new one against everything she is already on." was asked about
    (which drugs?); the answer "warfarin 5 mg, digoxin 125 mcg, simvastatin 20 mg" then ran nothing: the pairs the
    reply set were dropped because the merged message still said "the new one against" without naming it."""
    from agent.history import PastRequest

    asked = PastRequest("u", "Starting amiodarone 200 mg daily for this patient. Check the new one against everything "
                        "she is already on.", answered=False)
    [call] = plan_with("warfarin 5 mg, digoxin 125 mcg, simvastatin 20 mg", {}, [asked])
    from model_zoo.names.drugs import resolve_drug

    def smiles(name: str) -> str:
        return resolve_drug(name).value  # type: ignore[union-attr]

    assert call.name == "drug_drug_response_predict"
    assert call.arguments["smiles_pairs"] == [[smiles("amiodarone"), smiles(other)]
                                              for other in ("warfarin", "digoxin", "simvastatin")]
