"""The learned intent model: shipped weights, determinism, fresh hand-written requests, reproducible training.

The requests below were written for this test by hand; none comes from ``agent.intent.corpus``.
"""

from __future__ import annotations

import numpy as np
import pytest

from agent.intent import Intent, predict, to_placeholders
from agent.intent.corpus import FAMILIES, TOOL_LABELS, generate, property_labels
from agent.intent.model import IntentModel, card, fit, shipped_model
from agent.intent.placeholders import Span
from agent.evaluation.synth import AFF, CELL, DDI, DTI, GEN, OPT, PROP, RETRO

KINASE = ("MSAIQAAWPSGTECIAKYNFHGTAEQDLPFCKGDVLTIVAVTKDPNWYKAKNKVGREGIIPANYVQKREGVKAGTKLSLMPWFHGKITREQAERLLYPPE"
          "TGLFLVRESTNYPGDYTLCVSCDGKVEHYRIMYHASKLSIDEEVYFENLMQLVEHYTSDADGLCTRLIKPKVMEGTVAAQDEFYRSGWALNMKELKLLQT"
          "IGKGEFGDVMLGDYRGNKVAVKCIKNDATAQAFLAEASVMTQLRHSNLVQLLGVIVEEKGGLYIVTEYMAKGSLVDYLRSRGRSVLGGDCLLKFSLDVCE"
          "AMEYLEGNNFVHRDLAARNVLVSEDNVAKVSDFGLTKEASSTQDTGKLPVKWTAPEALREKKFSTKSDVWSFGILLWEIYSFGRVPYPRIPLKDVVPRVE"
          "KGYKMDAPDGCPPAVYEVMKNCWHLDAAMRPSFLQLREQLEHIKTHELHL")
ASPIRIN = "CC(=O)Oc1ccccc1C(=O)O"
PARACETAMOL = "CC(=O)Nc1ccc(O)cc1"
NICOTINE = "CN1CCC[C@H]1c1cccnc1"
IBUPROFEN = "CC(C)Cc1ccc(cc1)C(C)C(=O)O"
WARFARIN = "CC(=O)CC(c1ccccc1)c1c(O)c2ccccc2oc1=O"

