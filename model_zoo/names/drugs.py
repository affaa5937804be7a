"""Drug names, INNs, synonyms, brands and code names -> SMILES with their database id; systematic names via
OPSIN. Tables: ``model_zoo/data/names/drugs.csv.gz`` and ``drug_names.csv.gz`` (built by
``model_zoo.train.build_names``), read once on first use.

Precision first: a drug wrongly read into a request is worse than a miss. In free text a name counts only
when its table row allows it (ordinary words, solvents, elements, gene symbols and cell-line names do not);
spelling correction needs 6+ letters, the same first letter, at most 1 edit (2 from 9 letters) and a word
that is not English; a word that only looks like a drug (INN stem, "zorbatinib") comes back Unresolved with
the nearest known names.

Lab shorthand ("palbo", "osi", "MTX") comes from the hand-written ``drug_shorthand.csv``: each alias is added
to the name table at load time as one more name of the drug it stands for (kind ``shorthand``), so it is read
and reported like any other name, its source line starting "lab shorthand; ". A real name always wins.
"""

from __future__ import annotations

import csv
import difflib
import gzip
import io
import itertools
import re
import unicodedata
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

from model_zoo.names import opsin
from model_zoo.names.text import (
    overlaps,
    delete_index,
    fuzzy_candidates,
    LISTED_NAME_ENDING,
    alternation,
    fuzzy_limit,
    inn_stem,
    name_key,
    osa_distance,
    respellings,
    SERIES_CODE,
    squashed,
    words,
)
from model_zoo.names.targets import NOT_TARGETS
from model_zoo.names.types import Resolved, Unresolved
from model_zoo.specs import PROPERTY_WORDS

DATA = Path(__file__).resolve().parents[1] / "data" / "names"
MAX_PHRASE_WORDS = 6
N_CLOSEST = 5
SHORTHAND = "shorthand"  # the name kind of lab shorthand ("palbo")


@dataclass(frozen=True)
class DrugEntry:
    id: str
    name: str
    smiles: str
    source: str


@dataclass
class _Tables:
    drugs: dict[str, DrugEntry]
    names: dict[str, tuple[tuple[str, str, str], ...]]  # key -> ((id, kind, text flag), ...)
    prefixes: frozenset[str]  # leading words ("acetylsalicylic") of multi-word keys read from text
    never: frozenset[str]  # keys never read from text as they stand (hand-written lists)
    endogenous: frozenset[str]  # of those, molecules read in context ("does dopamine cross the BBB?")
    not_drug: frozenset[str]  # English words never corrected nor questioned (generated)


def _read_gz_rows(path: Path) -> list[list[str]]:
    with gzip.open(path, "rt", encoding="utf-8", newline="") as fh:
        rows = list(csv.reader(io.StringIO(fh.read())))
    return rows[1:]


def _word_list(path: Path) -> frozenset[str]:
    out = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            out.add(name_key(line))
    return frozenset(out)


@dataclass(frozen=True)
class Shorthand:
    alias: str  # as labs write it: "palbo", "MTX"
    drug: str  # a name the drug tables know: "palbociclib"
    text: str  # T: read in free text; L: unless written in capitals (GEF, TAM); C: only as written (MTX);
    # N: only listed with another drug the message names ("warf+asp"; "asp" alone is aspartate)
    note: str


def read_shorthand() -> list[Shorthand]:
    """The rows of the hand-written ``drug_shorthand.csv``."""
    with (DATA / "drug_shorthand.csv").open(encoding="utf-8", newline="") as fh:
        return [Shorthand(r["alias"].strip(), r["drug"].strip(), r["text"].strip(), r["note"].strip())
                for r in csv.DictReader(fh)]


def shorthand_drug_id(entry: Shorthand, names: dict[str, tuple[tuple[str, str, str], ...]]) -> str | None:
    """The drug an alias stands for: the one drug its ``drug`` name belongs to; None when that name is unknown
    or shared, or when the alias is itself a name of another drug (a real name is never shadowed; a synonym of
    the same drug that the tables never read in free text, "hctz", is read as the shorthand says)."""
    ids = {i for i, _, _ in names.get(name_key(entry.drug), ())}
    if len(ids) != 1:
        return None
    own = {i for i, _, _ in names.get(name_key(entry.alias), ())}
    return ids.pop() if not own or own == ids else None


@lru_cache(maxsize=1)
def tables() -> _Tables:
    drugs = {i: DrugEntry(i, name, smiles, source) for i, name, smiles, source in _read_gz_rows(DATA / "drugs.csv.gz")}
    names: dict[str, list[tuple[str, str, str]]] = {}
    prefixes = set()
    for key, i, kind, flag in _read_gz_rows(DATA / "drug_names.csv.gz"):
        bucket = names.get(key)
        if bucket is None:
            names[key] = [(i, kind, flag)]
        else:
            bucket.append((i, kind, flag))
        if flag != "N" and " " in key:
            parts = key.split(" ")
            for n in range(1, len(parts)):
                prefixes.add(" ".join(parts[:n]))
    table = {k: tuple(v) for k, v in names.items()}
    for entry in read_shorthand():
        drug_id = shorthand_drug_id(entry, table)
        if drug_id is not None:
            table[name_key(entry.alias)] = ((drug_id, SHORTHAND, entry.text),)
            squashed_alias = squashed(name_key(entry.alias))  # "Ara-C" written "AraC"; "5-HTP", the same drug's code
            if squashed_alias not in table or {i for i, _, _ in table[squashed_alias]} == {drug_id}:
                table[squashed_alias] = table[name_key(entry.alias)]
            words = name_key(entry.alias).split(" ")  # "methyl iodide": found word by word in free text
            prefixes.update(" ".join(words[:n]) for n in range(1, len(words)))
    endogenous = _word_list(DATA / "endogenous_molecules.txt")
    prefixes.update(" ".join(words[:n]) for words in (key.split(" ") for key in endogenous)  # "folic acid"
                    for n in range(1, len(words)))
    return _Tables(drugs, table, frozenset(prefixes), _word_list(DATA / "never_drugs.txt") | endogenous, endogenous,
                   _word_list(DATA / "not_drug_words.txt"))


@lru_cache(maxsize=1)
def _fuzzy_index() -> dict[str, list[str]]:
    """Delete index over names that may be corrected to: one-word names of 6-20 letters found in text (not
    lab shorthand: "venetto" is no misspelling of "veneto")."""
    t = tables()
    return delete_index(k for k, rows in t.names.items()
                        if k.isalpha() and 6 <= len(k) <= 20 and any(f == "T" and kind != SHORTHAND
                                                                     for _, kind, f in rows))


@lru_cache(maxsize=1)
def _suggestion_names() -> tuple[str, ...]:
    """Names worth suggesting: canonical names of drugs with a structure."""
    t = tables()
    return tuple(sorted({name_key(d.name) for d in t.drugs.values() if d.smiles and len(d.name) <= 40}))


# --- one name -----------------------------------------------------------------------------------------

def _entries(key: str, in_text: bool) -> list[tuple[DrugEntry, str, str]]:
    t = tables()
    rows = t.names.get(key, ())
    if in_text:
        rows = tuple(r for r in rows if r[2] != "N")
    return [(_as_shorthand(t.drugs[i]) if kind == SHORTHAND else t.drugs[i], kind, flag)
            for i, kind, flag in rows if i in t.drugs]


def _as_shorthand(entry: DrugEntry) -> DrugEntry:
    """The drug as named by lab shorthand: its source line says so ("lab shorthand; DrugBank DB09073")."""
    return replace(entry, source=f"lab shorthand; {entry.source}")


def _resolved(entry: DrugEntry, written: str, fuzzy: bool, start: int = -1, end: int = -1) -> Resolved:
    return Resolved("drug", written, entry.name, entry.smiles, entry.source, fuzzy, start, end)


def _known_without_structure(entry: DrugEntry, written: str, start: int, end: int) -> Unresolved:
    note = f"known drug {entry.name} ({entry.source}), but no structure is shipped for it; give its SMILES"
    return Unresolved("drug", written, (), start, end, note)


def _closest(written: str, n: int = N_CLOSEST) -> tuple[str, ...]:
    """Nearest known names with a structure: spelling neighbours, then names sharing the INN stem."""
    key = name_key(written)
    out: list[str] = []

    def add(name_keys) -> None:
        for k in name_keys:
            for entry, _, _ in _entries(k, in_text=False):
                if entry.smiles and entry.name not in out:
                    out.append(entry.name)

    if key.isalpha():
        add(n for _, n in fuzzy_candidates(key, _fuzzy_index()))
    stem = inn_stem(key)
    pool = _suggestion_names()
    if stem:
        same_stem = [k for k in pool if k.endswith(stem)]
        add(difflib.get_close_matches(key, same_stem, n=n, cutoff=0.0))
    if len(out) < n and key:
        near = [k for k in pool if k[:1] == key[:1] and abs(len(k) - len(key)) <= 4]
        add(difflib.get_close_matches(key, near, n=n, cutoff=0.6))
    return tuple(out[:n])


AMBIGUOUS = "this name belongs to more than one drug"


