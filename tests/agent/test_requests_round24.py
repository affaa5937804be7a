"""Requests of the twenty-fourth round."""

from __future__ import annotations

import time

from planning_support import decided, plan_with

from agent.history import PastRequest

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


def test_endogenous_molecules_are_read_unless_they_name_a_system() -> None:
    """"Does melatonin actually get into the brain?", "check melatonin with sertraline": melatonin, dopamine,
    serotonin … were never read from a sentence (they name receptors), so the question ran on the other drugs or
    asked for molecules. They are read unless a word naming a system follows ("serotonin syndrome", "dopamine D2")."""
    from model_zoo.names.drugs import find_drug_names

    def read(text: str) -> list[str]:
        return [m.written for m in find_drug_names(text)]

    assert read("Does melatonin actually get into the brain? And the caffeine too.") == ["melatonin", "caffeine"]
    assert read("Dopamine and adrenaline: can they cross into the brain?") == ["Dopamine", "adrenaline"]
    assert read("Serotonin syndrome cluster: sertraline + tramadol") == ["sertraline", "tramadol"]
    assert read("the dopamine D2 receptor and the serotonin transporter") == []


def test_a_listed_acronym_or_code_no_table_knows_is_asked_about() -> None:
    """"What would NAC, alpha-lipoic acid and glutathione each do to HuH-7?" ran the two known ones and dropped NAC;
    "CoQ10 and vitamin E" dropped CoQ10. A capitalised acronym or a letters-and-digits code listed with known drugs is
    asked about (NAC, CoQ10, DHEA and 5-HTP are now known shorthand); a dosing schedule ("500 mg BID, …") is not."""
    from model_zoo.names.drugs import find_drug_names

    found = find_drug_names("What would ZQX, alpha-lipoic acid and glutathione each do to HuH-7?")
    assert [(type(m).__name__, m.written) for m in found][0] == ("Unresolved", "ZQX")
    assert decided("What would ZQX, alpha-lipoic acid and glutathione each do to HuH-7?") is None
    assert [m.name for m in find_drug_names("NAC and CoQ10 with DHEA and 5-HTP")] == \
        ["acetylcysteine", "ubidecarenone", "dehydroepiandrosterone", "5-Hydroxytryptophan"]
    assert all(m.written != "BID" for m in find_drug_names("metformin 500 mg BID, sitagliptin 100 mg OD"))


def test_a_pair_written_after_a_medication_list_is_the_pair() -> None:
    """"Med list: metformin 500 mg BID, sitagliptin 100 mg OD, atorvastatin 40 mg HS. First: metformin vs
    sitagliptin." paired metformin with both others. A pair written out in a sentence after the list is the pair."""
    [call] = plan_with("Med list: metformin 500 mg BID, sitagliptin 100 mg OD, atorvastatin 40 mg HS. First: "
                       "metformin vs sitagliptin.", {})
    assert call.name == DDI and len(call.arguments["smiles_pairs"]) == 1
    [call] = plan_with("Check metformin, sitagliptin and atorvastatin against each other.", {})
    assert len(call.arguments["smiles_pairs"]) == 3


def test_polish_names_in_their_cases() -> None:
    """"lipofilowość imatynibu i nilotynibu", "interakcję warfaryny z flukonazolem", "IC50 cisplatyny": Polish INNs
    were read only in the nominative. The genitive, instrumental and locative endings are read back to it, and the
    Polish "z" joins a pair ("with"); ordinary words stay unknown."""
    from model_zoo.names import resolve_drug

    assert [resolve_drug(w).name for w in ("imatynibu", "flukonazolem", "cisplatyny", "doksorubicynie",
                                          "werapamilem")] == \
        ["imatinib", "fluconazole", "cisplatin", "doxorubicin", "verapamil"]
    assert resolve_drug("problem").kind == "drug" and not hasattr(resolve_drug("problem"), "value")
    [call] = plan_with("Sprawdź proszę interakcję warfaryny z flukonazolem (model DrugBank).", {})
    assert call.name == DDI and len(call.arguments["smiles_pairs"]) == 1


