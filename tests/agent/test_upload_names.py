"""Names kept from uploads and from resolved drug names, end to end through ``handle_turn`` (the console
adapter's path): stored with the molecules in the pool, shown and exported, carried through edits, and first
in every answer table and CSV, whose last columns say what produced it. Also: several files in one message,
a pairs CSV, a multi-sequence FASTA, and the internal ``_labels`` argument that only the agent may set."""

from __future__ import annotations

import csv
import io

import pytest

from agent.artifacts import InMemoryArtifactStore
from agent.backends.planner import OfflinePlanner
from agent.fefo import FeFoError, check_call
from agent.loop import Limits
from agent.pool.entry import PoolEntry, labelled
from agent.pool.store import InMemoryPoolStore, RedisPoolStore
from agent.pool.thread_pool import ThreadPool
from agent.service import AgentDeps, handle_turn
from agent.turn import Attachment, Reply, ThreadRef, Turn
from model_zoo.specs import TOOLS
from worker.dispatch import InProcessDispatcher

THREAD = ThreadRef("console", "local", "terminal", "names")
HITS = b"compound_id,smiles,plate\nASP-001,CC(=O)Oc1ccccc1C(=O)O,P1\nCAF-002,Cn1cnc2c1c(=O)n(C)c(=O)n2C,P1\n"
MORE = b"name,smiles\nethanol,CCO\nphenol,c1ccccc1O\n"
ASPIRIN, CAFFEINE = "CC(=O)Oc1ccccc1C(=O)O", "Cn1cnc2c1c(=O)n(C)c(=O)n2C"


def make_deps() -> AgentDeps:
    artifacts = InMemoryArtifactStore()
    return AgentDeps(pool_store=InMemoryPoolStore(), artifacts=artifacts, dispatcher=InProcessDispatcher(artifacts),
                     backend=OfflinePlanner(), limits=Limits(turn_seconds=120))


@pytest.fixture
def deps(one_thread: None) -> AgentDeps:
    return make_deps()


def ask(d: AgentDeps, text: str, files: list[Attachment] | None = None, user: str = "alice") -> Reply:
    return handle_turn(Turn(THREAD, user, text, files or []), d)


def pool(d: AgentDeps) -> ThreadPool:
    return ThreadPool(d.pool_store, THREAD.key())


def csv_rows(d: AgentDeps, reply: Reply) -> list[dict[str, str]]:
    [ref] = [a for a in reply.artifacts if a.media_type == "text/csv"]
    return list(csv.DictReader(io.StringIO(d.artifacts.get(ref).decode())))


def test_upload_names_label_the_answer_table_and_csv_with_provenance(deps: AgentDeps) -> None:
    stored = ask(deps, "", [Attachment("hits.csv", HITS)])
    assert "Stored 2 molecule(s) from hits.csv as upload_hits.csv, 2 with a name." in stored.text
    entry = pool(deps).require("upload_hits.csv")
    assert entry.value == [ASPIRIN, CAFFEINE] and entry.labels == ["ASP-001", "CAF-002"]

    reply = ask(deps, "how soluble are the uploaded compounds?", user="bob")
    [table] = reply.tables
    assert table.columns[:3] == ["name", "row", "smiles"]
    assert [(r["name"], r["smiles"]) for r in table.rows] == [("ASP-001", ASPIRIN), ("CAF-002", CAFFEINE)]
    rows = csv_rows(deps, reply)
    [ref] = [a for a in reply.artifacts if a.media_type == "text/csv"]
    header = deps.artifacts.get(ref).decode().splitlines()[0].split(",")
    assert header[:3] == ["name", "row", "smiles"]
    assert header[-8:] == ["model", "model_version", "test_metric", "request", "call", "asked_by", "asked_at_utc",
                           "thread"]
    assert [(r["name"], r["smiles"]) for r in rows] == [("ASP-001", ASPIRIN), ("CAF-002", CAFFEINE)]
    first = rows[0]
    assert first["model"] == reply.tool_calls[0].observation["model"]["name"] and first["model_version"]
    assert "rmse" in first["test_metric"] and first["request"] == "how soluble are the uploaded compounds?"
    assert first["call"].startswith("drug_property_prediction(") and "from (upload_hits.csv)" in first["call"]
    assert first["asked_by"] == "bob" and first["thread"] == THREAD.key() and first["asked_at_utc"][:2] == "20"
    result = pool(deps).require("drug_property_prediction_result")
    assert [r["name"] for r in result.value] == ["ASP-001", "CAF-002"]  # follow-ups see the names too


