"""Drug pairs: grouped from the message, picked by place ("the second pair"), or the thread's pairs with one drug
swapped.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from typing import Any

from agent.entities import CLASS_OF_SEVERAL, NOT_SAID_WHICH, Entities, extract
from agent.planning.references import pool_ref
from agent.planning.rows import row_numbers
from agent.planning.uploads import uploads_named
from agent.pool.entry import EntryMeta
from agent.pool.refs import ref_key
from agent.selection import newest_table
from agent.vocabulary import ordinals, phrases
from model_zoo.chem.mols import same_molecule_key
from model_zoo.names.text import inn_stem
from model_zoo.names.types import Resolved


def _drug_key(smiles: str) -> str | None:
    """Which drug a SMILES is, for pairs: salts and tautomers aside, but stereoisomers apart (ephedrine and
    pseudoephedrine are two drugs to pair)."""
    return same_molecule_key(smiles, stereo=True)


def message_pairs(e: Entities, focus: str | None = None) -> list[list[str]]:
    """Drug pairs: those the message groups ("A with B, and C with D", "warf+asp and warf+clopidogrel"); else two
    distinct molecules; else the first molecule with each of the others ("A with B and C"). A drug is never paired
    with itself. ``focus``, the words of this tool's own ask, gives the pair when it names two drugs of its own
    ("Temodar + dexamethasone DDI, and Temodar in U-87 MG")."""
    ordered = _newly_ordered(e)
    if ordered is not None:
        # "home meds: Lasix 40, digoxin 0.125. new order: spironolactone 25", "New order Diflucan 150 mg x1. Check it
        # against her home Zoloft and her home Lipitor": the new drug with each of the others
        return [[ordered, other] for other in distinct_drugs(e.molecules) if other != ordered]
    own = _focused(e, focus)
    if own is not None:
        e = own
    partner = _its_partner(e, focus)
    if partner is not None:  # "Clinical tox risk for ketoconazole, and its interaction with simvastatin"
        return [partner]
    each = _it_with_each(e)
    if each is not None:  # "Patient on tamoxifen. Check it with paroxetine and with sertraline."
        return each
    first = _pair_to_start_with(e)
    if first is not None:  # "How toxic is A / B in a patient on C? Start with A vs B.": that pair now
        return [first]
    molecules = distinct_drugs(e.molecules)
    # (pairs the caller has set answer which drug "the new one" is: "warfarin, digoxin" after "Starting amiodarone.
    # Check the new one against everything she is already on" was asked about)
    if not e.pairs and (len(molecules) < 2 or _unnamed_new_drug(e) or _several_new_ones(e)):
        return []
    components = _product_components(e)
    others = [m for m in molecules if components and (_drug_key(m) or m) not in components]
    if components and others:  # "Malarone (atovaquone + proguanil) with her warfarin": each component with warfarin
        return [[component, other] for component in components.values() for other in others]
    every = EVERY_PAIR.search(e.prose)
    # "Plavix, Brilinta and aspirin: check each pair" (not "A with B, and A with C: … for each pair" or "… any
    # interactions between them?", the pairs written with every drug in one)
    keys = {_drug_key(m) or m for m in molecules}
    written = bool(e.pairs) and {_drug_key(m) or m for pair in e.pairs for m in pair} >= keys
    if len(molecules) > 2 and every and not (written and (_EACH_WRITTEN_PAIR.fullmatch(every.group(0)) or
                                                          _AMONG.search(every.group(0)))):
        excepted = _excepted_pairs(e)
        return [list(pair) for pair in itertools.combinations(molecules, 2)
                if frozenset(_drug_key(m) or m for m in pair) not in excepted]
    if len(e.pairs) >= 2 and len({pair[0] for pair in e.pairs}) == 1:
        return e.pairs  # one drug with each of the others, as the caller has set them
    alternatives = _alternatives_with(e, molecules)
    if alternatives is not None:  # "letermovir vs valganciclovir, which interacts less with tacrolimus?"
        return alternatives
    anchor = _anchor(e, molecules) or _each_against(e, molecules)
    if anchor is not None:  # "Screen the new one against everything she takes": that drug with each other one
        return [[anchor, other] for other in molecules if other != anchor]
    if e.pairs:
        return e.pairs
    return [[molecules[0], other] for other in molecules[1:]]


# "new order: spironolactone", "New order Diflucan 150 mg x1", "newly prescribed clarithromycin": the drug a ward
# adds, checked against the others the message lists
_NEW_ORDER = re.compile(r"\bnew(?:ly)?\s+(?:order(?:ed)?|prescription|prescribed|rx|med(?:ication)?)\s*[:=–—-]?\s*$",
                        re.I)


def _newly_ordered(e: Entities) -> str | None:
    """The one molecule the message names right after words that order it new, when it names others and sets no
    pairs of its own; else None."""
    if e.pairs or EVERY_PAIR.search(e.prose):
        return None
    keys = {_drug_key(m) or m: m for m in e.molecules}
    new = {keys.get(_drug_key(n.value) or n.value) for n in e.names if isinstance(n, Resolved) and n.kind == "drug"
           and n.start >= 0 and _NEW_ORDER.search(e.prose, max(0, n.start - 30), n.start)}
    new.discard(None)
    return new.pop() if len(new) == 1 and len(keys) >= 2 else None


def distinct_drugs(molecules: list[str]) -> list[str]:
    """The molecules, each drug once (by its drug key), in order ("escitalopram … Lexapro too": one drug by two
    names)."""
    distinct: dict[str, str] = {}
    for molecule in molecules:
        distinct.setdefault(_drug_key(molecule) or molecule, molecule)
    return list(distinct.values())


# "Malarone (atovaquone + proguanil)", "Bactrim (sulfamethoxazole/trimethoprim)": a product's components glossed in
# brackets after its name; they are taken together, never paired with each other
_GLOSSED_COMPONENTS = re.compile(r"(?<=\w)\s*\((?P<inside>[^()\n]{3,120}?(?:\+|/|&|\band\b)[^()\n]{1,120})\)", re.I)


def _product_components(e: Entities) -> dict[str, str]:
    """The drugs of a combination product glossed in brackets (by drug key), in the order written; empty if none, or
    when the message names one of them again outside ("on TLD (tenofovir / lamivudine / dolutegravir) … check
    dolutegravir against rifampicin": that drug alone)."""
    drugs = [n for n in e.names if isinstance(n, Resolved) and n.kind == "drug" and n.start >= 0]
    for gloss in _GLOSSED_COMPONENTS.finditer(e.prose):
        within = [n for n in drugs if gloss.start("inside") <= n.start < gloss.end("inside")]
        inside = {_drug_key(n.value) or n.value: n.value for n in within}
        again = any((_drug_key(n.value) or n.value) in inside for n in drugs if n not in within)
        if len(inside) >= 2 and not again:
            return inside
    return {}


# "azithromycin and clarithromycin, each against cyclosporine": the drug after it, set against each other one
_EACH_AGAINST = re.compile(r"\beach\s+(?:one\s+)?(?:against|with|vs\.?|versus)\s+", re.I)


def _each_against(e: Entities, molecules: list[str]) -> str | None:
    # (the drug written right after it, by its words: a continuation's prose puts the request before it)
    each = _EACH_AGAINST.search(e.prose)
    following = e.prose[each.end():].lower() if each is not None else ""
    after = next((n for n in e.names if isinstance(n, Resolved) and n.kind == "drug" and following and
                  following.startswith(n.written.lower())), None)
    return next((m for m in molecules if after is not None and _drug_key(m) == _drug_key(after.value)), None)


_START_WITH = re.compile(r"\b(?:start|begin)\s+with\s+|\bfirst\s+(?:just\s+)?(?:check|run|do)\s+", re.I)


def _pair_to_start_with(e: Entities) -> list[str] | None:
    """The two drugs the message says to start with, in the clause after "start with" ("… Start with
    spironolactone vs triamterene."); None unless that clause names exactly two."""
    start = _START_WITH.search(e.prose)
    if start is None:
        return None
    end = next((m.start() for m in re.finditer(r"[.;?!\n]", e.prose) if m.start() > start.end()), len(e.prose))
    named = [n.value for n in e.names if isinstance(n, Resolved) and n.kind == "drug" and start.end() <= n.start < end]
    distinct = list(dict.fromkeys(named))
    return distinct if len(distinct) == 2 and all(m in e.molecules for m in distinct) else None


# "every pair except warfarin with aspirin": the pair written after it is left out of every pair
_EXCEPT = re.compile(r"\b(?:except(?:\s+for)?|excluding|apart\s+from|other\s+than|but\s+not|besides|"
                     r"skip(?:ping)?|leav(?:e|ing)\s+out)\s+(?:the\s+)?", re.I)
_PAIR_JOIN = re.compile(r"\s*(?:with|and|\+|/|-|–|vs\.?|versus|plus)\s*", re.I)
_CLAUSE_END = re.compile(r"[.;?!\n]")


def _excepted_pairs(e: Entities) -> set[frozenset[str]]:
    """The pairs the message leaves out of every pair, as drug keys."""
    excepted = set()
    for word in _EXCEPT.finditer(e.text):
        end = _CLAUSE_END.search(e.text, word.end())
        stop = end.start() if end else len(e.text)
        # a name said again is not always found again ("but not the amiodarone-digoxin one"): look for each
        after = sorted((found.start(), found.end(), name.value) for name in {n.written.casefold(): n for n in e.names
                                                                              if n.kind == "drug"}.values()
                       for found in re.finditer(rf"\b{re.escape(name.written)}\b", e.text[:stop], re.I)
                       if found.start() >= word.end())
        if len(after) == 2 and _PAIR_JOIN.fullmatch(e.text[after[0][1]:after[1][0]]):
            excepted.add(frozenset(_drug_key(value) or value for _, _, value in after))
    return excepted


EVERY_PAIR = re.compile(r"\b(?:each|every|all|any)\s+(?:possible\s+)?(?:pairs?|combinations?)\b|\bpairwise\b|"
                         r"\ball\s+against\s+all\b|\b(?:with|against|vs\.?|versus)\s+each\s+other\b|"
                         r"\b(?:interactions?|ddis?)\s+(?:\w+\s+){0,2}(?:among|between)\s+(?:all\s+)?(?:these|them|those|the)\b|"
                         r"\b(?:each|every)(?:\s+one)?\s+(?:of\s+(?:them|these|those)\s+)?(?:against|with|vs\.?)\s+"
                         r"(?:the\s+others?|the\s+other\s+(?:two|three|four|five)|each\s+other|"
                         r"every\s+other(?:\s+one)?|all\s+the\s+others)\b", re.I)
_EACH_WRITTEN_PAIR = re.compile(r"(?:each|every)\s+pairs?", re.I)
_AMONG = re.compile(r"\b(?:among|between)\b", re.I)
# "apixaban against the other three", "the new one against everything she takes", "cipro against both of them",
# "quetiapine against each of the two antiemetics"
AGAINST_ALL = re.compile(r"\b(?:against|with|vs\.?|versus)\s+(?:each\s+of\s+)?"
                          r"(?:(?<=of\s)(?:them|these|those|the\s+(?:two|three|four|five|six))\b|everything|"
                          r"all(?:\s+(?:of\s+)?(?:them|those|her|his|the\s+others?))?|both(?:\s+of\s+(?:them|those))?|"
                          r"the\s+others?|the\s+rest|each(?!\s+other)|every(?!\s+other)|"
                          # "with every other drug in that file" (not "with each other": reciprocal)
                          r"(?:each|every)\s+other\s+(?:drug|med(?:ication)?|agent|entry|one|compound)s?|"
                          r"the\s+other\s+(?:\w+\s+)?(?:drugs?|meds?|medications?|ones?|two|three|four|five|six)|"
                          r"(?:her|his|their|the)\s+(?:home\s+|current\s+|regular\s+)?(?:med(?:ication)?\s+)?"
                          r"(?:list|meds|medications|regimen|con-?meds|co-?medications|concomitant\s+medications))\b",
                          re.I)
# "the new one", "the new drug": the drug the message says is started or added
_THE_NEW_ONE = re.compile(r"\bthe\s+new\s+(?:one|drug|med(?:ication)?|agent|addition|rx)\b", re.I)
_STARTED = re.compile(r"\b(?:new(?:\s+rx)?|start(?:s|ed|ing)?|add(?:s|ed|ing)?|being\s+added|initiat\w*|"
                      r"prescrib\w*|switch(?:ed|ing)?\s+to)\b", re.I)


# "check her new antibiotic against the home list: …": a drug started, checked against the others, but not named
_NEW_DRUG_AGAINST = re.compile(r"\bnew\s+(?:[\w-]+\s+)?(?:against|with|vs\.?|versus)\s+(?:the|her|his|their|all|every)",
                               re.I)


# "the consultant wants to add something for reflux", "start her on a new antibiotic": a drug to add, not named
_ADDS_AN_UNNAMED_DRUG = re.compile(r"\b(?:add|adding|start|starting|give|giving|put\s+(?:her|him|them)\s+on)\s+"
                                   r"(?:(?:her|him|them)\s+on\s+)?(?:something|a\s+(?:new\s+)?(?:[\w-]+\s+)?"
                                   r"(?:drug|med|medication|medicine|agent|antibiotic)|another\s+(?:drug|med|one))\b",
                                   re.I)


def _unnamed_new_drug(e: Entities) -> bool:
    new = _NEW_DRUG_AGAINST.search(e.prose)
    if new is None:  # (one to add that the message does not name after it)
        new = _ADDS_AN_UNNAMED_DRUG.search(e.prose)
        return new is not None and not any(n.kind == "drug" and n.start >= new.start() for n in e.names)
    return not any(n.kind == "drug" and 0 <= n.start < new.end() for n in e.names) and \
        not any(0 <= e.text.find(m) < new.end() for m in e.smiles)


def _several_new_ones(e: Entities) -> bool:
    """"Started linezolid and rifampin today. Check the new one against her methadone.": two drugs were started, so
    "the new one" names neither (asked which)."""
    return len(_new_ones(e)) >= 2


def _new_ones(e: Entities) -> list[Resolved]:
    """The drugs of the clause that starts several before "the new one" (none when one or none is started)."""
    the_new_one = _THE_NEW_ONE.search(e.prose)
    if the_new_one is None:
        return []
    drugs = [n for n in e.names if n.kind == "drug" and 0 <= n.start < the_new_one.start()]
    for cue in _STARTED.finditer(e.prose[:the_new_one.start()]):
        clause = re.split(r"[.;!?\n]", e.prose[cue.end():the_new_one.start()])[0]
        started = [n for n in drugs if cue.end() <= n.start < cue.end() + len(clause)]
        if len({n.value for n in started}) >= 2:
            return started
    return []


def chosen_pairs(earlier: Entities, reply: Entities) -> list[list[str]] | None:
    """The pairs of a request asked about because a drug of its pair was one of several ("the new one" after two
    started, "the azole" after two azoles), once the reply names which: that drug with the request's other drugs
    ("Linezolid. The rifampin was a restart, not new." pairs linezolid with her methadone only)."""
    group = {_drug_key(n.value) or n.value for n in _new_ones(earlier)} or {
        _drug_key(n.value) or n.value for u in earlier.unresolved if u.kind == "drug" and u.closest
        and u.note.startswith((CLASS_OF_SEVERAL, NOT_SAID_WHICH)) for n in earlier.names
        if n.kind == "drug" and n.name in u.closest}
    if not group:
        return _the_new_one_named(earlier, reply)
    if len(group) < 2:
        return None
    named = sorted((n.start, n.value) for n in reply.names if n.kind == "drug" and n.start >= 0)
    chosen = next((m for _, m in named if (_drug_key(m) or m) in group), None)
    others = [m for m in dict.fromkeys(earlier.molecules) if (_drug_key(m) or m) not in group]
    return [[chosen, other] for other in others] if chosen is not None and others else None


def _the_new_one_named(earlier: Entities, reply: Entities) -> list[list[str]] | None:
    """"… wants to add something for reflux. Interaction check please." asked which, then "Omeprazole. Against both,
    please.": the one drug the reply names, new to the request, with each of the request's drugs."""
    if not (_unnamed_new_drug(earlier) or _THE_NEW_ONE.search(earlier.prose) and not _new_ones(earlier)):
        return None
    before = {_drug_key(m) or m for m in earlier.molecules}
    new = distinct_drugs([m for m in reply.molecules if (_drug_key(m) or m) not in before])
    others = distinct_drugs(earlier.molecules)
    return [[new[0], other] for other in others] if len(new) == 1 and others else None


def _anchor(e: Entities, molecules: list[str]) -> str | None:
    """The drug the message checks against all the others ("run apixaban against the other three"): the one named
    just before "against", or, for "the new one", the one named after a word that starts or adds it."""
    against = AGAINST_ALL.search(e.prose)
    if against is None or len(molecules) < 3:
        return None
    keys = {_drug_key(m) or m: m for m in molecules}
    mentions = sorted((n.start, keys.get(_drug_key(n.value) or n.value)) for n in e.names
                      if n.kind == "drug" and n.start >= 0)
    mentions += [(e.text.find(m), m) for m in molecules if m not in {m for _, m in mentions}]
    mentions = sorted((at, m) for at, m in mentions if at >= 0 and m is not None)
    if _THE_NEW_ONE.search(e.prose[:against.start()]):
        starts = [cue.end() for cue in _STARTED.finditer(e.prose[:against.start()])]
        return next((m for at, m in mentions for cue in starts if 0 <= at - cue <= 20), None)
    shortened = _shortened_name(e, e.prose[:against.start()], keys)
    if shortened is not None:  # "check the vori against each of the others": voriconazole, named in full before
        return shortened
    before = [m for at, m in mentions if at < against.start()]
    return before[-1] if before else None


# "which interacts less with tacrolimus?", "which is safer with warfarin": alternatives, each set against one drug
_WHICH_WITH = re.compile(r"\bwhich\b(?:\s+(?:one|of\s+(?:the\s+)?(?:two|them|these|those)))?[^.?!\n]{0,40}?"
                         r"\b(?:interacts?|clash(?:es)?|is\s+(?:safer|riskier|worse|better))\b[^.?!\n]{0,20}?"
                         r"\b(?:with|alongside|beside)\s+$", re.I)


def _alternatives_with(e: Entities, molecules: list[str]) -> list[list[str]] | None:
    """Each alternative the message weighs paired with the one drug a "which … with X" question sets them against,
    in the order named; None when the message asks no such question."""
    if len(molecules) < 3:
        return None
    mentions = sorted((n.start, n.value) for n in e.names if n.kind == "drug" and n.start >= 0)
    for at, anchor in mentions:
        if _WHICH_WITH.search(e.prose, 0, at):
            others = [m for m in molecules if (_drug_key(m) or m) != (_drug_key(anchor) or anchor)]
            return [[other, anchor] for other in others] if len(others) >= 2 else None
    return None


def _shortened_name(e: Entities, before: str, keys: dict[str, str]) -> str | None:
    """The molecule of the one drug name the word before ``against`` begins ("vori", "clarithro"), if the message
    names it in full."""
    word = re.search(r"([a-z]{4,})\s*$", before, re.I)
    if word is None:
        return None
    short = word.group(1).lower()
    found = {keys[key] for n in e.names if n.kind == "drug" and n.written.lower().startswith(short)
             and n.written.lower() != short and (key := _drug_key(n.value) or n.value) in keys}
    return found.pop() if len(found) == 1 else None


def against_the_thread(e: Entities, pool: list[EntryMeta], lowered: str,
                       read: Callable[[str], Any] | None) -> list[list[str]] | None:
    """"They're adding spironolactone. Check it against both of those.", "Then each of them with caffeine": the one
    drug the message names with each drug of the thread's pairs (else of its molecule list), in the order the thread
    gave them."""
    mine = {_drug_key(m) or m for m in e.molecules}
    rows = row_numbers(lowered)
    if len(mine) != 1 or read is None or not (AGAINST_ALL.search(lowered) or _EACH_WITH.search(lowered) or rows or
                                              EACH_ROW.search(lowered) or _LIST_WITH.search(lowered) or
                                              _FOR_EACH_AFTER.search(lowered)):
        return None
    key = ref_key(pool_ref(pool, ("smiles_pairs",), lowered) or pool_ref(pool, ("smiles_list",), lowered))
    value = read(key) if key else None
    if not isinstance(value, list):
        return None
    flat = [m for item in value for m in (item if isinstance(item, list) else [item]) if isinstance(m, str)]
    if rows:  # "run rows 2 and 4 of the conmed listing against olaparib"
        if rows[-1] > len(flat):
            return None
        flat = [flat[row - 1] for row in rows]
    others = {_drug_key(m) or m: m for m in flat}
    others = {k: m for k, m in others.items() if k not in mine}
    return [[e.molecules[0], other] for other in others.values()] or None


# "and also with warfarin, both of them", "with caffeine for each of those": the thread's drugs, each with it
_FOR_EACH_AFTER = re.compile(r"\b(?:with|against|vs\.?|versus)\s+[^,.;?!\n]{2,40}?,?\s+(?:for\s+)?(?:both|each|all)"
                             r"(?:\s+of\s+(?:them|these|those))?\s*[.!?]*\s*$", re.I)
EACH_ROW = re.compile(r"\b(?:each|every|all(?:\s+the)?)\s+rows?\b", re.I)  # "the IP against each row"
# "then each of them with caffeine": the thread's drugs, each with the one the message names
# ("check each drug in it against cabergoline", "every med on that list with clarithromycin")
_EACH_WITH = re.compile(r"\b(?:each(?:\s+one)?|every\s+one|both|all|(?:each|every)\s+(?:drug|med|medication|medicine|"
                        r"molecule|compound|entry)\s+(?:in|on|of|from)\s+(?:it|them|(?:that|this|the|her|his)"
                        r"(?:\s+[\w-]+)?\s+(?:list|file|upload|sheet|protocol)))\s+(?:of\s+(?:them|these|those)\s+)?"
                        r"(?:with|against|vs\.?|versus)\s+(?!each\b|every\b|the\s+others?\b|one\s+another\b|all\b)",
                        re.I)
_WITH_BEFORE = r"\b(?:with|w/|plus|alongside)\s+(?:the\s+|a\s+)?"
# "check the list with simvastatin", "her med list against clarithromycin": the thread's list, each with the drug
_LIST_WITH = re.compile(r"\b(?:the|this|that|my|our|her|his|their)\s+(?:[\w-]+\s+)?(?:list|file|upload|panel|batch|"
                        r"meds|medications)\s+(?:with|against|vs\.?|versus|w/)\s", re.I)


def partner_pairs(e: Entities, pool: list[EntryMeta], lowered: str, read: Callable[[str], Any] | None,
                  earlier: str = "") -> list[list[str]] | None:
    """"and with rifampicin as the inducer?" after "DM-5120 with ketoconazole and with itraconazole": the drug the
    thread's pairs all share (the first of each) with the one new drug the message names after "with"."""
    mine = {_drug_key(m) or m for m in e.molecules}
    named = [n for n in e.names if n.kind == "drug"]
    latest = e.prose.rsplit("\n", 1)[-1]  # a continuation reads "earlier request\nmessage"
    # (one drug, though it may be named twice: "and with escitalopram, … fills Lexapro too")
    if len(mine) != 1 or read is None or not named or {_drug_key(n.value) or n.value for n in named} != mine or \
            not re.search(_WITH_BEFORE + re.escape(named[0].written), latest, re.I):
        return None
    key = ref_key(pool_ref(pool, ("smiles_pairs",), lowered))
    pairs = read(key) if key else None
    if not isinstance(pairs, list) or not pairs or not all(isinstance(p, list) and len(p) == 2 for p in pairs):
        return None
    anchors = {_drug_key(p[0]) or p[0] for p in pairs}
    if len(anchors) != 1 or anchors == mine:
        return None
    taken = _taken_drug(extract(earlier), pairs[0]) if len(pairs) == 1 and earlier else None
    return [[taken or pairs[0][0], e.molecules[0]]]


# "Patient on rivaroxaban: is clindamycin a problem?", "pt on Tykerb + Xeloda": the drugs a patient takes
ON_A_REGIMEN = re.compile(r"\b(?:on|taking|takes)\s+(?:(?:his|her|their|the)\s+)?$", re.I)


def _taken_drug(e: Entities, pair: list[str]) -> str | None:
    """The drug of the thread's one pair that the earlier request ``e`` says the patient is on ("and with
    erythromycin?" after "Patient on rivaroxaban: is clindamycin a problem?" keeps rivaroxaban)."""
    keys = {_drug_key(m) or m: m for m in pair}
    taken = {keys[key] for n in e.names if n.kind == "drug" and n.start >= 0
             and ON_A_REGIMEN.search(e.prose, 0, n.start) and (key := _drug_key(n.value) or n.value) in keys}
    return taken.pop() if len(taken) == 1 else None


# a part that refers to the molecule named before it (not "BBB for quetiapine on its own": that drug alone)
ITS = re.compile(r"\b(?:its|it)\b(?!\s+own\b)", re.I)
# "…, and then the pair itself through the interaction model": the two molecules of the ask before
THE_PAIR = re.compile(r"\b(?:the|that|this)\s+pair\b|\bthe\s+two\s+(?:together|combined)\b|\bthem\s+together\b", re.I)


def _its_partner(e: Entities, focus: str | None) -> list[str] | None:
    """An ask's part that names one drug and says "its"/"it": that drug with the one other drug of the message."""
    if not focus or not ITS.search(focus) or len(e.molecules) != 1:
        return None
    own = _drug_key(e.molecules[0]) or e.molecules[0]
    others = {_drug_key(m) or m: m for m in extract(e.text).molecules}
    others.pop(own, None)
    return [next(iter(others.values())), e.molecules[0]] if len(others) == 1 else None


# "check it with paroxetine and with sertraline": the drug "it" points back to, with each drug after
# ("Check it against her home Zoloft and her home Lipitor": "with" or "against" said once for both)
_IT_WITH_EACH = re.compile(r"\b(?:it|that\s+one|this\s+one)\s+(?:with|against|vs\.?)\s[^.;?!\n]*?\band\s", re.I)


def _it_with_each(e: Entities) -> list[list[str]] | None:
    """The one drug named before "it with A and with B", paired with each drug named after it; None otherwise."""
    said = _IT_WITH_EACH.search(e.prose)
    if said is None:
        return None
    drugs = [n for n in e.names if n.kind == "drug" and n.start >= 0]
    before = {_drug_key(n.value) or n.value: n.value for n in drugs if n.start < said.start()}
    after = {_drug_key(n.value) or n.value: n.value for n in drugs if n.start >= said.start()}
    if len(before) != 1 or not after or set(before) & set(after):
        return None
    anchor = next(iter(before.values()))
    return [[anchor, other] for other in after.values()]


def _focused(e: Entities, focus: str | None) -> Entities | None:
    """The values of the part of the message that ``focus`` covers, when that part names at least two drugs."""
    start = e.prose.find(focus) if focus and focus.strip() and len(e.text) == len(e.prose) else -1
    if start < 0:
        return None
    part = extract(e.text[start:start + len(focus or "")], e.expect)
    keys = {_drug_key(m) for m in part.molecules}
    return part if len(keys) >= 2 and keys <= {_drug_key(m) for m in e.molecules} else None


_PAIR_INDEX = {word: place - 1 if place > 0 else place for word, place in ordinals().items()}
# "the warfarin one", "the aspirin pair": the pairs that hold a drug named in the message
_NAMED_PAIR = re.compile(r"\bthe\s+(?P<name>[A-Za-z][\w-]{2,})\s+(?:one|pair|combo|combination)s?\b", re.I)
_PAIR_ORDINAL = re.compile(rf"\b({'|'.join(_PAIR_INDEX)})\s+(?:pair|combination|combo|one)\b|"
                           r"\bpair\s+(?:#\s?)?(\d{1,2})\b|\brow\s+(\d{1,2})'s\s+pair\b")  # "row 3's pair"




def picked_pairs(pool: list[EntryMeta], lowered: str, read: Callable[[str], Any] | None,
                 e: Entities | None = None) -> list[list[str]] | None:
    """The thread's pairs the words pick: by place ("just the second pair with twosides", "the 2nd one") or by a drug
    in them ("just the warfarin one again")."""
    match = _PAIR_ORDINAL.search(lowered)
    named = _NAMED_PAIR.search(e.prose) if e is not None else None
    if (match is None and named is None) or read is None:
        return None
    key = ref_key(pool_ref(pool, ("smiles_pairs",), lowered))
    pairs = read(key) if key else None
    if not isinstance(pairs, list):
        return None
    if match is None:
        assert named is not None and e is not None
        drugs = {_drug_key(n.value) for n in e.names
                 if n.kind == "drug" and n.written.lower() == named.group("name").lower()}
        holding = [pair for pair in pairs if isinstance(pair, list) and drugs & {_drug_key(m) for m in pair}]
        return holding or None
    index = _PAIR_INDEX[match.group(1)] if match.group(1) else int(match.group(2) or match.group(3)) - 1
    if not -len(pairs) <= index < len(pairs):
        return None
    return [pairs[index]]


# "the pair with the highest probability", "whichever of those pairs came out worst", "the riskiest pair"
_RANKED_PAIR = re.compile(r"\bpair\s+(?:with|that\s+has|having)\s+the\s+(?P<by>highest|lowest|strongest|weakest)\b|"
                          r"\b(?P<adjective>worst|riskiest|most\s+likely|highest[- ]risk|strongest|least\s+likely|"
                          r"safest|lowest[- ]risk)\s+(?:pair|combination|combo)\b|"
                          r"\bpairs?\b[^.;\n]{0,30}?\bcame\s+out\s+(?P<outcome>worst|highest|lowest|strongest)\b|"
                          r"\bthe\s+(?P<one>worse|worst|riskier|riskiest|safer|safest)\s+one\b")  # "the worse one"
_LOWEST = ("lowest", "weakest", "least likely", "safest", "safer", "lowest-risk", "lowest risk")


def ranks_pairs(lowered: str) -> bool:
    """Whether the words pick a pair by its interaction result ("the pair that came out worst")."""
    return _RANKED_PAIR.search(lowered) is not None


def ranked_pair(pool: list[EntryMeta], lowered: str, read: Callable[[str], Any] | None) -> list[list[str]] | None:
    """The pair of the thread's latest interaction results that the words rank first, by its top interaction's
    probability (highest unless they say lowest or safest); None (asked) without results or on a tie."""
    match = _RANKED_PAIR.search(lowered)
    if match is None or read is None:
        return None
    rows = newest_table(pool, read, lambda rows: all("smiles_1" in r and "smiles_2" in r for r in rows))
    written = match.group("by") or match.group("adjective") or match.group("outcome") or match.group("one")
    word = " ".join(written.split())
    scored = sorted(((score, r) for r in rows or [] if (score := _top_probability(r)) is not None),
                    key=lambda item: item[0], reverse=word not in _LOWEST)
    if not scored or (len(scored) > 1 and scored[0][0] == scored[1][0]):
        return None
    row = scored[0][1]
    return [[str(row["smiles_1"]), str(row["smiles_2"])]]


def _top_probability(row: dict[str, Any]) -> float | None:
    """A result row's most likely interaction's probability (flat, or as the top of its listed interactions)."""
    if isinstance(row.get("probability"), int | float):
        return float(row["probability"])
    found = [i["probability"] for i in row.get("interactions") or [] if isinstance(i, dict)
             and isinstance(i.get("probability"), int | float)]
    return float(max(found)) if found else None


MAX_LISTED_FOR_PAIRS = 12  # "check each pair" of an uploaded list: 66 pairs at most, each a model call


def every_listed_pair(pool: list[EntryMeta], lowered: str, read: Callable[[str], Any] | None
                      ) -> list[list[str]] | None:
    """"uploaded the med list for bed 12. Check each pair.": every pair of the thread's list the words point to."""
    if read is None or not EVERY_PAIR.search(lowered):
        return None
    key = ref_key(pool_ref(pool, ("smiles_list",), lowered))
    molecules = read(key) if key else None
    if not isinstance(molecules, list) or not 2 < len(molecules) <= MAX_LISTED_FOR_PAIRS \
            or not all(isinstance(m, str) for m in molecules):
        return None
    return [list(pair) for pair in itertools.combinations(molecules, 2)]


# "Check the first drug on the list against each of the other two": one row of the thread's list with each other row
_ONE_AGAINST_THE_OTHERS = re.compile(
    r"\bthe\s+(?P<place>first|second|third|last)\s+(?:one|drug|compound|molecule|med(?:ication)?|entry|row)?"
    r"(?:\s+(?:on|in|of)\s+the\s+(?:list|file|upload|table|screen|panel))?\s+(?:against|with|vs\.?|versus)\s+"
    r"(?:each\s+of\s+)?the\s+(?:others?|remaining|rest)\b")


def one_against_the_others(pool: list[EntryMeta], lowered: str, read: Callable[[str], Any] | None
                           ) -> list[list[str]] | None:
    """"the first drug on the list against each of the other two": that row paired with each other row of the
    thread's list, in the list's order."""
    found = _ONE_AGAINST_THE_OTHERS.search(lowered)
    key = ref_key(pool_ref(pool, ("smiles_list",), lowered)) if found and read is not None else None
    molecules = read(key) if key and read is not None else None
    if found is None or not isinstance(molecules, list) or not 2 < len(molecules) <= MAX_LISTED_FOR_PAIRS \
            or not all(isinstance(m, str) for m in molecules):
        return None
    place = ordinals()[found.group("place")]
    anchor = molecules[place - 1 if place > 0 else place]
    return [[anchor, m] for m in molecules if m != anchor]


def uploaded_pairs(e: Entities, pool: list[EntryMeta], lowered: str, read: Callable[[str], Any] | None
                   ) -> list[list[str]] | None:
    """"Would our lead and the backup interact?", "our lead with each co-med in the comeds file": the molecule of a
    one-molecule upload the words name, paired with each molecule of the other uploads they name (in their order)."""
    named = uploads_named(lowered, pool)
    if e.molecules or read is None or len(named) < 2:
        return None
    lists = [read(key) for key in named]
    if not all(isinstance(v, list) and v and all(isinstance(m, str) for m in v) for v in lists):
        return None
    single = next((i for i, v in enumerate(lists) if len(v) == 1), None)
    if single is None:
        return None  # two lists of several: which pairs is not said
    partners = [m for i, v in enumerate(lists) if i != single for m in v]
    anchor = lists[single][0]
    if len(partners) > MAX_LISTED_FOR_PAIRS:
        return None
    return [[anchor, m] if single == 0 else [m, anchor] for m in partners]


def listed_pair(pool: list[EntryMeta], lowered: str, read: Callable[[str], Any] | None) -> list[list[str]] | None:
    """"do they interact with each other?" after a request on two drugs: the thread's list of two as one pair. A
    list of any other size names no one pair, so it is asked about."""
    key = ref_key(pool_ref(pool, ("smiles_list",), lowered, only_if_referred=True))
    molecules = read(key) if key and read is not None else None
    if not isinstance(molecules, list) or len(molecules) != 2 or not all(isinstance(m, str) for m in molecules):
        return None
    first, second = molecules
    return [[first, second]] if (_drug_key(first) or first) != (_drug_key(second) or second) else None


# "swap the second drug for ketoconazole", "replace the first one with dasatinib": a drug of the pair by its place
_SWAP_PLACE = re.compile(rf"\b(?:{phrases('value_taken_back_before')})\s+(?:out\s+)?(?:the\s+)?"
                         rf"({'|'.join(_PAIR_INDEX)})\s+(?:drug|one|partner|compound|molecule|agent|med(?:ication)?)s?\b")


# "what if we swap the statin for Crestor?", "the antifungal switched to Nizoral": one drug comes in, the one it
# replaces is said by its kind
_SWAP_WORDS = re.compile(r"\b(?:swap\w*|switch\w*|replac\w*|substitut\w*|exchang\w*|instead)\b", re.I)


def names_pairs_it_cannot_find(e: Entities, lowered: str) -> bool:
    """"swap X for Y", "the third pair", "swap the second drug" or "swap the statin for Y" said, but no such pair in
    the thread (or no drug of that kind in it): asked, never all the pairs."""
    return bool(_PAIR_ORDINAL.search(lowered) or _SWAP_PLACE.search(lowered)) or (
        len(set(e.molecules)) == 1 and (len(e.taken_back) == 1 or bool(_SWAP_WORDS.search(lowered))))


def swapped_pairs(e: Entities, pool: list[EntryMeta], lowered: str, read: Callable[[str], Any] | None,
                  earlier_names: dict[str, str] | None = None) -> list[list[str]] | None:
    """The thread's pairs with one drug exchanged: "swap phenytoin for midazolam", "replace celecoxib with
    clopidogrel", "midazolam instead of phenytoin", "swap the second drug for ketoconazole", "swap the statin for
    Crestor" (the drug whose name, as the thread gave it in ``earlier_names``, shares the new drug's INN stem);
    None unless exactly one drug goes and one comes in."""
    place = _SWAP_PLACE.search(lowered)
    coming = set(e.molecules)  # ("switched citalopram to sertraline. Same check with sertraline": one drug comes in)
    if len(coming) == 1 and read is not None and not place and not e.taken_back and _SWAP_WORDS.search(lowered):
        return _swapped_by_kind(e, pool, lowered, read, earlier_names or {}) or _swapped_anchor(e, pool, lowered, read)
    if len(coming) != 1 or read is None or len(e.taken_back) != (0 if place else 1):
        return None
    key = ref_key(pool_ref(pool, ("smiles_pairs",), lowered))
    pairs = read(key) if key else None
    if not isinstance(pairs, list):
        return None
    new = e.molecules[0]
    pairs = [pair for pair in pairs if isinstance(pair, list) and len(pair) == 2]
    if place:
        index = _PAIR_INDEX[place.group(1)]
        if not -2 <= index < 2:
            return None
        swapped = [[new if i == index % 2 else s for i, s in enumerate(pair)] for pair in pairs]
    else:
        out_key = _drug_key(e.taken_back[0])
        swapped = [[new if _drug_key(s) == out_key else s for s in pair] for pair in pairs]
        if AGAINST_ALL.search(lowered):  # "replace omeprazole with pantoprazole and check it against the other two"
            swapped = [pair for pair in swapped if new in pair]
    return swapped if swapped != pairs else None


def _swapped_anchor(e: Entities, pool: list[EntryMeta], lowered: str, read: Callable[[str], Any]
                    ) -> list[list[str]] | None:
    """The thread's pairs with the one drug they all share exchanged: "OK, paracetamol instead — same three" after
    ibuprofen was checked against each of three drugs."""
    key = ref_key(pool_ref(pool, ("smiles_pairs",), lowered))
    pairs = read(key) if key else None
    if not isinstance(pairs, list) or len(pairs) < 2 or \
            not all(isinstance(pair, list) and len(pair) == 2 for pair in pairs):
        return None
    shared = set.intersection(*({_drug_key(m) or m for m in pair} for pair in pairs))
    new = e.molecules[0]
    said = f"{e.text}\n{e.prose}"  # (a continuation's entities keep the earlier text and this message's prose)
    if any(n.value == new and re.search(rf"\bwith\s+(?:the\s+)?{re.escape(n.written)}\b", said, re.I)
           for n in e.names):
        return None  # "And with citalopram as well — … suggested instead": a partner for the drug they share
    if len(shared) != 1 or (_drug_key(new) or new) in {_drug_key(m) or m for pair in pairs for m in pair}:
        return None
    anchor = shared.pop()
    return [[new if (_drug_key(m) or m) == anchor else m for m in pair] for pair in pairs]


def _swapped_by_kind(e: Entities, pool: list[EntryMeta], lowered: str, read: Callable[[str], Any],
                     earlier_names: dict[str, str]) -> list[list[str]] | None:
    """Each pair's one drug of the new drug's kind (same INN stem: simvastatin -> rosuvastatin), else None."""
    new = e.molecules[0]
    stem = next((inn_stem(r.name) for r in e.names if r.kind == "drug" and r.value == new), None)
    key = ref_key(pool_ref(pool, ("smiles_pairs",), lowered))
    pairs = read(key) if key and stem else None
    if not isinstance(pairs, list):
        return None
    swapped = []
    for pair in pairs:
        if not (isinstance(pair, list) and len(pair) == 2):
            return None
        kin = [i for i, s in enumerate(pair) if inn_stem(earlier_names.get(_drug_key(s) or s, "")) == stem]
        if len(kin) != 1:
            return None  # no drug of that kind in the pair, or both: asked
        swapped.append([new if i == kin[0] else s for i, s in enumerate(pair)])
    return swapped if swapped != pairs else None


def earlier_drug_names(texts: list[str]) -> dict[str, str]:
    """Drug names the thread's earlier messages gave, by molecule ("Zocor" -> simvastatin's key -> "simvastatin")."""
    names: dict[str, str] = {}
    for text in texts:
        for r in extract(text).names:
            if r.kind == "drug":
                names.setdefault(_drug_key(r.value) or r.value, r.name)
    return names


# "add clarithromycin with digoxin as a second pair and rerun both", "Add a second pair: X plus Y. Run both pairs."
_ANOTHER_PAIR = re.compile(r"\ba\s+(?:second|2nd|new|another|extra)\s+pair\b|\banother\s+pair\b|\bboth\s+pairs\b",
                           re.I)  # not "just the second pair", which picks one


def with_the_earlier_pairs(pairs: Any, pool: list[EntryMeta], lowered: str, read: Callable[[str], Any] | None) -> Any:
    """The message's pairs after the thread's earlier ones when it adds a second pair to them; else as given."""
    if not (isinstance(pairs, list) and pairs and read is not None and _ANOTHER_PAIR.search(lowered)):
        return pairs
    key = ref_key(pool_ref(pool, ("smiles_pairs",), ""))
    earlier = read(key) if key else None
    if not isinstance(earlier, list):
        return pairs
    seen = {frozenset(_drug_key(m) or m for m in pair) for pair in earlier if isinstance(pair, list)}
    return earlier + [p for p in pairs if frozenset(_drug_key(m) or m for m in p) not in seen]
