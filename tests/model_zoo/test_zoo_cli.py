import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO, SHARED_DATA
from model_zoo.cli import MODELS, _test_metrics
from model_zoo.registry import WEIGHTS


def test_every_model_ships_test_metrics() -> None:
    assert all(_test_metrics(name) for name in MODELS)


def test_drugpilot_zoo_list_goes_through_the_main_command() -> None:
    out = subprocess.run([sys.executable, "-m", "bot.cli", "zoo", "list"], cwd=REPO, capture_output=True,
                         text=True, check=True).stdout
    assert [line.split()[0] for line in out.splitlines()] == list(MODELS)


def shipped_files() -> dict[str, str]:
    """SHA-256 of every file under model_zoo/weights and model_zoo/data."""
    folders = (WEIGHTS, WEIGHTS.parent / "data")
    return {str(p.relative_to(REPO)): hashlib.sha256(p.read_bytes()).hexdigest()
            for folder in folders for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.skipif(not (SHARED_DATA / "moleculenet" / "freesolv.csv").exists(), reason="needs ../shared/data")
def test_evaluate_writes_its_results_to_the_given_folder_and_leaves_the_shipped_files_alone(tmp_path: Path) -> None:
    before = shipped_files()
    report = tmp_path / "report"
    run = subprocess.run([sys.executable, "-m", "model_zoo.train.property", "--data-dir", str(SHARED_DATA),
                          "--out", str(WEIGHTS / "property"), "--only", "freesolv", "--evaluate", "--threads", "1",
                          "--report-dir", str(report)], cwd=REPO, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr[-2000:]
    assert "freesolv: test rmse" in run.stdout and "OK" in run.stdout
    evaluation = json.loads((report / "evaluation.json").read_text())
    stored = json.loads((WEIGHTS / "property" / "metrics.json").read_text())["freesolv"]["test"]
    assert evaluation["freesolv"]["match"] is True
    assert evaluation["freesolv"]["test"] == pytest.approx(stored, abs=1e-3)
    assert shipped_files() == before
