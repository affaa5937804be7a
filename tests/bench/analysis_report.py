"""Cost of follow-ups over a 100,000-molecule result and of a 20-turn thread report (issue 13; not in `make test`).

    .venv/bin/python tests/bench/analysis_report.py [--molecules 100000] [--redis] [--out results.json]

Follow-ups: three stored property results of N molecules each (BBB with labels, lipophilicity, solubility), written
to the pool and the thread's log the way a tool call writes them (at 100,000 molecules the pool's size policy keeps
the newest two: the join reads two results and says the BBB one is no longer kept), then each follow-up goes through
``agent.service.handle_turn`` (embedded parts; with ``--redis`` a private redis-server holds pool and log, so every
follow-up decodes the stored JSON). The molecules are distinct synthetic SMILES-length strings: the analysis never
parses them, it joins on the string. Report: 20 turns through ``handle_turn`` with the real property models
(predictions on 3-6 molecules, follow-ups, plots), then `report`.

Per case: wall seconds (best of 3, without tracing) and the peak of Python allocations during the case
(tracemalloc, one traced run); the process's peak RSS is printed at the end.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import shutil
import socket
import subprocess
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

from agent.artifacts import InMemoryArtifactStore
from agent.backends.planner import OfflinePlanner
from agent.history import CallLog, HistoryStore, InMemoryHistoryStore, PastRequest, RedisHistoryStore
from agent.loop import Limits
from agent.pool.store import InMemoryPoolStore, PoolStore, RedisPoolStore
from agent.pool.thread_pool import ThreadPool
from agent.ratelimit import InMemoryRateLimiter
from agent.service import AgentDeps, handle_turn
from agent.turn import Reply, ThreadRef, Turn
from worker.dispatch import InProcessDispatcher

FOLLOW_UPS = {
    "filter": "only the ones with logS above -3",
    "sort": "sort by lipophilicity",
    "top 5": "top 5 by lipophilicity",
    "which is most": "which is most soluble?",
    "join": "everything we have on these",
    "scatter plot": "plot solubility vs lipophilicity",
    "histogram": "histogram of logS",
}
RESULT = "drug_property_prediction_result"
TOOL = "drug_property_prediction"


def measure(run: Callable[[], Any], repeats: int = 3) -> dict[str, float]:
    seconds = []
    for _ in range(repeats):
        started = time.perf_counter()
        run()
        seconds.append(time.perf_counter() - started)
    tracemalloc.start()
    run()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {"seconds": round(min(seconds), 3), "peak_python_mb": round(peak / 1e6, 1)}


def seed_results(pool: ThreadPool, history: HistoryStore, n: int) -> None:
    rng = random.Random(0)
    smiles = [f"CC(C)Cc1ccc(cc1)C(C)C(=O)N{i:07d}" for i in range(n)]
    for prop, unit, labels in (("p_np", "probability", ("BBB-", "BBB+")), ("lipo", "logD (pH 7.4)", None),
                               ("logSolubility", "log10(mol/L)", None)):
        rows = []
        for i, s in enumerate(smiles, 1):
            value = round(rng.uniform(0, 1) if labels else rng.gauss(-2.5, 1.5), 3)
            row: dict[str, Any] = {"row": i, "smiles": s, "prediction": value, "unit": unit}
            if labels:
                row["label"] = labels[value >= 0.5]
            rows.append(row)
        meta = pool.put(RESULT, rows, "table", f"tool:{TOOL}", "tool")
        history.append(pool.thread_key, PastRequest(
            "alice", f"{prop} of the uploaded compounds", True, at=time.time(), calls=[CallLog(
                tool=TOOL, arguments={"drug_smiles": "(upload_big.csv)", "property": prop},
                resolved={"drug_smiles": [f"… {n} items in all"], "property": prop}, sources={}, status="ok",
                model={"name": "bench", "version": "0"}, result_key=RESULT, result_version=meta.version)]))


def follow_ups(n: int, pool_store: PoolStore, history: HistoryStore) -> dict[str, Any]:
    artifacts = InMemoryArtifactStore()
    deps = AgentDeps(pool_store=pool_store, artifacts=artifacts, dispatcher=InProcessDispatcher(artifacts),
                     backend=OfflinePlanner(), history=history, limits=Limits(turn_seconds=60),
                     rate_limiter=InMemoryRateLimiter(1_000_000))
    thread = ThreadRef("console", "bench", "analysis", f"n{n}")
    pool = ThreadPool(pool_store, thread.key())
    seed_results(pool, history, n)
    results: dict[str, Any] = {}
    for name, text in FOLLOW_UPS.items():
        def run(text: str = text) -> Reply:
            reply = handle_turn(Turn(thread, "bob", text), deps)
            assert reply.backend == "analysis" and reply.tables, reply.text
            return reply
        results[name] = measure(run)
        print(f"{name:18s} {results[name]}", flush=True)
    return results


def report_of_20_turns() -> dict[str, Any]:
    artifacts = InMemoryArtifactStore()
    deps = AgentDeps(pool_store=InMemoryPoolStore(), artifacts=artifacts, dispatcher=InProcessDispatcher(artifacts),
                     backend=OfflinePlanner(), history=InMemoryHistoryStore(), limits=Limits(turn_seconds=60),
                     rate_limiter=InMemoryRateLimiter(1_000_000))
    thread = ThreadRef("console", "bench", "report", "t20")
    sets = ["CCO, c1ccccc1O and CCCCCCCCO", "CC(=O)Oc1ccccc1C(=O)O, Cn1cnc2c1c(=O)n(C)c(=O)n2C and NCCc1ccc(O)c(O)c1",
            "CC(C)Cc1ccc(cc1)C(C)C(=O)O, c1ccc2ccccc2c1, OCC(O)CO, CCN(CC)CC, Clc1ccccc1 and CC(C)O"]
    turns = []
    for molecules in sets:
        turns += [f"how soluble are {molecules}?", "lipophilicity of these", "BBB permeability of these",
                  "only the ones with logS above -2", "plot solubility vs lipophilicity", "top 2 by lipophilicity"]
    turns += ["everything we have on these", "keep those predicted BBB+"]
    assert len(turns) == 20
    for i, text in enumerate(turns):
        handle_turn(Turn(thread, ("alice", "bob")[i % 2], text), deps)
    size = {}

    def run() -> Reply:
        reply = handle_turn(Turn(thread, "carol", "report"), deps)
        size["bytes"] = len(artifacts.get(reply.artifacts[0]))
        return reply

    result = measure(run)
    result["html_bytes"] = size["bytes"]
    result["turns_in_report"] = len(deps.history.log(thread.key()))
    print(f"report of 20 turns {result}", flush=True)
    return result


def private_redis() -> tuple[subprocess.Popen, Any]:
    import redis

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    workdir = tempfile.mkdtemp()
    proc = subprocess.Popen([shutil.which("redis-server") or "redis-server", "--port", str(port), "--bind",
                             "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", workdir],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    client = redis.Redis(port=port)
    for _ in range(100):
        try:
            client.ping()
            return proc, client
        except redis.ConnectionError:
            time.sleep(0.05)
    raise RuntimeError("redis-server did not start")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--molecules", type=int, default=100_000)
    parser.add_argument("--redis", action="store_true", help="also with a private redis-server")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    out: dict[str, Any] = {"molecules": args.molecules}
    print(f"follow-ups over {args.molecules:,} molecules, in-memory pool", flush=True)
    out["in_memory"] = follow_ups(args.molecules, InMemoryPoolStore(), InMemoryHistoryStore())
    if args.redis:
        proc, client = private_redis()
        try:
            print(f"follow-ups over {args.molecules:,} molecules, Redis pool", flush=True)
            out["redis"] = follow_ups(args.molecules, RedisPoolStore(client), RedisHistoryStore(client))
        finally:
            proc.terminate()
            proc.wait(10)
    out["report_20_turns"] = report_of_20_turns()
    out["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    print(f"peak RSS of this process: {out['peak_rss_mb']} MB")
    if args.out:
        args.out.write_text(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
