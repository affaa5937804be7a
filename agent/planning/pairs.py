"""Drug pairs: grouped from the message, picked by place ("the second pair"), or the thread's pairs with one drug
swapped.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from agent.entities import Entities
from agent.planning.references import pool_ref
from agent.pool.entry import EntryMeta
from agent.pool.refs import ref_key
from agent.vocabulary import ordinals
from model_zoo.chem.mols import same_molecule_key


def message_pairs(e: Entities) -> list[list[str]]:
    """Drug pairs: two molecules; or the pairs the message groups ("A with B, and C with D"); else the
    first molecule with each of the others ("A with B and C")."""
    molecules = e.molecules
    if len(molecules) < 2:
        return []
    if len(molecules) == 2:
        return [molecules[:2]]
    return e.pairs or [[molecules[0], other] for other in molecules[1:]]


_PAIR_INDEX = {word: place - 1 if place > 0 else place for word, place in ordinals().items()}
_PAIR_ORDINAL = re.compile(rf"\b({'|'.join(_PAIR_INDEX)})\s+(?:pair|combination|combo)\b|"
                           r"\bpair\s+(?:#\s?)?(\d{1,2})\b")




def picked_pairs(pool: list[EntryMeta], lowered: str, read: Callable[[str], Any] | None) -> list[list[str]] | None:
    """One of the thread's pairs by its place: "just the second pair with twosides"."""
    match = _PAIR_ORDINAL.search(lowered)
    if match is None or read is None:
        return None
    key = ref_key(pool_ref(pool, ("smiles_pairs",), lowered))
    pairs = read(key) if key else None
    index = _PAIR_INDEX[match.group(1)] if match.group(1) else int(match.group(2)) - 1
    if not isinstance(pairs, list) or not -len(pairs) <= index < len(pairs):
        return None
    return [pairs[index]]


def names_pairs_it_cannot_find(e: Entities, lowered: str) -> bool:
    """"swap X for Y" or "the third pair" said, but no such pair in the thread: asked, never all the pairs."""
    return bool(_PAIR_ORDINAL.search(lowered)) or (len(e.taken_back) == 1 and len(e.molecules) == 1)


def swapped_pairs(e: Entities, pool: list[EntryMeta], lowered: str, read: Callable[[str], Any] | None
                   ) -> list[list[str]] | None:
    """The thread's pairs with one drug exchanged: "swap phenytoin for midazolam", "replace celecoxib with
    clopidogrel", "midazolam instead of phenytoin"; None unless exactly one drug goes and one comes in."""
    if len(e.taken_back) != 1 or len(e.molecules) != 1 or read is None:
        return None
    key = ref_key(pool_ref(pool, ("smiles_pairs",), lowered))
    pairs = read(key) if key else None
    if not isinstance(pairs, list):
        return None
    out_key, new = same_molecule_key(e.taken_back[0]), e.molecules[0]
    swapped = [[new if same_molecule_key(s) == out_key else s for s in pair] for pair in pairs
               if isinstance(pair, list) and len(pair) == 2]
    return swapped if swapped != pairs else None
