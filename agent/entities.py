"""Deterministic extraction of typed values from a user's message.

Molecules, sequences, cell lines, numbers and masks are taken from what the user typed, never
from an LLM's rewriting of it (small models silently "fix" SMILES). Each finder returns values in
the order they appear.
"""

from __future__ import annotations

import bisect
import copy
import functools
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from agent.atom_ranges import AtomRange, find_atom_ranges
from agent.planning.retraction import asked_part, clause_start, value_question_marks
from agent.quantities import (
    CLOCK_TIME,
    Quantity,
    find_quantities,
    find_unitless_ic50,
    impossible_concentrations,
    readings,
)
from agent.selection import EARLIER_RESULT, group_phrase_spans
from agent.vocabulary import CJK, EASTERN_DIGITS, in_english, load, own_request_words, phrases, request_words
from model_zoo.chem.cells import CellLine, UnknownCellLine, find_cell_line_mentions, resolve_cell_line
from model_zoo.chem.mols import (
    InvalidSmiles,
    case_fixed,
    is_part_of,
    parse_smiles,
    same_molecule_key,
    smiles_from_inchi,
)
from model_zoo.chem.proteins import find_broken_sequences, find_sequences
from model_zoo.names import (
    Resolved,
    Unresolved,
    find_cell_line_names,
    find_cell_shaped_words,
    find_drug_names,
    find_target_names,
    find_unknown_cell_lines,
    is_mutation,
    resolve_cell_line_name,
)
from model_zoo.names.drugs import AMBIGUOUS
from model_zoo.names.other_targets import other_target
from model_zoo.names.text import COMPOUND_CODE, labelled, overlaps

_SMILES_CHARS = re.compile(r"^[A-Za-z0-9@+\-\[\]()=#$%/\\.:*]+$")
_ELEMENT_LETTERS = re.compile(r"^(?:Cl|Br|C|N|O|S|P|F|I|B)+$")
_SMILES_SYNTAX = re.compile(r"[=#()\[\]@/\\]|\d|[cnos]")
_NOT_MOLECULES = {
    "BBB", "CNS", "NSCLC", "SCLC", "CO", "NO", "IN", "IS", "IF", "OF", "ON", "SO", "OR", "BP", "PPB", "PK",
    "FP", "CI", "SI", "SP", "NB", "PS", "PC", "SN", "CF", "CB", "BC", "OS", "CC", "FC", "FF", "NN", "BCF",
    "SNC",  # the CNS in French, Spanish and Portuguese
    "BCS", "PBS", "NOS", "SOP", "SOS", "POC", "SCCS",  # biopharmaceutics class, buffer, synthase, procedure, proof of
    # concept, the EU Scientific Committee on Consumer Safety
    "CL",  # an atom named in prose ("evet Cl olacak", "the Br with Cl"), not hydrogen chloride
}
_WRAPPERS = "\"'`“”‘’<>{}"
_TRAILING = ".,;:?!"
# "ln IC50 -1,5", "0,5", a reply that is only "2,5": a decimal comma where it cannot be a list ("compounds 1,2" and
# "1,2,3" stay numbers; "-1,5, mask" ends a clause)
_NUMBER = re.compile(r"(?<![\w.\-−])([-−]\d+,\d{1,2}(?!\d|,\d)|0,\d+(?!\d|,\d)|^\s*\d{1,2},\d{1,2}(?=\s*$)|"
                     r"[-+−]?\d+(?:\.\d+)?(?:[eE][-+−]?\d{1,2})?)(?![\w.]*[A-Za-z])")  # ("-1.0e0", "5e-7 M")
_LN_CUE = re.compile(r"\bln\s*\(?\s*ic\s?50\s*\)?\s*(?:of|=|:|is|around|~)?\s*$", re.I)
_ZSCORE_CUES = re.compile(r"(ic\s?50\)?|z-?\s?score|\bz\b|target|around|reach|of|to|=|:)\s*$", re.I)
_TAKEN_BACK_AFTER = re.compile(rf"\b(?:{phrases('value_taken_back_before')})\s+(?:the\s+|out\s+)?(\S+)", re.I)
_TAKEN_BACK_BEFORE = re.compile(rf"(?<!\S)(\S+?)(?:[\s?!.,:;—–-]{{0,6}}\b(?:{phrases('self_corrections')})\b|"
                                r"\s*(?:\.\.\.|…|—|–)\s*(?:no|wait|hmm+)\b)", re.I)  # "SiHa... no", "T47D— wait"
# "the quinone cluster", "the aniline couplings", "a quinazoline-type core", "the isatin sulfonamide core" (with a
# group's name between), "the methylcellulose/Tween vehicle" (with another part of it): a name that describes another
# noun
_QUALIFIES_NOUN = re.compile(r"(?:/[\w-]+)?[\s-]*(?:[a-z]{2,}(?:amides?|amines?|esters?|ethers?|ones?|oles?|ines?|yl|"
                             rf"oxy|ates?)[\s-]+)?(?:{phrases('nouns_a_name_qualifies')})\b"
                             # (not a filler: "Is osimertinib like, a strong EGFR binder?")
                             r"(?!(?<=like)\s*,)", re.I)
# "this building block from our 6-bromoindole route": a route named by the material it starts from, no molecule asked
_FROM_A_ROUTE_BEFORE = re.compile(r"\bfrom\s+(?:our|the|their|my|your|that|this)\s+$", re.I)
_ROUTE_AFTER = re.compile(r"[\s-]+(?:route|synthesis|sequence|campaign)\b", re.I)


def _a_route_named_by_it(prose: str, m: Resolved | Unresolved) -> bool:
    return bool(_FROM_A_ROUTE_BEFORE.search(prose, 0, m.start) and _ROUTE_AFTER.match(prose, m.end))


# "the dasatinib warhead alone", "the ibrutinib warhead on BTK": a degrader's warhead is the inhibitor itself
_AS_WARHEAD = re.compile(r"[\s-]+warheads?\b", re.I)
# "the fragment of benzamide", "the core of quinazoline": a part named by the group it is, no molecule to run
_QUALIFIES_NOUN_BEFORE = re.compile(r"\b(?:fragment|moiety|core|scaffold|ring|substructure|motif|subunit|warhead|"
                                    r"portion)\s+of\s+(?:an?\s+|the\s+)?$|"
                                    # "want to see which piperazine the model picks": a kind asked about, no molecule
                                    r"\bwhich\s+$", re.I)
_COSMIC_WRITTEN = re.compile(r"\bCOSMIC(?:\s+id)?\s*[:#=]?\s*(\d{4,9})\b", re.I)


def _unknown_cosmic_ids(prose: str) -> list[Unresolved]:
    """"ln(IC50) for gefitinib, COSMIC 90594": a COSMIC id that no GDSC line has (a digit dropped), asked about."""
    out = []
    for m in _COSMIC_WRITTEN.finditer(prose):
        try:
            resolve_cell_line(m.group(1))
        except UnknownCellLine:
            out.append(Unresolved("cell_line", m.group(0), (), m.start(), m.end(),
                                  "no GDSC line has this COSMIC id (GDSC ids have six or seven digits)"))
    return out


def _a_group(prose: str, mention: Resolved | Unresolved) -> bool:
    """"whose 6-alkoxy chain ends in a morpholine", "bearing a piperazine": a group's name after "a" is a part; so is
    one written beside another group's name ("this quinoline piperazine urea", "the phenol amide"): a class of
    molecules described by its parts."""
    from model_zoo.chem.cores import functional_groups, scaffolds

    groups = {**functional_groups(), **scaffolds()}
    if mention.written.lower() not in groups:
        return False
    before = re.search(r"([A-Za-z][\w-]*)[\s-]+$", prose[max(0, mention.start - 40):mention.start])
    after = re.match(r"[\s-]+([A-Za-z][\w-]*)", prose[mention.end:mention.end + 40])
    return bool(re.search(r"\b(?:a|an)\s+$", prose[max(0, mention.start - 4):mention.start], re.I)) or any(
        word is not None and word.group(1).lower() in groups for word in (before, after))


# "which ones we can wash with heptane", "slurried in MTBE", "recrystallised from ethanol": a process medium
_MEDIUM_BEFORE = re.compile(r"\b(?:wash(?:ed|es|ing)?|(?:re)?slurr(?:y|ied|ies|ying)|triturat(?:e|ed|ing)|"
                            r"extract(?:ed|ing)?|quench(?:ed|ing)?|(?:re)?crystalli[sz](?:e|ed|ing)|purg(?:e|es|ed|ing)|"
                            r"dissolv(?:e|ed|ing))"
                            r"\s+(?:(?:it|them|out)\s+){0,2}(?:with|in|from|into)\s+(?:the\s+|cold\s+|hot\s+)?$", re.I)
# "the related substances (process impurities) of Telmisartan", "imatinib's metabolites": other molecules, made from
# the drug named
_DERIVED = phrases("derived_substances")
_DERIVED_AFTER = re.compile(rf"(?:'s)?[\s-]*(?:{_DERIVED})\b", re.I)
_DERIVED_BEFORE = re.compile(rf"\b(?:{_DERIVED})\s+(?:\([^()]{{0,60}}\)\s+)?(?:of|from|in)\s+(?:the\s+)?$", re.I)
# "the optimized imatinib analogues", "the dabrafenib analogues": the analogues made in the thread, not the drug
# ("imatinib analogues for KU812" asks to make them from imatinib)
# ("optimise my vorinostat analogue (the one I sent earlier)": an analogue, not vorinostat; asked when none is here)
_ITS_ANALOGUES = re.compile(r"[\s-]*(?:analog(?:ue)?s?|derivatives?)\b", re.I)
_THE_BEFORE = re.compile(r"\b(?:the|these|those|our|your|its|their|my)\s+(?:(?:new|optimi[sz]ed|generated)\s+)?$",
                         re.I)


# "Alectinib is pKd ~9 on ALK in our hands. How tight … on RET?": a sentence that reports a known value
_REPORTED = re.compile(r"\bin\s+our\s+hands\b|\b(?:we|I)\s+(?:measured|see|saw|got|found)\b|\breported\b|"
                       r"\bpublished\b|\bliterature\b|\b(?:is|was|has)\s+(?:a\s+)?p?K[di]\b", re.I)


def _asked_targets(targets: list[Resolved], prose: str) -> list[Resolved]:
    """The targets a message asks about: those in a sentence that only reports a known value, those that describe
    molecules and those in a quoted passage are context when the message names another target."""
    sentences = [(m.start(), m.end()) for m in re.finditer(r"[^.?!;\n—–]+[.?!;\n—–]?", prose)]  # (a dash: an aside)

    def reported(target: Resolved) -> bool:
        return any(s <= target.start < e and _REPORTED.search(prose[s:e]) for s, e in sentences)

    def describes(target: Resolved) -> bool:
        return bool(_TARGET_AS_MODIFIER.match(prose, target.end) and _PICKED_BEFORE.search(prose, 0, target.start)) \
            or bool(_PICKED_BY_BINDING.search(prose, 0, target.start) and _BINDS_MOST.match(prose, target.end)) \
            or bool(_PICKED_ON.search(prose, 0, target.start))

    def quoted(target: Resolved) -> bool:  # "'…the dual Src/Abl inhibitors…' pKd of those two on SRC"
        return any(m.start() <= target.start < m.end() for m in _QUOTED_PASSAGE.finditer(prose))

    asked = [t for t in targets if not reported(t) and not describes(t) and not quoted(t)
             and not _CLAIMED_ONLY.match(prose, t.end)]
    return asked if asked and len(asked) < len(targets) else targets


# "is alisertib really Aurora A only? check whether it interacts with AURKB": the claim questioned, not the target
_CLAIMED_ONLY = re.compile(r"[\s-]+(?:only|selective|specific)\s*\?", re.I)
# "the weakest EGFR binder of the three — its pKd on ERBB2", "our EGFR compounds": a target that describes molecules
# picked or owned (not "is crizotinib an ALK binder, or only ROS1/MET?", which asks about it)
_TARGET_AS_MODIFIER = re.compile(r"[\s-]+(?:binders?|hits?|inhibitors?|compounds?|series|actives?|ligands?|"
                                 r"analog(?:ue)?s?|chemotypes?|programm?e?s?|projects?|back-?ups?|leads?)\b", re.I)
# "Whichever binds ERBB2 tightest — does it also hit EGFR?": the target a pick is made by, not the one asked about
_PICKED_BY_BINDING = re.compile(r"\b(?:whichever|the\s+one\s+that|the\s+one\s+which|which(?:ever)?\s+one)\s+"
                                r"(?:binds?|hits?|sticks?\s+to)\s+(?:to\s+)?$", re.I)
# "Take whichever of those came out strongest on DDR1 and run it against ABL1": the target the pick was made on
_PICKED_ON = re.compile(r"\b(?:whichever|the\s+one|which(?:ever)?\s+one)\b[^.;?!\n]{0,40}?\b(?:strongest|best|"
                        r"tightest|highest|most\s+potent|weakest|lowest)\s+(?:on|for|against|at|with)\s+$", re.I)
_BINDS_MOST = re.compile(r"\s+(?:the\s+)?(?:tightest|strongest|best|most\s+(?:strongly|tightly|potently))\b", re.I)
_PICKED_BEFORE = re.compile(r"\b(?:the|our|their|these|those|its|my|top|best|worst|most|least|[a-z]+est)\s+"
                            r"(?:[\w-]+\s+){0,2}$", re.I)  # ("two strongest ERBB2 binders")


def _derived_from(prose: str, mention: Resolved | Unresolved) -> bool:
    return bool(_DERIVED_AFTER.match(prose, mention.end) or _DERIVED_BEFORE.search(prose, 0, mention.start))


# "capsaicin from Capsicum fruit", "paclitaxel, isolated from the Pacific yew": where a named molecule comes from
_SOURCE_BEFORE = re.compile(r"\b(?:isolated\s+|extracted\s+|derived\s+|obtained\s+)?from\s+(?:the\s+)?$", re.I)


def _source_of_a_drug(prose: str, mention: Resolved | Unresolved, named: Sequence[Resolved | Unresolved]) -> bool:
    """A name after "from" that follows a resolved drug of the same sentence: the drug's natural source."""
    before = _SOURCE_BEFORE.search(prose, 0, mention.start)
    return before is not None and any(
        isinstance(n, Resolved) and n.kind == "drug" and n.end <= before.start() and
        not re.search(r"[.;!?\n]", prose[n.end:before.start()]) and before.start() - n.end <= 40 for n in named)


# "RS check lot CLP-75-0521 (clopidogrel): THF, heptane, MTBE", "cutting agents found in street cocaine: caffeine,
# lidocaine": the product of a lot, or the sample the molecules asked about were found in
_SAMPLE_BEFORE = re.compile(r"\b(?:lot|batch)\s+[\w/.-]*\d[\w/.-]*\s*\(\s*$|"
                            r"\b(?:in|from)\s+(?:the\s+)?(?:street|seized|illicit|counterfeit|adulterated)\s+$", re.I)


def _sample_of_others(prose: str, mention: Resolved | Unresolved, named: Sequence[Resolved | Unresolved]) -> bool:
    """A drug named as a lot's product or as the sample others were found in, when the message names others."""
    return bool(_SAMPLE_BEFORE.search(prose, 0, mention.start)) and any(
        isinstance(n, Resolved) and n.kind == "drug" and n.value != getattr(mention, "value", None) for n in named)


def _made_analogues(prose: str, mention: Resolved | Unresolved) -> bool:
    after = _ITS_ANALOGUES.match(prose, mention.end)
    return after is not None and (bool(_THE_BEFORE.search(prose, 0, mention.start)) or (
        after.group().endswith("s") and bool(_A_CLASS_BEFORE.search(prose, 0, mention.start))))


# "for a slide on somatostatin analogues", "other imatinib analogs": a class the drug heads, not the drug
# ("octreotide vs lanreotide, both cyclic somatostatin analogues": what the two are)
_A_CLASS_BEFORE = re.compile(r"\b(?:on|about|among|other|like|both|all|are|were|as|two|three)\s+(?:[a-z]+\s+)?$", re.I)


_DROPPED_AFTER = re.compile(rf"(?<!\S)(\S+?)[\s?!.,:;—–-]{{0,6}}\b(?:{phrases('value_dropped_after')})\b", re.I)
# "Now lapatinib on both targets, to compare with gefitinib": what the results are set against, no input
# ("logD7.4 for those generated molecules, so the students can compare them with doxorubicin")
# ("… aiming for an IC50 of about 0.1 µM - the same ballpark as doxorubicin in those cells": a reference potency)
_COMPARED_WITH = re.compile(r"\b(?:to\s+compare\s+(?:it\s+|them\s+)?(?:with|to|against)|for\s+comparison\s+"
                            r"(?:with|to|against)|compar(?:e|ing)\s+(?:it|them|these|those)\s+(?:with|to|against)|"
                            r"(?:same|similar)\s+(?:ballpark|range|order\s+of\s+magnitude)\s+as|"
                            # "the 40-O substituent is the only difference from sirolimus": the parent they differ from
                            r"differen(?:ce|t)\s+from|differs?\s+from)\s+(?:the\s+)?(\S+)",
                            re.I)