# (request as a scientist would type it, expected tool or "none")
REQUESTS: list[tuple[str, str]] = [
    (f"Is {NICOTINE} going to get into the brain?", PROP),
    ("how greasy are these two? CCCCCCCCCC(=O)O and OCCO", PROP),
    ("Could you estimate water solubility for c1ccc2ccccc2c1 - our formulation people are worried", PROP),
    (f"ESOL please: {PARACETAMOL}", PROP),
    ("Hydration free energy of chlorobenzene Clc1ccccc1?", PROP),
    (f"does {IBUPROFEN} look like a BACE1 inhibitor to you", PROP),
    ("BBB and logD for CCN(CC)CCOC(=O)c1ccc(N)cc1 please", PROP),
    ("predcit the solubilty of CCOc1ccccc1", PROP),
    (f"What Kd would you predict for {PARACETAMOL} on this kinase?\n{KINASE}", AFF),
    (f"pKd estimate for c1ccc(cc1)Nc1ncnc2ccccc12 vs the kinase domain below\n>sp|P00519|ABL1_HUMAN\n{KINASE}", AFF),
    (f"rank CCOc1ccccc1 and {IBUPROFEN} by how tightly they bind {KINASE}", AFF),
    (f"Is Cc1ccc(cc1)S(N)(=O)=O a binder of this enzyme or not? {KINASE}", DTI),
    (f"yes or no: does {NICOTINE} interact with the protein below?\n{KINASE}", DTI),
    (f"What's the predicted IC50 of {ASPIRIN} in A549?", CELL),
    ("How would MCF7 cells respond to Cn1c(=O)c2c(ncn2C)n(C)c1=O?", CELL),
    ("is HT-29 sensitive to 5-FU O=c1[nH]cc(F)c(=O)[nH]1", CELL),
    ("and in HCT-116?", CELL),
    (f"Can warfarin {WARFARIN} be given with aspirin {ASPIRIN}?", DDI),
    (f"what adverse effects might show up if a patient is on both {ASPIRIN} and {NICOTINE}", DDI),
    (f"drug-drug interaction check for {PARACETAMOL} + {ASPIRIN}", DDI),
    ("Can you come up with some novel compounds for K-562 aiming at ln(IC50) -3?", GEN),
    ("I need fresh chemical matter for the SK-MEL-28 line, target z-score of -1.5", GEN),
    ("design 10 molecules predicted to be potent in A549 (ln IC50 around -2)", GEN),
    (f"Improve {PARACETAMOL} for HT-29 to ln(IC50) -2, only change the acetyl: [1,1,1,0,0,0,0,0,0,0,0]", OPT),
    ("lead-opt on c1ccc2[nH]ccc2c1 in MCF7, target -1, mask 1 1 1 0 0 0 0 0 0", OPT),
    (f"What would be a sensible way to synthesise {PARACETAMOL}?", RETRO),
    ("Which building blocks should I order to make O=C(O)c1ccccc1O?", RETRO),
    (f"single-step disconnection for {IBUPROFEN}", RETRO),
    (f"what's the pKa of the carboxylic acid in {ASPIRIN}?", "none"),
    ("clogP for CCCCCCO?", "none"),
    (f"Does {NICOTINE} block hERG?", "none"),
    ("melting point of benzoic acid O=C(O)c1ccccc1", "none"),
    (f"what's the expected half-life of {ASPIRIN} in humans", "none"),
    ("thanks, that's exactly what I needed", "none"),
    ("good morning!", "none"),
    ("what is a kinase, in simple terms?", "none"),
    ("which file formats do you accept?", "none"),
    (f"Caco-2 permeability for {PARACETAMOL}?", "none"),
    ("ok cool", "none"),
    ("who made you?", "none"),
    # later turns that name no value: the words decide, not the absence of values
    ("and the dissociation constant?", AFF),
    ("give me pKd numbers for the same compounds", AFF),
    ("estimate their IC50s in the same line", CELL),
    ("fine, now aqueous solubility", PROP),
    ("get me a synthesis for the top one", RETRO),
    ("interaction probability against that receptor?", DTI),
    ("now their pKa", "none"),
    ("what's the half-life of the second one?", "none"),
    # two molecules are not a drug-drug ask by themselves
    (f"Compute solubility for both of my intermediates: {PARACETAMOL} {IBUPROFEN}", PROP),
    (f"pKa for these two? {ASPIRIN} {PARACETAMOL}", "none"),
    (f"any nasty interaction between {WARFARIN} and {ASPIRIN}?", DDI),
    (f"my patient takes {WARFARIN}; can she start {IBUPROFEN}?", DDI),
    (f"how strongly does {NICOTINE} bind this receptor? {KINASE}", AFF),
    (f"is {NICOTINE} a binder of {KINASE}, yes or no?", DTI),
    (f"how would you synthesize {IBUPROFEN}?", RETRO),
    (f"{ASPIRIN} {PARACETAMOL} on MCF7?", CELL),
    (f"make {PARACETAMOL} stronger in A549, keep atoms 1-6 fixed", OPT),
    # the model or data set named instead of the task
    (f"Use GraphDRP: how sensitive are A549 cells to {ASPIRIN}?", CELL),
    (f"DeepDTA pKd, {NICOTINE} vs {KINASE}", AFF),
    (f"DrugBAN on {PARACETAMOL} and this kinase {KINASE}", DTI),
    (f"ESOL for {IBUPROFEN} and {PARACETAMOL}", PROP),
    (f"BBBP prediction: {NICOTINE}", PROP),
    (f"what does the TWOSIDES model say for {WARFARIN} with {ASPIRIN}?", DDI),
    (f"USPTO-based disconnection of {IBUPROFEN}", RETRO),
    # polite asks without values: a property word is the property tool, an untrained one is none
    ("could you do the lipophilicity for me?", PROP),
    ("would you get me the pKa, please?", "none"),
    # binder or not; a number after a yes/no
    (f"{NICOTINE} and {KINASE}: binder or not?", DTI),
    ("a binder/non-binder call isn't enough, I want a Kd", AFF),
    # a story around one ask; a preface alone asks for nothing
    (f"My hunch is that {WARFARIN} with {ASPIRIN} explains the bleeding we saw in the clinic. What adverse effects "
     "does the model predict for the pair? We'll review the charts next week.", DDI),
    (f"Checklist for {ASPIRIN} and {PARACETAMOL}:", "none"),
]


def test_shipped_weights_load_and_cover_every_label() -> None:
    model = shipped_model()
    assert model.tools == TOOL_LABELS
    assert model.properties == property_labels()
    assert model.weights.shape == (len(model.rows), len(TOOL_LABELS) + len(model.properties) + 1)
    assert np.all(np.diff(model.rows) > 0)


def test_predict_returns_probabilities_and_is_deterministic() -> None:
    first = predict("how soluble is <mol>?")
    assert isinstance(first, Intent)
    assert set(first.tools) == set(TOOL_LABELS)
    assert sum(first.tools.values()) == pytest.approx(1.0)
    assert all(0.0 <= p <= 1.0 for p in first.properties.values())
    assert first.ddi_task["drugbank"] + first.ddi_task["twosides"] == pytest.approx(1.0)
    assert predict("how soluble is <mol>?") == first
    assert IntentModel.load().predict("how soluble is <mol>?") == first


