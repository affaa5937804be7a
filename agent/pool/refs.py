"""``"(key)"`` and ``["(key)"]`` arguments: references to values in the thread's pool."""

from __future__ import annotations

import re
from typing import Any

# A pool key: a letter (of any script: "upload_ургамал.smi") or "_", then letters, digits, "_", "." and "-"
KEY_START, KEY_REST = r"[^\W\d]", r"[\w.\-]"
REF = re.compile(rf"^\s*\(\s*({KEY_START}{KEY_REST}*)\s*\)\s*$")
TEXT_REF = re.compile(rf"(?:^|(?<=\s))\(\s*({KEY_START}{KEY_REST}*)\s*\)")  # "of (my_hits)", not "ln(IC50)"


# Words by which a message points at values already in the thread ("these", "the uploaded compounds").
REFERS_BACK = re.compile(
    r"\b(these|those|them|they|it|its|this one|that one|the same|same|above|previous|earlier|uploaded|upload|"
    r"file|list|results?|generated|optimi[sz]ed|the ones|each|the (?:[\w-]+ ){1,3}ones?|"
    r"(?:the|both)\s+(?:two|three|four)?\s*(?:drugs|compounds|molecules|cpds)|"
    r"(?:between|of)\s+the\s+(?:two|three|four)(?=\s*[?.!,;)]|\s*$))\b",
    re.I,
)


def ref_key(value: Any) -> str | None:
    """The key a value refers to, or None when it is a literal."""
    if isinstance(value, list) and len(value) == 1:
        value = value[0]
    if isinstance(value, str):
        match = REF.match(value)
        if match:
            return match.group(1)
    return None


def refs_in_text(text: str) -> list[str]:
    """Keys a person wrote as ``(key)`` in a message, in order, once each."""
    return list(dict.fromkeys(TEXT_REF.findall(text)))
