"""Where each argument of a call came from, and the rule that nothing is guessed.

Every value a tool runs with must come from the user's words (typed, or a name resolved offline), an
explicit ``(key)``, a reference the message makes ("these", "the uploaded compounds"), or the thread's
earlier messages. The same tracing applies to every backend, so the planner and an LLM are held to one
rule: when the message names a drug, target or cell line that did not resolve, a call that takes that
kind of value from anywhere but the message is refused with a question naming what did not resolve.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any

from agent.backends.base import ToolCall
from agent.entities import NOT_SAID_WHICH, Entities, Unresolved, extract
from agent.history import PastRequest
from agent.labels import molecules_of
from agent.planning.relative_potency import RelativeGoal
from agent.pool.refs import REFERS_BACK, ref_key, refs_in_text
from model_zoo.chem.cells import UnknownCellLine, resolve_cell_line
from model_zoo.chem.mols import InvalidSmiles, canonical
from model_zoo.names.other_targets import file_names_target, other_target
from model_zoo.names.targets import asked_as_target, of_several_constructs, resolve_target
from model_zoo.names.types import Resolved
from model_zoo.specs import LN_IC50_RANGE, PROPERTY, ParamKind, get_spec

# How a value was obtained, most trustworthy first.
TYPED, RESOLVED, REFERENCE, IMPLICIT, EARLIER, DEFAULT, POOL, UNKNOWN = (
    "typed", "resolved", "reference", "implicit", "earlier message", "default", "pool", "unknown")
_FROM_THIS_MESSAGE = {TYPED, RESOLVED, REFERENCE, DEFAULT}
_MOLECULE_KINDS = ("smiles_list", "smiles", "smiles_pairs")
# "How does NVX-311 compare with sotorasib?", "our lead vs lorlatinib": an unknown drug the typed structure is set
# against is a second input, never the typed structure's label ("… to compare with X" only says what results are for)
_SET_AGAINST = re.compile(r"(?:(?<!\bto\s)\bcompare[sd]?\s+(?:\S+\s+){0,4}?(?:with|to|against)|\bvs\.?|\bversus)"
                          r"\s+(?:the\s+)?$", re.I)
_KIND_OF_NAME = {"drug": _MOLECULE_KINDS, "target": ("protein_seq",), "cell_line": ("cell_line",),
                 "property": ("enum",), "ic50_unit": ("number",), "ic50_value": ("number",)}


# a target the message asks about: "interact with PARP1", "bind to X", "does it hit X"


@dataclass(frozen=True)
class Source:
    how: str
    detail: str = ""  # shown to people: "ibuprofen → DrugBank DB01050", "'these' → upload_hits.csv"

    def to_json(self) -> dict[str, str]:
        return asdict(self)


def trace(call: ToolCall, entities: Entities, history: Sequence[PastRequest] = (),
          goal: RelativeGoal | None = None) -> dict[str, Source]:
    """The source of every argument of ``call``, judged against the message and the thread's earlier ones;
    ``goal`` is a potency the message sets against a shown result ("one ln unit below X's predicted value")."""
    spec = get_spec(call.name)
    if spec is None or not isinstance(call.arguments, dict):
        return {}
    earlier = [extract(past.text) for past in reversed(history)]
    sources = {}
    for name, value in call.arguments.items():
        param = spec.param(name)
        if param is None:
            continue
        if param.kind == "enum":
            sources[name] = _enum_source(value, param.default, spec.value_aliases.get(name, {}), entities)
        elif param.kind == "number" and goal is not None and _same_number(value, goal.value):
            sources[name] = Source(RESOLVED, goal.conversion)
        else:
            sources[name] = _value_source(param.kind, value, entities, earlier)
    return sources


def _same_number(value: Any, number: float) -> bool:
    return isinstance(value, (int, float)) and abs(float(value) - number) <= 1e-6 * max(1.0, abs(number))


def _value_source(kind: ParamKind, value: Any, entities: Entities, earlier: list[Entities]) -> Source:
    key = ref_key(value)
    if key is not None:
        return _reference_source(key, entities.text, [e.text for e in earlier])
    if kind in _MOLECULE_KINDS:
        items = [s for pair in value for s in pair] if kind == "smiles_pairs" and isinstance(value, list) else value
        return _combined([_molecule_source(s, entities, earlier) for s in _as_list(items)])
    if kind == "protein_seq":
        return _sequence_source(str(value), entities, earlier)
    if kind == "cell_line":
        return _cell_source(value, entities, earlier)
    if kind == "number":
        return _number_source(value, entities, earlier)
    if kind == "mask":
        return _first_match(value, [entities] + earlier, lambda e: e.masks)
    return Source(UNKNOWN)


def _reference_source(key: str, text: str, earlier: list[str]) -> Source:
    """An explicit ``(key)``, a reference word ("these"), or either of them in the request this message
    continues ("use HuH-7 then" after "IC50 of these in HepG2?")."""
    for index, said in enumerate([text] + earlier):
        how = REFERENCE if index == 0 else EARLIER
        if key in refs_in_text(said) or key.lower() in said.lower():
            return Source(how, f"({key})")
        cue = REFERS_BACK.search(said)
        if cue:
            where = "" if index == 0 else " in your earlier message"
            return Source(IMPLICIT if index == 0 else EARLIER, f"'{cue.group(0)}'{where} → {key}")
    return Source(POOL, f"{key}, as the thread's current value")


def _molecule_source(smiles: str, entities: Entities, earlier: list[Entities]) -> Source:
    wanted = _canon(smiles)
    for found in [entities] + earlier:
        typed = [m for m in found.molecules if m not in found.named_molecules]
        if wanted in {_canon(m) for m in typed}:
            return Source(TYPED if found is entities else EARLIER)
        for name in found.names:
            if name.kind == "drug" and _canon(name.value) == wanted:
                how = RESOLVED if found is entities else EARLIER
                return Source(how, _resolution_text(name))
        if wanted in {_canon(m) for m in found.molecules}:
            return Source(TYPED if found is entities else EARLIER)
    return Source(UNKNOWN, smiles[:40])


def _sequence_source(sequence: str, entities: Entities, earlier: list[Entities]) -> Source:
    wanted = _residues(sequence)
    for found in [entities] + earlier:
        if not found.sequences_from_names and wanted in {_residues(s) for s in found.sequences}:
            return Source(TYPED if found is entities else EARLIER)
        for name in found.names:
            if name.kind == "target" and _residues(name.value) == wanted:
                return Source(RESOLVED if found is entities else EARLIER, _resolution_text(name))
        if wanted in {_residues(s) for s in found.sequences}:
            return Source(TYPED if found is entities else EARLIER)
    return Source(UNKNOWN, f"{len(wanted)} residues")


def _cell_source(value: Any, entities: Entities, earlier: list[Entities]) -> Source:
    try:
        line = resolve_cell_line(value)
    except UnknownCellLine:
        return Source(UNKNOWN, str(value)[:40])
    for found in [entities] + earlier:
        for written, mentioned in found.cell_mentions:
            if mentioned.cosmic_id == line.cosmic_id:
                how = TYPED if found is entities else EARLIER
                detail = f"{written} → GDSC {line.name}, COSMIC {line.cosmic_id}"
                return Source(RESOLVED if how == TYPED and written != line.name else how, detail)
    return Source(UNKNOWN, str(value)[:40])


def _number_source(value: Any, entities: Entities, earlier: list[Entities]) -> Source:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return Source(UNKNOWN)
    for found in [entities] + earlier:
        for candidate in found.numbers:
            if abs(candidate.value - number) <= 1e-6 * max(1.0, abs(number)):
                how = TYPED if found is entities else EARLIER
                return Source(RESOLVED if candidate.conversion and how == TYPED else how, candidate.conversion)
    return Source(UNKNOWN, str(value))


def _enum_source(value: Any, default: Any, words: dict[str, str], entities: Entities) -> Source:
    if value == default:
        return Source(DEFAULT, str(value))
    lowered = entities.prose.lower()
    said = str(value).lower() in lowered or any(
        member == value and re.search(r"(?<![a-z])" + re.escape(word), lowered) for word, member in words.items())
    return Source(TYPED if said else UNKNOWN, str(value))


def _first_match(value: Any, candidates: list[Entities], values_of: Any) -> Source:
    for index, found in enumerate(candidates):
        if value in values_of(found):
            return Source(TYPED if index == 0 else EARLIER)
    return Source(UNKNOWN)


def _combined(sources: list[Source]) -> Source:
    """One source for a list of values: the least trustworthy one, with every resolution named."""
    if not sources:
        return Source(UNKNOWN)
    order = [TYPED, RESOLVED, EARLIER, UNKNOWN]
    how = max((s.how for s in sources), key=order.index)
    details = list(dict.fromkeys(s.detail for s in sources if s.detail and s.how == RESOLVED))
    return Source(how, "; ".join(details) if how != UNKNOWN else next(s.detail for s in sources if s.how == how))


def _resolution_text(name: Any) -> str:
    shown = name.written if name.written.lower() == name.name.lower() else f"{name.written} ({name.name})"
    fuzzy = ", spelling corrected" if name.fuzzy else ""
    return f"{shown} → {name.source}{fuzzy}"


def _as_list(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    return [str(v) for v in value] if isinstance(value, list) else []


def _canon(smiles: str) -> str:
    try:
        return canonical(smiles)
    except InvalidSmiles:
        return smiles


def _residues(sequence: str) -> str:
    return "".join(sequence.split()).upper().rstrip(".")


def unsupported(call: ToolCall, sources: dict[str, Source], entities: Entities) -> list[str]:
    """Why the call must not run: the message names something that did not resolve, and the call takes a
    value of that kind from elsewhere (a resolved neighbour, the pool, an earlier message) or lacks it.
    Only a structure or sequence typed in the message makes an unknown name a mere label."""
    spec = get_spec(call.name)
    if spec is None or not isinstance(call.arguments, dict):
        return []
    problems = []
    for missing in entities.unresolved:
        if call.scope and missing.written not in call.scope:
            continue  # another list item's name: that item's call is asked about, not this one
        if _names_an_upload(call, missing):
            continue  # "pKd of KRN-0377 (the .mol upload)": the code is the name of the file the call takes
        if of_several_constructs(missing) and _one_of_its_constructs(call, missing):
            continue  # "same RSK1 for my hit" after an RSK1 N-terminal run: the construct the thread used
        params = [p for p in spec.params if p.kind in _KIND_OF_NAME.get(missing.kind, ())
                  and (missing.kind != "property" or p.name == "property")]
        if missing.kind in ("ic50_unit", "ic50_value"):
            untyped = any(p.bounds == LN_IC50_RANGE for p in params)  # typed, but on which scale? or impossible
        elif missing.kind == "cell_line":
            untyped = bool(params)  # "in HepG2 and A549": never run A549 alone
        elif missing.kind == "target" and not params:
            # "do olaparib and niraparib interact with PARP1?": a target question, not a drug pair ("the PARP
            # inhibitors olaparib and niraparib" only describes the drugs)
            untyped = missing.start >= 0 and asked_as_target(entities.prose, missing.start) and not (
                other_target(missing.written) is not None and _SAYS_WHAT_IT_TARGETS.search(entities.prose, 0,
                                                                                          missing.start)) and \
                not _the_assay_of(call, missing)
        elif missing.kind == "drug" and params and missing.start > 0 and _SET_AGAINST.search(
                entities.prose, 0, missing.start):
            untyped = True
        else:
            untyped = any(p.name not in sources or sources[p.name].how != TYPED for p in params if p.required) and \
                not _labels_a_reply_structure(call, missing, entities, sources)
        if untyped:
            problems.append(ask_about(missing))
    # A word shaped like a cell line ("how sensitive is Huh7.5 …") that nothing knows: never run with a
    # cell line taken from elsewhere in the thread instead.
    borrowed_line = [p for p in spec.params if p.kind == "cell_line" and p.required and (
        p.name not in sources or sources[p.name].how not in (TYPED, RESOLVED))]
    if borrowed_line and entities.cell_shaped:
        problems.append(ask_about(entities.cell_shaped[0]))
    return list(dict.fromkeys(problems))


def _the_assay_of(call: ToolCall, missing: Unresolved) -> bool:
    """Whether the protein named is the one the call's Tox21 assay measures ("is anastrozole active on aromatase?"
    answered by NR-Aromatase): the assay answers it, no sequence is wanted."""
    assay = call.arguments.get("property")
    return isinstance(assay, str) and other_target(missing.written) is not None and \
        missing.written.lower().replace(" ", "") in assay.lower().split("-")


# "logD of paclitaxel, which binds tubulin", "bortezomib in RPMI-8226; it targets the proteasome": what the drug does,
# told beside a request whose tool takes no protein, is no question about the protein
_SAYS_WHAT_IT_TARGETS = re.compile(r"\b(?:which|that|it|they|both|since|as|because)\s+(?:\w+\s+){0,2}?"
                                   r"(?:bind|target|inhibit|hit|block|act\s+on)\w*\s+(?:to\s+)?(?:the\s+)?$", re.I)


def _one_of_its_constructs(call: ToolCall, missing: Unresolved) -> bool:
    """Whether the call runs one of the constructs a name of several stands for (the planner read which)."""
    chosen = call.arguments.get("target_seq")
    return isinstance(chosen, str) and any(
        isinstance(found := resolve_target(tid), Resolved) and found.value == chosen for tid in missing.closest)


def _names_an_upload(call: ToolCall, missing: Unresolved) -> bool:
    """Whether an unknown code is the name of an uploaded file the call takes ("KRN-0377" of upload_KRN-0377.mol,
    "the target in the RSK1 fasta" of upload_RSK1.fasta)."""
    written = missing.written.lower()
    other = other_target(missing.written) if missing.kind == "target" else None
    if other is not None and any((key := ref_key(value)) is not None and key.startswith("upload_") and
                                 file_names_target(key, other.symbol) for value in call.arguments.values()):
        return True  # "the SERT file": upload_SLC6A4.fasta, named by the target's gene symbol
    return missing.kind in ("drug", "target") and len(written) >= 3 and any(
        (key := ref_key(value)) is not None and key.startswith("upload_") and
        key.lower().removeprefix("upload_").rsplit(".", 1)[0] == written for value in call.arguments.values())


# Words with which a reply sets the question's unknown drug aside ("just warfarin and aspirin then", "skip it")
_SETS_ASIDE = re.compile(r"\b(?:then|just|only|instead|skip\w*|forget|drop|without|never\s*mind|leave\b.{0,20}\bout|"
                         r"ignore|for\s+now|anyway|fine|ok(?:ay)?|rest|others?|remaining|dann|nur|alors|juste|"
                         r"seulement|entonces|solo|sólo|só|então|allora)\b", re.I)


def with_open_question(entities: Entities, history: Sequence[PastRequest]) -> Entities:
    """The message's values plus the drugs the thread's open question could not find, when the message only names
    that question's other drugs: "Check zorbatinib with warfarin and aspirin" was asked about, and "warfarin 5 mg
    and aspirin 100 mg" answers the question about doses, not about zorbatinib, so no pair of the other two runs.
    A typed structure, a drug the question did not name, or words that set the unknown drug aside close it."""
    if not history or history[-1].answered or entities.unresolved or entities.typed_molecules():
        return entities
    question = extract(history[-1].text)
    # "Metacam or Rimadyl, can't remember which" then "Rimadyl": the option chosen is no drug the tables know
    chosen = [Unresolved("drug", option, (), note="a drug the tables do not hold") for u in question.unresolved
              if u.note == NOT_SAID_WHICH for option in u.closest
              if option not in {n.name for n in question.names} and option.lower() in entities.prose.lower()]
    if chosen and not entities.molecules:
        return replace(entities, unresolved=chosen)
    if not entities.molecules or _SETS_ASIDE.search(entities.prose):
        return entities
    named = {n.name.lower() for n in entities.names}
    # (not "the statin" of two, which naming one of them answers)
    unknown = [replace(u, start=-1, end=-1) for u in question.unresolved
               if u.kind == "drug" and u.written.lower() not in entities.prose.lower()
               and not named & {c.lower() for c in u.closest}]
    if not unknown or not set(entities.molecules) <= set(question.molecules):
        return entities
    return replace(entities, unresolved=unknown)


def _labels_a_reply_structure(call: ToolCall, missing: Unresolved, entities: Entities,
                              sources: dict[str, Source]) -> bool:
    """"zorbatinib is <SMILES>" answering "Check zorbatinib with warfarin and aspirin": the unknown name labels the
    one structure the reply types, and the call's other molecules come from the question it answers."""
    spec = get_spec(call.name)
    typed = entities.typed_molecules()
    if spec is None or missing.kind != "drug" or len(typed) != 1:
        return False
    if not typed <= set(molecules_of(spec, call.arguments)):
        return False
    return all(sources[p.name].how in (TYPED, EARLIER) for p in spec.params
               if p.kind in _MOLECULE_KINDS and p.name in sources)


