"""Requests of the thirty-fourth round."""

from __future__ import annotations

from planning_support import decided, drug, plan_with, ran, target

from agent.entities import extract, looks_like_smiles
from agent.history import PastRequest
from agent.vocabulary import in_english

PROPERTY = "drug_property_prediction"
AFFINITY = "drug_target_affinity_regression_predict"
PAIRS = "drug_drug_response_predict"
RESPONSE = "drug_cell_response_regression_predict"
OPTIMIZE = "drug_cell_response_regression_optimization"
RETRO = "Retrosynthetic_reaction_pathway_prediction"


def test_a_structure_keeps_its_atoms_in_a_message_read_as_another_language() -> None:
    """Welsh "o" (of) turned the O of "NC(=O)c2" into a word, and the structures split into invalid pieces."""
    smiles = "CC1CCCCC1NC(=O)c2cnn(c2NS(=O)(=O)c3ccc(C)cc3)c4ccccc4"
    [call] = plan_with(f"Helo, oes modd rhagfynegi lipoffiligrwydd (logD) y ddau amin 'ma? {smiles} a CCO — diolch!",
                       {})
    assert call.arguments == {"drug_smiles": [smiles, "CCO"], "property": "lipo"}
    # a capital letter inside a sentence is a label ("the A half"); one that opens a sentence is a word
    assert "the A half" in in_english("Diolch, the A half please")
    assert in_english("A beth yw berwbwynt diasepam?").startswith("and what is boiling point")


def test_welsh_uzbek_and_macedonian_requests_the_sets_wrote() -> None:
    """Words and forms the new voices used that the prepared tables lacked."""
    assert decided("Ydy metfformin ac asbrin yn rhyngweithio?") == PAIRS
    assert decided("Gefitinibning EGFRga bog'lanish kuchi qancha bo'ladi, pKd da?") == AFFINITY
    assert decided("Gefitinibning A549 dagi ln(IC50) qiymatini ko'raylik.") == RESPONSE
    assert decided("Од што се прави иматинибот? Еден ретросинтетски чекор.") == RETRO
    assert decided("Да или не: иматинибот дали се врзува за KIT?") == "drug_target_classification_predict"
    # a dose asked after a run, in Welsh, runs nothing
    pair = [[drug("warfarin"), drug("aspirin")]]
    earlier = ran(PAIRS, "Gwirio rhyngweithiad warffarin gydag asbrin", {"smiles_pairs": pair})
    assert plan_with("Felly pa ddos o warffarin ddylai'r claf ei gael nawr?",
                     {"user_smiles_pairs": pair, "drug_drug_response_predict_result": [{"label": "x"}]},
                     [earlier]) == []


def test_labels_well_ranges_and_padded_ids_are_no_values_or_lines() -> None:
    """"cat. QTP-200" asked for a cell line; "B01-B04" was an invalid SMILES; "tube 0061440" a potency goal."""
    assert decided("Quetiapine fumarate, cat. QTP-200, for the behaviour lab. Does it get into the brain? "
                   "Blood-brain barrier probability please.") == PROPERTY
    assert not looks_like_smiles("B01-B04") and not looks_like_smiles("A1:H12")
    assert extract("gemcitabine (tube 0061440) in MIA-PaCa-2, predicted ln IC50?").numbers == []
    [call] = plan_with("Pancreatic panel: gemcitabine (tube 0061440) in MIA-PaCa-2, predicted ln IC50?", {})
    assert (call.name, call.arguments["cell_name"]) == (RESPONSE, "MIA-PaCa-2")


def test_an_indirect_yes_no_question_is_no_pick_from_results() -> None:
    """"kindly state whether the test item erlotinib is predicted to cross the blood-brain barrier" read "predicted to
    cross" as a pick of the BBB-positive rows, and the dose groups beside it as the whole ask."""
    assert decided("For the study plan amendment (TX-23-118, dose groups 0/5/15/50 mg/kg/day), kindly state whether "
                   "the test item erlotinib is predicted to cross the blood-brain barrier.") == PROPERTY


def test_the_molecules_a_message_introduces_or_quotes() -> None:
    """"the vehicle options are ethanol and DMSO" named no molecule; a quoted pair ('"atorvastatin with
    clarithromycin"') was read as a nickname; "serotonin worry" as a third drug; "the lovastatin fermentation" as a
    molecule to run."""
    [call] = plan_with("For study TX-24-077 the formulation vehicle options are ethanol and DMSO. Provide their "
                       "aqueous solubility predictions (logS).", {})
    assert call.arguments["drug_smiles"] == [drug("ethanol"), drug("DMSO")]
    [call] = plan_with('The paper cites TWOSIDES for "atorvastatin with clarithromycin". Please score that pair with '
                       "the TWOSIDES model.", {})
    assert call.arguments["smiles_pairs"] == [[drug("atorvastatin"), drug("clarithromycin")]]
    [call] = plan_with("Zoloft + Ultram, serotonin worry from a GP. DDI?", {})
    assert call.arguments["smiles_pairs"] == [[drug("sertraline"), drug("tramadol")]]
    [call] = plan_with("Semi-synthesis step downstream of the lovastatin fermentation gives simvastatin. I need "
                       "simvastatin's logD at pH 7.4.", {})
    assert call.arguments["drug_smiles"] == [drug("simvastatin")]