# "I don't expect you to have toceranib, so use sunitinib": a drug the message itself sets aside for another
_NOT_EXPECTED = re.compile(r"\b(?:don'?t|do\s+not)\s+(?:expect|think)\s+(?:you|the\s+(?:bot|model|tables?))\s+"
                           r"(?:to\s+)?(?:have|has|know|knows|hold|holds)\s+(\S+?)(?=[\s,.;:]|$)", re.I)
# "I'll come back with Bakuchiol later", "osimertinib can wait": put off, not asked for now (not "starting ibrutinib
# next week": when a drug starts)
# ("… to compare later with dasatinib, for now only imatinib", "we'll look at dasatinib later")
_DEFERRED = re.compile(r"\b(?:come\s+back\s+(?:to\s+you\s+)?|later\s+)(?:to|with|for|on|about)\s+(\S+)|"
                       r"(?<!\S)(\S+?)\s+(?:can\s+wait|comes?\s+later|for\s+later|later\s+on|later(?=[,;.]\s+"
                       r"(?:but\s+)?(?:for\s+now|today|now)\b))", re.I)
# Names are looked for in the first this-many characters of a message's words: a request names its drugs,
# targets and cell lines up front, and a pasted 30 KB table must not cost seconds of name matching.
NAMES_READ_CHARS = 5_000
_PAIR_SEPARATOR = re.compile(r"[;\n]|,|[.?]\s|\band also\b|\band separately\b|\s[—–]\s")
_SENTENCE_END = re.compile(r"[.?!;]\s|\n")
# "tramadol with each", "X against all of them": that drug with every other one of the message
_WITH_EACH = re.compile(r"\s+(?:with|against|vs\.?|and)\s+(?:each|every|all)(?:\s+of\s+(?:them|those|these))?\b"
                        r"(?!\s+(?:other|pair|combination))", re.I)
# "Prilosec with Zoloft, and each of them with Kisqali": the drugs before, each with the one after
_EACH_OF_THEM_WITH = re.compile(r"\beach\s+of\s+(?:them|those|these|the\s+two)\s+(?:with|against|vs\.?|and)\s+", re.I)
_PAIR_BLOCK = re.compile(r"\n[ \t]*\n")
_PAIR_LINE = re.compile(r"\n")
_PAIR_JOINS = r"\+|/|&|–|—|\bw/|\bwith\b"
# ("Citalopram 20 mg with donepezil 10 mg": a dose may stand before the join)
_DOSE_FIRST = r"\s*(?:\d+(?:[.,]\d+)?\s*(?:mg|mcg|µg|μg|g|ml|iu|units?)\s*)?"
_PAIR_JOIN = re.compile(rf"{_DOSE_FIRST}(?:{_PAIR_JOINS})\s*", re.I)
# in a sentence that writes every drug in pairs, "against" joins a pair too ("quinine against nevirapine and quinine
# against fluconazole"; "A against B and C" is one drug against a list, not pairs)
_SENTENCE_PAIR_JOIN = re.compile(rf"{_DOSE_FIRST}(?:{_PAIR_JOINS}|\bagainst\b|\bvs\.?|\bversus\b)\s*", re.I)
_MASK_LIST = re.compile(r"\[\s*[01](?:\s*,\s*[01])+\s*\]")
_MASK_SPACED = re.compile(r"(?<![\w.\-])[01](?:[ \t]+[01]){3,}(?![\w.])")
_MASK_RUN = re.compile(r"(?<![\w.\-])[01]{4,}(?![\w.]|-\d)")  # not "1101-0019", a subject's id
# "mask 0,0,0,1,1,…" without brackets: six or more flags in a comma list (not "compounds 1,0")
_MASK_COMMAS = re.compile(r"(?<![\w.,\-])[01](?:[ \t]*,[ \t]*[01]){5,}(?![\w.]|[ \t]*,[ \t]*\d)")


@dataclass(frozen=True)
class Number:
    value: float
    pos: int  # character offset in the message
    conversion: str = ""  # how a value with a unit became this one ("IC50 below 100 nM → ln(IC50/µM) = -2.30")


@dataclass
class Entities:
    smiles: list[str] = field(default_factory=list)  # valid ones
    molecules: list[str] = field(default_factory=list)  # everything meant as a SMILES, valid or not, in order
    sequences: list[str] = field(default_factory=list)
    cell_lines: list[CellLine] = field(default_factory=list)
    numbers: list[Number] = field(default_factory=list)
    masks: list[list[int]] = field(default_factory=list)
    atom_ranges: list[AtomRange] = field(default_factory=list)  # "freeze atoms 1-10": a mask once the molecule is known
    invalid_smiles: list[tuple[str, str]] = field(default_factory=list)  # (token, reason) that look like SMILES
    pairs: list[list[str]] = field(default_factory=list)  # molecules grouped two by two by the message's clauses
    cell_mentions: list[tuple[str, CellLine]] = field(default_factory=list)  # (as written, GDSC line)
    names: list[Resolved] = field(default_factory=list)  # drug and target names resolved offline
    unresolved: list[Unresolved] = field(default_factory=list)  # named drugs, targets, cell lines we don't know
    taken_back: list[str] = field(default_factory=list)  # drugs the message takes out ("swap X for Y": X's SMILES)
    cell_shaped: list[Unresolved] = field(default_factory=list)  # "Huh7.5" with no cell-line context: maybe a line
    text: str = ""  # the message the values were found in (Number.pos points into it)
    expect: frozenset[str] = frozenset()  # kinds the message was read as being about (``extract``); its parts too
    prose: str = ""  # the words around the values: the message with molecules, sequences and masks blanked

    # Names are inputs only when the message holds no structure (sequence) of its own; else they are labels.
    molecules_from_names: bool = False
    named_molecules: list[str] = field(default_factory=list)  # those of ``molecules`` that came from drug names
    sequences_from_names: bool = False

    def typed_molecules(self) -> set[str]:
        """The molecules written as structures (not read from drug names)."""
        return set(self.molecules) - set(self.named_molecules)


# a sed-style edit of an earlier request, as chat users type it: "s/EGFR/ERBB2/", "s/-2.5/-3.5/g and rerun"
SUBSTITUTION = re.compile(r"^\s*s/(?P<old>[^/\n]+)/(?P<new>[^/\n]*)/(?P<flags>g?)(?:\s+(?:and\s+)?(?:re-?run|redo|"
                          r"again|pls|please)\b[\s\W]*)*$", re.I)


def read_message(text: str) -> Entities:
    """The values of a message as the planner reads them: its request words and its Chinese or Japanese drug names
    in English (``in_english``), so that what the no-guessing check and the provenance line see ("伊马替尼" is
    imatinib, "降压药" a kind of drug) is what the call was built from. Of an edit ("s/A549/H1299/") only the new
    words are values: the old ones are what it replaces."""
    edit = SUBSTITUTION.match(text)
    return extract(in_english(edit.group("new") if edit else text))


def extract(text: str, expect: frozenset[str] = frozenset()) -> Entities:
    """The typed values of a message (asides left out, see ``without_asides``). A turn reads the same message several
    times (planner, clauses, provenance, history), so results are cached; each caller gets its own copy.

    ``expect``: kinds of value ("cell_line", "protein_seq") the message is known to be about, because it continues
    a request whose tool takes them: a known spelling of one needs no context words ("sorry I meant H1975")."""
    return copy.copy(_extract(without_asides(text), expect))


# "> Predicted ln(IC50) in A375: …" (a Slack/Teams quote of an earlier reply) above "same three in SK-MEL-28 please"
_QUOTE_BLOCK = re.compile(r"(?:^[ \t]*>(?:[ \t][^\n]*)?(?:\n|$))+", re.M)
# a quoted block that asks is a forwarded request ("> Could someone ask the bot about digoxin + amiodarone?"): kept
_ASKS = re.compile(r"\?|\b(?:please|pls|could|can|would|need|want|get|check|run|predict|ask)\b", re.I)
# "> 1. `CC…` — ln(IC50) -1.97", "> • #3 `CC…`": rows of a result, read by their rank from the thread's result
_RANKED = re.compile(r"^[ \t]*>[ \t]*(?:[-*•][ \t]*)?(?:#\s?\d+|\d+[.)]|rank\s+\d+)", re.M | re.I)


_RANK_OF_ROW = re.compile(r"^[ \t]*>[ \t]*(?:[-*•][ \t]*)?(?:#\s?(\d+)|(?<![\d.])(\d+)[.)]|rank\s+(\d+))", re.M | re.I)


def unquoted(text: str) -> str:
    """The message without the earlier replies it quotes: a quote shows what the person is answering, and its values
    (the earlier line, target, goal) are the thread's, not new ones. A quoted block that asks something is a
    forwarded request and stays; the structures of a quoted block stay unless it lists ranked rows ("these two →
    IC50 in HCC-827?" under the two quoted molecules). A message that is all quote is kept."""
    def context(block: re.Match[str]) -> str:
        quoted = block.group()
        if _ASKS.search(quoted):
            return quoted
        if _RANKED.search(quoted):  # one quoted row ("> • #3: -6.02" above "that one -> retro") names its place
            ranks = [next(n for n in row if n) for row in _RANK_OF_ROW.findall(quoted)]
            return f"#{ranks[0]}\n" if len(ranks) == 1 else ""
        structures = [t.strip("`*,;") for t in quoted.split() if looks_like_smiles(t.strip("`*,;"))]
        return " ".join(structures) + "\n" if structures else ""

    if _FORWARD_HEADER.search(_QUOTE_BLOCK.sub("", text)):
        return text  # "FW: breast panel request" above "> Lapatinib in BT-474, predicted ln(IC50)": the request itself
    rest = _QUOTE_BLOCK.sub(context, text)
    return rest if rest.strip() and rest != text else text


# an e-mail forwarded into the thread: "FW: …", "Fwd: …", "Forwarding from the neuro group", "question from Dr. Haile"
_FORWARD_HEADER = re.compile(r"^[ \t]*(?:fwd?|fw)[ \t]*:|\bforward(?:ing|ed)\b|\bfwd\b|"
                             r"\b(?:request|question|ask)\s+from\b", re.I | re.M)


# "2) why is gemcitabine the standard of care?", "2. can the generator take a SMILES as a seed?", "3) Could you
# recommend a good review on BRCAness?": a numbered question for people or about the models, which no tool answers
_FOR_PEOPLE = (
    r"(?:why\b|how\s+(?:come|long|does\s+(?!it\b)|"
    r"do\s+(?!i\b|we\b))|what\s+(?:training|data|is\s+the\s+mechanism)|could\s+you\s+recommend|"
    r"would\s+you\s+(?:call|say|consider)|is\s+(?:it|that|this|a\s+[\d.]+)\s+(?:meaningful|significant|a\s+problem)|"
    r"(?:can|does|do|is|are)\s+(?:the|your)\s+(?:model|generator|optimi[sz]er|tool|bot|dataset|cell\s+features?)\b"
    r"(?!\s+(?:predict|say|think|give|call|flag|see|expect|suggest|rate|score|classify|consider))|"
    r"is\s+\S+\s+(?:represented|in\s+the\s+training)\b)")
# ... or one item of a list written in a line: "(a) Is Zyrtec predicted to cross the BBB? (b) Why is it marketed as less
# sedating? Only need (a)."
_QUESTION_FOR_PEOPLE = re.compile(
    rf"^[ \t]*(?:\(?(?:\d{{1,2}}|[a-h]|[ivx]{{1,4}})[.)]|[-•*])[ \t]*{_FOR_PEOPLE}[^\n]*(?:\n|$)|"
    rf"(?<=\s)\((?:\d{{1,2}}|[a-h]|[ivx]{{1,4}})\)[ \t]*{_FOR_PEOPLE}[^?\n]*\?", re.I | re.M)

# "The two most soluble go forward to cytotoxicity.": the stage the project moves to, not an ask (the ask follows)
_NEXT_STAGE = re.compile(r"\b(?:go(?:es)?|went|going|move[sd]?|moving|progress(?:es|ed)?)\s+forward\s+(?:in)?to\s+"
                         r"(?:the\s+)?[\w-]+(?:\s+(?:assays?|screens?|testing|studies|study|stage|work))?", re.I)
# "[ ] Predicted hydration free energy of the vehicle", "[x] Item 5a verified.": a checklist's boxes, no structure
_CHECKBOX = re.compile(r"(?<![^\s>|*•-])\[[ xX✓✔]\](?=\s)")
# "The HCP also wants to know how long after stopping it the interaction would wane.": a sentence asking how long
# something takes or lasts, which no tool answers
_TIME_QUESTION = re.compile(r"[^.?!\n]*\bhow\s+long\s+(?:after|before|until|till|does|do|did|would|will|should|can|"
                            r"it|the|they|this|that)\b[^.?!\n]*[.?!]?", re.I)

# full-width punctuation and letters (typed with a Chinese, Japanese or Korean input method: "：CC(C)O…", "（a）"), the
# ideographic space, comma and full stop: their ASCII forms, one character for one so that spans stay where they were
_FULL_WIDTH: dict[int, str] = {**{code: chr(code - 0xFEE0) for code in range(0xFF01, 0xFF5F)},
                               0x3000: " ", 0x3001: ",", 0x3002: "."}



# "CI50" (French, Spanish, Portuguese: concentration inhibitrice 50 %) is the IC50; same length, so spans stay
_CI50 = re.compile(r"(?:\b|(?<=\bp))(?:CI|ci)(?=\s?50\b)")  # "pCI50" too


# Text pasted from a PDF: its ligatures ("geﬁtinib", "5-ﬂuorouracil") and names broken at a line's end ("nilo-\ntinib")
_LIGATURES: dict[int, str] = {0xFB00: "ff", 0xFB01: "fi", 0xFB02: "fl", 0xFB03: "ffi", 0xFB04: "ffl", 0xFB05: "st",
                              0xFB06: "st"}
_BROKEN_AT_LINE_END = re.compile(r"\b([A-Za-z]{2,})-[ \t]*\n[ \t]*([a-z]{2,})\b")
# a passage quoted from a paper or a colleague ("…dasatinib binds the active conformation of ABL, in contrast to
# imatinib…"): what someone else wrote (``_without_quoted_passages``)
_QUOTED_PASSAGE = re.compile(r"[\"“](?=(?:[^\"”\n]*\s){5})[^\"”]{30,}[\"”]")
_WORD = re.compile(r"[A-Za-z]{2,}")
# a request passed on in someone else's words ("Forwarding from the client: \"Can you tell us if …\""): the request
_FORWARDED = re.compile(r"(?:\b(?:forward\w*|fwd)\b|\b(?:client|sponsor|customer|boss|pi|manager|supervisor)\b"
                        r"[^.\n]{0,30}\b(?:asks?|asked|wants?|wrote|writes|says?|request\w*|question)\b|\bfrom\s+(?:the\s+|our\s+)?"
                        r"(?:client|sponsor|customer))[^\"“]{0,100}$", re.I)
_REFERS_TO_THE_QUOTE = re.compile(r"\b(?:those|these|them|they|their|both|it|its|the\s+(?:two|three|four|drugs|"
                                  r"compounds|molecules|inhibitors|ones|lines?|kinases?|targets?)|(?:that|this)\s+"
                                  r"(?:one|drug|compound|molecule|line|kinase|target))\b", re.I)


def _joined_name(match: re.Match[str]) -> str:
    """"dasa-\ntinib" as "dasatinib" when that is a drug name; other words keep their hyphen ("well-\nknown")."""
    joined = match.group(1) + match.group(2)
    return joined if any(m.written.lower() == joined.lower() for m in find_drug_names(joined)) else match.group()


def _without_quoted_passages(text: str) -> str:
    """The text without the passages it quotes when the words around them name molecules of their own ("Predicted pKd
    against ABL1 for dasatinib and nilotinib" under a quote that also names imatinib); else all of it ("pKd of those
    two on SRC", "pKd on SRC please" under a quote naming dasatinib). A passage is words ('"mask": [0, 0, …]' between
    the quotes of two JSON keys is none)."""
    def background(m: re.Match[str]) -> bool:
        return len(_WORD.findall(m.group())) >= 5 and not _FORWARDED.search(text, max(0, m.start() - 120), m.start())
    outside = _QUOTED_PASSAGE.sub(lambda m: " " if background(m) else m.group(), text)
    if outside == text or _REFERS_TO_THE_QUOTE.search(outside):
        return text
    names_molecules = any(isinstance(m, Resolved) for m in find_drug_names(outside)) or any(
        looks_like_smiles(_strip(token)) for token in _tokens(outside))
    return outside if names_molecules or _ASKS_NEW_MOLECULES.search(outside) else text


# "… Generate molecules for NCI-H460 aimed at 100 nM.": an ask that takes no molecules, whatever a quote above names
_ASKS_NEW_MOLECULES = re.compile(r"\b(?:generate|design|propose|suggest)\s+(?:some\s+)?"
                                 r"(?:new\s+|novel\s+|candidate\s+)?(?:molecules|compounds|structures|hits)\b", re.I)


