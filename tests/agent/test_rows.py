"""Rows of a pasted list named by number, and asks written as a list, each on its own rows of the one table."""

from agent.backends.base import ToolCall
from agent.backends.planner import plan_calls
from agent.history import PastRequest
from agent.planning.rows import earlier_rows, list_items, row_numbers
from model_zoo.specs import TOOLS

TABLE = "ID\tSMILES\nA-1\tCCO\nA-2\tCCN\nA-3\tCCCl\nA-4\tc1ccccc1O\n"


def plan(text: str, history: list[PastRequest] | None = None) -> list[ToolCall]:
    return plan_calls(text, [], list(TOOLS), history or [])


def test_row_numbers_as_people_write_them() -> None:
    assert row_numbers("rows 2 and 4 only") == [2, 4]
    assert row_numbers("for rows 1–3") == [1, 2, 3]
    assert row_numbers("row 4") == [4]
    assert row_numbers("#2 and #5 look off") == [2, 5]
    assert row_numbers("rows 1-2, 4") == [1, 2, 4]
    assert row_numbers("the round-3 file, 2 rows of it") == []
    assert row_numbers("EGFR pKd for compound 7") == []


def test_a_pasted_table_narrowed_to_the_rows_named() -> None:
    [call] = plan("logD7.4 needed for rows 2 and 4 only (the others were measured already):\n" + TABLE)
    assert call.arguments == {"drug_smiles": ["CCN", "c1ccccc1O"], "property": "lipo"}


def test_rows_past_the_end_of_the_table_are_asked_about() -> None:
    """"rows 2 and 9" of a four-row list: no call on other rows (all four, or the pool's), a question naming row 9."""
    from agent.backends.base import FinalAnswer, PlanContext
    from agent.backends.planner import OfflinePlanner

    text = "logD7.4 for rows 2 and 9:\n" + TABLE
    assert plan(text) == []
    ctx = PlanContext(request=text, pool=[], offered=list(TOOLS), steps=[], messages=[], history=[],
                      read=lambda key: None)
    answer = OfflinePlanner().next_action(ctx)
    assert isinstance(answer, FinalAnswer) and "has 4 rows; there is no row 9" in answer.text


def test_each_ask_of_a_list_on_its_own_rows() -> None:
    calls = plan("three asks for this set:\n1. logS for all rows\n2. BBB for rows 1 and 3\n"
                 "3. retrosynthesis for row 4\n\n" + TABLE)
    assert [(c.name, c.arguments) for c in calls] == [
        ("drug_property_prediction", {"drug_smiles": ["CCO", "CCN", "CCCl", "c1ccccc1O"],
                                      "property": "logSolubility"}),
        ("drug_property_prediction", {"drug_smiles": ["CCO", "CCCl"], "property": "p_np"}),
        ("Retrosynthetic_reaction_pathway_prediction", {"smiles_list": ["c1ccccc1O"]}),
    ]


def test_lists_that_are_no_list_of_asks() -> None:
    assert list_items("- task: generation\n- cell_line: KELLY\n- target: ln ic50 -2.5") is None
    calls = plan("Need FreeSolv for these:\n- ethanol CCO\n- phenol c1ccccc1O\n- ethylamine CCN")
    assert [c.arguments["drug_smiles"] for c in calls] == [["CCO", "c1ccccc1O", "CCN"]]


def test_rows_named_later_are_of_the_list_pasted_earlier() -> None:
    earlier = [PastRequest("user", "BBB for these:\n" + TABLE, answered=True)]
    assert earlier_rows("could you add logS for rows 1–3 as well?", [p.text for p in earlier]) == ["CCO", "CCN", "CCCl"]
    assert earlier_rows("rows 2 and 7", [p.text for p in earlier]) is None


def test_a_place_in_a_series_is_no_cell_line() -> None:
    """"the round-3 file", "batch7", "plate-14": places in a series of experiments or files, never cell lines to
    ask about (and "batch 7" is no potency)."""
    from agent.entities import extract

    e = extract("can you run logD on the round-3 file Marco dropped, and the batch7 one")
    assert e.unresolved == [] and e.cell_lines == []
    assert extract("For the batch 7 file I just attached: solubility").numbers == []


