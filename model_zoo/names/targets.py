"""Target names -> amino-acid sequences: DAVIS kinase constructs (gene symbols, DiscoverX names, mutants) with a
hand-written alias table, and KIBA UniProt accessions. Tables: ``model_zoo/data/names/targets.csv.gz`` and
``target_names.csv`` (built by ``model_zoo.train.build_names`` from ``target_aliases.csv``).

DAVIS (as distributed with DeepDTA/GraphDTA) stores the same wild-type sequence for every construct of a
gene, mutants included. For a mutant we apply its substitutions/deletions to that sequence when the
numbering checks out (wild-type residues at the stated positions) and say so; otherwise the sequence is the
stored one and the source line says the mutation is not in it.
"""

from __future__ import annotations

import csv
import difflib
import gzip
import dataclasses
import re
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from model_zoo.names.families import FamilyMention, family_named, find_families
from model_zoo.names.other_targets import find_other_targets, other_target
from model_zoo.names.text import COMPOUND_CODE, name_key, overlaps, words
from model_zoo.names.types import Resolved, Unresolved

DATA = Path(__file__).resolve().parents[1] / "data" / "names"
N_CLOSEST = 5

_ID = re.compile(r"^(?P<sym>.+?)(?:\((?P<detail>[^)]*)\))?(?P<p>p)?$")
_SUB = re.compile(r"([ACDEFGHIKLMNPQRSTVWY])(\d{1,4})([ACDEFGHIKLMNPQRSTVWY])(?![a-z])")
_DEL = re.compile(r"([ACDEFGHIKLMNPQRSTVWY])(\d{1,4})[_-]?([ACDEFGHIKLMNPQRSTVWY])(\d{1,4})del")
_MUTATION_WORD = re.compile(r"(?:p\.)?(?:[ACDEFGHIKLMNPQRSTVWY]\d{1,4}[ACDEFGHIKLMNPQRSTVWY]|"
                            r"[ACDEFGHIKLMNPQRSTVWY]\d{1,4}[_-]?[ACDEFGHIKLMNPQRSTVWY]\d{1,4}del|ITD)")


def is_mutation(word: str) -> bool:
    """A protein mutation as written ("V600E", "T790M", "E746-A750del"), not a compound code."""
    return bool(_MUTATION_WORD.fullmatch(word))


_WILD_TYPE = re.compile(r"(?<![\w-])(?:wild[\s-]?type|WT)(?![\w-])", re.I)


def with_the_gene(text: str, earlier: str) -> str:
    """``text`` with the gene of the earlier request written before its bare mutations ("same but for V600E",
    "L858R, the activating one" after a BRAF or EGFR request) or before "wild-type" (the answer to which mutant), when
    the text names no target and the earlier request names one gene; else ``text`` unchanged."""
    # a word of its own ("(L858R/T790M)", "V559D/T670I double-mutant"), never a piece of a SMILES ("…=C3C=…")
    bare = [m for m in re.finditer(rf"(?<![^\s(]){_MUTATION_WORD.pattern}(?:/{_MUTATION_WORD.pattern})*"
                                   r"(?=[,.;:!?)]*(?:[\s-]|$))", text) if m.group() != "ITD"] or \
        list(_WILD_TYPE.finditer(text))  # "wild-type is fine for now" after a mutant was asked about
    if not bare or find_target_names(text):
        return text
    # the gene of the earlier request, found or not ("BRAF V600K": no such DAVIS construct, still BRAF)
    genes = {found.name.split("(")[0] if isinstance(found, Resolved) else gene.name
             for found in find_target_names(earlier)
             for gene in [found if isinstance(found, Resolved) else resolve_target(found.written.split()[0])]
             if isinstance(gene, Resolved)}
    if len(genes) != 1:
        return text
    gene = genes.pop()
    return text[:bare[0].start()] + f"{gene} " + text[bare[0].start():]


_GREEK_LETTERS = {"alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "zeta": "ζ", "eta": "η",
                  "theta": "θ", "iota": "ι", "kappa": "κ"}
_GREEK_APART = re.compile(rf"(?<=[a-z0-9]) (?=(?:{'|'.join(_GREEK_LETTERS)})\d?$)")
_GREEK_WORD = re.compile(rf"(?<=[a-z0-9])({'|'.join(_GREEK_LETTERS)})(\d?)$")


def with_the_isoform(text: str, earlier: str) -> str:
    """``text`` with the family of the earlier request's isoform written before a bare isoform ("ok, epsilon then"
    after "What about PKC alpha?" was asked about: PKC epsilon), when the text names no target and the earlier
    request names one family so; else ``text`` unchanged."""
    bare = list(_BARE_ISOFORM.finditer(text))
    if len(bare) != 1 or find_target_names(text):
        return text
    families = {m.group("family") for m in _ISOFORM_OF.finditer(earlier)
                if any(ch.isupper() or ch.isdigit() for ch in m.group("family"))}  # "PKC", "p38", not "the"
    if len(families) != 1:
        return text
    return text[:bare[0].start()] + f"{families.pop()} " + text[bare[0].start():]


_GREEK = "|".join([*_GREEK_LETTERS, *_GREEK_LETTERS.values()])
_BARE_ISOFORM = re.compile(rf"(?<![\w-])(?:{_GREEK})\d?(?![\w-])", re.I)
_ISOFORM_OF = re.compile(rf"\b(?P<family>[A-Za-z][A-Za-z0-9]{{1,7}})[\s-]?(?:{_GREEK})\d?(?![\w-])", re.I)


