"""Well-known drug targets that are not kinases (model_zoo/data/names/other_targets.csv): SERT, D2, 5-HT2A, hERG,
COX-2, ER-alpha … were offered look-alike kinases ("SERT": MERTK, SRC, RET; "hERG": HER4, HER3) or not read at all
("5-HT2A"). They are now named for what they are, with their gene symbol, and their sequence is asked for; an upload
named by the gene symbol or an alias is their sequence."""

from __future__ import annotations

import csv
import re
import time

from planning_support import decided, drug, plan_with, ran, target

from agent.backends.base import PlanContext
from agent.backends.planner import OfflinePlanner
from agent.entities import extract, read_message
from agent.evaluation.harness import load_pool
from agent.loop import Decider, Limits
from agent.pool.store import InMemoryPoolStore
from agent.pool.thread_pool import ThreadPool
from model_zoo.names.targets import find_target_names, resolve_target
from model_zoo.names.text import name_key
from model_zoo.names.types import Unresolved
from model_zoo.specs import TOOLS

PROPERTY = "drug_property_prediction"
AFFINITY = "drug_target_affinity_regression_predict"
CLASSIFY = "drug_target_classification_predict"
SERT = "METTPLNSQKQLSACEDGEDCQENGVLQKVVPTPGDKVESGQISNGYSAVPSPGAGDDTRHSIPATTTTLVAELHQGERETWGKKVDFLLSVIGYAVDLGNVWRF"
DAT = "MSKSKCSVGLMSSVVAPAKEPNAVGPKEVELILVKEQNGVQLTSSTLTNPRQSPVEAQDRETWGKKIDFLLSVIGFAVDLANVWRFPYLCYKNGGGAFLVPYLL"


def asked(text: str, values: dict | None = None) -> str:
    """What a chat turn answers instead of running a tool ("" when it runs one)."""
    pool = ThreadPool(InMemoryPoolStore(), "t")
    load_pool(pool, values or {})
    ctx = PlanContext(request=text, pool=pool.list(), offered=list(TOOLS), history=[], read=pool.read)
    decision = Decider(OfflinePlanner(), pool, list(TOOLS), Limits()).decide(ctx, read_message(text),
                                                                        time.monotonic() + 60)
    return "" if decision.action is not None else decision.final or ""


def test_a_non_kinase_target_resolves_to_what_it_is_and_no_kinase() -> None:
    """"SERT" gave MERTK, SRC, RET as the closest targets, "serotonin transporter" Bruton's kinase, "hERG" HER4 and
    HER3, and "5-HT2A" nothing: each is named with its gene symbol, and no kinase is offered."""
    for written, symbol in (("SERT", "SLC6A4"), ("serotonin transporter", "SLC6A4"), ("hERG", "KCNH2"),
                            ("5-HT2A", "HTR2A"), ("5HT2A", "HTR2A"), ("D2R", "DRD2"), ("dopamine D2 receptor", "DRD2"),
                            ("β2-adrenergic receptor", "ADRB2"), ("beta-2 adrenergic receptor", "ADRB2"),
                            ("μ-opioid receptor", "OPRM1"), ("mu opioid receptor", "OPRM1"), ("COX-2", "PTGS2"),
                            ("COX2", "PTGS2"), ("ERα", "ESR1"), ("ER-alpha", "ESR1"), ("Nav1.5", "SCN5A"),
                            ("GABA-A receptor", "GABRA1"), ("HMG-CoA reductase", "HMGCR"), ("factor Xa", "F10"),
                            ("P-gp", "ABCB1"), ("BCL-2", "BCL2"), ("thymidylate synthase", "TYMS")):
        found = resolve_target(written)
        assert isinstance(found, Unresolved) and found.closest == (), (written, found)
        assert f"gene {symbol}" in found.note and "not a kinase" in found.note, (written, found.note)
    # in free text, the whole name is one target
    [d2] = find_target_names("pKd of haloperidol for the dopamine D2 receptor?")
    assert d2.written == "dopamine D2 receptor" and isinstance(d2, Unresolved) and not d2.closest


