"""drug_property_prediction: one trained model per property, loaded once per process on first use.

A property has its own file ``NAME.pt`` (logSolubility, freesolv, lipo, p_np, Class) or is one output of a
multitask file (ClinTox, Tox21) named by ``index.json``; a multitask file is loaded once for all its outputs.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal

import numpy as np
import torch
from rdkit import Chem
from torch import nn

from model_zoo import computed_properties
from model_zoo.applicability import (
    Assessment,
    get_domain,
    measured_sentence,
    outside_sentence,
    trust_columns,
    trust_fields,
)
from model_zoo.checkpoint import Checkpoint, load_checkpoint
from model_zoo.chem.featurizers import DESCRIPTOR_NAMES, DescriptorScaler, MolFeaturizer
from model_zoo.device import pick_device
from model_zoo.nn.mlp import to_values
from model_zoo.pipeline import (
    Cache,
    Fill,
    as_list,
    invalid_sentence,
    predict_rows,
    table_files,
    table_result,
    trained_file,
)
from model_zoo.plots import given_names, rows_png
from model_zoo.results import ModelInfo, ToolResult
from model_zoo.specs import COMPUTED_NAMES, PROPERTY
from model_zoo.uncertainty import Calibration, get_calibration

WEIGHTS_DIR = Path(__file__).resolve().parent.parent / "weights" / "property"
INDEX_FILE = "index.json"  # enum value -> {"file": multitask checkpoint, "output": its column}, from the trainer
CALIBRATION = WEIGHTS_DIR / "calibration.json"  # per property: interval scale or Platt scaling (model_zoo.train.domain)
CHUNK = 2048  # molecules featurized and predicted together; bounds memory for very long inputs


@dataclass
class PropertyModel:
    """A loaded checkpoint: featurizer + descriptor scaler + network, ready to predict in the task's unit."""

    network: nn.Module
    featurizer: MolFeaturizer
    scaler: DescriptorScaler
    info: dict[str, Any]  # the checkpoint's ``extra``: unit, labels, metrics, provenance
    device: torch.device
    output: int | None = None  # the column of a multitask network this model reads; None: single output

    @classmethod
    def from_checkpoint(cls, checkpoint: Checkpoint, device: torch.device | None = None) -> PropertyModel:
        extra = checkpoint.extra
        config = extra["featurizer"]
        if config["descriptor_names"] != list(DESCRIPTOR_NAMES):
            name = extra.get("property") or extra.get("property_group")
            raise ValueError(f"{name}: checkpoint descriptors differ from this featurizer's; retrain")
        device = device or torch.device("cpu")
        return cls(checkpoint.build().to(device), MolFeaturizer(config["radius"], config["fp_size"]),
                   DescriptorScaler.from_state(extra["descriptor_scaler"]), extra, device)

    def select(self, name: str) -> PropertyModel:
        """One property of a multitask checkpoint: its output column, display, labels and metrics; the network,
        featurizer and scaler are shared, not copied."""
        properties = self.info.get("properties")
        if not properties or name not in properties:
            raise KeyError(f"{name!r} is not an output of this checkpoint")
        entry = properties[name]
        info = {k: v for k, v in self.info.items() if k != "properties"}
        info.update({k: v for k, v in entry.items() if k != "output"}, property=name)
        return replace(self, info=info, output=int(entry["output"]))

    @property
    def kind(self) -> Literal["regression", "classification"]:
        return self.info["task"]

    def featurize(self, mols: Sequence[Chem.Mol]) -> np.ndarray:
        return self.scaler.transform(self.featurizer.many(mols))

    @property
    def reads_graphs(self) -> bool:
        """True for a network that reads the molecule graphs besides the features (a D-MPNN blend)."""
        return self.info.get("graph_model") is not None

    def _raw(self, features: np.ndarray, mols: Sequence[Chem.Mol] | None) -> torch.Tensor:
        x = torch.from_numpy(features).to(self.device)
        if not self.reads_graphs:
            return self.network(x)
        if mols is None:
            raise ValueError(f"{self.info.get('property')}: this model reads molecule graphs; pass the molecules")
        from model_zoo.nn.dmpnn import mol_graphs  # chemprop is imported only for a model that needs it

        graphs = mol_graphs(mols)
        graphs.to(self.device)
        return self.network(x, graphs)

    @torch.inference_mode()
    def predict_features(self, features: np.ndarray, mols: Sequence[Chem.Mol] | None = None) -> np.ndarray:
        """``mols``: the featurized molecules, in order; needed by a model that reads graphs."""
        raw = self._raw(features, mols)
        if self.output is not None:
            raw = raw[..., self.output:self.output + 1]
        target = self.info["target_scaler"]
        return to_values(raw, self.kind, target["mean"], target["std"]).cpu().numpy().astype(np.float64)

    @torch.inference_mode()
    def predict_members(self, features: np.ndarray, mols: Sequence[Chem.Mol] | None = None) -> np.ndarray:
        """(members, n): each ensemble member's value or probability (their mean is ``predict_features``)."""
        raw = self._raw(features, mols)
        raw = raw if raw.dim() == 3 else raw.unsqueeze(0)
        if self.output is not None:
            raw = raw[..., self.output:self.output + 1]
        target = self.info["target_scaler"]
        raw = raw.squeeze(-1).double()
        values = raw * target["std"] + target["mean"] if self.kind == "regression" else torch.sigmoid(raw)
        return values.cpu().numpy()

    def predict(self, mols: Sequence[Chem.Mol]) -> np.ndarray:
        """Values (regression, in ``info['unit']``) or probabilities (classification), in input order."""
        if not mols:
            return np.empty(0)
        return np.concatenate([self.predict_features(self.featurize(mols[i:i + CHUNK]), mols[i:i + CHUNK])
                               for i in range(0, len(mols), CHUNK)])


