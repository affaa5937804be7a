"""Requests of the forty-third round."""

from __future__ import annotations

from planning_support import decided, drug, plan_with, ran

DDI = "drug_drug_response_predict"
PROPERTY = "drug_property_prediction"
RETRO = "Retrosynthetic_reaction_pathway_prediction"
OPTIMIZE = "drug_cell_response_regression_optimization"


def test_a_code_the_message_opens_with_before_a_dash_names_its_compound() -> None:
    """"OX-9 — what are the precursors? <SMILES>" asked which cell line "OX-9" was, for a drug-response run nobody
    asked: a code before a dash heads the message as one before a colon does. A line before a dash is still a line."""
    smiles = "NC[C@H]1CN(c2ccc(C3=CCN(Cc4ccccc4)CC3)c(F)c2)C(=O)O1"
    for text in (f"OX-9 — what are the precursors? {smiles}", f"OX-9 - what are the precursors? {smiles}"):
        [call] = plan_with(text, {})
        assert call.name == RETRO and call.arguments == {"smiles_list": [smiles]}
        assert decided(text) == RETRO
    [call] = plan_with("HT-29 — IC50 of imatinib please", {})
    assert call.name == "drug_cell_response_regression_predict" and call.arguments["cell_name"] == "HT-29"


def test_one_drug_named_twice_by_two_names_is_one_partner() -> None:
    """"and with escitalopram, turns out the other pharmacy fills Lexapro too" after a linezolid pair ran the old pair
    again: two names of one drug were read as two drugs, so not as the one new partner."""
    linezolid, tramadol = drug("linezolid"), drug("tramadol")
    pool = {"user_smiles_pairs": [[linezolid, tramadol]]}
    history = [ran(DDI, "also linezolid with her tramadol", {"smiles_pairs": [[linezolid, tramadol]]})]
    for text in ("and with escitalopram, turns out the other pharmacy fills Lexapro too", "and with escitalopram"):
        [call] = plan_with(text, pool, history)
        assert call.arguments["smiles_pairs"] == [[linezolid, drug("escitalopram")]]


def test_a_drug_name_set_against_a_kind_of_drug_is_that_kind() -> None:
    """"CT_TOX flag for tigecycline and minocycline — the glycylcycline vs tetracycline tox story" added tetracycline
    to the molecules: set against a class, the name is its class too."""
    [call] = plan_with("ClinTox CT_TOX flag for tigecycline and minocycline — the glycylcycline vs tetracycline tox "
                       "story for a seminar.", {})
    assert call.arguments == {"drug_smiles": [drug("tigecycline"), drug("minocycline")], "property": "CT_TOX"}
    [call] = plan_with("ClinTox CT_TOX flag for tetracycline and minocycline.", {})
    assert call.arguments["drug_smiles"] == [drug("tetracycline"), drug("minocycline")]


def test_an_unknown_drug_the_patient_is_on_is_asked_about() -> None:
    """"Pt on Zorbafen. Does clarithromycin interact?" asked which pair, as if nothing had been named: the unknown
    name the patient is on is what the question is about."""
    for text in ("Pt on Zorbafen. Does clarithromycin interact?",
                 "Patient takes Zorbafen daily; any interaction with clarithromycin?"):
        assert decided(text) is None
        assert any(u.written == "Zorbafen" for u in _unresolved(text))
    assert decided("Pt on Coumadin. Does clarithromycin interact?") == DDI
    assert not _unresolved("She is on Monday's list; does clarithromycin interact with warfarin?")


def test_the_ethyl_ester_and_everything_except_it() -> None:
    """"ethyl ester free, the rest fixed" left the ester's CH3 fixed, and "everything except the ethyl ester has to stay
    put" read as a row to leave out (then as the ester kept)."""
    smiles = "CCOC(=O)c1c(C)n(Cc2occc2)c3ccc(O)cc13"
    ester = [1, 1, 1, 1, 1] + [0] * 17
    rows = f"E03: CCOC(=O)c1c(nc2cc(C)ccn12)c3ccccc3\nE05: {smiles}\nE08: CCOC(=O)c1ccc(OCCC2CN(C2)c3ccc(C)nn3)cc1\n"
    for text in (f"{rows}Take E05 and optimise it for HT-29 towards 1 µM; everything except the ethyl ester has to "
                 "stay put.",
                 f"Optimise {smiles} for HT-29 to 1 µM, ethyl ester free, the rest fixed."):
        [call] = plan_with(text, {})
        assert call.name == OPTIMIZE and call.arguments["gt"] == smiles and call.arguments["mask"] == ester


def test_a_question_about_one_pasted_row_by_its_place() -> None:
    """"how likely is the second one to be a real BACE-1 inhibitor? sorry, I meant the third one" ran all three
    pasted rows."""
    rows = ["FCC\\C=C\\c1cc(ccc1)[C@]1(N=C(N)N(C)C1=O)c1ccc(OC(F)F)cc1",
            "Fc1ncccc1-c1cc(ccc1)C1(N=C(N)N(C)C1=O)c1ccncc1",
            "O(C)c1nccc(c1)-c1ccc(cc1)C1CC1C=1N=C(N)N(C)C(=O)C=1"]
    pasted = "three from the BACE sub-series:\n" + "\n".join(f"{i}) {s}" for i, s in enumerate(rows, 1)) + "\n"
    for ask, picked in (("how likely is the second one to be a real BACE-1 inhibitor?", [rows[1]]),
                        ("how likely is the second one to be a real BACE-1 inhibitor? sorry, I meant the third one "
                         "(KRN-2235), the second was already tested", [rows[2]]),
                        ("how likely are these to be BACE-1 inhibitors?", rows)):
        [call] = plan_with(pasted + ask, {})
        assert call.arguments == {"drug_smiles": picked, "property": "Class"}


def _unresolved(text: str) -> list:
    from agent.entities import read_message

    return read_message(text).unresolved
