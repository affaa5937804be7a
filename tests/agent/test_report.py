"""`report` end to end through agent.service.handle_turn (embedded parts, real models): one self-contained HTML
file of the thread, with every piece of user text escaped."""

from __future__ import annotations

import re

from agent.artifacts import InMemoryArtifactStore
from agent.backends.planner import OfflinePlanner
from agent.commands import is_report_command
from agent.history import InMemoryHistoryStore
from agent.loop import Limits
from agent.pool.store import InMemoryPoolStore
from agent.service import AgentDeps, handle_turn
from agent.turn import Reply, ThreadRef, Turn
from worker.dispatch import InProcessDispatcher

THREAD = ThreadRef("console", "local", "terminal", "<b>lab</b>")
HOSTILE = "<script>alert('x')</script><img src=x onerror=alert(1)> how soluble is CCO?"


def _deps() -> AgentDeps:
    artifacts = InMemoryArtifactStore()
    return AgentDeps(pool_store=InMemoryPoolStore(), artifacts=artifacts, dispatcher=InProcessDispatcher(artifacts),
                     backend=OfflinePlanner(), history=InMemoryHistoryStore(), limits=Limits(turn_seconds=60))


def _ask(deps: AgentDeps, text: str, user: str) -> Reply:
    return handle_turn(Turn(THREAD, user, text), deps)


def test_report_is_one_html_file_with_requests_users_tables_plots_and_models() -> None:
    deps = _deps()
    _ask(deps, "how soluble are CCO, c1ccccc1O and CCCCCCCCO?", "alice")
    _ask(deps, "lipophilicity of these", "bob")
    _ask(deps, "plot solubility vs lipophilicity", "bob")
    _ask(deps, HOSTILE, "<i>mallory</i>")
    _ask(deps, "pool set note <svg onload=alert(2)>", "alice")
    reply = _ask(deps, "report", "carol")

    assert reply.tool_calls == [] and "Report of this thread: 4 request(s)" in reply.text
    [ref] = reply.artifacts
    assert ref.media_type == "text/html" and ref.name.endswith(".html")
    page = deps.artifacts.get(ref).decode()
    # the requests, who asked, and what ran with which values from where
    assert "how soluble are CCO, c1ccccc1O and CCCCCCCCO?" in page and "plot solubility vs lipophilicity" in page
    assert "alice" in page and "bob" in page and "UTC" in page
    assert "drug_property_prediction" in page and "logSolubility" in page and "came from" in page
    assert "drug_property_prediction_result v1" in page and "drug_property_prediction_result v2" in page
    assert page.count("<table>") >= 5  # calls' arguments, results, the analysis table, the pool
    assert "FP+descriptor MLP ensemble (ESOL) v1.0.0" in page and "rmse 0.525" in page  # model card numbers
    assert "data:image/png;base64," in page  # the plots, embedded
    assert "scatter.png" in page and "plot_1" in page and "note" in page  # the pool as it stands
    # hostile text is shown, escaped, never live
    assert "<script" not in page and "<img src=x" not in page and "<svg" not in page and "<i>mallory" not in page
    assert "&lt;script&gt;" in page and "&lt;i&gt;mallory&lt;/i&gt;" in page and "&lt;b&gt;lab&lt;/b&gt;" in page
    assert not re.search(r"(src|href)=\"https?:", page)  # nothing loaded from elsewhere


def test_report_of_an_empty_thread_and_what_is_not_a_report_command() -> None:
    deps = _deps()
    reply = _ask(deps, "report", "alice")
    page = deps.artifacts.get(reply.artifacts[0]).decode()
    assert "0 request(s)" in reply.text and "The pool is empty." in page
    assert is_report_command("Report please") and is_report_command(" report ")
    assert not is_report_command("report the solubility of CCO") and not is_report_command("reports")


def test_the_thread_log_round_trips_through_redis_bounded(redis_client) -> None:
    from agent.history import KEEP, LOG_KEEP, MAX_ITEMS, CallLog, PastRequest, RedisHistoryStore, bounded

    store = RedisHistoryStore(redis_client)
    call = CallLog(tool="drug_property_prediction", arguments={"drug_smiles": "(upload_x.csv)"},
                   resolved=bounded({"drug_smiles": ["C" * 500] * 1000, "property": "lipo"}),
                   sources={"drug_smiles": {"how": "implicit", "detail": "'these' → upload_x.csv"}}, status="ok",
                   model={"name": "m", "version": "1"}, result_key="drug_property_prediction_result", result_version=3)
    assert len(call.resolved["drug_smiles"]) == MAX_ITEMS + 1 and len(call.resolved["drug_smiles"][0]) < 400
    for i in range(LOG_KEEP + 5):
        store.append("t", PastRequest("alice", f"turn {i}", True, at=float(i), calls=[call]))
    log = store.log("t")
    assert len(log) == LOG_KEEP and log[-1].text == f"turn {LOG_KEEP + 4}" and log[-1].calls == [call]
    assert [p.text for p in store.recent("t")] == [p.text for p in log[-KEEP:]]
