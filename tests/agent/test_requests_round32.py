"""Requests of the thirty-second round."""

from __future__ import annotations

from planning_support import decided, drug, plan_with, ran, target

from agent.history import PastRequest
from agent.vocabulary import in_english

PROPERTY = "drug_property_prediction"
PAIRS = "drug_drug_response_predict"
AFFINITY = "drug_target_affinity_regression_predict"


def test_a_written_pair_with_words_that_ask_for_no_other_tool() -> None:
    """"clopidogrel + omeprazole, the classic one, what does it say" was asked back: its words read a little as
    several tools; two drugs written as a pair and nothing else asked is the pair's check."""
    assert decided("clopidogrel + omeprazole, the classic one, what does it say") == PAIRS
    # a property named beside the pair is still the property's ask
    assert decided("clopidogrel + omeprazole, logS for both") == PROPERTY


def test_two_molecules_compared_are_no_pair() -> None:
    """"Tincture base comparison, ethanol vs glycerol … hydration free energy for both" ran an interaction check of
    the two and left the properties without molecules (the solvents, never read alone, opened no clause)."""
    calls = plan_with("Tincture base comparison, ethanol vs glycerol (alcohol-free version). I'd like hydration free "
                      "energy for both, and then their logS as well.", {})
    both = [drug("ethanol"), drug("glycerol")]
    assert [(c.name, c.arguments) for c in calls] == [
        (PROPERTY, {"drug_smiles": both, "property": "freesolv"}),
        (PROPERTY, {"drug_smiles": both, "property": "logSolubility"})]


def test_words_that_ask_nothing_wherever_a_message_is_cut() -> None:
    """A heading "Mood/motivation line:" read apart from its colon, and "— second line" cut after "second", named a
    cell line; a botanical preparation ("Capsicum oleoresin") is no molecule to run beside the one asked about."""
    assert decided("Mood/motivation line: 5-HTP (oxitriptan) and L-DOPA from Mucuna pruriens seed. Both are supposed "
                   "to reach the brain — what does the BBB model think?") == PROPERTY
    [call] = plan_with("Capsicum oleoresin for a warming balm — logD of capsaicin please.", {})
    assert call.name == PROPERTY and call.arguments["property"] == "lipo" and len(call.arguments["drug_smiles"]) == 1
    earlier = ran(AFFINITY, "imatinib pKd on ABL1", {"drug_smiles": [drug("imatinib")], "target_seq": target("ABL1")})
    pool = {"user_smiles": [drug("imatinib")], "user_target_seq": target("ABL1")}
    assert decided("now nilotinib and dasatinib on the same target check — second line uses these two.", pool,
                   [earlier]) == AFFINITY


def test_an_upload_named_by_a_code_several_share_is_asked_about() -> None:
    """"logD for the blood results of PM-24-0412" with PM24_0412_femoral.csv and PM24_0412_heart.csv ran the newest;
    the code both names share is asked about, and the part only one has names it."""
    uploads = {"upload_PM24_0412_femoral.csv": ["CCO"], "upload_PM24_0412_heart.csv": ["CCN"]}
    assert decided("logD for the blood results of PM-24-0412", uploads) is None
    [call] = plan_with("logD for the femoral results of PM-24-0412", uploads)
    assert call.arguments["drug_smiles"] == "(upload_PM24_0412_femoral.csv)"


def test_molecules_from_earlier_with_two_sets_made_earlier_are_asked_about() -> None:
    """"BBB for the molecules from earlier" with generated and optimised molecules in the thread ran the newest."""
    made = {"generated_smiles": ["CCO", "CCN"], "optimized_smiles": ["CCCl"]}
    assert decided("BBB for the molecules from earlier", made) is None
    assert decided("BBB for the generated ones", made) == PROPERTY


def test_requests_in_lithuanian_slovak_and_slovenian() -> None:
    """Three more languages the labs write in, read only in a message written in them (no benchmark message in
    another language reads differently); each declines drug names ("dasatinibas", "amiodarónu", "imatinibom")."""
    lithuanian = in_english("Kaip stipriai dasatinibas jungiasi prie ABL1? Reikia pKd skaičiaus")
    assert "dasatinib binds to ABL1" in lithuanian
    slovak = in_english("Aká je rozpustnosť amiodarónu vo vode? A interakcia amiodarónu so simvastatínom, prosím.")
    assert "amiodarone in water" in slovak and "interaction amiodarone with simvastatin" in slovak
    slovenian = in_english("Kako topen je paracetamol v vodi? Tudi interakcija varfarina z aspirinom.")
    assert slovenian.startswith("how soluble is paracetamol in water") and "warfarin with aspirin" in slovenian
    # a language's own words are no drugs: Slovenian "ima" (has) is no imatinib, "naloge" (thesis) no naloxone
    assert "imatinib" not in in_english("Kolegica z Onkološkega inštituta ima glioblastomske vzorce, topnost prosim")
    # Czech messages read as before ("Pro ty vygenerované": for the generated ones)
    assert in_english("Pro ty vygenerované prosím rozpustnost.").startswith("for the generated ones")


