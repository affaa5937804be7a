"""Train, score and re-evaluate the DAVIS model of ``drug_target_affinity_regression_predict`` (pKd).

    python -m model_zoo.train.affinity --data-dir ../shared/data --out model_zoo/weights/affinity
    python -m model_zoo.train.affinity --data-dir ../shared/data --out model_zoo/weights/affinity --evaluate

DAVIS setting 1 (DeepDTA's folds): ``fold_setting1 == "test"`` is the test split, scored once with the shipped
float16 weights. The model is an ensemble of PairNets (Morgan-count MLP x protein k-mer-composition MLP -> MLP
head); member k uses training fold ``train{k}`` for early stopping and the other four folds for training, so
the ensemble as a whole has seen all five training folds and never the test fold.
"""

from __future__ import annotations

import argparse
import logging
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import torch

from model_zoo.checkpoint import load_checkpoint, roundtrip_state
from model_zoo.chem.mols import parse_smiles
from model_zoo.chem.featurizers import MorganCounts
from model_zoo.nn.interaction import KmerComposition, PairEnsemble, PairNet
from model_zoo.train.common import clean, fmt, provenance, render_card, sha256_of
from model_zoo.train.pairs import (
    PairConfig, PairTrainer, Pairs, TrainedPairNet, card_provenance, raw_outputs, regression_metrics,
    run_pair_trainer, save_pair_model, train_pair_net,
)

log = logging.getLogger(__name__)

MODULE = "model_zoo.train.affinity"
MODEL_VERSION = "1.0.0"
MODEL_NAME = "FP x k-mer PairNet ensemble (DAVIS)"
FILE_STEM = "davis"
FILES = ("davis/pairs.csv", "davis/drugs.csv", "davis/proteins.csv")
CONFIG = PairConfig(a_hidden=(512,), b_hidden=(512,), embed=256, head_hidden=(512,), dropout=0.2, lr=1e-3,
                    weight_decay=1e-5, batch_size=512, max_epochs=150, patience=20, max_seconds=1e9)
VALIDATION_FOLDS = ("train0", "train1", "train2")  # one ensemble member per fold; seed = member index
TRAIN_FOLDS = ("train0", "train1", "train2", "train3", "train4")
ANCHORS = {"GraphDTA (GINConvNet)": {"mse": 0.229, "ci": 0.893}, "DeepDTA": {"mse": 0.261, "ci": 0.878}}
SIMILARITY_WARNING = {"protein_kmer3_cosine": 0.3, "drug_tanimoto": 0.4}
SOURCE = ("DAVIS kinase panel (Davis et al., Nat. Biotechnol. 2011) as prepared by DeepDTA "
          "(hkmztrk/DeepDTA@a546a843, data/davis; the repository has no license file; the same files ship with "
          "GraphDTA); long-format pairs.csv / drugs.csv / proteins.csv derived in the shared data folder "
          "(shared data README, section 2)")


@dataclass
class Davis:
    drugs: pd.DataFrame
    proteins: pd.DataFrame
    pairs: pd.DataFrame
    sha256: dict[str, str]


def load_davis(data_dir: Path) -> Davis:
    drugs = pd.read_csv(data_dir / FILES[1]).sort_values("drug_idx").reset_index(drop=True)
    proteins = pd.read_csv(data_dir / FILES[2]).sort_values("target_idx").reset_index(drop=True)
    pairs = pd.read_csv(data_dir / FILES[0])
    if not (drugs.drug_idx.to_numpy() == np.arange(len(drugs))).all():
        raise ValueError("drugs.csv: drug_idx is not 0..n-1")
    if not (proteins.target_idx.to_numpy() == np.arange(len(proteins))).all():
        raise ValueError("proteins.csv: target_idx is not 0..n-1")
    return Davis(drugs, proteins, pairs, {f: sha256_of(data_dir / f) for f in FILES})


@dataclass
class Prepared:
    drug_table: np.ndarray
    protein_table: np.ndarray
    pairs: Pairs  # y = raw pKd
    folds: np.ndarray
    y_mean: float
    y_std: float

    def fold(self, *names: str) -> Pairs:
        return self.pairs.subset(np.flatnonzero(np.isin(self.folds, names)))


def prepare(data: Davis, drug_featurizer: MorganCounts, protein_featurizer: KmerComposition) -> Prepared:
    drug_table = drug_featurizer.many([parse_smiles(s) for s in data.drugs.smiles])
    protein_table = protein_featurizer.many(data.proteins.sequence.tolist())
    pairs = Pairs(data.pairs.drug_idx.to_numpy(np.int64), data.pairs.target_idx.to_numpy(np.int64),
                  data.pairs.pKd.to_numpy(np.float64))
    folds = data.pairs.fold_setting1.astype(str).to_numpy()
    train_y = pairs.y[np.isin(folds, TRAIN_FOLDS)]
    return Prepared(drug_table, protein_table, pairs, folds, float(train_y.mean()), float(train_y.std()))


