"""Follow-ups over earlier results, end to end through agent.service.handle_turn (embedded parts: in-memory pool,
in-process dispatcher, offline planner, the real property models): answered from the stored rows, no tool call."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest

from agent.analysis.execute import execute
from agent.analysis.parse import parse
from agent.analysis.query import AskBack, Query
from agent.analysis.results import catalog
from agent.artifacts import InMemoryArtifactStore
from agent.backends.planner import OfflinePlanner
from agent.dispatch import ToolOutcome
from agent.history import CallLog, InMemoryHistoryStore, PastRequest
from agent.loop import Limits
from agent.pool.store import HISTORY_LIMIT, InMemoryPoolStore
from agent.pool.thread_pool import ThreadPool
from agent.service import AgentDeps, handle_turn
from agent.turn import Attachment, Reply, ThreadRef, Turn
from worker.dispatch import InProcessDispatcher

DRUGS = (b"name,smiles\ncaffeine,Cn1cnc2c1c(=O)n(C)c(=O)n2C\ndopamine,NCCc1ccc(O)c(O)c1\n"
         b"aspirin,CC(=O)Oc1ccccc1C(=O)O\nphenol,c1ccccc1O\nibuprofen,CC(C)Cc1ccc(cc1)C(C)C(=O)O\n"
         b"octanol,CCCCCCCCO\n")
RESULT = "drug_property_prediction_result"


class CountingDispatcher(InProcessDispatcher):
    """The real in-process dispatcher, counting the tools it runs."""

    def __init__(self, artifacts: InMemoryArtifactStore) -> None:
        super().__init__(artifacts)
        self.calls: list[str] = []

    def run_tool(self, name: str, arguments: dict[str, Any], thread_key: str) -> ToolOutcome:
        self.calls.append(name)
        return super().run_tool(name, arguments, thread_key)


class Thread:
    def __init__(self, name: str) -> None:
        self.ref = ThreadRef("console", "local", "terminal", name)
        self.artifacts = InMemoryArtifactStore()
        self.dispatcher = CountingDispatcher(self.artifacts)
        self.deps = AgentDeps(pool_store=InMemoryPoolStore(), artifacts=self.artifacts, dispatcher=self.dispatcher,
                              backend=OfflinePlanner(), history=InMemoryHistoryStore(),
                              limits=Limits(turn_seconds=60))
        self.pool = ThreadPool(self.deps.pool_store, self.ref.key())

    def ask(self, text: str, user: str = "alice", files: list[Attachment] | None = None) -> Reply:
        return handle_turn(Turn(self.ref, user, text, files or []), self.deps)

    def follow_up(self, text: str) -> Reply:
        """A message that must be answered without running a tool."""
        before = len(self.dispatcher.calls)
        reply = self.ask(text)
        assert self.dispatcher.calls[before:] == [] and reply.tool_calls == [], reply.text
        assert reply.backend == "analysis"
        return reply

    def result(self, version: int) -> dict[str, float]:
        """smiles -> stored prediction of one version of the property result key."""
        [entry] = [e for e in self.pool.history(RESULT) if e.meta.version == version]
        return {r["smiles"]: r["prediction"] for r in entry.value}

    def csv(self, reply: Reply) -> list[dict[str, str]]:
        [ref] = [a for a in reply.artifacts if a.media_type == "text/csv"]
        return list(csv.DictReader(io.StringIO(self.artifacts.get(ref).decode())))


@pytest.fixture(scope="module")
def thread() -> Thread:
    """One thread: an upload, then solubility (v1), lipophilicity (v2) and BBB (v3) of the uploaded compounds."""
    t = Thread("analysis")
    t.ask("", "bob", [Attachment("drugs.csv", DRUGS)])
    for request in ("how soluble are the uploaded compounds?", "lipophilicity of the uploaded compounds",
                    "BBB permeability of the uploaded compounds"):
        reply = t.ask(request, "bob")
        assert [c.status for c in reply.tool_calls] == ["ok"], reply.text
    assert t.dispatcher.calls == ["drug_property_prediction"] * 3
    return t


def _column(reply: Reply, word: str) -> str:
    [column] = [c for c in reply.tables[0].columns if word in c and not c.endswith("±")]
    return column


def test_filter_follow_up_keeps_the_matching_rows_without_a_tool_call(thread: Thread) -> None:
    logs = thread.result(1)
    reply = thread.follow_up("only the ones with logS above -3")
    expected = [s for s, v in logs.items() if v > -3]
    assert 0 < len(expected) < len(logs)  # the filter must drop something to mean anything
    column = _column(reply, "solubility")
    assert [r["smiles"] for r in reply.tables[0].rows] == expected
    assert all(r[column] > -3 for r in reply.tables[0].rows)
    key = next(line.split("Saved as ")[1].split()[0] for line in reply.text.splitlines() if "Saved as" in line)
    assert key.startswith("filtered_") and [r["smiles"] for r in thread.pool.require(key).value] == expected
    table = thread.csv(reply)
    assert [r["smiles"] for r in table] == expected and [r["name"] for r in reply.tables[0].rows][0]
    assert {r["request"] for r in table} == {"only the ones with logS above -3"} and table[0]["asked_by"] == "alice"
    assert table[0]["model"] == "FP+descriptor MLP ensemble (ESOL)" and f"{RESULT} v1" in table[0]["call"]
    assert f"{RESULT} v1" in reply.text and "No model was re-run" in reply.text


def test_sort_orders_by_the_named_column(thread: Thread) -> None:
    lipo = thread.result(2)
    reply = thread.follow_up("sort by lipophilicity")
    column = _column(reply, "lipophilicity")
    rows = reply.tables[0].rows
    assert [r["smiles"] for r in rows] == sorted(lipo, key=lambda s: lipo[s], reverse=True)
    assert [r[column] for r in rows] == sorted(lipo.values(), reverse=True)


def test_top_and_bottom_n(thread: Thread) -> None:
    lipo = thread.result(2)
    top = thread.follow_up("top 2 by lipophilicity")
    assert [r["smiles"] for r in top.tables[0].rows] == sorted(lipo, key=lambda s: lipo[s], reverse=True)[:2]
    bottom = thread.follow_up("bottom 3 by logD")
    assert [r["smiles"] for r in bottom.tables[0].rows] == sorted(lipo, key=lambda s: lipo[s])[:3]


def test_which_is_most_answers_from_the_computed_result(thread: Thread) -> None:
    logs = thread.result(1)
    reply = thread.follow_up("which of the uploaded drugs is most soluble?")
    best = max(logs, key=lambda s: logs[s])
    [row] = reply.tables[0].rows
    assert row["smiles"] == best and row["name"] == "phenol" and "phenol" in reply.text.splitlines()[0]
    least = thread.follow_up("which is the least soluble?")
    assert least.tables[0].rows[0]["smiles"] == min(logs, key=lambda s: logs[s])


def test_a_comparative_question_answers_like_a_superlative(thread: Thread) -> None:
    lipo = thread.result(2)
    [row] = thread.follow_up("which one's more lipophilic then").tables[0].rows
    assert row["smiles"] == max(lipo, key=lambda s: lipo[s])
    [row] = thread.follow_up("and which is less lipophilic?").tables[0].rows
    assert row["smiles"] == min(lipo, key=lambda s: lipo[s])
    filtered = thread.follow_up("only the ones with logD above 1")  # a comparison, not "the more lipophilic"
    assert all(r[_column(filtered, "lipophilicity")] > 1 for r in filtered.tables[0].rows)


def test_which_is_most_of_something_not_computed_is_an_agent_turn() -> None:
    t = Thread("not-computed")
    t.ask("", "bob", [Attachment("drugs.csv", DRUGS)])
    t.ask("lipophilicity of the uploaded compounds")
    reply = t.ask("which of the uploaded drugs is most soluble?")
    assert [c.name for c in reply.tool_calls] == ["drug_property_prediction"]
    assert reply.tool_calls[0].resolved["property"] == "logSolubility"
    reply = t.ask("predict solubility of CCO")  # a new prediction, even with results in the thread
    assert reply.tool_calls and reply.backend != "analysis"


def test_label_filter_keeps_the_predicted_class(thread: Thread) -> None:
    [entry] = [e for e in thread.pool.history(RESULT) if e.meta.version == 3]
    positive = [r["smiles"] for r in entry.value if r["label"] == "BBB+"]
    reply = thread.follow_up("keep those predicted BBB+")
    assert [r["smiles"] for r in thread.csv(reply)] == positive
    logs = thread.result(1)
    shown = thread.follow_up("keep the BBB+ ones and show their solubility")
    column = _column(shown, "solubility")
    assert [(r["smiles"], r[column]) for r in shown.tables[0].rows] == [(s, logs[s]) for s in positive]


def test_per_compound_join_has_every_result(thread: Thread) -> None:
    reply = thread.follow_up("everything we have on these")
    rows = thread.csv(reply)
    logs, lipo, bbb = thread.result(1), thread.result(2), thread.result(3)
    assert [r["smiles"] for r in rows] == list(logs)
    solubility, lipophilicity, bbb_column = (_column(reply, w) for w in ("solubility", "lipophilicity",
                                                                         "BBB penetration"))
    for row in rows:
        assert float(row[solubility]) == logs[row["smiles"]] and float(row[lipophilicity]) == lipo[row["smiles"]]
        assert float(row[bbb_column]) == bbb[row["smiles"]] and row["BBB prediction"] in ("BBB+", "BBB-")
    assert all(f"{RESULT} v{n}" in reply.text for n in (1, 2, 3))
    assert all(float(row[f"{solubility} ±"]) > 0 for row in rows)  # the model's uncertainty, beside its value


def test_scatter_plot_of_two_results(thread: Thread) -> None:
    reply = thread.follow_up("plot solubility vs lipophilicity")
    [png] = [a for a in reply.artifacts if a.media_type == "image/png"]
    data = thread.artifacts.get(png)
    assert png.name == "scatter.png" and data.startswith(b"\x89PNG") and len(data) > 5_000
    assert "Scatter plot of aqueous solubility logS against lipophilicity" in reply.text
    key = next(k for k in thread.pool.keys() if k.startswith("plot_"))
    assert len(thread.pool.require(key).value) == len(thread.result(1))
    histogram = thread.follow_up("histogram of logS")
    assert [a.name for a in histogram.artifacts if a.media_type == "image/png"] == ["histogram.png"]


def test_unknown_column_is_asked_back_naming_the_columns(thread: Thread) -> None:
    keys = thread.pool.keys()
    reply = thread.follow_up("sort by melting point")
    assert "melting point" in reply.text and "did not guess" in reply.text
    assert "aqueous solubility logS" in reply.text and "lipophilicity" in reply.text
    assert reply.tables == [] and reply.artifacts == [] and thread.pool.keys() == keys
    last = thread.deps.history.log(thread.ref.key())[-1]
    assert last.kind == "analysis" and not last.answered


def test_the_log_records_versions_and_analyses(thread: Thread) -> None:
    log = thread.deps.history.log(thread.ref.key())
    requests = [p for p in log if p.kind == "request"]
    assert [c.result_version for p in requests for c in p.calls][:3] == [1, 2, 3]
    assert requests[0].calls[0].model["version"] and requests[0].at > 0
    assert requests[0].calls[0].resolved["property"] == "logSolubility"


def _affinity_thread() -> tuple[ThreadPool, list[PastRequest]]:
    """Two stored affinity results, for EGFR and ABL1, as the tool writes them (rows in the pool, calls logged)."""
    pool = ThreadPool(InMemoryPoolStore(), "t")
    key = "drug_target_affinity_regression_predict_result"
    log = []
    for target, values in (("EGFR", (6.0, 7.5)), ("ABL1", (8.0, 5.5))):
        rows = [{"row": i, "smiles": s, "pKd": v, "Kd_nM": 10 ** (9 - v)} for i, (s, v) in
                enumerate(zip(("CCO", "c1ccccc1O"), values), 1)]
        meta = pool.put(key, rows, "table", "tool:drug_target_affinity_regression_predict", "tool")
        log.append(PastRequest("alice", f"pKd of these for {target}", True, calls=[CallLog(
            tool="drug_target_affinity_regression_predict", arguments={}, resolved={},
            sources={"target_seq": {"how": "resolved", "detail": f"{target} → DAVIS {target}"}}, status="ok",
            result_key=key, result_version=meta.version)]))
    return pool, log


def test_a_word_matching_two_results_is_asked_back() -> None:
    pool, log = _affinity_thread()
    found = parse("top 1 by affinity", catalog(log, pool))
    assert isinstance(found, AskBack)
    assert "binding affinity pKd to EGFR" in found.text and "binding affinity pKd to ABL1" in found.text
    query = parse("top 1 by affinity to ABL1", catalog(log, pool))
    assert isinstance(query, Query) and query.sort_by is not None and query.sort_by.context == "ABL1"


def test_a_result_the_pool_no_longer_keeps_is_said_not_guessed() -> None:
    pool, log = _affinity_thread()
    for _ in range(HISTORY_LIMIT + 1):  # later writes of the key push the logged versions out of its history
        pool.put("drug_target_affinity_regression_predict_result", [], "table", "alice", "command")
    found = parse("top 1 by affinity to ABL1", catalog(log, pool))
    assert isinstance(found, Query)
    answer = execute(found, catalog(log, pool))
    assert isinstance(answer, AskBack) and "no longer keeps binding affinity pKd to ABL1" in answer.text


def test_a_tool_asked_for_the_picked_molecules_runs_the_tool() -> None:
    """"retro on the most soluble one" picks from the results but asks for a retrosynthesis; a property the thread has
    not computed ("CT_TOX of the least soluble one") is a prediction too. Neither is answered as a query."""
    t = Thread("analysis-then-tool")
    t.ask("", "bob", [Attachment("drugs.csv", DRUGS)])
    t.ask("how soluble are the uploaded compounds?", "bob")
    for request, tool in (("retro on the most soluble one", "Retrosynthetic_reaction_pathway_prediction"),
                          ("CT_TOX of the least soluble one", "drug_property_prediction")):
        reply = t.ask(request, "bob")
        assert reply.backend != "analysis" and [c.name for c in reply.tool_calls] == [tool], reply.text


def test_a_repeated_request_is_no_question_about_results() -> None:
    from agent.analysis.followup import _asks_to_compute

    assert _asks_to_compute("can you redo it with target 10 nM, everything else the same", [])
    assert _asks_to_compute("run it again in HT-29", [])
    assert not _asks_to_compute("which one is the most soluble again?", [])


def test_a_filter_that_reads_like_a_design_ask_is_still_a_filter(thread: Thread) -> None:
    """"keep those with logS above 0" reads to the intent model like a design request (keep … a number); a tool
    that takes no molecules cannot run on picked rows, so the analysis answers it."""
    reply = thread.follow_up("keep those with logS above 0")
    assert reply.tables
