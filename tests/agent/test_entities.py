from agent.entities import extract, pick_number

GEFITINIB = "COC1=C(C=C2C(=C1)N=CN=C2NC3=CC(=C(C=C3)F)Cl)OCCCN4CCOCC4"


def test_smiles_are_taken_verbatim_in_order() -> None:
    e = extract("What is the aqueous solubility of CCO, c1ccc(cc1)O and CC(=O)Oc1ccccc1C(=O)O?")
    assert e.molecules == ["CCO", "c1ccc(cc1)O", "CC(=O)Oc1ccccc1C(=O)O"]


def test_aromatic_sulfur_and_boron_are_atoms() -> None:
    e = extract("how soluble are c2ccc1scnc1c2, c1ccsc1 and OB(O)c1ccccc1?")
    assert e.molecules == ["c2ccc1scnc1c2", "c1ccsc1", "OB(O)c1ccccc1"]


def test_words_that_look_chemical_are_not_molecules() -> None:
    e = extract("Is CDK9 or EGFR hit at IC50 below 5 nM in A549? BBB and CNS matter, ln(IC50) -2; t-test")
    assert e.molecules == []


def test_invalid_smiles_are_kept_in_place_and_reported() -> None:
    e = extract("logS for CCO and C1CC(C please")
    assert e.molecules == ["CCO", "C1CC(C"]
    assert e.invalid_smiles and e.invalid_smiles[0][0] == "C1CC(C"


def test_wrapped_and_labelled_smiles() -> None:
    e = extract(f"warfarin (CC(=O)CC(C1=CC=CC=C1)C1=C(O)C2=C(OC1=O)C=CC=C2). gt: {GEFITINIB}")
    assert e.molecules == ["CC(=O)CC(C1=CC=CC=C1)C1=C(O)C2=C(OC1=O)C=CC=C2", GEFITINIB]


def test_masks_numbers_and_cell_lines() -> None:
    text = f"Optimize {GEFITINIB} for NCI-H1975, target z-score -2.5. mask: [0, 0, 1, 1] or 0 1 1 0 1"
    e = extract(text)
    assert e.masks == [[0, 0, 1, 1], [0, 1, 1, 0, 1]]
    assert [c.name for c in e.cell_lines] == ["NCI-H1975"]
    assert pick_number(e) == -2.5


def test_cosmic_id_is_a_cell_line_not_a_number() -> None:
    e = extract("Generate molecules for 906855 with ln(IC50) around -1")
    assert [c.cosmic_id for c in e.cell_lines] == ["906855"]
    assert pick_number(e) == -1.0


def test_protein_sequence_is_not_read_as_smiles() -> None:
    seq = "MAKQYDSVECPFCDEVSKYEKLAKIGQGTFGEVFKARHRKTGQKVALKKVLMENEKEGFPITALREIKILQLL"
    e = extract(f"does CCO hit this?\n{seq}")
    assert e.sequences == [seq]
    assert e.molecules == ["CCO"]


def test_values_taken_back_are_dropped() -> None:
    from agent.entities import extract

    assert [w for w, _ in extract("not DU-145 - Huh7, my bad").cell_mentions] == ["Huh7"]
    assert [w for w, _ in extract("optimise it for HCC1937?? no wait, NCI-H1975").cell_mentions] == ["NCI-H1975"]
    assert [n.written for n in extract("replace warfarin with Tegretol - any interaction with Celebrex?").names] \
        == ["Tegretol", "Celebrex"]
    assert [w for w, _ in extract("is it not toxic in A549?").cell_mentions] == ["A549"]  # "not" takes no value back


def test_a_correction_takes_a_value_back_only_when_another_of_its_kind_follows() -> None:
    assert [w for w, _ in extract("MCF7, sorry").cell_mentions] == ["MCF7"]
    assert [w for w, _ in extract("now T-47D... I mean T47D").cell_mentions] == ["T47D"]
    assert [n.written for n in extract("gefitinib sorry").names] == ["gefitinib"]
    corrected = extract("gefitinib sorry erlotinib")
    assert [n.written for n in corrected.names] == ["erlotinib"]
    assert corrected.taken_back == [GEFITINIB]
    assert pick_number(extract("target -2, sorry")) == -2
    assert pick_number(extract("target -2 sorry -3")) == -3


