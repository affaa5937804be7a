"""Cell-line spellings -> GDSC lines, on top of ``model_zoo.chem.cells`` (which already ignores case and
punctuation: "MCF-7", "mcf 7", "A-549", "ncih1975").

Added here, from ``model_zoo/data/names``: ``cell_line_variants.csv`` (lab spellings whose letters differ
from the GDSC name: "U87" -> U-87-MG, "LNCaP" -> LNCaP-Clone-FGC, "786-O" -> 786-0), the short NCI-H form
("H1975" -> NCI-H1975), and ``non_gdsc_cell_lines.csv``: well-known lines that are not in GDSC (HepG2,
HEK293, SH-SY5Y, ...) with the tissue-matched GDSC lines to offer instead.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from model_zoo.chem import cells
from model_zoo.names.types import Resolved, Unresolved
from model_zoo.names.text import COMPOUND_CODE, labelled, opens_a_row, overlaps

DATA = Path(__file__).resolve().parents[1] / "data" / "names"
N_CLOSEST = 5


def _key(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


@dataclass(frozen=True)
class OtherLine:
    name: str
    tissue: str
    suggest: tuple[str, ...]
    note: str


@dataclass
class _Tables:
    variants: dict[str, str]  # key -> GDSC name
    others: dict[str, OtherLine]  # key -> non-GDSC line
    other_spellings: tuple[str, ...]


@lru_cache(maxsize=1)
def tables() -> _Tables:
    with (DATA / "cell_line_variants.csv").open(encoding="utf-8", newline="") as fh:
        variants = {_key(r["spelling"]): r["gdsc_name"] for r in csv.DictReader(fh)}
    others: dict[str, OtherLine] = {}
    spellings = []
    with (DATA / "non_gdsc_cell_lines.csv").open(encoding="utf-8", newline="") as fh:
        for r in csv.DictReader(fh):
            line = OtherLine(r["name"], r["tissue"], tuple(s for s in r["suggest"].split("|") if s), r["note"])
            for spelling in r["spellings"].split("|"):
                others[_key(spelling)] = line
                spellings.append(spelling)
    return _Tables(variants, others, tuple(sorted(spellings, key=len, reverse=True)))


def _line_result(line: cells.CellLine, written: str, start: int = -1, end: int = -1,
                 via: str = "") -> Resolved:
    source = f"GDSC {line.name}, COSMIC {line.cosmic_id}"
    if via:
        source += f" ({via})"
    return Resolved("cell_line", written, line.name, line.name, source, False, start, end)


def _lookup(written: str) -> cells.CellLine | None:
    """GDSC line for a spelling, via cells.py, the variants table or the NCI-H short form; None if unknown."""
    t = tables()
    key = _key(written)
    if key in t.variants:
        return cells.resolve_cell_line(t.variants[key])
    if _known_to_cells(written):
        return cells.resolve_cell_line(written)  # may raise for an ambiguous spelling
    m = re.fullmatch(r"h(\d{3,4})", key)
    if m and _known_to_cells(f"NCI-H{m.group(1)}"):
        return cells.resolve_cell_line(f"NCI-H{m.group(1)}")
    return None


def _known_to_cells(written: str) -> bool:
    """Whether cells.resolve_cell_line would find something, without paying for its error message
    (an unknown name there computes spelling suggestions)."""
    cat = cells._catalogue()
    text = written.strip().strip("\"'`")
    m = cells._COSMIC_PREFIX.match(text)
    return bool((m and m.group(1) in cat.by_id) or text in cat.exact or text.casefold() in cat.by_casefold
                or _key(text) in cat.by_key)


def is_known_other_line(written: str) -> bool:
    """A well-known cell line that GDSC lacks ("PC9", "HepG2"): a line for sure, unlike any word shaped like one."""
    return _key(written) in tables().others


def _unknown(written: str, start: int = -1, end: int = -1) -> Unresolved:
    other = tables().others.get(_key(written))
    if other is not None:
        closest = other.suggest[:N_CLOSEST]
        note = f"{other.note} (tissue: {other.tissue})"
        if closest:
            note += "; closest GDSC lines offered"
        return Unresolved("cell_line", written, closest, start, end, note)
    closest = tuple(cells._suggestions(written, n=N_CLOSEST))
    return Unresolved("cell_line", written, closest, start, end, "not a GDSC cell line")


def resolve_cell_line_name(name: str) -> Resolved | Unresolved:
    """A cell-line spelling or COSMIC id -> the GDSC line ("MCF-7" -> MCF7, "A-549" -> A549, "U87" ->
    U-87-MG); Unresolved with the closest GDSC lines otherwise ("HepG2" -> C3A, Hep3B2-1-7, HuH-7, ...)."""
    written = " ".join(str(name).split())
    if not written:
        return Unresolved("cell_line", written, (), note="the cell line is empty")
    try:
        line = _lookup(written)
    except cells.UnknownCellLine as exc:  # ambiguous in cells.py
        return Unresolved("cell_line", written, tuple(cells._suggestions(written, n=N_CLOSEST)), note=str(exc))
    if line is None:
        return _unknown(written)
    via = "" if _key(written) in (_key(line.name), *map(_key, line.aliases)) or written.isdigit() else \
        f"{written} is a common spelling of {line.name}"
    return _line_result(line, written, via=via)


# --- free text ----------------------------------------------------------------------------------------

_CONTEXT_AFTER = re.compile(r"^\s*(?:cells?\b|cell[\s-]*lines?\b|lines?\b|xenografts?\b|细胞)", re.IGNORECASE)
# ("the lung line h1975", "the breast lines MCF7 and t47d": a line named after the word)
_CONTEXT_BEFORE = re.compile(r"(?:\bcell[\s_-]*(?:lines?|names?)|\bcells?|\blines?|\bin|\bagainst|\bon|\busing|"
                             r"\btreat(?:ed|ing)?|\bfor|\b(?:response|sensitivity|viability|growth)\s+of|"
                             # French, Spanish, Portuguese, German and Polish words for "in", "on", "of the"
                             r"\bdans|\bdes|\bles|\bsur|\bchez|\ben|\bem|\bauf|\bbei|\bw)\s*[:,]?\s+(?:the\s+)?$|"
                             r"(?:在|用|对)\s*$",  # Chinese "in", "with", "on" before the name
                             re.IGNORECASE)
# "the daoy medulloblastoma line": a tissue word between the name and "line"
_TISSUE_THEN_LINE = re.compile(r"^\s+[a-z-]{4,30}\s+(?:cells?\b|cell[\s-]*lines?\b|lines?\b)", re.IGNORECASE)
# mutations (T790M), logD7.4, a part of a molecule named with its substituent ("CF3-phenyl", "4-F-benzyl")
_NOT_LINE_WORD = re.compile(r"^(?:[A-Z]\d{2,4}[A-Z]|(?i:log[dps]).*|.*-(?i:phenyl|benzyl|pyridyl|aryl|anilin[eo]|"
                            r"amide|urea|ether|ester|piperazine|piperidine|morpholine)s?)$")
_POSSESSIVE = re.compile(r"['’]s\b")
_SHAPE = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[-/.][A-Za-z0-9]+)*")
_DIGIT_FIRST = re.compile(r"(?<![\w.-])\d[A-Za-z][A-Za-z0-9]*(?![\w-])")
_DIGIT_LED = re.compile(r"(?<![\w.-])\d[A-Za-z0-9]*(?:-[A-Za-z0-9]+)+(?![\w-])")
_SPACED = re.compile(r"(?<![\w-])([A-Za-z]{2,5})[ ]([A-Z]?\d{1,4}[A-Za-z]?)(?![\w-])")
# "C-33 A", "U-87 MG", "Ca Ski": a line's name with its last letters written apart
_SPACED_SUFFIX = re.compile(r"(?<![\w-])(?:[A-Za-z]{1,5}-?\d{1,4}[ ][A-Z]{1,2}|[A-Z][A-Za-z]{1,4}[ ][A-Z][a-z]{2,4})"
                            r"(?![\w-])")  # (and "Ca Ski": two words of one name)
# (an adjective written onto a word, "IMiD-only", "EGFR-driven", "BRCA-mutant", is no line)
_NOT_CELL = re.compile(r"(?i)^(?:[a-z0-9]+-(?:only|based|free|like|type|driven|dependent|specific|selective|"
                       r"positive|negative|mutant|mutated|resistant|sensitive|naive|treated|null|high|low)|"
                       r"(?:ln|log)?[pgle]?ic50|(?:alpha|beta|gamma|delta)-?\d|ec50|gi50|ld50|cc50|ki|kd|"
                       r"pkd|pki|logp|logd|logs|clogp|tpsa|mw|"
                       r"\d+d|\d*well|h2o|co2|o2|n2|mg\d*|ml|nm|um|mm|pm|fm|tox21|bace1|covid-?19|sars-cov-2|"
                       r"[a-z]{1,2}\d{1,2}|(?:top|rank)-?\d+|cyp\d\w*|(?:ddi|dti|adr)s?|adme|admet|"
                       r"(?-i:MSc|BSc|PhD|MPhil|PharmD)|"  # degrees ("the MSc class"; not MSC cells)
                       # treatment regimens ("MDR-TB pt going on BPaL", "on FOLFOX")
                       r"bpalm?|folfox|folfiri|folfirinox|xelox|capox|r-?chop|abvd|beacopp|"
                       r"q\d{1,2}h(?:r?s?)?|"  # a dosing interval ("tramadol 50 q6h")
                       # chemistry software and databases ("in RDKit atom order", "in ChemDraw", "in PubChem")
                       r"rdkit|chemdraw|pubchem|chembl|chemspider|openbabel|marvinsketch|knime|pymol|chimerax|"
                       # "round-3", "batch7", "plate-14": a place in a series of experiments or files ("exon-19": a
                       # gene's)
                       r"(?:exon|intron|codon|phase|day|visit|round|batch|plate|lot|run|series|week|version|rev|"
                       r"cohort|wave|step|stage|table|figure|fig|slide|page|part|panel|tier|cycle|sheet|tab)"
                       r"[-_]?\d+[a-z]?)$")


def _known_mentions(text: str) -> list[tuple[int, int, str, cells.CellLine]]:
    """cells.py's mentions with their spans (it gives the written text; we find it again, in order)."""
    out = []
    pos = 0
    for written, line in cells.find_cell_line_mentions(text):
        i = text.find(written, pos)
        if i < 0:
            i = text.find(written)
        if i >= 0:
            out.append((i, i + len(written), written, line))
            pos = i + len(written)
    return out


