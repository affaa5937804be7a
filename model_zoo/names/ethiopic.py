"""Drug names written in the Ethiopic script (Ge'ez fidel), as Amharic and Tigrinya chemists and pharmacists write
them ("ኢማቲኒብ" imatinib, "የኢማቲኒብ" of imatinib, "ዋርፋሪንን" warfarin as an object, "ከአስፕሪን" with aspirin; Tigrinya
"ንዋርፋሪን" to warfarin, "ብኣስፕሪን" with aspirin, "ኣስፕሪንከ" and what about aspirin).

Each fidel is a syllable: a consonant and one of seven vowel orders (ä, u, i, a, e, ə or none, o), in rows of eight
code points. Amharic writes an international name by its sounds (soft c as s, x as "ክስ", ph as "ፍ") and joins
its prepositions before it ("የ-" of, "በ-" in, "ከ-" from or with, "ለ-" for) and its suffixes after it ("-ን" the
object, "-ና" and, "-ም" also, "-ው" the). An Ethiopic word is read into Latin letters, tried as written and without
each prefix and suffix, and matched by sound (``model_zoo.names.sounds``); a word stays as written when no name is
close, or two are equally close. Tigrinya writes a name's sounds as Amharic does (its first a mostly as "ኣ", which
the vowel carriers' row reads; its "ቐ" and "ኸ" as the k's they are) and joins other particles to it: "ብ-" with, by,
"ን-" to, for, "ከም-" as, "ካብ-" from before it, "-ን" and, "-ውን" also, "-ዶ" the question, "-ከ" what about after it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from model_zoo.names.sounds import closest_of, once, with_soft_c

# the Ethiopic syllables, U+1200-U+137F (and the supplement and extension, U+1380-U+139F, U+2D80-U+2DDF)
ETHIOPIC_LETTERS = "\u1200-\u137f\u1380-\u139f\u2d80-\u2ddf"
_SYLLABLES = "\u1200-\u135a"
_ETHIOPIC_WORD = re.compile(f"[{_SYLLABLES}]{{3,}}")
# each row's consonant as the English sounds of ``model_zoo.names.sounds`` write it (its h's as g, w as v, y as i,
# q as k, the ejectives as their plain consonants); "" for the glottal and pharyngeal rows, which carry a vowel
_ROWS = {0x1200: "g", 0x1208: "l", 0x1210: "g", 0x1218: "m", 0x1220: "s", 0x1228: "r", 0x1230: "s", 0x1238: "sh",
         0x1240: "k", 0x1250: "k", 0x1260: "b", 0x1268: "v", 0x1270: "t", 0x1278: "ch", 0x1280: "g", 0x1290: "n",
         0x1298: "ny", 0x12A0: "", 0x12A8: "k", 0x12B8: "kh", 0x12C8: "v", 0x12D0: "", 0x12D8: "z", 0x12E0: "zh",
         0x12E8: "i", 0x12F0: "d", 0x12F8: "d", 0x1300: "j", 0x1308: "g", 0x1318: "g", 0x1320: "t", 0x1328: "ch",
         0x1330: "p", 0x1338: "ts", 0x1340: "ts", 0x1348: "f", 0x1350: "p"}
# the vowel of each order (the first, ä, as e; the sixth, ə, as none, as a borrowed name's consonant cluster writes
# it), and of a vowel carrier's (the sixth "እ" as i); the eighth is -wa
_ORDERS = ("e", "u", "i", "a", "e", "", "o", "va")
_CARRIED = ("a", "u", "i", "a", "e", "i", "o", "ua")
# the labialised rows (kw, hw, gw), whose fidel stand at 0, 2, 3, 4 and 5
_LABIALISED = {0x1248: "k", 0x1288: "g", 0x12B0: "k", 0x12C0: "kh", 0x1310: "g"}
_LABIALISED_ORDERS = ("ve", "", "vi", "va", "ve", "v", "", "")


@dataclass(frozen=True)
class Particles:
    """The particles a language joins before a name (``prefixes``) and after it (``suffixes``), longest first."""

    prefixes: tuple[str, ...]
    suffixes: tuple[str, ...]


# Amharic's prepositions before a name and its suffixes after it, as fidel ("የ" of, "በ" in, "ከ" from, "ለ" for, "እንደ"
# as, "ስለ" about; "ን" the object, "ና" and, "ም" also, "ው" the, "ስ" and what about, "ጋር" with)
AMHARIC = Particles(("እንደ", "ስለ", "የ", "በ", "ከ", "ለ"), ("ንም", "ውን", "ጋር", "ን", "ና", "ም", "ው", "ስ"))
# Tigrinya's ("ከም" as, "ካብ" from, "ብ" with, by, "ን" to, for; "ውን" also, "ዶ" the question, "ከ", "ኸ" what about, "ን"
# and, "ስ" as for)
TIGRINYA = Particles(("ከም", "ካብ", "ብ", "ን"), ("ውን", "ዶ", "ከ", "ኸ", "ን", "ስ"))
_CLOSE = 0.82
# the sounds it writes with other letters than English does, each read both ways: a Greek ch before l or r as k
# ("ክሎሮኪን": chloroquine; kg as the English sounds write ch), qu before i as k ("ኪኒን": quinine, "ፕሪማኪን":
# primaquine), a first e as i ("ኢታምቡቶል": ethambutol), a said first i as ai and a soft g as j, as Tigrinya writes them
# ("ኣይቡፕሮፌን": ibuprofen, "ጀፊቲኒብ": gefitinib), and a labialised g as the gu English writes ("ፕሮጓኒል": proguanil)
_READ_AS = ((re.compile(r"^k(?=[lr])"), "kg"), (re.compile(r"ki"), "kvi"), (re.compile(r"^i(?=[^aeiou])"), "e"),
            (re.compile(r"^ai"), "i"), (re.compile(r"^j"), "g"), (re.compile(r"(?<=g)v(?=[aeio])"), "u"))


def _letter(fidel: str, first: str) -> str:
    code = ord(fidel)
    row, order = code & ~7, code & 7
    if row in _LABIALISED:
        return _LABIALISED[row] + _LABIALISED_ORDERS[order]
    if row not in _ROWS:
        return ""
    vowel = (_CARRIED if _ROWS[row] == "" else _ORDERS)[order]
    return _ROWS[row] + (first if order == 0 and _ROWS[row] else vowel)


def _latin(word: str, first: str) -> str:
    """An Ethiopic word in Latin letters, its first order read as ``first`` (as e or as a)."""
    return once("".join(_letter(fidel, first) for fidel in word))


def _forms(word: str, particles: Particles) -> list[str]:
    """``word`` as written and without a prefix, a suffix, or both (a stem of three fidel at least). A suffix comes
    off only where the stem then ends as a borrowed name does: a name's last consonant is written in the sixth order
    (ን, ብ, ል) or with its vowel, never in the first (ä), which ends no name ("ኮአርተም" is no "ኮአርተ" and ም)."""
    stems = [word] + [word[len(p):] for p in particles.prefixes if word.startswith(p) and len(word) - len(p) >= 3]
    return stems + [stem[:-len(s)] for stem in stems for s in particles.suffixes
                    if stem.endswith(s) and len(stem) - len(s) >= 3 and ord(stem[-len(s) - 1]) & 7]


def _spellings(latin: str) -> set[str]:
    """A word's Latin letters, and as each of the sounds it writes otherwise (``_READ_AS``) would be."""
    spellings = {latin}
    for pattern, sound in _READ_AS:
        spellings |= {pattern.sub(sound, spelling) for spelling in spellings}
    return spellings


def english_name(word: str, particles: Particles = AMHARIC) -> str | None:
    """The table name an Ethiopic word spells, with or without a prefix and suffix of its language ("የኢማቲኒብ":
    imatinib), or None."""
    latin = [spelling for form in _forms(word, particles) for first in ("e", "a")
             for spelling in _spellings(_latin(form, first))]
    return closest_of([spelling for form in latin if len(form) >= 5 for spelling in with_soft_c(form)], _CLOSE)


def from_ethiopic(text: str, particles: Particles = AMHARIC) -> str:
    """``text`` with drug names written in the Ethiopic script written in Latin letters, read with the ``particles``
    of its language."""
    return _ETHIOPIC_WORD.sub(lambda m: english_name(m.group(0), particles) or m.group(0), text)
