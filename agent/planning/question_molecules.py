"""The molecules a message asks about when it names others only to tell something ("Tea contains theophylline as well
as caffeine. Does theophylline make it into the brain too?")."""

from __future__ import annotations

import re
from dataclasses import replace

from agent.entities import Entities, extract
from agent.planning.pairs import message_pairs

# a question's words that take in molecules named elsewhere in the message
_TAKES_IN_OTHERS = re.compile(r"\b(?:these|those|them|they|their|both|all|each|either|neither|the\s+two|the\s+three|"
                              r"the\s+others?|than|compared|comparison|vs\.?|versus|which|between|same)\b", re.I)
# a question that adds to what came before ("caffeine, theobromine (the one in chocolate!) and paracetamol?")
_ADDS_TO_BEFORE = re.compile(r"[\s)\]'\"]*(?:and|or|also|plus|but|as\s+well\s+as)\b", re.I)
# (a semicolon joins the items of one ask: "A and B; C and D?")
_SENTENCE = re.compile(r"[^.?!:\n]+[.?!:\n]*")


def _sentences(text: str) -> list[tuple[int, int]]:
    """Where the sentences are; a dash sets a question off the words before it ("A paper used SH-SY5Y with vincristine
    — can you predict … for doxorubicin?", not "Patient on Tegretol — check it with A and B.")."""
    spans = []
    for m in _SENTENCE.finditer(text):
        dash = m.group().rfind("—")
        if dash > 0 and m.group().rstrip().endswith("?"):
            spans += [(m.start(), m.start() + dash + 1), (m.start() + dash + 1, m.end())]
        else:
            spans.append(m.span())
    return spans


# a sentence that asks: a question, an order ("Check clarithromycin with …", "can u give me …"; or at its end, where
# a language that puts the verb last has it: Sinhala "N-acetylcysteine … බලන්න": "N-acetylcysteine … check"), or
# what the writer only needs
_REASON = re.compile(r"^\W*(?:(?:we(?:'re|\s+are)|i(?:'m|\s+am))\s+)?(?:trying\s+to|deciding|choosing|because|since|"
                     r"as\s+we|to\s+(?:decide|choose|pick)|(?:it(?:'s|\s+is)\s+)?relevant\s+(?:for|to))\b(?![^?]*\?)",
                     re.I)
_ASKS = re.compile(r"\?\s*$|^\s*(?:please\s+)?(?:check|run|predict|compare|screen|give\s+me|tell\s+me|show\s+me)\b|"
                   r"^\s*(?:can|could|would|will)\s+(?:you|u)\b|"  # "can u give me the pKd for Tagrisso" (no "?")
                   r"\b(?:check|predict|calculate|compare)\s*[.!]?\s*$|"
                   r"\b(?:only|just)\b.*\b(?:check|run|need|predict|want)", re.I)


def molecules_of_the_question(e: Entities, pairs: bool = False) -> Entities:
    """Of the drugs a message names, those of its one sentence that asks and names drugs, when the other sentences,
    all before it, only tell, and the asking one takes no others in ("which", "both", "than", "these"). For a drug
    pair the asking sentence names both sides ("Eight regular medicines: … Clarithromycin is proposed. I only need
    clarithromycin checked against the simvastatin and the amlodipine."); a one-drug question keeps its partner from
    the rest ("Patient on warfarin. Can she take ibuprofen?"). Typed structures are kept as they are."""
    if not e.molecules_from_names or e.typed_molecules() or len(set(e.molecules)) < 2:
        return e
    asking = [(start, end, extract(e.text[start:end])) for start, end in _sentences(e.text)
              if _ASKS.search(e.text[start:end])]
    asking = [(start, end, found) for start, end, found in asking if found.molecules]
    if len(asking) != 1:
        return e
    start, end, found = asking[0]
    question = e.text[start:end]
    # "… of chloramphenicol? Trying to decide between acetonitrile and ethyl acetate for the extraction.": the
    # sentences after the question only give its reason
    reasons = all(_REASON.match(e.text[s:t]) for s, t in _sentences(e.text) if s >= end and e.text[s:t].strip())
    after = any(n.kind == "drug" and n.start >= end for n in e.names)
    if _TAKES_IN_OTHERS.search(question) or _ADDS_TO_BEFORE.match(question) or (
            (after or extract(e.text[end:]).molecules) and not reasons):
        return e  # "X with Y? also X with Z", "… And cabozantinib — same question": drugs added after the ask
    kept = list(dict.fromkeys(m for m in found.molecules if m in e.molecules))
    if not kept or (pairs and len(kept) < 2):
        return e
    if pairs and set(kept) == set(e.molecules) and any(n.kind == "drug" and 0 <= n.start < start for n in e.names):
        # the question's own pairing, whatever the sentences before named first ("… on warfarin and digoxin; … added
        # amiodarone. Run amiodarone against warfarin and against digoxin.")
        return replace(e, pairs=message_pairs(found) or e.pairs)
    # (all of them: in the order the question names them, "SN-38 … irinotecan diarrhoea. Predict ln(IC50) for
    # irinotecan and SN-38")
    return replace(e, molecules=kept, smiles=[s for s in kept if s in e.smiles],
                   named_molecules=[m for m in kept if m in e.named_molecules], pairs=found.pairs)
