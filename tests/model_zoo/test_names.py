"""Offline entity resolver (model_zoo.names): drug names -> SMILES, targets -> sequences, cell-line spellings."""

from __future__ import annotations

import csv
import gzip
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from rdkit import Chem

from model_zoo.names import (
    Resolved,
    Unresolved,
    coverage,
    find_cell_line_names,
    find_drug_names,
    find_target_names,
    find_unknown_cell_lines,
    opsin,
    resolve_cell_line_name,
    resolve_drug,
    resolve_target,
)
from model_zoo.names import drugs as drug_module
from model_zoo.names.text import name_key

REPO = Path(__file__).resolve().parents[2]
NAMES_DIR = REPO / "model_zoo" / "data" / "names"
DATA_DIR = Path(os.environ.get("DRUGPILOT_DATA_DIR", Path(__file__).resolve().parents[3] / "shared" / "data"))
needs_data = pytest.mark.skipif(not (DATA_DIR / "davis").is_dir(), reason="shared data folder not available")
needs_opsin = pytest.mark.skipif(not opsin.available(), reason=f"OPSIN unavailable: {opsin.why_unavailable()}")


def canonical(smiles: str) -> str:
    mol = Chem.MolFromSmiles(smiles)
    assert mol is not None, smiles
    return Chem.MolToSmiles(mol)


def same_molecule(a: str, b: str) -> bool:
    return Chem.MolToInchiKey(Chem.MolFromSmiles(a)) == Chem.MolToInchiKey(Chem.MolFromSmiles(b))


# The DrugBank-table structures (ddi/drugbank/drugbank_drug_smiles.csv) of well-known drugs.
KNOWN = {
    "aspirin": ("DB00945", "CC(=O)OC1=CC=CC=C1C(O)=O"),
    "ibuprofen": ("DB01050", "CC(C)CC1=CC=C(C=C1)C(C)C(O)=O"),
    "caffeine": ("DB00201", "CN1C=NC2=C1C(=O)N(C)C(=O)N2C"),
    "metformin": ("DB00331", "CN(C)C(=N)NC(N)=N"),
    "warfarin": ("DB00682", "CC(=O)CC(C1=CC=CC=C1)C1=C(O)C2=C(OC1=O)C=CC=C2"),
    "cisplatin": ("DB00515", "N.N.Cl[Pt]Cl"),  # GDSC's form of the complex (the drug-response data's)
    "imatinib": ("DB00619", "CN1CCN(CC2=CC=C(C=C2)C(=O)NC2=CC(NC3=NC=CC(=N3)C3=CN=CC=C3)=C(C)C=C2)CC1"),
    "erlotinib": ("DB00530", "COCCOC1=C(OCCOC)C=C2C(NC3=CC=CC(=C3)C#C)=NC=NC2=C1"),
    "gefitinib": ("DB00317", "COC1=C(OCCCN2CCOCC2)C=C2C(NC3=CC(Cl)=C(F)C=C3)=NC=NC2=C1"),
    "omeprazole": ("DB00338", "COC1=CC2=C(C=C1)N=C(N2)S(=O)CC1=NC=C(C)C(OC)=C1C"),
}


# --- drugs: bare names ----------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(KNOWN))
def test_known_drugs_resolve_to_the_drugbank_structure(name: str) -> None:
    dbid, smiles = KNOWN[name]
    for written in (name, name.upper(), name.capitalize()):
        r = resolve_drug(written)
        assert isinstance(r, Resolved), r
        assert (r.kind, r.name, r.written, r.fuzzy, r.start, r.end) == ("drug", name, written, False, -1, -1)
        assert r.source in (f"DrugBank {dbid}", f"DrugBank {dbid}, structure as in GDSC")
        assert canonical(r.value) == canonical(smiles)


def test_clopidogrel_keeps_its_stereocentre() -> None:
    r = resolve_drug("clopidogrel")
    assert isinstance(r, Resolved) and r.source == "DrugBank DB00758"
    assert "@" in r.value and Chem.MolFromSmiles(r.value).GetNumHeavyAtoms() == 21