def parse_mutations(text: str) -> frozenset[str]:
    """Normalised mutations in a construct detail or a user's words: "L858RT790M" -> {L858R, T790M};
    "E746-A750del" -> {E746_A750del}; "ITD" -> {ITD}."""
    found = set()
    rest = text
    for m in _DEL.finditer(text):
        found.add(f"{m.group(1)}{m.group(2)}_{m.group(3)}{m.group(4)}del")
        rest = rest.replace(m.group(), " ")
    found.update(f"{a}{p}{b}" for a, p, b in _SUB.findall(rest))
    if re.search(r"\bITD\b|\(ITD\)|^ITD$", text):
        found.add("ITD")
    return frozenset(found)


@dataclass(frozen=True)
class Construct:
    target_id: str
    symbol: str
    detail: str  # "E255K", "JH1domain-catalytic", "cyclinD1", "Pfalciparum", ""
    phosphorylated: bool
    mutations: frozenset[str]
    sequence: str

    @property
    def wild_type(self) -> bool:
        return not self.detail and not self.mutations


def _parse_id(target_id: str, sequence: str) -> Construct:
    m = _ID.match(target_id)
    sym, detail, p = (m.group("sym"), m.group("detail") or "", bool(m.group("p"))) if m else (target_id, "", False)
    if "-cyclin" in sym:
        sym, detail = sym.split("-", 1)
    muts = parse_mutations(detail) if detail else frozenset()
    return Construct(target_id, sym, detail, p, muts, sequence)


@dataclass
class _Tables:
    davis: dict[str, Construct]
    kiba: dict[str, str]
    by_symbol: dict[str, list[Construct]]  # symbol -> its constructs
    names: dict[str, list[tuple[str, str, str, str]]]  # key -> (written, target_id, text flag, note)
    first_words: frozenset[str]
    most_words: int  # the longest name, in words ("vascular endothelial growth factor receptor 2": 6)


def _loose_key(key: str) -> str:
    """A name's key with hyphens read as spaces and a number joined to the word before it: "AMPK-alpha1", "AMPK
    alpha1" and "AMPK alpha-1" are one name."""
    return re.sub(r"(?<=[a-z]) (?=\d)", "", key.replace("-", " "))


@lru_cache(maxsize=1)
def tables() -> _Tables:
    davis: dict[str, Construct] = {}
    kiba: dict[str, str] = {}
    with gzip.open(DATA / "targets.csv.gz", "rt", encoding="utf-8", newline="") as fh:
        for r in csv.DictReader(fh):
            if r["dataset"] == "DAVIS":
                davis[r["target_id"]] = _parse_id(r["target_id"], r["sequence"])
            else:
                kiba[r["target_id"]] = r["sequence"]
    by_symbol: dict[str, list[Construct]] = {}
    for c in davis.values():
        by_symbol.setdefault(c.symbol, []).append(c)
    names: dict[str, list[tuple[str, str, str, str]]] = {}
    with (DATA / "target_names.csv").open(encoding="utf-8", newline="") as fh:
        for r in csv.DictReader(fh):
            row = (r["name"], r["target_id"], r["text"], r["note"])
            names.setdefault(name_key(r["name"]), []).append(row)
            if _loose_key(name_key(r["name"])) != name_key(r["name"]):
                names.setdefault(_loose_key(name_key(r["name"])), []).append(row)
    first = frozenset(k.split(" ", 1)[0] for k in names if " " in k)
    return _Tables(davis, kiba, by_symbol, names, first, max(len(k.split(" ")) for k in names))


@cache
def _offset(symbol: str) -> int | None:
    """Numbering offset of DAVIS's sequence for ``symbol`` against its mutation names (0 for most genes;
    ABL1's DAVIS sequence starts 37 residues earlier), or None when the mutations do not pin it down."""
    constructs = tables().by_symbol.get(symbol, [])
    anchors = set()
    for c in constructs:
        for mut in c.mutations:
            m = _SUB.fullmatch(mut)
            if m:
                anchors.add((m.group(1), int(m.group(2))))
            d = re.fullmatch(r"([A-Z])(\d+)_([A-Z])(\d+)del", mut)
            if d:
                anchors |= {(d.group(1), int(d.group(2))), (d.group(3), int(d.group(4)))}
    if not constructs or not anchors:
        return 0
    seq = constructs[0].sequence

    def fits(off: int) -> bool:
        return all(0 <= pos - 1 + off < len(seq) and seq[pos - 1 + off] == aa for aa, pos in anchors)

    if fits(0):
        return 0
    offsets = [o for o in range(-100, 101) if fits(o)]
    if len(offsets) == 1 and len({p for _, p in anchors}) >= 3:
        return offsets[0]
    return None


@lru_cache(maxsize=256)
def apply_mutations(symbol: str, sequence: str, mutations: frozenset[str]) -> str | None:
    """``sequence`` with the substitutions and deletions applied, or None when the numbering does not check
    out or a mutation (ITD) cannot be written into a sequence."""
    off = _offset(symbol)
    if off is None or not mutations:
        return None
    seq = list(sequence)
    drop: set[int] = set()
    for mut in mutations:
        m = _SUB.fullmatch(mut)
        d = re.fullmatch(r"([A-Z])(\d+)_([A-Z])(\d+)del", mut)
        if m:
            i = int(m.group(2)) - 1 + off
            if not 0 <= i < len(seq) or seq[i] != m.group(1):
                return None
            seq[i] = m.group(3)
        elif d:
            i, j = int(d.group(2)) - 1 + off, int(d.group(4)) - 1 + off
            if not (0 <= i <= j < len(seq)) or sequence[i] != d.group(1) or sequence[j] != d.group(3):
                return None
            drop |= set(range(i, j + 1))
        else:
            return None
    return "".join(ch for k, ch in enumerate(seq) if k not in drop)


