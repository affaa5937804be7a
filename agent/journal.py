"""What a turn leaves in the thread's log: the request, the calls with resolved arguments and provenance, the
model that answered, the pool version each result was saved as, and the reply's files — each value bounded."""

from __future__ import annotations

import time
from dataclasses import asdict

from agent.analysis.followup import FollowUp
from agent.history import MAX_CALLS, CallLog, PastRequest, bounded
from agent.loop import TurnOutcome
from agent.pool.thread_pool import ThreadPool
from agent.turn import ArtifactRef, Reply
from model_zoo.specs import get_spec

REPLY_CHARS = 500


def request_entry(user: str, text: str, reply: Reply, outcome: TurnOutcome, pool: ThreadPool) -> PastRequest:
    """The log entry of an agent turn, after its results were saved to the pool."""
    outcomes = iter(outcome.outcomes)
    calls = []
    for record in outcome.records:
        ran = next(outcomes) if record.observation is not None else None
        spec = get_spec(record.name)
        calls.append(CallLog(
            tool=spec.name if spec else record.name, arguments=bounded(record.arguments),
            resolved=bounded(record.resolved),
            sources=bounded(record.sources), status=record.status, seconds=record.seconds,
            error=bounded(record.error), model=ran.model if ran else None,
            summary=bounded(ran.summary) if ran else "", warnings=bounded(ran.warnings) if ran else []))
        if ran is not None and ran.status == "ok" and spec is not None:
            calls[-1].result_key = spec.result_key
    _number_versions(calls, pool)
    answered = any(o.status == "ok" for o in outcome.outcomes)
    return PastRequest(user, text, answered, reply.text[:REPLY_CHARS], at=time.time(), kind="request",
                       calls=calls[-MAX_CALLS:], artifacts=[asdict(a) for a in reply.artifacts[:2 * MAX_CALLS]])


def _number_versions(calls: list[CallLog], pool: ThreadPool) -> None:
    """Which version of its key each result is: the last call writing a key made its current version, the one
    before it the version before (a turn writes its results one after the other)."""
    seen: dict[str, int] = {}
    for call in reversed(calls):
        key = call.result_key
        if key is None:
            continue
        meta = pool.store.meta(pool.thread_key, key)
        if meta is None or meta.set_by != f"tool:{call.tool}":
            call.result_key = None  # not saved (pool full) or overwritten meanwhile: not found again
            continue
        call.result_version = meta.version - seen.get(key, 0)
        seen[key] = seen.get(key, 0) + 1


def analysis_entry(user: str, text: str, follow: FollowUp, artifacts: list[ArtifactRef]) -> PastRequest:
    return PastRequest(user, text, follow.answered, follow.text[:REPLY_CHARS], at=time.time(), kind="analysis",
                       artifacts=[asdict(a) for a in artifacts],
                       outputs=[bounded(follow.output)] if follow.output else [])
