"""Speed of the offline name resolver (issue 12), not part of `make test`: median and p95 seconds to find the drug and
target names of a request, and to read a whole message as the planner does (names, cell lines, numbers, masks).

    .venv/bin/python tests/bench/resolver_speed.py [--repeat 200]

The tables load once before timing (their first use costs about a second); nothing is written.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from agent.entities import read_message  # noqa: E402
from model_zoo.names import find_drug_names, find_target_names  # noqa: E402

REQUESTS = (
    "Could you predict the binding affinity of imatinib and nilotinib to ABL1 and ABL1 T315I, and the aqueous "
    "solubility of both? Also check erlotinb against EGFR L858R in A549 cells please.",
    "warfarin with aspirin, and clopidogrel with omeprazole?",
    "IC50 of cisplatin in A-549, target below 100 nM",
    "Hversu leysanlegt er warfaríni í vatni? Og kemst imatinib í gegnum blóð-heilaþröskuldinn?",
)


def _timed(task: Callable[[int], object], repeat: int) -> tuple[float, float]:
    times = []
    for i in range(repeat):
        start = time.perf_counter()
        task(i)
        times.append(time.perf_counter() - start)
    times.sort()
    return statistics.median(times), times[min(len(times) - 1, int(0.95 * len(times)))]


def _names(text: str, _: int) -> object:
    return find_drug_names(text), find_target_names(text)


def _read(text: str, i: int) -> object:
    """(a message is read once per turn: each repetition differs by trailing spaces, so no cached reading is reused)"""
    return read_message(text + " " * (i + 1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    for text in REQUESTS:  # load the tables and warm the caches
        find_drug_names(text), find_target_names(text), read_message(text)
    print("| request | names: median / p95 ms | whole message: median / p95 ms |")
    print("|---|---:|---:|")
    for text in REQUESTS:
        names = _timed(partial(_names, text), args.repeat)
        whole = _timed(partial(_read, text), max(args.repeat // 10, 5))
        print(f"| {text[:48]}… | {names[0] * 1e3:.1f} / {names[1] * 1e3:.1f} | {whole[0] * 1e3:.1f} / "
              f"{whole[1] * 1e3:.1f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