def _ambiguous(found: list[tuple[DrugEntry, str, str]], written: str, start: int, end: int) -> Unresolved:
    names = tuple(dict.fromkeys(f"{e.name} ({e.source})" for e, _, _ in found))
    return Unresolved("drug", written, names[:N_CLOSEST], start, end, AMBIGUOUS)


def _from_entries(found, written: str, fuzzy: bool, start: int, end: int) -> Resolved | Unresolved:
    ids = {e.id for e, _, _ in found}
    own = {e.id for e, _, _ in found if name_key(e.name) == name_key(written)}
    if len(ids) > 1 and len(own) == 1:  # "ketoprofen" is the drug of that name, not also dexketoprofen's synonym
        found = [f for f in found if f[0].id in own]
    elif len(ids) > 1:
        return _ambiguous(found, written, start, end)
    entry = found[0][0]
    if not entry.smiles:
        entry = _same_drug_with_structure(entry) or entry
    if not entry.smiles:  # "isopropanol", "DMF": OPSIN may read the name when no structure ships
        return _via_opsin(written, entry, _known_without_structure(entry, written, start, end), start, end)
    return _resolved(entry, written, fuzzy, start, end)


def _same_drug_with_structure(entry: DrugEntry) -> DrugEntry | None:
    """A brand or synonym may lead to a DrugBank id without a shipped structure while the same drug, by its own
    name, has one in another table ("Talzenna" → talazoparib DB11760, whose structure is GDSC drug 1259's); the
    source line names both."""
    same = {e.id: e for e, _, _ in _entries(name_key(entry.name), in_text=False) if e.smiles}
    if len(same) != 1:
        return None
    other = next(iter(same.values()))
    return replace(other, name=entry.name, source=f"{entry.source}; structure from {other.source}")


def _fuzzy(word: str, start: int = -1, end: int = -1) -> Resolved | Unresolved | None:
    key = word.lower()
    t = tables()
    if not key.isalpha() or len(key) < 6 or key in t.never or key in t.not_drug or key in t.names:
        return None
    if key.endswith("s") and key[:-1] in t.names:
        return None  # "Priya's quinolines", "the amides": a class of molecules, not a misspelt one
    candidates = fuzzy_candidates(key, _fuzzy_index())
    if not candidates:
        return None
    best = candidates[0][0]
    found = [e for d, k in candidates if d == best for e in _entries(k, in_text=True)]
    if not found:
        return None
    if len({e.id for e, _, _ in found}) > 1:
        names = tuple(dict.fromkeys(e.name for e, _, _ in found))
        return Unresolved("drug", word, names[:N_CLOSEST], start, end,
                          "looks like a misspelling of more than one drug name")
    corrected = [k for d, k in candidates if d == best][0]
    if word[:1].isupper() and difflib.SequenceMatcher(None, corrected, name_key(found[0][0].name)).ratio() < 0.6:
        # a brand, as written, a letter from another ("Movicol", macrogol, from Movicox, meloxicam): brands that close
        # are often other products, so asked; a misspelt INN or a spelling of it is corrected ("ibuprofem",
        # "Varfariin")
        brand = " ".join(w.capitalize() for w in corrected.split())
        return Unresolved("drug", word, (f"{brand} ({found[0][0].name})",), start, end,
                          f"a letter from the brand {brand} ({found[0][0].name}), but brands that close are often "
                          "other products; is that the one you mean?")
    return _from_entries(found, word, True, start, end)


# Polish writes INNs phonetically ("fluoksetyna", "klarytromycyna", "simwastatyna", "dazatynib", "metotreksat"):
# ks for x, w for v, k for c, y for i, z for s, t for th, f for ph, "chin" for quin, and -yna/-ina for -ine/-in
_POLISH_ENDINGS = (("yna", "ine"), ("yna", "in"), ("ina", "ine"), ("ina", "in"), ("at", "ate"), ("ol", "ole"),
                   ("on", "one"), ("id", "ide"), ("a", "e"), ("a", ""), ("", ""))
# a name declined ("imatynibu", "z flukonazolem", "cisplatyny", "o doksorubicynie"): its nominative, then the above
_POLISH_CASES = (("yny", "yna"), ("iny", "ina"), ("ynie", "yna"), ("inie", "ina"), ("yne", "yna"), ("ine", "ina"),
                 ("owi", ""), ("em", ""), ("ie", ""), ("u", ""))
_POLISH_WORD = re.compile(r"ks|w|y|chin|k(?=[aeiou])")  # letters English spellings of drug names rarely have there
_MAX_RESPELT = 4  # letters respelt one by one (y, t): 2 ** 4 spellings at most per ending


def _polish_spelling(key: str) -> list[tuple[DrugEntry, str, str]]:
    """The entries of the English name a Polish spelling writes, found as it stands ("fluoksetyna": fluoxetine)."""
    if not _POLISH_WORD.search(key):
        return []
    t = tables()
    base = key.replace("ks", "x").replace("w", "v").replace("chin", "quin")
    nominatives = [base] + [base[:-len(case)] + new for case, new in _POLISH_CASES
                            if base.endswith(case) and len(base) > len(case) + 4]
    stems = [word[:len(word) - len(ending)] + new for word in nominatives for ending, new in _POLISH_ENDINGS
             if word.endswith(ending) and len(word) > len(ending) + 3]
    for stem in dict.fromkeys(stems):
        for whole in dict.fromkeys([stem, stem.replace("k", "c")]):
            for letters in dict.fromkeys([whole, whole.replace("z", "s"), whole.replace("f", "ph")]):
                for spelling in _each_respelt(letters, (("y", "i"), ("t", "th"))):
                    if spelling != key and spelling in t.names:
                        return _entries(spelling, in_text=False)
    return []


def _each_respelt(word: str, changes: tuple[tuple[str, str], ...], most: int = _MAX_RESPELT) -> list[str]:
    """``word`` with every subset of the first few places of each change made ("dazatynib": dazatinib, …)."""
    places = [(i, old, new) for old, new in changes for i in range(len(word)) if word.startswith(old, i)]
    places = places[:most]
    out = []
    for mask in range(2 ** len(places)):
        chosen = {i: (old, new) for bit, (i, old, new) in enumerate(places) if mask >> bit & 1}
        out.append("".join(chosen[i][1] if i in chosen else ch for i, ch in enumerate(word)))
    return out


# Turkish writes INNs as they sound ("sisplatin", "klaritromisin", "varfarin", "gemsitabin", "doksorubisin"): s or k
# for c, v for w, i for y, t for th, f for ph, ks for x, and no final e; Persian typed in Latin letters the same, with
# j for a soft g ("jemsitabin")
_TURKISH_RESPELLINGS = (("j", "g"), ("k", "c"), ("s", "c"), ("v", "w"), ("i", "y"), ("t", "th"), ("f", "ph"))
_MAX_TURKISH_RESPELT = 6  # letters respelt one by one: 2 ** 6 spellings at most, each with and without a final e


def _turkish_spelling(key: str) -> list[tuple[DrugEntry, str, str]]:
    """The entries of the English name a Turkish spelling writes, found as it stands ("sisplatin": cisplatin)."""
    t = tables()
    base = key.replace("ks", "x")
    for spelling in _each_respelt(base, _TURKISH_RESPELLINGS, _MAX_TURKISH_RESPELT):
        if spelling == key:
            continue  # a letter respelt at least ("pancreas" is no Turkish "pancrease")
        for whole in (spelling, f"{spelling}e"):
            # an INN or GDSC name, not any synonym ("sobre" is no Turkish "cobre", copper in Spanish)
            found = [f for f in _entries(whole, in_text=True) if f[1] in ("name", "gdsc")] if whole in t.names else []
            if found:
                return found
    return []


def _accented_or_respelt(word: str, start: int = -1, end: int = -1) -> Resolved | Unresolved | None:
    """A known name written with accents ("acétone", "méthanol") or in Polish or Turkish spelling ("fluoksetyna",
    "sisplatin"), found as it stands: read before spelling correction, which would only see a near miss."""
    key = unicodedata.normalize("NFKD", word.lower().replace("ı", "i")).encode("ascii", "ignore").decode()
    if len(key) < 5 or not key.isalpha():
        return None
    found = _entries(key, in_text=False) if key != word.lower() else []
    found = found or _polish_spelling(key) or (_turkish_spelling(key) if len(key) >= 6 else [])
    return _from_entries(found, word, True, start, end) if found else None


_JOINED_WORD = re.compile(r"[a-z]{3,}-[a-z]{3,}")  # two lower-case words joined by a hyphen ("etil-acetat")


def _found_respelt(word: str, start: int, end: int) -> Resolved | None:
    """A Romance spelling of a known name found as it stands ("omeprazolo"), never a question."""
    found = _foreign_spelling(word, start, end)
    return found if isinstance(found, Resolved) else None


