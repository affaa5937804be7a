"""The no-guessing rule: a name the agent cannot resolve never yields a call built from the thread's values.

Property-style: invented drug names, unknown targets and unknown cell lines in many phrasings, with a pool
full of other molecules, sequences and cell lines, through the offline planner and through a backend that
proposes pool references the way an LLM does.
"""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agent.backends.base import PlanContext, ToolCall
from agent.backends.planner import OfflinePlanner
from agent.backends.scripted import ScriptedBackend
from agent.entities import extract
from agent.loop import Decider, Limits
from agent.pool.store import InMemoryPoolStore
from agent.pool.thread_pool import ThreadPool
from agent.provenance import IMPLICIT, POOL, REFERENCE, UNKNOWN, trace
from model_zoo.names import Unresolved, resolve_drug
from model_zoo.specs import TOOLS

SYLLABLES = ["zor", "bra", "qui", "vel", "tox", "mab", "pex", "lor", "dra", "fen", "xan", "tri", "olu", "ryn"]
SUFFIXES = ["tinib", "ciclib", "parib", "rafenib", "lisib", "prazole", "sartan", "statin", "olol", "dipine",
            "mycin", "floxacin", "azepam", "platin", "taxel", "rubicin", "vir"]
DRUG_ASKS = ["What is the IC50 of {x} in A549?", "How soluble is {x}?", "does {x} cross the blood-brain barrier?",
             "suggest precursors for {x}", "would {x} bind ABL1?", "predict the lipophilicity of {x} please",
             "any interaction between {x} and warfarin?", "is {x} a BACE-1 inhibitor?",
             "how strongly does {x} bind EGFR", "retrosynthesis of {x}", "{x}: solubility and BBB?",
             "what's the hydration free energy of {x}"]
CELL_ASKS = ["IC50 of these in {c}?", "how sensitive is {c} to the uploaded compounds", "generate molecules for {c} "
             "with IC50 below 100 nM", "predict response of the generated ones in {c} cells"]
UNKNOWN_CELLS = ["HepG2", "HEK293", "HEK293T", "SH-SY5Y", "Huh7.5"]
MOLECULE_KINDS = {"smiles_list", "smiles", "smiles_pairs"}


def _pool() -> ThreadPool:
    pool = ThreadPool(InMemoryPoolStore(), "test:no-guessing")
    pool.put("upload_hits.csv", ["CCO", "c1ccccc1O", "CC(=O)Oc1ccccc1C(=O)O"], "smiles_list", "u", "file")
    pool.put("user_smiles", ["CCN(CC)CC"], "smiles_list", "u", "message")
    pool.put("generated_smiles", ["Cc1ccccc1N"], "smiles_list", "tool:gen", "tool")
    pool.put("user_cell_line", "A549", "cell_line", "u", "message")
    pool.put("user_target_seq", "MKKFFDSRREQGGSGLGSGSSGGGGSTSGLGSGYIGRVFGIGRQQVTVDEVLAEGGFA", "protein_seq", "u",
             "message")
    return pool


def _decide(text: str, backend) -> tuple[ToolCall | None, str | None]:
    pool = _pool()
    ctx = PlanContext(request=text, pool=pool.list(), offered=list(TOOLS),
                      read=lambda key: pool.require(key).value)
    decision = Decider(backend, pool, list(TOOLS), Limits()).decide(ctx, extract(text), time.monotonic() + 30)
    return decision.action, decision.final


def _pool_sourced(call: ToolCall, text: str, kinds: set[str]) -> list[str]:
    sources = trace(call, extract(text))
    spec = next(s for s in TOOLS if s.name == call.name)
    return [name for name, source in sources.items()
            if spec.param(name).kind in kinds and source.how in (POOL, IMPLICIT, REFERENCE, UNKNOWN)]


invented = st.builds(lambda a, b, suffix: a + b + suffix, st.sampled_from(SYLLABLES), st.sampled_from(SYLLABLES),
                     st.sampled_from(SUFFIXES)).filter(lambda name: isinstance(resolve_drug(name), Unresolved))


@settings(max_examples=60, deadline=None)
@given(name=invented, template=st.sampled_from(DRUG_ASKS))
def test_an_unknown_drug_is_asked_about_never_replaced_by_pool_molecules(name: str, template: str) -> None:
    text = template.format(x=name)
    for backend in (OfflinePlanner(), ScriptedBackend(lambda ctx: ToolCall(
            "drug_property_prediction", {"drug_smiles": "(upload_hits.csv)", "property": "logSolubility"}))):
        call, final = _decide(text, backend)
        assert call is None or not _pool_sourced(call, text, MOLECULE_KINDS), (text, call)
        if call is None and backend.name == "offline":
            assert name in (final or ""), (text, final)


@settings(max_examples=30, deadline=None)
@given(cell=st.sampled_from(UNKNOWN_CELLS), template=st.sampled_from(CELL_ASKS))
def test_an_unknown_cell_line_is_asked_about_never_replaced(cell: str, template: str) -> None:
    text = template.format(c=cell)
    for backend in (OfflinePlanner(), ScriptedBackend(lambda ctx: ToolCall(
            "drug_cell_response_regression_predict", {"drug_smiles": "(upload_hits.csv)", "cell_name": "A549"}))):
        call, final = _decide(text, backend)
        assert call is None, (text, call)
        assert cell in (final or "") or backend.name != "offline", (text, final)


def test_the_question_names_the_closest_cell_lines() -> None:
    _, final = _decide("IC50 of the uploaded compounds in HepG2?", OfflinePlanner())
    assert "HepG2" in final and "closest" in final