def _mutation_label(mutations: frozenset[str]) -> str:
    return "/".join(sorted(mutations, key=_position))


def _position(mutation: str) -> int:
    """The residue number of a mutation such as ``T790M`` (0 when it has none)."""
    number = re.search(r"\d+", mutation)
    return int(number.group()) if number else 0


def _construct_result(c: Construct, written: str, start: int, end: int, note: str = "",
                      via: str = "") -> Resolved:
    t = tables()
    siblings = t.by_symbol.get(c.symbol, [])
    n = len(siblings)
    value = c.sequence
    if c.mutations:
        applied = apply_mutations(c.symbol, c.sequence, c.mutations)
        label = _mutation_label(c.mutations)
        if applied is not None:
            value = applied
            what = (f"{label} applied to DAVIS's sequence, which is the wild type for every DAVIS {c.symbol} "
                    f"entry; {len(value)} aa")
        else:
            what = f"sequence as stored in DAVIS: the wild type, without {label}; {len(value)} aa"
    elif note:
        what = f"{note}; {len(value)} aa"
    elif c.wild_type and n > 1:
        what = f"wild-type entry, 1 of {n} {c.symbol} entries; {len(value)} aa as in DAVIS"
    else:
        what = f"{len(value)} aa as in DAVIS"
    if c.phosphorylated:
        what = "phosphorylated; " + what
    source = f"DAVIS {c.target_id}{' via ' + via if via else ''} ({what})"
    return Resolved("target", written, c.target_id, value, source, False, start, end)


def _swapped_symbol(written: str) -> Resolved | None:
    """A gene symbol typed with two neighbouring letters swapped ("EFGR", "BRFA") from exactly one DAVIS symbol of
    four or more letters: that symbol's wild-type entry, marked fuzzy, with the reading in its source."""
    if not _GENE_SHAPE.match(written) or len(written) < 4 or written.upper() in NOT_TARGETS:
        return None
    up = written.upper()
    near = [sym for sym in tables().by_symbol if len(sym) >= 4 and _swapped_letters(up, sym.upper())]
    if len(near) != 1:
        return None
    rows = [r for r in _symbol_targets(near[0]) if r[0] in tables().davis]
    if not rows:
        return None
    found = _construct_result(tables().davis[rows[0][0]], written, -1, -1, via=f"{written} read as {near[0]}")
    return dataclasses.replace(found, fuzzy=True)


def _swapped_letters(a: str, b: str) -> bool:
    """Two neighbouring letters swapped ("EFGR" for EGFR): the usual typo of a symbol. Other one-letter differences
    are often another real gene (ESR1 / OSR1), so they are asked about, never read."""
    diff = [i for i in range(len(a)) if len(a) == len(b) and a[i] != b[i]]
    return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]


def _symbol_targets(symbol_written: str, in_text: bool = False) -> list[tuple[str, str, str]]:
    """(target_id, text flag, note) for a symbol, id or alias as written."""
    t = tables()
    out = []
    key = name_key(symbol_written)
    joined = _GREEK_APART.sub("", key)  # "GSK3 beta" is "GSK3beta", "CK1 delta" "CK1δ"
    lettered = _GREEK_WORD.sub(lambda m: _GREEK_LETTERS[m.group(1)] + m.group(2), joined)
    rows = next((found for form in dict.fromkeys((key, _loose_key(key), joined, _loose_key(joined), lettered))
                 if (found := t.names.get(form, ()))), ())
    for written, tid, flag, note in rows:
        if in_text and flag in ("C", "X") and symbol_written not in (written, written.upper()):
            if symbol_written == written.capitalize() != written:
                out.append((tid, "X", note))  # "engages Lck": a symbol in title case, next to a target word only
            elif symbol_written == written.lower() != written and len(written) >= 3:
                out.append((tid, "L", note))  # dictated "does bosutinib interact with src": right after "binds" only
            continue
        out.append((tid, flag, note))
    return out




def _closest(written: str) -> tuple[str, ...]:
    t = tables()
    key = written.upper()
    sym = re.split(r"[\s(]", key, maxsplit=1)[0]
    if sym in {c.upper() for c in t.by_symbol}:  # a known gene with an unknown construct: list its constructs
        constructs = next(v for k, v in t.by_symbol.items() if k.upper() == sym)
        return tuple(c.target_id for c in constructs)[:N_CLOSEST * 2]
    pool = {w: tid for rows in t.names.values() for w, tid, _, _ in rows}
    near = difflib.get_close_matches(key, [w.upper() for w in pool], n=N_CLOSEST * 2, cutoff=0.5)
    upper = {w.upper(): w for w in pool}
    out = []
    for u in near:
        w = upper[u]
        label = w if pool[w] == w else f"{w} ({pool[w]})"
        if label not in out:
            out.append(label)
    return tuple(out[:N_CLOSEST])


def _resolve_parts(written: str, symbol: str, mutations: frozenset[str], start: int, end: int,
                   in_text: bool = False) -> Resolved | Unresolved | None:
    t = tables()
    hits = _symbol_targets(symbol, in_text)
    if not hits:
        return None
    tid, _, note = hits[0]
    several = tuple(dict.fromkeys(hit[0] for hit in hits))
    if len(several) > 1 and not mutations:  # "ABL": ABL1 or ABL2; "RSK1": either kinase domain; asked, never one
        return Unresolved("target", written, several, start, end, note)
    base = t.davis[tid]
    via = symbol if name_key(symbol) != name_key(tid) and not note else ""
    if not mutations:
        return _construct_result(base, written, start, end, note, via)
    family = t.by_symbol.get(base.symbol, [])
    same = [c for c in family if c.mutations == mutations]
    if same:
        same.sort(key=lambda c: (c.phosphorylated, len(c.target_id)))
        return _construct_result(same[0], written, start, end)
    label = _mutation_label(mutations)
    wanted = [int(p) for p in re.findall(r"\d+", label)] or [0]

    def distance(c: Construct) -> int:
        have = [int(p) for p in re.findall(r"\d+", _mutation_label(c.mutations))] or [10**6]
        return min(abs(a - b) for a in wanted for b in have)

    mutants = sorted((c for c in family if c.mutations and not c.phosphorylated), key=distance)
    closest = [c.target_id for c in family if c.wild_type][:1] + [c.target_id for c in mutants]
    return Unresolved("target", written, tuple(closest[:N_CLOSEST]), start, end,
                      f"DAVIS has no {base.symbol} {label} construct; the wild type or a measured mutant can be used")


