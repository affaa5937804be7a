"""One message in a thread → one Reply: files into the pool, pool commands, or an agent turn."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from agent.artifacts import ArtifactStore
from agent.backends.base import Backend
from agent.commands import is_pool_command, run_command
from agent.dispatch import Dispatcher, ToolOutcome
from agent.history import HistoryStore, InMemoryHistoryStore, PastRequest
from agent.loop import Limits, TurnOutcome, run_turn
from agent.pool.entry import PoolError
from agent.pool.store import PoolStore
from agent.provenance import Source, summary_line
from agent.ratelimit import InMemoryRateLimiter, RateLimiter
from agent.pool.thread_pool import MAX_KEYS, ThreadPool
from agent.turn import Attachment, Reply, Table, Turn
from model_zoo.chem.files import FileRejected, ParsedFile, parse_molecule_file
from model_zoo.specs import describe_tools

TABLE_ROWS = 10
HELP = (
    "Ask in plain words, e.g. \"how soluble are CCO and c1ccccc1O?\", \"BBB permeability of the uploaded "
    "compounds\". Upload CSV/SDF/.smi/FASTA files to add molecules to this thread's pool.\nTools:\n"
)


@dataclass
class AgentDeps:
    pool_store: PoolStore
    artifacts: ArtifactStore
    dispatcher: Dispatcher
    backend: Backend
    fallback: Backend | None = None
    history: HistoryStore = field(default_factory=InMemoryHistoryStore)
    rate_limiter: RateLimiter = field(default_factory=lambda: InMemoryRateLimiter(20))
    max_pool_keys: int = MAX_KEYS
    limits: Limits = field(default_factory=Limits)
    max_file_bytes: int = 10_000_000
    notices: list[str] = field(default_factory=list)  # said once per reply, e.g. "no LLM configured"


def handle_turn(turn: Turn, deps: AgentDeps, progress: Callable[[str], None] | None = None) -> Reply:
    pool = ThreadPool(deps.pool_store, turn.thread.key(), deps.max_pool_keys)
    reply = Reply(turn_id=turn.turn_id, text="", backend=deps.backend.name)
    parts = [_ingest(f, pool, turn.user, deps.max_file_bytes) for f in turn.files]
    text = turn.text.strip()
    if is_pool_command(text):
        result = run_command(text, pool, turn.user)
        parts.append(result.text)
        reply.artifacts += [deps.artifacts.put(name, media, data) for name, media, data in result.files]
        if result.table:
            reply.tables.append(Table(columns=result.table[0], rows=result.table[1], total_rows=result.table[2]))
    elif text.lower() in ("help", "?") or not (text or turn.files):  # an empty message gets the help
        parts.append(HELP + describe_tools())
    elif text and (wait := deps.rate_limiter.hit(f"{turn.thread.platform}:{turn.thread.workspace}:{turn.user}")):
        parts.append(f"You have sent more than {deps.rate_limiter.per_minute} requests this minute; "
                     f"the limit keeps the shared GPUs available to everyone. Try again in {wait} s.")
    elif text:
        thread_key = turn.thread.key()
        outcome = run_turn(text, turn.user, deps.backend, pool, deps.dispatcher, deps.limits,
                           fallback=deps.fallback, history=deps.history.recent(thread_key), progress=progress)
        # A note that comes with an upload ("here are our hits") and asks for no tool needs no answer.
        if outcome.records or not turn.files:
            _add_outcome(reply, outcome, deps.notices)
            parts.append(reply.text)
        answered = any(o.status == "ok" for o in outcome.outcomes)
        deps.history.append(thread_key, PastRequest(turn.user, text, answered, reply.text[:500]))
    reply.text = "\n\n".join(p for p in parts if p)
    return reply


def _ingest(attachment: Attachment, pool: ThreadPool, user: str, max_bytes: int) -> str:
    try:
        parsed = parse_molecule_file(attachment.name, attachment.data, max_bytes=max_bytes)
    except FileRejected as exc:
        return f"Could not read {attachment.name}: {exc}. Nothing was added to the pool."
    try:
        return _store_parsed(parsed, attachment.name, pool, user)
    except PoolError as exc:
        return f"Could not store {attachment.name}: {exc}."


def _store_parsed(parsed: ParsedFile, name: str, pool: ThreadPool, user: str) -> str:
    if parsed.kind == "protein_seq":
        stored = [pool.put(_record_key(parsed.key, i, len(parsed.values)), seq, "protein_seq", user, "file")
                  for i, seq in enumerate(parsed.values, 1)]
        text = f"Stored {len(stored)} protein sequence(s) from {name} as " + ", ".join(
            f"{m.key} ({m.size} residues)" for m in stored) + "."
    else:
        meta = pool.put(parsed.key, parsed.values, parsed.kind, user, "file")
        text = f"Stored {meta.size} molecule(s) from {name} as {meta.key}."
    if parsed.rejected:
        shown = "; ".join(f"{parsed.row_unit} {r.row}: {r.reason}" for r in parsed.rejected[:5])
        more = f" (+{len(parsed.rejected) - 5} more)" if len(parsed.rejected) > 5 else ""
        text += f" {len(parsed.rejected)} row(s) rejected — {shown}{more}."
    return " ".join([text] + parsed.notes)


def _record_key(key: str, index: int, count: int) -> str:
    """One pool key per FASTA record: upload_x.fasta, or upload_x.fasta_1, _2 … for several."""
    return key if count == 1 else f"{key}_{index}"


def _add_outcome(reply: Reply, outcome: TurnOutcome, notices: list[str]) -> None:
    reply.backend = outcome.backend
    reply.tool_calls = outcome.records
    reply.notices = list(notices) + outcome.notices
    used = "; ".join(dict.fromkeys(line for r in outcome.records if r.status == "ok" and (line := summary_line(
        {name: Source(**source) for name, source in r.sources.items()}))))
    lines = ([f"Used: {used}."] if used else []) + [_describe(o) for o in outcome.outcomes]
    for o in outcome.outcomes:
        reply.artifacts += o.artifacts
        if o.rows:
            reply.tables.append(Table(columns=o.columns, rows=o.rows[:TABLE_ROWS], total_rows=len(o.rows)))
    if outcome.text:
        lines.append(outcome.text)
    reply.text = "\n".join(reply.notices + lines)


def _describe(o: ToolOutcome) -> str:
    model = ""
    if o.model:
        metrics = ", ".join(f"{k} {v:.3g}" for k, v in list(o.model.get("test_metrics", {}).items())[:2])
        model = f" Model: {o.model['name']} v{o.model['version']}" + (f", test {metrics}" if metrics else "") + "."
    return o.summary + model
