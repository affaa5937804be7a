"""Requests of the eighteenth round."""

from __future__ import annotations

from planning_support import decided, plan_with, ran

from agent.atom_ranges import find_atom_ranges
from agent.entities import read_message
from agent.backends.planner import plan_calls
from agent.history import CallLog, PastRequest
from agent.pool.store import InMemoryPoolStore
from agent.pool.thread_pool import ThreadPool
from model_zoo.specs import TOOLS

AFFINITY = "drug_target_affinity_regression_predict"
CLASSIFY = "drug_target_classification_predict"
OPTIMIZE = "drug_cell_response_regression_optimization"
RESPONSE = "drug_cell_response_regression_predict"
PROPERTY = "drug_property_prediction"
ERLOTINIB = "COCCOC1=C(C=C2C(=C1)C(=NC=N2)NC3=CC=CC(=C3)C#C)OCCOC"


def test_a_target_word_one_letter_from_a_respelt_drug_name_is_no_drug() -> None:
    """"Aurora" read as a Romance spelling ("aurore"), one letter from a single name, had been asked about as an
    unknown drug, and the pKd of tozasertib against Aurora A was refused. Unknown INNs are still asked about."""
    text = "MK-0457, Vertex's old Aurora inhibitor, against Aurora A. pKd, please."
    assert not read_message(text).unresolved
    [call] = plan_with(text, {})
    assert call.name == AFFINITY and call.arguments["drug_smiles"] and call.arguments["target_seq"]
    assert [u.written for u in read_message("¿Cuál es la solubilidad del metamizol?").unresolved] == ["metamizol"]


def test_the_same_pair_after_a_drug_target_request_is_that_drug_and_target() -> None:
    """"classification for that same pair" after a pKd had read as a pair of drugs (no partner: asked about)."""
    [first] = plan_with("pKd of erlotinib to EGFR?", {})
    earlier = ran(AFFINITY, "pKd of erlotinib to EGFR?", first.arguments)
    pool = {"user_smiles": [ERLOTINIB], "user_target_seq": first.arguments["target_seq"]}
    for text in ("and the yes/no classification for that same pair", "probability-type prediction for the same pair?"):
        [call] = plan_with(text, pool, [earlier])
        assert call.name == CLASSIFY
        assert call.arguments == {"drug_smiles": "(user_smiles)", "target_seq": "(user_target_seq)"}
    [call] = plan_with("and the DDI classification for the pair warfarin with aspirin", {}, [earlier])
    assert call.name == "drug_drug_response_predict"
    [call] = plan_with("now ERBB2 for the same pair", pool, [earlier])  # the same compound on the target named
    assert call.name == AFFINITY and call.arguments["target_seq"] != first.arguments["target_seq"]


def test_the_only_part_allowed_to_change_is_named_after_the_verb() -> None:
    """"the only part allowed to change is the N-methylpiperazine ring" had left the mask unread (asked about)."""
    [part] = find_atom_ranges("the only part allowed to change is the N-methylpiperazine ring itself, methyl included")
    assert part.core == "n-methylpiperazine" and not part.keep
    [call] = plan_with("Optimise ponatinib in K-562 towards a pIC50 of 8; the only part you may change is the "
                       "N-methylpiperazine ring, methyl included. Everything else stays.", {})
    assert call.name == OPTIMIZE and sum(call.arguments["mask"]) == 7


def test_clinical_abbreviations_and_german_spellings_name_drugs() -> None:
    """"RIF", "INH" and "Toluol" had been dropped silently: the interaction ran without rifampicin, the FreeSolv
    request had no molecules."""
    names = {n.written: n.name for n in read_message("Pt on RIF 600 mg PO daily and INH; add DTG?").names}
    assert names == {"RIF": "rifampin", "INH": "isoniazid", "DTG": "dolutegravir"}
    assert not read_message("the rif between them").names  # lower case: no abbreviation
    names = {n.written: n.name for n in read_message("Hydratationsenergie für Toluol und Dichlormethan").names}
    assert names == {"Toluol": "toluene", "Dichlormethan": "dichloromethane"}
    assert not read_message("Titan, Boston, Sultan and Jordan").names


