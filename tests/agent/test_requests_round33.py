"""Requests of the thirty-third round."""

from __future__ import annotations

from planning_support import decided, drug, plan_with, ran, target

from agent.entities import extract, looks_like_smiles
from agent.vocabulary import in_english

PROPERTY = "drug_property_prediction"
PAIRS = "drug_drug_response_predict"
CLASSIFY = "drug_target_classification_predict"
RETRO = "Retrosynthetic_reaction_pathway_prediction"


def test_requests_in_latvian_bulgarian_and_serbian() -> None:
    """Three more languages the labs write in, each read only in a message written in it, with the drug names as it
    declines them ("varfarīnu", "ибупрофенът", "varfarina")."""
    assert in_english("Vai varfarīns mijiedarbojas ar aspirīnu?") == "whether warfarin interact with aspirin?"
    assert "ibuprofen with warfarin and naproxen with warfarin" in in_english(
        "Divi pāri: ibuprofēns ar varfarīnu un naproksēns ar varfarīnu. Mijiedarbība?")
    assert in_english("Взаимодействат ли варфаринът и аспиринът?") == "do they interact warfarin and aspirin?"
    assert in_english("Някой от оптимизираните минава ли през хематоенцефалната бариера?") == \
        "any of the optimized ones does it cross the blood-brain barrier ?"
    assert in_english("Da li se imatinib vezuje za ABL1?").endswith("imatinib binds to ABL1?")
    # the Russian words stay as they were read ("Какова растворимость ибупрофена?")
    assert in_english("Какова растворимость ибупрофена?") == "Какова solubility ibuprofen?"


def test_a_question_no_tool_answers_after_a_run_runs_nothing() -> None:
    """A dose, a time to monitor, what a result means for a case, what a thing is: the thread's tool ran again with
    the drug the question names."""
    pair = [[drug("cyproheptadine"), drug("sertraline")]]
    earlier = ran(PAIRS, "cyproheptadine + sertraline, DDI?", {"smiles_pairs": pair})
    pool = {"user_smiles_pairs": pair, "drug_drug_response_predict_result": [{"label": "x"}]}
    for question in ("ok. cyproheptadine dose for a 60 kg teen?", "So was the combination the cause of death?",
                     "How long do we need to monitor after sertraline OD?", "wait whats EGFR even"):
        assert plan_with(question, pool, [earlier]) == [], question
    # a new ask after the run still runs
    assert decided("and is sertraline BBB+ per the model? resident asking", pool, [earlier]) == PROPERTY
    bbb = ran(PROPERTY, "BBB for these", {"drug_smiles": [drug("sertraline")], "property": "p_np"})
    assert decided("And what's their logD?", {"user_smiles": [drug("sertraline")]}, [bbb]) == PROPERTY


def test_case_and_lot_codes_are_no_values() -> None:
    """"PM-24/2455:" read as a number and a cell line (a cell-response call was asked about); "Case PM-24/2210:" as
    an unknown cell line; "lot SUN-50-0916: KIT, y/n." found no target."""
    assert decided("PM-24/2455: methadone + fentanyl, interaction prediction please.") == PAIRS
    [call] = plan_with("Case PM-24/2210: methadone + alprazolam, and methadone + zolpidem. Interaction predictions "
                       "for the two pairs.", {})
    assert call.arguments["smiles_pairs"] == [[drug("methadone"), drug("alprazolam")],
                                              [drug("methadone"), drug("zolpidem")]]
    [call] = plan_with("Sunitinib lot SUN-50-0916: KIT, y/n.", {})
    assert call.name == CLASSIFY and call.arguments["target_seq"] == target("KIT")


def test_an_upload_named_by_its_pool_key_is_run() -> None:
    """"(upload_exh0533_hits.smi, three candidates)" with "EXH-24-0533" beside it: the code matched no file and the
    request was asked back, although the message names the upload whole."""
    uploads = {"upload_exh0533_hits.smi": ["CCO", "CCN", "CCC"]}
    [call] = plan_with("Uploaded the shortlist for EXH-24-0533 (upload_exh0533_hits.smi, three candidates). BBB "
                       "penetration for each, please.", uploads)
    assert call.arguments["drug_smiles"] == "(upload_exh0533_hits.smi)"


def test_solvent_shorthand_and_the_molecules_a_list_is_about() -> None:
    """"acetone, IPA, heptane" ran heptane alone; a lot's product ("lot … (clopidogrel): THF, heptane, MTBE") and the
    sample cutting agents were found in ("in street cocaine") ran beside the molecules listed."""
    [call] = plan_with("RS panel, lot SRT-100-0611: acetone, IPA, heptane -> ΔG hydration.", {})
    assert call.arguments["drug_smiles"] == [drug("acetone"), drug("isopropanol"), drug("heptane")]
    [call] = plan_with("RS check lot CLP-75-0521 (clopidogrel): THF, heptane, MTBE. Hydration free energy, kcal/mol.",
                       {})
    assert drug("clopidogrel") not in call.arguments["drug_smiles"] and len(call.arguments["drug_smiles"]) == 3
    [call] = plan_with("Cutting agents we keep finding in street cocaine this quarter: caffeine, lidocaine, procaine. "
                       "Aqueous solubility (logS) for the three.", {})
    assert call.arguments["drug_smiles"] == [drug("caffeine"), drug("lidocaine"), drug("procaine")]
    # a lot's product asked about alone is the molecule
    [call] = plan_with("logD for lot AB-12 (clopidogrel)", {})
    assert call.arguments["drug_smiles"] == [drug("clopidogrel")]
    [call] = plan_with("Coke + EtOH, 22M at a festival, chest pain. pair check: cocaine w/ ethanol", {})
    assert call.arguments["smiles_pairs"] == [[drug("cocaine"), drug("ethanol")]]


