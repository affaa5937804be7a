"""Requests of the thirty-seventh round."""

from __future__ import annotations

import pytest

from planning_support import decided, drug, plan_with, ran, target

from agent.history import PastRequest

PROPERTY = "drug_property_prediction"
PAIRS = "drug_drug_response_predict"
CELLS = "drug_cell_response_regression_predict"
RETRO = "Retrosynthetic_reaction_pathway_prediction"
AFFINITY = "drug_target_affinity_regression_predict"


def test_a_molecule_swapped_in_a_list_takes_its_place_and_keeps_the_others() -> None:
    """"Replace emtricitabine with lamivudine and rerun" after a logD run of two drugs ran lamivudine alone; "Swap
    emtricitabine for lamivudine and run it again with tenofovir" ran an interaction check of the two."""
    teno, emtri, lami = drug("tenofovir disoproxil"), drug("emtricitabine"), drug("lamivudine")
    earlier = ran(PROPERTY, "logD of tenofovir disoproxil and emtricitabine",
                  {"drug_smiles": [teno, emtri], "property": "lipo"})
    pool = {"user_smiles": [teno, emtri], "user_property": "lipo",
            "drug_property_prediction_result": [{"row": 1, "smiles": teno, "prediction": 1.2},
                                                {"row": 2, "smiles": emtri, "prediction": -0.9}]}
    for text in ("Replace emtricitabine with lamivudine and rerun.",
                 "Same again but with lamivudine instead of emtricitabine.",
                 "Swap emtricitabine for lamivudine and run it again with tenofovir.",
                 "What if I swap emtricitabine for lamivudine? Run it again with tenofovir."):
        [call] = plan_with(text, pool, [earlier])
        assert call.name == PROPERTY and call.arguments == {"drug_smiles": [teno, lami], "property": "lipo"}, text
    # words that ask for a pair still ask for one
    [call] = plan_with("Swap emtricitabine for lamivudine and check the interaction with tenofovir.", pool, [earlier])
    assert call.name == PAIRS


def test_questions_no_tool_answers_run_nothing() -> None:
    """A detection window, the incidence of an adverse effect, the cost of making a drug, an experimental value, a
    patient's eGFR or QTc: no tool answers them, and the thread's last tool ran again in their place."""
    pairs = {"user_smiles_pairs": [[drug("methadone"), drug("ciprofloxacin")]], "drug_drug_response_predict_result": []}
    earlier = ran(PAIRS, "methadone with ciprofloxacin", {"smiles_pairs": pairs["user_smiles_pairs"]})
    assert decided("Could the combination push his QTc past 480 ms?", pairs, [earlier]) is None
    props = {"user_smiles": [drug("lamotrigine")], "user_property": "logSolubility",
             "drug_property_prediction_result": [{"row": 1, "smiles": drug("lamotrigine"), "prediction": -3.1}]}
    logs = ran(PROPERTY, "logS of lamotrigine", {"drug_smiles": props["user_smiles"], "property": "logSolubility"})
    for text in ("And the detection window of nandrolone after one injection?",
                 "What is the incidence of rash with lamotrigine compared with valproate?",
                 "Which of them is safest at eGFR 25?", "What's the experimental value? I need the measured one.",
                 "How expensive is lamotrigine to make?"):
        assert decided(text, props, [logs]) is None, text
    # a patient's eGFR beside a named pair still runs it
    assert decided("Check metformin with lisinopril please, her eGFR is 40.") == PAIRS
    assert decided("Predict Kp,uu,brain for sertraline.") is None


def test_two_letter_lines_are_read_in_a_response_request() -> None:
    """GDSC's RD and HH were never read ("in the RD rhabdomyosarcoma line", "romidepsin in HH?"): the request was
    asked about."""
    [call] = plan_with("Predicted ln(IC50) of doxorubicin in the RD rhabdomyosarcoma line?", {})
    assert call.name == CELLS and call.arguments["cell_name"] == "RD"
    [call] = plan_with("Vorinostat in HH, ln IC50?", {})
    assert call.arguments == {"drug_smiles": [drug("vorinostat")], "cell_name": "HH"}


