"""Requests of the fortieth round."""

from __future__ import annotations

from planning_support import decided, drug, plan_with, ran

PROPERTY = "drug_property_prediction"
DDI = "drug_drug_response_predict"
RETRO = "Retrosynthetic_reaction_pathway_prediction"
CLASSIFIER = "drug_target_classification_predict"


def test_drugs_set_against_each_other_under_a_heading_for_one_property() -> None:
    """"Delirium teaching session: haloperidol vs quetiapine vs risperidone, logD7.4." ran the drug pairs: the
    heading's words leaned the comparison towards an interaction ask beside the property."""
    [call] = plan_with("Delirium teaching session: haloperidol vs quetiapine vs risperidone, logD7.4.", {})
    assert call.name == PROPERTY and call.arguments["property"] == "lipo"
    assert call.arguments["drug_smiles"] == [drug("haloperidol"), drug("quetiapine"), drug("risperidone")]


def test_a_compound_code_before_intermediate_is_no_cell_line() -> None:
    """"BZ-3 intermediate, <SMILES> — one-step retro please." ran a drug response in a cell line called BZ-3."""
    smiles = "CN1CCN(C(=O)c2ccc(-c3nc4ccc(O)c(C=O)c4[nH]3)cc2)CC1"
    [call] = plan_with(f"BZ-3 intermediate, {smiles} — one-step retro please.", {})
    assert call.name == RETRO and call.arguments == {"smiles_list": [smiles]}


def test_both_as_the_two_answers_is_no_count_of_molecules() -> None:
    """"…, to see if both agree" after a pKd run meant the two models' answers; it was read as two molecules, and the
    thread's one drug was left out."""
    pool = {"user_smiles": [drug("erlotinib")], "user_target_seq": "MKVLAAGIVGLLLAQ" * 5}
    earlier = ran("drug_target_affinity_regression_predict", "pKd of erlotinib on EGFR",
                  {"drug_smiles": "(user_smiles)", "target_seq": "(user_target_seq)"})
    [call] = plan_with("And the binary interaction model for the same drug on the same kinase, to see if both agree.",
                       pool, [earlier])
    assert call.name == CLASSIFIER
    assert call.arguments == {"drug_smiles": "(user_smiles)", "target_seq": "(user_target_seq)"}


def test_a_drug_swapped_out_in_the_third_person_is_not_paired() -> None:
    """"If cardiology swaps warfarin for apixaban, what about apixaban with aspirin?" also ran warfarin with
    apixaban ("swap" was read, "swaps" and "replaces" were not)."""
    pairs = [[drug("warfarin"), drug("aspirin")], [drug("warfarin"), drug("omeprazole")]]
    pool = {"user_smiles_pairs": pairs, "drug_drug_response_predict_result": []}
    earlier = ran(DDI, "warfarin + aspirin, warfarin + omeprazole", {"smiles_pairs": pairs})
    for text in ("If cardiology swaps warfarin for apixaban, what about apixaban with aspirin?",
                 "If cardiology replaces warfarin with apixaban, what about apixaban with aspirin?"):
        [call] = plan_with(text, pool, [earlier])
        assert call.arguments == {"smiles_pairs": [[drug("apixaban"), drug("aspirin")]]}


def test_a_small_part_kept_inside_the_part_that_may_change() -> None:
    """"keep the 7-chloroquinoline and the NH untouched, let the diethylaminopentyl side chain vary" freed the NH with
    the chain; a substituent named whole ("the diethylaminopentyl chain") is no more than its name."""
    from agent.atom_ranges import find_atom_ranges, mask_from_words

    chloroquine = "CCN(CC)CCCC(C)NC1=C2C=CC(Cl)=CC2=NC=C1"
    chain_only = [1] * 10 + [0] * 12
    for text in ("Start from chloroquine, keep the 7-chloroquinoline and the NH untouched, let the diethylaminopentyl "
                 "side chain vary.", "Optimise chloroquine with only the diethylaminopentyl chain allowed to change."):
        assert mask_from_words(find_atom_ranges(text), chloroquine) == chain_only


def test_the_options_of_a_choice_still_to_make_are_no_molecules() -> None:
    """"I want a logD number before we pick the ointment base (petrolatum vs PEG)" asked for petrolatum's
    structure."""
    text = "How lipophilic is crisaborole? I want a logD number before we pick the ointment base (petrolatum vs PEG)."
    assert decided(text) == PROPERTY
    [call] = plan_with(text, {})
    assert call.arguments == {"drug_smiles": [drug("crisaborole")], "property": "lipo"}
