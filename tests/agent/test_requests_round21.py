"""Requests of the twenty-first round."""

from __future__ import annotations

from planning_support import decided, plan_with, ran

from agent.entities import read_message
from agent.quantities import find_quantities

DDI = "drug_drug_response_predict"
EGFR_START = "MRPSGTAGAALLALLAALCPASRALEEKKVCQGTSNKLTQLGTFEDHFLSLQRMFNNCEVVLGNLEITYVQRNYDLSFLKTIQEVAGYVLIALNTVERIPLENLQ"
QUETIAPINE = "OCCOCCN1CCN(CC1)C1=NC2=CC=CC=C2SC2=CC=CC=C12"
ONDANSETRON = "CN1C2=C(C3=CC=CC=C13)C(=O)C(CN1C=CN=C1C)CC2"
METOCLOPRAMIDE = "CCN(CC)CCNC(=O)C1=CC(Cl)=C(N)C=C1OC"
WARFARIN = "CC(=O)CC(C1=CC=CC=C1)C1=C(O)C2=C(OC1=O)C=CC=C2"
AMIODARONE = "CCCCC1=C(C(=O)C2=CC(I)=C(OCCN(CC)CC)C(I)=C2)C2=CC=CC=C2O1"
DRONEDARONE = "CCCCN(CCCC)CCCOC1=CC=C(C=C1)C(=O)C1=C(CCCC)OC2=C1C=C(NS(C)(=O)=O)C=C2"
DIGOXIN_STAND_IN = "CN(C)C"


def test_one_drug_against_each_of_the_thread_drugs_pairs_it_with_each() -> None:
    """"Quetiapine against each of the two antiemetics for interactions" after a request on ondansetron and
    metoclopramide paired the two antiemetics with each other and left quetiapine out. "Against each of them / the
    two" pairs the named drug with each drug of the thread, as "against both of them" did."""
    pool = {"user_smiles": [ONDANSETRON, METOCLOPRAMIDE]}
    history = [ran("drug_property_prediction", "Same question for ondansetron and metoclopramide.")]
    for text in ("Quetiapine against each of the two antiemetics for interactions, please.",
                 "quetiapine against each of them for interactions"):
        [call] = plan_with(text, pool, history)
        assert call.name == DDI
        assert call.arguments["smiles_pairs"] == [[QUETIAPINE, ONDANSETRON], [QUETIAPINE, METOCLOPRAMIDE]]


def test_a_drug_said_to_be_stopped_is_swapped_out_of_the_thread_pairs() -> None:
    """"amiodarone was stopped last week and she's on dronedarone 400 mg BID instead. Redo the pairs with that swap."
    ran amiodarone with dronedarone, a pair nobody takes together. A drug the message says was stopped or
    discontinued is taken out; the one named with it takes its place in every pair."""
    pool = {"user_smiles_pairs": [[WARFARIN, AMIODARONE], [WARFARIN, DIGOXIN_STAND_IN],
                                  [AMIODARONE, DIGOXIN_STAND_IN]]}
    history = [ran(DDI, "Pairwise check: Coumadin 4 mg, amiodarone 100 mg, digoxin 0.125 mg.")]
    for text in ("Correction from the ward: amiodarone was stopped last week and she's on dronedarone 400 mg BID "
                 "instead. Redo the pairs with that swap.",
                 "amiodarone was stopped; she is on dronedarone now. Redo the pairs."):
        [call] = plan_with(text, pool, history)
        assert call.arguments["smiles_pairs"] == [[WARFARIN, DRONEDARONE], [WARFARIN, DIGOXIN_STAND_IN],
                                                  [DRONEDARONE, DIGOXIN_STAND_IN]]
    assert read_message("amiodarone was stopped, check warfarin with digoxin").taken_back == [AMIODARONE]
    # a drug taken off the market is still the one asked about
    assert decided("Sibutramine was withdrawn from the market in 2010. What is its ClinTox probability of failing "
                   "trials for toxicity?") == "drug_property_prediction"


def test_the_pic50_scale_named_before_its_value_converts_it() -> None:
    """"sorry, pIC50. and make it 7, not 5" ran a goal of ln IC50 = 7 (a very weak compound) instead of pIC50 7
    (100 nM, ln IC50 -2.30): the scale was named a sentence before its value."""
    for text in ("sorry, pIC50. and make it 7, not 5", "pIC50, make it 7"):
        [potency] = find_quantities(text)
        assert round(potency.ln_ic50, 2) == -2.30