def test_a_request_naming_one_is_asked_for_its_sequence_with_what_it_is() -> None:
    """The question names the protein and its gene symbol, says its sequence does not ship and asks for it: never
    "closest: MERTK, SRC, RET" and never "which protein" when the message names one."""
    question = asked("Does fluoxetine bind SERT?")
    assert "serotonin transporter" in question and "SLC6A4" in question and "not a kinase" in question
    assert "paste its amino-acid sequence or upload a FASTA file" in question
    assert "closest" not in question and "MERTK" not in question
    question = asked("Predict affinity of sertraline to the serotonin transporter")
    assert "SLC6A4" in question and "which protein" not in question
    for text, words in (("Affinity of olanzapine at 5-HT2A?", "HTR2A"), ("Does cisapride block hERG?", "KCNH2"),
                        ("Is celecoxib selective for COX-2 over COX-1? binary call", "PTGS2"),
                        ("pKd of morphine at the μ-opioid receptor", "OPRM1"),
                        ("How strongly does sildenafil bind PDE5?", "PDE5A"),
                        ("Binary call: does venetoclax bind BCL-2?", "BCL2"),
                        ("Does bortezomib hit the proteasome?", "PSMB5"), ("Does paclitaxel bind tubulin?", "TUBB")):
        question = asked(text)
        assert words in question and "closest" not in question, (text, question)
    # a target that is also a (biologic) drug's name is the protein in a target request, not a drug without structure
    question = asked("Does dabigatran inhibit thrombin? pKd please")
    assert "gene F2" in question and "SMILES" not in question


def test_an_upload_named_by_the_gene_symbol_or_an_alias_is_the_target() -> None:
    """"Run the SERT file against fluoxetine, bupropion and venlafaxine" with upload_SLC6A4.fasta in the pool, then
    "Now the same three on the DAT file." with upload_SLC6A3.fasta: each file is the target's sequence."""
    pool = {"upload_SLC6A4.fasta": SERT, "upload_SLC6A3.fasta": DAT}
    three = [drug("fluoxetine"), drug("bupropion"), drug("venlafaxine")]
    first = "Run the SERT file against fluoxetine, bupropion and venlafaxine — binary calls."
    [call] = plan_with(first, pool)
    assert call.name == CLASSIFY and call.arguments == {"drug_smiles": three, "target_seq": "(upload_SLC6A4.fasta)"}
    assert decided(first, pool) == CLASSIFY
    earlier = ran(CLASSIFY, first, call.arguments)
    [call] = plan_with("Now the same three on the DAT file.", pool, [earlier])
    assert call.arguments == {"drug_smiles": three, "target_seq": "(upload_SLC6A3.fasta)"}
    assert decided("Now the same three on the DAT file.", pool, [earlier]) == CLASSIFY
    # by an alias, or the gene symbol with more words in the file name
    for key, text in (("upload_sert.fasta", "pKd of fluoxetine against the uploaded serotonin transporter"),
                      ("upload_HTR2A_human.fasta", "Affinity of risperidone for 5-HT2A? use my file")):
        [call] = plan_with(text, {key: SERT})
        assert call.arguments.get("target_seq") == f"({key})", (key, call)
        assert decided(text, {key: SERT}) == AFFINITY, text
    # a file of another target is not taken for it
    assert decided("pKd of fluoxetine against the uploaded SERT sequence", {"upload_SLC6A3.fasta": DAT}) is None


def test_ordinary_words_and_abbreviations_are_targets_only_where_a_target_is_asked_about() -> None:
    """ER, AR, NET, ACE, D2 are read as targets only next to a target word; a drug class ("ACE inhibitor"), a status
    ("ER-positive") or a vitamin ("vitamin D2") names no protein, and DAVIS kinases and drugs are read as before."""
    assert "gene AR" in asked("Does enzalutamide bind AR?")
    assert "gene ESR1" in asked("pKd of tamoxifen for ER")
    assert "gene SLC6A2" in asked("Predict binding of fluoxetine to NET")
    assert "gene ACE" in asked("Does ramipril bind ACE?")
    # "ACE inhibitor" was an unknown target offered cMet, ACK1 …
    assert [u for u in extract("ACE inhibitor ramipril logP").unresolved if u.kind == "target"] == []
    for text in ("ACE inhibitor ramipril: predict BBB", "The NET effect of the changes: logD of aspirin",
                 "Is the AR high for these? logD of ibuprofen", "logD for vitamin D2",
                 "BBB for tamoxifen, the drug of the ER-positive patients",
                 "Does M1 polarisation matter? logD of aspirin"):
        assert decided(text) == PROPERTY, text
        assert [u for u in extract(text).unresolved if u.kind == "target"] == [], text
    # what a drug does, told beside a request whose tool takes no protein, asks nothing
    assert decided("logD of paclitaxel, which binds tubulin") == PROPERTY
    assert decided("Predict ln(IC50) of bortezomib in RPMI-8226; it targets the proteasome") == \
        "drug_cell_response_regression_predict"
    [call] = plan_with("pKd of erlotinib for ERK2", {})
    assert call.arguments["target_seq"] == target("ERK2")
    [call] = plan_with("Does crizotinib bind MET?", {})
    assert call.arguments["target_seq"] == target("MET")
    from model_zoo.names.other_targets import other_target

    assert other_target("ERK2") is None and other_target("MET") is None and other_target("fluoxetine") is None