def without_asides(text: str) -> str:
    """What the message asks of the tools: without the earlier replies it quotes (``unquoted``), without a passage it
    quotes as background, and without its numbered questions for people ("2) why is it the standard of care?");
    full-width punctuation read as ASCII, PDF ligatures and line-broken names mended, and "CI50" as IC50."""
    text = text.translate(_FULL_WIDTH).translate(_LIGATURES).translate(EASTERN_DIGITS)
    text = _BROKEN_AT_LINE_END.sub(_joined_name, text)
    text = _CI50.sub(lambda m: "IC" if m.group(0) == "CI" else "ic", _without_quoted_passages(text))
    text = _CHECKBOX.sub(lambda m: " " * len(m.group()), text)
    rest = _NEXT_STAGE.sub("", _TIME_QUESTION.sub("", _QUESTION_FOR_PEOPLE.sub("", unquoted(text))))
    rest = _OPTIONS_OF_A_LATER_CHOICE.sub(lambda m: m.group("choice"), _REASON_IN_BRACKETS.sub("", rest))
    if len(_FIELD_LINE.findall(rest)) >= 3:  # "target: KIT\ncompound: same\nnote: third row of the affinity sheet"
        rest = _NOTE_LINE.sub("", rest)
    return rest if rest.strip() else text


# a `key: value` line, and one that only gives context ("note: third row of the affinity sheet", "context: …"): it
# says where the ask belongs, not what it asks
_FIELD_LINE = re.compile(r"^[ \t]*[-•*]?[ \t]*[A-Za-z][\w ()/-]{0,30}:[ \t]*\S", re.M)
_NOTE_LINE = re.compile(r"^[ \t]*[-•*]?[ \t]*(?:notes?|nb|context|comments?|remarks?|background|purpose|reason)"
                        r"[ \t]*:[^\n]*", re.I | re.M)


# "The dopamine result is the point of the exercise (why we give L-DOPA).": a reason in brackets names nothing asked
_REASON_IN_BRACKETS = re.compile(r"\((?:why|because|since|that'?s\s+why)\s[^()]{0,120}\)", re.I)
# "… before we pick the ointment base (petrolatum vs PEG)": the options of a choice still to make, no values to run
_OPTIONS_OF_A_LATER_CHOICE = re.compile(r"(?P<choice>\b(?:before|until|so|when|once)\s+(?:we|i|they|you)\s+(?:can\s+)?"
                                        r"(?:pick|choose|decide(?:\s+on)?|select|settle\s+on)\s+(?:the|a|an|our|"
                                        r"which|between)\b[^()\n.;?!]{0,40}?)\s*\([^()\n]{1,80}\)", re.I)


@functools.lru_cache(maxsize=64)
def _extract(text: str, expect: frozenset[str] = frozenset()) -> Entities:
    found = Entities(text=text, expect=expect)
    found.sequences = find_sequences(text)
    found.masks, text_wo_masks = _extract_masks(text)
    with_patterns = text_wo_masks  # a substructure pattern names a part to keep or change, not a molecule to run
    text_wo_masks = _SMARTS_GIVEN.sub(lambda m: m.group(0)[:m.start("pattern") - m.start()] +
                                      " " * len(m.group("pattern")), _without_code_labels(text_wo_masks))
    inchis: list[str] = []
    text_wo_masks = _with_inchis_set_aside(text_wo_masks, inchis)
    negated = _negated_spans(text_wo_masks)
    mentions = _cell_mentions(text_wo_masks, "cell_line" in expect)
    lines_at = _cell_positions(text_wo_masks, mentions, negated)
    found.cell_mentions = [(written, line) for written, line in mentions
                           if any(not _inside(at, negated, lines_at) for at in _written_at(text_wo_masks, written))]
    found.cell_mentions = _without_earlier_results(text_wo_masks, found.cell_mentions)
    found.cell_lines = _only_the_lines_said(text_wo_masks, found.cell_mentions)
    # "NCI H1975": each word of a spaced name too ("NCI" also reads as a SMILES)
    cell_tokens = {part for written, _ in found.cell_mentions for part in (written, *written.split())
                   if part == written or (len(part) >= 3 and not part.isdigit())}
    residues = "".join(found.sequences)
    prose = text_wo_masks
    searched_from = 0
    positions: list[tuple[int, int]] = []  # where each molecule is written: (start, end)
    listed_short = _short_structures_in_a_list(text_wo_masks)
    for token in _tokens(text_wo_masks):
        if token in cell_tokens or _strip(token) in cell_tokens or (  # ("… in NCI-N87.")
                token.isalpha() and token.isupper() and len(token) >= 6 and token in residues):
            continue
        at = max(text_wo_masks.find(token, searched_from), 0)
        if token[0].isdigit() and labelled(text_wo_masks, at):
            continue  # "DMSO (lot 24B118)": a code (a SMILES starts with an atom), never a structure asked about
        if _ID_FIELD.search(text_wo_masks, max(0, at - 24), at):
            continue  # "sample_id=S24-0311; smiles=…": an identifier's field, whatever its value parses as
        if (bare := _strip(token)).isalpha() and bare.isupper() and _OWNED.search(text_wo_masks, max(0, at - 8), at):
            continue  # "coming to our CCC", "a question from the CCC": a clinic's or programme's acronym
        closes = _open_parentheses(text_wo_masks[:at]) > 0
        smiles, error = (token, None) if token in listed_short else _as_smiles(token, closes)
        if token in listed_short:  # only its own line: "CO" is also part of "COSMIC"
            prose = re.sub(rf"(?m)^([ \t]*){token}(?=[ \t]*$)", rf"\g<1>{' ' * len(token)}", prose)
        elif smiles or error:
            # (keeps offsets aligned with the text; a call's name stays a word: "bace(c(\"…\"))" asks for BACE)
            opener = _CALL_OPENER.match(token) if _without_call(token) != token else None
            kept = opener.group().replace("(", " ") if opener else ""
            prose = prose.replace(token, kept + " " * (len(token) - len(kept)))
        if smiles or error:
            searched_from = max(text.find(token, searched_from), searched_from)
            positions.append((searched_from, searched_from + len(token)))
        if smiles:
            found.smiles.append(smiles)
            found.molecules.append(smiles)
        elif error:
            written = _strip(token, closes)
            found.invalid_smiles.append((written, error))
            found.molecules.append(written)
    found.atom_ranges = find_atom_ranges(with_patterns)
    positions = _without_superseded(found, text, positions, _part_phrase_spans(text, found.atom_ranges))
    found.numbers = _numbers(text_wo_masks, found.smiles, cell_tokens | {r.written for r in found.atom_ranges})
    # "Sorry, 33: 1111100…": the count of the mask's digits, written before it, is no value
    found.numbers = [n for n in found.numbers if not any(n.value == len(mask) and _COUNT_OF_A_MASK.match(
        text_wo_masks, n.pos) for mask in found.masks)]
    # FASTA headers (">sp|P00533|EGFR_HUMAN …") and residues are no words; an e-mail quote ("> we need …") is
    found.prose = re.sub(r"^>(?![ \t]).*$|[A-Z]{20,}|(?:[A-Z]{10} ){2,}[A-Z]*", lambda m: " " * len(m.group(0)), prose,
                         flags=re.M)
    positions = _add_names(found, found.prose, positions, expect)
    found.unresolved += [Unresolved("target", f"{b.written[:12]}…", (), b.start, b.end, b.problem)
                         for b in find_broken_sequences(text)]  # "…ALTE*PEARY…": asked, never cut or replaced
    # the digits of a name are no value ("5-FU", "BRD-4770")
    found.numbers = [n for n in found.numbers if not any(m.start <= n.pos < m.end for m in found.names)]
    _with_inchis(found, inchis)
    found.pairs = _pair_groups(text, found.molecules, positions)
    found.molecules = _named_first(found)
    return found


def _only_the_lines_said(text: str, mentions: list[tuple[str, CellLine]]) -> list[CellLine]:
    """The lines the message names, or only those it says "only" of ("… the table's HCT-116 and HT-29 columns … in HT-29
    only?")."""
    lines = list(dict.fromkeys(line for _, line in mentions))
    only = [line for written, line in mentions
            if re.search(rf"(?<!not\s)(?<!otherwise\s)(?<!else\s)\b(?:only|just)\s+(?:in\s+|for\s+|on\s+)?"
                         rf"{re.escape(written)}(?![\w-])|"
                         rf"(?<![\w-]){re.escape(written)}\s+only\b", text, re.I)]
    return list(dict.fromkeys(only)) if only and len(set(only)) < len(lines) else lines


_INCHI = re.compile(r"\bInChI=1S?/[^\s\"'`]+?(?=[.,;:]?(?:\s|$))")


def _with_inchis_set_aside(text: str, inchis: list[str]) -> str:
    """The text with each InChI ("lipo for InChI=1S/C9H8O4/…") blanked and listed in ``inchis`` (``_with_inchis``)."""
    def set_aside(match: re.Match[str]) -> str:
        inchi = match.group()
        while inchi.endswith(")") and inchi.count(")") > inchi.count("("):
            inchi = inchi[:-1]  # "aspirin (InChI=1S/…(H,11,12))": the bracket the prose opened
        inchis.append(inchi)
        return " " * len(match.group())
    return _INCHI.sub(set_aside, text)


def _with_inchis(found: Entities, inchis: list[str]) -> None:
    """An InChI is a structure the tools do not take: kept as one that is no SMILES, so that the call is refused with
    RDKit's reading of it shown for the user to confirm (an InChI's mobile hydrogens may come back as another
    tautomer: "CC(O)=Nc1ccc(O)cc1" for paracetamol), never run on the thread's molecules instead; one that restates a
    structure or name the message gives ("gefitinib, InChI=1S/…") only labels it."""
    given = {same_molecule_key(m) for m in found.smiles} - {None}
    for inchi in inchis:
        try:
            if same_molecule_key(smiles_from_inchi(inchi)) in given:
                continue
            parse_smiles(inchi)  # (always raises: an InChI is no SMILES; its reason shows RDKit's reading)
        except InvalidSmiles as exc:
            found.invalid_smiles.append((inchi, exc.reason))
        found.molecules.append(inchi)


# "pKd for both, lead first", "ibuprofen + aspirin? ibuprofen first", "venetoclax listed first": the order asked for
_FIRST = re.compile(r"\s*(?:is\s+|listed\s+|goes\s+|comes\s+|going\s+)?first\b(?![-\w])", re.I)
_OWN_FIRST = re.compile(rf"\b(?:our|the|my)?\s*(?:lead|compound|molecule|candidate|ours){_FIRST.pattern}", re.I)


def _named_first(found: Entities) -> list[str]:
    """The molecules with the one the message puts first at the front: a drug named right before "first", or the
    typed structure(s) when "lead first" sets them against named drugs; otherwise in the order written."""
    molecules = found.molecules
    first = {n.value for n in found.names if n.kind == "drug" and n.start >= 0 and n.value in molecules and
             _FIRST.match(found.text, n.end)}
    if len(first) > 1:
        return molecules  # two drugs each said to come first: no order asked
    if not first and found.named_molecules and _OWN_FIRST.search(found.prose):
        first = {m for m in molecules if m not in found.named_molecules}  # "lead first": the typed structures
    return sorted(molecules, key=lambda m: m not in first)  # stable: the rest keep their order


