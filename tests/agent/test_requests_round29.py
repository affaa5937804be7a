"""Requests of the twenty-ninth round."""

from __future__ import annotations

from planning_support import decided, drug, plan_with

from agent.history import PastRequest

DDI = "drug_drug_response_predict"
PROPERTY = "drug_property_prediction"
NEW = "CCNC(=O)c1ccc(Cl)cc1"


def test_a_reply_naming_only_the_questions_other_drugs_leaves_the_unknown_one_asked() -> None:
    """"Check zorbatinib with warfarin and aspirin" was asked about (zorbatinib is unknown); the reply "warfarin 5 mg
    and aspirin 100 mg" gave doses and ran warfarin with aspirin, a pair nobody asked for. The unknown drug stays
    asked about until a reply types its structure, brings a drug of its own, or sets it aside in words."""
    asked = [PastRequest("u", "Check zorbatinib with warfarin and aspirin", answered=False)]
    assert decided("warfarin 5 mg and aspirin 100 mg", {}, asked) is None
    assert decided("aspirin", {}, asked) is None
    assert decided("just warfarin and aspirin then", {}, asked) == DDI
    assert decided("skip it, warfarin with aspirin", {}, asked) == DDI
    assert decided("Check warfarin with aspirin", {}, []) == DDI


def test_a_structure_given_for_the_unknown_drug_takes_its_place_in_the_question() -> None:
    """The answer "zorbatinib is <SMILES>" to the same question ran warfarin with aspirin and warfarin with the
    structure (the structure was added after the question's drugs), or was refused because the name did not resolve.
    The question is read as if the structure had been typed where the name was: the structure with each drug."""
    asked = [PastRequest("u", "Check zorbatinib with warfarin and aspirin", answered=False)]
    expected = [[NEW, drug("warfarin")], [NEW, drug("aspirin")]]
    for reply in (f"zorbatinib is {NEW}", NEW, f"here you go: {NEW} (our internal code)"):
        [call] = plan_with(reply, {}, asked)
        assert call.name == DDI and call.arguments["smiles_pairs"] == expected, reply
        assert decided(reply, {}, asked) == DDI, reply
    [call] = plan_with(NEW, {}, [PastRequest("u", "logS of zorbatinib and aspirin?", answered=False)])
    assert call.arguments["drug_smiles"] == [NEW, drug("aspirin")]


def test_solvents_and_pesticides_resolve_by_their_common_names() -> None:
    """FreeSolv's molecules were known only by their IUPAC names: "hydration free energy of parathion and
    triethylamine" and "menthol" (FreeSolv's (1R,2S,5R) entry) were asked about. Their PubChem common names (the
    chemicals package's table, matched by the full InChIKey, stereo included) now name them; "acetal" is a group."""
    from model_zoo.names.drugs import resolve_drug
    from model_zoo.names.types import Resolved

    for name, iupac in (("parathion", "diethoxy-(4-nitrophenoxy)-thioxo-$l^{5}-phosphane"),
                        ("triethylamine", "N,N-diethylethanamine"), ("1-heptanol", "heptan-1-ol"),
                        ("menthol", "(1R,2S,5R)-2-isopropyl-5-methylcyclohexanol")):
        found = resolve_drug(name)
        assert isinstance(found, Resolved) and found.name == iupac, name
    [call] = plan_with("hydration free energy of parathion and triethylamine?", {})
    assert call.arguments == {"drug_smiles": [drug("parathion"), drug("triethylamine")], "property": "freesolv"}
    [call] = plan_with("protect the alcohol as the acetal and predict logD of CCO", {})
    assert call.arguments["drug_smiles"] == ["CCO"]


def test_requests_in_norwegian_malay_hebrew_and_thai() -> None:
    """Norwegian (bokmål) spells its request words apart from Danish ("hva", "løselighet", "forutsi",
    "interaksjonen"), Malay apart from Indonesian ("boleh", "ramalkan", "keterlarutan", "ubat"); Hebrew and Thai
    requests were not read at all. Hebrew words carry prefix letters ("המסיסות": the solubility, "ב-A549": in A549);
    Thai writes no spaces between its words."""
    from agent.vocabulary import in_english

    aspirin, caffeine, warfarin = drug("aspirin"), drug("caffeine"), drug("warfarin")
    solubility = {"drug_smiles": [aspirin], "property": "logSolubility"}
    for text in ("Hva er løseligheten til aspirin? Takk", "boleh tolong ramalkan keterlarutan aspirin tak?",
                 "ช่วยทำนายการละลายน้ำของ aspirin หน่อยครับ"):
        [call] = plan_with(text, {})
        assert call.name == PROPERTY and call.arguments == solubility, text
    [call] = plan_with("מה המסיסות של aspirin ו-caffeine?", {})
    assert call.arguments == {"drug_smiles": [aspirin, caffeine], "property": "logSolubility"}
    for text in ("Kan du forutsi interaksjonen mellom warfarin og aspirin?",
                 "nak check interaksi ubat warfarin dgn aspirin je", "ยาตีกันไหม warfarin กับ aspirin"):
        [call] = plan_with(text, {})
        assert call.name == DDI and call.arguments["smiles_pairs"] == [[warfarin, aspirin]], text
    [call] = plan_with("מה ה-IC50 החזוי של cisplatin ב-A549?", {})
    assert call.arguments["cell_name"] == "A549"
    assert decided("האם gefitinib חוצה את מחסום דם-מוח?") == PROPERTY
    assert in_english("והמסיסות") == "and the solubility"
    # Swahili and Ukrainian small words ("Je … ni", "tak/ni") are no Malay
    assert "ni lipophilic" in in_english("Je, hii dawa ni lipophilic sana?")
