"""Offline entity resolver: drug names -> SMILES, target names -> sequences, cell-line spellings -> GDSC lines.

Every answer says where its value came from (``Resolved.source``: "DrugBank DB01050", "DAVIS ABL1 (...)",
"GDSC A549, COSMIC 905949", "OPSIN (IUPAC name)"), and what did not resolve comes back as ``Unresolved``
with the closest known names, so the agent can ask back instead of guessing (design.md §4). Tables live in
``model_zoo/data/names`` (see its README.md) and are read lazily, once per process; nothing here imports
torch, and rdkit is not needed at run time.
"""

from __future__ import annotations

from model_zoo.names.cell_lines import (find_cell_line_names, find_cell_shaped_words, find_unknown_cell_lines,
                                       resolve_cell_line_name)
from model_zoo.names.drugs import find_drug_names, resolve_drug
from model_zoo.names.targets import (find_target_names, is_mutation, of_several_constructs, resolve_target,
                                     with_the_construct, with_the_gene, with_the_isoform)
from model_zoo.names.types import Resolved, Unresolved

__all__ = [
    "Resolved",
    "is_mutation",
    "of_several_constructs",
    "with_the_construct",
    "with_the_gene",
    "with_the_isoform",
    "Unresolved",
    "coverage",
    "find_cell_line_names",
    "find_cell_shaped_words",
    "find_drug_names",
    "find_target_names",
    "find_unknown_cell_lines",
    "resolve_cell_line_name",
    "resolve_drug",
    "resolve_target",
]


def coverage() -> dict[str, int]:
    """How much the tables know: drug names, synonyms/brands, drugs with structures, targets, target aliases,
    cell lines and their extra spellings."""
    from model_zoo.chem.cells import all_cell_lines
    from model_zoo.names import cell_lines, drugs, targets

    lines = all_cell_lines()
    t = cell_lines.tables()
    counts = {**drugs.coverage_counts(), **targets.coverage_counts()}
    counts["cell_lines_gdsc"] = len(lines)
    counts["cell_line_spellings_gdsc"] = sum(1 + len(line.aliases) for line in lines)
    counts["cell_line_variant_spellings"] = len(t.variants)
    counts["non_gdsc_cell_lines_with_options"] = len({o.name for o in t.others.values()})
    return counts