def test_binding_to_a_receptor_no_binding_model_covers_is_asked_about() -> None:
    """"does tamoxifen bind the estrogen receptor?" ran the Tox21 NR-ER assay, which measures receptor activity in
    cells, not binding; no binding model covers nuclear receptors. The question names the assay as the nearest
    option; asked for the assay itself, it runs."""
    for text in ("does tamoxifen bind the estrogen receptor?",
                 "Endocrine unit: predict how strongly tamoxifen binds the estrogen receptor alpha.",
                 "is bicalutamide an androgen receptor binder?"):
        [unknown] = [u for u in read_message(text).unresolved if u.kind == "property"]
        assert "binding" in unknown.written and any("Tox21" in option for option in unknown.closest)
        assert decided(text) is None
    for text in ("does tamoxifen activate the estrogen receptor?",
                 "is tamoxifen active on the estrogen receptor ligand-binding domain?"):
        assert not [u for u in read_message(text).unresolved if u.kind == "property"]
        assert decided(text) == "drug_property_prediction"


def test_words_of_a_drug_name_are_no_cell_line() -> None:
    """"tamam KRAS (G12C) Inhibitor-12 ile dene" (GDSC's name for that compound) asked about an unknown cell line
    "Inhibitor-12": a word inside a resolved drug name is no line."""
    e = read_message("ok, try KRAS (G12C) Inhibitor-12 in MIA PaCa-2 then")
    assert [n.name for n in e.names if n.kind == "drug"] == ["KRAS (G12C) Inhibitor-12"]
    assert not e.unresolved and "Inhibitor-12" not in [u.written for u in e.cell_shaped]
    assert [line.name for line in e.cell_lines] == ["MIA-PaCa-2"]


def test_an_atom_named_in_prose_is_no_molecule() -> None:
    """"evet Cl olacak, pardon: <SMILES>" (yes, it should be Cl) ran hydrogen chloride with the corrected structure:
    "Cl" in a sentence names an atom. On its own line in a pasted list of structures it stays a molecule."""
    assert read_message("evet Cl olacak, pardon:\nCOc1cc2c(Nc3ccc(Cl)cc3F)ncnc2cc1OCCn4cncn4").molecules == [
        "COc1cc2c(Nc3ccc(Cl)cc3F)ncnc2cc1OCCn4cncn4"]
    assert read_message("replace the Br with Cl in CCBr").molecules == ["CCBr"]
    assert read_message("logS of these\nCCO\nCl\nCCN").molecules == ["CCO", "Cl", "CCN"]


def test_endogenous_molecules_are_read_where_a_property_is_asked_of_them() -> None:
    """"Dopamine and adrenaline: can they cross into the brain, and how greasy are they?" asked for molecules:
    both names were never read in free text (they name receptors: "dopamine D2"), and "adrenaline" was not known
    (epinephrine is). Named before a question about them they are read; "the dopamine receptor" stays no drug."""
    e = read_message("Dopamine and adrenaline: can they cross into the brain, and how greasy are they?")
    assert [n.name for n in e.names] == ["dopamine", "epinephrine"]
    assert not read_message("binders of the dopamine receptor").names


def test_testosterone_resolves_to_the_drugbank_structure_and_its_epimer_to_nothing() -> None:
    """"logD for testosterone and oxandrolone" asked for testosterone's structure: the name vocabulary files it under
    an entry without one and files epitestosterone (the 17-alpha epimer) under DB00624, whose structure in the
    DrugBank table is testosterone. Testosterone now resolves to DB00624; epitestosterone, another molecule, is
    unknown rather than testosterone."""
    from model_zoo.names.drugs import resolve_drug
    from model_zoo.names.types import Resolved

    found = resolve_drug("testosterone")
    assert isinstance(found, Resolved) and found.name == "testosterone" and found.source == "DrugBank DB00624"
    assert not isinstance(resolve_drug("epitestosterone"), Resolved)


