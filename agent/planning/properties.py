"""The property enums and drug-drug tasks a request names, in order, without those it takes back.
"""

from __future__ import annotations

import difflib
import re
from typing import Any

from agent.backends.reading import read_intent
from agent.entities import Entities, superseded_spans
from agent.planning.retraction import asked_part
from agent.selection import EARLIER_RESULT, RANK_AFTER, blank_picks
from agent.vocabulary import in_english, load, phrases
from model_zoo.names.types import Unresolved
from model_zoo.specs import DRUG_DRUG, PROPERTY, PROPERTY_NAMES, PROPERTY_WORDS

LBD = re.compile(r"\blbd\b|\bligand[- ]binding domain\b", re.I)


_PROPERTY_PARTS = re.compile(r"\s*(?:[,;&/+?\n*•]|\band\b|\bplus\b|\bas well as\b|\balso\b|\bthen\b|\bor\b)\s*", re.I)


# A property the message takes back: "not lipophilicity, I need ...", "but that's BBB; redo it as logS", "instead of
# logD", "logS, sorry, I meant logD".
_TAKEN_BACK_BEFORE = re.compile(rf"\b(?:{phrases('property_taken_back_before')})\s+(?:the\s+|a\s+|an\s+)?$")
_TAKEN_BACK_AFTER = re.compile(rf"^\s*[?!.,:;-]{{0,6}}\s*(?:{phrases('self_corrections')})\b|"
                               rf"^\s*[,:;—–-]?\s*(?:{phrases('property_taken_back_after')})\b")  # "BBB we know"
# the property a correction is for: "no, I meant lipophilicity, sorry" keeps lipophilicity
_CORRECTED_TO = re.compile(r"\b(?:i\s+)?(?:meant|mean)\s*:?\s*(?:the\s+)?$")


# only the key of a selection: "the top 2 by BBB", "the least soluble one", "the one with the highest logD", "the
# most negative hydration energy", "l'énergie d'hydratation la plus négative" (the superlative after it)
_SORT_KEY_BEFORE = re.compile(r"\b(?:(?:by|on)\s+(?:the\s+|their\s+|its\s+)?(?:predicted\s+)?|"
                              r"(?:most|least|more|less|highest|lowest|best|worst)\s+(?:(?:negative|positive)\s+)?"
                              r"(?:predicted\s+)?)$")
_SORT_KEY_AFTER = re.compile(rf"\s*{RANK_AFTER}")


def _taken_back(lowered: str, start: int, end: int) -> bool:
    """Taken back ("not logD"), or only the key of a selection ("the top 2 by BBB - their logD")."""
    before = lowered[max(0, start - 30):start]
    return bool(_TAKEN_BACK_BEFORE.search(before) or _SORT_KEY_BEFORE.search(before)
                or _SORT_KEY_AFTER.match(lowered, end)
                or (_TAKEN_BACK_AFTER.match(lowered[end:end + 30]) and not _CORRECTED_TO.search(before)))


def property_words(lowered: str) -> list[str]:
    """The property enums named in the text, in order, tolerating misspellings ("solubilty"); a property the
    message takes back ("not logD, logS") is left out when another one is named."""
    lowered = in_english(lowered).lower()  # "und Löslichkeit?", "透过血脑屏障"
    found = named_properties(lowered)
    taken = {member for start, end, member in found if _taken_back(lowered, start, end)}  # "not solubility": anywhere
    # "solubility and lipo for <SMILES> -- sorry, lipo and BBB": the properties after a correction replace those before
    replaced = [s for s in superseded_spans(lowered) if any(start >= (s.corrected_at or 0) for start, _, _ in found)]
    kept = [(start, member) for start, end, member in found
            if member not in taken and not any(s.start <= start < s.end for s in replaced)]
    chosen = kept if kept else [(start, member) for start, _, member in found]
    return list(dict.fromkeys(member for _, member in sorted(chosen)))


# "Class" names the BACE model's output only beside BACE or as that output ("Class probability", "property Class")
_BACE_CLASS = re.compile(r"\bbace|beta-secretase|\bclass\s+(?:probabilit|predict|label|call|output|score)|"
                         r"\bproperty\s*[:=]?\s*['\"]?class\b", re.I)