def _foreign_spelling(word: str, start: int, end: int) -> Resolved | Unresolved | None:
    """An unknown word read as a Romance or German spelling of a known name (shown as a spelling match), or as a
    Romance spelling of an INN the tables lack ("metamizol": asked about, with the closest names)."""
    key = unicodedata.normalize("NFKD", word.lower()).encode("ascii", "ignore").decode()
    t = tables()
    joined = _JOINED_WORD.fullmatch(key) is not None  # "etil-acetat": looked up whole, never asked about
    key = key.replace("-", "") if joined else key
    if len(key) < 5 or not key.isalpha() or key.endswith("e"):  # (English chemistry words end so: "methylpyrazole")
        return None
    ended, spellings = respellings(key)
    for spelling in spellings:  # (names never read from English free text too: the word is not English)
        found = _entries(spelling, in_text=False) if spelling != key else []
        if found:
            return _from_entries(found, word, True, start, end)
    if joined:
        return None
    # "metamizol" is "metamizole", which the tables lack: asked about. Only the endings are respelt here, since a
    # spelling search per letter change would cost several times the whole message's other look-ups. A respelling
    # one letter from a single name is no drug ("Aurora" A is no "aurore"): only an ambiguous near match is asked.
    for spelling in dict.fromkeys(s for s in ended if s != key and s not in t.never and s not in t.not_drug):
        if isinstance(_fuzzy(spelling, start, end), Unresolved) or inn_stem(spelling):
            return Unresolved("drug", word, _closest(spelling), start, end,
                              "looks like a drug name (INN stem), but is not known")
    return None


# systematic names: locants and chemical morphemes ("2-acetoxybenzoic acid", "4-methoxy-N,N-dimethylbenzamide")
_LOCANT = re.compile(r"(?:^|[\s(\[-])(?:\d+[a-z]?'?(?:,\d+[a-z]?'?)*|[NOS](?:,[NOS])*'*|\(?[RSEZ]\)?)-[A-Za-z(\[]")
_MORPHEME = re.compile(
    r"(?:meth|eth|prop|but|pent|hex|hept|oct|non|dec|benz|phen|pyr|pyrid|furan|thio|thi|oxy|hydroxy|amino|"
    r"chloro|fluoro|bromo|iodo|nitro|cyano|acet|carb|formyl|sulfon|phosph|imid|indol|quinol|morpholin|"
    r"piperid|piperaz|naphth|cyclo|urea|guanid|glycer)", re.IGNORECASE)
_SUFFIX = re.compile(r"(?:ane|ene|yne|ol|ols|one|al|ic|oate|ate|ide|amine|amide|imine|ine|ole|ium|yl|ether|"
                     r"oxide|nitrile|ester|acid)\)?$", re.IGNORECASE)
_CLASS_WORDS = frozenset("acid chloride bromide iodide fluoride ester anhydride oxide hydrochloride "
                         "hydrobromide sulfate sulphate nitrate acetate ether ketone aldehyde amide cation "
                         "anion salt phosphate phosphonate carbonate".split())
_ESTER_GROUP = re.compile(r"(?:di|tri)?(?:methyl|ethyl|propyl|isopropyl|butyl|phenyl|benzyl)")
_CHUNK = re.compile(r"\S+")
_TRAIL = ".,;:!?\"'"


def looks_systematic(phrase: str) -> bool:
    """A name worth sending to OPSIN: locants with a hyphen and chemical morphemes, not a code like AZD-6244."""
    core = phrase.strip()
    return bool(_LOCANT.search(core) and _MORPHEME.search(core) and _SUFFIX.search(core.split()[-1])
                and sum(ch.islower() for ch in core) >= 6)


def _systematic_chunks(text: str, taken: list[tuple[int, int]]) -> list[tuple[int, int, str]]:
    """(start, end, phrase) for systematic-looking names in text, extended by class words ("... acid")."""
    chunks = []
    for m in _CHUNK.finditer(text):
        s, e, c = m.start(), m.end(), m.group()
        while c and (c[-1] in _TRAIL or c[-1] == ")" and c.count(")") > c.count("(")):  # "(… benzoic acid)?"
            c, e = c[:-1], e - 1
        while c and c[0] in "\"'(":
            if c[0] == "(" and c.count("(") <= c.count(")") - 0 and not c.endswith(")"):
                break
            c, s = c[1:], s + 1
        if c:
            chunks.append((s, e, c))
    out = []
    i = 0
    while i < len(chunks):
        s, e, c = chunks[i]
        if any(s < te and ts < e for ts, te in taken) or not looks_systematic(c):
            i += 1
            continue
        start, end, j = s, e, i
        # "ethyl 4-aminobenzoate", "sodium 2-..." : one substituent or cation word before
        if i > 0 and re.fullmatch(r"[a-z]+yl|sodium|potassium|lithium|calcium", chunks[i - 1][2].lower()):
            start = chunks[i - 1][0]
        while j + 1 < len(chunks) and (chunks[j + 1][2].lower() in _CLASS_WORDS or (
                j + 2 < len(chunks) and _ESTER_GROUP.fullmatch(chunks[j + 1][2].lower())
                and chunks[j + 2][2].lower() in _CLASS_WORDS)):  # "… ethenyl diethyl phosphate"
            j += 1
            end = chunks[j][1]
        if not text[start:end].lower().endswith("yl"):  # ("a carbon-11 on the N-methyl": a group, no molecule)
            out.append((start, end, text[start:end]))
        i = j + 1
    return out


# locants tried in front of a name written without any ("methoxyethanol": 1- or 2-?), on a parent where a group's
# place matters: a chain or ring with its own group or none ("methylpropane" read as butane, "dichlorobenzene")
_LOCANTS = ("1", "2", "3", "4", "1,2", "1,3", "1,4", "2,3", "2,4", "3,4")
_PLACED_PARENT = re.compile(r"(?:ol|one|al|amine|acid|ane|ene|yne|pyridine|aniline|naphthalene)$", re.I)


def _isomers(name: str) -> list[str]:
    """The names with locants written that give different structures, when ``name`` writes none: OPSIN reads
    "methoxyethanol" as 1-methoxyethanol and "aminobenzoic acid" as the 2-isomer, where a chemist may mean another."""
    if re.search(r"\d", name) or not _PLACED_PARENT.search(name):
        return []
    from model_zoo.chem.mols import same_molecule_key  # RDKit, only when OPSIN has read a name

    found: dict[str, str] = {}
    for locants in _LOCANTS:
        written = f"{locants}-{name}"
        smiles = opsin.to_smiles(written)
        key = same_molecule_key(smiles) if smiles else None
        if key is not None:
            found.setdefault(key, written)
    return list(found.values()) if len(found) > 1 else []


def _ambiguous_isomer(written: str, isomers: list[str], start: int, end: int) -> Unresolved:
    return Unresolved("drug", written, tuple(isomers), start, end,
                      "the name does not say where its groups sit; write the locants or paste its SMILES")


def _opsin(phrase: str, start: int = -1, end: int = -1) -> Resolved | Unresolved:
    smiles = opsin.to_smiles(phrase)
    isomers = _isomers(phrase) if smiles else []
    if isomers:
        return _ambiguous_isomer(phrase, isomers, start, end)
    if smiles:
        return Resolved("drug", phrase, phrase, smiles, "OPSIN (IUPAC name)", False, start, end)
    misspelt = _misspelt_systematic(phrase, start, end)  # (from the tables, with or without OPSIN)
    if misspelt is not None:
        return misspelt
    why = opsin.why_unavailable() or opsin._failed or "OPSIN could not parse it as a systematic name"
    if not why[1:2].isupper():  # "OPSIN …" keeps its capitals
        why = why[0].lower() + why[1:]
    return Unresolved("drug", phrase, (), start, end, f"looks like a systematic name, but {why}")


_CHECKED_BEFORE = re.compile(r"\b(?:check|screen|test|run)\s+$", re.I)
_PAIRED_AFTER = re.compile(r"\s*(?:vs\.?|versus|against|with|\+)\s", re.I)
_LAUNCHED_BEFORE = re.compile(r"\b(?:launched|launches|launching|marketed|markets|sells|selling|generic)\s+['\"‘“]?$",
                              re.I)
_INORGANIC_SALT = re.compile(r"(?<![\w-])(?:sodium|potassium|lithium|calcium|magnesium|ammonium|zinc|ferrous|ferric|"
                             r"silver|copper|barium|caesium|cesium|aluminium|aluminum)\s+(?:bromide|chloride|iodide|"
                             r"fluoride|sulfate|sulphate|nitrate|nitrite|acetate|carbonate|bicarbonate|phosphate|"
                             r"hydroxide|citrate|oxide|cyanide|hypochlorite|permanganate|lactate|gluconate)(?![\w-])",
                             re.I)
# an acyl halide, an anhydride or an acid by its two-word trivial name, which OPSIN reads (never asked when it cannot:
# "nucleic acid" is no molecule)
_MOST_REAGENTS = 8
_REAGENT = re.compile(r"(?<![\w-])[a-z]{2,}(?:yl|ic|ous)\s+(?:chloride|bromide|iodide|fluoride|anhydride|acid)"
                      r"(?![\w-])")
_LETTERS = re.compile(r"[a-z]+")
_LOCANT_WORD = re.compile(r"(?<![\w-])\d+(?:,\d+)*-[A-Za-z]{5,}(?![\w-])")


