"""What the drug-target tools share: a loaded PairNet checkpoint (``TargetPairModel``, ``get_model``) and the run
that turns SMILES and a protein sequence into rows, trust fields, a summary and a plot (``run_target_tool``).

Used by ``drug_target_affinity_regression_predict`` (model_zoo.tools.affinity) and
``drug_target_classification_predict`` (model_zoo.tools.target_interaction); each passes its own
``TargetToolConfig`` with its weights, columns and wording.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import torch
from rdkit import Chem

from model_zoo.applicability import (
    get_domain,
    measured_sentence,
    outside_sentence,
    trust_columns,
    protein_key,
    trust_fields,
)
from model_zoo.checkpoint import Checkpoint, load_checkpoint
from model_zoo.chem.featurizers import MorganCounts
from model_zoo.chem.proteins import InvalidSequence, normalize_sequence
from model_zoo.device import pick_device
from model_zoo.names.targets import tables as target_tables
from model_zoo.nn.interaction import KmerComposition, PairEnsemble, kmer_counts
from model_zoo.pipeline import (
    CHUNK,
    Cache,
    Fill,
    as_list,
    invalid_sentence,
    predict_rows,
    rows_text,
    table_files,
    table_result,
    trained_file,
)
from model_zoo.plots import given_names, rows_png
from model_zoo.results import ModelInfo, ToolResult, error_result
from model_zoo.specs import ToolSpec
from model_zoo.uncertainty import get_calibration


@dataclass
class NearestProtein:
    name: str | None  # training protein name where the data set has names (DAVIS), else None
    cosine: float  # amino-acid 3-mer cosine similarity, 0..1


@dataclass
class TargetPairModel:
    """A loaded drug-target checkpoint: featurizers + ensemble, predicting pKd (regression) or a probability."""

    network: PairEnsemble
    drug_featurizer: MorganCounts
    protein_featurizer: KmerComposition
    info: dict[str, Any]  # the checkpoint's ``extra``
    device: torch.device
    # training proteins' unit-norm 3-mer count vectors, sparse as (row, column, value) triplets (numpy only)
    _kmer_rows: np.ndarray = field(default_factory=lambda: np.empty(0, np.int64), repr=False)
    _kmer_cols: np.ndarray = field(default_factory=lambda: np.empty(0, np.int64), repr=False)
    _kmer_vals: np.ndarray = field(default_factory=lambda: np.empty(0, np.float64), repr=False)
    _protein_names: list[str | None] = field(default_factory=list, repr=False)

    @classmethod
    def from_checkpoint(cls, checkpoint: Checkpoint, device: torch.device | None = None) -> TargetPairModel:
        extra = checkpoint.extra
        drug = extra["drug_featurizer"]
        device = device or torch.device("cpu")
        network = checkpoint.build_as(PairEnsemble).to(device)
        model = cls(network, MorganCounts(drug["radius"], drug["fp_size"]),
                    KmerComposition(tuple(extra["protein_featurizer"]["blocks"])), extra, device)
        model._load_domain()
        return model

    def _load_domain(self) -> None:
        domain = self.info["domain"]
        rows, cols, vals = [], [], []
        for i, seq in enumerate(domain["protein_sequences"]):
            counts = kmer_counts(seq, 3)
            nonzero = np.flatnonzero(counts)
            norm = np.linalg.norm(counts)
            rows.append(np.full(len(nonzero), i))
            cols.append(nonzero)
            vals.append(counts[nonzero] / (norm if norm > 0 else 1.0))
        self._kmer_rows, self._kmer_cols, self._kmer_vals = (np.concatenate(rows), np.concatenate(cols),
                                                             np.concatenate(vals))
        names = domain.get("protein_names")
        self._protein_names = list(names) if names else [None] * len(domain["protein_sequences"])

    @property
    def kind(self) -> str:
        return self.info["task"]

    def predict(self, mols: Sequence[Chem.Mol], sequence: str) -> np.ndarray:
        """pKd (regression) or interaction probability (classification) of each molecule for the protein."""
        return self.predict_members(mols, sequence).mean(axis=0)

    @torch.inference_mode()
    def predict_members(self, mols: Sequence[Chem.Mol], sequence: str) -> np.ndarray:
        """(members, n): each ensemble member's pKd or probability (``predict`` is their mean)."""
        n_members = len(self.network.members)
        if not mols:
            return np.empty((n_members, 0))
        protein = torch.from_numpy(self.protein_featurizer.many([sequence])).to(self.device)
        out = []
        for i in range(0, len(mols), CHUNK):
            drugs = torch.from_numpy(self.drug_featurizer.many(mols[i:i + CHUNK])).to(self.device)
            ia = torch.arange(len(drugs), device=self.device)
            raw = self.network.forward_indexed(drugs, protein, ia, torch.zeros_like(ia)).squeeze(-1)  # (members, n)
            out.append(self.member_values(raw))
        return np.concatenate(out, axis=1)

    def member_values(self, raw: torch.Tensor) -> np.ndarray:
        """Raw network outputs (members, n) -> pKd or probabilities, per member."""
        if self.kind == "regression":
            scaler = self.info["target_scaler"]
            values = raw * scaler["std"] + scaler["mean"]
        else:
            values = torch.sigmoid(raw)
        return values.cpu().numpy().astype(np.float64)

    def nearest_protein(self, sequence: str) -> NearestProtein:
        counts = kmer_counts(sequence, 3)
        norm = np.linalg.norm(counts)
        if norm == 0 or not len(self._protein_names):
            return NearestProtein(None, 0.0)
        sims = np.bincount(self._kmer_rows, weights=self._kmer_vals * (counts / norm)[self._kmer_cols],
                           minlength=len(self._protein_names))
        best = float(sims.max())
        # Several training entries can share the best sequence (DAVIS lists point mutants with the wild-type
        # sequence): name the shortest name, usually the wild type, and count the others.
        tied = (self._protein_names[i] for i in np.flatnonzero(sims >= best - 1e-6))
        names = sorted({n for n in tied if n is not None}, key=lambda n: (len(n), n))
        name = (names[0] + (f" (and {len(names) - 1} more with the same sequence)" if len(names) > 1 else "")
                if names else None)
        return NearestProtein(name, min(1.0, best))


