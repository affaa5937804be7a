"""Fill a tool's parameters by kind: from the message first, else from earlier steps, results or the pool; one
call per value where the tool takes one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from agent.atom_ranges import mask_from_words
from agent.backends.base import ToolCall
from agent.backends.reading import read_intent
from agent.entities import Entities, pick_number
from agent.history import PastRequest
from agent.planning.pairs import (
    THE_PAIR,
    against_the_thread,
    earlier_drug_names,
    every_listed_pair,
    listed_pair,
    message_pairs,
    names_pairs_it_cannot_find,
    one_against_the_others,
    partner_pairs,
    picked_pairs,
    ranked_pair,
    ranks_pairs,
    swapped_pairs,
    uploaded_pairs,
    with_the_earlier_pairs,
)
from agent.planning.counts import names_whole_list
from agent.planning.properties import LBD, ddi_tasks, named_properties, requested_properties
from agent.planning.references import molecules_from_context, named_upload, pool_protein, pool_ref
from agent.planning.rows import earlier_rows, leaves_rows_out, names_rows_by_word, row_numbers
from agent.planning.relative_potency import relative_goal, sets_relative_goal
from agent.planning.uploads import molecule_uploads, uploads_named
from agent.planning.values import SAME_AS_BEFORE
from agent.pool.entry import EntryMeta
from agent.pool.refs import ref_key
from agent.selection import logged_rows, pick_rows, select_molecules
from agent.vocabulary import count_pattern
from model_zoo.chem.mols import same_molecule_key
from model_zoo.specs import AFFINITY, CELL_RESPONSE, RETROSYNTHESIS, TARGET_CLASSIFICATION, ToolSpec

# "that one", "those three", "these two": the molecules an earlier message picked out of a result
_PICKED_BEFORE = re.compile(rf"\b(?:that|this)\s+one\b|\b(?:those|these)\s+(?:{count_pattern()})\b")


_SAME_GOAL = re.compile(r"\bsame\s+(?:potency|goal|target\s+(?:ic50|potency|value)|ic50|ln\s*ic50|value|z-?score)\b",
                        re.I)


@dataclass
class PlanningContext:
    """What the planner may consult besides the message: the pool and the thread's earlier requests."""

    pool: list[EntryMeta]
    read: Callable[[str], Any] | None
    history: Sequence[PastRequest]


# "and in the other GBM line we use?", "another breast line", "the other cell, the one from before": a line the
# message does not name
_ANOTHER_LINE = re.compile(r"\b(?:the\s+other|another|a\s+different|other)\s+(?:[\w'’-]+\s+){0,2}?"
                           r"(?<!herbal\s)(?<!product\s)(?<!supplement\s)(?<!skincare\s)"  # "two other herbal lines"
                           r"(?:(?:cell\s+)?lines?|cells?)\b")


# "whichever line was more sensitive", "which line came out least sensitive?", "the more resistant line", "whichever
# of the two lines was less sensitive", "the most resistant of those three"
_SENSITIVE_LINE = re.compile(r"\b(?:whichever|which|the)\s+(?:of\s+the\s+(?:two|2|three|3)\s+)?(?:cell\s+)?lines?\s+"
                             r"(?:was|is|were|came\s+out|looked)\s+(?:the\s+)?(?P<which>more|most|less|least)\s+"
                             r"(?P<how>sensitive|resistant)\b|\bthe\s+(?P<which2>more|most|less|least)\s+"
                             r"(?P<how2>sensitive|resistant)\s+(?:(?:cell\s+)?line\b|(?:one\s+)?of\s+(?:those|these|the)\s+"
                             r"(?:two|three|four|\d)(?:\s+(?:cell\s+)?lines)?\b)", re.I)


# "take the line where alisertib came out most potent", "the line it was least active in": ranked by that drug's
# rows (all rows for "it")
_LINE_BY_POTENCY = re.compile(r"\b(?:whichever|the)\s+(?:cell\s+)?line\s+(?:where|in\s+which|that)?\s*"
                              r"(?:(?P<drug>[\w-]+)|it|they)\s+(?:came\s+out|was|were|looked|is|worked)\s+"
                              r"(?:the\s+)?(?P<which>most|more|least|less)\s+(?P<how>potent|active|effective)\b", re.I)