@lru_cache(maxsize=1)
def _names_by_skeleton() -> dict[str, list[str]]:
    """Names with digits or hyphens found in text ("5-fluorouracil"), by what is left when their letters are taken
    out ("5-"): a misspelling may change letters, never a locant."""
    index: dict[str, list[str]] = {}
    for key, rows in tables().names.items():
        if not key.isalpha() and 6 <= len(key) <= 40 and any(f == "T" for _, _, f in rows):
            index.setdefault(_LETTERS.sub("", key), []).append(key)
    return index


def _misspelt_systematic(phrase: str, start: int, end: int) -> Resolved | Unresolved | None:
    """A name OPSIN cannot read that is a known name with a letter or two wrong ("5-fluorouracyl"); the match is
    shown, as for any misspelling."""
    key = name_key(phrase)
    limit = fuzzy_limit("".join(_LETTERS.findall(key)))
    near = [(osa_distance(key, name, limit + 1), name) for name in _names_by_skeleton().get(_LETTERS.sub("", key), ())
            if name[0] == key[0]]
    near = sorted((d, name) for d, name in near if 0 < d <= limit)
    if not near:
        return None
    found = [e for d, name in near if d == near[0][0] for e in _entries(name, in_text=True)]
    return _from_entries(found, phrase, True, start, end) if found else None


def _via_opsin(written: str, entry: DrugEntry, unresolved: Unresolved, start: int = -1,
               end: int = -1) -> Resolved | Unresolved:
    """A known drug without a shipped structure: OPSIN may still read its written or canonical name
    ("4-hydroxyphenol", "hydroquinone"); otherwise the Unresolved stands."""
    if not opsin.available():
        return unresolved
    for name in dict.fromkeys((written, entry.name)):
        if inn_stem(name) or not _MORPHEME.search(name):
            continue
        smiles = opsin.to_smiles(name)
        isomers = _isomers(name) if smiles else []
        if isomers:
            return _ambiguous_isomer(written, isomers, start, end)
        if smiles:
            return Resolved("drug", written, entry.name, smiles,
                            f"OPSIN (IUPAC name); {entry.source} has no structure shipped", False, start, end)
    return unresolved


def resolve_drug(name: str) -> Resolved | Unresolved:
    """A drug name, INN, synonym, brand, code name or systematic name -> its structure (bare name, no text).

    Exact names (ignoring case, spaces and hyphens in codes) first, then spelling correction, then OPSIN for
    names that look systematic. Unresolved carries the closest known names and, for a known drug without a
    structure or a systematic name OPSIN could not read, a note.
    """
    written = " ".join(str(name).split())
    key = name_key(written)
    if not key:
        return Unresolved("drug", written, (), note="the drug name is empty")
    found = _entries(key, in_text=False)
    if not found and any(ch.isdigit() for ch in key):
        found = _entries(squashed(key), in_text=False)
    if found:
        result = _from_entries(found, written, False, -1, -1)
        if isinstance(result, Unresolved) and result.note.startswith("known drug"):
            return _via_opsin(written, found[0][0], result)
        return result
    if " " not in key:
        fixed = _accented_or_respelt(written) or _fuzzy(written)
        if fixed is not None:
            return fixed
    systematic = looks_systematic(written)
    chemical = bool(_MORPHEME.search(written) and _SUFFIX.search(written) and not inn_stem(written))
    if systematic or chemical:  # "imidazole", "2-acetoxybenzoic acid": OPSIN reads many of these
        result = _opsin(written)
        if isinstance(result, Resolved) or systematic or result.closest:  # an isomer question names the isomers
            return result
    return Unresolved("drug", written, _closest(written))


# --- free text ----------------------------------------------------------------------------------------

_SMILES_ATOMS = re.compile(r"Cl|Br|[BCNOSPFI]|[cnosp]|\[[^\]]*\]")
_SMILES_CHARS = re.compile(r"[A-Za-z0-9@+\-\[\]()=#$/\\%.:*]+")


def looks_like_smiles(chunk: str) -> bool:
    """A whitespace-free chunk made of SMILES atoms with bonds, branches or ring closures ("CC(=O)O")."""
    if len(chunk) < 3 or not _SMILES_CHARS.fullmatch(chunk):
        return False
    if not (re.search(r"[=#@\[\]/\\()]", chunk) or re.search(r"[A-Za-z]\d", chunk)):
        return False
    rest = _SMILES_ATOMS.sub("", chunk)
    return not re.search(r"[A-Za-z]", rest) and not _short_name_with_digits(chunk)


def _short_name_with_digits(chunk: str) -> bool:
    """"p38", "P53779" (a UniProt accession): a word mostly of digits that close no ring is a name (a chunk of
    atoms with an open ring, "c1ccccc", is kept as a broken SMILES, to be reported as such)."""
    if re.search(r"[=#@\[\]/\\()]", chunk):
        return False
    labels = re.findall(r"\d", chunk)
    return 2 * len(labels) >= len(chunk) - 1 and any(labels.count(label) % 2 for label in set(labels))


_JOIN = re.compile(r"[ \t\-]|[ \t]?[()][ \t]?|\)\s\(")  # what may stand between the words of one name


def _joined(between: str, before: str, after: str) -> bool:
    """Whether two words may be one name: joined by a space, hyphen or bracket, or by the comma of locants
    ("1,4-dioxane", "2,2,4-trimethylpentane")."""
    return bool(_JOIN.fullmatch(between)) or (between == "," and before.isdigit() and after[:1].isdigit())


_NOT_A_DRUG_AFTER = re.compile(
    r"\s*(?:receptors?|transporters?|signall?ing|pathways?|uptake|levels?|metabolism|deficiency|release|"
    r"production|biosynthesis|kinase)\b", re.IGNORECASE)
# "serotonin syndrome", "serotonin toxicity", "dopamine D2", "histamine H1 blockers", "dopamine-agonist": an
# endogenous molecule naming a system or a condition, not the molecule asked about
_NAMES_A_SYSTEM_AFTER = re.compile(rf"(?:{_NOT_A_DRUG_AFTER.pattern}|[\s-]*(?:syndrome|toxicity|tox|crisis|storm|"
                                   # "Zoloft + Ultram, serotonin worry from a GP": the concern, not a third drug
                                   r"worry|worries|concerns?|risk|excess|overload|thing|issues?|effects?|"
                                   # "their IC50s on cortisol synthesis": the body making it, no molecule asked about
                                   r"synthesis|"
                                   r"problems?|reuptake|agonists?|antagonists?|system|neurons?|D[1-5]|H[1-4]|"
                                   # "insulin resistance", "an insulin pump": the body's response or a device
                                   r"resistance|sensitivity|secretion|pumps?|-like|"
                                   # "BP/cholesterol meds", "cholesterol-lowering": drugs for a condition
                                   r"(?:of\s+)?(?:drugs?|medicines?|medications?|meds|pills?|tablets?)|lowering)\b)",
                                   re.IGNORECASE)
# "Abiraterone Acetate", "estradiol valerate": an ester of the drug (often a prodrug), another molecule; so too the
# promoiety of an ester or amidate prodrug ("tenofovir alafenamide", "cefetamet pivoxil"; not tenofovir); a name the
# tables know with it and its structure ("megestrol acetate", "tenofovir disoproxil") was read whole before this is
# asked
_ESTER_AFTER = re.compile(r"\s+(?:acetate|propionate|dipropionate|valerate|palmitate|ester|[a-z]*alafenamide|"
                          r"amibufenamide|disoproxil|pivoxil|pivoxyl|proxetil|axetil|cilexetil|medoxomil|mofetil|"
                          r"marboxil|placarbil|etexilate)\b", re.IGNORECASE)
# "Prednisolone acetate vs dexamethasone drops: which parent steroid is more lipophilic?": the ester's parent is asked
_PARENT_ASKED = re.compile(r"\bparent\s+(?:drugs?|compounds?|steroids?|molecules?|acids?|alcohols?)\b", re.IGNORECASE)


def _smiles_spans(text: str) -> list[tuple[int, int]]:
    spans = []
    for m in _CHUNK.finditer(text):
        chunk, start = m.group(), m.start()
        stripped = chunk.strip(",;\"'")
        if looks_like_smiles(stripped.rstrip(".")):
            spans.append((start, m.end()))
    return spans


# "Calan SR 120 mg", "Lanoxin 0.125 mg": a dose after a capitalised name makes it a drug, even a name that is never
# read from free text otherwise (a brand that is also a surname or a word)
_DOSE_UNITS = ("mg", "mcg", "µg", "μg", "g", "unit", "units", "iu")
_DOSE_AFTER = re.compile(r"\s*(?:(?:SR|XR|XL|ER|CR|CD|LA|DS|ODT|IR|DR|EC|MR)\s+)?\d+(?:[.,]\d+)?"
                         rf"(?:/\d+(?:[.,]\d+)?)?\s*(?:{alternation(_DOSE_UNITS)})\b|"  # "300/100 mg": a combination
                         r"\s*\d+(?:[.,]\d+)?\s+(?:bid|tid|qid|qd|qhs|q\d{1,2}h|daily|nightly|once\s+daily|"
                         r"twice\s+daily)\b", re.I)  # "Vfend 200 BID": the unit left out, the frequency written


