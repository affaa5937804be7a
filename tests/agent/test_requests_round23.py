"""Requests of the twenty-third round."""

from __future__ import annotations

from planning_support import plan_with

from agent.atom_ranges import find_atom_ranges, mask_from_words
from agent.vocabulary import in_english
from model_zoo.chem.cores import core_from_text, english_spelling

OPTIMISE = "drug_cell_response_regression_optimization"
ERLOTINIB = "COCCOC1=C(C=C2C(=C1)C(=NC=N2)NC3=CC=CC(=C3)C#C)OCCOC"
GEFITINIB = "COC1=C(C=C2C(=C1)N=CN=C2NC3=CC(=C(C=C3)F)Cl)OCCCN4CCOCC4"
SORAFENIB = "CNC(=O)C1=NC=CC(=C1)OC2=CC=C(C=C2)NC(=O)NC3=CC(=C(C=C3)Cl)C(F)(F)F"
TAMOXIFEN = "CC/C(=C(\\C1=CC=CC=C1)/C2=CC=C(C=C2)OCCN(C)C)/C3=CC=CC=C3"
OLAPARIB = "C1CC1C(=O)N2CCN(CC2)C(=O)C3=C(C=CC(=C3)CC4=NNC(=O)C5=CC=CC=C54)F"


def _free_atoms(text: str, smiles: str) -> list[int]:
    mask = mask_from_words(find_atom_ranges(in_english(text)), smiles)  # as the planner reads it
    assert mask is not None, text
    return [i for i, flag in enumerate(mask) if flag]


def test_only_a_named_part_changes_in_any_form_of_the_verb() -> None:
    """"changing only the acrylamide warhead", "only the ethynyl group changes", "only letting the carboxamide
    change", "only the N-methylamide is open", "tweak only the n-methylpiperazine" gave no mask, so the optimiser asked
    for one although the part was named. "Only" next to a named part, in a clause that says change in any form, frees
    that part; "only the quinazoline stays" still keeps it, and "only keep the indole" is no part that changes."""
    assert _free_atoms("analogues where only the ethynyl group changes", ERLOTINIB) == [22, 23]
    assert _free_atoms("Sorafenib in HuH-7, ln(IC50) -2; only the N-methylamide is open.", SORAFENIB) == [0, 1, 2, 3]
    assert _free_atoms("keeping the core and only letting the carboxamide change",
                       "CN1C(=O)N2C=NC(=C2N=N1)C(=O)N") == [11, 12, 13]
    assert [(r.core, r.keep) for r in find_atom_ranges("only the quinazoline stays, the rest may change")] == \
        [("quinazoline", True)]
    assert not any(not r.keep for r in find_atom_ranges("only keep the indole, change the rest"))
    assert find_atom_ranges("just optimise imatinib in K562 to -2") == []


def test_part_names_as_romance_and_turkish_chemists_spell_them() -> None:
    """"sólo puede cambiar la cadena lateral dimetilaminoetoxi", "só as duas cadeias metoxietoxi podem mudar",
    "sadece morfolinopropoksi zinciri değişebilir", "solo il ciclopropil-carbonile, il resto fisso": the names were
    read only where a word list held them. They are spelt in English by rules (accents dropped, metil -> methyl,
    -oxi/-oksi -> -oxy, ciclo -> cyclo, -ina -> -ine …) when the name as written places nowhere."""
    assert [english_spelling(w) for w in ("metoxietoxi", "dimetilaminoetoxi", "morfolinopropoksi",
                                          "ciclopropil-carbonile", "clorotrifluorometilfenilo", "kinazolin",
                                          "méthoxyéthoxy")] == \
        ["methoxyethoxy", "dimethylaminoethoxy", "morpholinopropoxy", "cyclopropyl-carbonyl",
         "chlorotrifluoromethylphenyl", "quinazoline", "methoxyethoxy"]
    assert core_from_text("dimetilaminoetoxi").loose == "CN(C)CCO"
    [call] = plan_with("Quiero optimizar el tamoxifeno en MCF7 con una CI50 objetivo de 0,5 µM. Sólo puede cambiar la "
                       "cadena lateral dimetilaminoetoxi; el núcleo trifeniletileno queda como está.", {})
    assert call.name == OPTIMISE and [i for i, f in enumerate(call.arguments["mask"]) if f] == list(range(16, 22))
    [call] = plan_with("Optimise l'erlotinib pour A549, ln(CI50) visé de -1. On garde la quinazoline; seulement les "
                       "deux chaînes méthoxyéthoxy peuvent bouger.", {})
    assert [i for i, f in enumerate(call.arguments["mask"]) if f] == [0, 1, 2, 3, 4, 24, 25, 26, 27, 28]
    [call] = plan_with("Gefitinib'i HCC827'de optimize edelim hocam, hedef ln IC50 -3. Kinazolin çekirdeği ve anilin "
                       "sabit kalsın, sadece morfolinopropoksi zinciri değişebilir", {})
    assert call.arguments["gt"] == GEFITINIB
    assert [i for i, f in enumerate(call.arguments["mask"]) if f] == list(range(21, 31))
    assert _free_atoms("solo il ciclopropil-carbonile, il resto fisso", OLAPARIB) == [0, 1, 2, 3, 4]
