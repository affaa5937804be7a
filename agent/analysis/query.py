"""A follow-up over earlier results, as a typed query: what to keep, how to order, how many, what to plot."""

from __future__ import annotations

from dataclasses import dataclass, field

from agent.analysis.results import Measure

@dataclass(frozen=True)
class Condition:
    measure: Measure
    op: str  # >, >=, <, <= or ==
    value: float | str  # a number, or a label of a categorical measure

    def describe(self) -> str:
        words = {">": "above", ">=": "at least", "<": "below", "<=": "at most", "==": "="}
        value = self.value if isinstance(self.value, str) else f"{self.value:g}"
        return f"{self.measure.label} {words[self.op]} {value}"


@dataclass
class Query:
    action: str  # filter | sort | top | join | plot: the main one (it names the pool key of the answer)
    conditions: list[Condition] = field(default_factory=list)
    sort_by: Measure | None = None
    descending: bool = True
    n: int | None = None  # keep the first n rows after sorting
    plot: str | None = None  # scatter | histogram | bar
    x: Measure | None = None
    y: Measure | None = None
    also: list[Measure] = field(default_factory=list)  # columns only shown

    def measures(self) -> list[Measure]:
        """The measures the query reads, first the one whose compounds make the rows."""
        primary = [m for m in (self.sort_by, self.x) if m] + [c.measure for c in self.conditions]
        return list({m.id: m for m in primary + [m for m in (self.y, *self.also) if m]}.values())


@dataclass(frozen=True)
class AskBack:
    """The words did not name exactly one column: the question to ask, naming the columns that exist."""

    text: str
