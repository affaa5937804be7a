"""Drug names written in the Kannada script, as Kannada clinical pharmacologists write them ("ಪ್ಯಾರಾಸಿಟಮಾಲ್"
paracetamol, "ಇಮ್ಯಾಟಿನಿಬ್" imatinib, "ಮೆಟ್‌ಫಾರ್ಮಿನ್‌ಅನ್ನು" metformin as an object, "ವಾರ್ಫರಿನ್‌ನೊಂದಿಗೆ" with warfarin).

Kannada is an abugida written with spaces between its words, its block laid out as Telugu's: a consonant carries the
vowel a unless a vowel sign follows it ("ಿ" i, "ೆ" e, "ೊ" o …) or the virama "್" silences it, as it does a borrowed
name's last consonant ("ಆಸ್ಪಿರಿನ್"); its anusvara "ಂ" writes a nasal before a consonant, m before a p or b
("ರಿಫಾಂಪಿಸಿನ್": rifampicin). It writes an international name by its sounds (a soft c as s, an English short a as
"ಯಾ" after a consonant: "ಇಮ್ಯಾಟಿನಿಬ್", a first i as "ಐ", an f as "ಫ") and joins its case suffixes to it, a zero-width
non-joiner or an added a between ("-ಅನ್ನು", "-ನ್ನು" the object, "-ಗೆ", "-ಕ್ಕೆ" to, "-ನೊಂದಿಗೆ" with, "-ನಲ್ಲಿ" in, "-ನ"
of, "-ನಿಂದ" from). Its words are read by ``model_zoo.names.indic``.
"""

from __future__ import annotations

import re

from model_zoo.names.indic import Script, names_by_sound

# the Kannada block, U+0C80-U+0CFF (its digits, U+0CE6-U+0CEF, are read as ASCII ones by agent.vocabulary)
KANNADA_BLOCK = "\u0c80-\u0cff"
_KANNADA_LETTERS = "\u0c80-\u0ce3\u200c\u200d"
_WORD = re.compile(f"[{_KANNADA_LETTERS}]{{3,}}")
_VOWELS = {"ಅ": "a", "ಆ": "a", "ಇ": "i", "ಈ": "i", "ಉ": "u", "ಊ": "u", "ಋ": "ri", "ೠ": "ri", "ಎ": "e", "ಏ": "e",
           "ಐ": "ai", "ಒ": "o", "ಓ": "o", "ಔ": "au", "ಂ": "n", "ಁ": "n", "ಃ": "h"}
# the consonants as Latin letters (aspirated and plain as one; "ಫ" as f, which loans write it for)
_CONSONANTS = {"ಕ": "k", "ಖ": "k", "ಗ": "g", "ಘ": "g", "ಙ": "n", "ಚ": "ch", "ಛ": "ch", "ಜ": "j", "ಝ": "j", "ಞ": "n",
               "ಟ": "t", "ಠ": "t", "ಡ": "d", "ಢ": "d", "ಣ": "n", "ತ": "t", "ಥ": "t", "ದ": "d", "ಧ": "d", "ನ": "n",
               "ಪ": "p", "ಫ": "f", "ಬ": "b", "ಭ": "b", "ಮ": "m", "ಯ": "y", "ರ": "r", "ಱ": "r", "ಲ": "l", "ಳ": "l",
               "ೞ": "l", "ವ": "v", "ಶ": "sh", "ಷ": "sh", "ಸ": "s", "ಹ": "h"}
_SIGNS = {"ಾ": "a", "ಿ": "i", "ೀ": "i", "ು": "u", "ೂ": "u", "ೃ": "ri", "ೄ": "ri", "ೆ": "e", "ೇ": "e", "ೈ": "ai",
          "ೊ": "o", "ೋ": "o", "ೌ": "au", "್": ""}
# a name's case suffixes, longest first (after a name's virama, or its last consonant given an a: "ವಾರ್ಫರಿನನ್ನು")
SUFFIXES = ("ಗಳನ್ನು", "ನೊಂದಿಗೆ", "ಒಂದಿಗೆ", "ಕ್ಕಾಗಿ", "ಅನ್ನು", "ವನ್ನು", "ನ್ನು", "ನಿಂದ", "ನಲ್ಲಿ", "ದಲ್ಲಿ", "ಗಾಗಿ",
            "ಕ್ಕೆ", "ಗಳು", "ಗಳ", "ಗೆ", "ಗೂ", "ನೂ", "ನ್ನ", "ನ", "ದ", "ವು", "ಅ")
# the sounds it writes with other letters than English does, each read both ways (in the sounds of
# ``model_zoo.names.sounds``): a first "kl", "kr" for a Greek chl, chr ("ಕ್ಲೋರೋಕ್ವಿನ್": chloroquine), a first j for
# a soft g ("ಜೆಫಿಟಿನಿಬ್": gefitinib), a later j for a z ("ಐಸೋನಿಯಾಜಿಡ್": isoniazid), a said first i ("ಐಬುಪ್ರೊಫೆನ್":
# ibuprofen), an s for a soft c ("ಸಿಸ್ಪ್ಲಾಟಿನ್": cisplatin), the anusvara's n as m before a p or b, and an English
# short a written "ಯಾ" after a consonant ("ಇಮ್ಯಾಟಿನಿಬ್": imatinib, "ಪ್ಯಾರಾಸಿಟಮಾಲ್": paracetamol)
_READ_AS = ((re.compile(r"^k(?=[lr])"), "kg"), (re.compile(r"^j"), "g"), (re.compile(r"(?<=.)j"), "z"),
            (re.compile(r"(?<=.)j"), "g"),  # a later soft g ("ಲ್ಯಾಮೊಟ್ರಿಜಿನ್": lamotrigine)
            (re.compile(r"ai"), "i"), (re.compile(r"s(?=[ei])"), "ts"), (re.compile(r"n(?=[pb])"), "m"),
            (re.compile(r"(?<=[^aeiou])ia"), "a"))
# (its nukta dots "ಜ" for z and "ಫ" for f)
KANNADA = Script(_VOWELS, _CONSONANTS, _SIGNS, "\u0cbc", {"ಜ": "z", "ಫ": "f"}, "ಂಁ", SUFFIXES, _READ_AS,
                 with_suffixes=("ನೊಂದಿಗೆ", "ಒಂದಿಗೆ"))  # "ವಾರ್ಫರಿನ್‌ನೊಂದಿಗೆ": with warfarin


def english_name(word: str) -> str | None:
    """The table name a Kannada word spells, as written or with a suffix ("ಮೆಟ್‌ಫಾರ್ಮಿನ್‌ಅನ್ನು": metformin), or
    None."""
    return KANNADA.english_name(word)


def from_kannada(text: str, words: frozenset[str] = frozenset()) -> str:
    """``text`` with drug names written in the Kannada script written in Latin letters; the language's own ``words``
    stay as written."""
    return names_by_sound(text, _WORD, KANNADA, words)
