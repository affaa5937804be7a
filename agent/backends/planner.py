"""The offline planner: a deterministic backend that needs no LLM.

It reads the intent of the request with the learned intent model (``agent.intent``: tool, properties,
drug-drug task, or none) plus what kinds of values the message holds, splits "do X, then Y" and lists
of asks into steps, and fills each tool's parameters by kind: from the message first (agent.entities), else from
the pool when the message points to earlier data. Anything it cannot fill stays empty, so Fe-Fo asks the user for
exactly that.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from agent.backends.base import Action, FinalAnswer, PlanContext, ToolCall
from agent.backends.reading import read_intent
from agent.entities import Entities, extract, pick_number
from agent.history import PastRequest
from agent.pool.entry import EntryMeta
from agent.atom_ranges import core_question, mask_from_words
from agent.pool.refs import REFERS_BACK, ref_key
from agent.provenance import ask_about
from agent.selection import select_molecules
from agent.wording import task
from model_zoo.chem.mols import same_molecule_key
from model_zoo.chem.proteins import find_sequences
from model_zoo.names.types import Resolved, Unresolved
from model_zoo.specs import PROPERTY, PROPERTY_NAMES, PROPERTY_WORDS, ToolSpec, get_spec

_THEN = re.compile(r"\b(?:and then|then|after that|afterwards|followed by)\b", re.I)
# Every whitespace run is entered at its start only ("(?<!\s)"), so a long run costs its length once, not squared.
_SEGMENT = re.compile(r"\n[ \t]*(?:\d{1,2}[.)]|[-*•])\s+|(?<=\bfirst)[,;]\s*|,?(?<!\s)\s+\(?[a-h]\)\s+|"
                      r"[,;.]?(?<!\s)\s+(?:and\s+)?(?:second(?:ly)?|third(?:ly)?|finally|lastly),?\s+|\?\s+|,\s*and\s+|"
                      r",?(?<!\s)\s+(?:plus|as well as|and also)\s+|"
                      r"(?<!\s)\s+and\s+(?=(?:does|do|is|are|what|how|its|their|also|give|the predicted|if so)\b)|"
                      r"(?<!\s)\s+\+\s+(?=(?:its|their|the|a|an)\b)",
                      re.I)
_GENE_LIKE = re.compile(r"\b[A-Z][A-Z0-9]{2,9}\b")
_NOT_TARGETS = {"SMILES", "BBB", "BBBP", "DDI", "CNS", "LOGS", "ESOL", "BACE", "IC50", "GDSC", "CSV", "SDF", "FASTA",
                "OK", "PLEASE", "THE", "AND", "DNA", "RNA", "LN", "PKD", "KD", "TWOSIDES", "DRUGBANK", "CYP3A4"}
_REPEAT = re.compile(r"^\W*and (?:on|in|for|against|with|at)\b|^\W*(?:ok(?:ay)?\W+)?now (?!the\b|their\b|its\b)|"
                     r"\b(?:re-?run|again|repeat|try|same (?:for|with|in|on|thing|but|(?:\w+ (?:and )?)?"
                     r"(?:settings|parameters|conditions))|what about|how about|instead|now for|also for)\b", re.I)
_CORRECTS = re.compile(r"\b(?:oops|typo|my bad|i meant|i mean|sorry|correction|wrong (?:one|target|protein|kinase|"
                       r"line|cell line|drug|molecule|compound|property)|no no|rather than|make (?:that|it)|"
                       r"change (?:that|it) to|switch to)\b", re.I)
_SAME = re.compile(r"\bsame\b", re.I)
_PRODUCER_KEYS = {"drug_cell_response_regression_generation": "generated_smiles",
                  "drug_cell_response_regression_optimization": "optimized_smiles"}


class OfflinePlanner:
    name = "offline"

    def next_action(self, ctx: PlanContext) -> Action:
        if ctx.steps and ctx.steps[-1].status != "ok":
            return FinalAnswer(ctx.steps[-1].error or "I could not run that.")
        plan = plan_calls(ctx.request, ctx.pool, ctx.offered, ctx.history, ctx.read)
        done = sum(1 for s in ctx.steps if s.status == "ok")
        if done < len(plan):  # a core named to keep that gives no mask (absent, in two places, which?) is asked about
            question = core_question(plan[done].name, plan[done].arguments, ctx.request, ctx.read)
            return FinalAnswer(question) if question else plan[done]
        if not plan:
            request = extract(_strip_pool_line(ctx.request))
            missing_file = _unknown_upload(request.prose.lower(), ctx.pool, _known_words(request))
            if missing_file is not None:
                written, closest = missing_file
                return FinalAnswer(f"I can't find '{written}' in this thread's pool; the closest: "
                                   f"{', '.join(closest)}. Which one should I use?")
            unknown = extract(_strip_pool_line(ctx.request)).unresolved
            if unknown:
                question = "; ".join(dict.fromkeys(ask_about(u) for u in unknown))
                return FinalAnswer(question if question.endswith("?") else question + ".")
            return FinalAnswer(_no_tool_answer(_strip_pool_line(ctx.request), ctx.offered))
        return FinalAnswer("")


def plan_calls(request: str, pool: list[EntryMeta], offered: list[ToolSpec],
               history: Sequence[PastRequest] = (), read: Callable[[str], Any] | None = None) -> list[ToolCall]:
    """The calls a request asks for, in order.

    The thread's history completes short messages: after a clarifying question, "BT-474" or "-2 is
    fine" supplies what was missing; after an answer, "and in HT-29?" repeats the last request with
    the new value.
    """
    text = _strip_pool_line(request)
    whole = extract(text)
    if _asks_only_untrained(whole):
        return []  # "hERG risk of these?": the question about it comes from next_action, never another tool
    if not whole.molecules and _unknown_upload(whole.prose.lower(), pool, _known_words(whole)) is not None:
        return []  # "logS for plate2" with only plate1 uploaded: asked about, never another file
    context = _Context(pool, read, history)
    previous = history[-1] if history else None
    earlier = extract(_strip_pool_line(previous.text)) if previous else None
    # "rerun these against ROS1", "same for HER4", "what about ABL2?": the tool of the previous request
    supplies_values = bool(_given(whole, pool))
    repeats = bool(_REPEAT.search(whole.prose) or (supplies_values and (
        _CORRECTS.search(whole.prose) or _only_values(whole))))
    prior = _previous_tool(earlier, pool, offered) if repeats else None
    calls: list[ToolCall] = []
    for clause in _clauses(text):
        own = extract(clause)
        for spec, focus in _requested(own, offered, pool, prior):
            # The first step may use values written anywhere in the message; later ones build on earlier steps.
            entities = own if calls else _merge(own, whole, prose=own.prose)
            calls += fan_out(spec, fill(spec, entities, context, calls, focus), entities)
    if not calls and len(offered) == 1:
        calls.append(ToolCall(offered[0].name, fill(offered[0], whole, context, [], None)))
    if previous is not None and earlier is not None:
        calls = _continued(calls, whole, earlier, previous, repeats, supplies_values, context, offered) or calls
    return calls


@dataclass
class _Context:
    """What the planner may consult besides the message: the pool and the thread's earlier requests."""

    pool: list[EntryMeta]
    read: Callable[[str], Any] | None
    history: Sequence[PastRequest]


