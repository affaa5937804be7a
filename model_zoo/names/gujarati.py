"""Drug names written in the Gujarati script, as Gujarati chemists and pharmacists write them ("પેરાસિટામોલ"
paracetamol, "ઇમાટિનિબ" imatinib, "મેટફોર્મિનની" of metformin, "વોરફેરિનને" to warfarin).

Gujarati is an abugida written with spaces between its words: a consonant carries the vowel a unless a vowel sign
follows it ("િ" i, "ે" e, "ો" o …) or the virama "્" silences it, and a word's last consonant and many in its middle
say no a though none is written ("મેટફોર્મિન": metformin, not metaformina). It writes an international name by its
sounds (a soft c as s, a first i as "આઇ", a short a or o of English with the candra signs "ૅ", "ૉ") and joins its
case suffixes to it ("-ની", "-નો", "-નું", "-ના" of, "-ને" to, "-માં" in, "-થી" from, with). Its words are read by
``model_zoo.names.indic``.
"""

from __future__ import annotations

import re

from model_zoo.names.indic import Script, names_by_sound

# the Gujarati block, U+0A80-U+0AFF (its digits, U+0AE6-U+0AEF, are read as ASCII ones by agent.vocabulary)
GUJARATI_BLOCK = "\u0a80-\u0aff"
GUJARATI_LETTERS = "\u0a81-\u0ae3\u0af9-\u0aff"
_WORD = re.compile(f"[{GUJARATI_LETTERS}]{{3,}}")
_VOWELS = {"અ": "a", "આ": "a", "ઇ": "i", "ઈ": "i", "ઉ": "u", "ઊ": "u", "ઋ": "ri", "ૠ": "ri", "એ": "e", "ઐ": "ai",
           "ઓ": "o", "ઔ": "au", "ઍ": "e", "ઑ": "o", "ં": "n", "ઁ": "n", "ઃ": "h"}
# the consonants as Latin letters (aspirated and plain as one; "ફ" as f, which loans write it for)
_CONSONANTS = {"ક": "k", "ખ": "k", "ગ": "g", "ઘ": "g", "ઙ": "n", "ચ": "ch", "છ": "ch", "જ": "j", "ઝ": "z", "ઞ": "n",
               "ટ": "t", "ઠ": "t", "ડ": "d", "ઢ": "d", "ણ": "n", "ત": "t", "થ": "t", "દ": "d", "ધ": "d", "ન": "n",
               "પ": "p", "ફ": "f", "બ": "b", "ભ": "b", "મ": "m", "ય": "y", "ર": "r", "લ": "l", "ળ": "l", "વ": "v",
               "શ": "sh", "ષ": "sh", "સ": "s", "હ": "h"}
_SIGNS = {"ા": "a", "િ": "i", "ી": "i", "ુ": "u", "ૂ": "u", "ૃ": "ri", "ૄ": "ri", "ે": "e", "ૈ": "ai", "ો": "o",
          "ૌ": "au", "ૅ": "e", "ૉ": "o", "્": ""}
# a name's case suffixes, longest first
SUFFIXES = ("માંથી", "માંના", "માંની", "માંનો", "ઓની", "ઓનો", "ઓના", "ઓને", "ઓમાં", "માં", "નાં", "નું", "ની", "નો",
            "ના", "ને", "થી", "એ", "મા", "નુ")
# the sounds it writes with other letters than English does, each read both ways (in the sounds of
# ``model_zoo.names.sounds``): a first "kl", "kr" for a Greek chl, chr ("ક્લોરોક્વિન": chloroquine), a first j for a
# soft g ("જેફિટિનિબ": gefitinib), a said first i ("આઇબુપ્રોફેન": ibuprofen, "ક્વિનાઇન": quinine), and an s
# for a soft c ("સિસ્પ્લેટિન": cisplatin)
_READ_AS = ((re.compile(r"^k(?=[lr])"), "kg"), (re.compile(r"^j"), "g"), (re.compile(r"ai"), "i"),
            (re.compile(r"s(?=[ei])"), "ts"))
# (its nukta dots "જ" for z and "ફ" for f)
GUJARATI = Script(_VOWELS, _CONSONANTS, _SIGNS, "઼", {"જ": "z", "ફ": "f"}, "ંઁ", SUFFIXES, _READ_AS)


def english_name(word: str) -> str | None:
    """The table name a Gujarati word spells, as written or with a suffix ("મેટફોર્મિનની": metformin), or None."""
    return GUJARATI.english_name(word)


def from_gujarati(text: str, words: frozenset[str] = frozenset()) -> str:
    """``text`` with drug names written in the Gujarati script written in Latin letters; the language's own
    ``words`` stay as written."""
    return names_by_sound(text, _WORD, GUJARATI, words)
