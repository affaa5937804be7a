"""The Slack HTTP endpoint as strangers meet it: the real `drugpilot slack` process (embedded mode, waitress,
INFO logs) against the Slack API emulator.

- Bodies over the limit are refused (413) before they are read; bad or missing timestamps, bad signatures
  and unsigned garbage are 401; signed bodies that do not parse are 400; nothing is ever a 500.
- No request body reaches the log, and a newline in a logged value cannot start a forged log line.
- Idle connections do not cost a thread each, and are closed after the idle timeout.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
import pytest

from conftest import REPO, free_port, wait_for_port
from emulators.slack_api import BOT_TOKEN, SlackAPI, payload, send_event, signed_headers
from slack_harness import SECRET, SlackDriver, new_ts

IDLE_TIMEOUT_S = 2
THREADS = 4
MARK = "zq" * 8  # appears in every body sent here, so the log can be searched for it


class SlackProcess:
    def __init__(self, tmp: Path) -> None:
        self.api = SlackAPI().start()
        self.port = free_port()
        self.log = tmp / "slack.log"
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DRUGPILOT_", "SLACK_"))}
        env.update({"SLACK_BOT_TOKEN": BOT_TOKEN, "SLACK_SIGNING_SECRET": SECRET,
                    "DRUGPILOT_SLACK_API_URL": self.api.api_url, "DRUGPILOT_SLACK_HOST": "127.0.0.1",
                    "DRUGPILOT_SLACK_PORT": str(self.port), "DRUGPILOT_OUTPUT_DIR": str(tmp / "out"),
                    "DRUGPILOT_SLACK_HTTP_THREADS": str(THREADS),
                    "DRUGPILOT_SLACK_HTTP_IDLE_TIMEOUT_S": str(IDLE_TIMEOUT_S), "PYTHONPATH": str(REPO)})
        with self.log.open("wb") as sink:  # in the test's folder: no .env of the developer's is read
            self.proc = subprocess.Popen([sys.executable, "-m", "bot.cli", "slack", "--loglevel", "info"], cwd=tmp,
                                         env=env, stdout=sink, stderr=subprocess.STDOUT, start_new_session=True)
        wait_for_port(self.port, timeout=60)
        self.url = f"http://127.0.0.1:{self.port}/slack/events"
        self.driver = SlackDriver(self.api, self.url)

    def threads(self) -> int:
        return len(os.listdir(f"/proc/{self.proc.pid}/task"))

    def stop(self) -> None:
        os.killpg(self.proc.pid, signal.SIGTERM)
        self.proc.wait(timeout=30)
        self.api.stop()


@pytest.fixture(scope="module")
def slack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SlackProcess]:
    process = SlackProcess(tmp_path_factory.mktemp("slack-endpoint"))
    yield process
    process.stop()


def raw_post(port: int, body: bytes, headers: dict[str, str], declared: int | None = None) -> tuple[int, str]:
    """POST ``body``; the server may answer (and close) before reading all of it."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.putrequest("POST", "/slack/events")
        for k, v in {"Content-Length": str(len(body) if declared is None else declared), **headers}.items():
            conn.putheader(k, v)
        conn.endheaders()
        try:
            for i in range(0, len(body), 1 << 20):
                conn.send(body[i:i + (1 << 20)])
        except (BrokenPipeError, ConnectionResetError):
            pass
        response = conn.getresponse()
        return response.status, response.read().decode()
    finally:
        conn.close()


def signed(body: str, content_type: str = "application/json", timestamp: str | None = None) -> dict[str, str]:
    headers = signed_headers(SECRET, body, content_type=content_type)
    if timestamp is not None:
        headers["X-Slack-Request-Timestamp"] = timestamp
    return headers


