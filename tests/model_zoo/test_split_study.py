"""The balanced scaffold split of ``model_zoo.train.split_study`` and one tiny end-to-end study."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import numpy as np
import pytest

from model_zoo.train import property as trainer
from model_zoo.train.property import TrainConfig, scaffold_groups
from model_zoo.train.split_study import balanced_scaffold_split, main, shipped_config

RINGS = ("c1ccccc1", "c1ccncc1", "C1CCCCC1", "C1CCNCC1", "c1ccoc1", "c1ccsc1", "C1CCOC1", "c1ccc2ccccc2c1")
# 36 two-ring scaffolds (ring-CH2-ring), each held by one BBB- and one BBB+ molecule (without / with a methyl),
# so any part made of whole scaffolds holds both classes; plus 12 molecules on the benzene scaffold, one set
# larger than half the validation size, which chemprop's balanced split sends to training first.
TWO_RING = [(f"{sub}{a}C{b}", label) for i, a in enumerate(RINGS) for b in RINGS[i:]
            for sub, label in (("", 0), ("C", 1))]
BENZENES = [(f"{'C' * k}c1ccccc1", k % 2) for k in range(1, 13)]
SMILES = [s for s, _ in TWO_RING + BENZENES]


def _scaffolds(rows: np.ndarray) -> set[str]:
    by_row = {i: scaffold for scaffold, group in scaffold_groups(SMILES).items() for i in group}
    return {by_row[i] for i in rows.tolist()}


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_balanced_split_is_a_partition_with_disjoint_scaffolds(seed: int) -> None:
    train, val, test = balanced_scaffold_split(SMILES, seed)
    assert sorted(np.concatenate([train, val, test]).tolist()) == list(range(len(SMILES)))
    assert len(train) <= 0.8 * len(SMILES) and len(val) <= 0.1 * len(SMILES) and len(test) > 0
    assert not _scaffolds(train) & _scaffolds(test)
    assert not _scaffolds(train) & _scaffolds(val) and not _scaffolds(val) & _scaffolds(test)
    assert set(range(len(TWO_RING), len(SMILES))) <= set(train.tolist())  # the big benzene set goes to train


def test_balanced_split_depends_on_the_seed_only() -> None:
    assert all((a == b).all() for a, b in zip(balanced_scaffold_split(SMILES, 3), balanced_scaffold_split(SMILES, 3)))
    assert any(not np.array_equal(a, b) for a, b in zip(balanced_scaffold_split(SMILES, 0),
                                                        balanced_scaffold_split(SMILES, 1)))


def test_study_runs_one_seed_on_tiny_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          one_thread: None) -> None:
    (tmp_path / "moleculenet").mkdir()
    with (tmp_path / "moleculenet" / "BBBP.csv").open("w", newline="") as f:
        csv.writer(f).writerows([("smiles", "p_np"), *TWO_RING, *BENZENES])
    monkeypatch.setattr(trainer, "SEARCH_GRID", (TrainConfig(hidden=(16,), max_epochs=3, patience=3),))
    monkeypatch.setattr(trainer, "ENSEMBLE_SEEDS", (0, 1))
    out = tmp_path / "study.json"
    assert main(["--data-dir", str(tmp_path), "--seeds", "1", "--out", str(out)]) == 0
    result = json.loads(out.read_text())
    (run,) = result["runs"]
    assert run["seed"] == 0 and sum(run["n"].values()) == len(SMILES) and len(run["best_epochs"]) == 2
    assert 0.0 <= result["test"]["roc_auc"]["mean"] <= 1.0 and result["test"]["roc_auc"]["sd"] == 0.0
    assert result["command"].startswith("python -m model_zoo.train.split_study") and "--seeds 1" in result["command"]


def test_shipped_config_is_the_checkpoint_s() -> None:
    config = shipped_config(Path(trainer.__file__).parents[1] / "weights" / "property", "p_np")
    assert isinstance(config.hidden, tuple) and config.max_epochs > 0 and 0.0 <= config.dropout < 1.0