# --- loading --------------------------------------------------------------------------------------------------------

_models: Cache[TargetPairModel] = Cache()


def get_model(path: Path) -> TargetPairModel:
    """The model in ``path``, loaded on first use and kept for the life of the process (thread-safe)."""
    return _models.get(path, lambda: TargetPairModel.from_checkpoint(load_checkpoint(trained_file(path)),
                                                                     pick_device()))


# --- the tool run -----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TargetToolConfig:
    spec: ToolSpec
    weights: Path
    value_columns: tuple[str, ...]  # columns filled by ``fill_row``
    fill_row: Callable[[dict[str, Any], float], None]
    describe: Callable[[np.ndarray, list[dict[str, Any]], str], str]  # (values, computed rows, target text) -> text
    file_stem: str
    plot_title: str
    plot_unit: str
    plot_reference: float | None = None
    plot_limits: tuple[float, float] | None = None
    protein_word: str = "protein"  # "kinase" for DAVIS
    # trust: the model's key in calibration.json (its domain file is domain_<key>.npz next to the weights), how a
    # measured value reads, and a caveat the model always carries (e.g. a known data-set bias), from its info
    trust_key: str = ""
    measured_text: Callable[[float], str] = lambda value: f"{value:.2f}"
    caveat: Callable[[dict[str, Any]], str | None] = lambda info: None


def _calibration_text(kind: str, calibration: Any) -> str:
    test = calibration.info["test"]
    if kind == "regression":
        return (f"± is a 90 % interval from the ensemble's spread, calibrated on held-out pairs "
                f"({test['coverage_90']:.0%} of held-out test pairs fell inside).")
    return ("Probabilities are calibrated (Platt scaling on the validation split); on the test split the model "
            f"reaches {calibration.decision_metrics().replace(' on the test split', '')}.")


def target_name(sequence: str, nearest: NearestProtein, names: dict[str, str], given: str = "") -> str:
    """What a plot calls the target: the name the user's request resolved (``_labels``), the training protein whose
    sequence it is, or the closest one with its similarity; never the sequence."""
    if names.get(given) or names.get(sequence):
        return names.get(given) or names[sequence]
    known = _symbols_by_sequence().get(sequence)
    if known:
        return known
    base = (nearest.name or "").split(" (and ")[0]  # "EGFR (and 11 more with the same sequence)" -> "EGFR"
    if base and nearest.cosine >= 0.999:
        return base
    closest = f", closest {base} (3-mer cosine {nearest.cosine:.2f})" if base else ""
    return f"unnamed {len(sequence)}-residue sequence{closest}"


@lru_cache(maxsize=1)
def _symbols_by_sequence() -> dict[str, str]:
    """Gene symbol of each known DAVIS construct sequence (the wild type's symbol where mutants share one)."""
    out: dict[str, str] = {}
    for construct in sorted(target_tables().davis.values(), key=lambda c: not c.wild_type):
        out.setdefault(construct.sequence, construct.symbol)
    return out


def _target_text(sequence: str, nearest: NearestProtein, word: str) -> str:
    closest = (f"closest training {word}: {nearest.name}, 3-mer cosine {nearest.cosine:.2f}" if nearest.name
               else f"highest 3-mer cosine to a training {word}: {nearest.cosine:.2f}")
    return f"the given target ({len(sequence)} residues; {closest})"


