"""Rows of a pasted list named by number ("rows 2 and 4 only", "rows 1–3", "row 4", "#2 and #5"), and messages
whose asks come as a list ("1. logS for all rows\n2. BBB for rows 1 and 3").

A scientist who pastes a table and names rows by number means the molecules in that order; each ask of a list
takes its own rows of the one table the message holds.
"""

from __future__ import annotations

import re
from dataclasses import replace

from agent.entities import Entities, code_labels, extract, superseded_spans
from agent.selection import AT_LEAST, AT_MOST, INCLUSIVE
from agent.vocabulary import ordinals, phrases

_RANGE = r"\d{1,3}(?:\s*(?:-|–|—|to|through|thru)\s*#?\d{1,3})?"
_MORE = rf"(?:\s*(?:,|&|\+|\band\b|\bor\b)\s*(?:(?:rows?|#)\s*)?{_RANGE})*"
# "rows 2 and 4", "row 4", "rows 1-3, 5", "entries 2–4", "#2 and #5", "positions 2 and 4 in this list" (not "row-3
# file", "2 rows", "position 7 of the quinazoline")
_ROWS = re.compile(rf"\b(?:rows?|entries|entry|IDs?(?=\s*#?\d)|positions?(?=\s*#?\d[^.;:\n]*\b(?:list|table)\b)|"
                   rf"lines?\s+(?={_RANGE}\s*(?:of|in)\s+the\s+(?:table|list)))[ \t]*"  # (not "rows\n2. …")
                   rf"#?[ \t]*(?P<first>{_RANGE}{_MORE})\b|"
                   # (not "edge-case run #1", "ticket #3": a run's or a ticket's number)
                   rf"(?<!\brun\s)(?<!\bcase\s)(?<!\btest\s)(?<!\bticket\s)(?<!\bissue\s)(?<!\battempt\s)"
                   rf"(?<![\w#])#\s?(?P<hash>\d{{1,3}}{_MORE})\b", re.I)
_NUMBER_OR_RANGE = re.compile(r"(\d{1,3})(?:\s*(?:-|–|—|to|through|thru)\s*#?(\d{1,3}))?", re.I)
# a list item that opens a line: "1.", "2)", "(3)", "a)", "b.", "-", "•", "*"
_ITEM = re.compile(r"^[ \t]*(?:\(?(?:\d{1,2}|[a-h])[.)]|\(?(?:i{1,3}|iv|v)\)|[-•*])[ \t]+(?=\S)", re.I | re.M)
# "- task: generation", "- cell_line: KELLY": the fields of one request, not a list of asks
_FIELD = re.compile(r"^(?:task|want(?:ed)?|target|drugs?|compounds?|molecules?|smiles|cell[_ ]?lines?|line|notes?|"
                    r"goal|mask|model|propert(?:y|ies)|request|ask)[ \t]*:", re.I)


def row_numbers(text: str) -> list[int]:
    """The row numbers the words name, ascending, each once; [] when they name none."""
    numbers: set[int] = set()
    for match in _ROWS.finditer(text):
        for low, high in _NUMBER_OR_RANGE.findall(match.group("first") or match.group("hash")):
            start, end = int(low), int(high or low)
            if 0 < start <= end <= start + 200:
                numbers.update(range(start, end + 1))
    return sorted(numbers)


def pasted_rows(e: Entities) -> list[str]:
    """The molecules the message pastes as structures, in order (drug names are no rows of a table)."""
    return [m for m in e.molecules if m not in e.named_molecules]


# "CMP-0012 <SMILES>", "A: <SMILES>", "- cmpd-7, <SMILES>", "rank 1  <SMILES>", "7a <SMILES>", "1. <SMILES>",
# "A04<tab><SMILES><tab>71%", "A02  88%  <SMILES>": a pasted row that opens with its label (a value column may stand
# before or after the structure)
_LABELLED_ROW = re.compile(r"^[ \t]*(?:[-•*][ \t]+)?(?:(?:cpd|cmpd|compound|entry)[ \t]*)?"
                           r"(?P<label>(?:rank[ \t]*)?#?[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)*)[.)]?"
                           r"(?:[ \t]*[:,;=|\t][ \t]*|[ \t]+)(?P<rest>\S.*?)[ \t]*$", re.M | re.I)
