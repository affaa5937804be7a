"""Requests of the thirty-eighth round."""

from __future__ import annotations

from planning_support import decided, drug, plan_with, ran

PROPERTY = "drug_property_prediction"
PAIRS = "drug_drug_response_predict"
RETRO = "Retrosynthetic_reaction_pathway_prediction"


def test_clinical_questions_about_a_case_run_nothing() -> None:
    """A dose that is safe, a dose reduction asked with "do I need to", a patient's genotype, a causal question about a
    case and a process of the body ("cortisol synthesis") ran the thread's tool or a retrosynthesis."""
    pair = [drug("midostaurin"), drug("posaconazole")]
    pairs = {"user_smiles_pairs": [pair], "drug_drug_response_predict_result": []}
    earlier = ran(PAIRS, "midostaurin with posaconazole", {"smiles_pairs": [pair]})
    for text in ("Do I need to dose-reduce midostaurin with posaconazole prophylaxis?",
                 "Is this interaction stronger in CYP2C9*3 carriers?",
                 "Would poor metabolizers see more of it?"):
        assert decided(text, pairs, [earlier]) is None, text
    props = {"user_smiles": [drug("digoxin")], "user_property": "CT_TOX",
             "drug_property_prediction_result": [{"row": 1, "smiles": drug("digoxin"), "prediction": 0.4}]}
    tox = ran(PROPERTY, "ClinTox toxicity of digoxin", {"drug_smiles": props["user_smiles"], "property": "CT_TOX"})
    for text in ("Is her digoxin toxicity more likely because her potassium is 3.1 mmol/L?",
                 "What ivermectin dose is safe in an MDR1-mutant collie?",
                 "Why is isoniazid more hepatotoxic in slow acetylators?",
                 "What are their IC50s on 3β-HSD, i.e. on cortisol synthesis?"):
        assert decided(text, props, [tox]) is None, text
    # a genotype beside an ask to run still runs it
    assert decided("Check warfarin with fluconazole; she is a CYP2C9*3 carrier.") == PAIRS


def test_several_precursors_picked_by_their_groups() -> None:
    """"the acid chloride and the aniline from the first route" asked nothing, and "the aniline in route 1 … and same
    for the morpholine chloride in route 2" ran the aniline alone."""
    product = "C1=CC=C(C=C1)NC(=O)CCCCCCC(=O)NO"
    routes = [{"product": product, "routes": [
        {"route": 1, "precursors": ["O=C(Cl)CCCCCCC(=O)NO", "Nc1ccccc1"], "score": 0.9},
        {"route": 2, "precursors": ["ClCCCN1CCOCC1", "COc1cc2ncnc(Nc3ccc(F)c(Cl)c3)c2cc1O"], "score": 0.7}]}]
    pool = {"user_smiles": [product], "Retrosynthetic_reaction_pathway_prediction_result": routes}
    earlier = ran(RETRO, "One-step retro for vorinostat.", {"smiles_list": [product]})
    [call] = plan_with("Then logS for the acid chloride and the aniline from the first route.", pool, [earlier])
    assert call.arguments == {"drug_smiles": ["O=C(Cl)CCCCCCC(=O)NO", "Nc1ccccc1"], "property": "logSolubility"}
    [call] = plan_with("the aniline in route 1 — what's its logD? And same for the morpholine chloride in route 2.",
                       pool, [earlier])
    assert call.arguments == {"drug_smiles": ["Nc1ccccc1", "ClCCCN1CCOCC1"], "property": "lipo"}
    # two properties listed are no groups picked
    [first, second] = plan_with("the solubility and the lipophilicity of aspirin please", {})
    assert {first.arguments["property"], second.arguments["property"]} == {"logSolubility", "lipo"}


def test_a_mutant_named_without_its_mutation_is_asked_about() -> None:
    """"pKd of erlotinib on mutant EGFR" ran the wild type in its place; a mutation said, or a mutant line as a
    disease's description, is read as before."""
    from model_zoo.names.targets import find_target_names
    from model_zoo.names.types import Resolved, Unresolved

    for text in ("pKd of erlotinib on mutant EGFR.", "pKd of erlotinib on the EGFR mutant.",
                 "does it bind the ABL1 mutant?"):
        [found] = find_target_names(text)
        assert isinstance(found, Unresolved) and "mutant" in found.note and found.closest, text
    assert decided("pKd of erlotinib on mutant EGFR.") is None
    for text in ("erlotinib on EGFR T790M", "generate for A375 (the BRAF mutant melanoma)"):
        assert all(isinstance(r, Resolved) for r in find_target_names(text)), text


def test_no_tool_answers_an_mic_a_deprescription_or_an_apparent_permeability() -> None:
    """An MIC ran a retrosynthesis, "should I deprescribe the amitriptyline?" and a critical concentration ran the
    thread's property, Papp in Calu-3 ran a response in that line."""
    props = {"user_smiles": [drug("amitriptyline")], "user_property": "p_np",
             "drug_property_prediction_result": [{"row": 1, "smiles": drug("amitriptyline"), "prediction": 0.9}]}
    bbb = ran(PROPERTY, "BBB for amitriptyline", {"drug_smiles": props["user_smiles"], "property": "p_np"})
    for text in ("Given that, should I deprescribe the amitriptyline?",
                 "What MIC would meropenem have against a KPC-producing K. pneumoniae, roughly?",
                 "What's the critical concentration for pyrazinamide at pH 5.5 in MGIT?",
                 "Predicted Calu-3 apparent permeability (Papp) for tiotropium?"):
        assert decided(text, props, [bbb]) is None, text


def test_typographic_quotes_around_a_structure_in_list_brackets() -> None:
    from agent.entities import extract

    assert extract("retro: [“O=C1OC(COc2cnsn2)CN1c1ccccc1”]").smiles == ["O=C1OC(COc2cnsn2)CN1c1ccccc1"]


