"""Requests of the sixteenth round: what to keep and what may change in Portuguese, Chinese and other languages,
Chinese and Japanese drug names, a decimal comma that ends a clause, and a kind of drug named with "that"."""

from __future__ import annotations

import pytest
from planning_support import plan_with

from agent.entities import read_message
from agent.history import PastRequest
from agent.vocabulary import in_english

OPTIMIZE = "drug_cell_response_regression_optimization"
DDI = "drug_drug_response_predict"
OLAPARIB = "C1CC1C(=O)N2CCN(CC2)C(=O)C3=C(C=CC(=C3)CC4=NNC(=O)C5=CC=CC=C54)F"
# olaparib's 32 heavy atoms: the phthalazinone (atoms 20-30) kept, the rest free
KEEP_PHTHALAZINONE = [1] * 20 + [0] * 11 + [1]
WARFARIN = "CC(=O)CC(C1=CC=CC=C1)C1=C(O)C2=C(OC1=O)C=CC=C2"


@pytest.mark.parametrize("text", [
    "Otimiza o olaparibe em SK-OV-3 mantendo a ftalazinona; ln(CI50) alvo -1",
    "Quero otimizar o olaparibe pra SK-OV-3. A ftalazinona fica intocada, o resto pode mexer. Alvo: ln CI50 -1",
    "奥拉帕利 olaparib：酞嗪酮那一块保留，其他地方（哌嗪、环丙甲酰基、氟苯）都可以动。"
    "细胞用 SK-OV-3，ln IC50 目标 -1。",
    "Optimise olaparib in SK-OV-3 en gardant la phtalazinone, ln IC50 -1",
])
def test_what_stays_is_read_in_other_languages(text: str) -> None:
    """Before, the mask words of these languages were not read: the call lacked its mask and was asked about."""
    [call] = plan_with(text, {})
    assert call.name == OPTIMIZE
    assert call.arguments == {"zscore": -1.0, "cell_line": "SK-OV-3", "gt": OLAPARIB, "mask": KEEP_PHTHALAZINONE}


def test_chinese_and_japanese_drug_names_resolve() -> None:
    [call] = plan_with("伊马替尼（yi ma ti ni）：N-甲基哌嗪那一块可以换，别的不动；"
                       "K562，ln IC50 目标 -3。优化一下。", {})
    assert call.arguments["gt"].startswith("CC1=C(C=C(C=C1)NC(=O)C2=CC=C(C=C2)CN3CCN(CC3)C)")  # imatinib
    assert call.arguments["mask"].count(1) == 7  # the N-methylpiperazine alone may change
    [call] = plan_with("イマチニブのABL1への結合親和性は？", {})  # no space between the words and "ABL1"
    assert call.name == "drug_target_affinity_regression_predict" and "target_seq" in call.arguments
    assert [n.written for n in read_message("华法林和阿司匹林一起吃").names] == ["warfarin", "aspirin"]


def test_cjk_spacing_leaves_values_alone() -> None:
    assert in_english("CCO的溶解度").split() == ["CCO", "的", "solubility"]
    assert in_english("logS of CCO in A549") == "logS of CCO in A549"


def test_a_decimal_comma_before_a_clause_comma_is_one_number() -> None:
    """"ln(CI50) -1,5, máscara …" had read -1 and 5; "1,2,3" stays a list of numbers."""
    assert [n.value for n in read_message("olaparib em SK-OV-3, ln(CI50) -1,5, máscara [1, 1]").numbers
            if n.value < 0] == [-1.5]
    assert [n.value for n in read_message("values 1,2,3").numbers] == [1.0, 2.0, 3.0]  # ("compounds 1,2,3": labels)


def test_that_kind_of_drug_is_asked_about_but_the_kind_of_a_named_drug_is_not() -> None:
    """"那个降压药呢？跟华法林一起有没有问题？" (and that blood pressure pill, with warfarin?) had run the thread's pair
    again: the kind of drug is now unresolved, which the no-guessing check asks about; "swap the statin for Crestor"
    names the statin it means earlier in the thread."""
    for text in ("那个降压药呢？跟华法林一起有没有问题？", "what about that blood pressure pill with warfarin?"):
        assert [u.written for u in read_message(text).unresolved] == ["blood pressure pill"], text
    assert read_message("what if we swap the statin for Crestor?").unresolved == []