def _continued(calls: list[ToolCall], whole: Entities, earlier: Entities, previous: PastRequest, repeats: bool,
               supplies_values: bool, context: _Context, offered: list[ToolSpec]) -> list[ToolCall] | None:
    """The calls when a message continues the thread's previous request, else None.

    After a question, any reply may complete the request; after an answer, only new values continue it.
    What the message says it wants wins; a bare value ("BT-474", "and in HT-29?") continues the earlier
    request when the earlier tool takes values of that kind.
    """
    pool, history = context.pool, context.history
    if len({c.name for c in calls}) > 1:
        return None  # the message asks for several tools itself ("what about AURKB, and a pKd for it too")
    asked = not repeats and max(tool_scores(whole.text, offered).values(), default=0.0) >= 2.0
    earlier_spec = choose_tool(earlier, offered, pool)
    # A reply that gives what the question asked for answers it ("for trametinib and osimertinib" after
    # "run the response model on HeLa"), whatever else its words could mean.
    answers = not previous.answered and _supplies_missing(
        earlier_spec, previous.text, whole, pool, offered, history[:-1], context.read)
    # The same tool again without all its values ("full length: <seq>" after "pKd of gefitinib for EGFR?")
    # takes the missing ones from the earlier request.
    same_tool = bool(calls) and earlier_spec is not None and all(c.name == earlier_spec.name for c in calls) \
        and not _complete(calls, whole)
    continues = (answers or not asked or same_tool) and _takes_values_of(earlier_spec, whole, pool)
    asked = asked and not answers
    if not (supplies_values or not previous.answered) or not (
            not calls or continues or (not previous.answered and not _complete(calls, whole))):
        return None
    spec = (choose_tool(whole, offered, pool) if asked else None) or earlier_spec
    if spec is None:
        return None
    merged = _merge(whole, earlier)
    if not previous.answered and spec.param("smiles_pairs") and whole.molecules and earlier.molecules:
        merged.molecules = earlier.molecules + whole.molecules  # "with <SMILES>" names the partner
    if _enum_words_in(spec, whole.prose):
        merged.prose = whole.prose
    return fan_out(spec, fill(spec, merged, context, [], None), merged)


def _requested(own: Entities, offered: list[ToolSpec], pool: list[EntryMeta], prior: ToolSpec | None = None
               ) -> list[tuple[ToolSpec, str | None]]:
    """The tools a clause asks for; with several intents, each with the words of its own part."""
    several = intents(own, offered, prior)
    if len(several) > 1:
        return [(spec, words) for spec, words in several]
    spec = choose_tool(own, offered, pool, prior)
    return [(spec, None)] if spec else []