def test_class_words_and_legends_are_no_values() -> None:
    """"the depsipeptide" was an unknown drug asked about, "somatostatin analogues" ran somatostatin, and a mask's key
    "(1 = may change)" was read as the target z-score."""
    [call] = plan_with("ln IC50 of romidepsin (a bicyclic depsipeptide) in Jurkat?", {})
    assert call.arguments == {"drug_smiles": [drug("romidepsin")], "cell_name": "Jurkat"}
    [call] = plan_with("BBB probability for octreotide? It is for a talk on somatostatin analogues.", {})
    assert call.arguments == {"drug_smiles": [drug("octreotide")], "property": "p_np"}
    from agent.entities import extract

    assert [n.value for n in extract("Target lnIC50 -1.5; mask (1 = may change) below").numbers] == [-1.5]


def test_a_forwarded_request_in_a_quote_is_read() -> None:
    """"FW: …" above a quoted request ("> Erlotinib in HCC827, predicted ln(IC50)") was read as a quote of an earlier
    reply and dropped: nothing was asked."""
    [call] = plan_with("FW: request from the thoracic group\n> Erlotinib in HCC827, predicted ln(IC50)", {})
    assert call.arguments == {"drug_smiles": [drug("erlotinib")], "cell_name": "HCC-827"}
    [call] = plan_with("Forwarding from the CNS team (ticket 5521, not a compound):\n\"Do these two cross the "
                       "blood-brain barrier?\"\n1) CN1CCC(CC1)=C1c2ccccc2C=Cc2ccccc12\n2) CCN(CC)CCOC(=O)c1ccccc1", {})
    assert call.name == PROPERTY and call.arguments["property"] == "p_np" and len(call.arguments["drug_smiles"]) == 2


def test_follow_ups_that_change_the_list_or_the_pairs() -> None:
    """"… and drop gefitinib" kept gefitinib; "A and B, each against C" paired A with B; "and with digoxin too, both of
    them" paired one drug only."""
    ima, gef, erl = drug("imatinib"), drug("gefitinib"), drug("erlotinib")
    pool = {"user_smiles": [ima, gef, erl], "user_property": "lipo", "drug_property_prediction_result": []}
    earlier = ran(PROPERTY, "logD of imatinib, gefitinib and erlotinib", {"drug_smiles": [ima, gef, erl],
                                                                           "property": "lipo"})
    [call] = plan_with("Same again but logS, and drop gefitinib.", pool, [earlier])
    assert call.arguments == {"drug_smiles": [ima, erl], "property": "logSolubility"}
    flu, vori, tac = drug("fluconazole"), drug("voriconazole"), drug("tacrolimus")
    [call] = plan_with("Fluconazole and voriconazole, each against tacrolimus.", {})
    assert sorted(map(sorted, call.arguments["smiles_pairs"])) == sorted([sorted([flu, tac]), sorted([vori, tac])])
    amio, vera, dig = drug("amiodarone"), drug("verapamil"), drug("digoxin")
    pairs = {"user_smiles_pairs": [[amio, vera]], "drug_drug_response_predict_result": []}
    [call] = plan_with("ok and with digoxin too, both of them", pairs,
                       [ran(PAIRS, "amiodarone with verapamil", {"smiles_pairs": [[amio, vera]]})])
    assert sorted(map(sorted, call.arguments["smiles_pairs"])) == sorted([sorted([amio, dig]), sorted([vera, dig])])


def test_an_unanswered_follow_up_continues_the_run_before_it() -> None:
    """"also run it against the mutant one" (asked which) then "never mind, skip that. HER2 instead." ran the binding
    yes/no instead of the pKd the thread had run."""
    erl = drug("erlotinib")
    pool = {"user_smiles": [erl], "user_target_seq": target("EGFR"),
            "drug_target_affinity_regression_predict_result": []}
    first = ran(AFFINITY, "erlotinib vs EGFR, affinity", {"drug_smiles": [erl], "target_seq": target("EGFR")})
    asked = PastRequest("u", "also run it against the mutant one", answered=False)
    [call] = plan_with("never mind, skip that. HER2 instead.", pool, [first, asked])
    assert call.name == AFFINITY and call.arguments["target_seq"] == target("ERBB2")


