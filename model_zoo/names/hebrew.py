"""Drug names written in Hebrew letters, as Israeli chemists and pharmacists write them ("אוסימרטיניב"
osimertinib, "קומדין" Coumadin, "לאימטיניב" to imatinib).

Hebrew writes an international name by its consonants, with ו and י for most vowels and prefix letters joined to it
(ו and, ב in, ל to, מ from, ה the, ש that, כ as). A Hebrew word is read as its consonant skeleton, in letters that
sound alike written one way (b and v, p and f, k, kh, c and q, s, z, ts and sh, t and th), tried as written and
without one or two prefix letters, and matched against the skeletons of the tables' names; it stays as written when
no name has that skeleton, or two drugs fit as well, and a word without ו or י (a borrowed name writes its vowels
with them; a Hebrew word often does not) is never read as one.
"""

from __future__ import annotations

import re

from model_zoo.names.sounds import SoundTable, in_reduced_alphabet, once

_HEBREW_WORD = re.compile(r"[\u05d0-\u05ea]{4,}")
_CONSONANTS = {"ב": "b", "ג": "g", "ד": "d", "ז": "s", "ח": "k", "ט": "t", "כ": "k", "ך": "k", "ל": "l", "מ": "m",
               "ם": "m", "נ": "n", "ן": "n", "ס": "s", "פ": "p", "ף": "p", "צ": "s", "ץ": "s", "ק": "k", "ר": "r",
               "ש": "s", "ת": "t"}
_PREFIXES = "ובלמהשכ"
# English sounds in the same reduced alphabet: consonants that Hebrew letters do not tell apart written one way, and
# three vowels (a for a and e, i for i and y, o for o and u)
_REDUCED = (("sh", "s"), ("kh", "k"), ("ts", "s"), ("z", "s"), ("v", "b"), ("f", "p"), ("c", "k"), ("q", "k"),
            ("x", "ks"), ("j", "g"), ("h", ""), ("w", "b"), ("e", "a"), ("y", "i"), ("u", "o"))
_VOWEL = re.compile(r"[aio]")


def _skeleton(sounds: str) -> str:
    return once(_VOWEL.sub("", sounds))


def _sounds(word: str) -> str:
    """A Hebrew word in the reduced alphabet: its consonants, ו and י as the vowels they mostly write (וו as v), and
    א, ע and ה as a vowel only where no ו or י follows."""
    out = []
    for i, letter in enumerate(word):
        following = word[i + 1] if i + 1 < len(word) else ""
        if letter == "ו":
            out.append("b" if following == "ו" or (i > 0 and word[i - 1] == "ו") else "o")
        elif letter == "י":
            out.append("i")
        elif letter in "אעה":
            out.append("" if following in "וי" else "a")
        else:
            out.append(_CONSONANTS.get(letter, ""))
    return once("".join(out))


_TABLE = SoundTable(frozenset({"name", "synonym", "gdsc", "brand"}),
                    lambda name: (in_reduced_alphabet(name, _REDUCED),), _skeleton, 0.05)
_CLOSE = 0.75


def english_name(word: str) -> str | None:
    """The table name a Hebrew word spells, with or without its prefix letters ("לאימטיניב": imatinib), or None."""
    forms = [word] + [word[n:] for n in (1, 2) if len(word) - n >= 4 and all(c in _PREFIXES for c in word[:n])]
    for form in forms:
        if not re.search("[וי]", form):
            continue  # a Hebrew word written without vowel letters ("נחתך", cut off): a borrowed name has them
        sounds = _sounds(form)
        found = _TABLE.closest(sounds, _CLOSE) if len(_skeleton(sounds)) >= 4 else None
        if found is not None:
            return found[2]
    return None


def from_hebrew(text: str) -> str:
    """``text`` with Hebrew drug names written in Latin letters."""
    if not _HEBREW_WORD.search(text):
        return text
    return _HEBREW_WORD.sub(lambda m: english_name(m.group(0)) or m.group(0), text)
