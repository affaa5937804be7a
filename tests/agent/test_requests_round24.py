"""Requests of the twenty-fourth round."""

from __future__ import annotations

from planning_support import decided, plan_with

CELLS = "drug_cell_response_regression_predict"
GENERATE = "drug_cell_response_regression_generation"
AFFINITY = "drug_target_affinity_regression_predict"
DDI = "drug_drug_response_predict"
OSIMERTINIB = "CN1C=C(C2=CC=CC=C21)C3=NC(=NC=C3)NC4=C(C=C(C(=C4)NC(=O)C=C)N(C)CCN(C)C)OC"
OLAPARIB = "C1CC1C(=O)N2CCN(CC2)C(=O)C3=C(C=CC(=C3)CC4=NNC(=O)C5=CC=CC=C54)F"
TEMOZOLOMIDE = "CN1C(=O)N2C=NC(=C2N=N1)C(=O)N"
LEAD = "COc1cc2c(Nc3ccc(F)cc3F)c(cnc2cc1N4CCN(C)CC4)C(=O)N"


def test_an_acronym_after_our_or_the_is_no_structure() -> None:
    """"cabotegravir injections are coming to our CCC", "a question from the CCC" (a Kenyan HIV clinic): CCC was
    read as propane and run with the named drugs. A capitalised word right after "our", "the", "their" … names
    something; a bare "CCC" is still a structure."""
    from agent.entities import read_message

    assert "CCC" not in read_message("Long-acting cabotegravir is coming to our CCC next year. Check cabotegravir "
                                     "against rifampicin.").smiles
    assert "CCC" not in read_message("A question from the CCC: does efavirenz cross the BBB?").smiles
    assert read_message("logS of CCC and CCO").smiles == ["CCC", "CCO"]


def test_the_molecule_the_message_puts_first_comes_first() -> None:
    """"Predicted pKd for both, lead first please" put osimertinib, named before the pasted lead, first; "TMZ +
    olaparib …, olaparib first" kept the written order. The drug named right before "first", or the typed structure
    when "lead first" sets it against named drugs, leads the list; otherwise the order written stays."""
    [call] = plan_with("How does our lead stack up against osimertinib on EGFR? Predicted pKd for both, lead first "
                       f"please.\nNVX-311: {LEAD}", {})
    assert call.name == AFFINITY and call.arguments["drug_smiles"] == [LEAD, OSIMERTINIB]
    [call] = plan_with("temozolomide + olaparib in U-87 MG: single agents of both, olaparib first.", {})
    assert call.name == CELLS and call.arguments["drug_smiles"] == [OLAPARIB, TEMOZOLOMIDE]
    [call] = plan_with("temozolomide + olaparib in U-87 MG: single agents of both.", {})
    assert call.arguments["drug_smiles"] == [TEMOZOLOMIDE, OLAPARIB]


PLATE = ("Plate P11 map:\nA01 = Fc1cc(Cl)ccc1N2CCN(CC2)C(=O)COCc3ccncc3\n"
         "A02 = CCCC(=O)N1CCN(CC1)c2nnc(c3ccccc3)c4ccccc24\n"
         "A03 = vehicle (DMSO only)\nA04 = CN1CCC(CC1)n2cc(c(C)n2)c3cnc(N)c(c3)c4oc5ccccc5n4\n")


def test_a_row_without_a_structure_can_be_skipped() -> None:
    """"Skip A03, that's the vehicle control" beside a plate map whose A03 line holds no structure was asked about
    as a row the list lacks. A label that opens a line of the message is a row that can be left out; one written
    nowhere, or the empty row asked for ("the compound in A03"), is still asked about."""
    [call] = plan_with(PLATE + "Predicted response in K562 for every compound well. Skip A03, the vehicle.", {})
    assert call.name == CELLS and len(call.arguments["drug_smiles"]) == 3
    assert decided(PLATE + "Predicted response in K562 for every compound well. Skip A07.") is None
    assert decided(PLATE + "Predicted response in K562 for the compound in A03.") is None


def test_a_sentence_reporting_what_happened_asks_for_nothing() -> None:
    """"HT-29 has been resistant to every anchor we tried. Design new partner molecules for HT-29 aiming at ln(IC50)
    -2" ran the cell-response model first (and asked for molecules). A sentence that only reports ("has been", "we
    tried") beside one that asks is no ask; the same words in a question still ask."""
    [call] = plan_with("HT-29 has been resistant to every anchor we tried. Design new partner molecules for HT-29 "
                       "aiming at ln(IC50) -2.", {})
    assert call.name == GENERATE
    assert decided("Has HT-29 been resistant to erlotinib? Predict its ln IC50 in HT-29.") == CELLS
