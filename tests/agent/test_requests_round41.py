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


def test_building_block_numbers_beside_pasted_structures_are_no_structures() -> None:
    """Rows "BB1-0117 / BB2-0452 / BB3-0031   <SMILES>" of a DEL hit list were read as three broken SMILES each."""
    smiles = ["CSc1nccc(Oc2ccc(NC(=O)Nc3cccc(C(F)(F)F)c3)cc2)n1", "CCN(CC)c1ccc(Nc2cc(NC(=O)Nc3c(F)cccc3F)ncn2)cc1"]
    text = "Off-DNA resynthesis came back for two of the selection hits. logD please:\n" + "\n".join(
        f"BB1-011{i} / BB2-04{i}2 / BB3-00{i}1   {s}" for i, s in enumerate(smiles))
    [call] = plan_with(text, {})
    assert call.arguments == {"drug_smiles": smiles, "property": "lipo"}


def test_parts_named_with_their_substituent_or_their_place() -> None:
    """"Only the 3-CF3-phenyl ring (with its CF3) may change" knew no core; "let only the terminal phenyl be
    redesigned" found no verb; "the terminal phenyl on the urea" freed the urea too; "phenyl" matched the benzo ring
    of a quinazoline; "the isopropylamide" was the amine alone."""
    from agent.atom_ranges import find_atom_ranges, mask_from_words

    def free(smiles: str, words: str) -> list[int] | None:
        mask = mask_from_words(find_atom_ranges(words), smiles)
        return None if mask is None else [i for i, m in enumerate(mask) if m]

    urea = "CSc1nccc(Oc2ccc(NC(=O)Nc3cccc(C(F)(F)F)c3)cc2)n1"
    assert free(urea, "Only the 3-CF3-phenyl ring (with its CF3) may change.") == list(range(16, 26))
    assert free(urea, "just free the CF3-phenyl ring incl. the CF3, keep everything else") == list(range(16, 26))
    quinazoline = "COc1cc2ncnc(N3CCN(C(=O)Nc4ccccc4)CC3)c2cc1OC"
    assert free(quinazoline, "Keep the quinazoline and the piperazine; let only the terminal phenyl be "
                             "redesigned.") == list(range(16, 22))
    assert free(quinazoline, "only the terminal phenyl on the urea may change.") == list(range(16, 22))
    amide = "Cc1onc(-c2ccncn2)c1COc1ccc(C(=O)NC(C)C)cn1"
    assert free(amide, "only the isopropylamide is free, the rest is the pharmacophore.") == list(range(18, 24))


def test_ward_shorthand_for_drugs() -> None:
    """"vanco + cefepime", "starting vori. pt on midaz. voriconazole/midazolam pls": ICU shorthand was unknown, and
    "starting vori" was read as a route's starting material."""
    [call] = plan_with("vanco + cefepime in a pt with AKI — interaction model says what?", {})
    assert call.name == DDI and call.arguments["smiles_pairs"] == [[drug("vancomycin"), drug("cefepime")]]
    [call] = plan_with("aspergillus, starting vori. pt on midaz. voriconazole/midazolam pls", {})
    assert call.name == DDI and call.arguments["smiles_pairs"] == [[drug("voriconazole"), drug("midazolam")]]


def test_the_chance_of_being_toxic_is_the_clinical_toxicity_label() -> None:
    """"What does your model say about the chance of it being toxic?" asked which property."""
    [call] = plan_with("I read that Aricept can be toxic. What does your model say about the chance of it being "
                       "toxic?", {})
    assert call.arguments == {"drug_smiles": [drug("donepezil")], "property": "CT_TOX"}


def test_what_a_drug_is_taken_for_is_no_molecule() -> None:
    """"dad is on Zocor for cholesterol and … clarithromycin … is that ok together?" asked for cholesterol's
    structure: what a drug is taken for was read as a third drug."""
    from agent.entities import read_message

    text = "dad is on Zocor for cholesterol and the walk-in clinic just gave him clarithromycin for his chest. is " \
           "that ok together?"
    assert read_message(text).unresolved == []  # (cholesterol, which has no structure here, was asked for)
    [call] = plan_with(text, {})
    assert call.name == DDI and call.arguments["smiles_pairs"] == [[drug("simvastatin"), drug("clarithromycin")]]


