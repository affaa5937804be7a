"""Grounding an LLM's call in what the user typed (agent.grounding)."""

from __future__ import annotations

from agent.backends.base import ToolCall
from agent.entities import extract
from agent.grounding import ground_call


def test_a_property_called_as_a_tool_is_the_property_tool() -> None:
    call = ground_call(ToolCall("lipophilicity", {"drug_smiles": ["CCO"]}), "logD of CCO", extract("logD of CCO"))
    assert call == ToolCall("drug_property_prediction", {"drug_smiles": ["CCO"], "property": "lipo"})


def test_rewritten_smiles_and_invented_keys_fall_back_to_what_the_user_typed() -> None:
    request = "how soluble is c1ccc(cc1)O?"
    call = ToolCall("drug_property_prediction", {"drug_smiles": ["C1CCC(C1)O"], "property": "logSolubility"})
    assert ground_call(call, request, extract(request), []).arguments["drug_smiles"] == ["c1ccc(cc1)O"]
    invented = ToolCall("drug_property_prediction", {"drug_smiles": "(user_smiles)", "property": "logSolubility"})
    assert ground_call(invented, request, extract(request), []).arguments["drug_smiles"] == ["c1ccc(cc1)O"]


def test_an_invented_key_means_the_one_pool_entry_of_its_kind() -> None:
    from agent.pool.entry import EntryMeta

    pool = [EntryMeta("upload_screen.csv", "smiles_list", 10, "[…]", "b", 0.0, "file"),
            EntryMeta("notes", "text", 1, "hi", "b", 0.0, "command")]
    request = "predict the aqueous solubility of the uploaded compounds"
    call = ToolCall("drug_property_prediction", {"drug_smiles": "(user_smiles)", "property": "logSolubility"})
    assert ground_call(call, request, extract(request), pool).arguments["drug_smiles"] == "(upload_screen.csv)"
    two = pool + [EntryMeta("hits", "smiles_list", 2, "[…]", "b", 0.0, "file")]
    assert "drug_smiles" not in ground_call(call, request, extract(request), two).arguments  # ambiguous: ask


def test_an_llm_that_writes_names_gets_the_resolved_structures_and_sequences() -> None:
    from agent.backends.base import ToolCall
    from agent.entities import extract

    request = "does Gleevec bind ABL1?"
    call = ground_call(ToolCall("drug_target_classification_predict", {"drug_smiles": "Gleevec", "target_seq": "ABL1"}),
                       request, extract(request), [])
    names = {n.written: n.value for n in extract(request).names}
    assert call.arguments == {"drug_smiles": [names["Gleevec"]], "target_seq": names["ABL1"]}