def cell_line_spans(text: str) -> list[tuple[int, int]]:
    """Spans of GDSC cell-line mentions (cells.py's rules), to keep them away from the drug and target
    parsers."""
    return [(s, e) for s, e, _, _ in _known_mentions(text)]


def is_cell_line_name(word: str) -> bool:
    """A GDSC line, a variant spelling, or a known non-GDSC line."""
    key = _key(word)
    if key in tables().others:
        return True
    try:
        return _lookup(word) is not None
    except cells.UnknownCellLine:
        return True


# Arabic typed in Latin letters writes some letters as digits ("wa7da", "lewa7daha", "3ayza"): one digit inside a
# lower-case word, with letters on after it, is a word; a line typed in lower case ends or goes on in digits ("t47d")
_DIGIT_AS_LETTER = re.compile(r"[A-Za-z]?[a-z]*[235789][a-z]{2,}(?:-[a-z]+)?")  # "E3mel-o": do it


# "CH3CH2C(=O)NH", "CH2CH2OH": a condensed structural formula written beside a part's name, no line
_CONDENSED_FORMULA = re.compile(r"(?=.*CH[23])(?:CH[23]?|C|NH2?|N|OH|O)+")


def _cell_shaped(word: str) -> bool:
    if len(word) < 3 or len(word) > 14 or _NOT_CELL.match(word) or word.isdigit() or COMPOUND_CODE.fullmatch(word) \
            or _DIGIT_AS_LETTER.fullmatch(word) or _CONDENSED_FORMULA.fullmatch(word):
        return False
    has_digit = any(ch.isdigit() for ch in word)
    has_alpha = any(ch.isalpha() for ch in word)
    camel = bool(re.search(r"[a-z][A-Z]|[A-Z]{2,}[a-z]", word))
    return has_alpha and (has_digit or camel)