def _previous_tool(earlier: Entities | None, pool: list[EntryMeta], offered: list[ToolSpec]) -> ToolSpec | None:
    """The tool of the thread's previous request, else of the newest tool result in the pool."""
    if earlier is not None:
        return choose_tool(earlier, offered, pool)
    results = [m for m in sorted(pool, key=lambda m: (m.set_at, m.seq)) if get_spec(m.key) is not None]
    spec = get_spec(results[-1].key) if results else None
    return spec if spec in offered else None


_LINKING_WORDS = frozenset("and now then too also as well next please pls ok okay so what about how try same for in on "
                           "with against at the cells cell line lines instead".split())


def _only_values(e: Entities) -> bool:
    """Nothing but values and linking words ("and ALK?", "HT-29 too", "now BTK", "ok, Huh-7 then")."""
    prose = list(e.prose)
    spans: list[Resolved | Unresolved] = [*e.names, *e.unresolved]
    for m in spans:
        if m.start >= 0:
            prose[m.start:m.end] = " " * (m.end - m.start)
    rest = "".join(prose)
    for written, _ in e.cell_mentions:
        rest = rest.replace(written, " ")
    return all(w in _LINKING_WORDS for w in re.findall(r"[a-z]+", rest.lower()))


def _supplies_missing(spec: ToolSpec | None, text: str, now: Entities, pool: list[EntryMeta],
                      offered: list[ToolSpec], history: Sequence[PastRequest],
                      read: Callable[[str], Any] | None) -> bool:
    """Whether ``now`` gives a kind of value the request ``text`` lacked for ``spec``."""
    if spec is None:
        return False
    planned = [c for c in plan_calls(text, pool, offered, history, read) if c.name == spec.name]
    given = planned[0].arguments if planned else {}
    missing = {_value_kind(p.kind) for p in spec.params if p.required and p.name not in given}
    return bool(missing & _given(now, pool))

def _asks_only_untrained(e: Entities) -> bool:
    """The message asks for a property no model predicts, and for no trained one."""
    return any(u.kind == "property" for u in e.unresolved) and not _property_words(e.prose.lower()) and \
        read_intent(e.text).tool in (PROPERTY.name, "none")  # not "… with B? worried about CYP3A4"


def _takes_values_of(spec: ToolSpec | None, e: Entities, pool: Sequence[EntryMeta] = ()) -> bool:
    """Whether a tool has a parameter for every kind of value the message supplies."""
    if spec is None:
        return False
    given = _given(e, pool)
    return bool(given) and given <= {_value_kind(p.kind) for p in spec.params}


def _given(e: Entities, pool: Sequence[EntryMeta] = ()) -> set[str]:
    """The kinds of value a message gives (molecules count once, whichever parameter takes them); an uploaded file
    named by its name ("ah my bad, plate1") gives its molecules."""
    values = (("molecules", e.molecules), ("protein_seq", e.sequences), ("cell_line", e.cell_lines),
              ("number", e.numbers), ("mask", e.masks or e.atom_ranges))
    given = {kind for kind, found in values if found}
    if _names_an_upload(e.prose.lower(), pool):
        given.add("molecules")
    return given


_FILE_LIKE = re.compile(r"(?<![\w.-])(?:[a-z][\w-]*\d[\w-]*(?:\.(?:csv|tsv|sdf|smi|xlsx|fasta|fa|txt))?|"
                        r"[\w-]+\.(?:csv|tsv|sdf|smi|xlsx|fasta|fa|txt))(?![\w-])")


def _known_words(e: Entities) -> set[str]:
    """Cell lines, drugs and targets as the message writes them: never taken for a file name."""
    return {w.lower() for w, _ in e.cell_mentions} | {n.written.lower() for n in e.names}


def _unknown_upload(lowered: str, pool: Sequence[EntryMeta], known: frozenset[str] | set[str] = frozenset()
                    ) -> tuple[str, list[str]] | None:
    """A file-like name the message uses that no upload has, but that looks like one that does ("plate2" when only
    plate1 was uploaded): (the word, the closest uploads' keys); None when nothing like that is written."""
    uploads = {m.key.removeprefix("upload_").lower(): m.key for m in pool if m.key.startswith("upload_")}
    stems = {**uploads, **{name.rsplit(".", 1)[0]: key for name, key in uploads.items()}}
    if not stems:
        return None
    for match in _FILE_LIKE.finditer(lowered):
        word = match.group()
        if word in known:
            continue
        if word in stems or any(word == m.key.lower() for m in pool):
            return None  # an upload named as it is: no question
        closest = difflib.get_close_matches(word, list(stems), n=3, cutoff=0.7)
        if closest or "." in word:  # like an upload's name, or written as a file name
            return word, list(dict.fromkeys(stems[c] for c in closest or stems))[:3]
    return None


def _names_an_upload(lowered: str, pool: Sequence[EntryMeta]) -> bool:
    return any(m.kind in ("smiles_list", "smiles") and m.key.startswith("upload_") and
               re.search(rf"(?<![\w.-]){re.escape(m.key.removeprefix('upload_').rsplit('.', 1)[0].lower())}(?![\w-])",
                         lowered) for m in pool)