def _line_by_response(match: re.Match[str], context: PlanningContext, e: Entities) -> str | None:
    """The cell line whose logged response results rank first by mean ln(IC50): lowest for the more sensitive line
    or the one a drug was most potent in, highest for the more resistant or less sensitive one. The lines the message
    names are the ones ranked ("Of KELLY, SK-N-AS and CHP-134, take the line where …"); a drug named in the phrase
    ranks by its own rows."""
    groups = match.groupdict()
    which = (groups["which"] or groups.get("which2") or "").lower()
    how = (groups.get("how") or groups.get("how2") or "").lower()
    more = which in ("more", "most")
    # the more sensitive line and the one a drug was most potent in have the lowest ln(IC50)
    highest = (how == "resistant") == more if how in ("sensitive", "resistant") else not more
    drug = groups.get("drug")
    smiles = None
    if drug and drug.lower() not in ("it", "they"):
        smiles = next((n.value for n in e.names if n.kind == "drug" and n.written.lower() == drug.lower()), None)
        if smiles is None:
            return None  # a word no drug of the message: asked
    among = {c.name for c in e.cell_lines} or None
    return _ranked_first(CELL_RESPONSE.name, "cell_name", "ln_ic50", highest, context, among, smiles)


# "for whichever it bound more tightly", "the kinase it binds most strongly", "whichever target bound less tightly"
_TARGET_BY_BINDING = re.compile(r"\b(?:whichever|the)\s+(?:(?:one|target|kinase|protein|of\s+the\s+(?:two|2|three|3))"
                                r"\s+)?(?:(?:it|they|that|which)\s+)?(?:bound|binds|bind)\s+(?P<which>more|most|less|least)"
                                r"\s+(?:tightly|strongly|potently)\b", re.I)


# "for whichever of the two targets had the higher probability": ranked by the interaction classifier's results
# (not "the one with the highest probability": a molecule picked from the results)
_TARGET_BY_PROBABILITY = re.compile(r"\b(?:whichever|the)\s+(?:(?:target|kinase|protein)\s+|"
                                    r"of\s+the\s+(?:two|2|three|3)\s+(?:targets?|kinases?|proteins?)\s+)"
                                    r"(?:(?:it|that|which)\s+)?(?:had|has|got|gave|with)"
                                    r"\s+(?:the\s+)?(?P<which>higher|highest|lower|lowest)\s+(?:interaction\s+)?"
                                    r"probability\b", re.I)


def _target_by_binding(match: re.Match[str], context: PlanningContext) -> str | None:
    """The target whose logged affinity results rank first by mean pKd (lowest for "less tightly"), or whose logged
    interaction probabilities rank first ("had the higher probability")."""
    highest = match.group("which").lower() in ("more", "most", "higher", "highest")
    if match.re is _TARGET_BY_PROBABILITY:
        return _ranked_first(TARGET_CLASSIFICATION.name, "target_seq", "probability", highest, context)
    return _ranked_first(AFFINITY.name, "target_seq", "pkd", highest, context)


def _ranked_first(tool: str, param: str, column: str, highest: bool, context: PlanningContext,
                  among: set[str] | None = None, smiles: str | None = None) -> str | None:
    """The value of ``param`` whose logged ``tool`` results rank first by the mean of their ``column`` (only the
    values ``among``, only the rows of ``smiles`` when given); None (asked) unless the thread ran at least two values
    and one of them ranks first alone."""
    if context.read is None:
        return None
    means: dict[str, float] = {}
    for past in context.history:
        for call in past.calls:
            value = (call.resolved or call.arguments).get(param)
            if call.tool != tool or call.status != "ok" or not isinstance(value, str) or ref_key(value) or \
                    (among is not None and value not in among):
                continue
            found = [v for r in logged_rows(call, context.pool, context.read) or [] for k, v in r.items()
                     if k.lower() == column and isinstance(v, int | float) and smiles in (None, r.get("smiles"))]
            if found:
                means[value] = sum(found) / len(found)
    ranked = sorted(means.values(), reverse=highest)
    if len(ranked) < 2 or ranked[0] == ranked[1]:
        return None
    return next(value for value, mean in means.items() if mean == ranked[0])