# "serotonin toxicity is on the pathologist's list": a clinical syndrome, no toxicity model (nor any tool) asked for;
# so is a case's toxicity ("digoxin toxicity in an AF patient", "carbamazepine toxicity after clarithromycin was added")
SYNDROME = re.compile(r"\b(?:serotonin|serotonergic|cholinergic|anticholinergic|adrenergic)\s+"
                      r"(?:toxicity|syndrome|crisis|storm|toxidrome)\b|"
                      r"\btoxicity\s+(?:(?:in|of)\s+(?:an?|the|this|that|our|my|his|her|their)\s+(?:[\w-]+\s+){0,3}?"
                      r"(?:patient|man|woman|child|boy|girl|infant|toddler|adult|case|resident)s?\b|"
                      r"(?:after|following|since|due\s+to)\b)", re.I)


def named_properties(lowered: str) -> list[tuple[int, int, str]]:
    found: list[tuple[int, int, str]] = []
    lowered = SYNDROME.sub(lambda m: " " * len(m.group()), lowered)
    taken = lowered
    for phrase in sorted(PROPERTY_WORDS, key=len, reverse=True):
        if phrase == "class" and not _BACE_CLASS.search(lowered):
            continue  # "the class-effect section", "a class exercise", "for the class": no BACE class asked
        for match in re.finditer(r"(?<![a-z])" + re.escape(phrase) + r"(?![a-z])", taken):
            found.append((match.start(), match.end(), PROPERTY_WORDS[phrase]))
        taken = re.sub(r"(?<![a-z])" + re.escape(phrase) + r"(?![a-z])", lambda m: " " * len(m.group(0)), taken)
    if not found:
        candidates = [w for w in PROPERTY_WORDS if len(w) >= 6]
        for match in re.finditer(r"[a-z][a-z\-]{4,}", lowered):
            word = match.group(0)
            # a misspelt name, not the first word of one ("clinical colleagues" is no "clinical-tox") nor a part of
            # one ("p38 alpha" is no "eralpha")
            # (its first letter as written: "nauseous" is no "aqueous")
            close = [c for c in difflib.get_close_matches(word, candidates, n=3, cutoff=0.8)
                     if not c.startswith((word + " ", word + "-")) and word not in c and c[0] == word[0]][:1]
            if close:
                found.append((match.start(), match.end(), PROPERTY_WORDS[close[0]]))
    if not found:  # "blood brian barier": a name of several words, each misspelt a little
        several = [w for w in PROPERTY_WORDS if " " in w and len(w) >= 10]
        words_at = list(re.finditer(r"[a-z]{4,}", lowered))  # (not "MTX toxicity": a drug's, no "mito toxicity")
        for first, second in zip(words_at, words_at[1:]):
            pair = f"{first.group(0)} {second.group(0)}"
            close = difflib.get_close_matches(pair, several, n=1, cutoff=0.88)  # not "blood bank"
            if close and lowered[first.end():second.start()].strip(" -") == "":
                found.append((first.start(), second.end(), PROPERTY_WORDS[close[0]]))
                break
    return found


_SALT_FORM = re.compile(r"\bfree[\s-]+(?:base|acid|form)s?\b", re.I)
# "crizotinib   MW 450.3   cLogP 3.7" (a pasted table), "beside the cLogP column": a descriptor with its value or as
# a column of the user's table is what is known, no ask
_REPORTED_DESCRIPTOR = re.compile(r"\b(?:MW|c?Log\s?P|TPSA|HBD|HBA|QED|RotB)(?:\s*[:=]?\s*[-−]?\d+(?:[.,]\d+)?|"
                                  r"\s+columns?\b)", re.I)


# "dexamethasone (started for brain oedema)", "prescribed for liver cancer": why a drug is taken, no property asked
_INDICATION = re.compile(r"\b(?:started|given|prescribed|initiated|added|taken)\s+for\s+"
                         r"(?:(?:her|his|their|the|a|an)\s+)?[\w-]+(?:\s+(?!and\b|or\b)[\w-]+)?", re.I)


# "both lipophilic amines, only one gets into the brain", "two highly soluble salts": a property word that describes
# the molecules by their class, no ask (not "are they lipophilic?", which names no class after it)
_DESCRIBES_THEM = re.compile(r"\b(?:both|all|two|three|are|is\s+an?|was\s+an?|were)\s+(?:(?:very|highly|quite|fairly|"
                             r"poorly|rather)\s+)?(?:lipophilic|hydrophobic|hydrophilic|greasy|polar|(?:in)?soluble|"
                             r"water-soluble)\s+(?:amines?|bases?|acids?|drugs?|compounds?|molecules?|salts?|"
                             r"zwitterions?|neutrals?|esters?|amides?|steroids?|peptides?)\b", re.I)