_LABEL_WORD = re.compile(r"(?<![\w-])[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)*(?![\w-])")
# a one-letter label ("retro for A") only where a label can stand, never the article ("A quick BBB for B")
_LETTER_ENDS = re.compile(r"\s*(?:$|[,.;:?!)&+/]|and\b|or\b|only\b|too\b|as\s+well\b|please\b|pls\b)")
# "rank 1", "ranks 1 and 2", "no. 3", "numbers 2 and 5": rows of a numbered or ranked list, by their number
_BY_NUMBER = re.compile(rf"\b(?:ranks?|nos?\.|numbers?|cpds?|cmpds?|compounds?)\s*#?\s*"
                        rf"({_RANGE}(?:\s*(?:,|&|\+|\band\b|\bor\b)\s*{_RANGE})*)\b", re.I)


def row_labels(text: str, molecules: list[str]) -> dict[str, str]:
    """Label (upper case) -> SMILES for the pasted rows that open with a code ("CMP-0012", "cmpd7", "7a", "E05"), a
    letter ("A:"), a rank or a number ("rank 1", "1."), in the list's order; {} unless every row (two or more) has
    one. Drug names before a structure ("metformin CN(C)…") are no labels: a name the message repeats is that drug,
    which its name reads on its own."""
    known = set(molecules)
    labels: dict[str, str] = {}
    for m in _LABELLED_ROW.finditer(text):
        tokens = m.group("rest").replace(",", " ").replace("|", " ").split()  # "C04 | CL-0063301 | <SMILES>"
        at = next((i for i, token in enumerate(tokens) if token in known), None)
        label = re.sub(r"\s+", " ", m.group("label")).upper().lstrip("#")
        if at is not None and at <= 1 and _is_code(label):
            labels[label.removeprefix("RANK ")] = tokens[at]
            if at == 1 and _is_code(tokens[0].upper()) and _LABEL_WORD.fullmatch(tokens[0]):
                labels[tokens[0].upper()] = tokens[at]  # a second column of codes: the well and the compound id
    # every pasted row has its code ("5-FU <SMILES>", "oxaliplatin <SMILES>", "SN-38 <SMILES>": names, not codes)
    if len(labels) >= 2 and set(labels.values()) == known:
        return labels
    # one structure given its registry code in a sentence ("Apologies. RX-3318: <SMILES>")
    coded = {code.upper(): smiles for code, smiles in code_labels(text).items() if smiles in known}
    return coded if len(known) == 1 and len(coded) == 1 else {}


def _is_code(label: str) -> bool:
    return (len(label) == 1 and label.isupper()) or any(ch.isdigit() for ch in label)


def rows_by_label(words: str, labels: dict[str, str]) -> list[str]:
    """The rows the words name by their labels ("retrosynthesis for CMP-0802 and CMP-0804 only", "only rank 1",
    "E05"), in the list's order, each once; the labelled rows themselves name none, and a bare number names a row
    only after "rank" or "number"."""
    if not labels:
        return []
    said = _corrected_clause(_outside_rows(words, labels), labels)
    named = {str(n) for m in _BY_NUMBER.finditer(said) for low, high in _NUMBER_OR_RANGE.findall(m.group(1))
             if int(high or low) - int(low) <= 200 for n in range(int(low), int(high or low) + 1)}
    for match in _LABEL_WORD.finditer(said):
        word = match.group()
        if word.isdigit() or len(word) == 1 and not (word.isupper() and _LETTER_ENDS.match(said, match.end())):
            continue
        named.add(word.upper())
    named |= _labels_in_ranges(said, labels)
    # "A01" and, in the answer to which plate, "P08": the label P08-A01 written in two parts
    named |= {f"{first}-{last}" for first in named for last in named if f"{first}-{last}" in labels}
    return list(dict.fromkeys(smiles for label, smiles in labels.items() if label in named))


# where a clause ends: the correction "sorry, 7a and 7b; 7c we have" names its rows before it
_CLAUSE_END = re.compile(r"[.;!?\n]")


def _corrected_clause(said: str, labels: dict[str, str]) -> str:
    """The clause of the last correction inside the words when it names rows by their labels ("Retro on 7a and 7c —
    sorry, 7a and 7b; 7c is the acid we have": 7a and 7b), else the words."""
    for span in reversed(superseded_spans(said)):
        after = said[span.corrected_at or span.end:]
        clause = after[:m.start()] if (m := _CLAUSE_END.search(after)) else after
        if any(word.upper() in labels for word in _LABEL_WORD.findall(clause)):
            return clause
    return said


