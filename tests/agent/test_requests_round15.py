"""Requests of the fifteenth round: a list that goes on after a bracketed gloss, picks by the value closest to zero
and by the most negative value, a reply that cannot give what a question asked for and asks for something else, and
"use the one from your table" after a question about a mistyped structure; Portuguese requests and "CI50",
common words one letter from a brand, a label glued to a structure, "not just yes or no", biologic brands, and a
kind of drug ("a blood thinner") in place of a drug."""

from __future__ import annotations

import math

import pytest
from planning_support import plan_with, ran

from agent.entities import extract
from agent.history import PastRequest
from agent.selection import pick_rows
from model_zoo.names import find_drug_names
from model_zoo.names.types import Resolved, Unresolved

PROPERTY = "drug_property_prediction"
TOLUENE, MTBE, HEXANE = "Cc1ccccc1", "CC(C)(C)OC", "CCCCCC"
ASPIRIN = "CC(=O)OC1=CC=CC=C1C(O)=O"


def test_a_bracketed_gloss_does_not_end_a_list_of_names() -> None:
    """Before, hexane (read only in lists and after property words) was left out of the run silently."""
    text = "Hydration free energies for toluene, 2-methoxy-2-methyl-propane (MTBE) and hexane."
    assert [m.written for m in find_drug_names(text)] == ["toluene", "2-methoxy-2-methyl-propane", "MTBE", "hexane"]
    [call] = plan_with(text, {})
    assert call.arguments == {"drug_smiles": [TOLUENE, MTBE, HEXANE], "property": "freesolv"}
    assert "hexane" not in [m.written for m in find_drug_names("Dissolved in toluene (dry) and hexane-free.")]


ROWS = [{"smiles": TOLUENE, "prediction": -0.41}, {"smiles": MTBE, "prediction": -2.38},
        {"smiles": HEXANE, "prediction": 2.04}]


def test_picks_by_sign_and_by_distance_from_zero() -> None:
    """"the most negative" is the lowest value (before: the highest, as for "the most soluble")."""
    assert pick_rows("whichever has the most negative hydration free energy", ROWS) == [MTBE]
    assert pick_rows("the least negative one", ROWS[:2]) == [TOLUENE]
    assert pick_rows("the most positive one", ROWS) == [HEXANE]
    assert pick_rows("whichever is more negative", ROWS[:2]) == [MTBE]
    assert pick_rows("take the one whose value is closer to zero", ROWS) == [TOLUENE]
    assert pick_rows("the two closest to zero", ROWS) == [TOLUENE, HEXANE]
    assert pick_rows("the most soluble", ROWS) == [HEXANE]  # unchanged: "most" asks for the high end
    assert pick_rows("closest to 0.5", ROWS) is None  # a threshold value, not zero


def test_a_reply_without_the_asked_sequence_asks_for_the_other_tool_only() -> None:
    """"No sequence to hand. Then the ClinTox flag for those": the binding question it declines is not run again
    (before, it ran first without a target and the whole turn was asked about)."""
    earlier = [ran("drug_property_prediction", "BBB penetration for chlorpyrifos and diazinon"),
               PastRequest("u", "For the ones predicted to cross: are they likely to bind acetylcholinesterase?",
                           answered=False)]
    pool = {"user_smiles": [TOLUENE, MTBE]}
    calls = plan_with("No sequence to hand. Then the clinical-trial toxicity flag (ClinTox) for those.", pool, earlier)
    assert [(c.name, c.arguments.get("property")) for c in calls] == [(PROPERTY, "CT_TOX")]


def test_use_the_one_from_your_table_takes_the_named_drug_instead_of_the_mistyped_structure() -> None:
    asked = PastRequest("u", "(a) logD of aspirin — I typed the SMILES myself: CC(=O)Oc1ccccc1C(=O)O)", answered=False)
    [call] = plan_with("Use the one from your table, sorry.", {}, [asked])
    assert call.arguments == {"drug_smiles": [ASPIRIN], "property": "lipo"}
    # without that reply the mistyped structure stays what is asked about, never replaced by the name
    [again] = plan_with("sorry, go ahead", {}, [asked])
    assert again.arguments["drug_smiles"] == ["CC(=O)Oc1ccccc1C(=O)O)"]
    # and with no drug named, "use yours" never takes the thread's list in its place
    unnamed = PastRequest("u", "logD of this one please: CC(=O)Oc1ccccc1C(=O)O)", answered=False)
    [kept] = plan_with("use yours", {"user_smiles": ["CCO", "CCN"]}, [unnamed])
    assert kept.arguments["drug_smiles"] == ["CC(=O)Oc1ccccc1C(=O)O)"]


