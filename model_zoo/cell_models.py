"""The GDSC2 cell-response model: ln(IC50) of molecules in cancer cell lines, shared by the cell-response,
generation and optimization tools.

The model (``model_zoo/weights/cell_response/cell_response.pt``) reads [drug features | cell features]; the cell
features of every supported line ship in ``model_zoo/data/gdsc_cell_features.npz``. Both load once per process,
on first use.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import torch
from rdkit import Chem, DataStructs
from torch import nn

from model_zoo.applicability import get_domain
from model_zoo.checkpoint import load_checkpoint
from model_zoo.chem.cells import UnknownCellLine, all_cell_lines, resolve_cell_line
from model_zoo.chem.featurizers import DESCRIPTOR_NAMES, DescriptorScaler, MolFeaturizer, morgan_bits
from model_zoo.device import pick_device
from model_zoo.errors import UserFacingError
from model_zoo.pipeline import CHUNK, Cache, trained_file
from model_zoo.results import ModelInfo
from model_zoo.uncertainty import Calibration, get_calibration

PACKAGE = Path(__file__).resolve().parent
WEIGHTS_PATH = PACKAGE / "weights" / "cell_response" / "cell_response.pt"
CELL_FEATURES_PATH = PACKAGE / "data" / "gdsc_cell_features.npz"
# In/out threshold (from data) and interval calibration, built by python -m model_zoo.train.domain --tool cell_response
DOMAIN_PATH = PACKAGE / "weights" / "cell_response" / "domain_cell_response.npz"
CALIBRATION_PATH = PACKAGE / "weights" / "cell_response" / "calibration.json"
SAME_DRUG = 0.999  # Tanimoto at which a query is taken to be the GDSC2 drug itself


class NoGenomicFeatures(UserFacingError):
    """The cell line is known to GDSC but has no genomic-feature row, so the model cannot describe it."""


@dataclass
class CellFeatures:
    """Binary genomic features per COSMIC id (tissue one-hot, MSI, mutations, copy-number events)."""

    cosmic_ids: list[str]
    names: list[str]
    feature_names: list[str]
    matrix: np.ndarray  # float32 (n_lines, n_features)
    in_training: np.ndarray  # bool: the line has GDSC2 pairs the model was trained on
    index: dict[str, int]

    @classmethod
    def load(cls, path: Path = CELL_FEATURES_PATH) -> CellFeatures:
        with np.load(path, allow_pickle=False) as data:
            n = int(data["n_features"])
            matrix = np.unpackbits(data["bits"], axis=1, count=n).astype(np.float32)
            ids = [str(x) for x in data["cosmic_ids"]]
            return cls(ids, [str(x) for x in data["names"]], [str(x) for x in data["feature_names"]], matrix,
                       data["in_training"].astype(bool), {c: i for i, c in enumerate(ids)})

    def name(self, cosmic_id: str) -> str:
        i = self.index.get(cosmic_id)
        return self.names[i] if i is not None else cosmic_id

    def vector(self, cosmic_id: str) -> np.ndarray:
        """The line's feature row (raises NoGenomicFeatures with a message naming lines that have features)."""
        i = self.index.get(str(cosmic_id))
        if i is None:
            raise NoGenomicFeatures(self.missing_message(str(cosmic_id)))
        return self.matrix[i]

    def missing_message(self, cosmic_id: str) -> str:
        label, tissue = cosmic_id, ""
        try:
            line = resolve_cell_line(cosmic_id)
            label, tissue = line.label(), line.tissue
        except UnknownCellLine:
            pass
        same_tissue = [self.names[i] for i, c in enumerate(self.cosmic_ids) if self.in_training[i]
                       and tissue and _tissue_of(c) == tissue]
        examples = (same_tissue or [n for n, t in zip(self.names, self.in_training) if t])[:12]
        where = f" ({tissue})" if same_tissue else ""
        return (f"no genomic features for {label}, so the model cannot predict for it; lines with features"
                f"{where}: {', '.join(examples)}, … ({len(self.cosmic_ids)} lines in all)")


def _tissue_of(cosmic_id: str) -> str:
    return _tissues().get(cosmic_id, "")


_tissue_map: dict[str, str] | None = None


def _tissues() -> dict[str, str]:
    global _tissue_map
    if _tissue_map is None:
        _tissue_map = {c.cosmic_id: c.tissue for c in all_cell_lines()}
    return _tissue_map