def _as_written_ok(written: str, flag: str) -> bool:
    """Flag C (short codes, acronyms): the text must not write it all in lower case ("SAHA", not "saha"); flag L
    (lab shorthand that is an acronym in capitals): not all in capitals ("gef", "Gef", not the protein class GEF). A
    code written as one token with a digit is no word in any case ("5-fu", "6-mp", "sn-38"; not "of 1")."""
    if flag == "L":
        return not written.isupper()
    one_coded_token = any(ch.isdigit() for ch in written) and not any(ch.isspace() for ch in written)
    return flag != "C" or one_coded_token or any(ch.isupper() for ch in written) or \
        not any(ch.isalpha() for ch in written)


def find_drug_names(text: str) -> list[Resolved | Unresolved]:
    """Drug mentions in free text, in order: known names (Resolved, or Unresolved when ambiguous or without
    a structure), misspellings of known names (Resolved, fuzzy=True), systematic names (OPSIN), and words
    that look like drug names but are not known ("zorbatinib": Unresolved with the closest names)."""
    if not text:
        return []
    t = tables()
    ws = words(text)
    blocked = _smiles_spans(text)
    out: list[Resolved | Unresolved] = []
    taken: list[tuple[int, int]] = list(blocked)
    for m in _INORGANIC_SALT.finditer(text):  # "potassium bromide": a salt the tables lack is no potassium
        if " ".join(m.group().lower().split()) not in t.names and not overlaps(*m.span(), taken):
            out.append(Unresolved("drug", m.group(), (), m.start(), m.end(),
                                  "an inorganic salt whose structure is not in the tables"))
            taken.append(m.span())

    i = 0
    while i < len(ws):
        w, s, e = ws[i]
        if overlaps(s, e, taken) or text[max(0, s - 3):s] in ("yl)", "yl]"):
            i += 1  # ("…-2-yl)propanoic acid": the end of a systematic name, read whole below; not "[11C]erlotinib")
            continue
        # the longest run of words from here that is a name: extend while the words so far begin a name
        hit = None
        key = ""
        for n in range(1, min(MAX_PHRASE_WORDS, len(ws) - i) + 1):
            if n > 1 and not _joined(text[ws[i + n - 2][2]:ws[i + n - 1][1]], ws[i + n - 2][0], ws[i + n - 1][0]):
                break
            key = ws[i + n - 1][0].lower() if n == 1 else f"{key} {ws[i + n - 1][0].lower()}"
            end = ws[i + n - 1][2]
            if key in t.names:
                found = [f for f in _entries(key, in_text=True) if _as_written_ok(text[s:end], f[2])]
                if not found and text[s].isupper() and key not in t.never and _DOSE_AFTER.match(text[end:end + 30]):
                    found = _entries(key, in_text=False)  # "Calan SR 120 mg": a brand on a medication list
                if not found and key in t.endogenous and not _NAMES_A_SYSTEM_AFTER.match(text, end):
                    found = _entries(key, in_text=False)  # "melatonin with sertraline" (not "serotonin syndrome")
                if found:
                    hit = (n, end, found)
            if n <= 3 and any(ch.isdigit() for ch in key) and " " in key:  # "BI 2536", "AZD 6244"
                sq = squashed(key)
                found = [f for f in _entries(sq, in_text=True) if _as_written_ok(text[s:end], f[2])]
                if found:
                    hit = (n, end, found)
            if key not in t.prefixes and not (n < 3 and any(ch.isdigit() for x in ws[i:i + 3] for ch in x[0])):
                break
        if hit is not None:
            n, end, found = hit
            ester = _ESTER_AFTER.match(text[end:end + 30])
            if ester is not None and _PARENT_ASKED.search(text):  # "… acetate vs …: which parent steroid is …?"
                out.append(_from_entries(found, text[s:end], False, s, end))
                end = end + ester.end()
            elif ester is not None:
                end = end + ester.end()
                parent = found[0][0].name
                out.append(Unresolved("drug", text[s:end], (parent,), s, end,
                                      f"this ester or prodrug of {parent} is another molecule, and its structure is "
                                      f"not in the tables; paste its SMILES, or say {parent} for the parent drug"))
            elif not _NOT_A_DRUG_AFTER.match(text[end:end + 30]):
                out.append(_from_entries(found, text[s:end], False, s, end))
            taken.append((s, end))
            i += n
            continue
        if w.lower() in t.endogenous and _NAMES_A_SYSTEM_AFTER.match(text, e):
            taken.append((s, e))  # "serotonin toxicity": no drug, known or unknown
        i += 1
    out += _joined_by_a_hyphen(text, ws, taken)
    out += _list_neighbours(text, ws, out, taken)
    # systematic names (OPSIN), then single unknown words: misspellings and INN-shaped names
    systematic = [_opsin(phrase, s, e) for s, e, phrase in _systematic_chunks(text, taken)]
    taken += [(m.start, m.end) for m in systematic]
    out += systematic
    if any(isinstance(m, Resolved) for m in systematic):  # "of N,N-dimethylformamide and acetonitrile"
        out += _list_neighbours(text, ws, out, taken)
    # "acryloyl chloride vs acrylic acid": reagents by their trivial names (OPSIN asked about a few per message)
    for m in itertools.islice(_REAGENT.finditer(text), _MOST_REAGENTS):
        if not overlaps(m.start(), m.end(), taken) and m.group() not in t.never and \
                not _NOT_A_DRUG_AFTER.match(text, m.end()) and \
                isinstance(reagent := _opsin(m.group(), m.start(), m.end()), Resolved):
            out.append(reagent)
            taken.append(m.span())
    for m in _LOCANT_WORD.finditer(text):  # "5-florourasil": a known name with a locant, misspelt
        if not overlaps(m.start(), m.end(), taken) and \
                (misspelt := _misspelt_systematic(m.group(), m.start(), m.end())) is not None:
            out.append(misspelt)
            taken.append(m.span())
    dosed: list[Unresolved] = []
    checked: list[Unresolved] = []
    for w, s, e in ws:
        if not w.isalpha() and _JOINED_WORD.fullmatch(w) and not overlaps(s, e, taken) and \
                (respelt := _found_respelt(w, s, e)) is not None:
            out.append(respelt)  # "etil-acetat": ethyl acetate
            taken.append((s, e))
        if overlaps(s, e, taken) or not w.isalpha() or w.isupper() or w.lower() in t.never or w.lower() in t.not_drug:
            continue
        if _NOT_A_DRUG_AFTER.match(text[e:e + 30]):
            continue
        elided = bool(_ELIDED.search(text, max(0, s - 3), s))  # "l' éthanol": a French word may follow, no typo
        # (a Romance spelling found as it stands is read there too: "l'omeprazolo", "dell'etanolo")
        result = _accented_or_respelt(w, s, e) or (_found_respelt(w, s, e) if elided else
                                                    _fuzzy(w, s, e) or _foreign_spelling(w, s, e))
        if result is None and inn_stem(w) and w.lower() not in t.names:
            result = Unresolved("drug", w, _closest(w), s, e, "looks like a drug name (INN stem), but is not known")
        elif result is None and inn_stem(w):
            found = _entries(w.lower(), in_text=False)
            if found and not any(f[0].smiles for f in found):
                result = _known_without_structure(found[0][0], w, s, e)
        if result is None and (analogue_of := _named_at_the_end(w.lower())) is not None:
            result = Unresolved("drug", w, (analogue_of,), s, e,
                                f"a derivative of {analogue_of} that is not in the tables")
        if result is None and w[0].isupper() and len(w) >= 4 and _DOSE_AFTER.match(text[e:e + 30]):
            dosed.append(Unresolved("drug", w, _closest(w), s, e, "a drug with a dose, but not in the tables"))
        elif result is None and w[0].isupper() and not w.isupper() and len(w) >= 5 and \
                _CHECKED_BEFORE.search(text, max(0, s - 12), s) and _PAIRED_AFTER.match(text, e):
            # "check Paxlovid vs both": a drug checked against others, but not in the tables
            checked.append(Unresolved("drug", w, _closest(w), s, e, "a drug to check, but not in the tables"))
        elif result is None and w[0].isupper() and not w.isupper() and len(w) >= 5 and \
                _LAUNCHED_BEFORE.search(text, max(0, s - 16), s):
            # "competitor launched 'Zentravia' for AF": a product on the market, but not in the tables
            checked.append(Unresolved("drug", w, _closest(w), s, e, "a marketed product, but not in the tables"))
        if result is not None:
            out.append(result)
            taken.append((s, e))
    # "Paxlovid 300/100 mg BID. She's on tacrolimus 1 mg BID": an unknown capitalised name with a dose, on a list
    # of drugs with doses, is a drug too (not "Monday 5 mg")
    if any(isinstance(r, Resolved) and _DOSE_AFTER.match(text[r.end:r.end + 30]) for r in out):
        out += dosed
        taken += [(u.start, u.end) for u in dosed]
    checked = _not_lines_or_targets(text, checked)  # (not "check Jurkat with imatinib": a cell line)
    out += checked
    taken += [(u.start, u.end) for u in checked]
    out += _paired_with_a_drug(text, ws, out, taken)
    taken += [(u.start, u.end) for u in out if isinstance(u, Unresolved)]
    out += _sides_of_a_pair(text, taken)
    out += _unknown_codes(text, ws, taken)
    return sorted(out, key=lambda r: r.start)