def test_drugs_told_of_before_a_question_about_them() -> None:
    """"mom sometimes takes a Xanax and then an Ambien on the same night … Is mixing them ok" split at "then" and
    lost the pair."""
    [call] = plan_with("mom sometimes takes a Xanax and then an Ambien on the same night when she cant sleep. Is "
                       "mixing them ok", {})
    assert call.name == DDI and call.arguments["smiles_pairs"] == [[drug("alprazolam"), drug("zolpidem")]]


def test_one_drug_against_every_entry_of_an_uploaded_list() -> None:
    """"check it vs every med on the MAR file", "the Plavix against everything else on his list", "fluc against each
    drip on that list" ran nothing or a target tool."""
    meds = [drug("propofol"), drug("norepinephrine"), drug("clopidogrel")]
    pool = {"upload_meds.csv": meds}
    for text, new in (("new order phenytoin for bed 7. check it vs every med on the MAR file", "phenytoin"),
                      ("run fluc against each drip on that list", "fluconazole")):
        [call] = plan_with(text, pool)
        assert call.name == DDI and call.arguments["smiles_pairs"] == [[drug(new), m] for m in meds]
    [call] = plan_with("I uploaded dads meds. check the Plavix against everything else on his list please", pool)
    assert call.name == DDI and call.arguments["smiles_pairs"] == [[drug("clopidogrel"), m] for m in meds[:2]]


def test_how_far_apart_to_take_two_drugs_is_no_tool_question() -> None:
    """"How many hours apart should he take them?" after an interaction run ran a retrosynthesis of both."""
    pair = [[drug("metformin"), drug("furosemide")]]
    earlier = ran(DDI, "metformin and furosemide together?", {"smiles_pairs": pair})
    assert plan_with("How many hours apart should he take them?", {"user_smiles_pairs": pair}, [earlier]) == []


def test_the_target_a_pick_was_made_on_is_not_the_one_asked() -> None:
    """"Take whichever of those came out strongest on DDR1 and run it against ABL1" ran DDR1 again."""
    hits = [drug("imatinib"), drug("nilotinib")]
    pool = {"user_smiles": hits, "user_target_seq": target("DDR1"),
            "drug_target_affinity_regression_predict_result": [{"smiles": hits[0], "pKd": 7.5},
                                                               {"smiles": hits[1], "pKd": 6.1}]}
    earlier = ran("drug_target_affinity_regression_predict", "DDR1 affinity for these two",
                  {"drug_smiles": hits, "target_seq": target("DDR1")})
    [call] = plan_with("Take whichever of those came out strongest on DDR1 and run it against ABL1.", pool, [earlier])
    assert call.arguments["target_seq"] == target("ABL1")


def test_a_second_part_kept_beside_a_part_the_tables_lack() -> None:
    """"keep the pteridine and the p-aminobenzoyl part, let only the glutamate tail change" kept the pteridine only,
    and the glutamate tail took the benzoyl carbonyl with it."""
    from agent.atom_ranges import find_atom_ranges, mask_from_words

    methotrexate = "CN(CC1=CN=C2C(=N1)C(=NC(=N2)N)N)C3=CC=C(C=C3)C(=O)N[C@@H](CCC(=O)O)C(=O)O"
    mask = mask_from_words(find_atom_ranges("keep the pteridine and the p-aminobenzoyl part, let only the glutamate "
                                            "tail change."), methotrexate)
    assert mask is not None and [i for i, m in enumerate(mask) if m] == list(range(23, 33))


def test_a_line_named_with_its_tumour_type_between() -> None:
    """"Predicted sensitivity of the JAR choriocarcinoma line to etoposide?" found no line (JAR is also a word)."""
    [call] = plan_with("Predicted sensitivity of the JAR choriocarcinoma line to etoposide?", {})
    assert call.arguments == {"drug_smiles": [drug("etoposide")], "cell_name": "JAR"}


def test_how_a_drug_acts_told_before_the_question() -> None:
    """"Quinidine blocks P-gp and lets loperamide into the brain. What does the DrugBank model say about quinidine +
    loperamide?" asked for P-gp's sequence and for an efflux model; told facts ask nothing."""
    [call] = plan_with("Quinidine blocks P-gp and lets loperamide into the brain. What does the DrugBank model say "
                       "about quinidine + loperamide?", {})
    assert call.name == DDI and call.arguments["smiles_pairs"] == [[drug("quinidine"), drug("loperamide")]]


