"""Names as voice-to-text writes them: a drug split into syllables ("lap a tinib", "war far in"), a cell line or
target spelt letter by letter with its number in words ("K five six two", "H nineteen seventy five", "S K N D Z",
"P D G F R beta"). Each join is kept only when the tables know the result, so ordinary words stay as they are.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache

from model_zoo.names.types import Resolved

_DIGITS = {"zero": 0, "oh": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
           "eight": 8, "nine": 9}
_TEENS = {"ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
          "seventeen": 17, "eighteen": 18, "nineteen": 19}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
         "ninety": 90}
_NUMBER_WORD = "|".join([*_DIGITS, *_TEENS, *_TENS])
# "K five six two", "H nineteen seventy five", "PC three", "T ninety eight G", "A five four nine": capitals, then
# number words (and a closing capital)
_SPOKEN_CODE = re.compile(rf"\b(?P<letters>[A-Z]{{1,3}}(?:\s[A-Z])*)\s(?P<numbers>(?:(?:{_NUMBER_WORD})\b\s?)+)"
                          r"(?:(?<=\s)(?P<tail>[A-Z])\b)?")
# "S K N D Z", "P D G F R beta": single capitals spelt out (and a Greek or number word)
_SPELT = re.compile(r"\b(?:[A-Z]\s){2,}[A-Z]\b(?:\s(?:alpha|beta|gamma|delta))?")
_SYLLABLES = re.compile(r"\b[a-z]{1,6}(?:\s[a-z]{1,8}){1,3}\b")


# "l n I C fifty", "p I C fifty": the measure spelt out
_SPOKEN_IC50 = re.compile(r"\b(?:(?P<ln>l\s?n)\s+|(?P<p>p)\s?)?I\s?C\s?fifty\b")


def from_dictation(text: str) -> str:
    """``text`` with dictated names joined where the join names a known drug, cell line or target."""
    text = _SPOKEN_IC50.sub(lambda m: ("ln " if m.group("ln") else "p" if m.group("p") else "") + "IC50", text)
    text = _SPOKEN_CODE.sub(_code, text)
    text = _SPELT.sub(_spelt, text)
    # names split into syllables only in a message written as speech-to-text writes it, without punctuation: typed
    # text joins no words ("… with grape fruit")
    return text if re.search(r"[.,;:!?]", text) else _joined_syllables(text)


def _number(words: list[str]) -> str | None:
    """Number words as digits: each digit word one digit ("five six two" -> 562), a teen or a tens word with the
    digit after it a pair ("nineteen seventy five" -> 1975, "ninety eight" -> 98)."""
    out, i = "", 0
    while i < len(words):
        w = words[i]
        if w in _DIGITS:
            out += str(_DIGITS[w])
        elif w in _TEENS:
            out += str(_TEENS[w])
        elif w in _TENS:
            value = _TENS[w]
            if i + 1 < len(words) and words[i + 1] in _DIGITS and words[i + 1] not in ("zero", "oh"):
                value += _DIGITS[words[i + 1]]
                i += 1
            out += str(value)
        else:
            return None
        i += 1
    return out or None


def _code(m: re.Match[str]) -> str:
    letters = m.group("letters").replace(" ", "")
    number = _number(m.group("numbers").lower().split())
    if number is None:
        return m.group()
    tail = m.group("tail") or ""
    for code in (letters + number + tail, letters + number):
        if (known := _known_line_or_target(code)) is not None:
            return known + ("" if tail and code.endswith(tail) else (" " + tail if tail else "")) + \
                (" " if m.group().endswith(" ") else "")
    return m.group()


def _spelt(m: re.Match[str]) -> str:
    parts = m.group().split()
    letters = "".join(p for p in parts if len(p) == 1)
    greek = next((p for p in parts if len(p) > 1), "")
    for code in ((f"{letters}-{greek}", letters) if greek else (letters,)):
        if (known := _known_line_or_target(code)) is not None:
            return known + (f" {greek}" if greek and code == letters else "")
    return m.group()


@lru_cache(maxsize=2048)
def _known_line_or_target(code: str) -> str | None:
    """The GDSC name of the cell line ``code`` spells ("SKNDZ" -> "SK-N-DZ"), or ``code`` when it names a target."""
    from model_zoo.names.cell_lines import resolve_cell_line_name
    from model_zoo.names.targets import resolve_target

    line = resolve_cell_line_name(code)
    if isinstance(line, Resolved):
        return line.value
    return code if isinstance(resolve_target(code), Resolved) else None


_WORD = re.compile(r"[A-Za-z]+")
_FUNCTION_WORDS = frozenset("a an and as at be by do go he i if in is it me my no of on or so to up us we".split())


def _joined_syllables(text: str) -> str:
    """"lap a tinib" -> "lapatinib", "war far in" -> "warfarin", "he la" -> "HeLa": two to four short lower-case
    words, one space apart, whose join is a known name."""
    from model_zoo.names.drugs import tables

    names = tables().names
    words = list(_WORD.finditer(text))
    out, last, i = [], 0, 0
    while i < len(words):
        run = [words[i]]
        while len(run) < 4 and i + len(run) < len(words) and text[run[-1].end():words[i + len(run)].start()] == " ":
            run.append(words[i + len(run)])
        tokens = [w.group() for w in run]
        joined = _best_join(tokens, names) if all(t.islower() and len(t) <= 8 for t in tokens[:2]) else None
        if joined is None:
            i += 1
            continue
        count, name = joined
        out.append(text[last:run[0].start()] + name)
        last = run[count - 1].end()
        i += count
    return "".join(out) + text[last:]


def _read_in_text(rows: object) -> bool:
    """Whether a name key is a written name the resolver reads in free text (not a squashed code such as "folicacid",
    nor a name never read from text such as "grapefruit")."""
    return isinstance(rows, tuple) and any(isinstance(r, tuple) and len(r) > 2 and r[1] != "code" and r[2] != "N"
                                           for r in rows)


def _best_join(tokens: list[str], names: Mapping[str, object]) -> tuple[int, str] | None:
    """(how many tokens, the name) of the longest join from the first token that names a drug exactly ("cabo zan
    tinib": "cabo" alone is shorthand too) or a cell line ("he la"), or, when no token is a drug by itself, a drug
    by spelling with an INN stem ("a fat tin ib")."""
    from model_zoo.chem.cells import _catalogue
    from model_zoo.names.drugs import resolve_drug
    from model_zoo.names.text import inn_stem

    for count in range(min(4, len(tokens)), 1, -1):
        parts = tokens[:count]
        if not all(p.islower() and len(p) <= 8 for p in parts):
            continue
        joined = "".join(parts)
        if len(joined) < 4:
            continue
        if " ".join(parts) in names:
            return None  # "folic acid" is a name as written: nothing to join
        if len(joined) >= 6 and joined in names and _read_in_text(names[joined]):
            return count, joined
        lines = _catalogue().by_casefold.get(joined, [])
        if len(lines) == 1 and lines[0].name.casefold() == joined and not all(p in _FUNCTION_WORDS for p in parts):
            return count, lines[0].name  # "he la" is HeLa; "go to" stays words (not the GOTO line)
        if len(joined) >= 6 and not any(p in names for p in parts) and inn_stem(joined) and \
                isinstance(found := resolve_drug(joined), Resolved) and found.fuzzy:
            return count, found.name
    return None
