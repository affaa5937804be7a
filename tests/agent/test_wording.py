"""Questions and refusals use the lab's words: no parameter names, tool identifiers or RDKit jargon."""

from __future__ import annotations

import pytest

from agent.fefo import FeFoError
from agent.loop import _ask_user
from agent.backends.planner import plan_calls
from agent.wording import EXAMPLES, ask_for, plain_problem, task
from model_zoo.specs import GENERATION, OPTIMIZATION, TOOLS


@pytest.mark.parametrize("spec", TOOLS, ids=lambda s: s.name)
def test_every_tool_and_required_input_has_plain_words(spec) -> None:
    assert spec.name not in task(spec.name) and task(spec.name).startswith("the ")
    for param in spec.params:
        if param.required and param.name not in ("property", "task"):  # those two are English already
            assert param.name not in ask_for(param), param.name


def test_a_missing_input_is_asked_for_in_plain_words() -> None:
    text = _ask_user(FeFoError(["missing zscore: ln(IC50) …"], GENERATION.name, missing=["zscore"]))
    assert text.startswith("Before I can run the molecule generation: I still need the potency to aim for")
    assert "zscore" not in text and GENERATION.name not in text


def test_a_bad_value_names_the_input_not_the_parameter() -> None:
    assert plain_problem(OPTIMIZATION.name, "mask: 3 atom flags") == "atoms that may change: 3 atom flags"
    assert plain_problem(OPTIMIZATION.name, "no colon here") == "no colon here"


@pytest.mark.parametrize("tool", list(EXAMPLES), ids=str)
def test_every_help_example_does_what_the_help_says(tool: str) -> None:
    _, example = EXAMPLES[tool]
    calls = plan_calls(example, [], list(TOOLS))
    assert [c.name for c in calls] == [tool] * len(calls) and calls, example
