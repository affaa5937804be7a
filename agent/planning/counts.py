"""Molecules a message counts ("BBB for all four", "the same 3"): when the list the planner took from the pool has
another size, the thread's earlier request with that many molecules is meant; when none has, the agent asks.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.backends.base import ToolCall
from agent.entities import extract
from agent.history import PastRequest
from agent.planning.properties import requested_properties
from agent.planning.uploads import uploads_named
from agent.pool.entry import EntryMeta
from agent.pool.refs import ref_key
from agent.selection import PURPOSE
from agent.vocabulary import count_pattern, in_english, number_words
from model_zoo.specs import get_spec

_WORDS = {"both": 2, **number_words()}
# "all four", "the same 3", "these two", "both (of them)": a count that names a whole list, not a pick from it
# ("the two best")
_COUNTED = re.compile(rf"(?<!\bnot\s)\b(?:(?:all|the same|same|these|those|the)\s+(?P<n>{count_pattern()})|"
                      # (not "the first two only, not all five"; nor "to see if both agree": the two answers)
                      rf"(?P<both>both(?!\s+(?:agree|disagree|match|concur|align|say|said|give|line\s+up)\w*)))\b"
                      r"(?!\s+(?:best|worst|top|most|least|highest|lowest|first|last|of(?!\s+(?:them|these|those)\b)|with|that|"
                      r"which|where)\b)"
                      # "the two lines Ravi mentioned", "both kinases": counts of other things than molecules
                      r"(?!\s+(?:[\w-]+\s+)?(?:cell\s+)?(?:lines?|cells?|targets?|kinases?|proteins?|properties|assays|"
                      r"models?|files?|plates?|uploads?|groups?|labs?|endpoints?|tools?|tasks?|columns?|tables?|numbers|values|"
                      r"plots?|arms?|parameters?|results?|predictions?|questions?|answers?|reports?)\b)"
                      r"(?!\s+\w+(?:est|er)\b)(?!\s*[ap]\.?m\b)", re.I)  # "before the 2 pm": an hour


# "all four", "the same two", "both": the whole of a list the thread built
# (not "someone said it hits both": targets)
_ALL_N = re.compile(rf"(?<!\bnot\s)\b(?:all|(?:the\s+)?same)\s+(?:the\s+)?(?:{count_pattern()})\b|"
                    r"(?<!\bhits\s)(?<!\bhit\s)(?<!\bbinds\s)(?<!\bbind\s)(?<!\binhibits\s)(?<!\bblocks\s)"
                    r"\bboth\b", re.I)


def counted(prose: str) -> int | None:
    """The number of molecules the message says it means, when it says one."""
    found = list(_COUNTED.finditer(PURPOSE.sub(lambda m: " " * len(m.group()), prose)))
    if len(found) == 1 and found[0].group("both") and len(requested_properties(prose)) >= 2:
        return None  # "logD and solubility for all of them, need both": both properties
    if len(found) != 1:
        return None
    word = (found[0].group("n") or found[0].group("both")).lower()
    return _WORDS.get(word) or int(word)


# "all of them", "each of those": the whole list, however many
_ALL_OF_THEM = re.compile(r"\b(?:all|each|every\s+one)\s+(?:of\s+)?(?:them|these|those)\b", re.I)


def names_whole_list(words: str) -> bool:
    """Whether the words ask about a whole list ("logD for all three", "solubility for all of them"), not a pick."""
    return counted(words) is not None or bool(_ALL_OF_THEM.search(words))


def match_count(calls: list[ToolCall], prose: str, pool: Sequence[EntryMeta],
                history: Sequence[PastRequest], writes_molecules: bool = False) -> list[ToolCall]:
    """Calls whose molecules, taken from a pool list of another size than the message counts, become the molecules of
    the newest earlier request with that many; with none, the molecules are left out so that the agent asks."""
    n = counted(prose)
    if n is None or n == _fanned_out(calls):
        return calls  # "all three" after "which JNK?": the count is of the targets (or lines) the calls run on
    sizes = {m.key: m.size for m in pool if m.kind in ("smiles_list", "smiles")}
    named = set(uploads_named(prose.lower(), pool))  # "our lead v2 and the two compounds in the CRO panel": as named
    out = []
    for call in calls:
        spec = get_spec(call.name)
        params = [p.name for p in spec.params if p.kind == "smiles_list"] if spec else []
        args = dict(call.arguments)
        for name in params:
            if name not in args:  # "now both of them in NCI-H1975" after two requests naming one drug each
                args.update({name: gathered} if (gathered := _gathered(history, n)) else {})
                continue
            key, value = ref_key(args.get(name)), args.get(name)
            # a list from the pool, or one the planner carried over from an earlier message when the message says
            # "all N", "the same two" or "both", of another size
            carried = key is None and not writes_molecules and bool(_ALL_N.search(prose)) and isinstance(value, list) \
                and len(dict.fromkeys(value)) != n
            if not carried and (key is None or sizes.get(key, n) == n or key in named):
                continue
            earlier = next((mols for mols in (_molecules(p) for p in reversed(history))
                            if len(dict.fromkeys(mols)) == n), None) or _gathered(history, n)
            if earlier is None:
                del args[name]
            else:
                args[name] = list(dict.fromkeys(earlier))
        out.append(ToolCall(call.name, args))
    return out


def _fanned_out(calls: list[ToolCall]) -> int:
    """How many targets or cell lines the calls run on, when they are more than one."""
    values = {str(c.arguments.get(name)) for c in calls for name in ("target_seq", "cell_name", "cell_line")
              if name in c.arguments}
    return len(values) if len(values) > 1 else 0


def _molecules(past: PastRequest) -> list[str]:
    """The molecules an earlier request named, read as the planner read it (in English: "Цисплатин ба
    5-фторурацил …" names two)."""
    return extract(in_english(past.text)).molecules


def _gathered(history: Sequence[PastRequest], n: int, back: int = 4) -> list[str] | None:
    """The molecules of the last few requests together, when exactly ``n`` ("Kd of gefitinib on EGFR", "and
    osimertinib, same target", then "now both drugs in HCC827"), in the order they were named; else None."""
    gathered: list[str] = []
    for past in reversed(list(history)[-back:]):
        gathered = list(dict.fromkeys(_molecules(past) + gathered))
        if len(gathered) == n:
            return gathered
        if len(gathered) > n:
            return None
    return None