def _unnamed_other_line(e: Entities, lowered: str) -> bool:
    """The message asks for another cell line than before without naming it: asked, never the thread's line."""
    latest = lowered.rsplit("\n", 1)[-1]  # a continuation reads "earlier request\nmessage"
    return bool(_ANOTHER_LINE.search(latest)) and not any(w.lower() in latest for w, _ in e.cell_mentions)


# "same model", "same settings", "rerun the same thing but drop the second molecule": the setting the thread's last
# call of this tool used
_SAME_MODEL = re.compile(rf"\bsame\s+(?:model|settings?|task|database|method|mode|thing|run)\b|{SAME_AS_BEFORE}",
                         re.I)


def earlier_setting(tool: str, param: str, history: Sequence[PastRequest]) -> Any:
    for past in reversed(history):
        for call in reversed(past.calls):
            if call.tool == tool and call.status == "ok" and param in call.arguments:
                return call.arguments[param]
    return None


def _swapped_in_list(spec: ToolSpec, param: str, e: Entities, context: PlanningContext) -> list[str] | None:
    """"Replace emtricitabine with lamivudine and rerun": the list this tool last ran with, the drug taken out
    exchanged in its place for the one coming in (the others stay); "same thing but solubility, and drop gefitinib":
    that list without it. None unless the message takes out a drug of that list and names at most one other."""
    if not e.taken_back:
        return None
    before = earlier_setting(spec.name, param, context.history)
    key = ref_key(before)
    if key is not None and context.read is not None:  # "(user_smiles)": the list it refers to
        before = context.read(key)
    if not isinstance(before, list) or not all(isinstance(s, str) for s in before):
        return None
    keys = [same_molecule_key(s) for s in before]
    out = {same_molecule_key(s) for s in e.taken_back}
    coming = [m for m in dict.fromkeys(e.molecules) if same_molecule_key(m) not in {*keys, *out}]
    if len(coming) > 1 or not out & set(keys):
        return None
    if not coming:
        return [s for s, key in zip(before, keys) if key not in out] or None
    return [coming[0] if key in out else s for s, key in zip(before, keys)]


_FILE_WORDS = re.compile(r"\b(?:file|upload(?:ed)?|sheet|spreadsheet|csv|sdf|attachment|attached)\b", re.I)


def _of_the_named_file(words: str, lowered: str, pool: Sequence[EntryMeta], read: Callable[[str], Any] | None,
                       picked: list[str]) -> list[str]:
    """A pick by place or rank in a file the words name ("the first compound of the hits file"): from that upload;
    none (asked) when two uploads fit the words ("hits_A.csv" and "hits_B.csv"), never the newest one's row."""
    uploads = [m for m in pool if m.key.startswith("upload_") and m.kind == "smiles_list"]
    if len(uploads) < 2 or read is None or not _FILE_WORDS.search(words):
        return picked
    key = ref_key(pool_ref(list(uploads), ("smiles_list",), lowered, only_if_referred=True))
    if key is None:
        return []
    rows = read(key)
    chosen = pick_rows(words.lower(), [{"smiles": s} for s in rows]) if isinstance(rows, list) else None
    return chosen if chosen is not None else picked


def _rows_of_the_list(words: str, value: Any, read: Callable[[str], Any] | None) -> Any:
    """"Now IDs 3-5 of that file vs A549", "drop rows 2 and 5, BBB on what's left": the rows of the thread's list
    (an upload, the user's molecules) that the words name by number, in the list's order, or the rest of them when
    the words leave those out; [] (asked) when a number is past the list's end; ``value`` itself when the words name
    no rows or it is no such list."""
    key = ref_key(value) if isinstance(value, str) else None
    numbers = row_numbers(words)
    rows = read(key) if key is not None and numbers and read is not None else None
    if not isinstance(rows, list) or len(rows) < 2 or not all(isinstance(row, str) for row in rows):
        return value
    if numbers[-1] > len(rows):
        return []
    if leaves_rows_out(words):
        return [row for place, row in enumerate(rows, 1) if place not in numbers] or []
    return [rows[n - 1] for n in numbers]


