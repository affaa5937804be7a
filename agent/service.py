"""One message in a thread → one Reply: files into the pool, pool commands, or an agent turn."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from agent.artifacts import ArtifactStore
from agent.backends.base import Backend
from agent.analysis.followup import FollowUp, follow_up
from agent.commands import FOLLOW_UP_HELP, USAGE as POOL_USAGE
from agent.commands import is_pool_command, is_report_command, run_command, run_report
from agent.dispatch import Dispatcher, ToolOutcome
from agent.history import HistoryStore, InMemoryHistoryStore
from agent.journal import analysis_entry, request_entry
from agent.loop import Limits, TurnOutcome, run_turn
from agent.pool.entry import PoolError, labelled
from agent.pool.store import PoolStore
from agent.provenance import Source, summary_line
from agent.settings import DEFAULTS
from agent.ratelimit import InMemoryRateLimiter, RateLimiter
from agent.pool.thread_pool import MAX_KEYS, ThreadPool
from agent.turn import Attachment, Reply, Table, Turn
from agent.wording import help_text
from model_zoo.chem.files import FileRejected, ParsedFile, parse_molecule_file

TABLE_ROWS = 10
MAX_MESSAGE_CHARS = 40_000  # Slack's own limit for a message's text; Teams allows less


@dataclass
class AgentDeps:
    pool_store: PoolStore
    artifacts: ArtifactStore
    dispatcher: Dispatcher
    backend: Backend
    fallback: Backend | None = None
    history: HistoryStore = field(default_factory=InMemoryHistoryStore)
    rate_limiter: RateLimiter = field(default_factory=lambda: InMemoryRateLimiter(DEFAULTS.turns_per_minute))
    max_pool_keys: int = MAX_KEYS
    limits: Limits = field(default_factory=Limits)
    max_file_bytes: int = DEFAULTS.max_file_bytes
    notices: list[str] = field(default_factory=list)  # said once per reply, e.g. "no LLM configured"


def handle_turn(turn: Turn, deps: AgentDeps, progress: Callable[[str], None] | None = None) -> Reply:
    pool = ThreadPool(deps.pool_store, turn.thread.key(), deps.max_pool_keys, turn.thread.workspace_key())
    reply = Reply(turn_id=turn.turn_id, text="", backend=deps.backend.name)
    text = turn.text.strip()
    # Every message that does work counts toward the rate limit: requests, pool commands and uploads.
    if (text or turn.files) and text.lower() not in ("help", "?") and (
            wait := deps.rate_limiter.hit(f"{turn.thread.platform}:{turn.thread.workspace}:{turn.user}")):
        reply.text = (f"You have sent more than {deps.rate_limiter.per_minute} requests this minute; the limit "
                      f"keeps the shared GPUs available to everyone. Nothing from this message was stored or run; "
                      f"try again in {wait} s.")
        return reply
    parts = _ingest_all(turn.files, pool, turn.user, deps.max_file_bytes)
    if len(text) > MAX_MESSAGE_CHARS:  # before anything reads the words: their cost grows with the length
        parts.append(f"Your message is {len(text):,} characters long; the limit is {MAX_MESSAGE_CHARS:,}, so it was "
                     "not read. Put long lists of molecules in a file (.smi or .csv) and upload it.")
        reply.text = "\n\n".join(parts)
        return reply
    if is_pool_command(text) or is_report_command(text):
        result = (run_command(text, pool, turn.user) if is_pool_command(text)
                  else run_report(turn.thread, pool, deps.history.log(turn.thread.key()), deps.artifacts))
        parts.append(result.text)
        reply.artifacts += [deps.artifacts.put(name, media, data) for name, media, data in result.files]
        if result.table:
            reply.tables.append(Table(columns=result.table[0], rows=result.table[1], total_rows=result.table[2]))
    elif text.lower() in ("help", "?") or not (text or turn.files):  # an empty message gets the help
        parts.append("\n".join([help_text(), FOLLOW_UP_HELP, "Memory pool — " + POOL_USAGE]))
    elif text and (follow := follow_up(text, turn.user, pool, deps.history.log(turn.thread.key()))) is not None:
        _add_follow_up(reply, follow, deps.artifacts)  # a filter, sort, plot … of earlier results: no model runs
        parts.append(follow.text)
        deps.history.append(turn.thread.key(), analysis_entry(turn.user, text, follow, reply.artifacts))
    elif text:
        thread_key = turn.thread.key()
        outcome = run_turn(text, turn.user, deps.backend, pool, deps.dispatcher, deps.limits,
                           fallback=deps.fallback, history=deps.history.recent(thread_key), progress=progress,
                           turn_id=turn.turn_id)
        # A note that comes with an upload ("here are our hits") and asks for no tool needs no answer; a question
        # ("which of these would you test first?") gets one even when no tool ran.
        if outcome.records or not turn.files or "?" in text:
            _add_outcome(reply, outcome, deps.notices)
            parts.append(reply.text)
        deps.history.append(thread_key, request_entry(turn.user, text, reply, outcome, pool))
    reply.text = "\n\n".join(p for p in parts if p)
    return reply


def _ingest_all(files: list[Attachment], pool: ThreadPool, user: str, max_bytes: int) -> list[str]:
    """Every file of a message stored under its own key; molecules of several files also together under one
    key, stored last, so that "these" in the message means all of them."""
    parts: list[str] = []
    lists: list[ParsedFile] = []
    for attachment in files:
        text, parsed = _ingest(attachment, pool, user, max_bytes)
        parts.append(text)
        if parsed is not None and parsed.kind == "smiles_list":
            lists.append(parsed)
    if len(lists) > 1:
        parts.append(_store_together(lists, pool, user))
    return parts


def _ingest(attachment: Attachment, pool: ThreadPool, user: str, max_bytes: int) -> tuple[str, ParsedFile | None]:
    try:
        parsed = parse_molecule_file(attachment.name, attachment.data, max_bytes=max_bytes)
    except FileRejected as exc:
        return f"Could not read {_name(attachment.name)}: {exc}. Nothing was added to the pool.", None
    try:
        return _store_parsed(parsed, _name(attachment.name), pool, user), parsed
    except PoolError as exc:
        return f"Could not store {_name(attachment.name)}: {exc}.", None


def _name(filename: str) -> str:
    return filename if len(filename) <= 80 else filename[:79] + "…"


def _store_parsed(parsed: ParsedFile, name: str, pool: ThreadPool, user: str) -> str:
    if parsed.kind == "protein_seq":
        stored = [pool.put(_record_key(parsed.key, i, len(parsed.values)), seq, "protein_seq", user, "file")
                  for i, seq in enumerate(parsed.values, 1)]
        headers = parsed.names or [""] * len(stored)
        text = f"Stored {len(stored)} protein sequence(s) from {name} as " + ", ".join(
            f"{m.key} ({_name(header) + ', ' if header else ''}{m.size} residues)"
            for m, header in zip(stored[:20], headers)) + (f" … and {len(stored) - 20} more" if len(stored) > 20
                                                            else "") + "."
    else:
        meta = pool.put(parsed.key, labelled(parsed.values, parsed.names), parsed.kind, user, "file")
        what = "drug pair(s)" if parsed.kind == "smiles_pairs" else "molecule(s)"
        text = f"Stored {meta.size} {what} from {name} as {meta.key}{_with_names(parsed)}."
    if parsed.rejected:
        shown = "; ".join(f"{parsed.row_unit} {r.row}: {r.reason}" for r in parsed.rejected[:5])
        more = f" (+{len(parsed.rejected) - 5} more)" if len(parsed.rejected) > 5 else ""
        text += f" {len(parsed.rejected)} row(s) rejected — {shown}{more}."
    return " ".join([text] + parsed.notes)


def _with_names(parsed: ParsedFile) -> str:
    if parsed.kind == "smiles_pairs":
        return f" (from {parsed.source_column})" + (", with their names" if parsed.names else "")
    named = sum(1 for n in parsed.names or [] if n)
    return f", {named} with a name" if named else ""


def _store_together(lists: list[ParsedFile], pool: ThreadPool, user: str) -> str:
    """One key holding the molecules of every file of the message, in file order, with their names."""
    rest = lists[1].key.removeprefix("upload_") if len(lists) == 2 else f"{len(lists) - 1}_more"
    key = f"{lists[0].key[:60]}_and_{rest}"
    values = [v for p in lists for v in p.values]
    labels = [n for p in lists for n in (p.names or [""] * len(p.values))]
    try:
        meta = pool.put(key[:80], labelled(values, labels), "smiles_list", user, "file")
    except PoolError as exc:
        return f"Could not store the files' molecules together: {exc}."
    return f"All {meta.size} molecules of these {len(lists)} files together: {meta.key}."


def _record_key(key: str, index: int, count: int) -> str:
    """One pool key per FASTA record: upload_x.fasta, or upload_x.fasta_1, _2 … for several."""
    return key if count == 1 else f"{key}_{index}"


def _add_follow_up(reply: Reply, follow: FollowUp, artifacts: ArtifactStore) -> None:
    reply.backend = "analysis"
    reply.artifacts += [artifacts.put(name, media, data) for name, media, data in follow.files]
    if follow.rows:
        reply.tables.append(Table(columns=follow.columns, rows=follow.rows, total_rows=follow.total_rows))


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