def test_questions_about_results_given_or_what_to_do_run_nothing() -> None:
    """Whether the numbers support a paper's claim, whether a route is the patent's, a result put in other units,
    which drug is the better choice for a patient, whether a relative should switch: the thread's tool ran again."""
    soluble = [drug("paclitaxel"), drug("docetaxel")]
    earlier = ran(PROPERTY, "logS of paclitaxel and docetaxel", {"drug_smiles": soluble, "property": "logSolubility"})
    pool = {"user_smiles": soluble, "user_property": "logSolubility", "drug_property_prediction_result": [{"r": 1}]}
    for question in ('The paper says "docetaxel is roughly ten times more soluble". Do the numbers support that?',
                     "So is paclitaxel or docetaxel the better choice for a pregnant patient?",
                     "someone on facebook says docetaxel cures cancer, is that true?",
                     "should my brother switch to docetaxel then?"):
        assert plan_with(question, pool, [earlier]) == [], question
    route = ran(RETRO, "One-step retrosynthesis of quetiapine", {"smiles_list": [drug("quetiapine")]})
    assert plan_with("Is this the route from the original patent?",
                     {"user_smiles": [drug("quetiapine")], "Retrosynthetic_reaction_pathway_prediction_result": [1]},
                     [route]) == []
    cells = ran(RESPONSE, "docetaxel in FaDu", {"drug_smiles": [drug("docetaxel")], "cell_name": "FADU"})
    assert plan_with("Can you convert the FADU value to IC50 in µM for the poster?",
                     {"user_smiles": [drug("docetaxel")], "user_cell_line": "FADU",
                      "drug_cell_response_regression_predict_result": [1]}, [cells]) == []


def test_a_sentence_that_only_reports_asks_nothing() -> None:
    """"the target organ hypothesis involves SRC" ran the binder classifier beside the pKd asked; "4-week rat study,
    foamy macrophages with amiodarone and chlorpromazine" a pair beside the logD asked."""
    [call] = plan_with("Regarding TX-24-115: the target organ hypothesis involves SRC. The test item is dasatinib. "
                       "Please provide the pKd against SRC.", {})
    assert (call.name, call.arguments["target_seq"]) == (AFFINITY, target("SRC"))
    [call] = plan_with("4-week rat study, foamy alveolar macrophages (phospholipidosis) with amiodarone and "
                       "chlorpromazine, both cationic amphiphilic. logD at 7.4 for the pair?", {})
    assert call.arguments == {"drug_smiles": [drug("amiodarone"), drug("chlorpromazine")], "property": "lipo"}


def test_only_one_part_may_change_beside_a_clause_that_keeps_others() -> None:
    """"changing only the morpholine ring and keeping the quinazoline core and aniline untouched" read the keep clause
    alone, and asked about "the aniline", which the table places on a primary amine only."""
    [call] = plan_with("Optimise gefitinib for SCC-25 towards ln(IC50) -2, changing only the morpholine ring and "
                       "keeping the quinazoline core and aniline untouched.", {})
    assert call.name == OPTIMIZE and call.arguments["mask"] == [0] * 25 + [1] * 6


def test_uploads_told_apart_by_a_camel_case_word() -> None:
    """"the vendor list" with vendorA_list.csv and vendorB_list.csv ran the newest (asked now); "the B half" with
    DP412_A.csv and DP412_B.csv was no answer."""
    two = {"upload_vendorA_list.csv": ["CCO"], "upload_vendorB_list.csv": ["CCN"]}
    assert decided("Water solubility for the vendor list, please.", two) is None
    asked = PastRequest("u", "Solubility for the daughter plate please", answered=False)
    plates = {"upload_DP412_A.csv": ["CCO"], "upload_DP412_B.csv": ["CCN"]}
    [call] = plan_with("the B half", plates, [asked])
    assert call.arguments["drug_smiles"] == "(upload_DP412_B.csv)"