def test_names_resolved_from_the_message_label_their_molecules(deps: AgentDeps) -> None:
    reply = ask(deps, "solubility of ibuprofen and caffeine")
    [table] = reply.tables
    assert table.columns[0] == "name" and [r["name"] for r in table.rows] == ["ibuprofen", "caffeine"]
    assert [r["name"] for r in csv_rows(deps, reply)] == ["ibuprofen", "caffeine"]
    assert pool(deps).require("user_smiles").labels == ["ibuprofen", "caffeine"]


def test_typed_smiles_without_names_get_no_name_column(deps: AgentDeps) -> None:
    reply = ask(deps, "how soluble are CCO and c1ccccc1O?")
    assert reply.tables[0].columns[:2] == ["row", "smiles"]
    assert list(csv_rows(deps, reply)[0])[:2] == ["row", "smiles"]


def test_pool_show_export_and_edits_keep_names(deps: AgentDeps) -> None:
    ask(deps, "", [Attachment("hits.csv", HITS)])
    listing = ask(deps, "pool list").text
    assert "ASP-001 CC(=O)Oc1ccccc1C(=O)O" in listing
    shown = ask(deps, "pool show upload_hits.csv")
    assert shown.tables[0].columns == ["name", "row", "smiles"] and shown.tables[0].rows[1]["name"] == "CAF-002"
    exported = ask(deps, "pool export upload_hits.csv")
    [ref] = exported.artifacts
    assert deps.artifacts.get(ref).decode().splitlines()[:2] == ["name,row,smiles", f"ASP-001,1,{ASPIRIN}"]

    ask(deps, f"pool set upload_hits.csv {CAFFEINE} CCN")  # one molecule kept, one new
    assert pool(deps).require("upload_hits.csv").labels == ["CAF-002", ""]
    ask(deps, "pool rename upload_hits.csv plate1")
    assert pool(deps).require("plate1").labels == ["CAF-002", ""]
    assert pool(deps).history("plate1")[-1].labels == ["ASP-001", "CAF-002"]  # the first version, as uploaded


def test_labels_survive_redis_round_trip_rename_and_history(redis_client) -> None:
    store = RedisPoolStore(redis_client, prefix="test-names")
    pools = ThreadPool(store, "t")
    meta = pools.put("hits", labelled(["CCO", "CCN"], ["ethanol", ""]), "smiles_list", "alice", "file")
    assert meta.size == 2 and "ethanol CCO" in meta.preview
    assert pools.require("hits").labels == ["ethanol", ""] and pools.require("hits").value == ["CCO", "CCN"]
    pools.rename("hits", "plate", "bob")
    pools.put("plate", ["CCC"], "smiles_list", "bob", "command")
    [now, before, *_] = pools.history("plate")
    assert now.labels is None and before.labels == ["ethanol", ""] and before.names() == {"CCO": "ethanol"}


def test_several_files_in_one_message_are_each_stored_and_the_request_runs_on_all(deps: AgentDeps) -> None:
    reply = ask(deps, "how soluble are these?", [Attachment("hits.csv", HITS), Attachment("more.csv", MORE)])
    assert "as upload_hits.csv" in reply.text and "as upload_more.csv" in reply.text
    assert "All 4 molecules of these 2 files together: upload_hits.csv_and_more.csv." in reply.text
    [call] = reply.tool_calls
    assert call.arguments["drug_smiles"] == "(upload_hits.csv_and_more.csv)" and call.status == "ok"
    assert [r["name"] for r in reply.tables[0].rows] == ["ASP-001", "CAF-002", "ethanol", "phenol"]


