"""How the agent names tools and their inputs to people: the words of the lab, not parameter names.

The tool contract (``model_zoo.specs``) keeps TCDD's names (``drug_smiles``, ``zscore``, ``mask``) for the
LLM and the benchmarks; replies and questions use these instead.
"""

from __future__ import annotations

from model_zoo.specs import (AFFINITY, CELL_RESPONSE, DRUG_DRUG, GENERATION, OPTIMIZATION, PROPERTY, RETROSYNTHESIS,
                             TARGET_CLASSIFICATION, Param, get_spec)

TASKS: dict[str, str] = {
    PROPERTY.name: "the property prediction",
    AFFINITY.name: "the binding-affinity prediction (pKd)",
    TARGET_CLASSIFICATION.name: "the binder / non-binder prediction",
    DRUG_DRUG.name: "the drug-drug interaction prediction",
    CELL_RESPONSE.name: "the cell-line response prediction (IC50)",
    GENERATION.name: "the molecule generation",
    OPTIMIZATION.name: "the molecule optimisation",
    RETROSYNTHESIS.name: "the retrosynthesis",
}

# By parameter name first (two parameters of one kind can mean different things), then by kind.
_NOUNS: dict[str, str] = {
    "gt": "starting molecule", "zscore": "target potency", "mask": "atoms that may change",
    "task": "interaction model", "smiles_list": "molecules", "smiles_pairs": "drug pairs",
    "smiles": "molecule", "protein_seq": "protein", "cell_line": "cell line", "number": "value",
    "enum": "choice", "property": "property",
}
_ASKS: dict[str, str] = {
    "gt": "the starting molecule (its SMILES or a drug name)",
    "zscore": "the potency to aim for, e.g. 'IC50 100 nM', 'pIC50 7' or 'ln IC50 -2'",
    "mask": "which atoms may change, e.g. 'keep atoms 1-10 fixed' or 'only atoms 12-20 may change'",
    "property": "which property (e.g. solubility, lipophilicity, BBB penetration; for toxicity, ClinTox clinical-trial "
                "toxicity or a Tox21 assay such as NR-AhR or SR-p53)",
    "smiles_list": "which molecules: paste SMILES, name drugs, or upload a CSV/SDF file",
    "smiles_pairs": "which drug pairs, e.g. 'warfarin with aspirin' or two SMILES per line",
    "protein_seq": "which protein: a kinase name such as EGFR or ABL1, its amino-acid sequence, or a FASTA file",
    "cell_line": "which cell line, e.g. A549, MCF7 or HCT-116",
}


# What each tool answers, with a request written the way people write it (the help lists these).
EXAMPLES: dict[str, tuple[str, str]] = {
    PROPERTY.name: ("Properties: solubility, lipophilicity (logD), BBB penetration, hydration free energy, BACE-1 "
                    "activity, clinical toxicity (ClinTox) and the 12 Tox21 assays",
                    "how soluble are ibuprofen and CCO?"),
    AFFINITY.name: ("Binding affinity (pKd) to a kinase, named or as a sequence",
                    "how tightly does imatinib bind ABL1?"),
    TARGET_CLASSIFICATION.name: ("Binder or non-binder of a protein", "is gefitinib a binder of EGFR, yes or no?"),
    DRUG_DRUG.name: ("Drug-drug interactions: the interaction type (DrugBank) or side effects (TWOSIDES)",
                     "warfarin with aspirin, and clopidogrel with omeprazole?"),
    CELL_RESPONSE.name: ("Response of a cancer cell line (GDSC IC50)", "IC50 of cisplatin in A-549?"),
    GENERATION.name: ("New molecules for a cell line at a potency",
                      "generate molecules for MCF7 with IC50 below 100 nM"),
    OPTIMIZATION.name: ("Improve a molecule for a cell line, keeping the atoms you name",
                        "optimise gefitinib for NCI-H1975 to IC50 50 nM, keep atoms 1-10 fixed"),
    RETROSYNTHESIS.name: ("One-step retrosynthesis: precursors for a product", "suggest precursors for paracetamol"),
}


def help_text() -> str:
    """What can be asked, in plain words with one example each."""
    lines = [f"• {what} — e.g. \"{example}\"" for what, example in EXAMPLES.values()]
    return ("Ask in plain words; name drugs, targets and cell lines, paste SMILES or sequences, or upload "
            "CSV/SDF/.smi/XLSX/FASTA files into the thread (their molecules and names are kept in the thread's "
            "pool). You can refer to earlier results (\"these\", \"the most soluble one\").\n" + "\n".join(lines))


def task(tool: str | None) -> str:
    """'the property prediction' for drug_property_prediction (an unknown name is returned as is)."""
    spec = get_spec(tool or "")
    return TASKS.get(spec.name, spec.name) if spec else (tool or "that")


def noun(param: Param) -> str:
    return _NOUNS.get(param.name) or _NOUNS.get(param.kind, param.name.replace("_", " "))


def ask_for(param: Param) -> str:
    """What to ask a person for when a required input is missing."""
    return _ASKS.get(param.name) or _ASKS.get(param.kind, noun(param))


def plain_problem(tool: str | None, problem: str) -> str:
    """'drug_smiles: invalid SMILES …' → 'molecules: invalid SMILES …' (other problems unchanged)."""
    spec = get_spec(tool or "")
    head, sep, rest = problem.partition(": ")
    param = spec.param(head) if spec and sep else None
    return f"{noun(param)}: {rest}" if param else problem