def test_pairs_in_blank_line_separated_blocks() -> None:
    e = extract("check these:\nCCO\nCCN\n\nc1ccccc1\nCC(=O)O\n\nCCCl\nCCBr")
    assert e.pairs == [["CCO", "CCN"], ["c1ccccc1", "CC(=O)O"], ["CCCl", "CCBr"]]


def test_assay_words_and_glued_question_marks_are_not_structures() -> None:
    assert extract("new molecules hitting Jurkat at a pIC50 of 6").molecules == []
    assert extract("logD for the following?CCOc1ccccc1, CCO").molecules == ["CCOc1ccccc1", "CCO"]


def test_a_cell_line_named_like_a_word_is_read_next_to_response_words() -> None:
    assert [line.name for line in extract("how would Jurkat respond to them?").cell_lines] == ["Jurkat"]
    assert extract("the response was good").cell_lines == []


def test_a_potency_goal_without_a_scale_is_asked_about() -> None:
    [goal] = extract("De novo design, cell line SK-MEL-28, goal 6.5").unresolved
    assert goal.kind == "ic50_unit" and goal.written == "6.5" and "pIC50 6.5 (ln IC50 -1.15)" in goal.closest
    assert extract("generate for A549, ln IC50 target 4").unresolved == []
    assert extract("design 5 molecules for A549 with target -2").unresolved == []


def test_lab_spellings_of_gdsc_lines_are_read_in_a_cell_line_context() -> None:
    assert [c.name for c in extract("design compounds active in U87 glioma cells").cell_lines] == ["U-87-MG"]
    assert [c.name for c in extract("IC50 of CCO in H1975").cell_lines] == ["NCI-H1975"]
    assert extract("we sat in room 101 at 9").cell_lines == []


def test_pairs_separated_by_a_question_mark() -> None:
    e = extract("ok and ketoconazole with imatinib? and itraconazole w/ imatinib in one go")
    assert len(e.pairs) == 2 and e.pairs[0][1] == e.pairs[1][1]


def test_a_stray_closing_bracket_in_a_structure_is_asked_about_never_dropped() -> None:
    typo = "CN(C)CCSCc1ccc2sc(S(N)(=O)=O)cc2c1)"
    e = extract(f"retro on {typo}")
    assert e.molecules == [typo] and [s for s, _ in e.invalid_smiles] == [typo]
    assert extract(f"retro on ({typo}").molecules == [typo[:-1]]  # the prose's own bracket closes there
    assert extract("logS (of CCO)").molecules == ["CCO"]


def test_a_value_corrected_in_other_words_is_taken_back() -> None:
    assert [c.name for c in extract("IC50 of CCO sur NCI-H3122? ah non pardon, sur NCI-H358").cell_lines] == [
        "NCI-H358"]
    assert [c.name for c in extract("predict CCO also in SiHa... no, in Calu-3").cell_lines] == ["Calu-3"]
    named = extract("how lipophilic are sorafenib and regorafenib... ah no, only sorafenib sorry").molecules
    assert len(set(named)) == 1
    assert [c.name for c in extract("IC50 of CCO in MCF7, sorry for the delay").cell_lines] == ["MCF7"]


def test_a_word_of_a_spaced_cell_line_name_is_no_molecule() -> None:
    e = extract("Osimertinib in der NCI H1975, what IC50 would the model say")
    assert len(e.molecules) == 1 and [c.name for c in e.cell_lines] == ["NCI-H1975"]
    assert [n.value for n in extract("Calu 3 cells, aim ln IC50 -3").numbers] == [-3.0]


def test_a_compound_code_labelling_a_structure_is_no_cell_line_or_unknown_drug() -> None:
    e = extract("DMPK triage for BX-220 = CCC(CC)NC(=O)c1cnn(C)c1NS(=O)(=O)c2ccc(C)cc2")
    assert e.unresolved == [] and e.cell_lines == [] and len(e.molecules) == 1
    e = extract("> BX-501: CCOc1ccccc1\n> BX-502: CCN(CC)CC")
    assert e.unresolved == [] and e.molecules == ["CCOc1ccccc1", "CCN(CC)CC"]
    assert [c.name for c in extract("IC50 in A549: CCO and CCN").cell_lines] == ["A549"]  # a line stays a line
    assert extract("logD for these two: OC(=O)C(N)c4ccccc4 , CCN").molecules == ["OC(=O)C(N)c4ccccc4", "CCN"]