def test_a_question_typed_with_an_upload_is_answered_even_without_a_tool(deps: AgentDeps) -> None:
    note = ask(deps, "here are our hits", [Attachment("hits.csv", HITS)])
    assert note.text == "Stored 2 molecule(s) from hits.csv as upload_hits.csv, 2 with a name."  # a note: no answer
    question = ask(deps, "can you check these?", [Attachment("more.csv", MORE)])
    assert question.text.startswith("Stored 2 molecule(s) from more.csv") and len(question.text.split("\n\n")) == 2


def test_a_pairs_csv_becomes_drug_pairs_for_the_drug_drug_tool(deps: AgentDeps) -> None:
    data = b"drug1,drug2,note\nwarfarin,aspirin,bleeding\nsimvastatin,clarithromycin,myopathy\nzorbatinib,aspirin,x\n"
    reply = ask(deps, "", [Attachment("pairs.csv", data)])
    assert "Stored 2 drug pair(s) from pairs.csv as upload_pairs.csv (from columns 'drug1' and 'drug2'), with " \
           "their names. 1 row(s) rejected — row 4: first drug: drug 'zorbatinib' did not resolve" in reply.text
    entry = pool(deps).require("upload_pairs.csv")
    assert entry.meta.kind == "smiles_pairs" and entry.labels == [["warfarin", "aspirin"],
                                                                  ["simvastatin", "clarithromycin"]]
    checked = check_call("drug_drug_response_predict", {"smiles_pairs": "(upload_pairs.csv)"}, TOOLS, pool(deps))
    assert checked.arguments["smiles_pairs"] == entry.value and len(entry.value) == 2
    shown = ask(deps, "pool show upload_pairs.csv").tables[0]
    assert shown.columns == ["name_1", "name_2", "row", "smiles_1", "smiles_2"]
    answer = ask(deps, "do these pairs interact?")
    [call] = answer.tool_calls
    assert call.name == "drug_drug_response_predict" and call.arguments["smiles_pairs"] == "(upload_pairs.csv)"
    assert answer.tables[0].columns[:2] == ["name_1", "name_2"]
    assert [(r["name_1"], r["name_2"]) for r in csv_rows(deps, answer)] == [("warfarin", "aspirin"),
                                                                           ("simvastatin", "clarithromycin")]


def test_each_sequence_of_a_multi_sequence_fasta_is_usable(deps: AgentDeps) -> None:
    fasta = (b">sp|P06239|LCK_HUMAN\n"
             + b"MGCGCSSHPEDDWMENIDVCENCHYPIVPLDGKGTLLIRNGSEVRDPLVTYEGSNPPASPLQDNLVIALHSYEPSHDGDLGFEKGEQLRILEQ"
             b"SGEWWKAQSLTTGQEGFIPFNFVAKAN\n>sp|P12931|SRC_HUMAN\nMGSNKSKPKDASQRRRSLEPAENVHGAGGGAFPASQTPSKPASADGHRG"
             b"PSAAFAPAAAEPKLFGGFNSSDTVTSPQRAGPLAGGVTTFVALYDYESRTETDLSFKKGERLQIVNNTEGDWWLAHSLSTGQTGYIPSNYVAPSD\n")
    stored = ask(deps, "", [Attachment("kinases.fasta", fasta)]).text
    assert "upload_kinases.fasta_1 (sp|P06239|LCK_HUMAN, 120 residues)" in stored
    assert "upload_kinases.fasta_2 (sp|P12931|SRC_HUMAN" in stored
    sizes = []
    for key in ("upload_kinases.fasta_1", "upload_kinases.fasta_2"):
        reply = ask(deps, f"pKd of imatinib with ({key})")
        [call] = reply.tool_calls
        assert call.arguments["target_seq"] == f"({key})" and call.status == "ok"
        sizes.append(len(call.resolved["target_seq"]))
    assert sizes == [120, len(pool(deps).require("upload_kinases.fasta_2").value)] and sizes[0] != sizes[1]


def test_only_the_agent_sets_labels_an_llm_supplied_one_is_refused(deps: AgentDeps) -> None:
    with pytest.raises(FeFoError, match="unexpected parameter"):
        check_call("drug_property_prediction", {"drug_smiles": ["CCO"], "property": "logSolubility",
                                                "_labels": {"CCO": "=HYPERLINK(1)"}}, TOOLS, pool(deps))


