"""Requests of the nineteenth round."""

from __future__ import annotations

from planning_support import decided, plan_with

from agent.backends.planner import plan_calls
from agent.entities import read_message
from agent.history import CallLog, PastRequest
from agent.pool.store import InMemoryPoolStore
from agent.pool.thread_pool import ThreadPool
from model_zoo.specs import TOOLS

AFFINITY = "drug_target_affinity_regression_predict"
CLASSIFY = "drug_target_classification_predict"
DDI = "drug_drug_response_predict"
OPTIMIZE = "drug_cell_response_regression_optimization"
STAUROSPORINE = "C[C@@]12[C@@H]([C@@H](C[C@@H](O1)N3C4=CC=CC=C4C5=C6C(=C7C8=CC=CC=C8N2C7=C53)CNC6=O)NC)OC"


def _drug(text: str, written: str) -> str:
    return next(n.value for n in read_message(text).names if n.written.lower() == written.lower())


def test_the_reply_naming_which_of_several_pairs_it_with_the_request_partner_only() -> None:
    """"Linezolid. The rifampin was a restart, not new." after "which new one?" had paired linezolid with rifampin
    and with methadone; "Sorry, voriconazole." after "which azole?" had paired it with fluconazole too."""
    for asked, reply, chosen in (
            ("Started linezolid and rifampin today. Check the new one against her methadone.",
             "Linezolid. The rifampin was a restart, not new.", "linezolid"),
            ("Her list: Vfend 200 BID, Diflucan 200 daily, methadone 90 mg daily. Check the azole with the methadone.",
             "Sorry, voriconazole. Diflucan is being stopped tomorrow anyway.", "voriconazole")):
        [call] = plan_with(reply, {}, [PastRequest("u", asked, answered=False)])
        assert call.name == DDI
        assert call.arguments["smiles_pairs"] == [[_drug(reply, chosen), _drug(asked, "methadone")]]


def test_the_drug_class_opening_a_pair_is_asked_about_not_misspelt() -> None:
    """"The quinolone with her methadone" was read as a misspelling of quinbolone or quinoline; it names a kind of
    drug. A part of a molecule ("keep the quinolone and vary the amide") is no drug class."""
    [unknown] = read_message("The quinolone with her methadone, QT worry. Can you check?").unresolved
    assert unknown.written == "quinolone" and not unknown.closest
    assert not read_message("keep the quinolone and vary the amide").unresolved
    assert not read_message("Moxifloxacin 400 daily, then the quinolone with her methadone.").unresolved
    assert decided("Check the quinolone against warfarin.") is None


def test_the_target_it_bound_more_tightly_is_read_from_the_thread_results() -> None:
    """"For whichever it bound more tightly, the interaction probability too" had used both targets' pool entry."""
    pool = ThreadPool(InMemoryPoolStore(), "t")
    calls = []
    for target, pkd in (("AURKA", 7.89), ("AURKB", 7.63)):
        sequence = next(n.value for n in read_message(f"pKd against {target}").names if n.kind == "target")
        meta = pool.put(f"{AFFINITY}_result", [{"row": 1, "smiles": STAUROSPORINE, "pKd": pkd}], "table", "u", "tool")
        calls.append(CallLog(AFFINITY, {"drug_smiles": [STAUROSPORINE], "target_seq": sequence}, None, {}, "ok",
                             result_key=meta.key, result_version=meta.version))
    earlier = PastRequest("u", "Staurosporine against Aurora A and Aurora B: pKd for each.", answered=True,
                          calls=calls)
    for text, place in (("For whichever it bound more tightly, the interaction probability too.", 0),
                        ("Interaction probability for the kinase it bound less tightly.", 1)):
        [call] = plan_calls(text, pool.list(), list(TOOLS), [earlier], pool.read)
        assert call.name == CLASSIFY and call.arguments["target_seq"] == calls[place].arguments["target_seq"]
    [call] = plan_calls("For whichever it bound more tightly, the interaction probability too.", pool.list(),
                        list(TOOLS), [PastRequest("u", "Staurosporine vs Aurora A", answered=True, calls=calls[:1])],
                        pool.read)
    assert call.arguments.get("target_seq") in (None, "(user_target_seq)") or "target_seq" not in call.arguments


def test_a_named_acid_residue_is_a_part_of_the_mask() -> None:
    """"only the glutamic acid residue may change" (methotrexate) and "only the acetic acid side chain may change"
    (diclofenac) gave no mask: a two-word acid name and "residue" were not read as a part."""
    [call] = plan_with("Optimize methotrexate for MCF7 to ln IC50 0.69; only the glutamic acid residue may change.", {})
    assert call.name == OPTIMIZE and call.arguments["mask"] == [0] * 23 + [1] * 10
    [call] = plan_with("Optimize diclofenac for A549 to ln IC50 0; only the acetic acid side chain may change.", {})
    assert call.arguments["mask"] == [1, 1, 1, 1] + [0] * 15
    [call] = plan_with("Optimize diclofenac for A549 to ln IC50 0; keep the benzoic acid.", {})
    assert "mask" not in call.arguments  # diclofenac has no benzoic acid: asked, never a guessed mask


def test_a_genus_initial_splits_no_ask_and_a_bacterial_protein_name_is_a_target() -> None:
    """"Does bedaquiline interact with M. tuberculosis PknB?" was split at "M." into a drug-drug ask and a
    drug-target one; "PknG" (no DAVIS target) was not read as a target at all, so the question asked for a second
    drug."""
    assert decided("Does bedaquiline interact with M. tuberculosis PknB?") == CLASSIFY
    [unknown] = read_message("Does bedaquiline interact with M. tuberculosis PknG?").unresolved
    assert unknown.kind == "target" and unknown.written == "PknG" and unknown.closest[0].startswith("PknB")
    asked = "Does bedaquiline interact with M. tuberculosis PknG?"
    [call] = plan_with("PknB then.", {}, [PastRequest("u", asked, answered=False)])
    assert call.name == CLASSIFY and call.arguments["drug_smiles"] and call.arguments["target_seq"]
    assert not read_message("IC50 of cisplatin in HeLa and SiHa").unresolved


def test_an_unknown_brand_paired_with_a_known_drug_is_asked_about() -> None:
    """"Can you check Trogarzo against his Tivicay and Prezista?" ran Tivicay with Prezista: the unknown brand was
    dropped silently."""
    text = "Can you check Trogarzo against his Tivicay and Prezista?"
    assert [u.written for u in read_message(text).unresolved] == ["Trogarzo"]
    assert decided(text) is None
    assert [u.written for u in read_message("Is Paxlovid OK with her Eliquis?").unresolved] == ["Paxlovid"]
    for fine in ("Compare with warfarin", "Can you check Jurkat with imatinib?", "check aspirin with Coumadin"):
        assert not read_message(fine).unresolved