@pytest.mark.parametrize("text,expected", REQUESTS, ids=[f"{i:02d}-{t[:30]}" for i, (t, _) in enumerate(REQUESTS)])
def test_fresh_requests_get_the_right_tool(text: str, expected: str) -> None:
    converted = to_placeholders(text)
    intent = predict(converted)
    assert intent.tool == expected, (converted, sorted(intent.tools.items(), key=lambda kv: -kv[1])[:3])


def test_properties_and_ddi_task() -> None:
    def props(text: str) -> list[str]:
        return predict(to_placeholders(text)).chosen_properties()

    assert props(f"Is {NICOTINE} going to get into the brain?") == ["p_np"]
    assert props("how greasy are these two? CCCCCCCCCC(=O)O and OCCO") == ["lipo"]
    assert props("Hydration free energy of chlorobenzene Clc1ccccc1?") == ["freesolv"]
    assert props("Could you estimate water solubility for c1ccc2ccccc2c1") == ["logSolubility"]
    assert props(f"does {IBUPROFEN} look like a BACE1 inhibitor to you") == ["Class"]
    assert set(props("BBB and logD for CCN(CC)CCOC(=O)c1ccc(N)cc1 please")) == {"p_np", "lipo"}
    assert props(f"ESOL for {IBUPROFEN} and {PARACETAMOL}") == ["logSolubility"]
    assert props(f"BBBP prediction: {NICOTINE}") == ["p_np"]
    assert props("could you do the lipophilicity for me?") == ["lipo"]
    twosides = predict(to_placeholders(f"what does the TWOSIDES model say for {WARFARIN} with {ASPIRIN}?"))
    assert twosides.ddi_task["twosides"] > 0.5
    side_effects = predict(to_placeholders(f"what adverse effects might show up with both {ASPIRIN} and {NICOTINE}"))
    assert side_effects.ddi_task["twosides"] > 0.5
    plain = predict(to_placeholders(f"Can warfarin {WARFARIN} be given with aspirin {ASPIRIN}?"))
    assert plain.ddi_task["drugbank"] > 0.5


def test_to_placeholders() -> None:
    text = f"pKd of {ASPIRIN} in (user_smiles) vs\n>sp|P00519|ABL1_HUMAN\n{KINASE}\nand in A549 at -2.5, see hits.csv"
    assert to_placeholders(text) == "pKd of <mol> in <key> vs\n<seq>\nand in <cell> at <num>, see <file>"
    assert to_placeholders(f"BBB for {ASPIRIN} {PARACETAMOL} {NICOTINE}") == "BBB for <mols>"
    assert to_placeholders("mask [1,0,1,1]") == "mask <mask>"
    assert to_placeholders("is aspirin safe with warfarin?", [Span(3, 10, "drug"), Span(21, 29, "drug")]) == \
        "is <drug> safe with <drug>?"


def test_card_reports_held_out_family_accuracy_above_a_floor() -> None:
    info = card()
    evaluation = info["evaluation"]
    assert info["corpus"]["size"] > 10_000 and len(info["corpus"]["families"]) == len(FAMILIES)
    assert evaluation["held_out_families"]["tool_accuracy"] >= 0.9
    assert evaluation["held_out_families"]["none_vs_call_accuracy"] >= 0.93
    assert evaluation["held_out_families"]["property_set_accuracy"] >= 0.85
    assert "python -m agent.intent.train" in info["training_command"]


def test_training_is_reproducible_on_a_small_corpus() -> None:
    examples = generate(seed=7, per_cell=3, families=("imperative", "question", "fragment"))
    assert examples == generate(seed=7, per_cell=3, families=("imperative", "question", "fragment"))
    a, b = fit(examples), fit(examples)
    assert np.array_equal(a.rows, b.rows)
    assert np.array_equal(a.weights, b.weights) and np.array_equal(a.bias, b.bias)
    assert a.predict("predict the logd of <mol>") == b.predict("predict the logd of <mol>")


def test_a_sequence_ending_a_question_is_read_as_a_sequence() -> None:
    from agent.backends.reading import placeholder_text

    seq = ("MKKFFDSRREQGGSGLGSGSSGGGGSTSGLGSGYIGRVFGIGRQQVTVDEVLAEGGFAVVFLVRTSNGMKCALKRMFVNNEHDLQVCKREIQIMRDLSGHK"
           "NIVGYIDSSIN")
    assert placeholder_text(f"pKd of CCO for {seq}?") == "pKd of <mol> for <seq>?"


def test_words_that_ask_for_nothing_are_left_out_of_the_reading() -> None:
    """A dose and "line" idioms are no values and no cell lines: "line it up against the shake-flask numbers",
    "second-line", "apixaban 5 mg bid"."""
    assert to_placeholders("want to line it up against the shake-flask numbers") == \
        "want to  against the shake-flask numbers"
    assert "line" not in to_placeholders("as second-line therapy")
    assert to_placeholders("apixaban 5 mg bid and warfarin") == "apixaban  and warfarin"