def test_an_unknown_code_asked_about_by_a_property_word_after_it() -> None:
    [missing] = extract("BX-999 solubility? (from the new batch)").unresolved
    assert missing.kind == "drug" and missing.written == "BX-999"


def test_values_taken_back_in_passing_are_not_used() -> None:
    e = extract("cell=HT-29; drugs=[5-FU, irinotecan, oxaliplatin? skip that one]; predict")
    assert [n.written for n in e.names] == ["5-FU", "irinotecan"]
    e = extract("IC50 of axitinib and cabozantinib... er, skip cabo, just axitinib in A549")
    assert {n.written for n in e.names} == {"axitinib"}
    e = extract("Kd estimate crizotinib ~ ALK? oh wait we don't care about ALK, do KIT")
    assert [n.written for n in e.names if n.kind == "target"] == ["KIT"]
    e = extract("palbociclib in MCF7? actually no, do T47D— wait, is that even in GDSC? use BT-474")
    assert [line.name for line in e.cell_lines] == ["BT-474"]
    # a number taken back needs no unit
    e = extract("correction: target 100 nM not 10")
    assert not [u for u in e.unresolved if u.kind == "ic50_unit"]


def test_a_bracketed_list_of_structures_is_read_without_its_brackets() -> None:
    e = extract("pls run:\n  tool=solubility\n  input=[O=C1CCCN1, CCCC=C, CCCCCCCCCCCCCC]")
    assert e.molecules == ["O=C1CCCN1", "CCCC=C", "CCCCCCCCCCCCCC"] and not e.invalid_smiles
    assert extract("logS of [CCO, [NH4+], CCN]").molecules == ["CCO", "[NH4+]", "CCN"]


def test_a_name_that_describes_another_noun_is_no_molecule() -> None:
    e = extract("CT_TOX for shikonin and embelin? both came up in the quinone cluster")
    assert {n.written for n in e.names} == {"shikonin", "embelin"}


def test_a_drug_name_in_list_brackets_is_a_name_not_a_bracket_atom() -> None:
    e = extract("tool=dti\ndrugs=[gefitinib]\ntarget=EGFR")
    assert [n.written for n in e.names if n.kind == "drug"] == ["gefitinib"] and not e.invalid_smiles


def test_a_lines_status_is_no_cell_line_name() -> None:
    e = extract("Same four in MDA-MB-436 — the other BRCA1-mutant line.")
    assert [line.name for line in e.cell_lines] == ["MDA-MB-436"] and not e.unresolved


def test_an_unknown_line_taken_back_for_another_is_not_asked_about() -> None:
    e = extract("Sorafenib for HepG2... no we dont have it. OK A549: optimize to 1 µM")
    assert [line.name for line in e.cell_lines] == ["A549"]
    assert not [u for u in e.unresolved if u.kind == "cell_line"]


def test_a_line_dropped_after_a_pause_and_a_hmm_is_taken_back() -> None:
    e = extract("improve sorafenib for HepG2... hmm we don't have that; use HuH-7, target 0.5 µM")
    assert [line.name for line in e.cell_lines] == ["HuH-7"] and not e.unresolved


def test_a_compound_code_defined_later_in_the_message_is_no_cell_line() -> None:
    e = extract("Can DrugPilot run the usual profile on BX-118?\nBX-118 = Nc1ccc(cc1)c2nc3ccc(O)cc3s2\nlogS and BBB")
    assert e.unresolved == [] and e.molecules == ["Nc1ccc(cc1)c2nc3ccc(O)cc3s2"]


def test_doses_and_schedules_are_no_values() -> None:
    """"cipro 500 bid x 7d", "clarithromycin 500 mg bid x 10 d": a dose is no potency, and the intent model reads
    the request without it."""
    from agent.intent import to_placeholders

    assert extract("New Rx: clarithromycin 500 mg bid x 10 d. Check it against his list.").numbers == []
    assert extract("cipro 500 bid x 7d, warfarin 3 mg").numbers == []
    assert "500" not in to_placeholders("clarithromycin 500 mg bid x 10 d with warfarin 3 mg, any interaction?")
