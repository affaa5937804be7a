"""IC50 targets in the units people write become the tools' ln(IC50/µM), with the conversion shown."""

from __future__ import annotations

import math

import pytest

from agent.entities import extract, pick_number
from agent.quantities import find_quantities


@pytest.mark.parametrize(("text", "expected"), [
    ("design molecules for A549 with an IC50 below 100 nM", math.log(0.1)),
    ("something around 0.5 µM in MCF7", math.log(0.5)),
    ("aim for 0.5 uM", math.log(0.5)),
    ("generate for HT-29, pIC50 7", math.log(0.1)),
    ("IC50 of 10 µM would do", math.log(10)),
    ("IC50 = 2.5 mM", math.log(2500)),
    ("target 300 pM", math.log(3e-4)),
    ("Around 1 micromolar is fine", 0.0), ("IC50 of 50 nanomolar", math.log(0.05)),  # units spelled out
    ("aim at 20 nmol/L", math.log(0.02)),
    ("IC50 about 0,5 uM", math.log(0.5)), ("at 1,25 nM", math.log(0.00125)),  # decimal commas
    ("IC50 target 1 micromol", 0.0), ("aiming 500 nm", math.log(0.5)), ("improve to 20nm", math.log(0.02)),
])
def test_units_are_converted_to_ln_micromolar(text: str, expected: float) -> None:
    [quantity] = find_quantities(text)
    assert quantity.ln_ic50 == pytest.approx(expected)
    assert "→ ln(IC50/µM) = " in quantity.conversion


def test_the_converted_target_wins_over_other_numbers_and_keeps_its_words() -> None:
    entities = extract("optimise CCOc1ccccc1 in 3 rounds for HCT-116, IC50 below 100 nM")
    assert pick_number(entities) == pytest.approx(math.log(0.1))
    assert [n.conversion for n in entities.numbers if n.conversion] == ["IC50 below 100 nM → ln(IC50/µM) = -2.30"]
    assert 100.0 not in [n.value for n in entities.numbers]  # the raw 100 is not a second number


def test_plain_ln_ic50_and_unitless_numbers_are_left_alone() -> None:
    assert find_quantities("ln IC50 -2 in A549") == []
    assert find_quantities("use 2 M NaCl and 5 rounds") == []
    assert pick_number(extract("generate for A549, ln(IC50) around -2.5")) == -2.5


def test_out_of_range_targets_are_flagged() -> None:
    [quantity] = find_quantities("IC50 of 5 mM")
    assert quantity.in_range
    [huge] = find_quantities("pIC50 -5")
    assert not huge.in_range


@pytest.mark.parametrize("text", ["generate for MCF7 with IC50 of -5 nM", "aim for 0 uM in A549"])
def test_a_concentration_no_potency_can_have_is_asked_about(text: str) -> None:
    [missing] = [u for u in extract(text).unresolved if u.kind == "ic50_value"]
    from agent.provenance import ask_about

    assert "above zero" in ask_about(missing) and missing.written in ask_about(missing)


def test_a_decimal_comma_with_a_unit_is_no_unitless_ic50() -> None:
    found = extract("design for MIA PaCa-2 with IC50 about 0,5 uM")
    assert [u for u in found.unresolved if u.kind == "ic50_unit"] == []


def test_a_thousands_comma_and_a_list_are_no_decimal_comma() -> None:
    assert find_quantities("IC50 1,000 nM") == []
    assert [n.value for n in extract("values 1,2 and ln IC50 -1,5").numbers] == [1.0, 2.0, -1.5]


def test_molar_in_scientific_notation_and_comparisons_people_write() -> None:
    [q] = find_quantities("design for MOLT-4 with a target IC50 no worse than 3e-8 M")
    assert math.isclose(q.ln_ic50, math.log(0.03))
    [q] = find_quantities("Correction: 2.5e-7 M")
    assert math.isclose(q.ln_ic50, math.log(0.25))
    assert find_quantities("dissolved in 2 M NaCl") == []  # a bare molar unit is no drug concentration


@pytest.mark.parametrize(("text", "micromolar"), [
    ("aiming at about fifty nano molar", 0.05), ("one hundred nano molar", 0.1), ("two micro molar", 2.0),
    ("three hundred fifty nM", 0.35), ("two point five micromolar", 2.5),
])
def test_a_concentration_said_in_words(text: str, micromolar: float) -> None:
    [q] = find_quantities(text)
    assert q.ln_ic50 == pytest.approx(math.log(micromolar)) and q.written.strip().endswith(text.split()[-1])


def test_an_hour_of_the_day_is_no_concentration() -> None:
    """"before the 2 pm" is a meeting, not 2 picomolar; "IC50 of 5 pM" and "ic50 < 50 pm" are potencies."""
    assert find_quantities("want it before the 2 pm meeting") == []
    assert extract("before the 2 pm, at 10:30 am").numbers == []
    assert [round(q.ln_ic50, 2) for q in find_quantities("IC50 of 5 pM")] == [round(math.log(5e-6), 2)]
    assert [round(q.ln_ic50, 2) for q in find_quantities("ic50 < 50 pm")] == [round(math.log(50e-6), 2)]