def test_turkish_locative_after_a_line_and_a_rank_before_its_key() -> None:
    """"Gefitinib'i H1975'te optimize et" lost the line (the locative "-te", in, was dropped with the cue it gave);
    "BBB olasılığı en yüksek olanın EGFR pKd'si" (the EGFR pKd of the one with the highest BBB probability) ran the
    BBB model again."""
    e = read_message("Gefitinib'i H1975'te optimize et, hedef -2,5")
    assert [line.name for line in e.cell_lines] == ["NCI-H1975"]
    from agent.vocabulary import in_english

    assert in_english("BBB olasılığı en yüksek olanın EGFR pKd'si ne çıkar?").startswith(
        "the one with the highest BBB probability")


def test_katakana_drug_and_solvent_names_are_read_and_loanwords_are_not() -> None:
    """"イマチニブ together with クラリスロマイシン — what does the DrugBank interaction model say?" asked for the
    drugs: names written in katakana were not read. A katakana word is read by its sounds and matched to the one table
    name with the same consonant skeleton and a close spelling; loanwords ("リスト", list; "アルコール", alcohol;
    "データ", data) match none."""
    from model_zoo.names.katakana import english_name

    text = "Client question: イマチニブ together with クラリスロマイシン — what does the DrugBank model say?"
    assert [n.name for n in read_message(text).names] == ["imatinib", "clarithromycin"]
    assert decided(text) == DDI
    assert [english_name(w) for w in ("トルエン", "ジクロロメタン", "エルロチニブ", "アセトン")] == [
        "toluene", "dichloromethane", "erlotinib", "acetone"]
    for loanword in ("リスト", "アルコール", "データ", "ステップ", "セミナー", "インドール", "ライン"):
        assert english_name(loanword) is None


def test_clintox_trial_toxicity_in_words_and_both_interaction_models() -> None:
    """"the ClinTox trial-toxicity probability and the predicted aqueous solubility of NDMA" ran solubility only;
    "warfarin + paracetamol, on both models (DrugBank first)" ran one model."""
    from agent.planning.properties import ddi_tasks, requested_properties

    assert requested_properties("I need the ClinTox trial-toxicity probability and the predicted aqueous solubility "
                                "of NDMA (CN(C)N=O).") == ["CT_TOX", "logSolubility"]
    assert ddi_tasks("Control case for contrast: warfarin + paracetamol, on both models (DrugBank first).") == [
        "drugbank", "twosides"]
    assert ddi_tasks("warfarin + paracetamol on both models, TWOSIDES first") == ["twosides", "drugbank"]


def test_database_and_model_names_are_no_drugs() -> None:
    """"check it against fluoxetine with the DrugBank model" asked what 'DrugBank' is (a word written with a drug)."""
    e = read_message("Take the most lipophilic of the three and check it against fluoxetine with the DrugBank model.")
    assert not e.unresolved and [n.name for n in e.names] == ["fluoxetine"]


def test_solvents_of_a_process_and_lab_abbreviations() -> None:
    """"logD7.4 please, to see if it purges in the heptane slurry: <SMILES>" ran heptane too; "AcOEt" (EtOAc written
    the other way round) was not known, so "DCM, AcOEt and isopropyl acetate" ran DCM alone."""
    smiles = "COc1cc2ncnc(Nc3ccc(F)c(Cl)c3)c2cc1OCCCN4CCCC4"
    assert read_message(f"logD7.4 please, to see if it purges in the heptane slurry:\n{smiles}").molecules == [smiles]
    assert read_message(f"{smiles}\nlogD7.4, to know if we can wash it out with heptane").molecules == [smiles]
    assert [n.name for n in read_message("and heptane as the greener replacement for hexane — same prediction, just "
                                         "heptane").names][-1:] == ["heptane"]
    e = read_message("Hydration free energies for DCM, AcOEt and isopropyl acetate so I can put them in one table?")
    assert [n.name for n in e.names] == ["dichloromethane", "ethyl acetate", "isopropyl acetate"]


def test_what_results_are_compared_with_is_no_input() -> None:
    """"logD7.4 for those generated molecules, so the students can compare them with doxorubicin" ran doxorubicin
    instead of the generated molecules."""
    pool = {"user_smiles": ["CCO"], "generated_smiles": ["CCN", "CCC"]}
    [call] = plan_with("logD7.4 for those generated molecules, so the students can compare them with doxorubicin.",
                       pool)
    assert call.arguments["drug_smiles"] == "(generated_smiles)"


