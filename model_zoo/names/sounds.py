"""Drug names matched by how they sound, for names written by ear: in Cyrillic letters ("варфарин") or by a
speech-to-text engine in English words ("war for in", "met for men").

A name is compared as sounds: English spellings that sound alike written one way (c before e, i or y as "ts", x as
"ks", w as "v", ph as "f", th as "t", a final silent e dropped; doubled letters once). Candidates share the consonant
skeleton (s and z as one) and the first sound; the closest spelling wins, and none does when none is close enough or
two drugs are as close.
"""

from __future__ import annotations

import difflib
import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

# how an English name sounds, in the order the rules are applied
_ENGLISH = (("ph", "f"), ("th", "t"), ("ch", "kh"), ("ck", "k"), ("qu", "kv"), ("x", "ks"), ("c(?=[eiy])", "ts"),
            ("c", "k"), ("w", "v"), ("h", "g"), ("y", "i"), ("e$", ""))
_VOWELS = re.compile(r"[aeiou]")


def once(letters: str) -> str:
    """Doubled letters written once."""
    return re.sub(r"(.)\1+", r"\1", letters)


def english_sounds(spelling: str) -> str:
    for written, sound in _ENGLISH:
        spelling = re.sub(written, sound, spelling)
    return once(spelling)


def skeleton(sounds: str) -> str:
    """The consonants in order, s, ts and z as one ("dasatinib" is written "дазатиниб"; "car bam as a pean",
    "dose a taxel")."""
    return once(_VOWELS.sub("", sounds).replace("ts", "s").replace("z", "s"))


@dataclass(frozen=True)
class SoundTable:
    """Drug names of the tables indexed by how they sound in one writing system: the name ``kinds`` kept (brands
    and foreign synonyms are too close to everyday words in some), how a table name may sound (``spellings``), the
    consonant skeleton candidates must share, and how much closer than the next drug the best must be."""

    kinds: frozenset[str]
    spellings: Callable[[str], tuple[str, ...]]
    skeleton: Callable[[str], str]
    margin: float
    two_words: bool = False  # names of two words too ("mycophenolic acid"), which only spellings of two match

    def closest(self, sounds: str, close: float) -> tuple[float, bool, str] | None:
        """The table name that sounds closest (score, whether it is a drug's own name, name), or None when none
        scores ``close`` or two drugs are within the margin. Of one drug's names, its own name wins a tie with a
        synonym ("ethanol", not the synonym "etanol")."""
        best = []
        for names in _index(self).get(self.skeleton(sounds), {}).values():
            scored = [(difflib.SequenceMatcher(None, sounds, spelt).ratio(), own, name)
                      for name, spelt, own in names if spelt[:1] == sounds[:1]]
            if scored:
                best.append(max(scored))
        best.sort(reverse=True)
        # (two ids under one name are one name to spell: "ketoprofen" is DB01009's and DB09214's)
        others = [b for b in best[1:] if b[2] != best[0][2]] if best else []
        if not best or best[0][0] < close or (others and best[0][0] - others[0][0] < self.margin):
            return None
        return best[0]


@cache
def _index(table: SoundTable) -> dict[str, dict[str, list[tuple[str, str, bool]]]]:
    """Consonant skeleton -> drug id -> [(name, its sounds, whether it is the drug's own name)], for the names of
    drugs with a structure ("paracetamol" is a synonym of acetaminophen)."""
    from model_zoo.names.drugs import tables

    t = tables()
    by_skeleton: dict[str, dict[str, list[tuple[str, str, bool]]]] = {}
    for key, rows in t.names.items():
        if not (key.isalpha() or table.two_words and key.count(" ") == 1 and key.replace(" ", "").isalpha()) or \
                len(key) < 5:
            continue
        for i, kind, _ in rows:
            drug = t.drugs.get(i)
            if kind in table.kinds and drug is not None and drug.smiles:
                for sounds in table.spellings(key):
                    names = by_skeleton.setdefault(table.skeleton(sounds), {}).setdefault(i, [])
                    names.append((key, sounds, kind != "synonym"))
    return by_skeleton


ENGLISH = SoundTable(frozenset({"name", "synonym", "gdsc", "iupac"}), lambda name: (english_sounds(name),), skeleton,
                     0.05)