def test_files_lines_and_molecules_the_thread_does_not_have_are_asked_about() -> None:
    """"the file from Team C" with only team A's file ran team A's; "the other team's line" ran the thread's line;
    "now the same for our lead" ran the thread's molecule; "same again for the teamB file" ran team A's again."""
    plate = {"upload_teamA_q3.csv": ["CCO", "CCN"]}
    assert decided("Run BBB on the file from Team C.", plate) is None
    both = {"upload_teamA_q3.csv": ["CCO", "CCN"], "upload_teamB_hits.csv": ["CCCO"], "user_property": "logSolubility",
            "drug_property_prediction_result": []}
    earlier = ran(PROPERTY, "Solubility on teamA_q3.csv first.", {"drug_smiles": "(upload_teamA_q3.csv)",
                                                                   "property": "logSolubility"})
    [call] = plan_with("same again for the teamB file", both, [earlier])
    assert call.arguments == {"drug_smiles": "(upload_teamB_hits.csv)", "property": "logSolubility"}
    cells = {"user_smiles": [drug("gefitinib")], "user_cell_line": "A549",
             "drug_cell_response_regression_predict_result": []}
    line = ran(CELLS, "gefitinib in A549", {"drug_smiles": [drug("gefitinib")], "cell_name": "A549"})
    assert decided("now the other team's line", cells, [line]) is None
    route = {"user_smiles": [drug("bortezomib")], "Retrosynthetic_reaction_pathway_prediction_result": []}
    retro = ran(RETRO, "Retrosynthesis demo: bortezomib", {"smiles_list": [drug("bortezomib")]})
    assert decided("cool, now the same for our lead", route, [retro]) is None
    assert decided("cool, now the same for our lead", {**route, "upload_lead.sdf": ["CCO"]}, [retro]) == RETRO


def test_a_systematic_name_beside_a_drug_is_that_drug_again() -> None:
    """"Retro of naproxen, (S)-2-(6-methoxynaphthalen-2-yl)propanoic acid" ran naproxen and propanoic acid (the end of
    the systematic name, read alone), and "L-phenylalanine, 2-amino-3-phenylpropanoic acid" ran both forms."""
    from model_zoo.names import opsin

    if not opsin.available():
        pytest.skip(opsin.why_unavailable())
    [call] = plan_with("Retro for ibuprofen, 2-[4-(2-methylpropyl)phenyl]propanoic acid.", {})
    assert call.arguments == {"smiles_list": [drug("ibuprofen")]}
    [call] = plan_with("One-step retro for L-phenylalanine (2-amino-3-phenylpropanoic acid).", {})
    assert call.arguments == {"smiles_list": [drug("L-phenylalanine")]}
    # two drugs a systematic name does not restate stay two
    [call] = plan_with("logS of aspirin and 4-nitrophenyl acetate", {})
    assert len(call.arguments["drug_smiles"]) == 2


def test_a_route_s_product_and_its_words_around_it() -> None:
    """After a route: "the product" is the route's molecule, "So the precursor is X." asks for no route, and a group
    name that ends in -yl is no unknown molecule ("a carbon-11 on the N-methyl")."""
    ketone = "O=C(c1ccccc1)c1ccccc1"
    pool = {"user_smiles": [ketone], "Retrosynthetic_reaction_pathway_prediction_result": []}
    retro = ran(RETRO, "Retrosynthesis of benzophenone", {"smiles_list": "(user_smiles)"})
    [call] = plan_with("Nice. logS of the product and of toluene, please.", pool, [retro])
    assert call.arguments == {"drug_smiles": [ketone, drug("toluene")], "property": "logSolubility"}
    [call] = plan_with("So the starting material is toluene. BBB for toluene then, and for caffeine.", pool, [retro])
    assert call.name == PROPERTY and call.arguments["property"] == "p_np"
    [call] = plan_with("Single-step retro of fluoxetine; we want to put a carbon-11 on the N-methyl.", {})
    assert call.arguments == {"smiles_list": [drug("fluoxetine")]}


