"""Uncertainty and calibration of predictions, fitted once on held-out data and applied by every tool.

Each tool's ``calibration.json`` (next to its weights, written by ``python -m model_zoo.train.domain``) holds
one entry per model:

- regression: a 90 % interval ``prediction ± scale · (spread + floor)``, where ``spread`` is the ensemble's
  standard deviation (0 for a single network) and ``scale`` is the split-conformal quantile of
  ``|y - ŷ| / (spread + floor)`` on a calibration split; ``novel_halfwidth`` (optional) replaces it for
  queries the calibration split cannot represent (e.g. drugs never measured, for the cell-response model);
- classification: Platt scaling ``sigmoid(a · logit(p) + b)`` fitted on the validation split, and the
  reliability on the test split; the ± is 1.645 × the spread of the calibrated member probabilities for an
  ensemble, or the 90 % Wilson half-width of the calibration bin's observed rate for a single network.

The row column ``uncertainty`` is always that ± half-width, in the value's unit (probability for classifiers).
"""

from __future__ import annotations

import json
import math
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

LEVEL = 0.9
Z90 = 1.6448536269514722  # two-sided 90 % normal quantile
_EPS = 1e-6


def logit(p: np.ndarray) -> np.ndarray:
    p = np.clip(np.asarray(p, np.float64), _EPS, 1 - _EPS)
    return np.log(p / (1 - p))


def sigmoid(x: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-np.asarray(x, np.float64)))


def wilson_halfwidth(p: np.ndarray, n: np.ndarray, z: float = Z90) -> np.ndarray:
    """Half-width of the Wilson score interval for a rate ``p`` observed on ``n`` trials."""
    p, n = np.asarray(p, np.float64), np.maximum(np.asarray(n, np.float64), 1.0)
    return z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)