def test_quoted_words_and_claims_ask_for_nothing() -> None:
    """"DHEA is sold as a 'hormone precursor'. What's the chance DHEA is active in the Tox21 androgen receptor
    assay?" ran a retrosynthesis ("precursor"). Two to five words in quotes are a name or a claim quoted."""
    [call] = plan_with("Testosterone is sold as a 'hormone precursor'. What's the chance testosterone is active in the "
                       "Tox21 androgen receptor assay?", {})
    assert call.name == "drug_property_prediction" and call.arguments["property"] == "NR-AR"
    assert len(call.arguments["drug_smiles"]) == 1


def test_fat_soluble_is_lipophilicity() -> None:
    """"Fat-soluble ingredients …: CoQ10, vitamin D3 and vitamin K1. logD for each?" asked for water solubility
    ("soluble"); "whichever came out most fat-loving" could not be ranked."""
    [call] = plan_with("How fat-soluble are vitamin D3 and vitamin K1?", {})
    assert call.arguments["property"] == "lipo"


def test_settings_and_quoted_values_beside_structures() -> None:
    """"logD7.4 batch, n=4: <SMILES> …" asked about the invalid SMILES 'n=4'; "gt=`<SMILES>`" lost the structure in
    its backticks; "logS for camptothecin and for our analogue <SMILES>" dropped camptothecin (a part of the typed
    analogue)."""
    from agent.entities import read_message

    assert read_message("logD7.4 batch, n=4:\nCC(CC(=O)NCc1ccccc1)C2CCCO2\nCOc1ccc(C=C2SC(=O)NC2=O)cc1OC").smiles == \
        ["CC(CC(=O)NCc1ccccc1)C2CCCO2", "COc1ccc(C=C2SC(=O)NC2=O)cc1OC"]
    assert read_message("opt: gt=`CSc1ccc(cc1)c2nc(c3ccc(F)cc3)c([nH]2)c4ccncc4`, cl=HCT-116").smiles == \
        ["CSc1ccc(cc1)c2nc(c3ccc(F)cc3)c([nH]2)c4ccncc4"]
    [call] = plan_with("Aqueous solubility (logS) for camptothecin and for our 10-carbamate analogue PL-031:\n"
                       "CCC1(O)C(=O)OCc2c1cc1n(c2=O)Cc2cc3cc(OC(=O)N4CCN(C)CC4)ccc3nc2-1", {})
    assert len(call.arguments["drug_smiles"]) == 2


def test_assay_techniques_rank_words_and_arabizi_are_no_entities() -> None:
    """"pKd for the binders; I don't want to waste SPR time" would not reuse the thread's target (SPR read as a gene
    symbol); "the rank-1 precursors" and "Kol cell line lewa7daha" (Arabic typed in Latin letters: each line on its
    own) were asked about as unknown cell lines."""
    from agent.entities import read_message

    target = "MENFQKVEKIGEGTYGVVYKARNKLTGEVVALKKIRLDTETEGVPSTAIREISLLKELNHPNIVKLLDVIHTENKLYLV"
    [call] = plan_with("pKd for these; I don't want to waste SPR time on the rest.",
                       {"user_smiles": ["CCO", "CCN"], "user_target_seq": target})
    assert call.arguments["target_seq"] == "(user_target_seq)"
    assert read_message("logS on the rank-1 precursors of product 2").unresolved == []
    assert read_message("cisplatin fe T24 w fe HT-1376? Kol cell line lewa7daha.").unresolved == []


