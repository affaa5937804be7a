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
    logs = [PastRequest("u", "logS of zorbatinib and aspirin?", answered=False)]
    [call] = plan_with(NEW, {}, logs)
    assert call.arguments["drug_smiles"] == [NEW, drug("aspirin")]
    assert decided(f"zorbatinib is {NEW}", {}, logs) == PROPERTY  # the label check reads every molecule parameter


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
    # a common name that opens with a stereo letter ("(s)-(+)-ibuprofen") is none: "it's ibuprofen" is DrugBank's
    [call] = plan_with("it's ibuprofen, BBB please", {})
    assert call.arguments["drug_smiles"] == [drug("ibuprofen")]


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


def test_an_unknown_name_asked_with_a_drug_is_asked_about() -> None:
    """"Tox21 mitochondrial membrane potential for captan and quintozene" ran captan alone, "NR-ER for endosulfan and
    chlordane" chlordane alone, "the AhR model … for TCDD and hexachlorobenzene" hexachlorobenzene alone: the
    unknown name was dropped without a word. A word ending like a pesticide or industrial chemical ("-an", "-ene",
    "-fos", "-uron") listed with a drug, and an acronym that is one of the two things asked for, are asked about."""
    assert decided("Tox21 mitochondrial membrane potential (SR-MMP) for captan and quintozene.") is None
    assert decided("Tox21 NR-ER for endosulfan and chlordane — the persistent ones") is None
    assert decided("what does the Tox21 AhR model (NR-AhR) give for TCDD and hexachlorobenzene?") is None
    assert decided("Tox21 NR-ER for captan and chlordane") == PROPERTY
    assert decided("logD for warfarin and DMSO") == PROPERTY


def test_names_listed_before_as_many_structures_label_them() -> None:
    """"PPARγ activation (Tox21 NR-PPAR-gamma) for tributyltin chloride and triclosan; SMILES below." with two
    structures was asked about triclosan (known, no structure shipped); "Atrazine didn't resolve by name last time,
    so here's its SMILES: …" too. Names the message lists before as many structures it says it gives are their
    labels, in order; "its SMILES" labels the structure, which stands where the list names the drug."""
    [call] = plan_with("PPARγ activation (Tox21 NR-PPAR-gamma) for tributyltin chloride and triclosan; SMILES below."
                       "\nCCCC[Sn](Cl)(CCCC)CCCC\nOc1cc(Cl)ccc1Oc1ccc(Cl)cc1Cl", {})
    assert call.arguments["drug_smiles"] == ["CCCC[Sn](Cl)(CCCC)CCCC", "Oc1cc(Cl)ccc1Oc1ccc(Cl)cc1Cl"]
    atrazine = "CCNc1nc(Cl)nc(NC(C)C)n1"
    [call] = plan_with("logS for simazine, atrazine and ametryn. Atrazine didn't resolve by name last time, so here's "
                       f"its SMILES: {atrazine}", {})
    assert call.arguments["drug_smiles"] == [drug("simazine"), atrazine, drug("ametryn")]


def test_words_around_a_request_that_are_no_values() -> None:
    """"C3A cells? (the liver line derived from HepG2)" was asked about HepG2; "Compound 19 is reported with IC50 =
    12 nM in A549. Can you predict ln(IC50) for it?" read 12 nM as a goal and asked for a mask; "Forwarding from
    the client: "Can you tell us if … bind ALK?"" dropped the forwarded request as a quoted passage; "Caco-2 Papp"
    read Caco-2 as a line; "C666-1" (a line) as a broken SMILES."""
    lead = "CC[C@H](NC(=O)c1c(CN(C)C)c(nc2ccccc12)c3ccccc3)c4ccccc4"
    assert decided("Predicted ln IC50 for dihydrorotenone in C3A cells? (the liver line derived from HepG2)") == \
        "drug_cell_response_regression_predict"
    assert decided("Predicted ln IC50 for dihydrorotenone in HepG2 and C3A") is None
    assert decided(f"Compound 19 is reported with IC50 = 12 nM in A549. Can you predict ln(IC50) for it?\n{lead}") \
        == "drug_cell_response_regression_predict"
    assert decided(f'Forwarding from the client: "Can you tell us if NVT-0533 binds ALK at all? Yes/no is fine."'
                   f"\n{lead}") == "drug_target_classification_predict"
    from agent.entities import read_message

    [untrained] = read_message(f"Caco-2 Papp for these two: {lead} CCO").unresolved
    assert untrained.kind == "property"  # an untrained property, not an unknown line
    assert read_message("predict ln IC50 of cisplatin in C666-1?").invalid_smiles == []


def test_replies_and_picks_of_this_round() -> None:
    """"check tramadol against his usual meds" read no tool, and its answer "venlafaxine and mirtazapine" ran nothing;
    "Skip it — run empagliflozin with furosemide instead" after an unknown drug paired the question's drug with both;
    "ok use FaDu then" after an unknown line found no line (GDSC writes FADU); "retro for IDs 3 and 5 only" ran all
    rows; "the aniline from the first option" of a route ran aniline itself."""
    asked = [PastRequest("u", "check tramadol against his usual meds", answered=False)]
    [call] = plan_with("venlafaxine and mirtazapine", {}, asked)
    assert call.arguments["smiles_pairs"] == [[drug("tramadol"), drug("venlafaxine")],
                                              [drug("tramadol"), drug("mirtazapine")]]
    asked = [PastRequest("u", "Any predicted interaction of vericiguat with sacubitril?", answered=False)]
    [call] = plan_with("No structure to hand. Skip it — run empagliflozin with furosemide instead.", {}, asked)
    assert call.arguments["smiles_pairs"] == [[drug("empagliflozin"), drug("furosemide")]]
    asked = [PastRequest("u", "predict ln IC50 of cisplatin in C666-1?", answered=False)]
    [call] = plan_with("ok use FaDu then", {}, asked)
    assert call.arguments["cell_name"] == "FADU"
    table = "retro for IDs 3 and 5 only\nID\tproduct\n1\tCCO\n2\tCCN\n3\tCCCO\n4\tCCCN\n5\tCCCCO"
    [call] = plan_with(table, {})
    assert call.arguments["smiles_list"] == ["CCCO", "CCCCO"]


def test_hebrew_drug_names_and_questions_no_tool_answers() -> None:
    """Hebrew writes drug names in its letters ("אוסימרטיניב" osimertinib, "קומדין" Coumadin, "לאימטיניב" to
    imatinib): read by their consonants. Questions about a claim or a clinical decision ("Is that a fair
    conclusion?", "What is the AOEL for parathion?", "Does a positive p53 call mean … a carcinogen?") ran a tool."""
    [call] = plan_with("מה ה-pKd של אוסימרטיניב ל-EGFR?", {})
    assert call.arguments["drug_smiles"] == [drug("osimertinib")]
    [call] = plan_with("אבא שלי על קומדין והרופא הוסיף לו אספירין. יש אינטראקציה צפויה ביניהם?", {})
    assert call.arguments["smiles_pairs"] == [[drug("warfarin"), drug("aspirin")]]
    logd = {"user_smiles": ["CCO", "CCN"], "user_property": "lipo"}
    assert decided('They conclude these logD values "support good oral bioavailability". Is that a fair '
                   "conclusion?", logd) is None
    assert decided("What is the AOEL for parathion?") is None
    assert decided("Does a positive p53 call mean the substance is a genotoxic carcinogen under CLP?", logd) is None
