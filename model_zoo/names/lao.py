"""Drug names written in the Lao script, as Lao chemists and pharmacists write them, mostly after French
("ພາຣາເຊຕາມອນ" paracétamol, "ວາຟາຣິນ" warfarine, "ຄລໍໂຣກິນ" chloroquine), with the words Lao writes beside them
without a space ("ກັບວາຟາຣິນ": with warfarin).

Lao writes a syllable's vowel with signs before, above, below or after its consonant ("ເ" e, "ແ" e, "ໂ" o and
"ໄ", "ໃ" ai stand before it; "າ" a, "ິ" i, "ຸ" u, "ໍ" o … after it), "ອ" between two consonants as the vowel o
("ມອນ": mon), a silent "ຫ" before a sonorant ("ຫຼ", "ໜ", "ໝ": l, n, m) and tone marks that are not said. It has no
final l, which a borrowed name writes with "ນ" ("ມອນ": mol). Lao writes no spaces between words, so a run of its
letters is cut into its written syllables (a consonant with its vowel signs, from a vowel written before it; a
consonant with no vowel of its own after a syllable is a unit of its own that says none) and every stretch of two or
more is read into Latin letters and matched by sound (``model_zoo.names.sounds``), longest first; a stretch that holds
one of the language's own words is none.
"""

from __future__ import annotations

import itertools
import re
from functools import cache

from model_zoo.names.sounds import closest_plainly, names_in_runs, spellings_of, with_soft_c
from model_zoo.names.text import alternation

# the Lao block, U+0E80-U+0EFF
LAO_BLOCK = "\u0e80-\u0eff"
# the letters of a Lao word (not its digits, U+0ED0-U+0ED9)
_RUN = re.compile("[\u0e81-\u0ecd\u0edc-\u0edf]+")
# the consonants as the English sounds of ``model_zoo.names.sounds`` write them (aspirated and plain as one, w as v,
# y as i, h as g); "" for the vowel carrier "ອ"
_CONSONANTS = {"ກ": "k", "ຂ": "k", "ຄ": "k", "ງ": "n", "ຈ": "j", "ສ": "s", "ຊ": "s", "ຍ": "i", "ດ": "d", "ຕ": "t",
               "ຖ": "t", "ທ": "t", "ນ": "n", "ບ": "b", "ປ": "p", "ຜ": "p", "ຝ": "f", "ພ": "p", "ຟ": "f", "ມ": "m",
               "ຢ": "i", "ຣ": "r", "ລ": "l", "ວ": "v", "ຫ": "g", "ອ": "", "ຮ": "g", "ໜ": "n", "ໝ": "m", "ໞ": "g",
               "ໟ": "i"}
# loans write g with "ກ", a French r with "ລ", and a final l with "ນ" (read so only at a stretch's end)
_READ_ALSO = {"ກ": ("g",), "ລ": ("r",), "ຈ": ("kg",)}
# a consonant that closes a syllable as the finals it writes for a borrowed name's ("ມອນ": mol, at a stretch's end
# only; "ນາດ": nate, "ເມັດຟໍ": metfo)
_FINALS = {"ນ": ("n", "l"), "ດ": ("d", "t"), "ບ": ("b", "p"), "ກ": ("k", "g")}
_PREPOSED = {"ເ": "e", "ແ": "e", "ໂ": "o", "ໃ": "ai", "ໄ": "ai"}
_VOWELS = {"ະ": "a", "ັ": "a", "າ": "a", "ຳ": "am", "ິ": "i", "ີ": "i", "ຶ": "i", "ື": "i", "ຸ": "u", "ູ": "u",
           "ົ": "o", "ໍ": "o", "ຽ": "ia", "ອ": "o"}
_SUBSCRIPT_L = "\u0ebc"
# the signs written after (above, below) a consonant
_AFTER_SIGNS = "".join(map(chr, [*range(0x0EB0, 0x0EBE), *range(0x0EC8, 0x0ECE)]))
# tone marks, the cancellation mark (a letter not said) and the repetition mark
_SILENT = "\u0ec8\u0ec9\u0eca\u0ecb\u0ec6"
_KILLER = "\u0ecc"
# a silent "ຫ" before these makes them high-class ("ຫຼ", "ຫວ", "ຫຍ")
_SONORANTS = "ງຍນມລວຣ"
_CLOSE = 0.85
# a stretch inside a run of words it does not know (not between its own words) is read only where it sounds all but
# the same
_CLOSE_INSIDE = 0.95
# the words Lao writes between two nouns without a space (and, with, of, in, between, or, instead of, the question),
# which no name is read across
PARTICLES = ("ແລະ", "ກັບ", "ຂອງ", "ໃນ", "ລະຫວ່າງ", "ຫຼື", "ແທນ", "ບໍ", "ນຳ")
# the sounds it writes with other letters than English does, each read both ways: a Greek ch before l or r as k
# ("ຄລໍໂຣກິນ": chloroquine; kg as the English sounds write ch), qu before i as k ("ກີນິນ": quinine), and a soft g
# as j ("ເຈຟີຕີນິບ": gefitinib), and a first a as e ("ແອັສປີຣິນ": aspirin)
_READ_AS = ((re.compile(r"^k(?=[lr])"), "kg"), (re.compile(r"k(?=i)"), "kv"), (re.compile(r"^j"), "g"),
            (re.compile(r"^e(?=[^aeiou])"), "a"))


