"""The offline planner: a deterministic backend that needs no LLM.

It reads the intent of the request with the learned intent model (``agent.intent``: tool, properties,
drug-drug task, or none) plus what kinds of values the message holds, splits "do X, then Y" and lists
of asks into steps, and fills each tool's parameters by kind: from the message first (agent.entities), else from
the pool when the message points to earlier data. Anything it cannot fill stays empty, so Fe-Fo asks the user for
exactly that.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from agent.atom_ranges import core_question
from agent.backends.base import Action, FinalAnswer, PlanContext, ToolCall
from agent.entities import SUBSTITUTION, Entities, extract, named_instead_of_invalid, without_asides
from agent.history import PastRequest
from agent.planning.counts import match_count
from agent.planning.filling import PlanningContext, earlier_setting, enum_words_in, fan_out, fill
from agent.planning.pairs import ITS, chosen_pairs, distinct_drugs
from agent.backends.reading import read_intent
from agent.planning.properties import PAIRING, asks_only_untrained, requested_properties
from agent.planning.question_molecules import molecules_of_the_question
from agent.planning.rows import (leaves_rows_out, list_items, names_rows, row_numbers, rows_past_the_end, with_rows,
                                 without_marker)
from agent.planning.references import PRODUCED_KEY, missing_pool_keys, unknown_own_molecule, unknown_run
from agent.planning.retraction import asked_part
from agent.planning.tool_choice import (
    PAIRS_ITSELF,
    asks_a_pair_of_one,
    asks_for_a_partner,
    without_declined_asks,
    SWITCHES,
    ADDS_TO_THE_RUN,
    asks_the_same,
    changes_the_list,
    choose_tool,
    close_calls,
    intents,
    keeps_a_value,
    keeps_the_settings,
    molecules_it_lacks,
    only_picks,
    out_of_scope_question,
    same_ask_again,
    tool_scores,
    without_refused_kinds,
    without_values,
)
from agent.planning.uploads import file_tokens, known_words, unknown_upload, with_upload_numbers_joined
from agent.planning.values import (
    REDO,
    SAME_VALUE_WORDS,
    all_filled,
    corrected_molecules,
    given_kinds,
    merge_entities,
    only_values,
    takes_values_of,
    value_kind,
    value_numbers,
)
from agent.pool.entry import EntryMeta
from agent.pool.refs import ref_key
from agent.provenance import ask_about
from agent.selection import route_molecules, select_molecules
from agent.vocabulary import in_english, phrases, words
from agent.wording import task
from model_zoo.chem.cells import CellLine
from model_zoo.chem.mols import same_molecule_key
from model_zoo.chem.proteins import find_sequences
from model_zoo.names import with_the_construct, with_the_gene, with_the_isoform
from model_zoo.specs import (
    AFFINITY, GENERATION, OPTIMIZATION, PROPERTY, RETROSYNTHESIS, TARGET_CLASSIFICATION, ToolSpec, get_spec,
)

# "predict X, then generate …" is two steps; "just bortezomib then", "…in GDSC right? then vinblastine instead" and
# "then, instead, …" are no sequence: "then" ends its sentence, follows a question, or brings an "instead"
_THEN = re.compile(r"(?<![?]\s)(?<![?])\b(?:and then|then|after that|afterwards|followed by)\b"
                   r"(?!\s*(?:[.!?,)]|$))(?![^.!?\n]{0,40}\binstead\b)"
                   # nor a dosing schedule: "Diflucan 400 load then 200 qd"
                   r"(?!\s*\d+(?:[.,]\d+)?\s*(?:mg|mcg|µg|ug|g|ml|iu|units?|qd|bid|tid|qid|daily|od|q\d+h)\b)"
                   # nor what happened to a patient: "takes mefloquine then has nightmares"
                   r"(?!\s+(?:has|had|have|developed|develops|became|becomes|got|gets|felt|feels|was|were|is|"
                   r"presented|presents|collapsed|complained|started\s+to)\b)", re.I)


_REPEAT = re.compile(r"^\W*and (?:now )?(?:on|in|for|against|with|at|vs\.?|versus|to)\b|"
                     r"^\W*(?:ok(?:ay)?\W+)?now (?!the\b|their\b|its\b)|\bnow the other\b|"
                     r"\b(?:re-?run|re-?do|again|repeat|try|same (?:\w+ (?:and|&) )?(?:drug|molecule|compound|cpd|"
                     r"inhibitor|mask|panel|set|series|batch|list|hit|ones|two|three|four|five|six)s?\b"
                     r"(?!\s+(?:but\s+)?(?:as|with\s+the)\b)|"
                     r"same (?:for|with|in|on|thing|question|q|but|(?:\w+ (?:and )?)?"
                     r"(?:settings|parameters|conditions))|same rest|everything else (?:the )?same|"
                     r"what about|how about|instead|now for|also for)\b", re.I)


# "and osimertinib, same target", "same cell line, but entinostat now": new values for the earlier request
_CORRECTS = re.compile(rf"\b(?:{phrases('corrections')})\b", re.I)
# "and add alpelisib to the two", "include X in those too": more molecules for the earlier request's list
# "add ponatinib and redo all three": the list it adds to is the one redone
_ADDS_TO_LIST = re.compile(r"\b(?:add|include|throw in|append)\b[^.;?!\n]{1,60}?\b(?:(?:to|into|with)\s+(?:the\s+)?|"
                           r"and\s+(?:re-?do|re-?run|run|do|repeat)\s+(?:it\s+(?:for|on)\s+)?(?:all\s+|the\s+)?)"
                           r"(?:two|three|four|five|both|them|those|these|list|set|others|rest|same|earlier|previous)\b"
                           r"(?!\s+(?:\w+\s+)?(?:cell|lines?|cells|targets?|kinases?|proteins?)\b)", re.I)
# "Use the one from your table", "use yours" after a question about a mistyped structure: the named drug's structure
_USE_YOURS = re.compile(r"\buse\s+(?:yours|your\s+(?:own|one|structure|smiles|copy|version)|the\s+one\s+(?:from|in)\s+"
                        r"your\s+(?:table|database|list|library)|the\s+(?:gdsc|drugbank|database|pubchem|library)\s+"
                        # ("use the DrugBank warfarin": the table's structure of the drug the question named)
                        r"(?:one|structure|smiles|copy|version|[a-z]{4,}))\b|\b(?:from|in)\s+your\s+(?:table|database)\b",
                        re.I)
# "#2 is broken — drop it and run logS on the other two", "Run the two valid ones.": the structures that did not parse
# are left out, in so many words, and the others run (never a silent drop: without such words they are asked about)
_KEEPS_THE_VALID = re.compile(r"\b(?:drop|skip|ignore|remove|exclude|omit|discard|leave\s+out)\s+(?:it|that\s+one|"
                              r"#\s?\d+|(?:the|that|this|those|these|any)\s+(?:broken|invalid|bad|malformed|faulty|"
                              r"unparseable|corrupt(?:ed)?)(?:\s+(?:ones?|rows?|lines?|entry|entries|items?|smiles|"
                              r"structures?))?|(?:row|line|item|entry|number)\s*#?\s?\d+|[A-Za-z]{1,5}-?\d{1,4})(?![\w-])|"
                              r"\b(?:the\s+)?(?:(?:two|three|four|five|\d+)\s+)?(?:valid|good|parseable|working|"
                              r"correct)\s+ones\b|\bthe\s+(?:other|remaining)\s+(?:two|three|four|five|\d+|ones)\b|"
                              r"\b(?:run|do|use|keep)\s+the\s+rest\b", re.I)
# "Skip it — run empagliflozin with furosemide instead": a reply's own pair, not its drugs with the question's
_NEW_PAIR = re.compile(r"\b(?:instead|skip|forget|never\s*mind|drop\s+it|other\s+(?:pair|request))\b", re.I)
# "binary prob too": another tool on the same inputs
_ADDS_TOOL = re.compile(r"\b(?:too|also|as well|in addition)\b", re.I)


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
            missing_rows = rows_past_the_end(request.prose, request)
            if missing_rows is not None:
                return FinalAnswer(missing_rows)
            held = ", ".join(m.key for m in ctx.pool) or "nothing yet"
            missing_keys = missing_pool_keys(request.prose, ctx.pool)
            if missing_keys:
                return FinalAnswer(f"This thread's pool has no {', '.join(repr(k) for k in missing_keys)}; it holds: "
                                   f"{held}. Which one should I use?")
            missing_file = unknown_upload(request.prose.lower(), ctx.pool, known_words(request))
            if missing_file is not None:
                written, closest = missing_file
                return FinalAnswer(f"I can't find '{written}' in this thread's pool; the closest: "
                                   f"{', '.join(closest)}. Which one should I use?")
            run = unknown_run(request.prose.lower(), ctx.pool)
            if run is not None:
                return FinalAnswer(f"This thread has no results of '{run}'; its pool holds: {held}. Which one should "
                                   "I use, or can you paste or upload the structures?")
            own = unknown_own_molecule(request.prose.lower(), ctx.pool, [p.text for p in ctx.history])
            if own is not None:
                return FinalAnswer(f"Nothing in this thread is called '{own}'; its pool holds: {held}. Which one is "
                                   "it, or can you paste its SMILES or upload it?")
            unknown = extract(_strip_pool_line(ctx.request)).unresolved
            if unknown:
                question = "; ".join(dict.fromkeys(ask_about(u) for u in unknown))
                return FinalAnswer(question if question.endswith("?") else question + ".")
            return FinalAnswer(_no_tool_answer(_strip_pool_line(ctx.request), ctx.offered))
        return FinalAnswer("")


def plan_calls(request: str, pool: list[EntryMeta], offered: list[ToolSpec],
               history: Sequence[PastRequest] = (), read: Callable[[str], Any] | None = None,
               what_it_asks: bool = False) -> list[ToolCall]:
    """The calls a request asks for, in order (``what_it_asks``: also a call the thread's last request already ran,
    to see what an earlier request lacked).

    The thread's history completes short messages: after a clarifying question, "BT-474" or "-2 is
    fine" supplies what was missing; after an answer, "and in HT-29?" repeats the last request with
    the new value.
    """
    # request words of another language read in English ("o menos solúvel" is "the least soluble"); values as written
    text = without_declined_asks(in_english(without_asides(_strip_pool_line(request))), offered)
    text = with_upload_numbers_joined(text, pool)  # "Site 311." names cm_listing_site311.csv: no value
    if _KEEPS_THE_VALID.search(text):
        text = _without_unparsed(text)
    previous = history[-1] if history else None
    asked_before = extract(in_english(_strip_pool_line(previous.text))) if previous is not None else None
    if previous is not None and asked_before is not None and not previous.answered and \
            out_of_scope_question(asked_before, offered) is not None and not asks_only_untrained(asked_before) and \
            extract(text).molecules:
        # "Check verapamil with ciclosporin too." after "What CsA dose reduction do people usually make?", answered
        # in words: no question awaits a reply, the message asks with drugs of its own (an untrained property or
        # measure offered a trained one: "the hydration energy then", "logS then" go on with its molecule)
        previous = replace(previous, answered=True)
        history = [*history[:-1], previous]
    completed = _with_the_unit(previous.text, text) if previous is not None and not previous.answered else None
    if completed is not None:  # "IC50 50 is target" asked about, then "nM, sorry": the request with its unit
        return plan_calls(completed, pool, offered, history[:-1], read)
    edit = SUBSTITUTION.match(text)
    if edit is not None:  # "s/EGFR/ERBB2/": the latest request that has the old words, with the new ones
        for back, past in enumerate(reversed(history)):
            written = _strip_pool_line(past.text)
            if edit.group("old") in written:
                edited = written.replace(edit.group("old"), edit.group("new"), -1 if edit.group("flags") else 1)
                return plan_calls(edited, pool, offered, history[:len(history) - back - 1], read)
        return []  # the old words are in no earlier request: asked about, never a guess
    # "do the same for the amine we use" was asked about: what it repeats is the request before it
    earlier = None
    if previous is not None:
        repeated = _repeated_before(previous, history[:-1], offered) is not None
        earlier_text = f"{history[-2].text}\n{previous.text}" if repeated else previous.text
        earlier_text = in_english(_strip_pool_line(earlier_text))
        if not previous.answered and (_USE_YOURS.search(text) or _TAKES_THE_OFFER.match(text) and
                                      named_instead_of_invalid(extract(earlier_text)) is not None):
            # "use yours", or "yes" to the offer of the named drug's structure ("BBB for metformin, SMILES CN(C)…=")
            earlier_text = _without_invalid_structures(earlier_text)
        elif not previous.answered and _KEEPS_THE_VALID.search(text):  # "Run the two valid ones."
            earlier_text = _without_unparsed(earlier_text)
        earlier = value_numbers(extract(earlier_text))
        restated = (_with_the_asked_structure(earlier, text) or _with_the_offered_name(earlier, text) or
                    _with_the_named_drug(earlier, text)) if not (previous.answered or repeated) else None
        if restated is not None:  # "zorbatinib is <SMILES>": the question as if it had been typed with it
            return plan_calls(restated, pool, offered, history[:-1], read)
        text = with_the_gene(text, earlier_text)  # "same but for V600E" after a BRAF request: BRAF V600E
        text = with_the_isoform(text, earlier_text)  # "ok, epsilon then" after "What about PKC alpha?": PKC epsilon
        text = with_the_construct(text, earlier_text)  # "the N-terminal one" after "RSK1?" was asked
        earlier = with_rows(earlier, earlier.text, earlier)  # "optimise cpd 2 below": that row, not the whole list
        if not previous.answered and (asked := _chosen(earlier, pool, offered)) is not None:
            # "A paper used SH-SY5Y with vincristine — … for doxorubicin in SH-SY5Y instead?" answered "Yes, SK-N-SH":
            # the question's own drugs, as if it had been asked with that line
            earlier = molecules_of_the_question(earlier, pairs=asked.param("smiles_pairs") is not None)
    ran = _ran(previous, offered)
    if ran is not None and ran.param("drug_smiles") is not None and ran.param("target_seq") is not None:
        # not a pair of drugs: that compound and target, or the same compounds on a target the message names
        names_a_target = any(n.kind == "target" for n in extract(text).names) or bool(find_sequences(text))
        text = _THE_PAIR.sub(" the same compounds " if names_a_target else " the same compound and the same target ",
                             text)
    elif ran is PROPERTY:
        text = _THE_PAIR.sub(" the same two compounds ", text)  # "Same pair, lipophilicity." after their logS
    # "now regression, same inputs" after a binder call, "but the binary classifier" after a pKd: the other model of
    # the same drug-target question
    if ran is TARGET_CLASSIFICATION:
        text = _REGRESSION_MODEL.sub("pKd affinity regression", text)
    elif ran is AFFINITY:
        text = _CLASSIFIER_MODEL.sub("binder yes/no classifier", text)
    expect = _expected_kinds(ran or _chosen(earlier, pool, offered))
    whole = _without_file_words(_with_both_lines(value_numbers(extract(text, expect)), history), pool)
    ran = _ran(previous, offered, whole.taken_back) if whole.taken_back else ran
    if asks_only_untrained(whole):
        return []  # "hERG risk of these?": the question about it comes from next_action, never another tool
    if out_of_scope_question(whole, offered) is not None:
        return []  # "What dose of 5-FU is used in FOLFOX?" after a cell-line run: no tool answers it, none runs
    if not whole.molecules and unknown_upload(whole.prose.lower(), pool, known_words(whole)) is not None:
        return []  # "logS for plate2" with only plate1 uploaded: asked about, never another file
    if not whole.molecules and unknown_run(whole.prose.lower(), pool) is not None:
        return []  # "retro on the outputs of job r-1022": asked about, never the newest molecules
    if not whole.molecules and unknown_own_molecule(whole.prose.lower(), pool, [p.text for p in history]):
        return []  # "now the same for our lead" with no lead in the thread: asked about, never the last molecules
    if rows_past_the_end(text, whole):
        return []  # "rows 2 and 9" of four: asked (next_action), never other rows in their place
    context = PlanningContext(pool, read, history)
    if previous is not None and earlier is not None:
        extended = _extended_list(whole, earlier, ran, context, offered)
        if extended is not None:
            return extended
    # "rerun these against ROS1", "same for HER4", "what about ABL2?": the tool of the previous request
    supplies_values = bool(given_kinds(whole, pool))
    repeats = bool(REDO.search(whole.prose) or _REPEAT.search(whole.prose) or ADDS_TO_THE_RUN.search(whole.prose) or (
        supplies_values and (_CORRECTS.search(whole.prose) or only_values(whole, SAME_VALUE_WORDS)
                             or keeps_a_value(whole))))
    before = _added_to_the_run_before(previous, earlier, history, offered) if previous and earlier else None
    prior = (ran or before or _previous_tool(earlier, pool, offered)) if repeats else None
    calls: list[ToolCall] = []
    own_words: dict[int, str] = {}  # id of a call → the words of its own part of a message with several asks
    listed = _listed_asks(text, expect, offered, pool, prior)
    items = listed or [(c, c, c) for c in _clauses_with_their_picks(text, offered)]
    for clause, rows_words, ask in items:
        own = _kept(value_numbers(extract(clause, expect)), whole)
        item = value_numbers(extract(ask, expect)) if listed and ask != clause else None
        # "(quetiapine and citalopram overdose): … 2) BBB for quetiapine on its own": the item's molecules, not the
        # preface's (not "on fluconazole: 1. any interaction with her glipizide?", whose partner the preface names)
        if item is not None and item.molecules and not PAIRS_ITSELF.search(ask):
            own = merge_entities(item, own, prose=own.prose)
        before = get_spec(calls[-1].name) if calls else None
        # "… for MV411 at 10 nM and then also for MOLM13 at the same potency": the ask before, again
        requested: list[tuple[ToolSpec, str | None]] = [(before, None)] if before is not None and \
            same_ask_again(before, own) else \
            _requested(own if ask == clause else value_numbers(extract(ask, expect)), offered, pool, prior)
        if not calls and not (previous is not None and previous.answered) and len(requested) > 1:
            requested = _without_leading_values(requested, expect, offered)
        parts = [f or "" for _, f in requested] if len(requested) > 1 else [c for c, _, _ in items]
        requested = [(spec, focus) for spec, focus in requested if not _misread_property(
            spec, focus or clause, " ".join(part for part in parts if part != (focus or clause)))]
        for spec, focus in requested:
            # The first step may use values written anywhere in the message; later ones build on earlier steps,
            # except the asks of a list, each on the message's values
            entities = own if calls and not listed else merge_entities(own, whole, prose=own.prose)
            if len(requested) == 1:
                entities = molecules_of_the_question(entities, pairs=spec.param("smiles_pairs") is not None)
            if listed and calls and not own.molecules and _ITS.search(own.prose):
                entities = replace(entities, molecules=[], smiles=[])  # "(2) its ln(IC50)": the step before's (fill)
            if len(requested) > 1 and focus:
                entities = _kept(_own_values(entities, clause, own.prose, focus, calls), whole)
            own_rows = focus and (row_numbers(focus) or len(requested) > 1 and names_rows(focus, whole))
            entities = with_rows(entities, focus if focus and own_rows else rows_words, whole)
            made = fan_out(spec, fill(spec, entities, context, calls, focus), entities, pool)
            made = [replace(call, scope=clause) for call in made] if listed else made
            own_words.update((id(call), focus) for call in made if focus and len(requested) > 1)
            calls += made
    if not calls and len(offered) == 1:
        calls.append(ToolCall(offered[0].name, fill(offered[0], whole, context, [], None)))
    if not calls and earlier is not None:
        calls = _added_tool(whole, earlier, context, offered)
    if previous is not None and earlier is not None:
        calls = _continued(calls, whole, earlier, previous, repeats, supplies_values, context, offered) or calls
    calls = calls if _ASKS_A_ROUTE.search(text) else _without_the_route_again(calls, pool, read)
    if _lacks_written_keys(text, pool, calls):
        return []  # "retro on (optimized_smiles)" with no such entry: asked (next_action), never another entry
    if listed:  # the items that can run first; an item naming what did not resolve is asked about after them
        calls.sort(key=lambda call: any(u.written in call.scope for u in whole.unresolved))
    calls = _one_answer_per_target(_without_empty_designs(calls, own_words, whole.molecules), own_words)
    calls = _counted_per_ask(calls, own_words, whole, pool, history)
    if not what_it_asks and previous is not None and previous.answered and not repeats and \
            _ran_already(calls, previous, read):
        return []  # "should she lower the warfarin dose?" after a DDI run: the same call, no rerun asked; a question
    return calls


def _ran_already(calls: list[ToolCall], previous: PastRequest, read: Callable[[str], Any] | None) -> bool:
    """Whether every call is one the previous request ran, with the same values: pool references read now, against
    the values that call ran with (a list edited since, "pool set upload_cns.csv CCO", runs again)."""
    def values(tool: str, arguments: dict[str, Any], with_defaults: bool) -> str:
        spec = get_spec(tool)
        defaults = {p.name: p.default for p in spec.params if p.default is not None} \
            if spec is not None and with_defaults else {}
        return json.dumps({**defaults, **{k: read(key) if read is not None and (key := ref_key(v)) is not None else v
                                          for k, v in arguments.items()}}, sort_keys=True, default=str)

    try:  # (a call that ran has its values as checked, defaults filled in; a logged one as proposed)
        ran = {(c.tool, c.resolved is not None, values(c.tool, c.resolved or c.arguments, c.resolved is not None))
               for c in previous.calls if c.status == "ok"}
        return bool(calls) and all(any((c.name, full, values(c.name, c.arguments, full)) in ran
                                       for full in (True, False)) for c in calls)
    except KeyError:  # a reference the pool no longer holds
        return False


_PROPERTY_ASK = re.compile(r"\bpropert(?:y|ies)\b|\badmet\b|\btox\w*", re.I)


def _misread_property(spec: ToolSpec, words: str, rest: str) -> bool:
    """"Heads-up from the anticoag clinic: Eliquis 5 mg plus diltiazem. Interaction type?": a property ask of words
    that name no property ("clinic", "the safer PPI"), while the rest of the message asks another tool, is words the
    intent model misread, not an ask."""
    if spec is not PROPERTY or not rest.strip() or requested_properties(words) or _PROPERTY_ASK.search(words):
        return False
    return read_intent(rest).tool not in (PROPERTY.name, "none")


def _without_empty_designs(calls: list[ToolCall], own_words: dict[int, str], molecules: list[str]) -> list[ToolCall]:
    """"Could caffeine be made in a lab …? Show me what it would be made from, one step back": beside another call, a
    generation or optimisation with neither a cell line nor a potency from the message is words read as a design
    ask, not one; when its own words ask for precursors ("could the bot suggest a precursor set for X and also …"),
    it is the route to its molecule (or the message's)."""
    def empty(call: ToolCall) -> bool:
        return call.name in (GENERATION.name, OPTIMIZATION.name) and not call.arguments.get("cell_line") and \
            call.arguments.get("zscore") is None
    if all(empty(c) for c in calls):
        return calls
    kept: list[ToolCall] = []
    for call in calls:
        words = own_words.get(id(call), "")
        if not empty(call):
            kept.append(call)
        elif (start := [call.arguments["gt"]] if call.arguments.get("gt") else list(molecules)) and \
                (_ASKS_A_ROUTE.search(words) or _PRECURSOR_WORD.search(words)):
            route = ToolCall(RETROSYNTHESIS.name, {"smiles_list": start})
            own_words[id(route)] = words
            kept.append(route)
    return [c for i, c in enumerate(kept) if c not in kept[:i]]


_PRECURSOR_WORD = re.compile(r"\bprecursors?\b|\bstarting\s+materials?\b|\bbuilding\s+blocks?\b", re.I)


# words that ask how strongly, the answer a pKd gives ("which one sticks more strongly?")
_HOW_STRONGLY = re.compile(r"\b(?:more|less|most|least)\s+(?:strongly|tightly|potently|weakly)\b|"
                           r"\b(?:stronger|strongest|tighter|tightest|weaker|weakest)\b|"
                           r"\bhow\s+(?:strongly|tightly)\b", re.I)


def _one_answer_per_target(calls: list[ToolCall], own_words: dict[int, str]) -> list[ToolCall]:
    """"Which one sticks to EGFR more strongly? Give me the pKd for both": one ask in two sentences; a binder /
    non-binder call whose own words ask how strongly, beside a pKd call on the same molecules and target, is that
    pKd call."""
    def values(call: ToolCall) -> str:
        return repr((call.arguments.get("drug_smiles"), call.arguments.get("target_seq")))

    affinities = {values(c) for c in calls if c.name == AFFINITY.name}
    return [c for c in calls if not (c.name == TARGET_CLASSIFICATION.name and values(c) in affinities
                                     and _HOW_STRONGLY.search(own_words.get(id(c), "")))]


# words that ask for a retrosynthesis, beside words that only name a route of the thread ("the top-ranked route")
_ASKS_A_ROUTE = re.compile(r"\bretro\w*|\bone[\s-]step\s+back\b|\bhow\s+(?:to|would\s+\w+|do\s+\w+)\s+make\b", re.I)


def _without_the_route_again(calls: list[ToolCall], pool: list[EntryMeta], read: Callable[[str], Any] | None
                             ) -> list[ToolCall]:
    """"Purchasing will stock the rank-1 precursors: predicted logS for both": beside a call on precursors of a route
    in the thread, a retrosynthesis of that route's molecule or of those precursors is the words naming the route,
    not an ask for it again."""
    if read is None or not any(m.key == RETROSYNTHESIS.result_key for m in pool):
        return calls
    made, parts = ({same_molecule_key(m) or m for m in found} for found in route_molecules(
        read(RETROSYNTHESIS.result_key)))

    def keys(call: ToolCall) -> set[str]:  # the molecules a call takes, as written
        called = get_spec(call.name)
        values = [v for p in (called.params if called else ()) if p.kind in ("smiles", "smiles_list")
                  for value in [call.arguments.get(p.name)] for v in (value if isinstance(value, list) else [value])]
        return {same_molecule_key(v) or v for v in values if isinstance(v, str)}

    if not any(call.name != RETROSYNTHESIS.name and keys(call) and keys(call) <= parts for call in calls):
        return calls
    return [c for c in calls if not (c.name == RETROSYNTHESIS.name and keys(c) <= made | parts)]


def _without_leading_values(requested: list[tuple[ToolSpec, str | None]], expect: frozenset[str],
                            offered: list[ToolSpec]) -> list[tuple[ToolSpec, str | None]]:
    """"A549, and make it about 1 micromolar" (an answer to "generate a molecule?"), "Calu-3 is our airway infection
    model. Generate molecules for Calu-3 …": a first part that is one value the next ask takes, alone or told about
    in words that ask for no tool, is that ask's value, no ask of its own ("Lynparza in HCC1954 and …" is one)."""
    (_, focus), (after, _) = requested[0], requested[1]
    part = value_numbers(extract(focus or "", expect))
    kinds = given_kinds(part)
    takes = {value_kind(p.kind) for p in after.params}
    told = bool(_TELLS.search(focus or "")) and \
        max(tool_scores(without_values(part), offered).values(), default=0.0) < 0.5
    return requested[1:] if focus and len(kinds) == 1 and kinds <= takes and (only_values(part) or told) \
        else requested


_TELLS = re.compile(r"^\W*\S+\s+(?:is|are)\s+(?:our|my|the|their|a|an)\b", re.I)


# "classification for that same pair" after a pKd: the drug and the target of that request
_THE_PAIR = re.compile(r"\b(?:the\s+)?same\s+pair\b|\b(?:that|this)\s+pair\b", re.I)


_REGRESSION_MODEL = re.compile(r"\bregression(?:\s+model)?\b", re.I)
_CLASSIFIER_MODEL = re.compile(r"\b(?:binary\s+)?classifier\b|\bbinary\s+(?:classification|model)\b", re.I)


def _without_invalid_structures(text: str) -> str:
    """``text`` with the structures that did not parse blanked, when it names a drug: that name then names the
    molecule. Without one, the structure stays (and is asked about): "use yours" never means another list."""
    found = extract(text)
    return _unparsed_blanked(text, found) if any(n.kind == "drug" for n in found.names) else text


def _without_unparsed(text: str) -> str:
    """``text`` with the structures that did not parse blanked, when others did: the user said to leave them out
    (and the number they named them by: "#2 is broken — drop it" picks no row 2 of the rest)."""
    found = extract(text)
    if not found.invalid_smiles or len(found.molecules) <= len(found.invalid_smiles):
        return text
    return _ITEM_NUMBER.sub(lambda m: " " * len(m.group()), _unparsed_blanked(text, found))


def _unparsed_blanked(text: str, found: Entities) -> str:
    """``text`` with each structure of ``found`` that did not parse blanked (same length: offsets stay)."""
    for written, _ in found.invalid_smiles:
        text = text.replace(written, " " * len(written))
    return text


_ITEM_NUMBER = re.compile(r"#\s?\d+\b|\b(?:row|item|entry|number|no\.)\s*#?\s?\d+\b", re.I)


# "yes", "yep, that one", "correct": a reply that takes the one name a question offered
_TAKES_THE_OFFER = re.compile(r"^\W*(?:yes|yep|yeah|yup|correct|exactly|right|sure)?\W*(?:(?:that(?:'s|\s+is)\s+)?"
                              r"(?:it|the\s+one|that\s+one|right|correct))?\W*(?:please|pls|thanks?|thx)?\W*$", re.I)


def _with_the_offered_name(earlier: Entities, reply_text: str) -> str | None:
    """The question with the name it offered for a name it could not take ("'Tylenoll' is a letter from the brand
    Tylenol (acetaminophen) … is that the one you mean?"), when the reply only says yes."""
    offered = [u for u in earlier.unresolved if u.kind == "drug" and len(u.closest) == 1 and
               "the one you mean" in u.note and earlier.text[u.start:u.end] == u.written]
    if len(offered) != 1 or not reply_text.strip() or not _TAKES_THE_OFFER.match(reply_text):
        return None
    name = offered[0].closest[0].split(" (")[0]
    return f"{earlier.text[:offered[0].start]}{name}{earlier.text[offered[0].end:]}"


def _with_the_asked_structure(earlier: Entities, reply_text: str) -> str | None:
    """The question with the structure its reply gives where the one drug it could not find was named, when the
    reply gives nothing else: "Check zorbatinib with warfarin and aspirin" asked about, then "zorbatinib is
    <SMILES>" checks that structure with each of the two (not with the question's drugs set after them)."""
    unknown = [u for u in earlier.unresolved if u.kind == "drug" and 0 <= u.start < u.end]
    if len(unknown) != 1 or earlier.text[unknown[0].start:unknown[0].end] != unknown[0].written or \
            earlier.typed_molecules() or earlier.invalid_smiles or not earlier.molecules:
        return None  # (a question that typed a structure is answered by a fix of it; one alone, by the reply)
    reply = extract(reply_text)
    typed = [m for m in reply.smiles if m in reply.typed_molecules()]
    words = re.findall(r"[^\W\d_]+", reply.prose.replace(unknown[0].written, " "))
    others = [u for u in reply.unresolved if u.written.lower() != unknown[0].written.lower()]
    if len(typed) != 1 or len(reply.molecules) != 1 or others or reply.sequences or len(words) > 8:
        return None
    return f"{earlier.text[:unknown[0].start]}{typed[0]}{earlier.text[unknown[0].end:]}"


def _with_the_named_drug(earlier: Entities, reply_text: str) -> str | None:
    """The question with the drug its reply names where its one structure did not parse, when the reply names
    nothing else: "Check this one against cyclizine: O=C(CCCN1…c1ccc(F" asked about, then "sorry, it is
    haloperidol" checks haloperidol with cyclizine."""
    if len(earlier.invalid_smiles) != 1 or earlier.typed_molecules() - {earlier.invalid_smiles[0][0]}:
        return None
    reply = extract(reply_text)
    drugs = {n.value for n in reply.names if n.kind == "drug"}
    named_before = {n.value for n in earlier.names if n.kind == "drug"}
    if not drugs and len(named_before) == 1 and _BY_NAME.search(reply_text) and not reply.typed_molecules():
        # "take it by name" after "logD for this VE-821 string: <a SMILES that does not parse>": the name it gave
        return earlier.text.replace(earlier.invalid_smiles[0][0], "", 1)
    if len(drugs) != 1 or reply.typed_molecules() or reply.unresolved or reply.sequences:
        return None
    written = next(n.written for n in reply.names if n.kind == "drug")
    # (the sentence that names it; the others may say what went wrong, asking nothing: "Copy-paste error, the extra
    # methyl shouldn't be there. It's just ibrutinib.")
    sentences = re.split(r"(?<=[.!;])\s+", reply_text.strip())
    naming = next(s for s in sentences if written in s) if any(written in s for s in sentences) else reply_text
    if not set(re.findall(r"[^\W\d_]+", naming.replace(written, " ").lower())) <= _SAYS_WHICH_IT_IS or any(
            "?" in s or given_kinds(extract(s)) for s in sentences if s != naming):
        return None  # "logS of aspirin then": a request of its own
    return earlier.text.replace(earlier.invalid_smiles[0][0], written, 1)


# "take it by name", "just use the name", "go from the name instead": the name the question gave, not its structure
_BY_NAME = re.compile(r"\b(?:by|from|use|via|with)\s+(?:its\s+|the\s+|that\s+)?name\b", re.I)
# the words of a reply that only says which drug a structure was: "sorry, it is haloperidol", "that was meant to be X"
_SAYS_WHICH_IT_IS = frozenset("sorry oops ah my bad it its s is was that this one should be i meant mean to the drug "
                              "compound structure supposed right ok okay thanks yes yeah actually just".split())


def _counted_per_ask(calls: list[ToolCall], own_words: dict[int, str], whole: Entities, pool: list[EntryMeta],
                     history: Sequence[PastRequest]) -> list[ToolCall]:
    """The calls with the molecules the message counts (``match_count``); an ask with its own part counts in its own
    words ("the most soluble into BT-474, and logD for all three": three for the logD, one for BT-474)."""
    writes = bool(whole.molecules)
    rest = iter(match_count([c for c in calls if id(c) not in own_words], whole.prose, pool, history, writes))
    return [match_count([call], own_words[id(call)], pool, history, writes)[0] if id(call) in own_words
            else next(rest) for call in calls]


# a list item that points back to the item before it ("(2) its predicted ln(IC50) in K-562")
_ITS = re.compile(r"\b(?:its|it|their|them|the same (?:drug|compound|molecule))\b", re.I)


def _kept(own: Entities, whole: Entities) -> Entities:
    """A clause's values less those the whole message takes back ("… for SET-2... wait no, make that MOLM-13": a
    clause read alone does not see the correction after it)."""
    lines = [line for line in own.cell_lines if line in whole.cell_lines]
    if len(lines) == len(own.cell_lines):
        return own
    return replace(own, cell_lines=lines, cell_mentions=[(w, line) for w, line in own.cell_mentions if line in lines])


# "now gefitinib in both lines", "compare both in OVCAR-8 and …": the two lines the thread used
_BOTH_LINES = re.compile(r"(?<!\bof\s)\b(?:both|(?:the|these|those|same)\s+(?:two|2))\s+(?:cell\s+)?lines\b",
                         re.I)  # "kisqali, same 2 lines"
# (not "whichever of the two lines was more sensitive": a pick from the results)


def _with_both_lines(e: Entities, history: Sequence[PastRequest]) -> Entities:
    """``e`` with the thread's last two cell lines when it says "both lines" and names fewer ("Tagrisso in both lines,
    A549 first": the one it names first, then the other)."""
    if len(e.cell_lines) >= 2 or not _BOTH_LINES.search(e.prose):
        return e
    lines: list[CellLine] = []
    for past in reversed(history):  # the requests' own words: a thread keeps only the newest call of a tool
        for line in reversed(extract(_strip_pool_line(past.text)).cell_lines):
            if line not in lines:
                lines.append(line)
        if len(lines) >= 2:
            break
    if len(lines) < 2 or (e.cell_lines and e.cell_lines[0] not in lines[:2]):
        return e
    chosen = e.cell_lines + [line for line in reversed(lines[:2]) if line not in e.cell_lines]
    return replace(e, cell_lines=chosen, cell_mentions=[(line.name, line) for line in chosen])


def _lacks_written_keys(text: str, pool: list[EntryMeta], calls: list[ToolCall]) -> bool:
    """The message writes out pool keys that neither the thread nor this message's own calls provide ("1) generate
    for PC-3 2) logS on generated_smiles" makes the key it uses)."""
    made = {key for call in calls if (spec := get_spec(call.name)) is not None
            for key in (spec.result_key, PRODUCED_KEY.get(spec.name))}
    return any(key not in made for key in missing_pool_keys(text, pool))


def _extended_list(whole: Entities, earlier: Entities, ran: ToolSpec | None, context: PlanningContext,
                   offered: list[ToolSpec]) -> list[ToolCall] | None:
    """"now T47D, and add alpelisib to the two": the earlier request again, with its molecules and the new ones
    (and any other value the message changes); None when the message adds no molecules to an earlier list."""
    if not (whole.molecules and earlier.molecules and _ADDS_TO_LIST.search(whole.prose)):
        return None
    pool = context.pool
    spec = ran or choose_tool(earlier, offered, pool)
    if spec is None or not takes_values_of(spec, whole, pool):
        return None
    merged = merge_entities(whole, earlier)
    merged.molecules = merged.smiles = list(dict.fromkeys(earlier.molecules + whole.molecules))
    merged.pairs = []
    return fan_out(spec, fill(spec, merged, context, [], None), merged)


def _added_tool(whole: Entities, earlier: Entities, context: PlanningContext, offered: list[ToolSpec]
                ) -> list[ToolCall]:
    """"binary prob too" after a pKd: a message with no values that adds a tool its words point to, even weakly,
    runs that tool on the earlier request's values."""
    pool = context.pool
    if given_kinds(whole, pool) or not _ADDS_TOOL.search(whole.prose):
        return []
    earlier_spec = _previous_tool(None, pool, offered) or choose_tool(earlier, offered, pool)  # the tool that ran
    ranked = sorted(tool_scores(whole.text, offered).items(), key=lambda kv: -kv[1])
    if earlier_spec is None or not ranked or ranked[0][1] < 0.5 or ranked[0][0] == earlier_spec.name:
        return []
    spec = next(s for s in offered if s.name == ranked[0][0])
    if not {value_kind(p.kind) for p in spec.params if p.required} <= {value_kind(p.kind) for p in earlier_spec.params}:
        return []  # the same inputs only
    return fan_out(spec, fill(spec, earlier, context, [], None), earlier)


_BARE_FOLLOW_UP_WORDS = frozenset(words("bare_follow_up_words"))


def _ran(previous: PastRequest | None, offered: list[ToolSpec], taken_back: Sequence[str] = ()) -> ToolSpec | None:
    """The tool the thread's previous request ran (its last call), when it is offered: what "one more: nilotinib"
    continues, whatever the earlier words could also have meant. With several calls, a drug the message takes back
    says which ("same question for Eliquis instead of Coumadin": the call that had warfarin)."""
    done = [c for c in previous.calls if c.status == "ok"] if previous is not None and previous.answered else []
    gone = {same_molecule_key(m) or m for m in taken_back}
    had = [c for c in done if gone & {same_molecule_key(v) or v for v in _strings(c.resolved or c.arguments)}]
    spec = get_spec((had or done)[-1].tool) if done else None
    return spec if spec in offered else None


def _added_to_the_run_before(previous: PastRequest, earlier: Entities, history: Sequence[PastRequest],
                             offered: list[ToolSpec]) -> ToolSpec | None:
    """The tool the thread ran before a request that was asked about and named no tool of its own: "Could you add
    encorafenib to that as well?" (asked for its structure) after a pKd run, then "run the same two on RAF1 instead"."""
    if previous.answered or len(history) < 2:
        return None
    before, scores = _ran(history[-2], offered), tool_scores(earlier.text, offered)
    top = max(scores.values(), default=0.0)
    # (its words named a tool of their own; not "also run it against the mutant one" after a pKd run, as close to
    # the pKd as to the yes/no)
    close = top - 0.5 <= scores.get(before.name, 0.0) < top if before is not None else False
    return None if before is None or top >= 2.0 and not close else before


def _repeated_before(previous: PastRequest, before: Sequence[PastRequest], offered: list[ToolSpec]) -> ToolSpec | None:
    """The tool of the request before ``previous`` when ``previous`` was asked about and only repeated it: after
    "Now do the same for the amine we use in the Boc step" (which amine?), "It's triethylamine: CCN(CC)CC" runs the
    earlier request's tool on it."""
    if previous.answered or not before:
        return None
    said = in_english(_strip_pool_line(previous.text))  # "còn furmonertinib thì sao?": "and … what about it?"
    bare = bool(_AND_THEN.match(said)) and \
        only_values(extract(said), SAME_VALUE_WORDS | _BARE_FOLLOW_UP_WORDS | _ITSELF)
    if not (_REPEAT.search(said) or asks_the_same(said) or bare):
        return None  # ("And artemisinin itself?" after a BBB answer, asked about: the BBB request again)
    ran = _ran(before[-1], offered)
    if ran is not None or before[-1].answered:
        return ran
    # ("logD of DM1" asked about, "Try maytansine itself then." asked about again: still that request)
    return choose_tool(extract(in_english(_strip_pool_line(before[-1].text))), offered)


_ITSELF = frozenset({"itself", "themselves", "alone"})
_AND_THEN = re.compile(r"^\W*(?:and|what\s+about|how\s+about|try)\b", re.I)


# "set2" after "which upload, sato_set1.csv or sato_set2.csv?": a file named by its code, not the SET-2 line
_LINE_WORDS_AFTER = re.compile(r"[\s-]*(?:cells?|line|cell\s+line)\b", re.I)


def _without_file_words(e: Entities, pool: list[EntryMeta]) -> Entities:
    """``e`` without the cell lines it writes as a word of an upload's file name, unless called cells or a line."""
    tokens = file_tokens(pool)
    if not e.cell_mentions or not tokens:
        return e
    files = {written for written, _ in e.cell_mentions if written.lower() in tokens and not any(
        _LINE_WORDS_AFTER.match(e.prose, m.end()) for m in re.finditer(re.escape(written), e.prose))}
    if not files:
        return e
    kept = [(written, line) for written, line in e.cell_mentions if written not in files]
    return replace(e, cell_mentions=kept, cell_lines=[line for line in e.cell_lines if line in {k for _, k in kept}])


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def _chosen(earlier: Entities | None, pool: list[EntryMeta], offered: list[ToolSpec]) -> ToolSpec | None:
    return choose_tool(earlier, offered, pool) if earlier is not None else None


def _expected_kinds(spec: ToolSpec | None) -> frozenset[str]:
    """The named kinds (cell line, target) the previous request's tool takes: a message continuing it is about
    them, so a bare spelling of one is one ("sorry I meant H1975", "now KIT pls, same drug")."""
    if spec is None:
        return frozenset()
    return frozenset({value_kind(p.kind) for p in spec.params} & {"cell_line", "protein_seq"})


def _asks_in_a_line_instead(earlier_spec: ToolSpec | None, top: tuple[str, float], whole: Entities) -> bool:
    """"fine, just predicted ln(IC50) in MV4-11 then" after a pKd asked about: a cell line the earlier tool cannot take,
    for a tool that takes one and that the words ask for."""
    spec = get_spec(top[0])
    return earlier_spec is not None and spec is not None and top[1] >= 2.0 and spec is not earlier_spec and \
        bool(whole.cell_lines) and earlier_spec.param("cell_name") is None and \
        earlier_spec.param("cell_line") is None and (spec.param("cell_name") or spec.param("cell_line")) is not None


# an ask in so many words: a verb that orders a run ("check dolutegravir against rifampicin"), not a bare list of
# values ("fine, quizartinib and lestaurtinib then")
# two drugs set against each other in so many words, beside the pairing words (not "run fentanyl and methadone then":
# the earlier ask's values)
_DRUG_AGAINST_DRUG = re.compile(r"\bagainst\b|\bvs\.?(?!\w)|\bversus\b|\+", re.I)
_ASKS_OUTRIGHT = re.compile(r"\b(?:check|run|predict|compute|calculate|estimate|screen|test|give\s+me|show\s+me)\b",
                            re.I)


def _continued(calls: list[ToolCall], whole: Entities, earlier: Entities, previous: PastRequest, repeats: bool,
               supplies_values: bool, context: PlanningContext, offered: list[ToolSpec]) -> list[ToolCall] | None:
    """The calls when a message continues the thread's previous request, else None.

    After a question, any reply may complete the request; after an answer, only new values continue it.
    What the message says it wants wins; a bare value ("BT-474", "and in HT-29?") continues the earlier
    request when the earlier tool takes values of that kind.
    """
    pool, history = context.pool, context.history
    if len({c.name for c in calls}) > 1:
        return None  # the message asks for several tools itself ("what about AURKB, and a pKd for it too")
    earlier_spec = _ran(previous, offered, whole.taken_back) or _added_to_the_run_before(previous, earlier, history,
                                                                                      offered) or \
        choose_tool(earlier, offered, pool) or _repeated_before(previous, history[:-1], offered)
    if earlier_spec is None and not previous.answered and len({c.name for c in calls}) == 1:
        # "cisplatin in OVCAR please" named no tool in words; its answer "OVCAR-3" does, with the drug asked about
        earlier_spec = get_spec(calls[0].name)
    if earlier_spec is None and not previous.answered and whole.molecules:
        # "Check linezolid against her antidepressant" (which one?), then "Escitalopram 10 mg.": the question read
        # with the drug its answer names
        together = extract(f"{earlier.text}\n{whole.text}", frozenset())
        if len(together.molecules) > len(earlier.molecules):
            earlier_spec = choose_tool(together, offered, pool)
    scores = tool_scores(without_refused_kinds(whole.text), offered)
    top = max(scores.items(), key=lambda kv: kv[1], default=("", 0.0))
    bare_values = only_values(whole, SAME_VALUE_WORDS | _BARE_FOLLOW_UP_WORDS)
    # "what about logD of atorvastatin alone" after a drug-drug request: a repeat cue, but the message names its
    # molecule and asks for another tool in so many words, which the earlier one does not read at all
    # ("… I only need a yes/no. Give me the interaction probability instead": "instead" says so too)
    # "…, binding yes/no": words that name another tool (not "sorry wrong line, I wanted KMS-11", "rerun that for
    # T47D too", "now HCT-116 please, rest unchanged": a bare value reads as some tool, and asks for none)
    outright = top[1] >= 3.5 and earlier_spec is not None and scores.get(earlier_spec.name, 0.0) < 0.25 and \
        not _CORRECTS.search(whole.prose) and not REDO.search(whole.prose) and not bare_values
    kept = keeps_a_value(whole)  # "same JAK1 for my hit: <SMILES>": new molecules for the earlier request
    named_switch = (bool(whole.molecules) and not kept) or ((bool(SWITCHES.search(whole.prose)) or outright) and
                                             not keeps_the_settings(whole.prose)) or \
        molecules_it_lacks(whole.prose, earlier_spec)
    # "and quetiapine and olanzapine?" after a BBB question: nothing but values, so the same question for them
    # (two drugs joined by "and" read as a pair only when words ask for one)
    switches = named_switch and top[1] >= 3.0 and earlier_spec is not None and not bare_values and \
        top[0] != earlier_spec.name and scores.get(earlier_spec.name, 0.0) < 0.5 and \
        not changes_the_list(earlier_spec, whole)
    asked = top[1] >= 2.0 and (not repeats or switches) and not asks_the_same(whole.prose) and \
        not (earlier_spec is not None and asks_a_pair_of_one(get_spec(top[0]), whole))
    # A reply that gives what the question asked for answers it ("for trametinib and osimertinib" after
    # "run the response model on HeLa"), whatever else its words could mean.
    # (not when its words name another tool outright, none of the earlier one's: "binder call for JQ1 against CDK9
    # then" after "Kd of JQ1 for BRD4?" was asked about; its words, not what its values read as: "T47D is fine")
    # (or a setting only that tool has, in so many words: "What is the logS of aspirin?" after "Does cyclizine
    # interact?" was asked about is no partner for cyclizine)
    names_another = top[1] >= 3.5 and earlier_spec is not None and scores.get(earlier_spec.name, 0.0) < 0.25 and \
        not bare_values and takes_values_of(get_spec(top[0]), whole, pool) and \
        (tool_scores(without_values(whole), offered).get(top[0], 0.0) >= 3.5 or
         _names_a_setting_of(top[0], earlier_spec, whole.prose)) or \
        _asks_in_a_line_instead(earlier_spec, top, whole)
    # "here is the version with the hydrogen: <SMILES>" after a question about an invalid one fixes it, whatever
    # its words read as
    fixed = corrected_molecules(whole, earlier) if not previous.answered else None
    # "Sawa, check dolutegravir against rifampicin and against rifabutin for now." after a question about another
    # drug: a complete ask of its own, in so many words, for another tool than the question's
    # (its values all its own, none from the pool: not "sorry, K562." after a question, which runs the thread's)
    sets_drugs_against = bool(PAIRING.search(whole.prose) or _DRUG_AGAINST_DRUG.search(whole.prose))
    own_ask = bool(calls) and not repeats and not asks_the_same(whole.prose) and all_filled(calls, whole) and \
        earlier_spec is not None and not bare_values and bool(whole.molecules) and _ASKS_OUTRIGHT.search(whole.prose) \
        and all((c.name != earlier_spec.name or sets_drugs_against and len(distinct_drugs(whole.molecules)) >= 2)
                and scores.get(c.name, 0.0) >= 1.0 and ("smiles_pairs" not in c.arguments or sets_drugs_against)
                for c in calls) and \
        not any(ref_key(v) for c in calls for v in c.arguments.values())
    if own_ask:
        return None
    answers = not previous.answered and not names_another and (
        fixed is not None or _resolves(earlier, whole, pool) or
        _supplies_missing(earlier_spec, previous.text, whole, pool, offered, history[:-1], context.read))
    # The same tool again without all its values ("full length: <seq>" after "pKd of gefitinib for EGFR?")
    # takes the missing ones from the earlier request.
    same_tool = bool(calls) and earlier_spec is not None and all(c.name == earlier_spec.name for c in calls) \
        and not all_filled(calls, whole)
    continues = (answers or not asked or same_tool) and takes_values_of(earlier_spec, whole, pool)
    asked = asked and not answers
    if not (supplies_values or not previous.answered) or not (
            not calls or continues or (not previous.answered and not all_filled(calls, whole))):
        return None
    spec = (choose_tool(whole, offered, pool) if asked else None) or earlier_spec
    if spec is None:
        return None
    if not previous.answered and earlier_spec is not None and asks_for_a_partner(earlier_spec, earlier, whole):
        spec = next((s for s in offered if s.param("smiles_pairs") is not None), spec)
    merged = merge_entities(whole, earlier)
    picked = None if whole.molecules else select_molecules(whole.prose, pool, context.read, history)
    if picked:  # "rerun the two best ones in A549": the rows the words pick, not the whole earlier list
        merged.molecules = merged.smiles = picked
    if fixed is not None:  # "fixed: <SMILES>" after the agent asked about an invalid one
        merged.molecules = merged.smiles = fixed
        merged.invalid_smiles = []
    chosen = chosen_pairs(earlier, whole) if not previous.answered and spec.param("smiles_pairs") else None
    if chosen:  # "Linezolid." after "which new one?": that drug with the request's others
        merged.pairs = chosen
    elif not previous.answered and spec.param("smiles_pairs") and whole.molecules and earlier.molecules and not (
            len(distinct_drugs(whole.molecules)) >= 2 and (tool_scores(without_values(whole), offered).get(
                spec.name, 0.0) >= 3.5 or _NEW_PAIR.search(whole.prose))):
        # "with <SMILES>" names the partner ("Na fluconazole, Diflucan.": one drug by two names, once); not a reply
        # that asks for its own pair in so many words ("Then check eplerenone and lisinopril's interaction")
        merged.molecules = distinct_drugs(earlier.molecules + whole.molecules)
        if len(earlier.molecules) == 1 and len(distinct_drugs(whole.molecules)) >= 2 and not whole.pairs and \
                not PAIRS_ITSELF.search(whole.prose) and same_molecule_key(earlier.molecules[0]) not in {
                    same_molecule_key(m) for m in whole.molecules}:
            # "cpd 1 against the usual co-meds" asked about, then "Co-meds are #2 and #3": cpd 1 with each
            merged.pairs = [[earlier.molecules[0], other] for other in whole.molecules]
    if enum_words_in(spec, whole.prose):
        merged.prose = whole.prose
    filled = fill(spec, merged, context, [], None)
    if spec == earlier_spec and spec.param("property") is not None and "property" not in filled:
        # "Now the second drug of the quiz, Prozac." then "And a negative control: metformin.": the property the
        # thread's run of this tool used, whichever request named it
        earlier_property = earlier_setting(spec.name, "property", history)
        if earlier_property is not None:
            filled["property"] = earlier_property
    return fan_out(spec, filled, merged)


def _names_a_setting_of(name: str, earlier_spec: ToolSpec, prose: str) -> bool:
    """Whether ``prose`` names a setting of tool ``name`` ("logS") that the earlier tool has no say in."""
    spec = get_spec(name)
    return spec is not None and spec != earlier_spec and enum_words_in(spec, prose) and \
        not enum_words_in(earlier_spec, prose)


def _own_values(entities: Entities, clause: str, prose: str, focus: str, before: list[ToolCall]) -> Entities:
    """In a message with several asks, the values an ask's own part gives win over the others' ("affinity of X to
    SRC, and whether it would interact with LCK": LCK for the interaction); kinds its part lacks come from the
    whole message, except the molecules of a part that says "its" ("(1) pKd of ponatinib …, (2) its ln(IC50) in
    K-562"): those of the ask before."""
    start = prose.find(focus)
    if start < 0:
        return entities
    part = value_numbers(extract(clause[start:start + len(focus)], entities.expect))
    earlier = next((v for v in (before[-1].arguments.values() if before else ()) if isinstance(v, list)
                    and v and all(isinstance(m, str) for m in v)), None)
    if not part.molecules and earlier and set(earlier) <= set(entities.molecules) and ITS.search(focus):
        part.molecules = part.smiles = list(earlier)
    return merge_entities(part, entities, prose=entities.prose)


def _requested(own: Entities, offered: list[ToolSpec], pool: list[EntryMeta], prior: ToolSpec | None = None
               ) -> list[tuple[ToolSpec, str | None]]:
    """The tools a clause asks for; with several intents, each with the words of its own part."""
    several = intents(own, offered, prior)
    if len(several) > 1:
        return [(spec, words) for spec, words in several]
    # one ask read part by part ("design for X at 1 µM and also in Y at the same potency") when the whole is too close
    spec = choose_tool(own, offered, pool, prior) or (several[0][0] if several else None)
    return [(spec, None)] if spec else []


def _previous_tool(earlier: Entities | None, pool: list[EntryMeta], offered: list[ToolSpec]) -> ToolSpec | None:
    """The tool of the thread's previous request, else of the newest tool result in the pool."""
    if earlier is not None:
        return choose_tool(earlier, offered, pool)
    results = [m for m in sorted(pool, key=lambda m: (m.set_at, m.seq)) if get_spec(m.key) is not None]
    spec = get_spec(results[-1].key) if results else None
    return spec if spec in offered else None


def _supplies_missing(spec: ToolSpec | None, text: str, now: Entities, pool: list[EntryMeta],
                      offered: list[ToolSpec], history: Sequence[PastRequest],
                      read: Callable[[str], Any] | None) -> bool:
    """Whether ``now`` gives a kind of value the request ``text`` lacked for ``spec``, or had outside the range the
    models know ("pIC50 of -7" asked about, then "pIC50 7; the minus sign came from the ln column")."""
    if spec is None:
        return False
    planned = [c for c in plan_calls(text, pool, offered, history, read, what_it_asks=True) if c.name == spec.name]
    given = planned[0].arguments if planned else {}
    missing = {value_kind(p.kind) for p in spec.params if p.required and (p.name not in given or _out_of_range(
        p.bounds, given[p.name]))}
    return bool(missing & given_kinds(now, pool))


_UNRESOLVED_KINDS = {"drug": "molecules", "target": "protein_seq", "cell_line": "cell_line"}


def _resolves(earlier: Entities, now: Entities, pool: list[EntryMeta]) -> bool:
    """Whether ``now`` gives a value of a kind the earlier request named but that did not resolve ("the mutant"
    asked about, then "L858R, the activating one")."""
    unresolved = {_UNRESOLVED_KINDS[u.kind] for u in earlier.unresolved if u.kind in _UNRESOLVED_KINDS}
    return bool(unresolved & given_kinds(now, pool))


def _out_of_range(bounds: tuple[float, float] | None, value: Any) -> bool:
    return bounds is not None and isinstance(value, (int, float)) and not bounds[0] <= value <= bounds[1]


# a reply that only gives a unit: "nM, sorry", "in µM", "uM", "Nanomolar, naturally. Nobody …" (the unit first, the
# rest a remark)
_UNIT_ONLY = re.compile(r"^\W*(?:(?i:it'?s|in|that'?s|units?)\W+)?(?P<unit>[nµuμmp]M|(?i:nano|micro|milli|pico)molar)\b"
                        r"(?:[\s\W]*(?i:(?:sorry|pls|please|thanks|oops)\W*)?$|\s*[,.;!])")
_BARE_NUMBER = re.compile(r"[-+]?\d+(?:[.,]\d+)?")


def _with_the_unit(asked: str, reply: str) -> str | None:
    """The earlier request with the unit the reply gives written after its last number that had none; not when the
    words after the unit give other values ("nM, and use A549 instead": read as a request of its own)."""
    unit = _UNIT_ONLY.match(reply.strip())
    if unit is None:
        return None
    rest = extract(reply.strip()[unit.end():])
    if rest.molecules or rest.cell_lines or rest.names or rest.sequences or rest.unresolved:
        return None
    asked = _strip_pool_line(asked)
    bare = [n for n in extract(asked).numbers if not n.conversion]
    found = _BARE_NUMBER.match(asked, bare[-1].pos) if bare else None
    return asked[:found.end()] + " " + unit.group("unit") + asked[found.end():] if found else None


def _strip_pool_line(text: str) -> str:
    return re.sub(r"\n?MemoryPool\(arguments=dict_keys\(\[.*?\]\)\)\s*$", "", text, flags=re.S)


# "For Priya's list: … \nFor the Chen lab: …": lines that each open one group's request
_GROUP_HEADER = re.compile(r"^(?=[ \t]*(?:[-*•][ \t]*)?for[ \t]+[^:\n]{1,40}:)", re.I | re.M)


def _listed_asks(text: str, expect: frozenset[str], offered: list[ToolSpec], pool: list[EntryMeta],
                 prior: ToolSpec | None) -> list[tuple[str, str, str]] | None:
    """A message whose asks come as a list ("three asks: 1. logS for all rows 2. BBB for rows 1 and 3 …"): each
    asking item with the words before the list (which may name the file, the rows or the values), the words that
    name its rows (its own, else those before the list) and the item itself, whose words alone say what it asks;
    None when fewer than two items ask for a tool (a list of molecules or cell lines)."""
    found = list_items(text)
    if found is None:
        return None
    header, items = found
    asks = {item: _asks_by_words(item, expect, offered, pool, prior) for item in items}
    # "1. solubility of the generated ones\n2. which is the most soluble and why?": the second asks about the first's
    # results (answered from them), so the first is read on its own
    picking = [item for item in items if only_picks(without_marker(item), offered)]
    asking = [item for item in items if asks[item] and item not in picking]
    if len(asking) + len(picking) < 2 or not asking or (
            len({asks[item] for item in asking}) < 2 and not picking and not any(map(row_numbers, asking))):
        return None  # a list of molecules, of key: value lines, or of the same ask on the same values
    # every item that asks for something, even in weaker words ("how would we make it (precursors)?")
    # (not "(2) cpd 1 is the clinical reference, leave it out": an item that only leaves rows out)
    kept = [item for item in items if item not in picking and not _only_leaves_rows_out(
        item, expect, offered, pool, prior) and (asks[item] or _requested(value_numbers(extract(item, expect)), offered,
                                                                            pool, prior))]
    whole = extract(text, expect)
    return [(f"{header}{without_marker(item)}", item if row_numbers(item) or names_rows(item, whole) else header, item)
            for item in kept]


def _only_leaves_rows_out(item: str, expect: frozenset[str], offered: list[ToolSpec], pool: list[EntryMeta],
                          prior: ToolSpec | None) -> bool:
    line = item.split("\n", 1)[0]
    return leaves_rows_out(line) and not _asks_by_words(line, expect, offered, pool, prior)


def _asks_by_words(item: str, expect: frozenset[str], offered: list[ToolSpec], pool: list[EntryMeta],
                   prior: ToolSpec | None) -> tuple[str, ...]:
    """The tools (and properties) a list item's words ask for; () when only its values would choose one."""
    own = value_numbers(extract(without_marker(item), expect))
    if max(tool_scores(own.prose, offered).values(), default=0.0) < 2.0:
        return ()
    tools = tuple(spec.name for spec, _ in _requested(own, offered, pool, prior))
    return tools + tuple(requested_properties(own.prose))


def _clauses(text: str) -> list[str]:
    groups = _GROUP_HEADER.split(text) if len(_GROUP_HEADER.findall(text)) >= 2 else [text]
    parts = [p for group in groups for p in _THEN.split(group) if p and p.strip() and not _ACKNOWLEDGES.match(
        asked_part(p))]
    return parts or [text]


# "ok wor, then bbb for the same three": a clause that only acknowledges (its fillers blanked) asks for nothing
_ACKNOWLEDGES = re.compile(r"^\W*(?:(?:ok(?:ay)?|k|thanks?|thx|ty|sure|fine|great|cool|nice|good|right|alright|yes|"
                           r"yep|yeah)\W*)*$", re.I)


def _clauses_with_their_picks(text: str, offered: list[ToolSpec]) -> list[str]:
    """The message's clauses, a clause that only picks joined to the one after it ("Which is the most soluble then —
    and could you check if that one gets into the brain?": the pick is of the molecule the next clause asks about)."""
    clauses = _clauses(text)
    out: list[str] = []
    pending = ""
    for i, clause in enumerate(clauses):
        if i < len(clauses) - 1 and (only_picks(clause, offered) or _tells_of_what_the_next_asks_about(
                clause, clauses[i + 1], offered)):
            pending += clause
            continue
        out.append(pending + clause)
        pending = ""
    return out


_THEM_BOTH = re.compile(r"\b(?:them|both|together|the\s+two|these\s+two|those\s+two)\b", re.I)


def _tells_of_what_the_next_asks_about(clause: str, after: str, offered: list[ToolSpec]) -> bool:
    """A clause that names drugs and asks for nothing, before one that asks about "them" ("mom takes a Xanax and then
    an Ambien at night. Is mixing them ok"): one clause."""
    found = extract(clause)
    return bool(found.molecules) and _THEM_BOTH.search(after) is not None and \
        max(tool_scores(without_values(found), offered).values(), default=0.0) < 1.0


def _no_tool_answer(request: str, offered: list[ToolSpec]) -> str:
    entities = extract(request)
    asked = out_of_scope_question(entities, offered)
    if asked is not None:
        return (f"None of my tools answers that ('{asked}'): I predict "
                + "; ".join(task(s.name) for s in offered) + ". Which of these should I run, and on what?")
    close = close_calls(tool_scores(request, offered), entities.prose)
    if len(close) > 1:
        return "Do you mean " + " or ".join(task(name) for name in close[:3]) + "? Say which, and I'll run it."
    return ("I could not tell which prediction you want. I can run: "
            + "; ".join(task(s.name) for s in offered)
            + ". Say what to predict and give the molecules (SMILES or names), or upload a file.")