def test_varfarina_is_warfarin() -> None:
    [call] = plan_with("Interação entre varfarina e amiodarona?", {})
    assert call.name == DDI and call.arguments["smiles_pairs"][0][0] == WARFARIN


SUNITINIB = "CCN(CC)CCNC(=O)C1=C(NC(=C1C)/C=C\\2/C3=C(C=CC(=C3)F)NC2=O)C"


def test_atoms_that_restate_a_named_part_give_the_mask() -> None:
    """"Only the … side chain may change, which … (0-based) are the atoms 0 t/m 7; everything else stays fixed": the
    Dutch range, and the atoms win over a part name that covers roughly the same atoms (before: asked about)."""
    [call] = plan_with(f"For sunitinib ({SUNITINIB}) I would like optimised analogues in HT-29 with a target ln(IC50) "
                       "of -1. Only the diethylaminoethyl-amine side chain may change, which in RDKit atom order "
                       "(0-based) are the atoms 0 t/m 7; everything else stays fixed.", {})
    assert call.arguments["mask"] == [1] * 8 + [0] * 21


@pytest.mark.parametrize(("name", "smiles"), [("Retinol", r"C\C(=C/CO)\C=C\C=C(/C)\C=C\C1=C(C)CCCC1(C)C"),
                                              ("Tocopherol", "CC(C)CCC[C@@H](C)CCC[C@@H](C)CCC[C@]1(C)CCC2=C(O1)"
                                                             "C(C)=C(C)C(O)=C2C")])
def test_common_vitamin_names_resolve(name: str, smiles: str) -> None:
    [call] = plan_with(f"How is {name} made industrially? One-step retro please.", {})
    assert call.arguments == {"smiles_list": [smiles]}


def test_words_that_only_look_like_drugs_or_molecules_are_neither() -> None:
    """"the sartan comparison sheet" had added primidone; "BCS classification" had added the molecule B-C-S; "GSK3"
    had read as SGK3 (it is a family of two: asked which)."""
    found = read_message("logD for Telmisartan and Valsartan, for the sartan comparison sheet")
    assert [n.written for n in found.names] == ["Telmisartan", "Valsartan"]
    assert read_message("solubility of Febuxostat for the BCS classification").smiles == [
        "CC(C)COC1=C(C=C(C=C1)C1=NC(C)=C(S1)C(O)=O)C#N"]
    assert not any(n.kind == "target" for n in read_message("pKd against GSK3 of CCO").names)


def test_an_ester_of_a_known_drug_is_asked_about_not_read_as_the_drug() -> None:
    [ester] = read_message("Kindly predict aqueous solubility of Abiraterone Acetate.").unresolved
    assert ester.written == "Abiraterone Acetate" and "abiraterone" in ester.note
    assert [n.written for n in read_message("logS of megestrol acetate").names] == ["megestrol acetate"]


def test_a_name_given_with_its_structure_is_that_structure() -> None:
    """"phenoxyethanol" alone is asked about (1- or 2-?); the structure the message gives for it is the one run, and
    the name is no longer asked about."""
    text = ("hydration free energy for Benzyl Alcohol and Phenoxyethanol please! Phenoxyethanol SMILES in case you "
            "need it: OCCOc1ccccc1")
    [call] = plan_with(text, {})
    assert call.arguments["drug_smiles"] == ["OCC1=CC=CC=C1", "OCCOc1ccccc1"]
    assert read_message(text).unresolved == []


def test_a_cell_line_named_as_an_earlier_result_is_not_the_new_one() -> None:
    [call] = plan_with("Following on from yesterday's MCF-7 number in this thread: let's see the same compound in "
                       "T-47D.", {"user_smiles": ["CCO"]})
    assert call.arguments["cell_name"] == "T47D"


PARABENS = ["COC(=O)c1ccc(O)cc1", "CCOC(=O)c1ccc(O)cc1", "CCCOC(=O)c1ccc(O)cc1"]


