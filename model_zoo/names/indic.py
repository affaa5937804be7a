"""Drug names written by sound in an Indic script written with spaces between its words (Gujarati, Telugu, Kannada,
Malayalam): each script's letters, vowel signs and case suffixes, read by one reader.

Such a script is an abugida: a consonant carries the vowel a unless a vowel sign follows it or the virama silences it,
and many a consonant says no a though none is written. It writes an international name by its sounds and joins its
case suffixes to it. A word is read into Latin letters (each middle consonant without a sign with its a and without),
tried as written and without each suffix, and matched by sound (``model_zoo.names.sounds``); it stays as written when
no name is close, or two are as close, and a synonym or brand only where it sounds all but the same.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from model_zoo.names.sounds import SoundTable, english_sounds, once, skeleton

# English sounds as these scripts hear a loan's vowels: an English a, e and o written alike ("વોરફેરિન", "వార్ఫరిన్":
# warfarin), and a name's e also as the i they may write ("પેરાસિટામોલ", "పారాసిటమాల్": paracetamol)
_PLAIN = str.maketrans("eo", "aa")


def _heard(sounds: str) -> str:
    return once(sounds.translate(_PLAIN))


def _table_spellings(name: str) -> tuple[str, ...]:
    """A table name as such a script may write it: its sounds heard so, and with its e as i."""
    sounds = english_sounds(name)
    return tuple({_heard(sounds), _heard(sounds.replace("e", "i"))})


_TABLE = SoundTable(frozenset({"name", "synonym", "gdsc", "iupac"}), _table_spellings, skeleton, 0.05, True)
_CLOSE = 0.85
# a spelling of fewer than seven sounds only where it sounds nearer ("માથાનો", of the head, is no methane)
_CLOSE_SHORT, _SHORT = 0.92, 7
# a synonym (brands among them) only where it sounds all but the same, and is of seven letters at least (short
# brands sound like everyday words: Gujarati "ખોરાક", food, like Carac; "ગરમ", hot, like Geram)
_SYNONYM_CLOSE = 0.95
_SYNONYM_LETTERS = 7
# at most so many spellings of one word, and of two read together
_MOST = 64
_MOST_PAIRS = 1024
_JOINERS = str.maketrans({"\u200c": "", "\u200d": ""})


@dataclass(frozen=True)
class Script:
    """One script's letters as Latin ones: its independent ``vowels`` (and the nasal and aspiration signs), its
    ``consonants``, its vowel ``signs`` and virama; its nukta and the consonants it dots (``dotted``); the signs after
    which a consonant's a may be said or not (``nasals``); a noun's case ``suffixes``, longest first; and the sounds it
    writes with other letters than English does (``read_as``: each tried both ways); the suffixes that mean "with"
    (``with_suffixes``: a name read with one is written "with <name>", which pairs it with the drugs it is set
    against); and letters it writes for a sound that others write (``respelt``: Malayalam "റ്റ", a t), read as those
    first."""

    vowels: dict[str, str]
    consonants: dict[str, str]
    signs: dict[str, str]
    nukta: str
    dotted: dict[str, str]
    nasals: str
    suffixes: tuple[str, ...]
    read_as: tuple[tuple[re.Pattern[str], str], ...]
    with_suffixes: tuple[str, ...] = ()
    respelt: tuple[tuple[str, str], ...] = ()

    def units(self, word: str) -> list[tuple[str, bool]]:
        """The Latin letters each letter of ``word`` writes, and whether a consonant's a is unwritten and may be said
        or not (a consonant without a vowel sign or virama after it, not the word's last)."""
        for written, read in self.respelt:
            word = word.replace(written, read)
        units: list[tuple[str, bool]] = []
        for i, letter in enumerate(word):
            if letter == self.nukta:
                continue
            dotted = bool(self.nukta) and word[i + 1:i + 2] == self.nukta
            following = word[i + 2:i + 3] if dotted else word[i + 1:i + 2]
            if letter in self.consonants:
                sound = self.dotted.get(letter, self.consonants[letter]) if dotted else self.consonants[letter]
                if following in self.signs:
                    units.append((sound, False))
                elif following == "" or following in self.nasals:
                    units.append((sound, following != ""))
                else:
                    units.append((sound, True))
            else:
                units.append((self.signs.get(letter, self.vowels.get(letter, "")), False))
        return units

    def spellings(self, word: str) -> list[str]:
        """The English sounds a word may stand for: each unwritten a said or not, and the sounds the script writes
        with other letters than English does."""
        choices = [(sound + "a", sound) if open_a else (sound,) for sound, open_a in self.units(word)]
        read = {english_sounds("".join(parts)) for parts in itertools.islice(itertools.product(*choices), _MOST)}
        for pattern, sound in self.read_as:
            read |= {pattern.sub(sound, spelling) for spelling in read}
        return [_heard(spelling) for spelling in read if len(spelling) >= 5]

    def forms(self, word: str) -> list[str]:
        """``word`` as written and without each suffix it may carry (a stem of three letters at least)."""
        word = word.translate(_JOINERS)
        return [word] + [word[:-len(s)] for s in self.suffixes if word.endswith(s) and len(word) - len(s) >= 3]

    def english_name(self, word: str) -> str | None:
        """The table name a word spells, as written or with a suffix, or None."""
        return _closest({spelling for form in self.forms(word) for spelling in self.spellings(form)})

    def name_of_two(self, first: str, second: str) -> str | None:
        """The table name two words spell together, the second as written or with a suffix: a name of two words
        ("మైకోఫెనోలిక్ యాసిడ్": mycophenolic acid) or one written as two ("మిథైల్ ప్రెడ్నిసోలోన్": methylprednisolone),
        or None."""
        firsts = set(self.spellings(first.translate(_JOINERS)))
        seconds = {spelling for form in self.forms(second) for spelling in self.spellings(form)}
        return _closest({f"{a}{joint}{b}" for a, b in itertools.islice(itertools.product(firsts, seconds), _MOST_PAIRS)
                         for joint in (" ", "")})


def _closest(spellings: set[str]) -> str | None:
    found = []
    for spelling in spellings:
        m = _TABLE.closest(spelling, _CLOSE if len(spelling) >= _SHORT else _CLOSE_SHORT)
        if m is not None and (m[1] or (m[0] >= _SYNONYM_CLOSE and len(m[2]) >= _SYNONYM_LETTERS)):
            found.append(m)
    return max(found)[2] if found else None


def names_by_sound(text: str, word: re.Pattern[str], script: Script, words: frozenset[str]) -> str:
    """``text`` with each ``word`` of a script that spells a drug name in the name's Latin letters; the language's
    own ``words`` stay as written. A word that spells no name alone is read with the next, a space between, where the
    two spell one ("మైకోఫెనోలిక్ యాసిడ్": mycophenolic acid; "మిథైల్ ప్రెడ్నిసోలోన్" is methylprednisolone, not
    prednisolone)."""
    out, at = [], 0
    found = [m for m in word.finditer(text) if m.group(0) not in words]
    i = 0
    while i < len(found):
        m = found[i]
        name = script.english_name(m.group(0))
        after = found[i + 1] if i + 1 < len(found) else None
        if name is None and after is not None and text[m.end():after.start()] == " ":
            two = script.name_of_two(m.group(0), after.group(0))
            if two is not None:
                out += [text[at:m.start()], two]
                at, i = after.end(), i + 2
                continue
        with_it = name is not None and m.group(0).translate(_JOINERS).endswith(script.with_suffixes)
        out += [text[at:m.start()], f"with {name}" if with_it else name or m.group(0)]
        at, i = m.end(), i + 1
    return "".join(out) + text[at:]
