"""Drug-response targets in the units people write, converted to the tools' GDSC ln(IC50) scale.

"IC50 below 100 nM", "around 0.5 µM", "pIC50 7" and "ln IC50 -2" all name one target response; the
generation and optimisation tools take it as the natural log of IC50 in micromolar. Each conversion
keeps the words it came from so that the reply can show it.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from agent.vocabulary import load
from model_zoo.specs import LN_IC50_RANGE

_TO_MICROMOLAR = {"fm": 1e-9, "pm": 1e-6, "nm": 1e-3, "um": 1.0, "µm": 1.0, "μm": 1.0, "mm": 1e3, "m": 1e6,
                  "femtomolar": 1e-9, "picomolar": 1e-6, "nanomolar": 1e-3, "micromolar": 1.0, "millimolar": 1e3,
                  "femtomol": 1e-9, "picomol": 1e-6, "nanomol": 1e-3, "micromol": 1.0, "millimol": 1e3,
                  "fmol/l": 1e-9, "pmol/l": 1e-6, "nmol/l": 1e-3, "umol/l": 1.0, "µmol/l": 1.0, "μmol/l": 1.0,
                  "mmol/l": 1e3}
# "1 micromolar", "50 nmol/L", "fifty nano molar": sub-molar units spelled out
_SUB_MOLAR_WORDS = r"(?i:(?:femto|pico|nano|micro|milli)[\s-]?mol(?:ar)?|[fpnuµμm]mol/l)"
# a decimal comma ("0,5 µM", "1,25 nM") is read as a point; "1,000" (thousands) is not
_NUMBER = r"([-+−]?(?:0,\d+|\d+,\d{1,2}(?!\d|,\d)|\d+(?:\.\d+)?)(?:[eE][-+]?\d+)?)"
_COMPARATOR = (r"(?:of|at|to|=|:|~|≈|<|>|≤|≥|<=|>=|below|under|less than|lower than|under|above|over|around|about|"
               r"approximately|approx\.?|near|close to|roughly|target(?:ing)?|reach(?:ing)?|of about|of around|"
               r"ideally|max(?:imum)?|at most|at least|is|was|should be|goal|aim for|no worse than|better than|"
               r"not worse than|at or below|or better|or lower|"
               r"做到|达到|目标值?|大约|约|为|是|低于|小于|高于|大于|"  # Chinese: reach, target, about, is, below …
               # Portuguese, Spanish, French: target, of, below, above, about, less than
               r"alvo|objetivo|cible|de|abaixo de|acima de|cerca de|em torno de|por debajo de|alrededor de|environ|"
               r"autour de|inf[ée]rieure? [àa]|menor que|menos de)")
_GAP = rf"\s*(?:{_COMPARATOR}\s*)*"
_UNIT = rf"({_SUB_MOLAR_WORDS}|(?i:[pnuµμ]M)|mM|M)(?![A-Za-z])"  # "500 nm" in a potency means nM
# ("sorry, pIC50. and make it 7, not 5": the scale named, then the value)
_P_IC50 = re.compile(rf"\bpIC\s?50\b(?:[.,;:!]?\s*(?:and\s+|so\s+)?(?:make\s+it|set\s+it\s+to|change\s+it\s+to))?"
                     rf"{_GAP}{_NUMBER}", re.I)
_IC50_WITH_UNIT = re.compile(rf"\b(?:IC\s?50|potency|EC\s?50|GI\s?50)\b{_GAP}{_NUMBER}\s*{_UNIT}", re.I)
# A bare molar unit is too often something else ("2 M NaCl"); bare concentrations need a sub-molar unit.
_CONCENTRATION = re.compile(rf"(?<![\w.,])(?:{_COMPARATOR}\s*)?{_NUMBER}\s*({_SUB_MOLAR_WORDS}|(?i:[pnuµμ]M)|mM)"
                            r"(?![A-Za-z])")
# "2.5e-7 M", "3E-8 M": molar in scientific notation with a negative exponent is a drug concentration
_MOLAR_SCIENTIFIC = re.compile(rf"(?<![\w.,])(?:{_COMPARATOR}\s*)?([-+]?\d+(?:\.\d+)?[eE]-\d+)\s*(M)(?![A-Za-z])")


_SPELLED = load("cues.json")["spelled_numbers"]
_SPELLED_WORD = "|".join(sorted(_SPELLED, key=len, reverse=True))
# "fifty nano molar", "one hundred nM", "two point five micromolar": a concentration said in words (dictated)
_SPELLED_CONCENTRATION = re.compile(
    rf"(?<![\w-])(?:{_COMPARATOR}\s*)?(?P<words>(?:{_SPELLED_WORD})(?:[\s-]+(?:and[\s-]+)?(?:{_SPELLED_WORD}))*"
    rf"(?:\s+point(?:\s+(?:{_SPELLED_WORD}))+)?)\s+({_SUB_MOLAR_WORDS}|(?i:[pnuµμ]M)|mM)(?![A-Za-z])", re.I)


def _spelled(words: str) -> float:
    """The value of number words: "fifty" 50, "one hundred" 100, "three hundred fifty" 350, "two point five" 2.5."""
    whole, _, decimals = words.lower().partition(" point ")
    total, current = 0, 0
    for word in re.split(r"[\s-]+", whole.strip()):
        value = _SPELLED.get(word)
        if value is None:
            continue  # "and"
        if value in (100, 1000):
            current = max(current, 1) * value
            if value == 1000:
                total, current = total + current, 0
        else:
            current += value
    digits = "".join(str(_SPELLED[w]) for w in decimals.split() if _SPELLED.get(w, 10) < 10)
    return float(f"{total + current}.{digits or 0}")


# "before the 2 pm", "at 10:30 am": an hour of the day, unless a potency word comes just before ("IC50 of 5 pM")
CLOCK_TIME = re.compile(r"(?:1[0-2]|0?[1-9])(?::[0-5]\d)?\s*(?:[ap]\.?m\.?|[AP]M)(?![A-Za-z])")
_POTENCY_BEFORE = re.compile(r"\b(?:p?IC\s?50|EC\s?50|GI\s?50|potency|Kd|Ki|affinity)\b[^.;\n]{0,20}$", re.I)


def _clock_time(text: str, match: re.Match[str]) -> bool:
    before = text[max(0, match.start() - 30):match.start()]
    return CLOCK_TIME.match(text, match.start(1)) is not None and not _POTENCY_BEFORE.search(before)


@dataclass(frozen=True)
class Quantity:
    """A target response on the ln(IC50 / µM) scale, with where it came from in the message."""

    ln_ic50: float
    start: int
    end: int
    written: str  # the words as typed ("IC50 below 100 nM")

    @property
    def conversion(self) -> str:
        return f"{self.written.strip()} → ln(IC50/µM) = {self.ln_ic50:.2f}"

    @property
    def in_range(self) -> bool:
        return LN_IC50_RANGE[0] <= self.ln_ic50 <= LN_IC50_RANGE[1]


# "sub-micromolar potency", "at sub-nanomolar IC50": below one unit, so the unit is the goal
_SUB_UNIT = re.compile(r"\bsub[\s-]?(pico|nano|micro|milli)[\s-]?molar\b", re.I)


def find_quantities(text: str) -> list[Quantity]:
    """IC50 targets written with a unit or as pIC50, in message order (a bare ln(IC50) needs no conversion)."""
    found: list[Quantity] = []
    taken: list[tuple[int, int]] = []

    def add(match: re.Match[str], value: float) -> None:
        if any(s < match.end() and match.start() < e for s, e in taken) or not math.isfinite(value):
            return
        taken.append((match.start(), match.end()))
        found.append(Quantity(value, match.start(), match.end(), match.group(0)))

    for match in _P_IC50.finditer(text):
        add(match, math.log(10 ** (6 - _number(match.group(1)))) if abs(_number(match.group(1))) < 30 else math.inf)
    for match in _IC50_WITH_UNIT.finditer(text):
        add(match, _ln_micromolar(_number(match.group(1)), match.group(2)))
    for pattern in (_CONCENTRATION, _MOLAR_SCIENTIFIC):
        for match in pattern.finditer(text):
            if not _clock_time(text, match):
                add(match, _ln_micromolar(_number(match.group(1)), match.group(2)))
    for match in _SPELLED_CONCENTRATION.finditer(text):
        add(match, _ln_micromolar(_spelled(match.group("words")), match.group(2)))
    for match in _SUB_UNIT.finditer(text):
        add(match, _ln_micromolar(1.0, f"{match.group(1)}molar"))
    return _fold_goal(text, sorted(found, key=lambda q: q.start))


# "sits at ~0.3 µM in K562; I want something 10x more potent": the goal is the one stated potency shifted
_FOLD_GOAL = re.compile(r"(?<![\w.])(?P<n>\d+(?:\.\d+)?)\s*(?:x|×|-?\s?fold|times)\s+"
                        r"(?:(?P<weaker>less\s+potent|weaker)|more\s+potent|better|stronger|lower)\b", re.I)


def _fold_goal(text: str, found: list[Quantity]) -> list[Quantity]:
    fold = _FOLD_GOAL.search(text)
    if fold is None or len(found) != 1 or float(fold.group("n")) <= 1:
        return found
    stated = found[0]
    shift = math.log(float(fold.group("n"))) * (1 if fold.group("weaker") else -1)
    return [Quantity(stated.ln_ic50 + shift, stated.start, stated.end, f"{stated.written.strip()}, {fold.group(0)}")]


# "IC50 ~7.5" with no unit and no "ln"/"p": µM, nM, pIC50 and ln(IC50) readings differ by orders of magnitude.
_UNITLESS_IC50 = re.compile(rf"\b(?:IC\s?50|EC\s?50|GI\s?50|potency)\b\)?{_GAP}{_NUMBER}(?![\w,%-]|\.\d|\s*{_UNIT})",
                            re.I)
_SCALE_BEFORE = re.compile(r"(?:\bln|\blog(?:10)?|\bp|\bnatural log of)\s*\(?\s*$", re.I)


def impossible_concentrations(text: str) -> list[str]:
    """Potencies written with a unit but a number no concentration has ("IC50 of -5 nM", "0 µM"): asked about,
    never read as another scale."""
    found: list[tuple[int, int, str]] = []
    for pattern in (_IC50_WITH_UNIT, _CONCENTRATION):
        for match in pattern.finditer(text):
            if _number(match.group(1)) <= 0 and not any(s < match.end() and match.start() < e for s, e, _ in found):
                found.append((match.start(), match.end(), match.group(0).strip()))
    return [written for _, _, written in sorted(found)]


def find_unitless_ic50(text: str) -> list[Quantity]:
    """IC50 targets written as a bare non-negative number ("IC50 ~7.5"): which scale is meant must be asked.
    Their ``ln_ic50`` is the number as typed (what reading it as ln(IC50/µM) would give)."""
    found = []
    for match in _UNITLESS_IC50.finditer(text):
        value = _number(match.group(1))
        if value >= 0 and not _SCALE_BEFORE.search(text[max(0, match.start() - 20):match.start()]):
            found.append(Quantity(value, match.start(), match.end(), match.group(0)))
    return found


def readings(q: Quantity) -> list[str]:
    """The ways a unitless IC50 could be meant, each converted to ln(IC50/µM)."""
    v = q.ln_ic50
    options = [f"{v:g} µM (ln IC50 {math.log(v):.2f})" if v > 0 else "",
               f"{v:g} nM (ln IC50 {math.log(v / 1000):.2f})" if v > 0 else "",
               f"pIC50 {v:g} (ln IC50 {math.log(10 ** (6 - v)):.2f})" if 3 <= v <= 12 else "",
               f"ln IC50 {v:g}" if q.in_range else ""]
    return [o for o in options if o]


def _number(written: str) -> float:
    return float(written.replace("−", "-").replace(",", "."))


def _ln_micromolar(value: float, unit: str) -> float:
    micromolar = value * _TO_MICROMOLAR[re.sub(r"[\s-]", "", unit.lower())]
    return math.log(micromolar) if micromolar > 0 else math.nan