@pytest.mark.parametrize(("text", "rows", "picked"), [
    ("The ones that got flagged — can you check the androgen receptor for just those?",
     [{"smiles": s, "probability": p} for s, p in zip(PARABENS, (0.2, 0.7, 0.8))], PARABENS[1:]),
    ("kindly take the two poorest soluble APIs and predict logD for them",
     [{"smiles": s, "prediction": p} for s, p in zip(PARABENS, (-1.0, -3.0, -2.0))], PARABENS[1:]),
    ("Whichever binds Her2 best — what does it do in BT-474? ln(IC50), please.",
     [{"smiles": s, "pKd": p} for s, p in zip(PARABENS, (6.0, 7.5, 5.0))], PARABENS[1:2]),
])
def test_picks_by_flags_poor_solubility_and_best_binding(text: str, rows: list[dict], picked: list[str]) -> None:
    from agent.selection import pick_rows

    assert sorted(pick_rows(text.lower(), rows) or []) == sorted(picked)


def test_the_measure_of_a_pick_asks_for_no_tool() -> None:
    """"The two with the lowest SR-ARE probability — how would you make them?" had added a binding classification."""
    calls = plan_with("The two with the lowest SR-ARE probability — how would you make them? One-step retro please.",
                      {})
    assert [c.name for c in calls] == ["Retrosynthetic_reaction_pathway_prediction"]


SPIRONOLACTONE = ("[H][C@@]12CC[C@@]3(CCC(=O)O3)[C@@]1(C)CC[C@@]1([H])[C@@]2([H])[C@@]([H])(CC2=CC(=O)CC[C@]12C)"
                  "SC(C)=O")
MINOXIDIL = "NC1=CC(=NC(N)=[N+]1[O-])N1CCCCC1"


def asked(text: str) -> PastRequest:
    return PastRequest("u", text, answered=False, calls=[])


def test_a_second_drug_answers_does_it_interact_as_a_pair() -> None:
    """Before, "With Minoxidil" after "Does Spironolactone interact?" (asked: with what?) ran a target classifier on
    minoxidil alone."""
    [call] = plan_with("With Minoxidil — the serum has 5% and some derms also prescribe it orally.", {},
                       [asked("Does Spironolactone interact? A customer on it wants our new scalp serum.")])
    assert call.name == DDI and call.arguments["smiles_pairs"] == [[SPIRONOLACTONE, MINOXIDIL]]


def test_a_reply_that_corrects_an_impossible_value_completes_the_request() -> None:
    """"pIC50 of -7" was asked about; "pIC50 7; the minus sign came from the ln column" had started an optimisation."""
    [call] = plan_with("Of course, pIC50 7; the minus sign came from the ln column next to it in my sheet.", {},
                       [asked("Generate molecules for the line with COSMIC id 905962 with a target pIC50 of -7.")])
    assert call.name == "drug_cell_response_regression_generation"
    assert call.arguments["cell_line"] == "SW620" and round(call.arguments["zscore"], 2) == -2.3


def test_forget_that_ask_and_run_another_tool_on_the_same_compound() -> None:
    [call] = plan_with("OK, forget the CYP then; the BBB probability for the same compound.", {},
                       [asked("pKd against CYP3A4 for this compound, please:\nCCOc1ccc(N)cc1")])
    assert call.arguments == {"drug_smiles": ["CCOc1ccc(N)cc1"], "property": "p_np"}


def test_a_name_put_off_for_later_is_not_asked_about_now() -> None:
    found = read_message("No SMILES handy right now — skip it, do Retinol for now and I'll come back with Bakuchiol "
                         "later.")
    assert found.unresolved == [] and [n.written for n in found.names] == ["Retinol"]


ASPIRIN, CAFFEINE, ETHANOL = "CC(=O)OC1=CC=CC=C1C(O)=O", "CN1C=NC2=C1C(=O)N(C)C(=O)N2C", "CCO"


def test_written_pairs_stay_pairs() -> None:
    """"A with B, and A with C — any interactions between them?" had added B with C; "A , B" on each line of a paste
    had paired the first drug with every other."""
    [call] = plan_with("Ketoconazole shampoo with oral Finasteride, and Ketoconazole with topical Minoxidil — any "
                       "interactions between them?", {})
    assert len(call.arguments["smiles_pairs"]) == 2
    [call] = plan_with(f"For the two pairs below I would like the predicted interaction type:\n{WARFARIN} , {ASPIRIN}"
                       f"\n{CAFFEINE} , {ETHANOL}", {})
    assert call.arguments["smiles_pairs"] == [[WARFARIN, ASPIRIN], [CAFFEINE, ETHANOL]]