# "PL-0031 to PL-0034", "CMP-12–CMP-15", "KR-101 through 104": every code of the list from the first to the last
_CODE_RANGE = re.compile(r"(?<![\w-])([A-Za-z][A-Za-z-]*?)[-_ ]?(\d+)\s*(?:to|through|thru|–|—|-|\.\.)\s*"
                         r"(?:\1[-_ ]?)?(\d+)(?![\w-])", re.I)


def _labels_in_ranges(said: str, labels: dict[str, str]) -> set[str]:
    """The list's labels inside a range of codes the words write (same letters, number from low to high)."""
    inside: set[str] = set()
    for m in _CODE_RANGE.finditer(said):
        prefix, low, high = m.group(1).upper().rstrip("-"), int(m.group(2)), int(m.group(3))
        for label in labels:
            code = re.fullmatch(r"([A-Z][A-Z-]*?)[-_ ]?(\d+)", label)
            if code and code.group(1).rstrip("-") == prefix and low <= int(code.group(2)) <= high:
                inside.add(label)
    return inside


def _outside_rows(words: str, labels: dict[str, str] | list[str]) -> str:
    """The words less the pasted rows' lines."""
    rows = list(labels.values()) if isinstance(labels, dict) else labels
    return "\n".join(line for line in words.split("\n") if not any(smiles in line for smiles in rows))


# "the wells that got above 50% inhibition", "anything that inhibited more than 60%", "below 20 %"
_PERCENT_CUT = re.compile(rf"(?:(?P<high>{AT_LEAST})|(?P<low>{AT_MOST}))\s*(?P<cut>\d{{1,3}}(?:\.\d+)?)\s*%", re.I)
_PERCENT = re.compile(r"(?<![\w.])(\d{1,3}(?:\.\d+)?)\s*%")


def rows_by_percent(words: str, text: str, molecules: list[str]) -> list[str]:
    """The pasted rows whose one percentage column passes the cut the words set ("logD for the wells that got above
    50% inhibition"), in the list's order; [] when the words set no such cut or fewer than two rows hold a
    percentage."""
    values: dict[str, float] = {}
    for line in text.split("\n"):
        inside = [m for m in molecules if m in line.split()]
        found = _PERCENT.findall(line)
        if len(inside) == 1 and len(found) == 1:
            values.setdefault(inside[0], float(found[0]))
    cut = _PERCENT_CUT.search(_outside_rows(words, molecules))
    if len(values) < 2 or cut is None:
        return []
    limit = float(cut.group("cut"))
    inclusive = cut.group(0).lower().startswith(INCLUSIVE)
    if cut.group("high"):
        return [m for m, v in values.items() if v > limit or inclusive and v == limit]
    return [m for m, v in values.items() if v < limit or inclusive and v == limit]


def names_rows(words: str, whole: Entities) -> bool:
    """Whether the words name rows of the message's pasted list, by number or by label."""
    table = pasted_rows(whole)
    return bool(row_numbers(words) or rows_by_label(words, row_labels(whole.text, table))
                or rows_by_percent(words, whole.text, table))


def _named_rows(words: str, whole: Entities, table: list[str]) -> list[str] | None:
    """The rows of the pasted list that ``words`` name by number, label or percentage; None when they name none (or
    rows past its end)."""
    numbers = row_numbers(words)
    labels = row_labels(whole.text, table)
    if numbers and labels and all(str(n) in labels for n in numbers):  # "#2 and #3" of rows labelled "#2", "#3"
        return [labels[str(n)] for n in numbers]
    by_label = [] if numbers else rows_by_label(words, labels) or rows_by_percent(words, whole.text, table) or \
        _row_asked_by_place(words, table)
    if by_label:
        return by_label
    if len(table) < 2 or not numbers or numbers[-1] > len(table):
        return None
    return [table[n - 1] for n in numbers]


def _rows_by_place(words: str, table: list[str]) -> list[str]:
    """The rows the words name by their place ("the last one", "the second compound"), in the list's order; [] when
    they name none or a place past the list's end."""
    places = {_ORDINALS[m.group(1).lower()] for m in _PLACE.finditer(words)}
    if not places or any(place > len(table) for place in places):
        return []
    return [row for i, row in enumerate(table, 1) if i in places or (-1 in places and i == len(table))]


