"""The ``drugpilot`` command: chat, ask, demo, worker, one command per chat platform (bot.platforms), eval,
doctor."""

from __future__ import annotations

import argparse
import json
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path

from agent.settings import get_settings
from bot.platforms import PLATFORMS, load, platform


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["zoo"]:  # model commands live with the models; run them without importing model_zoo here
        return subprocess.run([sys.executable, "-m", "model_zoo.cli", *argv[1:]]).returncode
    parser = argparse.ArgumentParser(prog="drugpilot", description="DrugPilot drug-discovery chat agent")
    sub = parser.add_subparsers(dest="command", required=True)

    chat = sub.add_parser("chat", help="an interactive thread in the terminal")
    chat.add_argument("--thread", default="main")
    chat.add_argument("--user", default=os.environ.get("USER", "scientist"))

    ask = sub.add_parser("ask", help="ask one question and print the answer")
    ask.add_argument("text")
    ask.add_argument("--thread", default=None, help="thread id (default: a new one)")
    ask.add_argument("--user", default=os.environ.get("USER", "scientist"))
    ask.add_argument("--file", action="append", type=Path, default=[], help="attach a file (repeatable)")
    ask.add_argument("--json", action="store_true", help="print tool calls, results and files as JSON")

    sub.add_parser("demo", help="play a short scripted thread with two colleagues")
    sub.add_parser("zoo", help="models: list | evaluate [MODEL] [--json] | train [MODEL]")

    worker = sub.add_parser("worker", help="start Celery worker(s); needs DRUGPILOT_REDIS_URL")
    worker.add_argument("--queues", default="agent,gpu")
    worker.add_argument("--concurrency", type=int, default=None, help="processes per queue")
    worker.add_argument("--loglevel", default="info")

    for declared in PLATFORMS:
        serve = sub.add_parser(declared.name, help=declared.help)
        for option in declared.options:
            serve.add_argument(f"--{option.name}", type=option.type, default=None, help=option.help)
        serve.add_argument("--no-delivery-worker", action="store_true",
                           help=f"distributed mode: do not start the {declared.queue} delivery worker here")
        serve.add_argument("--loglevel", default="info")

    doctor = sub.add_parser("doctor", help="check configuration and reachability: Redis, workers, GPU, Ollama, "
                                           f"{', '.join(p.title for p in PLATFORMS)} (exit 1 on FAIL)")
    doctor.add_argument("--json", action="store_true", help="print the checks as JSON")
    doctor.add_argument("--timeout", type=float, default=3.0, help="seconds per network check")
    doctor.add_argument("--gpu-timeout", type=float, default=20.0, help="seconds to wait for a gpu worker's answer")
    for flag in (f for p in PLATFORMS for f in p.doctor_flags):
        doctor.add_argument(f"--{flag.name}", action="store_true", help=flag.help)

    evaluate = sub.add_parser("eval", help="evaluations").add_subparsers(dest="suite", required=True)
    toolcall = evaluate.add_parser("toolcall", help="teacher-forced tool-calling accuracy on a TCDD-layout file")
    toolcall.add_argument("file", type=Path)
    toolcall.add_argument("--backend", choices=("offline", "ollama", "hybrid"), default="offline",
                          help="hybrid: the Ollama model picks the tool, the offline planner fills its values")
    toolcall.add_argument("--model", default=None, help="Ollama model (default: DRUGPILOT_OLLAMA_MODEL)")
    toolcall.add_argument("--host", default=None, help="Ollama URL (default: DRUGPILOT_OLLAMA_HOST)")
    toolcall.add_argument("--limit", type=int, default=None, help="only the first N records")
    toolcall.add_argument("--per-category", type=int, default=None, help="only the first N records of each category")
    toolcall.add_argument("--out", type=Path, required=True, help="where to write RESULTS.json")
    toolcall.add_argument("--original-gold", action="store_true",
                          help="score the file as written (default: the steps in agent/evaluation/name_golds.json "
                               "expect the call with the resolved target sequence)")
    scale = evaluate.add_parser("poolscale", help="memory-pool scale study: prompt size, Acc.P, latency vs pool size")
    scale.add_argument("--backend", choices=("offline", "ollama", "hybrid"), default="offline")
    scale.add_argument("--model", default=None)
    scale.add_argument("--host", default=None)
    scale.add_argument("--sizes", default="1,10,100,1000,10000,100000")
    scale.add_argument("--out", type=Path, required=True, help="folder for poolscale.json and poolscale.png")

    args = parser.parse_args(argv)
    handlers = {"chat": _chat, "ask": _ask, "demo": _demo, "worker": _worker, "eval": _eval, "doctor": _doctor}
    return handlers[args.command](args) if args.command in handlers else _serve(args)


