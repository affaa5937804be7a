"""Protein sequences: normalize what a scientist pastes, and find sequences inside free text.

Pure Python on purpose (no rdkit, no torch): the chat layer imports this on every message.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from model_zoo.errors import UserFacingError

STANDARD_AA = "ACDEFGHIKLMNPQRSTVWY"
# X = unknown (DAVIS has it); B/Z = ambiguous D/N and E/Q; U = selenocysteine; O = pyrrolysine.
EXTRA_AA = "XBZUO"
ALLOWED_AA = frozenset(STANDARD_AA + EXTRA_AA)

MIN_LENGTH = 20
MAX_LENGTH = 40_000  # longer than titin; anything beyond is not a pasted protein
FIND_MIN_LENGTH = 30  # free-text runs shorter than this are too easily ordinary words

_NUCLEOTIDES = frozenset("ACGTUN")
_SMILES_HINT_CHARS = frozenset("=#()[]@\\/+")
_EDGE_PUNCT_LEAD = "\"'([{<`"
_EDGE_PUNCT_TRAIL = "\"')]}>`.,;:!?"


class InvalidSequence(UserFacingError):
    """The text is not a usable protein sequence; the message says why, for the user."""


def _strip_fasta_headers(text: str) -> tuple[str, int]:
    """Drop FASTA header ('>') and comment (';') lines; return the rest and the header count."""
    kept, headers = [], 0
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith(">"):
            headers += 1
        elif not stripped.startswith(";"):
            kept.append(stripped)
    return "\n".join(kept), headers


def _join_residues(body: str) -> str:
    """Remove whitespace, numbering tokens (GenBank style "61 mkkff...") and a final '.' or '*'."""
    tokens = [t for t in body.split() if not t.isdigit()]
    seq = "".join(tokens).upper()
    return seq.rstrip(".*")


def _describe_bad_chars(seq: str) -> str:
    bad: list[str] = []
    for ch in seq:
        if ch not in ALLOWED_AA and ch not in bad:
            bad.append(ch)
    first = next(i for i, ch in enumerate(seq) if ch not in ALLOWED_AA)
    shown = ", ".join(repr(ch) for ch in bad[:6]) + (" …" if len(bad) > 6 else "")
    msg = (
        f"not a protein sequence: {shown} {'is' if len(bad) == 1 else 'are'} not amino-acid one-letter "
        f"code{'' if len(bad) == 1 else 's'} (first at position {first + 1}; allowed: {STANDARD_AA}, "
        f"plus {'/'.join(EXTRA_AA)})"
    )
    if any(ch in _SMILES_HINT_CHARS for ch in bad):
        msg += ". It looks like a SMILES string; a protein target needs its amino-acid sequence"
    return msg


def normalize_sequence(text: object) -> str:
    """Return the bare upper-case amino-acid sequence of one protein.

    Accepts one line, a FASTA record (header + wrapped lines), groups of 10 separated by spaces,
    GenBank-style numbered lines, lower case, and a trailing '.' or '*'.
    """
    if not isinstance(text, str):
        raise InvalidSequence(f"a protein sequence must be text, got {type(text).__name__}")
    body, headers = _strip_fasta_headers(text.strip())
    if headers > 1:
        raise InvalidSequence(f"the text holds {headers} FASTA records; give one protein sequence at a time")
    seq = _join_residues(body)
    if not seq:
        raise InvalidSequence("the protein sequence is empty")
    if any(ch not in ALLOWED_AA for ch in seq):
        raise InvalidSequence(_describe_bad_chars(seq))
    if len(seq) < MIN_LENGTH:
        raise InvalidSequence(
            f"the sequence has {len(seq)} residue{'s' if len(seq) != 1 else ''}; a protein target needs at "
            f"least {MIN_LENGTH}"
        )
    if len(seq) > MAX_LENGTH:
        raise InvalidSequence(f"the sequence has {len(seq):,} residues; the limit is {MAX_LENGTH:,}")
    if set(seq) <= _NUCLEOTIDES:
        raise InvalidSequence(
            "this looks like a DNA/RNA sequence (only A, C, G, T/U, N); give the protein's amino-acid sequence"
        )
    return seq


# --- finding sequences in free text -------------------------------------------------------------

_UPPER_FIND = frozenset(STANDARD_AA + "X")
_LOWER_FIND = frozenset(STANDARD_AA.lower())
_MIN_CHAIN_TOKEN = 10  # whitespace-split groups: every group but the last must be this long


def _sequence_line_case(line: str) -> str | None:
    """'upper'/'lower' for a wrapped FASTA line (one run of residue letters, or groups of >= 10 with
    optional numbering), else None."""
    tokens = [t for t in line.split() if not t.isdigit()]
    if not tokens:
        return None
    tokens[-1] = tokens[-1].rstrip("*.")
    if not all(t and set(t.upper()) <= ALLOWED_AA for t in tokens):
        return None
    if any(len(t) < _MIN_CHAIN_TOKEN for t in tokens[:-1]):
        return None
    joined = "".join(tokens)
    return "upper" if joined.isupper() else "lower" if joined.islower() else None


def _fasta_blocks(text: str) -> tuple[list[tuple[int, str]], str]:
    """FASTA records in the text as (offset, normalized sequence), and the text with them blanked out.

    Blanking keeps every character offset, so runs found later can be ordered with the records.
    """
    lines = text.splitlines(keepends=True)
    found: list[tuple[int, str]] = []
    out: list[str] = []
    offset = 0
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        if line.startswith(">") and len(line) > 1 and not line[1].isspace():
            j = i + 1
            case = _sequence_line_case(lines[j]) if j < len(lines) else None
            while j < len(lines) and case and _sequence_line_case(lines[j]) == case:
                j += 1
            block = "".join(lines[i:j])
            try:
                found.append((offset, normalize_sequence(block)))
            except InvalidSequence:
                out.append(block)
            else:
                out.append(re.sub(r"\S", " ", block))
            offset += len(block)
            i = j
            continue
        out.append(lines[i])
        offset += len(lines[i])
        i += 1
    return found, "".join(out)


def _token_case(token: str) -> str | None:
    """'upper' / 'lower' when the token is made only of amino-acid letters of one case, else None."""
    if token.isupper() and set(token) <= _UPPER_FIND:
        return "upper"
    if token.islower() and set(token) <= _LOWER_FIND:
        return "lower"
    return None


def _looks_like_protein(seq: str) -> bool:
    # A run of one or two letters ("CCCC…", a long alkane SMILES) is not a protein.
    return len(seq) >= FIND_MIN_LENGTH and len(set(seq)) >= 5


def _runs(text: str) -> list[tuple[int, str]]:
    """Runs of amino-acid letters as (offset, sequence), possibly split by whitespace and numbering."""
    found: list[tuple[int, str]] = []
    chain: list[str] = []
    start = 0
    case: str | None = None

    def flush() -> None:
        nonlocal chain, case
        seq = "".join(chain).upper()
        if _looks_like_protein(seq):
            found.append((start, seq))
        chain, case = [], None

    for match in re.finditer(r"[^\s:=]+", text):  # "domain:MKK…" and "seq=MKK…" too
        raw = match.group().lstrip(_EDGE_PUNCT_LEAD)
        token = raw.rstrip(_EDGE_PUNCT_TRAIL + "*")
        if token.isdigit() and chain and token == raw:
            continue  # GenBank numbering inside a sequence
        kind = _token_case(token) if token else None
        if kind is None or text.startswith(":", match.end()):  # "ITK:" labels the sequence after it
            flush()
            continue
        if chain and (kind != case or len(chain[-1]) < _MIN_CHAIN_TOKEN):
            flush()
        if not chain:
            start = match.start()
        chain.append(token)
        case = kind
        if token != raw:
            flush()  # trailing punctuation ends the sequence ("… QR. Thanks")
    flush()
    return found


def find_sequences(text: str) -> list[str]:
    """Protein sequences inside free text, normalized, in order of appearance, without duplicates.

    Recognizes FASTA records anywhere in the text, and runs of at least 30 amino-acid letters that are
    either all upper case (20 standard letters + X) or all lower case (20 standard letters). A run may be
    split by whitespace or newlines into groups (FASTA lines, groups of 10), but every group except the
    last must be at least 10 letters, so ordinary capitalized words never chain into a "sequence".
    """
    if not text:
        return []
    fasta, rest = _fasta_blocks(text)
    rest = _GAPPED.sub(lambda m: " " * len(m.group()), rest)  # a sequence with a gap is none (find_broken_sequences)
    result: list[str] = []
    for _, seq in sorted(fasta + _runs(rest)):
        if seq not in result and not set(seq) <= _NUCLEOTIDES:
            result.append(seq)
    return result


@dataclass(frozen=True)
class BrokenSequence:
    start: int
    end: int
    written: str
    problem: str  # what makes it no protein sequence, in words


# "QALLRILK…KEIL […] GVTVWELM…": residues with a gap marked in the middle (a figure split across pages)
_GAPPED = re.compile(r"[A-Z]{20,}[ \t]*(?P<gap>\[\s*(?:…|\.{3}|gap|snip\w*)\s*\]|\(\s*(?:…|\.{3})\s*\)|…|\.{3})"
                     r"[ \t]*[A-Z]{20,}")


def _gap_problem(gapped: re.Match[str]) -> str:
    residues = len(gapped.group()[:gapped.start("gap") - gapped.start()].strip())
    return (f"the pasted sequence has a gap ('{gapped.group('gap')}') after residue {residues}; paste the whole "
            "sequence, or name the target")


# a cDNA or mRNA pasted where a protein is asked for ("… with this EGFR? ATGCGACCCTCC…"), in upper or lower case
_NUCLEOTIDE_RUN = re.compile(r"(?<![A-Za-z])(?:[ACGTU]{30,}|[acgtu]{30,})(?![A-Za-z])")


def find_broken_sequences(text: str) -> list[BrokenSequence]:
    """Pasted tokens that are almost protein sequences but hold something no sequence has: a stop codon ``*`` or a
    digit inside, letters that code no amino acid ("…ALTE*PEARY…"), a gap marked in the middle ("…KEIL […]
    GVTV…"), or nucleotides (a cDNA). Never read as a sequence (the agent asks): cutting at the odd character would
    be a guess."""
    out = [BrokenSequence(m.start(), m.end(), m.group(), _gap_problem(m)) for m in _GAPPED.finditer(text)]
    out += [BrokenSequence(m.start(), m.end(), m.group(), "the pasted sequence is DNA or RNA (only A, C, G, T/U), not "
                           "a protein's amino acids; paste the protein sequence, or say to use the target by its name")
            for m in _NUCLEOTIDE_RUN.finditer(text)]
    for match in re.finditer(r"\S{30,}", text):
        token = match.group().lstrip(_EDGE_PUNCT_LEAD).rstrip(_EDGE_PUNCT_TRAIL + "*")
        letters = [c for c in token.upper() if c.isalpha()]
        amino = sum(c in _UPPER_FIND for c in letters)
        if len(token) < FIND_MIN_LENGTH or not (token.isupper() or token.islower()) or len(set(letters)) < 8 \
                or amino < 0.9 * len(token):
            continue
        odd = [i for i, c in enumerate(token.upper()) if c not in _UPPER_FIND]
        # (not "methylsulfonylethylaminomethyl": a chemical name in lower case has letters no sequence has)
        if odd and len(odd) <= max(3, len(token) // 20) and (token.isupper() or not any(token[i].isalpha()
                                                                                          for i in odd)):
            what = "a stop codon '*'" if token[odd[0]] == "*" else f"'{token[odd[0]]}'"
            out.append(BrokenSequence(match.start(), match.end(), token,
                                      f"the pasted sequence has {what} at position {odd[0] + 1}, which no amino-acid "
                                      "sequence has; paste the protein sequence without it"))
    return out
