"""Train, score and re-evaluate the model of ``drug_target_classification_predict`` (DrugBAN Human, random split).

    python -m model_zoo.train.target_interaction --data-dir ../shared/data --out model_zoo/weights/target_interaction
    python -m model_zoo.train.target_interaction --data-dir ../shared/data --out model_zoo/weights/target_interaction \\
        --evaluate

DrugBAN's Human random split (train / val / test CSVs with SMILES, Protein, Y). The configuration is chosen on
the validation split, early stopping uses it too; the test split is scored once, with the shipped float16
weights. Same architecture as the DAVIS affinity model (model_zoo.nn.interaction.PairNet), separate weights.
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
from rdkit import DataStructs

from model_zoo.checkpoint import load_checkpoint, roundtrip_state
from model_zoo.chem.mols import InvalidSmiles, parse_smiles
from model_zoo.chem.featurizers import MorganCounts
from model_zoo.nn.interaction import KmerComposition, PairEnsemble, PairNet, unit_kmer_matrix
from model_zoo.train.common import clean, fmt, provenance, render_card, sha256_of
from model_zoo.train.pairs import (
    PairConfig, PairTrainer, Pairs, TrainedPairNet, binary_metrics, card_provenance, raw_outputs, run_pair_trainer,
    save_pair_model, train_pair_net,
)

log = logging.getLogger(__name__)

MODULE = "model_zoo.train.target_interaction"
MODEL_VERSION = "1.0.0"
MODEL_NAME = "FP x k-mer PairNet ensemble (DrugBAN Human)"
FILE_STEM = "human"
SPLITS = ("train", "val", "test")
FILES = tuple(f"dti_drugban/human/random/{s}.csv" for s in SPLITS)
BASE = PairConfig(a_hidden=(256,), b_hidden=(256,), embed=128, head_hidden=(256,), dropout=0.2, lr=1e-3,
                  weight_decay=1e-5, batch_size=128, max_epochs=100, patience=15, max_seconds=1e9)
# Validation-only selection; every candidate is trained once with seed 0, the best then with ENSEMBLE_SEEDS.
SEARCH_GRID: tuple[PairConfig, ...] = tuple(replace(BASE, dropout=d, lr=lr) for d in (0.2, 0.4) for lr in (1e-3, 3e-4))
ENSEMBLE_SEEDS = (0, 1, 2, 3, 4)
ANCHORS = {"DrugBAN (Human, random split)": {"auroc": 0.982}}
SIMILARITY_WARNING = {"protein_kmer3_cosine": 0.3, "drug_tanimoto": 0.4}
SOURCE = ("DrugBAN's Human data set, random split (peizhenbai/DrugBAN@9923f8c9, datasets/human/random; MIT "
          "License), from Liu et al., Bioinformatics 2015, as used by TransformerCPI (Chen et al., Bioinformatics "
          "2020) and DrugBAN (Bai et al., Nat. Mach. Intell. 2023) (shared data README, section 3)")


@dataclass
class HumanData:
    frames: dict[str, pd.DataFrame]
    sha256: dict[str, str]
    dropped: int  # rows whose SMILES RDKit cannot parse


def load_human(data_dir: Path) -> HumanData:
    frames, dropped = {}, 0
    for split, file in zip(SPLITS, FILES):
        frame = pd.read_csv(data_dir / file)
        ok = []
        for s in frame.SMILES:
            try:
                parse_smiles(s)
                ok.append(True)
            except InvalidSmiles:
                ok.append(False)
        dropped += len(frame) - sum(ok)
        frames[split] = frame[ok].reset_index(drop=True)
    return HumanData(frames, {f: sha256_of(data_dir / f) for f in FILES}, dropped)


@dataclass
class Prepared:
    smiles: list[str]
    sequences: list[str]
    drug_table: np.ndarray
    protein_table: np.ndarray
    pairs: dict[str, Pairs]


def prepare(data: HumanData, drug_featurizer: MorganCounts, protein_featurizer: KmerComposition) -> Prepared:
    everything = pd.concat(data.frames.values())
    smiles = sorted(everything.SMILES.unique())
    sequences = sorted(everything.Protein.unique())
    s_index = {s: i for i, s in enumerate(smiles)}
    p_index = {s: i for i, s in enumerate(sequences)}
    pairs = {split: Pairs(f.SMILES.map(s_index).to_numpy(np.int64), f.Protein.map(p_index).to_numpy(np.int64),
                          f.Y.to_numpy(np.float64)) for split, f in data.frames.items()}
    return Prepared(smiles, sequences, drug_featurizer.many([parse_smiles(s) for s in smiles]),
                    protein_featurizer.many(sequences), pairs)


def predict_probability(model: PairNet | PairEnsemble, prep: Prepared, pairs: Pairs) -> np.ndarray:
    raw = raw_outputs(model, torch.from_numpy(prep.drug_table), torch.from_numpy(prep.protein_table), pairs.ia,
                      pairs.ib)
    return torch.sigmoid(raw.reshape(-1, len(pairs))).mean(dim=0).numpy().astype(np.float64)


def train_member(prep: Prepared, config: PairConfig) -> TrainedPairNet:
    val = prep.pairs["val"]

    def validate(model: PairNet) -> float:
        return binary_metrics(val.y, predict_probability(model, prep, val))["auroc"]

    return train_pair_net(prep.drug_table, prep.protein_table, prep.pairs["train"], "bce", 1, config, validate,
                          higher_is_better=True)


def subgroup_metrics(prep: Prepared, prob: np.ndarray) -> dict[str, Any]:
    """Test metrics for pairs whose protein / molecule is far from every training one (the tool's warnings)."""
    test, train = prep.pairs["test"], prep.pairs["train"]
    train_prot = sorted(set(train.ib.tolist()))
    ref = unit_kmer_matrix([prep.sequences[i] for i in train_prot])
    query = unit_kmer_matrix(prep.sequences)
    prot_sim = (query @ ref.T).max(axis=1)
    featurizer = MorganCounts()
    fps = [featurizer.bits(parse_smiles(s)) for s in prep.smiles]
    train_fps = [fps[i] for i in sorted(set(train.ia.tolist()))]
    drug_sim = np.array([max(DataStructs.BulkTanimotoSimilarity(fp, train_fps)) for fp in fps])
    groups = {
        "protein_far": prot_sim[test.ib] < SIMILARITY_WARNING["protein_kmer3_cosine"],
        "drug_far": drug_sim[test.ia] < SIMILARITY_WARNING["drug_tanimoto"],
        "protein_unseen": ~np.isin(test.ib, train.ib),
        "drug_unseen": ~np.isin(test.ia, train.ia),
    }
    out: dict[str, Any] = {}
    for name, mask in groups.items():
        y = test.y[mask]
        entry: dict[str, Any] = {"n": int(mask.sum()), "positives": int(y.sum())}
        if 0 < y.sum() < len(y):
            entry.update(binary_metrics(y, prob[mask]))
        out[name] = entry
    return out


def single_side_baselines(prep: Prepared) -> dict[str, dict[str, float]]:
    """Test metrics of logistic regressions that see only the molecule or only the protein: how much of the
    task each side alone explains (the Human set is known for a strong ligand bias)."""
    from sklearn.linear_model import LogisticRegression

    train, test = prep.pairs["train"], prep.pairs["test"]
    out = {}
    for name, table, train_idx, test_idx in (("molecule_only_logreg", prep.drug_table, train.ia, test.ia),
                                             ("protein_only_logreg", prep.protein_table, train.ib, test.ib)):
        model = LogisticRegression(C=0.1, max_iter=2000).fit(table[train_idx], train.y)
        out[name] = binary_metrics(test.y, model.predict_proba(table[test_idx])[:, 1])
    return out


@dataclass
class TrainResult:
    ensemble: PairEnsemble
    hparams: dict[str, Any]
    config: PairConfig
    trials: list[dict[str, Any]]
    members: list[dict[str, Any]]
    metrics: dict[str, Any]
    n: dict[str, int]
    seconds: float


def train_ensemble(prep: Prepared, grid: Sequence[PairConfig] = SEARCH_GRID,
                   seeds: Sequence[int] = ENSEMBLE_SEEDS) -> TrainResult:
    start = time.perf_counter()
    trials: list[dict[str, Any]] = []
    for config in grid if len(grid) > 1 else []:
        member = train_member(prep, config)
        trials.append({"config": config.as_dict(), "val_auroc": member.val_metric, "best_epoch": member.best_epoch})
        log.info("candidate dropout %.1f lr %g: val AUROC %.4f", config.dropout, config.lr, member.val_metric)
    config = grid[int(np.argmax([t["val_auroc"] for t in trials]))] if trials else grid[0]
    trained = [train_member(prep, replace(config, seed=seed)) for seed in seeds]
    hparams = {"n_members": len(trained), **config.net_kwargs(prep.drug_table.shape[1], prep.protein_table.shape[1],
                                                               1, False)}
    ensemble = PairEnsemble(**hparams)
    for target, member in zip(ensemble.members, trained):
        target.load_state_dict(member.model.state_dict())
    ensemble.load_state_dict(roundtrip_state(ensemble.state_dict()), strict=True)  # score what ships
    metrics: dict[str, Any] = {p: binary_metrics(prep.pairs[p].y, predict_probability(ensemble, prep, prep.pairs[p]))
                               for p in ("val", "test")}
    metrics["test_subgroups"] = subgroup_metrics(prep, predict_probability(ensemble, prep, prep.pairs["test"]))
    metrics["test_single_side_baselines"] = single_side_baselines(prep)
    members = [{"seed": s, "best_epoch": m.best_epoch, "epochs_run": m.epochs_run, "val_auroc": m.val_metric,
                "seconds": round(m.seconds, 1)} for s, m in zip(seeds, trained)]
    n = {f"{p}_pairs": len(prep.pairs[p]) for p in SPLITS}
    n.update(train_drugs=len(set(prep.pairs["train"].ia.tolist())),
             train_proteins=len(set(prep.pairs["train"].ib.tolist())))
    return TrainResult(ensemble, hparams, config, trials, members, metrics, n, time.perf_counter() - start)


# --- files --------------------------------------------------------------------------------------------------------


def save_model(result: TrainResult, prep: Prepared, data: HumanData, drug_featurizer: MorganCounts,
               protein_featurizer: KmerComposition, out_dir: Path, data_dir_arg: str, out_arg: str) -> Path:
    train = prep.pairs["train"]
    extra = clean({
        "tool": "drug_target_classification_predict",
        "model_name": MODEL_NAME,
        "version": MODEL_VERSION,
        "task": "classification",
        "unit": "probability",
        "drug_featurizer": drug_featurizer.config(),
        "protein_featurizer": protein_featurizer.config(),
        "metrics": result.metrics,
        "anchors": ANCHORS,
        "members": result.members,
        "selection": result.trials,
        "n": result.n,
        "split": {"kind": "DrugBAN Human random split", "files": list(FILES)},
        "train_config": result.config.as_dict(),
        "train_seconds": round(result.seconds, 1),
        "data": {"files": list(FILES), "sha256": data.sha256, "dropped_unparsable": data.dropped},
        "domain": {"smiles": [prep.smiles[i] for i in sorted(set(train.ia.tolist()))],
                   "protein_sequences": [prep.sequences[i] for i in sorted(set(train.ib.tolist()))],
                   "warn_below": SIMILARITY_WARNING},
        **provenance(MODULE, data_dir_arg, out_arg, numpy=True),
    })
    return save_pair_model(out_dir / f"{FILE_STEM}.pt", result.hparams, result.ensemble.state_dict(), extra,
                           model_card)


def _sub(entry: dict[str, Any]) -> str:
    if "auroc" not in entry:
        return f"n = {entry['n']} (one class only)"
    return f"n = {entry['n']}: AUROC {entry['auroc']:.3f}, AUPRC {entry['auprc']:.3f}"


def model_card(extra: dict[str, Any], size: int) -> str:
    cfg = PairConfig.from_dict(extra["train_config"])
    m, n, members, sub = extra["metrics"], extra["n"], extra["members"], extra["metrics"]["test_subgroups"]
    rows = [
        f"| **this model** | **{m['test']['auroc']:.3f}** | **{m['test']['auprc']:.3f}** | "
        f"{m['test']['accuracy']:.3f} |",
        *(f"| {name} (published) | {a['auroc']:.3f} | | |" for name, a in ANCHORS.items()),
        f"| this model, validation | {m['val']['auroc']:.3f} | {m['val']['auprc']:.3f} | {m['val']['accuracy']:.3f} |",
        *(f"| baseline: {name.replace('_', ' ')} (test) | {b['auroc']:.3f} | {b['auprc']:.3f} | {b['accuracy']:.3f} |"
          for name, b in m.get("test_single_side_baselines", {}).items()),
    ]
    return render_card(
        "target_interaction", model_name=MODEL_NAME, version=MODEL_VERSION, source=SOURCE,
        train_pairs=n["train_pairs"], val_pairs=n["val_pairs"], test_pairs=n["test_pairs"],
        train_drugs=n["train_drugs"], train_proteins=n["train_proteins"], dropped=extra["data"]["dropped_unparsable"],
        hashes=", ".join(f"`{f.split('/')[-1]}` `{h[:16]}…`" for f, h in extra["data"]["sha256"].items()),
        candidates=len(extra["selection"]), members=len(members), seeds=[mm["seed"] for mm in members],
        a_hidden=cfg.a_hidden[0], b_hidden=cfg.b_hidden[0], embed=cfg.embed, head_hidden=cfg.head_hidden[0],
        dropout=cfg.dropout, lr=cfg.lr, batch_size=cfg.batch_size, max_epochs=cfg.max_epochs, patience=cfg.patience,
        best_epochs=[mm["best_epoch"] for mm in members], metric_rows="\n".join(rows),
        warn_protein=SIMILARITY_WARNING["protein_kmer3_cosine"], warn_drug=SIMILARITY_WARNING["drug_tanimoto"],
        protein_far=_sub(sub["protein_far"]), drug_far=_sub(sub["drug_far"]),
        protein_unseen=_sub(sub["protein_unseen"]), drug_unseen=_sub(sub["drug_unseen"]),
        **card_provenance(extra, size, FILE_STEM))


def evaluate_saved(data: HumanData, out_dir: Path) -> dict[str, float]:
    """Re-score the shipped file on the test split through the tool's own prediction path (per protein)."""
    from model_zoo.target_models import TargetPairModel  # the tools import nothing from train

    model = TargetPairModel.from_checkpoint(load_checkpoint(out_dir / f"{FILE_STEM}.pt"))
    if model.info["data"]["sha256"] != data.sha256:
        log.warning("data files differ from the ones the model was trained on")
    test = data.frames["test"]
    prob = np.empty(len(test))
    for sequence, group in test.groupby("Protein", sort=False):
        prob[group.index.to_numpy()] = model.predict([parse_smiles(s) for s in group.SMILES], sequence)
    return binary_metrics(test.Y.to_numpy(np.float64), prob)


def train(data: HumanData, args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    """Train and save the model with its card: (its metrics.json entry, the line that reports it)."""
    out_dir = Path(args.out)
    drug_featurizer, protein_featurizer = MorganCounts(), KmerComposition()
    prep = prepare(data, drug_featurizer, protein_featurizer)
    result = train_ensemble(prep)
    save_model(result, prep, data, drug_featurizer, protein_featurizer, out_dir, args.data_dir, args.out)
    metrics = {
        "dataset": "DrugBAN Human", "split": "random", **result.metrics, "anchors": ANCHORS, "n": result.n,
        "members": result.members, "config": result.config.as_dict(), "selection": result.trials,
        "train_seconds": round(result.seconds, 1)}
    return metrics, f"human: test {fmt(result.metrics['test'])} (anchors {ANCHORS}) in {result.seconds:.0f} s"


def main(argv: Sequence[str] | None = None) -> int:
    return run_pair_trainer(PairTrainer(__doc__, "dti_drugban/", "target_interaction", FILE_STEM, model_card,
                                        load_human, evaluate_saved, train), argv)


if __name__ == "__main__":
    sys.exit(main())