def run_target_tool(args: dict[str, Any], config: TargetToolConfig) -> ToolResult:
    """One row per molecule, in input order; invalid SMILES are reported in their row, the rest are predicted."""
    smiles_list = as_list(args.get("drug_smiles"))
    if not isinstance(smiles_list, (list, tuple)):
        return error_result(config.spec.name, "drug_smiles must be a list of SMILES")
    try:
        sequence = normalize_sequence(args.get("target_seq"))
    except InvalidSequence as err:
        return error_result(config.spec.name, f"target_seq: {err}")
    model = get_model(config.weights)
    domain = model.info["domain"]["warn_below"]
    chem_domain = get_domain(config.weights.parent / f"domain_{config.trust_key}.npz")
    calibration = get_calibration(config.weights.parent / "calibration.json", config.trust_key)
    nearest = model.nearest_protein(sequence)
    far_rows: list[int] = []
    measured_rows: list[tuple[int, str]] = []

    def predict(mols: list[Chem.Mol]) -> Fill:
        members = model.predict_members(mols, sequence)
        if model.kind == "regression":
            predicted, uncertainty = members.mean(axis=0), calibration.halfwidth(members.std(axis=0))
        else:
            predicted, uncertainty = calibration.probability_spread(members)
        assessment = chem_domain.assess(mols, context=protein_key(sequence))

        def fill(row: dict[str, Any], k: int) -> None:
            config.fill_row(row, float(predicted[k]))
            measured = next(iter((assessment.measured[k] or {}).values()), None)
            row.update(trust_fields(uncertainty[k], assessment.similarity[k], assessment.in_domain[k],
                                    None if measured is None else round(measured, 3)))
            if not assessment.in_domain[k]:
                far_rows.append(row["row"])
            if measured is not None:
                measured_rows.append((row["row"], config.measured_text(measured)))
        return fill

    table = predict_rows(smiles_list, predict)
    rows, warnings, invalid_rows = table.rows, table.warnings, table.invalid

    computed = [row for row in rows if "error" not in row]
    n_train_mols = int(chem_domain.meta.get("n_training", len(chem_domain.fingerprints)))
    caveat = config.caveat(model.info) if computed else None
    if caveat:
        warnings.insert(0, caveat)
    if nearest.cosine < domain["protein_kmer3_cosine"]:
        warnings.append(
            f"target out of domain: the sequence is far from every training {config.protein_word} (highest amino-acid "
            f"3-mer cosine similarity {nearest.cosine:.2f} < {domain['protein_kmer3_cosine']}); treat the predictions "
            "as extrapolations")
    if far_rows:
        warnings.append(
            f"{len(far_rows)} molecule(s) ({rows_text(far_rows)}) are far from all {n_train_mols} training molecules "
            f"(highest Tanimoto < {chem_domain.threshold:.2f}): out of the model's chemical domain, treat their values "
            "as extrapolations")
    columns = ["row", "smiles", *config.value_columns, *trust_columns(chem_domain)]
    columns += ["error"] if invalid_rows else []
    values = np.array([row[config.value_columns[0]] for row in computed], dtype=np.float64)
    if not smiles_list:
        summary = "No SMILES given, nothing predicted."
    elif not computed:
        summary = f"Nothing predicted: none of the {len(invalid_rows)} SMILES is valid."
    else:
        summary = config.describe(values, computed, _target_text(sequence, nearest, config.protein_word))
        summary += " " + _calibration_text(model.kind, calibration)
        if far_rows:
            summary += " " + outside_sentence(len(far_rows), len(computed), threshold=chem_domain.threshold)
        if nearest.cosine < domain["protein_kmer3_cosine"]:
            summary += f" The target is unlike every training {config.protein_word}, so all values are extrapolations."
        elif nearest.cosine < 0.999:
            summary += (f" The target sequence is not one of the training {config.protein_word}s (closest: 3-mer "
                        f"cosine {nearest.cosine:.2f}).")
        if measured_rows:
            summary += " " + measured_sentence(measured_rows, chem_domain.meta.get("dataset", "training"))
        if caveat:
            summary += f" Caution: {caveat}."
    if computed:
        summary += invalid_sentence(invalid_rows)
    names = given_names(args)
    artifacts = table_files(config.file_stem, rows, columns, (lambda: rows_png(
        computed, config.value_columns[0],
        f"{config.plot_title}: {target_name(sequence, nearest, names, str(args.get('target_seq')))}", config.plot_unit,
        names=names, reference=config.plot_reference, limits=config.plot_limits, points=True)) if computed else None)
    return table_result(config.spec.name, rows, columns, summary, ModelInfo.from_checkpoint_info(model.info),
                        warnings, artifacts)