_models: Cache[PropertyModel] = Cache()
_files: Cache[PropertyModel] = Cache()  # multitask checkpoints by file name, shared by their properties


def model_location(name: str) -> tuple[Path, int | None]:
    """The file serving a property and, for a multitask file, its output column."""
    own = WEIGHTS_DIR / f"{name}.pt"
    index_path = WEIGHTS_DIR / INDEX_FILE
    index = json.loads(index_path.read_text()) if index_path.exists() else {}
    if name in index:
        return WEIGHTS_DIR / index[name]["file"], int(index[name]["output"])
    return own, None


def get_model(name: str) -> PropertyModel:
    """The model for one property, loaded on first use and kept for the life of the process."""
    return _models.get(name, lambda: _load(name))


def _load(name: str) -> PropertyModel:
    path, output = model_location(name)
    trained_file(path, f"model for property {name!r}")
    if output is None:
        return PropertyModel.from_checkpoint(load_checkpoint(path), pick_device())
    model = _files.get(path.name, lambda: PropertyModel.from_checkpoint(load_checkpoint(path), pick_device()))
    model = model.select(name)
    if model.output != output:
        raise ValueError(f"{INDEX_FILE} and {path.name} disagree on the output of {name!r}; retrain")
    return model


def domain_path(name: str) -> Path:
    """The applicability-domain file of the checkpoint serving ``name`` (shared by a multitask file's outputs)."""
    return WEIGHTS_DIR / f"domain_{model_location(name)[0].stem}.npz"


def predict_with_trust(model: PropertyModel, name: str, mols: Sequence[Chem.Mol]
                       ) -> tuple[np.ndarray, np.ndarray, Assessment]:
    """(values or calibrated probabilities, ± 90 % half-widths, domain assessment) for parsed molecules."""
    calibration = get_calibration(CALIBRATION, name)
    members = model.predict_members(model.featurize(mols), mols) if mols else np.empty((1, 0))
    if model.kind == "regression":
        values, uncertainty = members.mean(axis=0), calibration.halfwidth(members.std(axis=0))
    else:
        values, uncertainty = calibration.probability_spread(members)
    return values, uncertainty, get_domain(domain_path(name)).assess(mols)


def _label(model: PropertyModel, probability: float, threshold: float) -> str:
    """The class a probability reads as, at the label's cut (chosen on validation for balanced accuracy)."""
    negative, positive = model.info["labels"]
    return positive if probability >= threshold else negative