def test_an_answered_question_keeps_its_own_drugs() -> None:
    """"A paper used SH-SY5Y with vincristine — can you predict ln(IC50) for doxorubicin in SH-SY5Y instead?" asked
    about the line; "Yes, SK-N-SH." ran vincristine too. "Viscosity of glycerol?" asked back; "logS then." ran
    nothing."""
    asked = PastRequest("u", "A neurotoxicity paper used SH-SY5Y cells with vincristine — can you predict ln(IC50) "
                             "for doxorubicin in SH-SY5Y instead?", answered=False)
    [call] = plan_with("Yes, SK-N-SH.", {}, [asked])
    assert call.arguments == {"drug_smiles": [drug("doxorubicin")], "cell_name": "SK-N-SH"}
    viscosity = PastRequest("u", "Viscosity of glycerol at 25 °C? Sizing the feed pump.", answered=False)
    [call] = plan_with("logS then.", {}, [viscosity])
    assert call.arguments == {"drug_smiles": [drug("glycerol")], "property": "logSolubility"}


def test_a_measure_after_a_place_pick_is_asked_of_the_molecule_picked() -> None:
    """"the first precursor of route 1 aqueous solubility?" (as Uzbek puts it) read the solubility as what a pick
    ranks by, and ran a route again."""
    routes = {"user_smiles": ["CCO"],
              "Retrosynthetic_reaction_pathway_prediction_result": [{"product": "CCO",
                                                                     "routes": [{"precursors": ["CCN", "CCC"]}]}]}
    for text in ("the first precursor of route 1 aqueous solubility how much?",
                 "Birinchi sxemadagi birinchi prekursorning suvda eruvchanligi qancha?"):
        [call] = plan_with(text, routes)
        assert call.arguments == {"drug_smiles": ["CCN"], "property": "logSolubility"}, text


def test_a_welsh_correction_takes_the_first_drug_back() -> None:
    """"pKd tozasertib... na, dw i'n golygu pKd o dasatinib yn erbyn Aurora" kept tozasertib once the kinase was
    answered."""
    asked = PastRequest("u", "pKd tozasertib... na, dw i'n golygu pKd o dasatinib yn erbyn Aurora.", answered=False)
    [call] = plan_with("Aurora B.", {}, [asked])
    assert call.arguments == {"drug_smiles": [drug("dasatinib")], "target_seq": target("AURKB")}


def test_solvents_in_slavic_and_baltic_spellings() -> None:
    """"izopropanol", "etil-acetat", "Ethylacetat" were unknown words beside the solvents the tables read."""
    [call] = plan_with("Slobodna energija hidratacije za toluen, aceton i etil-acetat (kcal/mol)", {})
    assert call.arguments["drug_smiles"] == [drug("toluene"), drug("acetone"), drug("ethyl acetate")]
    [call] = plan_with("Slobodna energija hidratacije za etanol i izopropanol", {})
    assert call.arguments["drug_smiles"] == [drug("ethanol"), drug("isopropanol")]
    assert extract("hydration free energy of Ethylacetat").molecules == [drug("ethyl acetate")]


def test_part_names_in_a_case_and_solvents_with_german_endings() -> None:
    """"Mainīt drīkst tikai N-metilpiperazīnu" (only the N-methylpiperazine may change: its Latvian accusative) was no
    part; "toluolam" (Latvian dative of the German "Toluol") no toluene."""
    from model_zoo.chem.cores import core_from_text

    assert core_from_text("N-metilpiperazīnu").name == "n-methylpiperazine"
    assert core_from_text("morfolinu").name == "morpholine"
    assert decided("Optimizē imatinibu K-562 līnijai, mērķis ln(IC50) -3,0. Mainīt drīkst tikai N-metilpiperazīnu, "
                   "pārējo nemainīt.") == OPTIMIZE
    assert drug("toluene") in extract(in_english("Man vajag hidratācijas brīvo enerģiju toluolam")).molecules


def test_cyrillic_part_names_and_a_name_two_ids_share() -> None:
    """"само морфолиновия пръстен", "N-метилпиперазинот" named no part (the mask was asked for); "кетопрофен" was
    no drug, since two DrugBank ids carry the name "ketoprofen"."""
    assert decided("Имам идея за гефитиниб в A549: пусни оптимизация с целеви ln(IC50) -2,0, като пипаш само "
                   "морфолиновия пръстен. Всичко останало да си стои.") == OPTIMIZE
    asked = PastRequest("u", "Оптимизирај го иматиниб за K-562, целна ln(IC50) -2,5.", answered=False)
    [call] = plan_with("Само метилпиперазинот (прстенот со N-метилот) нека се менува, останатото да остане.", {},
                       [asked])
    assert call.name == OPTIMIZE and sum(call.arguments["mask"]) == 7  # the ring (6) and its N-methyl
    assert "ketoprofen" in in_english("Разтворимост във вода за ибупрофен, напроксен и кетопрофен, моля")
