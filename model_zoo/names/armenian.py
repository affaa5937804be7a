"""Drug names written in the Armenian script, as Eastern Armenian chemists and pharmacists write them ("իմատինիբ"
imatinib, "իբուպրոֆենի" of ibuprofen, "ասպիրինով" with aspirin, "պարացետամոլը" the paracetamol).

Armenian writes an international name by its sounds, mostly as Russian does (c before e or i as "ց", x as "քս", h
as "հ", ph and f as "ֆ") and declines it with case endings joined to it ("-ի" of, to; "-ը", "-ն" the; "-ով" with;
"-ից" from; "-ին" to the; "-ում" in; "-ներ" the plural; "-ինը", "-ինն" the one of: "իմատինիբինը" imatinib's). An
Armenian word is read into Latin letters, tried as written and without each ending, and matched by sound
(``model_zoo.names.sounds``); a word stays as written when no name is close, or two are equally close.
"""

from __future__ import annotations

import re

from model_zoo.names.sounds import closest_of, once

# Armenian letters, capitals U+0531-U+0556 and small letters U+0561-U+0587
ARMENIAN_LETTERS = "\u0531-\u0556\u0561-\u0587"
_ARMENIAN_WORD = re.compile(f"[{ARMENIAN_LETTERS}]{{5,}}")
# each letter as the English sounds of ``model_zoo.names.sounds`` write it: its three t's, three k's, two p's, ts's
# and ch's as one; "հ" an h, which those sounds write as g (as Russian does); "ու" is read first, as u
_LETTERS = {
    "ա": "a", "բ": "b", "գ": "g", "դ": "d", "ե": "e", "զ": "z", "է": "e", "ը": "", "թ": "t", "ժ": "zh", "ի": "i",
    "լ": "l", "խ": "kh", "ծ": "ts", "կ": "k", "հ": "g", "ձ": "dz", "ղ": "g", "ճ": "ch", "մ": "m", "յ": "i", "ն": "n",
    "շ": "sh", "ո": "o", "չ": "ch", "պ": "p", "ջ": "j", "ռ": "r", "ս": "s", "վ": "v", "տ": "t", "ր": "r", "ց": "ts",
    "ւ": "v", "փ": "p", "ք": "k", "և": "ev", "օ": "o", "ֆ": "f",
}
# a name's case endings, longest first (the plural "-ներ" and "-եր" with the cases after it; the genitive made a
# noun, "-ինը", "-ինն": the one of)
ENDINGS = ("ներից", "ներով", "ներում", "ներին", "ների", "ները", "ներն", "երից", "երով", "երում", "երին", "երի", "երը",
           "ներ", "եր", "ինը", "ինն", "ով", "ից", "ին", "ում", "ու", "ի", "ը", "ն")
_CLOSE = 0.85


def _latin(word: str) -> str:
    return once("".join(_LETTERS.get(letter, "") for letter in word.lower().replace("ու", "u")))


def _forms(word: str) -> list[str]:
    """``word`` as written and without each ending it may carry (a stem of four letters at least)."""
    return [word] + [word[:-len(end)] for end in ENDINGS if word.endswith(end) and len(word) - len(end) >= 4]


def english_name(word: str) -> str | None:
    """The table name an Armenian word spells, as written or declined ("իբուպրոֆենի": ibuprofen), or None."""
    return closest_of([_latin(form) for form in _forms(word.lower())], _CLOSE)


def from_armenian(text: str) -> str:
    """``text`` with drug names written in the Armenian script written in Latin letters."""
    return _ARMENIAN_WORD.sub(lambda m: english_name(m.group(0)) or m.group(0), text)