# "pKd of erlotinib on mutant EGFR", "the EGFR mutant": a mutant whose mutation is not said (not "EGFR-mutant lines")
_MUTANT_BEFORE = re.compile(r"\b(?:mutant|mutated)\s+$", re.I)
_MUTANT_AFTER = re.compile(r"[\s-]+(?:mutant|mutated)\b", re.I)
# what may follow the target so named: an end, or a word about the protein ("the EGFR mutant construct", "… one?"),
# not a disease or a line ("the BRAF mutant melanoma", "mutant EGFR lung lines")
_ENDS_THE_TARGET = re.compile(r"\s*(?:[.,;:?!)]|$|(?:construct|kinase|protein|form|version|variant|enzyme|one|instead|"
                              r"too|as\s+well|and|or|please|then)\b)", re.I)


def _mutant_unsaid(text: str, start: int, end: int) -> bool:
    after = _MUTANT_AFTER.match(text, end)
    if after is not None:
        return bool(_ENDS_THE_TARGET.match(text, after.end()))
    return bool(_MUTANT_BEFORE.search(text[max(0, start - 12):start])) and bool(_ENDS_THE_TARGET.match(text, end))


def _which_mutant(written: str, start: int, end: int) -> Unresolved:
    """A mutant named without its mutation: asked which, with the measured mutant constructs (never the wild type
    in its place)."""
    symbol = tables().davis[_symbol_targets(written, in_text=True)[0][0]].symbol
    mutants = [c.target_id for c in tables().by_symbol.get(symbol, []) if c.mutations and not c.phosphorylated]
    note = f"which {symbol} mutant? Say its mutation (e.g. {mutants[0]})" if mutants else \
        f"DAVIS has no mutant {symbol} construct; the wild type can be used"
    return Unresolved("target", written, tuple(mutants[:N_CLOSEST]), start, end, note)


# "i think xanthine oxidase is the whole point here": a statement about the protein, no ask of it
_STATEMENT_AFTER = re.compile(r"\s+(?:is|was)\s+(?:the|a|an|why|what|key|our|my)\b", re.I)


def _told_about(text: str, start: int, end: int) -> bool:
    """Whether a protein is the subject of a statement, with no ask of it in its own sentence."""
    opens = max(text.rfind(mark, 0, start) for mark in ".?!\n") + 1
    return bool(_STATEMENT_AFTER.match(text, end)) and not asked_as_target(text[opens:], start - opens)


def target_id_of(name: str) -> str | None:
    """The DAVIS id a symbol, id or alias names as written on its own ("JAK1" -> "JAK1(JH1domain-catalytic)")."""
    hits = _symbol_targets(name)
    return hits[0][0] if hits else None


def resolve_target(name: str) -> Resolved | Unresolved:
    """A target name -> a sequence: a DAVIS id ("ABL1", "ABL1(E255K)", "p38-alpha"), an alias ("HER2",
    "c-Met", "Aurora A"), a symbol with mutations ("EGFR L858R", "BRAF V600E", "EGFR L858R/T790M") or a
    KIBA UniProt accession ("P00533")."""
    written = " ".join(str(name).split())
    t = tables()
    if not written:
        return Unresolved("target", written, (), note="the target name is empty")
    if written in t.davis:
        return _construct_result(t.davis[written], written, -1, -1)
    if written.upper() in t.kiba:
        seq = t.kiba[written.upper()]
        return Resolved("target", written, written.upper(), seq,
                        f"KIBA {written.upper()} (UniProt sequence as in KIBA, {len(seq)} aa)", False)
    whole = _resolve_parts(written, written, frozenset(), -1, -1)
    if whole is not None:
        return whole
    m = re.match(r"^(?P<sym>[A-Za-z0-9][A-Za-z0-9\-/ ]*?)[\s(\-]+(?P<muts>(?:p\.)?[A-Z]\d.*|ITD\)?)$", written)
    if m:
        muts = parse_mutations(m.group("muts"))
        if muts:
            result = _resolve_parts(written, m.group("sym").strip(), muts, -1, -1)
            if result is not None:
                return result
    other = other_target(written) or (other_target(m.group("sym").strip()) if m else None)
    if other is not None:  # "SERT", "5-HT2A": a known protein that is no kinase, never a kinase that looks alike
        return Unresolved("target", written, (), note=other.note(written.strip()))
    return Unresolved("target", written, _closest(written))


# --- free text ----------------------------------------------------------------------------------------