# "skip cpd 2", "#1 to #3 are catalogue items, so skip them", "cpd 1 is their tool compound, ignore it", "for all of
# them except the last one": a part of the message that leaves rows out; "skip cpd 2 unless you can't run the
# others" still leaves it out (the condition is the user's fallback, not an ask)
_LEAVES_OUT = re.compile(r"\b(?:skip|ignore|all\s+but|leave\s+(?:\w+\s+){0,2}out|leaving\s+(?:\w+\s+){0,2}out|"
                         r"except|excluding|exclude|omit|drop)\b", re.I)
_UNLESS = re.compile(r"\bunless\b[^.;\n—–]*", re.I)
_MESSAGE_PART = re.compile(r"[^.;\n—–]+")
_POINTS_BACK = re.compile(r"\b(?:it|them|those|these|that\s+one|this\s+one)\b", re.I)
_ORDINALS = ordinals()
# "all but the last one", "skip the second compound": a row left out by its place in the list
_PLACE = re.compile(rf"\bthe\s+({'|'.join(_ORDINALS)})\s+(?:one|row|compound|cpd|entry|structure|molecule)\b", re.I)


# "how likely is the second one to be …?", "sorry, I meant the third one": the row a question asks about by its place
# (not "for the first one": "bace1 prob for both + precursors for the first one only" places one ask's molecules)
_ASKED_PLACE = re.compile(rf"\b(?:is|does|would|will|meant|mean)\s+the\s+({'|'.join(_ORDINALS)})\s+"
                          r"(?:one|row|compound|cpd|entry|structure|molecule)\b", re.I)
_CORRECTION = re.compile(rf"\b(?:{phrases('self_corrections')})\b", re.I)


def _row_asked_by_place(words: str, table: list[str]) -> list[str]:
    """The one row a question asks about by its place, the corrected one when the words correct it; [] otherwise."""
    corrections = list(_CORRECTION.finditer(words))
    if corrections and _ASKED_PLACE.search(words, corrections[-1].start()):
        words = words[corrections[-1].start():]
    places = {_ORDINALS[m.group(1).lower()] for m in _ASKED_PLACE.finditer(words)}
    if len(table) < 2 or len(places) != 1 or not 0 < (place := places.pop()) <= len(table):
        return []
    return [table[place - 1]]


def leaves_rows_out(words: str) -> bool:
    return bool(_LEAVES_OUT.search(words))


def _left_out(text: str, whole: Entities, table: list[str]) -> list[str]:
    """The pasted rows that a part of ``text`` leaves out."""
    out: list[str] = []
    for part in _MESSAGE_PART.finditer(_UNLESS.sub(" ", _outside_rows(text, table))):
        clauses = part.group().split(",")
        for i, words in enumerate(clauses):
            if not _LEAVES_OUT.search(words):
                continue
            named = _named_rows(words, whole, table)
            if named is None and i and _POINTS_BACK.search(words):  # "cpd 1 is their tool compound, ignore it"
                named = _named_rows(clauses[i - 1], whole, table)
            out += (named or []) + _rows_by_place(words, table) + _rows_by_note(words, whole.text, table)
    return out


# "skip the degradant", "drop the placebo": a word the list writes beside some of its rows ("(sulfoxide, degradant)")
_LEFT_OUT_NOTE = re.compile(r"\b(?:skip|ignore|except|excluding|exclude|omit|drop)\s+(?:the|any|all)\s+"
                            r"(?:\w+\s+)?(?P<word>[a-z]{4,}?)(?:s|es)?\b", re.I)


# words after "skip the" that name rows by place or kind, or parts of the table, not a note beside some rows
_ROW_WORDS = frozenset({"compound", "compounds", "cpds", "row", "rows", "entry", "entries", "structure", "structures",
                        "molecule", "molecules", "ones", "rest", "others", "first", "second", "third", "fourth", "last",
                        "header", "headers", "title", "column", "columns", "line", "lines", "duplicate", "duplicates"})


def _unmarked_note(words: str, whole: Entities, table: list[str]) -> str | None:
    """The word of "skip the degradant" when no line of the message but the ask itself writes it (so which row it
    means is unknown); None when the words leave rows out otherwise or name none so."""
    if len(table) < 2 or _left_out(whole.text, whole, table):
        return None
    lines = whole.text.splitlines()
    for match in _LEFT_OUT_NOTE.finditer(words):
        word = match.group("word").lower()
        said = re.compile(rf"\b{re.escape(word)}(?:s|es)?\b", re.I)
        if word not in _ROW_WORDS and sum(bool(said.search(line)) for line in lines) <= 1 and \
                not _names_a_part(match.group(0)):
            return word
    return None


