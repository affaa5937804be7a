"""Drug names written in the Khmer script, as Cambodian chemists and pharmacists write them, mostly after French
("ប៉ារ៉ាសេតាមុល" paracetamol, "វ៉ាហ្វារីន" warfarin, "ក្លរ៉ូគីន" chloroquine), with the words Khmer writes
beside them without a space ("ជាមួយវ៉ាហ្វារីន": with warfarin).

Khmer is an abugida: a consonant, with the consonants stacked under it by the coeng "្" ("ក្ល": kl), carries the
vowel of its series (a or o) unless a vowel sign follows it ("ា" a, "ី" i, "ុ" u, "េ" e, "ោ" o …); a consonant
with no vowel of its own after a syllable closes it ("គីន": kin); "ហ្វ" writes f and "ហ្ស" z, and "៉" and "៊" move a
consonant to the other series ("ប៉": p). Khmer writes no spaces between words, so a run of its letters is cut into
its written syllables (a consonant with what is stacked and signed on it) and every stretch of two or more is read
into Latin letters, each bare consonant with its vowel or none, and matched by sound (``model_zoo.names.sounds``),
longest first; a stretch that holds one of the language's own words is none.
"""

from __future__ import annotations

import itertools
import re
from functools import cache

from model_zoo.names.text import alternation
from model_zoo.names.sounds import closest_plainly, names_in_runs, spellings_of, with_soft_c

# the Khmer block, U+1780-U+17FF, and the Khmer symbols, U+19E0-U+19FF
KHMER_BLOCK = "\u1780-\u17ff\u19e0-\u19ff"
_RUN = re.compile("[\u1780-\u17d3\u17dd]+")
_COENG = "\u17d2"
# the consonants as the English sounds of ``model_zoo.names.sounds`` write them (aspirated and plain as one, c and ch
# as the sounds write ch, y as i, h as g), with the vowel each series says bare
_CONSONANTS = {"ក": "k", "ខ": "k", "គ": "k", "ឃ": "k", "ង": "n", "ច": "kg", "ឆ": "kg", "ជ": "j", "ឈ": "kg", "ញ": "ni",
               "ដ": "d", "ឋ": "t", "ឌ": "d", "ឍ": "t", "ណ": "n", "ត": "t", "ថ": "t", "ទ": "t", "ធ": "t", "ន": "n",
               "ប": "b", "ផ": "p", "ព": "p", "ភ": "p", "ម": "m", "យ": "i", "រ": "r", "ល": "l", "វ": "v", "ឝ": "s",
               "ឞ": "s", "ស": "s", "ហ": "g", "ឡ": "l", "អ": ""}
# loans write g with "គ", p with "ប៉" and f with "ផ" as well
_READ_ALSO = {"គ": ("g",), "ប": ("p",), "ផ": ("f",)}
# "ហ" above a stacked consonant makes it first series and is not said ("ហ្វ": f, "ហ្ស": z, "ហ្គ": g)
_H_ABOVE = {"វ": "f", "ស": "z", "គ": "g", "ប": "b"}
_INDEPENDENT = {"ឥ": "i", "ឦ": "i", "ឧ": "u", "ឩ": "u", "ឪ": "o", "ឫ": "ri", "ឬ": "ri", "ឭ": "li", "ឮ": "li", "ឯ": "e",
                "ឰ": "ai", "ឱ": "o", "ឲ": "o", "ឳ": "o"}
_VOWELS = {"ា": "a", "ិ": "i", "ី": "i", "ឹ": "i", "ឺ": "i", "ុ": "u", "ូ": "u", "ួ": "ua", "ើ": "e", "ឿ": "ua",
           "ៀ": "ia", "េ": "e", "ែ": "e", "ៃ": "ai", "ោ": "o", "ៅ": "o", "ៈ": "a", "័": "a"}