_CONTEXT_BEFORE = re.compile(  # ("na": Polish "on")
    r"(?:\bbind\w*\b[^.?!\n]{0,60}\sto|\bmake (?:that|it)|\bwrong (?:target|protein|kinase)[\s:–-]*|"
    r"\bbind(?:s|ing)?(?:\s+to)?|(?<!off-)\btarget(?:s|ing|ed)?|\binhibit(?:s|ing|ion\s+of)?|\bselective\s+for|"
    r"\baffinity\s+(?:for|to)|\bagainst|\bon|\bna|\bfor|\bat|\bto|\btowards?|\bversus|\bvs\.?|->|=>|\u2192|"
    r"\b(?:binder|inhibitor|blocker)s?\s+of|\bhit(?:s|ting)?|\binteract(?:s|ing)?\s+(?:with|w/)|\bblock(?:s|ing)?|\bengag(?:e|es|ing)|"
    r"\b(?:do|try|use|switch\s+to)|\b(?:also|and)\s+with|[?;]\s*(?:and|also|or)|"
    r"\bp?K[di]|\baffinity|\bbinding(?:\s+prob\w*)?|\w\s+[x×]|"
    r"\bse\s+une\s+a|\bpor|\bcontra|\bgegen|\bpour|\bcontre|\bsur|\bper)"  # Spanish, German, French, Italian
    r"\s*(?:the\s+)?(?:human\s+|wild[\s-]?type\s+|wt\s+)?$",
    re.IGNORECASE)  # "on human KIT"
_STRONG_BEFORE = re.compile(
    r"(?:\bbind(?:s|ing)?(?:\s+to)?|(?<!off-)\btarget(?:s|ing|ed)?|\binhibit(?:s|ing|ion\s+of)?|\bselective\s+for|"
    r"\baffinity\s+(?:for|to)|\binteract(?:s|ing)?\s+with|\bhit(?:s|ting)?|"
    r"\bp?K[di]\b[^.?!;\n]{0,60}\s(?:for|to|against|at|on))\s+(?:the\s+)?(?:[A-Z]\.\s?[a-z]{3,}\s+)?$|"  # "pKd of
    # imatinib for ESR1", "interact with M. tuberculosis PknG"
    r"\b(?!(?:please|release|increase|decrease|database|disease|purchase|phase|case|base|lease)\b)"
    r"\w*(?:ase|receptor|protein)(?:[\s-]+(?:alpha|beta|gamma|delta|[\dA-Za-z]))?\s*\(\s*$",  # "receptor α (ESR1)"
    re.IGNORECASE)
_CONTEXT_AFTER = re.compile(r"^\s*(?:(?i:(?:(?:sub)?family[\s-]+)?kinase|protein|receptor|enzyme|inhibitors?|"
                            r"inhibition|binding|binders?|mutant|p?k[di]|affinity)\b|"
                            r"(?:,\s*)?(?:not|instead of|rather than)\s+[A-Z][A-Z0-9]{1,9}\b)")
_GENE_SHAPE = re.compile(r"^[a-z]?[A-Z][A-Z0-9-]{1,10}$|^[A-Z][a-z]{2}[A-Z]\d?$")  # "PknG", "DprE1": bacterial
# "DEL-BTK-12", "HIT-EGFR-3": a hit or compound named after its target and numbered (three parts, the last a
# number); the target it names is read where it stands alone, the code is no target
_NAMED_AFTER_TARGET = re.compile(r"[A-Z]{2,6}-[A-Z][A-Z0-9]{1,7}-\d{1,4}[A-Za-z]?")
NOT_TARGETS = frozenset("""IC50 EC50 GI50 LD50 CC50 KD KI PKD PKI PIC50 BBB BBBP CNS SMILES SMILE SMARTS INCHI
ADMET ADME DMSO QSAR QSPR SAR ATP ADP GTP DNA RNA MRNA SIRNA PDB MW TPSA HBD HBA LOGP LOGD LOGS PK PD HTS TKI
TKIS RTK RTKS GPCR GPCRS NMR LC-MS HPLC FDA EMA USA UK EU AI ML LLM CSV SDF PNG PDF ID IDS API NA OK FYI PS
HERG-FREE ESOL TOX21 CLINTOX BACE1 FREESOLV DAVIS KIBA GDSC COSMIC DRUGBANK PUBCHEM CHEMBL UNIPROT MOA
II III IV VI VII VIII JH1 JH2 SH2 SH3 PH BACE BACE-1 NR-AR NR-AR-LBD NR-AHR NR-AROMATASE NR-ER NR-ER-LBD
NR-PPAR-GAMMA SR-ARE SR-ATAD5 SR-HSE SR-MMP SR-P53 FDA_APPROVED CT_TOX
CML AML CLL ALL MDS MPN NSCLC SCLC HCC CRC GIST TNBC DLBCL GBM
IOP BP HR ECG EKG ICU PO QD BID TID QID PRN MRI PET TB HIV HCV HBV COPD CKD AKI INR GFR LFT CBC AUC CMAX TDM OTC
WHO CDC IND NDA GLP GMP CRO IRB QA QC SOP LIMS KPI ROI ASAP TBD ETA EOD IMO""".split())  # numerals ("phase III"),
# domains ("JAK2 (JH1 domain)"), the property tool's assays ("androgen receptor (NR-AR)", "inhibit BACE-1"), cancers
# ("for the CML seminar"), clinic and office abbreviations ("an eye-drop candidate for IOP lowering")


# a message that asks something of a protein: "is imatinib a KIT thing? like does it interact" (KIT in capitals is
# the gene, not a kit, when the message asks about binding)
# (or a yes/no answer asked of a drug and a symbol: "Sunitinib lot SUN-50-0916: KIT, y/n.")
_TARGET_ASK = re.compile(r"\b(?:interact\w*|bind\w*|p?K[di]|affinity|inhibit\w*|hit(?:s|ting)?|y/n|yes/no)(?!\w)",
                         re.I)


def asked_as_target(text: str, start: int) -> bool:
    """Whether the words before ``text[start:]`` ask something of it as a protein ("binds X", "pKd … for X")."""
    return bool(_STRONG_BEFORE.search(text[max(0, start - 80):start]))