def _names_a_part(words: str) -> bool:
    """"everything except the ethyl ester has to stay put": a part of the molecule, no note beside a row."""
    from model_zoo.chem.cores import functional_groups, scaffolds

    known = {**functional_groups(), **scaffolds()}
    named = words.lower().split()[2:]  # ("except the", then the part's name)
    return any(" ".join(named[i:]) in known or " ".join(named[i:]).removesuffix("s") in known
               for i in range(len(named)))


def _rows_by_note(words: str, text: str, table: list[str]) -> list[str]:
    """The rows whose line, besides its structure, holds the word the leaving out names; [] when none or all do."""
    lines = text.splitlines()
    found = []
    for match in _LEFT_OUT_NOTE.finditer(words):
        word = re.compile(rf"\b{re.escape(match.group('word'))}(?:s|es)?\b", re.I)
        found += [row for row in table if any(row in line and word.search(line.replace(row, " ")) for line in lines)]
    return found if len(set(found)) < len(table) else []


def with_rows(part: Entities, words: str, whole: Entities) -> Entities:
    """``part`` with the rows of the message's pasted list that ``words`` name, by number or by label, before any
    drug its own words name ("DDI with warfarin for row 4": row 4 with warfarin), less those any part of the message
    leaves out ("(1) pKd for cpd 1 and cpd 3 — skip cpd 2", "(2) cpd 1 is the tool compound, ignore it"); ``part``
    unchanged when the words name no rows and nothing is left out (rows the list lacks are asked about before:
    ``rows_past_the_end``)."""
    table = pasted_rows(whole)
    left_out = _left_out(whole.text, whole, table) if len(table) >= 2 else []
    said = _named_rows(_outside_rows(words, table) if left_out else words, whole, table)
    if left_out:  # (all the rows it names are left out: "all except the last one — cpd 3 is their reference")
        said = [m for m in said or table if m not in left_out] or [m for m in table if m not in left_out] or None
    if said is None:
        return part
    chosen = said
    named = [m for m in part.named_molecules if m not in chosen]
    molecules = chosen + named
    return replace(part, molecules=molecules, smiles=[s for s in molecules if s in whole.smiles or s in part.smiles],
                   pairs=[])


def names_rows_by_word(words: str) -> bool:
    """Whether the words name rows as rows ("rows 1–3 as well"), not only by "#"."""
    return any(m.group("first") for m in _ROWS.finditer(words))


def rows_past_the_end(words: str, whole: Entities) -> str | None:
    """The question to ask when the words name rows the pasted list lacks ("rows 2 and 9" of four): never another
    set of molecules in their place; None when they name none past its end."""
    table = pasted_rows(whole)
    labels = row_labels(whole.text, table)
    unmarked = _unmarked_note(words, whole, table)
    if unmarked is not None:  # "skip the degradant" where no row says which: asked, never all of them run
        return f"None of the rows you pasted is marked '{unmarked}'. Which row should I leave out?"
    missing = [n for n in row_numbers(words) if n > len(table) and str(n) not in labels]
    if len(table) >= 2 and missing:
        return (f"The list you pasted has {len(table)} rows; there is no row {', '.join(map(str, missing))}. "
                "Which rows should I use?")
    # a row without a structure ("A03 = vehicle (DMSO only)") can be left out ("skip A03"), not run
    unknown = [label for label in _unknown_labels(words, labels)
               if not (re.search(rf"^[ \t]*{re.escape(label)}\b", whole.text, re.M | re.I) and any(
                   _LEAVES_OUT.search(part) for part in _MESSAGE_PART.findall(words) if label.lower() in part.lower()))]
    shared = _label_ends(words, labels)
    if shared and not rows_by_label(words, labels):  # "response for A01" beside P07-A01 and P08-A01: asked which
        word, owners = shared
        return f"{word} is in more than one row of the list you pasted ({', '.join(owners)}). Which one should I use?"
    if unknown:  # "retro for CMP-0809" beside rows CMP-0801…0804: asked, never every row
        return (f"The list you pasted has no {', '.join(unknown)}; its rows are {', '.join(labels)}. "
                "Which ones should I use?")
    return None


def _label_ends(words: str, labels: dict[str, str]) -> tuple[str, list[str]] | None:
    """A code the words write that ends two or more of the list's labels and is none itself ("A01" for P07-A01 and
    P08-A01): (the code, those labels); None otherwise."""
    for word in _LABEL_WORD.findall(_outside_rows(words, labels)):
        code = word.upper()
        owners = [label for label in labels if label.endswith(f"-{code}") or label.endswith(f" {code}")]
        if len(code) > 1 and _is_code(code) and code not in labels and len(owners) >= 2:
            return code, owners
    return None


