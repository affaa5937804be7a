"""Optimisation masks from words: "only atoms 7-20 may change", "freeze atoms 1-10", "keep the first 8 atoms".

The optimisation tool takes one 0/1 per heavy atom (1 = may change). Chemists rarely type that list;
they name atom ranges, 1-based as drawn by RDKit unless they say "0-based". What the words say to keep
becomes 0, what they say may change becomes 1, and the rest gets the opposite of what was named.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_NUMBERS = r"\d+(?:\s*(?:-|–|to|\.\.)\s*\d+)?(?:\s*(?:,|and|&)\s*\d+(?:\s*(?:-|–|to|\.\.)\s*\d+)?)*"
_ATOMS = rf"atoms?\s*[:=]?\s*(?:#|no\.?|nos\.?|indices|index)?\s*[:=]?\s*(?P<ranges>{_NUMBERS})"
_FIRST_LAST = r"(?:the\s+)?(?P<end>first|last)\s+(?P<count>\d+)\s+(?:heavy\s+)?atoms?"
_KEEP = r"keep(?:ing)?|freez(?:e|ing)|fix(?:ed|ing)?|lock(?:ed|ing)?|protect(?:ed|ing)?|preserv(?:e|ed|ing)|" \
        r"don'?t (?:touch|change|modify)|do not (?:touch|change|modify)|leave|untouched|constant|intact|frozen|hold"
_CHANGE = r"change|vary|varied|variable|modif(?:y|ied|ying|iable)|mutat(?:e|ed|ing)|mutable|edit(?:ed|ing|able)?|open|free|" \
          r"allow(?:ed)?|optimi[sz](?:e|ed|ing)|replace|swap|tweak"
# "all atoms may change", "any atom can be modified", "everything is free" (not "everything after them")
_ALL = r"(?P<all>\ball(?:\s+the)?\s+(?:heavy\s+)?atoms|\b(?:every|any)\s+(?:heavy\s+)?atom|\bthe\s+(?:whole|entire)\s+" \
       r"molecule|\beverything\b(?!\s+(?:after|else|but|except|other|beyond|past|from|outside)))"
_PHRASE = re.compile(rf"(?:{_ATOMS}|{_FIRST_LAST}|{_ALL})", re.I)


@dataclass(frozen=True)
class AtomRange:
    indices: tuple[int, ...]  # 0-based; negative counts from the end ("the last 3 atoms")
    keep: bool  # True: these atoms stay (mask 0); False: only these may change (mask 1)
    written: str
    every_atom: bool = False  # "all atoms may change": the whole molecule, whatever its size


def find_atom_ranges(text: str) -> list[AtomRange]:
    """Atom ranges with what the words around them say about them, in message order."""
    zero_based = bool(re.search(r"\b0-based|zero-based|\b0-indexed", text, re.I))
    found = []
    for match in _PHRASE.finditer(text):
        keep, change = _distance(text, match, _KEEP), _distance(text, match, _CHANGE)
        if keep == change:
            continue  # the words do not say which way: no mask from this phrase
        every = bool(match.group("all"))
        if every and keep < change:
            continue  # "keep everything" is no optimisation request
        found.append(AtomRange(() if every else _indices(match, zero_based), keep < change, match.group(0), every))
    # named atoms are more precise than "everything else may change"
    return [r for r in found if not r.every_atom] or found


def _distance(text: str, match: re.Match[str], verbs: str, reach: int = 60) -> int:
    """How far the nearest of ``verbs`` is from the range phrase (within ``reach`` characters), else a
    large number: "the first 10 atoms (…) must stay fixed; everything after them may change" keeps them."""
    before = text[max(0, match.start() - reach): match.start()].lower()
    after = text[match.end(): match.end() + reach].lower()
    found = [len(before) - m.end() for m in re.finditer(rf"\b(?:{verbs})\b", before)]
    found += [m.start() for m in re.finditer(rf"\b(?:{verbs})\b", after)]
    return min(found, default=10**6)


def mask_from_ranges(ranges: list[AtomRange], heavy_atoms: int) -> list[int] | None:
    """The 0/1 mask the ranges describe for a molecule of ``heavy_atoms`` atoms; None when a range
    falls outside the molecule (the user is asked instead of a guess)."""
    if not ranges or any(not -heavy_atoms <= i < heavy_atoms for r in ranges for i in r.indices):
        return None
    if all(r.every_atom for r in ranges):
        return [1] * heavy_atoms
    if len({r.keep for r in ranges}) != 1:
        return None
    keep = ranges[0].keep
    named = {heavy_atoms + i if i < 0 else i for r in ranges for i in r.indices}
    return [int((i in named) != keep) for i in range(heavy_atoms)]


def _indices(match: re.Match[str], zero_based: bool) -> tuple[int, ...]:
    if match.group("end"):
        count = int(match.group("count"))
        return tuple(range(count)) if match.group("end").lower() == "first" else tuple(range(-count, 0))
    shift = 0 if zero_based else 1
    indices: list[int] = []
    for part in re.split(r"\s*(?:,|and|&)\s*", match.group("ranges")):
        bounds = [int(n) for n in re.findall(r"\d+", part)]
        low, high = (bounds[0], bounds[-1])
        indices += range(low - shift, high - shift + 1)
    return tuple(indices)
