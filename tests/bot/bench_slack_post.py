"""Cost of the worst request a stranger can send the Slack HTTP endpoint: one big unsigned POST.

Starts ``python -m bot.cli slack`` (embedded mode, HTTP, INFO logs) from ``--repo`` (default: this checkout)
against the Slack API emulator, sends one POST of ``--mb`` MB of unsigned JSON, and prints the HTTP status,
the seconds until the answer, the server's peak resident memory (VmHWM) and the bytes its log grew by.
Not a test (no assertion); run it by hand:

    .venv/bin/python tests/bot/bench_slack_post.py --mb 50 [--repo OTHER_CHECKOUT]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]

from conftest import free_port, wait_for_port  # noqa: E402
from emulators.slack_api import BOT_TOKEN, SlackAPI  # noqa: E402


def peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def post(port: int, body: bytes) -> tuple[int | str, float]:
    started = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        conn.putrequest("POST", "/slack/events")
        conn.putheader("Content-Type", "application/json")
        conn.putheader("Content-Length", str(len(body)))
        conn.putheader("X-Slack-Request-Timestamp", str(int(time.time())))
        conn.putheader("X-Slack-Signature", "v0=" + "0" * 64)
        conn.endheaders()
        view = memoryview(body)
        try:
            for i in range(0, len(body), 1 << 20):
                conn.send(view[i:i + (1 << 20)])
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server answered and closed before reading it all
        status: int | str = conn.getresponse().status
    except (ConnectionResetError, http.client.HTTPException) as exc:
        status = type(exc).__name__
    finally:
        conn.close()
    return status, time.monotonic() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=50.0)
    parser.add_argument("--repo", type=Path, default=HERE.parents[1])
    args = parser.parse_args()
    api = SlackAPI().start()
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "slack.log"
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DRUGPILOT_", "SLACK_"))}
        env.update({"SLACK_BOT_TOKEN": BOT_TOKEN, "SLACK_SIGNING_SECRET": "bench-secret",
                    "DRUGPILOT_SLACK_API_URL": api.api_url, "DRUGPILOT_SLACK_HOST": "127.0.0.1",
                    "DRUGPILOT_SLACK_PORT": str(port), "DRUGPILOT_OUTPUT_DIR": str(Path(tmp) / "out"),
                    "PYTHONPATH": str(args.repo)})
        with log.open("wb") as sink:
            proc = subprocess.Popen([sys.executable, "-m", "bot.cli", "slack", "--loglevel", "info"], cwd=args.repo,
                                    env=env, stdout=sink, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            wait_for_port(port, timeout=60)
            time.sleep(0.5)
            rss_before, log_before = peak_rss_mb(proc.pid), log.stat().st_size
            body = b'{"type":"event_callback","event":{"text":"' + b"x" * int(args.mb * 1e6) + b'"}}'
            status, seconds = post(port, body)
            time.sleep(0.5)
            result = {"repo": str(args.repo), "mb": args.mb, "status": status, "seconds": round(seconds, 3),
                      "peak_rss_mb_before": round(rss_before, 1), "peak_rss_mb_after": round(peak_rss_mb(proc.pid), 1),
                      "log_bytes_added": log.stat().st_size - log_before, "server_alive": proc.poll() is None}
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=30)
            api.stop()
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