def _picked_with_named(e: Entities, picked: list[str] | None, words: str, context: PlanningContext
                       ) -> list[list[str]] | None:
    """"The one with the highest BBB probability — check it against tramadol": each picked row with the drug the
    message names; None when the pick must be asked about ("the most lipophilic" of a BBB table), so that no other
    pair runs in its place."""
    if len(set(e.molecules)) != 1:
        return []
    chosen = picked if picked is not None else select_molecules(words, context.pool, context.read, context.history)
    if chosen is None and words != e.prose:  # the pick in its own clause before the ask
        chosen = select_molecules(e.prose, context.pool, context.read, context.history)
    if chosen == []:
        return None
    return [[row, e.molecules[0]] for row in chosen or [] if row != e.molecules[0]]


# "ln(IC50) of both in A375", "each of them individually": the drugs of the thread's one pair
_BOTH = re.compile(r"\b(?:both|each|the two|them|individually|separately)\b")


def _drugs_of_the_pair(lowered: str, pool: list[EntryMeta], context: PlanningContext) -> list[str] | None:
    """The two drugs of the thread's one drug pair, when a message refers to them and the thread holds no molecule
    list: after "dabrafenib and trametinib, interaction?", "now ln(IC50) of both in A375" means the two drugs."""
    pairs = [m for m in pool if m.kind == "smiles_pairs"]
    if len(pairs) != 1 or context.read is None or not _BOTH.search(lowered) or \
            any(m.kind in ("smiles_list", "smiles") for m in pool):
        return None
    value = context.read(pairs[0].key)
    if not (isinstance(value, list) and len(value) == 1 and isinstance(value[0], list | tuple)):
        return None
    return list(dict.fromkeys(str(v) for v in value[0]))


def _pair_of_the_step_before(earlier: list[ToolCall]) -> list[list[str]] | None:
    """The two molecules the step before ran on ("ClinTox for amiodarone and dronedarone, then the pair itself
    through the interaction model")."""
    molecules = next((v for v in (earlier[-1].arguments.values() if earlier else ()) if isinstance(v, list)), None)
    if molecules is None or len(set(molecules)) != 2 or not all(isinstance(m, str) for m in molecules):
        return None
    return [list(dict.fromkeys(molecules))]


# "every compound in the list except the last one", "cpds 2 to 4 below": the message's own pasted list, never a result
# (not "those above 0.5": a threshold on a result)
_OWN_LIST = re.compile(r"\b(?:in|of|from|on)\s+the\s+list\b|\blisted\b|\b(?:below|above)\b(?!\s*[-−+]?\.?\d)", re.I)


# "the ClinTox score for it, please — plus the same for Femara", "logS for them and for aspirin": the thread's molecule
# asked about beside one the message names
# (not "pKd of both of them on IGF1R and on INSR": the drugs the message names)
_IT_AND_ANOTHER = re.compile(r"(?<!\bboth\s)(?<!\ball\s)(?<!\beach\s)\b(?:for|of|on)\s+(?:it|them)\b"
                            r"(?=[^.;?!\n]*\b(?:and|plus|as\s+well\s+as)\b)|"
                            r"\b(?:and|plus)\s+(?:for\s+|of\s+)?(?:it|them)\b(?!\s+(?:is|are|was|were|has|have)\b)",
                            re.I)


def _the_thread_molecules_too(e: Entities, words: str, context: PlanningContext, earlier: list[ToolCall]
                              ) -> list[str]:
    """The thread's molecules ("it", "them") that the words ask about beside the ones they name, as SMILES; []
    unless both are asked about."""
    if not e.molecules or earlier or context.read is None or not _IT_AND_ANOTHER.search(words):
        return []
    key = pool_ref(context.pool, ("smiles", "smiles_list"), words.lower(), only_if_referred=True)
    value = context.read(key[1:-1]) if key else None
    molecules = [value] if isinstance(value, str) else value if isinstance(value, list) else []
    return [m for m in molecules if isinstance(m, str) and m not in e.molecules]


