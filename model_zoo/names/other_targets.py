"""Well-known drug targets that are not kinases (transporters, GPCRs, ion channels, nuclear receptors, enzymes):
recognised by name so that a request naming one is told what it is and that no sequence of it ships, instead of
being offered kinases that merely look alike. Table: ``model_zoo/data/names/other_targets.csv`` (hand-written,
read at run time): ``alias, symbol, protein, text, note``.

``text``: ``T`` read from free text in any case; ``C`` read unless written all in lower case ("SERT", "Sert", not
"sert"); ``X`` an abbreviation that is also an ordinary word or abbreviation (ER, AR, NET, ACE, GR, PR, D2, M1):
read only as written and only where the words around it say it is a target ("binds ER", "the AR receptor").
"""

from __future__ import annotations

import csv
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "data" / "names"

# Greek letters written as words in the table, and how people write them
_GREEK = {"alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "kappa": "κ", "mu": "μµ", "sigma": "σ"}


@dataclass(frozen=True)
class OtherTarget:
    alias: str
    symbol: str  # HGNC gene symbol ("SLC6A4")
    protein: str  # "the serotonin transporter"
    text: str  # T, C or X (see the module's docstring)
    extra: str  # "its alpha1 subunit; …": what a sequence for it would be, or ""

    def note(self, written: str) -> str:
        """Why ``written`` does not resolve, for the question to the user: "SERT is the serotonin transporter (gene
        SLC6A4), not a kinase: …"."""
        extra = f"; {self.extra}" if self.extra else ""
        gene = f"gene {self.symbol}{extra}"
        what = f"{self.protein[:-1]}; {gene})" if self.protein.endswith(")") else f"{self.protein} ({gene})"
        named = _squashed(written) in _squashed(self.protein)  # "serotonin transporter": no "is the serotonin …"
        return (f"{'this is ' if named else f'{written} is '}{what}, not a kinase: its sequence is not in the "
                "shipped tables (DAVIS and KIBA are kinase panels)")


def _pattern(alias: str) -> str:
    """A regular expression for the alias with its usual variants: hyphen, space or nothing between its parts
    ("5-HT2A", "5HT2A", "5-HT 2A"; "COX-2", "COX2"), Greek letters spelt or as symbols ("beta2", "β2", "ERα")."""
    parts = re.findall(r"[A-Za-z]+|\d+|[^\sA-Za-z\d-]+", alias)
    out = []
    for part in parts:
        greek = _GREEK.get(part.lower())
        if greek is not None:
            out.append(f"(?:{part}|[{greek}])")
        else:
            out.append(re.escape(part))
    return r"[\s-]?".join(out)


@lru_cache(maxsize=1)
def _table() -> tuple[tuple[OtherTarget, ...], re.Pattern[str]]:
    with (DATA / "other_targets.csv").open(encoding="utf-8", newline="") as fh:
        rows = tuple(OtherTarget(r["alias"], r["symbol"], r["protein"], r["text"], r["note"])
                     for r in csv.DictReader(fh))
    # the longest alias first, so that "dopamine D2 receptor" wins over "D2"
    ordered = sorted(range(len(rows)), key=lambda i: -len(rows[i].alias))
    joined = "|".join(f"(?P<a{i}>{_pattern(rows[i].alias)})" for i in ordered)
    return rows, re.compile(rf"(?<![\w-])(?:{joined})(?![\w-]|\.\d)", re.IGNORECASE)


def rows() -> tuple[OtherTarget, ...]:
    return _table()[0]


def _squashed(text: str) -> str:
    """Lower case, Greek letters spelt, without separators: "β2-AR" -> "beta2ar"."""
    for word, letters in _GREEK.items():
        for letter in letters:
            text = text.replace(letter, word)
    return re.sub(r"[\s_.\-/]", "", text.lower())


def other_target(written: str) -> OtherTarget | None:
    """The non-kinase target a bare name names ("SERT", "5HT2A", "μ-opioid receptor", "ER"), else None."""
    for row, start, end in _matches(written.strip()):
        if start == 0 and end == len(written.strip()):
            return row
    return None


def _matches(text: str) -> Iterator[tuple[OtherTarget, int, int]]:
    table, pattern = _table()
    for m in pattern.finditer(text):
        name = m.lastgroup
        if name is not None:
            yield table[int(name[1:])], m.start(), m.end()


def _as_written(row: OtherTarget, written: str) -> bool:
    """Whether the case fits the row's flag: X as in the table, C not all lower case."""
    if row.text == "X":
        return _squashed(written) == _squashed(row.alias) and written.upper() == written or written == row.alias
    if row.text == "C":
        return written != written.lower()
    return True


# after the name: a class of drugs, a tumour's status, an assay or an effect, not the protein asked about ("ACE
# inhibitor ramipril", "ER-positive", "P-gp substrates", "androgen receptor assay (NR-AR)", "SERT-mediated", "the hERG
# flag", "aromatase inhibition assay", "for the CYP3A4 lecture")
NOT_THE_PROTEIN_AFTER = re.compile(
    r"(?:\+|[\s-]*(?:inhibitors?|inhibiting|inhibition|inhibit(?:eur|or|ore|ori|oren|ory)s?|inibitor[ei]|hemmer|"
    r"flags?|liabilit(?:y|ies)|risks?|alerts?|toxicity|safety|"
    r"panels?|screens?|counter-?screens?|lectures?|projects?|talks?|seminars?|courses?|slides?|decks?|posters?|"
    r"figures?|programm?e?s?|teams?|groups?|drugs?|medicines?|agents?|class|blockers?|blocking|"
    r"antagonists?|agonists?|modulators?|activators?|"
    r"substrates?|efflux|assays?|activity|signall?ing|pathway|mediated|dependent|positive|negative|pos|neg|status|"
    r"expression|expressing|overexpressing|amplified|mutant|mutated|knock\w*|null|deficient|high|low)\b|"
    r"\s*\((?:NR|SR)-)", re.IGNORECASE)
# before the name: not a protein ("vitamin D2", "half-year H1", "an M1 macrophage", "Tox21 NR-ER")
# ("inhibitori PARP", "inhibiteurs de PARP", "inhibidores de la PARP": a class of drugs, as Romance languages write it)
_NOT_THE_PROTEIN_BEFORE = re.compile(r"(?:\bvitamin|\bTox21|\bNR|\bSR|\b(?:inhibitor[ei]?s?|inhibidores|inhibiteurs|"
                                     r"inibitori|antagonist[aei]?s?|bloqueadores)"
                                     r"(?:\s+(?:de|di|du|des|del|della|dei|do|da|of)(?:\s+(?:la|el|l'|le))?)?)"
                                     r"[\s-]*$", re.IGNORECASE)
_NOT_THE_PROTEIN_AFTER_ABBREVIATION = re.compile(r"^[\s-]*(?:macrophages?|N\d|cells?|lines?|files?)\b", re.I)


@dataclass(frozen=True)
class Mention:
    target: OtherTarget
    written: str
    start: int
    end: int
    the_protein: bool  # False: the name only qualifies something else ("ACE inhibitor", "ER-positive")


def find_other_targets(text: str, in_context: Callable[[int, int], bool]) -> list[Mention]:
    """Non-kinase targets named in free text, in order. ``in_context(start, end)``: whether the words around a
    span say it is a target; an X-flagged name ("ER", "AR", "NET") is read only then."""
    out = []
    for row, start, end in _matches(text):
        written = text[start:end]
        if not _as_written(row, written) or _NOT_THE_PROTEIN_BEFORE.search(text, max(0, start - 30), start):
            continue
        if row.text == "X" and (not in_context(start, end)
                                or _NOT_THE_PROTEIN_AFTER_ABBREVIATION.match(text, end)):
            continue
        out.append(Mention(row, written, start, end, not NOT_THE_PROTEIN_AFTER.match(text, end)))
    return out


def names_of(symbol: str) -> set[str]:
    """The squashed names of a target (its gene symbol and every alias: "slc6a4", "sert", "5htt", …), for matching
    file names ("upload_SLC6A4.fasta", "upload_sert.fasta")."""
    return {_squashed(symbol)} | {_squashed(r.alias) for r in rows() if r.symbol == symbol}


def file_names_target(key: str, symbol: str) -> bool:
    """Whether an upload's file name names the target: its stem, or a part of it, is the gene symbol or an alias
    ("upload_SLC6A4.fasta", "upload_sert_human.fasta", "upload_5-HT2A.fasta")."""
    stem = key.removeprefix("upload_").rsplit(".", 1)[0]
    names = names_of(symbol)
    parts = {_squashed(p) for p in re.split(r"[_\s.]+", stem)} | {_squashed(stem)}
    return bool(parts & names)