def _starts(run: str, i: int) -> bool:
    """Whether the letter at ``i`` starts a written syllable: a vowel written before its consonant, or a consonant
    that none stands before, that no silent "ຫ" leads and that is not "ອ" read as the vowel o between two
    consonants."""
    letter = run[i]
    if letter in _PREPOSED:
        return True
    if letter not in _CONSONANTS:
        return False
    before = run[i - 1] if i else ""
    if before in _PREPOSED:
        return False
    # the r or l of a cluster after a vowel written before it ("ໂປຣ": pro), not one a vowel sign follows
    # (with the short-vowel sign that writes e with "ເ" or "ແ": "ເທຣັກ" trek)
    if letter in "ຣລ" and i >= 2 and run[i - 2] in _PREPOSED and before in _CONSONANTS and not (
            i + 1 < len(run) and run[i + 1] in _AFTER_SIGNS and not (run[i + 1] == "ັ" and run[i - 2] in "ເແ")):
        return False
    if before == "ຫ" and letter in _SONORANTS and (i < 2 or run[i - 2] not in _CONSONANTS or run[i - 2] in _PREPOSED):
        return False
    if letter == "ອ" and before in _CONSONANTS and i + 1 < len(run) and run[i + 1] in _CONSONANTS:
        return False
    return True


def syllables(run: str) -> list[str]:
    """A run of Lao letters cut into its written syllables."""
    starts = [i for i in range(len(run)) if i == 0 or _starts(run, i)]
    return [run[a:b] for a, b in itertools.pairwise([*starts, len(run)])]


def _vowel(signs: str, pre: str) -> str:
    """The vowel a syllable's signs write, with the one written before its consonant."""
    if pre == "ເ" and "ົາ" in signs:
        return "ao"
    if pre == "ເ" and "ື" in signs:
        return "ua"
    if pre == "ເ" and "ຍ" in signs:
        return "ia"
    if pre in ("ເ", "ແ") and any(s in signs for s in "ິີັ"):
        return "e"
    return _PREPOSED.get(pre, "") + "".join(_VOWELS.get(s, "") for s in signs)


def _syllable(syllable: str, last: bool) -> list[str]:
    """The Latin spellings a written syllable may stand for: its consonants with its vowel, or with none or a where it
    has none (a final consonant says none)."""
    if _KILLER in syllable:
        return [""]
    letters = [c for c in syllable if c not in _SILENT]
    pre = letters.pop(0) if letters and letters[0] in _PREPOSED else ""
    onsets, signs, onset_done = [""], "", False
    for i, letter in enumerate(letters):
        if letter in _CONSONANTS and not onset_done:
            if letter == "ຫ" and i + 1 < len(letters) and letters[i + 1] in _SONORANTS:
                continue  # (a silent "ຫ")
            onset_done = True
            sounds = (_CONSONANTS[letter], *_READ_ALSO.get(letter, ()))
            if letter in _FINALS and (last or not any(c in _AFTER_SIGNS or c in _PREPOSED for c in syllable)):
                sounds = _FINALS[letter] if last or letter != "ນ" else sounds
            onsets = [onset + sound for onset in onsets for sound in sounds]
        elif letter == _SUBSCRIPT_L or (letter in "ຣລ" and pre and not signs):
            onsets = [onset + ("r" if letter == "ຣ" else "l") for onset in onsets]
        else:
            signs += letter
    vowel = _vowel(signs, pre)
    if vowel:
        vowels: tuple[str, ...] = (vowel,)
    else:
        vowels = ("",) if last else ("", "a")
    return [onset + v for onset in onsets for v in vowels]


@cache
def _particles() -> re.Pattern[str]:
    """The particles, each a whole written syllable at either end."""
    return re.compile(rf"(?<![\u0ec0-\u0ec4])(?:{alternation(PARTICLES)})(?![\u0eb0-\u0ebc\u0ec8-\u0ecd])")


def english_name(word: str, close: float = _CLOSE) -> str | None:
    """The table name a stretch of Lao letters spells ("ວາຟາຣິນ": warfarin), or None."""
    cut = syllables(word)
    if len(cut) < 2:
        return None
    latin = spellings_of(cut, _syllable, _READ_AS, 1024)
    if word.startswith(("ໄຊ", "ໄສ")):  # a first cy said as in English ("ໄຊທາຣາບີນ": cytarabine; not "ໃຊ້", use)
        latin += [re.sub("^sai", "tsi", spelling) for spelling in latin]
    # Lao writes no final s or z: "ເອຟາວີເຣັນ" is efavirenz (heard without its z, it came near faverin)
    latin += [spelling + "s" for spelling in latin if spelling[-1] not in "aeiou"]
    return closest_plainly([s for spelling in latin for s in with_soft_c(spelling)], close)


def _stretch_name(word: str, between_words: bool) -> str | None:
    return english_name(word, _CLOSE if between_words else _CLOSE_INSIDE)


def from_lao(text: str, words: re.Pattern[str] | None = None, longer: re.Pattern[str] | None = None) -> str:
    """``text`` with drug names written in the Lao script written in Latin letters, each set apart from the words
    joined to it ("ກັບວາຟາຣິນ" -> "ກັບ warfarin "); none is read across one of the language's ``longer`` words or a
    particle, and none ends with one of its ``words`` it spells the same name without."""
    return names_in_runs(text, _RUN, _particles(), syllables, _stretch_name, words, longer)
