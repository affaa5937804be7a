import subprocess
import sys

from conftest import REPO
from model_zoo.cli import MODELS, _test_metrics


def test_every_model_ships_test_metrics() -> None:
    assert all(_test_metrics(name) for name in MODELS)


def test_drugpilot_zoo_list_goes_through_the_main_command() -> None:
    out = subprocess.run([sys.executable, "-m", "bot.cli", "zoo", "list"], cwd=REPO, capture_output=True,
                         text=True, check=True).stdout
    assert [line.split()[0] for line in out.splitlines()] == list(MODELS)
