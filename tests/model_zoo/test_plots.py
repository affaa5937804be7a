"""Plots a scientist accepts: names as labels, sorted rows, visible zero probabilities, error bars, out-of-domain
markers, titled molecule grids with a legend for highlighted atoms. Checked on the figures' artists, not pixels."""

from __future__ import annotations

import numpy as np
from matplotlib.collections import LineCollection, PathCollection
from rdkit import Chem

from model_zoo import plots
from model_zoo.names import find_target_names
from model_zoo.target_models import NearestProtein, target_name
from model_zoo.tools.drug_drug import _plot as ddi_plot
from model_zoo.tools.drug_drug import interaction_figure

PNG = b"\x89PNG\r\n\x1a\n"


def _points(ax) -> np.ndarray:
    """(x, y) of every drawn marker (scatter collections) on the axes."""
    offsets = [c.get_offsets() for c in ax.collections if isinstance(c, PathCollection) and c.get_sizes().max() > 0]
    return np.vstack(offsets) if offsets else np.empty((0, 2))


def test_a_classifier_predicting_zero_for_every_molecule_still_shows_each_point() -> None:
    fig = plots.values_figure([0.0, 0.0, 0.0], ["#1 ethanol", "#2 aspirin", "#3 benzene"], "BBB", "probability",
                              reference=0.5, limits=(0.0, 1.0))
    ax = fig.axes[0]
    points = _points(ax)
    assert len(points) == 3 and np.all(points[:, 0] == 0.0)
    low, high = ax.get_xlim()
    assert low < 0.0 < high  # the marker at 0 is inside the axes, not clipped at its edge


def test_bars_are_sorted_and_labelled_by_name() -> None:
    rows = [{"row": 1, "smiles": "CCO", "prediction": -0.3}, {"row": 2, "smiles": "c1ccccc1", "prediction": 2.1},
            {"row": 3, "smiles": "CC(=O)Oc1ccccc1C(=O)O", "prediction": 1.2}]
    names = plots.given_names({"_labels": {"CCO": "ethanol", "CC(=O)Oc1ccccc1C(=O)O": "aspirin"}})
    labels = plots.row_labels([r["row"] for r in rows], [r["smiles"] for r in rows], names=names)
    fig = plots.values_figure([r["prediction"] for r in rows], labels, "logD", "logD")
    ax = fig.axes[0]
    shown = [t.get_text() for t in ax.get_yticklabels()]
    assert shown == ["#2 c1ccccc1", "#3 aspirin", "#1 ethanol"]  # largest first, names where given
    widths = [p.get_width() for p in ax.patches[:3]]
    assert widths == sorted(widths, reverse=True)
    ascending = plots.values_figure([3.0, -1.0, 1.0], ["a", "b", "c"], "ln(IC50)", ascending=True)
    assert [t.get_text() for t in ascending.axes[0].get_yticklabels()] == ["b", "c", "a"]  # most potent first


def test_uncertainty_becomes_error_bars_and_out_of_domain_is_marked() -> None:
    fig = plots.values_figure([1.0, 2.0], ["#1 a", "#2 b"], "logS", errors=[0.5, None], in_domain=[True, False])
    ax = fig.axes[0]
    bars = [c for c in ax.collections if isinstance(c, LineCollection)]
    segments = [s for c in bars for s in c.get_segments()]
    spans = sorted(round(float(abs(s[1][0] - s[0][0])), 6) for s in segments if abs(s[1][0] - s[0][0]) > 0)
    assert spans == [1.0]  # ±0.5 around row 1; no bar where no uncertainty is given
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "± uncertainty" in legend and "outside the model's domain" in legend
    hatched = [p for p in ax.patches if p.get_hatch()]
    assert len(hatched) == 1 and hatched[0].get_width() == 2.0  # the out-of-domain bar (b, 2.0) is hatched
    plain = plots.values_figure([1.0, 2.0], ["a", "b"], "logS")
    assert plain.axes[0].get_legend() is None


