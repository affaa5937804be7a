"""`python -m bot.cli slack|teams` as a real process group (the web process and its delivery worker child)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from celery import Celery

from conftest import wait_for_port
from waiting import child_env


class BotProcess:
    def __init__(self, platform: str, env: dict[str, str], port: int, log: Path, loglevel: str = "warning") -> None:
        self.platform, self.env, self.port, self.log, self.loglevel = platform, env, port, log, loglevel
        self.proc: subprocess.Popen | None = None

    def start(self, redis_url: str) -> None:
        with self.log.open("ab") as sink:  # cwd: the log's folder (the test's own), so no .env of the developer's
            self.proc = subprocess.Popen([sys.executable, "-m", "bot.cli", self.platform, "--loglevel", self.loglevel],
                                         cwd=self.log.parent, env=child_env(self.env), stdout=sink,
                                         stderr=subprocess.STDOUT, start_new_session=True)
        wait_for_port(self.port, timeout=60)
        probe = Celery(broker=redis_url, backend=redis_url)
        worker = f"replies-{self.platform}@"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:  # the delivery worker answers ping once it consumes its queue
            if any(name.startswith(worker) for r in probe.control.ping(timeout=0.5) or [] for name in r):
                return
            assert self.proc.poll() is None, self.log.read_text()[-3000:]
        raise AssertionError(f"the replies.{self.platform} delivery worker did not start:\n"
                             + self.log.read_text()[-3000:])

    def stop(self, sig: int = signal.SIGTERM) -> None:
        """SIGTERM: a service manager's stop. SIGKILL: a crash (the delivery worker dies with it)."""
        if self.proc is None:
            return
        try:
            os.killpg(self.proc.pid, sig)
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)
        except ProcessLookupError:
            pass
        self.proc = None

    def tail(self) -> str:
        return self.log.read_text()[-5000:] if self.log.exists() else ""
