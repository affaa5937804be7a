"""Requests of the forty-second round."""

from __future__ import annotations

from planning_support import drug, plan_with, target

from agent.history import PastRequest

DDI = "drug_drug_response_predict"
CLASSIFIER = "drug_target_classification_predict"
OPTIMIZE = "drug_cell_response_regression_optimization"
METFORMIN = "CN(C)C(=N)NC(N)=N"


def test_a_hit_named_after_its_target_and_its_building_blocks() -> None:
    """"hit DEL-BTK-12 (BB1-0045/BB2-0617/BB3-0290), off-DNA structure <SMILES> — is it a real BTK interactor?" asked
    for the sequence of a target "DEL-BTK-12", then read the slashed building-block codes as a broken SMILES."""
    smiles = "CCN(CC)c1ccc(Nc2cc(NC(=O)Nc3c(F)cccc3F)ncn2)cc1"
    [call] = plan_with(f"BTK selection, hit DEL-BTK-12 (BB1-0045/BB2-0617/BB3-0290), off-DNA structure {smiles} — is "
                       "it a real BTK interactor?", {})
    assert call.name == CLASSIFIER
    assert call.arguments == {"drug_smiles": [smiles], "target_seq": target("BTK")}


def test_the_methyls_a_message_names_in_the_plural() -> None:
    """"only the two N-methyls may change" and "only the methyl groups may change" gave no mask: a methyl named no
    part the tables place, nor did a group's name in the plural. Every place of it may change; one methyl of two,
    named in the singular, is asked about."""
    for words in ("only the two N-methyls may change, biguanide stays", "only the methyl groups may change",
                  "only the two methyls may change"):
        [call] = plan_with(f"Optimise metformin for MCF7 to ln(IC50) -1: {words}.", {})
        assert call.name == OPTIMIZE and call.arguments["gt"] == METFORMIN
        assert call.arguments["mask"] == [1, 0, 1, 0, 0, 0, 0, 0, 0]
    [call] = plan_with("Optimise metformin for MCF7 to ln(IC50) -1: only the methyl may change.", {})
    assert "mask" not in call.arguments


def test_what_one_drug_does_to_anothers_toxicity_is_why_a_pair_is_checked() -> None:
    """"NSAID may raise MTX toxicity, check the interaction between these two" ran a Tox21 mitochondrial assay on
    methotrexate: "MTX toxicity" was read as a misspelt "mito toxicity", and the toxicity as a property asked."""
    pair = {drug("methotrexate"), drug("naproxen")}
    for text in ("patient on methotrexate, also takes naproxen for pain. NSAID may raise MTX toxicity, check the "
                 "interaction between these two.",
                 "Methotrexate and naproxen: MTX levels may go up, check the interaction between these two.",
                 "RA పేషెంట్ మెథోట్రెక్సేట్ మీద ఉన్నారు, నొప్పికి నాప్రోక్సెన్ కూడా వేసుకుంటున్నారు. NSAID వల్ల MTX "
                 "toxicity పెరుగుతుందేమో, ఈ రెండింటి మధ్య interaction చూడండి."):
        [call] = plan_with(text, {})
        assert call.name == DDI and [set(p) for p in call.arguments["smiles_pairs"]] == [pair]


def test_one_drug_with_every_other_drug_of_an_upload() -> None:
    """"check methotrexate with every other drug in that file" ran nothing: "every other" was read as "each other"
    (the drugs among themselves); so did its Telugu ("మిగతా ప్రతి మందుతో")."""
    meds = [drug("methotrexate"), drug("hydroxychloroquine"), drug("sulfasalazine")]
    pool = {"upload_ra_clinic_list.csv": meds}
    expected = [[meds[0], m] for m in meds[1:]]
    for text in ("check methotrexate with every other drug in that file, separately",
                 "మెథోట్రెక్సేట్‌ని ఆ file లోని మిగతా ప్రతి మందుతో విడివిడిగా interaction check చేయండి."):
        [call] = plan_with(text, pool)
        assert call.name == DDI and call.arguments["smiles_pairs"] == expected
    [call] = plan_with("do hydroxychloroquine and sulfasalazine interact with each other?", {})
    assert call.name == DDI and len(call.arguments["smiles_pairs"]) == 1


def test_each_drug_of_the_thread_with_one_named_with_a_suffix() -> None:
    """Telugu "ఈ రెండు COX-2 మందుల్లో ప్రతిదాన్నీ వార్ఫరిన్‌తో interaction check చేయండి" (each of these two with warfarin)
    and Tigrinya "ዚዶቩዲን ምስ ነፍሲ ወከፎም ርኣየለይ" (zidovudine with each of them) ran nothing or paired the two
    drugs of the thread with each other: the suffix and words for "with" and "each" were not read."""
    celecoxib, etoricoxib = drug("celecoxib"), drug("etoricoxib")
    earlier = [PastRequest("u", "సెలెకాక్సిబ్, ఎటోరికాక్సిబ్ — రెండింటి solubility (logS) పోల్చండి.", answered=True)]
    pool = {"user_smiles": [celecoxib, etoricoxib]}
    [call] = plan_with("ఈ రెండు COX-2 మందుల్లో ప్రతిదాన్నీ వార్ఫరిన్‌తో interaction check చేయండి.", pool, earlier)
    assert call.name == DDI
    assert [set(p) for p in call.arguments["smiles_pairs"]] == [{celecoxib, drug("warfarin")},
                                                                {etoricoxib, drug("warfarin")}]
    pool = {"user_smiles": [drug("sulfamethoxazole"), drug("trimethoprim")]}
    [call] = plan_with("ዚዶቩዲን ምስ ነፍሲ ወከፎም ርኣየለይ።", pool)
    assert call.name == DDI
    assert [p[0] for p in call.arguments["smiles_pairs"]] == [drug("zidovudine")] * 2
