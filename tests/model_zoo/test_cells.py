"""GDSC cell-line catalogue, resolution and detection in free text (model_zoo.chem.cells)."""

from __future__ import annotations

import csv
import os
from pathlib import Path

import pytest

from model_zoo.chem.cells import (
    CATALOGUE_PATH,
    CellLine,
    UnknownCellLine,
    all_cell_lines,
    find_cell_lines,
    resolve_cell_line,
)

DATA_DIR = Path(os.environ.get("DRUGPILOT_DATA_DIR", Path(__file__).resolve().parents[3] / "shared" / "data"))
needs_data = pytest.mark.skipif(not (DATA_DIR / "gdsc").is_dir(), reason="shared data folder not available")


def names(lines: list[CellLine]) -> list[str]:
    return [line.name for line in lines]


def test_catalogue_shape() -> None:
    lines = all_cell_lines()
    assert len(lines) > 1000
    assert len({c.cosmic_id for c in lines}) == len(lines)
    assert all(c.cosmic_id.isdigit() and 6 <= len(c.cosmic_id) <= 7 for c in lines)
    assert sum(c.in_gdsc2 for c in lines) > 900
    with CATALOGUE_PATH.open(newline="") as fh:
        assert csv.DictReader(fh).fieldnames[:4] == ["cosmic_id", "name", "tissue", "in_gdsc2"]


@pytest.mark.parametrize(
    ("value", "name", "cosmic_id"),
    [
        ("A549", "A549", "905949"),
        ("NCI-H1975", "NCI-H1975", "924244"),
        (906855, "EM-2", "906855"),
        ("906855", "EM-2", "906855"),
        (" COSMIC 906855 ", "EM-2", "906855"),
        (906855.0, "EM-2", "906855"),
        ("ncih1975", "NCI-H1975", "924244"),
        ("nci-h1975", "NCI-H1975", "924244"),
        ("u87mg", "U-87-MG", "687590"),
        ("U87MG", "U-87-MG", "687590"),
        ("u-87 mg", "U-87-MG", "687590"),
        ("hela", "HeLa", "1298134"),
        ("T24", "T24", "724812"),
        ("T-24", "T24", "724812"),  # the gdsctools spelling, kept as an alias
        ("697", "697", "906800"),  # a name made of digits, not a COSMIC id
    ],
)
def test_resolve(value: str | int, name: str, cosmic_id: str) -> None:
    line = resolve_cell_line(value)
    assert (line.name, line.cosmic_id) == (name, cosmic_id)


def test_em2_is_gdsc2_and_mc_car_is_gdsc1_only() -> None:
    assert resolve_cell_line(906855).in_gdsc2
    assert resolve_cell_line(683665).name == "MC-CAR"
    assert not resolve_cell_line("MC-CAR").in_gdsc2


def test_punctuation_twins_need_an_exact_name() -> None:
    assert resolve_cell_line("T-T").tissue == "oesophagus"
    assert resolve_cell_line("TT").tissue == "thyroid"
    assert resolve_cell_line("KM-H2").cosmic_id != resolve_cell_line("KMH-2").cosmic_id
    with pytest.raises(UnknownCellLine, match="ambiguous: KM-H2 .* or KMH-2"):
        resolve_cell_line("kmh2")


def test_unknown_name_suggests_close_matches() -> None:
    with pytest.raises(UnknownCellLine) as err:
        resolve_cell_line("A5499")
    message = str(err.value)
    assert message.startswith("unknown cell line 'A5499'; did you mean ")
    assert "A549" in message and message.endswith("?")
    assert isinstance(err.value, ValueError)


def test_unknown_id_and_junk() -> None:
    with pytest.raises(UnknownCellLine, match="no GDSC cell line has this COSMIC id"):
        resolve_cell_line(123456)
    for bad in ("", True, 1.5, None):
        with pytest.raises(UnknownCellLine):
            resolve_cell_line(bad)  # type: ignore[arg-type]


def test_every_name_and_id_resolves_to_itself() -> None:
    for line in all_cell_lines():
        assert resolve_cell_line(line.cosmic_id) == line
        assert resolve_cell_line(line.name) == line


def test_find_names_ids_and_loose_spellings() -> None:
    text = ("Predict the IC50 of CCO in A549 and NCI-H1975 cells, then COSMIC 906855. "
            "Also HeLa, u87mg, TE-1, KU812 and CAL-51.")
    assert names(find_cell_lines(text)) == ["A549", "NCI-H1975", "EM-2", "HeLa", "U-87-MG", "TE-1", "KU812", "CAL-51"]


