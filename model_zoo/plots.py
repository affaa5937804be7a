"""PNG figures for tool results (Agg backend, no display; each call builds its own Figure, so it is thread-safe).

Molecules are labelled by the names the user gave them (the agent passes ``_labels``: {SMILES: name}), else by
a short SMILES; bars are sorted; probabilities are drawn as points (a probability of 0 is still visible); a row's
``uncertainty`` (± in the value's unit) becomes an error bar and ``in_domain`` False an open, grey marker.
"""

from __future__ import annotations

import io
import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

import matplotlib
import numpy as np
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from model_zoo.tables import LABELS

matplotlib.use("Agg")  # never a display backend, even if this process later imports pyplot

MAX_BARS = 40
LABEL_CHARS = 40
NOTE_CHARS = 70  # width a note (e.g. a DDI description) is wrapped to beside its bar
COLOR = "#3b75af"
POSITIVE = "#c44e52"  # probability at or above the reference
OUTSIDE = "#9a9a9a"  # out of the model's applicability domain
HIGHLIGHT = (0.98, 0.75, 0.2)  # atoms that may change, on molecule drawings
BOND_PIXELS = 24  # bond length on molecule drawings (larger molecules shrink to fit their cell)


def short_label(text: str, width: int = LABEL_CHARS) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def given_names(args: Mapping[str, Any]) -> dict[str, str]:
    """The names the user gave molecules (or sequences), passed by the agent as ``_labels``: {text: name}."""
    labels = args.get(LABELS) or {}
    return {str(k): str(v) for k, v in labels.items() if v} if isinstance(labels, Mapping) else {}


def row_labels(rows: Sequence[int], texts: Sequence[str], width: int = LABEL_CHARS,
               names: Mapping[str, str] | None = None) -> list[str]:
    """'#<row> <name>' labels, or '#<row> <SMILES>' for a molecule without a name, truncated."""
    names = names or {}
    return [short_label(f"#{r} {names.get(t) or t}", width) for r, t in zip(rows, texts)]


def figure_png(fig: Figure) -> bytes:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=110, bbox_inches="tight")
    return buffer.getvalue()


def _axis_label(unit: str) -> str:
    return unit if unit else "value"


def rows_png(rows: Sequence[Mapping[str, Any]], value: str, title: str, unit: str = "", *,
             names: Mapping[str, str] | None = None, reference: float | None = None,
             limits: tuple[float, float] | None = None, ascending: bool = False, subtitle: str = "",
             points: bool | None = None) -> bytes:
    """``values_png`` for a tool's computed rows: labels from ``row``/``smiles`` (and names), error bars from
    ``uncertainty``, open markers from ``in_domain`` and crosses from ``measured`` where the rows carry them."""
    values = [float(r[value]) for r in rows]
    labels = row_labels([r.get("row", i + 1) for i, r in enumerate(rows)], [str(r.get("smiles", "")) for r in rows],
                        names=names)
    errors = [r.get("uncertainty") for r in rows]
    inside = [r.get("in_domain") for r in rows]
    measured = [r.get("measured") for r in rows]
    return values_png(values, labels, title, unit, reference, limits,
                      errors=errors if any(e is not None for e in errors) else None,
                      in_domain=inside if any(i is not None for i in inside) else None,
                      measured=measured if any(m is not None for m in measured) else None,
                      ascending=ascending, subtitle=subtitle, points=points)


def values_png(values: Sequence[float], labels: Sequence[str], title: str, unit: str = "",
               reference: float | None = None, limits: tuple[float, float] | None = None, max_bars: int = MAX_BARS,
               **options: Any) -> bytes:
    """The figure of ``values_figure`` as PNG; with more than ``max_bars`` values, a histogram instead."""
    if len(values) != len(labels):
        raise ValueError(f"{len(values)} values but {len(labels)} labels")
    if len(values) > max_bars:
        return histogram_png(values, title, unit, reference, limits)
    return figure_png(values_figure(values, labels, title, unit, reference, limits, **options))


