"""Load benchmark (not part of `make test`): concurrent threads of turns through the real Slack HTTP
endpoint (and a smaller run through Teams) against the local platform emulators, with a private Redis,
the agent/gpu workers (`drugpilot worker --queues agent,gpu`), the offline planner and the property tool.

    .venv/bin/python tests/bench/load.py [--threads 50] [--turns 5] [--teams-threads 10] [--teams-turns 3]
                                         [--broker redis|rabbitmq] [--out load.json]

--broker rabbitmq (the deployment's broker; RabbitMQ on 127.0.0.1:5672, guest/guest, a private virtual host)
or redis (Redis-only: the private Redis is the broker too; the default, as in the first published runs).

Each simulated thread asks its turns one after another (the next when the previous answer has arrived);
the threads run at the same time. Reported: throughput, p50/p95 time to acknowledgement (the HTTP
response) and to the final answer in the thread, lost and duplicated answers, and the bot process's
peak memory (web process plus its delivery worker, RSS).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

TESTS = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(TESTS), str(TESTS / "bot"), str(TESTS / "worker"), str(TESTS.parent)]

import httpx  # noqa: E402

from bot_process import BotProcess  # noqa: E402
from celery import Celery  # noqa: E402
from cluster import rabbitmq_vhost  # noqa: E402
from conftest import distributed_env, free_port, stop_workers, wait_for_port  # noqa: E402
from emulators.slack_api import BOT_TOKEN, SlackAPI, payload, send_event  # noqa: E402
from emulators.teams_connector import TeamsConnector  # noqa: E402
from slack_harness import SECRET, SlackDriver, new_ts  # noqa: E402
from teams_harness import payload as teams_payload  # noqa: E402
from tests_support import RestartableRedis  # noqa: E402

MOLECULES = ["CCO", "c1ccccc1O", "CC(=O)Nc1ccc(O)cc1", "CN1CCC[C@H]1c1cccnc1", "O=C(O)c1ccccc1OC(C)=O",
             "CC(C)Cc1ccc(C(C)C(=O)O)cc1", "Cn1cnc2c1c(=O)n(C)c(=O)n2C", "OC1CCCCC1"]
QUESTIONS = ["how soluble is {}?", "would {} cross the blood-brain barrier?", "lipophilicity of {}",
             "hydration free energy of {}", "does {} inhibit BACE-1?"]
ANSWER_TIMEOUT_S = 300.0


class Memory:
    """Peak RSS of a process group's members (the bot's web process and its delivery worker)."""

    def __init__(self, pid: int) -> None:
        self.pid, self.peak_mb, self._stop = pid, 0.0, threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(0.5):
            self.peak_mb = max(self.peak_mb, group_rss_mb(self.pid))

    def stop(self) -> float:
        self._stop.set()
        self._thread.join()
        return round(self.peak_mb, 1)


def group_rss_mb(pgid: int) -> float:
    total = 0
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            stat = (proc / "stat").read_text().rsplit(")", 1)[1].split()
            if int(stat[2]) != pgid:  # field 5: process group id
                continue
            total += int(next(line.split()[1] for line in (proc / "status").read_text().splitlines()
                              if line.startswith("VmRSS:")))
        except (OSError, StopIteration, IndexError, ValueError):
            continue
    return total / 1024


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 3) if ordered else float("nan")


def summary(name: str, acks: list[float], answers: list[float], wall: float, turns: int, lost: int, doubled: int,
            memory_mb: float) -> dict[str, Any]:
    return {"run": name, "turns": turns, "wall_s": round(wall, 1), "turns_per_s": round(turns / wall, 2),
            "ack_p50_s": percentile(acks, 0.5), "ack_p95_s": percentile(acks, 0.95),
            "answer_p50_s": percentile(answers, 0.5), "answer_p95_s": percentile(answers, 0.95),
            "answer_max_s": round(max(answers), 2) if answers else None, "lost": lost, "duplicated": doubled,
            "bot_peak_rss_mb": memory_mb}


def await_nodes(env: dict[str, str], prefixes: tuple[str, ...], proc: subprocess.Popen, log: Path) -> None:
    """Until a node of each name prefix answers ping over the broker the processes use."""
    probe = Celery(broker=env.get("DRUGPILOT_BROKER_URL") or env["DRUGPILOT_REDIS_URL"])
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        names = {name for reply in probe.control.ping(timeout=1.0) or [] for name in reply}
        if all(any(n.startswith(p) for n in names) for p in prefixes):
            return
        assert proc.poll() is None, log.read_text()[-3000:]
    raise AssertionError(f"{prefixes} did not answer ping:\n" + log.read_text()[-3000:])


def start_workers(env: dict[str, str], log: Path) -> subprocess.Popen:
    """`drugpilot worker --queues agent,gpu` (two nodes), once both answer ping."""
    with log.open("ab") as sink:
        proc = subprocess.Popen([sys.executable, "-m", "bot.cli", "worker", "--queues", "agent,gpu",
                                 "--loglevel", "warning"], cwd=TESTS.parent, env=env, stdout=sink,
                                stderr=subprocess.STDOUT, start_new_session=True)
    await_nodes(env, ("agent@", "gpu@"), proc, log)
    return proc


def start_bot(bot: BotProcess) -> None:
    """The bot and its delivery worker (BotProcess.start, with the ping over the configured broker)."""
    with bot.log.open("ab") as sink:
        bot.proc = subprocess.Popen([sys.executable, "-m", "bot.cli", bot.platform, "--loglevel", bot.loglevel],
                                    cwd=TESTS.parent, env=bot.env, stdout=sink, stderr=subprocess.STDOUT,
                                    start_new_session=True)
    wait_for_port(bot.port, timeout=60)
    await_nodes(bot.env, (f"replies-{bot.platform}@",), bot.proc, bot.log)


# -- Slack ------------------------------------------------------------------------------------------------
def slack_thread(driver: SlackDriver, api: SlackAPI, index: int, turns: int) -> tuple[list[float], list[float], int]:
    acks, answers, lost = [], [], 0
    thread = new_ts()
    for turn in range(turns):
        smiles = MOLECULES[(index + turn) % len(MOLECULES)]
        ts = thread if turn == 0 else new_ts()
        body = payload("app_mention", event_id=f"Ev{uuid.uuid4().hex[:12].upper()}")
        body["event"].update({"text": f"<@U0BOT> {QUESTIONS[turn % len(QUESTIONS)].format(smiles)}", "ts": ts,
                              "event_ts": ts})
        if turn:
            body["event"]["thread_ts"] = thread
        started = time.monotonic()
        sent = send_event(driver.url, SECRET, body)
        acks.append(sent.seconds)
        try:
            driver.wait_answer(thread, n=turn + 1, timeout=ANSWER_TIMEOUT_S)
            answers.append(time.monotonic() - started)
        except AssertionError:
            lost += 1
    return acks, answers, lost


def run_slack(env: dict[str, str], tmp: Path, threads: int, turns: int) -> dict[str, Any]:
    api = SlackAPI().start()
    port = free_port()
    env = {**env, "SLACK_BOT_TOKEN": BOT_TOKEN, "SLACK_SIGNING_SECRET": SECRET,
           "DRUGPILOT_SLACK_API_URL": api.api_url, "DRUGPILOT_SLACK_HOST": "127.0.0.1",
           "DRUGPILOT_SLACK_PORT": str(port), "DRUGPILOT_TURNS_PER_MINUTE": "1000"}
    bot = BotProcess("slack", env, port, tmp / "slack.log")
    start_bot(bot)
    driver = SlackDriver(api, f"http://127.0.0.1:{port}/slack/events")
    try:
        warm, _ = driver.mention("how soluble is CCO?")  # load the model once, as a running service has
        driver.wait_answer(warm, timeout=ANSWER_TIMEOUT_S)
        memory = Memory(bot.proc.pid)
        started = time.monotonic()
        with ThreadPoolExecutor(max_workers=threads) as pool:
            results = list(pool.map(lambda i: slack_thread(driver, api, i, turns), range(threads)))
        wall = time.monotonic() - started
        time.sleep(2)  # late duplicates would arrive now
        threads_ts = {c["thread_ts"] for c in api.calls("chat.postMessage") if c.get("thread_ts") != warm}
        doubled = sum(max(0, len(driver.answers(ts)) - turns) for ts in threads_ts)
        return summary("slack", [a for r in results for a in r[0]], [a for r in results for a in r[1]], wall,
                       threads * turns, sum(r[2] for r in results), doubled, memory.stop())
    finally:
        bot.stop()
        api.stop()


# -- Teams ------------------------------------------------------------------------------------------------
def teams_thread(url: str, connector: TeamsConnector, index: int, turns: int) -> tuple[list[float], list[float],
                                                                                        int, int]:
    acks, answers, lost, doubled = [], [], 0, 0
    thread = uuid.uuid4().hex[:12]
    for turn in range(turns):
        smiles = MOLECULES[(index + turn) % len(MOLECULES)]
        activity = teams_payload("channel_mention", connector.url, thread=thread, id=str(uuid.uuid4().int)[:13],
                                 text=f"<at>DrugPilot</at> {QUESTIONS[turn % len(QUESTIONS)].format(smiles)}")

        def final(call: dict[str, Any], wanted: str = activity["id"]) -> bool:
            body = call["body"]
            return (call["activity_id"] == wanted and body.get("type") == "message"
                    and bool(body.get("attachments")))

        started = time.monotonic()
        response = httpx.post(f"{url}/api/messages", json=activity, timeout=30)
        acks.append(time.monotonic() - started)
        assert response.status_code in (200, 201), response.text
        try:
            connector.wait_for("reply", 1, timeout=ANSWER_TIMEOUT_S, where=final)
            answers.append(time.monotonic() - started)
            time.sleep(0.2)
            doubled += max(0, len(connector.wait_for("reply", 1, timeout=1, where=final)) - 1)
        except AssertionError:
            lost += 1
    return acks, answers, lost, doubled


def run_teams(env: dict[str, str], tmp: Path, threads: int, turns: int) -> dict[str, Any]:
    port = free_port()
    env = {k: v for k, v in env.items() if not k.startswith("MICROSOFT_APP_")}
    env.update({"DRUGPILOT_TEAMS_PORT": str(port), "DRUGPILOT_TEAMS_HOST": "127.0.0.1",
                "DRUGPILOT_LINK_SECRET": "load-benchmark-secret-0123456789", "DRUGPILOT_TURNS_PER_MINUTE": "1000"})
    bot = BotProcess("teams", env, port, tmp / "teams.log")
    start_bot(bot)
    url = f"http://127.0.0.1:{port}"
    try:
        with TeamsConnector() as connector:
            memory = Memory(bot.proc.pid)
            started = time.monotonic()
            with ThreadPoolExecutor(max_workers=threads) as pool:
                results = list(pool.map(lambda i: teams_thread(url, connector, i, turns), range(threads)))
            wall = time.monotonic() - started
            return summary("teams", [a for r in results for a in r[0]], [a for r in results for a in r[1]], wall,
                           threads * turns, sum(r[2] for r in results), sum(r[3] for r in results), memory.stop())
    finally:
        bot.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--threads", type=int, default=50)
    parser.add_argument("--turns", type=int, default=5)
    parser.add_argument("--teams-threads", type=int, default=10)
    parser.add_argument("--teams-turns", type=int, default=3)
    parser.add_argument("--broker", choices=("redis", "rabbitmq"), default="redis")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, (
            rabbitmq_vhost() if args.broker == "rabbitmq" else contextlib.nullcontext(None)) as broker_url:
        tmp = Path(folder)
        redis = RestartableRedis(tmp, free_port()).start()
        env = distributed_env(redis.url, tmp)
        env["DRUGPILOT_TURNS_PER_MINUTE"] = "1000"  # the benchmark's one user would hit the per-user limit
        if broker_url:
            env["DRUGPILOT_BROKER_URL"] = broker_url
        workers = start_workers(env, tmp / "workers.log")
        try:
            results = [run_slack(env, tmp, args.threads, args.turns)]
            if args.teams_threads:
                results.append(run_teams(env, tmp, args.teams_threads, args.teams_turns))
        finally:
            stop_workers(workers)
            redis.stop()
    columns = list(results[0])
    print(" | ".join(columns))
    for row in results:
        print(" | ".join(str(row[c]) for c in columns))
    if args.out:
        args.out.write_text(json.dumps({"results": results, "args": vars(args) | {"out": str(args.out)}},
                                       indent=2, default=str))
    return 0 if all(r["lost"] == 0 and r["duplicated"] == 0 for r in results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
