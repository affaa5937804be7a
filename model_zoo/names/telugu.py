"""Drug names written in the Telugu script, as Telugu chemists and pharmacists write them ("పారాసిటమాల్"
paracetamol, "ఇమాటినిబ్" imatinib, "మెట్‌ఫార్మిన్‌ను" metformin as an object, "వార్ఫరిన్‌తో" with warfarin).

Telugu is an abugida written with spaces between its words: a consonant carries the vowel a unless a vowel sign
follows it ("ి" i, "ె" e, "ో" o …) or the virama "్" silences it, as it does a borrowed name's last consonant
("ఆస్పిరిన్"); its anusvara "ం" writes a nasal before a consonant, m before a p or b ("రిఫాంపిసిన్": rifampicin). It
writes an international name by its sounds (a soft c as s, a z as "జ", an f as "ఫ", a first i as "ఐ", an English
short o as "ా": "డాక్సోరూబిసిన్") and joins its case suffixes to it, a zero-width non-joiner between ("-ను", "-ని"
the object, "-కు", "-కి" to, "-తో" with, "-లో" in, "-ది" of, "-నుండి" from, "-యొక్క" of). Its words are read by
``model_zoo.names.indic``.
"""

from __future__ import annotations

import re

from model_zoo.names.indic import Script, names_by_sound

# the Telugu block, U+0C00-U+0C7F (its digits, U+0C66-U+0C6F, are read as ASCII ones by agent.vocabulary)
TELUGU_BLOCK = "\u0c00-\u0c7f"
_TELUGU_LETTERS = "\u0c00-\u0c63\u200c\u200d"
_WORD = re.compile(f"[{_TELUGU_LETTERS}]{{3,}}")
_VOWELS = {"అ": "a", "ఆ": "a", "ఇ": "i", "ఈ": "i", "ఉ": "u", "ఊ": "u", "ఋ": "ri", "ౠ": "ri", "ఎ": "e", "ఏ": "e",
           "ఐ": "ai", "ఒ": "o", "ఓ": "o", "ఔ": "au", "ం": "n", "ఁ": "n", "ః": "h"}
# the consonants as Latin letters (aspirated and plain as one; "ఫ" as f, which loans write it for)
_CONSONANTS = {"క": "k", "ఖ": "k", "గ": "g", "ఘ": "g", "ఙ": "n", "చ": "ch", "ఛ": "ch", "జ": "j", "ఝ": "j", "ఞ": "n",
               "ట": "t", "ఠ": "t", "డ": "d", "ఢ": "d", "ణ": "n", "త": "t", "థ": "t", "ద": "d", "ధ": "d", "న": "n",
               "ప": "p", "ఫ": "f", "బ": "b", "భ": "b", "మ": "m", "య": "y", "ర": "r", "ఱ": "r", "ల": "l", "ళ": "l",
               "వ": "v", "శ": "sh", "ష": "sh", "స": "s", "హ": "h", "ౘ": "ts", "ౙ": "z"}
_SIGNS = {"ా": "a", "ి": "i", "ీ": "i", "ు": "u", "ూ": "u", "ృ": "ri", "ౄ": "ri", "ె": "e", "ే": "e", "ై": "ai",
          "ొ": "o", "ో": "o", "ౌ": "au", "్": ""}
# a name's case suffixes, longest first
SUFFIXES = ("యొక్క", "నుండి", "నుంచి", "లోని", "లోనే", "తోనే", "ను", "ని", "కు", "కి", "తో", "లో", "ది", "పై",
            "గా", "దే", "నే")
# the sounds it writes with other letters than English does, each read both ways (in the sounds of
# ``model_zoo.names.sounds``): a first "kl", "kr" for a Greek chl, chr ("క్లోరోక్విన్": chloroquine), a first j for
# a soft g ("జెఫిటినిబ్": gefitinib), a later j for a z ("ఐసోనియాజిడ్": isoniazid), a said first i ("ఐబుప్రోఫెన్":
# ibuprofen, "క్వినైన్": quinine), an s for a soft c ("సిస్ప్లాటిన్": cisplatin), and the anusvara's n as m before
# a p or b ("రిఫాంపిసిన్": rifampicin), and a first "యా" for an English a said as in "acid" ("యాసిడ్")
_READ_AS = ((re.compile(r"^k(?=[lr])"), "kg"), (re.compile(r"^j"), "g"), (re.compile(r"(?<=.)j"), "z"),
            (re.compile(r"ai"), "i"), (re.compile(r"s(?=[ei])"), "ts"), (re.compile(r"n(?=[pb])"), "m"),
            (re.compile(r"^ia"), "a"))
TELUGU = Script(_VOWELS, _CONSONANTS, _SIGNS, "\u0c3c", {"జ": "z", "ఫ": "f"}, "ంఁ", SUFFIXES, _READ_AS,
                with_suffixes=("తోనే", "తో"))  # "వార్ఫరిన్‌తో": with warfarin


def english_name(word: str) -> str | None:
    """The table name a Telugu word spells, as written or with a suffix ("మెట్‌ఫార్మిన్‌ను": metformin), or
    None."""
    return TELUGU.english_name(word)


def from_telugu(text: str, words: frozenset[str] = frozenset()) -> str:
    """``text`` with drug names written in the Telugu script written in Latin letters; the language's own ``words``
    stay as written."""
    return names_by_sound(text, _WORD, TELUGU, words)
