"""Training loop and metrics shared by the three pair models (affinity, target interaction, drug-drug).

Pairs are row indices into two feature tables (drugs x proteins, or drugs x drugs), so each distinct molecule
or protein is featurized once and, within a batch, encoded once.
"""

from __future__ import annotations

import argparse
import logging
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Literal, TypeVar

import numpy as np
import torch
from sklearn.metrics import average_precision_score, roc_auc_score
from torch import nn

from model_zoo.checkpoint import load_checkpoint, save_checkpoint
from model_zoo.nn.interaction import PairEnsemble, PairNet
from model_zoo.train.common import (
    clean,
    config_dict,
    report_rescore,
    start_trainer,
    trainer_parser,
    update_metrics_file,
)

log = logging.getLogger(__name__)

LossKind = Literal["mse", "bce", "ce"]
D = TypeVar("D")


@dataclass(frozen=True)
class PairConfig:
    a_hidden: tuple[int, ...] = (512,)
    b_hidden: tuple[int, ...] = (512,)
    embed: int = 256
    head_hidden: tuple[int, ...] = (512,)
    dropout: float = 0.2
    lr: float = 1e-3
    weight_decay: float = 1e-5
    batch_size: int = 256
    max_epochs: int = 200
    patience: int = 20
    seed: int = 0
    max_seconds: float = 600.0  # wall-clock cap per member; the best validation epoch so far is kept

    def as_dict(self) -> dict[str, Any]:
        return config_dict(self)

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> PairConfig:
        """The config ``as_dict`` wrote (its lists back to tuples)."""
        fields: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in stored.items()}
        return cls(**fields)

    def net_kwargs(self, a_dim: int, b_dim: int, out_dim: int, shared: bool) -> dict[str, Any]:
        return {"a_dim": a_dim, "b_dim": b_dim, "a_hidden": list(self.a_hidden), "b_hidden": list(self.b_hidden),
                "embed": self.embed, "head_hidden": list(self.head_hidden), "out_dim": out_dim,
                "dropout": self.dropout, "shared": shared}


@dataclass
class Pairs:
    """Pairs as indices into the two tables, with their targets (float for mse/bce, int class for ce)."""

    ia: np.ndarray
    ib: np.ndarray
    y: np.ndarray

    def __len__(self) -> int:
        return len(self.y)

    def subset(self, idx: np.ndarray) -> Pairs:
        return Pairs(self.ia[idx], self.ib[idx], self.y[idx])


@dataclass
class TrainedPairNet:
    model: PairNet
    best_epoch: int
    val_metric: float
    epochs_run: int
    seconds: float


@torch.no_grad()
def raw_outputs(model: PairNet | PairEnsemble, table_a: torch.Tensor, table_b: torch.Tensor, ia: np.ndarray,
                ib: np.ndarray, batch_size: int = 8192) -> torch.Tensor:
    """Model outputs for index pairs, in order: (n, out) for a PairNet, (members, n, out) for an ensemble."""
    model.eval()
    ta, tb = torch.as_tensor(np.array(ia, dtype=np.int64)), torch.as_tensor(np.array(ib, dtype=np.int64))
    parts = [model.forward_indexed(table_a, table_b, ta[i:i + batch_size], tb[i:i + batch_size])
             for i in range(0, len(ta), batch_size)]
    return torch.cat(parts, dim=-2)


