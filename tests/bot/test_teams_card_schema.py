"""Every card the Teams adapter builds is valid at Adaptive Cards schema 1.5 according to Microsoft's own SDK
(npm ``adaptivecards``, MIT, pinned in tests/bot/adaptive_cards/package.json, installed on first use into
pytest's cache folder). The pool card pages itself and stays under its size budget whatever the pool holds.
Skipped when node/npm are missing or the npm registry cannot be reached."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from agent.pool.entry import EntryMeta
from agent.turn import ArtifactRef, Reply, Table
from bot.teams import cards

HERE = Path(__file__).resolve().parent / "adaptive_cards"


@pytest.fixture(scope="module")
def validator(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Any:
    if shutil.which("node") is None or shutil.which("npm") is None:
        pytest.skip("needs node and npm (Microsoft's Adaptive Cards SDK is a JavaScript package)")
    cache = getattr(request.config, "cache", None)  # absent under -p no:cacheprovider: install into a temp folder
    folder = Path(cache.mkdir("adaptivecards-3.0.6")) if cache else tmp_path_factory.mktemp("adaptivecards-3.0.6")
    modules = folder / "node_modules"
    if not (modules / "adaptivecards" / "dist" / "adaptivecards.js").exists():
        shutil.copy(HERE / "package.json", folder / "package.json")
        try:
            subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--loglevel=error"], cwd=folder,
                           check=True, timeout=300, capture_output=True)
        except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
            pytest.skip(f"could not install the adaptivecards package from npm: {exc}")

    def validate(*cards_: dict[str, Any]) -> list[list[str]]:
        out = subprocess.run(["node", str(HERE / "validate.js"), str(modules)], input=json.dumps(cards_),
                             capture_output=True, text=True, check=True, timeout=60)
        return json.loads(out.stdout)

    return validate


def meta(i: int, long: bool = False) -> EntryMeta:
    key = (f"key_{i:03d}_" + "k" * 80)[:80] if long else f"user_smiles_{i}"
    preview = ("C1=CC=C(C=C1)" * 10)[:80] if long else "CCO, c1ccccc1O"
    return EntryMeta(key=key, kind="smiles_list", size=2, preview=preview, set_by=("Ⅹ" * 200 if long else "Alice"),
                     set_at=0.0, source="message", version=3)


def reply() -> Reply:
    rows = [{"row": i, "smiles": "C" * i + "[C@@H](N)C(=O)O", "logS": -0.12 * i} for i in range(1, 13)]
    return Reply(turn_id="t", text="Predicted logS.", tables=[Table(columns=[f"c{i}" for i in range(8)] + ["smiles"],
                                                                    rows=rows, total_rows=40)],
                 artifacts=[ArtifactRef("results.csv", "text/csv", "k1"), ArtifactRef("plot.png", "image/png", "k2")])


def link(ref: ArtifactRef) -> str:
    return f"https://bot.example.org/files/{ref.key}/{ref.name}?exp=1&sig=x"


def test_the_validator_catches_what_teams_would_flag(validator: Any) -> None:
    """The check can fail: the empty dropdown the pool card used to have is reported."""
    old_empty_card = {"type": "AdaptiveCard", "version": "1.5", "body": [
        {"type": "Input.ChoiceSet", "id": "key", "choices": []}]}
    [problems] = validator(old_empty_card)
    assert any("at least one choice" in p for p in problems)


def test_every_card_is_valid_at_1_5(validator: Any) -> None:
    big_pool = [meta(i) for i in range(60)]
    built = [cards.pool_card([]), cards.pool_card([meta(1)]), cards.reply_card(reply(), link)]
    built += [cards.pool_card(big_pool, page) for page in range(4)]
    built += [cards.pool_card([meta(i, long=True) for i in range(60)], 1)]
    assert validator(*built) == [[] for _ in built]
    assert not [b for b in built[0]["body"] if b["type"] == "Input.ChoiceSet"]  # empty pool: no empty dropdown


def test_the_pool_card_pages_and_stays_under_its_budget() -> None:
    metas = [meta(i) for i in range(60)]
    pages = [cards.pool_card(metas, page) for page in range(4)]
    keys = [c["value"] for card in pages for b in card["body"] if b["type"] == "Input.ChoiceSet" for c in b["choices"]]
    assert keys == [m.key for m in metas]  # every key on exactly one page, in order
    titles = [[a["title"] for b in card["body"] if b["type"] == "ActionSet" for a in b["actions"]] for card in pages]
    assert "Previous" not in titles[0] and "Next" in titles[0] and "Previous" in titles[3] and "Next" not in titles[3]
    assert "Keys 16–30 of 60" in json.dumps(pages[1], ensure_ascii=False)
    worst = cards.pool_card([meta(i, long=True) for i in range(60)])
    assert cards.card_bytes(worst) <= cards.MAX_CARD_BYTES
    assert max(cards.card_bytes(c) for c in pages) <= cards.MAX_CARD_BYTES