def test_molecules_added_to_an_earlier_comparison() -> None:
    """"Add methanol and acetone to that comparison, only those two" read no solvent, then ran them as a drug pair.
    The earlier ones have their results: the new ones run (as two sets' authors expect, with or without "only")."""
    acids = [drug("acetic acid"), drug("ethanol")]
    pool = {"user_smiles": acids, "user_property": "freesolv", "drug_property_prediction_result": []}
    earlier = ran(PROPERTY, "Hydration free energy for acetic acid and ethanol.", {"drug_smiles": acids,
                                                                                    "property": "freesolv"})
    [call] = plan_with("Add hexane and toluene to that comparison, only those two.", pool, [earlier])
    assert call.arguments == {"drug_smiles": [drug("hexane"), drug("toluene")], "property": "freesolv"}
    [call] = plan_with("Add hexane and toluene to that comparison.", pool, [earlier])
    assert call.arguments == {"drug_smiles": [drug("hexane"), drug("toluene")], "property": "freesolv"}
    [call] = plan_with("Add hexane and toluene to that comparison, and check the interaction.", pool, [earlier])
    assert call.name == PAIRS


def test_the_pair_to_start_with_and_a_reason_name_no_more_molecules() -> None:
    """"How toxic is A / B in a patient on C? Start with A vs B." ran A with C too; "Does metformin hit AMPK? Relevant
    for the AICAR discussion." ran AICAR as well once the AMPK subunit was given."""
    spiro, furo = drug("spironolactone"), drug("furosemide")
    [call] = plan_with("How risky is spironolactone with furosemide in a patient already on lisinopril? Start with "
                       "spironolactone vs furosemide.", {})
    assert [sorted(p) for p in call.arguments["smiles_pairs"]] == [sorted([spiro, furo])]
    [call] = plan_with("Does metformin bind AMPK-alpha1? Relevant for the AICAR discussion.", {})
    assert call.arguments["drug_smiles"] == [drug("metformin")]


def test_pkc_isoforms_by_their_greek_letter() -> None:
    """"PKC-delta", "PKC-epsilon" were asked about (closest: PI3K-delta, IKK-epsilon …); DAVIS has them as PRKCD,
    PRKCE."""
    from model_zoo.names import resolve_target
    from model_zoo.names.types import Resolved, Unresolved

    for written, symbol in (("PKC-delta", "PRKCD"), ("PKCε", "PRKCE"), ("PKC theta", "PRKCQ"), ("PKC-iota", "PRKCI")):
        found = resolve_target(written)
        assert isinstance(found, Resolved) and found.name == symbol, written
    assert isinstance(resolve_target("PKC"), Unresolved)


def test_make_these_better_is_asked_about_and_let_it_change_anything_frees_every_atom() -> None:
    """"make these better" ran a retrosynthesis; "take the first one, same line, aim for -3, let it change anything"
    too."""
    gen = ["CCc1ccc(CCC(=O)Nc2ccc(C(C)=O)cc2)o1", "CCOc1ccccc1"]
    pool = {"user_cell_line": "A549", "user_zscore": -2.0, "generated_smiles": gen}
    made = ran("drug_cell_response_regression_generation", "Generate molecules for A549, target -2.0",
               {"cell_line": "A549", "zscore": -2.0})
    assert decided("hmm ok. make these better", pool, [made]) is None
    asked = PastRequest("u", "hmm ok. make these better", answered=False)
    [call] = plan_with("take the first one, same line, aim for -3, let it change anything", pool, [made, asked])
    assert call.name == "drug_cell_response_regression_optimization"
    assert call.arguments["gt"] == gen[0] and set(call.arguments["mask"]) == {1}