_COMPARED_TO = re.compile(r"\b(?:as|like|than)\s+(?=\S*\d)[\w-]+", re.I)


def _unknown_labels(words: str, labels: dict[str, str]) -> list[str]:
    """Codes the words write in the shape of the list's labels (same letters before the number) that no row has."""
    prefixes = {re.sub(r"[\d]+[A-Za-z]?$", "", label) for label in labels if len(label) > 1}
    said = _COMPARED_TO.sub(" ", _outside_rows(words, labels))  # "same series as 12b": a reference, no row asked
    return list(dict.fromkeys(
        word.upper() for word in _LABEL_WORD.findall(said) if len(word) > 1 and _is_code(word)
        and re.sub(r"[\d]+[A-Za-z]?$", "", word.upper()) in prefixes and word.upper() not in labels))


def without_marker(item: str) -> str:
    """A list item's words without the marker that opens it ("2. clopidogrel + omeprazole": its 2 is no value)."""
    return _ITEM.sub("", item, count=1)


def list_items(text: str) -> tuple[str, list[str]] | None:
    """(what comes before the list, each item) when the message's lines hold two or more list items, or one line
    numbers its asks in parentheses ("(1) … (2) …", "(i) … (ii) …"); else None. Lines after an item that are no item
    (a pasted table) belong to none of them, unless the item ends in a colon ("- logD for the two compounds:")."""
    starts = [m.start() for m in _ITEM.finditer(text)]
    if len(starts) < 2:
        return _inline_items(text)
    items = [_item_lines(text, start, next_start) for start, next_start in zip(starts, [*starts[1:], len(text)])]
    if any(_FIELD.match(item[m.end():]) for item in items if (m := _ITEM.match(item))):
        return None
    return text[:starts[0]], items


def _item_lines(text: str, start: int, end: int) -> str:
    """An item's line, and the lines up to the next item when the line ends in a colon."""
    line = text[start:end].split("\n", 1)[0]
    return text[start:end].rstrip() if line.rstrip().endswith(":") else line


# "(1)", "2)", "(b)", "(ii)" after a space or the start of the message: an inline list's marker
_INLINE_ITEM = re.compile(r"(?:^|(?<=\s))\(?(\d{1,2}|[a-h]|i{1,3}|iv|v)\)(?=\s)", re.I)
_ROMAN = ("i", "ii", "iii", "iv", "v")


def _ordinal(label: str, first: str) -> int:
    """The place of ``label`` in the list that ``first`` opened (1, a or i); 0 when it is of another kind."""
    if first == "1":
        return int(label) if label.isdigit() else 0
    if first == "i":
        return _ROMAN.index(label) + 1 if label in _ROMAN else 0
    return ord(label) - ord("a") + 1 if len(label) == 1 and label.isalpha() else 0


def _inline_items(text: str) -> tuple[str, list[str]] | None:
    """One line's asks numbered in order from 1, a or i ("(1) energía libre … (2) el logS del gefitinib")."""
    marks = list(_INLINE_ITEM.finditer(text))
    run: list[re.Match[str]] = []
    for mark in marks:
        label = mark.group(1).lower()
        if not run:
            run = [mark] if label in ("1", "a", "i") else []
            continue
        if _ordinal(label, run[0].group(1).lower()) == len(run) + 1:
            run.append(mark)
    if len(run) < 2:
        return None
    bounds = [m.start() for m in run] + [len(text)]
    return text[:bounds[0]], [text[a:b].strip() for a, b in zip(bounds, bounds[1:])]


def earlier_rows(words: str, earlier_texts: list[str]) -> list[str] | None:
    """The rows ``words`` name ("rows 1–3", "#5", "CMP-0014") of the newest earlier message that pasted a list long
    enough, or with those labels; None when they name no rows or no such list was pasted."""
    numbers = row_numbers(words)
    for text in earlier_texts:
        if not numbers and not _LABELLED_ROW.search(text):
            continue
        table = pasted_rows(extract(text))
        if not numbers:
            by_label = rows_by_label(words, row_labels(text, table))
            if by_label:
                return by_label
        elif len(table) >= max(2, numbers[-1]):
            return [table[n - 1] for n in numbers]
    return None