def test_a_drug_against_each_of_the_uploaded_few() -> None:
    """"Check metoclopramide against each of the three." after an upload ran a property of metoclopramide."""
    meds = [drug("labetalol"), drug("aspirin"), drug("levothyroxine")]
    [call] = plan_with("Check metoclopramide against each of the three.", {"upload_antenatal_list.csv": meds})
    assert call.name == DDI and call.arguments["smiles_pairs"] == [[drug("metoclopramide"), m] for m in meds]


def test_insulin_and_folic_acid_are_drugs_where_no_system_word_follows() -> None:
    """"If we use insulin instead, does that interact with her metformin?" swapped insulin for nothing and ran the
    thread's pairs; "folic acid" was never read as a drug."""
    from agent.entities import read_message

    e = read_message("If we use insulin instead, does that interact with her metformin?")
    assert [u.written for u in e.unresolved if u.kind == "drug"] == ["insulin"]
    assert read_message("metformin improves insulin sensitivity").unresolved == []
    [call] = plan_with("solubilty of folic acid and pyridoxine in water? For a liquid prenatal supplement.", {})
    assert call.arguments == {"drug_smiles": [drug("folic acid"), drug("pyridoxine")], "property": "logSolubility"}
    assert read_message("folate receptor alpha expression").names == []


def test_parts_named_on_an_atom_or_redesigned() -> None:
    """"let the N-benzyl vary" and "only the 3-fluorobenzyloxy may be redesigned" were not read ("N-benzyl" knew no
    core; a Romance-spelling rule turned "benzyloxy" into "benzylxy")."""
    from agent.atom_ranges import find_atom_ranges, mask_from_words

    def free(smiles: str, words: str) -> list[int] | None:
        mask = mask_from_words(find_atom_ranges(words), smiles)
        return None if mask is None else [i for i, m in enumerate(mask) if m]

    donepezil = "COC1=C(OC)C=C2C(=O)C(CC3CCN(CC4=CC=CC=C4)CC3)CC2=C1"
    assert free(donepezil, "keep the dimethoxy-indanone and the piperidine untouched, let the N-benzyl "
                           "vary.") == list(range(16, 23))
    safinamide = "C[C@H](NCC1=CC=C(OCC2=CC(F)=CC=C2)C=C1)C(N)=O"
    assert free(safinamide, "keep the alaninamide and the aryl ether core, only the 3-fluorobenzyloxy may be "
                            "redesigned.") == list(range(8, 17))


def test_a_new_drug_in_place_of_the_one_all_pairs_share() -> None:
    """"OK, paracetamol instead — same three." after ibuprofen against three drugs paired paracetamol with ibuprofen
    too; "and with erythromycin?" after "Patient on rivaroxaban: is clindamycin a problem?" kept clindamycin."""
    partners = [drug(d) for d in ("warfarin", "amlodipine", "lisinopril")]
    pairs = [[drug("ibuprofen"), p] for p in partners]
    earlier = ran(DDI, "Patient list: warfarin, amlodipine, lisinopril. Check ibuprofen against each.",
                  {"smiles_pairs": pairs})
    [call] = plan_with("OK, paracetamol instead — same three.", {"user_smiles_pairs": pairs}, [earlier])
    assert call.arguments["smiles_pairs"] == [[drug("paracetamol"), p] for p in partners]
    pair = [[drug("clindamycin"), drug("rivaroxaban")]]
    earlier = ran(DDI, "Patient on rivaroxaban: is clindamycin a problem?", {"smiles_pairs": pair})
    [call] = plan_with("and with erythromycin?", {"user_smiles_pairs": pair}, [earlier])
    assert call.arguments["smiles_pairs"] == [[drug("rivaroxaban"), drug("erythromycin")]]


def test_questions_of_care_and_untrained_ratios() -> None:
    """"Max number of cartridges of lidocaine 2% with epinephrine …?" ran the pair; "Kp,uu brain" ran the BBB model;
    "Would CK monitoring still be needed?" after a switch ran the pairs."""
    assert plan_with("Max number of cartridges of lidocaine 2% with epinephrine for a 60 kg adult?", {}) == []
    assert plan_with("Can you predict Kp,uu brain for pramipexole and ropinirole?", {}) == []
    pairs = [[drug("simvastatin"), drug("fenofibrate")]]
    earlier = ran(DDI, "check simvastatin–fenofibrate", {"smiles_pairs": pairs})
    assert plan_with("Switch simvastatin to pravastatin? Would CK monitoring still be needed?",
                     {"user_smiles_pairs": pairs}, [earlier]) == []