def _thread(thread: str):  # ConsoleThread, imported late to keep --help fast
    from bot.console import ConsoleThread
    from worker.client import submit_turn
    from worker.runtime import artifact_store

    output = Path(get_settings().output_dir).resolve()
    return ConsoleThread(thread, submit_turn, artifact_store(), output)


def _chat(args: argparse.Namespace) -> int:
    thread = _thread(args.thread)
    user = args.user
    print(f"Thread {args.thread!r} as {user}. Type a question, `upload PATH`, `pool list`, `/user NAME`, or `quit`.")
    print(f"Files go to {thread.output_dir}")
    while True:
        try:
            line = input(f"{user}> ").strip()
        except (EOFError, KeyboardInterrupt):
            print()
            return 0
        if not line:
            continue
        if line in ("quit", "exit"):
            return 0
        if line.startswith("/user "):
            user = line.split(None, 1)[1].strip()
            continue
        if line.startswith("upload "):
            paths, message = _upload_args(line)
            missing = [p for p in paths if not p.is_file()]
            if missing:
                print(f"DrugPilot: no such file: {', '.join(map(str, missing))}")
                continue
            thread.say(user, message, files=paths)
            continue
        thread.say(user, line)


def _upload_args(line: str) -> tuple[list[Path], str]:
    """``upload a.csv b.sdf -- optional message``."""
    words = shlex.split(line)[1:]
    if "--" in words:
        cut = words.index("--")
        return [Path(w) for w in words[:cut]], " ".join(words[cut + 1:])
    return [Path(w) for w in words], ""


def _ask(args: argparse.Namespace) -> int:
    import io
    import uuid

    from agent.turn import Attachment, ThreadRef, Turn
    from worker.client import submit_turn
    from worker.runtime import artifact_store

    thread_id = args.thread or uuid.uuid4().hex[:12]
    if not args.json:
        _thread(thread_id).say(args.user, args.text, files=args.file)
        return 0
    from bot.console import ConsoleThread

    started = time.perf_counter()
    ref = ThreadRef("console", "local", "terminal", thread_id)
    turn = Turn(ref, args.user, args.text, [Attachment(p.name, p.read_bytes()) for p in args.file])
    reply = submit_turn(turn)
    console = ConsoleThread(thread_id, submit_turn, artifact_store(), Path(get_settings().output_dir).resolve(),
                            out=io.StringIO())
    paths = console.save_artifacts(reply)
    payload = reply.to_json()
    payload["thread"] = thread_id
    payload["artifact_paths"] = [str(p) for p in paths]
    payload["seconds"] = round(time.perf_counter() - started, 3)
    print(json.dumps(payload, indent=2, default=str))
    return 0


def _demo(args: argparse.Namespace) -> int:
    from bot.demo import play

    play(_thread(f"demo-{int(time.time())}"))
    return 0


