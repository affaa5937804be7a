"""From a person's words to a Query over the thread's results, or a question back, or None (not a follow-up).

Columns are matched from the words people use for them (measures.json, the property words of the tool
specs); the longest phrase wins. Nothing is guessed: a comparison, sort or plot whose words name no computed
column, or name several equally, gets a question naming the columns that exist. A message that names
something a tool could compute but the thread has not, or that asks for a new prediction, is not a
follow-up: the agent answers it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from agent.analysis.query import AskBack, Condition, Query
from agent.analysis.results import Catalog, Measure, known_words
from agent.entities import extract

MAX_TEXT = 2_000  # a follow-up is a sentence or two; longer messages go to the agent
NUMBER = r"[-+]?\d+(?:\.\d+)?(?:e[-+]?\d+)?"
NEW_REQUEST = re.compile(r"\b(predict|compute|calculate|estimate|run|re-?run|generate|optimi[sz]e|dock)\b")
PLOT = re.compile(r"\b(plot|plots|plotting|scatter|histogram|chart|graph|distribution|visuali[sz]e)\b")
SCATTER = re.compile(r"\b(scatter|vs\.?|versus|against|correlat\w*)\b")
HISTOGRAM = re.compile(r"\b(histogram|distribution)\b")
JOIN = re.compile(r"\b(everything|all (?:the |our |of the )?results|per[- ](?:compound|molecule|drug)|for each "
                  r"(?:compound|molecule|drug)|summari[sz]e|one table)\b")
TOP = re.compile(r"\b(top|bottom|best|worst|first|last|highest|lowest)\s+(\d{1,6})\b")
# "which one's more lipophilic" of two is the most lipophilic; "more than 0.5" is a comparison
MOST = re.compile(r"\b(most|least|highest|lowest|largest|smallest|maximum|minimum|max|min|"
                  r"(?:more|less|higher|lower|larger|smaller)(?!\s+than\b))\b")
SORT = re.compile(r"\b(sort|sorted|sorting|order|ordered|rank|ranked)\b")
FILTER = re.compile(r"\b(only|keep|filter|exclude|remove|drop|those|ones|which|where|with|show)\b")
ASCENDING = re.compile(r"\b(ascending|increasing|lowest first|smallest first|low to high|worst first)\b")
DESCENDING = re.compile(r"\b(descending|decreasing|highest first|largest first|high to low|best first)\b")
COMPARATOR = re.compile(
    r"(>=|<=|>|<|=|\bat least|\bat most|\bno more than|\bno less than|\bnot more than|"
    r"\b(?:greater|more|higher|larger|bigger|less|lower|smaller) than|\babove|\bbelow|\bover|\bunder|"
    r"\bexceeding|\bbetween)\s*(" + NUMBER + r")(?:\s*(?:and|-|to)\s*(" + NUMBER + r"))?(?![\w.])")
_OPS = {">": ">", ">=": ">=", "<": "<", "<=": "<=", "=": "==", "at least": ">=", "at most": "<=",
        "no more than": "<=", "no less than": ">=", "not more than": "<=", "above": ">", "over": ">",
        "exceeding": ">", "below": "<", "under": "<"}


@dataclass
class Mention:
    start: int
    end: int
    phrase: str
    measures: list[Measure]  # computed measures this phrase names (empty: a tool could, the thread has not)


def normalize(text: str) -> str:
    text = text.lower().replace("−", "-").replace("–", "-").replace("≥", ">=").replace("≤", "<=")
    return re.sub(r"\s+", " ", text)


def parse(text: str, catalog: Catalog) -> Query | AskBack | None:
    if not catalog.results or len(text) > MAX_TEXT:
        return None
    low = normalize(text)
    wants_plot, wants_join = bool(PLOT.search(low)), bool(JOIN.search(low))
    top, most, wants_sort = TOP.search(low), MOST.search(low), bool(SORT.search(low))
    comparisons = list(COMPARATOR.finditer(low))
    measures = catalog.measures()
    labels = _label_values(low, measures)
    filters = bool(comparisons) or (bool(labels) and bool(FILTER.search(low)))
    if not (wants_plot or wants_join or top or most or wants_sort or filters):
        return None
    if NEW_REQUEST.search(low) or _gives_values(text, measures):
        return None
    mentions = [m for m in _mentions(low, measures) if not any(s <= m.start < e for s, e, _ in labels)]
    if any(not m.measures for m in mentions):
        return None  # a tool could compute it, the thread has not: the agent's turn
    if most and not (top or wants_sort or wants_plot or filters or wants_join or _after(mentions, most.end())):
        return None  # "most" in ordinary speech, naming no result
    conditions = [Condition(m, "==", value) for _, _, (m, value) in labels]
    for match in comparisons:
        found = _condition(low, match, mentions, measures)
        if isinstance(found, AskBack):
            return found
        conditions += found
    query = Query(action="filter", conditions=conditions)
    if wants_join:
        query.action = "join"
    if wants_sort or top or most:
        problem = _ordering(low, query, top, most, mentions, measures)
        if problem is not None:
            return problem
    if wants_plot:
        plotted = _plot(low, query, mentions, conditions, measures)
        if plotted is not None:
            return plotted
    if query.action == "filter" and not conditions:
        return None
    return _also_shown(query, mentions, measures)


def _also_shown(query: Query, mentions: list[Mention], measures: list[Measure]) -> Query | AskBack:
    """Columns the message names besides those it filters, sorts or plots on ("… and show their solubility")."""
    for mention in mentions:
        if any(m.id in {q.id for q in query.measures()} for m in mention.measures):
            continue
        measure = _pick(mention, None, measures)
        if isinstance(measure, AskBack):
            return measure
        query.also.append(measure)
    return query


def _gives_values(text: str, measures: list[Measure]) -> bool:
    """A message with molecules, sequences, or a target or cell line no result is about asks about those, not
    about earlier results."""
    found = extract(text)
    contexts = {m.context.lower() for m in measures if m.context}
    others = [n.written for n in found.names if n.kind != "drug"] + [w for w, _ in found.cell_mentions]
    pasted = found.sequences and not found.sequences_from_names
    return bool(found.molecules or pasted or any(w.lower() not in contexts for w in others))


def _mentions(low: str, measures: list[Measure]) -> list[Mention]:
    """Phrases naming columns, longest first, not overlapping; a phrase names every measure that has it."""
    computed: dict[str, list[Measure]] = {}
    for m in measures:
        for word in m.words:
            computed.setdefault(word, []).append(m)
    phrases = set(computed) | set(known_words())
    taken: list[Mention] = []
    for phrase in sorted(phrases, key=len, reverse=True):
        for match in re.finditer(r"(?<![\w])" + re.escape(phrase) + r"(?![\w])", low):
            if any(match.start() < t.end and t.start < match.end() for t in taken):
                continue
            taken.append(Mention(match.start(), match.end(), phrase, _in_context(low, computed.get(phrase, []))))
    return sorted(taken, key=lambda m: m.start)


def _in_context(low: str, found: list[Measure]) -> list[Measure]:
    """Of several measures of the same kind (pKd to EGFR, to ABL1), those whose target the message names."""
    named = [m for m in found if m.context and re.search(r"(?<![\w])" + re.escape(m.context.lower()) + r"(?![\w])",
                                                          low)]
    return named or found


def _label_values(low: str, measures: list[Measure]) -> list[tuple[int, int, tuple[Measure, str]]]:
    found = []
    for m in measures:
        for label in m.labels:
            for match in re.finditer(r"(?<![\w+-])" + re.escape(label.lower()) + r"(?![\w+-])", low):
                found.append((match.start(), match.end(), (m, label)))
    return found


def _columns(measures: list[Measure]) -> str:
    return "; ".join(m.label for m in measures)


def _unknown(phrase: str, measures: list[Measure]) -> AskBack:
    phrase = phrase.strip(" ,.?!:;") or "that"
    return AskBack(f"No result in this thread matches “{phrase[:60]}”, so I did not guess. Columns computed here: "
                   f"{_columns(measures)}. Say which one (or ask me to predict the property first).")


def _pick(mention: Mention, categorical: bool | None, measures: list[Measure]) -> Measure | AskBack:
    """The one measure a mention names for a role (numbers: not a label column), or a question."""
    fitting = [m for m in mention.measures if categorical is None or m.categorical == categorical] or mention.measures
    ids = list({m.id: m for m in fitting}.values())
    if len(ids) == 1:
        return ids[0]
    return AskBack(f"“{mention.phrase}” matches several results: {_columns(ids)}. Say which one "
                   f"(columns computed here: {_columns(measures)}).")


FILLER = {"with", "the", "ones", "one", "only", "keep", "those", "these", "where", "whose", "which", "that", "have",
          "has", "is", "are", "a", "an", "of", "and", "their", "its", "show", "me", "filter", "by"}


def _words_before(low: str, position: int, count: int = 3) -> str:
    """The words just before a comparison, without the filler that cannot be a column ("with", "the ones")."""
    words = re.split(r"\s+", low[:position].strip())[-count:]
    while words and words[0] in FILLER:
        words.pop(0)
    return " ".join(words)


def _condition(low: str, match: re.Match[str], mentions: list[Mention], measures: list[Measure]
               ) -> list[Condition] | AskBack:
    before = [m for m in mentions if m.end <= match.start()]
    if not before:
        return _unknown(_words_before(low, match.start()), measures)
    mention = before[-1]
    gap = low[mention.end:match.start()]
    if COMPARATOR.search(gap) or len(gap.split()) > 4:
        return _unknown(_words_before(low, match.start()), measures)
    measure = _pick(mention, False, measures)
    if isinstance(measure, AskBack):
        return measure
    word, low_value, high_value = match.group(1), float(match.group(2)), match.group(3)
    if word == "between":
        if high_value is None:
            return AskBack(f"“between {match.group(2)}” needs a second number: between {match.group(2)} and what?")
        bounds = sorted((low_value, float(high_value)))
        return [Condition(measure, ">=", bounds[0]), Condition(measure, "<=", bounds[1])]
    op = _OPS.get(word) or (">" if word.split()[0] in ("greater", "more", "higher", "larger", "bigger") else "<")
    return [Condition(measure, op, low_value)]


def _after(mentions: list[Mention], position: int, within: int = 40) -> Mention | None:
    return next((m for m in mentions if position <= m.start <= position + within), None)


def _ordering(low: str, query: Query, top: re.Match[str] | None, most: re.Match[str] | None,
              mentions: list[Mention], measures: list[Measure]) -> AskBack | None:
    """Sort, top/bottom N and "which is most …" into ``query``: the measure after "by", "most", "top N" or the
    sort word; a question when those words name no column."""
    by = re.search(r"\b(?:by|on)\b", low)
    keyword = most or top or SORT.search(low)
    anchor = by.end() if by else (keyword.end() if keyword else 0)
    mention = _after(mentions, anchor)
    if mention is None:
        if by:
            phrase = re.split(r"[,.;?!]| and | then ", low[by.end():])[0]
            return _unknown(phrase, measures)
        if not (query.conditions or PLOT.search(low)) or top or most:
            return _unknown(low[anchor:].split("?")[0], measures)
    if mention is not None:
        measure = _pick(mention, False, measures)
        if isinstance(measure, AskBack):
            return measure
        query.sort_by = measure
        query.action = "top" if (top or most) else ("sort" if query.action == "filter" else query.action)
        descending = True
        if top and top.group(1) in ("bottom", "worst", "last", "lowest"):
            descending = False
        if most and most.group(1) in ("least", "lowest", "smallest", "minimum", "min", "less", "lower", "smaller"):
            descending = False
        if mention.phrase in measure.less or any(w in low[anchor:mention.end] for w in measure.less):
            descending = not descending  # "most potent" = lowest IC50
        if ASCENDING.search(low):
            descending = False
        elif DESCENDING.search(low):
            descending = True
        query.descending = descending
        query.n = int(top.group(2)) if top else (1 if most else None)
    return None


def _plot(low: str, query: Query, mentions: list[Mention], conditions: list[Condition],
          measures: list[Measure]) -> Query | AskBack:
    used = {c.measure.id for c in conditions}
    plotted: list[Measure] = []
    for mention in mentions:
        measure = _pick(mention, False, measures)
        if isinstance(measure, AskBack):
            return measure
        if measure.id not in used and measure.id not in {m.id for m in plotted}:
            plotted.append(measure)
    if not plotted and query.sort_by is not None:
        plotted = [query.sort_by]
    if not plotted:
        match = PLOT.search(low)
        return _unknown(low[match.end():].split("?")[0] if match else low, measures)  # type: ignore[union-attr]
    query.action = "plot"
    if SCATTER.search(low) and len(plotted) < 2 and not HISTOGRAM.search(low):
        return AskBack(f"A scatter plot needs two columns; I found only {plotted[0].label}. Columns computed here: "
                       f"{_columns(measures)}.")
    if len(plotted) >= 2 and not HISTOGRAM.search(low):
        first, second = plotted[:2]
        between = low[min(m.end for m in mentions if m.measures and m.measures[0].id == first.id):]
        versus = re.search(r"\b(vs\.?|versus|against)\b", between)
        query.plot, (query.y, query.x) = "scatter", ((first, second) if versus else (second, first))
        return query
    query.plot = "histogram" if HISTOGRAM.search(low) else "bar"
    query.x = plotted[0]
    if query.sort_by is None:
        query.sort_by, query.descending = plotted[0], True
    return query
