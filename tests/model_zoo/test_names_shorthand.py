"""Lab shorthand for drug names ("palbo", "osi", "MTX"): model_zoo/data/names/drug_shorthand.csv, read by
model_zoo.names.drugs as one more name of each drug."""

from __future__ import annotations

import pytest

from model_zoo.names import Resolved, Unresolved, find_drug_names, resolve_drug
from model_zoo.names import drugs as drug_module
from model_zoo.names import targets as target_module
from model_zoo.names.cell_lines import is_cell_line_name
from model_zoo.names.text import name_key, squashed

SHORTHAND = drug_module.read_shorthand()
ALIASES = [s.alias for s in SHORTHAND]


def test_table_is_well_formed():
    assert len(SHORTHAND) >= 50
    assert len({name_key(a) for a in ALIASES}) == len(ALIASES), "an alias is listed twice"
    for s in SHORTHAND:
        assert s.text in ("T", "L", "C", "N"), s
        assert s.note, f"{s.alias}: say why it is in common use"
        assert name_key(s.alias) != name_key(s.drug)


@pytest.mark.parametrize("entry", SHORTHAND, ids=ALIASES)
def test_alias_names_one_drug_and_shadows_no_drug_name(entry):
    """The drug column is a name the tables know for exactly one drug, and the alias is no name of its own: the
    loader drops an alias that collides, so the table holding the alias (and its form without hyphens or spaces)
    as shorthand proves it was not."""
    t = drug_module.tables()
    ids = {i for i, kind, _ in t.names[name_key(entry.drug)] if kind != drug_module.SHORTHAND}
    assert len(ids) == 1, f"{entry.drug} names {len(ids)} drugs"
    assert t.names[name_key(entry.alias)] == ((ids.pop(), drug_module.SHORTHAND, entry.text),)
    squashed_key = squashed(name_key(entry.alias))  # "Ara-C" written "AraC" is the same shorthand, no other name
    assert t.names[squashed_key] == t.names[name_key(entry.alias)]


@pytest.mark.parametrize("alias", ALIASES)
def test_alias_is_no_cell_line_target_or_plain_word(alias):
    t = drug_module.tables()
    targets = target_module.tables()
    symbols = {s.casefold() for s in targets.by_symbol} | {k.casefold() for k in targets.kiba}
    assert not is_cell_line_name(alias)
    assert name_key(alias) not in targets.names and alias.casefold() not in symbols
    assert alias.upper() not in target_module.NOT_TARGETS
    # (an endogenous molecule is a never-word only where a system word follows: "insulin", not "insulin resistance")
    assert name_key(alias) not in t.never - t.endogenous and name_key(alias) not in t.not_drug


def test_shadowing_alias_is_dropped():
    names = drug_module.tables().names
    real = drug_module.Shorthand("imatinib", "nilotinib", "T", "")
    unknown = drug_module.Shorthand("zorba", "zorbatinib", "T", "")
    assert drug_module.shorthand_drug_id(real, names) is None
    assert drug_module.shorthand_drug_id(unknown, names) is None


def test_bare_shorthand_shows_provenance():
    result = resolve_drug("palbo")
    assert isinstance(result, Resolved)
    assert result.name == "palbociclib"
    assert result.source.startswith("lab shorthand; ")
    assert result.line().startswith("palbo → palbociclib (lab shorthand; ")
    assert resolve_drug("palbociclib").source == result.source.removeprefix("lab shorthand; ")


def test_free_text_shorthand():
    found = find_drug_names("palbo vs ribo in MCF7, predicted ln IC50")
    assert [(r.written, r.name) for r in found] == [("palbo", "palbociclib"), ("ribo", "ribociclib")]
    assert all(isinstance(r, Resolved) and r.source.startswith("lab shorthand") for r in found)
    text = "gem + cisplat in PANC-1"
    assert [r.name for r in find_drug_names(text)] == ["gemcitabine", "cisplatin"]


def test_biologic_shorthand_asks_for_a_structure():
    (result,) = find_drug_names("pembro in A549")
    assert isinstance(result, Unresolved)
    assert "pembrolizumab (lab shorthand; " in result.note and "no structure" in result.note


def test_case_rules():
    """L: not when written in capitals (GEF is a protein class, TAM macrophages); C: only not all lower case."""
    assert [r.name for r in find_drug_names("gef in PC9")] == ["gefitinib"]
    assert [r.name for r in find_drug_names("Gef in PC9")] == ["gefitinib"]
    assert find_drug_names("the GEF SOS1 in PC9") == []
    assert find_drug_names("TAM infiltration") == []
    assert [r.name for r in find_drug_names("MTX in HL-60")] == ["methotrexate"]
    assert find_drug_names("the mtx was high") == []


def test_shorthand_is_never_a_spelling_correction():
    assert find_drug_names("venetto") == []
    assert all(drug_module.SHORTHAND not in {kind for _, kind, _ in drug_module.tables().names.get(k, ())}
               for keys in drug_module._fuzzy_index().values() for k in keys)


def test_ambiguous_shorthand_is_not_listed():
    """dox (doxorubicin or doxycycline), cis (the stereo descriptor), aza: left to ask back. "dex" is listed since the
    forty-second round: the independent sets' authors (AV, BG, DF) all write it for dexamethasone, and the reply says
    which drug it was read as."""
    assert not {"dox", "cis", "aza"} & {name_key(a) for a in ALIASES}
    assert [r.name for r in find_drug_names("bortezomib + dex")] == ["bortezomib", "dexamethasone"]


def test_shorthand_read_only_next_to_another_drug():
    """N: "asp" is aspirin in "warf+asp", but alone it is aspartate (Asp), so it is not read."""
    assert find_drug_names("asp in HeLa") == []
    assert [r.name for r in find_drug_names("warf+asp")] == ["warfarin", "aspirin"]
    assert [r.name for r in find_drug_names("ASA with clopidogrel")] == ["aspirin", "clopidogrel"]
