"""What kinds of values a message gives (molecules, sequences, cell lines, numbers, masks), and how a short
message's values merge with the earlier request's.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Sequence
from difflib import SequenceMatcher

from agent.backends.base import ToolCall
from agent.entities import Entities
from agent.planning.uploads import names_an_upload
from agent.pool.entry import EntryMeta
from agent.vocabulary import phrases, words
from model_zoo.chem.mols import case_fixed
from model_zoo.names.families import answered_members
from model_zoo.names.targets import of_several_constructs, resolve_target
from model_zoo.names.types import Resolved, Unresolved
from model_zoo.specs import ToolSpec, get_spec

# A request said again ("redo it with 10 nM", "run it again", "everything else the same"): never a question about
# results, and the previous request's tool
# "same as last time", "same thing as before": the earlier request again, with its settings
SAME_AS_BEFORE = r"\bsame\s+(?:thing\s+)?as\s+(?:last\s+time|before|earlier|yesterday)\b"
REDO = re.compile(r"\b(?:re-?do|re-?run|repeat)\b|\b(?:run|do|try|predict|compute)\b[^.?!\n]{0,40}\bagain\b|"
                      r"\beverything else (?:the )?same\b|\bsame (?:settings|parameters|conditions|rest)\b|"
                      rf"{SAME_AS_BEFORE}", re.I)

_LINKING_WORDS = frozenset(words("linking_words"))
# "and osimertinib, same target", "one more: nilotinib": words of a message that gives new values for the earlier ask
SAME_VALUE_WORDS = frozenset(words("same_value_words"))


# words that only pad a request ("while you're at it", "for completeness")
FILLERS = re.compile(rf"\b(?:{phrases('fillers')})\b", re.I)


def only_values(e: Entities, also: frozenset[str] = frozenset()) -> bool:
    """Nothing but values and linking words ("and ALK?", "HT-29 too", "now BTK", "ok, Huh-7 then", "and
    esomeprazole, for completeness"), or the words ``also`` allows."""
    prose = list(e.prose)
    spans: list[Resolved | Unresolved] = [*e.names, *e.unresolved]
    for m in spans:
        if m.start >= 0:
            prose[m.start:m.end] = " " * (m.end - m.start)
    rest = FILLERS.sub(" ", "".join(prose))
    for written, _ in e.cell_mentions:
        rest = rest.replace(written, " ")
    return all(w in _LINKING_WORDS or w in also for w in re.findall(r"[a-z]{2,}", rest.lower()))


# "not 231" (a line taken back by its number), "KMS-11 (t(4;14))" (a karyotype): numbers that are no value to use
_INCIDENTAL_BEFORE = re.compile(r"(?:\b(?:not|instead of|rather than)\s+|[A-Za-z]\((?:[\d.;,\s]*))$", re.I)


# "Compound 19 is reported with IC50 = 12 nM in A549. Can you predict ln(IC50) for it?": a value someone reported,
# which the prediction is to be compared with, never a goal to design towards
_REPORTS = re.compile(r"\b(?:reports?|reported|measured|published|observed|claims?|claimed)\b", re.I)
_AIMS = re.compile(r"\b(?:target|aim|goal|towards?|reach|design|optimi[sz]\w*|generat\w*|make|hit)\b", re.I)


def _reported(text: str, pos: int) -> bool:
    start = max(text.rfind(mark, 0, pos) for mark in (". ", "? ", "! ", "\n")) + 1
    ends = [i for i in (text.find(mark, pos) for mark in (". ", "? ", "! ", "\n")) if i >= 0]
    sentence = text[start:min(ends) if ends else len(text)]
    return bool(_REPORTS.search(sentence)) and not _AIMS.search(sentence)


def value_numbers(e: Entities) -> Entities:
    """The message without numbers that only take a value back, belong to a notation, or report a measured value."""
    kept = [n for n in e.numbers if not _INCIDENTAL_BEFORE.search(e.text[max(0, n.pos - 20):n.pos])
            and not _reported(e.text, n.pos)]
    if len(kept) == len(e.numbers):
        return e
    trimmed = copy.copy(e)
    trimmed.numbers = kept
    return trimmed


def takes_values_of(spec: ToolSpec | None, e: Entities, pool: Sequence[EntryMeta] = ()) -> bool:
    """Whether a tool has a parameter for every kind of value the message supplies."""
    if spec is None:
        return False
    given = given_kinds(e, pool)
    return bool(given) and given <= {value_kind(p.kind) for p in spec.params}


def given_kinds(e: Entities, pool: Sequence[EntryMeta] = ()) -> set[str]:
    """The kinds of value a message gives (molecules count once, whichever parameter takes them); an uploaded file
    named by its name ("ah my bad, plate1") gives its molecules."""
    values = (("molecules", e.molecules), ("protein_seq", e.sequences), ("cell_line", e.cell_lines),
              ("number", e.numbers), ("mask", e.masks or e.atom_ranges))
    given = {kind for kind, found in values if found}
    if names_an_upload(e.prose.lower(), pool):
        given.add("molecules")
    if any(of_several_constructs(u) for u in e.unresolved):  # "against RSK1," (either kinase domain): a target
        given.add("protein_seq")
    return given


def value_kind(param_kind: str) -> str:
    return "molecules" if param_kind in ("smiles_list", "smiles", "smiles_pairs") else param_kind


def all_filled(calls: list[ToolCall], entities: Entities) -> bool:
    specs = [get_spec(c.name) for c in calls]
    return bool(calls) and not entities.invalid_smiles and all(
        spec is not None and all(p in c.arguments for p in spec.required) for spec, c in zip(specs, calls))


def merge_entities(current: Entities, earlier: Entities, prose: str | None = None) -> Entities:
    """What the user says now wins; what is missing comes from the earlier request."""
    merged = Entities()
    for name in ("smiles", "molecules", "sequences", "cell_lines", "numbers", "names", "unresolved", "cell_mentions"):
        setattr(merged, name, getattr(current, name) or getattr(earlier, name))
    # a mask in words ("just let the cyclopropylcarbonyl change") replaces an earlier mask list, and the reverse
    masked = current if current.masks or current.atom_ranges else earlier
    merged.masks, merged.atom_ranges = masked.masks, masked.atom_ranges
    merged.molecules_from_names = (current if current.molecules else earlier).molecules_from_names
    merged.named_molecules = (current if current.molecules else earlier).named_molecules
    merged.sequences_from_names = (current if current.sequences else earlier).sequences_from_names
    merged.invalid_smiles = current.invalid_smiles if current.molecules else earlier.invalid_smiles
    merged.pairs = current.pairs if current.molecules else earlier.pairs
    merged.prose = earlier.prose + "\n" + current.prose if prose is None else prose
    merged.text = current.text if current.numbers else earlier.text
    merged.taken_back = current.taken_back
    if len(current.molecules) >= 2 and not current.unresolved and set(current.molecules) - set(earlier.molecules):
        # "can you run pretomanid + bedaquiline?" (pretomanid unknown), then "Fine - bedaquiline with clarithromycin
        # then": a drug the reply brings in replaces the one the question could not find (not a reply that only
        # repeats the question's known drugs: the unknown one is still asked about)
        merged.unresolved = [u for u in earlier.unresolved if u.kind != "drug"]
    if not current.sequences:
        _answer_family_question(merged, earlier, current.prose)
    return merged


def _answer_family_question(merged: Entities, earlier: Entities, answer: str) -> None:
    """After "which JNK?" (the earlier request named a kinase family as one kinase), "all three" or "A and B" picks
    its members: they become the targets, each with its source, and the question is settled."""
    for question in earlier.unresolved:
        members = answered_members(question.written, answer) if question.kind == "target" else ()
        resolved = [r for r in map(resolve_target, members) if isinstance(r, Resolved)]
        if resolved:
            merged.sequences = [r.value for r in resolved]
            merged.sequences_from_names = True
            merged.names = [*merged.names, *resolved]
            merged.unresolved = [u for u in merged.unresolved if u is not question]
            return


def corrected_molecules(current: Entities, earlier: Entities) -> list[str] | None:
    """The earlier request's molecules with each invalid SMILES replaced by the reply's valid SMILES that spells
    it closest ("fixed: <SMILES>", "yes Cl. <SMILES>"): valid earlier ones stay, and a reply's word that is only part
    of a fix ("Cl") is no molecule. None when the reply fixes none of them (a new list)."""
    invalid = {token for token, _ in earlier.invalid_smiles}
    fixes: dict[str, str] = {}
    for smiles in current.smiles:
        close = max(invalid, key=lambda bad: _likeness(bad, smiles), default=None)
        if close is not None and close not in fixes and _likeness(close, smiles) >= 0.8:
            fixes[close] = smiles
    if not fixes and not current.molecules and _NAMED_STRUCTURE.search(current.prose):
        fixes = _structures_of_labels(earlier, invalid)
    if not fixes:
        fixes = _case_fixes(current, invalid)
    if not fixes:
        return None
    kept = [fixes.get(m, m) for m in earlier.molecules if m in fixes or m not in invalid]
    kept += [fixed for token, fixed in fixes.items() if token not in earlier.molecules]
    extra = [m for m in current.molecules if m not in fixes.values() and not any(m in f for f in fixes.values())]
    return list(dict.fromkeys(kept + extra))


# "yes Cl, sorry, caps lock", "yes, typo, Cl", "yes": a reply that confirms the case fix the question suggested
_CONFIRMS_CASE = re.compile(r"^\W*(?:yes|yep|yeah|right|correct|exactly)\b|\bcaps(?:\s*lock)?\b|"
                            r"\b(?:upper|lower)[\s-]?case\b", re.I)
_HALOGENS = ("Cl", "Br")


def _case_fixes(current: Entities, invalid: set[str]) -> dict[str, str]:
    """Each invalid SMILES with halogens in capitals ("CLC1C(Cl)…") put right, when the reply confirms that fix or
    writes the symbol ("Cl"), and gives no other molecule."""
    symbols = [m for m in current.molecules if m in _HALOGENS]
    if len(symbols) != len(current.molecules) or not (symbols or _CONFIRMS_CASE.search(current.prose)):
        return {}
    fixes = {}
    for token in invalid:
        fixed = case_fixed(token)
        if fixed is not None and all(s.upper() in token for s in symbols):
            fixes[token] = fixed
    return fixes


# "yes use the database one": the structure of the drug name that labels an invalid SMILES
_NAMED_STRUCTURE = re.compile(r"\b(?:database|db|drugbank|pubchem|chembl|library|reference|known|official|"
                              r"from (?:the|its) name|by (?:the )?name)\b", re.I)


def _structures_of_labels(e: Entities, invalid: set[str]) -> dict[str, str]:
    """Each invalid SMILES of ``e`` written right beside a drug name ("imatinib (CC1…)"), with that drug's structure."""
    found = {}
    for token in invalid:
        start = e.text.find(token)
        end = start + len(token)
        beside = [n for n in e.names if n.kind == "drug" and start >= 0 and
                  (0 <= start - n.end <= 3 or 0 <= n.start - end <= 3)]
        if len(beside) == 1:
            found[token] = beside[0].value
    return found


def _likeness(a: str, b: str) -> float:
    return SequenceMatcher(None, a.lower(), b.lower()).ratio()
