"""Adaptive Cards built from a Reply and from a thread's pool."""

from __future__ import annotations

from agent.pool.entry import EntryMeta
from agent.turn import ArtifactRef, Reply, Table
from bot.teams import cards


def link(ref: ArtifactRef) -> str:
    return f"https://bot.example.org/files/{ref.key}/{ref.name}?sig=x"


def texts(element: object) -> list[str]:
    if isinstance(element, dict):
        own = [element["text"]] if element.get("type") in ("TextBlock", "TextRun") else []
        return own + [t for v in element.values() for t in texts(v)]
    if isinstance(element, list):
        return [t for v in element for t in texts(v)]
    return []


def reply_with_results() -> Reply:
    rows = [{"row": i, "smiles": "C" * i, "logS": -0.123456 * i} for i in range(1, 11)]
    return Reply(turn_id="t", text="Predicted logS for 25 molecules.",
                 tables=[Table(columns=["row", "smiles", "logS"], rows=rows, total_rows=25)],
                 artifacts=[ArtifactRef("results.csv", "text/csv", "k1"), ArtifactRef("plot.png", "image/png", "k2")])


def test_reply_card_has_table_plot_and_download_link() -> None:
    card = cards.reply_card(reply_with_results(), link)
    assert card["type"] == "AdaptiveCard" and card["version"] == "1.5"
    table, note, image = card["body"]
    assert table["type"] == "Table" and table["firstRowAsHeader"]
    assert len(table["rows"]) == 11  # header + the first 10 rows
    assert texts(table["rows"][0]) == ["row", "smiles", "logS"]
    assert texts(table["rows"][2]) == ["2", "CC", "-0.2469"]
    assert note["text"] == "First 10 of 25 rows"
    assert image["type"] == "Image" and image["url"] == link(ArtifactRef("plot.png", "image/png", "k2"))
    titles = {a["title"]: a["url"] for a in card["actions"]}
    assert titles["Download results.csv (all 25 rows)"].endswith("/k1/results.csv?sig=x")
    assert "Full-size plot" in titles


def test_text_only_reply_has_no_card() -> None:
    assert cards.reply_card(Reply(turn_id="t", text="Stored 3 molecules."), link) is None


def test_long_cells_are_cut_and_extra_columns_mentioned() -> None:
    columns = [f"c{i}" for i in range(9)]
    reply = Reply(turn_id="t", text="", tables=[Table(columns=columns, rows=[{"c0": "X" * 200}], total_rows=1)])
    table, note = cards.reply_card(reply, link)["body"]
    assert len(table["columns"]) == cards.MAX_COLUMNS
    cell = texts(table["rows"][1])[0]
    assert len(cell) == cards.CELL_CHARS and cell.endswith("…")
    assert "3 more column(s) in the CSV" in note["text"]


def test_pool_card_lists_keys_and_submits_edits() -> None:
    meta = EntryMeta(key="user_smiles", kind="smiles_list", size=2, preview="CCO, c1ccccc1O", set_by="Alice",
                     set_at=0.0, source="message", version=3)
    card = cards.pool_card([meta])
    assert ["user_smiles", "smiles_list", "2", "v3", "Alice", "CCO, c1ccccc1O"] in [
        texts(r) for r in card["body"][1]["rows"]]
    inputs = {b["id"]: b for b in card["body"] if b["type"].startswith("Input.")}
    assert set(inputs) == {"key", "new_key", "value"}
    assert inputs["key"]["choices"] == [{"title": "user_smiles", "value": "user_smiles"}]
    submits = {a["title"]: a["data"] for a in card["actions"]}
    assert submits["Save"] == {"drugpilot": "pool", "op": "set"} and submits["Delete"]["op"] == "del"
    assert "empty" in texts(cards.pool_card([]))[1]


def test_smiles_in_cells_are_plain_text_runs_not_markdown() -> None:
    reply = Reply(turn_id="t", text="", tables=[Table(columns=["smiles"], rows=[{"smiles": "C[C@@H](N)C(=O)O"}],
                                                      total_rows=1)])
    table = cards.reply_card(reply, link)["body"][0]
    [cell] = table["rows"][1]["cells"]
    assert cell["items"] == [{"type": "RichTextBlock", "inlines": [{"type": "TextRun", "text": "C[C@@H](N)C(=O)O"}]}]


def test_message_text_is_escaped_html() -> None:
    text = "Set user_smiles = C[C@@H](N)C(=O)O, <b>x</b> & y\nuse `pool export user_smiles`"
    assert cards.html_text(text) == ("Set user_smiles = C[C@@H](N)C(=O)O, &lt;b&gt;x&lt;/b&gt; &amp; y<br>"
                                     "use <code>pool export user_smiles</code>")