def test_german_request_words_are_read() -> None:
    earlier = ran("drug_property_prediction", "Löslichkeit (logS) für Paracetamol, Ibuprofen und Koffein, bitte.")
    pool = {"user_smiles": ["CC(=O)Nc1ccc(O)cc1", "CC(C)Cc1ccc(cc1)C(C)C(=O)O", "Cn1cnc2c1c(=O)n(C)c(=O)n2C"],
            "drug_property_prediction_result": [
                {"row": 1, "smiles": "CC(=O)Nc1ccc(O)cc1", "prediction": -1.03},
                {"row": 2, "smiles": "CC(C)Cc1ccc(cc1)C(C)C(=O)O", "prediction": -3.99},
                {"row": 3, "smiles": "Cn1cnc2c1c(=O)n(C)c(=O)n2C", "prediction": -0.87}]}
    [call] = plan_with("Danke! Und für die am schlechtesten lösliche Substanz bitte noch die "
                       "Blut-Hirn-Schranken-Wahrscheinlichkeit.", pool, [earlier])
    assert call.arguments == {"drug_smiles": ["CC(C)Cc1ccc(cc1)C(C)C(=O)O"], "property": "p_np"}


def test_a_sed_style_edit_reruns_the_earlier_request_with_the_new_words() -> None:
    """"s/EGFR/ERBB2/" had rerun EGFR; "s/-2.5/-25/ and rerun" had run -2.5 again instead of asking about -25."""
    earlier = ran(AFFINITY, "pKd of erlotinib vs EGFR")
    [call] = plan_with("s/EGFR/ERBB2/", {}, [earlier])
    assert call.arguments["target_seq"] == plan_with("pKd of erlotinib vs ERBB2", {})[0].arguments["target_seq"]
    generated = ran("drug_cell_response_regression_generation", "gen for A375 at -2.5")
    [call] = plan_with("s/-2.5/-25/ and rerun", {}, [generated])  # out of range: the call's check asks about it
    assert call.arguments == {"cell_line": "A375", "zscore": -25.0}
    assert plan_with("s/HER2/EGFR/", {}, [earlier]) == []  # the old words are in no earlier request: asked


def test_a_named_owner_or_file_type_that_fits_no_single_upload_is_asked_about() -> None:
    only_priya = {"upload_priya_batch3.csv": ["CCO", "CCN"]}
    assert plan_with("DTI for Marco's upload vs BTK", only_priya) == []
    for text in ("DTI for Priya's upload vs BTK", "DTI for yesterday's upload vs BTK",
                 "DTI for the client's list vs BTK"):
        [call] = plan_with(text, only_priya)  # the colleague named, or no colleague at all
        assert call.arguments["drug_smiles"] == "(upload_priya_batch3.csv)"
    two_csvs = {"upload_plate7_actives.csv": ["CCO"], "upload_plate7_inactives.csv": ["CCN"]}
    assert all("drug_smiles" not in c.arguments for c in plan_with("logS for the csv pls", two_csvs))


def test_parts_named_after_the_verb_or_kept_by_a_systematic_name_make_masks() -> None:
    piperlongumine = "COC1=CC(=CC(=C1OC)OC)/C=C/C(=O)N2CCC=CC2=O"
    [call] = plan_with(f"Optimise {piperlongumine} for HCT-116 to ln IC50 0: keep the trimethoxyphenyl ring, the "
                       "rest may change.", {})
    assert call.arguments["mask"] == [0] * 12 + [1] * 11
    [call] = plan_with("Colchicine: optimise it for HT-29 towards ln(IC50) -3, allowing changes only in the "
                       "acetamide.", {})
    assert sum(call.arguments["mask"]) == 4
    [part] = find_atom_ranges("only the morpholine is allowed to move")
    assert part.core == "morpholine" and not part.keep


def test_a_fused_ring_class_or_a_natural_source_is_no_unknown_drug() -> None:
    assert not read_message("Staurosporine, the Streptomyces indolocarbazole, against PRKCQ").unresolved
    assert not read_message("Capsaicin from Capsicum fruit: one-step retro").unresolved
    assert [u.written for u in read_message("Capsicum and capsaicin, logS").unresolved] == ["Capsicum"]


