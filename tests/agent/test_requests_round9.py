"""Requests of the ninth round of independently written sets: kinase families named as a whole or as one kinase, and
the answer that picks their members."""

from __future__ import annotations

import time

import pytest

from agent.backends.base import PlanContext
from agent.backends.planner import OfflinePlanner, plan_calls
from agent.entities import extract
from agent.evaluation.harness import load_pool
from agent.history import PastRequest
from agent.loop import Decider, Limits
from agent.pool.store import InMemoryPoolStore
from agent.pool.thread_pool import ThreadPool
from model_zoo.names import resolve_drug
from model_zoo.names.targets import find_target_names, resolve_target
from model_zoo.names.types import Resolved, Unresolved
from model_zoo.specs import TOOLS


def _pool(values: dict) -> ThreadPool:
    pool = ThreadPool(InMemoryPoolStore(), "t")
    load_pool(pool, values)
    return pool


def _plan(text: str, values: dict | None = None, history: list[PastRequest] | None = None) -> list:
    pool = _pool(values or {})
    return plan_calls(text, pool.list(), list(TOOLS), history or [], lambda key: pool.require(key).value)


def _sequences(*names: str) -> list[str]:
    out = []
    for name in names:
        resolved = resolve_target(name)
        assert isinstance(resolved, Resolved), name
        out.append(resolved.value)
    return out


def _smiles(name: str) -> str:
    resolved = resolve_drug(name)
    assert isinstance(resolved, Resolved), name
    return resolved.value


@pytest.mark.parametrize(("text", "members"), [
    ("Every Aurora kinase you have, against alisertib. Affinity please.", ("AURKA", "AURKB", "AURKC")),
    ("Ruxolitinib vs the whole JAK family minus TYK2. Binder calls.", ("JAK1 JH1", "JAK2", "JAK3")),
    ("pKd of tofacitinib for JAK1-3", ("JAK1 JH1", "JAK2", "JAK3")),  # a family: its kinase domains
    ("does doramapimod bind JNK1/2/3?", ("JNK1", "JNK2", "JNK3")),
    ("ponatinib on FGFR1-4 except FGFR4, pKd", ("FGFR1", "FGFR2", "FGFR3")),
])
def test_a_family_named_as_a_whole_runs_each_member(text: str, members: tuple[str, ...]) -> None:
    calls = _plan(text)
    assert [c.arguments["target_seq"] for c in calls] == _sequences(*members)
    assert len({str(c.arguments["drug_smiles"]) for c in calls}) == 1


@pytest.mark.parametrize("text", ["Does doramapimod hit JNK?", "pKd of tozasertib on Aurora kinase"])
def test_a_family_named_as_one_kinase_is_asked_about(text: str) -> None:
    (question,) = [n for n in find_target_names(text) if isinstance(n, Unresolved)]
    assert "family" in question.note and len(question.closest) == 3
    pool = _pool({"user_target_seq": _sequences("ABL1")[0]})  # never the thread's sequence instead
    ctx = PlanContext(request=text, pool=pool.list(), offered=list(TOOLS), read=lambda key: pool.require(key).value)
    decision = Decider(OfflinePlanner(), pool, list(TOOLS), Limits()).decide(ctx, extract(text),
                                                                               time.monotonic() + 30)
    assert decision.action is None
    assert all(member in (decision.final or "") for member in question.closest)


@pytest.mark.parametrize("text", ["an Aurora kinase inhibitor like alisertib: logS?", "the JAK-selective compounds",
                                  "pan-JAK inhibitors", "the off-target CDK/Aurora compounds"])
def test_a_family_describing_a_drug_class_is_no_target(text: str) -> None:
    assert find_target_names(text) == []