def test_taglish_and_arabizi_request_words() -> None:
    """"Ito po: Norvasc, Cozaar at Lipitor — bawat isa laban sa iba" (each against the others) and "Momken el
    predicted ln(IC50) beta3 cisplatin fe T24 w fe 5637? Kol cell line lewa7daha" (each line on its own) were not
    understood. Tagalog and Arabizi request words are read in messages that read as those languages only."""
    from agent.vocabulary import in_english

    assert "each against the others" in in_english("Ito po: Norvasc, Cozaar at Lipitor — bawat isa laban sa iba.")
    [call] = plan_with("Ito po: Norvasc, Cozaar at Lipitor — bawat isa laban sa iba.", {})
    assert call.name == DDI and len(call.arguments["smiles_pairs"]) == 3
    calls = plan_with("Momken el predicted ln(IC50) beta3 cisplatin fe T24 w fe 5637? Kol cell line lewa7daha.", {})
    assert [c.arguments["cell_name"] for c in calls] == ["T24", "5637"]
    assert in_english("Check aspirin at pH 7.4, el paso is fine") == "Check aspirin at pH 7.4, el paso is fine"


def test_picked_rows_in_the_table_order_when_asked() -> None:
    """"rerun the 2 worst (lowest logS) with the lipo head. keep the original row order" listed them by rank. Rows
    picked by rank keep the rank order unless the words ask for the table's order."""
    from agent.selection import pick_rows

    rows = [{"row": i + 1, "smiles": s, "prediction": v} for i, (s, v) in enumerate(
        [("CCO", -0.5), ("CCCCCCc1ccccc1", -4.0), ("c1ccccc1O", -1.0), ("CCCCCCCCCC", -5.0)])]
    assert pick_rows("rerun the 2 worst (lowest logs)", rows) == ["CCCCCCCCCC", "CCCCCCc1ccccc1"]
    assert pick_rows("rerun the 2 worst (lowest logs) with the lipo head. keep the original row order", rows) == \
        ["CCCCCCc1ccccc1", "CCCCCCCCCC"]


def test_short_answers_name_an_upload_by_its_telling_part() -> None:
    """"aqueous solubility for the linker file please" with linkers_v1.csv and linkers_v2.csv, answered "v2"; "B,
    the tosylates." for precursors_A/B: the answers were asked about again."""
    from agent.planning.uploads import upload_by_words

    keys = ["upload_linkers_v1.csv", "upload_linkers_v2.csv"]
    assert upload_by_words("aqueous solubility for the linker file please\nv2", keys)[0] == "upload_linkers_v2.csv"
    keys = ["upload_precursors_A.smi", "upload_precursors_B.smi"]
    assert upload_by_words("single-step routes for the precursor file\nb, the tosylates.", keys)[0] == keys[1]
    assert upload_by_words("single-step routes for the precursor file\na or b, not sure", keys)[0] is None


def test_words_that_describe_the_molecules_or_take_a_property_back() -> None:
    """"Cold standards of our two P-gp tracers, …: BBB probability for each?" was asked about P-gp efflux (no model);
    "BBB and logD7.4 of donepezil. Actually scrap the logD …" kept logD."""
    from agent.planning.properties import requested_properties

    assert decided("Cold standards of our two P-gp tracers, verapamil and loperamide: BBB probability for each?") == \
        "drug_property_prediction"
    assert decided("P-gp efflux ratio for verapamil and loperamide?") is None
    assert decided("MDR1 lecture, part 2: BBB probability for ivermectin and loperamide") == "drug_property_prediction"
    assert requested_properties("BBB probability and logD7.4 of donepezil. Actually scrap the logD, we measured it; "
                                "give me aqueous solubility instead.") == ["p_np", "logSolubility"]


def test_it_with_several_molecules_in_the_thread_and_unknown_runs_are_asked_about() -> None:
    """"Does it get into the brain?" with resveratrol and quercetin in the thread ran both; "retro on the outputs of
    job r-1022" ran the newest molecules of the thread. Both are asked about; "do they get into the brain?" and
    "does it get into the brain?" with one molecule still run."""
    two = {"user_smiles": ["OC1=CC=C(C=CC2=CC(O)=CC(O)=C2)C=C1", "CCO"]}
    assert decided("Does it get into the brain?", two) is None
    assert decided("Do they get into the brain?", two) == "drug_property_prediction"
    assert decided("Does it get into the brain?", {"user_smiles": ["CCO"]}) == "drug_property_prediction"
    answered = [PastRequest("u", "Does it get into the brain?", answered=False)]
    [call] = plan_with("#2", two, answered)  # the answer the question suggests picks the second one
    assert call.arguments["drug_smiles"] == ["CCO"]
    made = {"generated_smiles": ["CCO", "CCN"], "optimized_smiles": ["CCCO", "CCCN"]}
    assert decided("retro on the outputs of job r-1022 please", made) is None
    assert "r-1022" in _question("retro on the outputs of job r-1022 please", made)
    assert decided("retro on the optimised ones please", made) == "Retrosynthetic_reaction_pathway_prediction"


