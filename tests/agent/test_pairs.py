"""Drug pairs as people write them: terse joins ("warf+asp", "A/B and A/C"), a drug never paired with itself, the
pair of the ask it belongs to, and a drug of the thread's pair swapped by its place."""

from agent.backends.base import ToolCall
from agent.backends.planner import plan_calls
from agent.entities import extract
from agent.history import PastRequest
from agent.planning.pairs import message_pairs
from agent.pool.store import InMemoryPoolStore
from agent.pool.thread_pool import ThreadPool
from model_zoo.names.drugs import resolve_drug
from model_zoo.specs import TOOLS

WARFARIN, ASPIRIN, CLOPIDOGREL, CAPECITABINE, LEUCOVORIN, TEMOZOLOMIDE, DEXAMETHASONE, AMIODARONE = (
    resolve_drug(n).value for n in ("warfarin", "aspirin", "clopidogrel", "capecitabine", "leucovorin",
                                    "temozolomide", "dexamethasone", "amiodarone"))


def plan(text: str) -> list[ToolCall]:
    return plan_calls(text, [], list(TOOLS))


def test_clinical_shorthand_in_a_pair() -> None:
    [call] = plan("DDI warf+asp")
    assert call.arguments == {"smiles_pairs": [[WARFARIN, ASPIRIN]]}
    [call] = plan("warf + amiodarone, DDI type?")
    assert call.arguments == {"smiles_pairs": [[WARFARIN, AMIODARONE]]}
    assert message_pairs(extract("ASA with clopidogrel, any interaction?")) == [[ASPIRIN, CLOPIDOGREL]]


def test_asp_is_aspirin_only_next_to_another_drug() -> None:
    """Alone, "asp"/"Asp" is aspartate (a residue, an amino acid), never silently aspirin."""
    assert extract("asp in HeLa").molecules == []
    assert extract("the Asp residue in the hinge").molecules == []
    assert extract("clopidogrel/asp, DDI?").molecules == [CLOPIDOGREL, ASPIRIN]


def test_joined_pairs_are_the_pairs_not_all_combinations() -> None:
    e = extract("interactions: capecitabine/warfarin and capecitabine/leucovorin")
    assert message_pairs(e) == [[CAPECITABINE, WARFARIN], [CAPECITABINE, LEUCOVORIN]]
    e = extract("DDI warf+asp and warf+clopidogrel, also twosides side effects for warf+asp")
    assert e.pairs == [[WARFARIN, ASPIRIN], [WARFARIN, CLOPIDOGREL]]  # a pair written twice is one pair
    e = extract("omeprazole w/ clopidogrel - DDI? and same for omeprazole w/ warfarin")
    assert len(e.pairs) == 2 and all(len(set(p)) == 2 for p in e.pairs)


def test_first_with_each_other_when_not_joined_two_by_two() -> None:
    e = extract("does warfarin interact with aspirin and with clopidogrel?")
    assert message_pairs(e) == [[WARFARIN, ASPIRIN], [WARFARIN, CLOPIDOGREL]]


def test_a_drug_is_never_paired_with_itself() -> None:
    e = extract("Temodar + dexamethasone DDI. and Temodar in U-87 MG")
    assert message_pairs(e) == [[TEMOZOLOMIDE, DEXAMETHASONE]]
    assert message_pairs(extract("warfarin with warfarin")) == []


def test_the_pair_of_the_ask_that_names_it() -> None:
    e = extract("DDI warf+asp and warf+clopidogrel, also twosides side effects for warf+asp")
    focus = e.prose[e.prose.index("twosides"):]
    assert message_pairs(e, focus) == [[WARFARIN, ASPIRIN]]
    assert message_pairs(e, "DDI ") == e.pairs  # a part naming no pair of its own: the message's pairs


def _swap(words: str, pairs: list[list[str]]) -> ToolCall:
    pool = ThreadPool(InMemoryPoolStore(), "t")
    pool.put("user_smiles_pairs", pairs, "smiles_pairs", "a", "message")
    answered = [PastRequest("alice", "DDI for these?", answered=True)]
    [call] = plan_calls(words, pool.list(), list(TOOLS), answered, lambda key: pool.get(key).value)
    return call


def test_swapping_a_drug_by_its_place_in_the_pair() -> None:
    for words, expected in (("swap the second drug for clopidogrel", [[WARFARIN, CLOPIDOGREL]]),
                            ("replace the first one with clopidogrel", [[CLOPIDOGREL, ASPIRIN]]),
                            ("switch the last drug to amiodarone", [[WARFARIN, AMIODARONE]])):
        call = _swap(words, [[WARFARIN, ASPIRIN]])
        assert call.name == "drug_drug_response_predict", words
        assert call.arguments["smiles_pairs"] == expected, words


def _swap_after(earlier: str, words: str, pairs: list[list[str]]) -> ToolCall:
    pool = ThreadPool(InMemoryPoolStore(), "t")
    pool.put("user_smiles_pairs", pairs, "smiles_pairs", "a", "message")
    answered = [PastRequest("alice", earlier, answered=True)]
    [call] = plan_calls(words, pool.list(), list(TOOLS), answered, lambda key: pool.get(key).value)
    return call


def test_swapping_a_drug_said_by_its_kind() -> None:
    simvastatin, clarithromycin, rosuvastatin = (resolve_drug(n).value for n in ("simvastatin", "clarithromycin",
                                                                                 "rosuvastatin"))
    call = _swap_after("Zocor with clarithromycin - co-administration OK?", "what if we swap the statin for Crestor?",
                       [[simvastatin, clarithromycin]])
    assert call.arguments["smiles_pairs"] == [[rosuvastatin, clarithromycin]]  # the -statin goes
    # no drug of the new one's kind in the pair: asked, never the old pair again
    call = _swap_after("warfarin with aspirin?", "what if we swap it for Crestor?", [[WARFARIN, ASPIRIN]])
    assert "smiles_pairs" not in call.arguments