def test_a_remark_on_results_asks_for_nothing() -> None:
    rows = [{"smiles": "CCO", "prediction": -2.0}, {"smiles": "CCCCCCCCO", "prediction": -5.0}]
    calls = plan_with("Nossa, um deles é bem insolúvel. Manda o menos solúvel pra retrossíntese.",
                      {"user_smiles": ["CCO", "CCCCCCCCO"], "drug_property_prediction_result": rows})
    assert [c.name for c in calls] == ["Retrosynthetic_reaction_pathway_prediction"]


def test_a_drug_named_to_compare_with_is_no_input() -> None:
    calls = plan_with("Now lapatinib on both targets (EGFR and ERBB2), to compare with gefitinib", {})
    assert calls and all(len(c.arguments["drug_smiles"]) == 1 for c in calls)
    assert "lapatinib" in [n.written for n in read_message("compare lapatinib with gefitinib on EGFR").names]


def test_translated_words_are_spaced_once() -> None:
    assert in_english("E a amina da primeira rota, qual o logD dela?") == \
        "E the amine of the first route , what is the logD of it ?"


@pytest.mark.parametrize(("code", "drug"), [("MK-0457", "Tozasertib"), ("VX-680", "Tozasertib"),
                                            ("INCB018424", "ruxolitinib"), ("PLX4032", "vemurafenib")])
def test_old_development_codes_resolve(code: str, drug: str) -> None:
    [name] = read_message(f"pKd of {code} against Aurora A, please").names[:1]
    assert name.written == code and name.name == drug


def test_a_unit_reply_with_a_remark_after_it_gives_the_unit() -> None:
    [call] = plan_with("Nanomolar, naturally. Nobody gets out of bed for ten micromolar.", {},
                       [asked("Generator again: MOLM-13, with an IC50 of 10.")])
    assert call.arguments == {"cell_line": "MOLM-13", "zscore": pytest.approx(-4.605, abs=1e-3)}


def test_which_are_predicted_to_interact_is_the_question_not_a_pick() -> None:
    [call] = plan_with("For the compounds below I would like to know which are predicted to interact with EGFR:\n"
                       "CCOc1ccc(N)cc1\nCCOc1ccc(O)cc1", {})
    assert call.name == "drug_target_classification_predict" and len(call.arguments["drug_smiles"]) == 2


@pytest.mark.parametrize(("name", "isomer"), [("phenoxyethanol", "2-phenoxyethanol"),
                                              ("aminobenzoic acid", "4-aminobenzoic acid"),
                                              ("dichlorobenzene", "1,4-dichlorobenzene"),
                                              ("methylpropane", "2-methylpropane")])
def test_a_name_without_locants_that_fits_several_isomers_is_asked_about(name: str, isomer: str) -> None:
    """OPSIN fills in a locant of its own ("phenoxyethanol" as 1-phenoxyethanol, "methylpropane" as butane): a
    silent wrong structure. A name that fits one structure whatever the locant ("chloroethane") still resolves."""
    from model_zoo.names import resolve_drug
    from model_zoo.names.types import Resolved, Unresolved

    result = resolve_drug(name)
    assert isinstance(result, Unresolved) and isomer in result.closest and "locants" in result.note
    assert isinstance(resolve_drug(isomer), Resolved) and isinstance(resolve_drug("chloroethane"), Resolved)


def test_a_unit_reply_that_gives_other_values_is_not_read_as_the_unit_alone() -> None:
    """"nM, and use A549 instead" changes the line too: it is read as a request of its own, never as the earlier one
    with the unit added (which would run MOLM-13 and drop A549 silently)."""
    calls = plan_with("nM, and use A549 instead.", {}, [asked("Generator again: MOLM-13, with an IC50 of 10.")])
    assert all(c.arguments.get("cell_line") != "MOLM-13" for c in calls)