def _trust_summary(model: PropertyModel, calibration: Calibration, rows: list[dict[str, Any]],
                   threshold: float) -> str:
    """How far to trust the rows: the interval or calibration, the decision metric, the domain, measured values."""
    test = calibration.info["test"]
    if model.kind == "regression":
        text = (f" ± is a 90 % interval from the ensemble's spread, calibrated on held-out molecules "
                f"({test['coverage_90']:.0%} of test molecules fell inside).")
    else:
        text = (f" Probabilities are calibrated (Platt scaling on the validation split); on the test split the model "
                f"reaches {calibration.decision_metrics().replace(' on the test split', '')}.")
    out = sum(not r["in_domain"] for r in rows)
    if out:
        text += " " + outside_sentence(out, len(rows), threshold=threshold)
    found = [(r["row"], _measured_text(model, r["measured"])) for r in rows if r.get("measured") is not None]
    if found:
        text += " " + measured_sentence(found, _dataset(model))
    return text


def _dataset(model: PropertyModel) -> str:
    display = model.info["display"]
    return display[display.rfind("(") + 1:-1] if display.endswith(")") else display


def _measured_text(model: PropertyModel, value: float) -> str:
    if model.kind == "regression":
        return f"{value:.2f} {model.info['unit']}"
    negative, positive = model.info["labels"]
    return positive if value == 1 else negative if value == 0 else f"mixed records ({value:.0%} {positive})"


def _summary(model: PropertyModel, values: np.ndarray, invalid_rows: list[int], threshold: float) -> str:
    info = model.info
    if not invalid_rows and len(values) == 0:
        text = f"{info['display']}: no SMILES given, nothing predicted."
    elif len(values) == 0:
        text = f"{info['display']}: nothing predicted, none of the {len(invalid_rows)} SMILES is valid."
    elif model.kind == "regression":
        spread = (f"value {values[0]:.2f}" if len(values) == 1
                  else f"range {values.min():.2f} to {values.max():.2f}, median {np.median(values):.2f}")
        text = f"{info['display']} predicted for {len(values)} molecule(s); {spread} {info['unit']}."
    else:
        positive = info["labels"][1]
        n_pos = int((values >= threshold).sum())
        text = (f"{info['display']} predicted for {len(values)} molecule(s): {n_pos} labelled '{positive}' "
                f"(probability >= {threshold:.2g}); probabilities {values.min():.2f} to {values.max():.2f}.")
    return text + (invalid_sentence(invalid_rows) if len(values) else "")


def run(args: dict[str, Any]) -> ToolResult:
    """Predict ``args['property']`` for each SMILES in ``args['drug_smiles']``; one row per input, in order."""
    name = args["property"]
    if name in COMPUTED_NAMES:  # exact RDKit descriptors: computed, not predicted
        return computed_properties.run(args)
    smiles_list = as_list(args["drug_smiles"])
    model = get_model(name)
    classification = model.kind == "classification"
    unit = model.info["unit"]
    calibration = get_calibration(CALIBRATION, name)

    def predict(mols: list[Chem.Mol]) -> Fill:
        predicted, uncertainty, assessment = predict_with_trust(model, name, mols)

        def fill(row: dict[str, Any], k: int) -> None:
            value = round(float(predicted[k]), 3)  # the label follows the value the user sees
            row.update(prediction=value, unit=unit)
            if classification:
                row["label"] = _label(model, value, calibration.threshold)
            measured = (assessment.measured[k] or {}).get(name)
            row.update(trust_fields(uncertainty[k], assessment.similarity[k], assessment.in_domain[k],
                                    None if measured is None else round(measured, 3)))
        return fill

    table = predict_rows(smiles_list, predict)
    rows, computed = table.rows, table.computed
    columns = (["row", "smiles", "prediction", "unit"] + (["label"] if classification else [])
               + trust_columns(get_domain(domain_path(name))))
    columns += ["error"] if table.invalid else []
    predictions = np.array([row["prediction"] for row in computed], dtype=np.float64)
    artifacts = table_files(f"{name}_predictions", rows, columns, (lambda: rows_png(
        computed, "prediction", f"Predicted {model.info['display']}", unit, names=given_names(args),
        reference=calibration.threshold if classification else None, limits=(0.0, 1.0) if classification else None,
        points=True))
        if computed else None)
    summary = _summary(model, predictions, table.invalid, calibration.threshold) + (_trust_summary(
        model, calibration, computed, get_domain(domain_path(name)).threshold)
        if computed else "")
    return table_result(PROPERTY.name, rows, columns, summary, ModelInfo.from_checkpoint_info(model.info),
                        table.warnings, artifacts)