# "naproxen and (of) the chlorinated precursor", "benzene and the top one": a named molecule joined to a pick
_AND_THE_PICK = re.compile(r"\b(?:and|plus|as\s+well\s+as)\s+(?:of\s+|for\s+|on\s+)?(?:the|its|that)\s+", re.I)


def _named_beside_the_pick(e: Entities, picked: list[str], words: str) -> list[str]:
    """The molecules the words name by name and join with "and" to a pick of the thread's results ("of naproxen and
    of the chlorinated precursor it gave"), not among the picked rows; [] otherwise."""
    joined = _AND_THE_PICK.search(words)
    names = [n for n in e.names if n.kind == "drug" and n.written in words[:joined.start()]] if joined else []
    return [n.value for n in names if n.value in e.molecules and n.value not in picked]


# "hydration free energy of the product and of benzene" after a route: the molecule the route was asked for
_THE_PRODUCT = re.compile(r"\b(?:of|for|on)\s+the\s+(?:target\s+|final\s+)?product\b(?!s|\s+(?:of|from)\b)", re.I)


def _the_routes_product(e: Entities, words: str, context: PlanningContext) -> list[str]:
    """The molecules the thread's last request asked a route for, when the words name "the product" beside
    molecules of their own; [] otherwise."""
    last = context.history[-1].calls if context.history else []
    route = next((c for c in reversed(last) if c.tool == RETROSYNTHESIS.name and c.status == "ok"), None)
    if route is None or not e.molecules or not _THE_PRODUCT.search(words):
        return []
    value = route.arguments.get("smiles_list")
    key = ref_key(value)
    value = context.read(key) if key is not None and context.read is not None else value
    return [m for m in value if isinstance(m, str) and m not in e.molecules] if isinstance(value, list) else []


# "same as last time but for the other team now": of two uploads named alike (teamA_q3.csv, teamB_hits.csv)
_THE_OTHER = re.compile(r"\bthe\s+other\s+(?P<word>[a-z]{3,})\b")


def _the_other_upload(lowered: str, context: PlanningContext) -> str | None:
    """The one of two uploads sharing the word the text writes after "the other" that the thread's last call did not
    use; None unless the last call used the other one."""
    other = _THE_OTHER.search(lowered.rsplit("\n", 1)[-1])
    if other is None or not context.history:
        return None
    alike = [k for k in molecule_uploads(context.pool) if other.group("word") in k.lower()]
    used = {v for c in context.history[-1].calls for v in c.arguments.values() if isinstance(v, str)}
    if len(alike) != 2 or sum(f"({k})" in used for k in alike) != 1:
        return None
    return next(f"({k})" for k in alike if f"({k})" not in used)