# gene symbols and aliases that are English words in lower case (checked against an English word list)
_VERSUS_BEFORE = re.compile(r"\b(?:vs\.?|versus|against)\s+(?:[a-z0-9]+\s+(?:and|&|,)\s+)?$", re.I)
_ENGLISH_SYMBOLS = frozenset({"aura", "bike", "cask", "fer", "hunk", "kit", "met", "mink", "musk", "yes"})


def in_target_context(text: str, start: int, end: int, strong: bool = False) -> bool:
    """Whether the words around ``text[start:end]`` say it is a target ("binds X", "X kinase")."""
    before = text[max(0, start - 80):start]
    after = text[end:end + 30]
    return bool(_CONTEXT_AFTER.match(after) or (_STRONG_BEFORE if strong else _CONTEXT_BEFORE).search(before))


def _mutations_after(text: str, ws, j: int) -> tuple[frozenset[str], int, int]:
    """Mutation words right after word j ("EGFR L858R/T790M"): (mutations, index of last word, end)."""
    muts: set[str] = set()
    last, end = j, ws[j][2]
    k = j + 1
    while k < len(ws) and re.fullmatch(r"\s*(?:[/+,]|and)?\s*|\s*\(\s*|", text[end:ws[k][1]]) \
            and _MUTATION_WORD.fullmatch(ws[k][0]):
        muts |= parse_mutations(ws[k][0].removeprefix("p."))
        last, end = k, ws[k][2]
        k += 1
    if muts and text[end:end + 1] == ")":
        end += 1
    return frozenset(muts), last, end


# mutations written before the gene ("the L858R/T790M double-mutant EGFR construct", "V600E BRAF")
_MUTATIONS_BEFORE = re.compile(r"(?<![\w/])(?P<muts>(?:p\.)?[A-Z]\d{1,4}[A-Z]"
                               r"(?:\s*[/+,]\s*(?:and\s+)?(?:p\.)?[A-Z]\d{1,4}[A-Z])*)"
                               r"(?:[\s-]+(?:double|triple|single)?[\s-]*(?:mutant|mutated|mutation|variant))?[\s-]+$")


# between two targets of one list: "ALK and MET", "EGFR, MET", "ALK/MET"
_LIST_JOINER = re.compile(r"\s*(?:,|/|&|\+|\band\b|\bor\b|\by\b|\bund\b|\bet\b)\s*(?:and\s+|or\s+|por\s+)?", re.I)


# "the HER2+ breast line", "ER-positive cells", "BRCA2-deficient": a tumour's status, not a target asked about
_STATUS_AFTER = re.compile(r"^(?:\+|[- ](?:positive|negative|pos|neg|amplified|amp|overexpressing|high|low|null|"
                           r"deficient|proficient|driven|dependent|addicted)\b)", re.I)


# "eGFR 35" (estimated glomerular filtration rate, written with a small e), "eGFR of 40 mL/min": a kidney measure
_CLINICAL_MEASURE = re.compile(r"(?<![\w-])eGFRs?(?![\w-])")


