"""Text helpers shared by the resolvers and by the table builder: tokens, name keys, spelling distance.

Pure Python, no data: the builder (``model_zoo.train.build_names``) uses the same ``name_key`` and
``fuzzy_match_allowed`` as the run-time code, so a name is found in text exactly when its key is built the
way the builder built it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

# A word of a request: letters, digits, and inner hyphens/apostrophe-free joins ("5-FU", "STI-571",
# "N-acetyl", "p38α"). Parentheses, commas and slashes split words.
WORD = re.compile(r"[^\W_](?:[\w]|-(?=[^\W_]))*")


# "CMP-0012", "ABC_00123", "MAL-3-014", "HB-2291-07", "BB1-0117": a compound registry, study or building-block code (a
# zero-padded number of four or more digits, two numbered parts, or a numbered prefix and a number of three or more
# digits); no GDSC line or DAVIS target is written so
SERIES_CODE = r"[A-Z]{1,6}-\d{1,3}[a-z]"  # a member of a compound series: "SR-7b" (no GDSC line ends so)
COMPOUND_CODE = re.compile(rf"[A-Za-z]{{2,6}}[-_]0\d{{3,}}[A-Za-z]?|[A-Za-z]{{2,6}}-\d{{1,4}}-\d{{2,4}}[A-Za-z]?|"
                           rf"[A-Z]{{1,4}}\d{{1,2}}-\d{{3,}}|{SERIES_CODE}")


# Spanish, Portuguese and Italian write INNs and solvents with their own endings and letters ("fenol", "etanol",
# "tolueno", "levotiroxina", "metamizol"); spelt back in English they are found in the tables as they stand
_ROMANCE_ENDINGS = (("ina", "ine"), ("ina", "in"), ("ino", "ine"), ("ino", "in"), ("eno", "ene"), ("ona", "one"),
                    ("ida", "ide"), ("ato", "ate"), ("ol", "ole"), ("a", "e"), ("o", "e"), ("a", ""), ("o", ""),
                    ("lo", ""),  # Italian doubles a final l: "clopidogrello"
                    ("", ""))
# and the Slavic cases of a name written alone, in a short reply no language is read in ("sa flukonazolom": with
# fluconazole; "imatinibom", "varfarinu")
_SLAVIC_ENDINGS = (("olom", "ole"), ("olu", "ole"), ("ola", "ole"), ("inom", "ine"), ("inom", "in"), ("inu", "ine"),
                   ("inu", "in"), ("om", ""), ("em", ""), ("u", ""))
_ROMANCE_LETTERS = (("", ""), ("f", "ph"), ("et", "eth"), ("tir", "thyr"), ("pir", "pyr"), ("rr", "r"), ("k", "c"),
                    ("chin", "quin"),  # Italian chin- for quin-: "chinino"
                    ("izo", "iso"), ("etil", "ethyl "), ("metil", "methyl "))  # Slavic and Baltic: "izopropanol"
# German drops the final e ("Aceton", "Etoposid") and writes aromatic solvents with -ol ("Toluol", "Benzol", "Xylol")
# and halogens without their o ("Dichlormethan"); these are looked up as they stand only, never asked about
_GERMAN_ENDINGS = (("ol", "ene"), ("an", "ane"), ("on", "one"), ("at", "ate"), ("id", "ide"))
_GERMAN_LETTERS = (("", ""), ("chlor", "chloro"), ("brom", "bromo"), ("k", "c"), ("z", "c"), ("ethyl", "ethyl "),
                   ("etil", "ethyl "))  # "Ethylacetat", "etilacetat": ethyl acetate

def respellings(key: str) -> tuple[list[str], list[str]]:
    """The English spellings a Romance, Slavic or German spelling of a name may stand for (``key``: lower case, no
    accents): the ones with only the ending respelt ("metamizol" -> "metamizole"), and all of them ("etanolo" ->
    "ethanol")."""
    ended = [key[:len(key) - len(ending)] + new for ending, new in (*_ROMANCE_ENDINGS, *_SLAVIC_ENDINGS)
             if key.endswith(ending) and len(key) > len(ending) + 3]
    german = [key[:len(key) - len(ending)] + new for ending, new in _GERMAN_ENDINGS
              if key.endswith(ending) and len(key) > len(ending) + 3]
    return ended, list(dict.fromkeys([*(s.replace(old, new) for s in ended for old, new in _ROMANCE_LETTERS
                                        if old in s or not old),
                                      *(s.replace(old, new) for s in german for old, new in _GERMAN_LETTERS
                                        if old in s or not old)]))


# "Optimisation run OP-03", "study HB-2304", "item 5b", "lot 24B118", "Case PM-24/2210": the label of a run, study,
# record, lot or case, no cell line or structure; "cat. QTP-200", "catalogue no. 4471", "tube 0061440": a product's or
# container's number
_LABEL_BEFORE = re.compile(r"\b(?:run|study|item|lot|batch|sample|experiment|protocol|sop|deviation|ticket|job|"
                           r"project|campaign|order|entry|record|subject|visit|site|case|exhibit|cat\.?|catalog(?:ue)?|"
                           r"sku|tube|vial|barcode)\s*(?:no\.?|number|#)?\s*[#:]?\s*$", re.I)


# "for the LNG-118 IB update", "the KT-22 protocol": a code before the document or study it names; "BZ-3
# intermediate", "the RX-7 impurity", "the mPEG9 alcohol": a compound's code before what the compound is
_LABEL_AFTER = re.compile(r"\s+(?:IB|update|report|protocol|study|trial|submission|dossier|amendment|deck|meeting|"
                          r"filing|audit|intermediates?|impurit(?:y|ies)|degradants?|alcohols?|acids?|amines?|esters?|"
                          r"linkers?|spacers?|payloads?|warheads?|building\s+blocks?)\b", re.I)


# "three new compounds (EHU-052, EHU-204 and EHU-311)": the codes of the molecules a bracket names
_MOLECULES_BRACKETED = re.compile(r"\b(?:compounds?|molecules?|cpds?|analog(?:ue)?s?|derivatives?|hits?|leads?|"
                                  r"structures?|ligands?|inhibitors?|series)\s*\($", re.I)


def labelled(text: str, start: int, end: int = -1) -> bool:
    """Whether the word at ``start`` (ending at ``end``) follows a label word ("lot 24B118", "run OP-03"), comes
    before the document it names ("the LNG-118 IB update") or stands in a bracket of molecules' codes: a code, no
    entity."""
    opened = text.rfind("(", 0, start)
    return bool(_LABEL_BEFORE.search(text[max(0, start - 20):start])) or (end >= 0 and bool(
        _LABEL_AFTER.match(text, end))) or (opened >= 0 and ")" not in text[opened:start] and bool(
            _MOLECULES_BRACKETED.search(text, max(0, opened - 30), opened + 1)))


# "2,PCM-D2,<SMILES>", "QX-D1\t<SMILES>": a word at a line's start (after the row's number) with a column separator
# after it
_ROW_START = re.compile(r"(?:^|\n)[ \t]*(?:\d+[ \t]*[,;:|\t.)][ \t]*)?$")
_ROW_LABEL_END = re.compile(r"[ \t]*[,;|\t]")


def opens_a_row(text: str, start: int, end: int) -> bool:
    """Whether the word at ``start:end`` is the label a pasted row opens with: a code, no entity nor ask."""
    return bool(_ROW_START.search(text, 0, start) and _ROW_LABEL_END.match(text, end))


def words(text: str) -> list[tuple[str, int, int]]:
    """(word, start, end) for every word of ``text``, in order."""
    return [(m.group(), m.start(), m.end()) for m in WORD.finditer(text)]


def overlaps(start: int, end: int, spans: Iterable[tuple[int, int]]) -> bool:
    """Whether [start, end) overlaps any of ``spans`` (text already taken by another mention)."""
    return any(start < taken_end and taken_start < end for taken_start, taken_end in spans)


def alternation(phrases: Iterable[str]) -> str:
    """A regex alternation of ``phrases``, escaped, longest first (so that "hydration free energy" wins over
    "hydration"); the caller adds the boundaries and flags."""
    return "|".join(re.escape(p) for p in sorted(phrases, key=len, reverse=True))


def name_key(name: str) -> str:
    """The lookup key of a name: its words, lower-cased, joined by single spaces.

    "cis-Diammineplatinum(II) dichloride" -> "cis-diammineplatinum ii dichloride"; "Nutlin-3a (-)" ->
    "nutlin-3a"; "Gleevec" -> "gleevec". Text is matched by building the same key from runs of its words.
    """
    return " ".join(w.lower() for w, _, _ in words(name))


def squashed(key: str) -> str:
    """Key without spaces and hyphens: "bi-2536" / "bi 2536" -> "bi2536" (for code names with digits)."""
    return re.sub(r"[\s\-]", "", key)


# --- spelling distance -------------------------------------------------------------------------------

def osa_distance(a: str, b: str, limit: int = 3) -> int:
    """Optimal-string-alignment distance (insert, delete, substitute, swap neighbours), capped at ``limit``."""
    if a == b:
        return 0
    if abs(len(a) - len(b)) >= limit:
        return limit
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        best = cur[0]
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            v = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                v = min(v, prev2[j - 2] + 1)
            cur[j] = v
            best = min(best, v)
        if best >= limit:
            return limit
        prev2, prev = prev, cur
    return min(prev[-1], limit)


FUZZY_MIN_LENGTH = 6


def fuzzy_limit(word: str) -> int:
    """Edits allowed when correcting ``word``: 0 below 6 letters, 1 for 6-8 letters, 2 from 9 letters."""
    n = len(word)
    if n < FUZZY_MIN_LENGTH:
        return 0
    return 1 if n <= 8 else 2


def fuzzy_match_allowed(word: str, name: str) -> bool:
    """Whether ``word`` (lower-case, letters only) may be read as a misspelling of ``name``.

    Strict on purpose: same first letter, both at least 6 letters, and within ``fuzzy_limit`` edits.
    """
    if word == name or not word or not name or word[0] != name[0]:
        return False
    if len(name) < FUZZY_MIN_LENGTH:
        return False
    limit = fuzzy_limit(word)
    return limit > 0 and osa_distance(word, name, limit + 1) <= limit


def deletes(word: str) -> Iterator[str]:
    """``word`` with one letter removed, each way (duplicates possible)."""
    for i in range(len(word)):
        yield word[:i] + word[i + 1:]


def delete_index(names: Iterable[str]) -> dict[str, list[str]]:
    """Map each name and each one-letter deletion of it to the names it came from (symmetric-delete index).

    A word and a name within one edit (and many within two) share a key: the word itself or one of its
    one-letter deletions. Candidates are then checked with ``fuzzy_match_allowed``.
    """
    index: dict[str, list[str]] = {}
    get = index.get
    for name in names:
        for key in {name, *deletes(name)}:
            bucket = get(key)
            if bucket is None:
                index[key] = [name]
            else:
                bucket.append(name)
    return index


def fuzzy_candidates(word: str, index: dict[str, list[str]]) -> list[tuple[int, str]]:
    """(distance, name) for every indexed name that ``word`` may be a misspelling of, closest first."""
    seen: set[str] = set()
    for key in (word, *deletes(word)):
        seen.update(index.get(key, ()))
    limit = fuzzy_limit(word)
    out = [(osa_distance(word, n, limit + 1), n) for n in seen if fuzzy_match_allowed(word, n)]
    return sorted(out)


# --- "looks like a drug name" ---------------------------------------------------------------------------

# the endings of drug names in many languages ("kofeina", "paracetamolo", "cafeína" spelt without its accent), and of
# pesticides and industrial chemicals ("endosulfan", "chlordane", "quintozene", "profenofos", "diuron", "parathion"):
# a word no table knows that ends so and stands in a list with a drug is asked about (English words are listed as no
# drugs)
LISTED_NAME_ENDING = re.compile(r"(?:in[aeo]|yn[ae]|ol[eo]|on[ae]|id[ae]|at[eo]|ium|an|ane|ene|fos|uron|thion)$")


# WHO INN stems (and a few common USAN ones) that end a drug name; longest first so the most specific wins.
INN_STEMS = tuple(sorted({
    "tinib", "inib", "fenib", "metinib", "ciclib", "parib", "rafenib", "lisib", "degib", "zomib", "sertib",
    "mab", "cept", "vir", "navir", "previr", "asvir", "buvir", "ciclovir", "vudine", "citabine",
    "azole", "prazole", "conazole", "nidazole", "pril", "sartan", "statin", "olol", "dipine", "cillin",
    "mycin", "floxacin", "oxacin", "cycline", "bactam", "penem", "afil", "oxetine", "azepam", "azolam",
    "platin", "taxel", "rubicin", "tecan", "mustine", "trexate", "tide", "relin", "setron", "triptan",
    "gliptin", "gliflozin", "parin", "xaban", "gatran", "profen", "coxib", "lukast", "tidine", "dronate",
    "terol", "tropium", "caine", "barbital", "tadine", "zosin", "lutamide", "lidomide", "semide",
    "thiazide", "zolamide", "poetin", "grastim", "anib", "denib", "siran", "gepant",
}, key=lambda s: (-len(s), s)))


_STEMS_BY_LENGTH = tuple((n, frozenset(s for s in INN_STEMS if len(s) == n))
                         for n in sorted({len(s) for s in INN_STEMS}, reverse=True))


# Substituted and fused ring systems ("methylpyrazole", "chloromethylbenzimidazole", "indolocarbazole") end like INN
# stems (-azole) but name parts or classes of structures, not drugs.
_SUBSTITUTED_RING = re.compile(
    r"^(?:(?:di|tri|tetra)?(?:methyl|ethyl|propyl|butyl|chloro|fluoro|bromo|iodo|amino|hydroxy|methoxy|ethoxy|nitro|"
    r"cyano|phenyl|benzyl|oxo|thio|trifluoromethyl|carboxy|acetyl|aza|benz|iso|n|"
    r"indolo|pyrrolo|pyrido|pyrazolo|imidazo|thieno|furo|benzo|pyrimido|triazolo|thiazolo|oxazolo|naphtho)+)?"
    r"(?:pyrazole|imidazole|thiazole|oxazole|triazole|tetrazole|indazole|isoxazole|isothiazole|oxadiazole|"
    r"thiadiazole|benzimidazole|benzothiazole|benzoxazole|carbazole|indole|pyrrole|furan|thiophene|pyridine|"
    r"pyrimidine|piperazine|piperidine|morpholine|quinazoline|quinoline|azepine|diazepine)s?$")


def inn_stem(word: str) -> str | None:
    """The INN stem ``word`` ends with ("zorbatinib" -> "tinib"), if it is long enough to be a drug name."""
    w = word.lower()
    if len(w) < 6 or not w.isalpha() or _SUBSTITUTED_RING.match(w):
        return None
    for n, stems in _STEMS_BY_LENGTH:
        if w[-n:] in stems and len(w) >= n + 3:
            return w[-n:]
    return None
