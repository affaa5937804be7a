"""Drug names written in the Arabic script as Central Kurdish (Sorani) writes them ("پاراسیتامۆڵ" paracetamol,
"ئیماتینیب" imatinib, "مێتفۆرمین" metformin, "وارفارینەکە" the warfarin).

Sorani writes its vowels: "ا" a, "ە" a short a or e, "ێ" e, "ی" i (and y), "ۆ" o, "و" u (and w, v at a word's start
or between vowels), "وو" a long u; only its short i is often left unwritten ("ئەسپرین": aspirin). A word that starts
with a vowel carries it on "ئ", which says nothing; "ڵ" and "ڕ" are its l and r, "ڤ" a v. It joins its article and
ezafe to a name ("-ەکە" the, "-ەکان" the (plural), "-ی" of, "-ش" also, "-دا" in). A word of the script is read in the
reduced alphabet of ``model_zoo.names.pashto`` (three vowels; letters that sound alike written one way), tried as
written and without each ending, and matched against the tables' names by its consonant skeleton and how close its
sounds are; it stays as written when no name is close, or two drugs fit as well.
"""

from __future__ import annotations

import itertools
import re

from model_zoo.names.pashto import ARABIC_SCRIPT
from model_zoo.names.sounds import closest_in_script, names_spelt_out, once

# Sorani's own letters (no other language a lab writes in has them): ێ, ۆ, ڵ, ڕ, ە
SORANI_LETTERS = "ێۆڵڕە"
# the Arabic block's letters, with the Persian, Pashto and Kurdish ones (U+0620-U+064A, U+0671-U+06D5: its "ە" is
# U+06D5)
_WORD = re.compile("[\u0620-\u064a\u0671-\u06d5]{4,}")
_MARKS = re.compile("[\u064b-\u065f\u0670\u0640\u200c]")
_CONSONANTS = {"ب": "b", "پ": "p", "ت": "t", "ث": "s", "ج": "g", "چ": "k", "ح": "", "خ": "k", "د": "d", "ذ": "s",
               "ر": "r", "ڕ": "r", "ز": "s", "ژ": "s", "س": "s", "ش": "s", "ص": "s", "ض": "s", "ط": "t", "ظ": "s",
               "ع": "", "غ": "g", "ف": "f", "ڤ": "v", "ق": "k", "ک": "k", "ك": "k", "گ": "g", "ل": "l", "ڵ": "l",
               "م": "m", "ن": "n", "ه": "", "ھ": "", "ئ": "", "ء": "", "ة": ""}
# its vowel letters in the reduced alphabet (a, i for i, e and y, o for o and u); "ە" also as the a it writes for an
# English short a ("ئەسپرین": aspirin)
_VOWELS: dict[str, tuple[str, ...]] = {"ا": ("a",), "آ": ("a",), "ە": ("i", "a"), "ێ": ("i",), "ی": ("i",),
                                       "ي": ("i",), "ۆ": ("o",), "و": ("o",)}
# its endings after a borrowed name, longest first
ENDINGS = ("ەکانی", "ەکان", "ەکەی", "ەکەش", "ەکە", "یەکە", "ێکی", "ێک", "ەوە", "یش", "ەش", "دا", "ی", "ە", "ش")
_CLOSE = 0.78
# a synonym (brands among them) only where it sounds all but the same
_SYNONYM_CLOSE = 0.9
# a verb's present-tense form (its prefix دە, alone or after a noun, and a person ending): only a drug's own name,
# never a synonym ("کاردەکەن", they work: the brand Cardioquin; "دەلکێن", they stick: Dalcaine)
_VERB = re.compile(r"دە\w*(?:ن|ێت|ات|م|ین|ن)$")
_MOST = 16


def _spellings(word: str) -> list[str]:
    """A word of the script in the reduced alphabet: its consonants and vowel letters ("و" as v at a word's start or
    between vowels, "ە" as i or a), each way it may be read."""
    parts: list[tuple[str, ...]] = []
    for i, letter in enumerate(word):
        before = word[i - 1] if i else ""
        after = word[i + 1] if i + 1 < len(word) else ""
        if letter == "و" and (i == 0 or (before in _VOWELS and before != "و" and after in _VOWELS and after != "و")):
            parts.append(("v",))
        elif letter in _VOWELS:
            parts.append(_VOWELS[letter])
        else:
            parts.append((_CONSONANTS.get(letter, ""),))
    read = {once("".join(p)) for p in itertools.islice(itertools.product(*parts), _MOST)}
    # (and "ای" as the i it says: "ئایبوپرۆفین", ibuprofen; "کافایین", caffeine)
    return sorted(read | {spelling.replace("ai", "i") for spelling in read})


def english_name(word: str) -> str | None:
    """The table name a word of the script spells, as written or with one of Sorani's endings off ("ئیماتینیب":
    imatinib, "وارفارینەکە": the warfarin), or None. (A shorter skeleton only where it sounds the same as a drug's
    own name: "کینین", quinine; not "دەکەین", we do, the synonym dicaine.)"""
    word = _MARKS.sub("", word)
    forms = [word] + [word[:-len(ending)] for ending in ENDINGS
                      if word.endswith(ending) and len(word) - len(ending) >= 4]
    return closest_in_script(forms, _spellings, ARABIC_SCRIPT, _CLOSE, _SYNONYM_CLOSE, synonyms=not _VERB.search(word))


def from_sorani(text: str, words: frozenset[str] = frozenset()) -> str:
    """``text`` with drug names written in the Arabic script in Latin letters; the language's own ``words`` stay as
    written."""
    return names_spelt_out(text, _WORD, _MARKS, english_name, words)