def _value_kind(param_kind: str) -> str:
    return "molecules" if param_kind in ("smiles_list", "smiles", "smiles_pairs") else param_kind

def _complete(calls: list[ToolCall], entities: Entities) -> bool:
    specs = [get_spec(c.name) for c in calls]
    return bool(calls) and not entities.invalid_smiles and all(
        spec is not None and all(p in c.arguments for p in spec.required) for spec, c in zip(specs, calls))


def _merge(current: Entities, earlier: Entities, prose: str | None = None) -> Entities:
    """What the user says now wins; what is missing comes from the earlier request."""
    merged = Entities()
    for name in ("smiles", "molecules", "sequences", "cell_lines", "numbers", "masks", "atom_ranges", "names",
                 "unresolved", "cell_mentions"):
        setattr(merged, name, getattr(current, name) or getattr(earlier, name))
    merged.molecules_from_names = (current if current.molecules else earlier).molecules_from_names
    merged.named_molecules = (current if current.molecules else earlier).named_molecules
    merged.sequences_from_names = (current if current.sequences else earlier).sequences_from_names
    merged.invalid_smiles = current.invalid_smiles if current.molecules else earlier.invalid_smiles
    merged.pairs = current.pairs if current.molecules else earlier.pairs
    merged.prose = earlier.prose + "\n" + current.prose if prose is None else prose
    merged.text = current.text if current.numbers else earlier.text
    merged.taken_back = current.taken_back
    return merged


def _enum_words_in(spec: ToolSpec, prose: str) -> bool:
    return any(p.kind == "enum" and _enum_value(spec, p.name, prose.lower()) for p in spec.params)


def _strip_pool_line(text: str) -> str:
    return re.sub(r"\n?MemoryPool\(arguments=dict_keys\(\[.*?\]\)\)\s*$", "", text, flags=re.S)


def _clauses(text: str) -> list[str]:
    parts = [p for p in _THEN.split(text) if p and p.strip()]
    return parts or [text]


_SELECTION_PHRASE = re.compile(r"\b(?:the\s+)?(?:most|least|more|less|highest|lowest|best|worst|top|bottom)\s+"
                               r"(?:\d+\s+)?(?:by\s+)?[\w-]+(?:\s+(?:ones?|compounds?|molecules?|hits?|analogues?))?",
                               re.I)


def _tool_words(text: str, offered: list[ToolSpec]) -> dict[str, float]:
    """``tool_scores`` of the words that ask for something, without those that only pick the molecules ("retro on
    the most soluble one" asks for a retrosynthesis); all the words when nothing else is left to read."""
    blanked = _SELECTION_PHRASE.sub(lambda m: " " * len(m.group()), text)
    if blanked != text:
        scores = tool_scores(blanked, offered)
        if max(scores.values(), default=0.0) >= 2.0:
            return scores
    return tool_scores(text, offered)


def tool_scores(text: str, offered: list[ToolSpec]) -> dict[str, float]:
    """How strongly a request's words point to each offered tool: the intent model's probability, x4 so that
    0.25 is enough to act on when the values fit, and 0.5 (2.0) is a request of its own."""
    tools = read_intent(text).tools
    return {spec.name: 4.0 * tools.get(spec.name, 0.0) for spec in offered}


def choose_tool(entities: Entities, offered: list[ToolSpec], pool: Sequence[EntryMeta] = (),
                prior: ToolSpec | None = None) -> ToolSpec | None:
    """The best tool for a request, from its words and from the kinds of values it holds; ``prior`` is the
    tool of the request this one says it repeats."""
    scores = _tool_words(entities.text, offered)
    # a repeat keeps the earlier tool unless its words ask for another one ("the pKd instead" after a yes/no);
    # "same settings, but start from X" stays the same tool
    switches = not _SAME.search(entities.prose) and max(scores.values(), default=0.0) >= 2.0 and \
        prior is not None and scores.get(prior.name, 0.0) < 1.0
    if prior is not None and prior.name in scores and not switches:
        scores[prior.name] += 4.0
    prose = entities.prose
    shaped = (entities.masks, entities.atom_ranges, entities.cell_lines, entities.sequences, entities.pairs)
    if max(scores.values(), default=0.0) < 1.0 and len(offered) > 1 and not any(shaped):
        return None
    has_molecules = bool(entities.molecules) or any(m.kind in ("smiles_list", "smiles", "smiles_pairs", "table")
                                                    for m in pool)
    refers_back = bool(REFERS_BACK.search(prose)) and has_molecules
    for spec in offered:
        scores[spec.name] += _shape_bonus(spec, entities, prose.lower(), has_molecules, refers_back)
    best = max(scores.items(), key=lambda kv: kv[1], default=(None, 0.0))
    if best[0] is None or best[1] < 1.0:
        return offered[0] if len(offered) == 1 else None
    if len(_close_calls(scores, prose)) > 1:
        return None  # "response of CCO": the cell-line response or a Tox21 stress response? ask, never pick
    return next(s for s in offered if s.name == best[0])