def test_pathogen_kinases_of_the_target_tables_resolve() -> None:
    names = {n.written: n.name for n in read_message("does bedaquiline bind PknB, and artemether CDPK1?").names}
    assert names["PknB"] == "PKNB(Mtuberculosis)" and names["CDPK1"] == "PFCDPK1(Pfalciparum)"


def test_a_pair_ranked_by_the_interaction_results_and_both_models() -> None:
    warfarin, metoprolol = "CC(=O)CC(c1ccccc1)c1c(O)c2ccccc2oc1=O", "COCCc1ccc(OCC(O)CNC(C)C)cc1"
    amiodarone = "CCCCc1oc2ccccc2c1C(=O)c1cc(I)c(OCCN(CC)CC)c(I)c1"
    rows = [{"pair": 1, "smiles_1": warfarin, "smiles_2": amiodarone, "probability": 0.91},
            {"pair": 2, "smiles_1": warfarin, "smiles_2": metoprolol, "probability": 0.40}]
    pool = {"user_smiles_pairs": [[warfarin, amiodarone], [warfarin, metoprolol]],
            "drug_drug_response_predict_result": rows}
    earlier = ran("drug_drug_response_predict", "warfarin vs amiodarone and metoprolol")
    [call] = plan_with("Whichever of those two pairs came out worst, re-run just that one on TWOSIDES.", pool,
                       [earlier])
    assert call.arguments == {"smiles_pairs": [[warfarin, amiodarone]], "task": "twosides"}
    pairs_only = {"user_smiles_pairs": pool["user_smiles_pairs"]}  # no results to rank: asked, never every pair
    assert all("smiles_pairs" not in c.arguments
               for c in plan_with("the pair that came out worst, on TWOSIDES", pairs_only, [earlier]))
    tied = {**pool, "drug_drug_response_predict_result": [{**row, "probability": 0.5} for row in rows]}
    assert all("smiles_pairs" not in c.arguments
               for c in plan_with("the pair that came out worst, on TWOSIDES", tied, [earlier]))
    calls = plan_with("Fluconazole with itraconazole: run it on the default interaction model and on TWOSIDES too.", {})
    assert [c.arguments.get("task", "drugbank") for c in calls] == ["drugbank", "twosides"]


def test_is_a_drug_ok_with_an_unnamed_one_asks_and_the_reply_names_the_partner() -> None:
    """"Is warfarin OK with the new antibiotic? INR was 2.4 yesterday." had read "new" as a design request with
    ln(IC50) 2.4; the reply "Cipro 500 mg PO BID" then ran no interaction."""
    text = "Is warfarin OK with the new antibiotic? INR was 2.4 yesterday."
    assert all(c.name == "drug_drug_response_predict" and not c.arguments for c in plan_with(text, {}))
    [call] = plan_with("Sorry, Cipro 500 mg PO BID.", {}, [PastRequest("u", text, answered=False)])
    assert call.name == "drug_drug_response_predict" and len(call.arguments["smiles_pairs"]) == 1


