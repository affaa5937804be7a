"""Per-input cost of hostile uploads and messages (issue 15; not part of `make test`).

    .venv/bin/python tests/bench/upload_costs.py [--only NAME] [--timeout 180] [--out costs.json]

Each case runs in a fresh child process (so one case's memory never counts for another) through the
public entry points: ``parse_molecule_file`` for files, ``agent.service.handle_turn`` (embedded deps, offline
planner) for the typed message. Reported per case: wall seconds, the child's peak RSS (``ru_maxrss``), the
peak RSS of the same child after imports only (baseline), the outcome and the reply length.

Cases: an XLSX whose one cell is a 3,000,000-character SMILES; an ~800 KB CSV with 40,000 columns and no header; a
~620 KB XLSX of 160,000 small numbers; a 1 MB bad SMILES typed in a message, a 40 KB one (just under the message
limit) and a message of 20,000 newlines.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests"))
from tests_support import raw_xlsx  # noqa: E402
CASES = ("xlsx_3m_smiles_cell", "csv_800kb_wide", "xlsx_620kb_numbers", "message_1mb_bad_smiles",
         "message_40kb_bad_smiles", "message_20000_newlines")


def _xlsx(rows: list[list[object]]) -> bytes:
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    for row in rows:
        sheet.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def make_input(name: str) -> bytes:
    rng = random.Random(0)
    if name == "xlsx_3m_smiles_cell":
        return raw_xlsx(["smiles", "C" * 3_000_000])
    if name == "csv_800kb_wide":  # no header word to go by: every column is sampled for SMILES
        rows = [",".join(["CCO"] + [f"{rng.random():.2f}" for _ in range(39_999)]) for _ in range(4)]
        return ("\n".join(rows) + "\n").encode()
    if name == "xlsx_620kb_numbers":
        return _xlsx([[rng.randint(0, 99) for _ in range(160)] for _ in range(1_000)])
    if name == "message_1mb_bad_smiles":
        return ("C1CC(" * 200_000 + "?").encode()[:1_000_000]
    if name == "message_40kb_bad_smiles":  # just under the message limit
        return ("C1CC(" * 8_000).encode()[:39_900]
    if name == "message_20000_newlines":
        return ("CCO" + "\n" * 20_000 + "and c1ccccc1O").encode()
    raise SystemExit(f"unknown case {name}")


def child(name: str, path: str) -> None:
    """Runs in the child: import, note the baseline RSS, run the case, print one JSON line."""
    sys.path.insert(0, str(REPO))
    from agent.service import AgentDeps, handle_turn  # imports counted in the baseline
    from agent.settings import DEFAULTS
    from model_zoo.chem.files import FileRejected, parse_molecule_file
    import openpyxl  # noqa: F401

    data = Path(path).read_bytes()
    baseline = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.perf_counter()
    if name.startswith("message"):
        from agent.artifacts import InMemoryArtifactStore
        from agent.backends.planner import OfflinePlanner
        from agent.pool.store import InMemoryPoolStore
        from agent.turn import ThreadRef, Turn
        from worker.dispatch import InProcessDispatcher

        artifacts = InMemoryArtifactStore()
        deps = AgentDeps(InMemoryPoolStore(), artifacts, InProcessDispatcher(artifacts), OfflinePlanner())
        text = "how soluble is " + data.decode()
        reply = handle_turn(Turn(ThreadRef("console", "local", "bench", "t1"), "bench", text), deps)
        outcome, reply_chars = reply.text[:160], len(reply.text)
    else:
        try:
            upload = name.rsplit("_", 1)[0] + (".xlsx" if "xlsx" in name else ".csv")
            parsed = parse_molecule_file(upload, data, DEFAULTS.max_file_bytes)
            outcome = parsed.summary()
        except FileRejected as exc:
            outcome = f"rejected: {exc}"
        reply_chars = len(outcome)
    seconds = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"case": name, "bytes": len(data), "seconds": round(seconds, 3), "peak_rss_mb": peak // 1024,
                      "baseline_rss_mb": baseline // 1024, "reply_chars": reply_chars, "outcome": outcome[:160]}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=CASES)
    parser.add_argument("--timeout", type=float, default=180.0)
    parser.add_argument("--out")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(*args.child)
        return
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in [args.only] if args.only else CASES:
            path = Path(tmp) / name
            path.write_bytes(make_input(name))
            try:
                done = subprocess.run([sys.executable, __file__, "--child", name, str(path)], capture_output=True,
                                      text=True, timeout=args.timeout)
                line = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""
                result = json.loads(line) if line.startswith("{") else {
                    "case": name, "error": f"exit {done.returncode}: {done.stderr.strip()[-300:]}"}
            except subprocess.TimeoutExpired:
                result = {"case": name, "bytes": path.stat().st_size, "error": f"over {args.timeout:.0f} s, killed"}
            print(json.dumps(result), flush=True)
            results.append(result)
    if args.out:
        Path(args.out).write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
