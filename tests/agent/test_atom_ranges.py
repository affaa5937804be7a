"""Masks from the words chemists use for atom ranges, applied once the molecule is known."""

from __future__ import annotations

import pytest

from agent.atom_ranges import find_atom_ranges, mask_from_ranges
from agent.backends.planner import plan_calls
from agent.entities import extract
from model_zoo.specs import TOOLS


@pytest.mark.parametrize(("text", "mask"), [
    ("only atoms 3-5 may change", [0, 0, 1, 1, 1, 0]),
    ("freeze atoms 1-4", [0, 0, 0, 0, 1, 1]),
    ("keep the first 2 atoms fixed", [0, 0, 1, 1, 1, 1]),
    ("keep the last 2 atoms", [1, 1, 1, 1, 0, 0]),
    ("keep atoms 1, 2 and 6 intact", [0, 0, 1, 1, 1, 0]),
    ("let atoms 0-1 vary (0-based)", [1, 1, 0, 0, 0, 0]),
])
def test_ranges_become_masks(text: str, mask: list[int]) -> None:
    assert mask_from_ranges(find_atom_ranges(text), 6) == mask


def test_unclear_or_impossible_ranges_give_no_mask() -> None:
    assert find_atom_ranges("atoms 3-5 please") == []  # neither keep nor change: not guessed
    assert mask_from_ranges(find_atom_ranges("only atoms 3-9 may change"), 6) is None  # past the molecule


def test_range_numbers_are_not_response_targets() -> None:
    entities = extract("optimise CCOc1ccccc1 in A549 to ln(IC50) -2, atoms 1-3 fixed")
    assert [n.value for n in entities.numbers] == [-2.0]


def test_the_planner_builds_the_mask_for_the_molecule() -> None:
    [call] = plan_calls("Make CCOc1ccccc1O more potent in A549 (ln IC50 -2), modifying atoms 4-9 only", [],
                        list(TOOLS))
    assert call.name == "drug_cell_response_regression_optimization"
    assert call.arguments["mask"] == [0, 0, 0, 1, 1, 1, 1, 1, 1, 0] and call.arguments["zscore"] == -2.0


def test_all_atoms_free_is_an_all_ones_mask() -> None:
    from agent.atom_ranges import find_atom_ranges, mask_from_ranges

    for text in ("all atoms can be modified", "any atom may change", "everything is free to change"):
        assert mask_from_ranges(find_atom_ranges(text), 5) == [1, 1, 1, 1, 1], text
    assert find_atom_ranges("keep everything") == []
    # named atoms win over "everything else"
    assert mask_from_ranges(find_atom_ranges("freeze atoms 1-3, everything else can change"), 5) == [0, 0, 0, 1, 1]