@pytest.mark.parametrize(("question", "answer", "members"), [
    ("Does doramapimod hit JNK?", "all three", ("JNK1", "JNK2", "JNK3")),
    ("pKd of tozasertib on Aurora kinase", "A and B", ("AURKA", "AURKB")),
    ("pKd of tozasertib on Aurora kinase", "just B", ("AURKB",)),
])
def test_the_answer_picks_members_of_the_family_asked_about(question: str, answer: str,
                                                            members: tuple[str, ...]) -> None:
    calls = _plan(answer, history=[PastRequest("user", question, answered=False)])
    assert [c.arguments["target_seq"] for c in calls] == _sequences(*members)
    drug = "doramapimod" if "doramapimod" in question else "tozasertib"
    assert all(c.arguments["drug_smiles"] == [_smiles(drug)] for c in calls)


LEAD, BACKUP, COMEDS = ["CC(=O)Nc1ccc(O)cc1"], ["CC(C)Cc1ccc(C(C)C(=O)O)cc1"], ["CCO", "CN1CCC[C@H]1c1cccnc1"]


def test_two_named_uploads_of_one_molecule_are_a_pair() -> None:
    (call,) = _plan("Would our lead and the backup interact if a patient was on both?",
                    {"upload_lead.sdf": LEAD, "upload_backup.sdf": BACKUP})
    assert call.arguments["smiles_pairs"] == [[LEAD[0], BACKUP[0]]]


def test_one_uploaded_molecule_against_each_of_another_upload() -> None:
    (call,) = _plan("Could our lead interact with the co-medications in the comeds file? One check per co-med please.",
                    {"upload_lead.sdf": LEAD, "upload_comeds_list.csv": COMEDS})
    assert call.arguments["smiles_pairs"] == [[LEAD[0], m] for m in COMEDS]


def test_each_named_upload_in_the_order_named() -> None:
    values = {"upload_lead.sdf": LEAD, "upload_lead_v2.sdf": BACKUP, "upload_cro_panel.csv": COMEDS}
    calls = _plan("what's the logD of our lead v2 — and the two reference compounds in the CRO panel too", values)
    assert [c.arguments["drug_smiles"] for c in calls] == ["(upload_lead_v2.sdf)", "(upload_cro_panel.csv)"]


def test_a_quoted_reply_is_context_not_the_request() -> None:
    values = {"user_smiles": ["CCO", "CCN", "CCC"], "user_cell_line": "A375"}
    quoted = "> Predicted ln(IC50) in A375:\n> • 3 molecules, mean -1.2\n\n"
    (call,) = _plan(quoted + "same three in SK-MEL-28 please", values)
    assert call.arguments == {"drug_smiles": "(user_smiles)", "cell_name": "SK-MEL-28"}


def test_a_quoted_goal_is_replaced_by_the_new_one() -> None:
    import math

    values = {"user_cell_line": "MOLM-13", "user_zscore": -2.0, "generated_smiles": ["CCO"]}
    (call,) = _plan("> Generated 5 molecules for MOLM-13 (target ln(IC50) -2.0)\n\nsame line, go harder: 5 nM", values)
    assert call.arguments["zscore"] == pytest.approx(math.log(0.005))


def test_a_new_partner_for_the_drug_the_thread_pairs() -> None:
    lead, ketoconazole = "CC(=O)Nc1ccc(O)cc1", _smiles("ketoconazole")
    history = [PastRequest("user", f"DDI for {lead} with ketoconazole?", answered=True)]
    (call,) = _plan("and with rifampicin as the inducer?", {"user_smiles_pairs": [[lead, ketoconazole]]}, history)
    assert call.arguments["smiles_pairs"] == [[lead, _smiles("rifampicin")]]


def test_sub_unit_potency_is_one_unit() -> None:
    (call,) = _plan("Generate molecules for A549 at sub-micromolar potency")
    assert call.arguments["zscore"] == 0.0


