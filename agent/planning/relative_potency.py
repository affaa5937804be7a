"""A potency goal written against a result already shown: "one ln unit below bortezomib's predicted value there",
"beat the best of those by one ln unit", "10x docetaxel's predicted potency", "no worse than gemcitabine's".

The goal is the anchor row's ln(IC50/µM) in the thread's newest drug-response result, shifted as the words say. Nothing
is computed when the anchor is not found (a drug the result does not hold, no result at all): the goal is then asked.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from agent.entities import Entities
from agent.pool.entry import EntryMeta
from agent.selection import newest_table
from agent.vocabulary import number_words
from model_zoo.chem.mols import same_molecule_key

_VALUE_FIELDS = ("ln_ic50", "predicted_ln_ic50")
_COUNT = r"\d+(?:\.\d+)?|" + "|".join(number_words()) + r"|one|half\s+an?"
_LN_UNITS = rf"(?P<n>{_COUNT})\s*(?:ln|natural[- ]log)(?:\s*\(?\s*ic\s?50\s*\)?)?(?:\s*units?)?"
_LOWER = r"below|under|lower\s+than|better\s+than|more\s+potent\s+than|stronger\s+than|beyond"
_HIGHER = r"above|over|higher\s+than|worse\s+than|weaker\s+than|less\s+potent\s+than"
# "one ln unit below X", "1 ln unit above X"
_SHIFTED = re.compile(rf"{_LN_UNITS}\s+(?:(?P<lower>{_LOWER})|(?P<higher>{_HIGHER}))\b", re.I)
# "beat the best of those by one ln unit"
_BEAT_BY = re.compile(rf"\b(?:beat|outperform|improve\s+on|better)\w*\b.{{0,60}}?\bby\s+{_LN_UNITS}", re.I)
# "10x docetaxel's predicted potency", "3-fold more potent than X"
_FOLD = re.compile(r"(?P<n>\d+(?:\.\d+)?|\b(?:" + "|".join(number_words()) + r"))\s*(?:x|×|-?\s?fold|times)\s+"
                   r"(?:(?P<higher>less\s+potent|weaker|higher|worse)"
                   r"|(?:more\s+potent|better|stronger|lower|the)?)", re.I)
# "half of that predicted IC50", "half that IC50": twice as potent
_HALF = re.compile(r"\bhalf\s+(?:of\s+)?(?:that|the|this|its)\b", re.I)
# "no worse than X's", "as potent as X", "matching X's value"
_MATCHED = re.compile(r"\b(?:no\s+worse\s+than|not\s+worse\s+than|as\s+potent\s+as|at\s+least\s+as\s+potent\s+as|"
                      r"match(?:ing|es)?|same\s+(?:potency|value|ic\s?50)\s+as|equal\s+to|"
                      # "generate at cytarabine's level", "aiming at CMP-4's number"
                      r"(?:aim(?:ing|ed)?\s+)?(?:at|for)(?=\s+[\w-]+(?:'s|’s)\s+(?:predicted\s+)?(?:level|value|"
                      r"potency|number|ic\s?50)\b))", re.I)
# the value pointed at: "bortezomib's predicted value", "the cisplatin value you just gave", "the best of those"
_MEASURE = r"(?:value|potency|ic\s?50|ln\s*\(?ic\s?50\)?|number|score|result|level)"
_ANCHOR_WORDS = re.compile(rf"(?:'s|’s)\s+(?:predicted\s+|own\s+)?{_MEASURE}\b|\bpredicted\s+{_MEASURE}\b|"
                           rf"\b(?:value|number|result)\s+(?:you|it|that|we)\b|\bthe\s+[\w-]+\s+(?:value|number)\b|"
                           rf"\b(?:that|this)\s+{_MEASURE}\b|\bas\s+potent\s+as\s+(?:that|this)\b",
                           re.I)  # not "a target IC50 no worse than 3e-8 M": that is a goal of its own
_BEST = re.compile(r"\b(?:the\s+)?(?:best|top|most\s+potent|strongest)\s+(?:one\s+)?(?:of\s+(?:those|them|these|the\s+"
                   r"\w+)|one|compound|hit|value)\b", re.I)
_WORST = re.compile(r"\b(?:the\s+)?(?:worst|weakest|least\s+potent)\s+(?:one\s+)?(?:of\s+(?:those|them|these)|one|"
                    r"compound|value)\b", re.I)


@dataclass(frozen=True)
class RelativeGoal:
    value: float  # ln(IC50/µM)
    conversion: str  # "1 ln unit below cisplatin's predicted 1.89 → 0.89"


def sets_relative_goal(e: Entities) -> bool:
    """Whether the words set the potency goal against an earlier result ("one ln unit below X's predicted value",
    "at the same potency as nilotinib"): then a number in them ("one") is no goal by itself."""
    prose = e.prose
    shift, how = _shift(prose)
    if how is None:
        return False
    end = prose.find(how) + len(how)
    named_next = any(n.kind == "drug" and 0 <= n.start - end <= 12 for n in e.names)  # "… as nilotinib"
    # "redo it 10-fold more potent", "tenfold more potent than that": the earlier goal's
    redone = shift != 0.0 and bool(_REDONE.search(prose) or _THAN_BEFORE.search(prose))
    return named_next or redone or bool(_ANCHOR_WORDS.search(prose) or _BEST.search(prose) or _WORST.search(prose))


def relative_goal(e: Entities, pool: Sequence[EntryMeta], read: Callable[[str], Any] | None) -> RelativeGoal | None:
    """The potency goal the words set against a shown drug-response result, or None when they set none or the
    result they point at is not in the thread. "too weak. Redo it 10-fold more potent." shifts the earlier goal."""
    if read is None or not sets_relative_goal(e):
        return None
    shift, how = _shift(e.prose)
    if shift != 0.0 and (_REDONE.search(e.prose) or _THAN_BEFORE.search(e.prose)) and not _ANCHOR_WORDS.search(e.prose):
        shifted = _shifted_earlier_goal(shift, how, pool, read)
        if shifted is not None or _REDONE.search(e.prose):
            return shifted
        # "TMZ in LN229", then "generate something ten times more potent than that": no goal before, so the value shown
    rows = newest_table(list(pool), read, lambda rows: any(_value(r) is not None for r in rows))
    if not rows:
        return None
    anchor = _anchor_row(e, rows)
    if anchor is None:
        return None
    row, name = anchor
    base = _value(row)
    assert base is not None
    goal = base + shift
    return RelativeGoal(goal, f"{how} {name}'s predicted ln(IC50) {base:.2f} → {goal:.2f}")


_REDONE = re.compile(r"\b(?:redo|re-?run|again|repeat|same\s+(?:thing|design|settings))\b", re.I)
# "…and for DU145 at tenfold more potent than that": than the earlier goal
_THAN_BEFORE = re.compile(r"\bthan\s+(?:that|before|the\s+(?:last|earlier|previous)(?:\s+(?:one|goal|target))?)\b",
                          re.I)


def _shifted_earlier_goal(shift: float, how: str | None, pool: Sequence[EntryMeta], read: Callable[[str], Any]
                          ) -> RelativeGoal | None:
    """A request repeated with a goal shifted from the earlier one ("Redo it 10-fold more potent")."""
    goals = sorted((m for m in pool if m.kind == "number"), key=lambda m: m.set_at)
    earlier = read(goals[-1].key) if goals else None
    if not isinstance(earlier, (int, float)):
        return None
    goal = float(earlier) + shift
    return RelativeGoal(goal, f"{how} than the earlier goal ln(IC50) {float(earlier):.2f} → {goal:.2f}")


def _shift(prose: str) -> tuple[float, str | None]:
    """How far from the anchor the goal lies, in ln units (negative = more potent), and the words that say so."""
    for pattern in (_SHIFTED, _BEAT_BY):
        match = pattern.search(prose)
        if match:
            n = _count(match.group("n"))
            higher = bool(match.groupdict().get("higher"))
            return (n if higher else -n), match.group(0).strip()
    half = _HALF.search(prose)
    if half:
        return -math.log(2), half.group(0)
    fold = _FOLD.search(prose)
    if fold and _count(fold.group("n")) > 1:
        n = math.log(_count(fold.group("n")))
        return (n if fold.group("higher") else -n), fold.group(0).strip()
    matched = _MATCHED.search(prose)
    if matched:
        return 0.0, matched.group(0)
    return 0.0, None


def _count(word: str) -> float:
    word = re.sub(r"\s+", " ", word.lower())
    counts = {"one": 1, **number_words()}
    return 0.5 if word.startswith("half") else float(counts[word]) if word in counts else float(word)


def _anchor_row(e: Entities, rows: list[dict[str, Any]]) -> tuple[dict[str, Any], str] | None:
    """The row the words point at: a named drug's, the best or worst one, or the only one."""
    prose = e.prose
    valued = [r for r in rows if _value(r) is not None]
    for name in e.names:
        if name.kind != "drug":
            continue
        key = same_molecule_key(name.value)
        hit = next((r for r in valued if isinstance(r.get("smiles"), str) and same_molecule_key(r["smiles"]) == key),
                   None)
        if hit is not None:
            return hit, name.written
    if e.names and any(n.kind == "drug" for n in e.names):
        return None  # a named drug the result does not hold: asked, never another row
    if _BEST.search(prose):
        return min(valued, key=lambda r: _value(r) or 0.0), "the best compound"
    if _WORST.search(prose):
        return max(valued, key=lambda r: _value(r) or 0.0), "the weakest compound"
    return (valued[0], "the shown compound") if len(valued) == 1 else None


def _value(row: dict[str, Any]) -> float | None:
    value = next((row[f] for f in _VALUE_FIELDS if isinstance(row.get(f), (int, float))), None)
    return float(value) if value is not None else None
