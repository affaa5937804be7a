"""A classifier's label cut, chosen on validation for balanced accuracy (model_zoo.uncertainty.balanced_threshold)."""

from __future__ import annotations

import numpy as np

from model_zoo.uncertainty import balanced_accuracy, balanced_threshold


def test_imbalanced_labels_get_a_cut_below_one_half() -> None:
    rng = np.random.default_rng(0)
    y = np.r_[np.ones(20), np.zeros(380)]
    p = np.r_[rng.uniform(0.15, 0.45, 20), rng.uniform(0.0, 0.25, 380)]  # positives never reach 0.5
    cut = balanced_threshold(y, p)
    assert cut < 0.5
    assert balanced_accuracy(y, p, cut) > balanced_accuracy(y, p, 0.5) + 0.2


def test_one_class_keeps_one_half() -> None:
    assert balanced_threshold(np.ones(5), np.linspace(0.1, 0.9, 5)) == 0.5


def test_balanced_labels_keep_one_half() -> None:
    y, p = np.array([0, 0, 1, 1, 1]), np.array([0.1, 0.45, 0.3, 0.8, 0.9])
    assert balanced_threshold(y, p) == 0.5


def test_ties_go_to_the_cut_nearest_one_half() -> None:
    y = np.r_[np.ones(2), np.zeros(18)]
    p = np.r_[[0.8, 0.9], np.linspace(0.0, 0.2, 18)]
    assert balanced_threshold(y, p) == 0.5  # every cut from 0.2 to 0.8 separates them
