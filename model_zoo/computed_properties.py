"""The property tool's computed properties (MW, cLogP, TPSA, HBD, HBA, rotatable bonds, QED, Lipinski, Veber):
exact RDKit values, labelled "computed", with no model, uncertainty or applicability domain. Not a tool of its own:
``model_zoo.tools.property`` answers with it for ``model_zoo.specs.COMPUTED_NAMES``."""

from __future__ import annotations

from typing import Any

import numpy as np
import rdkit

from model_zoo.chem.descriptors import DESCRIPTORS, compute, is_rule
from model_zoo.chem.mols import check_smiles_list
from model_zoo.plots import given_names, rows_png
from model_zoo.results import FileArtifact, ModelInfo, ToolResult, mark_invalid
from model_zoo.specs import PROPERTY
from model_zoo.tables import rows_to_csv

MAX_LISTED_ROWS = 10
RULE_PARTS = {"Lipinski": ["mw", "clogp", "nh_oh", "n_o", "violations", "violated"],
              "Veber": ["rotatable_bonds", "tpsa", "violations", "violated"]}


def _listed(rows: list[int]) -> str:
    shown = ", ".join(str(r) for r in rows[:MAX_LISTED_ROWS])
    more = f" and {len(rows) - MAX_LISTED_ROWS} more" if len(rows) > MAX_LISTED_ROWS else ""
    return f"row{'s' if len(rows) > 1 else ''} {shown}{more}"


def _summary(name: str, computed: list[dict[str, Any]], invalid: list[int]) -> str:
    d = DESCRIPTORS[name]
    if not computed:
        return (f"{d.display}: nothing computed, none of the {len(invalid)} SMILES is valid." if invalid
                else f"{d.display}: no SMILES given, nothing computed.")
    if is_rule(name):
        failing = [r["row"] for r in computed if r["value"] == "fail"]
        text = (f"{d.display}, computed with RDKit (not a model prediction): {len(computed) - len(failing)} of "
                f"{len(computed)} molecule(s) pass" + (f"; {_listed(failing)} fail" if failing else "") + ". "
                f"Rule: {d.method.removeprefix('RDKit: ')}.")
    else:
        values = np.array([r["value"] for r in computed], dtype=np.float64)
        spread = (f"{values[0]:g}" if len(values) == 1 else
                  f"{values.min():g} to {values.max():g}, median {np.median(values):g}")
        text = (f"{d.display.capitalize()}, computed with {d.method} for {len(computed)} molecule(s), exact, not a "
                f"model prediction: {spread} {d.unit}.")
    if invalid:
        text += f" {len(invalid)} invalid SMILES ({_listed(invalid)})."
    return text


def run(args: dict[str, Any]) -> ToolResult:
    """``args['property']`` (one of ``DESCRIPTORS``) for each SMILES in ``args['drug_smiles']``, in input order."""
    name = args["property"]
    d = DESCRIPTORS[name]
    smiles_list = args["drug_smiles"]
    if isinstance(smiles_list, str):
        smiles_list = [smiles_list]
    rows: list[dict[str, Any]] = []
    warnings: list[str] = []
    invalid: list[int] = []
    for i, mol, error in check_smiles_list(smiles_list):
        row: dict[str, Any] = {"row": i + 1, "smiles": smiles_list[i]}
        if error is not None:
            mark_invalid(row, i + 1, error, invalid, warnings)
        else:
            assert mol is not None  # check_smiles_list gives a molecule wherever it gives no error
            fields = compute(name, mol)
            row.update(value=fields.pop("value"), unit=d.unit, **fields, method=f"computed with {d.method}")
        rows.append(row)
    computed = [r for r in rows if "error" not in r]
    columns = ["row", "smiles", "value", "unit", *RULE_PARTS.get(name, []), "method"] + (["error"] if invalid else [])
    artifacts = [FileArtifact(f"{name}_computed.csv", "text/csv", rows_to_csv(rows, columns))] if rows else []
    if computed and not is_rule(name):
        plot = rows_png(computed, "value", f"{d.display.capitalize()} (computed with RDKit)", d.unit,
                        names=given_names(args), points=name == "cLogP")  # a log scale: no bar from 0
        artifacts.append(FileArtifact(f"{name}_computed.png", "image/png", plot))
    return ToolResult(
        tool=PROPERTY.name,
        status="ok" if computed else "error",
        rows=rows,
        columns=columns,
        summary=_summary(name, computed, invalid),
        model=ModelInfo(f"RDKit {d.display} (computed, not predicted)", rdkit.__version__),
        warnings=warnings,
        artifacts=artifacts,
        pool_value=rows,
        pool_kind="table",
    )
