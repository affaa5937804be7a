"""Requests of the thirtieth round."""

from __future__ import annotations

from planning_support import decided, drug, plan_with

from agent.history import PastRequest
from agent.vocabulary import in_english

PROPERTY = "drug_property_prediction"
UPLOAD = {"upload_batch7.tsv": ["CCO", "CCN", "CCC", "CCCl", "CCBr", "CCCO"]}


def test_rows_of_an_uploaded_list_named_by_number() -> None:
    """"now IDs 3-5 of that file vs A549" after an upload ran the whole file: rows named by number narrow the
    thread's list as they narrow a pasted one; "drop rows 2 and 5" leaves those out; a row past the end is asked
    about, never the whole list."""
    [call] = plan_with("logS for IDs 3-5 of that file", UPLOAD)
    assert call.arguments["drug_smiles"] == ["CCC", "CCCl", "CCBr"]
    [call] = plan_with("drop rows 2 and 5, BBB on what's left", UPLOAD)
    assert call.arguments["drug_smiles"] == ["CCO", "CCC", "CCCl", "CCCO"]
    [call] = plan_with("BBB for rows 2 and 9", UPLOAD)
    assert "drug_smiles" not in call.arguments
    [call] = plan_with("logS for the whole file", UPLOAD)
    assert call.arguments["drug_smiles"] == "(upload_batch7.tsv)"


def test_requests_in_afrikaans_croatian_tamil_and_bengali() -> None:
    """Four languages the labs write in, read only in a message written in them (none of the benchmark messages in
    other languages reads differently); Croatian declines drug names ("cisplatina", "varfarinom")."""
    assert "how soluble is" in in_english("Asseblief, hoe oplosbaar is hierdie verbinding?")
    assert "cisplatin" in in_english("Koliki je ln(IC50) cisplatina u A549 stanicama?")
    assert "warfarin" in in_english("Interagiraju li varfarin i aspirin?")
    assert "does it bind" in in_english("EGFR ku gefitinib bind aaguma?")
    assert "does it bind" in in_english("EGFR e gefitinib bind kore ki?")
    # English and other languages' messages are read as before
    assert in_english("What is the watter solubility of caffeine?") == "What is the watter solubility of caffeine?"
    assert "AChE" in in_english("whether it calls an AChE inhibitor a BACE inhibitor")
    assert in_english("Tenemos la temozolomida en U87 y en LN-229") == "Tenemos la temozolomida en U87 y en LN-229"
    [call] = plan_with("Molim te, koliko je topljiv ibuprofen?", {})
    assert call.name == PROPERTY and call.arguments == {"drug_smiles": [drug("ibuprofen")],
                                                        "property": "logSolubility"}


def test_request_words_are_no_misspelt_drugs_and_finnish_soft_c() -> None:
    """"… luentoa varten" (for the lecture) added pravastatin to the call: "varten" was corrected to its brand
    Vasten. A word of any language's request vocabulary is never a misspelt drug name. Finnish writes s for a soft c:
    "sisplatiinin" (cisplatin) was dropped from the call."""
    [call] = plan_with("Läpäiseekö karbamatsepiini veri-aivoesteen mallin mukaan? Tarvitsen todennäköisyyden "
                       "epilepsialääkkeiden luentoa varten.", {})
    assert call.arguments["drug_smiles"] == [drug("carbamazepine")]
    [call] = plan_with("Sisplatiinin ja oksaliplatiinin ln(IC50) HCT-116-soluissa? Tarvitsen esimerkin.", {})
    assert call.arguments["drug_smiles"] == [drug("cisplatin"), drug("oxaliplatin")]


