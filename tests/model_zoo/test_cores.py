"""Cores named by the user become optimisation masks (model_zoo.chem.cores): the chemistry side."""

from __future__ import annotations

import pytest
from rdkit import Chem

from model_zoo.chem.cores import MURCKO, CoreError, core_from_text, core_mask, placements, ring_systems_in, scaffolds

GEFITINIB = Chem.MolFromSmiles("COc1cc2ncnc(Nc3ccc(F)c(Cl)c3)c2cc1OCCCN1CCOCC1")


def test_every_shipped_scaffold_is_valid_smarts_and_matches_its_parent_ring() -> None:
    parents = {"indole": "Cn1ccc2ccccc21", "purine": "Nc1ncnc2[nH]cnc12", "quinazoline": "c1ccc2ncncc2c1",
               "morpholine": "CN1CCOCC1", "benzimidazole": "Cn1cnc2ccccc21", "pyrazole": "Cn1cccn1"}
    assert len(scaffolds()) >= 30
    for name, smiles in parents.items():
        assert len(placements(Chem.MolFromSmiles(smiles), core_from_text(name))) == 1, name


def test_names_smiles_and_the_murcko_scaffold_are_cores() -> None:
    assert core_from_text("Quinazoline").smarts == scaffolds()["quinazoline"]
    assert core_from_text("c1ccncc1").smarts == "c1ccncc1"
    assert core_from_text("Murcko scaffold").name == MURCKO
    with pytest.raises(CoreError, match="I don't know the core 'zorbazole'"):
        core_from_text("zorbazole")
    with pytest.raises(CoreError, match="characters long"):
        core_from_text("C" * 600)


def test_mask_errors_say_what_is_wrong() -> None:
    with pytest.raises(CoreError, match="not in"):
        core_mask(GEFITINIB, core_from_text("indole"))
    with pytest.raises(CoreError, match="occurs 2 times"):
        core_mask(GEFITINIB, core_from_text("benzene"))
    with pytest.raises(CoreError, match="the whole of"):
        core_mask(Chem.MolFromSmiles("c1ccc2ncncc2c1"), core_from_text("quinazoline"))
    with pytest.raises(CoreError, match="no ring"):
        core_mask(Chem.MolFromSmiles("CCCCO"), core_from_text("scaffold"))


def test_ring_systems_are_named_largest_first_without_their_parts() -> None:
    assert ring_systems_in(GEFITINIB) == ["quinazoline", "benzene", "morpholine"]