def test_a_forwarded_request_in_a_quote_is_the_request() -> None:
    (call,) = _plan("Forwarding from Dr. Haddad's email:\n> Could someone ask the bot about digoxin + amiodarone?\n"
                    "Thanks!")
    assert call.arguments["smiles_pairs"] == [[_smiles("digoxin"), _smiles("amiodarone")]]


def test_the_structures_of_a_quoted_reply_are_kept() -> None:
    quoted = "> **CMP-2** `CC(=O)Nc1ccc(O)cc1` — p = 0.71\n> **CMP-5** `CCN(CC)CC` — p = 0.75\n\n"
    (call,) = _plan(quoted + "these two → predicted IC50 in HCC-827?", {"user_smiles": ["CCO", "CCC", "CCN"]})
    assert call.arguments["drug_smiles"] == ["CC(=O)Nc1ccc(O)cc1", "CCN(CC)CC"]


BINDERS = [{"smiles": s, "probability": p} for s, p in (("CCO", 0.99), ("CCN", 0.98), ("CCC", 0.62), ("CCCl", 0.2))]


@pytest.mark.parametrize(("text", "picked"), [("pKd for the two binders", None), ("pKd for the three binders", 3)])
def test_a_count_that_disagrees_with_the_rows_it_names_is_asked(text: str, picked: int | None) -> None:
    values = {"user_smiles": [r["smiles"] for r in BINDERS], "user_target_seq": _sequences("EGFR")[0],
              "drug_target_classification_predict_result": BINDERS}
    calls = _plan(text, values)
    if picked is None:
        assert all("drug_smiles" not in c.arguments for c in calls)
    else:
        assert calls[0].arguments["drug_smiles"] == [r["smiles"] for r in BINDERS[:picked]]


def test_a_pick_before_several_asks_is_theirs() -> None:
    values = {"optimized_smiles": ["CCO", "CCN"]}
    calls = _plan("take rank 1, get me a retro and a BBB check on it", values)
    assert [c.name for c in calls] == ["Retrosynthetic_reaction_pathway_prediction", "drug_property_prediction"]
    assert all(list(c.arguments.values())[0] == ["CCO"] for c in calls)


def test_ranks_listed_pick_those_rows() -> None:
    values = {"optimized_smiles": ["CCO", "CCN", "CCC", "CCCl"], "user_cell_line": "HT-29"}
    (call,) = _plan("HT-29 response for ranks 1, 3 and 4", values)
    assert call.arguments["drug_smiles"] == ["CCO", "CCC", "CCCl"]


def test_a_goal_at_a_shown_drugs_level() -> None:
    cytarabine = _smiles("cytarabine")
    values = {"user_smiles": [cytarabine], "user_cell_line": "HL-60",
              "drug_cell_response_regression_predict_result": [{"smiles": cytarabine, "ln_ic50": 0.23}]}
    (call,) = _plan("generate at cytarabine's level in HL-60", values)
    assert call.arguments["zscore"] == pytest.approx(0.23)


def test_a_fold_in_words_against_the_earlier_goal() -> None:
    import math

    (call,) = _plan("…and for DU145 at tenfold more potent than that.", {"user_zscore": math.log(2.0)})
    assert call.arguments["zscore"] == pytest.approx(math.log(0.2))


def test_a_broken_pasted_sequence_is_asked_about_never_replaced_by_the_name() -> None:
    plk1 = _sequences("PLK1")[0]
    text = f"pKd of volasertib on the PLK1 construct from our plasmid map: {plk1[:60]}*{plk1[61:150]}"
    pool = _pool({})
    ctx = PlanContext(request=text, pool=pool.list(), offered=list(TOOLS), read=lambda key: pool.require(key).value)
    decision = Decider(OfflinePlanner(), pool, list(TOOLS), Limits()).decide(ctx, extract(text), time.monotonic() + 30)
    assert decision.action is None and "stop codon" in (decision.final or "")


