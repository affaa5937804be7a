"""drug_cell_response_regression_predict: GDSC2 ln(IC50) of molecules in one cancer cell line (the model is
``model_zoo.cell_models``, which the generation and optimization tools score their candidates with)."""

from __future__ import annotations

from typing import Any

import numpy as np

from model_zoo.applicability import get_domain, outside_sentence, trust_fields
from rdkit import Chem

from model_zoo.cell_models import (
    CELL_LINE_ERRORS,
    DOMAIN_PATH,
    cell_line,
    get_model,
    interval_text,
    line_warning,
    response_trust,
)
from model_zoo.pipeline import Fill, as_list, invalid_sentence, predict_rows, table_files, table_result
from model_zoo.plots import given_names, rows_png
from model_zoo.results import ToolResult, error_result
from model_zoo.specs import CELL_RESPONSE

UNIT = "ln(IC50/uM)"


def run(args: dict[str, Any]) -> ToolResult:
    """Predict ln(IC50) of each SMILES in ``args['drug_smiles']`` for line ``args['cell_name']``, in input order."""
    smiles_list = as_list(args["drug_smiles"])
    model = get_model()
    try:
        cosmic, line = cell_line(model, args["cell_name"])
    except CELL_LINE_ERRORS as exc:
        return error_result(CELL_RESPONSE.name, str(exc))
    far: list[int] = []

    def predict(mols: list[Chem.Mol]) -> Fill:
        predictions = model.predict(mols, cosmic)
        nearest = model.nearest_training_drug(mols)
        half, inside, _ = response_trust(np.array([sim for _, sim in nearest]))

        def fill(row: dict[str, Any], k: int) -> None:
            value = float(predictions[k])
            row.update(ln_ic50=round(value, 3), ic50_uM=float(f"{np.exp(value):.4g}"),
                       sigmoid_score=round(float(1 / (1 + np.exp(-value / 10))), 4), nearest_gdsc_drug=nearest[k][0])
            row.update(trust_fields(half[k], nearest[k][1], inside[k]))
            if not inside[k]:
                far.append(row["row"])
        return fill

    table = predict_rows(smiles_list, predict, fields={"cell_line": line})
    rows, warnings, invalid = table.rows, table.warnings, table.invalid
    warning = line_warning(model, cosmic)
    if warning:
        warnings.insert(0, warning)
    computed = table.computed
    values = np.array([r["ln_ic50"] for r in computed])
    columns = ["row", "smiles", "cell_line", "ln_ic50", "uncertainty", "ic50_uM", "sigmoid_score", "nearest_gdsc_drug",
               "similarity", "in_domain"]
    columns += ["error"] if invalid else []
    if not rows:
        summary = f"No SMILES given; nothing predicted for {line}."
    elif not computed:
        summary = f"Nothing predicted for {line}: none of the {len(invalid)} SMILES is valid."
    else:
        spread = (f"ln(IC50) {values[0]:.2f} (IC50 ≈ {np.exp(values[0]):.3g} µM)" if len(values) == 1 else
                  f"ln(IC50) from {values.min():.2f} to {values.max():.2f} (median {np.median(values):.2f}); most "
                  f"potent: row {computed[int(values.argmin())]['row']}")
        summary = f"Predicted response of {line} for {len(values)} molecule(s): {spread}. "
        summary += interval_text()
        if far:
            summary += " " + outside_sentence(len(far), len(computed), threshold=get_domain(DOMAIN_PATH).threshold)
        summary += invalid_sentence(invalid)
    artifacts = table_files(f"cell_response_{cosmic}", rows, columns, (lambda: rows_png(
        computed, "ln_ic50", f"Predicted ln(IC50) in {line} (most potent at the top)", UNIT, names=given_names(args),
        ascending=True, points=True)) if computed else None)
    return table_result(CELL_RESPONSE.name, rows, columns, summary, model.model_info(), warnings, artifacts)