def test_a_1_mb_smiles_is_refused_before_rdkit_and_never_echoed_whole(deps: AgentDeps) -> None:
    huge = "C1CC(" * 200_000
    with pytest.raises(FeFoError) as refused:
        check_call("drug_property_prediction", {"drug_smiles": [huge], "property": "logSolubility"}, TOOLS, pool(deps))
    assert "1,000,000 characters, over the limit of 3,000" in str(refused.value) and len(str(refused.value)) < 300
    reply = ask(deps, "", [Attachment("big.smi", huge.encode())])
    assert "big.smi" in reply.text and "over the limit of 3,000" in reply.text and len(reply.text) < 600


def test_pool_entry_unwraps_a_stored_labelled_value() -> None:
    entry = PoolEntry(meta=None, value=labelled(["CCO"], ["ethanol"]))  # type: ignore[arg-type]
    assert entry.value == ["CCO"] and entry.labels == ["ethanol"]
    assert labelled(["CCO"], [""]) == ["CCO"]  # nothing to label: stored as the plain list


def test_names_in_a_csv_are_formula_safe_and_existing_cells_are_kept_exactly() -> None:
    from model_zoo.tables import labelled_csv, rows_to_csv

    data = rows_to_csv([{"row": 1, "smiles": "CCO", "value": -1.5, "note": "=A1"}], ["row", "smiles", "value", "note"])
    out = labelled_csv(data, {"CCO": "=HYPERLINK(\"x\")"}, {"request": "+cmd", "asked_by": "bob"}).decode()
    assert out.splitlines() == ["name,row,smiles,value,note,request,asked_by",
                                "\"'=HYPERLINK(\"\"x\"\")\",1,CCO,-1.5,'=A1,'+cmd,bob"]


def test_a_1_mb_message_is_refused_unread_and_its_files_are_still_stored(deps: AgentDeps) -> None:
    reply = ask(deps, "how soluble is " + "C1CC(" * 200_000, [Attachment("more.csv", MORE)])
    assert reply.text.startswith("Stored 2 molecule(s) from more.csv") and len(reply.text) < 400
    assert "Your message is 1,000,015 characters long; the limit is 40,000, so it was not read." in reply.text
    assert reply.tool_calls == [] and pool(deps).require("upload_more.csv").labels == ["ethanol", "phenol"]


def test_rdkits_reasons_for_a_bad_smiles_are_bounded() -> None:
    from model_zoo.chem.mols import InvalidSmiles, parse_smiles

    with pytest.raises(InvalidSmiles) as bad:
        parse_smiles("C1CC(" * 500)  # 2,500 characters: RDKit writes one message per unclosed ring and branch
    assert len(str(bad.value)) < 600 and "more)" in bad.value.reason


def test_an_upload_named_with_spaces_for_its_separators_is_that_upload() -> None:
    from agent.planning.uploads import upload_named

    assert upload_named("upload_plate14_hits.csv", "predicted response of mia paca-2 to the plate14 hits")
    assert upload_named("upload_plate14_hits.csv", "logs for plate14_hits.csv")
    assert not upload_named("upload_plate14_hits.csv", "logs for plate14")


def test_a_reply_with_the_one_token_that_tells_uploads_apart() -> None:
    from agent.planning.uploads import upload_by_words

    keys = ["upload_competitor_A.csv", "upload_competitor_B.csv"]
    assert upload_by_words("b please", keys) == ("upload_competitor_B.csv", False)
    assert upload_by_words("how soluble are the compounds in the uploaded file?\nB please".lower(), keys)[0] == \
        "upload_competitor_B.csv"
    assert upload_by_words("a different approach please", keys) == (None, False)


def test_a_file_named_in_another_script_keeps_its_name_as_its_key(deps: AgentDeps) -> None:
    """"ургамал.smi" was stored as "upload_______.smi": its name lost, and two such files could collide."""
    stored = ask(deps, "", [Attachment("ургамал.smi", b"CCO ethanol\nc1ccccc1O phenol\n")]).text
    assert "upload_ургамал.smi" in stored
    reply = ask(deps, "logS of (upload_ургамал.smi)")
    assert [r["smiles"] for r in reply.tables[0].rows] == ["CCO", "c1ccccc1O"]