_FILE_EXTENSION = r"\.(?:csv|tsv|sdf|smi|xlsx|fasta|fa|txt)\b"
# ("plate9_primary.csv", "the serie7 file", "serie7-filen": a file named by its name)
_FILE_NAME_GOES_ON = re.compile(rf"_|{_FILE_EXTENSION}|[ -](?:file|filen|sheet|spreadsheet|upload)s?\b", re.I)


def _in_file_name(text: str, end: int, word: str) -> bool:
    """Whether a word is (part of) a file name: "plate9_primary.csv", "hits2.sdf", "the serie7 file"."""
    return bool(_FILE_NAME_GOES_ON.match(text, end) or re.search(_FILE_EXTENSION, word, re.I))


def find_cell_line_names(text: str, in_context: bool = False) -> list[Resolved | Unresolved]:
    """Cell-line mentions in free text, in order: GDSC lines (cells.py's rules, plus variant spellings such
    as "U87" and spaced ones such as "mcf 7 cells") as Resolved, and cell-line-shaped names in a cell-line
    context that are not GDSC lines ("in HepG2", "HEK293 cells") as Unresolved with options.

    ``in_context``: the whole message stands in a cell-line context (it continues a request whose tool takes a
    cell line: "sorry I meant H1975"), so known spellings need no context words; unknown shapes still do."""
    if not text:
        return []
    out: list[Resolved | Unresolved] = []
    taken: list[tuple[int, int]] = []


    def context(s: int, e: int) -> bool:
        return bool(_CONTEXT_AFTER.match(text[e:e + 25]) or _CONTEXT_BEFORE.search(text[max(0, s - 25):s])
                    or _TISSUE_THEN_LINE.match(text[e:e + 45]) or cells.bare_follow_up(text, s, e))

    def listed(s: int) -> bool:
        # "in A549 and H1975": a spelling listed right after a line is one too
        return any(cells.LIST_JOIN.fullmatch(text[end:s]) for _, end in taken)

    def known_in_context(s: int, e: int) -> bool:
        return in_context or context(s, e) or listed(s)

    for s, e, written, known in _known_mentions(text):
        out.append(_line_result(known, written, s, e))
        taken.append((s, e))
    # known non-GDSC lines and variant spellings written as such ("Hep G2", "U87", "HEK-293T")
    t = tables()
    for m in _SPACED.finditer(text):
        s, e = m.span()
        if overlaps(s, e, taken) or not known_in_context(s, e):
            continue
        written = m.group()
        if _key(written) in t.others:
            out.append(_unknown(written, s, e))
            taken.append((s, e))
            continue
        line = _lookup(written) if re.search(r"\d", m.group(2)) else None
        if line is not None:
            out.append(_line_result(line, written, s, e, via=f"{written} read as {line.name}"))
            taken.append((s, e))
    for m in _SPACED_SUFFIX.finditer(text):
        line = None if overlaps(*m.span(), taken) or not known_in_context(*m.span()) else _lookup_quietly(m.group())
        if line is not None:
            out.append(_line_result(line, m.group(), *m.span(), via=f"{m.group()} read as {line.name}"))
            taken.append(m.span())
    for m in _DIGIT_LED.finditer(text):  # "786-O" (GDSC: 786-0): a listed spelling that starts with a digit
        line = _lookup(m.group()) if _key(m.group()) in t.variants and not overlaps(*m.span(), taken) else None
        if line is not None:
            out.append(_line_result(line, m.group(), *m.span(), via=f"{m.group()} is a common spelling of {line.name}"))
            taken.append(m.span())
    for m in _DIGIT_FIRST.finditer(text):  # "4T1": a well-known line that GDSC lacks, written with a digit first
        if _key(m.group()) in t.others and not overlaps(*m.span(), taken):
            out.append(_unknown(m.group(), *m.span()))
            taken.append(m.span())
    for m in _SHAPE.finditer(text):
        s, e, word = m.start(), m.end(), m.group()
        if overlaps(s, e, taken) or (s > 0 and (text[s - 1].isalnum() or text[s - 1] in "-_")) \
                or _in_file_name(text, e, word):
            continue  # part of a longer word or of a file name ("plate9_primary.csv", "hits2.sdf")
        key = _key(word)
        if key in t.others and (known_in_context(s, e) or _cell_shaped(word)):
            out.append(_unknown(word, s, e))
            taken.append((s, e))
            continue
        if key in t.variants or re.fullmatch(r"h\d{3,4}", key):
            if not (key in t.variants or known_in_context(s, e) or taken):  # or the message names another line
                continue
            line = _lookup(word)
            if line is not None:
                out.append(_line_result(line, word, s, e, via=f"{word} is a common spelling of {line.name}"))
                taken.append((s, e))
                continue
        if in_context and word in cells._catalogue().exact and not word.isdigit() and not _other_entity(word) and (
                len(word) >= 3 or re.fullmatch(r"[A-Z]\d", word) and context(s, e)):
            # "and RKO, ...": a GDSC name as written; "And in H9?": a two-letter one after "in"
            out.append(_line_result(cells.resolve_cell_line(word), word, s, e))
            taken.append((s, e))
            continue
        # by its context: "for the daoy medulloblastoma line", "CaSki cells", "SiHa and CaSki" (GDSC: Ca-Ski), never a
        # name with a possessive ("for Kelly's compounds" names a person); after a question about the line: "ok then
        # fadu la", "ok use FaDu then" (GDSC: FADU)
        if len(word) >= 4 and ((context(s, e) or listed(s)) and not _POSSESSIVE.match(text, e) or in_context and (
                word.islower() or not word.isupper() and re.search(r"[A-Z]", word))) \
                and not _other_entity(word) and (line := _lookup_quietly(word)) is not None:
            out.append(_line_result(line, word, s, e, via=f"{word} read as {line.name}"))
            taken.append((s, e))
            continue
        line = _plural_line(word) if known_in_context(s, e) and not _other_entity(word) else None
        if line is not None:  # "for k562s", "in jurkats": the line's cells
            out.append(_line_result(line, word, s, e, via=f"{word} read as {line.name} cells"))
            taken.append((s, e))
            continue
        if _cell_shaped(word) and context(s, e) and not _other_entity(word) and not labelled(text, s, e) and \
                not STAR_ALLELE.match(text, e):
            out.append(_unknown(word, s, e))
            taken.append((s, e))
    return sorted(out, key=lambda r: r.start)