def values_figure(values: Sequence[float], labels: Sequence[str], title: str, unit: str = "",
                  reference: float | None = None, limits: tuple[float, float] | None = None, *,
                  errors: Sequence[float | None] | None = None, in_domain: Sequence[bool | None] | None = None,
                  notes: Sequence[str] | None = None, ascending: bool = False, subtitle: str = "",
                  points: bool | None = None, measured: Sequence[Any] | None = None) -> Figure:
    """One row per value, sorted (largest at the top; smallest with ``ascending``). Values are bars, or points
    when ``points`` (default: when ``limits`` is given, i.e. probabilities, so that 0 stays visible; log-scale values
    such as pKd or logS should be points too, a bar from 0 means nothing for them); points on the
    ``reference`` side of the threshold are coloured. ``errors`` (± per value) draw error bars, ``in_domain``
    False draws an open grey marker/hatched bar, ``measured`` numbers a black cross (the training set's value), and
    ``notes`` are written beside each row (e.g. a DDI description)."""
    n = len(values)
    order = sorted(range(n), key=lambda i: (values[i] if ascending else -values[i], i))
    vals = np.array([values[i] for i in order], dtype=np.float64)
    errs = np.array([np.nan if errors is None or (err := errors[i]) is None else float(err) for i in order])
    outside = np.array([in_domain is not None and in_domain[i] is False for i in order], dtype=bool)
    points = limits is not None if points is None else points
    wide = notes is not None
    fig = Figure(figsize=(12 if wide else 8, 1.4 + (0.45 if wide else 0.3) * max(n, 1)))
    ax = fig.subplots()
    y = np.arange(n)
    legend: list[Any] = []
    if points:
        positive = vals >= reference if reference is not None else np.zeros(n, dtype=bool)
        colors = np.where(positive, POSITIVE, COLOR)
        if limits is not None:  # a stem from the axis start for probabilities; none for log-scale values
            ax.hlines(y, limits[0], vals, color="#d0d0d0", linewidth=1, zorder=1)
        else:
            ax.grid(axis="y", alpha=0.3)
        for kind, mask in (("in", ~outside), ("out", outside)):
            if mask.any():
                ax.scatter(vals[mask], y[mask], s=55, zorder=3, marker="o",
                           facecolors=colors[mask] if kind == "in" else "white",
                           edgecolors=colors[mask] if kind == "in" else OUTSIDE, linewidths=1.5)
        if reference is not None:
            legend += [Line2D([], [], marker="o", linestyle="", color=POSITIVE, label=f">= {reference:g}"),
                       Line2D([], [], marker="o", linestyle="", color=COLOR, label=f"< {reference:g}")]
    else:
        ax.barh(y, vals, color=[OUTSIDE if o else COLOR for o in outside], edgecolor="white", zorder=2)
        for row in np.flatnonzero(outside).tolist():
            ax.barh(y[row], vals[row], color="none", edgecolor="white", hatch="///", zorder=3)
        ax.axvline(0.0, color="black", linewidth=0.6)
    if not np.isnan(errs).all():
        low = high = np.nan_to_num(errs)
        if limits is not None:  # a probability's interval stops at 0 and 1
            low, high = np.minimum(low, vals - limits[0]), np.minimum(high, limits[1] - vals)
        ax.errorbar(vals, y, xerr=np.vstack([low, high]), fmt="none", ecolor="black", elinewidth=1, capsize=3,
                    zorder=4)
        legend.append(Line2D([], [], color="black", marker="|", linestyle="-", label="± uncertainty"))
    if outside.any():
        legend.append(Patch(facecolor="white", edgecolor=OUTSIDE, linewidth=1.5, label="outside the model's domain")
                      if points else
                      Patch(facecolor=OUTSIDE, edgecolor="white", hatch="///", label="outside the model's domain"))
    known = [(vals[row], row, measured[i]) for row, i in enumerate(order)
             if measured is not None and isinstance(measured[i], (int, float)) and not isinstance(measured[i], bool)]
    if known:
        ax.scatter([m for _, _, m in known], [row for _, row, _ in known], marker="x", s=50, color="black", zorder=5)
        legend.append(Line2D([], [], marker="x", linestyle="", color="black", label="measured (training data)"))
    ax.set_yticks(list(y), [short_label(labels[i]) for i in order], fontsize=8, family="monospace")
    ax.invert_yaxis()
    if reference is not None:
        ax.axvline(reference, color=POSITIVE, linestyle="--", linewidth=1)
    if limits is not None:
        pad = 0.03 * (limits[1] - limits[0]) if points else 0.0  # a point at the limit is drawn whole
        ax.set_xlim(limits[0] - pad, limits[1] + pad)
    ax.set_xlabel(_axis_label(unit))
    ax.set_title(title + (f"\n{subtitle}" if subtitle else ""), fontsize=11)
    ax.grid(axis="x", alpha=0.3)
    if notes is not None:
        for row, i in enumerate(order):
            ax.annotate(textwrap.fill(notes[i], NOTE_CHARS), xy=(1.02, row), xycoords=("axes fraction", "data"),
                        va="center", ha="left", fontsize=7.5)
    if legend:
        ax.legend(handles=legend, loc="upper center", bbox_to_anchor=(0.5, -0.12 - 0.5 / max(n, 1)), ncol=len(legend),
                  fontsize=8, frameon=False)
    return fig


