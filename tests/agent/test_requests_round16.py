"""Requests of the sixteenth round: what to keep and what may change in Portuguese, Chinese and other languages,
Chinese and Japanese drug names, a decimal comma that ends a clause, and a kind of drug named with "that"."""

from __future__ import annotations

import pytest
from planning_support import plan_with

from agent.entities import read_message
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
    assert [n.value for n in read_message("compounds 1,2,3").numbers] == [1.0, 2.0, 3.0]


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