def test_portuguese_requests_read_like_english_ones() -> None:
    """Portuguese request words and "CI50" (the IC50 in French, Spanish and Portuguese)."""
    bbb = "Gente, esses dois atravessam a barreira hematoencefálica? O projeto é SNC\n1) CCO\n2) CCN"
    [call] = plan_with(bbb, {})
    assert call.arguments == {"drug_smiles": ["CCO", "CCN"], "property": "p_np"}  # "SNC" (the CNS) is no molecule
    [call] = plan_with("energia livre de hidratação desses dois, por favor\nCCCc1ccccc1 e CCCc1ccc(cc1)O", {})
    assert call.arguments["property"] == "freesolv"
    [call] = plan_with("Gera moléculas pra NCI-H1975 com CI50 de 0,5 µM, por favor", {})
    assert call.arguments["zscore"] == pytest.approx(math.log(0.5))
    # a unitless potency is asked about, in Portuguese too
    assert [u.kind for u in extract("Gera moléculas pra HCC827 com CI50 alvo 5").unresolved] == ["ic50_unit"]


def test_common_words_one_letter_from_a_drug_name_are_no_drugs() -> None:
    """"tem alguma interação prevista?" read Alsuma (sumatriptan) and Prezista (darunavir); "Lasix and he's been on
    Lanoxin" read helium (the symbol He) as a drug of the list."""
    text = "A gente vai combinar cisplatina com paclitaxel in vitro; tem alguma interação fármaco-fármaco prevista?"
    assert [m.written for m in find_drug_names(text)] == ["cisplatina", "paclitaxel"]
    text = "Cardiology started Lasix and he's been on Lanoxin for years."
    assert [m.written for m in find_drug_names(text)] == ["Lasix", "Lanoxin"]
    assert [m.written for m in find_drug_names("Decadron plus ethanol")] == ["Decadron", "ethanol"]  # "plus" lists


def test_a_key_value_label_glued_to_a_structure_is_no_part_of_it() -> None:
    [call] = plan_with("pkd | target=BRAF (wt) | cmpd=CCCS(=O)(=O)Nc1ccc(F)c(C(=O)c2c[nH]c3ncc(Cl)cc23)c1F", {})
    assert call.name == "drug_target_affinity_regression_predict"
    assert call.arguments["drug_smiles"] == ["CCCS(=O)(=O)Nc1ccc(F)c(C(=O)c2c[nH]c3ncc(Cl)cc23)c1F"]


def test_not_just_yes_or_no_asks_for_the_number_only() -> None:
    for text in ("How strong does this compound bind ABL1? I want the pKd, not just yes or no.\nCCOc1ccccc1",
                 "Quão forte esse composto liga em ABL1? Quero o número, o pKd, não só sim ou não.\nCCOc1ccccc1"):
        assert [c.name for c in plan_with(text, {})] == ["drug_target_affinity_regression_predict"], text


def test_a_biologic_brand_is_asked_about_not_left_out() -> None:
    """Herceptin (trastuzumab, an antibody: no structure) was not read at all, and the pair ran without it."""
    [herceptin, tagrisso] = find_drug_names("Does Herceptin interact with Tagrisso?")
    assert isinstance(herceptin, Unresolved) and "trastuzumab" in herceptin.note
    assert isinstance(tagrisso, Resolved)


@pytest.mark.parametrize(("text", "kind"), [("She's on a blood thinner and starting Tagrisso. Do they clash?",
                                              "blood thinner"),
                                             ("my blood pressure pill and ibuprofen, do they interact?",
                                              "blood pressure pill")])
def test_a_kind_of_drug_is_asked_about(text: str, kind: str) -> None:
    assert [u.written for u in extract(text).unresolved if u.kind == "drug"] == [kind]


@pytest.mark.parametrize("text", ["warfarin, a blood thinner, with aspirin", "her SSRI, sertraline, with tramadol",
                                  "a statin (atorvastatin) with clarithromycin", "Is aspirin an NSAID?",
                                  "This is an antibiotic candidate: CCO, logS?", "used as an antibiotic; logS of CCO",
                                  "response of U87 to temozolomide and to our steroid ctrl CC(=O)C1CCC2C1CCC=C2",
                                  "Our antiemetic bundle is Emend + Decadron on day 1.",
                                  "Q2 of my antihistamine worksheet: (a) Is Zyrtec predicted to cross the BBB?"])