def _plural_line(word: str) -> cells.CellLine | None:
    """The GDSC line a word names in the plural ("k562s", "jurkats", "HeLas"), when the word alone is no line."""
    if len(word) < 4 or not word.endswith("s") or _lookup_quietly(word) is not None:
        return None
    return _lookup_quietly(word[:-1])


def _lookup_quietly(written: str) -> cells.CellLine | None:
    try:
        return _lookup(written)
    except cells.UnknownCellLine:
        return None


# "UGT1A1*28 homozygotes", "CYP2D6 *4/*4", "HLA-B*57:01": a gene's star allele, a genotype, no line
STAR_ALLELE = re.compile(r"\s?\*\d")
_HEADING_MARK = re.compile(r":|\s*[—–]|\s+-\s")


def find_cell_shaped_words(text: str) -> list[Unresolved]:
    """Words shaped like cell-line names ("Huh7.5", "HEK293T") that are no known line, drug, target or SMILES,
    wherever they stand: too loose to read as a cell line, enough to refuse taking one from elsewhere."""
    known = {(s, e) for s, e in cell_line_spans(text)}
    out = []
    for m in _SHAPE.finditer(text):
        s, e, word = m.start(), m.end(), m.group()
        if (s, e) in known or (s > 0 and (text[s - 1].isalnum() or text[s - 1] in "-_")) \
                or _in_file_name(text, e, word):
            continue
        # "DEV-118: I've uploaded …", "OX-9 — what are the precursors?": the code the message opens with names it
        heading = not text[:s].strip() and bool(_HEADING_MARK.match(text, e))
        # "2,PCM-D2,<SMILES>", "QX-D1\t<SMILES>": the label a pasted row opens with
        heading = heading or opens_a_row(text, s, e)
        if any(ch.isdigit() for ch in word) and _cell_shaped(word) and not _NOT_LINE_WORD.match(word) \
                and not is_cell_line_name(word) and not _other_entity(word) and not labelled(text, s, e) \
                and not heading and not STAR_ALLELE.match(text, e):
            out.append(_unknown(word, s, e))
    return out