def fill(spec: ToolSpec, e: Entities, context: PlanningContext, earlier: list[ToolCall], focus: str | None
         ) -> dict[str, Any]:
    """Parameters by kind: from the message, else from earlier steps, results or the pool.

    ``focus`` is this tool's own part of a multi-intent message; a selection there ("the most soluble
    one") picks from the newest result even when the message also lists molecules.
    """
    pool = context.pool
    lowered = e.prose.lower()
    picked = None
    words = focus if focus is not None else e.prose
    pasted_before = [past.text for past in reversed(context.history)]
    if not e.molecules and (names_rows_by_word(words) or not row_numbers(words)):
        # "rows 1–3 as well", "BBB for CMP-0210 too": of the list the user pasted
        picked = earlier_rows(words, pasted_before)
        also = select_molecules(words, pool, context.read, context.history) if picked else None
        if also:  # "CMP-0014 and whichever came out with the highest logD"
            picked = list(dict.fromkeys([*(picked or []), *also]))
    if picked is None and (focus is not None or earlier or not e.molecules) and \
            not (e.molecules and _OWN_LIST.search(words)):
        picked = select_molecules(words, pool, context.read, context.history)
        if picked and not e.molecules:
            picked = _of_the_named_file(words, lowered, pool, context.read, picked)
        lead_in = e.prose[:max(e.prose.find(focus), 0)] if focus else ""
        if picked is None and lead_in.strip() and not e.molecules and not names_whole_list(words) and not earlier:
            # "take rank 1, get me a retro and a BBB check on it": a pick before the asks is theirs (a later ask
            # takes the molecules of the one before it)
            picked = select_molecules(lead_in, pool, context.read, context.history)
        if not picked and not e.molecules:  # "#5" past the end of the newest result: of the pasted list
            picked = earlier_rows(words, pasted_before) or picked
    if picked is None and focus is not None and earlier:
        picked = e.molecules or None
    if picked is None and not e.molecules and context.history and not context.history[-1].calls \
            and _PICKED_BEFORE.search(lowered):
        # "which one is the most soluble?" (answered from the results, no tool ran) then "ok run that one in T47D":
        # the rows the question picked
        picked = select_molecules(context.history[-1].text, pool, context.read, context.history) or None
    if picked and e.molecules:  # "logD of naproxen and of the chlorinated precursor it gave": both
        picked = [*_named_beside_the_pick(e, picked, words), *picked]
    args: dict[str, Any] = {}
    for param in spec.params:
        value: Any = None
        if param.kind == "smiles_list":  # a drug named twice ("... gefitinib? and is gefitinib ...") runs once;
            # [] picks none: ask
            chosen = picked or _swapped_in_list(spec, param.name, e, context) or \
                [*_the_thread_molecules_too(e, words, context, earlier), *_the_routes_product(e, words, context),
                 *e.molecules]
            value = list(dict.fromkeys(chosen)) if isinstance(chosen, list) else chosen
            if not value and picked != []:
                value = _the_other_upload(lowered, context) or \
                    molecules_from_context(lowered, pool, earlier, (focus or "").lower()) \
                    or _drugs_of_the_pair(lowered, pool, context)
                value = _rows_of_the_list(words, value, context.read)
        elif param.kind == "smiles":
            value = e.molecules[0] if e.molecules else (picked[0] if picked else None) or (None if picked == [] else
                pool_ref(pool, ("smiles", "smiles_list"), lowered, only_if_referred=True, single=True))
        elif param.kind == "protein_seq":
            pasted = e.sequences and not e.sequences_from_names
            by_binding = (_TARGET_BY_BINDING.search(lowered) or _TARGET_BY_PROBABILITY.search(lowered)) \
                if not pasted else None
            if by_binding is not None:  # "for whichever it bound more tightly": from the thread's results, or asked
                value = _target_by_binding(by_binding, context)
            elif pasted:
                value = e.sequences[0]
            else:
                value = pool_protein(e, pool, context.history)
                value = value if value is not None else (e.sequences[0] if e.sequences else None)
        elif param.kind == "cell_line":
            by_response = _LINE_BY_POTENCY.search(lowered) or (
                _SENSITIVE_LINE.search(lowered) if not e.cell_lines else None)
            if by_response is not None:  # "whichever line was more sensitive": from the thread's results, or asked
                value = _line_by_response(by_response, context, e)
            elif not _unnamed_other_line(e, lowered):
                value = e.cell_lines[0].name if e.cell_lines else pool_ref(pool, ("cell_line",), lowered)
        elif param.kind == "number":
            # "one ln unit below bortezomib's predicted value": from that result; without it in the thread, asked
            goal = relative_goal(e, pool, context.read)
            if goal is not None or sets_relative_goal(e):
                value = goal.value if goal is not None else None
            elif not e.numbers and earlier and _SAME_GOAL.search(lowered):  # "and then also for Y at the same potency"
                value = next((c.arguments[param.name] for c in reversed(earlier) if param.name in c.arguments), None)
            else:
                value = pick_number(e) if e.numbers else pool_ref(pool, ("number",), lowered)
        elif param.kind == "mask":
            value = e.masks[0] if e.masks else _mask_from_words(e, args.get(param.mask_of or ""), context) or \
                pool_ref(pool, ("mask",), lowered)
        elif param.kind == "smiles_pairs":
            names = earlier_drug_names([past.text for past in context.history[-5:]])
            with_named = _picked_with_named(e, picked, words, context)
            own = swapped_pairs(e, pool, lowered, context.read, names) or with_named or message_pairs(e, focus) \
                or against_the_thread(e, pool, lowered, context.read)
            if not own and ranks_pairs(lowered):  # "whichever pair came out worst": from the latest results, or asked
                value = ranked_pair(pool, lowered, context.read)
            else:
                value = own or picked_pairs(pool, lowered, context.read, e) \
                    or uploaded_pairs(e, pool, lowered, context.read) or partner_pairs(
                        e, pool, lowered, context.read, context.history[-1].text if context.history else "")
                value = with_the_earlier_pairs(value, pool, lowered, context.read) if with_named is not None else None
                if not value and with_named is not None and THE_PAIR.search(words):
                    value = _pair_of_the_step_before(earlier)
                if not value and with_named is not None and not names_pairs_it_cannot_find(e, lowered):
                    value = every_listed_pair(pool, lowered, context.read) or \
                        one_against_the_others(pool, lowered, context.read) or \
                        pool_ref(pool, ("smiles_pairs",), lowered) or \
                        (None if e.molecules else listed_pair(pool, lowered, context.read))  # ("check it with her
                    # haloperidol" after two drugs: which one "it" is, asked; never the two with each other)
        elif param.kind == "enum":
            value = _enum_value(spec, param.name, lowered)
            value = None if value == param.default else value  # named to replace an earlier value; the default anyway
            if value is None and _SAME_MODEL.search(lowered):  # "tramadol + linezolid too, same model?"
                value = earlier_setting(spec.name, param.name, context.history)
            if value is None and param.name == "property" and LBD.search(lowered) and context.history:
                value = next(iter(requested_properties(f"{context.history[-1].text}\n{lowered}")), None)
        if value not in (None, [], ""):
            args[param.name] = value
    return args