def predict_pkd(model: PairNet | PairEnsemble, prep: Prepared, pairs: Pairs) -> np.ndarray:
    """pKd for index pairs: members' standardized outputs, un-standardized and averaged."""
    raw = raw_outputs(model, torch.from_numpy(prep.drug_table), torch.from_numpy(prep.protein_table), pairs.ia,
                      pairs.ib)
    values = raw.reshape(-1, len(pairs)) * prep.y_std + prep.y_mean
    return values.mean(dim=0).numpy().astype(np.float64)


def standardized(prep: Prepared, pairs: Pairs) -> Pairs:
    return Pairs(pairs.ia, pairs.ib, (pairs.y - prep.y_mean) / prep.y_std)


def train_member(prep: Prepared, val_fold: str, config: PairConfig) -> TrainedPairNet:
    train = prep.fold(*[f for f in TRAIN_FOLDS if f != val_fold])
    val = prep.fold(val_fold)

    def validate(model: PairNet) -> float:
        return float(np.mean((predict_pkd(model, prep, val) - val.y) ** 2))

    return train_pair_net(prep.drug_table, prep.protein_table, standardized(prep, train), "mse", 1, config,
                          validate, higher_is_better=False)


@dataclass
class TrainResult:
    ensemble: PairEnsemble
    hparams: dict[str, Any]
    members: list[dict[str, Any]]
    metrics: dict[str, dict[str, float]]
    n: dict[str, int]
    seconds: float


def train_ensemble(prep: Prepared, config: PairConfig = CONFIG,
                   validation_folds: Sequence[str] = VALIDATION_FOLDS) -> TrainResult:
    start = time.perf_counter()
    trained = [train_member(prep, fold, replace(config, seed=i)) for i, fold in enumerate(validation_folds)]
    hparams = {"n_members": len(trained), **config.net_kwargs(prep.drug_table.shape[1], prep.protein_table.shape[1],
                                                               1, False)}
    ensemble = PairEnsemble(**hparams)
    for target, member in zip(ensemble.members, trained):
        target.load_state_dict(member.model.state_dict())
    ensemble.load_state_dict(roundtrip_state(ensemble.state_dict()), strict=True)  # score what ships
    test = prep.fold("test")
    metrics = {"test": regression_metrics(test.y, predict_pkd(ensemble, prep, test))}
    members = [{"validation_fold": fold, "seed": i, "best_epoch": m.best_epoch, "epochs_run": m.epochs_run,
                "val_mse": m.val_metric, "seconds": round(m.seconds, 1)}
               for i, (fold, m) in enumerate(zip(validation_folds, trained))]
    metrics["val_member_mean"] = {"mse": float(np.mean([m.val_metric for m in trained]))}
    n = {"train_pairs": int(np.isin(prep.folds, TRAIN_FOLDS).sum()), "test_pairs": len(test),
         "drugs": len(prep.drug_table), "proteins": len(prep.protein_table)}
    return TrainResult(ensemble, hparams, members, metrics, n, time.perf_counter() - start)


# --- files --------------------------------------------------------------------------------------------------------


def save_model(result: TrainResult, prep: Prepared, data: Davis, drug_featurizer: MorganCounts,
               protein_featurizer: KmerComposition, out_dir: Path, data_dir_arg: str, out_arg: str) -> Path:
    extra = clean({
        "tool": "drug_target_affinity_regression_predict",
        "model_name": MODEL_NAME,
        "version": MODEL_VERSION,
        "task": "regression",
        "unit": "pKd",
        "target_scaler": {"mean": prep.y_mean, "std": prep.y_std},
        "drug_featurizer": drug_featurizer.config(),
        "protein_featurizer": protein_featurizer.config(),
        "metrics": result.metrics,
        "anchors": ANCHORS,
        "members": result.members,
        "n": result.n,
        "split": {"kind": "DAVIS setting 1 (DeepDTA folds)", "test": "fold_setting1 == test",
                  "validation_folds": list(VALIDATION_FOLDS), "train_folds": list(TRAIN_FOLDS)},
        "train_config": CONFIG.as_dict(),
        "train_seconds": round(result.seconds, 1),
        "data": {"files": list(FILES), "sha256": data.sha256, "pairs": len(data.pairs)},
        # the training molecules and proteins, for similarity (applicability-domain) checks at prediction time
        "domain": {"smiles": data.drugs.smiles.tolist(), "protein_names": data.proteins.target_id.tolist(),
                   "protein_sequences": data.proteins.sequence.tolist(), "warn_below": SIMILARITY_WARNING},
        **provenance(MODULE, data_dir_arg, out_arg, numpy=True),
    })
    return save_pair_model(out_dir / f"{FILE_STEM}.pt", result.hparams, result.ensemble.state_dict(), extra,
                           model_card)


