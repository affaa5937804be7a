"""Values taken from the thread's pool: the entry a message points to (by key, file stem, origin word, or
"these"), the molecules of an earlier step, the thread's target.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from agent.backends.base import ToolCall
from agent.entities import Entities
from agent.history import PastRequest
from agent.planning.counts import counted, names_whole_list
from agent.planning.uploads import molecule_uploads, upload_by_place, upload_by_words, upload_named, uploads_of_type
from agent.planning.values import FILLERS
from agent.pool.entry import EntryMeta
from agent.pool.refs import REFERS_BACK
from agent.selection import produced_key
from agent.vocabulary import words
from model_zoo.chem.proteins import find_sequences
from model_zoo.names.other_targets import file_names_target, other_target

PRODUCED_KEY = {"drug_cell_response_regression_generation": "generated_smiles",
                  "drug_cell_response_regression_optimization": "optimized_smiles"}


def molecules_from_context(lowered: str, pool: list[EntryMeta], earlier: list[ToolCall], own_words: str = "") -> Any:
    """The molecules a call takes from the thread: an upload its own part of the message names ("… and BBB for Tom's
    plate"), else what an earlier step of this message used or made, else the pool entry the words point to."""
    named = named_upload(own_words, pool) if own_words else None
    latest = lowered.rsplit("\n", 1)[-1]
    if named is None and latest != lowered and not _ONE_DESCRIBED.search(latest):
        # (a continuation reads "earlier request\nmessage": "same again for the teamB file" names its own upload)
        named = named_upload(latest, pool)
    if named is not None:
        return named
    key = produced_key(own_words) if own_words else None
    if key is not None and any(m.key == key for m in pool):
        return f"({key})"  # "…, and get routes for the optimized ones": not what the step before used
    if earlier:
        producer = PRODUCED_KEY.get(earlier[-1].name)
        if producer:
            return f"({producer})"
        previous = earlier[-1].arguments.get("drug_smiles") or earlier[-1].arguments.get("smiles_list")
        n = counted(own_words)
        # "the most soluble into BT-474, and logD for all three": not the one the step before picked
        if previous and (not isinstance(previous, list) or not names_whole_list(own_words)
                         or len(dict.fromkeys(previous)) == n):
            return previous
        sized = [m for m in sorted(pool, key=lambda m: m.set_at) if m.kind == "smiles_list" and m.size == n]
        if sized:  # "… and solubility for all five": the list of five, not the one just picked
            return f"({sized[-1].key})"
    found = pool_ref(pool, ("smiles_list", "smiles"), lowered)
    if found is None or not any(f"({m.key})" == found and m.size > 1 for m in pool):
        return found
    described = _ONE_DESCRIBED.search(lowered)
    if described and not _PLURAL.search(lowered) and (described.group("analogue") or not found.startswith("(upload_")):
        return None  # "BBB for the 4-F analogue from the plate file": which row is that? asked, never the whole file
    # ("and BBB while you're at it": a filler's "it" means no molecule)
    if _ONE_MEANT.search(FILLERS.sub(" ", lowered)) and not _SEVERAL_MEANT.search(lowered) and \
            not found.startswith("(upload_"):
        return None  # "Does it get into the brain?" with two molecules in the thread: asked which, never both
    return found


# "it" for a molecule of the thread's list of several, and no word that means several (an upload is one "it": "I
# just dropped it in the thread")
_ONE_MEANT = re.compile(r"(?<!\bof\s)\b(?:it|its|it's)\b(?!\s+(?:made|generated|gave|proposed|suggested|designed|"
                        r"produced|returned|found|predicted|ranked|calls?|says?|said|thinks?|came))|"
                        # "the predicted response in HeLa for the compound that was discussed yesterday"
                        r"\b(?:the|that|this)\s+(?:compound|molecule|structure)\b(?!\s+(?:list|set|library|series|"
                        r"file|table|sheet|panel)s?\b)")
# "the second-generation one", "the 4-F analogue from the plate file": one molecule by a description no pick placed
# ("the April one", "the hits_final one", "the LBD one" name a file or an assay: a described "one" has a substituent
# or locant written with a hyphen or digit, and of an upload only an analogue is a row: "the EGFR-amplified one");
# "run the partner in SK-MEL-28", "run the comparator in 786-O": one drug of several by its role
_ROLE = r"(?:combination\s+)?partner(?:\s+drug)?|anchor(?:\s+drug)?|comparator|reference\s+compound"
_ONE_DESCRIBED = re.compile(r"\bthe\s+(?!(?:same|other|whole|new|newest|latest|last|uploaded|generated|optimi[sz]ed|"
                            r"designed|proposed|previous|earlier|original|current|right|wrong)\b)"
                            r"(?:(?P<analogue>[\w-]+\s+(?:analog(?:ue)?|derivative)|"
                            # (a role noun standing alone: not "the partner Excel", "the comparator arm")
                            rf"(?:{_ROLE})(?=\s*(?:$|[,.;:!?)]|\s(?:in|into|through|on|at|for|against|with|too|as|from|"
                            r"please|also|again|alone|only|now)\b)))|[a-z]*[\d-][\w-]*\s+one)\b")
_PLURAL_WORDS = r"they|them|their|these|those|both|all|each|every|everything"
_PLURAL = re.compile(rf"\b(?:{_PLURAL_WORDS})\b")
_SEVERAL_MEANT = re.compile(rf"\b(?:{_PLURAL_WORDS}|ones|set|list|file|uploads?|uploaded|batch|series|plate|molecules|"
                            r"compounds|structures|hits|analog(?:ue)?s|two|three|four|five|six|\d+)\b")


# "retro on the outputs of job r-1022": molecules named by a run of another system, which no pool entry is
_RUN_OUTPUTS = re.compile(r"\b(?:outputs?|results?|molecules|compounds|hits|structures|products?)\s+(?:of|from)\s+"
                          r"(?:the\s+)?(?:job|run|pipeline\s+run|batch\s+job|workflow)\s+#?(?P<id>[\w-]*\d[\w-]*)",
                          re.I)


# "now the same for our lead": a molecule of the user's own that no upload, pool entry or earlier message gave
_OWN_MOLECULE = re.compile(r"\b(?:for|on|with|of|to)\s+(?:our|my)\s+(?P<what>lead|hit|candidate|backup)\b"
                           r"(?!\s+(?:series|list|set|file|upload|compounds|molecules|panel|v?\d))")


def unknown_own_molecule(lowered: str, pool: Sequence[EntryMeta], said_before: Sequence[str]) -> str | None:
    """"our lead" when nothing in the thread is called so (no pool key, no earlier message names it); else None."""
    found = _OWN_MOLECULE.search(lowered)
    if found is None or any(found.group("what") in text for text in [*(m.key.lower() for m in pool),
                                                                      *(t.lower() for t in said_before)]):
        return None
    return found.group().split(maxsplit=1)[1]


def unknown_run(lowered: str, pool: Sequence[EntryMeta]) -> str | None:
    """The id of a job or run whose outputs the words ask for when no pool entry carries it; None otherwise."""
    found = _RUN_OUTPUTS.search(lowered)
    if found is None or any(found.group("id").lower() in m.key.lower() for m in pool):
        return None
    return found.group("id")


def named_upload(lowered: str, pool: list[EntryMeta]) -> str | None:
    """The one molecule upload the words name, by key, file stem or file words; None when none or several."""
    keys = molecule_uploads(pool)
    named = [k for k in keys if k.lower() in lowered or upload_named(k, lowered)]
    if len(named) == 1:
        return f"({named[0]})"
    found = None if named else upload_by_words(lowered, keys)[0] or upload_by_place(lowered, keys)
    return f"({found})" if found else None


_KNOWN_SOURCES = frozenset({"message", "tool", "file", "command", "analysis"})


_PRODUCED = re.compile(r"\b(?:generated|optimi[sz]ed|uploaded)\s+(?:ones?|molecules?|compounds?|analogues?|structures?|"
                       r"smiles|list|set|hits?|cpds?)\b|\bthe\s+(?:analogues|file)\b")


# the words that name what a tool made: "the generated ones", "the optimized set", "the imatinib analogues"
_PRODUCER_CUES = (("generat", "generated_smiles"), ("optimi", "optimized_smiles"), ("analog", "optimized_smiles"),
                  ("generer", "generated_smiles"), ("optimer", "optimized_smiles"),  # Swedish, Danish, Norwegian
                  ("生成", "generated_smiles"), ("优化", "optimized_smiles"))  # Chinese: generated, optimised
# "the new molecules", "the new ones", "新分子": what a tool made, without saying which tool
_NEW_ONES = re.compile(r"\bnew\s+(?:ones?|molecules?|compounds?|cpds?|structures?|designs?|analog(?:ue)?s?|smiles|"
                       r"candidates?|hits|mols?)\b|新的?(?:分子|化合物)|"
                       # "BBB for the molecules from earlier": made earlier, by whichever tool
                       r"\b(?:ones?|molecules?|compounds?|cpds?|structures?|mols?)\s+(?:from|of)\s+"
                       r"(?:earlier|before|previously|the\s+previous\s+runs?)\b")


# "(optimized_smiles)", "run it on generated_smiles": a pool key written out
_WRITTEN_KEY = re.compile(r"\((?P<bracketed>[a-z][\w.\-]*)\)|"
                          r"(?<![\w(])(?P<bare>(?:user|generated|optimi[sz]ed|upload)_[\w.\-]*[a-z0-9]|[a-z]\w*_result)"
                          r"(?![\w)])", re.I)
_KEY_SHAPED = re.compile(r"^(?:user_|generated_|optimi[sz]ed_|upload_)|_(?:result|smiles|seq|pairs)$", re.I)


def missing_pool_keys(text: str, pool: Sequence[EntryMeta]) -> list[str]:
    """Pool keys the message writes out ("retro on (optimized_smiles)") that this thread's pool does not hold:
    asked about, never replaced by another entry."""
    held = {m.key.lower() for m in pool}
    missing = []
    for match in _WRITTEN_KEY.finditer(text):
        key = match.group("bracketed") or match.group("bare")
        # ("user_compounds_lab7.csv": the file of upload_user_compounds_lab7.csv, named as uploaded)
        if _KEY_SHAPED.search(key) and key.lower() not in held and f"upload_{key.lower()}" not in held:
            missing.append(key)
    return list(dict.fromkeys(missing))


def _names_its_origin(key: str) -> bool:
    """A key that says where its value came from: a tool's output, the user's input (``user_*``) or an upload."""
    return key in PRODUCED_KEY.values() or key.startswith(("user_", "upload_"))


def _cued(cue: str, lowered: str) -> bool:
    """A cue word at the start of a word ("file", "files", "the plates"; not "profile", "template", "antiplatelet");
    a Chinese cue anywhere."""
    return cue in lowered if not cue.isascii() else re.search(rf"(?<![a-z]){cue}", lowered) is not None


def pool_ref(pool: list[EntryMeta], kinds: tuple[str, ...], lowered: str, only_if_referred: bool = False,
              single: bool = False) -> str | None:
    """The pool key the text points to: named explicitly, by its origin word, else the most recently set
    entry of the kind ("these" after a colleague edited user_smiles means the edited list)."""
    candidates = sorted((m for m in pool if m.kind in kinds and (not single or m.size == 1)), key=lambda m: m.set_at)
    if not candidates:
        return None
    named = [m for m in candidates if re.search(rf"(?<![\w.-]){re.escape(m.key.lower())}(?![\w.-])", lowered)]
    if named:  # a key written out wins over a file's stem ("upload_k.fasta_1" is not "upload_k.fasta_2")
        return f"({named[-1].key})"
    for meta in reversed(candidates):
        if meta.key.startswith("upload_") and upload_named(meta.key, lowered):
            return f"({meta.key})"
    keys = [m.key for m in candidates]
    # a continuation reads "earlier request\nmessage": an upload the message names wins ("same for Marco's")
    latest = lowered.rsplit("\n", 1)[-1]
    by_words, ambiguous = upload_by_words(latest, keys) if latest != lowered else (None, False)
    answer = re.split(r"[.;!?]", latest, maxsplit=1)[0]
    if ambiguous and len(answer.split()) <= 3:  # "P08. The P07 file is last month's.": the short answer names it
        by_words, ambiguous = upload_by_words(answer, keys)
    if by_words is None:
        by_words, ambiguous = upload_by_words(lowered, keys)
    by_words = by_words or upload_by_place(lowered, keys)
    if by_words is not None:
        return f"({by_words})"
    if ambiguous:
        return None  # "Maria's list" with maria_hits.csv and maria_hits_v2.csv: asked which, never the newest
    if _NEW_ONES.search(lowered) and all(any(m.key == key for m in candidates) for key in PRODUCED_KEY.values()):
        # "the new molecules" with both generated and optimised ones in the thread: asked which, unless the reply
        # to that question says ("the dabrafenib analogues", "the optimized ones")
        answered = next((key for cue, key in _PRODUCER_CUES if cue in latest and latest != lowered), None)
        return f"({answered})" if answered else None
    of_type = uploads_of_type(lowered, [m.key for m in candidates])
    if len(of_type) == 1:
        return f"({of_type[0]})"
    if len(of_type) > 1:
        return None  # "the csv" with two CSV uploads: asked which, never the newest
    for cue, prefix in (*_PRODUCER_CUES, ("upload", "upload_"), ("file", "upload_"), ("plate", "upload_"),
                        ("sheet", "upload_"), ("spreadsheet", "upload_"),
                        ("attached", "upload_"), ("attachment", "upload_")):
        if _cued(cue, lowered):
            fitting = [m for m in candidates if m.key.startswith(prefix)]
            if prefix == "upload_" and len(fitting) > 1:
                return None  # "the uploaded file" with two uploads of the kind: asked which, never the newest
            if fitting:
                return f"({fitting[-1].key})"
            produced = any(m.key.startswith(prefix) for m in pool)
            if "smiles_list" in kinds and _PRODUCED.search(lowered) and not produced \
                    and all(m.source in _KNOWN_SOURCES or _names_its_origin(m.key) for m in candidates):
                # "the generated ones" with nothing generated in this thread: asked, never another list (entries of
                # unknown origin, as in a benchmark's starting pool, may be what the words mean; a key that names
                # the other tool's output, the user's input or an upload does not)
                return None
    if only_if_referred and not REFERS_BACK.search(lowered):
        return None
    if sum(m.key.startswith("upload_") for m in candidates) > 1 and _SENT_BY.search(lowered):
        return None  # "the compounds the company sent me" with two uploads: asked which, never the newest
    return f"({candidates[-1].key})"


# molecules described by who sent them, which no file name says
_SENT_BY = re.compile(r"\b(?:sent|emailed|e-mailed|forwarded|shared|provided)\b")


_GENE_LIKE = re.compile(r"(?<![\w-])[A-Z][A-Z0-9]{2,9}(?![\w-])")  # (not the parts of a code: "IMT-API")


_NOT_TARGETS = frozenset(words("not_target_symbols"))


def _one_named_protein(keys: list[str], lowered: str) -> str | None:
    """Of the thread's sequences whose keys name the target ("the uploaded ALK sequence" with ALK_v1.fasta and
    ALK_v2.fasta), the one the words tell apart (a reply's first words, "v2, the group replaced v1", first); "" (no
    value, so that the agent asks) when they do not: never the newest, nor the target's sequence from the tables."""
    if len(keys) == 1:
        return f"({keys[0]})"
    latest = lowered.rsplit("\n", 1)[-1]
    for text in (re.split(r"[,.;!?]", latest, maxsplit=1)[0], latest, lowered):
        told = upload_by_words(text, keys)[0] or upload_by_place(text, keys)
        if told is not None:
            return f"({told})"
    return ""


def pool_protein(e: Entities, pool: list[EntryMeta], history: Sequence[PastRequest]) -> str | None:
    """Reuse the thread's target only when the message does not name another protein: a named target
    must match a pool key ("lck.fasta") or an earlier request that pasted its sequence. "" when several keys match
    it and the words do not tell which."""
    # "does PD173074 bind it?", "doramapimod (BIRB-796)": drug codes, no target names
    drugs = [(n.start, n.end) for n in e.names if n.kind == "drug"]
    named = [m.group() for m in _GENE_LIKE.finditer(e.prose) if m.group() not in _NOT_TARGETS
             and not m.group().isdigit() and not any(s <= m.start() < end for s, end in drugs)]
    named += [n.written for n in e.names if n.kind == "target"] + [n.name for n in e.names if n.kind == "target"]
    lowered = e.prose.lower()
    latest = lowered.rsplit("\n", 1)[-1]  # a continuation reads "earlier request\nmessage": the message decides
    if named and not re.search(r"\b(same|that|this) (target|protein|kinase|sequence)\b", latest):
        # a target that is no kinase by any of its names: "the SERT file" is upload_SLC6A4.fasta or upload_sert.fasta
        symbols = {other.symbol for u in e.unresolved if u.kind == "target" and (other := other_target(u.written))}
        explicit = [m for m in pool if m.kind == "protein_seq" and (
            any(n.lower() in m.key.lower() for n in named) or any(file_names_target(m.key, s) for s in symbols))]
        if explicit:
            return _one_named_protein([m.key for m in explicit], lowered)
        pasted = any(n in past.text and find_sequences(past.text) for past in history for n in named)
        return pool_ref(pool, ("protein_seq",), lowered) if pasted else None
    return pool_ref(pool, ("protein_seq",), lowered)
