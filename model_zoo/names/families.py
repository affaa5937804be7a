"""Kinase families named in text ("every Aurora kinase", "the JAK family minus TYK2", "JNK1-3", "does it hit JNK?").

A family named as a whole (a quantifier, a plural, "family", "panel", a numbered range) stands for its DAVIS members,
less those the sentence leaves out; a family named as one kinase ("hit JNK", "on Aurora kinase") is a question:
which member? Families and their members: ``model_zoo/data/names/target_families.csv`` (hand-written).
"""

from __future__ import annotations

import csv
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "data" / "names"


@dataclass(frozen=True)
class Family:
    name: str
    spellings: tuple[str, ...]
    members: tuple[str, ...]  # DAVIS ids or aliases, in the order a reply lists them


@dataclass(frozen=True)
class FamilyMention:
    family: Family
    written: str
    start: int
    end: int
    members: tuple[str, ...]  # those the text means: all but the left-out ones when ``whole``, else every member
    whole: bool  # named as a whole; else as one kinase, which one not said
    left_out: tuple[tuple[int, int], ...] = ()  # spans of members the text leaves out ("minus TYK2")


@cache
def families() -> tuple[Family, ...]:
    with (DATA / "target_families.csv").open(encoding="utf-8", newline="") as fh:
        return tuple(Family(r["family"], tuple(r["names"].split("|")), tuple(r["members"].split()))
                     for r in csv.DictReader(fh))


_QUANTIFIED_BEFORE = re.compile(
    r"\b(?:all|every|each|whole|entire|full|complete|both)(?:\s+(?:of\s+)?(?:the|our|your|these|those|two|three|four|"
    r"five|\d))*\s+(?:the\s+)?$", re.IGNORECASE)
_ONE_BEFORE = re.compile(r"\b(?:an?|one|which|what|some|any|single)\s+$", re.IGNORECASE)
_GROUP_AFTER = re.compile(r"^[\s-]*(?:(?:sub)?family|panel|members|isoforms|isozymes|paralogs)\b", re.IGNORECASE)
_PLURAL_AFTER = re.compile(r"^[\s-]+(?:kinases|receptors)\b", re.IGNORECASE)
# "an Aurora kinase inhibitor", "JAK-selective compounds", "pan-JAK": a drug class, not a target
_CLASS_AFTER = re.compile(r"^[\s-]*(?:(?:sub)?family[\s-]+)?(?:kinases?[\s-]+|receptors?[\s-]+)?(?:inhibit\w*|"
                          r"blockers?|compounds?|drugs?|chemotypes?|series|programs?|projects?|selective|"
                          r"pathways?|signal\w*|antagonists?|agonists?|degraders?|scaffolds?|literature|"
                          r"sequences?|seqs?|constructs?|fasta|files?|uploads?|structures?)\b", re.IGNORECASE)
_PAN_BEFORE = re.compile(r"\bpan[\s-]*$", re.IGNORECASE)
# "Aurora A", "p38 alpha", "JNK 1": one member, read by the alias table
_MEMBER_AFTER = re.compile(r"^[\s-]*(?:kinase\s+)?(?:[A-D]|[1-9]|"
                           r"(?:alpha|beta|gamma|delta|epsilon|[αβγδε])(?:[\s-]?\d)?)(?![\w-])")
_LEFT_OUT = re.compile(r"\b(?:minus|except(?:\s+for)?|excluding|exclude|without|but\s+not|other\s+than|apart\s+from|"
                       r"not|skip(?:ping)?|drop(?:ping)?|leave\s+out|leaving\s+out|sans|w/o)\s+(?:the\s+)?$",
                       re.IGNORECASE)
_RANGE = re.compile(r"(?<![\w-])([A-Za-z]{2,6})(\d)(?:\s*(?:-|–|to)\s*(\d)|((?:/\d)+))(?![\w-])")


@cache
def _pattern(family: Family) -> re.Pattern[str]:
    names = sorted(family.spellings, key=len, reverse=True)
    # all-capital spellings (JAK, JNK, PIM) are matched as written: "pim", "her", "clk" are other words
    alternatives = [re.escape(n) if n.upper() == n else f"(?i:{re.escape(n)})" for n in names]
    return re.compile(rf"(?<![\w/-])(?:{'|'.join(alternatives)})(?![\w-])")


_ONE_KINASE_AFTER = re.compile(r"[\s-]+(?:kinase|member)(?![\w-])(?!\s+members\b)", re.I)
_A_OR_THE = re.compile(r"\b(?:a|an|the|one|which)\s+$", re.I)


