"""Names as voice-to-text writes them: a drug split into syllables ("lap a tinib", "war far in") or heard as other
words ("met for men", "gem city bean"), a cell line or target spelt letter by letter with its number in words ("K five
six two", "H nineteen seventy five", "S K N D Z", "P D G F R beta", in lower case too), a value said in words ("minus
two point five"). Each join is kept only when the tables know the result, so ordinary words stay as they are.
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


# the same in a message a speech-to-text engine wrote all in lower case ("k five six two", "e g f r", "l n i c fifty")
_SPOKEN_CODE_LOWER = re.compile(_SPOKEN_CODE.pattern.replace("[A-Z]", "[A-Za-z]"))
_SPELT_LOWER = re.compile(_SPELT.pattern.replace("[A-Z]", "[A-Za-z]"))
_SPOKEN_IC50_LOWER = re.compile(_SPOKEN_IC50.pattern, re.I)
_SPOKEN_AFFINITY = re.compile(r"\bp\s(?P<kind>k\s?[di])\b", re.I)  # "p k d": pKd (not the PKD kinase)


def from_dictation(text: str) -> str:
    """``text`` with dictated names joined where the join names a known drug, cell line or target."""
    # names split into syllables, or letters spelt in lower case, only in a message written as speech-to-text writes
    # it, without punctuation: typed text joins no words ("… with grape fruit")
    spoken = not re.search(r"[.,;:!?]", text)
    ic50, code, spelt = (_SPOKEN_IC50_LOWER, _SPOKEN_CODE_LOWER, _SPELT_LOWER) if spoken else \
        (_SPOKEN_IC50, _SPOKEN_CODE, _SPELT)
    text = ic50.sub(lambda m: ("ln " if m.group("ln") else "p" if m.group("p") else "") + "IC50", text)
    if spoken:
        text = _SPOKEN_AFFINITY.sub(lambda m: "p" + m.group("kind").replace(" ", "").capitalize(), text)
    text = spelt.sub(_spelt, code.sub(_code, text))
    if spoken:  # "mia paca two": a cell line's words, then its number in words
        text = _WORDS_THEN_NUMBER.sub(_words_then_number, text)
    return _SPOKEN_VALUE.sub(_value, _joined_syllables(text)) if spoken else text


_WORDS_THEN_NUMBER = re.compile(rf"\b(?P<letters>[a-z]{{2,6}}(?:\s[a-z]{{2,6}})?)\s(?P<numbers>(?:{_NUMBER_WORD}))\b")


def _words_then_number(m: re.Match[str]) -> str:
    number = _number([m.group("numbers").lower()])
    words = m.group("letters").split()
    for first in range(len(words)):  # "in mia paca two": the words after "in"
        known = _known_line_or_target("".join(words[first:]).upper() + number) if number is not None else None
        if known is not None:
            return " ".join([*words[:first], known])
    return m.group()


# a value said in words where a number is expected: after minus, with a point, or after "target (of)"
# ("minus two point five", "one point five", "target of minus forty")
_VALUE_WORDS = rf"(?:{_NUMBER_WORD})(?:\s+(?:{_NUMBER_WORD}))?"
_SPOKEN_VALUE = re.compile(
    rf"\b(?:(?P<sign>minus|negative)\s+(?P<signed>{_VALUE_WORDS}(?:\s+point(?:\s+(?:{_NUMBER_WORD}))+)?)|"
    rf"(?P<pointed>{_VALUE_WORDS}\s+point(?:\s+(?:{_NUMBER_WORD}))+)|"
    rf"(?<=target\s)(?P<after>{_VALUE_WORDS})|(?<=target\sof\s)(?P<after_of>{_VALUE_WORDS}))\b", re.I)


def _value(m: re.Match[str]) -> str:
    """The number said: "minus two point five" -> "-2.5", "forty" -> "40", "twenty five" -> "25"."""
    said = (m.group("signed") or m.group("pointed") or m.group("after") or m.group("after_of")).lower()
    whole, _, decimals = said.partition(" point ")
    words = whole.split()
    value = sum(_DIGITS.get(w, 0) + _TEENS.get(w, 0) + _TENS.get(w, 0) for w in words)
    if len(words) == 2 and not (words[0] in _TENS and words[1] in _DIGITS):
        return m.group()  # "five six": digits, not a value
    digits = "".join(str(_DIGITS[w]) for w in decimals.split() if w in _DIGITS)
    return ("-" if m.group("sign") else "") + str(value) + (f".{digits}" if digits else "")


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
    number = _number(m.group("numbers").lower().split())
    if number is None:
        return m.group()
    tail = m.group("tail") or ""
    words = m.group("letters").split()
    for first in range(len(words)):  # "in m c f seven": the letters after "in"
        letters = "".join(words[first:]).upper()
        for code in (letters + number + tail, letters + number):
            if (known := _known_line_or_target(code)) is not None:
                return " ".join([*words[:first], known]) + \
                    ("" if tail and code.endswith(tail) else (" " + tail if tail else "")) + \
                    (" " if m.group().endswith(" ") else "")
    return m.group()


def _spelt(m: re.Match[str]) -> str:
    parts = m.group().split()
    letters = "".join(p for p in parts if len(p) == 1).upper()
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
    """"lap a tinib" -> "lapatinib", "war far in" -> "warfarin", "he la" -> "HeLa": two to five short lower-case
    words, one space apart, whose join is a known name."""
    from model_zoo.names.drugs import tables

    names = tables().names
    words = list(_WORD.finditer(text))
    out, last, i = [], 0, 0
    while i < len(words):
        run = [words[i]]
        while len(run) < 5 and i + len(run) < len(words) and text[run[-1].end():words[i + len(run)].start()] == " ":
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
    for count in range(min(5, len(tokens)), 1, -1):
        parts = tokens[:count]
        if all(p.islower() and len(p) <= 8 for p in parts) and not all(p in _FUNCTION_WORDS for p in parts) and \
                " ".join(parts) not in names and not any(len(p) >= 5 and p in names for p in parts) and \
                (heard := _heard_drug(parts)) is not None:  # ("chloride in" is no "chloridine")
            return count, heard
    return None


# how English words are said, per word, before their sounds are joined ("eye brew tin nib", "sue knit nib",
# "clarity throw my sin")
_SAID = (("^eye", "i"), ("^kn", "n"), ("^wr", "r"), ("ow$", "o"), ("ew$", "u"), ("ee", "i"), ("ea", "i"))
_HEARD_CLOSE = 0.85
_OPENS_A_PHRASE = frozenset("the these this that those new want all each some my our your its their".split())


def _heard_drug(parts: list[str]) -> str | None:
    """The drug whose name sounds like these words run together ("met for men": metformin, "war for in": warfarin,
    "gem city bean": gemcitabine), by the sound tables; None for runs with few consonants (their skeleton fits too
    many words) or a word a phrase opens with."""
    from model_zoo.names.sounds import closest_by_sound, english_sounds, skeleton

    if parts[0] in _OPENS_A_PHRASE:
        return None  # "the model", "these four and", "new statin": words, not a name said in parts
    if any(len(p) >= 5 and closest_by_sound(english_sounds(_said(p)), _HEARD_CLOSE) for p in parts):
        return None  # "ve varfarin": a name already, spelt another way (read as a respelling, shown as one)
    said = "".join(_said(p) for p in parts)
    sounds = english_sounds(said)
    if len(said) < 7 or len(skeleton(sounds)) < 5:
        return None
    found = closest_by_sound(sounds, _HEARD_CLOSE)
    # a drug's own name only: brands and synonyms sound like everyday words ("the model": Temodal)
    return found[2] if found is not None and found[1] else None


def _said(word: str) -> str:
    for written, sound in _SAID:
        word = re.sub(written, sound, word)
    return word
