"""Drug names written in the Gujarati script, as Gujarati chemists and pharmacists write them ("પેરાસિટામોલ"
paracetamol, "ઇમાટિનિબ" imatinib, "મેટફોર્મિનની" of metformin, "વોરફેરિનને" to warfarin).

Gujarati is an abugida written with spaces between its words: a consonant carries the vowel a unless a vowel sign
follows it ("િ" i, "ે" e, "ો" o …) or the virama "્" silences it, and a word's last consonant and many in its middle
say no a though none is written ("મેટફોર્મિન": metformin, not metaformina). It writes an international name by its
sounds (a soft c as s, a first i as "આઇ", a short a or o of English with the candra signs "ૅ", "ૉ") and joins its
case suffixes to it ("-ની", "-નો", "-નું", "-ના" of, "-ને" to, "-માં" in, "-થી" from, with). A Gujarati word is read
into Latin letters (each middle consonant without a sign with its a and without), tried as written and without each
suffix, and matched by sound (``model_zoo.names.sounds``); it stays as written when no name is close, or two are as
close, and a synonym or brand only where it sounds all but the same.
"""

from __future__ import annotations

import itertools
import re

from model_zoo.names.sounds import SoundTable, english_sounds, once, skeleton

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
_NUKTA = "઼"
# a name's case suffixes, longest first
SUFFIXES = ("માંથી", "માંના", "માંની", "માંનો", "ઓની", "ઓનો", "ઓના", "ઓને", "ઓમાં", "માં", "નાં", "નું", "ની", "નો",
            "ના", "ને", "થી", "એ", "મા", "નુ")
# the sounds it writes with other letters than English does, each read both ways (in the sounds of
# ``model_zoo.names.sounds``): a first "kl", "kr" for a Greek chl, chr ("ક્લોરોક્વિન": chloroquine), a first j for a
# soft g ("જેફિટિનિબ": gefitinib), a said first i ("આઇબુપ્રોફેન": ibuprofen, "ક્વિનાઇન": quinine), and an s
# for a soft c ("સિસ્પ્લેટિન": cisplatin)
_READ_AS = ((re.compile(r"^k(?=[lr])"), "kg"), (re.compile(r"^j"), "g"), (re.compile(r"ai"), "i"),
            (re.compile(r"s(?=[ei])"), "ts"))
# English sounds as Gujarati hears a loan's vowels: an English a, e and o written alike ("વોરફેરિન": warfarin,
# "એસ્પિરિન": aspirin), and a name's e also as the i it may write ("પેરાસિટામોલ": paracetamol)
_PLAIN = str.maketrans("eo", "aa")


def _heard(sounds: str) -> str:
    return once(sounds.translate(_PLAIN))


def _table_spellings(name: str) -> tuple[str, ...]:
    """A table name as Gujarati may write it: its sounds heard so, and with its e as i."""
    sounds = english_sounds(name)
    return tuple({_heard(sounds), _heard(sounds.replace("e", "i"))})


_TABLE = SoundTable(frozenset({"name", "synonym", "gdsc", "iupac"}), _table_spellings, skeleton, 0.05)
_CLOSE = 0.85
# a spelling of fewer than seven sounds only where it sounds nearer ("માથાનો", of the head, is no methane)
_CLOSE_SHORT, _SHORT = 0.92, 7
# a synonym (brands among them) only where it sounds all but the same, and is of seven letters at least (short
# brands sound like its everyday words: "ખોરાક", food, like Carac; "ગરમ", hot, like Geram)
_SYNONYM_CLOSE = 0.95
_SYNONYM_LETTERS = 7
# at most so many spellings of one word
_MOST = 64


def _units(word: str) -> list[tuple[str, bool]]:
    """The Latin letters each letter of ``word`` writes, and whether a consonant's a is unwritten and may be said or
    not (a consonant without a vowel sign or virama after it, not the word's last)."""
    units: list[tuple[str, bool]] = []
    for i, letter in enumerate(word):
        if letter == _NUKTA:
            continue
        dotted = word[i + 1:i + 2] == _NUKTA  # ("ફ઼": f, "જ઼": z)
        following = word[i + 2:i + 3] if dotted else word[i + 1:i + 2]
        if letter in _CONSONANTS:
            sound = {"જ": "z", "ફ": "f"}.get(letter, _CONSONANTS[letter]) if dotted else _CONSONANTS[letter]
            if following in _SIGNS:
                units.append((sound, False))
            elif following in ("", "ં", "ઁ"):
                units.append((sound, following != ""))
            else:
                units.append((sound, True))
        else:
            units.append((_SIGNS.get(letter, _VOWELS.get(letter, "")), False))
    return units


def _spellings(word: str) -> list[str]:
    """The English sounds a Gujarati word may stand for: each unwritten a said or not, and the sounds it writes with
    other letters than English does."""
    units = _units(word)
    choices = [(sound + "a", sound) if open_a else (sound,) for sound, open_a in units]
    read = {english_sounds("".join(parts)) for parts in itertools.islice(itertools.product(*choices), _MOST)}
    for pattern, sound in _READ_AS:
        read |= {pattern.sub(sound, spelling) for spelling in read}
    return [_heard(spelling) for spelling in read if len(spelling) >= 5]


def _forms(word: str) -> list[str]:
    """``word`` as written and without each suffix it may carry (a stem of three letters at least)."""
    word = word.replace("\u200d", "").replace("\u200c", "")
    return [word] + [word[:-len(s)] for s in SUFFIXES if word.endswith(s) and len(word) - len(s) >= 3]


def english_name(word: str) -> str | None:
    """The table name a Gujarati word spells, as written or with a suffix ("મેટફોર્મિનની": metformin), or None."""
    found = []
    for form in _forms(word):
        for spelling in set(_spellings(form)):
            m = _TABLE.closest(spelling, _CLOSE if len(spelling) >= _SHORT else _CLOSE_SHORT)
            if m is not None and (m[1] or (m[0] >= _SYNONYM_CLOSE and len(m[2]) >= _SYNONYM_LETTERS)):
                found.append(m)
    return max(found)[2] if found else None


def from_gujarati(text: str, words: frozenset[str] = frozenset()) -> str:
    """``text`` with drug names written in the Gujarati script written in Latin letters; the language's own
    ``words`` stay as written."""
    def english(m: re.Match[str]) -> str:
        if m.group(0) in words:
            return m.group(0)
        return english_name(m.group(0)) or m.group(0)
    return _WORD.sub(english, text)