# "we have to stay under 3 for the solubility of the DMSO stock": a property of a preparation, the reason for an ask
_OF_A_PREPARATION = re.compile(r"\bfor\s+(?:the\s+)?(?:solubility|stability|lipophilicity)\s+of\s+"
                               r"(?:the|our|a|its|their)\s+(?:[\w-]+\s+){0,2}(?:stocks?|solutions?|formulations?|"
                               r"vehicles?|buffers?|plates?|suspensions?|batch(?:es)?)\b", re.I)
# "Today's tutorial covers drug-likeness.": what a class or meeting is about, no ask
_TOPIC = re.compile(r"\b(?:tutorial|lecture|class|seminar|session|course|module|talk|workshop|journal\s+club|meeting|"
                    r"practical|lab)\s+(?:today\s+|this\s+week\s+)?(?:covers|covered|is\s+(?:about|on)|was\s+"
                    r"(?:about|on)|focuses\s+on|deals\s+with|introduces)\s+[^.;:!?\n]*", re.I)


def requested_properties(prose: str) -> list[str]:
    """The properties a request asks for, in the order the message names them, then those only the intent
    model reads (probability >= 0.5: typos, paraphrases)."""
    # "here you go, from a solubility table: <SMILES>": the table the molecules come from asks for nothing; "Free
    # base: <SMILES>" names a salt form, no hydration free energy; "MW 450.3" reports a value
    for known in (EARLIER_RESULT, _SALT_FORM, _REPORTED_DESCRIPTOR, _INDICATION, _DESCRIBES_THEM, _TOPIC,
                  _OF_A_PREPARATION):
        prose = known.sub(lambda m: " " * len(m.group(0)), prose)
    after = asked_part(prose)  # "logS, no wait, logD": the words after the retraction, when they name a property;
    prose = after if property_words(after.lower()) else prose  # "solubility of caffeine... no wait, aspirin": a value
    unpicked = blank_picks(prose)  # "the two least soluble — are they BBB penetrant?"
    asks_without_picks = property_words(unpicked.lower()) or max(read_intent(unpicked).properties.values(),
                                                                 default=0.0) >= 0.5
    prose = unpicked if asks_without_picks else prose
    said = property_words(prose.lower())
    lbd = LBD.search(prose)
    if lbd and not _taken_back(prose.lower(), lbd.start(), lbd.end()) and not any(p.endswith("-LBD") for p in said):
        receptors = [p for p in said if p in ("NR-ER", "NR-AR")]
        if len(receptors) == 1:
            return [f"{receptors[0]}-LBD"]  # "and the LBD assay" after NR-AR: the same receptor's LBD assay
        if not receptors:
            return said  # "the LBD assay" names no receptor: the thread's earlier request may (``fill``)
    taken_back = {member for _, _, member in named_properties(prose.lower())} - set(said)
    scores = read_intent(_HOLDS_ANOTHER_PROPERTY.sub(lambda m: " " * len(m.group()), prose)).properties
    learned = [name for name in PROPERTY_NAMES
               if scores.get(name, 0.0) >= 0.5 and name not in said and name not in taken_back]
    found = said + sorted(learned, key=lambda name: -scores[name])
    if len(found) < 2:
        return found
    # in the order the message names them: the first part ("ClinTox toxicity & logD") that names each, else the first
    # the intent model reads as it (which a part naming none may seem to: "Solvent lot S2, logD and logS")
    parts = [p for p in _PROPERTY_PARTS.split(prose) if p and p.strip()]
    def first_part(name: str) -> int:
        named = next((i for i, part in enumerate(parts) if name in property_words(part.lower())), None)
        return named if named is not None else next(
            (i for i, part in enumerate(parts) if read_intent(part).properties.get(name, 0.0) >= 0.5), len(parts))
    return sorted(found, key=first_part)


# "fat-soluble", "lipid-soluble": lipophilicity, though the intent model, which reads words, would read solubility
_HOLDS_ANOTHER_PROPERTY = re.compile("|".join(
    rf"(?<![a-z]){re.escape(phrase)}(?![a-z])" for phrase, member in PROPERTY_WORDS.items()
    if "solub" in phrase and member != "logSolubility") or r"(?!)", re.I)
