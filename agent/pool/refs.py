"""``"(key)"`` and ``["(key)"]`` arguments: references to values in the thread's pool."""

from __future__ import annotations

import re
from typing import Any

REF = re.compile(r"^\s*\(\s*([A-Za-z_][A-Za-z0-9_.\-]*)\s*\)\s*$")


def ref_key(value: Any) -> str | None:
    """The key a value refers to, or None when it is a literal."""
    if isinstance(value, list) and len(value) == 1:
        value = value[0]
    if isinstance(value, str):
        match = REF.match(value)
        if match:
            return match.group(1)
    return None