def test_a_reported_question_then_the_answer_kind_is_one_ask() -> None:
    """"He also wonders whether it binds ERBB2 more tightly than EGFR. Could you give the pKd for both?" ran the
    yes/no model: a question reported ("wonders whether") and then the kind of answer is one ask, of that kind."""
    calls = plan_with("He also wonders whether it binds ERBB2 more tightly than EGFR. Could you give the pKd for both?",
                      {"user_smiles": ["CCO"]})
    assert [c.name for c in calls] == [AFFINITY, AFFINITY]


def test_untrained_efflux_and_new_candidates_are_asked_about() -> None:
    """"Predict MDR1 (P-gp) efflux ratios for topotecan and SN-38. We think efflux explains the JIMT-1 resistance."
    ran the cell-line model in JIMT-1; "Retro the new candidates." with generated and optimised molecules ran the
    optimised ones."""
    assert decided("Predict MDR1 (P-gp) efflux ratios for topotecan and irinotecan. We think efflux explains the "
                   "JIMT-1 resistance.") is None
    made = {"generated_smiles": ["CCO", "CCN"], "optimized_smiles": ["CCCO", "CCCN"]}
    assert decided("Retro the new candidates.", made) is None


def test_the_exit_vector_is_the_part_that_changes() -> None:
    """"keep the aminopyrazolopyrimidine and the phenoxyphenyl; the acryloyl-piperidine is our exit vector, let it
    change": degrader and fragment chemists name the part they grow from; it may change."""
    from agent.atom_ranges import find_atom_ranges

    assert [(r.core, r.keep) for r in find_atom_ranges(
        "keep the aminopyrazolopyrimidine; the acryloyl-piperidine is our exit vector, let it change")] == \
        [("aminopyrazolopyrimidine", True), ("acryloyl-piperidine", False)]


def test_polish_part_names_in_masks() -> None:
    """"Zmieniać wolno tylko N-metylopiperazynę, trójpierścieniowy rdzeń zostaje." (only the N-methylpiperazine may
    change): Polish mask words and part names with Polish letters and case endings were not read."""
    from agent.atom_ranges import find_atom_ranges
    from agent.vocabulary import in_english
    from model_zoo.chem.cores import english_spelling

    assert [english_spelling(w) for w in ("N-metylopiperazynę", "2-metoksyetoksylowe", "tetrahydrofuranu")] == \
        ["n-methylpiperazine", "2-methoxyethoxy", "tetrahydrofuran"]
    ranges = find_atom_ranges(in_english("Zmieniać wolno tylko N-metylopiperazynę, trójpierścieniowy rdzeń zostaje."))
    assert [(r.core, r.keep) for r in ranges] == [("n-metylopiperazynę", False), ("core", True)]


def test_one_molecule_by_a_description_no_pick_places_is_asked_about() -> None:
    """"How well does the second-generation one dissolve in water?" ran the second row ("second" read as a place);
    "BBB for the 4-F analogue from the plate file" ran the whole file. One molecule named by a description nothing
    places is asked about; "the second one" is still the second row."""
    three = {"user_smiles": ["CCO", "CCN", "CCC"]}
    assert decided("How well does the second-generation one dissolve in water?", three) is None
    assert decided("BBB for the 4-F analogue from the plate file", {"upload_sar_plate7.csv": ["CCO", "CCN"]}) is None
    [call] = plan_with("logS of the second one", three)
    assert call.arguments["drug_smiles"] == ["CCN"]
    assert decided("BBB for the uploaded ones", {"upload_sar_plate7.csv": ["CCO", "CCN"]}) == \
        "drug_property_prediction"
    two_files = {"upload_plate7.csv": ["CCO", "CCN"], "upload_plate8.csv": ["CCC", "CCCl"]}
    assert decided("BBB for the uploaded compounds?\nThe plate 7 one.", two_files) == "drug_property_prediction"