def test_a_numbered_list_of_pairs_and_an_indication_in_brackets() -> None:
    """"3 pairs:\\n1. ruxolitinib + fluconazole\\n2. ibrutinib + ketoconazole …" ran only the first pair: the marker
    "2." was read as a value, so the second item seemed to ask for generation. "(1) DDI alectinib (IP) + dexamethasone
    (started for brain oedema); (2) BBB penetration of alectinib" ran no interaction and a BBB call on dexamethasone:
    why a drug was started asks for no property."""
    [call] = plan_with("DDI (DrugBank model), 3 pairs:\n1. ruxolitinib + fluconazole\n2. ibrutinib + ketoconazole\n"
                       "3. venetoclax + ketoconazole", {})
    assert call.arguments["smiles_pairs"] == [[drug("ruxolitinib"), drug("fluconazole")],
                                              [drug("ibrutinib"), drug("ketoconazole")],
                                              [drug("venetoclax"), drug("ketoconazole")]]
    ddi, bbb = plan_with("Two items for the medical monitor: (1) DDI alectinib (IP) + dexamethasone (started for brain "
                         "oedema); (2) BBB penetration of alectinib.", {})
    assert ddi.arguments["smiles_pairs"] == [[drug("alectinib"), drug("dexamethasone")]]
    assert bbb.arguments == {"drug_smiles": [drug("alectinib")], "property": "p_np"}


def test_a_message_that_does_not_know_which_drug_is_asked_which() -> None:
    """"Owner says it's Metacam or Rimadyl, can't remember which." ran meloxicam; "we sell both Paclitaxel and
    Docetaxel and the e-mail doesn't say which" ran both. The message itself says it cannot tell: asked which. The
    answer runs the one it names, and one no table holds ("Rimadyl") is asked about, never replaced by the other."""
    vet = "Interaction between prednisolone and the NSAID this spaniel is on. Owner says it's Metacam or Rimadyl, " \
          "can't remember which."
    assert decided(vet) is None
    asked = [PastRequest("u", vet, answered=False)]
    [call] = plan_with("Metacam it is.", {}, asked)
    assert call.arguments["smiles_pairs"] == [[drug("prednisolone"), drug("meloxicam")]]
    assert decided("Checked the box: Rimadyl.", {}, asked) is None
    assert decided("Customer asks for predicted ln(IC50) of 'your taxane' in PC-3. We sell both Paclitaxel and "
                   "Docetaxel and the e-mail doesn't say which.") is None
    assert decided("not sure which is more soluble, aspirin or ibuprofen? logS for both") == PROPERTY


def test_croatian_and_tamil_requests_and_mixed_case_lines() -> None:
    """"ima li interakcije?" (is there an interaction) ran imatinib (lab shorthand "ima"): a request word of the
    language a message is written in is no drug. "SiHa la um CaSki la um" ran SiHa only, "CaSki cells" was unknown
    (GDSC: Ca-Ski). "pyridine ring mattum maathalam" (only the pyridine ring may change) built no mask."""
    assert decided("Pacijent na varfarinu dobio je statin od obiteljskog — ima li interakcije?") is None
    [call] = plan_with("ima vs dasa pKd on ABL1", {})
    assert len(call.arguments["drug_smiles"]) == 2
    first, second = plan_with("cisplatin SiHa la um CaSki la um epdi work aagum? rendu line kum ln IC50 venum", {})
    assert (first.arguments["cell_name"], second.arguments["cell_name"]) == ("SiHa", "Ca-Ski")
    [call] = plan_with("CaSki cell er jonno notun compound design koro, ln(IC50) target -2.5 rakho", {})
    assert call.arguments == {"cell_line": "Ca-Ski", "zscore": -2.5}
    [call] = plan_with("K562 ku imatinib optimize pannunga, target ln IC50 -3. pyridine ring mattum maathalam, matha "
                       "part ellam appadiye irukkanum", {})
    assert call.arguments["mask"][-6:] == [1] * 6 and sum(call.arguments["mask"]) == 6


