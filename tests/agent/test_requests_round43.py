"""Requests of the forty-third round."""

from __future__ import annotations

from planning_support import decided, drug, plan_with, ran, target

from agent.history import PastRequest

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


def test_gdsc_drugs_listed_by_code_answer_to_their_inn() -> None:
    """"logD of afatinib, osimertinib and dacomitinib (PF-00299804)" and "Canertinib (CI-1033) on ERBB2" asked for a
    structure: GDSC lists both by code only, so their names had none."""
    for name, code in (("dacomitinib", "PF-00299804"), ("canertinib", "CI-1033"), ("allitinib", "AST-1306")):
        assert drug(name) == drug(code)
    [call] = plan_with("Canertinib (CI-1033) on ERBB2 — predicted pKd?", {})
    assert call.arguments["drug_smiles"] == [drug("CI-1033")]
    assert drug("ursodiol") == drug("ursodeoxycholic acid")


def test_interaction_checks_written_as_a_drug_against_others() -> None:
    """"Sure, check gentamicin against furosemide and against vancomycin." asked which tool; "Duloxetine 60 plus
    tramadol 50 q6h: serotonergic risk?" read "q6h" as a cell line and "Duloxetine 60" as a generation goal."""
    gentamicin = drug("gentamicin")
    [call] = plan_with("Sure, check gentamicin against furosemide and against vancomycin.", {})
    assert call.arguments["smiles_pairs"] == [[gentamicin, drug("furosemide")], [gentamicin, drug("vancomycin")]]
    [call] = plan_with("Duloxetine 60 plus tramadol 50 q6h: serotonergic risk?", {})
    assert call.name == DDI and call.arguments["smiles_pairs"] == [[drug("duloxetine"), drug("tramadol")]]
    [call] = plan_with("Ibrutinib with ketoconazole and with clarithromycin: CYP3A4 liability check.", {})
    assert call.name == DDI and len(call.arguments["smiles_pairs"]) == 2
    assert decided("CYP3A4 inhibition of ketoconazole and clarithromycin?") is None


def test_a_patients_genotype_asks_nothing() -> None:
    """A metaboliser status, a star allele or an HLA allele beside the ask read as an untrained property, a cell line
    or a question no tool answers."""
    names = {drug(n): n for n in ("metoprolol", "paroxetine", "tramadol")}
    [call] = plan_with("Med review for a CYP2D6 poor metabolizer (*4/*4) on metoprolol, paroxetine and tramadol. Run "
                       "each one against the other two.", {})
    assert [[names[m] for m in pair] for pair in call.arguments["smiles_pairs"]] == [
        ["metoprolol", "paroxetine"], ["metoprolol", "tramadol"], ["paroxetine", "tramadol"]]
    [call] = plan_with("Prodrug idea for UGT1A1*28 homozygotes: start from irinotecan, aim for ln(IC50) -1.0 in "
                       "HCT-116, and let only the bipiperidine piece change.", {})
    assert call.arguments["cell_line"] == "HCT-116" and sum(call.arguments["mask"]) == 12
    assert decided("Lapatinib's liver injury is HLA-DRB1*07:01-associated, fine, but does the DTI classifier say it "
                   "interacts with ERBB2? Yes/no.") == "drug_target_classification_predict"


def test_a_drug_to_add_that_the_message_does_not_name() -> None:
    """"… the consultant wants to add something for reflux. Interaction check please." ran the two drugs she is on;
    the reply "Omeprazole. Against both, please." then ran nothing."""
    text = ("Bed 9 has caffeine and gentamicin on board, and the consultant wants to add something for reflux. "
            "Interaction check please.")
    assert decided(text) is None
    history = [PastRequest("u", text, answered=False)]
    omeprazole = drug("omeprazole")
    for reply in ("Omeprazole. Against both, please.", "Omeprazole."):
        [call] = plan_with(reply, {}, history)
        assert call.arguments["smiles_pairs"] == [[omeprazole, drug("caffeine")], [omeprazole, drug("gentamicin")]]


def test_what_a_drug_or_its_class_does_is_no_target_asked() -> None:
    """"check it against mesalazine and against sulfasalazine — aminosalicylates inhibit TPMT, I think" asked for
    TPMT's sequence; a drug's glucuronide or its products are other molecules, not the drug."""
    azathioprine = drug("azathioprine")
    [call] = plan_with("Azathioprine from that list: check it against mesalazine and against sulfasalazine — "
                       "aminosalicylates inhibit TPMT, I think.", {})
    assert call.arguments["smiles_pairs"] == [[azathioprine, drug("mesalazine")], [azathioprine, drug("sulfasalazine")]]
    assert decided("UGT1A1*28 project: predicted water solubility of SN-38 glucuronide (SN-38G)?") is None
    [call] = plan_with("Hydration free energy of mesalazine and sulfapyridine, the two azoreductase products of "
                       "sulfasalazine.", {})
    assert call.arguments["drug_smiles"] == [drug("mesalazine"), drug("sulfapyridine")]


def test_questions_about_doses_no_tool_answers() -> None:
    for text in ("So would halving the ibrutinib dose make the AF go away?",
                 "How many MTX doses would an ectopic with hCG around 2,000 need?"):
        assert decided(text) is None
        assert plan_with(text, {}) == []


