"""A linear intent model: which tool (or none), which properties, which drug-drug task.

Three heads over the same hashed features (``agent.intent.features``): a multinomial logistic
regression over the eight tools and "none", one-vs-rest logistic regressions over the property enum
values (independent probabilities, so "BBB and logD" can name two), and a binary logistic regression
for the drug-drug task (twosides vs drugbank). Training uses scikit-learn; inference is numpy only,
from ``weights/intent.npz`` (plain arrays, no pickle).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from agent.intent.corpus import DDI, PROPERTY, TOOL_LABELS, Example, property_labels
from agent.intent.features import featurise, matrix

WEIGHTS_DIR = Path(__file__).resolve().parent / "weights"
WEIGHTS_FILE = "intent.npz"
CARD_FILE = "card.json"


@dataclass(frozen=True)
class Intent:
    tools: dict[str, float]  # probability per tool name and "none", sums to 1
    properties: dict[str, float]  # independent probability per property enum value
    ddi_task: dict[str, float]  # {"drugbank": p, "twosides": 1 - p}

    @property
    def tool(self) -> str:
        """The most likely tool name, or "none"."""
        return max(self.tools.items(), key=lambda kv: kv[1])[0]

    def chosen_properties(self, threshold: float = 0.5) -> list[str]:
        """Properties above ``threshold``, most likely first; at least the most likely one."""
        ranked = sorted(self.properties.items(), key=lambda kv: -kv[1])
        return [name for name, p in ranked if p >= threshold] or [ranked[0][0]]


@dataclass
class IntentModel:
    rows: np.ndarray  # sorted hashed feature indices that carry weights (int32)
    weights: np.ndarray  # (len(rows), n_tools + n_properties + 1), float16
    bias: np.ndarray  # (n_tools + n_properties + 1,), float32
    tools: tuple[str, ...]
    properties: tuple[str, ...]

    def logits(self, text: str) -> np.ndarray:
        indices, values = featurise(text)
        pos = np.searchsorted(self.rows, indices)
        pos[pos == len(self.rows)] = 0
        known = self.rows[pos] == indices
        return values[known] @ self.weights[pos[known]].astype(np.float64) + self.bias

    def predict(self, text: str) -> Intent:
        z = self.logits(text)
        n_t, n_p = len(self.tools), len(self.properties)
        tool_z = z[:n_t] - z[:n_t].max()
        tool_p = np.exp(tool_z) / np.exp(tool_z).sum()
        prop_p = 1.0 / (1.0 + np.exp(-z[n_t:n_t + n_p]))
        twosides = float(1.0 / (1.0 + np.exp(-z[-1])))
        return Intent(
            tools={name: float(p) for name, p in zip(self.tools, tool_p)},
            properties={name: float(p) for name, p in zip(self.properties, prop_p)},
            ddi_task={"drugbank": 1.0 - twosides, "twosides": twosides},
        )

    def save(self, directory: Path) -> Path:
        directory.mkdir(parents=True, exist_ok=True)
        path = directory / WEIGHTS_FILE
        np.savez_compressed(path, rows=self.rows, weights=self.weights, bias=self.bias,
                            tools=np.array(self.tools), properties=np.array(self.properties))
        return path

    @classmethod
    def load(cls, directory: Path = WEIGHTS_DIR) -> IntentModel:
        with np.load(directory / WEIGHTS_FILE, allow_pickle=False) as data:
            return cls(rows=data["rows"], weights=data["weights"], bias=data["bias"],
                       tools=tuple(str(t) for t in data["tools"]), properties=tuple(str(p) for p in data["properties"]))


def fit(examples: Sequence[Example], c: float = 8.0, max_iter: int = 2000) -> IntentModel:
    """Train the three heads on ``examples`` (deterministic: lbfgs, no shuffling)."""
    from sklearn.linear_model import LogisticRegression

    props = property_labels()
    full = matrix([e.text for e in examples])
    used = np.unique(full.indices)  # train on the columns that occur (much faster than all 2**18)
    x = full[:, used]
    heads: list[tuple[np.ndarray, np.ndarray]] = []  # (coef (k, F), intercept (k,))

    y = np.array([TOOL_LABELS.index(e.tool) for e in examples])
    tool = LogisticRegression(C=c, max_iter=max_iter, class_weight="balanced").fit(x, y)
    coef = np.zeros((len(TOOL_LABELS), x.shape[1]))
    bias = np.full(len(TOOL_LABELS), -30.0)
    coef[tool.classes_] = tool.coef_
    bias[tool.classes_] = tool.intercept_
    heads.append((coef, bias))

    prop_rows = [i for i, e in enumerate(examples) if e.tool == PROPERTY]
    for name in props:
        y = np.array([name in examples[i].properties for i in prop_rows])
        heads.append(_binary(x[prop_rows], y, c, max_iter))

    ddi_rows = [i for i, e in enumerate(examples) if e.tool == DDI]
    heads.append(_binary(x[ddi_rows], np.array([examples[i].ddi_task == "twosides" for i in ddi_rows]), c, max_iter))

    coef = np.vstack([h[0] for h in heads])  # (outputs, F)
    bias = np.concatenate([h[1] for h in heads])
    keep = np.abs(coef).max(axis=0) > 1e-4
    return IntentModel(rows=used[keep].astype(np.int32), weights=coef[:, keep].T.astype(np.float16),
                       bias=bias.astype(np.float32),
                       tools=TOOL_LABELS, properties=props)


def _binary(x, y: np.ndarray, c: float, max_iter: int) -> tuple[np.ndarray, np.ndarray]:
    from sklearn.linear_model import LogisticRegression

    if len(y) == 0 or y.all() or not y.any():  # a subset with one class: a constant
        constant = 10.0 if len(y) and y.all() else -10.0
        return np.zeros((1, x.shape[1])), np.array([constant])
    head = LogisticRegression(C=c, max_iter=max_iter).fit(x, y.astype(int))
    return head.coef_, head.intercept_


_lock = threading.Lock()
_model: IntentModel | None = None


def shipped_model() -> IntentModel:
    """The shipped weights, loaded once."""
    global _model
    if _model is None:
        with _lock:
            if _model is None:
                _model = IntentModel.load(WEIGHTS_DIR)
    return _model


def predict(text_with_placeholders: str) -> Intent:
    """Tool, property and drug-drug-task probabilities for a request written with placeholders."""
    return shipped_model().predict(text_with_placeholders)


def card() -> dict:
    return json.loads((WEIGHTS_DIR / CARD_FILE).read_text(encoding="utf-8"))