def test_a_status_marker_does_not_part_the_asks() -> None:
    """"the ER+ breast lines" is one ask; "warf+asp DDI and logS of aspirin" is two."""
    calls = plan("How would the ER+ breast lines MCF-7 and t47d respond to palbociclib?")
    assert {c.name for c in calls} == {"drug_cell_response_regression_predict"}
    assert [c.arguments["cell_name"] for c in calls] == ["MCF7", "T47D"]


def test_a_line_named_after_the_word_line_and_solvents_beside_molecules() -> None:
    """"the lung line h1975" names NCI-H1975; "THF" is tetrahydrofuran beside other molecules, never alone in
    prose ("dissolved in THF")."""
    from agent.entities import extract

    assert [c.name for c in extract("IC50 for osimertinib in the lung line h1975?").cell_lines] == ["NCI-H1975"]
    assert extract("hydration free energy of THF and toluene").molecules == ["C1CCOC1", "Cc1ccccc1"]
    assert extract("dissolved in THF at 0 C").molecules == []


def test_counts_that_count_no_molecules() -> None:
    """"logD and solubility for all of them, need both": both properties; "before the 2 pm": an hour."""
    from agent.planning.counts import counted

    assert counted("logD and solubility for all of them, need both for the MPO score") is None
    assert counted("logD on the round-3 file, before the 2 pm") is None
    assert counted("BBB for both") == 2


def test_list_markers_and_idioms_ask_for_nothing() -> None:
    """"(2) optimise …" is the second ask, not a potency of 2; "make it into the brain" asks about BBB, not a
    synthesis; "an actual number, not just yes/no" asks for the affinity."""
    from agent.entities import extract

    assert [n.value for n in extract("(1) BBB for CCO, and (2) optimise CCN in A549 at -1").numbers] == [-1.0]
    calls = plan("would this make it into the brain? CCO")
    assert [(c.name, c.arguments.get("property")) for c in calls] == [("drug_property_prediction", "p_np")]
    [call] = plan("does CCO bind EGFR? I need an actual number, not just yes/no")
    assert call.name == "drug_target_affinity_regression_predict"


def test_inline_numbered_asks_and_its() -> None:
    """"need three numbers: (1) pKd of X against ABL1, (2) its ln(IC50) in K-562, and (3) …": three asks, and "its"
    is X, not every drug of the message."""
    from model_zoo.names.drugs import resolve_drug

    ponatinib, omeprazole = (resolve_drug(n).value for n in ("ponatinib", "omeprazole"))
    calls = plan("I need three numbers: (1) predicted pKd of ponatinib against ABL1, (2) its predicted ln(IC50) in "
                 "K-562, and (3) the DrugBank interaction type for ponatinib with omeprazole. Thanks!")
    assert [c.name for c in calls] == ["drug_target_affinity_regression_predict",
                                       "drug_cell_response_regression_predict", "drug_drug_response_predict"]
    assert calls[1].arguments == {"drug_smiles": [ponatinib], "cell_name": "K-562"}
    assert calls[2].arguments["smiles_pairs"] == [[ponatinib, omeprazole]]


def test_every_ask_of_a_list_is_kept_and_read_on_its_own_words() -> None:
    """A list item in weaker words still asks ("how would we make it (precursors)?"), and the words before the list
    give values, not asks ("For ibrutinib on ABL1: 1) pKd 2) the binder call")."""
    calls = plan("Checklist for Cc1ccc(-c2ccccc2)cc1 before we order it:\n* logS?\n* logD?\n"
                 "* how would we make it (precursors)?")
    assert [(c.name, c.arguments.get("property")) for c in calls] == [
        ("drug_property_prediction", "logSolubility"), ("drug_property_prediction", "lipo"),
        ("Retrosynthetic_reaction_pathway_prediction", None)]
    calls = plan("For ibrutinib on ABL1:\n1) predicted pKd\n2) the binder / non-binder call")
    assert [c.name for c in calls] == ["drug_target_affinity_regression_predict", "drug_target_classification_predict"]