def train_pair_net(
    table_a: np.ndarray, table_b: np.ndarray, train: Pairs, loss: LossKind, out_dim: int, config: PairConfig,
    validate: Callable[[PairNet], float], higher_is_better: bool, shared: bool = False,
    flip: Callable[[torch.Tensor], torch.Tensor] | None = None,
) -> TrainedPairNet:
    """Train one PairNet, keeping the epoch with the best ``validate(model)`` value; stop after
    ``config.patience`` epochs without improvement, or when ``config.max_seconds`` have passed.

    ``flip`` (drug-drug only): each batch, a random half of the pairs is swapped (b, a) and its label mapped
    through ``flip``, so the model learns both orientations.
    """
    start = time.perf_counter()
    torch.manual_seed(config.seed)
    generator = torch.Generator().manual_seed(config.seed)
    model = PairNet(**config.net_kwargs(table_a.shape[1], table_b.shape[1], out_dim, shared))
    optimizer = torch.optim.AdamW(model.parameters(), lr=config.lr, weight_decay=config.weight_decay)
    loss_fn: nn.Module = {"mse": nn.MSELoss(), "bce": nn.BCEWithLogitsLoss(), "ce": nn.CrossEntropyLoss()}[loss]
    ta, tb = torch.from_numpy(table_a), torch.from_numpy(table_b)
    ia, ib = torch.as_tensor(np.array(train.ia, dtype=np.int64)), torch.as_tensor(np.array(train.ib, dtype=np.int64))
    y = torch.as_tensor(np.array(train.y, dtype=np.int64 if loss == "ce" else np.float32))
    best = (-np.inf if higher_is_better else np.inf, 0, {k: v.clone() for k, v in model.state_dict().items()})
    epoch = 0
    for epoch in range(1, config.max_epochs + 1):
        model.train()
        for batch in torch.randperm(len(y), generator=generator).split(config.batch_size):
            a, b, target = ia[batch], ib[batch], y[batch]
            if flip is not None:
                swap = torch.rand(len(batch), generator=generator) < 0.5
                a, b = torch.where(swap, b, a), torch.where(swap, a, b)
                target = torch.where(swap, flip(target), target)
            out = model.forward_indexed(ta, tb, a, b)
            optimizer.zero_grad()
            loss_fn(out if loss == "ce" else out.squeeze(1), target).backward()
            optimizer.step()
        metric = validate(model)
        improved = (metric > best[0]) if higher_is_better else (metric < best[0])
        if improved:
            best = (metric, epoch, {k: v.clone() for k, v in model.state_dict().items()})
        log.info("seed %d epoch %d val %.4f%s (%.0f s)", config.seed, epoch, metric, " *" if improved else "",
                 time.perf_counter() - start)
        if epoch - best[1] >= config.patience or time.perf_counter() - start > config.max_seconds:
            break
    model.load_state_dict(best[2])
    return TrainedPairNet(model.eval(), best[1], float(best[0]), epoch, time.perf_counter() - start)


# --- metrics ------------------------------------------------------------------------------------------------------


def concordance_index(y: np.ndarray, pred: np.ndarray) -> float:
    """DeepDTA's CI: over pairs with y_i > y_j, the fraction with pred_i > pred_j (prediction ties count 1/2).

    Exact, O(n log n): sort by y, then count, for each item, the predictions of strictly smaller-y items below it.
    """
    y = np.asarray(y, dtype=np.float64)
    pred = np.asarray(pred, dtype=np.float64)
    order = np.argsort(y, kind="mergesort")
    y, pred = y[order], pred[order]
    ranks = np.unique(pred, return_inverse=True)[1]
    tree = np.zeros(ranks.max() + 2, dtype=np.int64)  # Fenwick tree over prediction ranks

    def add(i: int) -> None:
        i += 1
        while i < len(tree):
            tree[i] += 1
            i += i & -i

    def count_le(i: int) -> int:  # items added with rank <= i
        i += 1
        total = 0
        while i > 0:
            total += tree[i]
            i -= i & -i
        return total

    concordant = 0.0
    pairs = 0
    added = 0
    start = 0
    n = len(y)
    while start < n:
        end = start
        while end < n and y[end] == y[start]:
            end += 1
        for i in range(start, end):  # compare with all strictly smaller y (already added)
            below = count_le(ranks[i] - 1) if ranks[i] > 0 else 0
            ties = count_le(ranks[i]) - below
            concordant += below + 0.5 * ties
            pairs += added
        for i in range(start, end):
            add(ranks[i])
        added += end - start
        start = end
    return concordant / pairs if pairs else float("nan")


def regression_metrics(y: np.ndarray, pred: np.ndarray) -> dict[str, float]:
    err = np.asarray(pred, np.float64) - np.asarray(y, np.float64)
    return {"mse": float(np.mean(err**2)), "ci": concordance_index(y, pred),
            "pearson": float(np.corrcoef(y, pred)[0, 1]), "mae": float(np.mean(np.abs(err)))}


