"""GDSC cancer cell lines: resolve a COSMIC id or a name, and find cell-line mentions in free text.

The catalogue is ``model_zoo/data/gdsc_cell_lines.csv`` (built by ``model_zoo.train.build_cell_lines``),
read once. Pure Python: no pandas, no rdkit.
"""

from __future__ import annotations

import csv
import difflib
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from model_zoo.chem.echo import echo
from model_zoo.errors import UserFacingError

CATALOGUE_PATH = Path(__file__).resolve().parents[1] / "data" / "gdsc_cell_lines.csv"


@dataclass(frozen=True)
class CellLine:
    cosmic_id: str
    name: str
    tissue: str
    in_gdsc2: bool
    aliases: tuple[str, ...] = field(default=(), compare=False)

    def label(self) -> str:
        """Display form, e.g. "EM-2 (COSMIC 906855)"."""
        return f"{self.name} (COSMIC {self.cosmic_id})"


class UnknownCellLine(UserFacingError):
    """No (or no unique) GDSC cell line matches; the message names close matches for the user."""


def _key(text: str) -> str:
    """Case- and punctuation-insensitive form: "NCI-H1975" -> "ncih1975"."""
    return re.sub(r"[^a-z0-9]", "", text.lower())


@dataclass
class _Catalogue:
    lines: list[CellLine]
    by_id: dict[str, CellLine]
    exact: dict[str, CellLine]  # every spelling -> line
    by_casefold: dict[str, list[CellLine]]
    by_key: dict[str, list[CellLine]]
    key_names: dict[str, str]  # key -> a display spelling, for suggestions
    pattern: re.Pattern[str]  # every spelling, longest first, case-insensitive


def _add(index: dict[str, list[CellLine]], key: str, line: CellLine) -> None:
    bucket = index.setdefault(key, [])
    if line not in bucket:
        bucket.append(line)


@lru_cache(maxsize=1)
def _catalogue() -> _Catalogue:
    lines: list[CellLine] = []
    with CATALOGUE_PATH.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            aliases = tuple(a for a in (row.get("aliases") or "").split("|") if a)
            lines.append(CellLine(row["cosmic_id"], row["name"], row["tissue"], row["in_gdsc2"] == "1", aliases))
    exact: dict[str, CellLine] = {}
    by_casefold: dict[str, list[CellLine]] = {}
    by_key: dict[str, list[CellLine]] = {}
    key_names: dict[str, str] = {}
    for line in lines:
        for spelling in (line.name, *line.aliases):
            exact.setdefault(spelling, line)
            _add(by_casefold, spelling.casefold(), line)
            _add(by_key, _key(spelling), line)
            key_names.setdefault(_key(spelling), line.name)
    spellings = sorted(exact, key=len, reverse=True)
    pattern = re.compile(
        r"(?<![A-Za-z0-9-])(?:" + "|".join(re.escape(s) for s in spellings) + r")(?![A-Za-z0-9]|\.\d)",
        re.IGNORECASE,
    )
    return _Catalogue(lines, {c.cosmic_id: c for c in lines}, exact, by_casefold, by_key, key_names, pattern)


def all_cell_lines() -> list[CellLine]:
    """Every catalogued line (GDSC1 and GDSC2), in COSMIC-id order."""
    return list(_catalogue().lines)


# --- resolving one value ------------------------------------------------------------------------

_COSMIC_PREFIX = re.compile(r"^(?:cosmic(?:[\s_-]*id)?)?[\s:#=]*(\d{3,8})$", re.IGNORECASE)


def _ambiguous(value: str, matches: list[CellLine]) -> UnknownCellLine:
    options = " or ".join(f"{m.name} (COSMIC {m.cosmic_id}, {m.tissue or 'tissue unknown'})" for m in matches)
    return UnknownCellLine(
        f"cell line {echo(value)} is ambiguous: {options}. Give the exact name or the COSMIC id"
    )