_SUBSTITUENT_PREFIX = re.compile(r"(?:yl|oxy|o|nor|des)$")  # "furanyl-", "acetyl-", "chloro-" (not "extrapyr-")


def _named_at_the_end(word: str) -> str | None:
    """The known drug an unknown word ends with, after a prefix of three letters or more ("furanylfentanyl",
    "acetylfentanyl": analogues of fentanyl, another molecule), or None; never a ring or group a part is named by
    ("ethynylaniline", "methylpiperazine"), nor a name only FreeSolv's solvents and reagents have."""
    t = tables()
    for cut in range(3, len(word) - 5):
        parent = word[cut:]
        if _SUBSTITUENT_PREFIX.search(word[:cut]) and parent in t.names and \
                any(f[0].smiles and f[0].id.startswith("DB") for f in _entries(parent, False)):
            from model_zoo.chem.cores import functional_groups, scaffolds  # (RDKit, only when a name is found)

            if parent not in scaffolds() and parent not in functional_groups():
                return parent
    return None


_ELIDED = re.compile(r"(?<![\w'’])[lLdD]['’]\s?$")  # an elided French article before the word ("l' abord")


# "check Trogarzo against his Tivicay": the word on the other side of a pair with a known drug
_JOIN_AFTER_A_DRUG = re.compile(r"\s+(?:against|with|w/|vs\.?|versus|\+)\s+(?:(?:his|her|their|the|a)\s+)?", re.I)
_JOIN_TO_A_DRUG = re.compile(r"\s*(?:(?:(?:ok|okay|safe|fine|compatible)\s+)?(?:against|with|w/)|vs\.?|versus|\+)\s+"
                            r"(?:(?:his|her|their|the|a)\s+)?", re.I)
_CHECK_BEFORE = re.compile(r"\b(?:check|checking|combine|combining|mix|mixing)\s+"
                           r"(?:(?:his|her|their|the|this|that)\s+)?$", re.I)
# "Pt on Zorbafen. Does clarithromycin interact?", "she takes Zorbafen daily": a drug the patient is on
_TAKEN_BY_THE_PATIENT = re.compile(r"\b(?:pt|patient|she|he|they|who|is|are|already|currently|still)\s+(?:is\s+)?"
                                   r"(?:on|taking|takes)\s+(?:(?:his|her|their)\s+)?$", re.I)
_ASKS_AN_INTERACTION = re.compile(r"\binteract|\bddi\b|\bcombin|\btogether\b", re.I)
_CALENDAR_WORDS = frozenset("monday tuesday wednesday thursday friday saturday sunday january february march april "
                            "may june july august september october november december".split())
_SENTENCE_START = re.compile(r"(?:^|(?<!\bvs)[.!?:;\n])\s*$")
# a word joined to a drug with "+" or "/" ("bortezomib + dex and carfilzomib + dex", "Ven/Aza"): another drug, asked
# about, never left out of its pair (which would pair the drugs around it instead); not a treatment that is no molecule
_PLUS = re.compile(r"\s*[+/]\s*")
# (not a dose or its schedule, "omeprazole 40 mg + clopidogrel", "tramadol 50 mg q6h prn + sertraline", nor a
# shorthand the message also writes in full, "Gem/cis … gemcitabine and cisplatin")
_DOSE_BEFORE = re.compile(r"\d\s*(?:[a-zµ]{1,4}\s*)?$", re.I)  # "40 mg + …", "500 mg BID, …": a dose and schedule
_DOSING_WORDS = frozenset({*_DOSE_UNITS, "ug", "ng", "kg", "ml", "prn", "bid", "tid", "qid", "qd", "od", "bd", "daily",
                           "nightly", "po", "iv", "im", "sc", "sq", "sl", "nocte", "mane", "stat", "tab", "tabs", "cap",
                           "caps", "patch", "inh", "pr", "hs", "qhs", "qam", "qpm", "qod", "tds", "qds", "ac", "pc"})
_PLUS_NOT_DRUGS = frozenset({"radiation", "radiotherapy", "rt", "ir", "irradiation", "placebo", "vehicle", "control",
                             "food", "diet", "exercise", "surgery", "chemo", "chemotherapy", "immunotherapy", "more",
                             "others", "etc", "friends", "co", "rest", "serum", "media", "medium", "core", "ring",
                             "rings", "scaffold", "chain", "chains", "linker", "warhead", "tail", "head", "group",
                             "groups", "moiety", "substituent", "side", "fixed", "free", "domain", "domains",
                             "protein", "kinase", "receptor", "structure", "crystal", "crystals", "complex"})
# "the other quinazoline, gefitinib": a kind of molecule, said of the drug beside it
_DETERMINER_BEFORE = re.compile(r"\b(?:the|a|an|other|another|this|that|our|their|its)\s+$", re.I)
# a word listed beside a drug: "kofeina and paracetamol", "aspirin, kofeina"
_LISTED_JOIN = re.compile(r"\s*(?:,\s*(?:and\s+)?|&|\+|\band\b|\bor\b)\s*", re.I)


def _joined_to_a_drug(join: re.Pattern[str], text: str, start: int, end: int, drugs: list[Resolved]) -> bool:
    """Whether the word at ``start:end`` is joined by ``join`` alone to one of ``drugs``, on either side."""
    return any(join.fullmatch(text[end:r.start] if r.start >= end else text[r.end:start]) for r in drugs)


_DOSE_TOKEN = re.compile(rf"\d+(?:[.,]\d+)?(?:{alternation(_DOSE_UNITS)}|ml|ng|kg)", re.I)  # "lorazepam 1mg + …"
# "any interaction between the dex and pac?": the two sides of a pair asked about, named in words no table holds
_BETWEEN = re.compile(r"\b(?:interact\w*|ddis?|clash\w*|combin\w*|co-?administ\w*|compatib\w*|conflict\w*|"
                      r"problems?|issues?|risks?)\s+(?:\w+\s+){0,2}?between\s+(?:the\s+|her\s+|his\s+|their\s+)?"
                      r"(?P<a>[a-z][a-z-]{1,11})\s+and\s+(?:the\s+|her\s+|his\s+|their\s+)?(?P<b>[a-z][a-z-]{1,11})\b",
                      re.I)
_NO_DRUG_SIDE = frozenset({"it", "them", "this", "that", "these", "those", "each", "both", "all", "other", "others",
                           "one", "ones", "two", "three", "drugs", "meds", "medications", "compounds", "molecules",
                           "either", "neither", "any", "every", "another", "rest", "everything", "anything", "him",
                           "her", "us", "you", "me"})


# words that name the thread's molecules ("check the list with simvastatin"), no drug of their own
_MOLECULE_NOUNS = frozenset({"list", "file", "upload", "panel", "set", "batch", "plate", "serie", "compound",
                             "molecule", "drug", "med", "hit", "lead", "backup", "structure", "candidate", "analogue",
                             "analog", "combo", "combination", "pair", "regimen", "new", "usual", "same", "other"})


def _sides_of_a_pair(text: str, taken: list[tuple[int, int]]) -> list[Unresolved]:
    """The sides of "between X and Y" that no table knows and no other reading claims: asked about, never dropped
    so that the message's other drugs are paired instead."""
    t = tables()
    out = []
    for match in _BETWEEN.finditer(text):
        for side in ("a", "b"):
            w, s, e = match.group(side), match.start(side), match.end(side)
            low = w.lower()
            if overlaps(s, e, taken) or low in _NO_DRUG_SIDE or low.rstrip("s") in _MOLECULE_NOUNS or \
                    low in t.never or low in t.not_drug or low in _PLUS_NOT_DRUGS or low in _DOSING_WORDS:
                continue
            out.append(Unresolved("drug", w, _closest(w), s, e, "one side of a pair, but not in the tables"))
            taken.append((s, e))
    return out


def _not_lines_or_targets(text: str, words: list[Unresolved]) -> list[Unresolved]:
    """``words`` less those that name a cell line or a target in ``text``."""
    from model_zoo.names.cell_lines import find_cell_line_names
    from model_zoo.names.targets import find_target_names

    if not words:
        return []
    # (a symbol that is also an English word counts here without a target word: "the KIT/sunitinib structure")
    known = [(m.start, m.end) for m in [*find_cell_line_names(text), *find_target_names(text, in_context=True)]]
    return [u for u in words if not overlaps(u.start, u.end, known)]


def _paired_with_a_drug(text: str, ws: list[tuple[str, int, int]], found: list[Resolved | Unresolved],
                        taken: list[tuple[int, int]]) -> list[Unresolved]:
    """Words no table knows that stand where a drug does beside a known one (``_drug_slot``): asked about, so that
    the pair or list is never run without them. Never a cell line or target, nor an English word
    (``not_drug_words.txt``)."""
    t = tables()
    drugs = [r for r in found if isinstance(r, Resolved)]
    paired = []
    for w, s, e in ws if drugs else ():
        if not (w.isalpha() or _SHORT_CODE.fullmatch(w)) or overlaps(s, e, taken) or w.lower() in t.never or \
                w.lower() in t.not_drug or w.lower() in _PLUS_NOT_DRUGS or _DOSE_TOKEN.fullmatch(w):
            continue
        note = _drug_slot(w, s, e, text, drugs)
        if note is not None:
            paired.append((w, s, e, note))
    # (the cell-line and target readings only when a word is paired: most messages have none)
    return _not_lines_or_targets(text, [Unresolved("drug", w, _closest(w), s, e, note) for w, s, e, note in paired])