def fan_out(spec: ToolSpec, args: dict[str, Any], e: Entities, pool: Sequence[EntryMeta] = ()) -> list[ToolCall]:
    """One call per value when the message names several where the tool takes one
    ("in HT-29 and COLO-205", two pasted sequences, "BBB and logD"); "logS of aspirin and BBB of caffeine",
    "solubility for Maria's list and BBB for Tom's plate": each property with its own molecules."""
    for param in spec.params:
        values: list[Any] = []
        if param.kind == "cell_line" and not _LINE_BY_POTENCY.search(e.prose):  # (a pick among the lines named)
            values = list(dict.fromkeys(c.name for c in e.cell_lines))
        elif param.kind == "protein_seq":
            values = list(dict.fromkeys(e.sequences))
        elif param.name == "property":
            values = requested_properties(e.prose)
        elif param.name == "task":
            values = ddi_tasks(e.prose)
        if len(values) > 1:
            drugs = next((p.name for p in spec.params if p.kind == "smiles_list"), None)
            groups: list[Any] | None = None
            if drugs and param.name == "property":
                groups = _each_property_with_its_own(e, values, pool)
            elif drugs and args.get(drugs) == e.molecules:
                groups = _each_with_its_own(e, param.kind, values)
            calls = [ToolCall(spec.name, {**args, param.name: v, **({drugs: groups[i]} if groups and drugs else {})})
                     for i, v in enumerate(values)]
            if param.kind == "cell_line":
                calls = _each_line_with_its_goal(spec, calls, e)
            default = param.default
            return [ToolCall(c.name, {k: v for k, v in c.arguments.items() if not (k == param.name and v == default)})
                    for c in calls]
    pairs = args.get("smiles_pairs")
    if isinstance(pairs, list) and all(isinstance(p, list) for p in pairs):
        # "warfarin with the new drug" answered "fluconazole, Diflucan.": one drug by two names is one pair
        args = {**args, "smiles_pairs": list({tuple(same_molecule_key(m, stereo=True) or m for m in p): p
                                               for p in pairs}.values())}
    drugs = next((p.name for p in spec.params if p.kind == "smiles_list"), None)
    named = uploads_named(e.prose.lower(), pool)
    if drugs and len(named) > 1 and ref_key(args.get(drugs)) in named:
        # "logD of our lead v2 and of the compounds in the CRO panel": each upload named, in the order named
        return [ToolCall(spec.name, {**args, drugs: f"({key})"}) for key in named]
    return [ToolCall(spec.name, args)]