def histogram_png(
    values: Sequence[float],
    title: str,
    unit: str = "",
    reference: float | None = None,
    limits: tuple[float, float] | None = None,
) -> bytes:
    """Distribution of many values, with the count in the title."""
    fig = Figure(figsize=(8, 4.5))
    ax = fig.subplots()
    ax.hist(list(values), bins=min(50, max(10, len(values) // 20)), range=limits, color=COLOR,
            edgecolor="white")
    if reference is not None:
        ax.axvline(reference, color=POSITIVE, linestyle="--", linewidth=1)
    ax.set_xlabel(_axis_label(unit))
    ax.set_ylabel("molecules")
    ax.set_title(f"{title} (n = {len(values)})")
    ax.grid(axis="y", alpha=0.3)
    return figure_png(fig)


def molecule_grid_png(mols: Sequence[Any], legends: Sequence[str], title: str, per_row: int = 4,
                      highlight: Sequence[Sequence[int]] | None = None, highlight_label: str = "") -> bytes:
    """Molecule drawings in a grid with a title, a caption under each, and highlighted atoms (``highlight``: atom
    indices per molecule) explained by a legend entry ``highlight_label``."""
    return figure_png(molecule_grid_figure(mols, legends, title, per_row, highlight, highlight_label))


def molecule_grid_figure(mols: Sequence[Any], legends: Sequence[str], title: str, per_row: int = 4,
                         highlight: Sequence[Sequence[int]] | None = None, highlight_label: str = "") -> Figure:
    import matplotlib.image as mpimg
    from rdkit.Chem.Draw import rdMolDraw2D

    n = max(len(mols), 1)
    cols = min(per_row, n)
    rows = (n + cols - 1) // cols
    fig = Figure(figsize=(3.2 * cols, 2.9 * rows + 0.8))
    axes = np.atleast_1d(fig.subplots(rows, cols)).ravel()
    for k, ax in enumerate(axes):
        ax.set_axis_off()
        if k >= len(mols) or mols[k] is None or mols[k].GetNumAtoms() == 0:  # an empty cell keeps the grid aligned
            continue
        atoms = list(highlight[k]) if highlight and k < len(highlight) else []
        bonds = _bonds_between(mols[k], atoms)
        drawer = rdMolDraw2D.MolDraw2DCairo(300, 240)
        # one scale for all: acetyl chloride is not drawn huge (the stubs type this property as MolDrawOptions)
        drawer.drawOptions().fixedBondLength = BOND_PIXELS  # type: ignore[assignment]
        rdMolDraw2D.PrepareAndDrawMolecule(drawer, mols[k], highlightAtoms=atoms,
                                           highlightAtomColors={a: HIGHLIGHT for a in atoms}, highlightBonds=bonds,
                                           highlightBondColors={b: HIGHLIGHT for b in bonds})
        drawer.FinishDrawing()
        ax.imshow(mpimg.imread(io.BytesIO(drawer.GetDrawingText()), format="png"))
        ax.set_title(textwrap.fill(legends[k], 42) if k < len(legends) else "", fontsize=8)
    fig.suptitle(title, fontsize=12)
    if highlight_label and highlight and any(highlight):
        fig.legend(handles=[Patch(facecolor=HIGHLIGHT, label=highlight_label)], loc="lower center", ncol=1,
                   fontsize=9, frameon=False)
    return fig


def _bonds_between(mol: Any, atoms: Sequence[int]) -> list[int]:
    chosen = set(atoms)
    return [b.GetIdx() for b in mol.GetBonds() if b.GetBeginAtomIdx() in chosen and b.GetEndAtomIdx() in chosen]


def titled_png(image: bytes, title: str) -> bytes:
    """A PNG (e.g. RDKit's reaction drawing) with a title above it."""
    import matplotlib.image as mpimg

    picture = mpimg.imread(io.BytesIO(image), format="png")
    height, width = picture.shape[:2]
    fig = Figure(figsize=(max(width / 110, 4), height / 110 + 0.6))
    ax = fig.subplots()
    ax.imshow(picture)
    ax.set_axis_off()
    ax.set_title(textwrap.fill(title, 100), fontsize=11)
    return figure_png(fig)