@dataclass
class CellResponseModel:
    network: nn.Module
    featurizer: MolFeaturizer
    scaler: DescriptorScaler
    cells: CellFeatures
    info: dict[str, Any]
    device: torch.device
    training_fps: list[Any]

    @classmethod
    def from_files(cls, weights: Path = WEIGHTS_PATH, cell_features: Path = CELL_FEATURES_PATH,
                   device: torch.device | None = None) -> CellResponseModel:
        checkpoint = load_checkpoint(weights)
        extra = checkpoint.extra
        config = extra["featurizer"]
        if config["descriptor_names"] != list(DESCRIPTOR_NAMES):
            raise ValueError("cell_response: checkpoint descriptors differ from this featurizer's; retrain")
        cells = CellFeatures.load(cell_features)
        if cells.feature_names != extra["cell_feature_names"]:
            raise ValueError(f"{cell_features.name} does not match the checkpoint's cell features; retrain")
        device = device or torch.device("cpu")
        fps = [morgan_bits(Chem.MolFromSmiles(s)) for s in extra["training_drugs"]["smiles"]]
        # float64 inference: predictions do not depend on batch size or thread count, so the generation and
        # optimization searches (which rank near-tied candidates) are reproducible across processes.
        network = checkpoint.build().double().to(device)
        return cls(network, MolFeaturizer(config["radius"], config["fp_size"]),
                   DescriptorScaler.from_state(extra["descriptor_scaler"]), cells, extra, device, fps)

    def model_info(self, method: str = "") -> ModelInfo:
        """What a reply says about the model (``method``: what runs on top of it, e.g. " + masked local search")."""
        return ModelInfo(self.info["model_name"] + method, self.info["version"], self.metrics)

    @property
    def metrics(self) -> dict[str, float]:
        test = self.info["metrics"]["test"]
        out = {k: round(float(test[k]), 4) for k in ("rmse", "rmse_sigmoid", "pearson", "spearman")}
        blind = self.info.get("drug_blind_metrics")
        if blind:
            out["drug_blind_rmse"] = round(float(blind["test"]["rmse"]), 4)
            out["drug_blind_pearson"] = round(float(blind["test"]["pearson"]), 4)
        return out

    def featurize(self, mols: Sequence[Chem.Mol]) -> np.ndarray:
        if not mols:
            return np.empty((0, self.featurizer.dim), np.float32)
        return self.scaler.transform(self.featurizer.many(mols))

    @torch.inference_mode()
    def predict_features(self, drug_features: np.ndarray, cosmic_id: str) -> np.ndarray:
        """ln(IC50) for featurized molecules in one line (raises NoGenomicFeatures)."""
        cell = self.cells.vector(cosmic_id)
        out = []
        for i in range(0, len(drug_features), CHUNK):
            block = drug_features[i:i + CHUNK]
            x = np.concatenate([block, np.broadcast_to(cell, (len(block), len(cell)))], axis=1).astype(np.float64)
            out.append(self.network(torch.from_numpy(x).to(self.device)).squeeze(-1).cpu().numpy())
        target = self.info["target_scaler"]
        values = np.concatenate(out) if out else np.empty(0)
        return values * target["std"] + target["mean"]

    def predict(self, mols: Sequence[Chem.Mol], cosmic_id: str) -> np.ndarray:
        self.cells.vector(cosmic_id)  # fail before featurizing
        return self.predict_features(self.featurize(mols), cosmic_id)

    def nearest_training_drug(self, mols: Sequence[Chem.Mol]) -> list[tuple[str, float]]:
        """(name, Tanimoto on Morgan r2) of the most similar GDSC2 training drug, per molecule."""
        names = self.info["training_drugs"]["names"]
        out = []
        for mol in mols:
            sims = DataStructs.BulkTanimotoSimilarity(morgan_bits(mol), self.training_fps)
            best = int(np.argmax(sims))
            out.append((names[best], float(sims[best])))
        return out


_models: Cache[CellResponseModel] = Cache()


def get_model() -> CellResponseModel:
    """The cell-response model, loaded on first use and kept for the life of the process (thread-safe)."""
    return _models.get(WEIGHTS_PATH, _load)


def _load() -> CellResponseModel:
    return CellResponseModel.from_files(trained_file(WEIGHTS_PATH, "cell-response model"), device=pick_device())


CELL_LINE_ERRORS = (NoGenomicFeatures, UnknownCellLine)  # what resolve_cosmic raises, with a message for the user


def cell_line(model: CellResponseModel, value: Any) -> tuple[str, str]:
    """(COSMIC id, "NAME (COSMIC id)") of the line ``value`` names (raises one of ``CELL_LINE_ERRORS``)."""
    cosmic = resolve_cosmic(model, value)
    return cosmic, f"{model.cells.name(cosmic)} (COSMIC {cosmic})"


def resolve_cosmic(model: CellResponseModel, value: Any) -> str:
    """COSMIC id with genomic features for a COSMIC id (what the agent passes) or a name (direct callers).

    Raises NoGenomicFeatures or UnknownCellLine with a message for the user.
    """
    text = str(value).strip()
    if text in model.cells.index:
        return text
    cosmic = resolve_cell_line(value).cosmic_id
    model.cells.vector(cosmic)
    return cosmic


def response_trust(similarity: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
    """(± 90 % half-width in ln units, in-domain flags, threshold) for molecules with these nearest-GDSC2-drug
    similarities: a GDSC2 training drug gets the split-conformal width of the mixed split, any other molecule the
    drug-blind width, since the model has never seen it measured."""
    similarity = np.asarray(similarity, np.float64)
    threshold = get_domain(DOMAIN_PATH).threshold
    return response_calibration().halfwidth(0.0, novel=similarity < SAME_DRUG), similarity >= threshold, threshold


def response_calibration() -> Calibration:
    return get_calibration(CALIBRATION_PATH, "cell_response")


def interval_text() -> str:
    """The summary's sentence on what ± means for this model."""
    info = response_calibration().info
    return (f"± is a 90 % interval: {info['scale'] * info['floor']:.1f} ln units for the GDSC2 drugs themselves "
            f"({info['test']['coverage_90']:.0%} of test pairs inside), {info['novel_halfwidth']:.1f} for any other "
            "molecule (the drug-blind error).")


def far_sentence(far: int, threshold: float) -> str:
    """The summary's sentence on the chosen molecules that are far from every GDSC2 training drug."""
    return (f" {far} of them are far from every GDSC2 training drug (Tanimoto < {threshold:.2f}), where the "
            "response model is least reliable; treat the predictions as hypotheses.") if far else ""


def line_warning(model: CellResponseModel, cosmic_id: str) -> str | None:
    if model.cells.in_training[model.cells.index[cosmic_id]]:
        return None
    return (f"{model.cells.name(cosmic_id)} (COSMIC {cosmic_id}) has genomic features but no GDSC2 measurements the "
            "model was trained on; its predictions extrapolate from the genomic features alone and are less reliable.")