def _suggestions(value: str, n: int = 3) -> list[str]:
    cat = _catalogue()
    key = _key(value)
    if key.isdigit():  # a mistyped COSMIC id: only near-identical ids are worth suggesting
        ids = difflib.get_close_matches(key, list(cat.by_id), n=n, cutoff=0.8)
        return [cat.by_id[i].label() for i in ids]
    # "NCI-H2591" vs "H2591", "U87" vs "U-87-MG": one spelling inside the other beats edit distance.
    inside = [k for k in cat.key_names if any(c.isdigit() for c in min(k, key, key=len))
              and len(min(k, key, key=len)) >= 3 and (k in key or key in k)]
    inside.sort(key=lambda k: abs(len(k) - len(key)))
    keys = inside[:n] + difflib.get_close_matches(key, list(cat.key_names), n=n * 2, cutoff=0.6)
    names = list(dict.fromkeys(cat.key_names[k] for k in keys))
    return names[:n]


def _unknown(value: str) -> UnknownCellLine:
    close = _suggestions(value)
    if close:
        return UnknownCellLine(f"unknown cell line {echo(value)}; did you mean {', '.join(close)}?")
    what = "no GDSC cell line has this COSMIC id" if value.isdigit() else "it is not a GDSC cell line"
    return UnknownCellLine(
        f"unknown cell line {echo(value)}: {what}. Give a GDSC cell-line name such as A549 or a COSMIC id such "
        "as 906855"
    )


def resolve_cell_line(value: str | int | float) -> CellLine:
    """The GDSC cell line for a COSMIC id (906855, "906855", "COSMIC 906855") or a name.

    Names match exactly first, then ignoring case, then ignoring case and punctuation ("ncih1975",
    "U87MG"); the looser matches count only when they point to a single line, because GDSC has distinct
    lines that differ only in punctuation (T-T vs TT, KM-H2 vs KMH-2).
    """
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise UnknownCellLine(f"a cell line must be a name or a COSMIC id, got {echo(value)}")
    if isinstance(value, float):
        if not value.is_integer():
            raise UnknownCellLine(f"unknown cell line {echo(value)}; a COSMIC id is a whole number")
        value = int(value)
    text = str(value).strip().strip("\"'`")
    if not text:
        raise UnknownCellLine("the cell line is empty; give a name such as A549 or a COSMIC id such as 906855")
    cat = _catalogue()

    id_match = _COSMIC_PREFIX.match(text)
    if id_match and id_match.group(1) in cat.by_id:
        return cat.by_id[id_match.group(1)]
    if text in cat.exact:
        return cat.exact[text]
    for index, probe in ((cat.by_casefold, text.casefold()), (cat.by_key, _key(text))):
        found = index.get(probe, [])
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            raise _ambiguous(text, found)
    raise _unknown(text)


# --- finding mentions in free text --------------------------------------------------------------

_COSMIC_IN_TEXT = re.compile(r"(?<![\w.])(\d{6,7})(?!\w|\.\d)")
# "MV4;11" (written after its translocation) is one token; "A549; HeLa" are two
_TOKEN = re.compile(r"(?<![\w.\-/])[A-Za-z0-9](?:[A-Za-z0-9._/\-]|;(?=\d))*[A-Za-z0-9](?![\w\-/])")
# ('cell_line = "Raji"', a call's argument; "the osteosarcoma line HOS": a line named after the word)
_BEFORE_ANY = re.compile(r"(?:cell[\s_-]*(?:lines?|names?)|cells?|\blines?|"
                         r"(?:response|sensitivity|viability)\s+(?:of|in))\s*[:,=]?\s*[\"'`]?$", re.IGNORECASE)
_BEFORE_LONG = re.compile(r"(?:\bin|\bagainst|\bon|\bfor)\s+(?:the\s+)?$", re.IGNORECASE)
_AFTER = re.compile(r"^\s*(?:cells?\b|cell[\s-]*lines?\b|lines?\b|respond(?:s|ed)?\b|response\b|sensitivity\b|"
                    r"viability\b)", re.IGNORECASE)


# A message that is nothing but one name and follow-up words ("great, and Jurkat?", "Raji too", "what about
# KELLY"): in a thread, such a message gives the next value for the same request.
_FOLLOW_UP_LEAD = re.compile(r"^\s*(?:(?:ok(?:ay)?|great|thanks|nice|cool|good|yes|so|and|now|also|then|next|"
                             r"what\s+about|how\s+about|try|same\s+(?:for|in|with))\b[\s,!.]*)*$", re.IGNORECASE)
_FOLLOW_UP_TAIL = re.compile(r"^\s*(?:(?:too|also|instead|then|as\s+well|please|pls)\b)?\s*[?.!]*\s*$",
                             re.IGNORECASE)