def test_find_short_and_word_like_names_need_context() -> None:
    assert names(find_cell_lines("test it in SR cells and in the RKO cell line")) == ["SR", "RKO"]
    assert names(find_cell_lines("cell line: H9 and 697 cells")) == ["H9", "697"]
    assert names(find_cell_lines("how does it do against Jurkat?")) == ["Jurkat"]


@pytest.mark.parametrize("text, found", [
    ("great, and Jurkat?", ["Jurkat"]), ("Raji too", ["Raji"]), ("ok now KELLY please", ["KELLY"]),
    ("what about Daudi instead?", ["Daudi"]),
    ("Hey", []), ("and sat?", []),  # a greeting; a word not written as the line's name
    ("and Raji was the plan for tomorrow", []),  # more than a name: the usual context rules apply
])
def test_a_message_that_only_names_a_line_is_a_follow_up(text: str, found: list[str]) -> None:
    assert names(find_cell_lines(text)) == found


@pytest.mark.parametrize(
    "text",
    [
        "we sat down in the lab and stored the results in DB",
        "I have 697 molecules and 12345678 rows",  # numbers that are not mentions
        "CC(=O)Oc1ccccc1C(=O)O and c1ccc2c(c1)CCC2 and C1CC1",
        "SR and HT and TT without any context",
        "the kelly criterion, a sat solver, ben and jerry",  # lower-case words that are GDSC names in caps
        "IC50 of 5-FU at pH 7.4",
    ],
)
def test_find_avoids_false_positives(text: str) -> None:
    assert find_cell_lines(text) == []


@pytest.mark.parametrize(("text", "found"), [
    ("methotrexate Jurkat", ["Jurkat"]), ("Daudi and NAMALWA, rituximab-naive", ["Daudi", "NAMALWA"]),
    ("and Jurkat was the plan for tomorrow", ["Jurkat"]),
])
def test_long_names_that_are_no_words_need_no_context(text: str, found: list[str]) -> None:
    assert names(find_cell_lines(text)) == found


@pytest.mark.parametrize(("text", "found"), [
    ("generate for MV4;11 at 5 nM", ["MV-4-11"]),  # the translocation spelling is one name
    ("A549;HeLa and K562; HL-60", ["A549", "HeLa", "K-562", "HL-60"]),  # a semicolon between names separates them
])
def test_a_semicolon_inside_a_name(text: str, found: list[str]) -> None:
    assert names(find_cell_lines(text)) == found


@pytest.mark.parametrize("text", ["in HCC827 (the sensitive EGFR del19 line)", "for the T790M line (cosmic 924244)",
                                  "the exon20ins cells"])
def test_a_mutation_that_describes_a_line_is_no_unknown_line(text: str) -> None:
    from model_zoo.names import find_cell_line_names
    from model_zoo.names.types import Unresolved

    assert not [r for r in find_cell_line_names(text) if isinstance(r, Unresolved)]


def test_a_spelling_listed_after_a_line_is_a_line() -> None:
    from model_zoo.names import find_cell_line_names

    assert [r.name for r in find_cell_line_names("in A549, H1975 and H460")] == ["A549", "NCI-H1975", "NCI-H460"]


@pytest.mark.parametrize("text", ["the Toledo site sends the plates", "ask Becker about it", "Raji asked me"])
def test_short_or_word_like_names_still_need_context(text: str) -> None:
    assert find_cell_lines(text) == []


def test_find_deduplicates_and_keeps_order() -> None:
    text = "EM-2 (906855) versus A549, then EM-2 again"
    assert names(find_cell_lines(text)) == ["EM-2", "A549"]


@needs_data
def test_shipped_catalogue_matches_a_fresh_build(tmp_path: Path) -> None:
    from model_zoo.train.build_cell_lines import main

    out = tmp_path / "cells.csv"
    assert main(["--data-dir", str(DATA_DIR), "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == CATALOGUE_PATH.read_text(encoding="utf-8")


@needs_data
def test_every_gdsc2_cosmic_id_is_catalogued() -> None:
    with (DATA_DIR / "gdsc" / "gdsc2_ln_ic50.csv").open(newline="") as fh:
        ids = {row["COSMIC_ID"] for row in csv.DictReader(fh) if row["COSMIC_ID"]}
    ids = {str(int(float(i))) for i in ids}
    catalogued = {c.cosmic_id for c in all_cell_lines() if c.in_gdsc2}
    assert ids == catalogued


def test_mentions_keep_the_text_as_written() -> None:
    from model_zoo.chem.cells import find_cell_line_mentions

    mentions = find_cell_line_mentions("u87mg vs NCI-H1975 (924244) and T-24")
    assert [(text, line.name) for text, line in mentions] == [
        ("u87mg", "U-87-MG"), ("NCI-H1975", "NCI-H1975"), ("924244", "NCI-H1975"), ("T-24", "T24"),
    ]
