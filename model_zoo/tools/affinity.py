"""drug_target_affinity_regression_predict: pKd of each molecule for one protein (DAVIS-trained PairNet ensemble;
the model loading and the run are shared with drug_target_classification_predict in model_zoo.target_models)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np

from model_zoo.results import ToolResult
from model_zoo.specs import AFFINITY
from model_zoo.target_models import TargetToolConfig, run_target_tool

WEIGHTS_DIR = Path(__file__).resolve().parent.parent / "weights" / "affinity"


def significant(x: float, digits: int = 3) -> float:
    if x == 0 or not math.isfinite(x):
        return x
    return round(x, digits - 1 - int(math.floor(math.log10(abs(x)))))


def _fill_affinity(row: dict[str, Any], pkd: float) -> None:
    row["pKd"] = round(pkd, 2)
    row["Kd_nM"] = significant(10 ** (9.0 - pkd))


def _describe_affinity(values: np.ndarray, rows: list[dict[str, Any]], target: str) -> str:
    if len(values) == 1:
        return f"Predicted affinity for {target}: pKd {values[0]:.2f} (Kd ≈ {rows[0]['Kd_nM']:g} nM)."
    best = rows[int(np.argmax(values))]
    strong = int((values >= 7.0).sum())
    return (f"Predicted affinity of {len(values)} molecules for {target}: pKd {values.min():.2f} to "
            f"{values.max():.2f} (median {np.median(values):.2f}); strongest row {best['row']} (pKd {best['pKd']:.2f}, "
            f"Kd ≈ {best['Kd_nM']:g} nM); {strong} with pKd >= 7 (Kd <= 100 nM).")


AFFINITY_TOOL = TargetToolConfig(
    spec=AFFINITY,
    weights=WEIGHTS_DIR / "davis.pt",
    value_columns=("pKd", "Kd_nM"),
    fill_row=_fill_affinity,
    describe=_describe_affinity,
    file_stem="affinity_predictions",
    plot_title="Predicted binding affinity",
    plot_unit="pKd",
    protein_word="kinase",
    trust_key="davis",
)


def run(args: dict[str, Any]) -> ToolResult:
    """Predict pKd of each SMILES in ``args['drug_smiles']`` for the protein ``args['target_seq']``."""
    return run_target_tool(args, AFFINITY_TOOL)