@pytest.mark.parametrize("brand, inn", [("Gleevec", "imatinib"), ("Glivec", "imatinib"), ("STI-571", "imatinib"),
                                        ("Tarceva", "erlotinib"), ("Iressa", "gefitinib"), ("Tylenol",
                                        "acetaminophen"), ("paracetamol", "acetaminophen"),
                                        ("acetylsalicylic acid", "aspirin"), ("Taxol", "paclitaxel"),
                                        ("5-FU", "fluorouracil")])
def test_brands_synonyms_and_codes_map_to_the_drug(brand: str, inn: str) -> None:
    r = resolve_drug(brand)
    assert isinstance(r, Resolved) and r.name == inn and not r.fuzzy, r
    assert r.value == resolve_drug(inn).value


def test_gdsc_code_names_resolve_with_their_gdsc_id() -> None:
    for written in ("AZD7762", "BI-2536", "BI 2536", "bi2536"):
        r = resolve_drug(written)
        assert isinstance(r, Resolved), (written, r)
        assert r.source.startswith("GDSC drug "), r.source
    assert resolve_drug("BI 2536").value == resolve_drug("BI-2536").value


def test_typos_are_corrected_and_flagged() -> None:
    for typo, name in [("ibuprofin", "ibuprofen"), ("warfrin", "warfarin"), ("gefitnib", "gefitinib"),
                       ("metfromin", "metformin"), ("clopidogrell", "clopidogrel")]:
        r = resolve_drug(typo)
        assert isinstance(r, Resolved) and r.fuzzy and r.name == name, (typo, r)
        assert r.value == resolve_drug(name).value
    assert "spelling corrected" in resolve_drug("ibuprofin").line()


def test_english_words_are_never_corrected() -> None:
    for word in ("protein", "predict", "allegro", "aspiring", "solubility", "analysis", "molecule", "compound",
                 "attention", "library", "peptide", "April"):
        r = resolve_drug(word)
        assert not (isinstance(r, Resolved) and r.fuzzy), (word, r)
        assert find_drug_names(f"the {word} of it") == [], word
    assert resolve_drug("aspirn").name == "aspirin"  # 6 letters, one edit, not a word: corrected
    assert isinstance(resolve_drug("aspin"), Unresolved)  # under 6 letters: never corrected


def test_unknown_inn_shaped_name_is_unresolved_with_similar_names() -> None:
    r = resolve_drug("zorbatinib")
    assert isinstance(r, Unresolved) and r.kind == "drug"
    assert r.closest and all(name.lower().endswith("tinib") for name in r.closest[:3]), r.closest
    assert len(r.closest) <= 5


def test_known_drug_without_structure_says_so() -> None:
    r = resolve_drug("trastuzumab")
    assert isinstance(r, Unresolved)
    assert "DrugBank DB00072" in r.note and "no structure" in r.note


def test_bare_lookup_still_finds_words_never_read_from_text() -> None:
    r = resolve_drug("ethanol")
    assert isinstance(r, Resolved) and canonical(r.value) == "CCO"
    assert find_drug_names("dissolve it in ethanol and water") == []


@needs_opsin
def test_systematic_names_go_through_opsin() -> None:
    r = resolve_drug("1,4-dihydroxybenzene")
    assert isinstance(r, Resolved) and r.source.startswith("OPSIN")
    assert same_molecule(r.value, "Oc1ccc(O)cc1")
    r = resolve_drug("4-hydroxyphenol")  # a DrugBank synonym of hydroquinone, which has no shipped structure
    assert isinstance(r, Resolved) and same_molecule(r.value, "Oc1ccc(O)cc1") and "OPSIN" in r.source
    # a systematic synonym that DrugBank knows comes from DrugBank
    r = resolve_drug("2-acetoxybenzoic acid")
    assert isinstance(r, Resolved) and r.source == "DrugBank DB00945"