def _close_calls(scores: dict[str, float], prose: str) -> list[str]:
    """Tools whose scores are too close to the best one's to choose between them (best first). The property
    tool is a reading only when the words name a property ("likely precurors of …" names none)."""
    ranked = sorted(((name, score) for name, score in scores.items()
                     if name != PROPERTY.name or _properties(prose)), key=lambda kv: -kv[1])
    return [name for name, score in ranked if score >= 1.0 and ranked[0][1] - score < TIE_MARGIN]


TIE_MARGIN = 0.5  # on tool_scores' scale (4 x probability): two tools within 0.125 of each other


def intents(entities: Entities, offered: list[ToolSpec], prior: ToolSpec | None = None) -> list[tuple[ToolSpec, str]]:
    """Tools asked for in separate parts of one sentence ("does it cross the BBB, and does it bind X?"),
    in the order they are mentioned, each with the words of its part; a single tool means one intent. With
    ``prior`` (the message repeats an earlier request), a part that only gives values repeats that tool ("what
    about AURKB. and give me a pKd for it too")."""
    found: list[tuple[ToolSpec, str]] = []
    cuts = list(_SEGMENT.finditer(entities.prose))
    bounds = [0, *(b for cut in cuts for b in cut.span()), len(entities.prose)]
    for start, end in zip(bounds[::2], bounds[1::2]):
        if not entities.prose[start:end].strip():
            continue
        scores = tool_scores(entities.text[start:end], offered)
        best = max(scores.items(), key=lambda kv: kv[1], default=(None, 0.0))
        spec = next((s for s in offered if s.name == best[0]), None)
        if spec is not None and best[1] >= 2.0 and spec not in [f for f, _ in found]:
            found.append((spec, entities.prose[start:end]))
        elif prior is not None and cuts and prior not in [f for f, _ in found] and \
                _given(extract(entities.text[start:end])):
            found.append((prior, entities.prose[start:end]))
    return _qualified(found) if len(cuts) == 1 and "?" in cuts[0].group(0) else found


def _qualified(found: list[tuple[ToolSpec, str]]) -> list[tuple[ToolSpec, str]]:
    """"would they bind SRC? pKd please": a short part after a question that names another tool for the same
    inputs says which answer the question wants; it is one ask, not two."""
    if len(found) != 2:
        return found
    (first, _), (second, _) = found
    sizes = [len(re.findall(r"[a-z0-9]+", words.lower())) for _, words in found]
    shortest = sizes.index(min(sizes))
    same_inputs = {p.kind for p in first.params} == {p.kind for p in second.params}
    return [found[shortest]] if same_inputs and sizes[shortest] <= 2 and sizes[0] != sizes[1] else found


def _shape_bonus(spec: ToolSpec, e: Entities, lowered: str, has_molecules: bool, refers_back: bool) -> float:
    """What the message holds says a lot: a mask means optimisation, a sequence means a target tool."""
    kinds = {p.kind for p in spec.params}
    bonus = 0.0
    if (e.masks or e.atom_ranges) and "mask" in kinds:
        bonus += 3.0
    if e.sequences and "protein_seq" in kinds:
        bonus += 1.5
    if e.cell_lines and "cell_line" in kinds:
        bonus += 1.0
        if not e.molecules and not refers_back and "smiles_list" not in kinds:
            bonus += 1.0  # a cell line and nothing to test in it: design for it
    if refers_back and "smiles_list" in kinds:
        bonus += 0.5
    if len(e.molecules) >= 2 and "smiles_pairs" in kinds and re.search(r"\bwith\b|\+|\band\b", lowered):
        bonus += 1.0 if e.pairs else 0.5  # "A with B, and C with D" groups molecules two by two
        if not e.sequences and "interact" in lowered:
            bonus += 2.0
    if "smiles_list" in kinds and not has_molecules:
        bonus -= 1.5  # nothing to run it on
    if "cell_line" in kinds and not kinds & {"smiles_list", "smiles"} and not e.cell_lines and not e.numbers:
        bonus -= 1.0  # a design request names a cell line or a potency
    if spec.param("property") is not None and _property_words(lowered):
        bonus += 0.5  # "logS for plate2": a property named in so many words
    return bonus


def _properties(prose: str) -> list[str]:
    """The properties a request asks for, in the order the message names them, then those only the intent
    model reads (probability >= 0.5: typos, paraphrases)."""
    said = _property_words(prose.lower())
    lbd = _LBD.search(prose)
    if lbd and not _taken_back(prose.lower(), lbd.start(), lbd.end()) and not any(p.endswith("-LBD") for p in said):
        receptors = [p for p in said if p in ("NR-ER", "NR-AR")]
        if len(receptors) == 1:
            return [f"{receptors[0]}-LBD"]  # "and the LBD assay" after NR-AR: the same receptor's LBD assay
        if not receptors:
            return said  # "the LBD assay" names no receptor: the thread's earlier request may (``fill``)
    taken_back = {member for _, _, member in _named_properties(prose.lower())} - set(said)
    scores = read_intent(prose).properties
    learned = [name for name in PROPERTY_NAMES
               if scores.get(name, 0.0) >= 0.5 and name not in said and name not in taken_back]
    found = said + sorted(learned, key=lambda name: -scores[name])
    if len(found) < 2:
        return found
    # in the order the message names them: the first part ("ClinTox toxicity & logD") that reads as each
    parts = [p for p in _PROPERTY_PARTS.split(prose) if p and p.strip()]
    first_part = {name: next((i for i, part in enumerate(parts) if name in _property_words(part.lower())
                              or read_intent(part).properties.get(name, 0.0) >= 0.5), len(parts)) for name in found}
    return sorted(found, key=lambda name: first_part[name])