# the nasal "ំ" (m after its vowel, "am" bare), the robat "៌" (r); "ះ", "៉", "៊", "់", "៎", "៏", "៑" are not said,
# and "៍" silences the consonant it stands on
_SILENT = "\u17c7\u17c9\u17ca\u17cb\u17ce\u17cf\u17d1\u17d3"
_KILLER = "\u17cd"
_CLOSE = 0.85
# a stretch inside a run of words it does not know (not between its own words) is read only where it sounds all but
# the same ("ထမင်း" rice and thiamine, a run of everyday words and lopinavir come near)
_CLOSE_INSIDE = 0.95
# the words Khmer writes between two nouns without a space (and, of, with, the question, between, in, instead
# of), which no name is read across
PARTICLES = ("និង", "នៃ", "របស់", "ជាមួយ", "ទេ", "រវាង", "ក្នុង", "ជំនួស")
# the sounds it writes with other letters than English does, each read both ways: a Greek ch before l or r as k
# ("ក្លរ៉ូគីន": chloroquine; kg as the English sounds write ch), qu before i as k ("គីនីន": quinine), x as "កស"
# ("ដុកស៊ីស៊ីគ្លីន": doxycycline), and a soft g as j ("ជេហ្វីទីនីប": gefitinib)
_READ_AS = ((re.compile(r"^k(?=[lr])"), "kg"), (re.compile(r"k(?=i)"), "kv"), (re.compile(r"^g(?=[lr])"), "kg"),
            (re.compile(r"^j"), "g"))


def syllables(run: str) -> list[str]:
    """A run of Khmer letters cut into its written syllables: a consonant or vowel with the consonants stacked under
    it and its signs."""
    starts = [i for i, letter in enumerate(run)
              if (letter in _CONSONANTS or letter in _INDEPENDENT) and (i == 0 or run[i - 1] != _COENG)]
    if not starts or starts[0]:
        starts.insert(0, 0)
    return [run[a:b] for a, b in itertools.pairwise([*starts, len(run)])]


def _syllable(syllable: str, last: bool) -> list[str]:
    """The Latin spellings a written syllable may stand for: its consonants with its vowel, or with the vowel of the
    series or none where it has none (a final consonant says none)."""
    if _KILLER in syllable:
        return [""]
    onsets, vowel, nasal = [""], "", ""
    letters = [c for c in syllable if c not in _SILENT]
    for i, letter in enumerate(letters):
        stacked = i > 0 and letters[i - 1] == _COENG
        if letter in _CONSONANTS:
            if stacked and letters[i - 2] == "ហ" and letter in _H_ABOVE:
                onsets = [onset[:-1] + _H_ABOVE[letter] for onset in onsets]  # (the "g" of the "ហ" above it)
                continue
            sounds = (_CONSONANTS[letter], *_READ_ALSO.get(letter, ()))
            onsets = [onset + sound for onset in onsets for sound in sounds]
        elif letter in _INDEPENDENT:
            vowel += _INDEPENDENT[letter]
        elif letter in _VOWELS:
            vowel += _VOWELS[letter]
        elif letter == "\u17c6":
            nasal = "m"
        elif letter == "\u17cc":
            nasal = "r"
    if vowel or nasal:
        vowels: tuple[str, ...] = ((vowel or "o") + nasal,)
    else:
        vowels = ("",) if last else ("a", "o", "")
    return [onset + v for onset in onsets for v in vowels]


@cache
def _particles() -> re.Pattern[str]:
    """The particles, each a whole written syllable at either end."""
    return re.compile(rf"(?<!\u17d2)(?:{alternation(PARTICLES)})(?![\u17b6-\u17d3\u17dd])")


def english_name(word: str, close: float = _CLOSE) -> str | None:
    """The table name a stretch of Khmer letters spells ("វ៉ាហ្វារីន": warfarin), or None."""
    cut = syllables(word)
    if len(cut) < 2:
        return None
    latin = spellings_of(cut, _syllable, _READ_AS, 512)
    return closest_plainly([s for spelling in latin for s in with_soft_c(spelling)], close)


def _stretch_name(word: str, between_words: bool) -> str | None:
    return english_name(word, _CLOSE if between_words else _CLOSE_INSIDE)


def from_khmer(text: str, words: re.Pattern[str] | None = None,
               longer: re.Pattern[str] | None = None) -> str:
    """``text`` with drug names written in the Khmer script written in Latin letters, each set apart from the words
    joined to it ("ជាមួយវ៉ាហ្វារីន" -> "ជាមួយ warfarin "); none is read across one of the language's ``longer`` words
    or a particle, and none ends with one of its ``words`` it spells the same name without."""
    return names_in_runs(text, _RUN, _particles(), syllables, _stretch_name, words, longer)
