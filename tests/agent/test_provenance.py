"""Where each argument came from, for every backend: typed, resolved, referenced, continued or guessed."""

from __future__ import annotations

from agent.backends.base import ToolCall
from agent.entities import extract
from agent.history import PastRequest
from agent.provenance import DEFAULT, EARLIER, IMPLICIT, POOL, REFERENCE, RESOLVED, TYPED, UNKNOWN, summary_line, trace


def _trace(text: str, call: ToolCall, history: list[str] = ()):
    return trace(call, extract(text), [PastRequest("u", h, answered=False) for h in history])


def test_typed_resolved_and_converted_values() -> None:
    sources = _trace("generate for MCF-7 with IC50 below 100 nM", ToolCall(
        "drug_cell_response_regression_generation", {"cell_line": "MCF7", "zscore": -2.302585093}))
    assert sources["cell_line"].how == RESOLVED and "MCF-7 → GDSC MCF7" in sources["cell_line"].detail
    assert sources["zscore"].how == RESOLVED and "100 nM → ln(IC50/µM) = -2.30" in sources["zscore"].detail
    sources = _trace("logS of CCO", ToolCall("drug_property_prediction",
                                             {"drug_smiles": ["OCC"], "property": "logSolubility"}))
    assert sources["drug_smiles"].how == TYPED and sources["property"].how == TYPED  # canonical match; "logs"


def test_references_explicit_implicit_earlier_and_bare_pool() -> None:
    call = ToolCall("drug_property_prediction", {"drug_smiles": "(upload_hits.csv)", "property": "p_np"})
    assert _trace("BBB of (upload_hits.csv)", call)["drug_smiles"].how == REFERENCE
    implicit = _trace("BBB of the uploaded compounds", call)["drug_smiles"]
    assert implicit.how == IMPLICIT and implicit.detail == "'uploaded' → upload_hits.csv"
    assert _trace("BBB please", call, ["logS of these?"])["drug_smiles"].how == EARLIER
    assert _trace("BBB please", call)["drug_smiles"].how == POOL


def test_values_nobody_wrote_are_unknown_and_defaults_are_defaults() -> None:
    call = ToolCall("drug_drug_response_predict", {"smiles_pairs": [["CCO", "CCN"]], "task": "drugbank"})
    sources = _trace("do CCO and CCC interact?", call)
    assert sources["smiles_pairs"].how == UNKNOWN and sources["task"].how == DEFAULT
    sources = _trace("logD of CCO", ToolCall("drug_property_prediction",
                                             {"drug_smiles": ["CCO"], "property": "p_np"}))
    assert sources["property"].how == UNKNOWN  # the model chose BBB; the user asked for logD


def test_the_reply_line_names_resolutions_only() -> None:
    sources = _trace("How soluble is ibuprofen?", ToolCall("drug_property_prediction", {
        "drug_smiles": [extract("How soluble is ibuprofen?").molecules[0]], "property": "logSolubility"}))
    assert summary_line(sources) == "ibuprofen → DrugBank DB01050"
    assert summary_line(_trace("logS of CCO", ToolCall("drug_property_prediction", {
        "drug_smiles": ["CCO"], "property": "logSolubility"}))) == ""