def test_a_kind_of_drug_named_beside_its_drug_or_as_a_role_asks_nothing(text: str) -> None:
    assert [u.written for u in extract(text).unresolved if u.kind == "drug"] == []


def test_request_words_of_another_language_pick_rows_too() -> None:
    """The planner reads the request words of ``translations.json`` in English throughout, not only for the tool:
    "Der beste davon" (the best of them) and "Die mit dem niedrigsten logD" pick from the thread's result."""
    rows = [{"smiles": "CCO", "prediction": 1.6}, {"smiles": "CCN", "prediction": -1.0},
            {"smiles": "CCC", "prediction": 1.9}]
    pool = {"user_smiles": ["CCO", "CCN", "CCC"], "drug_property_prediction_result": rows}
    earlier = [ran(PROPERTY, "Lipophilie (logD7,4) für CCO CCN CCC", {"drug_smiles": ["CCO", "CCN", "CCC"],
                                                                       "property": "lipo"})]
    [call] = plan_with("Die mit dem niedrigsten logD: wie ist die Antwort in A549?", pool, earlier)
    assert call.arguments == {"drug_smiles": ["CCN"], "cell_name": "A549"}


def test_an_upload_cue_is_a_word_not_part_of_one() -> None:
    """"profile" is no "file", "antiplatelet" no "plate": the newest list stays what "these" means."""
    from agent.evaluation.harness import load_pool
    from agent.planning.references import pool_ref
    from agent.pool.store import InMemoryPoolStore
    from agent.pool.thread_pool import ThreadPool

    pool = ThreadPool(InMemoryPoolStore(), "t")
    load_pool(pool, {"upload_plate1.csv": ["CCO", "CCN"], "user_smiles": ["CCC"]})
    for words in ("the solubility profile of these", "logD of these antiplatelet hits"):
        assert pool_ref(pool.list(), ("smiles_list",), words) == "(user_smiles)", words
    for words in ("logD for the uploaded file", "the plate, logD please", "logS for the spreadsheet"):
        assert pool_ref(pool.list(), ("smiles_list",), words) == "(upload_plate1.csv)", words


def test_routes_for_opens_a_retrosynthesis_request() -> None:
    text = ("Routes for both of Jun's targets, one step back:\n1. COc1c(F)cc(C(=O)Nc2ccc(-c3cn4cc(C)ccc4n3)cc2)cc1F\n"
            "2. COc1ncc(-c2cc(F)cc3c(C)c4n(c23)CCNC4=O)cn1")
    assert [c.name for c in plan_with(text, {})] == ["Retrosynthetic_reaction_pathway_prediction"]


def test_digits_after_a_cell_key_are_no_potency() -> None:
    """"cell=123456" (a COSMIC id GDSC lacks) was read as a ln(IC50) goal: the reply "905949" then generated
    molecules for A549 with a goal of 123456."""
    asked = PastRequest("u", "cell=123456 smiles=CC(C)S(=O)(=O)NCC(C)c1ccc(cc1)c2ccc(cc2)C#N", answered=False)
    [call] = plan_with("905949", {}, [asked])
    assert call.name == "drug_cell_response_regression_predict"
    assert call.arguments["cell_name"] in ("A549", "905949")
    assert extract("cell=123456 smiles=CCO").numbers == []


def test_a_list_only_name_after_with_is_the_drug_paired() -> None:
    """"Decadron with Emend": Emend (aprepitant) is also an English word, read only beside another drug."""
    [call] = plan_with("Decadron with Emend, any interaction?", {})
    assert call.name == "drug_drug_response_predict" and len(call.arguments["smiles_pairs"]) == 1


def test_same_file_keeps_the_earlier_tool() -> None:
    """"+ ERBB2, same file" after a pKd run is the pKd for ERBB2 (before: the binary interaction call)."""
    earlier = [ran("drug_target_affinity_regression_predict", "pkd target=EGFR smiles=CCOc1ccccc1")]
    for text in ("+ ERBB2, same file", "ERBB2, same list"):
        [call] = plan_with(text, {"user_smiles": ["CCOc1ccccc1"]}, earlier)
        assert call.name == "drug_target_affinity_regression_predict", text
