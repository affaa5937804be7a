"""drug_cell_response_regression_predict: GDSC2 ln(IC50) of molecules in one cancer cell line (the model is
``model_zoo.cell_models``, which the generation and optimization tools score their candidates with)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from model_zoo.applicability import get_domain, outside_sentence, trust_fields
from model_zoo.cell_models import (
    CHUNK,
    DOMAIN_PATH,
    NoGenomicFeatures,
    get_model,
    interval_text,
    line_warning,
    resolve_cosmic,
    response_calibration,
    response_trust,
)
from model_zoo.chem.cells import UnknownCellLine
from model_zoo.chem.mols import check_smiles_list
from model_zoo.plots import given_names, rows_png
from model_zoo.results import FileArtifact, ModelInfo, ToolResult, error_result, mark_invalid
from model_zoo.specs import CELL_RESPONSE
from model_zoo.tables import rows_to_csv

MAX_LISTED_ROWS = 10
UNIT = "ln(IC50/uM)"


def _rows_text(rows: Sequence[int]) -> str:
    shown = ", ".join(str(r) for r in rows[:MAX_LISTED_ROWS])
    more = f" and {len(rows) - MAX_LISTED_ROWS} more" if len(rows) > MAX_LISTED_ROWS else ""
    return f"row{'s' if len(rows) > 1 else ''} {shown}{more}"


def run(args: dict[str, Any]) -> ToolResult:
    """Predict ln(IC50) of each SMILES in ``args['drug_smiles']`` for line ``args['cell_name']``, in input order."""
    smiles_list = args["drug_smiles"]
    if isinstance(smiles_list, str):
        smiles_list = [smiles_list]
    model = get_model()
    try:
        cosmic = resolve_cosmic(model, args["cell_name"])
    except (NoGenomicFeatures, UnknownCellLine) as exc:
        return error_result(CELL_RESPONSE.name, str(exc))
    line = f"{model.cells.name(cosmic)} (COSMIC {cosmic})"
    rows: list[dict[str, Any]] = []
    warnings: list[str] = []
    invalid: list[int] = []
    far: list[int] = []
    for start in range(0, len(smiles_list), CHUNK):
        checked = check_smiles_list(smiles_list[start:start + CHUNK])
        mols = [mol for _, mol, _ in checked if mol is not None]
        predictions = iter(model.predict(mols, cosmic))
        nearest = model.nearest_training_drug(mols)
        half, inside, _ = response_trust(np.array([sim for _, sim in nearest]))
        trust = iter(zip(nearest, half, inside))
        for i, _, error in checked:
            number = start + i + 1
            row: dict[str, Any] = {"row": number, "smiles": smiles_list[start + i], "cell_line": line}
            if error is not None:
                mark_invalid(row, number, error, invalid, warnings)
            else:
                value = float(next(predictions))
                (name, sim), width, in_domain = next(trust)
                row.update(ln_ic50=round(value, 3), ic50_uM=float(f"{np.exp(value):.4g}"),
                           sigmoid_score=round(float(1 / (1 + np.exp(-value / 10))), 4), nearest_gdsc_drug=name)
                row.update(trust_fields(width, sim, in_domain))
                if not in_domain:
                    far.append(number)
            rows.append(row)
    warning = line_warning(model, cosmic)
    if warning:
        warnings.insert(0, warning)
    computed = [r for r in rows if "error" not in r]
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
        summary += interval_text(response_calibration())
        if far:
            summary += " " + outside_sentence(len(far), len(computed), threshold=get_domain(DOMAIN_PATH).threshold)
        if invalid:
            summary += f" {len(invalid)} invalid SMILES ({_rows_text(invalid)})."
    artifacts = [FileArtifact(f"cell_response_{cosmic}.csv", "text/csv", rows_to_csv(rows, columns))] if rows else []
    if computed:
        plot = rows_png(computed, "ln_ic50", f"Predicted ln(IC50) in {line} (most potent at the top)", UNIT,
                        names=given_names(args), ascending=True, points=True)
        artifacts.append(FileArtifact(f"cell_response_{cosmic}.png", "image/png", plot))
    return ToolResult(
        tool=CELL_RESPONSE.name, status="ok" if computed else "error", rows=rows, columns=columns, summary=summary,
        model=ModelInfo(model.info["model_name"], model.info["version"], model.metrics), warnings=warnings,
        artifacts=artifacts, pool_value=rows, pool_kind="table")
