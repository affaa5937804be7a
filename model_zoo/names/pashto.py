"""Drug names written in the Arabic script as Pashto writes them ("پاراسیټامول" paracetamol, "ایمیټینیب" imatinib,
"ډوکسوروبیسین" doxorubicin, "وارفارین" warfarin).

Pashto writes an international name by its consonants and long vowels: "ا" for a, "و" for o, u (and v where it
starts a word or stands between vowels), "ی", "ي", "ې" for i, e (and y before a vowel), and its short vowels mostly
not at all ("میټفورمین" or "مټفورمین": metformin); its retroflex letters ("ټ", "ډ", "ړ", "ڼ") write a borrowed t,
d, r, n. A word of the script is read in a reduced alphabet (letters that sound alike written one way: s, z and the
sibilants; k and q; three vowels), its diacritics (harakat) and tatweel dropped, and matched against the tables'
names by its consonant skeleton and how close its sounds are (``model_zoo.names.sounds``); it stays as written when no
name has that skeleton, or two drugs fit as well, and a word without a vowel letter is never read as one.
"""

from __future__ import annotations

import re

from model_zoo.names.sounds import SoundTable, in_reduced_alphabet, names_spelt_out, once

# the Arabic block's letters, with the Persian and Pashto ones (U+0620-U+064A, U+0671-U+06D3)
ARABIC_LETTERS = "\u0620-\u064a\u0671-\u06d3"
_WORD = re.compile(f"[{ARABIC_LETTERS}]{{4,}}")
# harakat, the superscript alef and the tatweel, which a name's reading ignores
_MARKS = re.compile("[\u064b-\u065f\u0670\u0640]")
_CONSONANTS = {"ب": "b", "پ": "p", "ت": "t", "ټ": "t", "ث": "s", "ج": "g", "ځ": "s", "چ": "k", "څ": "s", "ح": "",
               "خ": "k", "د": "d", "ډ": "d", "ذ": "s", "ر": "r", "ړ": "r", "ز": "s", "ژ": "s", "ږ": "g", "س": "s",
               "ش": "s", "ښ": "s", "ص": "s", "ض": "s", "ط": "t", "ظ": "s", "ع": "", "غ": "g", "ف": "f", "ق": "k",
               "ک": "k", "ك": "k", "ګ": "g", "گ": "g", "ل": "l", "م": "m", "ن": "n", "ڼ": "n", "ه": "", "ة": "",
               "ء": "", "ئ": "i", "ؤ": "o"}
_VOWEL_LETTERS = {"ا": "a", "آ": "a", "أ": "a", "إ": "i", "ی": "i", "ي": "i", "ې": "i", "ۍ": "i", "ى": "i", "ے": "i",
                  "و": "o"}
# English sounds in the same reduced alphabet: consonants the script's letters do not tell apart written one way, and
# three vowels (a, i for i, e and y, o for o and u)
# (and qu as k: "کلوروکین", chloroquine)
_REDUCED = (("sh", "s"), ("kh", "k"), ("ts", "s"), ("z", "s"), ("c", "k"), ("q", "k"), ("x", "ks"), ("j", "g"),
            ("h", ""), ("w", "v"), ("kv", "k"), ("e", "i"), ("y", "i"), ("u", "o"))
_VOWEL = re.compile(r"[aio]")
# Pashto's endings after a borrowed name (the oblique and plural "و", "ونو", "ونه", "ې") tried off
_ENDINGS = ("ونو", "ونه", "و", "ې", "ه")


def _skeleton(sounds: str) -> str:
    return once(_VOWEL.sub("", sounds))


def _sounds(word: str) -> str:
    """A word of the script in the reduced alphabet: its consonants and its vowel letters ("و" as v at a word's start
    or before a vowel letter after one, "ی" as the vowel it writes; an alef before "ی" or "و" at the start only carries
    them)."""
    out = []
    for i, letter in enumerate(word):
        before = word[i - 1] if i else ""
        after = word[i + 1] if i + 1 < len(word) else ""
        if letter in "اأآ" and i == 0 and after in "یيوې":
            continue  # ("ای": i, "او": o)
        if letter == "و" and (i == 0 or (before in _VOWEL_LETTERS and after in _VOWEL_LETTERS)):
            out.append("v")
        elif letter in _VOWEL_LETTERS:
            out.append(_VOWEL_LETTERS[letter])
        else:
            out.append(_CONSONANTS.get(letter, ""))
    return once("".join(out))


# (also read by model_zoo.names.sorani, whose script writes the same sounds with more vowel letters)
ARABIC_SCRIPT = SoundTable(frozenset({"name", "synonym", "gdsc"}),
                    lambda name: (in_reduced_alphabet(name, _REDUCED),), _skeleton, 0.05)
_CLOSE = 0.75
# a synonym (brands among them: "rogitine" came near "روغتون", hospital) only where it sounds all but the same
_SYNONYM_CLOSE = 0.9


def english_name(word: str) -> str | None:
    """The table name a word of the script spells, as written or with one of Pashto's endings off ("ایمیټینیب":
    imatinib), or None."""
    word = _MARKS.sub("", word)
    forms = [word] + [word[:-len(ending)] for ending in _ENDINGS
                      if word.endswith(ending) and len(word) - len(ending) >= 4]
    for form in forms:
        if not re.search("[اآویيې]", form[1:]):
            continue  # (a word written without a vowel letter: a borrowed name has them)
        sounds = _sounds(form)
        # (a shorter skeleton only where it sounds the same: "کینین", quinine)
        skeleton = len(_skeleton(sounds))
        found = ARABIC_SCRIPT.closest(sounds, _CLOSE if skeleton >= 4 else 1.0) if skeleton >= 2 else None
        if found is not None and (found[1] or found[0] >= _SYNONYM_CLOSE):
            return found[2]
    return None


def from_pashto(text: str, words: frozenset[str] = frozenset()) -> str:
    """``text`` with drug names written in the Arabic script in Latin letters; the language's own ``words`` stay as
    written."""
    return names_spelt_out(text, _WORD, _MARKS, english_name, words)
