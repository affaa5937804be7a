"""``drugpilot zoo list|evaluate|train``: the shipped models, their test metrics, and retraining.

Each model has a training module ``model_zoo.train.<name>`` with the same interface
(``--data-dir``, ``--out``, ``--evaluate``, ``--report-dir``, ``--write``; ``model_zoo.train.common``); this command
runs it for one model or all. ``evaluate`` writes what it measured under ``--out`` (one folder per model) and
leaves the shipped files alone unless ``--write`` is given.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from model_zoo.registry import MODELS, WEIGHTS


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="drugpilot zoo")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="models with their stored test metrics")
    for name, text in (("evaluate", "re-score shipped weights on the test split"), ("train", "retrain")):
        cmd = sub.add_parser(name, help=text)
        cmd.add_argument("model", nargs="?", choices=MODELS, help="default: all")
        cmd.add_argument("--data-dir", default="../shared/data", help="the public data folder")
        if name == "evaluate":
            cmd.add_argument("--out", type=Path, default=None,
                             help="write each model's evaluation to OUT/<model>/ (default: print only)")
            cmd.add_argument("--write", action="store_true",
                             help="also refresh the measured numbers in the shipped files under model_zoo/weights")
            cmd.add_argument("--json", action="store_true", help="print the stored metrics as JSON afterwards")
    args = parser.parse_args(argv)
    if args.command == "list":
        for name in MODELS:
            print(f"{name:<20} {_size_mb(name):6.1f} MB  {json.dumps(_test_metrics(name))}")
        return 0
    names = [args.model] if args.model else list(MODELS)
    status = 0
    for name in names:
        command = [sys.executable, "-m", f"model_zoo.train.{name}", "--data-dir", args.data_dir,
                   "--out", str(WEIGHTS / name)]
        if args.command == "evaluate":
            command += ["--evaluate"] + (["--report-dir", str(args.out / name)] if args.out else [])
            command += ["--write"] if args.write else []
        status |= subprocess.run(command, stdout=sys.stderr if getattr(args, "json", False) else None).returncode
    if getattr(args, "json", False):
        print(json.dumps({name: _test_metrics(name) for name in names}, indent=1))
    return status


def _test_metrics(name: str) -> dict:
    path = WEIGHTS / name / "metrics.json"
    if not path.exists():
        return {}
    stored = json.loads(path.read_text())
    return {model: entry.get("test", entry.get("overall", {})) for model, entry in stored.items()
            if isinstance(entry, dict)}


def _size_mb(name: str) -> float:
    return sum(p.stat().st_size for p in (WEIGHTS / name).glob("*") if p.is_file()) / 1e6


if __name__ == "__main__":
    raise SystemExit(main())