def named_without_structure(form: str) -> str | None:
    """``form`` when it is, letter for letter, a drug's own name that the tables know without a structure
    ("vonoprazan", "sutezolid"): a reader of another language's spelling gives it back in Latin letters, to be asked
    about rather than dropped; else None. (By sound only names with a structure are matched.)"""
    from model_zoo.names.drugs import tables

    t = tables()
    rows = t.names.get(form, ()) if len(form) >= 7 else ()
    return form if any(kind == "name" and (drug := t.drugs.get(i)) is not None and not drug.smiles
                       for i, kind, _ in rows) else None


def closest_by_sound(sounds: str, close: float) -> tuple[float, bool, str] | None:
    """The drug name an English spelling by ear sounds like (see ``SoundTable.closest``)."""
    return ENGLISH.closest(sounds, close)


def closest_of(spellings: list[str], close: float) -> str | None:
    """The drug name the closest of several spellings by ear sounds like (the best score of any), or None."""
    found = [m for m in (closest_by_sound(spelling, close) for spelling in spellings) if m is not None]
    return max(found)[2] if found else None


def in_reduced_alphabet(spelling: str, reduced: tuple[tuple[str, str], ...]) -> str:
    """An English spelling by sound in a script's reduced alphabet (``reduced``: the English sounds it writes alike),
    for scripts that write fewer sounds than English (Hebrew, Pashto: "metformin" -> "mitformin")."""
    sounds = english_sounds(spelling)
    for written, sound in reduced:
        sounds = sounds.replace(written, sound)
    return once(sounds)


def spellings_of(units: list[str], sounds_of: Callable[[str, bool], list[str]],
                 read_as: tuple[tuple[re.Pattern[str], str], ...], most: int) -> list[str]:
    """The Latin spellings of five letters or more a run's written syllables (``units``) may stand for: each
    syllable's readings (``sounds_of``, told whether it ends the run), at most ``most`` combinations, each also with
    the sounds a script writes with other letters than English (``read_as``)."""
    parts = [sounds_of(unit, i == len(units) - 1) for i, unit in enumerate(units)]
    spellings = {once("".join(spelt)) for spelt in itertools.islice(itertools.product(*parts), most)}
    for pattern, sound in read_as:
        spellings |= {pattern.sub(sound, spelling) for spelling in spellings}
    return [spelling for spelling in spellings if len(spelling) >= 5]


def with_soft_c(spelling: str) -> list[str]:
    """A spelling by ear, and as a name's soft c would be read where a script writes it as s ("sisplatin",
    "parasitamol": cisplatin, paracetamol; ``english_sounds`` writes that c as ts)."""
    softened = re.sub(r"s(?=[eiy])", "ts", spelling)
    return [spelling] if softened == spelling else [spelling, softened]


def plain_vowels(sounds: str) -> str:
    """English sounds as a script without an r after a vowel or a short e and o writes them: an r that no vowel
    follows unsaid, ai as i, e as i and o as u ("varfarin" -> "vafarin", "metformin" -> "mitfumin")."""
    sounds = re.sub(r"(?<=[aeiou])r(?![aeiou])", "", sounds)
    return once(sounds.replace("ai", "i").translate(str.maketrans("eo", "iu")))


# the table names as such a script hears them (Burmese, Khmer), of seven letters at least: a stretch of a text written
# without spaces is read, and shorter names, brands among them ("ascor", "sileo"), are too close to its syllables
PLAIN_VOWELS = SoundTable(frozenset({"name", "synonym", "iupac"}),
                          lambda name: (plain_vowels(english_sounds(name)),) if len(name) >= 7 else (), skeleton, 0.05)


# a synonym, brands among them ("ketalar", "tisercin"), is read only where it sounds all but the same
# ("paracetamol", "rifampicine"); stretches of everyday words come near some
_SYNONYM_CLOSE = 0.95


def closest_plainly(spellings: list[str], close: float) -> str | None:
    """The drug name the closest of several spellings by ear sounds like, their vowels and r's heard plainly (see
    ``plain_vowels``), or None; a synonym only where it sounds all but the same."""
    found = [m for m in (PLAIN_VOWELS.closest(plain_vowels(s), close) for s in set(spellings))
             if m is not None and (m[1] or m[0] >= _SYNONYM_CLOSE)]
    return max(found)[2] if found else None