def test_a_kind_of_drug_to_choose_among_named_candidates() -> None:
    """"team wants an antihistamine … diphenhydramine, cetirizine, fexofenadine? BBB pls" asked which antihistamine;
    the candidates are named after it. A kind of drug someone takes is still asked about."""
    assert decided("84yo w/ hx delirium, team wants an antihistamine for itch. which of these get into CNS: "
                   "diphenhydramine, cetirizine, fexofenadine? BBB pls") == PROPERTY
    assert decided("pt on Plavix post-stent, cards wants a PPI. check clopidogrel vs omeprazole and vs "
                   "pantoprazole") == PAIRS
    assert decided("She's on a blood thinner and starting Tagrisso. Interaction?") is None


def test_names_that_are_no_molecule_or_another_one() -> None:
    """"potassium bromide" ran potassium; "p110 alpha" was an invalid SMILES; "Does it interact with alcohol?" read no
    partner; a well-known mouse line (4T1) was no line at all, so the question before it ran the property tool."""
    [call] = plan_with("and phenobarbital with potassium bromide?", {})
    assert "[K]" not in str(call.arguments)
    assert decided("and phenobarbital with potassium bromide?") is None
    pool = {"user_smiles": [drug("alpelisib")]}
    assert decided("pKd of alpelisib on p110 alpha", pool) == AFFINITY
    [pair] = plan_with("Does paracetamol interact with alcohol?", {})
    assert pair.arguments["smiles_pairs"] == [[drug("paracetamol"), "CCO"]]
    assert decided("What does your model say for paclitaxel in 4T1?") is None
    [asked] = plan_with("What does your model say for paclitaxel in 4T1?", {})
    assert asked.name == "drug_cell_response_regression_predict"


def test_follow_ups_after_a_question() -> None:
    """"fine, just predicted ln(IC50) in MV4-11 then" after a pKd asked about ran the pKd again without a target; "run
    the same two on RAF1 instead" after an ask-back ("add encorafenib to that as well?") ran a cell response."""
    asked = PastRequest("u", "CLL slide: pKd of venetoclax on BCL2?", answered=False)
    [call] = plan_with("fine, just predicted ln(IC50) in MV4-11 then", {}, [asked])
    assert call.name == "drug_cell_response_regression_predict" and call.arguments["cell_name"] == "MV-4-11"
    pool = {"user_smiles": [drug("dabrafenib"), drug("vemurafenib")], "user_target_seq": target("BRAF")}
    history = [ran(AFFINITY, "pKd of dabrafenib and vemurafenib against BRAF"),
               PastRequest("u", "Could you add encorafenib to that as well?", answered=False)]
    assert decided("Hmm, never mind then. Could you run the same two on RAF1 instead?", pool, history) == AFFINITY


def test_questions_no_tool_answers_after_a_run() -> None:
    """Advice, doses and money asked after a run are answered in words, never by running the thread's tool again."""
    pool = {"user_smiles": [drug("midostaurin")], "user_cell_line": "MOLM-13"}
    history = [ran("drug_cell_response_regression_predict", "midostaurin in MOLM-13")]
    for question in ("so which one do we add for her, mido or quiz?", "which of these would you pick for a mouse "
                     "xenograft study?", "what's a safe tramadol dose for her then",
                     "So is a startup with a 4th-gen EGFR asset worth a $400M pre-money?"):
        assert decided(question, pool, history) is None, question
    # a comparison asked with a property: the property of both, no pair
    assert decided("citric acid or benzoic acid, which one dissolves better in water? Predicted solubility for "
                   "both please.") == PROPERTY


def test_dictated_targets_and_lines_and_written_schedules() -> None:
    """Speech-to-text writes "interact with src" and "mia paca two"; a dosing schedule's "then" ("Diflucan 400 load
    then 200 qd") starts no second ask; "CDK4/6" and "Module 2.6.2" hold no values."""
    assert decided("quick yes or no does bosutinib interact with src") == "drug_target_classification_predict"
    [call] = plan_with("gemcitabine in mia paca two predicted ln ic50 please", {})
    assert call.arguments["cell_name"] == "MIA-PaCa-2"
    [pairs] = plan_with("pt on Coumadin + Dilantin. ID wants Diflucan 400 load then 200 qd. check Diflucan against "
                        "each of the two", {})
    fluconazole = drug("fluconazole")
    assert pairs.arguments["smiles_pairs"] == [[fluconazole, drug("warfarin")], [fluconazole, drug("phenytoin")]]
    [call] = plan_with("Ibrance in MCF7 — predicted potency? Comparing CDK4/6 players for a breast cancer thesis", {})
    assert call.name == "drug_cell_response_regression_predict"
    calls = plan_with("For Module 2.6.2, please provide:\n1. the predicted pKd of pazopanib against VEGFR2;\n"
                      "2. the predicted pKd of pazopanib against KIT.", {})
    assert [c.name for c in calls] == [AFFINITY, AFFINITY]


def test_a_drug_checked_but_unknown_and_uploads_named_loosely() -> None:
    """"check Paxlovid vs both" paired the two other drugs; "the attached list" and "the med list" with two fitting
    uploads ran the newest."""
    assert decided("pt on Paxlovid x5d, also atorvastatin 40 + amlodipine 10. check Paxlovid vs both") is None
    two = {"upload_batch_A.csv": ["CCO"], "upload_batch_B.csv": ["CCN"]}
    assert decided("Please provide the predicted logS for the attached list.", two) is None
    beds = {"upload_medlist_bed12.csv": ["CCO"], "upload_medlist_bed14.csv": ["CCN"]}
    assert decided("BBB for the med list pls", beds) is None
    assert decided("BBB for the bed14 med list pls", beds) == PROPERTY
