"""Drug names written in the Sinhala script, as Sri Lankan chemists and pharmacists write them ("ඉමැටිනිබ්"
imatinib, "පැරසිටමෝල්" paracetamol, "ඉමැටිනිබ්ගේ" of imatinib, "ඇස්ප්‍රින්වලට" to aspirin).

Sinhala is an abugida: a consonant carries the vowel a unless a vowel sign follows it ("ි" i, "ැ" æ, "ෝ" ō …) or
the virama "්" silences it, and a conjunct joins two consonants by the virama and a zero-width joiner ("ප්‍ර": pr).
It writes an international name by its sounds (soft c as s, a short a as æ) and joins its case suffixes to it ("-ගේ"
of, "-ට" to, "-ත්" also, "-ද" the question, "-වල" in, "-යි" and). A Sinhala word is read into Latin letters,
tried as written and without each suffix, and matched by sound (``model_zoo.names.sounds``); a word stays as written
when no name is close, or two are equally close.
"""

from __future__ import annotations

import re

from model_zoo.names.sounds import closest_of, once, with_soft_c

# the Sinhala block, U+0D80-U+0DFF; a word may also hold the zero-width joiner and non-joiner its conjuncts are
# written with
SINHALA_BLOCK = "\u0d80-\u0dff"
_SINHALA_WORD = re.compile(f"[{SINHALA_BLOCK}\u200c\u200d]{{4,}}")
# the independent vowels, the consonants (as the English sounds of ``model_zoo.names.sounds`` write them: aspirated
# and plain as one, h as g, y as i), the vowel signs, and the anusvara and visarga
_VOWELS = {"අ": "a", "ආ": "a", "ඇ": "a", "ඈ": "a", "ඉ": "i", "ඊ": "i", "උ": "u", "ඌ": "u", "ඍ": "ri", "ඎ": "ri",
           "එ": "e", "ඒ": "e", "ඓ": "ai", "ඔ": "o", "ඕ": "o", "ඖ": "au", "ං": "n", "ඃ": "g"}
_CONSONANTS = {"ක": "k", "ඛ": "k", "ග": "g", "ඝ": "g", "ඞ": "n", "ඟ": "ng", "ච": "ch", "ඡ": "ch", "ජ": "j", "ඣ": "j",
               "ඤ": "ny", "ඥ": "gn", "ඦ": "nj", "ට": "t", "ඨ": "t", "ඩ": "d", "ඪ": "d", "ණ": "n", "ඬ": "nd",
               "ත": "t", "ථ": "t", "ද": "d", "ධ": "d", "න": "n", "ඳ": "nd", "ප": "p", "ඵ": "f", "බ": "b", "භ": "b",
               "ම": "m", "ඹ": "mb", "ය": "i", "ර": "r", "ල": "l", "ව": "v", "ශ": "sh", "ෂ": "sh", "ස": "s", "හ": "g",
               "ළ": "l", "ෆ": "f"}
_SIGNS = {"ා": "a", "ැ": "a", "ෑ": "a", "ි": "i", "ී": "i", "ු": "u", "ූ": "u", "ෘ": "ru", "ෲ": "ru", "ෙ": "e",
          "ේ": "e", "ෛ": "ai", "ො": "o", "ෝ": "o", "ෞ": "au", "ෟ": "lu", "ෳ": "lu", "්": ""}
# a name's case suffixes, longest first
_SUFFIXES = ("වලින්", "වලට", "ගෙන්", "එකට", "එකේ", "ගේ", "වල", "ටත්", "ත්", "යේ", "යි", "ට", "ද")
# the vowels it writes for an English vowel and an r it does not sound: the long ones ("වෝෆැරින්": warfarin,
# "මෙට්ෆෝමින්": metformin), and a short o too ("ඇටොවස්ටැටින්": atorvastatin); a name's first i as it is said
# ("අයිබියුප්‍රොෆෙන්": ibuprofen, "ඩයසිපෑම්": diazepam); and an s between vowels as the z it has no letter for
# ("ඩයසිපෑම්": diazepam), read beside the letters
_LONG = frozenset("ාෝආඕ")
_SHORT_O = frozenset("ොඔ")
_SAID_I = re.compile(r"^([^aeiou]?)ai")
_Z = re.compile(r"(?<=[aeiou])s(?=[aeiou])")
_CLOSE = 0.82


def _latin(word: str, r_after: frozenset[str]) -> str:
    out = []
    for i, letter in enumerate(word):
        if letter in _CONSONANTS:
            following = word[i + 1] if i + 1 < len(word) else ""
            out.append(_CONSONANTS[letter] + ("" if following in _SIGNS else "a"))
        else:
            out.append(_VOWELS.get(letter, _SIGNS.get(letter, "")) + ("r" if letter in r_after else ""))
    return once("".join(out))


def _spellings(word: str) -> list[str]:
    """The spellings by ear of a Sinhala word: as its letters read, with an r after each long vowel (and each o),
    with a said first i as i, and with an s between vowels as z."""
    read = {_latin(word, r_after) for r_after in (frozenset(), _LONG, _LONG | _SHORT_O)}
    read |= {_SAID_I.sub(r"\1i", latin) for latin in read}
    return sorted(read | {_Z.sub("z", latin) for latin in read})


def _forms(word: str) -> list[str]:
    """``word`` as written and without each suffix it may carry (a stem of four letters at least)."""
    word = word.replace("\u200d", "").replace("\u200c", "")
    return [word] + [word[:-len(s)] for s in _SUFFIXES if word.endswith(s) and len(word) - len(s) >= 4]


def english_name(word: str) -> str | None:
    """The table name a Sinhala word spells, as written or with a suffix ("ඉමැටිනිබ්ගේ": imatinib), or None."""
    latin = [spelling for form in _forms(word) for spelling in _spellings(form)]
    return closest_of([spelling for form in latin if len(form) >= 5 for spelling in with_soft_c(form)], _CLOSE)


def from_sinhala(text: str) -> str:
    """``text`` with drug names written in the Sinhala script written in Latin letters."""
    return _SINHALA_WORD.sub(lambda m: english_name(m.group(0)) or m.group(0), text)
