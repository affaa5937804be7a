"""Masks from the words chemists use for atom ranges, applied once the molecule is known."""

from __future__ import annotations

import pytest

from agent.atom_ranges import core_question, find_atom_ranges, find_cores, mask_from_ranges, mask_from_words
from agent.backends.planner import OfflinePlanner, plan_calls
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


# --- named cores: "keep the quinazoline", "keep the core <SMILES>" ------------------------------------------------

GEFITINIB = "COc1cc2ncnc(Nc3ccc(F)c(Cl)c3)c2cc1OCCCN1CCOCC1"


def _quinazoline_atoms(smiles: str) -> set[int]:
    """Independent check: the ten atoms of the two fused six-membered rings that hold both ring nitrogens."""
    from rdkit import Chem

    mol = Chem.MolFromSmiles(smiles)
    rings = [set(r) for r in mol.GetRingInfo().AtomRings() if len(r) == 6]
    pyrimidine = next(r for r in rings if sum(mol.GetAtomWithIdx(i).GetSymbol() == "N" for i in r) == 2)
    benzo = next(r for r in rings if r != pyrimidine and len(r & pyrimidine) == 2)
    return pyrimidine | benzo


@pytest.mark.parametrize("text", [
    "Optimise it for HCT-116 but keep the quinazoline",
    "keep the quinazoline core fixed",
    "with the quinazoline ring intact",
    "keep the core c1ccc2ncncc2c1",
    "keep the core: c1ccc2ncncc2c1",
])
def test_keep_the_quinazoline_frees_exactly_the_atoms_outside_it(text: str) -> None:
    mask = mask_from_words(find_atom_ranges(text), GEFITINIB)
    kept = {i for i, m in enumerate(mask) if m == 0}
    assert kept == _quinazoline_atoms(GEFITINIB) and len(kept) == 10


def test_a_named_core_and_an_atom_range_to_keep_add_up() -> None:
    mask = mask_from_words(find_atom_ranges("keep the quinazoline and atoms 1-2 fixed"), GEFITINIB)
    assert {i for i, m in enumerate(mask) if m == 0} == _quinazoline_atoms(GEFITINIB) | {0, 1}


@pytest.mark.parametrize(("text", "says"), [
    ("keep the indole", "the indole is not in"),  # absent: names the ring systems it has
    ("keep the benzene", "occurs 2 times"),  # two places: both listed, the person chooses
    ("keep the core", "which core should stay?"),  # which core: asked, never guessed
])
def test_a_core_that_gives_no_mask_is_asked_about(text: str, says: str) -> None:
    assert mask_from_words(find_atom_ranges(text), GEFITINIB) is None
    question = core_question("drug_cell_response_regression_optimization", {"gt": GEFITINIB}, text)
    assert question is not None and says in question
    if text == "keep the indole":
        assert "quinazoline, benzene, morpholine" in question
    if text == "keep the benzene":
        assert "atoms 3-5, 19-21" in question and "atoms 11-14, 16, 18" in question
    if text == "keep the core":
        assert "Murcko scaffold" in question and "quinazoline" in question


def test_the_murcko_scaffold_when_asked_for_by_name() -> None:
    mask = mask_from_words(find_atom_ranges("keep the Murcko scaffold"), GEFITINIB)
    freed = {i for i, m in enumerate(mask) if m}
    assert freed == {0, 1, 14, 16}  # the methoxy group, F and Cl: the substituents outside the scaffold


def test_words_that_name_no_core_give_no_core() -> None:
    assert find_cores("keep atoms 1-3 fixed") == [] and find_cores("the quinazoline class of inhibitors") == []
    assert [r.core for r in find_cores("keep the indole, freeze the morpholine")] == ["indole", "morpholine"]
    assert find_cores("keep the core fixed")[0].core == "core"  # 'fixed' is no SMILES