def test_unknown_angiogenesis_inhibitor_and_routes_that_came_in_together() -> None:
    """"pKd of toceranib (Palladia) on KIT? Comparing it with what we saw for masitinib." ran masitinib: "-anib" is
    an INN stem, so toceranib is asked about. "Two enquiries came in together: one-step routes for lacosamide and
    for oxybutynin" ran an interaction check."""
    assert decided("Predicted pKd of toceranib (Palladia) on KIT? Comparing it with what we saw for masitinib.") \
        is None
    [call] = plan_with("Two custom-synthesis enquiries came in together: one-step routes for lacosamide and for "
                       "oxybutynin.", {})
    assert call.name == "Retrosynthetic_reaction_pathway_prediction"


def test_afrikaans_drug_spellings() -> None:
    """Afrikaans writes ie for a long i: "isoniasied en pirasienamied" and "rifampisien en efavirens" were not
    drugs, so nothing ran."""
    [call] = plan_with("Kan jy asseblief vir my sê hoe oplosbaar isoniasied en pirasienamied in water is?", {})
    assert call.arguments["drug_smiles"] == [drug("isoniazid"), drug("pyrazinamide")]
    [call] = plan_with("TB/MIV-kliniek: is daar 'n interaksie tussen rifampisien en efavirens?", {})
    assert call.arguments["smiles_pairs"] == [[drug("rifampicin"), drug("efavirenz")]]


def test_a_written_pair_to_run_and_a_two_letter_line_in_a_follow_up() -> None:
    """"Patient on Prograf, Diflucan added …, trough levels tripled. Run tacrolimus + fluconazole for me." ran nothing:
    "trough" read as a question no tool answers and "run A + B" asked for no tool. "And in H9?" after a response run
    kept the earlier line (GDSC names a line H9)."""
    from planning_support import ran

    [call] = plan_with("Renal transplant patient on Prograf, Diflucan added for candidiasis, trough levels tripled. "
                       "Run tacrolimus + fluconazole for me.", {})
    assert call.arguments["smiles_pairs"] == [[drug("tacrolimus"), drug("fluconazole")]]
    assert decided("what trough level for tacrolimus + fluconazole?") is None
    earlier = [ran("drug_cell_response_regression_predict", "ln IC50 of vorinostat in Jurkat")]
    [call] = plan_with("And in H9?", {"user_smiles": ["CCO"], "user_cell_line": "Jurkat"}, earlier)
    assert call.arguments["cell_name"] == "H9"


def test_asides_keep_the_tool_questions_no_tool_answers_and_it_with_each() -> None:
    """"And VE-822 against WEE1 too, just to see." after a pKd switched to the yes/no model; so did "And CDK2, as
    the off-target.". Hinge residues, a DSF Tm shift, soaking at 2 mM: no tool answers them. "Patient on tamoxifen.
    Check it with paroxetine and with sertraline." paired the two antidepressants."""
    from planning_support import ran

    affinity = [ran("drug_target_affinity_regression_predict", "pKd of VE-822 vs ATR")]
    pool = {"user_smiles": ["CCO"], "user_target_seq": "MSFLSRQQPPPPRRAGAACTLRQKLIFSPCSDCE"}
    for text in ("And VE-822 against WEE1 too, just to see.", "And CDK2 (P24941), as the off-target."):
        assert decided(text, pool, affinity) == "drug_target_affinity_regression_predict", text
    for text in ("Which hinge residues does crizotinib contact in the ALK structure 2XP2?",
                 "Can you predict the Tm shift of AURKB with ZM447439 in a DSF assay?"):
        assert decided(text) is None, text
    [call] = plan_with("Patient on tamoxifen. Check it with paroxetine and with sertraline.", {})
    assert call.arguments["smiles_pairs"] == [[drug("tamoxifen"), drug("paroxetine")],
                                              [drug("tamoxifen"), drug("sertraline")]]