_GENE_FUSION = re.compile(r"(?=\S*\d)[A-Z]{2,}\d?-[A-Z]{3,}\d?")  # with a digit: "PAX3-FOXO1", not "FOO-BAR"


def _other_entity(word: str) -> bool:
    """A drug, target or SMILES: not a cell line even "in" a sentence about cells."""
    from model_zoo.names.drugs import looks_like_smiles
    from model_zoo.names.drugs import tables as drug_tables
    from model_zoo.names.targets import NOT_TARGETS
    from model_zoo.names.targets import tables as target_tables
    from model_zoo.names.text import name_key

    key = name_key(word)
    # "FIP1L1-PDGFRA driven", "BCR-ABL1+": a fusion gene (one part a known target) describes the line
    fusion = "-" in word and any(len(part) >= 3 and name_key(part) in target_tables().names for part in word.split("-"))
    fusion = fusion or bool(_GENE_FUSION.fullmatch(word))  # "PAX3-FOXO1", "EWS-FLI1": two gene symbols
    return looks_like_smiles(word) or word.upper() in NOT_TARGETS or key in drug_tables().names \
        or key in target_tables().names or fusion or bool(_MUTATION.fullmatch(word) or _STATUS.fullmatch(word))


# "the other BRCA1-mutant line", "a HER2-positive line", "KRAS-driven cells": the line's status, not its name
_STATUS = re.compile(r"[A-Za-z][A-Za-z0-9]{1,9}-(?i:mutant|mut|mutated|null|deficient|proficient|positive|negative|pos|"
                     r"neg|amplified|amp|high|low|wt|wild-?type|driven|dependent|addicted|resistant|sensitive|"
                     r"overexpressing|knockout|ko)")
# "the EGFR del19 line", "the T790M line", "exon20ins cells": a mutation that describes the line, not its name
_MUTATION = re.compile(r"(?i:del|ins|dup|exon)\d{1,3}(?i:del|ins)?|"
                       r"[ACDEFGHIKLMNPQRSTVWY]\d{2,4}[ACDEFGHIKLMNPQRSTVWY*]")


def find_unknown_cell_lines(text: str) -> list[Unresolved]:
    """Cell-line-shaped names in a cell-line context that are not GDSC lines ("in HepG2", "HepG2 cells"),
    each with the closest GDSC lines."""
    return [r for r in find_cell_line_names(text) if isinstance(r, Unresolved)]