_LBD = re.compile(r"\blbd\b|\bligand[- ]binding domain\b", re.I)
_PROPERTY_PARTS = re.compile(r"\s*(?:[,;&/+?\n*•]|\band\b|\bplus\b|\bas well as\b|\balso\b|\bthen\b|\bor\b)\s*", re.I)


# A property the message takes back: "not lipophilicity, I need ...", "but that's BBB; redo it as logS", "instead of
# logD", "logS, sorry, I meant logD".
_TAKEN_BACK_BEFORE = re.compile(r"(?:\bnot|\binstead of|\brather than|\bno longer|\bforget(?: about)?|\bdrop|\bskip|"
                                r"\bbut that(?:'s| is| was)|\bthat was|\byou (?:ran|did|gave|predicted))"
                                r"\s+(?:the\s+|a\s+|an\s+)?$")
_TAKEN_BACK_AFTER = re.compile(r"^\s*[?!.,:;-]{0,6}\s*(?:no wait|wait no|sorry|i meant|i mean|correction|oops)\b")


_SORT_KEY_BEFORE = re.compile(r"\b(?:by|on)\s+(?:the\s+|their\s+|its\s+)?(?:predicted\s+)?$")


def _taken_back(lowered: str, start: int, end: int) -> bool:
    """Taken back ("not logD"), or only the key of a selection ("the top 2 by BBB - their logD")."""
    before = lowered[max(0, start - 30):start]
    return bool(_TAKEN_BACK_BEFORE.search(before) or _SORT_KEY_BEFORE.search(before)
                or _TAKEN_BACK_AFTER.match(lowered[end:end + 30]))


def _property_words(lowered: str) -> list[str]:
    """The property enums named in the text, in order, tolerating misspellings ("solubilty"); a property the
    message takes back ("not logD, logS") is left out when another one is named."""
    found = _named_properties(lowered)
    kept = [(start, member) for start, end, member in found if not _taken_back(lowered, start, end)]
    chosen = kept if kept else [(start, member) for start, _, member in found]
    return list(dict.fromkeys(member for _, member in sorted(chosen)))


def _named_properties(lowered: str) -> list[tuple[int, int, str]]:
    found: list[tuple[int, int, str]] = []
    taken = lowered
    for phrase in sorted(PROPERTY_WORDS, key=len, reverse=True):
        for match in re.finditer(r"(?<![a-z])" + re.escape(phrase) + r"(?![a-z])", taken):
            found.append((match.start(), match.end(), PROPERTY_WORDS[phrase]))
        taken = re.sub(r"(?<![a-z])" + re.escape(phrase) + r"(?![a-z])", lambda m: " " * len(m.group(0)), taken)
    if not found:
        candidates = [w for w in PROPERTY_WORDS if len(w) >= 6]
        for match in re.finditer(r"[a-z][a-z\-]{4,}", lowered):
            close = difflib.get_close_matches(match.group(0), candidates, n=1, cutoff=0.8)
            if close:
                found.append((match.start(), match.end(), PROPERTY_WORDS[close[0]]))
    return found


def fan_out(spec: ToolSpec, args: dict[str, Any], e: Entities) -> list[ToolCall]:
    """One call per value when the message names several where the tool takes one
    ("in HT-29 and COLO-205", two pasted sequences, "BBB and logD")."""
    for param in spec.params:
        values: list[Any] = []
        if param.kind == "cell_line":
            values = list(dict.fromkeys(c.name for c in e.cell_lines))
        elif param.kind == "protein_seq":
            values = list(dict.fromkeys(e.sequences))
        elif param.name == "property":
            values = _properties(e.prose)
        elif param.name == "task":
            values = _ddi_tasks(e.prose)
        if len(values) > 1:
            calls = [ToolCall(spec.name, {**args, param.name: v}) for v in values]
            default = param.default
            return [ToolCall(c.name, {k: v for k, v in c.arguments.items() if not (k == param.name and v == default)})
                    for c in calls]
    return [ToolCall(spec.name, args)]


_INTERACTION_TYPE = re.compile(r"\b(?:ddi|interaction)\s+(?:type|class)|\btype\s+of\s+(?:the\s+)?interaction|"
                               r"\bmechanism|\bdrugbank\b", re.I)
_SIDE_EFFECTS = re.compile(r"\bside[\s-]?effects?|\badverse\b|\btwosides\b", re.I)