def find_target_names(text: str, exclude: list[tuple[int, int]] | None = None,
                      in_context: bool = False) -> list[Resolved | Unresolved]:
    """Target mentions in free text, in order: DAVIS ids and aliases (with mutations that follow them),
    KIBA UniProt accessions, and unknown gene-like names in a target context ("bind XYZ1", "FOOB kinase")
    as Unresolved with the closest symbols. ``exclude`` spans (drugs, cell lines) are skipped.

    ``in_context``: the whole message stands in a target context (it continues a request whose tool takes a
    target: "now KIT pls"), so symbols that are also English words need no target word; unknown names still do."""
    if not text:
        return []
    from model_zoo.names.drugs import looks_like_smiles

    t = tables()
    taken: list[tuple[int, int]] = list(exclude or [])
    taken += [(m.start(), m.end()) for m in re.finditer(r"\S+", text) if looks_like_smiles(m.group().strip(",;."))]
    taken += [m.span() for m in _CLINICAL_MEASURE.finditer(text)]
    ws = words(text)
    out: list[Resolved | Unresolved] = []
    for family in find_families(text, taken, lambda s, e: in_context or in_target_context(text, s, e), target_id_of):
        out += _family_targets(family)
        taken += [(family.start, family.end), *family.left_out]
    for other in find_other_targets(text, lambda s, e: in_context or in_target_context(text, s, e)):
        # "SERT", "the dopamine D2 receptor": no kinase, asked for its sequence; "ACE inhibitor", "ER-positive": no
        # protein asked about, and never an unknown symbol either
        if overlaps(other.start, other.end, taken) or (_names_a_cell_line(other.written)
                                                       and _CELL_AFTER.match(text[other.end:other.end + 20])):
            continue
        if other.the_protein and not _STATUS_AFTER.match(text[other.end:other.end + 20]) and \
                not _told_about(text, other.start, other.end):
            out.append(Unresolved("target", other.written, (), other.start, other.end,
                                  other.target.note(other.written)))
        taken.append((other.start, other.end))

    i = 0
    while i < len(ws):
        w, s, e = ws[i]
        if overlaps(s, e, taken):
            i += 1
            continue
        longest = t.most_words if w.lower() in t.first_words else 1
        if i + 1 < len(ws) and re.fullmatch(rf"(?:{'|'.join(_GREEK_LETTERS)})\d?", ws[i + 1][0].lower()):
            longest = max(longest, 2)  # "GSK3 beta", "CK1 delta"
        hit = None
        for n in range(min(longest, len(ws) - i), 0, -1):
            if n > 1 and not all(re.fullmatch(r"[ \t/'’-]", text[ws[i + k][2]:ws[i + k + 1][1]])
                                 for k in range(n - 1)):
                continue
            end = ws[i + n - 1][2]
            written = text[s:end]
            rows = _symbol_targets(written, in_text=True)
            followed_by_mutation = i + n < len(ws) and bool(_MUTATION_WORD.fullmatch(ws[i + n][0]))
            listed = bool(out) and bool(_LIST_JOINER.fullmatch(text[out[-1].end:s]))  # "vs ALK and MET"
            # (a symbol in lower case only in a dictated message, never an English word: "binding yes/no")
            # (or after "vs" in a message that continues a target request: "and vs src and lck (same drug)")
            lower_ok = rows and rows[0][1] == "L" and written not in _ENGLISH_SYMBOLS and (
                not re.search(r"[.,;:!?]", text) and in_target_context(text, s, end, strong=True) or
                in_context and bool(_VERSUS_BEFORE.search(text, 0, s)))
            if rows and (rows[0][1] not in ("X", "L") or lower_ok or (rows[0][1] == "X" and (
                    in_context or in_target_context(text, s, end) or followed_by_mutation or listed or
                    (written.isupper() and len(written) >= 3 and _TARGET_ASK.search(text))))) \
                    and not (_names_a_cell_line(written) and _CELL_AFTER.match(text[end:end + 20])) \
                    and not _STATUS_AFTER.match(text[end:end + 20]):
                hit = (n, end, written)
                break
        if hit is None:
            up = w.upper()
            accession = re.fullmatch(r"[OPQ][0-9][A-Z0-9]{3}[0-9]|[A-NR-Z][0-9][A-Z][A-Z0-9]{2}[0-9]", w)
            if accession and up in t.kiba:
                seq = t.kiba[up]
                out.append(Resolved("target", w, up, seq, f"KIBA {up} (UniProt sequence as in KIBA, {len(seq)} aa)",
                                    False, s, e))
                taken.append((s, e))
            elif accession and in_target_context(text, s, e):  # "same three ligands vs P04626": never the last target
                out.append(Unresolved("target", w, (), s, e, "a UniProt accession that is not among the shipped "
                                      "sequences (KIBA's proteins by accession, DAVIS's kinases by gene name, "
                                      "e.g. ERBB2)"))
                taken.append((s, e))
            elif (fuzzy := _swapped_symbol(w)) is not None and in_target_context(text, s, e) and not _is_other_name(w):
                out.append(dataclasses.replace(fuzzy, start=s, end=e))  # "affinity of erlotinib to EFGR": EGFR
                taken.append((s, e))
            elif (_GENE_SHAPE.match(w) and sum(ch.isupper() for ch in w) >= 2 and up not in NOT_TARGETS
                  and not COMPOUND_CODE.fullmatch(w) and not _NAMED_AFTER_TARGET.fullmatch(w)
                  and in_target_context(text, s, e, strong=True) and not _is_other_name(w)):
                out.append(Unresolved("target", w, _closest(w), s, e,
                                      "not a DAVIS or KIBA target (both are kinase panels)"))
                taken.append((s, e))
            i += 1
            continue
        n, end, written = hit
        muts, last, mend = _mutations_after(text, ws, i + n - 1)
        before = _MUTATIONS_BEFORE.search(text, max(0, s - 60), s)
        if not muts and before is not None and parse_mutations(before.group("muts")):
            muts, s = parse_mutations(before.group("muts")), before.start()  # "the L858R/T790M double-mutant EGFR"
            out = [r for r in out if r.start < s]  # (not "V600E" of "on V600E BRAF" asked about as a target)
            taken = [(a, b) for a, b in taken if a < s]
        # "ABL1(E255K)" written as one id
        paren = re.match(r"\(([^)\s]{1,30})\)(p?)", text[end:end + 34])
        if not muts and paren:
            whole = text[s:end + paren.end()]
            if whole in t.davis:
                out.append(_construct_result(t.davis[whole], whole, s, end + paren.end()))
                taken.append((s, end + paren.end()))
                i += n
                continue
            muts, mend = parse_mutations(paren.group(1)), end + paren.end()
            last = i + n - 1
            while last + 1 < len(ws) and ws[last + 1][1] < mend:
                last += 1
        base = t.davis[_symbol_targets(written, in_text=True)[0][0]]
        if base.mutations:  # "EGFR L858R" matched the id EGFR(L858R): keep its mutations, add any that follow
            muts, written = muts | base.mutations, base.symbol
        if muts:
            result = _resolve_parts(text[s:mend], written, muts, s, mend)
            i = last + 1
        else:
            result = _resolve_parts(written, written, frozenset(), s, end, in_text=True)
            mend = end
            i += n
            if isinstance(result, Unresolved):
                result = _the_construct_said(result, text[end:end + 60]) or result
            elif result is not None and _mutant_unsaid(text, s, end):
                result = _which_mutant(written, s, end)
        if result is not None and _FAMILY_AFTER.match(text[mend:mend + 40]):
            # "the Tec family kinase", "the Abl kinases": several targets, which one is asked
            result = Unresolved("target", text[s:mend], _family_members(written), s, mend,
                                "a family of kinases, not one target")
        if result is not None:
            out.append(result)
            taken.append((s, mend))
    if any(isinstance(r, Resolved) for r in out):
        # "JAK2 JH1 binary call for the three JAK inhibitors below": a class of drugs beside the target, no other
        out = [r for r in out if isinstance(r, Resolved) or not _DRUG_CLASS_AFTER.match(text[r.end:r.end + 20])]
    return sorted(out, key=lambda r: r.start)