_GREETINGS = frozenset({"Hey"})  # a GDSC line, and what a message of one word usually says
_COMMON_NAMES = frozenset({"Becker", "Toledo"})  # GDSC lines spelled like a surname or a city


def bare_follow_up(text: str, start: int, end: int) -> bool:
    """Whether the message is only this name and follow-up words ("great, and Jurkat?", "and H1975")."""
    if start > 40 or len(text) - end > 20 or text[start:end] in _GREETINGS:  # a short message only
        return False
    return bool(_FOLLOW_UP_LEAD.match(text[:start])) and bool(_FOLLOW_UP_TAIL.match(text[end:]))


def _has_context(text: str, start: int, end: int, long_enough: bool) -> bool:
    before, after = text[max(0, start - 20):start], text[end:end + 20]
    if _BEFORE_ANY.search(before) or _AFTER.match(after) or _TUMOUR_THEN_LINE.match(text[end:end + 45]):
        return True  # ("the JAR choriocarcinoma line": its tumour type between)
    return long_enough and bool(_BEFORE_LONG.search(before) or bare_follow_up(text, start, end))


def _is_distinctive(spelling: str) -> bool:
    """Names that are safe to accept without context: "NCI-H23", "A549", "HeLa" (not "SR", "697", "KELLY")."""
    if len(spelling) < 3 or spelling.isdigit():
        return False
    if any(ch.isdigit() or ch == "-" for ch in spelling):
        return True
    # camelCase pure-letter names (HeLa, LoVo, SiHa, VCaP) are not English words; nor are long capitalised ones
    # (Jurkat, Daudi) or long all-capital ones (NAMALWA, KURAMOCHI), apart from the few that are names of places
    # and people
    return bool(re.search(r"[a-z][A-Z]", spelling) or re.fullmatch(r"[A-Z][a-z]{4,}|[A-Z]{6,}", spelling)) \
        and spelling not in _COMMON_NAMES


def _accept(text: str, match: re.Match[str], spelling: str) -> bool | None:
    """True for a mention read as a line, None for one that would be with a context word (or listed with a line:
    ``_listed``), False otherwise."""
    found = match.group()
    pure_letters = not any(ch.isdigit() for ch in spelling)
    if pure_letters and found != spelling:
        # "sat", "kon", "ben" are words; "SAT", "KON", "BEN" are cell lines; "Hela cells" is HeLa; "in Kelly" and
        # "for DAOY" (KELLY, Daoy) are lines too: four letters or more, not in lower case, not a person's ("Kelly's")
        readable = _is_distinctive(spelling) or (len(spelling) >= 4 and not found.islower() and spelling not in
                                                 _COMMON_NAMES and not text.startswith("'s", match.end()))
        return readable and (_has_context(text, match.start(), match.end(), long_enough=True) or None)
    if _is_distinctive(spelling):
        return True
    long_enough = len(spelling) >= 3
    return _has_context(text, match.start(), match.end(), long_enough=long_enough) or (
        None if long_enough else _two_letters_in_context(text, match.start(), match.end()))


# "in the RD rhabdomyosarcoma line", "romidepsin in HH? … ln(IC50)": a two-letter line ("RD", "HH") after "in" in a
# request for a drug response, or with one word (its tumour type) before "line"/"cells"
_TUMOUR_THEN_LINE = re.compile(r"^\s*\(?[A-Za-z-]{4,}\)?\s+(?:cells?|cell[\s-]*lines?|lines?)\b", re.IGNORECASE)
_RESPONSE_ASKED = re.compile(r"\bic50\b|\bresponse\b|\bsensitiv", re.IGNORECASE)


def _two_letters_in_context(text: str, start: int, end: int) -> bool:
    return bool(_TUMOUR_THEN_LINE.match(text[end:end + 45]) or (
        _BEFORE_LONG.search(text[max(0, start - 20):start]) and _RESPONSE_ASKED.search(text)))


# "Of KELLY, SK-N-AS and CHP-134": a name read as a line only in context is one when listed with a line
LIST_JOIN = re.compile(r"\s*(?:[,;/&+]|and|or)\s*(?:(?:and|or)\s+)?")