def test_a_class_named_by_its_topic_asks_for_no_tool_and_ids_are_no_values() -> None:
    """"Predicted ln IC50 of imatinib in K562 — baseline for today's optimisation lab." asked for an optimisation
    goal; "Subject 1101-0019" gave a goal of -19 (its id read as a number and a mask)."""
    assert decided("Predicted ln IC50 of imatinib in K562 — baseline for today's optimisation lab.") == \
        "drug_cell_response_regression_predict"
    assert read_message("Subject 1101-0019 CMTRT entries: atorvastatin, simvastatin").numbers == []
    assert read_message("SUBJID 2031-004 is on warfarin").numbers == []
    assert read_message("mask 0001111").masks == [[0, 0, 0, 1, 1, 1, 1]]


def test_a_target_that_describes_molecules_is_not_the_one_asked() -> None:
    """"The weakest EGFR binder of the three — its pKd on ERBB2" ran EGFR: the target in the pick describes the
    molecule picked; the one asked is ERBB2. Alone, a target so written is still the target."""
    both = read_message("The weakest EGFR binder of the three — its pKd on ERBB2, please.")
    assert [n.name for n in both.names if n.kind == "target"] == ["EGFR", "ERBB2"] and len(both.sequences) == 1
    assert not both.sequences[0].startswith(EGFR_START)
    assert read_message("pKd of our EGFR binders").sequences[0].startswith(EGFR_START)
    # a target named as what a drug may be is the question, not a description
    asked = read_message("is crizotinib even an ALK binder according to the DTI classifier, or is that only ROS1/MET")
    assert len(asked.sequences) == 3


def test_a_known_role_is_no_ask() -> None:
    """"BBB probability for ivermectin and loperamide — both are P-gp substrates that cause neurotoxicity" asked
    about P-gp efflux, which no model predicts: what the drugs are is no question. "Is verapamil a P-gp substrate?"
    still is."""
    assert decided("MDR1 lecture: BBB probability for ivermectin and loperamide — both are P-gp substrates that "
                   "cause neurotoxicity in ABCB1-mutant dogs.") == "drug_property_prediction"
    assert decided("is verapamil a P-gp substrate?") is None


def test_rows_of_a_list_against_one_drug_and_a_pair_by_its_row() -> None:
    """"DrugBank interaction for olaparib against each row of the listing" and "interactions of olaparib with rows
    2 and 4 of the file" found no pairs; "Rerun row 3's pair on TWOSIDES" ran every pair."""
    pool = {"upload_cm_listing.csv": ["CCO", "CCN", "CCC", "CCCl"]}
    [call] = plan_with("DrugBank interaction for olaparib against each row of cm_listing.csv", pool)
    assert [pair[1] for pair in call.arguments["smiles_pairs"]] == ["CCO", "CCN", "CCC", "CCCl"]
    [call] = plan_with("interactions of olaparib with rows 2 and 4 of the file", pool)
    assert [pair[1] for pair in call.arguments["smiles_pairs"]] == ["CCN", "CCCl"]
    assert plan_with("interactions of olaparib with rows 2 and 7 of the file", pool)[0].arguments.get(
        "smiles_pairs") is None
    pairs = {"user_smiles_pairs": [["CCO", "CCN"], ["CCO", "CCC"], ["CCO", "CCCl"]]}
    [call] = plan_with("Rerun row 3's pair on TWOSIDES please", pairs, [ran(DDI, "IP against each row")])
    assert call.arguments["smiles_pairs"] == [["CCO", "CCCl"]]


def test_which_line_came_out_least_sensitive_is_picked_from_the_results() -> None:
    """"Which line came out least sensitive? Generate molecules for that one" ran the thread's last line: the line
    is the one whose logged ln(IC50) is highest."""
    from agent.backends.planner import plan_calls
    from agent.history import CallLog, PastRequest
    from agent.pool.store import InMemoryPoolStore
    from agent.pool.thread_pool import ThreadPool
    from model_zoo.specs import TOOLS

    response = "drug_cell_response_regression_predict"
    pool = ThreadPool(InMemoryPoolStore(), "t")
    calls = []
    for line, value in (("Saos-2", 3.0), ("MG-63", 0.5), ("HOS", 1.0)):
        meta = pool.put(f"{response}_result", [{"row": 1, "smiles": "CCO", "ln_ic50": value}], "table", "u", "tool")
        calls.append(CallLog(response, {"drug_smiles": ["CCO"], "cell_name": line}, None, {}, "ok",
                             result_key=meta.key, result_version=meta.version))
    earlier = PastRequest("u", "doxorubicin in Saos-2, MG-63 and HOS", answered=True, calls=calls)
    [call] = plan_calls("Which line came out least sensitive? Generate molecules for that one, target ln IC50 -1.5.",
                        pool.list(), list(TOOLS), [earlier], pool.read)
    assert call.arguments == {"cell_line": "Saos-2", "zscore": -1.5}