def test_two_places_picked_in_one_phrase() -> None:
    """"the first and second ones" picked the first only; "the compounds ranked first and second" picked none."""
    made = {"user_cell_line": "A549", "user_zscore": -2.0, "generated_smiles": ["CCO", "CCN", "CCC", "CCCl"]}
    for text in ("retro for the first and second ones",
                 "A single-step retrosynthesis is requested for the compounds ranked first and second."):
        [call] = plan_with(text, made)
        assert (call.name, call.arguments["smiles_list"]) == (RETRO, ["CCO", "CCN"]), text


def test_codes_and_names_that_are_no_molecule_to_ask_about() -> None:
    """A PDB id ("3CS9") and a clone's code ("C4-2B") were invalid SMILES; "KIT/sunitinib" an unknown drug; a name in
    its Slavic case written alone ("sa flukonazolom") no drug."""
    assert not looks_like_smiles("3CS9") and not looks_like_smiles("C4-2B") and looks_like_smiles("CCO")
    assert extract("We have nilotinib crystals (same form as 3CS9). pKd for ABL1?").invalid_smiles == []
    found = extract("and KIT — we have the KIT/sunitinib structure, want to see if the model agrees")
    assert found.unresolved == [] and found.molecules == [drug("sunitinib")]
    assert extract("sa flukonazolom").molecules == [drug("fluconazole")]


def test_requests_written_as_code_or_in_formal_words() -> None:
    """A list quoted as code writes it lost its first name; pairs in brackets were paired otherwise; "a single-step
    retrosynthetic analysis" read as no ask."""
    [call] = plan_with('solv = ["ethanol", "phenol", "aniline"]\ndG_hyd = predict(solv, prop="freesolv")', {})
    assert call.arguments["drug_smiles"] == [drug("ethanol"), drug("phenol"), drug("aniline")]
    [call] = plan_with('ddi([("warfarin", "simvastatin"), ("amiodarone", "simvastatin")])', {})
    assert call.arguments["smiles_pairs"] == [[drug("warfarin"), drug("simvastatin")],
                                              [drug("amiodarone"), drug("simvastatin")]]
    assert decided("The compound of claim 3, namely naproxen: a single-step retrosynthetic analysis, please.") == RETRO


def test_an_analogue_named_by_its_parent_and_a_standard_given_with_its_structure() -> None:
    """"then furanylfentanyl for comparison" ran fentanyl alone (an unknown word that ends in a known name is another
    molecule, asked about); "the carfentanil reference standard (<SMILES>)" asked for the structure it gives."""
    assert decided("logD7.4 of fentanyl first, then furanylfentanyl (EXH-24-0877) for comparison") is None
    carfentanil = "C1=CC=CC=C1N(C3(CCN(CCC2=CC=CC=C2)CC3)C(OC)=O)C(CC)=O"
    [call] = plan_with(f"logD7.4 for fentanyl, methadone and the carfentanil reference standard ({carfentanil}) — SPE "
                       "method update", {})
    assert call.arguments["drug_smiles"] == [drug("fentanyl"), drug("methadone"), carfentanil]
    assert decided(f"logD7.4 for fentanyl and the carfentanil reference standard ({carfentanil})") == PROPERTY
    # a part named by a ring or group with a prefix is no analogue to ask about
    assert extract("optimise erlotinib in A549 to -1; the quinazoline and the ethynylaniline stay, and the "
                   "methylpiperazine too").unresolved == []


def test_a_kind_of_drug_second_in_a_pair_with_two_of_that_kind_named() -> None:
    """"Check clarithromycin against the statin" with atorvastatin and rosuvastatin listed paired the list's drugs
    with one another; the kind was asked about only when it came first in the pair ("the azole with …")."""
    text = ("Subj 08-044 CM list: atorvastatin 20 mg, rosuvastatin 10 mg, metformin 500 mg BID. New CM "
            "clarithromycin. Check clarithromycin against the statin.")
    assert [u.written for u in extract(text).unresolved] == ["the statin"]
    assert decided(text) is None
    assert extract("atorvastatin and rosuvastatin: the statin is fine").unresolved == []


def test_the_target_a_pick_is_made_by_is_not_the_one_asked_about() -> None:
    """"Whichever binds ERBB2 tightest — does it also hit EGFR? y/n" ran the binder call on ERBB2."""
    made = {"user_smiles": [drug("lapatinib"), drug("afatinib")], "user_target_seq": target("ERBB2"),
            "drug_target_affinity_regression_predict_result": [{"smiles": drug("lapatinib"), "pKd": 7.1},
                                                               {"smiles": drug("afatinib"), "pKd": 8.2}]}
    [call] = plan_with("Whichever binds ERBB2 tightest — does it also hit EGFR? y/n", made)
    assert call.name == CLASSIFY and call.arguments["target_seq"] == target("EGFR")