def test_the_table_names_no_kinase_drug_or_cell_line() -> None:
    """No alias of other_targets.csv is a DAVIS name, a drug name read from free text (but thrombin and
    butyrylcholinesterase, proteins given as drugs) or a cell line; every row has a gene symbol and a flag."""
    from model_zoo.names.cell_lines import is_cell_line_name
    from model_zoo.names.drugs import tables as drug_tables
    from model_zoo.names.other_targets import DATA, other_target
    from model_zoo.names.targets import tables as target_tables

    with (DATA / "other_targets.csv").open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert len({r["symbol"] for r in rows}) >= 80
    davis, drugs = target_tables().names, drug_tables().names
    for r in rows:
        key = name_key(r["alias"])
        assert re.fullmatch(r"[A-Z][A-Z0-9]{0,9}", r["symbol"]) and r["text"] in ("T", "C", "X") and r["protein"], r
        assert key not in davis and not is_cell_line_name(r["alias"]), r["alias"]
        assert key not in drugs or key in ("thrombin", "butyrylcholinesterase", "bche"), r["alias"]
        assert other_target(r["alias"]) is not None, r["alias"]


def test_the_tox21_assay_of_a_named_protein_answers_without_its_sequence() -> None:
    """"Does letrozole inhibit aromatase per the Tox21 NR-Aromatase model?" asked for aromatase's sequence (a
    pristine set's step was lost so, traced by score only): the assay of that protein answers it."""
    assert decided("Does letrozole inhibit aromatase per the Tox21 NR-Aromatase model?") == PROPERTY


def test_herg_is_a_target_only_where_one_is_asked_about() -> None:
    """hERG is named far more often as a safety worry than as a protein to bind ("hERG is the worry there"); read as
    a target anywhere, it lost a pristine set's step (traced by score only): now only in a target's context."""
    assert find_target_names("BBB for cisapride; hERG is the worry there.") == []
    [found] = find_target_names("Does cisapride bind hERG?")
    assert found.written == "hERG"


def test_the_drug_metabolising_cyps_are_targets_only_where_one_is_asked_about() -> None:
    """"co-dose sorafenib with ketoconazole (CYP3A4 probe). Flag the predicted interaction type" asked for CYP3A4's
    sequence: the CYPs that metabolise drugs are named as enzymes of metabolism far more often than as targets."""
    assert find_target_names("The PK study co-doses sorafenib with ketoconazole (CYP3A4 probe).") == []
    assert find_target_names("The CYP3A4 gap goes into the QA report as an observation.") == []
    [found] = find_target_names("Does ketoconazole bind CYP3A4?")
    assert found.written == "CYP3A4"


def test_a_class_of_drugs_in_other_languages_and_an_occasion_name_no_target() -> None:
    """Romanian "aceiași doi inhibitori PARP" (the same two PARP inhibitors) and "the KRAS slide" asked for a
    sequence; "inhibition of PARP1" still names the protein."""
    for text in ("aceiași doi inhibitori PARP și pe SK-OV-3", "los inhibidores de la PARP", "les inhibiteurs de PARP",
                 "Adagrasib vs sotorasib in NCI-H358 for the KRAS slide."):
        assert [r for r in find_target_names(text) if r.written in ("PARP", "KRAS")] == [], text
    [found] = find_target_names("inhibition of PARP1 by olaparib?")
    assert found.written == "PARP1"


def test_a_surname_is_no_untrained_property() -> None:
    """"Requester: CNS team (Dr. J. Papp)" read the name as apparent permeability (Papp) and asked about it."""
    assert decided("Requester: CNS team (Dr. J. Papp)\nRequest: BBB for CCC(=O)C1(O)CCC2C3CCC4=CC(=O)CCC4(C)C3C(O)CC21C"
                   ) == PROPERTY


def test_a_protein_told_about_or_a_drug_class_asks_for_no_sequence() -> None:
    """"do those two interact?? i think xanthine oxidase is the whole point here" and "Lynparza is sold as a PARP
    drug" asked for the protein's sequence."""
    assert find_target_names("and do those two interact?? i think xanthine oxidase is the whole point here") == []
    assert [r for r in find_target_names("Lynparza is sold as a PARP drug. Any sign olaparib binds PIK3CA?")
            if r.written == "PARP"] == []
    [found] = find_target_names("Does allopurinol bind xanthine oxidase?")
    assert found.written == "xanthine oxidase"
