"""Big files through the real Slack app (embedded, over HTTP against the emulator): a 100 MB file whose
size Slack reports wrongly is cut off at the limit while downloading; a file of almost 10 MB (the default
limit) with 95,000 molecules is read whole. Neither touches what the thread's pool already holds."""

from __future__ import annotations

import itertools
import time

from agent.pool.thread_pool import ThreadPool
from agent.turn import ThreadRef
from embedded_apps import api, driver, services, slack  # noqa: F401 - fixtures
from emulators.slack_api import SlackAPI
from slack_harness import CHANNEL, SlackDriver, blocks_text
from worker.runtime import pool_store

SMILES = ["CCO", "c1ccccc1O", "CC(=O)O", "CCN(CC)CC", "c1ccncc1", "CC(C)O", "OC1CCCCC1", "Cc1ccccc1", "CCOC(C)=O",
          "NC(=O)c1ccccc1"]


def thread_pool(thread_ts: str) -> ThreadPool:
    return ThreadPool(pool_store(), ThreadRef("slack", "T0LAB", CHANNEL, thread_ts).key())


def test_a_100_mb_file_with_a_wrong_size_is_cut_off_at_the_limit(driver: SlackDriver, api: SlackAPI) -> None:
    thread, _ = driver.mention("pool set keep CCO c1ccccc1O")
    driver.wait_answer(thread)
    huge = api.add_file("huge.csv", b"smiles\n" + b"CCO\n" * 25_000_000, size=2_000)  # 100 MB, "2 kB"
    driver.share_files([huge], thread, text="how soluble are these?")
    said = api.wait_for("chat.postMessage", thread_ts=thread, contains="huge.csv", timeout=60)[0]
    assert "over the 10 MB limit" in said["text"] and "Nothing from it was added" in said["text"]
    assert thread_pool(thread).keys() == ["keep"] and thread_pool(thread).get("keep").meta.version == 1


def test_a_10_mb_file_is_read_whole(driver: SlackDriver, api: SlackAPI) -> None:
    thread, _ = driver.mention("pool set keep CCO")
    driver.wait_answer(thread)
    rows = [f"{smiles},compound {i:06d} {'x' * 76}" for i, smiles in zip(range(95_000), itertools.cycle(SMILES))]
    data = ("smiles,note\n" + "\n".join(rows) + "\n").encode()
    assert 9_000_000 < len(data) < 10_000_000
    started = time.monotonic()
    driver.share_files([api.add_file("screen.csv", data)], thread)
    answer = blocks_text(driver.wait_answer(thread, n=2, timeout=180))
    assert "Stored 95000 molecule(s) from screen.csv as `upload_screen.csv`" in answer, answer
    print(f"\n9.9 MB, 95,000 rows: stored in {time.monotonic() - started:.1f} s")
    stored = thread_pool(thread).get("upload_screen.csv")
    assert stored.meta.size == 95_000 and stored.value[:3] == SMILES[:3]
    assert thread_pool(thread).get("keep").value == ["CCO"]