def model_card(extra: dict[str, Any], size: int) -> str:
    test, members, n = extra["metrics"]["test"], extra["members"], extra["n"]
    cfg = PairConfig.from_dict(extra["train_config"])
    return render_card(
        "affinity", model_name=MODEL_NAME, version=MODEL_VERSION, source=SOURCE, drugs=n["drugs"],
        proteins=n["proteins"], pairs=extra["data"]["pairs"],
        hashes=", ".join(f"`{f}` `{h[:16]}…`" for f, h in extra["data"]["sha256"].items()),
        test_pairs=n["test_pairs"], train_pairs=n["train_pairs"],
        validation_folds=", ".join(m["validation_fold"] for m in members),
        radius=extra["drug_featurizer"]["radius"], fp_size=extra["drug_featurizer"]["fp_size"],
        members=len(members), a_hidden=cfg.a_hidden[0], b_hidden=cfg.b_hidden[0], embed=cfg.embed,
        head_in=3 * cfg.embed, head_hidden=cfg.head_hidden[0], dropout=cfg.dropout,
        y_mean=f"{extra['target_scaler']['mean']:.3f}", y_std=f"{extra['target_scaler']['std']:.3f}", lr=cfg.lr,
        weight_decay=cfg.weight_decay, batch_size=cfg.batch_size, max_epochs=cfg.max_epochs, patience=cfg.patience,
        best_epochs=", ".join(str(m["best_epoch"]) for m in members),
        val_mse=", ".join(f"{m['val_mse']:.3f}" for m in members),
        mse=f"{test['mse']:.3f}", ci=f"{test['ci']:.3f}", pearson=f"{test['pearson']:.3f}", mae=f"{test['mae']:.3f}",
        anchor_rows="\n".join(f"| {name} (published, same split) | {m['mse']:.3f} | {m['ci']:.3f} | | |"
                              for name, m in ANCHORS.items()),
        warn_drug=SIMILARITY_WARNING["drug_tanimoto"], warn_protein=SIMILARITY_WARNING["protein_kmer3_cosine"],
        **card_provenance(extra, size, FILE_STEM))


def evaluate_saved(data: Davis, out_dir: Path) -> dict[str, float]:
    """Re-score the shipped file on the test fold through the tool's own prediction path."""
    from model_zoo.target_models import TargetPairModel  # the tools import nothing from train

    model = TargetPairModel.from_checkpoint(load_checkpoint(out_dir / f"{FILE_STEM}.pt"))
    if model.info["data"]["sha256"] != data.sha256:
        log.warning("data files differ from the ones the model was trained on")
    test = data.pairs[data.pairs.fold_setting1 == "test"]
    pred = np.empty(len(test))
    mols = [parse_smiles(s) for s in data.drugs.smiles]
    for target_idx, group in test.groupby("target_idx"):
        sequence = data.proteins.sequence[target_idx]
        pos = np.flatnonzero((test.target_idx == target_idx).to_numpy())
        pred[pos] = model.predict([mols[i] for i in group.drug_idx], sequence)
    return regression_metrics(test.pKd.to_numpy(np.float64), pred)


def train(data: Davis, args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    """Train and save the model with its card: (its metrics.json entry, the line that reports it)."""
    out_dir = Path(args.out)
    drug_featurizer, protein_featurizer = MorganCounts(), KmerComposition()
    prep = prepare(data, drug_featurizer, protein_featurizer)
    result = train_ensemble(prep)
    save_model(result, prep, data, drug_featurizer, protein_featurizer, out_dir, args.data_dir, args.out)
    metrics = {
        "dataset": "DAVIS", "split": "setting1", **result.metrics, "anchors": ANCHORS, "n": result.n,
        "members": result.members, "config": CONFIG.as_dict(), "train_seconds": round(result.seconds, 1)}
    return metrics, f"davis: test {fmt(result.metrics['test'])} (anchors {ANCHORS}) in {result.seconds:.0f} s"


def main(argv: Sequence[str] | None = None) -> int:
    return run_pair_trainer(PairTrainer(__doc__, "davis/", "affinity", FILE_STEM, model_card, load_davis,
                                        evaluate_saved, train), argv)


if __name__ == "__main__":
    sys.exit(main())