def test_the_new_molecules_in_swedish_with_two_made_sets_are_asked_about() -> None:
    """"Kör BBB på de nya molekylerna" (the new molecules) with both generated and optimised molecules in the thread
    ran the newest set; which one is asked, and the Swedish answer "De optimerade, menar jag." says it."""
    generated, optimized = [drug("gefitinib"), drug("erlotinib")], [drug("lapatinib"), drug("afatinib")]
    pool = {"generated_smiles": generated, "optimized_smiles": optimized}
    calls = plan_with("Kör BBB på de nya molekylerna.", pool)
    assert all(call.arguments.get("drug_smiles") is None for call in calls)
    history = [PastRequest("u", "Kör BBB på de nya molekylerna.", answered=False)]
    [call] = plan_with("De optimerade, menar jag.", pool, history)
    assert call.arguments == {"drug_smiles": "(optimized_smiles)", "property": "p_np"}


def test_a_combination_glossed_in_brackets_is_no_pair_asked() -> None:
    """"does Kaletra (lopinavir/ritonavir) oral solution need the fridge …?" ran the two as a pair once "A/B pls"
    became an interaction ask; a product's ingredients in brackets are a gloss."""
    calls = plan_with("Je, does Kaletra (lopinavir/ritonavir) oral solution need the fridge after dispensing, and how "
                      "long is it good at room temperature?", {})
    assert all(call.name != DDI for call in calls)


def test_only_after_the_part_in_telugu_and_tigrinya() -> None:
    """Telugu "cyanoacetyl భాగం మాత్రమే మార్చి" and Tigrinya "ናይ N-methylpiperazine ክፋል ጥራይ ይቀየር" (only that part
    changes) put "only" after the part; no mask was read."""
    [call] = plan_with("tofacitinib లో cyanoacetyl భాగం మాత్రమే మార్చి, Jurkat లో ln(IC50) -1 వచ్చేలా optimize "
                       "చేయగలరా?", {})
    assert call.arguments["cell_line"] == "Jurkat" and sum(call.arguments["mask"]) == 5  # C(=O)CH2C≡N
    [call] = plan_with("ኢማቲኒብ ኣመሓይሾ ኣብ K-562፡ ናይ N-methylpiperazine ክፋል ጥራይ ይቀየር፡ ዕላማ ln(IC50) -3።", {})
    assert call.arguments["cell_line"] == "K-562" and sum(call.arguments["mask"]) == 7


def test_narrowed_rules_keep_what_they_broke() -> None:
    """Rules of this round that broke older steps: a new partner said "with" is no replacement of the shared drug
    (BX-102); a written pair inside a regimen or before other words is no interaction ask (CB-097, BU-108); a part
    named to change keeps the atoms its own name has where a kept part shares them (CU-108)."""
    from agent.atom_ranges import find_atom_ranges, mask_from_words

    pairs = [[drug("tamoxifen"), drug("paroxetine")], [drug("tamoxifen"), drug("sertraline")]]
    earlier = ran(DDI, "tamoxifen with paroxetine and with sertraline?", {"smiles_pairs": pairs})
    [call] = plan_with("And with citalopram as well — that's what the psychiatrist suggested instead.",
                       {"user_smiles_pairs": pairs}, [earlier])
    assert call.arguments["smiles_pairs"] == [[drug("tamoxifen"), drug("citalopram")]]
    [call] = plan_with("HER2+ MBC pt on Tykerb + Xeloda. pred ln(IC50) lapatinib in HCC1954?", {})
    assert call.name == "drug_cell_response_regression_predict"
    salbutamol = "CC(C)(C)NCC(O)C1=CC(CO)=C(O)C=C1"
    mask = mask_from_words(find_atom_ranges("keep the saligenin and the ethanolamine, vary the tert-butylamino "
                                            "group."), salbutamol)
    assert mask is not None and [i for i, m in enumerate(mask) if m] == [0, 1, 2, 3, 4]
