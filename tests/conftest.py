"""Shared fixtures: isolation from the developer's settings, a real Redis server and real Celery worker processes."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO.parent / "shared" / "data"
# Knobs of the test run itself, not settings of the application: the isolation guard keeps them.
TEST_KNOBS = frozenset({"DRUGPILOT_SLOW_TESTS", "DRUGPILOT_SLOW_MODEL", "DRUGPILOT_DATA_DIR",
                        "DRUGPILOT_TEST_REDIS_URL"})


def _without_dotenv(cls, settings_cls, init_settings, env_settings, dotenv_settings, file_secret_settings):
    """``BaseSettings.settings_customise_sources`` with the ``.env`` source left out."""
    return init_settings, env_settings, file_secret_settings


@pytest.fixture(scope="session", autouse=True)
def isolated_from_developer_settings() -> Iterator[None]:
    """No test sees the developer's DRUGPILOT_* variables or ``.env`` (as pydantic-ai's conftest forbids model
    requests): a Redis URL there would silently skip the embedded tests, an Ollama host would send in-process
    tests to a real LLM. A test that needs a setting sets it with ``monkeypatch.setenv``."""
    from pydantic_settings import BaseSettings

    with pytest.MonkeyPatch.context() as patch:
        for name in list(os.environ):
            if name.startswith("DRUGPILOT_") and name not in TEST_KNOBS:
                patch.delenv(name)
        patch.setattr(BaseSettings, "settings_customise_sources", classmethod(_without_dotenv))
        clear_settings_caches()  # read at collection time, before this guard
        yield


SETTINGS_GETTERS = (("agent.settings", "get_settings"), ("bot.settings", "get_bot_settings"))


def clear_settings_caches() -> None:
    """Forget the settings objects cached so far (of the modules imported yet), so the next read sees the
    environment as it is now."""
    for module_name, getter in SETTINGS_GETTERS:
        module = sys.modules.get(module_name)
        if module is not None and hasattr(getattr(module, getter, None), "cache_clear"):
            getattr(module, getter).cache_clear()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing listens on port {port}")


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A private redis-server on a free port when the binary exists, else the one on 6379 (db 15)."""
    binary = shutil.which("redis-server")
    if binary is None:
        url = os.environ.get("DRUGPILOT_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
        import redis

        redis.Redis.from_url(url).flushdb()
        yield url
        return
    port = free_port()
    workdir = tmp_path_factory.mktemp("redis")
    proc = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                             "--dir", str(workdir)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for_port(port)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture
def redis_client(redis_url: str):
    """A clean database of the test Redis, apart from the one the session's Celery workers use."""
    import redis

    base, db = redis_url.rsplit("/", 1)
    client = redis.Redis.from_url(f"{base}/{int(db) - 1 if int(db) > 0 else 1}")
    client.flushdb()
    return client


def distributed_env(redis_url: str, tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DRUGPILOT_")}
    env.update({"DRUGPILOT_REDIS_URL": redis_url, "DRUGPILOT_OUTPUT_DIR": str(tmp_path / "out"),
                "DRUGPILOT_TOOL_TIMEOUT_S": "120", "PYTHONPATH": str(REPO)})
    return env


def start_workers(env: dict[str, str], log: Path, loglevel: str = "warning") -> subprocess.Popen:
    """`drugpilot worker --queues agent,gpu` (two worker nodes) in its own process group, once both answer ping."""
    import kombu.exceptions
    import redis.exceptions
    from celery import Celery

    url = env["DRUGPILOT_REDIS_URL"]
    with log.open("ab") as sink:
        # cwd: a folder of the test's own, so that no .env of the developer's is read (PYTHONPATH finds the code)
        proc = subprocess.Popen([sys.executable, "-m", "bot.cli", "worker", "--queues", "agent,gpu",
                                 "--loglevel", loglevel], cwd=log.parent, env=env, stdout=sink,
                                stderr=subprocess.STDOUT, start_new_session=True)
    probe = Celery(broker=url, backend=url)
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            names = {name.split("@")[0] for reply in probe.control.ping(timeout=1.0) or [] for name in reply}
        except (OSError, redis.exceptions.ConnectionError, kombu.exceptions.OperationalError):
            names = set()  # a just-restarted Redis: the probe's pooled connection was closed
        if {"agent", "gpu"} <= names:
            return proc
        if proc.poll() is not None:
            raise RuntimeError("worker exited:\n" + log.read_text()[-3000:])
    stop_workers(proc)
    raise RuntimeError("workers did not answer ping:\n" + log.read_text()[-3000:])


def stop_workers(proc: subprocess.Popen) -> None:
    """A warm shutdown (SIGTERM to the group): running tasks finish, fetched ones go back to the queue."""
    os.killpg(proc.pid, 15)
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, 9)
        proc.wait(timeout=10)


@pytest.fixture(scope="session")
def celery_workers(redis_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`drugpilot worker --queues agent,gpu`: two real worker nodes consuming from the test Redis."""
    env = distributed_env(redis_url, tmp_path_factory.mktemp("worker"))
    proc = start_workers(env, tmp_path_factory.mktemp("logs") / "worker.log")
    try:
        yield redis_url
    finally:
        stop_workers(proc)


@pytest.fixture
def one_thread() -> Iterator[None]:
    """Tiny model matrices: one torch thread is faster, and much faster when other processes share the cores."""
    import torch

    previous = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(previous)