def test_the_offline_planner_asks_when_the_core_is_not_in_the_molecule() -> None:
    from agent.backends.base import FinalAnswer, PlanContext

    request = f"Optimise {GEFITINIB} for HCT-116 to ln(IC50) -2 but keep the indole"
    [call] = plan_calls(request, [], list(TOOLS))
    assert "mask" not in call.arguments
    action = OfflinePlanner().next_action(PlanContext(request=request, pool=[], offered=list(TOOLS)))
    assert isinstance(action, FinalAnswer) and "the indole is not in" in action.text
    ok = f"Optimise {GEFITINIB} for HCT-116 to ln(IC50) -2 but keep the quinazoline"
    [call] = plan_calls(ok, [], list(TOOLS))
    assert {i for i, m in enumerate(call.arguments["mask"]) if m == 0} == _quinazoline_atoms(GEFITINIB)


# --- functional groups and "only change the X" ------------------------------------------------------------------

DABRAFENIB = "CC(C)(C)c1nc(c(s1)-c1ccnc(N)n1)-c1cccc(NS(=O)(=O)c2c(F)cccc2F)c1F"


@pytest.mark.parametrize("text", ["keep the tert-butyl group", "keep the tBu", "leave the t-butyl untouched"])
def test_a_named_functional_group_is_kept(text: str) -> None:
    mask = mask_from_words(find_atom_ranges(text), DABRAFENIB)
    assert {i for i, m in enumerate(mask) if m == 0} == {0, 1, 2, 3}  # the quaternary carbon and its methyls


def test_a_group_that_occurs_twice_is_asked_about() -> None:
    question = core_question("drug_cell_response_regression_optimization", {"gt": DABRAFENIB},
                             "keep the fluorine")
    assert question is not None and "occurs 3 times" in question


@pytest.mark.parametrize("text", ["only change the morpholine", "modify only the morpholine ring",
                                  "just vary the morpholine"])
def test_only_the_named_part_may_change(text: str) -> None:
    from rdkit import Chem

    mask = mask_from_words(find_atom_ranges(text), GEFITINIB)
    morpholine = set(Chem.MolFromSmiles(GEFITINIB).GetSubstructMatch(Chem.MolFromSmarts("C1COCCN1")))
    assert {i for i, m in enumerate(mask) if m == 1} == morpholine and len(morpholine) == 6


def test_parts_named_to_keep_may_restate_the_rest_but_not_overlap() -> None:
    restated = mask_from_words(find_atom_ranges("keep the quinazoline, only change the morpholine"), GEFITINIB)
    assert restated == mask_from_words(find_atom_ranges("only change the morpholine"), GEFITINIB)
    text = "keep the quinazoline, only change the anilinoquinazoline"
    assert mask_from_words(find_atom_ranges(text), GEFITINIB) is None
    question = core_question("drug_cell_response_regression_optimization", {"gt": GEFITINIB}, text)
    assert question is not None and "not both" in question


ERLOTINIB = "COCCOC1=C(C=C2C(=C1)C(=NC=N2)NC3=CC=CC(=C3)C#C)OCCOC"


@pytest.mark.parametrize(("text", "smiles", "free"), [
    ("only the morpholinopropoxy tail may change", GEFITINIB, "OCCCN1CCOCC1"),
    ("keep quinazoline and the anilino part fixed, only the morpholine-propoxy chain may change", GEFITINIB,
     "OCCCN1CCOCC1"),
    ("keep everything except the two methoxyethoxy side chains", ERLOTINIB, "COCCO.COCCO"),
    ("the methoxyethoxy chains can change, rest stays", ERLOTINIB, "COCCO.COCCO"),
    ("keep the NHBoc untouched, everything else is free to change", "CC(O)[C@H](Cc1ccccc1)NC(=O)OC(C)(C)C",
     "CC(O)C(C)c1ccccc1"),
])
def test_parts_named_systematically(text: str, smiles: str, free: str) -> None:
    from rdkit import Chem

    from model_zoo.names import opsin

    if not opsin.available() and ("methoxyethoxy" in text or "propoxy" in text):
        pytest.skip(opsin.why_unavailable())
    mask = mask_from_words(find_atom_ranges(text), smiles)
    assert mask is not None
    freed = sum(mask)
    assert freed == Chem.MolFromSmiles(free).GetNumAtoms()


