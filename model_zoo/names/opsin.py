"""Systematic (IUPAC) names -> SMILES with OPSIN, run as one long-lived Java process per Python process.

OPSIN ships as a jar inside the ``py2opsin`` package; we only use the jar (py2opsin's own function starts a
JVM per call and writes a temporary file into the working folder). The process is started on the first
name (about 1 s for the JVM), then answers in milliseconds: one name per line on stdin, one SMILES per line
on stdout, an empty line when the name does not parse. Without Java or py2opsin, ``available()`` is False
and ``why_unavailable()`` says what is missing. Set ``DRUGPILOT_OPSIN=0`` to turn it off.
"""

from __future__ import annotations

import atexit
import os
import select
import shutil
import subprocess
import threading
from functools import lru_cache
from importlib import util as importlib_util
from pathlib import Path

START_TIMEOUT_S = 20.0  # JVM start plus the first name
NAME_TIMEOUT_S = 5.0

_lock = threading.Lock()
_process: subprocess.Popen[str] | None = None
_failed: str = ""  # set once: after a failure the process is not restarted (one JVM per process at most)


def _jar() -> Path | None:
    spec = importlib_util.find_spec("py2opsin")  # finds the package without importing it
    if spec is None or not spec.submodule_search_locations:
        return None
    for folder in spec.submodule_search_locations:
        jars = sorted(Path(folder).glob("opsin*.jar"))
        if jars:
            return jars[-1]
    return None


@lru_cache(maxsize=1)
def why_unavailable() -> str:
    """Empty when OPSIN can run here; otherwise one line saying what is missing."""
    if os.environ.get("DRUGPILOT_OPSIN", "1").strip().lower() in ("0", "false", "no", "off"):
        return "OPSIN is turned off (DRUGPILOT_OPSIN=0)"
    if _jar() is None:
        return "OPSIN is not installed (pip install py2opsin)"
    if shutil.which("java") is None:
        return "OPSIN needs Java, which was not found on this machine"
    return ""


def available() -> bool:
    return not why_unavailable() and not _failed


def _start() -> subprocess.Popen[str]:
    cmd = ["java", "-Xss8m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-jar", str(_jar()), "-osmi"]
    return subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True, bufsize=1)


def _stop() -> None:
    global _process
    proc, _process = _process, None
    if proc is not None and proc.poll() is None:
        try:
            proc.stdin.close()  # type: ignore[union-attr]
            proc.wait(timeout=2)
        except (OSError, subprocess.TimeoutExpired):
            proc.kill()


atexit.register(_stop)


@lru_cache(maxsize=4096)
def to_smiles(name: str) -> str | None:
    """OPSIN's SMILES for a systematic name, or None when it does not parse or OPSIN cannot run."""
    global _process, _failed
    name = " ".join(name.split())
    if not name or not available():
        return None
    with _lock:
        timeout = NAME_TIMEOUT_S
        if _process is None or _process.poll() is not None:
            if _process is not None:  # it died: do not start a second JVM
                _failed = "OPSIN stopped unexpectedly"
                return None
            try:
                _process = _start()
            except OSError as exc:
                _failed = f"OPSIN could not start: {exc}"
                return None
            timeout = START_TIMEOUT_S
        stdin, stdout = _process.stdin, _process.stdout
        assert stdin is not None and stdout is not None  # _start opens both as pipes
        try:
            stdin.write(name + "\n")
            stdin.flush()
            ready, _, _ = select.select([stdout], [], [], timeout)
            line = stdout.readline() if ready else None
        except OSError as exc:
            _failed = f"OPSIN failed: {exc}"
            _stop()
            return None
        if line is None or line == "":  # timed out, or the process closed its output
            _failed = "OPSIN did not answer in time" if line is None else "OPSIN stopped unexpectedly"
            _stop()
            return None
        return line.strip() or None


def status() -> str:
    """One line for logs: why OPSIN is unavailable, or that it is ready."""
    return why_unavailable() or _failed or "OPSIN ready"
