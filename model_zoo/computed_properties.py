"""The property tool's computed properties (MW, cLogP, TPSA, HBD, HBA, rotatable bonds, QED, Lipinski, Veber):
exact RDKit values, labelled "computed", with no model, uncertainty or applicability domain. Not a tool of its own:
``model_zoo.tools.property`` answers with it for ``model_zoo.specs.COMPUTED_NAMES``."""

from __future__ import annotations

from typing import Any

import numpy as np
import rdkit
from rdkit import Chem

from model_zoo.chem.descriptors import DESCRIPTORS, compute, is_rule
from model_zoo.pipeline import Fill, as_list, invalid_sentence, predict_rows, rows_text, table_files, table_result
from model_zoo.plots import given_names, rows_png
from model_zoo.results import ModelInfo, ToolResult
from model_zoo.specs import PROPERTY

RULE_PARTS = {"Lipinski": ["mw", "clogp", "nh_oh", "n_o", "violations", "violated"],
              "Veber": ["rotatable_bonds", "tpsa", "violations", "violated"]}


def _summary(name: str, computed: list[dict[str, Any]], invalid: list[int]) -> str:
    d = DESCRIPTORS[name]
    if not computed:
        return (f"{d.display}: nothing computed, none of the {len(invalid)} SMILES is valid." if invalid
                else f"{d.display}: no SMILES given, nothing computed.")
    if is_rule(name):
        failing = [r["row"] for r in computed if r["value"] == "fail"]
        text = (f"{d.display}, computed with RDKit (not a model prediction): {len(computed) - len(failing)} of "
                f"{len(computed)} molecule(s) pass" + (f"; {rows_text(failing)} fail" if failing else "") + ". "
                f"Rule: {d.method.removeprefix('RDKit: ')}.")
    else:
        values = np.array([r["value"] for r in computed], dtype=np.float64)
        spread = (f"{values[0]:g}" if len(values) == 1 else
                  f"{values.min():g} to {values.max():g}, median {np.median(values):g}")
        text = (f"{d.display.capitalize()}, computed with {d.method} for {len(computed)} molecule(s), exact, not a "
                f"model prediction: {spread} {d.unit}.")
    return text + invalid_sentence(invalid)


def run(args: dict[str, Any]) -> ToolResult:
    """``args['property']`` (one of ``DESCRIPTORS``) for each SMILES in ``args['drug_smiles']``, in input order."""
    name = args["property"]
    d = DESCRIPTORS[name]

    def predict(mols: list[Chem.Mol]) -> Fill:
        def fill(row: dict[str, Any], k: int) -> None:
            fields = compute(name, mols[k])
            row.update(value=fields.pop("value"), unit=d.unit, **fields, method=f"computed with {d.method}")
        return fill

    table = predict_rows(as_list(args["drug_smiles"]), predict)
    rows, computed = table.rows, table.computed
    columns = ["row", "smiles", "value", "unit", *RULE_PARTS.get(name, []), "method"]
    columns += ["error"] if table.invalid else []
    artifacts = table_files(f"{name}_computed", rows, columns, (lambda: rows_png(
        computed, "value", f"{d.display.capitalize()} (computed with RDKit)", d.unit, names=given_names(args),
        points=name == "cLogP"))  # a log scale: no bar from 0
        if computed and not is_rule(name) else None)
    return table_result(PROPERTY.name, rows, columns, _summary(name, computed, table.invalid),
                        ModelInfo(f"RDKit {d.display} (computed, not predicted)", rdkit.__version__), table.warnings,
                        artifacts)