def test_a_place_no_pair_has_is_asked_about() -> None:
    call = _swap("swap the third drug for clopidogrel", [[WARFARIN, ASPIRIN]])
    assert "smiles_pairs" not in call.arguments


def test_they_after_a_request_on_two_drugs_is_their_pair() -> None:
    pool = ThreadPool(InMemoryPoolStore(), "t")
    pool.put("user_smiles", [WARFARIN, ASPIRIN], "smiles_list", "a", "message")
    answered = [PastRequest("alice", "warfarin and aspirin in HepG2?", answered=True)]
    read = lambda key: pool.get(key).value  # noqa: E731
    [call] = plan_calls("and do they interact with each other? drugbank types", pool.list(), list(TOOLS), answered,
                        read)
    assert call.arguments == {"smiles_pairs": [[WARFARIN, ASPIRIN]]}
    pool.put("user_smiles", [WARFARIN, ASPIRIN, CLOPIDOGREL], "smiles_list", "b", "message")
    [call] = plan_calls("do they interact with each other?", pool.list(), list(TOOLS), answered, read)
    assert len(call.arguments["smiles_pairs"]) == 3  # three drugs "with each other": every pair of them


def test_the_two_drugs_of_an_earlier_request_are_their_pair() -> None:
    pool = ThreadPool(InMemoryPoolStore(), "t")
    pool.put("user_smiles", [WARFARIN, ASPIRIN], "smiles_list", "a", "message")
    answered = [PastRequest("alice", "warfarin and aspirin in HepG2?", answered=True)]
    [call] = plan_calls("and any interaction between the two drugs themselves?", pool.list(), list(TOOLS), answered,
                        lambda key: pool.get(key).value)
    assert call.arguments == {"smiles_pairs": [[WARFARIN, ASPIRIN]]}


def test_each_pair_of_three_drugs() -> None:
    [call] = plan("warfarin, aspirin and clopidogrel: check each pair for interactions")
    assert call.arguments["smiles_pairs"] == [[WARFARIN, ASPIRIN], [WARFARIN, CLOPIDOGREL], [ASPIRIN, CLOPIDOGREL]]
    [call] = plan("warfarin with aspirin and clopidogrel?")  # the first with each of the others
    assert call.arguments["smiles_pairs"] == [[WARFARIN, ASPIRIN], [WARFARIN, CLOPIDOGREL]]


def test_a_pair_picked_by_a_drug_it_holds() -> None:
    pool = ThreadPool(InMemoryPoolStore(), "pairs")
    pairs = [[AMIODARONE, WARFARIN], [AMIODARONE, ASPIRIN]]
    pool.put("user_smiles_pairs", pairs, "smiles_pairs", "a", "message")
    [call] = plan_calls("just the warfarin one again with twosides", pool.list(), list(TOOLS), [],
                        lambda key: pool.require(key).value)
    assert call.arguments["smiles_pairs"] == [[AMIODARONE, WARFARIN]] and call.arguments["task"] == "twosides"


def test_a_second_pair_runs_with_the_first() -> None:
    tamoxifen, warfarin, simvastatin = (_smiles(n) for n in ("tamoxifen", "warfarin", "simvastatin"))
    for words in ("Add a second pair: tamoxifen plus simvastatin. Run both pairs.",
                  "could you also add tamoxifen with simvastatin as a second pair and rerun both together?"):
        call = _swap_after("tamoxifen with warfarin — interaction?", words, [[tamoxifen, warfarin]])
        assert call.arguments["smiles_pairs"] == [[tamoxifen, warfarin], [tamoxifen, simvastatin]]


def _smiles(name: str) -> str:
    resolved = resolve_drug(name)
    assert not hasattr(resolved, "closest")
    return resolved.value  # type: ignore[union-attr]


def test_one_drug_checked_against_all_the_others() -> None:
    """"run apixaban against the other three", "the new one against everything she takes": that drug with each
    other one, in the order written; doses and schedules are no values."""
    names = ("apixaban", "diltiazem", "amiodarone", "pantoprazole", "sertraline", "tramadol", "omeprazole",
             "linezolid")
    apix, dilt, amio, panto, sert, tram, omep, line = (resolve_drug(n).value for n in names)
    [call] = plan("Med rec bed 12: apixaban 5 mg bid, diltiazem 240 mg daily, amiodarone 200 mg daily, pantoprazole "
                  "40 mg before breakfast. Run apixaban against the other three.")
    assert call.arguments == {"smiles_pairs": [[apix, dilt], [apix, amio], [apix, panto]]}
    e = extract("She takes sertraline 100 mg every morning, tramadol 50 mg q6h prn and omeprazole 20 mg. ID wants "
                "to start linezolid 600 mg bid. Screen the new one against everything she takes")
    assert message_pairs(e) == [[line, sert], [line, tram], [line, omep]]


def test_each_against_the_others_is_every_pair() -> None:
    e = extract("home meds:\n- warfarin 5 mg\n- aspirin 81 mg\n- amiodarone 200 mg daily\n"
                "Please check each of these against the others.")
    assert message_pairs(e) == [[WARFARIN, ASPIRIN], [WARFARIN, AMIODARONE], [ASPIRIN, AMIODARONE]]
