"""Asks a message takes back as it goes: "quick BBB on them — no wait, logD instead", "make it... no. just the pKd
vs EGFR". The words of the clause before the last retraction ask for nothing; the values in them (molecules, names)
still count, so only the reading of the ask uses ``asked_part``. A retraction takes back its own clause only:
"generate for U87 at -1, and temozolomide vs EGFR pKd -- actually skip EGFR, give me its lipophilicity" keeps the
generation.
"""

from __future__ import annotations

import re

from agent.vocabulary import phrases, words

# "no wait", "scratch that", or a bare "no" or "actually" after a pause mark ("make it... no.", "BBB — no, logD",
# "Ames? no —", "vs EGFR pKd -- actually skip EGFR, its logD instead"; not "Jakafi and Vidaza... actually skip Vidaza",
# which takes back a value)
_RETRACTION = re.compile(rf"\b(?:{phrases('retractions')})\b|(?:\.\.\.|…|—|–|--)\s*(?:no\b|"
                         r"actually\b(?=[^.!?\n]*\binstead\b))|"
                         r"[?!]\s*no\s*(?:—|–|--|,|\.)", re.I)  # "Ames? no — ok the Tox21 p53 one then"
# "er, skip cabo": a filler between pauses, in lower case ("ER" is the oestrogen-receptor assay)
_HESITATION = re.compile(rf"(?<![\w-])(?:{'|'.join(map(re.escape, words('hesitations')))})(?=\s*(?:[,.…!?]|—|–|$))")
_MIN_LEFT = 2  # words after the retraction: "no wait" at the end of a message takes nothing back
# where a clause starts: after a sentence's end or a semicolon, or at ", and", "and then", "and another", "also"
_CLAUSE_START = re.compile(r"(?<=[.!?;])\s|\n|,\s*(?=(?:and|but|also|plus)\b)|"
                           r"\b(?:and\s+then|and\s+also|and\s+another|and\s+a|then|also|plus)\b", re.I)
_BEFORE_MARK = " \t\n.…!?-—–,;:"


# "retro on <SMILES>\n\nwait, wrong product": words between the clause and the correction that say nothing
_INTERJECTION = re.compile(r"(?:\b(?:wait|oh|ah|hmm|oops|ugh|argh|sorry|no)[\s.…!?,;:—–-]*)+$", re.I)


def clause_start(text: str, at: int) -> int:
    """Where the clause that a correction at ``at`` takes back starts (0 when the message has no earlier clause):
    "I need molecules for HEL at 100 nM and another batch for SET-2... wait no" → at "and another"."""
    head = _INTERJECTION.sub("", text[:at].rstrip(_BEFORE_MARK)).rstrip(_BEFORE_MARK)
    starts = [m.start() for m in _CLAUSE_START.finditer(head)]
    return starts[-1] if starts else 0


def retraction_marks(text: str) -> list[re.Match[str]]:
    """Where the message takes back what it said before."""
    return list(_RETRACTION.finditer(text))


def value_question_marks(text: str) -> list[re.Match[str]]:
    """"HCC70? no — NCI-H1650": a value asked about and taken back."""
    return [m for m in _RETRACTION.finditer(text) if m.group().lstrip()[:1] in "?!"]


def _retracted_from(text: str, marks: list[re.Match[str]], last: re.Match[str]) -> int:
    """The start of what the last retraction takes back, over a chain of corrections ("HEL line? no wait, use SET-2...
    actually just K-562": all of it)."""
    start = clause_start(text, last.start())
    for mark in reversed(marks):
        if mark.start() < last.start() and mark.end() >= start - 1:
            start = min(start, clause_start(text, mark.start()))
    return start


def asked_part(text: str) -> str:
    """``text`` with the clause before its last retraction, and its fillers ("er,"), blanked (same length, so spans
    still line up); the clause stays when the retraction opens the message or ends it."""
    text = _HESITATION.sub(lambda m: " " * len(m.group(0)), text)
    marks = retraction_marks(text)
    last = marks[-1] if marks else None
    if last is None or len(re.findall(r"[A-Za-z]{2,}", text[last.end():])) < _MIN_LEFT \
            or not re.search(r"[A-Za-z]{2,}", text[:last.start()]):
        return text  # "never mind, check it on AURKB instead" takes back the earlier message, not its own words
    start = _retracted_from(text, marks, last)
    return text[:start] + " " * (last.end() - start) + text[last.end():]
