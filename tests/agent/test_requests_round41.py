"""Requests of the forty-first round."""

from __future__ import annotations

from planning_support import drug, plan_with, ran, target

from agent.history import PastRequest

DDI = "drug_drug_response_predict"
CLASSIFIER = "drug_target_classification_predict"


def test_every_pair_but_the_one_the_message_leaves_out() -> None:
    """"Check all pairs among warfarin, aspirin and clopidogrel except warfarin with aspirin." still ran warfarin with
    aspirin: the pair after "except" was read as one more pair."""
    warfarin, aspirin, clopidogrel = drug("warfarin"), drug("aspirin"), drug("clopidogrel")
    [call] = plan_with("Check all pairs among warfarin, aspirin and clopidogrel except warfarin with aspirin.", {})
    assert call.name == DDI and call.arguments["smiles_pairs"] == [[warfarin, clopidogrel], [aspirin, clopidogrel]]
    [call] = plan_with("Every pair of warfarin, amiodarone, digoxin and simvastatin but not the amiodarone-digoxin "
                       "one", {})
    pairs = {frozenset(pair) for pair in call.arguments["smiles_pairs"]}
    assert len(pairs) == 5 and frozenset((drug("amiodarone"), drug("digoxin"))) not in pairs
    [call] = plan_with("Check all pairs among warfarin, aspirin and clopidogrel.", {})
    assert len(call.arguments["smiles_pairs"]) == 3


def test_a_reply_that_names_the_drug_a_broken_structure_was() -> None:
    """"Check this one against cyclizine: <a SMILES cut off>" was asked about; "sorry, it is haloperidol" then ran
    nothing. A reply that only names the drug answers the question with it; one that asks anew does not."""
    broken = "O=C(CCCN1CCC(O)(CC1)c1ccc(Cl)cc1)c1ccc(F"
    history = [PastRequest("u", f"Check this one against cyclizine, copied it off a website:\n{broken}",
                           answered=False)]
    [call] = plan_with("sorry, it is haloperidol", {}, history)
    [pair] = call.arguments["smiles_pairs"]
    assert call.name == DDI and set(pair) == {drug("haloperidol"), drug("cyclizine")}
    [call] = plan_with("What is the logS of aspirin then?", {}, history)
    assert call.name == "drug_property_prediction" and call.arguments["drug_smiles"] == [drug("aspirin")]


def test_a_new_ask_after_a_question_is_no_answer_to_it() -> None:
    """"What is the logS of aspirin?" after "Does cyclizine interact?" (asked: with what?) ran cyclizine with aspirin:
    a drug in the reply was read as the partner the question lacked, though the reply names a property outright."""
    for question in ("Does cyclizine interact?", "Check zorbatinib against cyclizine"):
        [call] = plan_with("What is the logS of aspirin?", {}, [PastRequest("u", question, answered=False)])
        assert call.name == "drug_property_prediction"
        assert call.arguments == {"drug_smiles": [drug("aspirin")], "property": "logSolubility"}
    [call] = plan_with("With aspirin", {}, [PastRequest("u", "Does cyclizine interact?", answered=False)])
    assert call.name == DDI and call.arguments["smiles_pairs"] == [[drug("cyclizine"), drug("aspirin")]]


def test_a_target_questioned_as_the_only_one_beside_the_one_asked_about() -> None:
    """"is alisertib really Aurora A only? check whether it interacts with AURKB" ran Aurora A: the target of the
    claim questioned was taken for the one to check."""
    [call] = plan_with("is alisertib really Aurora A only? check whether it interacts with AURKB", {})
    assert call.name == "drug_target_classification_predict" and call.arguments["target_seq"] == target("AURKB")


def test_an_isoform_written_apart_from_its_family() -> None:
    """"GSK3 beta" was read as SGK3 (a symbol with two letters swapped) and "CK1 delta" as an unknown CK1; "ok, epsilon
    then" after "What about PKC alpha?" (asked: no PKCα; δ, ε … can run) re-ran PKC delta."""
    [call] = plan_with("pKd of tideglusib on GSK3 beta", {})
    assert call.arguments["target_seq"] == target("GSK3B")
    [call] = plan_with("does staurosporine bind CK1 delta?", {})
    assert call.arguments["target_seq"] == target("CSNK1D")
    bryostatin = drug("bryostatin 1")
    pool = {"user_smiles": [bryostatin], "user_target_seq": target("PRKCD")}
    history = [ran(CLASSIFIER, "Bryostatin 1 against PKC delta, does it interact (probability)?",
                   {"drug_smiles": [bryostatin], "target_seq": target("PRKCD")}),
               PastRequest("u", "What about PKC alpha?", answered=False)]
    [call] = plan_with("ok, epsilon then", pool, history)
    assert call.name == CLASSIFIER and call.arguments["target_seq"] == target("PRKCE")
