"""Asks a message takes back as it goes: "quick BBB on them — no wait, logD instead", "make it... no. just the pKd
vs EGFR". The words before the last retraction ask for nothing; the values in them (molecules, names) still count,
so only the reading of the ask uses ``asked_part``.
"""

from __future__ import annotations

import re

from agent.vocabulary import phrases, words

# "no wait", "scratch that", or a bare "no" after a pause mark ("make it... no.", "BBB — no, logD", "Ames? no —")
_RETRACTION = re.compile(rf"\b(?:{phrases('retractions')})\b|(?:\.\.\.|…|—|–|--)\s*no\b|"
                         r"[?!]\s*no\s*(?:—|–|--|,|\.)", re.I)  # "Ames? no — ok the Tox21 p53 one then"
# "er, skip cabo": a filler between pauses, in lower case ("ER" is the oestrogen-receptor assay)
_HESITATION = re.compile(rf"(?<![\w-])(?:{'|'.join(map(re.escape, words('hesitations')))})(?=\s*(?:[,.…!?]|—|–|$))")
_MIN_LEFT = 2  # words after the retraction: "no wait" at the end of a message takes nothing back


def asked_part(text: str) -> str:
    """``text`` with everything before its last retraction, and its fillers ("er,"), blanked (same length, so spans
    still line up); the part before a retraction stays when the retraction opens the message or ends it."""
    text = _HESITATION.sub(lambda m: " " * len(m.group(0)), text)
    last = next(reversed(list(_RETRACTION.finditer(text))), None)
    if last is None or len(re.findall(r"[A-Za-z]{2,}", text[last.end():])) < _MIN_LEFT \
            or not re.search(r"[A-Za-z]{2,}", text[:last.start()]):
        return text  # "never mind, check it on AURKB instead" takes back the earlier message, not its own words
    return " " * last.end() + text[last.end():]
