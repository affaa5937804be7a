"""Real user text -> placeholder text, the input of the intent model.

The values in a message (SMILES, protein sequences, cell lines, numbers, masks, pool-key references,
file names) are found by ``agent.entities`` and replaced by ``<mol>``, ``<seq>``, ``<cell>``, ``<num>``,
``<mask>``, ``<key>``, ``<file>``; three or more molecules in a row become ``<mols>``. Other finders
(a drug or target name resolver) pass their own spans, e.g. ``Span(10, 19, "drug")``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from agent.entities import _MASK_LIST, _MASK_RUN, _MASK_SPACED, DOSE, extract
from model_zoo.chem.cells import find_cell_line_mentions

_KEY_REF = re.compile(r"\((?:[A-Za-z][\w.\-]*_[\w.\-]*)\)")
_FILE = re.compile(r"(?<![\w.\-])[\w\-]+\.(?:csv|tsv|sdf|smi|smiles|fasta|faa|fa|txt|xlsx|xls|mol2|mol)(?![\w])", re.I)
_NUMBER_AT = re.compile(r"[-+−]?\d+(?:\.\d+)?")
_FREE_NUMBER = re.compile(r"(?<![\w.])[-+−]?\d+(?:\.\d+)?")
_FASTA_HEADER = re.compile(r"^[ \t]*>\S.*$", re.M)
_RESIDUE_TOKEN = re.compile(r"\S+")
# idioms whose words would read as an ask: "line it up against", "second-line", "make it into the brain" (no synthesis)
_NO_ASK_IDIOM = re.compile(r"\blin(?:e[sd]?|ing)\s+(?:(?:it|them|this|these|those|that|everything)\s+)?up\b|"
                           r"\bin\s+line\s+with\b|\bbottom\s+line\b|\bline\s+by\s+line\b|"
                           r"\b(?:first|second|third|later|front)[-\s]line\b|"
                           # "nilotinib soaked into Abl kinase domain crystals": how a crystal was made, no ask
                           r"\bsoak(?:ed|ing)?\s+in(?:to)?\b|"
                           r"\bmak(?:e|es|ing)\s+it\s+(?=(?:into|across|through|past)\b)|"
                           # "Vendor A sent their hit list": a screen's list of hits, no binding asked
                           r"\bhits?[\s-]+lists?\b|"
                           # "two enquiries came in together": no combination asked
                           r"\b(?:came|come|comes|arrived|arrive)\s+in\s+together\b|"
                           # "the MDR1-sensitive drug list": a trait of the drugs, no cell response asked
                           r"(?-i:\b[A-Z][A-Z0-9]{1,9})-(?:sensitive|resistant|sparing)\b|"
                           # "start from sorafenib, allow only …": the molecule a design starts from, no route asked
                           # (not "what would I start from to make X?")
                           r"\bstart(?:ing)?\s+from(?=\s+(?!to\b|scratch\b|there\b|here\b)\S)|"
                           # "baseline for today's optimisation lab": a class or meeting named by its topic
                           r"\b(?:optimi[sz]ation|generation|design|retrosynthesis|synthesis|binding|interaction)\s+"
                           r"(?:lab|class|session|course|workshop|practical|seminar|lecture|tutorial|meeting)s?\b",
                           re.I)
# a case, lot or exhibit code ("PM-24/2455", "SUN-50-0916", "EXH-24-0533"): an identifier, no value or ask
# (not a cell line's name: "MV-4-11")
_RECORD_CODE = re.compile(r"(?<![\w-])[A-Za-z]{1,6}[-_]\d{2,4}(?:[-_/]\d{3,6})+(?![\w-])")
_MOL_RUN = re.compile(r"<mol>(?:[\s,;]*(?:and\s+)?<mol>){2,}")
_SEQ_RUN = re.compile(r"<seq>(?:\s*<seq>)+")


@dataclass(frozen=True)
class Span:
    start: int
    end: int
    tag: str  # placeholder name without brackets: "mol", "seq", "cell", "num", "mask", "key", "file", "drug", ...;
    # "" leaves the span out


def find_spans(text: str) -> list[Span]:
    """Where the values of ``text`` are, found by agent.entities (and pool-key and file-name patterns)."""
    found = extract(text)
    spans: list[Span] = []
    spans += [Span(m.start(), m.end(), "key") for m in _KEY_REF.finditer(text)]
    spans += [Span(m.start(), m.end(), "file") for m in _FILE.finditer(text)]
    # left out: a dose ("5 mg bid"), an idiom ("line it up against", "make it into the brain") or a case code asks for
    # nothing
    spans += [Span(m.start(), m.end(), "") for pattern in (DOSE, _NO_ASK_IDIOM, _RECORD_CODE)
              for m in pattern.finditer(text)]
    for pattern in (_MASK_LIST, _MASK_SPACED, _MASK_RUN):
        spans += [Span(m.start(), m.end(), "mask") for m in pattern.finditer(text)]
    spans += _sequence_spans(text, found.sequences)
    cursor = 0
    for molecule in found.molecules:
        at = text.find(molecule, cursor)
        if at < 0:
            at = text.find(molecule)
        if at >= 0:
            spans.append(Span(at, at + len(molecule), "mol"))
            cursor = at + len(molecule)
    for written in dict.fromkeys([w for w, _ in find_cell_line_mentions(text)] + [w for w, _ in found.cell_mentions]):
        for m in re.finditer(r"(?<![\w\-])" + re.escape(written) + r"(?![\w\-])", text):
            spans.append(Span(m.start(), m.end(), "cell"))
    for number in found.numbers:
        # a converted IC50 ("pIC50 of 6", "below 100 nM") starts at its words: the number is the first one
        # not glued to letters ("50" of "IC50" is not it)
        hit = _FREE_NUMBER.search(text, number.pos) if number.conversion else _NUMBER_AT.match(text, number.pos)
        if hit:
            spans.append(Span(hit.start(), hit.end(), "num"))
    return spans


def _sequence_spans(text: str, sequences: list[str]) -> list[Span]:
    if not sequences:
        return []
    residues = "\n".join(sequences)
    spans = [Span(m.start(), m.end(), "seq") for m in _FASTA_HEADER.finditer(text)]
    for m in _RESIDUE_TOKEN.finditer(text):
        token = m.group().strip(".,;:*?!()\"'")
        if len(token) >= 10 and token.isalpha() and (token.isupper() or token.islower()) and token.upper() in residues:
            start = m.start() + m.group().find(token)
            spans.append(Span(start, start + len(token), "seq"))
    return spans


def replace_spans(text: str, spans: Iterable[Span]) -> str:
    """Each span replaced by ``<tag>``; of overlapping spans the longer (then the earlier given) wins."""
    ordered = sorted(enumerate(spans), key=lambda item: (-(item[1].end - item[1].start), item[0]))
    taken: list[Span] = []
    for _, span in ordered:
        if span.end > span.start and all(span.end <= t.start or span.start >= t.end for t in taken):
            taken.append(span)
    out, last = [], 0
    for span in sorted(taken, key=lambda s: s.start):
        out += [text[last:span.start], f"<{span.tag}>" if span.tag else ""]
        last = span.end
    out.append(text[last:])
    result = _SEQ_RUN.sub("<seq>", "".join(out))
    return _MOL_RUN.sub("<mols>", result)


def to_placeholders(text: str, spans: Iterable[Span] = ()) -> str:
    """``text`` with its values replaced by placeholders and doses left out ("<drug> 5 mg bid" is "<drug>");
    ``spans`` adds (and outranks at equal length) other finds."""
    return replace_spans(text, [*spans, *find_spans(text)])