def _listed(pending: list[tuple[int, str, CellLine]], hits: list[tuple[int, str, CellLine]],
            text: str) -> list[tuple[int, str, CellLine]]:
    """The ``pending`` mentions listed right before or after one of ``hits`` (or of each other, once listed)."""
    spans = [(start, start + len(written)) for start, written, _ in hits]
    listed: list[tuple[int, str, CellLine]] = []
    grew = True
    while grew:
        grew = False
        for hit in [h for h in pending if h not in listed]:
            start, end = hit[0], hit[0] + len(hit[1])
            if any(LIST_JOIN.fullmatch(text[end:a]) or LIST_JOIN.fullmatch(text[b:start]) for a, b in spans):
                listed.append(hit)
                spans.append((start, end))
                grew = True
    return listed


def _name_mentions(text: str) -> list[tuple[int, str, CellLine]]:
    """Catalogue names as written; those read only in context are kept when listed with another line's mention."""
    cat = _catalogue()
    out = []
    pending = []
    for match in cat.pattern.finditer(text):
        found = match.group()
        spelling = found if found in cat.exact else None
        if spelling is None:
            candidates = cat.by_casefold.get(found.casefold(), [])
            if len(candidates) != 1:
                continue
            line = candidates[0]
            spelling = next(s for s in (line.name, *line.aliases) if s.casefold() == found.casefold())
        line = cat.exact[spelling]
        accepted = _accept(text, match, spelling)
        if accepted:
            out.append((match.start(), found, line))
        elif accepted is None:
            pending.append((match.start(), found, line))
    return out + _listed(pending, out, text) if pending and out else out


def _loose_mentions(text: str) -> list[tuple[int, str, CellLine]]:
    """Spellings that match one line once case, punctuation and spaces are ignored: "NCIH1975", "u87mg",
    "U-2 OS", "MIA PaCa-2"; short ones ("PC3") only next to "cells" or after "in"/"against"."""
    cat = _catalogue()
    out = []
    tokens = list(_TOKEN.finditer(text))
    for i, first in enumerate(tokens):
        for last in tokens[i:i + 3]:
            written = text[first.start():last.end()]
            if last is not first and not re.fullmatch(r"[\w.\-/]+(?: [\w.\-/]+)*", written):
                break  # only tokens separated by single spaces form one name
            key = _key(written)
            spaced_capitals = last is not first and written.isupper() and len(key) >= 5  # "SK N SH"
            if len(key) < 3 or key.isdigit() or (key.isalpha() and not spaced_capitals):
                continue
            found = cat.by_key.get(key, [])
            # short ones need context, unless written like a cell-line code ("PC3", not "pc3")
            short = len(key) < 4 and not re.fullmatch(r"[A-Z]+\d+[A-Z]*", written)
            if len(found) == 1 and (not short or _has_context(text, first.start(), last.end(), long_enough=True)):
                out.append((first.start(), written, found[0]))
    return out


def find_cell_lines(text: str) -> list[CellLine]:
    """Cell lines mentioned in free text, in order of appearance, without duplicates.

    Accepts exact names that are distinctive (at least 3 characters with a digit or hyphen, or camelCase
    like HeLa), other names only next to "cell line"/"cells" (or after "in"/"against" for names of 3+
    letters, matched case-sensitively), punctuation-free spellings of names with digits ("NCIH1975"),
    and 6-7 digit numbers that are catalogued COSMIC ids.
    """
    result: list[CellLine] = []
    for _, line in find_cell_line_mentions(text):
        if line not in result:
            result.append(line)
    return result


def find_cell_line_mentions(text: str) -> list[tuple[str, CellLine]]:
    """Every accepted mention as (text as written, line), in order: "u87mg" -> U-87-MG, "906855" -> EM-2.

    Same rules as find_cell_lines; useful to keep the mention's own tokens away from other parsers.
    """
    if not text:
        return []
    cat = _catalogue()
    hits = [(m.start(), m.group(1), cat.by_id[m.group(1)])
            for m in _COSMIC_IN_TEXT.finditer(text) if m.group(1) in cat.by_id]
    hits += _name_mentions(text)
    hits += _loose_mentions(text)
    mentions = []
    covered_until = -1
    for start, written, line in sorted(hits, key=lambda h: (h[0], -len(h[1]))):
        if start >= covered_until:  # the longest spelling at a place wins ("U-2 OS", not "U-2")
            covered_until = start + len(written)
            mentions.append((written, line))
    return mentions