_JOINED = re.compile(r"\W*(?:and|&|\+|plus|or|as well as)?\W*(?:the|its|their|a)?\W*", re.I)


def asks_only_untrained(e: Entities) -> bool:
    """The message asks for a property no model predicts, and for no trained one: a trained one counts only when
    it is asked in the same breath ("the logS and the pKa of X") or in the question ("any MMP liability for X?
    We're reviewing a hepatotoxicity case"), not when it is the reason ("what pKa would X have? trying to explain
    the weird logD")."""
    untrained = [u for u in e.unresolved if u.kind == "property"]
    if not untrained:
        return False
    lowered = e.prose.lower()
    if _ALL_OR_NOTHING.search(lowered):
        return True  # "QED, SA score and Caco-2 … all three or nothing": none runs without the untrained one
    named = [(start, end, prop) for start, end, prop in named_properties(lowered)
             if not _taken_back(lowered, start, end)
             # "brain" of "brain to plasma ratio", of "Kp,uu,brain" and "Kp,uu brain"
             and not any(u.start <= start < u.end or 0 <= u.start and u.end <= start <= u.end + 1
                         and lowered[u.end:start] in ("", ",", "_", "-", " ") for u in untrained)
             and not any(u.note and _same_sentence(lowered, u.start, start) for u in untrained)]
    # ("a calibration curve for the BBB model": the property names the model asked about)
    if named:
        if any(_JOINED.fullmatch(lowered[min(u.end, end):max(u.start, start)])
               for u in untrained for start, end, _ in named if u.start >= 0):
            return False
        # neither asked with the other: the question says which is asked, the rest is the reason ("would it get
        # into the brain? I have a feeling it's a P-gp substrate")
        question = lowered.find("?") + 1 or len(lowered)
        if any(start < question for start, _, _ in named) and all(u.start >= question for u in untrained):
            return False
        if {prop for _, _, prop in named} <= _offered_instead(untrained):
            return True  # "P-gp efflux … would it get pumped out of the brain": the words around it describe it
        # "what's its hERG liability? and is it BBB-penetrant?": a trained property asked in a question of its own
        questions = [(m.start(), m.end()) for m in re.finditer(r"[^.?!\n]*\?", lowered)]
        if any(qs <= start < qe and not any(qs <= u.start < qe for u in untrained)
               for start, _, _ in named for qs, qe in questions):
            return False
        return not any(start < question for start, _, _ in named)
    # "DILI risk for paracetamol and diclofenac": the untrained property heads the ask, whatever the rest reads as;
    # not "… with B? worried about CYP3A4"
    # "hERG inhibition risk for these two?", "the melting points of aspirin and paracetamol": two drugs read as a pair
    # when no words pair them
    # "which of them would do best in PAMPA?": the assay stands where a cell line would, and the message has none
    in_the_assay = not e.cell_lines and any(u.start >= 0 and _IN_THE.search(lowered[max(0, u.start - 8):u.start])
                                            for u in untrained)
    asked = read_intent(e.text).tool
    return bool(_HEADS_THE_ASK.search(lowered)) or asked in (PROPERTY.name, "none") or in_the_assay or \
        asked == DRUG_DRUG.name and not PAIRING.search(lowered) or _binds_a_receptor(untrained)


_IN_THE = re.compile(r"\bin\s+(?:the\s+|an?\s+)?$")


def _same_sentence(text: str, one: int, other: int) -> bool:
    low, high = sorted((one, other))
    return low >= 0 and not re.search(r"[.?!\n]", text[low:high])


_ALL_OR_NOTHING = re.compile(r"\ball\s+(?:\w+\s+)?or\s+nothing\b|\bpartial\s+(?:set|answer|results?)\s+(?:is|are)\s+"
                             r"(?:no|not\s+of\s+any)\s+use\b", re.I)
_UNTRAINED_PHRASES = sorted((k for k in load("untrained_properties.json") if not k.startswith("_")), key=len,
                            reverse=True)