def _without_superseded(found: Entities, text: str, positions: list[tuple[int, int]],
                        parts: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The typed molecules without those a correction replaces ("BBB for <SMILES> -- sorry wrong paste, this one:
    <SMILES>") and those that gloss a part to keep or change ("only the N-methyl amide (the CH3, the NH and the
    C=O)"); returns where the kept ones are written."""
    spans = superseded_spans(text)
    starts = [start for start, _ in positions]
    kept = [i for i, start in enumerate(starts) if not _inside(start, spans, starts) and not _within(start, parts)]
    if len(kept) == len(positions):
        return positions
    written = [found.molecules[i] for i in kept]
    found.smiles = [m for m in found.smiles if m in written]
    found.invalid_smiles = [(w, e) for w, e in found.invalid_smiles if w in written]
    found.molecules = written
    return [positions[i] for i in kept]


# "<code> is really <drug>", "<code> = <drug>", "<drug> (that's what <code> is)": the unknown word names the drug.
_ALIAS_AFTER = re.compile(r"\W*(?:is|=+|means|aka|a\.k\.a\.|stands for|refers to)(?:\s+(?:really|actually|just|"
                          r"simply|basically|our (?:code|name|nickname) for|the same as))?\W*", re.IGNORECASE)
_ALIAS_BEFORE = re.compile(r"\W*(?:that'?s|that is|which is|it'?s|= ?)\s+(?:what\s+)?\W*", re.IGNORECASE)


def _without_aliases(unresolved: list[Unresolved], names: list[Resolved], prose: str) -> list[Unresolved]:
    """Unknown drug names that the same message equates with a resolved drug are not unknown any more; nor is a
    target family whose member the message names."""
    drugs = [n for n in names if n.kind == "drug"]

    def aliased(u: Unresolved) -> bool:
        return u.kind == "drug" and any(
            (n.start >= u.end and _ALIAS_AFTER.fullmatch(prose[u.end:n.start]))
            or (u.start >= n.end and _ALIAS_BEFORE.fullmatch(prose[n.end:u.start]))
            # "Vitamin B3 (nicotinic acid)": a name of several molecules, and the one meant
            or (u.note == AMBIGUOUS and any(option.startswith(f"{n.name} (") for option in u.closest)) for n in drugs)
    # "linked to AMPK inhibition. How strongly does it bind AMPK-alpha1?": the family, then the member asked about
    members = [n.written.lower() for n in names if n.kind == "target"]

    def family_of_a_member(u: Unresolved) -> bool:
        return u.kind == "target" and any(m.startswith(u.written.lower()) and m != u.written.lower() for m in members)
    return [u for u in unresolved if not aliased(u) and not family_of_a_member(u)]


_GOAL_BEFORE = re.compile(r"\b(?:goal|target(?:ing)?|aim(?:ing)?|potency|value)\b[^.;\n]{0,20}$", re.I)
_SCALE_BEFORE = re.compile(r"\b(?:ln|log|z|z-?score|ic\s?50|ec\s?50|gi\s?50)\b", re.I)


def _unscaled_goal(found: Entities) -> list[Quantity]:
    """A potency goal written as a bare number of 3 or more ("goal 6.5", "for the potency use 7"): as
    ln(IC50/µM) that would be a weak 20 µM or more, as pIC50 a potent compound, so the scale is asked."""
    out = []
    for number in found.numbers:
        before = found.text[max(0, number.pos - 30):number.pos]
        if not number.conversion and number.value >= 3 and _GOAL_BEFORE.search(before) \
                and not _SCALE_BEFORE.search(before):
            written = re.match(r"[-+−]?\d+(?:\.\d+)?", found.text[number.pos:])
            end = number.pos + (len(written.group(0)) if written else 0)
            out.append(Quantity(number.value, number.pos, end, found.text[number.pos:end]))
    return out


def _pair_groups(text: str, molecules: list[str], spans: list[tuple[int, int]]) -> list[list[str]]:
    """Molecules two by two: when each is joined to the next by "+", "/", "&", a dash, "w/" or "with" ("warf+asp and
    warf+clopidogrel"), or when every block, line or clause of the message holds exactly two of them. A pair written
    twice is one pair, and a drug is never paired with itself."""
    if len(molecules) <= 2 or len(spans) != len(molecules):
        return []
    bracketed = _bracketed_pairs(text, molecules, spans)
    if bracketed:  # ddi([("warfarin", "simvastatin"), ("amiodarone", "simvastatin")])
        return _distinct_pairs(bracketed)
    each = _EACH_OF_THEM_WITH.search(text)
    before = list(dict.fromkeys(m for (start, _), m in zip(spans, molecules) if each and start < each.start()))
    after = [m for (start, _), m in zip(spans, molecules) if each and start >= each.end()]
    if len(before) >= 2 and len(after) == 1:  # the two named together are a pair too ("X with Y, and each of them …")
        return _distinct_pairs(([before] if len(before) == 2 else []) + [[m, after[0]] for m in before])
    with_each = next((m for (_, end), m in zip(spans, molecules) if _WITH_EACH.match(text, end)), None) or \
        _study_drug_with_each(text, molecules, spans)
    if with_each is not None:  # "… wants to add tramadol. Check tramadol with each."
        return _distinct_pairs([[with_each, other] for other in molecules])
    after_a_list = _written_after_a_list(text, molecules, spans)
    if after_a_list:  # "Med list: warfarin, amiodarone, digoxin. First, warfarin vs amiodarone"
        return _distinct_pairs(after_a_list)
    listed = _one_with_a_list(text, molecules, spans)
    if listed:
        return _distinct_pairs(listed)
    joined = _joined_pairs(text, molecules, spans) or _joined_in_one_sentence(text, molecules, spans)
    if joined:
        return _distinct_pairs(joined)
    positions = [start for start, _ in spans]
    # blocks separated by blank lines ("A\nB\n\nC\nD") first, then lines ("A , B\nC , D"), then lines and clauses
    for separator in (_PAIR_BLOCK, _PAIR_LINE, _PAIR_SEPARATOR):
        cuts = [m.start() for m in separator.finditer(text)]
        groups: dict[int, list[str]] = {}
        for molecule, position in zip(molecules, positions):
            groups.setdefault(bisect.bisect(cuts, position), []).append(molecule)
        if all(len(g) == 2 for g in groups.values()):
            return _distinct_pairs(list(groups.values()))
    return []


_INNER_BRACKETS = re.compile(r"[(\[][^()\[\]]*[)\]]")
_JSON_ARRAY_OF_ARRAYS = re.compile(r"\[\s*\[.*?\]\s*\](?=\s*(?:$|[^\s,\]]))", re.S)


def _json_pairs(text: str) -> list[list[str]]:
    """The pairs of a JSON array of two-string arrays ('[["CCO", "CCN"], ["CCC", "CCO"]]'), as written; [] if none."""
    for match in _JSON_ARRAY_OF_ARRAYS.finditer(text):
        try:
            value = json.loads(match.group())
        except ValueError:
            continue
        if isinstance(value, list) and value and all(
                isinstance(pair, list) and len(pair) == 2 and all(isinstance(s, str) for s in pair) for pair in value):
            return value
    return []


def _bracketed_pairs(text: str, molecules: list[str], spans: list[tuple[int, int]]) -> list[list[str]]:
    """The pairs of a list written as code writes it, each in its own brackets ("[('warfarin', 'simvastatin'),
    ('amiodarone', 'simvastatin')]", a JSON array of two-string arrays): every molecule in innermost brackets that
    hold two."""
    written = _json_pairs(text)
    if written and {m for pair in written for m in pair} <= set(molecules):
        return written
    groups = [[m for (start, end), m in zip(spans, molecules) if b.start() < start and end < b.end()]
              for b in _INNER_BRACKETS.finditer(text)]
    groups = [g for g in groups if g]
    if all(len(g) == 2 for g in groups) and sum(len(g) for g in groups) == len(molecules):
        return groups
    return []


_SENTENCE_END = re.compile(r"[.!?:;\n]")
# a trial's investigational product, named by its label ("IP: osimertinib 80 mg QD", "IP olaparib 300 mg BID") and
# then set against the other drugs ("DDI check, IP vs each conmed", "IP vs each CM")
_STUDY_DRUG = r"(?:IP|IMP|study\s+drug|investigational\s+(?:medicinal\s+)?product)"
_STUDY_DRUG_LABEL = re.compile(rf"\b{_STUDY_DRUG}\s*[:=]?\s*$", re.I)
_STUDY_DRUG_VS = re.compile(rf"\b{_STUDY_DRUG}\s+(?:vs\.?|versus|with|against|x)\s+(?:each|every|all|the)\b", re.I)


def _study_drug_with_each(text: str, molecules: list[str], spans: list[tuple[int, int]]) -> str | None:
    """The drug labelled as the trial's investigational product, when the message sets "IP" against the others."""
    if not _STUDY_DRUG_VS.search(text):
        return None
    labelled = [m for (start, _), m in zip(spans, molecules)
                if _STUDY_DRUG_LABEL.search(text, max(0, start - 40), start)]
    return labelled[0] if len(set(labelled)) == 1 else None


def _written_after_a_list(text: str, molecules: list[str], spans: list[tuple[int, int]]) -> list[list[str]]:
    """The pairs written out ("A vs B", "A with B") in sentences after the one that lists the drugs (a medication
    list): every other mention comes before them; none when no pair is written so."""
    joined = [i for i in range(len(spans) - 1) if _SENTENCE_PAIR_JOIN.fullmatch(text[spans[i][1]:spans[i + 1][0]])
              or _between(text, spans, i)]
    in_pairs = {j for i in joined for j in (i, i + 1)}
    if not joined or len(in_pairs) < 2 * len(joined) or len(in_pairs) == len(spans):
        return []  # (none, a chain "A / B / C", or no list before them)
    opens = max((m.end() for m in _SENTENCE_END.finditer(text, 0, spans[joined[0]][0])), default=-1)
    if opens < 0 or not all(spans[i][0] < opens for i in range(len(spans)) if i not in in_pairs):
        return []
    return [[molecules[i], molecules[i + 1]] for i in joined]


# "pt on tasigna: w/ diflucan, biaxin and prilosec": the first drug with each of a list
_WITH_A_LIST = re.compile(r"\s*:?\s*(?:with|w/|against|vs\.?|versus)\s*", re.I)
_LIST_JOIN = re.compile(r"\s*(?:,|,?\s*(?:and|&|or)\b)\s*", re.I)


def _one_with_a_list(text: str, molecules: list[str], spans: list[tuple[int, int]]) -> list[list[str]]:
    if not _WITH_A_LIST.fullmatch(text[spans[0][1]:spans[1][0]]) or not all(
            _LIST_JOIN.fullmatch(text[end:start]) for (_, end), (start, _) in zip(spans[1:], spans[2:])):
        return []
    return [[molecules[0], other] for other in molecules[1:]]


def _joined_in_one_sentence(text: str, molecules: list[str], spans: list[tuple[int, int]]) -> list[list[str]]:
    """"Dog on chlorambucil + prednisolone; owner wants carprofen. Check chlorambucil–carprofen and
    prednisolone–carprofen": the one sentence that writes every drug of the message in joined pairs; or, after
    sentences that only say what the patient is on, every drug named from it on ("Mama on nevirapine plus fluconazole
    is on quinine. Check quinine against nevirapine and quinine against fluconazole")."""
    cuts = [0, *(m.end() for m in _SENTENCE_END.finditer(text)), len(text) + 1]
    every = {same_molecule_key(m, stereo=True) or m for m in molecules}
    for start, end in zip(cuts, cuts[1:]):
        inside = [(span, m) for span, m in zip(spans, molecules) if start <= span[0] < end]
        later = {same_molecule_key(m, stereo=True) or m for span, m in zip(spans, molecules) if span[0] >= start}
        pairs = _joined_pairs(text, [m for _, m in inside], [span for span, _ in inside], _SENTENCE_PAIR_JOIN) \
            if len(inside) >= 4 else []
        paired = {same_molecule_key(m, stereo=True) or m for pair in pairs for m in pair}
        if pairs and (paired == every or paired == later):
            return pairs
    return []


def _joined_pairs(text: str, molecules: list[str], spans: list[tuple[int, int]],
                  joins: re.Pattern[str] | None = None) -> list[list[str]]:
    """The molecules as pairs when they fall into consecutive twos, each written "A+B", "A/B", "A w/ B" (or as
    ``joins`` says)."""
    if len(molecules) % 2:
        return []
    pairs = []
    for i in range(0, len(molecules), 2):
        (_, end), (start, _) = spans[i], spans[i + 1]
        if not ((joins or _PAIR_JOIN).fullmatch(text[end:start]) or _between(text, spans, i)):
            return []
        pairs.append(molecules[i:i + 2])
    return pairs


# "any predicted interaction between piperacillin and vancomycin? And tazobactam with vancomycin": a pair written
_BETWEEN = re.compile(r"\bbetween\s+$", re.I)
_AND = re.compile(r"\s+and\s+", re.I)


def _between(text: str, spans: list[tuple[int, int]], i: int) -> bool:
    """Whether the molecules at ``i`` and ``i + 1`` are written "between A and B"."""
    (opens, end), (start, _) = spans[i], spans[i + 1]
    return bool(_BETWEEN.search(text, max(0, opens - 40), opens)) and bool(_AND.fullmatch(text[end:start]))


def _distinct_pairs(pairs: list[list[str]]) -> list[list[str]]:
    seen: set[frozenset[str]] = set()
    out = []
    for pair in pairs:
        keys = frozenset(same_molecule_key(m, stereo=True) or m for m in pair)  # (stereoisomers are two drugs)
        if len(keys) == 2 and keys not in seen:
            seen.add(keys)
            out.append(pair)
    return out


def _add_names(found: Entities, prose: str, positions: list[tuple[int, int]],
               expect: frozenset[str] = frozenset()) -> list[tuple[int, int]]:
    """Drug and target names become inputs when the message gives no structure or sequence of its own. With
    typed structures, a name is a label when it stands next to one ("gefitinib COC1…", "CC(C)… (salbutamol)")
    or names the same molecule or a part of one ("keep the pyrrolidine"); any other drug name is an input too
    ("clarithromycin with alprazolam <SMILES> and methadone <SMILES>", "solubility of aspirin and CCOc1ccccc1").
    Returns where the molecules are written in the text."""
    prose = prose[:NAMES_READ_CHARS]
    negated = _negated_spans(prose)
    # a request word of a language the message may be written in ("varten": for) is no misspelt brand ("Vasten"), and
    # one of the language it is written in no drug's shorthand ("ima li interakcije?": is there, not imatinib)
    own = own_request_words(prose)
    named = [m for m in find_drug_names(prose) if not (m.kind == "drug" and (
        m.written.lower() in request_words() and (isinstance(m, Unresolved) or m.fuzzy) or m.written.lower() in own))] \
        + find_target_names(prose, in_context="protein_seq" in expect)
    # "does dabigatran inhibit thrombin?": a protein that is also a (biologic) drug's name is the target; one inside
    # a drug's name ("KRAS (G12C) Inhibitor-12") is the drug
    drug_spans = [(m.start, m.end) for m in named if m.kind == "drug"]
    named = [m for m in named if not (m.kind == "target" and other_target(m.written) is not None and any(
        s <= m.start and m.end <= e and e - s > m.end - m.start for s, e in drug_spans))]
    proteins = [(m.start, m.end) for m in named if m.kind == "target" and other_target(m.written) is not None]
    named = [m for m in named if not (m.kind == "drug" and overlaps(m.start, m.end, proteins))]
    of_kind: dict[str, list[int]] = {}
    for m in named:
        of_kind.setdefault(m.kind, []).append(m.start)
    # "keep quinazoline + aniline", "the aniline from that route": parts and groups, not molecules to run
    parts = _part_phrase_spans(prose, found.atom_ranges, to_clause_end=True) + group_phrase_spans(prose) + \
        _kept_parts_spans(prose)
    mentions = [m for m in named if not _inside(m.start, negated, of_kind[m.kind]) and not _within(m.start, parts)
                and not (m.kind == "drug" and (_QUALIFIES_NOUN.match(prose, m.end) and not _AS_WARHEAD.match(
                    prose, m.end) or _made_analogues(prose, m)
                                               or _QUALIFIES_NOUN_BEFORE.search(prose, 0, m.start)
                                               or _a_group(prose, m)
                                               or _MEDIUM_BEFORE.search(prose, 0, m.start)
                                               or _a_route_named_by_it(prose, m)
                                               or _derived_from(prose, m) or _source_of_a_drug(prose, m, named)
                                               or _sample_of_others(prose, m, named)
                                               or _nickname(prose, m, named) or _restated(prose, m, named)
                                               or _set_against_a_class(prose, m)))]
    found.taken_back = [m.value for m in named if isinstance(m, Resolved) and m.kind == "drug" and
                        _inside(m.start, negated, of_kind[m.kind])]
    # "canine c-kit" is asked about, unless the message names that target for itself too ("human KIT — the proxy
    # for canine c-kit")
    other_species = [m for m in mentions if isinstance(m, Resolved) and _other_species(m, prose)]
    found.names = [m for m in mentions if isinstance(m, Resolved) and m not in other_species]
    plain = {m.value for m in found.names if m.kind == "target"}
    mentions = [_human_only(m) if m in other_species else m for m in mentions
                if not (m in other_species and m.value in plain)]
    known_cells = {written.lower() for written, _ in found.cell_mentions}
    unknown_lines = [m for m in find_unknown_cell_lines(prose) if m.written.lower() not in known_cells
                     and not _in_a_name(m, found.names)
                     and not (known_cells and _ORIGIN_BEFORE.search(prose, 0, m.start))
                     and not _ASSAY_AFTER.match(prose, m.end)] + _unknown_cosmic_ids(prose)
    # "for HepG2... no we dont have it, … OK A549": an unknown line taken back for another is not asked about
    lines_at = [prose.find(w) for w, _ in found.cell_mentions] + [m.start for m in unknown_lines]
    found.unresolved = [m for m in mentions if isinstance(m, Unresolved)] + [
        m for m in unknown_lines if not _inside(m.start, negated, lines_at)]
    found.unresolved = _without_aliases(found.unresolved, found.names, prose)
    found.unresolved = [u for u in found.unresolved if not _glossed_by_a_known_drug(u, found.names, prose)
                        and not _what_a_drug_is_for(u, found.names, prose)
                        and not _named_aside(u, found.names, prose)
                        and not _in_a_list_of_glosses(u, found.names, prose)]
    # "the quinolone with …": a kind of drug, never a misspelled one
    found.unresolved = [u for u in found.unresolved if u.written.lower().removesuffix("s") not in _CLASS_WORDS]
    found.unresolved += _not_said_which(prose, found.names)
    found.unresolved += _untrained_properties(prose) + _drug_classes(prose, named) + _unnamed_mutant(prose) + \
        _mixtures(prose) + \
        _class_of_several(prose, found.names)
    found.unresolved = [u for u in found.unresolved if not (u.kind in ("property", "target") and
                                                            told_how_a_drug_acts(prose, u.start))
                        and not (u.kind == "property" and _the_pairs_mechanism(u, prose, found.names))
                        and not (u.kind == "target" and _glosses_a_named_target(u, prose, found.names))]
    found.unresolved += [Unresolved("ic50_unit", q.written.strip(), tuple(readings(q)), q.start, q.end)
                         for q in find_unitless_ic50(found.text) + _unscaled_goal(found)
                         if not _inside(q.start, negated, [n.pos for n in found.numbers])]  # "100 nM not 10"
    found.unresolved += [Unresolved("ic50_value", written, ()) for written in impossible_concentrations(found.text)]
    flagged = {u.written.lower() for u in found.unresolved}
    shaped = find_cell_shaped_words(prose)
    lines_at = [prose.find(w) for w, _ in found.cell_mentions] + [u.start for u in shaped]
    found.cell_shaped = [u for u in shaped if u.written.lower() not in flagged
                         and not _inside(u.start, negated, lines_at) and not _in_a_name(u, found.names)]
    if _listed_before_as_many(found.text, found.cell_shaped, positions):
        found.cell_shaped = []  # "HB-131, HB-133 and HB-134 from Halden Bio — BACE-1 probability please:" and three
    targets = _asked_targets([n for n in found.names if n.kind == "target"], prose)
    if targets and not found.sequences:
        found.sequences = list(dict.fromkeys(n.value for n in targets))
        found.sequences_from_names = True
    drugs = _without_glosses([n for n in found.names if n.kind == "drug"], prose)
    if drugs and not found.molecules:
        found.molecules = [n.value for n in drugs]
        found.smiles = list(found.molecules)
        found.named_molecules = list(found.molecules)
        found.molecules_from_names = True
        return [(n.start, n.end) for n in drugs]
    if len(positions) != len(found.molecules) or found.invalid_smiles:
        return positions  # a structure to fix first: ask about it, never replace it by a name
    typed = {same_molecule_key(m) for m in found.molecules}
    # an unknown or ambiguous name that labels a typed structure ("Phenoxyethanol SMILES in case you need it: …") is
    # that structure, wherever the message names it
    labelled = {m: u.written.lower() for u in found.unresolved if u.kind == "drug" and u.start >= 0
                for m, (p, _) in zip(found.molecules, positions) if _labels(found.text, u, m, p)}
    listed = _names_of_the_structures_below(found.text, drugs, found.unresolved, positions)
    labelling = set(labelled.values()) | {u.written.lower() for u in listed if isinstance(u, Unresolved)}
    found.unresolved = [u for u in found.unresolved if not (u.kind == "drug" and u.written.lower() in labelling)]
    # a name that labels a structure at one mention labels it at all ("… and Phenoxyethanol. Phenoxyethanol SMILES: …")
    labels = {n.value for n in drugs
              if any(_labels(found.text, n, m, p) for m, (p, _) in zip(found.molecules, positions))} | {
        n.value for n in listed if isinstance(n, Resolved)}
    unlabelled = [n for n in drugs if same_molecule_key(n.value) not in typed and n.value not in labels and (
        _asked_as_a_whole(prose, n) or not any(is_part_of(n.value, m) for m in found.molecules))
        and not _PRODUCT_CONTEXT.match(prose, n.end)]
    if not unlabelled:
        return positions
    # a structure labelled by a name stands where the list names it ("logS for simazine, atrazine and ametryn.
    # Atrazine didn't resolve, so here's its SMILES: …": atrazine second)
    def at(item: tuple[tuple[int, int], str]) -> int:
        return found.text.lower().find(labelled[item[1]]) if item[1] in labelled else item[0][0]
    items = sorted([*zip(positions, found.molecules), *(((n.start, n.end), n.value) for n in unlabelled)], key=at)
    found.molecules = [m for _, m in items]
    found.smiles += [n.value for n in unlabelled]
    found.named_molecules = [n.value for n in unlabelled]
    return [p for p, _ in items]


# "Caco-2 Papp for these two", "MDCK permeability": an assay run in the line (an untrained property), not a line asked
_ASSAY_AFTER = re.compile(r"[\s-]*(?:papp|permeability|efflux|flux|transport|monolayers?)\b", re.I)
# "C3A cells (the liver line derived from HepG2)": the line a named one comes from, not a line asked about
_ORIGIN_BEFORE = re.compile(r"\b(?:derived\s+from|(?:sub)?clon(?:e|al\s+derivative)\s+of|derivative\s+of|"
                            r"descendant\s+of|parent(?:al)?(?:\s+line)?(?:\s+of)?|originally|made\s+from)\s+(?:the\s+)?$",
                            re.I)
# "imatinib mesylate DS lot IMA-2305", "metformin HCl 500/850/1000 mg", "Gefitinib DS:": the product whose impurity,
# intermediate or starting material the typed structure is, not a molecule to run beside it
_PRODUCT_CONTEXT = re.compile(r"(?:\s+(?:mesylate|mesilate|hcl|hydrochloride|sodium|potassium|maleate|tartrate|citrate|"
                              r"besylate|fumarate|sulfate|sulphate|phosphate|succinate))?\s*(?:ds|dp|api|drug\s+substance|"
                              r"drug\s+product|lot|batch|\d+/[\d/\s]*mg)\b", re.I)
# "logS for camptothecin and for our analogue <SMILES>": a drug asked about in its own right, though the typed
# structure contains it (not "keep the camptothecin core": a part of it)
_ASKED_FOR_BEFORE = re.compile(r"\b(?:for|of)\s+$", re.I)
_PART_AFTER = re.compile(r"[\s-]*(?:core|scaffold|ring|moiety|part|unit|fragment|group|warhead|side[\s-]chain|motif|"
                         r"skeleton|portion|like|template|analog(?:ue)?s?|derivatives?)\b", re.I)


def _asked_as_a_whole(prose: str, name: Resolved) -> bool:
    return name.start >= 0 and bool(_ASKED_FOR_BEFORE.search(prose, 0, name.start)) and \
        not _PART_AFTER.match(prose, name.end)


# "the more potent one in A375: run it in SK-MEL-28": the line a ranking was measured in, before the mention
_RANKED_IN = re.compile(r"\b(?:more|most|less|least|best|worst|better|top|highest|lowest)\s+(?:[\w-]+\s+){0,2}"
                        r"(?:in|from)\s+$", re.I)


_ID_FIELD = re.compile(r"(?:\b|(?<=_))(?:id|ID|Id)\s*[:=]\s*[\"']?$")  # (not "acid: CC(=O)O")
# "… was 3.1 uM", "were ~40 nM": a value someone measured, no potency to aim for
MEASURED_VALUE = re.compile(r"\b(?:was|were)\s+(?:~\s*|about\s+|around\s+|roughly\s+)?\d+(?:[.,]\d+)?\s*"
                            r"(?:[nuµμm]M|micromolar|nanomolar)\b", re.I)
_SENTENCE_SPAN = re.compile(r"(?:[^.?!\n]|(?<=\d)\.(?=\d))+[.?!\n]?")  # (not at a decimal point: "3.1 uM")


def _without_earlier_results(text: str, mentions: list[tuple[str, CellLine]]) -> list[tuple[str, CellLine]]:
    """The cell lines less those named only as an earlier result ("Following on from yesterday's MCF-7 number: the
    same compound in T-47D", "the more potent one in A375: run it in SK-MEL-28"), when the message names another."""
    past = [m.span() for m in EARLIER_RESULT.finditer(text)]
    past += [(at, at + len(written)) for written, _ in mentions for at in _written_at(text, written)
             if _RANKED_IN.search(text[max(0, at - 50):at])]
    # "irinotecan in HCT-116 was 3.1 uM. Can you predict ln(IC50) … in HT-29 only?": a value measured in a line
    past += [m.span() for m in _SENTENCE_SPAN.finditer(text)
             if MEASURED_VALUE.search(m.group()) and "?" not in m.group()]
    if not past:
        return mentions
    new = [(written, line) for written, line in mentions
           if any(not any(s <= at < e for s, e in past) for at in _written_at(text, written))]
    return new if new and len(new) < len(mentions) else mentions


def _cell_mentions(text: str, in_context: bool = False) -> list[tuple[str, CellLine]]:
    """GDSC lines as written: exact and loose spellings (``model_zoo.chem.cells``), plus lab spellings the names
    layer reads in a cell-line context ("U87 glioma cells" -> U-87-MG, "for H1975" -> NCI-H1975)."""
    mentions = find_cell_line_mentions(text)
    written = {w for w, _ in mentions}
    for name in find_cell_line_names(text[:NAMES_READ_CHARS], in_context):
        if isinstance(name, Resolved) and name.written not in written:
            mentions.append((name.written, resolve_cell_line(name.value)))
    return sorted(mentions, key=lambda m: text.find(m[0]))


def _cell_positions(text: str, mentions: list[tuple[str, CellLine]], negated: list[_TakenBack]) -> list[int]:
    """Where cell lines, known or not, are written: a correction takes one back only when another follows it.
    Unknown ones are looked for only when the message corrects itself."""
    known = [at for written, _ in mentions for at in _written_at(text, written)]
    if all(s.corrected_at is None for s in negated):
        return known
    names = text[:NAMES_READ_CHARS]
    return known + [u.start for u in find_unknown_cell_lines(names) + find_cell_shaped_words(names)]


# "Metacam or Rimadyl, can't remember which.", "we sell both … and the e-mail doesn't say which": the message itself
# does not know which drug is meant (not "not sure which is more soluble": a question about them)
_NOT_SAID_WHICH = re.compile(r"\b(?:doesn'?t|does\s+not|didn'?t|did\s+not|can'?t|cannot|couldn'?t|don'?t|do\s+not|"
                             r"isn'?t|is\s+not|not)\s+(?:\w+\s+){0,2}?(?:say|said|know|remember|recall|specify|sure|tell|"
                             r"clear|mention)\s+(?:us\s+|me\s+|of\s+)?which(?:\s+one)?(?=\s*(?:[.,;:!?)]|—|–|-\s|$))",
                             re.I)


_EITHER = re.compile(r"\b([A-Z][\w-]{3,})\s+or\s+([A-Z][\w-]{3,})\b")


def _not_said_which(prose: str, names: list[Resolved]) -> list[Unresolved]:
    """The drugs a message names but says it cannot tell apart: asked which, never all of them run."""
    said = _NOT_SAID_WHICH.search(prose)
    if said is None:
        return []
    sentence = max(prose.rfind(mark, 0, said.start()) for mark in ".!?\n") + 1
    options = list(dict.fromkeys(n.name for n in names if n.kind == "drug" and sentence <= n.start < said.start()))
    # "Metacam or Rimadyl": the other side of an "or" counts as an option even when no table knows it
    options += [word for m in _EITHER.finditer(prose, sentence, said.start()) for word in m.groups()
                if not any(n.written == word for n in names)]
    return [Unresolved("drug", said.group(0), tuple(options), said.start(), said.end(), NOT_SAID_WHICH)] \
        if len(options) >= 2 else []


# "Quinidine blocks P-gp and lets loperamide into the brain.": how a drug acts, said as known, before the ask
HOW_A_DRUG_ACTS = re.compile(r"\b(?:(?:block|inhibit|induce|potentiate|displace|prolong)s?|lets\s+\w+\s+into)\b", re.I)
# words that ask for something ("lets loperamide into the brain" tells; "let's" asks)
ASKS_IN_WORDS = re.compile(r"\?|\b(?:please|pls|kindly|predict|run|check|give|need|want|show|tell|estimate|compute|"
                           r"calculate|could|can|would|will|let['’]s|lets\s+(?:do|run|try|check|see|get)|do|does|is|"
                           r"are|what|how|which)\b", re.I)


# "Ibrutinib with ketoconazole and with clarithromycin: CYP3A4 liability check": the enzyme through which the drugs
# paired interact, no property asked
_DRUGS_PAIRED = re.compile(r"\s*(?:\d+(?:\.\d+)?\s*(?:mg|mcg)?\s*)?(?:\+|/|\bwith\b|\bagainst\b|\bplus\b|"
                           r"\band\s+with\b|\band\s+against\b)\s*", re.I)


_COUNT_OF_A_MASK = re.compile(r"\d+\s*(?:digits|atoms)?\s*:\s*(?:$|\s)")
_APPOSITION_BEFORE = re.compile(r"\s*[,(—–-]\s*(?:the|its|a|an)\s+$", re.I)
_RECEPTOR_AFTER = re.compile(r"[\s-]+(?:receptors?|kinases?|enzymes?)\b", re.I)


def _glosses_a_named_target(u: Unresolved, prose: str, names: Sequence[Resolved | Unresolved]) -> bool:
    """"TrkB, the BDNF receptor": the ligand that names the target just named, no other target."""
    return u.start >= 0 and bool(_RECEPTOR_AFTER.match(prose, u.end)) and any(
        isinstance(n, Resolved) and n.kind == "target" and 0 <= n.end <= u.start and
        _APPOSITION_BEFORE.fullmatch(prose[n.end:u.start]) for n in names)


def _the_pairs_mechanism(u: Unresolved, prose: str, names: Sequence[Resolved | Unresolved]) -> bool:
    drugs = [n for n in names if n.kind == "drug" and n.start >= 0]
    return u.written.upper().startswith("CYP") and any(
        _DRUGS_PAIRED.fullmatch(prose[a.end:b.start]) for a, b in zip(drugs, drugs[1:]))


_CLAUSE_MARK = re.compile(r"[.!?\n]|\s[—–]\s|,\s+but\b")


def told_how_a_drug_acts(prose: str, at: int) -> bool:
    """Whether the sentence around ``at`` only tells how a drug acts, and another sentence asks: the protein or the
    property it names is the reason for the question, not what is asked."""
    if at < 0:
        return False
    # (a sentence, or a part of one after a dash or before ", but": "check it against mesalazine — aminosalicylates
    # inhibit TPMT, I think", "Nilotinib inhibits UGT1A1, but separate question: how tightly does it bind ABL1?")
    opens = max((m.end() for m in _CLAUSE_MARK.finditer(prose, 0, at)), default=0)
    closes = next((m.start() for m in _CLAUSE_MARK.finditer(prose, at)), len(prose))
    sentence = prose[opens:closes + 1]
    return bool(HOW_A_DRUG_ACTS.search(sentence)) and not ASKS_IN_WORDS.search(sentence) and \
        bool(ASKS_IN_WORDS.search(prose[:opens] + " " + prose[closes + 1:]))


def _glossed_by_a_known_drug(name: Unresolved, known: list[Resolved], prose: str) -> bool:
    """"Adavosertib (MK-1775)", "MK-1775 (adavosertib)": a drug without a shipped structure glossed in brackets by a
    name that has one is that drug, so nothing is left to ask about."""
    return name.kind == "drug" and name.start >= 0 and any(
        n.kind == "drug" and n.start >= 0 and (prose[name.end:n.start].strip() in ("(", "[") or
                                               prose[n.end:name.start].strip() in ("(", "["))
        for n in known)


# "on Zocor for cholesterol", "metformin to treat his diabetes": what the drug before it is taken for
_TAKEN_FOR = re.compile(r"\s+(?:for|to\s+treat|to\s+lower)\s+(?:(?:his|her|their|the|high|raised)\s+)?", re.I)


def _in_a_list_of_glosses(name: Unresolved, known: list[Resolved], prose: str) -> bool:
    """"zolpidem, eszopiclone and zaleplon (Ambien / Lunesta / Sonata)": a name in brackets that gloss, one by one,
    the drugs listed right before them (as many as the brackets hold), so nothing is left to ask about."""
    if name.kind != "drug" or name.start < 0:
        return False
    opens, closes = prose.rfind("(", 0, name.start), prose.find(")", name.end)
    if opens < 0 or closes < 0 or ")" in prose[opens:name.start] or "(" in prose[name.end:closes]:
        return False
    items = [item for item in re.split(r"\s*[/,;]\s*", prose[opens + 1:closes].strip()) if item]
    clause = max(prose.rfind(mark, 0, opens) for mark in ".;:!?\n") + 1
    before = [n for n in known if n.kind == "drug" and clause <= n.start and n.end <= opens]
    return len(items) >= 2 and len(items) == len({n.value for n in before}) and bool(before) and \
        not prose[before[-1].end:opens].strip()


def _what_a_drug_is_for(name: Unresolved, known: list[Resolved], prose: str) -> bool:
    """A drug without a shipped structure said as what a named drug is taken for: an indication, no molecule."""
    return name.kind == "drug" and name.start >= 0 and any(
        n.kind == "drug" and 0 <= n.end <= name.start and _TAKEN_FOR.fullmatch(prose, n.end, name.start)
        for n in known)


def _named_aside(name: Unresolved, known: list[Resolved], prose: str) -> bool:
    """A drug without a shipped structure named in a sentence that asks nothing, while the sentences that ask name
    two drugs or more of their own ("Lariam vs Malarone argument again. Can you give logD for mefloquine and
    atovaquone?"): the question is about those, not about it."""
    if name.kind != "drug" or name.start < 0:
        return False
    sentences = [(m.start(), m.end()) for m in _SENTENCE.finditer(prose)]
    own = next(((s, e) for s, e in sentences if s <= name.start < e), None)
    if own is None or ASKS_IN_WORDS.search(prose, own[0], own[1]):
        return False
    asking = [(s, e) for s, e in sentences if ASKS_IN_WORDS.search(prose, s, e)]
    return len({n.value for n in known if n.kind == "drug" and any(s <= n.start < e for s, e in asking)}) >= 2


_SENTENCE = re.compile(r"[^.!?\n]+(?:[.!?]+|\n|$)")


def _without_glosses(drugs: list[Resolved], prose: str) -> list[Resolved]:
    """The named drugs, a name glossed in brackets by another name of the same molecule counted once ("dicamba
    (3,6-dichloro-2-methoxybenzoic acid)", "Zyrtec (cetirizine)"); a brand glossed by its active drug, which the
    brand's prodrug contains, is that drug ("Cresemba (isavuconazole)": isavuconazole, not isavuconazonium too)."""
    kept: list[Resolved] = []
    for name in drugs:
        before = kept[-1] if kept else None
        bracketed = before is not None and 0 <= before.end <= name.start and \
            prose[before.end:name.start].strip() in ("(", "[")
        if before is None or not bracketed:
            kept.append(name)
        elif same_molecule_key(name.value) != same_molecule_key(before.value):
            if is_part_of(name.value, before.value):
                kept[-1] = name
            elif not is_part_of(before.value, name.value):
                kept.append(name)
    return kept


def _written_at(text: str, written: str) -> list[int]:
    """Every place the text writes a value ("MCF7 and T47D. sorry -- MCF7 and CAL-51": MCF7 twice)."""
    return [m.start() for m in re.finditer(rf"(?<![\w-]){re.escape(written)}(?![\w-])", text)] or [text.find(written)]


def _part_phrase_spans(text: str, ranges: list[AtomRange], to_clause_end: bool = False) -> list[tuple[int, int]]:
    """Where a message names a part of a molecule to keep or change ("only the N-methyl amide (the CH3, the NH and
    the C=O)"); ``to_clause_end``: on to the end of its clause ("keep quinazoline + aniline, only ..."), so that
    "aniline" there is a part, not a molecule to run. ``text`` may have its structures blanked."""
    spans = []
    for r in ranges:
        start = text.find(r.written.split("(")[0].rstrip()) if r.core else -1
        if start < 0:
            continue
        end = start + len(r.written)
        clause = re.search(r"[,;.\n]|$", text[end:]) if to_clause_end else None
        spans.append((start, end + (clause.start() if clause else 0)))
    return spans


# "The boronic acid, the leucine residue and the pyrazinoyl cap stay exactly as they are; only the benzyl may change":
# the parts of the molecule to optimise that stay, in the subject of "stay", when the message asks for analogues
_KEPT_SUBJECT = re.compile(r"(?:^|(?<=[.;:!?\n]))\s*(?P<subject>the\s[^.;:!?\n]{3,160}?)\s+(?:stays?|remains?|"
                           r"(?:is|are)\s+(?:kept|fixed|frozen|untouched|unchanged|locked))\b", re.I)
_OPTIMISES = re.compile(r"\boptimi[sz]\w*|\banalog(?:ue)?s\b|\bmay\s+change\b|\bmutable\b", re.I)


def _kept_parts_spans(text: str) -> list[tuple[int, int]]:
    if not _OPTIMISES.search(text):
        return []
    return [m.span("subject") for m in _KEPT_SUBJECT.finditer(text)]


@dataclass(frozen=True)
class _TakenBack:
    """A value a message takes back: outright ("not DU-145 - Huh7", "forget TP53, try BTK"), or by a correction
    written after it ("HCC1937?? no wait, NCI-H1975"), which takes it back only when another value of its kind
    follows the correction: "MCF7, sorry" apologises for a late answer and keeps MCF7."""
    start: int
    end: int
    corrected_at: int | None = None  # where the correction ends; None when the value is taken back outright


# a quoted phrase; an apostrophe before a letter ("poor man's") does not close it
_QUOTED = re.compile(r"(?<!\w)['‘\"“]((?:[^\n'’\"”]|['’](?=\w)){2,60}?)['’\"”](?!\w)")
_PRODUCT_NOUN = re.compile(r"\s*(?:bars?|pills?|tabs?|tablets?|blotters?)\b", re.I)


# "naproxen, (S)-2-(6-methoxynaphthalen-2-yl)propanoic acid", "L-phenylalanine (2-amino-3-phenylpropanoic acid)"
_APPOSED = re.compile(r"\s*(?:,|\(|/|—|–|-|=|:)\s*(?:i\.e\.\s*|aka\s+)?")


def _restated(prose: str, name: Resolved | Unresolved, named: list[Resolved | Unresolved]) -> bool:
    """A systematic name right after a drug name that is the same molecule (stereo aside: the systematic name often
    leaves it out): that drug said again, not a second molecule."""
    if not isinstance(name, Resolved) or name.kind != "drug" or not name.source.startswith("OPSIN"):
        return False
    before = [m for m in named if isinstance(m, Resolved) and m.kind == "drug" and 0 <= m.end <= name.start]
    if not before or not _APPOSED.fullmatch(prose[before[-1].end:name.start]):
        return False
    key = same_molecule_key(name.value)
    return key is not None and key == same_molecule_key(before[-1].value)


def named_instead_of_invalid(e: Entities) -> Resolved | None:
    """The one drug a message names beside a structure that does not parse ("BBB for metformin, SMILES
    CN(C)C(=N)NC(N)="): the molecule the question about the structure offers instead; None otherwise."""
    drugs = list({n.value: n for n in e.names if n.kind == "drug"}.values())
    return drugs[0] if e.invalid_smiles and len(drugs) == 1 else None


def _nickname(prose: str, name: Resolved | Unresolved, named: list[Resolved | Unresolved]) -> bool:
    """A drug name that ends a quoted phrase of several words (a nickname: "'poor man's methadone'", not the claim
    "'sorafenib hits the BRAF protein'", nor the pair '"atorvastatin with clarithromycin"') or is quoted before a
    product noun ("'Xanax' bars" that turn out to be etizolam): no molecule the message asks about."""
    for quoted in _QUOTED.finditer(prose):
        if quoted.start(1) <= name.start and name.end <= quoted.end(1):
            # (not a name quoted whole: '"KRAS (G12C) Inhibitor-12" in NCI-H358')
            ends_it = not prose[name.end:quoted.end(1)].strip() and bool(prose[quoted.start(1):name.start].strip())
            alone = not any(other.kind == "drug" and other is not name
                            and quoted.start(1) <= other.start < quoted.end(1) for other in named)
            return (ends_it and alone and len(quoted.group(1).split()) >= 2) or \
                bool(_PRODUCT_NOUN.match(prose, quoted.end()))
    return False


def _in_a_name(word: Unresolved, names: list[Resolved]) -> bool:
    """"KRAS (G12C) Inhibitor-12": a word of a drug's name, no cell line."""
    return any(n.start <= word.start < n.end for n in names)


def _negated_spans(text: str) -> list[_TakenBack]:
    """Where a message takes a value back: "not DU-145 - Huh7", "forget TP53, try BTK", "replace warfarin with
    Tegretol", "HCC1937?? no wait, NCI-H1975", "oxaliplatin? skip that one", "skip cabo"; and everything before a
    correction that writes its kind again ("MCF7 and T47D please. sorry -- MCF7 and CAL-51"); what it puts off
    ("Bakuchiol later")."""
    outright = [m.span(1) for m in _TAKEN_BACK_AFTER.finditer(text)]
    outright += [m.span(1) for m in _DROPPED_AFTER.finditer(text)]  # "oxaliplatin? skip that one"
    outright += [m.span(1) if m.group(1) else m.span(2) for m in _DEFERRED.finditer(text)]
    outright += [m.span(1) for m in _COMPARED_WITH.finditer(text)]
    outright += [m.span(1) for m in _NOT_EXPECTED.finditer(text)]  # "I don't expect you to have toceranib, so use …"
    outright += [m.span(1) for m in _USUAL_BUT.finditer(text)]  # "HepG2 is the usual line, but use HuH-7"
    outright += [m.span(1) for m in _FAILED_BEFORE.finditer(text)]  # "CML 2L after imatinib failure: Sprycel, …"
    outright += [m.span(1) if m.group(1) else m.span(2)  # "… for a CML patient resistant to imatinib"
                 for m in _RESISTANT_TO.finditer(text)]
    outright += [span for start, end in outright for span in _shortened(text, text[start:end])]
    spans = [_TakenBack(start, end) for start, end in outright]
    spans += [_TakenBack(*m.span(1), m.end()) for m in _TAKEN_BACK_BEFORE.finditer(text)]
    return spans + superseded_spans(text)


# "CML 2L after imatinib failure: Sprycel, Tasigna, Bosulif in K562": a treatment the patient had, no molecule to run
_FAILED_BEFORE = re.compile(r"\b(?:after|post|following)\s+([A-Za-z][\w-]{3,})\s+(?:failure|resistance|progression|"
                            r"intolerance|relapse)\b", re.I)
# (a patient's, not a line's: "Has HT-29 been resistant to erlotinib? Predict its ln IC50" asks about erlotinib)
_RESISTANT_TO = re.compile(r"\b(?:patients?|pts?|who|whose|man|woman|child|boy|girl|case|disease)\b[^.?!\n]{0,30}?"
                           r"(?:\b(?:resistant|refractory|intolerant|unresponsive)\s+(?:to|of)\s+([A-Za-z][\w-]{3,})|"
                           r"\b(?:failed|failing|progressed\s+on|relapsed\s+(?:on|after))\s+(?:on\s+)?"
                           r"(?=[A-Za-z][\w-]{3,}\b(?!\s+(?:and|to)\b))([A-Za-z][\w-]{3,}))", re.I)
# "(HepG2 is the usual hepatic line, but use HuH-7, which is what the CRO ran.)": the usual one, set aside
_USUAL_BUT = re.compile(r"(?<![\w-])([\w-]+)\s+(?:is|was|would\s+be)\s+the\s+(?:usual|standard|normal|typical|default)"
                        r"\b[^.;:!?]{0,60}?\bbut\s+(?:use|try|run|take|do)\b", re.I)


# "-- sorry wrong paste, this one:", "no wait --", "oh and sorry,": a correction inside the message
_SUPERSEDING = re.compile(rf"(?<![\w-])(?:{phrases('superseding')})(?![\w-])(?!\s+(?:for|to|about|if)\b)", re.I)
_ADDS = re.compile(rf"(?<![\w-])(?:{phrases('adds_not_replaces')})(?![\w-])", re.I)
# "make that MOLM-13 at 100 nM too": the same goal too, no added value
_GOAL_TOO = re.compile(r"\bat\s+(?:the\s+same\s+\w+|[-−]?\d[\d.,]*\s*\S*)\s+(?:too|as\s+well)\b", re.I)


def superseded_spans(text: str) -> list[_TakenBack]:
    """What a correction inside the message replaces: the text before it (back to the correction before), for each
    kind of value written again after it ("BBB for <SMILES> -- sorry wrong paste, this one: <SMILES>"); nothing when the
    words after it add instead ("oh and sorry, add ROS1 too") or name what they replace ("sorry, aspirin not
    clopidogrel")."""
    marks = sorted({m.span(): m for m in [*_SUPERSEDING.finditer(text), *value_question_marks(text)]}.values(),
                   key=lambda m: m.start())
    spans = []
    for i, mark in enumerate(marks):
        after = text[mark.end():]
        # "sorry, aspirin not clopidogrel": the correction names what it replaces, and only that goes
        if mark.start() > 0 and not _ADDS.search(_GOAL_TOO.sub("", after)) and not _TAKEN_BACK_AFTER.search(after):
            start = max(marks[i - 1].end() if i else 0, clause_start(text, mark.start()))
            spans.append(_TakenBack(start, mark.start(), mark.end()))
    return spans


def _shortened(text: str, word: str) -> list[tuple[int, int]]:
    """Where else the text writes a word it takes back, in full or shortened: "axitinib and cabozantinib... skip
    cabo", "Jakafi and Vidaza... actually skip Vidaza"; a code with digits or hyphens as written ("5-FU and
    gemcitabine -- not 5-FU", "MCF7 and T47D ... not T47D")."""
    word = word.strip(_TRAILING + _WRAPPERS)
    if word.isalpha() and len(word) >= 4:
        return [m.span() for m in re.finditer(rf"\b{re.escape(word)}(?:\w{{3,}})?\b", text, re.I)]
    if len(word) >= 3 and re.fullmatch(r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*", word) and re.search(r"[A-Za-z]", word):
        return [m.span() for m in re.finditer(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text, re.I)]
    return []


def _inside(position: int, spans: list[_TakenBack], same_kind: list[int] | None = None) -> bool:
    """Whether the value written at ``position`` is taken back; ``same_kind`` are where the values of its kind are
    written (a correction takes a value back only when one of them follows it)."""
    return position >= 0 and any(
        s.start <= position < s.end and (s.corrected_at is None or any(p >= s.corrected_at for p in same_kind or []))
        for s in spans)


def _within(position: int, spans: list[tuple[int, int]]) -> bool:
    return position >= 0 and any(start <= position < end for start, end in spans)


# "Phenoxyethanol SMILES in case you need it: OCCOc1ccccc1", "imatinib's structure = …": the structure is the name's
_ITS_STRUCTURE = re.compile(r"(?:(?:'s)?|[^.!?\n]{0,60}\bits\s+)\s*\(?\s*(?:smiles|structure)\b[^.;:=\n]{0,30}[:=]\s*|"
                            # "the carfentanil reference standard (<SMILES>)": the sample's name, then its structure
                            r"\s+(?:(?:reference|analytical|working)\s+)?(?:standard|sample|salt|free\s+base|base)"
                            r"\s*\(?\s*",
                            re.I)


_STRUCTURES_BELOW = re.compile(r"\b(?:smiles|structures?)\b|:\s*$", re.I)


def _listed_before_as_many(text: str, names: Sequence[Resolved | Unresolved], positions: list[tuple[int, int]]) -> bool:
    """Whether the message lists ``names`` (two or more) before as many structures, which it says it gives
    ("… for tributyltin chloride and triclosan; SMILES below.", "HB-131, HB-133 and HB-134 … please:"): their labels."""
    return len(names) >= 2 and len(names) == len(positions) and names[-1].end <= positions[0][0] and \
        bool(_STRUCTURES_BELOW.search(text[names[-1].end:positions[0][0]].rstrip()))


def _names_of_the_structures_below(text: str, drugs: list[Resolved], unresolved: list[Unresolved],
                                   positions: list[tuple[int, int]]) -> list[Resolved | Unresolved]:
    """The drug names a message lists before as many structures, which it says it gives ("… for tributyltin chloride
    and triclosan; SMILES below." and two structures): one label each, in order; else none."""
    named: list[Resolved | Unresolved] = [*drugs, *(u for u in unresolved if u.kind == "drug" and u.start >= 0)]
    names = sorted(named, key=lambda n: n.start)
    names = [n for i, n in enumerate(names) if n.written.lower() not in {m.written.lower() for m in names[:i]}]
    return names if _listed_before_as_many(text, names, positions) else []


def _labels(text: str, name: Resolved | Unresolved, molecule: str, position: int) -> bool:
    """Whether a drug name stands right before ("gefitinib COC1…") or after ("CCO… (ethanol)") a structure."""
    end = position + len(molecule)
    before = text[name.end:position] if name.end <= position else None
    after = text[end:name.start] if end <= name.start else None
    return (before is not None and (len(before) <= 3 and bool(re.fullmatch(r"[\s(:=]*", before))
                                    or bool(_ITS_STRUCTURE.fullmatch(before)))) or (
        after is not None and len(after) <= 3 and bool(re.fullmatch(r"[\s(),]*", after)))


_KNOWN_FLAG_BEFORE = re.compile(r"\b(?:with\s+(?:the|a|an)|has\s+(?:the|a|an)|had\s+(?:the|a|an)|its|their)\s+$")
_KNOWN_ROLE_BEFORE = re.compile(r"\b(?:is|are|as|being)\s+(?:(?:both|all|a|an|known|strong|weak|potent)\s+)*$")
_KNOWN_ROLE_AFTER = re.compile(r"[\s-]+(?:substrates?|inhibitors?|inducers?)\b")
_KNOWN_FLAG_AFTER = re.compile(r"\s+(?:flag|liability|issue|problem|signal|alert|concern|hit)s?\b")
# "our two P-gp tracers", "the hERG team", "for the CYP3A4 lecture": the words describe the molecules, the people or
# the occasion, they ask for nothing
_DESCRIBES_AFTER = re.compile(r"[\s-]+(?:(?:radio)?tracers?|probes?|(?:radio)?ligands?|series|programm?e?|project|team|"
                              r"group|lab|lectures?|seminars?|talks?|class|course|meeting|journal\s+club|webinar|"
                              r"workshop|module|tutorial|genotypes?|phenotypes?|alleles?|"
                              # "a CYP2D6 normal metabolizer (*1/*2)", "CYP2C19 *2/*2": the patient's genotype
                              r"(?:poor|normal|intermediate|extensive|rapid|ultra-?rapid|slow|fast)\s+"
                              r"metabo?li[sz]ers?)\b|\s?\*\d")


# a receptor named as what something binds (the entry's phrase fills the slot)
_BOUND = (r"(?:\b(?:bind(?:s|ing)?|bound|binder)(?:\s+(?:to|with))?|\baffinity\s+(?:for|to)|\bk[di]\s+(?:for|at|on))"
          r"\s+(?:the\s+|an?\s+)?{0}|{0}(?:\s+|-)(?:binding|affinity|binder)")


def _untrained_properties(prose: str) -> list[Unresolved]:
    """Properties asked for that no model predicts ("logP", "pKa"), with the closest trained ones; not those the
    message takes back ("Ames? no — ok the Tox21 p53 one then")."""
    lowered = asked_part(prose).lower()
    found = []
    for phrase, entry in load("untrained_properties.json").items():
        if phrase.startswith("_"):
            continue
        written = r"(?<![a-z0-9])" + re.escape(phrase) + r"(?:e?s)?(?![a-z0-9])"  # plurals
        if entry.get("bound_by"):  # "does tamoxifen bind the estrogen receptor?", "ER binding", "affinity for AR"
            written = _BOUND.format(written)
        for match in re.finditer(written, lowered):
            before = lowered[max(0, match.start() - 20):match.start()]
            if _KNOWN_FLAG_BEFORE.search(before) and _KNOWN_FLAG_AFTER.match(lowered, match.end()):
                continue  # "drop KRN-0415, it's the one with the hERG flag": what is known of it, no ask
            if _KNOWN_ROLE_BEFORE.search(before) and _KNOWN_ROLE_AFTER.match(lowered, match.end()) or \
                    _DESCRIBES_AFTER.match(lowered, match.end()):
                continue  # "both are P-gp substrates that cause neurotoxicity": what they are, no ask
            if _PROPERTY_TAKEN_BACK.search(before):
                continue  # "OK, skip hERG. Check it against PDGFRB instead."
            found.append(Unresolved("property", entry["name"], tuple(entry["instead"].values()),
                                    match.start(), match.end(), entry.get("note", "")))
    return sorted(found, key=lambda u: u.start)


# (not "not"/"no": "is it not a hERG blocker?" still asks about hERG)
_PROPERTY_TAKEN_BACK = re.compile(r"\b(?:skip|drop|forget(?:\s+about)?|never\s+mind)\s+(?:the\s+)?$", re.I)


# "same but for the mutant", "and the mutated form?": a mutant whose mutation the message does not name
_UNNAMED_MUTANT = re.compile(r"\b(?:the|a|that|this|its|their)\s+(?:mutant|mutated\s+(?:form|version|one|kinase|"
                             r"receptor|protein|target|enzyme))\b(?!\s+(?:cell\s+)?(?:lines?|cells?|models?|"
                             r"tumou?rs?|patients?|mice)\b)", re.I)


def _unnamed_mutant(prose: str) -> list[Unresolved]:
    found = _UNNAMED_MUTANT.search(prose)
    if found is None or any(is_mutation(w) for w in re.findall(r"[\w-]+", prose)):
        return []
    before = prose[:found.start()].rsplit(".", 1)[-1].rsplit(";", 1)[-1]
    after = re.split(r"[.;!?\n]", prose[found.end():], maxsplit=1)[0]
    if _SET_ASIDE.search(before + found.group() + after):
        return []  # "Skip the mutant for now; wild-type ABL1 only", "the mutant I'll handle separately"
    return [Unresolved("target", found.group(), (), found.start(), found.end(),
                       "which mutation? name it (e.g. L858R) or paste the mutant's sequence")]


# "predict the extract's cytotoxicity", "the hydration free energy of the mixture as a whole": a mixture, which no
# model takes (they predict one molecule at a time); asked about, never run as the compounds it names
_MIXTURE = re.compile(r"\b(?:the|this|our|that)\s+(?:crude\s+|whole\s+)?(?:extract|mixture|blend)"
                      r"(?:'s|\s+as\s+a\s+whole)|"
                      r"\b(?:of|for)\s+(?:the|this|our|that)\s+(?:crude\s+|whole\s+)?(?:extract|mixture|blend)\b"
                      r"(?!\s+(?:of|components?|ingredients?|constituents?)\b)", re.I)


def _mixtures(prose: str) -> list[Unresolved]:
    found = _MIXTURE.search(prose)
    return [] if found is None else [Unresolved(
        "drug", found.group(), (), found.start(), found.end(),
        "a mixture; the models predict one molecule at a time: name its compounds or paste their SMILES")]


# a part of the message put off or turned down
_SET_ASIDE = re.compile(rf"\b(?:{phrases('deferring_words')}|{phrases('declining_openers')}|separately|for\s+now|"
                        r"another\s+time|ignore)\b", re.I)


# "She's on a blood thinner and starting Tagrisso": a kind of drug, not one; asked which (never another drug instead).
# Only as the noun of its phrase ("her statin and …", "a blood thinner?", "that blood pressure pill?"), not a
# modifier ("our steroid ctrl <SMILES>", "my antihistamine worksheet") or a role ("as an antibiotic"), nor one named
# beside it ("a statin (atorvastatin)", "her SSRI, sertraline", "warfarin, a blood thinner")
_DRUG_CLASS = re.compile(rf"(?<!\bas\s)\b(?P<det>a|an|her|his|their|my|our|some|another|any|that|this|the\s+other|"
                         rf"the)\s+"
                         rf"(?:new\s+|daily\s+|regular\s+)?(?P<kind>{phrases('drug_classes')})s?\b"
                         rf"(?=\s*(?:$|[.,;:!?()+&/\d{CJK}]|(?:and|or|with|plus|against|vs|versus|is|are|was|were|that|which|"
                         r"who|he|she|they|we|i|for|in|on|at|to|from|but|so|do|does|did|will|would|can|could|should|"
                         r"might|may|too|also|of|together|already|now|then|since|like|such|called|named)\b))",
                         re.I)
_CLASS_WORDS = frozenset(phrase.lower() for phrase in load("cues.json")["drug_classes"])
_CLASS_VS = rf"\b(?:{phrases('drug_classes')})s?\s+(?:vs\.?|versus)\s+$"
_VS_CLASS = rf"s?\s+(?:vs\.?|versus)\s+(?:{phrases('drug_classes')})s?\b"


def _set_against_a_class(prose: str, m: Resolved | Unresolved) -> bool:
    """A drug named to contrast a kind of drug, whose name is its kind's too: "the glycylcycline vs tetracycline tox
    story" (the tetracyclines, no molecule to run)."""
    return bool(re.search(_CLASS_VS, prose[max(0, m.start - 40):m.start], re.I) or
                re.match(_VS_CLASS, prose[m.end:], re.I))
_PAIRED_WITH = re.compile(r"s?\s*(?:with|against|vs\.?|versus|plus|\+)(?:\s|$)", re.I)
_NAMED_BESIDE = re.compile(r"^\s*(?:[(,:=–—-]|\bis\b|\blike\b|\bsuch\s+as\b|\bnamely\b|\bcalled\b|\bi\.e\.)", re.I)


# "Check the azole with the methadone" after a list with Vfend and Diflucan: a class two named drugs' INN stem share
_CLASS_STEMS: dict[str, str] = load("cues.json")["drug_class_stems"]
_THE_CLASS = re.compile(r"\bthe\s+(?P<kind>" + "|".join(re.escape(k).replace(r"\ ", r"\s+")
                                                    for k in sorted(_CLASS_STEMS, key=len, reverse=True)) + r")\b",
                        re.I)
# a drug of a pair asked: "the azole with the methadone", "check clarithromycin against the statin"
_PAIRED_AFTER = re.compile(r"\s*(?:with|against|vs\.?|versus|\+|&|and\s+the)\b", re.I)
_PAIRED_BEFORE = re.compile(r"(?:\bwith|\bagainst|\bvs\.?|\bversus|\+|&)\s*$", re.I)


CLASS_OF_SEVERAL = "names a kind of drug, and the message names"
NOT_SAID_WHICH = "the message says it does not know which of these is meant"


def _class_of_several(prose: str, names: list[Resolved]) -> list[Unresolved]:
    """"the azole" when the message names two azoles (by their generic names' INN stem): which one is asked."""
    found = []
    for match in _THE_CLASS.finditer(prose):
        if not (_PAIRED_AFTER.match(prose, match.end()) or _PAIRED_BEFORE.search(prose, 0, match.start())):
            continue
        if any(0 <= n.start - match.end() <= 25 and _NAMED_BESIDE.match(prose[match.end():n.start]) or
               0 <= n.start - match.end() <= 1 for n in names):
            continue  # "the statin (atorvastatin)", "the azole voriconazole": the class word glosses a named drug
        stem = _CLASS_STEMS[" ".join(match.group("kind").lower().split())]
        members = list(dict.fromkeys(n.name for n in names if n.kind == "drug" and n.name.lower().endswith(stem)
                                     and 0 <= n.end <= match.start()))  # named before it: "the azole" points back
        if len(members) >= 2:
            found.append(Unresolved("drug", match.group(0), tuple(members), match.start(), match.end(),
                                    f"{CLASS_OF_SEVERAL} {len(members)} of that kind"))
    return found


def _drug_classes(prose: str, names: list[Resolved | Unresolved]) -> list[Unresolved]:
    drugs = [n for n in names if n.kind == "drug" and n.start >= 0]
    found = []
    for match in _DRUG_CLASS.finditer(prose):
        after = next((n for n in drugs if 0 <= n.start - match.end() <= 25), None)
        before = next((n for n in drugs if 0 <= match.start() - n.end <= 4), None)  # "warfarin, a blood thinner"
        if (after is not None and _NAMED_BESIDE.match(prose[match.end():after.start])) or before is not None:
            continue
        stem = _CLASS_STEMS.get(" ".join(match.group("kind").lower().split()))
        if stem is not None and any(getattr(n, "name", "").lower().endswith(stem) and n.end <= match.start()
                                    for n in drugs):
            continue  # "methylphenidate + fluoxetine (…, also on an SSRI)": the class of a drug named before it
        opened = prose.rfind("(", 0, match.start())
        if opened > prose.rfind(")", 0, match.start()) and any(0 <= opened - n.end <= 1 for n in drugs):
            continue  # "ibuprofen together with furosemide (masters runner on a diuretic)": the drug before it
        if match.group("det").lower() == "the" and (
                any(n.start < match.start() for n in drugs) or not _PAIRED_WITH.match(prose, match.end()) or
                (stem is not None and any(getattr(n, "name", "").lower().endswith(stem) for n in drugs))):
            continue  # "the" points to a drug named before or of its class ("the statin …: she takes atorvastatin"),
            # or names a part ("keep the quinolone and …")
        if _CHOICE_BEFORE.search(prose, max(0, match.start() - 40), match.start()) and \
                sum(n.start >= match.end() for n in drugs) >= 2:
            continue  # "team wants an antihistamine … diphenhydramine, cetirizine, fexofenadine?": the candidates
        found.append(Unresolved("drug", match.group("kind"), (), match.start(), match.end(),
                                "names a kind of drug, not one; which drug is it?"))
    return found


# "needs an antiemetic", "cards wants a PPI", "choosing an antihistamine": a kind of drug to choose, whose candidates
# the message names after it
_CHOICE_BEFORE = re.compile(r"\b(?:needs?|wants?|wanted|looking\s+for|considering|choos(?:e|es|ing)|pick(?:s|ing)?|"
                            r"select(?:s|ing)?|deciding\s+on|prefers?|recommends?|suggests?)"
                            r"(?:\s+to\s+(?:add|start|use|give|try))?\s+$", re.I)


def _tokens(text: str) -> list[str]:
    # "?" never occurs in SMILES ("following?CCO"), nor do CJK characters ("估一下:CC(C)O…", no space between them)
    # and a comma between digits is a name's locants ("4,6-dinitro-phenolate"), not a list's; no SMILES starts with a
    # digit, so "1)" opening a line numbers it ("1)ClCCN…", a full-width "1）" read as ASCII); a LIMS field's name
    # opens its value ("product_smiles=CCOC(=O)…", "row1=…", "in=[…]": no SMILES writes a lower-case word before "=")
    return [t for t in re.split(rf"(?:[\s;?{CJK}\uac00-\ud7af]|,(?!\d)|(?<!\d),|"
                                r"(?<![^\n])[ \t]*\d{1,2}\)(?=[A-Za-z\[(])|"
                                r"(?<![^\s;,])(?:[a-z]{2}[a-z0-9_]{0,30}|[a-z][a-z_]{2,30})=(?=\S))+",
                                text) if t]


# "predict(bbbp, c(\"CCO\", …))", "retro(['CCO', …])", "retro(Nc1ccc…CC3)": a function call written around structures
_CALL_OPENER = re.compile(r"^(?:(?:[a-z_][a-z0-9_.]{2,}|c|list)\()+")
_NO_ATOM = re.compile(r"[ad-mq-rt-z]")  # a letter no aromatic atom of a SMILES is written with
_QUOTED_LAST = re.compile(r"[\"'`]([^\"'`\s]+)[\"'`][)\]]+[,;]?")


def _without_call(token: str) -> str:
    """The structure a function call written around it holds (its name opens the token, its ")" close it; the last
    of a list ends with the quote and the call's brackets: 'CCO"))'); the token as it is when no call opens it."""
    opener = _CALL_OPENER.match(token)
    if opener is None:
        quoted_last = _QUOTED_LAST.fullmatch(token)
        return quoted_last.group(1) if quoted_last else token
    inside = token[opener.end():]
    if not inside:
        return ""  # "mask = c(0,0,1,…)": the vector's opener
    if inside[0] not in "\"'`[" and (opener.group() in ("c(", "list(") or not _NO_ATOM.search(opener.group())):
        return token  # ("c1cc2ccc(OC)…", "c(C)…": a structure's own branch)
    inside = inside.rstrip(_TRAILING)
    while inside.endswith((")", "]", '"', "'", "`")) and (inside[-1] != ")" or inside.count(")") > inside.count("(")):
        inside = inside[:-1]
    return inside.strip("\"'`[")


def _strip(token: str, closes: bool = True) -> str:
    """The token without the punctuation around it; an unmatched ")" at its end is dropped only when it ``closes``
    a bracket the prose opened before the token ("(try CCO)"), else it is the structure's own (a typo to ask
    about, never to repair silently)."""
    token = _without_call(token)
    previous = None
    while token != previous:
        previous = token
        token = token.strip(_WRAPPERS).rstrip(_TRAILING).lstrip(":")  # no SMILES starts with a bond ":"
        token = _JSON_LIST_ENDS.sub("", token)  # '["CCO",' or '"CCN"]': a JSON list's brackets around a quoted string
    if ":" in token and not token.startswith("["):  # "gt:CCO", "smiles=CCO" labels
        token = token.split(":", 1)[1] if re.match(r"^[A-Za-z_]+:", token) else token
    labelled = re.sub(r"^(?:gt|smiles|mols?|drugs?|inputs?|molecules|compounds?|cpds?|cmpds?|ligands?|smi|drug_smiles|"
                      r"smiles_list|structures|query|list|seed|parent|lead|hit)=", "", token, flags=re.I)
    if labelled != token:  # "gt=`CSc1…`": the value may be quoted too
        token = labelled.strip(_WRAPPERS).rstrip(_TRAILING)
    # unwrap "(CCO)" only when the parentheses wrap the whole token
    while token.startswith("(") and token.endswith(")") and _balanced(token[1:-1]):
        token = token[1:-1]
    if token.startswith("(") and not _balanced(token):
        token = token[1:]
    if re.fullmatch(r"\[[A-Za-z]{4,}\]", token):  # "drugs=[gefitinib]": a word in list brackets, no bracket atom
        token = token[1:-1]
    # "input=[CCO, CCN, CCC]": the list's square brackets, which no atom in brackets leaves unbalanced
    # (not "[O-[N+](=O)…": a charge or chirality after it opens a bracket atom that lacks its "]", to ask about)
    if token.startswith("[") and token.count("[") > token.count("]") and not _OPENS_AN_ATOM.match(token, 1):
        token = token[1:]
    if token.endswith("]") and token.count("]") > token.count("["):
        token = token[:-1]
    if token.endswith(")") and not _balanced(token) and (closes or len(token) < _STRUCTURE_CHARS and
                                                         token[:-1].isalpha()):
        token = token[:-1]  # (a ring bond or a double bond says a structure, not a word: "C1=CC=CC=C1)" is asked about)
    return token


# an owner or article right before a capitalised word: "our CCC" names a clinic, not propane
_OWNED = re.compile(r"\b(?:the|our|your|their|my|his|her)\s+$", re.I)
_OPENS_AN_ATOM = re.compile(r"\d*[A-Za-z][a-z]?(?:@{1,2}|H\d?)?[+-]|\d*[A-Za-z][a-z]?@")
# ('[["CCO"]]': a list of pairs, too; '[“CCO”]' with typographic quotes)
_JSON_LIST_ENDS = re.compile(r"^\[+(?=[\"'“”‘’])|(?<=[\"'“”‘’])\]+$")
_STRUCTURE_CHARS = 15  # shorter all-letter tokens with a stray ")" are words in brackets more often than structures


def _open_parentheses(text: str) -> int:
    """How many brackets the text leaves open."""
    depth = 0
    for ch in text:
        depth = max(0, depth + (ch == "(") - (ch == ")"))
    return depth


def _short_structures_in_a_list(text: str) -> set[str]:
    """Two-letter structures that are also words ("CO", "CC", "CI"), read as structures when each stands on its own
    line of a pasted list of structures ("Ethanol, methanol and acetonitrile\nCCO\nCO\nCC#N": methanol)."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not any(len(line) > 2 and looks_like_smiles(line) for line in lines):
        return set()
    short = set()
    for line in lines:
        if line.upper() in _NOT_MOLECULES and _ELEMENT_LETTERS.match(line) and "C" in line:
            try:
                parse_smiles(line)
            except InvalidSmiles:
                continue
            short.add(line)
    return short


def _balanced(text: str) -> bool:
    depth = 0
    for ch in text:
        depth += ch == "("
        depth -= ch == ")"
        if depth < 0:
            return False
    return depth == 0


_ISOTOPE_LABEL = re.compile(r"\[\d{1,3}[A-Z][a-z]?\]")


# "C666-1", "SW480-5", "C4-2B": a cell line's or clone's code; "B01-B04", "A1:H12": a range of a plate's wells
_LINE_CODE = re.compile(r"[A-Za-z]{1,3}\d{1,}-\d{1,3}[A-Za-z]?|[A-P]\d{1,2}[-:][A-P]\d{1,2}")


_PROTEIN_BY_MASS = re.compile(r"p\d{2,3}")


# "3CS9", "1XKK": a structure's PDB entry (no SMILES starts with a digit)
_PDB_ID = re.compile(r"\d(?=\w*[A-Za-z])[A-Za-z0-9]{3}")


def looks_like_smiles(token: str) -> bool:
    """Plausibly meant as a SMILES (before parsing): SMILES characters, and not an ordinary word."""
    if len(token) < 2 or not _SMILES_CHARS.match(token) or token.upper() in _NOT_MOLECULES:
        return False
    if token.isdigit() or re.fullmatch(r"(?:[A-Za-z_]{1,12}=)?[-+]?\d+(\.\d+)?", token) or \
            _ISOTOPE_LABEL.fullmatch(token) or _LINE_CODE.fullmatch(token) or _PROTEIN_BY_MASS.fullmatch(token) or \
            _PDB_ID.fullmatch(token) or all(COMPOUND_CODE.fullmatch(code) for code in token.split("/")):
        # ("n=4", "z=-2.0": a setting; "p110 alpha", "p38": a protein named by its mass)
        return False  # (nor "the [123I] form": an isotope named, no molecule; nor "C666-1": a line's code; nor
        # "BB1-0045/BB2-0617/BB3-0290": a hit's building blocks)
    if token.isalpha():  # "CCO", "CCCC"; in prose a short capital word with P, S, F, I or B is an acronym ("her PCP")
        return bool(_ELEMENT_LETTERS.match(token)) and "C" in token and not (
            token.isupper() and len(token) <= 4 and re.search(r"[PSFIB]", token))
    if not _SMILES_SYNTAX.search(token):
        return False
    outside = re.sub(r"\[[^\]]*\]", "", token).replace("Cl", "").replace("Br", "")
    strays = re.findall(r"[ad-mqrt-z]|[AD-EG-HJ-MQ-RT-Z]", outside)  # all but the atoms b c n o p s B C F I N O P S
    if strays and not (_mistyped_structure(token, len(strays)) or case_fixed(token)):
        return False  # letters that are no atom outside brackets: "ln(IC50)", "t-test", "H2O"
    letters = re.sub(r"[^A-Za-z]", "", token)
    # Words with digits such as "IC50", "CDK9", "A549", "H2O" are not what users mean as SMILES.
    return bool(letters) and (len(token) >= 4 or any(c in token for c in "=#()[]"))


def _mistyped_structure(token: str, strays: int) -> bool:
    """A long structure with a typo or two ("C=C(CL)C1…"): meant as a SMILES, so it is reported, not read as
    words (and never silently replaced by a drug name the message also gives)."""
    return len(token) >= 15 and strays <= 2 and bool(re.search(r"[A-Za-z]\d|\d[A-Za-z(]", token)) and (
        token.count("(") + token.count("=")) >= 2


def _as_smiles(raw: str, closes: bool = True) -> tuple[str | None, str | None]:
    token = _strip(raw, closes)
    if not looks_like_smiles(token):
        return None, None
    try:
        parse_smiles(token)
        return token, None
    except InvalidSmiles as exc:
        # Report only tokens that are clearly chemistry (brackets, bonds, rings), not stray words.
        # (nor a hashtag: "#NOF", "#AML")
        if re.search(r"[=#()\[\]]|[A-Za-z]\d", token) and not re.fullmatch(r"[a-z]?[A-Z]+-?\d+[A-Za-z]?", token) \
                and not re.fullmatch(r"#[A-Za-z][A-Za-z_]*", token):
            return None, str(exc)
        return None, None


# "BX-220 = <SMILES>", "BX-501: <SMILES>", "BX-301,<SMILES>" (a pasted table row): the code names the structure after it
_CODE_LABEL = re.compile(r"(?:^|(?<=[\s>|]))[A-Z][A-Za-z]{0,5}-?\d+[A-Za-z]?"
                         r"(?=[ \t]*(?:[:=,\t]|->)[ \t]*(?P<next>\S+))|"
                         # "CMP-1401 <SMILES>" opening a line of a pasted table
                         r"^[ \t]*[A-Z][A-Za-z]{0,5}-?\d+[A-Za-z]?(?=[ \t]+(?P<after>\S+)[ \t]*$)", re.M)


# "only the piperidine ring, SMARTS C1CCNCC1": a substructure pattern that says which part, no molecule to run
# ... or a JSON field of one: {"free_smarts": "N1CCN(CC1)CCO"}
_SMARTS_GIVEN = re.compile(r"(?:\bSMARTS\b(?:\s+(?:for|of)\s+[^:\n]{1,40}?)?|(?i:[a-z]_smarts)[\"']?)\s*[:=]?\s*[\"']?"
                           r"(?P<pattern>[^\s,;\"']+)")


def code_labels(text: str) -> dict[str, str]:
    """Compound codes that label the structure written right after them ("BX-220 = <SMILES>", "Apologies. RX-3318:
    <SMILES>", "CMP-1401 <SMILES>" opening a table line): code -> structure."""
    labels = {}
    for match in _CODE_LABEL.finditer(text):
        written = (match.group("next") or match.group("after")).rstrip(",;")
        smiles, error = _as_smiles(written)
        # "in A549: CCO and CCN": a line's name before a colon is the line, not a compound code; "S-02,C1CC(N" labels
        # a structure that did not parse (asked about as that row, never read as another ask)
        # (a code with its hyphen, for one that did not parse: "CN1C=NC2=…" is no code and its structure)
        if (smiles or error and _HYPHENATED_CODE.fullmatch(match.group(0).strip())) and \
                not isinstance(resolve_cell_line_name(match.group(0)), Resolved):
            labels[match.group(0).strip()] = smiles or written
    return labels


_HYPHENATED_CODE = re.compile(r"[A-Za-z]{1,6}[-_]\d{1,5}")


def _without_code_labels(text: str) -> str:
    """The text with compound codes that label the structure written right after them blanked, wherever the text
    writes them ("the usual profile on BX-118? … BX-118 = <SMILES>"), so that they are read as neither a cell line
    nor an unknown drug."""
    for code in code_labels(text):
        text = re.sub(rf"(?<![\w-]){re.escape(code)}(?![\w-])", lambda m: " " * len(m.group(0)), text)
    return text


def _extract_masks(text: str) -> tuple[list[list[int]], str]:
    masks: list[list[int]] = []
    for pattern in (_MASK_LIST, _MASK_COMMAS, _MASK_SPACED, _MASK_RUN):
        def take(match: re.Match[str]) -> str:
            masks.append([int(c) for c in re.findall(r"[01]", match.group(0))])
            return " " * len(match.group(0))
        text = pattern.sub(take, text)
    return masks, text


def _numbers(text: str, smiles: list[str], cell_tokens: set[str]) -> list[Number]:
    """Numbers outside SMILES, cell-line names and masks; blanking keeps offsets aligned with the text.
    IC50 targets with a unit ("below 100 nM", "pIC50 7") come converted to ln(IC50/µM)."""
    quantities = find_quantities(text)
    masked = text
    for q in quantities:
        masked = masked[:q.start] + " " * (q.end - q.start) + masked[q.end:]
    for token in sorted(set(smiles) | cell_tokens, key=len, reverse=True):
        masked = masked.replace(token, " " * len(token))
    # (codes whole: "ONC-417-201" holds no -201, "PM-24/2455" no 2455; nor "CDK4/6", "MEK1/2" a 6 or a 2)
    masked = re.sub(r"\b(?:[pP]?IC\s?50|[A-Z]{2,}\d+(?:/\d+)+|[A-Z]{2,}\d+(?:-\d+)*|[A-Z]{2,}(?:-\d+)+(?:/\d+)*)\b",
                    lambda m: " " * len(m.group(0)), masked)
    masked = _NUMBERED_PART.sub(lambda m: " " * len(m.group(0)), masked)  # "Module 2.6.2", "Item 2:": no value
    masked = _MASK_LEGEND.sub(lambda m: " " * len(m.group(0)), masked)  # "Mask (1 = may change)": no value
    plain = [Number(float(m.group(1).replace("−", "-").replace(",", ".")), m.start(1))
             for m in _NUMBER.finditer(masked) if not _counts_or_measures(text, m.start(1), m.end(1))]
    converted = [Number(q.ln_ic50, q.start, q.conversion) for q in quantities]
    return sorted(plain + converted, key=lambda n: n.pos)


# the key of a mask written as digits: "(1 = may change)", "0 = fixed", "1=mutable"
_MASK_LEGEND = re.compile(r"(?<![\w.-])[01]\s*=\s*(?:may|can|free|mutable|changes?|changeable|variable|fixed|keep|kept|"
                          r"frozen|locked|allowed|editable|modifiable)\b", re.I)
_UNIT_NO_RESPONSE = re.compile(rf"\s*(?:{phrases('dose_units')}|{phrases('units_no_response')})(?![A-Za-z0-9])", re.I)
# "apixaban 5 mg bid", "cipro 500 bid x 7d": a dose and its schedule, which asks for nothing
DOSE = re.compile(rf"(?<![\w.])\d+(?:[.,]\d+)?\s*(?:(?:{phrases('dose_units')})(?![A-Za-z0-9])|"
                  rf"(?=\s*(?:{phrases('dosing_schedules')})\b))"
                  rf"(?:\s*(?:{phrases('dosing_schedules')}|q\d{{1,2}}h|x\s*\d{{1,3}}\s*d(?:ays?)?)\b)*", re.I)
_COUNT_NOUN = re.compile(rf"\s+(?:\w+\s+)?(?:{phrases('count_nouns')})\b", re.I)  # "20 (new) molecules"
# "new molecules 5 which have ln IC50 about -1": a count after its noun (Khmer's order)
_COUNT_NOUN_BEFORE = re.compile(rf"\b(?:{phrases('count_nouns')})\s+$", re.I)
_COUNT_LABEL = re.compile(rf"\b(?:{phrases('count_labels')})\s*[:=]?\s*$", re.I)


_SPECIES_BEFORE = re.compile(rf"\b(?:{phrases('non_human_species')})\s+(?:[\w-]+\s+)?$", re.I)
_SPECIES_AFTER = re.compile(rf"\s*\([^)]{{0,60}}?\b(?:{phrases('non_human_species')})\b[^)]{{0,40}}", re.I)


def _other_species(m: Resolved, prose: str) -> bool:
    """A target named for another species ("canine c-kit", "KIT (the dog sequence)"): the tables hold human ones."""
    if m.kind != "target" or m.start < 0:
        return False
    named = _SPECIES_BEFORE.search(prose[max(0, m.start - 25):m.start]) or _SPECIES_AFTER.match(prose, m.end)
    # "Plasmodium falciparum CDPK1": DAVIS's PFCDPK1(Pfalciparum) is that species' construct
    construct = re.search(r"\(([A-Z][a-z]{5,})\)$", m.name)
    return named is not None and not (construct is not None and any(
        len(word) >= 5 and word in construct.group(1).lower() for word in re.findall(r"[a-z]+", named.group().lower())))


def _human_only(m: Resolved) -> Unresolved:
    return Unresolved("target", m.written, (), m.start, m.end,
                      note="the shipped target sequences are human (DAVIS); paste or upload the sequence of the "
                           "species you mean, or say to use the human one")


def _counts_or_measures(text: str, start: int, end: int) -> bool:
    """A number that is no drug response: a dose or other measure ("2 mg/kg", "48 h", "37 °C") or a count
    ("20 molecules", "n: 10"). Read as a target potency, it would be a value the user never gave."""
    whole = text[start:end].isdigit()  # a place or a chat word is a bare positive whole number
    near = (max(0, start - 40), end + 40)
    in_dose_or_hour = any(m.start() <= start < m.end() for pattern in (DOSE, CLOCK_TIME)
                          for m in pattern.finditer(text, *near))
    marker = whole and (text[start - 1:start] == "(" and text[end:end + 1] == ")" or  # "(2) optimise …", "2) BBB"
                        bool(re.match(r"[.)]\s", text[end:end + 2]) and not text[:start].strip(" \t").split("\n")[-1]))
    # (a count is a whole number: "-2.5 molecules" sets the goal of molecules to generate)
    return bool(in_dose_or_hour or marker or _UNIT_NO_RESPONSE.match(text, end)
                or whole and (_COUNT_NOUN.match(text, end) or _COUNT_NOUN_BEFORE.search(text, 0, start))
                or bool(_LOCANT_AFTER.match(text, end)) and "." not in text[start:end]
                or (whole and bool(_AGE_SEX_AFTER.match(text, end)))
                or (whole and 1900 <= int(text[start:end]) <= 2100 and bool(_YEAR_BEFORE.search(text, 0, start)))
                or (whole and bool(_ID_PART_AFTER.match(text, end)))
                or (whole and end - start >= 4 and text[start] == "0")  # "tube 0061440": an identifier's zeros
                or (whole and bool(_LIST_AFTER.match(text, end))
                    and bool(_A_COUNT.search(text, 0, start) or _LIST_AFTER_WORD.match(text, end)))
                or _COUNT_LABEL.search(text[max(0, start - 30):start])
                or any(m.start() <= start < m.end() for m in _PATENT_NUMBER.finditer(text, *near))
                or (text[start:end] in ("0", "1") and bool(_MASK_DIGIT_AFTER.match(text, end)))
                or bool(_PH_BEFORE.search(text[max(0, start - 12):start]))
                or (whole and bool(_GRANT_AIM.search(text, 0, start)))
                or (whole and bool(_PICK_BEFORE.search(text[max(0, start - 30):start])
                                   or _CHAT_WORD_AFTER.match(text, end))))


# "Aim 3 proposes …": a grant's aim (not "aim -1", a potency goal)
_GRANT_AIM = re.compile(r"\bAim\s+$")
# "logD7.4", "logD 7.4", "logD at 7.4", "logD (7.4)": the pH written onto the property's name (a pH in words,
# "(pH 7.4)", is read as before)
_PH_BEFORE = re.compile(r"\blog\s?d\s*(?:at\s+|\(\s*|@\s*)?$", re.I)
# "an extra 1 at the end", "lipsea un 1 la final" (a 1 was missing at the end): a digit of a mask being corrected
_MASK_DIGIT_AFTER = re.compile(r"\s+(?:too\s+many\s+|missing\s+|was\s+missing\s+)?(?:at|la|in)\s+(?:the\s+)?"
                               r"(?:end|start|beginning|final|front)\b", re.I)
# "US 2011/0105475 A1", "WO 2019/123456", "US 7,560,558 B2": a patent's number
_NUMBERED_PART = re.compile(r"\b(?:module|item|section|chapter|question|task|table|figure|fig\.?|appendix|annex|"
                            r"page|slide)\s+\d+(?:\.\d+)*\b", re.I)
_PATENT_NUMBER = re.compile(r"\b(?:US|WO|EP|JP|CN|KR|DE|GB|CA|AU)\s?(?:\d[\d,/]{3,}\d)(?:\s?[AB]\d)?\b")
# "here is the right mask, with 29: [0,0,…]", "19 then: [1,1,…]": the count of the list that follows (the list is
# blanked, offsets kept, before numbers are read)
_LIST_AFTER = re.compile(r"\s*(?:[a-z]+\s*)?:(?:\s*\[[\d\s,]+\]| {8,})", re.I)
_A_COUNT = re.compile(r"\b(?:with|of|length|count|has|have)\s+$", re.I)  # "the mask with 29:"
_LIST_AFTER_WORD = re.compile(r"\s*(?:then|now|atoms?|entries|values|long)\s*:", re.I)  # "19 then:"
# "Subject 1101-0019", "SUBJID 2031-004": a number joined to another by a hyphen is an identifier
_ID_PART_AFTER = re.compile(r"-\d{3,}\b")
# "withdrawn from the market in 2010", "approved since 1998": a year
_YEAR_BEFORE = re.compile(r"\b(?:in|since|from|until|till|by|during|circa)\s+$", re.I)
# "2-fluoro-6-methoxyphenyl", "13-cis-RA", "2,4-dichloro": a locant of a chemical name ("2-fold", "2-ish" are values)
_LOCANT_AFTER = re.compile(r"(?:,\d+)*-(?!fold\b|ish\b|times\b)[A-Za-z]{2,}")
# "bed 12 (72 M, AF)", "a 65F on warfarin", "58 yo": a patient's age and sex, no molar concentration
_AGE_SEX_AFTER = re.compile(r"\s?(?:[MF](?![\w/-])|yo\b|y/o\b|y\.o\.|-?years?[\s-]old\b|-?yr\b)")
# "for all 3", "the top 2", "#2": a count or a place; "score 4 this": the number for a word ("for")
# "top 3", "#2", "cpd 2", "cpds 1, 2 and", "compound 4", "row 3": a place or a row's label
_PICK_BEFORE = re.compile(r"(?:\b(?:all|top|first|last|these|those|cpds?|cmpds?|compounds?|rows?|ids?|entry|entries)"
                          r"\s+|"
                          r"\b(?:cpds?|cmpds?|compounds?|rows?|ids?)\s+[\d\s,&–-]*(?:and|or|to)?\s*|#\s*)$", re.I)
_CHAT_WORD_AFTER = re.compile(r"\s+(?:this|these|that|those|them|it)\b", re.I)


def pick_number(e: Entities) -> float:
    """A converted IC50 target ("below 100 nM"), else the number that follows a response cue
    ("ln(IC50) around -2.5", "z = -1"), else the first one."""
    negated = _negated_spans(e.text)
    # "redo it with -2 instead of 200 nM": a value taken back is not the one meant
    digits = [_digits_at(e.text, n.pos) for n in e.numbers]
    numbers = [n for n, at in zip(e.numbers, digits) if not _inside(at, negated, digits)] or e.numbers
    converted = next((n for n in numbers if n.conversion), None)
    # "our two IC50s, 40 nM and 160 nM (= 80 nM)": a value the user worked out from the ones before it
    worked_out = next((n for n in numbers if n.conversion and n is not converted
                       and _WORKED_OUT.search(_before_digits(e.text, n.pos, 8))), None)
    converted = worked_out or converted
    if converted is not None and _CURRENT_VALUE.search(_before_digits(e.text, converted.pos, 30)):
        # "current IC50 = 50 nM, aim for 10 nM": the goal, not where the compound stands
        converted = next((n for n in numbers if n.conversion and n.pos > converted.pos
                          and _GOAL_CUE.search(_before_digits(e.text, n.pos, 25))), converted)
    # "aim for ln(IC50) of -2.5, i.e. well below a micromolar": the value on the tool's own scale, not the gloss
    # in words after it
    on_scale = next((n for n in numbers if not n.conversion and _LN_CUE.search(e.text[max(0, n.pos - 25):n.pos])),
                    None)
    # ("a target ln(IC50) of -1 (roughly 0.37 µM)": a conversion written after the value is its gloss)
    if converted is not None and not (on_scale is not None and (on_scale.pos < converted.pos or
                                      not re.search(r"\d", converted.conversion.split(" → ")[0]))):
        return converted.value
    if on_scale is not None:
        return on_scale.value
    for number in numbers:
        if _ZSCORE_CUES.search(e.text[max(0, number.pos - 25): number.pos]):
            return number.value
    return numbers[0].value


_WORKED_OUT = re.compile(r"(?:\(\s*[=≈~]|→|->|\bi\.\s?e\.,?)\s*$")
_CURRENT_VALUE = re.compile(r"\b(?:current(?:ly)?|now|baseline|measured|starting|parent|presently|sits?\s+at)\b"
                            r"[^.;\n]*$", re.I)
_GOAL_CUE = re.compile(r"\b(?:aim(?:ing)?\s+(?:for|at)|target(?:ing)?|goal|down\s+to|get\s+(?:it\s+)?(?:to|below)|"
                       r"push\s+(?:it\s+)?(?:to|below)|improve\s+(?:it\s+)?to)\b[^.;\n]*$", re.I)


def _before_digits(text: str, pos: int, width: int) -> str:
    """The ``width`` characters before the digits of the value at ``pos``."""
    at = _digits_at(text, pos)
    return text[max(0, at - width):at]


def _digits_at(text: str, pos: int) -> int:
    """Where the number of a value starting at ``pos`` ("of 200 nM", "pIC50 7") is written."""
    found = re.compile(r"(?<![\w.])[-+−]?\d").search(text, pos)
    return found.start() if found else pos
