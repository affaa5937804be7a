"""Deterministic extraction of typed values from a user's message.

Molecules, sequences, cell lines, numbers and masks are taken from what the user typed, never
from an LLM's rewriting of it (small models silently "fix" SMILES). Each finder returns values in
the order they appear.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from model_zoo.chem.cells import CellLine, find_cell_line_mentions
from model_zoo.chem.mols import InvalidSmiles, parse_smiles
from model_zoo.chem.proteins import find_sequences

_SMILES_CHARS = re.compile(r"^[A-Za-z0-9@+\-\[\]()=#$%/\\.:*]+$")
_ELEMENT_LETTERS = re.compile(r"^(?:Cl|Br|C|N|O|S|P|F|I|B)+$")
_SMILES_SYNTAX = re.compile(r"[=#()\[\]@/\\]|\d|[cnos]")
_NOT_MOLECULES = {
    "BBB", "CNS", "NSCLC", "SCLC", "CO", "NO", "IN", "IS", "IF", "OF", "ON", "SO", "OR", "BP", "PPB", "PK",
    "FP", "CI", "SI", "SP", "NB", "PS", "PC", "SN", "CF", "CB", "BC", "OS", "CC", "FC", "FF", "NN",
}
_WRAPPERS = "\"'`“”‘’<>{}"
_TRAILING = ".,;:?!"
_NUMBER = re.compile(r"(?<![\w.\-−])([-+−]?\d+(?:\.\d+)?)(?![\w.]*[A-Za-z])")
_ZSCORE_CUES = re.compile(r"(ic\s?50\)?|z-?\s?score|\bz\b|target|around|reach|of|to|=|:)\s*$", re.I)
_MASK_LIST = re.compile(r"\[\s*[01](?:\s*,\s*[01])+\s*\]")
_MASK_SPACED = re.compile(r"(?<![\w.\-])[01](?:[ \t]+[01]){3,}(?![\w.])")
_MASK_RUN = re.compile(r"(?<![\w.\-])[01]{4,}(?![\w.])")


@dataclass(frozen=True)
class Number:
    value: float
    pos: int  # character offset in the message


@dataclass
class Entities:
    smiles: list[str] = field(default_factory=list)  # valid ones
    molecules: list[str] = field(default_factory=list)  # everything meant as a SMILES, valid or not, in order
    sequences: list[str] = field(default_factory=list)
    cell_lines: list[CellLine] = field(default_factory=list)
    numbers: list[Number] = field(default_factory=list)
    masks: list[list[int]] = field(default_factory=list)
    invalid_smiles: list[tuple[str, str]] = field(default_factory=list)  # (token, reason) that look like SMILES
    text: str = ""  # the message the values were found in (Number.pos points into it)
    prose: str = ""  # the words around the values: the message with molecules, sequences and masks blanked


def extract(text: str) -> Entities:
    found = Entities(text=text)
    found.sequences = find_sequences(text)
    found.masks, text_wo_masks = _extract_masks(text)
    mentions = find_cell_line_mentions(text_wo_masks)
    found.cell_lines = list(dict.fromkeys(line for _, line in mentions))
    cell_tokens = {written for written, _ in mentions}
    residues = "".join(found.sequences)
    prose = text_wo_masks
    for token in _tokens(text_wo_masks):
        if token in cell_tokens or (token.isalpha() and token.isupper() and len(token) >= 6 and token in residues):
            continue
        smiles, error = _as_smiles(token)
        if smiles or error:
            prose = prose.replace(token, " ")
        if smiles:
            found.smiles.append(smiles)
            found.molecules.append(smiles)
        elif error:
            found.invalid_smiles.append((_strip(token), error))
            found.molecules.append(_strip(token))
    found.numbers = _numbers(text_wo_masks, found.smiles, cell_tokens)
    found.prose = re.sub(r"^>.*$|[A-Z]{20,}|(?:[A-Z]{10} ){2,}[A-Z]*", " ", prose, flags=re.M)
    return found


def _tokens(text: str) -> list[str]:
    return [t for t in re.split(r"[\s,;]+", text) if t]


def _strip(token: str) -> str:
    previous = None
    while token != previous:
        previous = token
        token = token.strip(_WRAPPERS).rstrip(_TRAILING)
    if ":" in token and not token.startswith("["):  # "gt:CCO", "smiles=CCO" labels
        token = token.split(":", 1)[1] if re.match(r"^[A-Za-z_]+:", token) else token
    token = re.sub(r"^(?:gt|smiles|mol|drug)=", "", token, flags=re.I)
    # unwrap "(CCO)" only when the parentheses wrap the whole token
    while token.startswith("(") and token.endswith(")") and _balanced(token[1:-1]):
        token = token[1:-1]
    if token.startswith("(") and not _balanced(token):
        token = token[1:]
    if token.endswith(")") and not _balanced(token):
        token = token[:-1]
    return token


def _balanced(text: str) -> bool:
    depth = 0
    for ch in text:
        depth += ch == "("
        depth -= ch == ")"
        if depth < 0:
            return False
    return depth == 0


def looks_like_smiles(token: str) -> bool:
    """Plausibly meant as a SMILES (before parsing): SMILES characters, and not an ordinary word."""
    if len(token) < 2 or not _SMILES_CHARS.match(token) or token.upper() in _NOT_MOLECULES:
        return False
    if token.isdigit() or re.fullmatch(r"[-+]?\d+(\.\d+)?", token):
        return False
    if token.isalpha():
        return bool(_ELEMENT_LETTERS.match(token)) and "C" in token
    if not _SMILES_SYNTAX.search(token):
        return False
    outside = re.sub(r"\[[^\]]*\]", "", token).replace("Cl", "").replace("Br", "")
    if re.search(r"[a-z]", outside.translate(str.maketrans("", "", "cnosp"))) or re.search(r"[AD-EG-HJ-MQ-RT-Z]", outside):
        return False  # letters that are no atom outside brackets: "ln(IC50)", "t-test", "H2O"
    letters = re.sub(r"[^A-Za-z]", "", token)
    # Words with digits such as "IC50", "CDK9", "A549", "H2O" are not what users mean as SMILES.
    return bool(letters) and (len(token) >= 4 or any(c in token for c in "=#()[]"))


def _as_smiles(raw: str) -> tuple[str | None, str | None]:
    token = _strip(raw)
    if not looks_like_smiles(token):
        return None, None
    try:
        parse_smiles(token)
        return token, None
    except InvalidSmiles as exc:
        # Report only tokens that are clearly chemistry (brackets, bonds, rings), not stray words.
        if re.search(r"[=#()\[\]]|[A-Za-z]\d", token) and not re.fullmatch(r"[A-Z]+-?\d+[A-Za-z]?", token):
            return None, str(exc)
        return None, None


def _extract_masks(text: str) -> tuple[list[list[int]], str]:
    masks: list[list[int]] = []
    for pattern in (_MASK_LIST, _MASK_SPACED, _MASK_RUN):
        def take(match: re.Match[str]) -> str:
            masks.append([int(c) for c in re.findall(r"[01]", match.group(0))])
            return " " * len(match.group(0))
        text = pattern.sub(take, text)
    return masks, text


def _numbers(text: str, smiles: list[str], cell_tokens: set[str]) -> list[Number]:
    """Numbers outside SMILES, cell-line names and masks; blanking keeps offsets aligned with the text."""
    masked = text
    for token in sorted(set(smiles) | cell_tokens, key=len, reverse=True):
        masked = masked.replace(token, " " * len(token))
    masked = re.sub(r"\b(?:[pP]?IC\s?50|[A-Z]{2,}\d+|[A-Z]{2,}-\d+)\b", lambda m: " " * len(m.group(0)), masked)
    return [Number(float(m.group(1).replace("−", "-")), m.start(1)) for m in _NUMBER.finditer(masked)]


def pick_number(e: Entities) -> float:
    """The number that follows a response cue ("ln(IC50) around -2.5", "z = -1"), else the first one."""
    for number in e.numbers:
        if _ZSCORE_CUES.search(e.text[max(0, number.pos - 25): number.pos]):
            return number.value
    return e.numbers[0].value