def _worker(args: argparse.Namespace) -> int:
    """One Celery worker node per queue: a turn waiting on a tool can never block the process that runs it."""
    if not get_settings().distributed:
        print("drugpilot worker needs DRUGPILOT_REDIS_URL (e.g. redis://127.0.0.1:6379/0).", file=sys.stderr)
        return 2
    queues = [q.strip() for q in args.queues.split(",") if q.strip()]
    commands, envs = [], []
    metrics_port = get_settings().observability.metrics_port
    for index, queue in enumerate(queues):  # one metrics port per node: DRUGPILOT_METRICS_PORT + index
        envs.append({**os.environ, "DRUGPILOT_METRICS_PORT": str(metrics_port + index)} if metrics_port else None)
        concurrency = args.concurrency or (1 if queue == "gpu" else 4)
        pool = "prefork" if queue == "gpu" else "threads"
        commands.append([sys.executable, "-m", "celery", "-A", "worker.celery_app", "worker", "-Q", queue,
                         "-n", f"{queue}@%h", "--pool", pool, "--concurrency", str(concurrency),
                         "--loglevel", args.loglevel])
    if len(commands) == 1:
        os.execv(commands[0][0], commands[0])
    children = [subprocess.Popen(c, env=e) for c, e in zip(commands, envs, strict=True)]
    try:
        return max(child.wait() for child in children)
    except KeyboardInterrupt:
        for child in children:
            child.terminate()
        return 0


def _eval_backend(args: argparse.Namespace):  # a Backend
    from agent.backends.planner import OfflinePlanner

    if args.backend == "offline":
        return OfflinePlanner()
    from worker.runtime import llm_backend

    return llm_backend(get_settings(), args.host, args.model, hybrid=args.backend == "hybrid")


def _eval(args: argparse.Namespace) -> int:
    if args.suite == "poolscale":
        return _poolscale(args)
    from agent.evaluation.harness import dumps, evaluate, render_table
    from agent.evaluation.tcdd import apply_name_golds, first_per_category, load_records
    from agent.loop import Limits

    settings = get_settings()
    report = load_records(args.file)
    records = report.records[: args.limit] if args.limit else report.records
    if args.per_category:
        records = first_per_category(records, args.per_category)
    regolded = [] if args.original_gold else apply_name_golds(records)
    backend = _eval_backend(args)
    limits = Limits(max_retries=settings.max_retries, turn_seconds=settings.turn_timeout_s)
    result = evaluate(records, backend, limits)
    result["summary"]["input"] = {"file": args.file.name, "records_read": len(report.records),
                                  "records_evaluated": len(records), "skipped": report.skipped,
                                  "repaired_function_calls": report.repaired_calls, "backend": backend.name,
                                  "model": getattr(backend, "model", None), "regolded": regolded}
    if getattr(backend, "sources", None):
        result["summary"]["decided_by"] = dict(backend.sources)
    args.out.write_text(dumps(result))
    print(render_table(result["summary"]))
    if report.skipped or report.repaired_calls:
        print(f"skipped {len(report.skipped)} record(s); repaired {report.repaired_calls} function_call value(s)")
    print(f"results: {args.out}")
    return 0


def _poolscale(args: argparse.Namespace) -> int:
    from agent.evaluation.poolscale import plot, render, study

    backend = _eval_backend(args)
    rows = study(backend, tuple(int(n) for n in args.sizes.split(",")))
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "poolscale.json").write_text(json.dumps({"backend": backend.name, "rows": rows}, indent=1))
    plot(rows, args.out / "poolscale.png", backend.name)
    print(render(rows))
    print(f"results: {args.out / 'poolscale.json'}, plot: {args.out / 'poolscale.png'}")
    return 0


def _doctor(args: argparse.Namespace) -> int:
    from bot.doctor import main as doctor

    flags = {f.name: getattr(args, f.name.replace("-", "_")) for p in PLATFORMS for f in p.doctor_flags}
    return doctor(as_json=args.json, timeout_s=args.timeout, gpu_timeout_s=args.gpu_timeout, flags=flags)


def _observe(loglevel: str) -> None:
    """JSON logs (DRUGPILOT_LOG_FORMAT=json) and /metrics on DRUGPILOT_METRICS_PORT for a bot process."""
    from worker.logs import configure
    from worker.metrics import serve

    configure(loglevel)
    serve()


def _serve(args: argparse.Namespace) -> int:
    """``drugpilot <platform>``: the platform's server (bot.platforms), and its delivery worker unless told not to."""
    chosen = platform(args.command)
    _observe(args.loglevel)
    options = {option.name: getattr(args, option.name) for option in chosen.options}
    return int(load(chosen.serve)(delivery_worker_enabled=not args.no_delivery_worker, loglevel=args.loglevel,
                                  **options))


if __name__ == "__main__":
    raise SystemExit(main())
