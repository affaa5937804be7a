"""Which tool a request (or each part of a multi-intent message) asks for: the intent model's scores plus what
the message holds; too close to call means ask, never pick.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Sequence

from agent.backends.reading import placeholder_text, read_intent
from agent.entities import ASKS_IN_WORDS, HOW_A_DRUG_ACTS, MEASURED_VALUE, Entities, extract, told_how_a_drug_acts
from agent.planning.pairs import AGAINST_ALL, EACH_ROW, EVERY_PAIR, ON_A_REGIMEN
from agent.planning.rows import row_numbers
from agent.planning.properties import PAIRING, SYNDROME, property_words, requested_properties
from agent.planning.retraction import asked_part
from agent.planning.values import FILLERS, SAME_VALUE_WORDS, given_kinds, only_values, takes_values_of, value_kind
from agent.pool.entry import EntryMeta
from agent.pool.refs import REFERS_BACK
from agent.selection import EARLIER_RESULT, SIGN_OFF, picking_spans, property_pick_spans
from agent.vocabulary import count_pattern, phrases, words
from model_zoo.names.cell_lines import is_known_other_line
from model_zoo.names.targets import asked_as_target
from model_zoo.names.text import labelled, opens_a_row
from model_zoo.specs import (AFFINITY, CELL_RESPONSE, DRUG_DRUG, OPTIMIZATION, PROPERTY, RETROSYNTHESIS,
                             TARGET_CLASSIFICATION, ToolSpec)

# Every whitespace run is entered at its start only ("(?<!\s)"), so a long run costs its length once, not squared.
_SEGMENT = re.compile(r"\n[ \t]*(?:\d{1,2}[.)]|[-*•])\s+|(?<=\bfirst)[,;]\s*|,?(?<!\s)\s+\(?[a-h]\)\s+|"
                      r"[:,;]?(?<!\s)\s+(?:and\s+)?\(\d{1,2}\)\s+|"  # "need three numbers: (1) …, (2) …, and (3) …"
                      r"[,;.]?(?<!\s)\s+(?:and\s+)?(?:second(?:ly)?|third(?:ly)?|finally|lastly),?\s+|\?\s+|[,;]\s*and\s+|"
                      r",?(?<!\s)\s+(?:plus|as well as|and also)\s+|"
                      r"(?<=[.!])\s+(?=(?:also|separately|additionally|in addition)\b)|"
                      r"(?<!\s)\s+and\s+(?=(?:does|do|is|are|what|how|its|their|also|give|the predicted|if so)\b)|"
                      # "retro + bace1 score", "all 3 + logS for all 3" (not "Gleevec + Coumadin": a pair)
                      r"(?<!\s)\s+\+\s+(?=(?:its|their|the|a|an|retro\w*|routes?|precursors?|log[sdp]|bbb\w*|bace\w*|"
                      r"sol\w*|lipo\w*|tox\w*|pkd|kd|ic50|ln|ddi|interactions?|binding|affinity|generate|design|"
                      r"optimi[sz]e)\b)",
                      re.I)


_SAME = re.compile(r"\bsame\b", re.I)
# "same question for …", "same check?": the earlier ask again, whatever its new values could also be read as
_SAME_ASK = re.compile(r"\bsame\s+(?:question|q|check|analysis|prediction|request|model\s+run)\b", re.I)
_PREFACE_END = re.compile(r"\bfirst\W*$", re.I)
# "HT-29 has been resistant to every anchor we tried.": a sentence reporting what happened asks for nothing
_REPORTED = re.compile(r"\b(?:has|have|had)\s+(?:been|shown|given)\b|\bwe(?:'ve|\s+have)?\s+(?:tried|tested|saw|"
                       r"found|measured|used|ran)\b|"
                       # "The JAK patent claims selective JAK1 inhibition.", "The FLT3 patent reports Ba/F3 data …"
                       r"\b(?:patent|paper|label|study|trial|article|review|dossier|application|claim|release|abstract|"
                       r"poster|brochure|website|leaflet)s?\s+(?:claims?|reports?|describes?|discloses?|shows?|recites?|"
                       r"states?|covers?|says?)\b|"
                       # "the target organ hypothesis involves SRC.", "EGFR is overexpressed in our biopsies.", "4-week
                       # rat study, foamy macrophages with amiodarone and chlorpromazine.": what a study saw or supposes
                       r"\bhypothes[ie]s\b|\binvolves\b|\boverexpress(?:ed|es)?\b|"
                       rf"{HOW_A_DRUG_ACTS.pattern}|"
                       r"\b\d+[-\s](?:week|day|month)\s+(?:[a-z]+\s+)?(?:study|studies)\b|"
                       # "irinotecan in HCT-116 was 3.1 uM.": a value measured, no potency to aim for
                       rf"{MEASURED_VALUE.pattern}", re.I)
# "For my pharmacology rotation:", "Re the CRO batch:": a heading line that says what the asks below are for
_HEADING = re.compile(r"^\W*(?:for|re|regarding|about|context|background)\b[^:\n]{0,60}:\s*$", re.I)
_SAME_MOLECULES = re.compile(r"\bsame\s+(?:(?:generated|optimi[sz]ed|designed|uploaded|new)\s+)?"
                             r"(?:molecules?|compounds?|ligands?|ones|structures|set|hits|smiles|drugs?|designs|panel|"
                             r"batch|list|series|two|three|four|five|six)\b", re.I)
# "and KIT and PDGFRA? affinity this time": the worded ask replaces the repeated tool, it does not add to it
# the kind of answer wanted, in so many words: "a yes/no", "the pKd", "a probability"
_ANSWER_KIND = r"(?:probabilit(?:y|ies)|yes/no|yes or no|y/n|binary|binder|number|value|pkd|kd|affinity|ic50|" \
               r"interact(?:s|ion)?)"
# "give me pKd not probability": the kind of answer the message refuses names no tool it asks for
_REFUSED_KIND = re.compile(rf"\bnot\s+(?:an?\s+|the\s+)?{_ANSWER_KIND}\b", re.I)
_NAMED_KIND = re.compile(rf"(?<![\w/]){_ANSWER_KIND}(?![\w/])", re.I)
# "pKd this time", "… instead", "… not probability", "forget the CYP then; the BBB probability …": the message asks
# another tool than before
SWITCHES = re.compile(rf"\b(?:this time|instead|rather|forget\s+(?:about\s+)?(?:the|that|it)\b)\b|"
                      rf"{_REFUSED_KIND.pattern}", re.I)


def without_refused_kinds(text: str) -> str:
    """``text`` with the kinds of answer it refuses blanked (same length)."""
    return _REFUSED_KIND.sub(lambda m: " " * len(m.group(0)), text)


# "the most soluble one", "the two best ones", "the 3 lowest": the count goes with the pick (not "take the two" alone)
_SELECTION_PHRASE = re.compile(rf"\b(?:the\s+)?(?:(?:{count_pattern()})\s+)?"
                               r"(?:most|least|more|less|highest|lowest|best|worst|top|bottom)\s+"
                               r"(?:\d+\s+)?(?:by\s+)?[\w-]+(?:\s+(?:ones?|compounds?|molecules?|hits?|analogues?))?",
                               re.I)


def _tool_words(text: str, offered: list[ToolSpec]) -> dict[str, float]:
    """``tool_scores`` of the words that ask for something, without those that only pick the molecules ("retro on
    the most soluble one" asks for a retrosynthesis); all the words when nothing else is left to read."""
    blanked = _without_picking(text)
    if blanked != text and not _STEP_BACK.search(text):  # ("one more step back …": no pick of "one more")
        scores = tool_scores(blanked, offered)
        if max(scores.values(), default=0.0) >= 2.0:
            return scores
    return tool_scores(text, offered)


def _blanked(text: str, spans: list[tuple[int, int]]) -> str:
    for start, end in spans:
        text = text[:start] + " " * (end - start) + text[end:]
    return text


def requested_tool(text: str, offered: list[ToolSpec]) -> str | None:
    """The tool the words ask for, without those that only pick molecules: "retro on the most soluble one" asks for
    a retrosynthesis; "which one is the most soluble?" asks for none (it is answered from the results)."""
    name, score = max(tool_scores(_without_picking(text), offered).items(), key=lambda kv: kv[1], default=(None, 0.0))
    if score < 2.0 and not _PRECURSORS_OF.search(text):  # "what are the immediate precursors?": a route is asked
        name, score = max(tool_scores(_without_picking(text, precursors=False), offered).items(),
                          key=lambda kv: kv[1], default=(None, 0.0))
    return name if score >= 2.0 else None


# "the precursors of that route", "building blocks from the top route": earlier results named, not a new route
# ("the top-ranked precursors: aqueous solubility of those": a ranked set of a route the thread has)
_PRECURSORS_OF = re.compile(r"\b(?:precursors?|reactants?|building\s+blocks?|starting\s+materials?)\s+(?:of|from|in)\b|"
                            r"\b(?:top|top-ranked|best-ranked|rank-?\d|first-ranked)\s+(?:precursors?|reactants?|"
                            r"building\s+blocks?|starting\s+materials?)\b", re.I)


# "the optimized ones", "those generated molecules": earlier results named by the tool that made them, not an ask
_RESULTS_BY_TOOL = re.compile(r"\b(?:the|those|these|its|their|our|your|every|each|all)\s+(?:[\w-]+\s+)?"
                              r"(?:optimi[sz]ed|generated|"
                              r"designed|proposed)\s+(?:ones?|molecules?|compounds?|analog(?:ue)?s?|structures?|"
                              r"candidates?|hits?|smiles|mols?|set|batch|list|series|library)\b", re.I)


# "and osimertinib, same target", "in the same line": the earlier request's value, read as a value of its kind
# (as the intent model sees values: "<target>", "<cell>"), not as words that ask for a tool
_SAME_VALUE = re.compile(r"\b(?:the\s+)?same\s+(?:(?P<target>target(?!\s+(?:value|ic50|potency|number))|protein|kinase|"
                         r"sequence|receptor|enzyme|construct)|(?P<goal>potency(?:\s+(?:target|goal))?|"
                         r"(?:potency\s+)?goal|ic50(?:\s+target)?|target\s+(?:value|ic50|potency|number))|"
                         r"(?P<setting>property|assay|endpoint|readout)|cell\s+line|line|cells)\b", re.I)


def _as_placeholder(match: re.Match[str]) -> str:
    if match.group("setting"):
        return " "  # "…, same property": the earlier request's, no ask of its own
    return " <target> " if match.group("target") else " <num> " if match.group("goal") else " <cell> "


def tool_scores(text: str, offered: list[ToolSpec]) -> dict[str, float]:
    """How strongly a request's words point to each offered tool: the intent model's probability, x4 so that
    0.25 is enough to act on when the values fit, and 0.5 (2.0) is a request of its own. Words that only name
    earlier results by the tool that made them ("check the optimized ones in Calu-3") ask for nothing."""
    asked = _asked(text)
    unpicked = _blank(_ROUTE_NUMBER, _without_picking(asked))
    if unpicked != asked and property_words(unpicked.lower()):
        asked = unpicked  # "logS of the precursors of the first product (route 1)": the precursors are picked
    tools = _read_tools(asked)
    if _strongest(tools) < 0.5:
        tools = _one_asking_sentence(asked) or tools
    if _MAKE_BETTER.search(asked):  # "make these better": improved molecules (the optimiser), never a route
        tools = {**tools, OPTIMIZATION.name: max(tools.get(OPTIMIZATION.name, 0.0), 0.95), RETROSYNTHESIS.name: 0.0}
    if _RETRO_FIRST.match(asked):  # "Retro on dasatinib and ibrutinib together": the ask is named first
        tools = {**tools, RETROSYNTHESIS.name: max(tools.get(RETROSYNTHESIS.name, 0.0), 0.95)}
    if _AGAINST_THEIR_MEDS.search(asked):  # "check tramadol against his usual meds": an interaction check
        tools = {**tools, DRUG_DRUG.name: max(tools.get(DRUG_DRUG.name, 0.0), 0.95)}
    if _RISK_OF_TAKING_THEM_TOGETHER.search(asked) and placeholder_text(asked).count("<drug>") >= 2:
        # "Duloxetine 60 plus tramadol 50 q6h: serotonergic risk?": the risk of the two together
        tools = {**tools, DRUG_DRUG.name: max(tools.get(DRUG_DRUG.name, 0.0), 0.95)}
    if _strongest(tools) < 0.5 and _only_a_slashed_pair(asked):  # "voriconazole/midazolam pls"
        tools = {**tools, DRUG_DRUG.name: max(tools.get(DRUG_DRUG.name, 0.0), 0.95)}
    if _ONE_AGAINST_A_DRUG.search(placeholder_text(asked)):
        tools = {**tools, DRUG_DRUG.name: max(tools.get(DRUG_DRUG.name, 0.0), 0.95)}
    for keyed in {_KEYED_TOOL[m.group("key").lower()] for m in _PARAMETER_KEY.finditer(asked)
                  if m.group("key").lower() in _KEYED_TOOL}:
        tools = {**tools, keyed: max(tools.get(keyed, 0.0), 0.95)}
    # "and one more step back", "a retrosynthetic analysis": a route, whatever the words left read as
    if _STEP_BACK.search(asked) or _RETRO_ANALYSIS.search(asked):
        tools = {**tools, RETROSYNTHESIS.name: max(tools.get(RETROSYNTHESIS.name, 0.0), 0.95)}
    return {spec.name: 4.0 * tools.get(spec.name, 0.0) for spec in offered}


# "Don't run the classifier", "we already know it hits", "skip the retro for now", "the retro can wait", "(solubility)
# we'll do tomorrow": a part (up to a comma, a sentence end, "but" or "then") that turns a tool down or puts it off
_DECLINING = re.compile(rf"\b(?:{phrases('declining_openers')})\b", re.I)
_PART_ENDS = r".,;:!?\n\u2013\u2014"
# "No sequence to hand. Then ClinTox for those": the user cannot give what a question asked for; the words name that
# tool's input, and ask for nothing
_LACKING = re.compile(rf"\b(?:{phrases('lacking_values')})\b", re.I)
_DECLINED = re.compile(rf"(?:{_DECLINING.pattern}|{_LACKING.pattern})[^{_PART_ENDS}]*?(?=\s+(?:but|then)\b|"
                       rf"[{_PART_ENDS}]|$)|"
                       rf"[^{_PART_ENDS}]*\b(?:{phrases('deferring_words')})(?=\s*(?:[{_PART_ENDS})]|$))", re.I)


_BUT_ALSO = re.compile(r"\s+but\s+(?:also|too|as\s+well)\b|\s+mas\s+também\b|\s+pero\s+también\b", re.I)


def without_declined_asks(text: str, offered: list[ToolSpec]) -> str:
    """``text`` with the parts that turn a tool down or put it off blanked (same length), when they name a tool and
    no molecule or sequence ("skip cabo" takes a drug back; that is read elsewhere). A spaced hyphen ends a part too:
    "Generate … at ln(IC50) -3 - we want potent hits to screen in a model later" puts off the screen, not the ask."""
    def declined(match: re.Match[str]) -> bool:
        part = match.group(0)
        if _BUT_ALSO.match(match.string, match.end()):
            return False  # "not only solubility but also logD": both asked
        found = extract(part)
        named = 1.0 if _LACKING.match(part) else max(tool_scores(_DECLINING.sub(" ", part), offered).values(),
                                                      default=0.0)
        return not (found.molecules or found.sequences or named < 0.5)
    spans = [m.span() for m in _DECLINED.finditer(text.replace(" - ", " \u2013 ")) if declined(m)]
    for start, end in spans:
        text = text[:start] + " " * (end - start) + text[end:]
    return text


# "and one more step back on the aniline from that route": another retrosynthesis step
_STEP_BACK = re.compile(r"\b(?:one|another)\s+(?:more\s+|further\s+)?step\s+back\b|"
                        r"\bgo\s+back\s+(?:one|another)\s+step\b", re.I)
# "a single-step retrosynthetic analysis, please": the formal name of the ask
_RETRO_ANALYSIS = re.compile(r"\b(?:an?|the)\s+(?:(?:single|one)[\s-]step\s+)?retrosynthetic\s+analysis\b", re.I)
# "check tramadol against his usual meds", "with her current medications": a drug set against what a patient takes
_RISK_OF_TAKING_THEM_TOGETHER = re.compile(r"\b(?:serotonergic|serotonin(?:\s+syndrome)?|bleeding|qtc?|"
                                           r"qtc?[- ]prolong\w*|additive|combined|combination|combo)\s+"
                                           r"(?:risk|danger|issue|concern|problem)s?\b", re.I)
_CODES_ONLY = re.compile(r"(?:[\W_]*(?:(?!(?:IC|EC|GI|LD|CC|ED|TD|LC)[-_]?50\b)[A-Z]{2,5}[-_]?\d{2,5}[A-Za-z]?|and|or)"
                         r"[\W_]*)+")  # (not a measure: "logS, IC50")
_DRUG_AND_DOSE = re.compile(r"\W*<drug>\s+<num>\s*(?:mg|mcg|µg|ug|g|ml|units?|iu)?\W*", re.I)
# "check it against warfarin", "can you check it with Ativan?", "the most lipophilic one with her cyclosporine", "check
# gentamicin against furosemide": a molecule set against a drug the message names, an interaction check (read on the
# placeholder text: "check it against EGFR" names a target)
_ONE_AGAINST_A_DRUG = re.compile(r"\b(?:check|run|test|screen|try|pair|cross-?check)\s+(?:it|this|that|them|those|"
                                 r"these|<drug>)(?:\s+one)?\s+(?:against|with|alongside|versus|vs\.?)\s+"
                                 r"(?:(?:her|his|their|the|our)\s+)?<drug>|"
                                 r"^\W*the\s+(?:[\w-]+\s+){0,4}?one\s+(?:with|against|vs\.?)\s+"
                                 r"(?:(?:her|his|their|the|our)\s+)?<drug>", re.I)
# "smiles_pairs: [[…]]": a list of values only one tool takes, written as a key, names that tool (the keys of the
# other tools' values already read as their tools)
_PARAMETER_KEY = re.compile(r"[\"']?\b(?P<key>smiles_pairs|smiles_list)\b[\"']?\s*[:=]", re.I)
_KEYED_TOOL = {"smiles_pairs": DRUG_DRUG.name, "smiles_list": RETROSYNTHESIS.name}
_AGAINST_THEIR_MEDS = re.compile(r"\b(?:against|with|vs\.?|versus)\s+(?:all\s+|the\s+rest\s+of\s+)?"
                                 r"(?:his|her|their|the\s+patient'?s|pt'?s)\s+"
                                 r"(?:(?:usual|regular|current|home|other|daily|chronic|existing)\s+)?"
                                 r"(?:meds|medications?|medicines|tablets|pills|co-?meds|regimen)\b|"
                                 # "check it against each drug on his chart", "… every med in the list"
                                 r"\b(?:against|with|vs\.?|versus)\s+(?:each|every|all(?:\s+the)?)\s+"
                                 r"(?:drugs?|meds?|medications?|medicines?|drips?|infusions?)\b|"
                                 # "Check metoclopramide against each of the three"
                                 r"\bagainst\s+(?:each|every\s+one|all|both)\s+of\s+(?:them|these|those|the\s+(?:two|"
                                 r"three|four|five|six|\d+))\b|"
                                 # "the Plavix against everything else on his list", "… each one in the MAR file"
                                 r"\b(?:against|vs\.?|versus)\s+(?:everything(?:\s+else)?|each\s+one|every\s+one)\s+"
                                 r"(?:on|in)\s+(?:the|that|this|his|her|their|my|our)\s+(?:[\w-]+\s+)?"
                                 r"(?:list|file|csv|upload|chart|mar)\b", re.I)
_MAKE_BETTER = re.compile(r"\bmake\s+(?:it|them|these|those|this|that|(?:the|our|my)\s+[\w-]+)\s+"
                          r"(?:a\s+bit\s+|much\s+)?(?:better|stronger|safer|more\s+potent|more\s+active|"
                          r"less\s+toxic)\b", re.I)
_RETRO_FIRST = re.compile(r"^\W*(?:\d{1,2}[.)]\s*)?(?:@\w+\s+)?(?:(?:please|pls|can\s+you|could\s+you)\s+)?"
                          r"(?:(?:single|one)[\s-]step\s+)?"
                          r"(?:retro(?:synthesis|synthetic\s+analysis)?|(?:synthetic\s+)?routes)\s+(?:on|for|of|to)\b",
                          re.I)


# "Requester: Dr. A. Kovács", "Prof. Lindqvist", "cat. QTP-200": a title's or abbreviation's full stop ends no
# sentence
_NO_TITLE = "".join(rf"(?<!\b{title})" for title in ("dr", "prof", "mr", "mrs", "ms", "st", "vs", "fig", "cf", "ca",
                                                     "approx", "resp", "ref", "cat"))
_SENTENCE_END = re.compile(rf"[;:!?]\s+|{_NO_TITLE}\.\s+|\n+", re.I)


# "What dose of 5-FU is used in FOLFOX?", "the mechanism of action of imatinib", "the max rosuvastatin dose alongside
# ciclosporin": questions no tool answers (not "the dose-response", a response curve)
# (the whole question: "how many days after his last oxy can I start naltrexone?", "how many hours apart should he
# take them?", when in care)
_OUT_OF_SCOPE = re.compile(r"\b(?:how\s+(?:many\s+(?:hours|days|weeks)|long|soon|far)\s+(?:after|before|apart)|"
                           r"when\s+(?:can|could|should)\s+(?:i|we|he|she|they)\s+(?:start|stop|restart|switch))\b"
                           r"[^.?!\n]{0,80}\?|"
                           rf"\b(?:{phrases('out_of_scope_questions')})\b(?![\s-]+response)|"
                           r"\b(?:max(?:imum)?|starting|usual|typical|safe|recommended|highest|lowest|what|which)\s+"
                           r"(?:[\w-]+\s+){1,2}dos(?:e|es|ing|age)\b(?![\s-]+response)|"
                           # "What ivermectin dose is safe in an MDR1-mutant collie?"
                           r"\bdos(?:e|es|ing|age)\s+(?:is|are|would\s+be|will\s+be)\s+(?:safe|tolerated)\b", re.I)
# "Is the interaction stronger in CYP2C9*3 carriers?", "why is isoniazid more hepatotoxic in slow acetylators?": a
# question about a patient's genotype, which no tool takes (unless the message bids a run: "check warfarin with
# fluconazole, she is a CYP2C9*3 carrier")
_GENOTYPE = re.compile(r"\bCYP\d[A-Z]\d{0,2}\s*\*\s*\d+\b|\b(?:poor|slow|fast|rapid|intermediate|extensive|"
                       r"ultra-?rapid)\s+(?:metaboli[sz]ers?|acetylators?)\b|"
                       # "test HLA-B*5701 before starting abacavir?": an allele screened for
                       r"\bHLA-?[A-Z]{1,3}\d?\s*\*\s*\d{2}(?::?\d{2})?\b", re.I)
_TESTS_THE_ALLELE = re.compile(rf"\b(?:check|test|screen|genotype)\w*\s+(?:for\s+)?(?={_GENOTYPE.pattern})", re.I)
# ("… HLA-DRB1*07:01-associated, fine, but does the DTI classifier say it interacts with ERBB2?": a model asked)
_BIDS_A_RUN = re.compile(r"\b(?:run|check|predict|screen|score|compute|calculate|estimate|classifier|model|"
                         r"predicted|prediction)\b", re.I)
# "Which is safest at eGFR 20?", "push his QTc over 500 ms?": a patient's kidney function or ECG interval, no tool's
# answer ("eGFR" so written is the filtration rate, never the kinase)
_PATIENT_MEASURE = re.compile(r"\beGFR\b|\b(?i:qtc)\b[^.?!\n]{0,30}?\d+\s*(?i:ms|msec)\b")


# "What year was it approved?", "what AUC does that BBB model get on a scaffold split?", "compatible in the same
# syringe?": an answer of a kind no tool gives, whatever tool the rest of the words name
_NO_TOOL_ANSWER = re.compile(rf"\b(?:{phrases('answers_no_tool_gives')})\b", re.I)


# "Would this prediction be sufficient for the applicant to claim efficacy …?": a judgement on results already
# given, whatever tool its words name
_JUDGES_RESULTS = re.compile(r"\b(?:would|is|are|will|could)\s+(?:this|these|that|those|the|our)\s+(?:predictions?|"
                             r"numbers?|results?|values?|data|outputs?)\s+(?:be\s+)?(?:sufficient|enough|adequate|"
                             r"acceptable|good\s+enough)\b|"
                             # "Is that dangerous? What should the patient do?": what a result means for a patient
                             r"\bis\s+(?:that|this)\s+(?:dangerous|serious|clinically\s+relevant)\b|"
                             r"\bwhat\s+should\s+(?:the|my|our|this)\s+patient\s+do\b|"
                             # "So was the combination the cause of death?": what a result means for a case
                             r"\bcause\s+of\s+(?:(?:the|his|her|their)\s+)?death\b|"
                             # "Is that a fair conclusion?", "Does a positive p53 call mean …?": a judgement on a claim
                             r"\bis\s+(?:that|this|it)\s+(?:a\s+)?(?:fair|reasonable|justified|valid|sound)\s*"
                             r"(?:conclusion|claim|statement|interpretation)?\s*\?|"
                             r"\bdoes\s+(?:a|the|this|that)\s+(?:positive|negative)\b[^.?!\n]{0,40}\bmean\b|"
                             # "Could the subject … be moved to the CNS cohort on that basis?": a decision on a result
                             r"\bon\s+(?:that|this|the\s+strength\s+of\s+that)\s+basis\s*\?", re.I)


# 'The paper says "docetaxel is … more soluble". Do the numbers support that?', "Is this the route from the original
# patent?": whether the thread's results bear out a published claim, whatever molecules the claim names; "Can you
# convert the FADU value to IC50 in µM?": a result already given, put in other units
_ABOUT_GIVEN_RESULTS = re.compile(r"\bconvert\s+(?:the|that|this|those|these|its|their)\b[^.?!\n]{0,40}?\b"
                                  r"(?:to|into)\s+(?:p?IC50|[nuµμm]M|micromolar|nanomolar)\b|"
                                  r"\bdo(?:es)?\s+(?:the|these|those|our|your|its|their)\s+(?:numbers|results?|"
                                  r"predictions?|data|values?|outputs?)\s+(?:support|back\s+up|agree\s+with|confirm|"
                                  r"contradict|bear\s+out)\b|"
                                  r"\bis\s+(?:this|that|it)\s+the\s+(?:same\s+)?(?:route|synthesis|one)\s+"
                                  r"(?:from|in|used\s+in)\s+(?:the\s+)?(?:original\s+)?(?:patent|paper|literature|"
                                  r"publication)\b|"
                                  # "How many MOLM-13 vials should we thaw to test these five?": lab logistics
                                  r"\bhow\s+many\s+(?:[\w-]+\s+)?(?:vials|plates|aliquots|flasks|tubes|boxes|kits)\b|"
                                  r"\bshould\s+(?:we|i)\s+(?:thaw|order|buy|plate\s+out)\b", re.I)


# "what's the label source for CT_TOX, and how was the train/test split done?", "Can we say 'brain-penetrant' on the
# strength of that?": a question about a model or what a result lets one claim, whatever property it names
_ABOUT_MODEL_OR_CLAIM = re.compile(r"\blabel\s+source\b|\btrain(?:ing)?\s*/\s*test\s+split\b|"
                                   r"\bhow\s+was\s+(?:the|your|this)\s+(?:model|classifier)\b|"
                                   r"\bcan\s+(?:we|i)\s+(?:say|claim|write|call\s+it)\b[^.?!\n]*\bon\s+the\s+strength\s+of\b",
                                   re.I)


# "wait whats EGFR even", "what is a kinase?": a whole message asking what a thing is, answered by no prediction
_WHAT_IT_IS = re.compile(r"^\W*(?:(?:wait|ok|okay|sorry|so|hm+|um+|and)\W+)?(?:what(?:'s|’s|s|\s+is|\s+are)|"
                         r"who\s+is)\s+(?:an?\s+|the\s+)?[\w-]+(?:\s+[\w-]+)?"
                         r"(?:\s+(?:even|again|exactly|anyway))?\s*\?*\s*$", re.I)


def out_of_scope_question(e: Entities, offered: list[ToolSpec]) -> str | None:
    """The words of a question no tool answers, when no words of the message ask for a tool outright (drugs it names
    do not: "max dose of lidocaine with adrenaline?" asks for no pair; a cell line or pasted structures do: "What dose
    of cisplatin gives the IC50 in A549?", "logS predictions for <SMILES> … with the in-house data"): a drug it names
    is then no new value for the thread's last request."""
    if (answer := _NO_TOOL_ANSWER.search(e.prose)) is not None:  # "What year was it approved?": a date, whatever
        return answer.group()                                       # the words name ("approved")
    genotype = _GENOTYPE.search(e.prose)
    if genotype is not None and "?" in e.prose and not _BIDS_A_RUN.search(_blank(_TESTS_THE_ALLELE, e.prose)):
        return genotype.group()  # (not "check HLA-B*5701 before …?": the allele is what is checked)
    if (measure := _PATIENT_MEASURE.search(e.prose)) is not None and not e.molecules:
        return measure.group()  # (not "check metformin with lisinopril, eGFR 25": a value beside a named ask)
    judged = _JUDGES_RESULTS.search(e.prose)
    if judged is not None and not e.molecules and not e.cell_lines:  # (not "warfarin + aspirin: is that dangerous?")
        return judged.group()
    if (about := _ABOUT_MODEL_OR_CLAIM.search(e.prose)) is not None and not e.typed_molecules():
        return about.group()
    if (claim := _ABOUT_GIVEN_RESULTS.search(e.prose)) is not None:
        return claim.group()
    found = _OUT_OF_SCOPE.search(_blank(_IN_BRACKETS, e.prose)) or _WHAT_IT_IS.match(e.prose)
    whole_question = found is not None and found.re is _OUT_OF_SCOPE and found.group().endswith("?")
    rest = None if found is None else _blanked(without_values(e), [found.span()]) if whole_question \
        else _without_the_question(without_values(e), found)  # (a whole question matched: none of its words ask)
    if found is None or requested_tool(rest or "", offered) is not None or \
            _runs_a_written_pair(e):
        return None
    named_only = not e.cell_lines and (e.molecules_from_names or not e.molecules)
    return found.group() if named_only or requested_tool(e.text, offered) is None else None


# "logS for both (formulation cost question from the CFO)": an aside in brackets says why, and asks nothing (a question
# in brackets does: "(and what dose?)")
_IN_BRACKETS = re.compile(r"\([^()?\n]{3,160}\)")


# "do I need to", "should we": the lead-in of a question whose own words follow ("… dose-reduce midostaurin?")
_LEAD_IN = re.compile(r"\b(?:do|does|would|should|will|must)\s+(?:i|we|you|he|she|they)\s+(?:(?:really|still|also)\s+)?"
                      r"(?:need\s+to|have\s+to)?\s*$", re.I)


def _without_the_question(text: str, found: re.Match[str]) -> str:
    """``text`` with a question's lead-in and its words blanked, when the lead-in comes right before them: "do I need
    to dose-reduce midostaurin …?" asks for no tool in "do I need to" (not a route's "what do I need"); words
    without such a lead-in are read as they are ("BBB for the best drug candidate of these" asks for one)."""
    lead_in = _LEAD_IN.search(text, 0, found.start())
    return _blanked(text, [(lead_in.start(), found.end())]) if lead_in else text


def _runs_a_written_pair(e: Entities) -> bool:
    """"… trough levels tripled. Run tacrolimus + fluconazole for me.": two drugs written as a pair to run."""
    return len(set(e.molecules)) == 2 and bool(_WRITTEN_PLUS.search(e.prose)) and bool(_RUN_IT.search(e.prose))


def _strongest(tools: dict[str, float]) -> float:
    return max((p for name, p in tools.items() if name != "none"), default=0.0)


def _one_asking_sentence(text: str) -> dict[str, float] | None:
    """The reading of the one sentence that asks for a tool, when the others read as none: "Erlotinib and lapatinib:
    single-step disconnections for both; we're comparing the aniline couplings." (the reason dilutes the ask)."""
    # (a lone word before a colon heads the message, "DEV-118: I've uploaded …", and a list's number is no sentence of
    # its own; a one-word answer is: "that's the BRAF one right? yes. RKO")
    # (words that ask for nothing are blanked in the whole text first: "Mood/motivation line:" read apart from its
    # colon would name a cell line)
    # (then its clauses: "Roflumilast logS instead, we are thinking about an inhaled version.")
    text = _blank(_ASKS_NOTHING, _CODE_HEADING.sub("", text))
    for split in (_SENTENCE_END, _CLAUSE_END):
        parts = [part for part in split.split(text) if re.search(r"[^\W\d_]", part)]
        if not 2 <= len(parts) <= MAX_LOOSE_PARTS:
            continue  # a pasted table or e-mail is not read line by line: one intent reading per sentence
        readings = [_read_tools(part) for part in parts]
        # (a clause that asks has two words or more: not "product" of "… the second product, I'm worried …")
        asking = [r for r, part in zip(readings, parts) if _strongest(r) >= 0.5 and (
            split is _SENTENCE_END or len(re.findall(r"[^\W\d_]{2,}", part)) >= 2)]
        if len(asking) == 1 and all(_strongest(r) < 0.25 for r in readings if r not in asking):
            return asking[0]
    return None


# (a clause of reasons after a comma: "…, we are thinking about …", "…, it at least tells me …", "…, since …"; not
# every comma, which lists values and asks alike)
_CLAUSE_END = re.compile(rf"{_SENTENCE_END.pattern}|,\s+(?=(?:we|i|we're|i'm|they|it|since|because|as|so)\b)", re.I)


# "Case PM-24/2210: …", "OX-9 — what are the precursors?": the code a message opens with names its subject
_CODE_HEADING = re.compile(r"^\s*(?:[A-Za-z]+\s+(?=[\w/-]*\d))?[\w/-]+\s*(?::|\s[-–—]|[–—])\s+")


# "what does bortezomib score there?": the place named before is a cell line's (not "is there any …?")
_THERE = re.compile(r"(?<!\bis )(?<!\bare )(?<!\bwas )(?<!n't )(?<!\bnot )\bthere\b"
                    r"(?!\s+(?:is|are|was|were|any|a|an)\b)", re.I)  # "do the same there", not "isn't there"


# "the three compounds below, which were synthesised last week": how the molecules came about, no ask to make them
_MADE_BEFORE = re.compile(r"[,(]?\s*\b(?:which|that)\s+(?:were|was|we|I|have\s+been|had\s+been|our\s+\w+)\s+"
                          r"(?:\w+\s+)?(?:synthesi[sz]ed|made|prepared|bought|purchased|ordered|received)\b[^.;:!?\n]*",
                          re.I)


# "keep the hinge binder": a part of a kinase inhibitor, no question whether it binds; "make that MOLM-13": a
# correction of a value, no ask to make anything; "her new antibiotic": a drug she takes, no ask for new molecules;
# "three hits against PIM1", "our PIM hit.": screening hits (a verb takes its target directly: "it hits PIM1"); "she
# wants to start metformin": a medication to start, no synthesis wanted
# "the applicant compares lapatinib (Tyverb®) with neratinib": a comparison someone made, no drug pair to run (the
# imperative "compare X with Y" is left to the words around it)
_ASKS_NOTHING = re.compile(rf"\bhinge[\s-]+bind(?:er|ing)\b|\bmake\s+that\b|\bhits\s+against\b|"
                           # "<SMILES> is our PIM hit.": a screening hit someone owns, no question whether it binds
                           r"\b(?:our|my|their|his|her)\s+(?:[\w-]+\s+){0,2}?hits?\b(?=\s*(?:[.,;:)]|$)|\s+(?:from|of|in)\b)|"
                           # "MTOR hit. AZD8055 pKd on MTOR?": a gene a screen found, before the ask about it
                           r"^\W*(?-i:[A-Z][A-Z0-9]{1,9})\s+(?:(?:is|was)\s+(?:a|the|our)\s+)?(?:top\s+)?hits?\b"
                           r"(?=\s*[.;:!]\s|\s*[.;:!]?\s*$)|"
                           r"\b(?:compares|compared|comparing)\b[^.;:!?\n]{1,80}?\b(?:with|to|against|versus)\b|"
                           # "… 0.1 µM - the same ballpark as doxorubicin in those cells": a reference, no ask
                           r"\b(?:same|similar)\s+(?:ballpark|range|order\s+of\s+magnitude)\s+as\b"
                           r"[^.;:!?\n]*|"

                           rf"\b(?:wants?|wanted|plans?|needs?|going)\s+to\s+start\b(?!\s+from\b)|"
                           # "Compound 19 is reported with IC50 = 12 nM …", "Table 2 reports a predicted ln(IC50) of
                           # −2.9 …": what someone reported, which a prediction is compared with
                           r"\b(?:is|are|was|were)\s+reported\s+(?:with|as|at|to\s+have)\b[^.;!?\n]*|"
                           r"\b(?:urine|blood|serum|plasma|drug)\s+tox(?:icology)?(?:\s+screen)?\b|"
                           r"\bas\s+an?\s+(?:off-?target|selectivity|counter-?screen)\s+(?:check|control|screen)\b|"
                           # "And CDK2, as the off-target.", "VE-822 against WEE1 too, just to see": why, not what
                           r"\bas\s+(?:the|an?)\s+off-?target\b|\bjust\s+to\s+(?:see|check|compare|be\s+sure)\b|"
                           r"\bout\s+of\s+curiosity\b|"
                           # "suspected overdose with glibenclamide and metformin … CT_TOX for both": what happened
                           r"\boverdos(?:e|ed|ing)\s+(?:with|of|on)\b[^.;!?\n]*|"
                           # "bryostatin 1 is a C1-domain binder, … but humour me: predicted pKd": what it is, told
                           r"\b(?:is|are|was|were)\s+an?\s+(?:[\w-]+\s+){0,3}binders?\b|"
                           # "Fine, BBB as a rough proxy.": how the answer will be used, no ask of its own
                           r"\bas\s+(?:an?\s+)?(?:rough|crude|quick|first|ballpark|simple|cheap)?\s*(?:proxy|surrogate|"
                           r"approximation|first\s+pass|sanity\s+check|stand-?in)\b|"
                           # "So the precursor is ephedrine. BBB for ephedrine then": what a route showed, no new ask
                           r"\b(?:so\s+)?the\s+(?:key\s+)?(?:precursors?|starting\s+materials?|intermediates?)\s+"
                           r"(?:is|are|was|were)\b|"
                           # "serotonin toxicity is on the pathologist's list": a clinical syndrome, no property
                           rf"{SYNDROME.pattern}|"
                           # "NSAID may raise MTX toxicity, check the interaction": what one drug does to another's
                           # toxicity or levels is why a pair is checked, no property of either
                           r"\b(?:raises?|raising|increases?|increasing|worsens?|boosts?|potentiates?|enhances?)\s+"
                           r"(?:the\s+|his\s+|her\s+|their\s+)?(?:[\w-]+\s+){0,2}?(?:toxicity|toxicities|levels?|"
                           r"concentrations?|exposure)\b|"
                           r"\b(?:toxicity|levels?|concentrations?|exposure)\s+(?:(?:may|might|could|can|will)\s+)?"
                           r"(?:go(?:es)?\s+up|rises?|increases?)\b|"
                           # "pt had a reaction last time", "an infusion reaction": what a patient had, no synthesis
                           r"\b(?:had|has|have|having|got|gets)\s+(?:a|an)\s+(?:\w+\s+)?reaction\b|"
                           r"\b(?:allergic|infusion|adverse|hypersensitivity|injection[\s-]site)\s+reactions?\b|"
                           # "Intrinsic dissolution rate of atorvastatin calcium?": a measurement, no solubility
                           r"\b(?:intrinsic\s+)?dissolution\s+(?:rate|profile|testing|test|time)s?\b|"
                           # "Packaging line handles sunitinib", "Mood/motivation line: 5-HTP …": a plant's or a
                           # catalogue's line, no cell line
                           r"\b(?:packaging|production|manufacturing|filling|assembly|bottling|tablett?ing|coating|"
                           r"process|product|supplement|skincare)\s+lines?\b|^\s*[a-z]+(?:/[a-z]+)?\s+line\s*:|"
                           # "Pip-tazo plus vanc on the same line": an IV line, no cell line ("in the same line" is one)
                           r"\b(?:on|through|via|down)\s+(?:the\s+|one\s+|a\s+)?(?:same\s+)?(?:iv\s+|i\.v\.\s+|"
                           r"central\s+|peripheral\s+|picc\s+|infusion\s+)?line\b|"
                           # "second line ma yei dui wata aucha": lines of therapy, no cell line
                           r"\b(?:first|second|third|1st|2nd|3rd)[\s-]+line\b|"
                           # "their IC50s on cortisol synthesis", "a protein synthesis inhibitor": a process of the
                           # body or a microbe, no synthesis to plan
                           r"\b(?:cortisol|steroid|sterol|ergosterol|cholesterol|protein|dna|rna|nucleic\s+acid|"
                           r"folate|fatty\s+acid|prostaglandin|thromboxane|leukotriene|hormone|testosterone|"
                           r"o?estrogen|aldosterone|heme|haem|collagen|melanin|peptidoglycan|cell[\s-]+wall|"
                           r"mycolic\s+acid|neurotransmitter|dopamine|serotonin|thyroid\s+hormone)\s+"
                           r"(?:bio)?synthesis\b|"
                           # "reduced glutathione": a form of a molecule, no reduction to plan
                           r"\b(?:reduced|oxidi[sz]ed)\s+(?:glutathione|forms?|coenzyme|nicotinamide|flavin)\b|"
                           # "The authors claim their molecules are also active in HT-29.": what others claim, told
                           r"\b(?:authors?|they|manuscript|applicant|sponsor|vendor|supplier)\s+(?:also\s+)?"
                           r"(?:claim|report|state|conclude|argue|suggest)s?\b"
                           r"(?![^.?!\n]*\b(?:predict|run|check|can\s+you|could\s+you|please)\b)[^.?!\n]*|"
                           # "Pfizer says Ibrance binds CDK4 'very tightly'.", "Anil says it went into trials, …": what
                           # a company or a person says, up to the clause's end (not "Dependent claims 9 and 10 …",
                           # "The claims fix …", "what does LocalRetro suggest for …")
                           r"\b(?!(?:please|pls|can|could|would|will|just|now|then|so|and|but|also|you|it|who|what|"
                           r"which|that|this|he|she|we|i|the|a|an|these|those|our|your|my|his|her|their|its)\b)"
                           r"(?-i:[A-Z][\w&-]+)\s+(?:also\s+)?(?:says|said|claims|claimed|reports|reported|states|"
                           r"stated)\b(?!\s+\d)(?![^.?!\n]*\b(?:predict|run|check|can\s+you|could\s+you|please)\b)"
                           r"[^.?!:;,\n]*|"
                           r"\b(?:table|figure|fig\.?|paper|study|authors?|manuscript|article)(?:\s+[\w.]{1,6})?\s+"
                           r"reports?\b[^.;!?\n]*|"
                           rf"\bnew\s+(?:{phrases('drug_classes')})s?\b", re.I)


# "sold as a 'hormone precursor'", "our gummies 'work in the brain'": words in quotes are a name or a claim quoted,
# not what the message asks for (two to five words; a quoted SMILES or one word stays)
_QUOTED_WORDS = re.compile(r"(?<![\w'’])['‘](?:[A-Za-z&-]+\s+){1,4}[A-Za-z&-]+['’](?!\w)|"
                           r"[\"“](?:[A-Za-z&-]+\s+){1,4}[A-Za-z&-]+[\"”]")


# "pt on methadone starting rifampicin", "we're starting oxcarbazepine": a treatment started (read as one taken, which
# may ask for a pair check), no starting material
_STARTING_A_DRUG = re.compile(r"\bstarting\b(?=\s+(?:on\s+|him\s+on\s+|her\s+on\s+)?[a-z]{4,}\b)"  # ("starting vori")
                              r"(?!\s+(?:materials?|from|points?|compounds?|molecules?|structures?|with|reagents?|"
                              r"blocks?|over|again)\b)", re.I)


def _read_tools(words: str) -> dict[str, float]:
    words = _STARTING_A_DRUG.sub("taking", _blank(_QUOTED_WORDS, words))
    words = _blank(_MADE_BEFORE, _blank(_ASKS_NOTHING, words))
    words = _THERE.sub(" <cell> ", _SAME_VALUE.sub(_as_placeholder, words))
    return read_intent(_blank(_RESULTS_BY_TOOL, words)).tools


def _reads_as_no_ask(text: str) -> bool:
    reading = _read_tools(_asked(text))
    return reading.get("none", 0.0) > _strongest(reading)


_SLASH_OR_PLUS = re.compile(r"\s*[/+]\s*")


def _only_a_slashed_pair(text: str) -> bool:
    """Two drugs written as one pair ("voriconazole/midazolam", "vanco + cefepime") in a message that names no line,
    target or structure of its own: the interaction of the two."""
    e = extract(text)
    drugs = [n for n in e.names if n.kind == "drug"]
    return bool(drugs) and not (e.cell_lines or e.sequences or e.typed_molecules() or e.unresolved) and any(
        _SLASH_OR_PLUS.fullmatch(text[a.end:b.start]) and a.value != b.value and
        text.count("(", 0, a.start) == text.count(")", 0, a.start)  # ("Kaletra (lopinavir/ritonavir)": a gloss)
        and _ENDS_THE_ASK.match(text, b.end) is not None and not ON_A_REGIMEN.search(text, 0, a.start)
        # (not "pt on Tykerb + Xeloda. pred ln(IC50) …": what a patient takes)
        for a, b in zip(drugs, drugs[1:]))


_ENDS_THE_ASK = re.compile(r"\s*(?:pls|please|plz|thx|thanks)?\s*[?.!]?\s*$", re.I)


def _asked(text: str) -> str:
    """The words after the message's last retraction when they ask for a tool ("make it... no. just the pKd");
    else all of it: "interaction between capecitabine... no wait, 5-FU and MTX" takes back a value, not the ask."""
    after = asked_part(text)
    # "Aurora A please -- no wait, Aurora B, that's the one they chase" corrects a value: a bare target after the
    # retraction would read as an ask of its own
    return after if after == text or _strongest(_read_tools(without_values(extract(after)))) >= 0.25 else text


def choose_tool(entities: Entities, offered: list[ToolSpec], pool: Sequence[EntryMeta] = (),
                prior: ToolSpec | None = None) -> ToolSpec | None:
    """The best tool for a request, from its words and from the kinds of values it holds; ``prior`` is the
    tool of the request this one says it repeats."""
    if prior is not None and asks_the_same(entities.prose) and takes_values_of(prior, entities, pool):
        return prior  # "Same question for ondansetron and metoclopramide": not a pair of the two
    scores = _tool_words(entities.text, offered)
    # a repeat keeps the earlier tool unless its words ask for another one ("the pKd instead" after a yes/no);
    # "same settings, but start from X" stays the same tool
    # ("same molecules, predicted response in HT-29" after a design run names the designs, not the design tool)
    same_settings = keeps_the_settings(entities.prose)
    same_answer = prior is not None and _same_answer(prior, scores, offered, entities.prose)
    switches = not same_settings and not same_answer and max(scores.values(), default=0.0) >= 2.0 and \
        prior is not None and scores.get(prior.name, 0.0) < 1.0 and not only_values(entities, SAME_VALUE_WORDS) and \
        _switch_keeps_the_value(entities, scores, offered) and not changes_the_list(prior, entities)
    if prior is not None and prior.name in scores and not switches:
        scores[prior.name] += 4.0
    if same_answer and prior is not None:  # the other reading of the same values is the same ask in other words
        for spec in offered:
            if spec is not prior and _takes_the_same_values(spec, prior):
                scores[spec.name] = 0.0
    prose = entities.prose
    # "predict the logS and the pKa of imatinib": a trained property named for molecules the message gives
    # ("thanks. what is its logD?": a property of the thread's molecules)
    has_molecules = bool(entities.molecules) or any(m.kind in ("smiles_list", "smiles", "smiles_pairs", "table")
                                                    for m in pool)
    named_property = bool(property_words(entities.prose.lower())) and (
        bool(entities.molecules) or (has_molecules and bool(REFERS_BACK.search(prose))))
    # "interaction between A and B", "run tacrolimus + fluconazole", "check olanzapine against ethanol"
    paired = len(entities.molecules) >= 2 and bool(PAIRING.search(prose)) or (
        len(set(entities.molecules)) == 2 and bool(_WRITTEN_PLUS.search(prose) or _CHECKED_AGAINST.search(prose)))
    unknown_drugs = sum(u.kind == "drug" for u in entities.unresolved)  # "The quinolone with her methadone, QT worry"
    paired = paired or (unknown_drugs > 0 and len(entities.molecules) + unknown_drugs >= 2
                        and bool(PAIRS_ITSELF.search(prose)))
    shaped = (entities.masks, entities.atom_ranges, names_a_line(entities), entities.sequences, entities.pairs,
              named_property, paired)
    if max(scores.values(), default=0.0) < 1.0 and len(offered) > 1 and not any(shaped):
        return None
    refers_back = bool(REFERS_BACK.search(prose)) and has_molecules
    # ("does doramapimod interact with p38?": a target the message asks about, though which p38 it must say)
    has_target = bool(entities.sequences) or any(n.kind == "target" for n in entities.names) or \
        any(m.kind == "protein_seq" for m in pool) or any(
            u.kind == "target" and u.start >= 0 and asked_as_target(prose, u.start) for u in entities.unresolved)
    # "same check but with clopidogrel in place of the aspirin": one drug exchanged in the thread's pairs
    swaps_a_paired_drug = len(entities.molecules) == 1 and bool(entities.taken_back) and \
        any(m.kind == "smiles_pairs" for m in pool)
    worded = dict(scores)
    kept = _SAME_VALUE.search(prose)
    kept_target = kept is not None and kept.group("target") is not None
    weakly_worded = max(worded.values(), default=0.0) < 2.0 and not has_target and not names_a_line(entities) and \
        not property_words(prose.lower()) and len(set(entities.molecules)) >= 2 and not entities.unresolved
    for spec in offered:
        scores[spec.name] += _shape_bonus(spec, entities, prose.lower(), has_molecules, refers_back, has_target)
        if swaps_a_paired_drug and any(p.kind == "smiles_pairs" for p in spec.params):
            scores[spec.name] += 1.5
        if paired and weakly_worded and any(p.kind == "smiles_pairs" for p in spec.params):
            scores[spec.name] += 1.5  # "clopidogrel + omeprazole, the classic one": a written pair, no other ask
        if kept_target and any(p.kind == "smiles_pairs" for p in spec.params):
            scores[spec.name] -= 2.0  # "now nilotinib and dasatinib on the same target": a target kept, no pair
    best = max(scores.items(), key=lambda kv: kv[1], default=(None, 0.0))
    if best[0] is None or best[1] < 1.0:
        return offered[0] if len(offered) == 1 else None
    if len(offered) > 1 and best[1] < 2.0 and best[1] == worded[best[0]] and not any(shaped) and \
            _reads_as_no_ask(entities.text):
        return None  # "What would Ibrance do?": words that read as no ask more than as the weak tool, nothing else
    if len(close_calls(scores, prose)) > 1:
        return None  # "response of CCO": the cell-line response or a Tox21 stress response? ask, never pick
    chosen = next(s for s in offered if s.name == best[0])
    return PROPERTY if chosen.param("smiles_pairs") and _property_not_pair(entities, offered) else chosen


def changes_the_list(prior: ToolSpec, entities: Entities) -> bool:
    """"Swap emtricitabine for lamivudine and run it again with tenofovir", "Add methanol and acetone to that
    comparison" after a logD run: molecules exchanged in or added to the earlier tool's list, whatever "with" or two
    drugs read as, unless the words ask for a pair (interaction, combination)."""
    return prior.param("drug_smiles") is not None and bool(entities.molecules) and not PAIRING.search(
        entities.prose) and (bool(entities.taken_back) or bool(ADDS_TO_THE_RUN.search(entities.prose)))


# "Add methanol and acetone to that comparison", "include X in the run": more molecules for the earlier ask
ADDS_TO_THE_RUN = re.compile(r"\b(?:add|include|append)\b[^.;?!\n]{1,60}?\b(?:to|into|in)\s+(?:that|this|the)\s+"
                             r"(?:comparison|run|table|list|set|panel|series|batch|analysis)\b", re.I)


def _property_not_pair(entities: Entities, offered: list[ToolSpec]) -> bool:
    """"logD for artesunate vs artemether, the methyl ether from the same lactol?": a trained property named for two
    drugs or more, and no word of a pair (interact, DDI, combination …): the property, whatever the rest reads as."""
    return PROPERTY in offered and len(entities.molecules) >= 2 and bool(property_words(entities.prose.lower())) and \
        not PAIRING.search(entities.prose)


def _switch_keeps_the_value(entities: Entities, scores: dict[str, float], offered: list[ToolSpec]) -> bool:
    """A message that keeps a value of the earlier request ("same target, these 2: <SMILES>") switches tools only to
    one that takes that value and that its words ask for clearly ("is axitinib predicted to interact with the same
    protein?"); never to one that cannot use it (two molecules read as a drug pair)."""
    kept = _SAME_VALUE.search(entities.prose)
    if kept is None:
        return True
    kind = "protein_seq" if kept.group("target") else "cell_line"
    name, score = max(scores.items(), key=lambda kv: kv[1])
    spec = next((s for s in offered if s.name == name), None)
    return spec is not None and score >= 3.0 and any(value_kind(p.kind) == kind for p in spec.params)


# the words that say which answer about a target is wanted: a yes/no or probability, or how tightly it binds
_TARGET_ANSWER_WORDS = re.compile(rf"(?<![\w/]){_ANSWER_KIND}(?![\w/])|\b(?:interact\w*|bind\w*|affinit\w*|ki|"
                                  r"tight\w*|strong\w*|potent\w*|classif\w*|dti)\b", re.I)


def _same_answer(prior: ToolSpec, scores: dict[str, float], offered: list[ToolSpec], prose: str) -> bool:
    """Whether a repeat that reads best as another tool taking the same kinds of values asks the earlier tool again,
    since no word names another answer: "same three versus KIT" after a pKd run names a target, which alone reads as a
    yes/no question; "and do they interact with KIT?" asks for the yes/no."""
    name = max(scores.items(), key=lambda kv: kv[1], default=("", 0.0))[0]
    other = next((s for s in offered if s.name == name), None)
    return other is not None and other is not prior and _takes_the_same_values(other, prior) and \
        _TARGET_ANSWER_WORDS.search(prose) is None


def _takes_the_same_values(one: ToolSpec, other: ToolSpec) -> bool:
    return {p.kind for p in one.params} == {p.kind for p in other.params}


def asks_the_same(prose: str) -> bool:
    """"Same question for …", "same check?": the earlier ask again, for the values the message gives."""
    return bool(_SAME_ASK.search(prose))


def keeps_the_settings(prose: str) -> bool:
    """"same settings, KU812 instead", "same thing but …": the earlier request's tool and values stay, but for what
    the message changes ("and midostaurin on the same protein" names a value, not the settings). A message that names
    the kind of answer it wants ("then pKd for the same two on JAK2" after a yes/no) does not keep them."""
    if _NAMED_KIND.search(without_refused_kinds(prose)):
        return False
    return bool(_SAME.search(_SAME_VALUE.sub(" ", _SAME_MOLECULES.sub(" ", prose))))


def keeps_a_value(e: Entities) -> bool:
    """"same target", "same JAK1 for my hit: <SMILES>": the message keeps a value of the earlier request, so new
    molecules in it are for that request, whatever else its words could be read as ("hit" as a binder), unless it
    names the kind of answer it wants ("a yes/no on the same kinase for imatinib")."""
    if _NAMED_KIND.search(without_refused_kinds(e.prose)):
        return False
    if _SAME_VALUE.search(e.prose):
        return True
    kept = [m.end() for m in _SAME.finditer(e.prose)]
    return any(n.start >= 0 and any(0 <= n.start - end <= 2 for end in kept) for n in e.names) or any(
        any(0 <= e.prose.find(written) - end <= 2 for end in kept) for written, _ in e.cell_mentions)


def molecules_it_lacks(prose: str, spec: ToolSpec | None) -> bool:
    """"same molecules, predicted response in HT-29" after a design run: the words name molecules, which the earlier
    tool does not take, so they do not repeat it."""
    return spec is not None and bool(_SAME_MOLECULES.search(prose)) and not any(
        p.kind in ("smiles_list", "smiles", "smiles_pairs") for p in spec.params)


def close_calls(scores: dict[str, float], prose: str) -> list[str]:
    """Tools whose scores are too close to the best one's to choose between them (best first). The property
    tool is a reading only when the words name a property ("likely precurors of …" names none)."""
    ranked = sorted(((name, score) for name, score in scores.items()
                     if name != PROPERTY.name or requested_properties(prose)), key=lambda kv: -kv[1])
    return [name for name, score in ranked if score >= 1.0 and ranked[0][1] - score < TIE_MARGIN]


TIE_MARGIN = 0.5  # on tool_scores' scale (4 x probability): two tools within 0.125 of each other


def intents(entities: Entities, offered: list[ToolSpec], prior: ToolSpec | None = None) -> list[tuple[ToolSpec, str]]:
    """Tools asked for in separate parts of one sentence ("does it cross the BBB, and does it bind X?"),
    in the order they are mentioned, each with the words of its part; a single tool means one intent. With
    ``prior`` (the message repeats an earlier request), a part that only gives values repeats that tool ("what
    about AURKB. and give me a pKd for it too"), unless the message switches tools ("affinity this time")."""
    qualified = _trailing_qualifier(entities, offered)
    if qualified is not None:
        return [(qualified, entities.prose)]
    found: list[tuple[ToolSpec, str]] = []
    subject_only: list[bool] = []  # "start from <SMILES>, optimize …": the first part only names the subject
    switches = bool(SWITCHES.search(entities.prose))
    repeated = None if switches else prior
    cuts = list(_SEGMENT.finditer(entities.prose))
    bounds = [0, *(b for cut in cuts for b in cut.span()), len(entities.prose)]
    # a part taken back ("make it... no.") asks for nothing, nor words that ask nothing wherever a part is cut ("—
    # second line in these two": lines of therapy, not a part "line in these two")
    asked = _blank(_ASKS_NOTHING, _asked(entities.text))
    for start, end in zip(bounds[::2], bounds[1::2]):
        if not entities.prose[start:end].strip() or not asked[start:end].strip() or \
                _LIST_MARKER.fullmatch(entities.prose[start:end]):
            continue  # (nor "1." before a pasted structure: a list's numbering)
        if cuts and only_picks(asked[start:end], offered):
            continue  # "Which is most soluble? Predict its response in CAKI-1": the question picks, the rest asks
        if cuts and _reports_only(entities.prose, start, end):
            continue  # "The JAK patent claims selective JAK1 inhibition. What is the predicted pKd …?"
        if cuts and (_DRUG_AND_DOSE.fullmatch(placeholder_text(entities.text[start:end])) or
                     _CODES_ONLY.fullmatch(entities.prose[start:end])):
            continue  # "Duloxetine 60 plus tramadol 50 q6h: serotonergic risk?": a drug and its dose ask nothing, nor
            # codes ("three new compounds (EHU-052, EHU-204 and EHU-311)")
        if (_PREFACE_END.search(entities.prose[start:end]) or _HEADING.match(entities.prose[start:end])) \
                and not given_kinds(extract(entities.text[start:end])):
            continue  # "for the AML combination study: first, …": what comes before "first" introduces the asks
        scores = _tool_words(asked[start:end], offered)
        best = max(scores.items(), key=lambda kv: kv[1], default=(None, 0.0))
        spec = next((s for s in offered if s.name == best[0]), None)
        part = extract(entities.text[start:end], entities.expect)
        if found and same_ask_again(found[-1][0], part):
            spec_before, words_before = found[-1]
            found[-1] = (spec_before, entities.prose[entities.prose.find(words_before):end])
        elif spec is not None and best[1] >= 2.0 and spec not in [f for f, _ in found] and \
                not (only_values(part, SAME_VALUE_WORDS) and not given_kinds(part)) and \
                not (found and spec == PROPERTY and not requested_properties(asked[start:end])) and \
                (not (found or switches) or _is_an_ask(spec, part, [f for f, _ in found])):
            found.append((spec, entities.prose[start:end]))
            subject_only.append(bool(given_kinds(part)) and only_values(part, _SUBJECT_WORDS) and not only_values(part))
        elif repeated is not None and cuts and repeated not in [f for f, _ in found] and given_kinds(part):
            found.append((repeated, entities.prose[start:end]))
        elif found and given_kinds(part) and only_values(part, _SUBJECT_WORDS | _MORE_OF_THE_SAME):
            # "does X engage HER2, and how about lapatinib?": more values for the ask before it
            spec_before, words_before = found[-1]
            found[-1] = (spec_before, entities.prose[entities.prose.find(words_before):end])
    if len(found) >= 2 and subject_only[0]:
        found = found[1:]
    if len(found) >= 2:  # "if bromacil and terbacil had been tested in people, would ClinTox flag them?": no pair asked
        found = [(spec, part) for spec, part in found if not _names_no_pair(spec, part, entities.prose)] or found
    found = _without_drug_classes(found, entities)
    if len(found) == 1 and found[0][0].param("smiles_pairs") and _property_not_pair(entities, offered):
        found = [(PROPERTY, found[0][1])]
    if _NOT_YES_NO.search(entities.prose) and AFFINITY in offered:  # "does X bind EGFR? I need an actual number"
        found = [(AFFINITY if spec.name == TARGET_CLASSIFICATION.name else spec, part) for spec, part in found]
    if len(found) == 2 and (answered := _question_then_answer_kind(found)) is not None:
        return [answered]
    if len(found) == 2 and _interaction_of_the_target_ask(found, entities):
        return [f for f in found if f[0].param("target_seq")]
    if len(found) == 2 and (len(cuts) == 1 and "?" in cuts[0].group(0) or _QUALIFIER.search(found[1][1])):
        return _qualified(found)
    if len(found) < 2:
        loose = _loose_intents(entities, offered)
        loose = _without_drug_classes(loose, entities)
        if len(loose) >= 2:  # "Quinidine blocks P-gp and lets loperamide into the brain. What does … say?": told
            loose = [(spec, part) for spec, part in loose
                     if not _reports_only(entities.prose, at := max(entities.prose.find(part), 0), at + len(part))] \
                or loose
        if len(loose) == 2 and {spec.name for spec, _ in loose} == {PROPERTY.name, DRUG_DRUG.name} and \
                _property_not_pair(entities, offered) and not any(
                    _SETS_A_PAIR.search(part) for spec, part in loose if spec.name == DRUG_DRUG.name):
            # "Teaching session: haloperidol vs quetiapine, logD7.4": drugs compared, no pair (not "Check warfarin
            # with aspirin and BBB for aspirin": a pair set by "with")
            return [(PROPERTY, entities.prose)]
        if len(loose) >= 2:
            loose = [(spec, part) for spec, part in loose if not _names_no_pair(spec, part, entities.prose)]
            if len(loose) == 1 and len(found) == 1 and _names_no_pair(*found[0], entities.prose):
                return loose
        if len(loose) == 2 and _interaction_of_the_target_ask(loose, entities):
            return [f for f in loose if f[0].param("target_seq")]
        if len(loose) == 2 and (re.search(r"[,?]\s*$", loose[0][1]) or _AFTER_A_DASH.search(
                entities.prose, 0, max(entities.prose.find(loose[1][1]), 0)) and len(loose[1][1].split()) <= 3):
            # "X binding to PIK3CD, pKd estimate?", "alisertib vs the uploaded aurkb — pKd" (not "binding prob + pKd":
            # both); "Does ruxolitinib bind JAK2 and JAK3? pKd for both please": the answer the question wants
            second_at = entities.prose.find(loose[1][1])
            answered = _question_then_answer_kind(loose) if second_at > 0 and not _ADDED_BEFORE.search(
                entities.prose, 0, second_at) else None
            return [answered] if answered is not None else _qualified(loose)
        if len(loose) >= 2 and found and found[0][0] not in [spec for spec, _ in loose] and \
                _kinds(loose[0][0]) <= _kinds(found[0][0]) | {"smiles_list"}:
            # "Olaparib analog opt in 906804, keep phthalazinone. + p53 tox21 of olaparib": the whole first
            # sentence says which tool its part asks for better than its words alone ("opt")
            loose = [(found[0][0], loose[0][1]), *loose[1:]]
        second_at = entities.prose.find(loose[1][1]) if len(loose) == 2 else -1
        if second_at > 0 and not _ADDED_BEFORE.search(entities.prose, 0, second_at) and \
                (answered := _question_then_answer_kind(loose)) is not None:
            return [answered]  # "He wonders whether it binds ERBB2 more tightly than EGFR. The pKd for both?"
        return loose if len(loose) >= 2 else found
    return found


_AFTER_A_DASH = re.compile(r"\s(?:—|–|--?)\s*$")
# a pair set in so many words, and asked for ("Check warfarin with aspirin", "warfarin + aspirin?"; not "Crystallisation
# of sildenafil from 2-propanol with heptane as antisolvent", which tells how the compounds meet)
_SETS_A_PAIR = re.compile(r"(?=.*(?:\bwith\b|\bw/|\+|&|\bagainst\b|\bplus\b))"
                          r"(?=.*(?:\?|\b(?:check|run|screen|test|predict|score|interact\w*|combin\w*)\b))",
                          re.I | re.S)
# "binding of X to AURKA and to FLT3 (yes/no)": a closing bracket that says which answer the whole message wants
_TRAILING_BRACKET = re.compile(r"\(\s*([^()]{1,30}?)\s*\)\W*$")


def _trailing_qualifier(entities: Entities, offered: list[ToolSpec]) -> ToolSpec | None:
    """The tool a closing bracket names, when every ask of the message takes the same kinds of values as it and the
    bracket closes a part that asks for nothing else (the bracket picks between sibling tools, such as affinity and
    interaction, for all of them); else None."""
    bracket = _TRAILING_BRACKET.search(entities.prose)
    if bracket is None:
        return None
    spec = next((s for s in offered if s.name == requested_tool(bracket.group(1), offered)), None)
    if spec is None:
        return None
    kinds = {p.kind for p in spec.params if p.required}
    asks = _loose_intents(entities, offered)
    siblings = all({p.kind for p in other.params if p.required} == kinds for other, _ in asks)
    if len(asks) < 2 or not siblings:
        return None
    # the bracket closes a part that asks nothing else ("to FLT3 (yes/no)"); "and if so how strongly (Kd)?" asks
    last = asks[-1][1].replace(bracket.group(0).strip(), " ")
    return spec if only_values(extract(last, entities.expect), _MORE_OF_THE_SAME | {"to", "or"}) else None


# Where terse messages separate asks: "EGFR pKd, A549 IC50, route", "pKd on EGFR and IC50 in H1975", "binding prob +
# pKd", "1) logD of X 2) retro of same", "DDI warf+asp. and Temodar in U-87"
# (a "+" glued to the word before and followed by a space marks a status: "the ER+ breast lines", "BBB+ ones")
# (not the slash of a case code, "PM-24/2455")
_LOOSE_CUT = re.compile(r"\s*(?:[,;&]|/(?!\d)|(?<![-_]\d\d)(?<![-_]\d\d\d)/|\+(?!\s)|(?<=\s)\+|\s[-–—]\s|"
                        r"\b(?:and|also|plus|then|too)\b|"
                        r"\(?\b\d[.)](?=\s)|"
                        rf"(?:(?<!(?-i:\b[A-Z])){_NO_TITLE}\.|[?!])(?=\s))\s*", re.I)  # not "M." (M. tuberculosis)


# "take X and …", "starting from X, …", "- target: MEK1": words that only introduce or label the subject
_SUBJECT_WORDS = frozenset(words("subject_openers")) | frozenset(words("value_labels"))
_MORE_OF_THE_SAME = frozenset(words("more_of_the_same"))
# "interaction calls only", "just the pKd": a closing part that says which of the asks is meant
_QUALIFIER = re.compile(r"^\W*(?:only|just)\b|\bonly\W*$", re.I)


def same_ask_again(before: ToolSpec, part: Entities) -> bool:
    """"… at 1 µM and also in MIA PaCa-2 at the same potency", "pKd against ALK, and while you're at it against MET":
    a part that gives values the ask before it takes, and says "same" or nothing else, asks it again with them,
    whatever its few words alone would read as ("then suggest new molecules at the same potency as nilotinib" asks
    for something of its own)."""
    if not (given_kinds(part) and takes_values_of(before, part)):
        return False
    unpadded = copy.copy(part)  # "and while you're at it the same four against ERBB2", "… and against MET. Thanks"
    # "… and against CDK2 (the selectivity question). separate runs": an aside in brackets asks for nothing
    unpadded.prose = _blank(_ASIDE, _blank(SIGN_OFF, _blank(FILLERS, part.prose)))
    if _SAME.search(part.prose):
        return only_values(unpadded, SAME_VALUE_WORDS | _MORE_OF_THE_SAME | _GOAL_WORDS)
    return only_values(unpadded, _MORE_OF_THE_SAME)


_ASIDE = re.compile(r"\((?:the|a|an|for|just|as|our|my)\b[^()]{0,60}\)", re.I)


def _blank(pattern: re.Pattern[str], text: str) -> str:
    return pattern.sub(lambda m: " " * len(m.group()), text)


_GOAL_WORDS = frozenset(words("goal_words"))


def _is_an_ask(spec: ToolSpec, part: Entities, others: Sequence[ToolSpec] = ()) -> bool:
    """Whether a part of a terse message is an ask of its own, not a value of a neighbouring ask: it must not give a
    value its tool does not take ("ln IC50 -1.5" after a design ask), must not be values alone unless they are all its
    tool needs ("K562, " is not; "and Temodar in U-87 MG" is), and a potency or mask alone ("aim -1", "target -3,
    keep the ring system") reads as any of the cell-response tools, so it belongs to the ask it follows."""
    given = given_kinds(part)
    if given and not takes_values_of(spec, part):
        return False
    if not given and only_values(part, _SUBJECT_WORDS) and not only_values(part):
        return False  # "start from <SMILES>, optimize …": words that introduce the subject ask for nothing
    needs = {value_kind(p.kind) for p in spec.params if p.required}
    # values alone ("and midostaurin on the same protein") say which tool only when they are two kinds it needs ("and
    # Temodar in U-87 MG") that no other ask of the message takes ("smiles X sequence Y" after "pKd for X with LYN?"
    # are that ask's values)
    if given and only_values(part, _SUBJECT_WORDS | SAME_VALUE_WORDS) and not (
            len(needs) > 1 and needs <= given and not any(given <= _kinds(other) for other in others)):
        return False
    if spec.param("smiles_pairs") and len(part.molecules) == 1 and not PAIRING.search(part.prose):
        return False  # "… with methotrexate? And with nelarabine.": one more drug for the ask before, not a pair
    # "Also a generated set for that line …", "And optimize it in the same line toward 50 nM": an ask of its own
    added_design = bool(_ADDED.match(part.prose) and (DESIGN_WORDS.search(part.prose) or _OPTIMIZE.search(part.prose)))
    return not (spec.param("cell_line") or spec.param("cell_name")) or not given or bool(given - {"number", "mask"}) \
        or added_design


_OPTIMIZE = re.compile(r"\b(?:optimi[sz]e|improve|tweak)\b", re.I)
_ADDED = re.compile(r"\W*(?:also|and|plus|then)\b", re.I)  # a part that adds an ask to the one before


# words that ask for new molecules ("design", "make", "new cpds", "a generated set"), not for results already made
DESIGN_WORDS = re.compile(r"\b(?:design|generate|propose|suggest|invent|create|make)\b|\bcome\s+up\s+with\b|"
                          r"\bnew\s+(?:cpds?|molecules?|compounds?|ideas|structures|analog(?:ue)?s|designs)\b|"
                          r"\ba\s+(?:new\s+)?generated\s+(?:set|batch|library)\b", re.I)


def _without_drug_classes(found: list[tuple[ToolSpec, str]], entities: Entities) -> list[tuple[ToolSpec, str]]:
    """"PI3K inhibitors in the HER2+ line HCC1954: alpelisib, …": with no target in the message, "X inhibitors"
    names a class of drugs, not a target tool's ask (unless it says bind, hit, affinity …)."""
    if len(found) < 2 or entities.sequences or any(n.kind == "target" for n in entities.names):
        return found
    return [(spec, words) for spec, words in found
            if not (spec.param("target_seq") and _CLASS_WORD.search(words) and not _BINDING_WORDS.search(words))]


_CLASS_WORD = re.compile(r"\b[\w/-]+\s+inhibitors?\b", re.I)
_BINDING_WORDS = re.compile(r"\bbind|\binteract|\bengag|\bhits?\b|\baffinity|\bp?k[di]\b", re.I)


def asks_a_pair_of_one(spec: ToolSpec | None, e: Entities) -> bool:
    """A drug-pair tool read from a message that names one drug and no pairing ("And a negative control they won't
    expect: metformin." after a BBB question): the words only look like one; the pair tool has no partner."""
    return spec is not None and spec.param("smiles_pairs") is not None and len(e.molecules) == 1 and \
        not PAIRING.search(e.prose)


PAIRS_ITSELF = re.compile(r"\bwith\b|\bw/|\+|&|\bvs\.?(?!\w)|\bversus\b|\bagainst\b", re.I)  # "Plavix with Tagrisso"


def asks_for_a_partner(earlier_spec: ToolSpec, earlier: Entities, reply: Entities) -> bool:
    """"Does spironolactone interact?" asked about (with what?), then "With minoxidil — …": a second drug and no
    target answers it, so the question was about a drug pair, not a target."""
    return earlier_spec.param("target_seq") is not None and len(earlier.molecules) == 1 and bool(reply.molecules) \
        and not earlier.sequences and not reply.sequences and bool(PAIRING.search(earlier.prose))


_WRITTEN_PLUS = re.compile(r"[A-Za-z]\s*\+\s*[A-Za-z]")
_CHECKED_AGAINST = re.compile(r"\b(?:check|screen|test)\b[^.?!\n]{0,60}?\b(?:against|vs\.?|versus)\b", re.I)
_RUN_IT = re.compile(r"\b(?:run|check|screen|test|do|score|assess)\b", re.I)
_LIST_MARKER = re.compile(r"\s*\d{1,2}[.)][\s`']*")
# two drugs joined as a pair: "warfarin + aspirin", "A with B", "A plus B", "A against B", "A vs B", "A/B"
_JOINED = re.compile(r"\+|/|\bplus\b|\bwith\b|\bagainst\b|\bvs\.?|\bversus\b", re.I)


def _names_no_pair(spec: ToolSpec, part: str, prose: str = "") -> bool:
    """A drug-pair tool read from a part that neither joins two drugs nor says pair, interaction or combination, or
    from a message that only compares two ("Tincture base comparison, ethanol vs glycerol. … for both")."""
    if spec.param("smiles_pairs") is not None and _SIDE_EFFECTS.search(part) and \
            not PAIRING.search(_SIDE_EFFECTS.sub(" ", part)) and not _JOINED.search(part):
        return True  # "Mefloquine is famous for psychiatric side effects.": one drug's, no pair's
    return spec.param("smiles_pairs") is not None and not PAIRING.search(part) and (
        not _JOINED.search(part) or bool(_COMPARISON.search(prose) and not PAIRING.search(prose)))


_SIDE_EFFECTS = re.compile(r"\bside[ -]effects?\b", re.I)


# "… which one dissolves better?": a comparison of two
_COMPARISON = re.compile(r"\bcompar(?:e|es|ed|ing|ison|isons)\b|\bhead[- ]to[- ]head\b|"
                         r"\bwhich\s+(?:one|of\s+(?:the\s+)?(?:two|them|both))\b", re.I)


def _kinds(spec: ToolSpec) -> set[str]:
    return {value_kind(p.kind) for p in spec.params}


_PICK_LEFTOVERS = frozenset(words("pick_leftovers"))


def only_picks(words: str, offered: list[ToolSpec]) -> bool:
    """Words that pick molecules from results and ask for nothing else ("which of the MKN45 set is best",
    "two strongest ERBB2 binders")."""
    # "what are the immediate precursors?" may ask for a route; "take the precursors of that route" picks
    blanked = _without_picking(words, precursors=bool(_PRECURSORS_OF.search(words)))
    if blanked == words:
        return False
    # what is left is no ask, or only says among which results ("of the MKN45 set", "ERBB2 binders")
    return max(tool_scores(blanked, offered).values(), default=0.0) < 1.0 or only_values(
        extract(blanked), _PICK_LEFTOVERS)


# what a pick names after its superlative: "the top EGFR binder", "the two strongest binders from the first table"
_PICKED_NOUN = re.compile(r"(?<=\s\s)(?:[A-Z][A-Za-z0-9-]{1,9}\s+)?(?:binders?|hits?|inhibitors?|interactors?|actives?)"
                          r"\b(?:\s+there\b|\s+(?:from|of|in)\s+(?:the|that|this|my|our|her|his|their)\s+(?:\w+\s+)?"
                          r"(?:table|run|list|results?|set|batch|screen|panel)\b)?")


_PICKED_THERE = re.compile(r"(?<=\s\s)there\b")  # "best binder there": among those results, no cell line
# "for the first product's route, …": a route already shown, picked by its product
_PICKED_ROUTE = re.compile(r"(?<=\s\s)(?:product|molecule|compound)(?:'s)?\s+(?:top\s+|best\s+)?route\b", re.I)


_ROUTE_NUMBER = re.compile(r"\(?\b(?:route|pathway)\s*#?\s*\d+\)?", re.I)  # "(route 1)": which route, no ask


# "Thank you. Now take the most soluble of them …": thanks before the ask, no words of it
_THANKED = re.compile(rf"^\W*(?:(?:{phrases('sign_offs')}|ok(?:ay)?|great|perfect)\s*[!.,]+\s*)+", re.I)


def _without_picking(text: str, precursors: bool = True) -> str:
    """The text with the words that only pick molecules from results blanked ("the most soluble one", "the top EGFR
    binder"), and the thanks before them."""
    blanked = _blank(_THANKED, _blank(EARLIER_RESULT, _blank(_SELECTION_PHRASE, _without_codes_and_reasons(text))))
    blanked = _blanked(blanked, picking_spans(blanked, precursors) + picking_spans(text, precursors) +
                       property_pick_spans(text))
    return _blank(_PICKED_ROUTE, _blank(_PICKED_THERE, _blank(_PICKED_NOUN, blanked)))


# a compound's or document's code ("BZ-3 intermediate", "the KT-22 protocol"): once the word after it is blanked as a
# pick, the code alone would read as a cell line
_CODE = re.compile(r"(?<![\w-])[A-Za-z]{1,5}-?\d[\w-]*")


def _without_codes_and_reasons(text: str) -> str:
    """The text without the codes its words label and the reasons a drug was started, which ask for nothing."""
    spans = [m.span() for m in _CODE.finditer(text) if labelled(text, m.start(), m.end())]
    return _blanked(text, spans + [m.span("why") for m in _STARTED_FOR.finditer(text)])


# "the GP has started fluconazole for oral thrush": why a drug was started, which asks nothing ("oral" read as a
# property)
_STARTED_FOR = re.compile(r"\b(?:started|given|prescribed|initiated|added)\s+(?:[\w-]+\s+){0,2}?"
                          r"(?P<why>for\s+(?:(?:her|his|their|the|an?)\s+)?[\w-]+(?:\s+(?!and\b|or\b)[\w-]+)?)", re.I)


def without_values(e: Entities) -> str:
    """The message's words with its values blanked: what it asks for in words ("binder call for <drug> against
    <target>"), not what its values alone read as ("T47D is fine", "ln(IC50) -2.5")."""
    goals = [m.span() for n in e.numbers if (m := _GOAL_VALUE.search(e.prose, max(0, n.pos - 25))) is not None
             and m.start() <= n.pos < m.end() + 1]
    return _blanked(e.prose, _value_spans(e) + goals)


# a potency goal with its scale: "ln(IC50) -2.5", "pIC50 8", "IC50 of 100 nM", "target -2"
_GOAL_VALUE = re.compile(r"(?:\bln\s*\(?\s*ic\s?50\s*\)?|\bp?ic\s?50|\bz-?score|\btarget|\bgoal)?"
                         r"\s*(?:of|=|:|~|around|at)?\s*[-+−]?\d+(?:[.,]\d+)?(?:\s*(?:[nuµμp]M|nanomolar|micromolar))?",
                         re.I)


def _value_spans(e: Entities) -> list[tuple[int, int]]:
    """Where the message writes values: names, cell lines as written, and the blanked molecules and sequences."""
    spans = [(n.start, n.end) for n in e.names if n.start >= 0] + [(u.start, u.end) for u in e.unresolved
                                                                    if u.start >= 0]
    for written, _ in e.cell_mentions:
        spans += [m.span() for m in re.finditer(re.escape(written), e.prose)]
    spans += [m.span() for m in re.finditer(r"(?<=\s) +(?=\s)|^ +| +$", e.prose)
              if e.text[m.start():m.end()].strip()]  # blanked in the prose, not in the text: a molecule or sequence
    return spans


# a structure blanked in the prose after a row's label ("2,QX-D2,<SMILES>")
_STRUCTURE_AFTER = re.compile(r"[ \t]*[,;|\t][ \t]* {5,}")


def _labels_a_pasted_row(prose: str, start: int, end: int) -> bool:
    """Whether the words at ``start:end`` label a pasted structure's row (alone they would read as a cell line)."""
    return opens_a_row(prose, start, end) and bool(_STRUCTURE_AFTER.match(prose, end))


def _joins_values(prose: str, cut: tuple[int, int], values: list[tuple[int, int]]) -> bool:
    """A separator between two values ("axitinib and TAE684", "A549, H1975") lists them; it does not part asks."""
    before = prose[:cut[0]].rstrip()
    after_start = len(prose) - len(prose[cut[1]:].lstrip())
    ends_value = any(start < len(before) <= end for start, end in values)
    starts_value = any(start <= after_start < end for start, end in values)
    return ends_value and starts_value


MAX_LOOSE_PARTS = 12  # terse asks come in twos and threes; each part costs a name lookup and an intent reading


def _loose_intents(entities: Entities, offered: list[ToolSpec]) -> list[tuple[ToolSpec, str]]:
    """Asks separated only by commas, "and", "+" or numbering: parts that each read strongly as a different tool
    (words that only pick molecules left out), in order, each with the words up to the next such part. Parts that
    read as no tool (values, "pls", a selection) stay with the ask before them."""
    prose = entities.prose
    values = _value_spans(entities)
    cuts = [cut for cut in _LOOSE_CUT.finditer(prose) if not _joins_values(prose, cut.span(), values)]
    bounds = [0, *(b for cut in cuts for b in cut.span()), len(prose)]
    asked = _asked(prose)
    parts = [(start, end) for start, end in zip(bounds[::2], bounds[1::2]) if asked[start:end].strip()]
    if len(parts) > MAX_LOOSE_PARTS:
        return []  # a long list of names, not a handful of asks: each part would be read again
    read: list[tuple[ToolSpec, int, Entities]] = []
    for start, end in parts:
        if _labels_a_pasted_row(prose, start, end) or _CODES_ONLY.fullmatch(prose[start:end]) or \
                start == 0 and len(parts) > 1 and \
                re.search(r"\d", prose[start:end]) and _CODE_HEADING.match(prose[:parts[1][0]]):
            continue  # (nor "OX-9 —" before the ask: the compound's code, no cell line)
        words = _blank(_ASKS_NOTHING, entities.text[start:end])
        if len(parts) > 1 and (only_picks(words, offered) or _only_same_values(words) or
                               _reports_only(prose, start, end) or _corrects_values(words, offered) or (
                _HEADING.match(words) and not given_kinds(extract(words)))):
            continue
        tool = PROPERTY.name if property_words(_without_picking(prose[start:end]).lower()) else \
            requested_tool(words, offered)
        if tool == PROPERTY.name and not requested_properties(prose[start:end]):
            tool = None  # "Transplant clinic: tacrolimus 4 mg BID and fluconazole 100 mg daily. Interaction?"
        spec = next((s for s in offered if s.name == tool), None)
        if spec is not None:
            read.append((spec, start, extract(words, entities.expect)))
    worded = [spec for spec, _, part in read if not only_values(part, _SUBJECT_WORDS)]
    asks: list[tuple[ToolSpec, int]] = []
    for spec, start, part in read:
        others = [other for other in worded if other != spec]
        if asks and same_ask_again(asks[-1][0], part):
            continue
        if spec not in [a for a, _ in asks] and _is_an_ask(spec, part, others):
            asks.append((spec, start))
    starts = [start for _, start in asks] + [len(prose)]
    return [(spec, prose[start:starts[i + 1]]) for i, (spec, start) in enumerate(asks)]


# "— hmm, actually Aurora B, that's the one they chase": a part that opens with a correction
_CORRECTION_OPENS = re.compile(rf"^\W*(?:(?:{phrases('hesitations')})\W+)*"
                               rf"(?:{phrases('superseding')}|actually)(?![\w-])", re.I)


def _corrects_values(words: str, offered: list[ToolSpec]) -> bool:
    """A part that opens with a correction and asks for nothing but its values corrects the ask before it."""
    return bool(_CORRECTION_OPENS.match(words)) and requested_tool(without_values(extract(words)), offered) is None


# "same two", "the same 3 compounds": the earlier molecules by their count
_SAME_COUNT = re.compile(rf"\bsame\s+(?:{count_pattern()})\b(?:\s+(?:molecules?|compounds?|drugs?|ones))?", re.I)


def _reports_only(prose: str, start: int, end: int) -> bool:
    """A part of a sentence that only reports ("HT-29 has been resistant to every anchor we tried."; "4-week rat study,
    foamy macrophages with amiodarone and chlorpromazine, both cationic."), not a clause of one that asks ("if
    bromacil and terbacil had been tested in people, would …")."""
    opens = max(prose.rfind(mark, 0, start + 1) for mark in ".!?\n:") + 1
    closes = [i for i in (prose.find(mark, end) for mark in ".!?\n") if i >= 0]
    sentence = prose[opens:min(closes, default=len(prose)) + 1]
    if _ON_ITS_WAY.search(sentence) and "?" not in sentence:
        return True  # "Lung line NCI-H3122 is on order. Meanwhile: does crizotinib interact with ALK?"
    if told_how_a_drug_acts(prose, start + len(prose[start:end]) - len(prose[start:end].lstrip())):
        return True  # "check it against mesalazine — aminosalicylates inhibit TPMT, I think": why, not a second ask
    return bool(_REPORTED.search(sentence)) and not ASKS_IN_WORDS.search(sentence) and \
        not re.search(r"\bif\b|\bwhether\b", sentence, re.I)


# a cell line, drug or sample still on its way: no ask about it yet
_ON_ITS_WAY = re.compile(r"\b(?:is|are)\s+(?:still\s+)?(?:on\s+order|back-?ordered|in\s+(?:transit|quarantine)|being\s+"
                         r"(?:ordered|shipped|expanded|thawed)|(?:arriving|coming)\s+(?:next|on|in|tomorrow))\b", re.I)


def _only_same_values(words: str) -> bool:
    """"same cell line and same potency target", "same two": a part that keeps earlier values asks for nothing."""
    rest = _SAME_VALUE.sub(" ", _SAME_MOLECULES.sub(" ", _SAME_COUNT.sub(" ", words)))
    return rest != words and not re.search(r"[a-z]{3,}", re.sub(r"\b(?:and|the|with|for|but|too|also|please|pls)\b",
                                                                  " ", rest.lower()))


# "does it still bind?", also after a short topic ("KIT D816V — does imatinib still bind?")
_QUESTION = re.compile(r"^\W*(?:[^.?!\n]{1,40}?\s(?:—|–|--?|:)\s*)?"
                       # a question reported ("he also wonders whether it binds ERBB2 more tightly than EGFR")
                       r"(?:[^.?!\n]{0,40}?\b(?:wonders?|wondering|asks?|asking|know|curious)\s+)?"
                       r"(?:which|what|who|does|do|is|are|would|will|can|could|how|whether|if)\b", re.I)
# "…? then pKd for the same", "— and separately, is it a binder of EGFR at all?"
_ADDED_BEFORE = re.compile(r"\b(?:then|also|and|plus|too|additionally|separately)\W*$", re.I)
_ADDED_ASK = re.compile(r"^\W*(?:and|also|plus|too|as well|if you can|if so|additionally|then)\b|"
                        r"\b(?:also|too|as well)\b", re.I)


def _question_then_answer_kind(found: list[tuple[ToolSpec, str]]) -> tuple[ToolSpec, str] | None:
    """"Which of these binds PDGFRB strongest? Give me pKd for A, B, C.": a question, then the kind of answer it
    wants for the same inputs (not "… If you can also give the affinity"): one ask, the one whose kind is named."""
    (first, words1), (second, words2) = found
    if {p.kind for p in first.params} != {p.kind for p in second.params} or not _QUESTION.match(words1):
        return None
    named = [bool(_NAMED_KIND.search(without_refused_kinds(w))) for w in (words1, words2)]
    if named == [False, True] and not _ADDED_ASK.search(words2):
        return found[1]
    return None


def _interaction_of_the_target_ask(found: list[tuple[ToolSpec, str]], entities: Entities) -> bool:
    """"Do sorafenib, sunitinib and pazopanib interact with KDR? I only need to know whether there is an interaction,
    not the constant", "And P(interaction), same cpd x ERBB4": a part with no values of its own that reads as a drug
    pair, beside an ask about a target, says which answer that ask wants; no pair of the drugs is asked."""
    targeted = [spec for spec, _ in found if spec.param("target_seq")]
    paired = [words for spec, words in found if spec.param("smiles_pairs")]  # ("And P(interaction), same cpd x ERBB4")
    return len(targeted) == 1 and len(paired) == 1 and not given_kinds(extract(paired[0], entities.expect)) and \
        not _NAMES_PAIRS.search(paired[0])  # (not "Re-check the saved pairs with TWOSIDES, and … pKd against EGFR")


_NAMES_PAIRS = re.compile(r"\bpairs?\b|\btwosides\b|\bddis?\b|\bdrugbank\b|\bcombin|\bside[ -]effects?\b", re.I)


def _qualified(found: list[tuple[ToolSpec, str]]) -> list[tuple[ToolSpec, str]]:
    """"would they bind SRC? pKd please": a short part after a question that names another tool for the same
    inputs says which answer the question wants; it is one ask, not two. "…, and how about lapatinib? interaction
    calls only": a closing "X only" qualifies the ask; naming a tool for other inputs, it keeps the ask as it is."""
    if len(found) != 2:
        return found
    (first, _), (second, words) = found
    sizes = [len(re.findall(r"[a-z0-9]+", words.lower())) for _, words in found]
    shortest = sizes.index(min(sizes))
    same_inputs = {p.kind for p in first.params} == {p.kind for p in second.params}
    if _QUALIFIER.search(words) and sizes[1] <= 4:
        return [found[1]] if same_inputs else [found[0]]
    return [found[shortest]] if same_inputs and sizes[shortest] <= 2 and sizes[0] != sizes[1] else found


def names_a_line(e: Entities) -> bool:
    """A cell line, in GDSC or a well-known one that is not: "erlotinib in PC9" asks for a drug response even though
    PC9 is no GDSC line (which line to use is asked; which tool is not). Any word shaped like a line ("plate2") is
    not enough."""
    return bool(e.cell_lines) or any(u.kind == "cell_line" and (is_known_other_line(u.written) or
                                                                 u.written.upper().startswith("COSMIC"))
                                     for u in e.unresolved)


# a number wanted instead of a yes/no: the affinity, not the interaction
_NOT_YES_NO = re.compile(r"\bnot\s+(?:just\s+)?(?:a\s+)?yes\s*/\s*no\b|"
                         r"\b(?:an?\s+)?(?:actual|real|exact)\s+(?:number|value)\b|"
                         r"\bnumbers?\s+(?:pls|please)\b|\bbinds?\s+(?:\w+\s+)?tighter\b",  # "… tighter? numbers pls"
                         re.I)


_CONMEDS = re.compile(r"\bcon-?meds?\b|\bco-?medications?\b|\bconcomitant\b")  # "row 3 of the conmed listing"


def _drug_after_against(e: Entities) -> bool:
    """Whether a drug the message names follows "against" / "vs" (a partner drug, not a target)."""
    drugs_at = {n.start for n in e.names if n.kind == "drug"}
    return any(m.end() in drugs_at for m in _AGAINST.finditer(e.prose))


# ("against the new cipro order", "vs her home Zoloft": what the drug is to the patient between)
_AGAINST = re.compile(r"\b(?:against|vs\.?|versus)\s+(?:(?:the|her|his|their|my|our|your|its)\s+)?"
                      r"(?:(?:new|newly\s+ordered|home|current|regular|usual|prescribed)\s+)?", re.I)


_SINGLE_AGENTS = re.compile(r"\bsingle[\s-]+agents?\b|\bmonotherap(?:y|ies)\b|\bas\s+single\s+drugs\b", re.I)


_AGAINST_THE_REST = re.compile(r"\b(?:against|with|vs\.?|versus)\s+(?:the\s+rest|(?:all\s+)?the\s+others?|"
                               r"everything(?:\s+else)?|(?:her|his|their)\s+(?:other\s+)?(?:meds|medications|list|"
                               r"regimen))\b", re.I)


def _shape_bonus(spec: ToolSpec, e: Entities, lowered: str, has_molecules: bool, refers_back: bool,
                 has_target: bool = True) -> float:
    """What the message holds says a lot: a mask means optimisation, a sequence means a target tool."""
    kinds = {p.kind for p in spec.params}
    bonus = 0.0
    if "protein_seq" in kinds and not has_target and property_words(lowered):
        bonus -= 3.0  # "BACE inhibitor probability for these": a property model named, and no target to run on
    if (e.masks or e.atom_ranges) and "mask" in kinds:
        bonus += 3.0
    if e.sequences and "protein_seq" in kinds:
        bonus += 1.5
    if names_a_line(e) and "cell_line" in kinds:
        bonus += 1.0
        if not e.molecules and not refers_back and "smiles_list" not in kinds:
            bonus += 1.0  # a cell line and nothing to test in it: design for it
    if refers_back and "smiles_list" in kinds:
        bonus += 0.5
    if "smiles_pairs" in kinds and not (PAIRING.search(lowered) or
                                        re.search(r"\bwith\b|\bw/|[+&]|\band\b|\bvs\.?\b|\bx\b|\bagainst\b", lowered)):
        bonus -= 2.0  # "would her tumour respond to olaparib? progressed on carboplatin": two drugs, no pair asked
    if _SINGLE_AGENTS.search(lowered):  # "single agents of venetoclax and azacitidine": each drug alone, no pair
        bonus += -3.0 if "smiles_pairs" in kinds else 1.5 if spec.name == CELL_RESPONSE.name else 0.0
    if "smiles_pairs" in kinds and has_molecules and EVERY_PAIR.search(lowered):
        bonus += 1.5  # "uploaded the med list for bed 12. Check each pair."
    if "smiles_pairs" in kinds and len(e.molecules) >= 3 and AGAINST_ALL.search(lowered) and not e.sequences \
            and not names_a_line(e):
        bonus += 2.5  # "her list: A, B, C. Check the new one against everything": one drug against the others
    if "smiles_pairs" in kinds and len(e.molecules) == 1 and _AGAINST_THE_REST.search(lowered) and not has_target \
            and not e.sequences and not names_a_line(e):
        bonus += 2.5  # "run Diamox against the rest of the kit": one drug against the others of a list, no target
    if len(e.molecules) >= 2 and "smiles_pairs" in kinds and (re.search(r"\bwith\b|\+|\band\b", lowered) or (
            not has_target and not names_a_line(e) and re.search(r"\bagainst\b", lowered))):
        bonus += 1.0 if e.pairs else 0.5  # "A with B, and C with D" groups molecules two by two
        if not e.sequences and "interact" in lowered:
            bonus += 2.0
        elif (e.pairs or len(set(e.molecules)) == 2) and "+" in lowered and not has_target and \
                not names_a_line(e) and _RUN_IT.search(lowered):
            bonus += 2.0  # "Run tacrolimus + fluconazole for me": a written pair to run is the pair tool's
    if (len(e.molecules) >= 2 or refers_back) and not has_target and not names_a_line(e) and _drug_after_against(e):
        # "Run osimertinib against rifampicin, carbamazepine and phenytoin", "check it against Ativan": drugs against
        # drugs, no target
        bonus += 2.0 if "smiles_pairs" in kinds else -1.0 if "protein_seq" in kinds else 0.0
    if "smiles_pairs" in kinds and len(e.molecules) == 1 and not has_target and not names_a_line(e) and \
            (_CONMEDS.search(lowered) or "interact" in lowered) and (row_numbers(lowered) or EACH_ROW.search(lowered)):
        bonus += 2.5  # "IP is olaparib. Run rows 2 and 4 against the IP for interactions": no target, a list's rows
    if "protein_seq" in kinds and _NOT_YES_NO.search(lowered):  # "I need an actual number, not just yes/no"
        bonus += 2.0 if spec.name == AFFINITY.name else -2.0
    if "smiles_list" in kinds and not has_molecules:
        bonus -= 1.5  # nothing to run it on
    if "cell_line" in kinds and not kinds & {"smiles_list", "smiles"} and not names_a_line(e) and not e.numbers:
        bonus -= 1.0  # a design request names a cell line or a potency
    if "cell_line" in kinds and not kinds & {"smiles_list", "smiles"} and e.molecules and not names_a_line(e):
        bonus -= 1.5  # "Dasatinib: predicted logD, for the extraction design": a molecule to run, no line to design for
    if spec.param("property") is not None and property_words(lowered):
        bonus += 1.0 if e.molecules else 0.5  # "logS for plate2": a property named in so many words
    if len(e.molecules) >= 2 and property_words(lowered) and not PAIRING.search(lowered) and \
            not re.search(r"\b(?:with|against|vs\.?|versus)\b|[+&]", lowered):
        # "are temozolomide, niraparib and vorinostat predicted to cross the BBB?": drugs and a property, no pair
        bonus += -3.0 if "smiles_pairs" in kinds else 1.5 if spec.param("property") is not None else 0.0
    return bonus