def _ddi_tasks(prose: str) -> list[str]:
    """Both tasks, in the order named, when a message asks for the interaction type and the side effects."""
    kind, side = _INTERACTION_TYPE.search(prose), _SIDE_EFFECTS.search(prose)
    if kind is None or side is None:
        return []
    return ["drugbank", "twosides"] if kind.start() < side.start() else ["twosides", "drugbank"]


def fill(spec: ToolSpec, e: Entities, context: _Context, earlier: list[ToolCall], focus: str | None
         ) -> dict[str, Any]:
    """Parameters by kind: from the message, else from earlier steps, results or the pool.

    ``focus`` is this tool's own part of a multi-intent message; a selection there ("the most soluble
    one") picks from the newest result even when the message also lists molecules.
    """
    pool = context.pool
    lowered = e.prose.lower()
    picked = None
    if focus is not None or earlier or not e.molecules:
        picked = select_molecules(focus if focus is not None else e.prose, pool, context.read)
    if picked is None and focus is not None and earlier:
        picked = e.molecules or None
    args: dict[str, Any] = {}
    for param in spec.params:
        value: Any = None
        if param.kind == "smiles_list":  # a drug named twice ("... gefitinib? and is gefitinib ...") runs once
            chosen = picked or e.molecules
            value = (list(dict.fromkeys(chosen)) if isinstance(chosen, list) else chosen) or \
                _molecules_from_context(lowered, pool, earlier)
        elif param.kind == "smiles":
            value = e.molecules[0] if e.molecules else (picked[0] if picked else None) or _pool_ref(
                pool, ("smiles", "smiles_list"), lowered, only_if_referred=True, single=True)
        elif param.kind == "protein_seq":
            if e.sequences and not e.sequences_from_names:
                value = e.sequences[0]
            else:
                value = _pool_protein(e, pool, context.history) or (e.sequences[0] if e.sequences else None)
        elif param.kind == "cell_line":
            value = e.cell_lines[0].name if e.cell_lines else _pool_ref(pool, ("cell_line",), lowered)
        elif param.kind == "number":
            value = pick_number(e) if e.numbers else _pool_ref(pool, ("number",), lowered)
        elif param.kind == "mask":
            value = e.masks[0] if e.masks else _mask_from_words(e, args.get(param.mask_of or ""), context) or \
                _pool_ref(pool, ("mask",), lowered)
        elif param.kind == "smiles_pairs":
            value = _swapped_pairs(e, pool, lowered, context.read) or _pairs(e) or \
                _picked_pairs(pool, lowered, context.read)
            if not value and not _names_pairs_it_cannot_find(e, lowered):
                value = _pool_ref(pool, ("smiles_pairs",), lowered)
        elif param.kind == "enum":
            value = _enum_value(spec, param.name, lowered)
            if value is None and param.name == "property" and _LBD.search(lowered) and context.history:
                value = next(iter(_properties(f"{context.history[-1].text}\n{lowered}")), None)
        if value not in (None, [], ""):
            args[param.name] = value
    return args


def _mask_from_words(e: Entities, molecule: Any, context: _Context) -> list[int] | None:
    """A mask from atom ranges or a named core in words, once the molecule it applies to is known."""
    if not e.atom_ranges or molecule is None:
        return None
    key = ref_key(molecule)
    if key is not None:
        if context.read is None:
            return None
        value = context.read(key)
        molecule = value[0] if isinstance(value, list) and len(value) == 1 else value
    if not isinstance(molecule, str):
        return None
    return mask_from_words(e.atom_ranges, molecule)


def _enum_value(spec: ToolSpec, param: str, lowered: str) -> str | None:
    if param == "property":
        return next(iter(_properties(lowered)), None)
    if param == "task" and read_intent(lowered).ddi_task.get("twosides", 0.0) >= 0.5:
        return "twosides"  # side effects of the combination, as the intent model reads it
    for word, member in spec.value_aliases.get(param, {}).items():
        if word in lowered and member != spec.param(param).default:  # type: ignore[union-attr]
            return member
    return None


def _molecules_from_context(lowered: str, pool: list[EntryMeta], earlier: list[ToolCall]) -> Any:
    if earlier:
        producer = _PRODUCER_KEYS.get(earlier[-1].name)
        if producer:
            return f"({producer})"
        previous = earlier[-1].arguments.get("drug_smiles") or earlier[-1].arguments.get("smiles_list")
        if previous:
            return previous
    return _pool_ref(pool, ("smiles_list", "smiles"), lowered)


_KNOWN_SOURCES = frozenset({"message", "tool", "file", "command", "analysis"})
_PRODUCED = re.compile(r"\b(?:generated|optimi[sz]ed|uploaded)\s+(?:ones?|molecules?|compounds?|analogues?|structures?|"
                       r"smiles|list|set|hits?|cpds?)\b|\bthe\s+(?:analogues|file)\b")