def test_the_inhaled_ester_fluticasone_propionate_has_its_structure() -> None:
    """It was "an ester of fluticasone not in the tables", although the DrugBank table has it (DB00588)."""
    [call] = plan_with("Fluticasone propionate, predicted aqueous solubility (logS)?", {})
    assert call.arguments["drug_smiles"] == [drug("fluticasone propionate")]
    assert "SCF" in call.arguments["drug_smiles"][0]


def test_malagasy_barrier_words_and_a_burmese_name_glossed_in_latin_letters() -> None:
    """Malagasy "sakana ra-atidoha" (blood-brain barrier) read two drugs as a pair, "araka" (according to) as
    cytarabine (Ara-C), "nanana" (had) as an unknown drug; a Burmese name by ear glossed "(tafenoquine)" was read in
    part as another drug's brand (norquen, mestranol)."""
    vinca = [drug("vincristine"), drug("vinorelbine")]
    [call] = plan_with("Ireto alcaloïdes roa: vincristine sy vinorelbine. Iza amin'izy ireo no mety hiampita ny "
                       "sakana ra-atidoha?", {})
    assert call.name == PROPERTY and call.arguments == {"drug_smiles": vinca, "property": "p_np"}
    [call] = plan_with("Ny vinorelbine ao amin'ny lignée K-562: ohatrinona ny ln(IC50) andrasana araka ny modely?", {})
    assert call.arguments == {"drug_smiles": [drug("vinorelbine")], "cell_name": "K-562"}
    [call] = plan_with("Mety hiampita ny sakana ra-atidoha (BBB) ve ny méfloquine? Misy marary nanana "
                       "fikorontanana taorian'ny fitsaboana.", {})
    assert call.arguments == {"drug_smiles": [drug("mefloquine")], "property": "p_np"}
    assert decided("P. vivax ပြန်ဖြစ်တာ ကာကွယ်ဖို့ တာဖီနိုကွင်း (tafenoquine) ရဲ့ BBB ဖြတ်နိုင်မှုကို ကြည့်ပေးပါ။") is None


def test_pairs_written_between_with_doses_and_each_against_in_a_continuation() -> None:
    """"interaction between piperacillin and vancomycin? And tazobactam with vancomycin" ran the second pair only
    ("on the same line", an IV line, ran a cell-line response too); a dose before "with" lost the pair it joins;
    "Same for levofloxacin and moxifloxacin, each against warfarin" after a pair ran paired the two quinolones."""
    def named(calls, *names):
        by = {drug(n): n for n in names}
        return [(c.name, [[by.get(m) for m in pair] for pair in c.arguments.get("smiles_pairs", [])]) for c in calls]

    calls = plan_with("Pip-tazo plus vanc on the same line again (ICU bed 4). Any predicted interaction between "
                      "piperacillin and vancomycin? And tazobactam with vancomycin as a second pair.", {})
    assert named(calls, "piperacillin", "vancomycin", "tazobactam") == [
        (PAIRS, [["piperacillin", "vancomycin"], ["tazobactam", "vancomycin"]])]
    calls = plan_with("Citalopram 20 mg with donepezil 10 mg — the QT people are nervous. Interaction check please, "
                      "and also citalopram with tramadol.", {})
    assert named(calls, "citalopram", "donepezil", "tramadol") == [
        (PAIRS, [["citalopram", "donepezil"], ["citalopram", "tramadol"]])]
    cipro, warfarin = drug("ciprofloxacin"), drug("warfarin")
    earlier = ran(PAIRS, "ciprofloxacin with warfarin, predicted interaction?", {"smiles_pairs": [[cipro, warfarin]]})
    pool = {"user_smiles_pairs": [[cipro, warfarin]], "drug_drug_response_predict_result": []}
    calls = plan_with("Same for levofloxacin and moxifloxacin, each against warfarin.", pool, [earlier])
    assert named(calls, "levofloxacin", "moxifloxacin", "warfarin") == [
        (PAIRS, [["warfarin", "levofloxacin"], ["warfarin", "moxifloxacin"]])]


def test_a_sentence_telling_what_a_line_is_asks_for_nothing() -> None:
    """"Calu-3 is our airway infection model. Generate molecules for Calu-3 …" asked for a response in Calu-3
    first (with no molecule, so the whole message was asked about)."""
    [call] = plan_with("Calu-3 is our airway infection model. Generate molecules for Calu-3 at ln(IC50) -1.", {})
    assert call.name == "drug_cell_response_regression_generation"
    assert call.arguments == {"cell_line": "Calu-3", "zscore": -1.0}



def test_khmer_just_generated_and_malagasy_do_it_then_are_read() -> None:
    """Khmer "all the molecules just generated" was left unread (the generator ran again); Malagasy "Then do it in
    K-562" after a question was asked about again."""
    from agent.vocabulary import in_english

    assert "all the generated molecules" in in_english("ម៉ូលេគុលទាំងអស់ដែលទើបបង្កើតនោះ — solubility (logS) យ៉ាងម៉េចដែរ?")
    assert "then do it" in in_english("Ah marina ny anao. Dia ataovy ao amin'ny K-562 ary.").lower()


def test_a_numbered_item_after_all_rows_is_no_row_number() -> None:
    """"1. logS, all rows\\n2. hERG inhibition, all rows" read "rows\\n2" as row 2 once the second item named no
    protein: the logS ran on one row of three."""
    from agent.planning.rows import row_numbers

    assert row_numbers("For the three below:\n1. logS, all rows\n2. hERG inhibition, all rows\n") == []
    assert row_numbers("rows 2 and 3 please") == [2, 3]
