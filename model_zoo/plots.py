"""PNG figures for tool results (Agg backend, no display; each call builds its own Figure, so it is thread-safe)."""

from __future__ import annotations

import io
from collections.abc import Sequence

import matplotlib
from matplotlib.figure import Figure

matplotlib.use("Agg")  # never a display backend, even if this process later imports pyplot

MAX_BARS = 40
LABEL_CHARS = 40


def short_label(text: str, width: int = LABEL_CHARS) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def row_labels(rows: Sequence[int], texts: Sequence[str], width: int = LABEL_CHARS) -> list[str]:
    """'#<row> <text>' labels, truncated: how molecules are named on every plot."""
    return [short_label(f"#{r} {t}", width) for r, t in zip(rows, texts)]


def _png(fig: Figure) -> bytes:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=110, bbox_inches="tight")
    return buffer.getvalue()


def _axis_label(unit: str) -> str:
    return unit if unit else "value"


def values_png(
    values: Sequence[float],
    labels: Sequence[str],
    title: str,
    unit: str = "",
    reference: float | None = None,
    limits: tuple[float, float] | None = None,
    max_bars: int = MAX_BARS,
) -> bytes:
    """One horizontal bar per value, top to bottom in input order; with more than ``max_bars`` values, a
    histogram of their distribution instead. ``reference`` draws a dashed line (e.g. a 0.5 threshold) and
    ``limits`` fixes the value axis (e.g. 0..1 for probabilities)."""
    if len(values) != len(labels):
        raise ValueError(f"{len(values)} values but {len(labels)} labels")
    if len(values) > max_bars:
        return histogram_png(values, title, unit, reference, limits)
    fig = Figure(figsize=(8, 1.2 + 0.3 * max(len(values), 1)))
    ax = fig.subplots()
    positions = range(len(values))
    ax.barh(list(positions), list(values), color="#3b75af")
    ax.set_yticks(list(positions), [short_label(label) for label in labels], fontsize=8, family="monospace")
    ax.invert_yaxis()
    ax.axvline(0.0, color="black", linewidth=0.6)
    if reference is not None:
        ax.axvline(reference, color="#c44e52", linestyle="--", linewidth=1)
    if limits is not None:
        ax.set_xlim(*limits)
    ax.set_xlabel(_axis_label(unit))
    ax.set_title(title)
    ax.grid(axis="x", alpha=0.3)
    return _png(fig)


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
    ax.hist(list(values), bins=min(50, max(10, len(values) // 20)), range=limits, color="#3b75af",
            edgecolor="white")
    if reference is not None:
        ax.axvline(reference, color="#c44e52", linestyle="--", linewidth=1)
    ax.set_xlabel(_axis_label(unit))
    ax.set_ylabel("molecules")
    ax.set_title(f"{title} (n = {len(values)})")
    ax.grid(axis="y", alpha=0.3)
    return _png(fig)