def test_a_trained_property_asked_in_its_own_question_runs() -> None:
    (call,) = _plan("what's its hERG liability? and is it BBB-penetrant?", {"user_smiles": ["CCO"]})
    assert call.arguments["property"] == "p_np"


def test_a_long_chemical_name_is_no_broken_sequence() -> None:
    from model_zoo.chem.proteins import find_broken_sequences

    assert find_broken_sequences("lapatinib with the methylsulfonylethylaminomethyl chain free") == []


def test_numbered_questions_for_people_ask_no_tool() -> None:
    calls = _plan("1. predicted ln(IC50) of gefitinib in NCI-H1975\n2. is T790M represented in the cell features?\n"
                  "3) could you recommend a good review on BRCAness?")
    assert [c.name for c in calls] == ["drug_cell_response_regression_predict"]


def test_a_chapter_number_is_no_goal() -> None:
    (call,) = _plan("For chapter 3:\n(1) optimize erlotinib for HCC-827 towards 30 nM — both methoxyethoxy chains may "
                    "change, the quinazoline and the ethynylaniline stay")
    assert call.name == "drug_cell_response_regression_optimization"


def test_a_question_that_picks_is_the_pick_of_the_next_ask() -> None:
    values = {"upload_batch4.csv": ["CCO", "CCCCCCO"], "user_property": "logSolubility",
              "drug_property_prediction_result": [{"smiles": "CCO", "prediction": 0.5},
                                                  {"smiles": "CCCCCCO", "prediction": -1.5}]}
    (call,) = _plan("Thanks! Which is the most soluble then — and could you check if that one gets into the brain?",
                    values)
    assert call.arguments == {"drug_smiles": ["CCO"], "property": "p_np"}


def test_a_numbered_ask_for_the_models_prediction_is_an_ask() -> None:
    calls = _plan("1. does the model predict an interaction between tamoxifen and paroxetine?\n"
                  "2. why is that a CYP2D6 story?")
    assert [c.name for c in calls] == ["drug_drug_response_predict"]


def test_a_heading_line_asks_nothing() -> None:
    calls = _plan("For my pharmacology rotation:\n1. does tamoxifen interact with paroxetine?")
    assert [c.name for c in calls] == ["drug_drug_response_predict"]


def test_an_answer_completes_a_request_that_named_no_tool() -> None:
    history = [PastRequest("user", "cisplatin in OVCAR please", answered=False)]
    (call,) = _plan("OVCAR-3", history=history)
    assert call.arguments == {"drug_smiles": [_smiles("cisplatin")], "cell_name": "OVCAR-3"}


def test_a_pick_in_a_file_two_uploads_fit_is_asked_then_taken_from_the_one_named() -> None:
    values = {"upload_hits_A.csv": ["CCO", "CCN"], "upload_hits_B.csv": ["c1ccccc1O", "CCCl"]}
    text = "optimise the first compound of the hits file for NCI-H1975, 50 nM, keep atoms 0-1"
    assert all("gt" not in c.arguments for c in _plan(text, values))
    (call,) = _plan("B", values, [PastRequest("user", text, answered=False)])
    assert call.arguments["gt"] == "c1ccccc1O"


def test_a_line_name_in_lower_case_before_its_tissue_and_line() -> None:
    (call,) = _plan("design molecules for the daoy medulloblastoma line at around 300 nano molar")
    assert call.arguments["cell_line"] == "Daoy"


def test_solvents_after_a_misspelt_property() -> None:
    (call,) = _plan("Could you predict the hydraton free enrgy of chloroform and methanol for the class?")
    assert call.arguments["property"] == "freesolv" and len(call.arguments["drug_smiles"]) == 2


def test_a_pick_by_a_yes_no_result_asks_for_no_property() -> None:
    from agent.planning.properties import requested_properties

    assert requested_properties("For the BBB-negative ones only: ClinTox toxicity probability.") == ["CT_TOX"]
    assert requested_properties("which of these are BBB-positive?") == ["p_np"]