def test_murcko_scaffold_in_brackets_is_the_core_to_keep() -> None:
    text = "keep its ring systems and linkers (Murcko scaffold), only substituents can change"
    assert mask_from_words(find_atom_ranges(text), GEFITINIB) == \
        mask_from_words(find_atom_ranges("keep the Murcko scaffold"), GEFITINIB)


def test_the_ring_system_to_keep_is_the_murcko_scaffold() -> None:
    text = "don't touch the ring system - only the side chains outside the scaffold"
    assert mask_from_words(find_atom_ranges(text), GEFITINIB) == \
        mask_from_words(find_atom_ranges("keep the Murcko scaffold"), GEFITINIB)


def test_a_systematic_part_name_without_opsin_is_asked_about_never_left_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without Java/OPSIN, "only the morpholinopropoxy tail may change" cannot be placed: the mask is refused with
    the reason, never built from the other parts alone (that freed the anilino the user said to keep)."""
    from model_zoo.names import opsin

    monkeypatch.setattr(opsin, "available", lambda: False)
    text = "keep quinazoline and the anilino part fixed, only the morpholinopropoxy tail may change"
    assert mask_from_words(find_atom_ranges(text), GEFITINIB) is None
    question = core_question("drug_cell_response_regression_optimization", {"gt": GEFITINIB}, text)
    assert question is not None and "'morpholinopropoxy'" in question and "systematic names" in question


@pytest.mark.parametrize("text", ["only touch the morpholinopropoxy tail, rest stays",
                                  "keep the quinazoline, change only the morpholinopropoxy chain",
                                  "only let the morpholinopropoxy chain (incl. the ring O) change"])
def test_only_touch_change_only_and_only_let_name_the_part_that_may_change(text: str) -> None:
    from model_zoo.names import opsin

    if not opsin.available():
        pytest.skip(opsin.why_unavailable())
    assert sum(mask_from_words(find_atom_ranges(text), GEFITINIB)) == 10  # O-C-C-C and the morpholine


# --- named substituents and chains: the free atoms are exactly the named part ---------------------------------------

IMATINIB = "CC1=C(C=C(C=C1)NC(=O)C2=CC=C(C=C2)CN3CCN(CC3)C)NC4=NC=CC(=N4)C5=CN=CC=C5"
AFATINIB = "CN(C)C/C=C/C(=O)NC1=C(C=C2C(=C1)C(=NC=N2)NC3=CC(=C(C=C3)F)Cl)O[C@H]4CCOC4"
OLAPARIB = "C1CC1C(=O)N2CCN(CC2)C(=O)C3=C(C=CC(=C3)CC4=NNC(=O)C5=CC=CC=C54)F"
SORAFENIB = "CNC(=O)C1=NC=CC(=C1)OC2=CC=C(C=C2)NC(=O)NC3=CC(=C(C=C3)Cl)C(F)(F)F"


def _free(text: str, smiles: str) -> set[int]:
    mask = mask_from_words(find_atom_ranges(text), smiles)
    assert mask is not None, text
    return {i for i, m in enumerate(mask) if m == 1}


def _atoms_of(smiles: str, smarts: str) -> set[int]:
    from rdkit import Chem

    [match] = Chem.MolFromSmiles(smiles).GetSubstructMatches(Chem.MolFromSmarts(smarts))
    return set(match)


@pytest.fixture
def needs_opsin() -> None:
    from model_zoo.names import opsin

    if not opsin.available():
        pytest.skip(opsin.why_unavailable())


@pytest.mark.usefixtures("needs_opsin")
@pytest.mark.parametrize(("text", "smiles", "part"), [
    # a describing word before the name ("solubilising") is no part of it
    ("optimize only the solubilising morpholinopropoxy chain", GEFITINIB, "[OX2;!R]CCCN1CCOCC1"),
    # unlocanted: OPSIN reads 2,3-difluoro, dabrafenib has 2,6; the name says nothing about positions
    ("optimize only the difluorophenylsulfonyl bit", DABRAFENIB, "S(=O)(=O)c1c(F)cccc1F"),
    # the N-methylpiperazine, not the benzylic CH2 (which also reads as an N-methyl of the piperazine)
    ("only the methylpiperazine may change", IMATINIB, "[CH3]N1CCNCC1"),
    ("N-methylpiperazine is the only part you may change", IMATINIB, "[CH3]N1CCNCC1"),
    ("just let the cyclopropylcarbonyl change", OLAPARIB, "C1CC1C(=O)"),
    # a region word, then the part's name in brackets
    ("optimise it for A549, tail only (morpholinopropoxy)", GEFITINIB, "[OX2;!R]CCCN1CCOCC1"),
])
def test_a_named_substituent_is_exactly_what_may_change(text: str, smiles: str, part: str) -> None:
    assert _free(text, smiles) == _atoms_of(smiles, part)


VORINOSTAT = "C1=CC=C(C=C1)NC(=O)CCCCCCC(=O)NO"
TEMOZOLOMIDE = "CN1C(=O)N2C=NC(=C2N=N1)C(=O)N"


@pytest.mark.parametrize(("text", "smiles", "part"), [
    ("only hydroxamic acid end can change", VORINOSTAT, "C(=O)NO"),  # a table name of two words
    ("the N-methylamide can change, rest fixed", SORAFENIB, "[CH3]NC(=O)"),
    ("only the carboxamide", TEMOZOLOMIDE, "C(=O)[NH2]"),  # not the ring's urea carbonyl
    ("Leave everything alone except the N-methylpiperazine.", IMATINIB, "[CH3]N1CCNCC1"),
    ("only swap out the N-methylpiperazine ring (rest fixed)", IMATINIB, "[CH3]N1CCNCC1"),
    ("Only allowed to vary the N-methyl amide (CH3-NH-C=O), the rest stays put", SORAFENIB, "[CH3]NC(=O)"),
    ("only the N-methylpiperazine can be swapped", IMATINIB, "[CH3]N1CCNCC1"),
    ("the N-methylpiperazine is the only thing we'll touch", IMATINIB, "[CH3]N1CCNCC1"),
    ("optimise in K-562, ln IC50 -2, N-methylpiperazine ring only", IMATINIB, "[CH3]N1CCNCC1"),
    ("let only the N-methylpiperazine change", IMATINIB, "[CH3]N1CCNCC1"),
    ("the N-methylpiperazine may change, nothing else", IMATINIB, "[CH3]N1CCNCC1"),
])
def test_functional_groups_named_as_the_part_that_may_change(text: str, smiles: str, part: str) -> None:
    assert _free(text, smiles) == _atoms_of(smiles, part)


QUIZARTINIB = "CC(C)(C)C1=CC(=NO1)NC(=O)NC2=CC=C(C=C2)C3=CN4C5=C(C=C(C=C5)OCCN6CCOCC6)SC4=N3"


@pytest.mark.parametrize(("text", "smiles", "part"), [
    ("let the model rework only the N-methylpiperazine, everything else fixed", IMATINIB, "[CH3]N1CCNCC1"),
    ("yes, just the morpholinopropoxy tail", GEFITINIB, "[OX2;!R]CCCN1CCOCC1"),  # a reply to "which part?"
    ("free region: the morpholinoethoxy (OCCN1CCOCC1), nothing else", QUIZARTINIB, "OCCN1CCOCC1"),
    # parts also named to keep restate the rest; one the table cannot place ("the aniline" of an anilide) is no veto
    ("Only touch the solvent-exposed morpholinopropoxy tail; the quinazoline and the aniline stay.", GEFITINIB,
     "[OX2;!R]CCCN1CCOCC1"),
])
def test_more_ways_to_name_the_part_that_may_change(text: str, smiles: str, part: str) -> None:
    from model_zoo.names import opsin

    if not opsin.available():
        pytest.skip(opsin.why_unavailable())
    assert _free(text, smiles) == _atoms_of(smiles, part)


@pytest.mark.parametrize("text", ["The phthalazinone has to stay, the rest is free.",
                                  "the phthalazinone must be kept", "phthalazinone stays, rest can go"])
def test_a_core_said_to_stay_is_kept(text: str) -> None:
    mask = mask_from_words(find_atom_ranges(text), OLAPARIB)
    assert mask is not None
    assert {i for i, m in enumerate(mask) if m == 0} == _atoms_of(OLAPARIB, "O=c1[nH]ncc2ccccc12")


@pytest.mark.usefixtures("needs_opsin")
def test_a_part_named_for_every_place_it_occurs() -> None:
    assert len(_free("optimize the two methoxyethoxy arms only", ERLOTINIB)) == 10


@pytest.mark.usefixtures("needs_opsin")
def test_a_chain_is_the_substituent_up_to_the_ring_it_hangs_on() -> None:
    assert _free("only the morpholine chain may change", GEFITINIB) == _atoms_of(GEFITINIB, "[OX2;!R]CCCN1CCOCC1")
    assert _free("only the morpholine ring may change", GEFITINIB) == _atoms_of(GEFITINIB, "N1CCOCC1")
    assert _free("only the methylpiperazine tail may change", IMATINIB) == _atoms_of(IMATINIB, "[CH2]N1CCN(C)CC1")


def test_the_rest_named_after_ie_is_what_may_change() -> None:
    text = "keep the acrylamide warhead and the quinazoline-aniline core, let the rest move (i.e. the THF ether)"
    assert _free(text, AFATINIB) == _atoms_of(AFATINIB, "[OX2;!R]C1CCOC1")
    assert find_cores("keep the rest (i.e. the THF ether)") == []  # what stays, not what may change


def test_the_core_glossed_in_brackets_is_that_core() -> None:
    assert mask_from_words(find_atom_ranges("Keep the core (Murcko scaffold), decorate the rest"), SORAFENIB) == \
        mask_from_words(find_atom_ranges("keep the Murcko scaffold"), SORAFENIB)


def test_a_named_ring_keeps_its_own_atoms_only() -> None:
    """Phthalazin-1(2H)-one is ten ring atoms and the carbonyl O; the CH2 that joins it to the fluorophenyl is a
    linker, free to change."""
    kept = set(range(32)) - _free("keep the phthalazinone fixed", OLAPARIB)
    assert kept == _atoms_of(OLAPARIB, "O=c1[nH]ncc2ccccc12")


@pytest.mark.usefixtures("needs_opsin")
@pytest.mark.parametrize(("text", "smiles", "says"), [
    ("only the methoxyethoxy may change", ERLOTINIB, "occurs 2 times"),  # one named, two there: which?
    ("optimize only the difluorophenylsulfonyl bit", GEFITINIB, "not in"),
    ("only the morpholinopropoxy chain may change", ERLOTINIB, "not in"),
])
def test_a_part_absent_or_in_several_places_is_asked_about(text: str, smiles: str, says: str) -> None:
    assert mask_from_words(find_atom_ranges(text), smiles) is None
    question = core_question("drug_cell_response_regression_optimization", {"gt": smiles}, text)
    assert question is not None and says in question


def test_a_reply_naming_only_a_part_says_that_part_may_change() -> None:
    from agent.history import PastRequest

    gefitinib = "COC1=C(C=C2C(=C1)N=CN=C2NC3=CC(=C(C=C3)F)Cl)OCCCN4CCOCC4"
    asked = [PastRequest("alice", "optimize gefitinib in A549 to 100 nM", answered=False)]
    [call] = plan_calls("just the morpholine ring", [], list(TOOLS), asked)
    assert call.arguments["gt"] == gefitinib  # morpholine is the part, not a molecule to optimise
    assert call.arguments["mask"] == [0] * 25 + [1] * 6
    [call] = plan_calls("only the morpholine-propoxy, keep rest", [], list(TOOLS), asked)
    assert call.arguments["mask"] == [0] * 21 + [1] * 10
    assert find_atom_ranges("is it only the morpholine ring that matters for binding?") == []


def test_a_part_written_free_after_a_core_to_keep_may_change() -> None:
    text = "optimise erlotinib for PC-3, target 200 nM, keep quinazoline core + aniline, methoxyethoxy chains free"
    assert [(r.core, r.keep) for r in find_atom_ranges(text)] == [("quinazoline", True), ("aniline", True),
                                                                   ("methoxyethoxy", False)]
    [call] = plan_calls(text, [], list(TOOLS))
    assert call.arguments["mask"] == [1] * 5 + [0] * 19 + [1] * 5  # both chains, nothing else
    assert find_atom_ranges("is a morpholine free analogue better?") == []  # "X-free" is no region set free


def test_a_bare_core_named_to_stay_restates_the_rest_when_the_changing_part_is_named() -> None:
    from model_zoo.names import opsin

    if not opsin.available():
        pytest.skip(opsin.why_unavailable())
    free = _free("both methoxyethoxy chains are free, core fixed", ERLOTINIB)
    assert free == _free("keep everything except the two methoxyethoxy side chains", ERLOTINIB)


def test_everything_outside_the_ring_system_may_change() -> None:
    ranges = find_atom_ranges("only the atoms outside the ring system may change")
    murcko = mask_from_words(find_atom_ranges("keep the Murcko scaffold"), GEFITINIB)
    assert murcko is not None and mask_from_words(ranges, GEFITINIB) == murcko


def test_a_part_named_free_at_the_end_of_a_phrase_may_change() -> None:
    [part] = find_atom_ranges("optimize imatinib in K562, methylpiperazine free, target 50 nM")
    assert (part.core, part.keep) == ("methylpiperazine", False)
    assert find_atom_ranges("mask 0,0,1 (carboxamide free)") == []  # glosses a typed mask: that is checked


@pytest.mark.usefixtures("needs_opsin")
@pytest.mark.parametrize(("text", "free"), [
    ("retain the claimed 4-anilinoquinazoline scaffold and vary only the 3-morpholinopropoxy side chain", 10),
    ("retain the quinazoline core and the 3-chloro-4-fluoroanilino group, rest free", 12),
])
def test_patent_wording_of_what_stays_and_what_may_change(text: str, free: int) -> None:
    assert sum(mask_from_words(find_atom_ranges(text), GEFITINIB) or []) == free


def test_a_changing_part_that_cannot_be_placed_is_asked_about_never_left_out() -> None:
    """Leaving out "the 6-alkoxy side chain only" would free the methoxy the user did not name."""
    text = "Retain the quinazoline core; permit modification of the 6-alkoxy side chain only"
    assert mask_from_words(find_atom_ranges(text), GEFITINIB) is None
    question = core_question("drug_cell_response_regression_optimization", {"gt": GEFITINIB}, text)
    assert question is not None and "'6-alkoxy'" in question


def test_a_hyphenated_group_name_and_a_size_word_before_it() -> None:
    sorafenib = "CNC(=O)C1=NC=CC(=C1)OC2=CC=C(C=C2)NC(=O)NC3=CC(=C(C=C3)Cl)C(F)(F)F"
    text = "Keep the core of the drug, let the model change just the small methyl-amide bit at the end."
    assert mask_from_words(find_atom_ranges(text), sorafenib) == [1, 1, 1, 1] + [0] * 28


def test_a_part_given_as_the_reply_of_a_named_colleague() -> None:
    assert sum(mask_from_words(find_atom_ranges("jen: only the N-methylpiperazine"), IMATINIB) or []) == 7
