"""What every trainer shares: its command line, the commands written into cards, metrics files, the random
split, and the model-card templates (``model_zoo/train/cards/<kind>.md``, ``string.Template`` syntax).

Evaluation never writes into the shipped files unless asked: ``--evaluate`` reads the model in ``--out`` and
writes what it measured to ``--report-dir`` (if given); ``--write`` also refreshes the shipped files in ``--out``
where a trainer has measured numbers to refresh (benchmarks).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import logging
import platform
import shlex
from collections.abc import Sequence
from dataclasses import asdict
from importlib import resources
from pathlib import Path
from string import Template
from typing import Any

import numpy as np
import rdkit
import torch

SPLIT_SEED = 0
SPLIT_FRACTIONS = (0.8, 0.1, 0.1)
Split = tuple[np.ndarray, np.ndarray, np.ndarray]
EVALUATION_FILE = "evaluation.json"


# --- command line -------------------------------------------------------------------------------------------------


def trainer_parser(description: str | None, holds: str, name: str, threads: int = 2) -> argparse.ArgumentParser:
    """The options every trainer has; a trainer adds its own."""
    parser = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data-dir", required=True, help=f"shared data folder (holds {holds})")
    parser.add_argument("--out", default=f"model_zoo/weights/{name}",
                        help="the model's folder: training writes .pt, .md and metrics.json here, --evaluate reads it")
    parser.add_argument("--evaluate", action="store_true", help="re-score the saved model instead of training")
    parser.add_argument("--report-dir", type=Path, default=None,
                        help="with --evaluate: write what was measured here (nothing is written without it)")
    parser.add_argument("--write", action="store_true",
                        help="with --evaluate: also refresh the measured numbers in the shipped files under --out "
                             "(where a model has any: benchmark metrics and cards)")
    parser.add_argument("--threads", type=int, default=threads)
    return parser


def start_trainer(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace:
    """A trainer's parsed command line, with logging at INFO (timed lines) and ``--threads`` torch threads."""
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    torch.set_num_threads(args.threads)
    return args


def portable(path: str, placeholder: str) -> str:
    """Paths go into files only when relative; an absolute one is replaced by a placeholder."""
    return placeholder if Path(path).is_absolute() else path


def command(module: str, data_dir: str, out: str, options: Sequence[str] = (), evaluate: bool = False) -> str:
    """The shell command that trains (or with ``evaluate`` re-scores) a model, as written into its card."""
    parts = ["python", "-m", module, "--data-dir", portable(data_dir, "$DATA_DIR"), "--out", portable(out, "$OUT_DIR"),
             *options]
    return shlex.join(parts + (["--evaluate"] if evaluate else []))


def software(numpy: bool = False) -> dict[str, str]:
    """The versions that trained a model (numpy's too where a trainer has always recorded it)."""
    versions = {"torch": str(torch.__version__), "rdkit": str(rdkit.__version__)}
    if numpy:
        versions["numpy"] = str(np.__version__)
    return {**versions, "python": platform.python_version()}


def provenance(module: str, data_dir: str, out: str, options: Sequence[str] = (), numpy: bool = False
               ) -> dict[str, Any]:
    """A checkpoint's record of how it was made: the commands that train and re-score it, and the software."""
    return {"train_command": command(module, data_dir, out, options),
            "evaluate_command": command(module, data_dir, out, options, evaluate=True),
            "software": software(numpy)}


def fmt(metrics: dict[str, float]) -> str:
    return ", ".join(f"{k} {v:.3f}" for k, v in metrics.items())


def config_dict(config: Any) -> dict[str, Any]:
    """A training-config dataclass as JSON-able data (tuples become lists)."""
    return {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(config).items()}


# --- data ---------------------------------------------------------------------------------------------------------


def random_split(n: int, seed: int = SPLIT_SEED, fractions: Sequence[float] = SPLIT_FRACTIONS) -> Split:
    """Train / validation / test row indices of a seeded random permutation."""
    order = np.random.default_rng(seed).permutation(n)
    n_train, n_val = int(fractions[0] * n), int(fractions[1] * n)
    return order[:n_train], order[n_train:n_train + n_val], order[n_train + n_val:]


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def clean(value: Any) -> Any:
    """Plain python types only (numpy scalars -> float/int), as ``torch.load(weights_only=True)`` and JSON need."""
    if isinstance(value, dict):
        return {str(k): clean(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [clean(v) for v in value]
    if isinstance(value, np.generic):
        return value.item()
    return value


# --- files --------------------------------------------------------------------------------------------------------


def update_json_file(path: Path, entries: dict[str, Any]) -> None:
    """Merge ``entries`` into a JSON object file (other keys are kept), sorted by key."""
    merged = json.loads(path.read_text()) if path.exists() else {}
    merged.update(entries)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(dict(sorted(merged.items())), indent=2) + "\n")


def update_metrics_file(out_dir: Path, entries: dict[str, Any]) -> None:
    update_json_file(out_dir / "metrics.json", entries)


def render_card(kind: str, **values: Any) -> str:
    """The model card ``cards/<kind>.md`` with its ``$placeholders`` filled (every one must be given)."""
    template = resources.files("model_zoo.train.cards").joinpath(f"{kind}.md").read_text(encoding="utf-8")
    return Template(template).substitute(values)


def report_rescore(label: str, fresh: dict[str, float], stored: dict[str, float],
                   report_dir: Path | None = None) -> int:
    """Compare re-scored test metrics with the stored ones and print both; 0 when they match, else 1.

    With ``report_dir``, the comparison is also merged into its ``evaluation.json`` under ``label``.
    """
    ok = all(abs(fresh[k] - stored[k]) < 1e-3 for k in stored)
    print(f"{label}: test {fmt(fresh)} (stored {fmt(stored)}) {'OK' if ok else 'MISMATCH'}")
    if report_dir is not None:
        update_json_file(report_dir / EVALUATION_FILE, {label: clean({"test": fresh, "stored": stored, "match": ok})})
    return 0 if ok else 1


def output_dirs(args: argparse.Namespace) -> list[Path]:
    """Where an evaluation that produces files (a benchmark) writes them: ``--report-dir``, and ``--out`` only
    with ``--write``."""
    return [d for d in (args.report_dir, Path(args.out) if args.write else None) if d is not None]
