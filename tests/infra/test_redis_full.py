"""Redis full: the deployment's memory policy refuses writes (it never evicts a pool), and every message gets
a clear answer instead of a traceback. Against a real redis-server started here with a tiny `maxmemory` and
the policy of infra/redis/redis.conf; the agent's Redis parts (pool, reply files, rate limit, history) as in
a worker."""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from conftest import REPO, free_port, wait_for_port

from agent.backends.planner import OfflinePlanner
from agent.history import RedisHistoryStore
from agent.pool.store import STORAGE_FULL, RedisPoolStore
from agent.ratelimit import RedisRateLimiter
from agent.service import AgentDeps
from agent.turn import Attachment, ThreadRef, Turn
from worker.artifacts import RedisArtifactStore
from worker.dispatch import InProcessDispatcher
from worker.storage import answer

CONF = REPO / "infra" / "redis" / "redis.conf"


def conf_value(name: str) -> str:
    [value] = re.findall(rf"^{name}\s+(\S+)", CONF.read_text(), re.M)
    return value


def test_the_deployment_sets_a_memory_limit_that_never_evicts() -> None:
    assert conf_value("maxmemory-policy") == "noeviction"
    assert conf_value("maxmemory").lower().endswith(("mb", "gb"))


@pytest.fixture
def full_redis(tmp_path: Path) -> Iterator[redis.Redis]:
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("redis-server is not installed")
    port = free_port()
    proc = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                             "--dir", str(tmp_path), "--maxmemory", "4mb",
                             "--maxmemory-policy", conf_value("maxmemory-policy")],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for_port(port)
        yield redis.Redis.from_url(f"redis://127.0.0.1:{port}/0")
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def fill(client: redis.Redis) -> None:
    """Write filler until Redis refuses a write, then hold it past its limit (a refused write frees its own
    buffers, which would leave room for the next small one)."""
    for i in range(10_000):
        try:
            client.set(f"filler:{i}", b"x" * 100_000)
        except redis.exceptions.OutOfMemoryError:
            break
    else:
        raise AssertionError("Redis never refused a write: maxmemory is not applied")
    client.config_set("maxmemory", client.info("memory")["used_memory"] - 200_000)


def test_a_full_redis_gives_every_message_a_clear_answer(full_redis: redis.Redis) -> None:
    artifacts = RedisArtifactStore(full_redis, ttl_s=3600)
    deps = AgentDeps(pool_store=RedisPoolStore(full_redis), artifacts=artifacts,
                     dispatcher=InProcessDispatcher(artifacts), backend=OfflinePlanner(),
                     history=RedisHistoryStore(full_redis), rate_limiter=RedisRateLimiter(full_redis, 20))
    thread = ThreadRef("slack", "T1", "C1", "1700000000.000100")

    def say(text: str, files: list[Attachment] | None = None) -> str:
        return answer(Turn(thread, "alice", text, files or []), deps).text

    assert "Set hits" in say("pool set hits CCO, CCN")
    fill(full_redis)
    pool_before = full_redis.hgetall(f"drugpilot:pool:{{{thread.key()}}}:val")

    assert STORAGE_FULL in say("pool set more c1ccccc1O")
    assert STORAGE_FULL in say("", [Attachment("hits.smi", b"CCO\nCCCO\n")])
    assert STORAGE_FULL in say("pool export hits")
    assert STORAGE_FULL in say("how soluble is CCO?")  # the model ran; its reply files could not be stored
    listing = say("pool list")  # reading still works
    assert "hits" in listing and "more" not in listing
    assert full_redis.hgetall(f"drugpilot:pool:{{{thread.key()}}}:val") == pool_before  # nothing lost or evicted
    assert full_redis.exists("filler:0")  # noeviction: the oldest data is still there

    for key in full_redis.scan_iter("filler:*"):
        full_redis.delete(key)
    assert "Set more" in say("pool set more c1ccccc1O")  # once memory is freed, everything works again
