from agent.backends.base import FinalAnswer, ToolCall
from agent.backends.ollama import to_action
from agent.backends.textcalls import parse_text_call


def test_fenced_json_in_content() -> None:
    text = 'Sure!\n```json\n{"name": "drug_property_prediction", "arguments": {"drug_smiles": ["CCO"], ' \
           '"property": "p_np"}}\n```'
    assert parse_text_call(text) == ToolCall("drug_property_prediction", {"drug_smiles": ["CCO"], "property": "p_np"})


def test_unescaped_backslashes_in_smiles() -> None:
    text = '{"name": "drug_property_prediction", "arguments": {"drug_smiles": ["C\\C=C/C"], "property": "lipo"}}'
    call = parse_text_call(text)
    assert call is not None and call.arguments["drug_smiles"] == ["C\\C=C/C"]


def test_tool_call_tags_and_string_arguments() -> None:
    text = '<tool_call>{"name": "x", "arguments": "{\\"a\\": 1}"}</tool_call>'
    assert parse_text_call(text) == ToolCall("x", {"a": 1})


def test_plain_answer_is_final() -> None:
    class Message:
        content = "Please give the target sequence."
        tool_calls = None

    assert to_action(Message()) == FinalAnswer("Please give the target sequence.")


def test_a_call_is_salvaged_from_json_unbalanced_by_smiles() -> None:
    """Seen with Qwen2.5-Coder 0.5B: a ")" too many after a SMILES ends the JSON early."""
    text = ('{"name": "drug_property_prediction", "arguments": {"drug_smiles": "c1cc(c(cc1c2ccc(cc2F)F)C(=O)O)O", '
            '"property": "freesolv", "n": 3, "ids": ["a", "b"]"}}')
    assert parse_text_call(text) == ToolCall("drug_property_prediction", {
        "drug_smiles": "c1cc(c(cc1c2ccc(cc2F)F)C(=O)O)O", "property": "freesolv", "n": 3, "ids": ["a", "b"]})
    assert parse_text_call("I would call a tool here, but which one?") is None