_UNTRAINED = "|".join(re.escape(k) for k in _UNTRAINED_PHRASES)
# ("P-gp efflux ratio for X", "MDR1 (P-gp) efflux ratios for X": untrained phrases side by side, or glossing a word
# before them, head it too)
_HEADS_THE_ASK = re.compile(r"^\W*(?:(?:what(?:'s|\s+is|\s+are)?|any|predict(?:ed)?|estimate|check|the|a|"
                            r"(?:can|could|would|will)\s+(?:you|the\s+model|it)|(?:tell|give)\s+me|"
                            rf"please)\s+)*(?:[a-z0-9]{{2,8}}\s+(?=\())?(?:\(\s*)?(?:{_UNTRAINED})(?:e?s)?\)?"
                            rf"(?:\s*(?:/|,|or|and)?\s*\(?(?:{_UNTRAINED})(?:e?s)?\)?)*(?:\s*\([^()]{{1,30}}\))?"
                            r"\s*(?:risk|liability|potential|prediction|call|probability|flag|value|score)?s?\s+"
                            r"(?:for|of|on)\b|"
                            # "How addictive is tramadol compared with morphine?"
                            rf"^\W*how\s+(?:{_UNTRAINED})\s+(?:is|are|would|will|does|do)\b", re.I)


def _entries(untrained: list[Unresolved]) -> list[dict[str, Any]]:
    """The ``untrained_properties.json`` entries of these untrained properties."""
    names = {u.written for u in untrained}
    return [entry for entry in load("untrained_properties.json").values()
            if isinstance(entry, dict) and entry.get("name") in names]


def _binds_a_receptor(untrained: list[Unresolved]) -> bool:
    """"Does tamoxifen bind the estrogen receptor?": binding asked of a receptor no binding model covers."""
    return any(entry.get("bound_by") for entry in _entries(untrained))


def _offered_instead(untrained: list[Unresolved]) -> set[str]:
    """The trained properties the agent would offer instead of these untrained ones: words naming only those
    describe the untrained ask ("Kp,uu … brain to plasma"); running them would substitute silently."""
    return {prop for entry in _entries(untrained) for prop in entry.get("instead", {})}


_INTERACTION_TYPE = re.compile(r"\b(?:ddi|interaction)\s+(?:type|class)|\btype\s+of\s+(?:the\s+)?interaction|"
                               r"\bmechanism|\bdrugbank\b|\bdefault\s+(?:interaction\s+|ddi\s+)?model\b", re.I)


_SIDE_EFFECTS = re.compile(r"\bside[\s-]?effects?|\badverse\b|\btwosides\b", re.I)


# words that ask about two drugs together, not merely name one more
PAIRING = re.compile(r"\binteract|\bddi\b|\bcombin|\bco-?admin|\btogether\b|\bpairs?\b|\bcontraindicat|\bsafe\b|"
                     r"\bside[ -]effects?\b|\btwosides\b|\bdrugbank\s+(?:model|ddi|interaction)|"
                     r"\b(?:ok(?:ay)?|fine|compatible)\s+with\b", re.I)


_DDI_ASKED = re.compile(r"\bddis?\b|\binteractions?\b(?!\s+model)|\b(?:each|every|the)\s+pairs?\b", re.I)
# the side effects asked in addition: "…, twosides side effects too", "also twosides side effects for warf+asp"
_SIDE_TOO = re.compile(r"\b(?:also|plus|and\s+(?:give\s+me\s+)?the)\s+(?:twosides\s+)?(?:side[\s-]?effects?|twosides|"
                       r"side-effect\s+version)|(?:side[\s-]?effects?|twosides)\b[^.;\n]{0,30}?\b(?:too|as\s+well)\b",
                       re.I)


# "warfarin + paracetamol, on both models (DrugBank first)"
_BOTH_MODELS = re.compile(r"\b(?:on|with|through|in)\s+(?:both|the\s+two)\s+(?:ddi\s+|interaction\s+)?models\b", re.I)
_TWOSIDES_FIRST = re.compile(r"\btwosides\s+first\b", re.I)


def ddi_tasks(prose: str) -> list[str]:
    """Both tasks, in the order named, when a message asks for the interaction type and the side effects, or for
    both models."""
    if _BOTH_MODELS.search(prose):
        return ["twosides", "drugbank"] if _TWOSIDES_FIRST.search(prose) else ["drugbank", "twosides"]
    kind, side = _INTERACTION_TYPE.search(prose), _SIDE_EFFECTS.search(prose)
    if kind is None and side is not None and _DDI_ASKED.search(prose, 0, side.start()) and _SIDE_TOO.search(prose):
        return ["drugbank", "twosides"]  # "ibuprofen with warfarin DDI, twosides side effects too"
    if kind is None or side is None:
        return []
    return ["drugbank", "twosides"] if kind.start() < side.start() else ["twosides", "drugbank"]