# ("… of the ABL degrader", "the MET programme": a class of drugs or a project, named beside the target asked about)
_DRUG_CLASS_AFTER = re.compile(r"[\s-]+(?:inhibitors?|degraders?|programs?|programmes?|projects?|franchise)\b", re.I)
# the words after a name of several constructs that say which ("RSK1's N-terminal domain", "RSK1, the C-terminal
# one"): each with the part of a DAVIS id it picks
_CONSTRUCT_SAID = re.compile(r"^(?:['’]s)?[\s,(—–-]*(?:the\s+|its\s+)?(?P<words>[^.;:?!\n]{0,40})", re.I)
_CONSTRUCT_WORDS = (("n-terminal", "n-terminal"), ("c-terminal", "c-terminal"))


def with_the_construct(text: str, earlier: str) -> str:
    """``text`` with a name of several constructs read as the one the earlier request used ("same RSK1 for my hit"
    after an RSK1 N-terminal request), or with the name the earlier request left open written before it ("The
    N-terminal one." after "Does tofacitinib hit RSK1?" was asked about: the text names one of its constructs); else
    ``text`` unchanged."""
    found = find_target_names(text)
    if found:
        used = {r.name for r in find_target_names(earlier) if isinstance(r, Resolved)}
        for r in reversed([r for r in found if isinstance(r, Unresolved) and of_several_constructs(r)]):
            picked = [tid for tid in r.closest if tid in used]
            text = text[:r.start] + picked[0] + text[r.end:] if len(picked) == 1 else text
        return text
    lowered = text.lower()
    if not any(re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", lowered) for word, _ in _CONSTRUCT_WORDS):
        return text
    open_names = {r.written for r in find_target_names(earlier) if of_several_constructs(r)}
    return f"{open_names.pop()} {text}" if len(open_names) == 1 else text


def of_several_constructs(found: Resolved | Unresolved) -> bool:
    """A name of several DAVIS constructs, asked about ("ABL": ABL1 or ABL2; "RSK1": its two kinase domains), not a
    family of kinases ("Aurora kinase")."""
    return isinstance(found, Unresolved) and len(found.closest) > 1 and \
        len({tid for tid, _, _ in _symbol_targets(found.written)}) > 1


def _the_construct_said(several: Unresolved, after: str) -> Resolved | None:
    """The one construct of a name of several that the words after it name ("RSK1's N-terminal domain"), else None."""
    said = _CONSTRUCT_SAID.match(after)
    words = said.group("words").lower() if said else ""
    for word, part in _CONSTRUCT_WORDS:
        if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", words):
            picked = [tid for tid in several.closest if part in tid.lower()]
            if len(picked) == 1:
                return _construct_result(tables().davis[picked[0]], several.written, several.start, several.end)
    return None


def _family_targets(family: FamilyMention) -> list[Resolved | Unresolved]:
    """The members a family mention means, each with a source line naming the family; or the question which one."""
    listed = ", ".join(family.family.members)
    if not family.whole:
        return [Unresolved("target", family.written, family.family.members, family.start, family.end,
                           f"{family.family.name} is a family of {len(family.family.members)} kinases ({listed}): "
                           "name one, or say all of them")]
    out: list[Resolved | Unresolved] = []
    left = [m for m in family.family.members if m not in family.members]
    for member in family.members:
        r = resolve_target(member)
        if isinstance(r, Unresolved):  # a member of several constructs is asked about, never left out silently
            r = dataclasses.replace(r, start=family.start, end=family.end)
        if isinstance(r, Resolved):
            note = f"; {', '.join(left)} left out" if left else ""
            r = dataclasses.replace(r, written=family.written, start=family.start, end=family.end,
                                    source=f"{r.source}; one of '{family.written}' ({listed}{note})")
        out.append(r)
    return out


# not "a Src-family kinase inhibitor", "SRC family kinases inhibitor": a drug class
_FAMILY_AFTER = re.compile(r"^(?![\s-]*(?:(?:sub)?family[\s-]+)?kinases?[\s-]+inhibit|"
                           r"[\s-]*(?:sub)?family[\s-]+inhibit)"
                           r"[\s-]*(?:(?:sub)?family|kinases|paralogs|isoforms|isozymes)\b", re.IGNORECASE)


def _family_members(written: str) -> tuple[str, ...]:
    """A family's members: from the families table, else the DAVIS targets whose symbol starts like the family name
    ("Abl" -> ABL1, ABL2)."""
    family = family_named(written)
    if family is not None:
        return family.members[:N_CLOSEST]
    stem = re.sub(r"\d+$", "", written.upper())
    return tuple(sorted({t.symbol for t in tables().davis.values() if t.symbol.upper().startswith(stem)}))[:N_CLOSEST]


_CELL_AFTER = re.compile(r"^\s*(?:cells?|cell[\s-]*lines?)\b", re.IGNORECASE)


@lru_cache(maxsize=1024)
def _names_a_cell_line(written: str) -> bool:
    """GAK is a kinase and a GDSC cell line: "GAK cells" is the line."""
    from model_zoo.names.cell_lines import is_cell_line_name

    return is_cell_line_name(written)


def _is_other_name(word: str) -> bool:
    """A drug code or known cell-line spelling: not a target, even next to "inhibit"."""
    from model_zoo.names.cell_lines import is_cell_line_name
    from model_zoo.names.drugs import tables as drug_tables

    return name_key(word) in drug_tables().names or is_cell_line_name(word)


def coverage_counts() -> dict[str, int]:
    t = tables()
    return {
        "targets_davis_constructs": len(t.davis),
        "targets_davis_genes": len(t.by_symbol),
        "targets_kiba_uniprot": len(t.kiba),
        "target_aliases": sum(1 for rows in t.names.values() for w, tid, _, _ in rows if w != tid),
    }
