"""The molecules a message asks about when it names others only to tell something ("Tea contains theophylline as well
as caffeine. Does theophylline make it into the brain too?")."""

from __future__ import annotations

import re
from dataclasses import replace

from agent.entities import Entities

# a question's words that take in molecules named elsewhere in the message
_TAKES_IN_OTHERS = re.compile(r"\b(?:these|those|them|they|their|both|all|each|either|neither|the\s+two|the\s+three|"
                              r"the\s+others?|than|compared|comparison|vs\.?|versus|which|between|same)\b", re.I)
_SENTENCE = re.compile(r"[^.?!:;\n]+[.?!:;\n]*")


def molecules_of_the_question(e: Entities) -> Entities:
    """Of the drugs a message names, those of its one question that names drugs, when the other sentences only tell
    and the question takes no others in ("which", "both", "than", "these"). Typed structures are kept as they are."""
    drugs = [n for n in e.names if n.kind == "drug" and n.start >= 0]
    if not e.molecules_from_names or set(e.molecules) - set(e.named_molecules) or len({n.value for n in drugs}) < 2:
        return e
    questions = [m for m in _SENTENCE.finditer(e.text) if m.group().rstrip().endswith("?")
                 and any(m.start() <= n.start < m.end() for n in drugs)]
    if len(questions) != 1 or _TAKES_IN_OTHERS.search(questions[0].group()):
        return e
    asked = {n.value for n in drugs if questions[0].start() <= n.start < questions[0].end()}
    if asked == {n.value for n in drugs}:
        return e
    kept = [m for m in e.molecules if m in asked]
    return replace(e, molecules=kept, smiles=[s for s in e.smiles if s in asked],
                   named_molecules=[m for m in e.named_molecules if m in asked])