def test_the_more_sensitive_line_is_read_from_the_thread_results() -> None:
    """"Whichever line was more sensitive: generate molecules there" had used the last line run, not the one with the
    lower predicted ln(IC50); without results for two lines it is asked about, never guessed."""
    capsaicin = "COC1=C(O)C=CC(CNC(=O)CCCC\\C=C\\C(C)C)=C1"
    pool = ThreadPool(InMemoryPoolStore(), "t")
    calls = []
    for line, ln_ic50 in (("HeLa", 1.0), ("SiHa", 2.3)):
        pool.put("user_cell_line", line, "cell_line", "u", "message")
        meta = pool.put("drug_cell_response_regression_predict_result",
                        [{"row": 1, "smiles": capsaicin, "ln_ic50": ln_ic50}], "table", "u", "tool")
        calls.append(CallLog(RESPONSE, {"drug_smiles": [capsaicin], "cell_name": line}, None, {}, "ok",
                             result_key=meta.key, result_version=meta.version))
    earlier = PastRequest("u", "Capsaicin in HeLa and in SiHa: ln(IC50) for each.", answered=True, calls=calls)
    for text, line in (("Whichever line was more sensitive: generate molecules there with ln(IC50) -1.5.", "HeLa"),
                       ("Generate for the more resistant line, ln(IC50) -1.5.", "SiHa")):
        [call] = plan_calls(text, pool.list(), list(TOOLS), [earlier], pool.read)
        assert call.arguments["cell_line"] == line
    [call] = plan_calls("Whichever line was more sensitive: generate there at -1.5.", pool.list(), list(TOOLS),
                        [PastRequest("u", "Capsaicin in HeLa", answered=True, calls=calls[:1])], pool.read)
    assert "cell_line" not in call.arguments  # one line only: nothing to compare, asked
    tie = pool.put("drug_cell_response_regression_predict_result", [{"row": 1, "smiles": capsaicin, "ln_ic50": 1.0}],
                   "table", "u", "tool")
    tied = CallLog(RESPONSE, {"drug_smiles": [capsaicin], "cell_name": "C-33-A"}, None, {}, "ok",
                   result_key=tie.key, result_version=tie.version)
    [call] = plan_calls("Whichever line was more sensitive: generate there at -1.5.", pool.list(), list(TOOLS),
                        [PastRequest("u", "Capsaicin in HeLa and C-33-A", answered=True, calls=[calls[0], tied])],
                        pool.read)
    assert "cell_line" not in call.arguments  # HeLa and C-33-A tie: asked


def test_the_new_one_against_her_list_and_two_new_ones_asked_about() -> None:
    text = ("She takes warfarin 5 mg, amiodarone 200 mg and omeprazole 20 mg. ID wants to add Vfend 200 mg PO BID. "
            "The new one vs her list, please.")
    [call] = plan_with(text, {})
    voriconazole = next(n.value for n in read_message(text).names if n.written == "Vfend")
    assert len(call.arguments["smiles_pairs"]) == 3
    assert all(pair[0] == voriconazole for pair in call.arguments["smiles_pairs"])
    calls = plan_with("Started linezolid and rifampin today. Check the new one against her methadone.", {})
    assert all("smiles_pairs" not in c.arguments for c in calls)  # which one is new? asked


def test_a_drug_class_that_two_named_drugs_belong_to_is_asked_about() -> None:
    """"Check the azole with the methadone" with Vfend and Diflucan on the list had run fluconazole."""
    text = "Her list: Vfend 200 BID, Diflucan 200 daily, methadone 90 mg daily. Check the azole with the methadone."
    found = read_message(text)
    assert {n.written for n in found.names} >= {"Vfend", "Diflucan"}  # a dose without its unit still makes a drug
    [azole] = found.unresolved
    assert azole.written == "the azole" and set(azole.closest) == {"voriconazole", "fluconazole"}
    assert decided(text) is None
    assert not read_message("Check the statin with clarithromycin: she takes atorvastatin 40 mg.").unresolved
    assert not read_message("ClinTox for ketoconazole and itraconazole, for the azole section.").unresolved


def test_a_structure_given_for_a_bare_follow_up_runs_the_request_it_repeats() -> None:
    """"And artemisinin itself?" after a BBB answer was asked about (no structure shipped); the SMILES given next had
    run an empty drug-drug interaction instead of the BBB prediction."""
    artemisinin = "C[C@@H]1CC[C@H]2[C@@H](C)C(=O)O[C@@H]3O[C@]4(C)CC[C@@H]1C32OO4"
    bbb = ran(PROPERTY, "Artesunate and artemether: BBB probability?", {"drug_smiles": ["CCO"], "property": "p_np"})
    history = [bbb, PastRequest("u", "And artemisinin itself?", answered=False)]
    [call] = plan_with(f"PubChem SMILES: {artemisinin}", {}, history)
    assert call.name == PROPERTY and call.arguments == {"drug_smiles": [artemisinin], "property": "p_np"}