def test_systematic_name_without_opsin_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(opsin, "available", lambda: False)
    monkeypatch.setattr(opsin, "why_unavailable", lambda: "OPSIN needs Java, which was not found on this machine")
    opsin.to_smiles.cache_clear()
    r = resolve_drug("2,2,3-trifluoropropan-1-ol")
    assert isinstance(r, Unresolved) and "Java" in r.note
    opsin.to_smiles.cache_clear()


# --- drugs: free text -----------------------------------------------------------------------------

# Requests in the lab's words without any drug name: none may yield a drug mention.
NO_DRUG_REQUESTS = [
    "predict the solubility of these",
    "does it bind the kinase?",
    "design something for A549",
    "What is the aqueous solubility of the uploaded compounds?",
    "BBB permeability of the uploaded compounds please",
    "how lipophilic are these molecules",
    "Predict lipophilicity for CCO and c1ccccc1O",
    "Which kinases would this compound bind?",
    "Estimate the binding affinity of these molecules to EGFR",
    "Is there a drug-drug interaction between the two compounds I sent?",
    "Generate new molecules for MCF7 with a z-score of -2",
    "Optimize this molecule for the A549 cell line, keep the core",
    "Predict the hydration free energy of the molecules in the pool",
    "What's the BACE1 inhibition probability for user_smiles?",
    "Run retrosynthesis on the generated ones",
    "Show me the toxicity of these compounds in Tox21 assays",
    "Can you predict IC50 values in HepG2 cells for my list?",
    "Compute the interaction probability with the target sequence I uploaded",
    "please predict solubility in water and in DMSO for the attached csv",
    "Which of these would cross the blood brain barrier?",
    "What is the predicted pKd of the molecules against the protein target?",
    "Give me the CNS penetration and BBB score",
    "Are any of these likely to be FDA approved or clinically toxic?",
    "design a scaffold hop from the starting SMILES with a mask over the ring",
    "rank the compounds by predicted affinity and plot it",
    "Please list the pool and show user_smiles",
    "What is the IC50 of this compound in cell line 906855?",
    "Check whether the compounds have sodium or potassium salts and predict their logS",
    "Is lithium or platinum in the molecule? what about the iron content",
    "Make analogues with better permeability and lower toxicity",
    "Predict affinity for the target with the sequence MKKFFDSRREQGGSGLGSGSSGGGGSTSGL",
    "estimate the octanol/water partition coefficient of each structure",
    "Design a peptide inhibitor against the protease",
    "predict binding to hERG and to the dopamine receptor",
    "How does the activity compare in April versus March screens?",
    "Predict solubility of glucose-conjugated analogs of the hit",
    "Predict the z-score for the compounds in the Jurkat and HeLa cells",
    "The assay measured inhibition of proliferation after 72 hours at 10 uM",
    "predict lipophilicity of CC(=O)OC1=CC=CC=C1C(O)=O in water",
    "interaction of CN1C=NC2=C1C(=O)N(C)C(=O)N2C with the EGFR L858R mutant in NCI-H1975",
    "which molecule is the most lipophilic and which is the most polar",
    "Our lead series has poor metabolic stability, suggest modifications",
]


@pytest.mark.parametrize("text", NO_DRUG_REQUESTS)
def test_ordinary_requests_have_no_drug_mentions(text: str) -> None:
    assert find_drug_names(text) == []


def test_drug_mentions_in_text_with_spans() -> None:
    text = "Predict the BBB permeability of Gleevec, warfarin and acetylsalicylic acid; also ibuprofin."
    found = find_drug_names(text)
    assert [(r.written, r.name, r.fuzzy) for r in found] == [
        ("Gleevec", "imatinib", False), ("warfarin", "warfarin", False),
        ("acetylsalicylic acid", "aspirin", False), ("ibuprofin", "ibuprofen", True)]
    assert all(isinstance(r, Resolved) and text[r.start:r.end] == r.written for r in found)


def test_drug_mentions_codes_brands_and_unknown_inn() -> None:
    text = "compare Tarceva, BI 2536 and SAHA with zorbatinib (not saha) in A549"
    found = find_drug_names(text)
    assert [r.written for r in found] == ["Tarceva", "BI 2536", "SAHA", "zorbatinib"]
    assert isinstance(found[-1], Unresolved) and found[-1].closest
    assert all(text[r.start:r.end] == r.written for r in found)