def test_a_row_of_one_of_two_unnamed_uploads_is_asked_and_the_answer_names_the_file() -> None:
    """"Please run row 3 of the conmed listing against the IP (olaparib)" with two listings uploaded: asked which
    (the newest one's row 3 must not run); the answer "Site 311." names cm_listing_site311.csv (311 is no value)."""
    from agent.history import PastRequest

    pool = {"upload_cm_listing_site204.csv": ["CCO", "CCN", "CCC"],
            "upload_cm_listing_site311.csv": ["CCO", "CCN", "CCCl"]}
    ask = "Please run row 3 of the conmed listing against the IP (olaparib)."
    assert all(not c.arguments.get("smiles_pairs") for c in plan_with(ask, pool))
    # a row of which upload? asked, never the newest upload's row nor all of it
    assert all(not c.arguments.get("smiles_list") for c in plan_with("Route for the second product please", pool))
    [call] = plan_with("Site 311.", pool, [PastRequest("u", ask, answered=False)])
    assert call.name == DDI and [pair[0] for pair in call.arguments["smiles_pairs"]] == ["CCCl"]


def test_values_before_the_ask_they_belong_to_make_no_ask_of_their_own() -> None:
    """"A549, and make it about 1 micromolar" (the answer to "generate a new anti-cancer molecule?") ran a response
    prediction in A549 with no drug before the generation: the line belongs to the ask after it."""
    from agent.history import PastRequest

    earlier = [PastRequest("u", "Can you generate a new anti-cancer molecule for the demo day?", answered=False)]
    [call] = plan_with("A549, and make it about 1 micromolar", {}, earlier)
    assert call.name == "drug_cell_response_regression_generation"
    assert call.arguments == {"cell_line": "A549", "zscore": 0.0}
    # a drug and a line are an ask of their own
    calls = plan_with("Lynparza in HCC1954 and BT474 please, plus the Tox21 p53 stress flag on it", {})
    assert [c.name for c in calls] == ["drug_cell_response_regression_predict"] * 2 + ["drug_property_prediction"]


def test_reagents_by_their_trivial_names_are_read_with_opsin() -> None:
    """"acryloyl chloride vs acrylic acid: hydration free energy for both" asked for structures: two-word reagent
    names carry no locant, so they were never sent to OPSIN. Where OPSIN cannot read one ("nucleic acid"), or it is a
    medium or a level, nothing is read."""
    import pytest

    from model_zoo.names import opsin

    if not opsin.available():
        pytest.skip(f"OPSIN is not available here: {opsin.why_unavailable()}")
    e = read_message("acryloyl chloride vs acrylic acid: hydration free energy for both (routes 1 and 2)")
    assert e.molecules == ["C(C=C)(=O)Cl", "C(C=C)(=O)O"]
    for text in ("the nucleic acid content", "folic acid levels", "it was dissolved in acetic acid"):
        assert not read_message(text).molecules


def test_the_question_about_missing_molecules_names_the_uploads_to_choose_from() -> None:
    """With two uploads the question asked instead of a guess ("logS for the uploaded file") said only "I still need
    which molecules"; it names the files to choose from."""
    import time

    from agent.backends.base import PlanContext
    from agent.backends.planner import OfflinePlanner
    from agent.evaluation.harness import load_pool
    from agent.loop import Decider, Limits
    from agent.pool.store import InMemoryPoolStore
    from agent.pool.thread_pool import ThreadPool
    from model_zoo.specs import TOOLS

    pool = ThreadPool(InMemoryPoolStore(), "t")
    load_pool(pool, {"upload_site204.csv": ["CCO"], "upload_site311.csv": ["CCN"]})
    text = "logS for the uploaded file"
    ctx = PlanContext(request=text, pool=pool.list(), offered=list(TOOLS), read=pool.read)
    decision = Decider(OfflinePlanner(), pool, list(TOOLS), Limits()).decide(ctx, read_message(text),
                                                                            time.monotonic() + 60)
    assert decision.action is None and "site204.csv, site311.csv" in (decision.final or "")