def ask_about(missing: Unresolved) -> str:
    """A question that names what did not resolve, why when the resolver knows, the closest known options,
    and what the person can give instead."""
    closest = ", ".join(missing.closest[:5])
    if missing.kind == "property" and missing.note:  # "a calibration curve for the BBB model on its test set"
        return f"{missing.written} is {missing.note}"
    if missing.kind == "property":
        instead = " or ".join(missing.closest)
        return (f"{missing.written} isn't a property I have a trained model for"
                + (f"; {instead} is — use that?" if instead else f"; I can predict: {_trained_properties()}"))
    if missing.kind == "ic50_unit":
        return (f"'{missing.written}' has no unit, and the readings differ a lot: "
                + "; ".join(missing.closest) + ". Which one? (e.g. write '0.5 µM', '100 nM', 'pIC50 7' or "
                "'ln IC50 -2')")
    if missing.kind == "ic50_value":
        return (f"'{missing.written}' is not a concentration an IC50 can have (it must be above zero). Which potency "
                "did you mean? (e.g. '100 nM', '0.5 µM', 'pIC50 7' or 'ln IC50 -2')")
    what = {"drug": "the drug", "target": "a sequence for the target", "cell_line": "the cell line"}[missing.kind]
    text = f"I don't know {what} '{missing.written}'" if not missing.note else \
        f"I can't use '{missing.written}': {missing.note}"
    text += f" (closest: {closest})" if closest else ""
    action = {"drug": " — paste its SMILES or upload a file",
              "target": " — paste its amino-acid sequence or upload a FASTA file"}.get(missing.kind, "")
    return text + action


def _trained_properties() -> str:
    return ", ".join(PROPERTY.param("property").enum)  # type: ignore[union-attr]


def summary_line(sources: dict[str, Source]) -> str:
    """What was resolved or referred to, in one line for people ("" when every value was typed)."""
    shown = [s.detail for s in sources.values() if s.how in (RESOLVED, IMPLICIT, EARLIER) and s.detail]
    return "; ".join(dict.fromkeys(shown))