_MEASURE_WORD = re.compile(r"ic50|ec50|gi50|log|pk|kd|\d+h$|^q\d", re.I)  # "lnIC50", "logD7", "q6h": no drug


def _in_a_list_of_drugs(text: str, start: int, end: int, drugs: list[Resolved]) -> bool:
    """Whether the word stands in a list with two drugs or more ("NAC, alpha-lipoic acid and glutathione"), not
    beside one only ("(CLL, venetoclax ramp-up)")."""
    neighbours = [r for r in drugs if _joined_to_a_drug(_LISTED_JOIN, text, start, end, [r])]
    return any(_joined_to_a_drug(_LISTED_JOIN, text, r.start, r.end, [o]) for r in neighbours for o in drugs
               if o is not r) or len(neighbours) >= 2


_ASKED_FOR = re.compile(r"\b(?:for|of|on)\s+$", re.I)
_AND = re.compile(r"\s+(?:and|vs\.?|versus|or)\s+", re.I)  # ("logD of dBET6 vs JQ1")


def _asked_with_a_drug(text: str, start: int, end: int, drugs: list[Resolved]) -> bool:
    """Whether the word and a drug are the two things a question is asked for ("what does the AhR model give for
    TCDD and hexachlorobenzene?"), not a word beside one drug in an aside ("(CLL, venetoclax ramp-up)")."""
    return any(r.start >= end and _AND.fullmatch(text[end:r.start]) and _ASKED_FOR.search(text, 0, start) or
               r.end <= start and _AND.fullmatch(text[r.end:start]) and _ASKED_FOR.search(text, 0, r.start)
               for r in drugs)


_SHORT_CODE = re.compile(r"(?=[A-Za-z]*\d)(?=\d*[A-Za-z])[A-Za-z\d]{3,8}")  # letters and digits: "CoQ10", "SN38"


def _drug_slot(w: str, s: int, e: int, text: str, drugs: list[Resolved]) -> str | None:
    """Why the word at ``s:e`` stands where a drug does, or None: written with one by "+" or "/" ("bortezomib + dex",
    "Ven/Aza"; not a dose, nor shorthand the message writes in full); a capitalised word paired with one ("Can you
    check Trogarzo against his Tivicay", not one opening a sentence: "Compare with warfarin"); a word ending like a
    drug name listed with one ("kofeina and paracetamol")."""
    if 2 <= len(w) <= 12 and not _DOSE_BEFORE.search(text, 0, s) and w.lower() not in _DOSING_WORDS and \
            not any(r.name.lower().startswith(w.lower()) for r in drugs) and \
            _joined_to_a_drug(_PLUS, text, s, e, drugs):
        return "written with a drug, but not in the tables"
    if (w.isupper() and 3 <= len(w) <= 5 or _SHORT_CODE.fullmatch(w)) and w.upper() not in NOT_TARGETS and \
            not _MEASURE_WORD.search(w) and w.lower() not in _DOSING_WORDS and not _DOSE_BEFORE.search(text, 0, s) \
            and not _DETERMINER_BEFORE.search(text, 0, s) and not _names_a_kinase_family(w) and \
            (_in_a_list_of_drugs(text, s, e, drugs) or _asked_with_a_drug(text, s, e, drugs)):
        return "listed with drugs, but not in the tables"  # "NAC, alpha-lipoic acid and glutathione"
    if w.isalpha() and w.islower() and 3 <= len(w) <= 12 and _CHECK_BEFORE.search(text, 0, s) and \
            w not in _NO_DRUG_SIDE and w.rstrip("s") not in _MOLECULE_NOUNS:
        after = _JOIN_TO_A_DRUG.match(text, e)
        if after and any(r.start == after.end() for r in drugs):  # "check the agbo with simvastatin"
            return "checked with a drug, but not in the tables"
    if not w.isalpha() or w.isupper() or len(w) < 5 or _SENTENCE_START.search(text[:s]):
        return None
    if w[0].isupper():
        after = _JOIN_TO_A_DRUG.match(text, e)
        paired = any(r.start == (after.end() if after else -1) or
                     (0 <= r.end <= s and _JOIN_AFTER_A_DRUG.fullmatch(text[r.end:s])) for r in drugs)
        if paired:
            return "paired with a drug, but not in the tables"
        if _TAKEN_BY_THE_PATIENT.search(text, 0, s) and w.lower() not in _CALENDAR_WORDS and \
                _ASKS_AN_INTERACTION.search(text):
            return "what the patient is on, but not in the tables"  # "Pt on Zorbafen. …"
        # "logD for Malarone and mefloquine": the two things the question is asked for
        return "listed with drugs, but not in the tables" if _asked_with_a_drug(text, s, e, drugs) else None
    if LISTED_NAME_ENDING.search(w.lower()) and not _DETERMINER_BEFORE.search(text, 0, s) and \
            _joined_to_a_drug(_LISTED_JOIN, text, s, e, drugs):
        return "listed with drugs, but not in the tables"
    return None


def _names_a_kinase_family(word: str) -> bool:
    """"CK1", "PKC", "JNK": a family of targets ("pKd of staurosporine vs CK1?" asks which member), no drug."""
    from model_zoo.names.families import family_named

    family = family_named(word)
    return family is not None and any(word.lower() == spelling.lower() for spelling in family.spellings)


# A company or lab compound code ("AZ-0917", "ZX3312", "GSK-12345") where a drug is named ("pKd of …", "compound …")
_CODE = re.compile(rf"[A-Z]{{1,5}}-?\d{{3,7}}[A-Za-z]?|{SERIES_CODE}")
_DRUG_SLOT_BEFORE = re.compile(r"\b(?:of|for|compound|cpd|drug|molecule|inhibitor|candidate)\s*$", re.I)
_NOT_A_DRUG_SLOT = re.compile(r"\b(?:in|line|cells?|cosmic|against|on|to)\s*$", re.I)
# "BX-999 solubility?", "AZ-0917's logD": a property or tool word right after the code asks about it
# ("melatonin: how soluble is it in water?": the name, then a question about it)
_DRUG_SLOT_AFTER = re.compile(r"^(?:'s)?\s*(?:[:—–-]\s*(?:how|(?:is|does|can|will|would)\s+it|"
                              r"(?:are|do|can|will|would)\s+they)\s+)?"
                              r"(?:solubility|soluble|logs|logd|lipophilicity|lipophilic|greasy|bbb|brain|ic50|pkd|kd|"
                              r"binding|retro\w*|precursors|route|synthesis|tox\w*|clintox|interaction|ddi|hydration|"
                              r"optimi[sz]\w*|get\s+into\s+the\s+brain|cross)\b", re.I)


def _unknown_codes(text: str, ws: list[tuple[str, int, int]], taken: list[tuple[int, int]]) -> list[Unresolved]:
    """Compound codes no table knows, written where a drug goes: asked about, so that nothing else (a pool list)
    runs in their place. Codes after "in"/"cells" are cell lines, and a code that is a cell line or target is left
    to those resolvers."""
    from model_zoo.names.cell_lines import find_cell_line_names, resolve_cell_line_name
    from model_zoo.names.targets import find_target_names, is_mutation

    known = [(m.start, m.end) for m in [*find_cell_line_names(text), *find_target_names(text)]]
    found = []
    for w, s, e in ws:
        if not _CODE.fullmatch(w) or overlaps(s, e, taken) or overlaps(s, e, known) or \
                isinstance(resolve_cell_line_name(w), Resolved) or is_mutation(w):  # "same but for V600E"
            continue
        before = text[max(0, s - 20):s]
        if (_DRUG_SLOT_BEFORE.search(before) or _DRUG_SLOT_AFTER.match(text[e:e + 25])) \
                and not _NOT_A_DRUG_SLOT.search(before):
            found.append(Unresolved("drug", w, (), s, e, "looks like a compound code, but no table knows it"))
    return found


# ("of ethanol and of acetone": a preposition said again)
# (names quoted in a list as code writes it too: ["ethanol", "phenol"]; "ethanol; methanol; phenol")
_LIST_JOIN = re.compile(r"[\"']?\s*(?:[,;]\s*(?:and\s+|&\s*)?|&|\+|\band\b|\bor\b|\bplus\b|\bwith\b|\bw/|/|\bvs\.?|"
                        r"\bversus\b|\bagainst\b)\s*(?:(?<=and\s)(?:of|for)\s+)?[\"']?", re.I)
_DICTATED_JOIN = re.compile(rf"{_LIST_JOIN.pattern}|\s+", re.I)
# "aspirin, ibuprofen and water" is more likely a medium than a molecule; "eats honey with chloramphenicol residues"
# a food
_NOT_IN_LISTS = frozenset({"water", "honey"})
# "toluene, 2-methoxy-2-methyl-propane (MTBE) and hexane": a bracketed gloss after a list item does not end the list
_GLOSS = re.compile(r"\s*[(\[][^()\[\]\n]{1,60}[)\]]")