def test_no_drug_from_gene_symbols_cell_lines_smiles_or_elements() -> None:
    for text in ("EGFR ABL1 HER2 KIT MET ALK", "A549 MCF7 HeLa K562 NCI-H1975",
                 "CC(=O)OC1=CC=CC=C1C(O)=O c1ccccc1 CCO", "sodium potassium lithium iron gold platinum oxygen"):
        assert find_drug_names(text) == [], text


def test_receptor_and_pathway_words_after_a_name_are_not_drugs() -> None:
    assert find_drug_names("histamine receptor and serotonin signalling, tamoxifen levels, dopamine D2") == []
    assert [r.name for r in find_drug_names("tamoxifen binding to ESR1")] == ["tamoxifen"]


# --- targets --------------------------------------------------------------------------------------

def _davis_sequences() -> dict[str, str]:
    with gzip.open(NAMES_DIR / "targets.csv.gz", "rt", encoding="utf-8") as fh:
        return {r["target_id"]: r["sequence"] for r in csv.DictReader(fh) if r["dataset"] == "DAVIS"}


@needs_data
def test_shipped_davis_sequences_equal_the_dataset() -> None:
    with (DATA_DIR / "davis" / "proteins.csv").open(encoding="utf-8") as fh:
        source = {r["target_id"]: r["sequence"] for r in csv.DictReader(fh)}
    assert _davis_sequences() == source


def test_bare_symbol_is_the_wild_type_davis_entry() -> None:
    davis = _davis_sequences()
    r = resolve_target("ABL1")
    assert isinstance(r, Resolved) and r.name == "ABL1" and r.value == davis["ABL1"]
    assert r.source.startswith("DAVIS ABL1 (wild-type entry, 1 of 15 ABL1 entries")
    assert resolve_target("abl1").value == davis["ABL1"]


def test_point_mutant_is_the_davis_construct_with_the_mutation_applied() -> None:
    davis = _davis_sequences()
    wt = davis["EGFR"]
    for written in ("EGFR L858R", "EGFR(L858R)", "EGFR-L858R", "EGFR p.L858R"):
        r = resolve_target(written)
        assert isinstance(r, Resolved) and r.name == "EGFR(L858R)", (written, r)
        assert len(r.value) == len(wt) and r.value[857] == "R" and wt[857] == "L"
        assert sum(a != b for a, b in zip(r.value, wt, strict=True)) == 1
        assert "L858R applied" in r.source
    double = resolve_target("EGFR L858R/T790M")
    assert double.name == "EGFR(L858RT790M)" and double.value[789] == "M" and double.value[857] == "R"


def test_abl1_numbering_offset_and_deletions() -> None:
    davis = _davis_sequences()
    r = resolve_target("ABL1 T315I")
    assert r.name == "ABL1(T315I)"
    diff = [i for i, (a, b) in enumerate(zip(r.value, davis["ABL1"], strict=True)) if a != b]
    assert len(diff) == 1 and davis["ABL1"][diff[0]] == "T" and r.value[diff[0]] == "I"
    deletion = resolve_target("EGFR(E746A750del)")
    assert len(deletion.value) == len(davis["EGFR"]) - 5
    itd = resolve_target("FLT3-ITD")
    assert itd.name == "FLT3(ITD)" and itd.value == davis["FLT3(ITD)"] and "without ITD" in itd.source


