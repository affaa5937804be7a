"""drug_target_classification_predict: probability that each molecule interacts with one protein
(DrugBAN-Human-trained PairNet ensemble; shares its machinery with the affinity tool)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from model_zoo.results import ToolResult
from model_zoo.specs import TARGET_CLASSIFICATION
from model_zoo.tools.affinity import TargetToolConfig, run_target_tool

WEIGHTS = Path(__file__).resolve().parent.parent / "weights" / "target_interaction" / "human.pt"
THRESHOLD = 0.5


def _fill(row: dict[str, Any], probability: float) -> None:
    row["probability"] = round(probability, 3)
    row["interaction"] = bool(probability >= THRESHOLD)


def _describe(values: np.ndarray, rows: list[dict[str, Any]], target: str) -> str:
    if len(values) == 1:
        verdict = "an interaction" if rows[0]["interaction"] else "no interaction"
        return f"Predicted interaction probability with {target}: {values[0]:.2f} ({verdict} at the 0.5 threshold)."
    hits = [r["row"] for r in rows if r["interaction"]]
    best = rows[int(np.argmax(values))]
    return (f"Predicted interaction with {target} for {len(values)} molecules: {len(hits)} above the 0.5 threshold; "
            f"probabilities {values.min():.2f} to {values.max():.2f}; highest row {best['row']} "
            f"({best['probability']:.2f}).")


TARGET_INTERACTION_TOOL = TargetToolConfig(
    spec=TARGET_CLASSIFICATION,
    weights=WEIGHTS,
    value_columns=("probability", "interaction"),
    fill_row=_fill,
    describe=_describe,
    file_stem="target_interaction_predictions",
    plot_title="Predicted drug-target interaction",
    plot_unit="probability",
    plot_reference=THRESHOLD,
    plot_limits=(0.0, 1.0),
)


def run(args: dict[str, Any]) -> ToolResult:
    """Interaction probability of each SMILES in ``args['drug_smiles']`` with the protein ``args['target_seq']``."""
    return run_target_tool(args, TARGET_INTERACTION_TOOL)
