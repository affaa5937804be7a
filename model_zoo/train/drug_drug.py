"""Train, score and re-evaluate the DrugBank DDI-type model of ``drug_drug_response_predict`` (task=drugbank).

    python -m model_zoo.train.drug_drug --data-dir ../shared/data --out model_zoo/weights/drug_drug
    python -m model_zoo.train.drug_drug --data-dir ../shared/data --out model_zoo/weights/drug_drug --evaluate

The 86 DrugBank interaction types of DeepDDI, MR-GNN's train / valid / test split of the pairs. Interaction types
are directed ("#Drug1 increases the serum concentration of #Drug2"), so the model has 2 x 86 outputs: type t with
the first drug as #Drug1, and type t with the second drug as #Drug1. During training each pair is presented in a
random order (label mapped accordingly); at prediction time both orders are averaged
(``directed_type_probabilities``), so the answer does not depend on the order the user gives the pair in.

task=twosides is not trained: see the model card.
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
from sklearn.metrics import cohen_kappa_score, f1_score

from model_zoo.checkpoint import load_checkpoint, roundtrip_state
from model_zoo.chem.mols import parse_smiles
from model_zoo.chem.featurizers import MorganCounts
from model_zoo.nn.interaction import PairEnsemble, PairNet, directed_type_probabilities
from model_zoo.train.common import clean, fmt, provenance, render_card, sha256_of
from model_zoo.train.pairs import (
    PairConfig, PairTrainer, Pairs, TrainedPairNet, card_provenance, raw_outputs, run_pair_trainer, save_pair_model,
    train_pair_net,
)

log = logging.getLogger(__name__)

MODULE = "model_zoo.train.drug_drug"
MODEL_VERSION = "1.0.0"
MODEL_NAME = "FP PairNet, directed DDI types (DrugBank, 86 types)"
FILE_STEM = "drugbank"
N_TYPES = 86
FILES = ("ddi/drugbank/drugbank_ddi_mrgnn_splits.csv", "ddi/drugbank/drugbank_drug_smiles.csv",
         "ddi/drugbank/ddi_interaction_types.csv")
SPLITS = {"train": "training", "val": "validation", "test": "testing"}
CONFIG = PairConfig(a_hidden=(512,), b_hidden=(512,), embed=256, head_hidden=(512,), dropout=0.2, lr=1e-3,
                    weight_decay=1e-5, batch_size=1024, max_epochs=50, patience=4, max_seconds=1e9)
ENSEMBLE_SEEDS = (0, 1, 2)
VALIDATION_SAMPLE = 10_000  # validation pairs scored after each epoch (fixed sample); the full split at the end
ANCHORS = {
    "DeepDDI (86-way type accuracy, its own random split of the same DrugBank pairs)": {"accuracy": 0.924},
    "SSI-DDI (binary: true triple vs negative sample, not 86-way)": {"accuracy": 0.96},
}
SIMILARITY_WARNING = {"drug_tanimoto": 0.4}
SOURCE = ("DeepDDI's DrugBank set of 86 interaction types (Ryu et al., PNAS 2018; DrugBank 5, Wishart et al. 2018), "
          "with MR-GNN's train / valid / test split (prometheusXN/MR-GNN@dfe63821, datasets/ddi_*_cleaned.csv; "
          "ID, type and split columns kept) and SSI-DDI's drug SMILES and interaction-type sentences "
          "(kanz76/SSI-DDI@23e958f6, data/drug_smiles.csv and data/Interaction_information.csv) (shared data README, "
          "section 5)")


@dataclass
class DDIData:
    pairs: pd.DataFrame
    drugs: pd.DataFrame
    types: pd.DataFrame
    sha256: dict[str, str]


def load_ddi(data_dir: Path) -> DDIData:
    pairs = pd.read_csv(data_dir / FILES[0])
    drugs = pd.read_csv(data_dir / FILES[1])[["drug_id", "smiles"]].reset_index(drop=True)
    types = pd.read_csv(data_dir / FILES[2])
    return DDIData(pairs, drugs, types, {f: sha256_of(data_dir / f) for f in FILES})


@dataclass
class Prepared:
    drug_table: np.ndarray
    pairs: dict[str, Pairs]  # y = type index 0..85, first drug as #Drug1


def prepare(data: DDIData, featurizer: MorganCounts) -> Prepared:
    index = {d: i for i, d in enumerate(data.drugs.drug_id)}
    table = featurizer.many([parse_smiles(s) for s in data.drugs.smiles])
    pairs = {}
    for name, label in SPLITS.items():
        frame = data.pairs[data.pairs.split == label]
        pairs[name] = Pairs(frame.d1.map(index).to_numpy(np.int64), frame.d2.map(index).to_numpy(np.int64),
                            frame.ddi_type_minus1.to_numpy(np.int64))
    return Prepared(table, pairs)


def flip_label(y: torch.Tensor) -> torch.Tensor:
    """Directed class of the swapped pair: type t with #Drug1 first <-> type t with #Drug1 second."""
    return (y + N_TYPES) % (2 * N_TYPES)