def _past_gloss(text: str, end: int) -> int:
    gloss = _GLOSS.match(text, end)
    return gloss.end() if gloss else end


# a property asked of what follows: "logS of", "hydration free energy for the", "BBB penetration of"
# properties no model here predicts are asked of a molecule too ("the boiling point of ethanol": asked back about the
# property, and ethanol is the molecule the answer is for)
_OTHER_PROPERTIES = ("logp", "log p", "clogp", "pka", "boiling point", "melting point", "density", "vapor pressure",
                     "vapour pressure", "molecular weight", "tpsa", "half-life", "permeability", "viscosity",
                     "surface tension", "refractive index", "flash point", "heat capacity")
_PROPERTY_NAMES = alternation(w for w in {*PROPERTY_WORDS, *_OTHER_PROPERTIES} if len(w) >= 3)
# "Fair enough, do Glycerin then", "try ethanol instead": the follow-up's new subject, the ask as before
_FOLLOW_UP_SLOT_BEFORE = re.compile(r"(?:^|[^\w\s]\s*|\b(?:ok(?:ay)?|fine|then|so|enough)\s+)(?:do|try|run|check)\s+$",
                                    re.I)
# "Add methanol and acetone to that comparison", "include DMSO too": more molecules for the thread's list
_ADDED_BEFORE = re.compile(r"(?:^|[^\w\s]\s*|\b(?:now|then|also|and|please|pls|so)\s+)(?:add|include|append)\s+$", re.I)
_FOLLOW_UP_SLOT_AFTER = re.compile(r"\s+(?:then|instead)\b|\s*[.!?]?\s*$")
# ("solubility (logS) of acetone", "hydration free energies please: acetonitrile, …")
# "Does it interact with alcohol?": the partner of a drug-pair question, no medium
_INTERACTS_WITH = re.compile(r"\binteract(?:s|ion|ions)?\s+(?:with|between)\s+(?:\w+\s+and\s+)?$", re.I)
_PROPERTY_OF = re.compile(rf"\b(?:{_PROPERTY_NAMES})(?:ies|s)?(?:\s+(?:penetration|value|prediction)s?)?"
                          r"(?:\s*\([^()]{1,20}\))?(?:\s+(?:please|pls))?(?:\s+(?:of|for)\s+(?:the\s+)?|\s*:\s*)$",
                          re.I)


_WORDS_BEFORE_OF = re.compile(r"((?:[A-Za-z]+\s+){0,2}[A-Za-z]+)\s+(?:of|for)\s+(?:the\s+)?$")


def _misspelt_property_of(before: str) -> bool:
    """"hydraton free enrgy of chloroform", "solubilty of": a property name spelt one or two letters off."""
    m = _WORDS_BEFORE_OF.search(before)
    if m is None:
        return False
    words = m.group(1).lower().split()
    phrases = {" ".join(words[i:]) for i in range(len(words))}
    return any(len(p) >= 6 and difflib.get_close_matches(p, _LONG_PROPERTY_WORDS, n=1, cutoff=0.85) for p in phrases)


_LONG_PROPERTY_WORDS = [w.lower() for w in PROPERTY_WORDS if len(w) >= 6]


def _singular(words: str) -> str:
    return re.sub(r"(?i)\benergies\b", "energy", re.sub(r"(?i)\bsolubilities\b", "solubility", words))


# "the three solvents registered today are ethanol, DMSO and acetone": a list of chemicals the message introduces
# ("the formulation vehicle options are ethanol and DMSO")
_LIST_INTRO_BEFORE = re.compile(r"\b(?:solvents?|chemicals?|compounds?|molecules?|reagents?|substances?|vehicles?|"
                                r"excipients?|co-?solvents?|options|candidates|alternatives)\b"
                                r"[^.;:!?\n]{0,40}?(?:\bare\b|:)\s*$", re.I)


def _opens_a_list(text: str, s: int, e: int, candidates: list[tuple[str, int, int, list[tuple[DrugEntry, str, str]]]]
                  ) -> bool:
    """A name that opens the message or a clause and is listed with another such name ("ethanol and DMSO, hydration
    free energy", "Tincture base comparison, ethanol vs glycerol"): the molecules the message is about, no medium."""
    return (not text[:s].strip() or bool(_CLAUSE_OPENS_BEFORE.search(text[:s]))) and \
        any(_LIST_JOIN.fullmatch(text[e:s2]) for _, s2, _, _ in candidates)


_CLAUSE_OPENS_BEFORE = re.compile(r"(?:^|[.!?\n])[^.!?\n,:;]{0,40}[,:]\s*$")


def _joined_by_a_hyphen(text: str, ws: list[tuple[str, int, int]], taken: list[tuple[int, int]]
                        ) -> list[Resolved | Unresolved]:
    """"the tramadol-sertraline pair": drugs joined by hyphens into one word before a word for a pair, each a name
    read from free text (not "artemether-lumefantrine", a fixed combination named as one)."""
    found: list[Resolved | Unresolved] = []
    for w, s, e in ws:
        parts = w.split("-")
        if len(parts) < 2 or overlaps(s, e, taken) or not all(len(p) >= 4 and p.isalpha() for p in parts) or \
                not _PAIR_WORD_AFTER.match(text, e):
            continue
        entries = [_entries(p.lower(), in_text=True) for p in parts]
        if not all(len({f[0].id for f in one}) == 1 for one in entries):
            continue
        at = s
        for part, one in zip(parts, entries):
            found.append(_from_entries(one, part, False, at, at + len(part)))
            at += len(part) + 1
        taken.append((s, e))
    return found


_PAIR_WORD_AFTER = re.compile(r"\s+(?:pair|combo|combination|interaction|ddi|pairing)\b", re.I)


def _list_neighbours(text: str, ws: list[tuple[str, int, int]], found: list[Resolved | Unresolved],
                     taken: list[tuple[int, int]]) -> list[Resolved | Unresolved]:
    """Names never read alone in free text ("ethanol": "dissolved in ethanol" is no request about it) that a property
    is asked of ("hydration free energy of acetone and chloroform") or that stand in a list with drugs found here:
    "hydration free energy of phenol, ethanol and caffeine"."""
    added: list[Resolved | Unresolved] = []
    anchors = [(m.start, m.end) for m in found if isinstance(m, Resolved)]
    candidates = []  # one-word names of one drug, not read yet: few in any message
    for w, s, e in ws:
        # (not a two-letter word: "Lasix and he's been on Lanoxin" names no helium)
        if w.isalpha() and len(w) > 2 and w.lower() not in _NOT_IN_LISTS and not overlaps(s, e, taken):
            # a known drug without a shipped structure too ("logS of caffeine, heparin and aspirin"): asked about,
            # never left out of the list silently
            entries = _entries(w.lower(), in_text=False)
            if entries and len({f[0].id for f in entries}) == 1:
                candidates.append((w, s, e, entries))
    for w, s, e, entries in list(candidates):  # "hydration free energy of acetone", "ethanol's logS"
        before = _singular(text[max(0, s - 40):s])
        if _PROPERTY_OF.search(before) or _INTERACTS_WITH.search(before) or _misspelt_property_of(before) or \
                _DRUG_SLOT_AFTER.match(text[e:e + 25]) \
                or (_FOLLOW_UP_SLOT_BEFORE.search(before) and _FOLLOW_UP_SLOT_AFTER.match(text, e)) \
                or _LIST_INTRO_BEFORE.search(before) or _ADDED_BEFORE.search(before) \
                or _opens_a_list(text, s, e, candidates):
            added.append(_from_entries(entries, w, False, s, e))
            taken.append((s, e))
            anchors.append((s, _past_gloss(text, e)))
            candidates.remove((w, s, e, entries))
    anchors = [(a, _past_gloss(text, b)) for a, b in anchors]
    # a dictated message writes no commas: "hydration free energy for phenol chloroform and hexane"
    join = _DICTATED_JOIN if not re.search(r"[,;:.?!]", text) else _LIST_JOIN
    grew = bool(anchors)
    while grew:
        grew = False
        for w, s, e, entries in list(candidates):
            if any(join.fullmatch(text[_past_gloss(text, e):a]) or join.fullmatch(text[b:s]) for a, b in anchors):
                added.append(_from_entries(entries, w, False, s, e))
                taken.append((s, e))
                anchors.append((s, _past_gloss(text, e)))
                candidates.remove((w, s, e, entries))
                grew = True
    return added


def coverage_counts() -> dict[str, int]:
    t = tables()
    structured = {i for i, d in t.drugs.items() if d.smiles}
    keys_structured = {k for k, rows in t.names.items() if any(i in structured for i, _, _ in rows)}
    return {
        "drugs_with_structures": len(structured),
        "drugs_known_without_structure": len(t.drugs) - len(structured),
        "drug_names": sum(1 for k, rows in t.names.items() if any(kind == "name" for _, kind, _ in rows)),
        "drug_synonyms_brands_codes": sum(1 for rows in t.names.values()
                                          if all(kind != "name" for _, kind, _ in rows)),
        "drug_names_with_structures": len(keys_structured),
        "drug_names_read_in_free_text": sum(1 for rows in t.names.values() if any(f != "N" for _, _, f in rows)),
    }
