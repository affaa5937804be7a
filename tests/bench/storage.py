"""Storage benchmark (not part of `make test`): how much Redis memory the issue's two storage cases take,
against a private redis-server, with the real pool store and reply-file store.

    .venv/bin/python tests/bench/storage.py

1. Twelve `pool set`-sized writes of a 12 MB value to one key (history by size).
2. Thirty `pool export` calls of a ~3 MB key (the daily export quota).
Reported: `used_memory` growth in MB, and how many exports were refused.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(TESTS), str(TESTS.parent)]

import redis  # noqa: E402

from agent.commands import run_command  # noqa: E402
from agent.pool.store import RedisPoolStore  # noqa: E402
from agent.pool.thread_pool import ThreadPool  # noqa: E402
from conftest import free_port, wait_for_port  # noqa: E402
from worker.artifacts import RedisArtifactStore  # noqa: E402


def used_mb(client: redis.Redis) -> float:
    return client.info("memory")["used_memory"] / 1e6


def main() -> None:
    port = free_port()
    with tempfile.TemporaryDirectory() as workdir:
        proc = subprocess.Popen([shutil.which("redis-server") or "redis-server", "--port", str(port), "--save", "",
                                 "--appendonly", "no", "--dir", workdir], stdout=subprocess.DEVNULL)
        try:
            wait_for_port(port)
            client = redis.Redis(port=port)
            store = RedisPoolStore(client)
            base = used_mb(client)
            value = "C" * 12_000_000
            for i in range(12):
                store.put("bench:history", "big", value[:-1] + str(i % 10), "text", "alice", "command")
            history = used_mb(client) - base

            pool = ThreadPool(store, "bench:export")
            pool.put("hits", [f"C{'C' * (i % 40)}O" for i in range(140_000)], "smiles_list", "alice", "file")
            artifacts = RedisArtifactStore(client, ttl_s=3600)
            base, refused, sizes = used_mb(client), 0, []
            for _ in range(30):
                result = run_command("pool export hits", pool, "alice")
                refused += not result.files
                sizes += [len(data) for _, _, data in result.files]
                for name, media, data in result.files:
                    artifacts.put(name, media, data)
            exports = used_mb(client) - base
            print(json.dumps({"history_12x12MB_mb": round(history, 1),
                              "exports_30_mb": round(exports, 1), "export_file_mb": round(sizes[0] / 1e6, 2),
                              "exports_refused": refused}, indent=1))
        finally:
            proc.terminate()
            proc.wait(timeout=10)


if __name__ == "__main__":
    main()