@pytest.mark.parametrize("alias, target_id", [
    ("HER2", "ERBB2"), ("BCR-ABL", "ABL1"), ("c-Met", "MET"), ("KDR", "VEGFR2"), ("VEGFR2", "VEGFR2"),
    ("Aurora A", "AURKA"), ("c-Kit", "KIT"), ("FLT3", "FLT3"), ("JAK2", "JAK2(JH1domain-catalytic)"),
    ("BRAF V600E", "BRAF(V600E)"), ("p38a", "p38-alpha"), ("p38α", "p38-alpha"), ("MAPK14", "p38-alpha"),
    ("CDK2", "CDK2"), ("ALK", "ALK"), ("ROS1", "ROS1"), ("RET", "RET"), ("mTOR", "MTOR"), ("P00533", "P00533"),
])
def test_aliases(alias: str, target_id: str) -> None:
    r = resolve_target(alias)
    assert isinstance(r, Resolved) and r.name == target_id, r
    assert r.source.split()[0] in ("DAVIS", "KIBA")


def test_unknown_mutation_and_unknown_target() -> None:
    r = resolve_target("EGFR C797S")
    assert isinstance(r, Unresolved) and "EGFR(T790M)" in r.closest and "C797S" in r.note
    r = resolve_target("FOOB1")
    assert isinstance(r, Unresolved) and r.closest


def test_targets_in_text() -> None:
    text = "How well does imatinib bind ABL1 and ABL1 T315I, and erlotinib EGFR L858R/T790M or HER2?"
    found = find_target_names(text)
    assert [(r.written, r.name) for r in found] == [
        ("ABL1", "ABL1"), ("ABL1 T315I", "ABL1(T315I)"), ("EGFR L858R/T790M", "EGFR(L858RT790M)"),
        ("HER2", "ERBB2")]
    assert all(text[r.start:r.end] == r.written for r in found)


def test_english_word_symbols_need_context() -> None:
    assert find_target_names("we met at the kit shop, yes") == []
    assert [r.name for r in find_target_names("inhibitors of the MET kinase and KIT D816V")] == [
        "MET", "KIT(D816V)"]


@pytest.mark.parametrize("text", ["foretinib pKd MET", "Kd KIT for these", "binding prob MET?", "affinity MET pls",
                                  "interaction probabilty nilotinib x KIT", "KIT pKd for sunitinib, sorafenib",
                                  "Is crizotinib a MET binder (prob)?"])
def test_an_affinity_word_before_a_symbol_is_a_target_context(text: str) -> None:
    assert len(find_target_names(text)) == 1


@pytest.mark.parametrize(("name", "source"), [("levetiracetam", "DrugBank DB01202"), ("verapamil", "DrugBank DB00661")])
def test_a_vocabulary_id_without_a_structure_finds_the_tables_entry_of_that_structure(name: str, source: str) -> None:
    """The name vocabulary points these at neighbouring DrugBank entries (etiracetam, an enantiomer) that have no
    structure in the shipped table; the table's entry of the same structure is used."""
    resolved = resolve_drug(name)
    assert isinstance(resolved, Resolved) and resolved.source == source


@pytest.mark.parametrize(("text", "name"), [
    ("Kd estimate for crizotinib against anaplastic lymphoma kinase", "ALK"),
    ("Ibrutinib on Bruton's tyrosine kinase, Kd in nM please", "BTK"),
    ("binding to vascular endothelial growth factor receptor 2", "VEGFR2"),  # six words
    ("does it hit platelet-derived growth factor receptor beta", "PDGFRB"),
    ("and on PDGFR alpha", "PDGFRA"), ("inhibits Janus kinase 2?", "JAK2(JH1domain-catalytic)"),
    ("probability that bosutinib engages Lck", "LCK"),  # a symbol in title case, next to a target word
])
def test_protein_names_and_title_case_symbols(text: str, name: str) -> None:
    assert [r.name for r in find_target_names(text)] == [name]


def test_a_symbol_with_two_letters_swapped_is_read_and_said_so() -> None:
    [found] = find_target_names("affinity of Erlotinib to EFGR please")
    assert isinstance(found, Resolved) and found.name == "EGFR" and found.fuzzy and "EFGR read as EGFR" in found.source
    assert not [r for r in find_target_names("fulvestrant pKd on ESR1") if isinstance(r, Resolved)]  # ESR1 ≠ OSR1


@pytest.mark.parametrize("text", ["Lck and Src are here", "Met with Bob about it",
                                  "in the HER2+ breast line HCC1954", "EGFR-positive tumours"])  # a status