def find_families(text: str, taken: list[tuple[int, int]], in_context: Callable[[int, int], bool],
                  target_id: Callable[[str], str | None]) -> list[FamilyMention]:
    """Family mentions outside ``taken``, with the members each means. ``in_context(start, end)``: the span stands
    where a target is expected, needed for a family named as one kinase; ``target_id``: the DAVIS id a symbol names
    (both from ``model_zoo.names.targets``, which reads this module)."""
    out: list[FamilyMention] = []

    def free(s: int, e: int) -> bool:
        return not any(s < te and ts < e for ts, te in taken + [(m.start, m.end) for m in out])

    for m in _RANGE.finditer(text):
        prefix, first = m.group(1), int(m.group(2))
        numbers = list(range(first, int(m.group(3)) + 1)) if m.group(3) else [first] + [
            int(d) for d in m.group(4).split("/")[1:]]
        if not free(m.start(), m.end()) or not 2 <= len(numbers) <= 6:
            continue
        members = [f"{prefix.upper()}{n}" for n in numbers]
        if all(target_id(x) for x in members):
            out.append(_mention(Family(prefix, (m.group(),), tuple(members)), text, m.start(), m.end(), True,
                                target_id))
    for family in families():
        for m in _pattern(family).finditer(text):
            s, e = m.span()
            before, after = text[max(0, s - 40):s], text[e:e + 60]
            if not free(s, e) or _MEMBER_AFTER.match(after) or _PAN_BEFORE.search(before):
                continue
            if _CLASS_AFTER.match(after) and not _QUANTIFIED_BEFORE.search(before):
                continue
            # ("the Src family", "Src family kinases"; not "the SRC family kinase", one of them, asked which)
            plural = (m.group().endswith("s") and not family.name.endswith("s")) or (
                m.group().endswith("family") and not (_ONE_KINASE_AFTER.match(after) and _A_OR_THE.search(before)))
            whole = bool(_QUANTIFIED_BEFORE.search(before) or _GROUP_AFTER.match(after) or _PLURAL_AFTER.match(after)
                         or plural) and not _ONE_BEFORE.search(before)
            if not whole and not in_context(s, e) and not m.group().lower().endswith("kinase"):
                continue  # (but "and the Aurora kinase?" names a kinase of the family, whichever the context)
            group = _GROUP_AFTER.match(after) or _PLURAL_AFTER.match(after)
            end = e + (group.end() if group else 0)
            out.append(_mention(family, text, s, end, whole, target_id))
    return sorted(out, key=lambda f: f.start)


def _mention(family: Family, text: str, start: int, end: int, whole: bool,
             target_id: Callable[[str], str | None]) -> FamilyMention:
    left_out = _left_out(text, end, family, target_id) if whole else []
    gone = {member for member, _ in left_out}
    members = tuple(x for x in family.members if x not in gone)
    return FamilyMention(family, text[start:end], start, end, members, whole, tuple(span for _, span in left_out))


def _left_out(text: str, end: int, family: Family, target_id: Callable[[str], str | None]
              ) -> list[tuple[str, tuple[int, int]]]:
    """Members the words after a family leave out, in the same sentence ("minus TYK2", "except JAK3 and TYK2")."""
    ids = {target_id(x): x for x in family.members}
    sentence = re.split(r"[.?!;\n]", text[end:end + 120], maxsplit=1)[0]
    out: list[tuple[str, tuple[int, int]]] = []
    for m in re.finditer(r"[\w-]+", sentence):
        if not _LEFT_OUT.search(sentence[:m.start()]) and not (out and re.fullmatch(
                r"\s*(?:,|and|or|&|/|\+|,\s*and)\s*", sentence[out[-1][1][1] - end:m.start()])):
            continue
        member = ids.get(target_id(m.group()))
        if member is not None:
            out.append((member, (end + m.start(), end + m.end())))
    return out


def family_named(text: str) -> Family | None:
    """The first family of the table the text names ("the Tec family" names none; "JNK" names JNK)."""
    return next((f for f in families() if _pattern(f).search(text)), None)


_ALL = re.compile(r"\b(?:all|every|each|whole)\b", re.IGNORECASE)
_BOTH = re.compile(r"\bboth\b", re.IGNORECASE)
_GREEK = {"alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε"}


def answered_members(question: str, answer: str) -> tuple[str, ...]:
    """The members an answer picks when the agent asked which member of the family ``question`` names ("JNK" ->
    "all three"; "Aurora kinase" -> "A and B"), in the answer's order; () when it picks none."""
    family = family_named(question)
    if family is None:
        return ()
    if _ALL.search(answer) or (_BOTH.search(answer) and len(family.members) == 2):
        return family.members
    picked: list[tuple[int, str]] = []
    for member in family.members:
        for label in _labels(family, member):
            m = re.search(rf"(?<![\w-]){re.escape(label)}(?![\w-])", answer, 0 if len(label) == 1 else re.IGNORECASE)
            if m:
                picked.append((m.start(), member))
                break
    return tuple(member for _, member in sorted(picked))


def _labels(family: Family, member: str) -> list[str]:
    """How an answer names a member: in full ("JNK2", "TYK2"), by its name after the family's ("alpha1" of
    AMPK-alpha1), or by what sets it apart from the others ("2", "B", "alpha", "α")."""
    rest = member[len(os.path.commonprefix(list(family.members))):]
    # an isoform letter read by its Greek name: PIK3CA is PI3K "alpha" ("alfa" in Polish or Spanish), GSK3B "beta"
    greek = [name for name in _GREEK if name[0] == rest.lower()] if len(rest) == 1 else []
    # "AMPK-alpha1": "alpha1", "alpha-1", "alpha 1"
    named = member.split("-", 1)[1] if "-" in member else ""
    spelt = [named, re.sub(r"(?<=[a-z])(?=\d)", "-", named), re.sub(r"(?<=[a-z])(?=\d)", " ", named)] if named else []
    return list(dict.fromkeys([member, *spelt, *([rest] if rest and rest != member else []),
                               *([_GREEK[rest]] if rest in _GREEK else []), *greek, *(_GREEK[name] for name in greek),
                               *(name.replace("ph", "f") for name in greek if "ph" in name)]))
