"""PNG plots of an analysis table: scatter of two columns, histogram, sorted bar chart (Agg, one Figure per call).

Molecules are labelled by name when the table has names, else by a shortened SMILES; axes carry the columns'
plain-words labels; a caption under each plot says which stored results (and models) it was made from.
"""

from __future__ import annotations

import io
import math
from typing import Any

MAX_BARS = 40
MAX_POINT_LABELS = 25
MAX_ERROR_BARS = 2_000  # more points than this: error bars would hide the cloud
LABEL_CHARS = 28


def _figure(width: float, height: float) -> Any:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height))


def _png(fig: Any, caption: str) -> bytes:
    # half an inch under the figure's bottom edge, below the x-axis label whatever the figure's height
    fig.text(0.01, -0.5 / fig.get_figheight(), caption, fontsize=6.5, color="#555555", ha="left", va="top",
             wrap=True)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=110, bbox_inches="tight")
    return buffer.getvalue()


def _label(row: dict[str, Any]) -> str:
    text = str(row.get("name") or row.get("smiles") or "")
    return text if len(text) <= LABEL_CHARS else text[:LABEL_CHARS - 1] + "…"


def _finite(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


Column = tuple[str, str | None]  # a value column and the column of its ± uncertainty (None: the model gives none)
ERROR_NOTE = " Error bars: the model's ± uncertainty."


def _spread(rows: list[dict[str, Any]], column: str | None) -> list[float] | None:
    if column is None:
        return None
    return [float(r[column]) if _finite(r.get(column)) else 0.0 for r in rows]


def scatter_png(rows: list[dict[str, Any]], x_column: Column, y_column: Column, title: str, caption: str) -> bytes:
    (x, x_error), (y, y_error) = x_column, y_column
    points = [r for r in rows if _finite(r.get(x)) and _finite(r.get(y))]
    fig = _figure(7, 5.5)
    ax = fig.subplots()
    xs, ys = [r[x] for r in points], [r[y] for r in points]
    if (x_error or y_error) and len(points) <= MAX_ERROR_BARS:
        ax.errorbar(xs, ys, xerr=_spread(points, x_error), yerr=_spread(points, y_error), fmt="none",
                    ecolor="#9bb7d4", elinewidth=0.8, zorder=1)
        caption += ERROR_NOTE
    ax.scatter(xs, ys, s=22, color="#3b75af", alpha=0.8, zorder=2)
    if len(points) <= MAX_POINT_LABELS:
        for r in points:
            ax.annotate(_label(r), (r[x], r[y]), textcoords="offset points", xytext=(4, 3), fontsize=7)
    ax.set_xlabel(x)
    ax.set_ylabel(y)
    ax.set_title(f"{title} ({len(points)} compounds)")
    ax.grid(alpha=0.3)
    return _png(fig, caption)


def histogram_png(rows: list[dict[str, Any]], column: str, title: str, caption: str) -> bytes:
    values = [r[column] for r in rows if _finite(r.get(column))]
    fig = _figure(7, 4.5)
    ax = fig.subplots()
    ax.hist(values, bins=min(50, max(5, len(values) // 10 or 5)), color="#3b75af", edgecolor="white")
    ax.set_xlabel(column)
    ax.set_ylabel("number of compounds")
    ax.set_title(f"{title} ({len(values)} compounds)")
    ax.grid(axis="y", alpha=0.3)
    return _png(fig, caption)


def bar_png(rows: list[dict[str, Any]], value: Column, title: str, caption: str, descending: bool = True) -> bytes:
    """Bars sorted by value (highest at the top unless ``descending`` is False), the first MAX_BARS shown."""
    column, error = value
    points = sorted((r for r in rows if _finite(r.get(column))), key=lambda r: r[column], reverse=descending)
    shown = points[:MAX_BARS]
    fig = _figure(8, 1.2 + 0.28 * max(len(shown), 1))
    ax = fig.subplots()
    ax.barh(range(len(shown)), [r[column] for r in shown], color="#3b75af", xerr=_spread(shown, error),
            error_kw={"ecolor": "#555555", "elinewidth": 0.8, "capsize": 2})
    if error:
        caption += ERROR_NOTE
    ax.set_yticks(range(len(shown)), [_label(r) for r in shown], fontsize=8)
    ax.invert_yaxis()
    ax.axvline(0.0, color="black", linewidth=0.6)
    ax.set_xlabel(column)
    more = f", first {len(shown)} of {len(points)}" if len(points) > len(shown) else ""
    ax.set_title(f"{title}{more}")
    ax.grid(axis="x", alpha=0.3)
    return _png(fig, caption)