def directed_probabilities(model: PairNet | PairEnsemble, table: np.ndarray, pairs: Pairs) -> np.ndarray:
    """(n, 2, 86): [:, 0] first drug is #Drug1, [:, 1] second drug is #Drug1 (both orders averaged)."""
    t = torch.from_numpy(table)
    out = []
    for i in range(0, len(pairs), 8192):
        ia, ib = pairs.ia[i:i + 8192], pairs.ib[i:i + 8192]
        out.append(directed_type_probabilities(raw_outputs(model, t, t, ia, ib), raw_outputs(model, t, t, ib, ia),
                                               N_TYPES))
    return torch.cat(out).numpy()


def ddi_metrics(y: np.ndarray, directed: np.ndarray) -> dict[str, float]:
    """Type metrics on the type probabilities (both directions summed) plus directed accuracy."""
    types = directed.sum(axis=1)
    pred = types.argmax(axis=1)
    top3 = np.argsort(-types, axis=1)[:, :3]
    flat = directed.reshape(len(y), -1).argmax(axis=1)  # 0..85: first drug is #Drug1 (as labelled)
    return {"accuracy": float(np.mean(pred == y)), "macro_f1": float(f1_score(y, pred, average="macro")),
            "weighted_f1": float(f1_score(y, pred, average="weighted")),
            "cohen_kappa": float(cohen_kappa_score(y, pred)),
            "top3_accuracy": float(np.mean((top3 == y[:, None]).any(axis=1))),
            "directed_accuracy": float(np.mean(flat == y))}


def train_member(prep: Prepared, config: PairConfig) -> TrainedPairNet:
    val = prep.pairs["val"]
    sample = val.subset(np.random.default_rng(12345).permutation(len(val))[:VALIDATION_SAMPLE])

    def validate(model: PairNet) -> float:
        return float(np.mean(directed_probabilities(model, prep.drug_table, sample).sum(axis=1).argmax(axis=1)
                             == sample.y))

    return train_pair_net(prep.drug_table, prep.drug_table, prep.pairs["train"], "ce", 2 * N_TYPES, config,
                          validate, higher_is_better=True, shared=True, flip=flip_label)


@dataclass
class TrainResult:
    ensemble: PairEnsemble
    hparams: dict[str, Any]
    members: list[dict[str, Any]]
    metrics: dict[str, dict[str, float]]
    n: dict[str, int]
    seconds: float


def train_ensemble(prep: Prepared, config: PairConfig = CONFIG, seeds: Sequence[int] = ENSEMBLE_SEEDS) -> TrainResult:
    start = time.perf_counter()
    trained = [train_member(prep, replace(config, seed=seed)) for seed in seeds]
    dim = prep.drug_table.shape[1]
    hparams = {"n_members": len(trained), **config.net_kwargs(dim, dim, 2 * N_TYPES, True)}
    ensemble = PairEnsemble(**hparams)
    for target, member in zip(ensemble.members, trained):
        target.load_state_dict(member.model.state_dict())
    ensemble.load_state_dict(roundtrip_state(ensemble.state_dict()), strict=True)  # score what ships
    metrics = {p: ddi_metrics(prep.pairs[p].y, directed_probabilities(ensemble, prep.drug_table, prep.pairs[p]))
               for p in ("val", "test")}
    members = [{"seed": s, "best_epoch": m.best_epoch, "epochs_run": m.epochs_run,
                "val_sample_accuracy": m.val_metric, "seconds": round(m.seconds, 1)} for s, m in zip(seeds, trained)]
    n = {f"{p}_pairs": len(prep.pairs[p]) for p in SPLITS} | {"drugs": len(prep.drug_table)}
    return TrainResult(ensemble, hparams, members, metrics, n, time.perf_counter() - start)


# --- files --------------------------------------------------------------------------------------------------------


