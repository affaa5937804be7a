"""Requests of the nineteenth round."""

from __future__ import annotations

from planning_support import decided, plan_with

from agent.backends.planner import plan_calls
from agent.entities import read_message, unquoted
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
    assert "target_seq" not in call.arguments  # one target logged: nothing to compare, asked (never the pool's)


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


def test_polish_drug_names_and_request_words_are_read() -> None:
    """A Polish PhD student's requests ran nothing or dropped drugs: Polish spellings of INNs ("fluoksetyna",
    "klarytromycyna", "simwastatyna", "dazatynib", "metotreksat") and request words ("dla", "w", "i", "każdy z
    każdym") were not read."""
    for written, name in (("fluoksetyna", "fluoxetine"), ("klarytromycyna", "clarithromycin"),
                          ("simwastatyna", "simvastatin"), ("dazatynib", "dasatinib"), ("metotreksat", "methotrexate"),
                          ("tamoksyfen", "tamoxifen"), ("lewetyracetam", "levetiracetam")):
        [found] = read_message(f"BBB dla {written} pls").names
        assert found.name == name and found.fuzzy  # shown as a spelling match
    [call] = plan_with("klarytromycyna i simwastatyna razem - DDI? pacjent bierze oba", {})
    assert call.name == DDI and len(call.arguments["smiles_pairs"]) == 1
    calls = plan_with("metotreksat w Jurkat i HL-60, ln IC50 dla obu linii", {})
    assert [c.arguments["cell_name"] for c in calls] == ["Jurkat", "HL-60"]
    [call] = plan_with("hej, rozpuszczalność (logS) dla kwas acetylosalicylowy, paracetamol i ibuprofen pls", {})
    assert len(call.arguments["drug_smiles"]) == 3 and call.arguments["property"] == "logSolubility"
    # English messages keep their own words: "i" and "w" are read as Polish only in a Polish message
    [call] = plan_with("i need the logS of aspirin w/ caffeine as a control", {})
    assert call.arguments["property"] == "logSolubility"


def test_french_elided_names_accents_and_cell_lines_after_articles() -> None:
    """"l'éthanol, le toluène pis l'acétone" ran toluene alone; "les H1975" and "pCI50 visée de 7,5" were not read;
    a French verb one letter from a brand ("tu peux me le sortir?") had run atorvastatin (Sortis)."""
    [call] = plan_with("Énergie libre d'hydratation de l'éthanol, du toluène pis de l'acétone, svp.", {})
    assert call.arguments["drug_smiles"] and len(call.arguments["drug_smiles"]) == 3
    [call] = plan_with("ln(CI50) de l'osimertinib dans les H1975?", {})
    assert call.arguments["cell_name"] == "NCI-H1975"
    [call] = plan_with("Génère des molécules pour HCC827 avec une pCI50 visée de 7,5, svp.", {})
    assert abs(call.arguments["zscore"] - (-3.4539)) < 1e-3  # pIC50 7.5 is 31.6 nM, ln(0.0316 µM)
    assert not read_message("Le pKa de Q-12, tu peux me le sortir? CCO").names


def test_pediatric_line_spellings_and_a_fusion_gene_are_read() -> None:
    """"in Kelly", "for DAOY", "Rh30", "in SK N SH" were not read as GDSC lines; "PAX3-FOXO1" (a fusion gene)
    was asked about as an unknown cell line."""
    for text, line in (("Predicted ln(IC50) for crizotinib in Kelly please.", "KELLY"),
                       ("ln(IC50) of vincristine in SK N SH", "SK-N-SH"),
                       ("Generate molecules for DAOY (SHH medulloblastoma) with a target ln(IC50) of -1.", "Daoy"),
                       ("Design molecules for Rh30 (PAX3-FOXO1 alveolar RMS) aiming at ln(IC50) of -2.", "SJRH30")):
        found = read_message(text)
        assert [c.name for _, c in found.cell_mentions] == [line] and not found.unresolved
    assert not read_message("run this for Kelly's compounds").cell_mentions


def test_isoform_letters_by_greek_name_a_glossed_code_and_an_isotope_label() -> None:
    """"alfa" after "which PI3K?" picked nothing; "Adavosertib (MK-1775)" was refused for the name without a
    structure although the code in brackets has one; "the [123I] form" was read as a molecule."""
    [call] = plan_with("alfa", {}, [PastRequest("u", "pKd alpelisib na PI3K", answered=False)])
    pik3ca = next(n.value for n in read_message("pKd on PIK3CA").names if n.kind == "target")
    assert call.arguments["target_seq"] == pik3ca
    assert not read_message("Adavosertib (MK-1775) — predicted pKd on WEE1?").unresolved
    found = read_message("logD of the cold standard and the [123I] form: CC(=O)Oc1ccccc1C(=O)O")
    assert found.molecules == ["CC(=O)Oc1ccccc1C(=O)O"]


def test_alkyl_halides_by_their_common_names() -> None:
    """"Hydration free energy of methyl iodide and acetonitrile" ran nothing (FreeSolv files it as iodomethane)."""
    [call] = plan_with("Hydration free energy of methyl iodide and acetonitrile, please.", {})
    assert call.arguments["drug_smiles"] == ["CI", "CC#N"]


def test_one_quoted_result_row_names_its_place() -> None:
    """"> • #3: -6.02" quoted above "that one -> retro" had run every generated molecule: the quote was dropped
    with its rank. A quote of several rows still names none."""
    assert unquoted("> • #3: -6.02\nthat one -> retro") == "#3\nthat one -> retro"
    assert unquoted("> 1. CCO — -1.9\n> 2. CCN — -2.0\nthese two -> IC50 in HCC-827?") == \
        "these two -> IC50 in HCC-827?"