@dataclass(frozen=True)
class Calibration:
    """One model's calibration entry (see the module docstring); ``info`` keeps the measured numbers."""

    kind: str  # "regression" | "classification"
    method: str  # plain words: how the uncertainty is made, for replies and cards
    info: dict[str, Any]

    # --- regression -----------------------------------------------------------------------------------------
    def halfwidth(self, spread: np.ndarray | float = 0.0, novel: np.ndarray | bool = False) -> np.ndarray:
        """90 % interval half-width for predictions with ensemble ``spread``; ``novel`` rows get the
        ``novel_halfwidth`` where the entry has one."""
        spread = np.asarray(spread, np.float64)
        out = self.info["scale"] * (spread + self.info["floor"])
        if self.info.get("novel_halfwidth") is not None:
            out = np.where(np.asarray(novel, bool), np.maximum(out, self.info["novel_halfwidth"]), out)
        return np.asarray(out, np.float64)

    # --- classification -------------------------------------------------------------------------------------
    def probability(self, p: np.ndarray) -> np.ndarray:
        """Calibrated probabilities (Platt scaling of the raw ones)."""
        a, b = self.info["platt"]
        return sigmoid(a * logit(p) + b)

    def probability_spread(self, members: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(calibrated probability, ± half-width) from raw member probabilities of shape (members, n)."""
        members = np.asarray(members, np.float64)
        calibrated = self.probability(members.mean(axis=0))
        if members.shape[0] > 1:
            return calibrated, Z90 * self.probability(members).std(axis=0)
        edges = np.asarray(self.info["bins"]["edges"], np.float64)
        counts = np.asarray(self.info["bins"]["n"], np.float64)
        which = np.clip(np.searchsorted(edges, calibrated, side="right") - 1, 0, len(counts) - 1)
        return calibrated, wilson_halfwidth(calibrated, counts[which])

    @property
    def threshold(self) -> float:
        return float(self.info.get("threshold", 0.5))

    def decision_metrics(self) -> str:
        """'balanced accuracy 0.71 at p ≥ 0.5, ROC-AUC 0.72 (test split)' for classifier replies."""
        test = self.info.get("test", {})
        if "balanced_accuracy" not in test:
            return ""
        text = f"balanced accuracy {test['balanced_accuracy']:.2f} at p ≥ {self.threshold:g}"
        if "roc_auc" in test:
            text += f", ROC-AUC {test['roc_auc']:.2f}"
        return text + " on the test split"


_files: dict[Path, dict[str, Calibration]] = {}
_lock = threading.Lock()


def load_calibrations(path: Path) -> dict[str, Calibration]:
    """Every entry of one ``calibration.json``, loaded once per process."""
    with _lock:
        if path not in _files:
            if not path.exists():
                raise FileNotFoundError(f"{path.name} missing: rebuild it with python -m model_zoo.train.domain")
            raw = json.loads(path.read_text())
            _files[path] = {k: Calibration(v["kind"], v["method"], v) for k, v in raw.items()}
        return _files[path]


def get_calibration(path: Path, key: str) -> Calibration:
    entries = load_calibrations(path)
    if key not in entries:
        raise KeyError(f"{path.name} has no calibration for {key!r}; rebuild it with python -m model_zoo.train.domain")
    return entries[key]


# --- fitting (used by model_zoo.train.domain; numpy only) -----------------------------------------------------


def conformal_quantile(scores: np.ndarray, level: float = LEVEL) -> float:
    """Split-conformal quantile: the ceil((n + 1) · level)-th smallest score (finite-sample valid)."""
    scores = np.sort(np.asarray(scores, np.float64))
    k = min(len(scores), math.ceil((len(scores) + 1) * level))
    return float(scores[k - 1])


def fit_platt(p: np.ndarray, y: np.ndarray, iterations: int = 100) -> tuple[float, float]:
    """(a, b) maximizing the likelihood of sigmoid(a · logit(p) + b), with Platt's smoothed targets
    ((N+ + 1) / (N+ + 2) and 1 / (N- + 2)) so that a separable validation split cannot drive a to infinity;
    Newton steps with backtracking."""
    x, y = logit(p), np.asarray(y, np.float64) > 0.5
    n_pos, n_neg = int(y.sum()), int((~y).sum())
    t = np.where(y, (n_pos + 1) / (n_pos + 2), 1 / (n_neg + 2))

    def loss(a: float, b: float) -> float:
        z = a * x + b
        return float(np.sum(np.logaddexp(0, z) - t * z))

    a, b = 1.0, 0.0
    current = loss(a, b)
    for _ in range(iterations):
        q = sigmoid(a * x + b)
        w = q * (1 - q) + 1e-12
        grad = np.array([np.sum((q - t) * x), np.sum(q - t)])
        hess = np.array([[np.sum(w * x * x) + 1e-9, np.sum(w * x)], [np.sum(w * x), np.sum(w) + 1e-9]])
        step = np.linalg.solve(hess, grad)
        size = 1.0
        while size > 1e-6 and loss(a - size * step[0], b - size * step[1]) > current:
            size /= 2
        if size <= 1e-6:
            break
        a, b = a - size * step[0], b - size * step[1]
        current = loss(a, b)
        if np.abs(size * step).max() < 1e-9:
            break
    return float(a), float(b)


def reliability(p: np.ndarray, y: np.ndarray, n_bins: int = 10) -> dict[str, Any]:
    """Equal-width reliability table and expected calibration error (ECE)."""
    p, y = np.asarray(p, np.float64), np.asarray(y, np.float64)
    edges = np.linspace(0.0, 1.0, n_bins + 1)
    which = np.clip(np.searchsorted(edges, p, side="right") - 1, 0, n_bins - 1)
    rows, ece = [], 0.0
    for k in range(n_bins):
        mask = which == k
        if mask.any():
            mean_p, rate = float(p[mask].mean()), float(y[mask].mean())
            ece += mask.mean() * abs(mean_p - rate)
            rows.append({"bin": f"{edges[k]:.1f}-{edges[k + 1]:.1f}", "n": int(mask.sum()),
                         "mean_probability": round(mean_p, 3), "observed_rate": round(rate, 3)})
    return {"ece": round(float(ece), 4), "bins": rows, "edges": edges.tolist(),
            "n": [int((which == k).sum()) for k in range(n_bins)]}


def balanced_accuracy(y: np.ndarray, p: np.ndarray, threshold: float = 0.5) -> float:
    y, call = np.asarray(y) > 0.5, np.asarray(p) >= threshold
    rates = [float((call[y] == 1).mean()) if y.any() else float("nan"),
             float((call[~y] == 0).mean()) if (~y).any() else float("nan")]
    return float(np.nanmean(rates))


MINORITY = 0.2  # labels whose rarer class is at least this share keep the 0.5 cut


def balanced_threshold(y: np.ndarray, p: np.ndarray) -> float:
    """The probability cut with the best balanced accuracy on (validation) labels ``y`` whose rarer class is under
    ``MINORITY`` of them: with imbalanced labels (ClinTox, Tox21) calibrated probabilities rarely reach 0.5, so a 0.5
    cut calls nearly everything negative. With balanced labels calibrated probabilities are cut at 0.5 (a cut fitted
    to a small validation split there follows its noise), and so are labels of one class. Ties go to the cut
    nearest 0.5."""
    y, p = np.asarray(y) > 0.5, np.asarray(p, np.float64)
    if y.all() or not y.any() or min(y.mean(), 1 - y.mean()) >= MINORITY:
        return 0.5
    values = np.unique(p)
    cuts = np.unique(np.round(np.concatenate([[0.5], (values[:-1] + values[1:]) / 2]), 4))
    scores = [(round(balanced_accuracy(y, p, float(c)), 6), -abs(float(c) - 0.5), float(c)) for c in cuts]
    return max(scores)[2]