def test_title_case_symbols_need_a_target_word(text: str) -> None:
    assert find_target_names(text) == []


def test_a_message_in_a_target_context_reads_word_symbols_bare() -> None:
    assert find_target_names("now KIT pls, same drug") == []
    assert [r.name for r in find_target_names("now KIT pls, same drug", in_context=True)] == ["KIT"]
    assert find_target_names("we met at the kit shop", in_context=True) == []  # written as words, not symbols


def test_unknown_gene_like_names_in_target_context() -> None:
    found = find_target_names("Does it bind XYZ1, or inhibit FOOB kinase?")
    assert [(type(r).__name__, r.written) for r in found] == [("Unresolved", "XYZ1"), ("Unresolved", "FOOB")]


@pytest.mark.parametrize("text", [
    "what is the IC50 against A549", "BBB and CNS penetration of the SMILES", "binding IC50 of the SMILES",
    "bind to DMSO", "inhibition of A549 and MCF7 cells", "in HepG2 cells", "target ADMET properties",
])
def test_non_targets_are_not_targets(text: str) -> None:
    assert find_target_names(text) == []


# --- cell lines -----------------------------------------------------------------------------------

@pytest.mark.parametrize("written, name", [("MCF-7", "MCF7"), ("MCF7", "MCF7"), ("mcf 7", "MCF7"),
                                           ("A-549", "A549"), ("a549", "A549"), ("U87", "U-87-MG"),
                                           ("H1975", "NCI-H1975"), ("LNCaP", "LNCaP-Clone-FGC"),
                                           ("Hep3B", "Hep3B2-1-7"), ("786-O", "786-0"), ("905949", "A549")])
def test_cell_line_spellings(written: str, name: str) -> None:
    r = resolve_cell_line_name(written)
    assert isinstance(r, Resolved) and r.kind == "cell_line" and r.name == name == r.value, r
    assert r.source.startswith(f"GDSC {name}, COSMIC ")


def test_hepg2_is_unresolved_with_options() -> None:
    for written in ("HepG2", "Hep G2", "hepg2"):
        r = resolve_cell_line_name(written)
        assert isinstance(r, Unresolved) and r.kind == "cell_line"
        assert {"Hep3B2-1-7", "HuH-7"} <= set(r.closest) and "not in GDSC" in r.note
        for option in r.closest:
            assert isinstance(resolve_cell_line_name(option), Resolved)
    other = resolve_cell_line_name("NOT-A-LINE-9")
    assert isinstance(other, Unresolved) and other.note


def test_unknown_cell_lines_in_text() -> None:
    text = "test it in HepG2, in Hep G2 cells, HEK293 cells and A549 cells, and in XYZ-12 cells"
    found = find_unknown_cell_lines(text)
    assert [r.written for r in found] == ["HepG2", "Hep G2", "HEK293", "XYZ-12"]
    assert all(text[r.start:r.end] == r.written for r in found)
    assert find_unknown_cell_lines("predict IC50 in 3D culture at 10 uM for EGFR and imatinib in 2 cells") == []


def test_a_message_in_a_cell_line_context_reads_known_spellings_bare() -> None:
    assert find_cell_line_names("sorry I meant H1975") == []
    assert [r.name for r in find_cell_line_names("sorry I meant H1975", in_context=True)] == ["NCI-H1975"]
    assert find_cell_line_names("rerun with XYZ12", in_context=True) == []  # an unknown shape still needs context
    assert [r.name for r in find_cell_line_names("and RKO, right? yes. RKO", in_context=True)] == ["RKO", "RKO"]


def test_cell_line_mentions_in_text() -> None:
    found = find_cell_line_names("MCF-7 and A-549, mcf 7 cells and U87 cells")
    assert [(r.written, r.name) for r in found] == [("MCF-7", "MCF7"), ("A-549", "A549"), ("mcf 7", "MCF7"),
                                                  ("U87", "U-87-MG")]