def test_single_agents_are_no_pair() -> None:
    """"Single agents of venetoclax and azacitidine, please, for the new combo plate." ran the interaction model on
    the pair; each drug alone is the cell-line model (asked for a line here)."""
    assert decided("Single agents of venetoclax and azacitidine, please, for the new combo plate.") is None
    assert decided("venetoclax and azacitidine as single agents in MOLM-13") == CELLS


def test_egfr_written_as_the_kidney_measure_is_no_target() -> None:
    """"the right dose of Glucophage at eGFR 35?" ran metformin against the EGFR kinase: eGFR with a small e is the
    kidney's filtration rate; EGFR and egfr are still the kinase."""
    from model_zoo.names.targets import find_target_names

    assert find_target_names("What is the right dose of Glucophage at eGFR 35?") == []
    assert [t.name for t in find_target_names("does gefitinib bind EGFR?")] != []


def test_a_well_shared_by_two_plates_is_asked_about() -> None:
    """"HT-29 predicted response for A01." beside P07-A01 and P08-A01 ran both rows."""
    plates = ("Two plates in this shipment:\nP07-A01 COc1ccc2C=CC(=O)N(CCN3CCC(CC3)NCc4cc5OCCOc5cn4)c2c1\n"
              "P08-A01 COc1cc2ncnc(Oc3cnn(CC(=O)Nc4ccc(cn4)N(C)C)c3)c2cc1OC\n")
    assert decided(plates + "HT-29 predicted response for A01.") is None
    [call] = plan_with(plates + "HT-29 predicted response for P08-A01.", {})
    assert call.arguments["drug_smiles"] == ["COc1cc2ncnc(Oc3cnn(CC(=O)Nc4ccc(cn4)N(C)C)c3)c2cc1OC"]


def test_a_clause_with_had_been_is_no_report() -> None:
    """A conditional clause ("if bromacil and terbacil had been tested in people, would ClinTox flag them?") is part
    of the question, not a sentence that only reports."""
    from agent.entities import extract
    from agent.planning.tool_choice import intents
    from model_zoo.specs import TOOLS

    text = ("Hypothetical: if the uracil herbicides bromacil and terbacil had been tested in people, would the "
            "clinical-trial toxicity model (ClinTox) flag them?")
    assert [spec.name for spec, _ in intents(extract(text), list(TOOLS))] == ["drug_property_prediction"]


def _question(text: str, values: dict) -> str:
    """The question a chat turn asks for ``text`` in a thread whose pool holds ``values``."""
    from agent.backends.base import PlanContext
    from agent.backends.planner import OfflinePlanner
    from agent.entities import read_message
    from agent.evaluation.harness import load_pool
    from agent.loop import Decider, Limits
    from agent.pool.store import InMemoryPoolStore
    from agent.pool.thread_pool import ThreadPool
    from model_zoo.specs import TOOLS

    pool = ThreadPool(InMemoryPoolStore(), "t")
    load_pool(pool, values)
    ctx = PlanContext(request=text, pool=pool.list(), offered=list(TOOLS), read=pool.read)
    decision = Decider(OfflinePlanner(), pool, list(TOOLS), Limits()).decide(ctx, read_message(text),
                                                                        time.monotonic() + 60)
    return decision.final or ""


def test_the_question_names_the_thread_list_it_could_not_choose_from() -> None:
    """"Does it get into the brain?" with two molecules in the thread asked only for "which molecules": the question
    now names the thread's list and how to answer."""
    question = _question("Does it get into the brain?", {"user_smiles": ["CCO", "CCN"]})
    assert "user_smiles" in question and "2 molecules" in question