def test_the_words_of_a_request_that_looked_like_other_asks() -> None:
    """"show me the retrosynthetic precursor" read as a pick of earlier precursors (then as a property), and the
    ER-alpha ligand-binding domain with hyphens as the ER assay."""
    [call] = plan_with("Clopidogrel: show me the retrosynthetic precursor, one step. I'm writing up the thiolactone "
                       "activation pathway and want the synthetic side for completeness.", {})
    assert call.name == RETRO
    [call] = plan_with("Tox21 ER-alpha ligand-binding-domain assay (NR-ER-LBD) for estradiol.", {})
    assert call.arguments["property"] == "NR-ER-LBD"


def test_the_drugs_in_the_order_the_question_names_them() -> None:
    [call] = plan_with("SN-38 released by bacterial β-glucuronidase drives the late irinotecan diarrhoea. Predict "
                       "ln(IC50) for irinotecan and SN-38 in HT-29.", {})
    assert call.arguments["drug_smiles"] == [drug("irinotecan"), drug("SN-38")]


def test_replies_that_answer_a_question_with_more_words() -> None:
    """"TrkB, the BDNF receptor." asked for BDNF's sequence; "Sorry, 33: 1111…" read 33 as the goal; "Copy-paste
    error, the extra methyl shouldn't be there. It's just ibrutinib." ran a cell-line model."""
    history = [PastRequest("u", "pKd of ketamine and memantine on TRK.", answered=False)]
    [call] = plan_with("TrkB, the BDNF receptor.", {}, history)
    assert call.arguments["target_seq"] == target("TRKB")
    assert not _unresolved("TrkB, the BDNF receptor.")
    history = [PastRequest("u", "Optimise ibrutinib in JeKo-1 to ln(IC50) -1.0, acryloyl-piperidine free: "
                                "1111111111000000000000000000000000", answered=False)]
    [call] = plan_with("Sorry, 33: 111111111100000000000000000000000", {}, history)
    assert call.arguments["zscore"] == -1.0 and len(call.arguments["mask"]) == 33
    history = [PastRequest("u", "pKd on BTK for this one: C=CC(=O)(C)N1CCC[C@H](C1)n1nc(-c2ccc(Oc3ccccc3)cc2)"
                                "c2c(N)ncnc21", answered=False)]
    [call] = plan_with("Copy-paste error, the extra methyl shouldn't be there. It's just ibrutinib.", {}, history)
    assert call.name == "drug_target_affinity_regression_predict"
    assert call.arguments["drug_smiles"] == [drug("ibrutinib")]
    history = [PastRequest("u", "Check oxycodone against the rest of her meds.", answered=False)]
    [call] = plan_with("Pregabalin and sertraline.", {}, history)
    assert len(call.arguments["smiles_pairs"]) == 2


def test_parts_named_by_their_atoms() -> None:
    """"only the ethyl ketone end is allowed to change", "free just the five pentyl carbons"."""
    [call] = plan_with("Optimise methadone for U-87-MG, target ln(IC50) -1.0, and only the ethyl ketone end is allowed "
                       "to change.", {})
    assert call.arguments["mask"][:5] == [1, 1, 1, 1, 0] and sum(call.arguments["mask"]) == 4
    [call] = plan_with("Optimise capecitabine for HCT-116 to ln(IC50) -1.5: free just the five pentyl carbons and "
                       "keep everything else.", {})
    assert call.arguments["mask"][:6] == [1, 1, 1, 1, 1, 0] and sum(call.arguments["mask"]) == 5


def test_codes_glossed_and_named_whole() -> None:
    """"three new compounds (EHU-052, EHU-204 and EHU-311)" read the codes as cell lines and asked for an IC50; a
    GDSC name quoted whole was read as a nickname; a part's name broken by hyphens placed nothing."""
    rows = ["CC(=O)OCCCCN1CCN(c2cccc3sccc23)CC1", "COc1cccc(F)c1-c1cccc2c(N)c(C(=O)NC3CC3)nnc12"]
    [call] = plan_with("We have two new compounds (EHU-052 and EHU-204). Predict their aqueous solubility please:\n"
                       + "\n".join(rows), {})
    assert call.arguments == {"drug_smiles": rows, "property": "logSolubility"}
    [call] = plan_with('The GDSC tool compound "KRAS (G12C) Inhibitor-12" in NCI-H358 — predicted ln(IC50)?', {})
    assert call.arguments["drug_smiles"] == [drug("KRAS (G12C) Inhibitor-12")]
    [call] = plan_with("Optimise lapatinib for LN-229 to ln(IC50) -1.8: only the methylsulfonyl-ethyl-aminomethyl "
                       "chain may change.", {})
    assert call.arguments["mask"][:9] == [1] * 8 + [0]
    assert drug("Galvus") == drug("vildagliptin")


def test_the_pairs_of_a_question_after_sentences_that_name_the_drugs_first() -> None:
    """"New AF pt already on warfarin and digoxin; cardiology just added amiodarone. Run amiodarone against warfarin
    and against digoxin." paired warfarin, named first, with the others."""
    amiodarone = drug("amiodarone")
    [call] = plan_with("New AF pt already on warfarin and digoxin; cardiology just added amiodarone. Run amiodarone "
                       "against warfarin and against digoxin.", {})
    assert call.arguments["smiles_pairs"] == [[amiodarone, drug("warfarin")], [amiodarone, drug("digoxin")]]