# --- tables, coverage, cost -----------------------------------------------------------------------

def test_tables_are_small_documented_and_consistent() -> None:
    for path in NAMES_DIR.iterdir():
        assert path.stat().st_size < 10 * 2**20, path
    readme = (NAMES_DIR / "README.md").read_text(encoding="utf-8")
    for needle in ("CC BY-NC 4.0", "python -m model_zoo.train.build_names", "drug-named-entity-recognition",
                   "GDSC", "DAVIS", "OPSIN"):
        assert needle in readme
    assert not re.search(r"(?:^|[\s(`])/[a-z]+/", readme)  # no absolute paths of a build machine
    with gzip.open(NAMES_DIR / "drug_names.csv.gz", "rt", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    drugs = drug_module.tables().drugs
    assert all(r["id"] in drugs and r["text"] in "TCN" for r in rows)
    assert all(name_key(r["key"]) == r["key"] for r in rows[:5000])
    with (NAMES_DIR / "target_aliases.csv").open(encoding="utf-8") as fh:
        davis = _davis_sequences()
        assert all(r["target_id"] in davis for r in csv.DictReader(fh))


def test_coverage_counts() -> None:
    c = coverage()
    assert c["drugs_with_structures"] > 2500 and c["drug_names_with_structures"] > 15000
    assert c["targets_davis_constructs"] == 442 and c["targets_kiba_uniprot"] == 229
    assert c["target_aliases"] > 150 and c["cell_lines_gdsc"] > 900


def test_import_is_cheap() -> None:
    code = ("import sys, model_zoo.names as n; n.find_drug_names('aspirin in A549'); n.find_target_names('EGFR'); "
            "print('torch' in sys.modules, 'rdkit' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_substituted_ring_systems_are_structure_words_not_unknown_drugs() -> None:
    from model_zoo.names import find_drug_names

    for text in ("Let only the methylpyrazole vary", "keep the chloromethylpyrazole and the benzimidazole"):
        assert find_drug_names(text) == []
    [omeprazole] = find_drug_names("omeprazole please")
    assert omeprazole.name.lower() == "omeprazole"


@pytest.mark.parametrize(("text", "names"), [
    ("hydration free energy for phenol & ethanol", ["phenol", "ethanol"]),
    ("freesolv for phenol, ethanol, caffeine, naproxen", ["phenol", "ethanol", "caffeine", "naproxen"]),
    ("solubility of aspirin in ethanol", ["aspirin"]),  # a solvent, not a molecule to predict for
    ("aspirin and water", ["aspirin"]),
])
def test_names_never_read_alone_count_in_a_list_with_drugs(text: str, names: list[str]) -> None:
    assert [m.name for m in find_drug_names(text)] == names


def test_a_file_name_is_no_cell_line() -> None:
    from model_zoo.names.cell_lines import find_cell_line_names, find_cell_shaped_words

    text = "predicted ln IC50 in SW620 for plate9_primary.csv, then logS for hits2.sdf"
    assert [m.written for m in find_cell_line_names(text)] == ["SW620"]
    assert find_cell_shaped_words(text) == []
    assert [m.written for m in find_cell_line_names("IC50 in HepG2 please")] == ["HepG2"]  # still asked about


def test_a_symbol_that_is_also_a_word_is_a_target_in_a_list_of_targets() -> None:
    from model_zoo.names.targets import find_target_names

    assert [n.written for n in find_target_names("crizotinib affinity vs ALK and MET.")] == ["ALK", "MET"]
    assert [n.written for n in find_target_names("we met and talked about ALK")] == ["ALK"]


def test_a_kinase_family_is_no_single_target() -> None:
    from model_zoo.names.targets import find_target_names
    from model_zoo.names.types import Resolved, Unresolved

    [abl] = find_target_names("pKd of bosutinib on the Abl kinases?")
    assert isinstance(abl, Unresolved) and set(abl.closest) >= {"ABL1", "ABL2"}
    assert all(isinstance(n, Resolved) for n in find_target_names("the SRC family kinases inhibitor dasatinib on SRC"))