def names_in_runs(text: str, run: re.Pattern[str], particles: re.Pattern[str], cut: Callable[[str], list[str]],
                  name_of: Callable[[str, bool], str | None], words: re.Pattern[str] | None = None,
                  longer: re.Pattern[str] | None = None) -> str:
    """``text`` with the drug names each ``run`` of an unspaced script spells written in Latin letters
    (``names_in_units`` on its syllables, ``cut``): none read across one of the language's ``longer`` words or a
    joining particle, none ending with one of its ``words`` it spells the same name without."""
    def read(m: re.Match[str]) -> str:
        spans = [w.span() for w in longer.finditer(m.group(0))] if longer else []
        spans_of_words = [w.span() for w in words.finditer(m.group(0))] if words else []
        joins = [w.start() for w in particles.finditer(m.group(0))]
        return names_in_units(cut(m.group(0)), name_of, spans, joins, spans_of_words)
    return run.sub(read, text)


def names_in_units(units: list[str], name_of: Callable[[str, bool], str | None], own: list[tuple[int, int]],
                   joins: list[int], words: list[tuple[int, int]], longest: int = 10) -> str:
    """A run of a script written without spaces (Burmese, Khmer), cut into ``units`` (its written syllables), with
    each stretch of two units or more that spells a drug name (``name_of``) in Latin letters, set apart: the longest
    from the left, less the units before it that it spells the same name without, and less a word after it that it
    spells the same name without (``words``: the spans of the language's words; "အီမာတီနစ်က": imatinib and the
    subject's particle). ``name_of`` is told whether a stretch stands between words (the run's ends, or the ends of
    the language's words), where a name is read less strictly than inside a run of unknown words. A stretch that
    overlaps one of the language's longer words (``own``: spans in the run) is none, and so is one with a particle
    that joins two nouns in it (``joins``: where each starts in the run; "ဝါဖာရင်နဲ့အက်စ်ပရင်": warfarin and
    aspirin)."""
    edges = [0, *itertools.accumulate(len(unit) for unit in units)]
    ends = {a for a, _ in words}
    bounds = {0, edges[-1]} | {a for a, _ in words} | {b for _, b in words}

    def name(i: int, j: int) -> str | None:
        if j - i < 2 or any(a < edges[j] and edges[i] < b for a, b in own):
            return None
        if any(edges[i] <= a < edges[j] for a in joins):
            return None
        return name_of("".join(units[i:j]), edges[i] in bounds and edges[j] in bounds)
    out, i = [], 0
    while i < len(units):
        found = next(((j, n) for j in range(min(len(units), i + longest), i + 1, -1) if (n := name(i, j))), None)
        if found is None:
            out.append(units[i])
            i += 1
            continue
        j, drug = found
        start = i
        while name(start + 1, j) == drug:
            start += 1
        while edges[j - 1] in ends and name(start, j - 1) == drug:
            j -= 1
        out.extend([*units[i:start], f" {drug} "])
        i = j
    return "".join(out)


def names_spelt_out(text: str, word: re.Pattern[str], marks: re.Pattern[str],
                    english_name: Callable[[str], str | None], words: frozenset[str]) -> str:
    """``text`` with each ``word`` of a script that spells a drug name by its sounds in the name's Latin letters, its
    ``marks`` (vowel signs, tatweel) dropped; the language's own ``words`` stay as written (Pashto, Sorani)."""
    def english(m: re.Match[str]) -> str:
        return m.group(0) if m.group(0) in words else english_name(m.group(0)) or m.group(0)
    return word.sub(english, marks.sub("", text))


def closest_in_script(forms: list[str], spellings: Callable[[str], list[str]], table: SoundTable, close: float,
                      synonym_close: float, synonyms: bool = True) -> str | None:
    """The table name the best reading of any of ``forms`` (a word with and without its endings) spells, or None.
    A skeleton of under two consonants reads nothing; under four, only a drug's own name that sounds the same; a
    synonym only where it sounds all but the same (``synonym_close``) and ``synonyms`` allows it."""
    found = []
    for form in forms:
        for sounds in spellings(form):
            skeleton = len(once(re.sub("[aio]", "", sounds)))
            if skeleton < 2:
                continue
            match = table.closest(sounds, close if skeleton >= 4 else 1.0)
            if match is not None and (match[1] or (synonyms and match[0] >= synonym_close and skeleton >= 4)):
                found.append(match)
    return max(found)[2] if found else None