def binary_metrics(y: np.ndarray, prob: np.ndarray) -> dict[str, float]:
    return {"auroc": float(roc_auc_score(y, prob)), "auprc": float(average_precision_score(y, prob)),
            "accuracy": float(np.mean((prob >= 0.5) == (y >= 0.5)))}


def set_seeds(seed: int) -> None:
    np.random.seed(seed)
    torch.manual_seed(seed)


# --- files --------------------------------------------------------------------------------------------------------


def pair_parser(description: str | None, holds: str, name: str) -> argparse.ArgumentParser:
    """The command line every pair-model trainer shares: the common one, one thread, and ``--card-only``."""
    parser = trainer_parser(description, holds, name, threads=1)
    parser.add_argument("--card-only", action="store_true",
                        help="rewrite the model card from the saved model (into --report-dir if given, else --out)")
    return parser


def write_card(card: Callable[[dict[str, Any], int], str], checkpoint: Path, dest: Path) -> None:
    """(Re)write a pair model's card, ``card(extra, file size)``, from its checkpoint alone into ``dest``."""
    dest.mkdir(parents=True, exist_ok=True)
    text = card(load_checkpoint(checkpoint).extra, checkpoint.stat().st_size)
    (dest / checkpoint.with_suffix(".md").name).write_text(text)


def save_pair_model(path: Path, hparams: dict[str, Any], state: dict[str, torch.Tensor], extra: dict[str, Any],
                    card: Callable[[dict[str, Any], int], str]) -> Path:
    """Save a pair ensemble's checkpoint and write its card beside it."""
    save_checkpoint(path, "pair_ensemble", hparams, state, extra)
    write_card(card, path, path.parent)
    return path


def card_provenance(extra: dict[str, Any], size: int, stem: str) -> dict[str, str]:
    """The placeholders every pair model's card fills from its checkpoint: commands, file, time, software."""
    return {"train_command": extra["train_command"], "evaluate_command": extra["evaluate_command"], "stem": stem,
            "minutes": f"{extra['train_seconds'] / 60:.1f}", "torch": extra["software"]["torch"],
            "rdkit": extra["software"]["rdkit"], "mib": f"{size / 2**20:.1f}"}


@dataclass(frozen=True)
class PairTrainer(Generic[D]):
    """A pair-model trainer's own parts; ``run_pair_trainer`` drives them from the shared command line."""

    description: str | None
    holds: str  # what --data-dir must hold
    name: str  # the model's folder under model_zoo/weights
    stem: str  # the checkpoint's file stem, also the label of a re-score
    card: Callable[[dict[str, Any], int], str]  # (checkpoint extra, file size) -> model card
    load: Callable[[Path], D]  # the data set, from --data-dir
    evaluate: Callable[[D, Path], dict[str, float]]  # test metrics of the model saved in a folder
    train: Callable[[D, argparse.Namespace], tuple[dict[str, Any], str]]  # (metrics.json entry, report line)


def run_pair_trainer(trainer: PairTrainer[D], argv: Sequence[str] | None) -> int:
    """--card-only rewrites the card, --evaluate re-scores the saved model (0 when its metrics match), else train."""
    args = start_trainer(pair_parser(trainer.description, trainer.holds, trainer.name), argv)
    data_dir, out_dir = Path(args.data_dir), Path(args.out)
    checkpoint = out_dir / f"{trainer.stem}.pt"
    if args.card_only:
        write_card(trainer.card, checkpoint, args.report_dir or out_dir)
        return 0
    data = trainer.load(data_dir)
    if args.evaluate:
        stored = load_checkpoint(checkpoint).extra["metrics"]["test"]
        return report_rescore(trainer.stem, trainer.evaluate(data, out_dir), stored, args.report_dir)
    metrics, report = trainer.train(data, args)
    update_metrics_file(out_dir, {trainer.stem: clean(metrics)})
    print(report)
    return 0