def test_solvents_a_message_lists_are_its_molecules() -> None:
    """"the three solvents registered today are ethanol, DMSO and acetone. Hydration free energy for each" and
    "ethanol and DMSO, … hydration free energy" ran nothing: solvents are read only where a property is asked of
    them, never as a medium ("dissolved in ethanol and DMSO")."""
    [call] = plan_with("the three solvents registered today are ethanol, DMSO and acetone. Hydration free energy for "
                       "each", {})
    assert call.arguments["drug_smiles"] == ["CCO", drug("DMSO"), drug("acetone")]
    [call] = plan_with("ethanol and DMSO, solubility... no wait, hydration free energy", {})
    assert call.arguments == {"drug_smiles": ["CCO", drug("DMSO")], "property": "freesolv"}
    [call] = plan_with("dissolved in ethanol and DMSO, logS of aspirin", {})
    assert call.arguments["drug_smiles"] == [drug("aspirin")]


def test_lims_fields_and_afrikaans_affinity() -> None:
    """"rxn_id=ELN-R-0087\\nproduct_smiles=CCOC(=O)…\\nrequest=one-step precursors" asked for the product: the
    field's name was read as part of the structure. "Hoe sterk bind die eerste twee aan HER2?" (how strongly do the
    first two bind HER2) read no Afrikaans and ran the yes/no model."""
    [call] = plan_with("rxn_id=ELN-R-0087\nproduct_smiles=CCOC(=O)Nc1cc(F)c(F)cc1C#N\nrequest=one-step precursors", {})
    assert call.arguments == {"smiles_list": ["CCOC(=O)Nc1cc(F)c(F)cc1C#N"]}
    assert "how strongly" in in_english("Hoe sterk bind die eerste twee aan HER2?")


def test_a_negative_goal_before_molecules_is_no_count() -> None:
    """"CAL-27 ku -2.5 target la molecules generate pannunga" (generate molecules for CAL-27 at -2.5) asked for the
    goal: "-2.5 molecules" was read as a count of molecules. Only a whole number counts; Tamil writes the value before
    the word it sets."""
    [call] = plan_with("CAL-27 ku -2.5 target la molecules generate pannunga", {})
    assert call.arguments == {"cell_line": "CAL-27", "zscore": -2.5}
    [call] = plan_with("CAL-27 target -2.5 molecules generate", {})
    assert call.arguments == {"cell_line": "CAL-27", "zscore": -2.5}


def test_a_listed_question_about_the_first_items_results() -> None:
    """"1. solubility of the generated ones please\\n2. which is the most soluble and why would that be?" ran the
    first generated molecule only once list markers stopped reading as values: the second item asks about the first
    one's results, so the first is read on its own, for the whole list."""
    [call] = plan_with("1. solubility of the generated ones please\n2. which is the most soluble and why?",
                       {"generated_smiles": ["CCO", "CCN", "CCC"]})
    assert call.arguments == {"drug_smiles": "(generated_smiles)", "property": "logSolubility"}


def test_words_that_only_end_like_a_stem_and_a_drug_set_aside() -> None:
    """Guards of this round's rules: Swedish "farmakologikursen" is no antisense drug, and "I don't expect you to have
    toceranib, so use sunitinib" asks nothing about toceranib."""
    assert decided("Finns det en predikterad interaktion mellan warfarin och klaritromycin? Det gäller en uppgift "
                   "till farmakologikursen.") == "drug_drug_response_predict"
    assert decided("I don't expect you to have toceranib, so use sunitinib, its human cousin: does sunitinib interact "
                   "with KIT, yes or no?") == "drug_target_classification_predict"


def test_a_capitalised_name_beside_for_is_no_line() -> None:
    """Guard: "CaSki cells" is looked up by its context, "for Kelly's compounds" (a person) is not (GDSC has KELLY)."""
    from agent.entities import read_message

    assert not read_message("run this for Kelly's compounds").cell_mentions
    assert [line.name for _, line in read_message("design new compounds for CaSki cells").cell_mentions] == ["Ca-Ski"]
