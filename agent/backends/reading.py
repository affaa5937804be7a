"""What a request asks for, read by the learned intent model (``agent.intent``).

The model sees the message with its values replaced by placeholders ("how soluble is <drug>?",
"<mols> in <cell>"), so the words decide the tool and the shape of the values helps, whatever the values are.
"""

from __future__ import annotations

import functools
import re

from agent.entities import extract
from agent.intent import Intent, predict, to_placeholders
from agent.intent.placeholders import Span
from agent.vocabulary import in_english
from model_zoo.names import Resolved, Unresolved

_TAGS = {"drug": "drug", "target": "target", "cell_line": "cell"}


# The intent is in the words around the values; a long message is read at its start and end only, so a
# pasted list of 1,000 structures costs what a short request does.
HEAD_CHARS, TAIL_CHARS = 3_000, 1_000


@functools.lru_cache(maxsize=256)
def read_intent(text: str) -> Intent:
    if len(text) > HEAD_CHARS + TAIL_CHARS:
        text = text[:HEAD_CHARS] + "\n…\n" + text[-TAIL_CHARS:]
    return predict(placeholder_text(_PH_JOINED.sub(" ", in_english(text))))


# "logD7.4": the pH written onto the property's name, which the model reads as an unknown word
_PH_JOINED = re.compile(r"(?<=\blog[dD])(?=\d)")


def placeholder_text(text: str) -> str:
    """The message as the intent model reads it: values, and drug, target and cell-line names, as placeholders."""
    found = extract(text)
    mentions: list[Resolved | Unresolved] = [*found.names, *found.unresolved]
    spans = [Span(n.start, n.end, _TAGS[n.kind]) for n in mentions if n.kind in _TAGS and 0 <= n.start < n.end]
    return to_placeholders(text, spans)
