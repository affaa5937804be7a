"""drug_target_classification_predict: probability that each molecule interacts with one protein
(DrugBAN-Human-trained PairNet ensemble; model loading and the run are shared with the affinity tool in
model_zoo.target_models)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from model_zoo.results import ToolResult
from model_zoo.specs import TARGET_CLASSIFICATION
from model_zoo.target_models import TargetToolConfig, run_target_tool

WEIGHTS = Path(__file__).resolve().parent.parent / "weights" / "target_interaction" / "human.pt"
THRESHOLD = 0.5


def _fill(row: dict[str, Any], probability: float) -> None:
    row["probability"] = round(probability, 3)
    row["interaction"] = bool(probability >= THRESHOLD)


def _ligand_bias(info: dict[str, Any]) -> str | None:
    """The Human set's known bias, in the model's own numbers: a model that never sees the protein does almost
    as well, so a high probability mostly says 'this molecule looks like the set's binders'."""
    baseline = info["metrics"].get("test_single_side_baselines", {}).get("molecule_only_logreg")
    if not baseline:
        return None
    return (f"on its training data (DrugBAN Human) a model that sees only the molecule, never the protein, reaches "
            f"ROC-AUC {baseline['auroc']:.2f} (this model {info['metrics']['test']['auroc']:.2f}); the probability "
            "mostly reflects how much the molecule resembles the set's binders, not evidence about this target — "
            "check against measured data before acting on it")


def _measured(value: float) -> str:
    return "interacts" if value == 1 else "no interaction" if value == 0 else f"mixed records ({value:.0%} interacting)"


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
    trust_key="human",
    measured_text=_measured,
    caveat=_ligand_bias,
)


def run(args: dict[str, Any]) -> ToolResult:
    """Interaction probability of each SMILES in ``args['drug_smiles']`` with the protein ``args['target_seq']``."""
    return run_target_tool(args, TARGET_INTERACTION_TOOL)