def test_bad_input_gets_a_4xx_and_no_body_reaches_the_log(slack: SlackProcess) -> None:
    log_before = slack.log.stat().st_size
    unsigned = {"Content-Type": "application/json", "X-Slack-Request-Timestamp": str(int(time.time())),
                "X-Slack-Signature": "v0=" + "0" * 64}
    huge = b'{"text": "' + MARK.encode() * 400_000 + b'"}'  # 6.4 MB
    status, _ = raw_post(slack.port, huge, unsigned)
    assert status == 413
    big_signed = json.dumps({"type": "event_callback", "text": MARK * 80_000})
    assert raw_post(slack.port, big_signed.encode(), signed(big_signed))[0] == 413

    body = json.dumps({"type": "event_callback", "text": MARK})
    assert raw_post(slack.port, body.encode(), signed(body, timestamp="12ab"))[0] == 401  # non-numeric
    assert raw_post(slack.port, body.encode(), {**signed(body), "X-Slack-Request-Timestamp": ""})[0] == 401
    garbage = f'{{"type": "event_callback", "text": "{MARK}'  # malformed JSON, unsigned
    assert raw_post(slack.port, garbage.encode(), unsigned)[0] == 401
    assert raw_post(slack.port, garbage.encode(), signed(garbage))[0] == 400  # signed, but does not parse
    form = urllib.parse.urlencode({"payload": "{" + MARK})
    assert raw_post(slack.port, form.encode(), signed(form, "application/x-www-form-urlencoded"))[0] == 400
    assert raw_post(slack.port, b"<xml/>", signed("<xml/>", "text/xml"))[0] == 415
    conn = http.client.HTTPConnection("127.0.0.1", slack.port, timeout=10)
    conn.request("GET", "/slack/events")
    assert conn.getresponse().status == 405
    conn.close()

    # the endpoint still works, and the log holds one short line per refusal and none of the bodies
    ts, sent = slack.driver.mention("pool list")
    assert sent.status == 200
    slack.driver.wait_answer(ts, timeout=60)
    log = slack.log.read_bytes()[log_before:].decode(errors="replace")
    assert MARK not in log, log[-2000:]
    assert log.count("refused a request to the Slack endpoint") == 7  # waitress answers the two 413s itself
    assert len(log) < 20_000 and "Traceback" not in log


def test_a_newline_in_a_logged_value_cannot_forge_a_log_line(slack: SlackProcess) -> None:
    ts = new_ts()
    forged = "2099-01-01 00:00:00,000 ERROR drugpilot: forged line"
    body = payload("app_mention", event_id=f"Ev0FORGE\n{forged}")
    body["event"].update({"ts": ts, "event_ts": ts, "text": "<@U0BOT> pool list"})
    assert send_event(slack.url, SECRET, body).status == 200
    assert send_event(slack.url, SECRET, body, retry_num=1).status == 200  # logged as a dropped duplicate
    slack.driver.wait_answer(ts, timeout=60)
    deadline = time.monotonic() + 10
    while "Ev0FORGE" not in slack.log.read_text(errors="replace"):
        assert time.monotonic() < deadline, "the duplicate was not logged"
        time.sleep(0.05)
    lines = slack.log.read_text(errors="replace").splitlines()
    assert not [line for line in lines if line.startswith("2099-01-01")]
    assert [line for line in lines if "Ev0FORGE\\n2099-01-01" in line]


def test_idle_connections_cost_no_thread_each_and_are_closed(slack: SlackProcess) -> None:
    idle = []
    for _ in range(300):
        idle.append(socket.create_connection(("127.0.0.1", slack.port), timeout=IDLE_TIMEOUT_S * 20))
    for conn in idle[:100]:
        conn.sendall(b"POST /slack/events HTTP/1.1\r\nHost: x\r\n")  # a request that never finishes
    threads = slack.threads()
    assert threads < 60, f"{threads} threads for 300 idle connections"

    ts, sent = slack.driver.mention("pool list")  # served although 300 connections sit idle
    assert sent.status == 200
    slack.driver.wait_answer(ts, timeout=60)
    closed = 0
    for conn in idle[:100]:  # the server hangs up on them after the idle timeout: recv() gets EOF
        try:
            closed += conn.recv(1) == b""
        except ConnectionResetError:
            closed += 1
    assert closed == 100
    for conn in idle:
        conn.close()