def _each_line_with_its_goal(spec: ToolSpec, calls: list[ToolCall], e: Entities) -> list[ToolCall]:
    """"generate for NCI-H460 at 1uM and for Calu-3 at 100nM": one converted potency per line, in order, when the
    message gives exactly one for each; else every line gets the one goal."""
    goal = next((p.name for p in spec.params if p.kind == "number"), None)
    written = [n for n in e.numbers if n.conversion]
    if goal is None or len(written) != len(calls) or len(calls) < 2:
        return calls
    lines_at = sorted(e.text.find(w) for w, _ in e.cell_mentions)
    ordered = sorted(written, key=lambda n: n.pos)
    if len(lines_at) != len(calls) or not all(at < n.pos for at, n in zip(lines_at, ordered)):
        return calls
    return [ToolCall(c.name, {**c.arguments, goal: n.value}) for c, n in zip(calls, ordered)]


def _each_with_its_own(e: Entities, kind: str, values: list[Any]) -> list[list[str]] | None:
    """"Kd of cediranib at VEGFR-2 and of linifanib at PDGFR-beta": each target (or cell line) with the drugs written
    since the one before it, when every one has its own and none follow the last; else None (all drugs, each value)."""
    if kind == "cell_line":
        places = [(e.text.find(w), line.name) for w, line in e.cell_mentions]
    else:
        places = [(n.start, n.value) for n in e.names if n.kind == "target" and n.start >= 0]
    places = sorted(p for p in places if p[0] >= 0)
    drug_at = [(n.start, n.value) for n in e.names if n.kind == "drug" and n.value in e.molecules and n.start >= 0]
    drug_at += [(e.text.find(m), m) for m in e.molecules if m not in {v for _, v in drug_at}]
    if [v for _, v in places] != values or any(at < 0 for at, _ in drug_at):
        return None
    groups, previous = [], -1
    for at, _ in places:
        groups.append(list(dict.fromkeys(m for where, m in sorted(drug_at) if previous < where < at)))
        previous = at
    if not all(groups) or any(where > previous for where, _ in drug_at):
        return None
    return groups


def _each_property_with_its_own(e: Entities, properties: list[str], pool: Sequence[EntryMeta]) -> list[Any] | None:
    """The molecules (or the upload) written after each property and before the next one, when each property has
    its own and none come before the first; else None (every property on all the molecules)."""
    lowered = e.prose.lower()
    starts: dict[str, int] = {}
    for start, _, member in sorted(named_properties(lowered)):
        starts.setdefault(member, start)
    if list(starts) != properties:
        return None
    bounds = [*starts.values(), len(lowered)]
    drug_at = [(n.start, n.value) for n in e.names if n.kind == "drug" and n.value in e.molecules and n.start >= 0]
    drug_at += [(e.text.find(m), m) for m in e.molecules if m not in {v for _, v in drug_at}]
    if any(at < 0 or at < bounds[0] for at, _ in drug_at):
        return None
    groups: list[Any] = []
    for start, end in zip(bounds, bounds[1:]):
        own = list(dict.fromkeys(m for at, m in sorted(drug_at) if start <= at < end))
        groups.append(own or named_upload(lowered[start:end], list(pool)))
    return groups if all(groups) and len(set(map(str, groups))) == len(groups) else None


def _mask_from_words(e: Entities, molecule: Any, context: PlanningContext) -> list[int] | None:
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
        return next(iter(requested_properties(lowered)), None)
    if param == "task" and read_intent(lowered).ddi_task.get("twosides", 0.0) >= 0.5:
        return "twosides"  # side effects of the combination, as the intent model reads it
    named = [member for word, member in spec.value_aliases.get(param, {}).items() if word in lowered]
    # the default only when it is the one member named ("DrugBank model again" after a TWOSIDES run)
    default = spec.param(param).default  # type: ignore[union-attr]
    return next((m for m in named if m != default), None) or (default if named and isinstance(default, str) else None)


def enum_words_in(spec: ToolSpec, prose: str) -> bool:
    return any(p.kind == "enum" and _enum_value(spec, p.name, prose.lower()) for p in spec.params)