def _pool_ref(pool: list[EntryMeta], kinds: tuple[str, ...], lowered: str, only_if_referred: bool = False,
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
        stem = meta.key.removeprefix("upload_").lower()
        if meta.key.startswith("upload_") and stem.rsplit(".", 1)[0] in lowered:
            return f"({meta.key})"
    cues = (("generat", "generated_smiles"), ("optimi", "optimized_smiles"), ("analog", "optimized_smiles"),
            ("upload", "upload_"), ("file", "upload_"))
    for cue, prefix in cues:
        if cue in lowered:
            for meta in reversed(candidates):
                if meta.key.startswith(prefix):
                    return f"({meta.key})"
            produced = any(m.key.startswith(prefix) for m in pool)
            if "smiles_list" in kinds and _PRODUCED.search(lowered) and not produced \
                    and all(m.source in _KNOWN_SOURCES for m in candidates):
                # "the generated ones" with nothing generated in this thread: asked, never another list (entries of
                # unknown origin, as in a benchmark's starting pool, may be what the words mean)
                return None
    if only_if_referred and not REFERS_BACK.search(lowered):
        return None
    return f"({candidates[-1].key})"


def _pool_protein(e: Entities, pool: list[EntryMeta], history: Sequence[PastRequest]) -> str | None:
    """Reuse the thread's target only when the message does not name another protein: a named target
    must match a pool key ("lck.fasta") or an earlier request that pasted its sequence."""
    named = [w for w in _GENE_LIKE.findall(e.prose) if w not in _NOT_TARGETS and not w.isdigit()]
    named += [n.written for n in e.names if n.kind == "target"] + [n.name for n in e.names if n.kind == "target"]
    lowered = e.prose.lower()
    if named and not re.search(r"\b(same|that|this) (target|protein|kinase|sequence)\b", lowered):
        explicit = [m for m in pool if m.kind == "protein_seq" and any(n.lower() in m.key.lower() for n in named)]
        if explicit:
            return f"({explicit[-1].key})"
        pasted = any(n in past.text and find_sequences(past.text) for past in history for n in named)
        return _pool_ref(pool, ("protein_seq",), lowered) if pasted else None
    return _pool_ref(pool, ("protein_seq",), lowered)


def _pairs(e: Entities) -> list[list[str]]:
    """Drug pairs: two molecules; or the pairs the message groups ("A with B, and C with D"); else the
    first molecule with each of the others ("A with B and C")."""
    molecules = e.molecules
    if len(molecules) < 2:
        return []
    if len(molecules) == 2:
        return [molecules[:2]]
    return e.pairs or [[molecules[0], other] for other in molecules[1:]]


_PAIR_ORDINAL = re.compile(r"\b(first|1st|second|2nd|third|3rd|fourth|4th|last)\s+(?:pair|combination|combo)\b|"
                           r"\bpair\s+(?:#\s?)?(\d{1,2})\b")
_PAIR_INDEX = {"first": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3, "last": -1}


def _picked_pairs(pool: list[EntryMeta], lowered: str, read: Callable[[str], Any] | None) -> list[list[str]] | None:
    """One of the thread's pairs by its place: "just the second pair with twosides"."""
    match = _PAIR_ORDINAL.search(lowered)
    if match is None or read is None:
        return None
    key = ref_key(_pool_ref(pool, ("smiles_pairs",), lowered))
    pairs = read(key) if key else None
    index = _PAIR_INDEX[match.group(1)] if match.group(1) else int(match.group(2)) - 1
    if not isinstance(pairs, list) or not -len(pairs) <= index < len(pairs):
        return None
    return [pairs[index]]


def _names_pairs_it_cannot_find(e: Entities, lowered: str) -> bool:
    """"swap X for Y" or "the third pair" said, but no such pair in the thread: asked, never all the pairs."""
    return bool(_PAIR_ORDINAL.search(lowered)) or (len(e.taken_back) == 1 and len(e.molecules) == 1)


def _swapped_pairs(e: Entities, pool: list[EntryMeta], lowered: str, read: Callable[[str], Any] | None
                   ) -> list[list[str]] | None:
    """The thread's pairs with one drug exchanged: "swap phenytoin for midazolam", "replace celecoxib with
    clopidogrel", "midazolam instead of phenytoin"; None unless exactly one drug goes and one comes in."""
    if len(e.taken_back) != 1 or len(e.molecules) != 1 or read is None:
        return None
    key = ref_key(_pool_ref(pool, ("smiles_pairs",), lowered))
    pairs = read(key) if key else None
    if not isinstance(pairs, list):
        return None
    out_key, new = same_molecule_key(e.taken_back[0]), e.molecules[0]
    swapped = [[new if same_molecule_key(s) == out_key else s for s in pair] for pair in pairs
               if isinstance(pair, list) and len(pair) == 2]
    return swapped if swapped != pairs else None


def _no_tool_answer(request: str, offered: list[ToolSpec]) -> str:
    close = _close_calls(tool_scores(request, offered), extract(request).prose)
    if len(close) > 1:
        return "Do you mean " + " or ".join(task(name) for name in close[:3]) + "? Say which, and I'll run it."
    return ("I could not tell which prediction you want. I can run: "
            + "; ".join(task(s.name) for s in offered)
            + ". Say what to predict and give the molecules (SMILES or names), or upload a file.")
