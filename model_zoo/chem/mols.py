"""Parse and check SMILES with RDKit, turning RDKit's log into error messages (rdkit only, no torch)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from rdkit import Chem, rdBase

from model_zoo.chem.echo import echo
from model_zoo.errors import UserFacingError

# The longest SMILES in the shared datasets (SIDER, MoleculeNet) is 1,340 characters; a 3,000,000-character one
# cost RDKit 1.66 GB and 38 s. Anything longer than this is refused before RDKit sees it.
MAX_SMILES_CHARS = 3_000

MAX_REASONS = 3  # of RDKit's messages about one SMILES (it writes one per unclosed ring or branch)
MAX_REASON_CHARS = 120

_TIMESTAMP = re.compile(r"^\[\d{2}:\d{2}:\d{2}\]\s*")
_PARSE_PREFIX = "SMILES Parse Error: "


class InvalidSmiles(UserFacingError):
    """A SMILES that RDKit cannot turn into a sanitized molecule; ``reason`` is RDKit's explanation."""

    def __init__(self, smiles: object, reason: str) -> None:
        self.smiles = smiles
        self.reason = reason
        super().__init__(f"invalid SMILES {echo(smiles)}: {reason}")


def _reason_from_log(log: str, smiles: str) -> str:
    """Condense RDKit's error log into one line: drop timestamps, echoes of the input and the caret line."""
    reasons: list[str] = []
    for raw in log.splitlines():
        line = _TIMESTAMP.sub("", raw).strip()
        if not line or line == smiles or set(line) <= {"~", "^"} or "Failed parsing SMILES" in line:
            continue
        line = line.removeprefix(_PARSE_PREFIX).rstrip(":")
        if line.startswith("syntax error while parsing"):
            line = "syntax error"
        line = " ".join(line.split())
        if len(line) > MAX_REASON_CHARS:  # RDKit quotes pieces of the input: never the whole of it
            line = line[: MAX_REASON_CHARS - 1] + "…"
        if line not in reasons:
            reasons.append(line)
    more = f" (+{len(reasons) - MAX_REASONS} more)" if len(reasons) > MAX_REASONS else ""
    return "; ".join(reasons[:MAX_REASONS]) + more if reasons else "RDKit could not parse it"


def parse_smiles(smiles: str) -> Chem.Mol:
    """A sanitized RDKit molecule, or InvalidSmiles naming the input and RDKit's reason.

    Surrounding whitespace is ignored; empty input, molecules without atoms and SMILES longer than
    ``MAX_SMILES_CHARS`` (checked before RDKit parses anything) are invalid.
    """
    if not isinstance(smiles, str):
        raise InvalidSmiles(smiles, f"expected a string, got {type(smiles).__name__}")
    text = smiles.strip()
    if not text:
        raise InvalidSmiles(smiles, "empty SMILES")
    if len(text) > MAX_SMILES_CHARS:
        raise InvalidSmiles(smiles, too_long(len(text)))
    if text.startswith("InChI="):  # no SMILES: the reason shows RDKit's reading of it, or why it cannot be read
        raise InvalidSmiles(smiles, f"an InChI, not a SMILES; RDKit reads it as {smiles_from_inchi(text)} (an InChI "
                                    "does not keep the tautomer drawn: check it, then paste the SMILES)")
    # Warnings (e.g. "not removing hydrogen atom without neighbors") are muted; errors are captured for the reason.
    with rdBase.BlockLogs(), rdBase.CaptureErrorLog() as capture:
        mol = Chem.MolFromSmiles(text)
    if mol is None:
        fixed = case_fixed(text)
        hint = f"; element symbols are case-sensitive: did you mean {fixed}?" if fixed else ""
        raise InvalidSmiles(smiles, _reason_from_log(capture.messages, text) + hint)
    if mol.GetNumAtoms() == 0:
        raise InvalidSmiles(smiles, "no atoms")
    return mol


# halogens written in capitals ("CLC1…", "c1ccc(BR)cc1"): a caps-lock typo RDKit cannot read
_CAPITALISED_HALOGEN = re.compile(r"CL|BR")


def case_fixed(smiles: str) -> str | None:
    """``smiles`` with its halogens written in capitals put right ("CL" → "Cl") when that alone makes it readable;
    None otherwise (and for text over ``MAX_SMILES_CHARS``, which is never parsed)."""
    if len(smiles) > MAX_SMILES_CHARS or not _CAPITALISED_HALOGEN.search(smiles):
        return None
    fixed = _CAPITALISED_HALOGEN.sub(lambda m: m.group(0).capitalize(), smiles)
    with rdBase.BlockLogs():
        return fixed if Chem.MolFromSmiles(fixed) is not None else None


def smiles_from_inchi(inchi: str) -> str:
    """The RDKit canonical SMILES of an InChI ("InChI=1S/C9H8O4/…"); raises InvalidSmiles naming why not."""
    text = inchi.strip()
    if len(text) > MAX_SMILES_CHARS:
        raise InvalidSmiles(inchi, too_long(len(text)))
    with rdBase.BlockLogs(), rdBase.CaptureErrorLog():
        mol = Chem.MolFromInchi(text, sanitize=True, logLevel=None)
    if mol is None or mol.GetNumAtoms() == 0:
        raise InvalidSmiles(inchi, "an InChI RDKit cannot read (check that it was pasted whole)")
    return Chem.MolToSmiles(mol)


def too_long(n_chars: int) -> str:
    """Why a SMILES of ``n_chars`` characters is refused, naming the limit."""
    return f"{n_chars:,} characters, over the limit of {MAX_SMILES_CHARS:,} for one SMILES"


def canonical(smiles: str) -> str:
    """RDKit canonical SMILES (raises InvalidSmiles)."""
    return Chem.MolToSmiles(parse_smiles(smiles))


def same_molecule_key(smiles: str, stereo: bool = False) -> str | None:
    """The InChIKey connectivity block of the largest fragment: equal for one drug written with or without its
    salt, stereo centres or another tautomer. With ``stereo``, its stereo block too: ephedrine and pseudoephedrine,
    two drugs, differ. None when the SMILES does not parse."""
    try:
        mol = parse_smiles(smiles)
    except InvalidSmiles:
        return None
    largest = max(Chem.GetMolFrags(mol, asMols=True), key=lambda m: m.GetNumHeavyAtoms())
    return Chem.MolToInchiKey(largest)[:25 if stereo else 14] or None


def is_part_of(fragment: str, molecule: str) -> bool:
    """Whether ``fragment`` is a substructure of ``molecule`` ("pyrrolidine" in veliparib)."""
    try:
        return parse_smiles(molecule).HasSubstructMatch(parse_smiles(fragment))
    except InvalidSmiles:
        return False


def check_smiles_list(
    smiles_list: Sequence[str],
) -> list[tuple[int, Chem.Mol | None, InvalidSmiles | None]]:
    """(0-based index, molecule or None, error or None) for every input, in input order."""
    checked: list[tuple[int, Chem.Mol | None, InvalidSmiles | None]] = []
    for i, smiles in enumerate(smiles_list):
        try:
            checked.append((i, parse_smiles(smiles), None))
        except InvalidSmiles as err:
            checked.append((i, None, err))
    return checked