def test_rows_png_reads_uncertainty_domain_and_names_from_rows() -> None:
    rows = [{"row": 1, "smiles": "CCO", "prediction": 0.2, "uncertainty": 0.1, "in_domain": True, "measured": 0.3},
            {"row": 2, "smiles": "CCN", "prediction": 0.9, "uncertainty": 0.2, "in_domain": False, "measured": None}]
    data = plots.rows_png(rows, "prediction", "p", "probability", names={"CCO": "ethanol"}, reference=0.5,
                          limits=(0.0, 1.0))
    assert data.startswith(PNG)
    assert plots.given_names({}) == {} and plots.given_names({"_labels": None}) == {}


def test_ddi_plot_writes_the_interaction_not_its_type_number() -> None:
    rows = [{"pair": 1, "smiles_1": "CC(=O)Oc1ccccc1C(=O)O", "smiles_2": "CCO", "type": 46, "probability": 0.8,
             "description": "The risk or severity of bleeding can be increased when Drug 1 is combined with Drug 2."}]
    assert ddi_plot(rows, {}).startswith(PNG)
    fig = interaction_figure(rows, {"CC(=O)Oc1ccccc1C(=O)O": "aspirin", "CCO": "ethanol"})
    ax = fig.axes[0]
    texts = " ".join(t.get_text() for t in ax.texts).replace("\n", " ")
    assert "bleeding can be increased when aspirin is combined with ethanol" in texts
    assert [t.get_text() for t in ax.get_yticklabels()] == ["#1 aspirin + ethanol"]


def test_the_target_is_named_never_shown_as_a_sequence() -> None:
    seq = "MRPSGTAGAALLALLAALCPASRA" * 5
    assert target_name(seq, NearestProtein("EGFR", 1.0), {}) == "EGFR"
    assert target_name(seq, NearestProtein("EGFR", 0.8), {seq: "my EGFR construct"}) == "my EGFR construct"
    unnamed = target_name(seq, NearestProtein("EGFR", 0.8), {})
    assert "EGFR" in unnamed and "0.80" in unnamed and seq[:10] not in unnamed
    [abl1] = [t for t in find_target_names("binding to ABL1") if t.kind == "target"]
    assert target_name(abl1.value, NearestProtein(None, 1.0), {}) == "ABL1"  # a known kinase sequence, unnamed


def test_molecule_grid_has_a_title_captions_and_a_legend_for_highlighted_atoms() -> None:
    mol = Chem.MolFromSmiles("COc1cc2ncnc(N)c2cc1OC")
    fig = plots.molecule_grid_figure([mol, mol], ["start", "#1"], "Analogues of X", per_row=2,
                                     highlight=[[0, 1], []], highlight_label="atoms allowed to change")
    assert fig._suptitle.get_text() == "Analogues of X"
    assert [ax.get_title() for ax in fig.axes[:2]] == ["start", "#1"]
    [legend] = fig.legends
    assert [t.get_text() for t in legend.get_texts()] == ["atoms allowed to change"]
    bare = plots.molecule_grid_figure([mol], ["x"], "t")
    assert not bare.legends
    assert plots.molecule_grid_png([mol], ["x"], "t").startswith(PNG)


def test_retrosynthesis_pictures_have_titles_and_keep_empty_grid_cells() -> None:
    from model_zoo.tools.retrosynthesis import reaction_picture

    fig = plots.molecule_grid_figure([Chem.MolFromSmiles("CCO"), Chem.Mol()], ["#1 ethanol", ""], "Precursors")
    assert [len(ax.images) for ax in fig.axes[:2]] == [1, 0] and fig._suptitle.get_text() == "Precursors"
    assert plots.titled_png(reaction_picture("CC(=O)OC", ["CC(=O)O", "CO"]), "Best precursors of X").startswith(PNG)


def test_probability_intervals_stop_at_0_and_1_and_log_values_are_points() -> None:
    fig = plots.values_figure([0.95, 0.02], ["a", "b"], "p", "probability", 0.5, (0.0, 1.0), errors=[0.2, 0.2])
    segments = [s for c in fig.axes[0].collections if isinstance(c, LineCollection) for s in c.get_segments()]
    xs = [x for s in segments for x in (s[0][0], s[1][0])]
    assert min(xs) >= 0.0 and max(xs) <= 1.0
    logs = plots.values_figure([-2.0, 1.0], ["a", "b"], "logS", "log10(mol/L)", points=True)
    assert len(_points(logs.axes[0])) == 2 and not logs.axes[0].patches  # no bar from an arbitrary 0
