"""Real worker nodes for the worker tests: one `drugpilot worker --queues Q` process group per node,
Celery task events captured in a thread, and the brokers (a private Redis database, a private RabbitMQ
virtual host)."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from celery import Celery
from conftest import REPO

from worker import broker, celeryconfig

RABBITMQ = ("127.0.0.1", 5672)


class Node:
    """One `drugpilot worker --queues Q` process group (the worker and its pool children)."""

    def __init__(self, queue: str, env: dict[str, str], log: Path) -> None:
        self.queue = queue
        with log.open("ab") as sink:
            self.proc = subprocess.Popen([sys.executable, "-m", "bot.cli", "worker", "--queues", queue,
                                          "--loglevel", "info"], cwd=REPO, env=env, stdout=sink,
                                         stderr=subprocess.STDOUT, start_new_session=True)
        self.log = log

    def kill(self, sig: int = signal.SIGKILL) -> None:
        try:
            os.killpg(self.proc.pid, sig)
        except ProcessLookupError:
            return
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)


class Events:
    """Celery task events (worker_send_task_events is on in celeryconfig), captured in a thread."""

    def __init__(self, app: Celery) -> None:
        self.app = app
        self.seen: list[dict[str, Any]] = []
        self._cond = threading.Condition()
        self._receiver: Any = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        assert self._ready.wait(10), "event receiver did not start"

    def _run(self) -> None:
        with self.app.connection() as conn:
            self._receiver = self.app.events.Receiver(conn, handlers={"*": self._on})
            self._ready.set()
            self._receiver.capture(limit=None, timeout=None, wakeup=False)

    def _on(self, event: dict[str, Any]) -> None:
        with self._cond:
            self.seen.append(event)
            self._cond.notify_all()

    def of(self, task_id: str, kind: str) -> list[dict[str, Any]]:
        with self._cond:
            return [e for e in self.seen if e.get("uuid") == task_id and e.get("type") == kind]

    def name_of(self, task_id: str) -> str | None:
        """The task's name (sent with its task-received event)."""
        with self._cond:
            return next((e["name"] for e in self.seen if e.get("uuid") == task_id and e.get("name")), None)

    def started(self, name: str) -> list[dict[str, Any]]:
        """task-started events of tasks called ``name``, in order."""
        with self._cond:
            seen = list(self.seen)
        return [e for e in seen if e.get("type") == "task-started" and self.name_of(e.get("uuid", "")) == name]

    def wait(self, found: Callable[[], list[dict[str, Any]]], timeout: float) -> list[dict[str, Any]]:
        deadline = time.monotonic() + timeout
        with self._cond:
            while not (hits := found()) and time.monotonic() < deadline:
                self._cond.wait(0.2)
        return hits

    def stop(self) -> None:
        if self._receiver is not None:
            self._receiver.should_stop = True
        self._thread.join(timeout=5)


def private_db(url: str) -> str:
    """Another database of the same Redis: the session's `celery_workers` consume agent/gpu in db 0 and
    must not take our tasks (Celery's queues and its broadcast channels are per database)."""
    base, _, db = url.rpartition("/")
    return f"{base}/{3 if db != '3' else 4}"


def rabbitmq_reachable() -> bool:
    try:
        socket.create_connection(RABBITMQ, timeout=1).close()
        return True
    except OSError:
        return False


@contextmanager
def rabbitmq_vhost() -> Iterator[str]:
    """An AMQP URL on a fresh virtual host when `rabbitmqctl` can make one (guest/guest), else on "/" with
    this deployment's queues deleted before and after (they hold only what a test put there)."""
    ctl = shutil.which("rabbitmqctl")
    vhost = f"drugpilot-test-{uuid.uuid4().hex[:8]}"

    def run(*args: str) -> bool:
        return subprocess.run([ctl or "rabbitmqctl", *args], capture_output=True, timeout=60).returncode == 0

    if ctl and run("add_vhost", vhost) and run("set_permissions", "-p", vhost, "guest", ".*", ".*", ".*"):
        try:
            yield f"amqp://guest:guest@{RABBITMQ[0]}:{RABBITMQ[1]}/{vhost}"
        finally:
            run("delete_vhost", vhost)
        return
    url = f"amqp://guest:guest@{RABBITMQ[0]}:{RABBITMQ[1]}//"
    _delete_queues(url)
    try:
        yield url
    finally:
        _delete_queues(url)


def _delete_queues(url: str) -> None:
    from kombu import Connection

    with Connection(url) as conn:
        for queue in [*broker.task_queues(), broker.dead_letter_queue()]:
            try:
                conn.default_channel.queue_delete(queue.name)
            except Exception:  # absent: nothing to delete
                conn.close()
                conn.connect()


def probe_app(env: dict[str, str]) -> Celery:
    """A client with the deployment's routes and queues (RabbitMQ: the same quorum queue arguments)."""
    url = env.get("DRUGPILOT_BROKER_URL") or env["DRUGPILOT_REDIS_URL"]
    probe = Celery("probe", broker=url, backend=env["DRUGPILOT_REDIS_URL"])
    probe.conf.update(task_serializer="json", result_serializer="json", accept_content=["json"],
                      task_routes=celeryconfig.task_routes)  # the real routes: no queue named at call sites
    if broker.is_amqp_url(url):
        probe.conf.update(task_queues=broker.task_queues(), broker_transport_options={"confirm_publish": True})
    return probe


def wait_for_nodes(probe: Celery, nodes: dict[str, Node], timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        names = {r for reply in probe.control.ping(timeout=0.5) or [] for r in reply}
        if {n.split("@")[0] for n in names} >= set(nodes):
            return
        for node in nodes.values():
            assert node.proc.poll() is None, node.log.read_text()[-3000:]
    raise AssertionError("workers did not answer ping")


def wait_until(found: Callable[[], Any], timeout: float, what: str, step: float = 0.1) -> Any:
    """Poll until ``found()`` is truthy (returned) or the deadline passes (AssertionError naming ``what``)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if value := found():
            return value
        time.sleep(step)
    raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")


def stop_cluster(state: dict[str, Any]) -> None:
    """Stop what a cluster fixture started: the event receiver, then every node."""
    if "events" in state:
        state["events"].stop()
    for node in state["nodes"].values():
        node.kill(signal.SIGTERM)