def test_an_untrained_property_is_offered_not_substituted() -> None:
    call, final = _decide("what is the logP of CCO?", OfflinePlanner())
    assert call is None and "logP" in final and "lipophilicity" in final
    llm_like = ScriptedBackend(lambda ctx: ToolCall("drug_property_prediction",
                                                    {"drug_smiles": ["CCO"], "property": "lipo"}))
    call, final = _decide("what is the logP of CCO?", llm_like)
    assert call is None and "logP" in final


def test_an_ic50_without_a_unit_is_asked_about_with_its_readings() -> None:
    call, final = _decide("suggest compounds with IC50 ~7.5 in A375", OfflinePlanner())
    assert call is None and "'IC50 ~7.5' has no unit" in final
    assert "7.5 µM (ln IC50 2.01)" in final and "pIC50 7.5 (ln IC50 -3.45)" in final
    # with a unit, or on the tool's own scale, nothing is asked
    call, _ = _decide("generate molecules for A375 with IC50 around 50 nM", OfflinePlanner())
    assert call is not None and abs(call.arguments["zscore"] - (-2.9957)) < 1e-3
    call, _ = _decide("generate molecules for A375 with ln IC50 2", OfflinePlanner())
    assert call is not None and call.arguments["zscore"] == 2


def test_an_unknown_code_equated_with_a_known_drug_is_that_drug() -> None:
    for text in ("moravastatin is really Plavix", "fluoxetine (that's what moravastatin is)", "moravastatin = Plavix"):
        e = extract(text)
        assert e.unresolved == [] and len(e.names) == 1, text
    assert [u.written for u in extract("zorbatinib and aspirin").unresolved] == ["zorbatinib"]


def test_an_unknown_compound_code_is_asked_about_never_replaced_by_pool_molecules() -> None:
    """"pKd of AZ-0917 on EGFR" with molecules in the pool: the code names a compound no table knows."""
    from agent.entities import extract

    for text in ("pKd of AZ-0917 on EGFR (our internal cpd)", "logS of ZX-3312?"):
        assert [u.kind for u in extract(text).unresolved] == ["drug"], text
    assert not [u for u in extract("pKd of STI-571 on ABL1").unresolved]  # a known code resolves
    assert [u.kind for u in extract("IC50 of gefitinib in PC-9").unresolved] == ["cell_line"]


def test_a_known_drug_without_a_structure_in_a_list_is_asked_about_never_dropped() -> None:
    """"logS of caffeine, acamprosate and aspirin": acamprosate is a known drug whose structure is not shipped; the
    request is asked about, never run on the two others alone."""
    e = extract("logS of caffeine, acamprosate and aspirin")
    assert [u.written for u in e.unresolved] == ["acamprosate"] and len(e.molecules) == 2
    action, final = _decide("logS of caffeine, acamprosate and aspirin", OfflinePlanner())
    assert action is None and final is not None and "acamprosate" in final
    # a name that is also an English word, listed with drugs: read too ("heparin")
    assert [u.written for u in extract("logS of caffeine, heparin and aspirin").unresolved] == ["heparin"]
    # a structure given next to the name is that drug's structure
    action, _ = _decide("solubility of acamprosate CC(=O)NCCCS(=O)(=O)O please", OfflinePlanner())
    assert action is not None and action.arguments["drug_smiles"] == ["CC(=O)NCCCS(=O)(=O)O"]


@pytest.mark.parametrize("text", [
    "P-gp efflux ratio for palbociclib, would it get pumped out of the brain",
    "brain to plasma ratio Kp uu for osimertinib in numbers",
])
def test_words_describing_an_untrained_property_never_run_the_model_offered_instead(text: str) -> None:
    """The brain words explain the untrained ask; running BBB would answer another question silently."""
    call, final = _decide(text, OfflinePlanner())
    assert call is None and "BBBP" in final


@pytest.mark.parametrize("text", ["design compounds for Raji that would work at 2 mg/kg in dogs",
                                  "generate 20 molecules for A549", "task: generate\ncell_line: A375\nn: 10",
                                  "generate for A549, 37 °C assay, 48 h"])
def test_a_dose_a_count_or_a_measure_is_never_a_target_potency(text: str) -> None:
    call, final = _decide(text, OfflinePlanner())
    assert call is None and "potency" in final


@pytest.mark.parametrize("text", ["pKd of masitinib on canine c-kit", "does erlotinib bind mouse EGFR?",
                                  "masitinib on KIT (not human, the dog sequence), pKd"])
def test_a_target_of_another_species_is_asked_about_never_the_human_sequence(text: str) -> None:
    call, final = _decide(text, OfflinePlanner())
    assert call is None and "human" in final


def test_a_species_named_beside_the_human_target_asked_for_is_no_question() -> None:
    call, _ = _decide("predicted Kd of masitinib on human KIT — we use it as the proxy for canine c-kit",
                      OfflinePlanner())
    assert call is not None and call.name == "drug_target_affinity_regression_predict"


def test_an_unknown_target_asked_about_never_runs_another_tool() -> None:
    from agent.backends.planner import plan_calls
    from agent.entities import extract
    from agent.provenance import unsupported
    from model_zoo.specs import TOOLS

    text = "For the Chen lab: do olaparib and niraparib interact with PARP1?"
    calls = plan_calls(text, [], list(TOOLS))
    assert calls and all(unsupported(c, {}, extract(text)) for c in calls)