def save_model(result: TrainResult, data: DDIData, featurizer: MorganCounts, out_dir: Path, data_dir_arg: str,
               out_arg: str) -> Path:
    extra = clean({
        "tool": "drug_drug_response_predict",
        "task": "drugbank",
        "model_name": MODEL_NAME,
        "version": MODEL_VERSION,
        "n_types": N_TYPES,
        "labels": "output t (< 86): DeepDDI 'DDI type t+1' with the first drug as #Drug1; output 86 + t: the same "
                  "type with the second drug as #Drug1 (model_zoo/data/ddi_interaction_types.csv)",
        "drug_featurizer": featurizer.config(),
        "metrics": result.metrics,
        "anchors": ANCHORS,
        "members": result.members,
        "n": result.n,
        "split": {"kind": "MR-GNN train / valid / test", "file": FILES[0]},
        "train_config": CONFIG.as_dict(),
        "train_seconds": round(result.seconds, 1),
        "data": {"files": list(FILES), "sha256": data.sha256},
        "domain": {"smiles": data.drugs.smiles.tolist(), "warn_below": SIMILARITY_WARNING},
        **provenance(MODULE, data_dir_arg, out_arg, numpy=True),
    })
    return save_pair_model(out_dir / f"{FILE_STEM}.pt", result.hparams, result.ensemble.state_dict(), extra,
                           model_card)


def model_card(extra: dict[str, Any], size: int) -> str:
    cfg = PairConfig.from_dict(extra["train_config"])
    m, n, members = extra["metrics"], extra["n"], extra["members"]
    seeds = ", ".join(str(member["seed"]) for member in members)
    networks = (f"One PairNet (seed {seeds})" if len(members) == 1 else
                f"Ensemble of {len(members)} PairNets (seeds {seeds}; their probabilities are averaged)")
    rows = [
        *(f"| **this model**, {p} | **{m[p]['accuracy']:.3f}** | {m[p]['macro_f1']:.3f} | {m[p]['weighted_f1']:.3f} | "
          f"{m[p]['cohen_kappa']:.3f} | {m[p]['top3_accuracy']:.3f} | {m[p]['directed_accuracy']:.3f} |"
          for p in ("test", "val")),
        *(f"| {name} | {a['accuracy']:.3f} | | | | | |" for name, a in ANCHORS.items()),
    ]
    return render_card(
        "drug_drug", model_name=MODEL_NAME, version=MODEL_VERSION, source=SOURCE, drugs=n["drugs"],
        train_pairs=n["train_pairs"], val_pairs=n["val_pairs"], test_pairs=n["test_pairs"],
        hashes=", ".join(f"`{f.split('/')[-1]}` `{h[:16]}…`" for f, h in extra["data"]["sha256"].items()),
        validation_sample=VALIDATION_SAMPLE, a_hidden=cfg.a_hidden[0], embed=cfg.embed,
        head_hidden=cfg.head_hidden[0], dropout=cfg.dropout, lr=cfg.lr, batch_size=cfg.batch_size,
        max_epochs=cfg.max_epochs, patience=cfg.patience, networks=networks,
        best_epochs=", ".join(str(member["best_epoch"]) for member in members),
        epochs_run=", ".join(str(member["epochs_run"]) for member in members), metric_rows="\n".join(rows),
        warn_drug=SIMILARITY_WARNING["drug_tanimoto"],
        **card_provenance(extra, size, FILE_STEM))


def evaluate_saved(data: DDIData, out_dir: Path) -> dict[str, float]:
    """Re-score the shipped file on the test split through the tool's own prediction path."""
    from model_zoo.tools.drug_drug import DDIModel  # the tools import nothing from train

    model = DDIModel.from_checkpoint(load_checkpoint(out_dir / f"{FILE_STEM}.pt"))
    if model.info["data"]["sha256"] != data.sha256:
        log.warning("data files differ from the ones the model was trained on")
    smiles = dict(zip(data.drugs.drug_id, data.drugs.smiles))
    mols = {d: parse_smiles(s) for d, s in smiles.items()}
    test = data.pairs[data.pairs.split == SPLITS["test"]]
    directed = model.predict([mols[d] for d in test.d1], [mols[d] for d in test.d2])
    return ddi_metrics(test.ddi_type_minus1.to_numpy(np.int64), directed)


def train(data: DDIData, args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    """Train and save the model with its card: (its metrics.json entry, the line that reports it)."""
    out_dir = Path(args.out)
    featurizer = MorganCounts()
    prep = prepare(data, featurizer)
    result = train_ensemble(prep)
    save_model(result, data, featurizer, out_dir, args.data_dir, args.out)
    metrics = {
        "dataset": "DrugBank DDI (DeepDDI 86 types)", "split": "MR-GNN", **result.metrics, "anchors": ANCHORS,
        "n": result.n, "members": result.members, "config": CONFIG.as_dict(),
        "train_seconds": round(result.seconds, 1)}
    return metrics, f"drugbank: test {fmt(result.metrics['test'])} in {result.seconds:.0f} s"


def main(argv: Sequence[str] | None = None) -> int:
    return run_pair_trainer(PairTrainer(__doc__, "ddi/drugbank/", "drug_drug", FILE_STEM, model_card, load_ddi,
                                        evaluate_saved, train), argv)


if __name__ == "__main__":
    sys.exit(main())
