"""Score a property model's training procedure on chemprop's balanced scaffold splits, one per seed.

    python -m model_zoo.train.split_study --data-dir ../shared/data [--task p_np] [--seeds 5] [--out FILE.json]
        [--config search|shipped]

The shipped models are scored once, on one deterministic scaffold split (``property.scaffold_split``); published
BBBP numbers (chemprop, Yang et al. 2019) are means over several *balanced* scaffold splits. For each seed
0..N-1 this builds chemprop v1's ``scaffold_balanced`` split (``balanced_scaffold_split``), runs the trainer's own
procedure on it (``property.train_property``: configuration chosen from the same grid on that seed's validation
split, one member per ensemble seed with early stopping on validation, float16 round trip) and scores the test
split once. With ``--config shipped`` the shipped model's configuration (from its checkpoint) is used as is, so
validation only stops training early. It prints each seed and the mean ± sd; with ``--out`` it also writes them
to a JSON file (no weights are written, and the shipped model is not touched).
"""

from __future__ import annotations

import argparse
import json
import logging
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import torch

from model_zoo.checkpoint import load_checkpoint
from model_zoo.chem.featurizers import MolFeaturizer
from model_zoo.chem.mols import parse_smiles
from model_zoo.train.common import SPLIT_FRACTIONS, Split, clean, command, config_dict, fmt, software
from model_zoo.train.property import TASKS, TrainConfig, load_dataset, scaffold_groups, train_property

log = logging.getLogger(__name__)

MODULE = "model_zoo.train.split_study"
SPLIT_NAME = "scaffold_balanced (chemprop v1)"


def balanced_scaffold_split(smiles: Sequence[str], seed: int, fractions: Sequence[float] = SPLIT_FRACTIONS) -> Split:
    """chemprop v1's ``scaffold_split(..., balanced=True)`` (``chemprop/data/scaffold.py``): scaffold sets larger
    than half the validation or test size come first, the rest after them, each list shuffled with
    ``random.Random(seed)``; sets then fill train while they fit, then validation, and the remainder is test.
    Same rows in the same order give the same partition as chemprop v1 (scaffold sets in order of first
    appearance; indices are returned sorted within each part).

    chemprop 2.x's ``SplitType.SCAFFOLD_BALANCED`` is a different algorithm (astartes' scaffold sampler: small
    clusters shuffled, filling test first), so it is not used here."""
    n = len(smiles)
    train_size, val_size, test_size = (f * n for f in fractions)
    big: list[list[int]] = []
    small: list[list[int]] = []
    for group in scaffold_groups(smiles).values():
        (big if len(group) > val_size / 2 or len(group) > test_size / 2 else small).append(group)
    rng = random.Random(seed)
    rng.shuffle(big)
    rng.shuffle(small)
    train: list[int] = []
    val: list[int] = []
    test: list[int] = []
    for group in big + small:
        if len(train) + len(group) <= train_size:
            train += group
        elif len(val) + len(group) <= val_size:
            val += group
        else:
            test += group
    return np.array(sorted(train), dtype=int), np.array(sorted(val), dtype=int), np.array(sorted(test), dtype=int)


def shipped_config(weights_dir: Path, task_name: str) -> TrainConfig:
    """The training configuration stored in the shipped checkpoint ``{task_name}.pt`` (the seed is per member)."""
    stored = dict(load_checkpoint(weights_dir / f"{task_name}.pt").extra["train_config"])
    return TrainConfig(**{**stored, "hidden": tuple(stored["hidden"])})


def study(task_name: str, data_dir: Path, seeds: Sequence[int], grid: Sequence[TrainConfig] | None = None
          ) -> dict[str, Any]:
    """Train and score the task's procedure (configuration chosen from ``grid``, by default the trainer's) on each
    seed's balanced scaffold split; the per-seed records and the mean ± sd (population sd, as chemprop reports) of
    every metric."""
    task = TASKS[task_name]
    data = load_dataset(data_dir, task)
    featurizer = MolFeaturizer()
    features = featurizer.many([parse_smiles(s) for s in data.smiles])  # the same rows for every split
    start = time.perf_counter()
    runs: list[dict[str, Any]] = []
    for seed in seeds:
        split = balanced_scaffold_split(data.smiles, seed)
        result, _ = train_property(task, data, featurizer, split, features, grid)
        runs.append({"seed": seed, "val": result.metrics["val"], "test": result.metrics["test"], "n": result.n,
                     "test_positives": int(data.y[split[2]].sum()) if task.kind == "classification" else None,
                     "config": config_dict(result.config), "best_epochs": result.best_epochs,
                     "train_seconds": round(result.seconds, 1)})
        print(f"{task_name} seed {seed}: test {fmt(result.metrics['test'])} (val {fmt(result.metrics['val'])}; "
              f"{result.n['train']}/{result.n['val']}/{result.n['test']}) in {result.seconds:.0f} s", flush=True)
    summary = {part: {k: {"mean": float(np.mean([r[part][k] for r in runs])),
                          "sd": float(np.std([r[part][k] for r in runs]))} for k in runs[0][part]}
               for part in ("val", "test")}
    return {"task": task_name, "dataset": task.dataset, "data": {"file": task.file, "sha256": data.sha256},
            "split": {"kind": SPLIT_NAME, "fractions": list(SPLIT_FRACTIONS), "seeds": list(seeds)},
            "ensemble_members": len(runs[0]["best_epochs"]), **summary, "runs": runs,
            "seconds": round(time.perf_counter() - start, 1), "threads": torch.get_num_threads()}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data-dir", required=True, help="shared data folder (holds moleculenet/)")
    parser.add_argument("--task", choices=sorted(TASKS), default="p_np")
    parser.add_argument("--seeds", type=int, default=5, help="split seeds 0..N-1 (default 5, as chemprop's folds)")
    parser.add_argument("--out", type=Path, default=None, help="write the result to this JSON file (else nothing)")
    parser.add_argument("--config", choices=("search", "shipped"), default="search",
                        help="search: choose from the trainer's grid on each split's validation (default); "
                             "shipped: the configuration of the shipped checkpoint in --weights")
    parser.add_argument("--weights", type=Path, default=Path("model_zoo/weights/property"),
                        help="with --config shipped: the folder of the shipped checkpoints")
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(message)s")
    torch.set_num_threads(args.threads)
    grid = (shipped_config(args.weights, args.task),) if args.config == "shipped" else None
    result = study(args.task, Path(args.data_dir), range(args.seeds), grid)
    result["config"] = args.config
    for k, v in result["test"].items():
        print(f"{args.task} test {k}: {v['mean']:.3f} ± {v['sd']:.3f} over {args.seeds} {SPLIT_NAME} splits")
    print(f"{result['seconds']:.0f} s on {result['threads']} thread(s)")
    if args.out:
        options = ["--task", args.task, "--seeds", str(args.seeds), *(["--config", "shipped"] if grid else [])]
        result["command"] = command(MODULE, args.data_dir, str(args.out), options)
        result["software"] = software()
        args.out.write_text(json.dumps(clean(result), indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
