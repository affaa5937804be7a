"""Names from uploads through the real Slack app (embedded, over HTTP against the emulator): two files dropped
in one message with a question are both stored, the question runs on both, and the reply's CSV carries the
compounds' names first (SMILES beside them) and what produced it last."""

from __future__ import annotations

import csv
import io

from embedded_apps import api, driver, services, slack  # noqa: F401 - fixtures
from emulators.slack_api import SlackAPI
from slack_harness import SlackDriver, blocks_text

HITS = b"compound_id,smiles\nASP-001,CC(=O)Oc1ccccc1C(=O)O\nCAF-002,Cn1cnc2c1c(=O)n(C)c(=O)n2C\n"
MORE = b"CCO ethanol\nc1ccccc1O phenol\n"


def test_two_files_and_a_question_give_a_csv_with_names(driver: SlackDriver, api: SlackAPI) -> None:
    thread, _ = driver.mention("pool list")
    driver.wait_answer(thread)
    files = [api.add_file("hits.csv", HITS), api.add_file("more.smi", MORE, mimetype="text/plain")]
    driver.share_files(files, thread, text="how soluble are these?")
    answer = blocks_text(driver.wait_answer(thread, n=2, timeout=120))
    assert "as `upload_hits.csv`" in answer and "as `upload_more.smi`" in answer, answer
    assert "upload_hits.csv_and_more.smi" in answer and "predicted for 4 molecule(s)" in answer, answer

    api.wait_for("files.completeUploadExternal", timeout=30)
    [data] = [f["data"] for f in api.uploaded_files() if f["thread_ts"] == thread and f["title"].endswith(".csv")]
    rows = list(csv.DictReader(io.StringIO(data.decode())))
    assert list(rows[0])[:3] == ["name", "row", "smiles"]
    assert [(r["name"], r["smiles"]) for r in rows] == [
        ("ASP-001", "CC(=O)Oc1ccccc1C(=O)O"), ("CAF-002", "Cn1cnc2c1c(=O)n(C)c(=O)n2C"), ("ethanol", "CCO"),
        ("phenol", "c1ccccc1O")]
    assert "U0BOB" in rows[0]["asked_by"] and rows[0]["request"] == "how soluble are these?"
    assert rows[0]["model"] and rows[0]["thread"].startswith("slack:")