def test_a_broken_structure_beside_a_name_offers_the_named_drug() -> None:
    """"BBB for metformin, SMILES CN(C)C(=N)NC(N)=" asked about the structure only, and "yes" to the question ran
    nothing; the question now offers the named drug's structure, and "yes" takes it."""
    from agent.backends.base import PlanContext
    from agent.backends.planner import OfflinePlanner
    from agent.entities import read_message
    from agent.loop import Decider, Limits
    from agent.pool.store import InMemoryPoolStore
    from agent.pool.thread_pool import ThreadPool
    from model_zoo.specs import TOOLS

    text = "logS for caffeine, SMILES CN1C=NC2=C1C(=O)N(C)C(=O)N2("
    pool = ThreadPool(InMemoryPoolStore(), "t")
    ctx = PlanContext(request=text, pool=pool.list(), offered=list(TOOLS), history=[], read=pool.read)
    decision = Decider(OfflinePlanner(), pool, list(TOOLS), Limits()).decide(ctx, read_message(text), 10**12)
    assert decision.action is None and "use caffeine" in (decision.final or "") and "Say yes" in (decision.final or "")
    asked = PastRequest("u", text, answered=False)
    [call] = plan_with("yes", {}, [asked])
    assert call.arguments == {"drug_smiles": [drug("caffeine")], "property": "logSolubility"}


def test_parts_that_stay_and_a_glossed_part_in_an_optimisation() -> None:
    """"The boronic acid, the leucine residue and the pyrazinoyl cap stay …; only the phenylalanine side chain (the
    benzyl) may change" read boronic acid and phenylalanine as molecules, and the glossed part as none."""
    text = ("Optimise bortezomib towards ln(IC50) -2.5 in KMS-11. The boronic acid and the leucine residue stay as "
            "they are; only the phenylalanine side chain (the benzyl) may change.")
    [call] = plan_with(text, {})
    mask = call.arguments["mask"]
    assert call.arguments["gt"] == drug("bortezomib") and sum(mask) == 7 and mask[10:17] == [1] * 7


def test_a_parasite_kinase_with_its_species_named_and_clinical_questions_after_a_run() -> None:
    """"PfCDPK1 (Plasmodium falciparum)" was asked about as a species the tables lack, though DAVIS holds the parasite's
    construct; "why does … drop, can you explain?", "what does the guideline say?", "should the dose be raised?" ran
    the thread's tool again."""
    [call] = plan_with("pKd of staurosporine on PfPK5 (Plasmodium falciparum)?", {})
    assert call.name == AFFINITY and call.arguments["target_seq"] == target("PfPK5")
    pair = [drug("rifampicin"), drug("efavirenz")]
    pool = {"user_smiles_pairs": [pair], "drug_drug_response_predict_result": []}
    earlier = ran(PAIRS, "rifampicin with efavirenz", {"smiles_pairs": [pair]})
    for text in ("OK, so should the efavirenz dose be raised to 800 mg?", "What does the national guideline say?",
                 "And why does the level drop so much, can you explain?"):
        assert decided(text, pool, [earlier]) is None, text


def test_the_call_that_just_ran_is_not_run_again_unasked() -> None:
    """A follow-up question that would make exactly the call the thread's last request ran ("should the doctor lower
    the warfarin dose then?" after warfarin with aspirin) is a question about that result, not a rerun; "run it
    again" and a new drug still run."""
    pair = [drug("warfarin"), drug("aspirin")]
    pool = {"user_smiles_pairs": [pair], "drug_drug_response_predict_result": []}
    earlier = ran(PAIRS, "warfarin with aspirin", {"smiles_pairs": [pair]})
    for text in ("So should the doctor lower the warfarin dose, or stop the aspirin?",
                 "Is that interaction between warfarin and aspirin seen in older patients mostly?"):
        assert decided(text, pool, [earlier]) is None, text
    assert decided("Run it again please, same pair.", pool, [earlier]) == PAIRS
    [call] = plan_with("and warfarin with clopidogrel?", pool, [earlier])
    assert call.arguments["smiles_pairs"] == [[drug("warfarin"), drug("clopidogrel")]]
