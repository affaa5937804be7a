"""Pick molecules out of earlier results: "the second one", "the most soluble one", "the top 3", "the two best ones",
"the ones below 0.3", "all but the first", "the ones predicted to interact", "those precursors", "each on its own".

Used by the offline planner when a request points into a result instead of naming molecules. It
reads pool values (the planner is code, not an LLM, so values cost no prompt). ``None`` means the words pick
nothing out of a result; ``[]`` means they do but no row qualifies ("the ones above 0.9" when none is), which
the caller asks about instead of running every row.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from agent.history import CallLog, PastRequest
from agent.pool.entry import EntryMeta, PoolError
from agent.vocabulary import number_words, ordinals, phrases
from model_zoo.names.text import alternation
from model_zoo.specs import PROPERTY_WORDS, REGRESSION_PROPERTIES

_ORDINALS = ordinals()
# "the top three", "the first two": a count in digits or words; one is the default ("the best one")
_COUNT_WORDS = number_words()
_COUNT = r"(?<![-.\d])(?:\d{1,3}|" + "|".join(_COUNT_WORDS) + r")\b"
# "the second one", "3rd compound", "the last" — not "logD second" or "last: solubility" (the order of asks)
_ORD = "|".join(_ORDINALS)
_NOT_A_MOLECULE = r"call|step|request|time|thing(?!\s+(?:in|on|from)\s+(?:that|the|this)\s+list)|question|ask|turn|" \
                  r"\d+\s+(?:heavy\s+)?atom|" \
                  r"(?:generated|optimi[sz]ed|uploaded|designed)\s+(?:molecules|compounds|ones|structures|analogues|" \
                  r"set|batch|list)\b|batch|set|run|list|round|results?|" \
                  r"(?:cell\s+)?lines?|targets?|proteins?|kinases?|sequences?"
# "the last generated molecules": the newest set; "the second line should have been KM12": a cell line, not a row
# what may follow "the second" when it picks a row: a molecule word, a linking word or the end of the phrase
# (not "the last campaign", "the first paper", "the second-generation one")
_AFTER_PICK = r"(?=\s*(?:$|[,.;:!?)→>—–\"'”’]|-(?![a-z])|" \
              r"(?:(?:generated|optimi[sz]ed|designed|new|proposed|uploaded|suggested|predicted|pasted|listed)\s+)?" \
              r"(?:ones?|molecules?|compounds?|structures?|hits?|rows?|entry|entries|" \
              r"candidates?|designs?|analog(?:ue)?s?|smiles|mols?|cpds?|products?|precursors?|drugs?|results?|picks?|" \
              r"options?|suggestions?|ideas?|and|of|in|for|to|with|please|pls|too|only|then|again|as|from|on|" \
              r"through|into|vs|is|was|looks?|has|had|seems?|here|there|it|its)\b))"
_ORDINAL = re.compile(rf"\bthe\s+({_ORD})\b(?!\s+(?:{_NOT_A_MOLECULE})){_AFTER_PICK}|\b({_ORD})\s+"
                      r"(?=(?:ones?|molecules?|compounds?|structures?|hits?|rows?|entry|entries|candidates?|designs?|"
                      r"analog(?:ue)?s?|smiles)\b)"
                      r"|#\s?(\d{1,3})\b|\b(?:(?:number|no\.)(?=[\s-]?#?\d{1,3}\b(?!\s*(?:,|and|&|\+)\s*\d))|row|compound|"
                      r"molecule|rank(?=[\s#-]?\d))[\s-]?#?(\d{1,3})\b"  # (not "number 1 and 2": a list, below)
                      # "logS of first", "retro on second pls": a bare ordinal ending the phrase
                      rf"|\b(?:of|for|on)\s+({_ORD})\b(?=\s*(?:$|[,.;!?)]|and\b|pls\b|please\b|too\b|only\b))"
                      # "ranks 1, 3 and 4", "numbers 2 and 5"
                      r"|\b(?:ranks|numbers?|nos?\.?)\s+(\d{1,3}(?:\s*(?:,|and|&|\+|,\s*and)\s*\d{1,3})+)\b"
                      # "the compounds ranked first and second"
                      rf"|\branked\s+({_ORD})\b(?:\s*(?:,|and|&)\s*({_ORD})\b)?", re.I)
_SUPERLATIVE = "most|least|best|top|highest|lowest|strongest|weakest|worst|tightest|loosest|poorest"
# words between a count and its superlative: "the two best", "the three with the highest p", "which two look best"
_BETWEEN = (r"ones?|compounds?|molecules?|cpds?|hits?|analog(?:ue)?s?|structures?|with|the|that|which|have|has|had|"
            r"show(?:ed)?|look(?:ed|ing)?|are|were|came|come|out|score[sd]?|of|them|those|these|by|far")
# ("whichever of the three has the lowest": three is the list, not the count picked; "ln IC50 -3, more strong" says
# how potent the goal is)
_BEST = re.compile(rf"(?<!\d,\s)(?<!(?<![A-Za-z])\d\s)\b(?:(?<!\bof\sthe\s)(?<!\bof\s)(?P<before>{_COUNT})\s+"
                   rf"(?:(?:{_BETWEEN})\s+){{0,4}}"
                   rf"(?=(?:{_SUPERLATIVE})\b))?"
                   rf"(?<!\bonce\s)(?<!\bonce\s\s)"  # "once more in A2780": again, no pick
                   rf"(?P<word>{_SUPERLATIVE}|more|less|higher|lower|stronger|weaker|greasiest|greasier|poorer)\b"
                   rf"(?:\s+(?P<after>{_COUNT}))?", re.I)
# "the two least soluble", "the most lipophilic ones": a pick by a property, whose word asks for nothing (not "at
# least BBB penetrant"); "the most negative hydration energy", "the one most likely to get into the brain": the whole
# name of the property ranked by
_PROPERTY_NAMES = alternation(PROPERTY_WORDS)
# a rank written after the property it ranks by ("the hydration energy the most negative")
RANK_AFTER = r"(?:the\s+)?(?:(?:most|least)\s+(?:negative|positive)|highest|lowest)\b"
_PICK_BY_PROPERTY = re.compile(rf"(?<!\bat )(?:{_BEST.pattern})(?:\s+(?:negative|positive|likely\s+to))?"
                               r"(?:\s+(?:by|for|on))?\s+"
                               r"(?:(?:get|gets|go|goes|cross|crosses|pass|passes|into|through|across|the|to)\s+){0,3}"
                               rf"(?:{_PROPERTY_NAMES}|[\w-]+)(?![\w-])|"
                               # "l'énergie d'hydratation la plus négative" (in English: the superlative after it)
                               rf"(?<![\w-])(?:{_PROPERTY_NAMES})\s+{RANK_AFTER}", re.I)


# Earlier results named in passing, no ask: "picking up yesterday's solubility run", "from the BT-474 table above",
# "the A549 set generated last week", "the MDA-MB-453 set you generated", "so we have ERBB2 pKd for the three", "the
# new molecules", "(the one we ran solubility on)"
EARLIER_RESULT = re.compile(
    r"\b(?:yesterday's|this\s+morning's|last\s+(?:week|night)'s|earlier|previous|prior|old)\s+(?:[\w()-]+\s+){0,2}?"
    r"(?:runs?|tables?|results?|data|numbers?|lists?|screens?|outputs?)\b|"
    r"\bfrom\s+(?:the|that|this|those|these|a|an|our|my)\s+(?:[\w()-]+\s+){0,2}?(?:runs?|tables?|results?)"
    r"(?:\s+above)?\b"
    r"(?:\s*\([^()\n]{1,60}\))?|"  # "from the table above (logS of the generated ones)": what the table holds
    r"\bthe\s+(?:[\w()+-]+\s+){0,2}?(?:set|batch|series|library)\s+(?:that\s+)?(?:you\s+|we\s+)?"
    r"(?:generated|designed|made|optimi[sz]ed)(?:\s+(?:last\s+\w+|yesterday|earlier|this\s+morning))?\b|"
    r"\b(?:the|these|those)\s+new\s+(?:ones|molecules|compounds|cpds|structures|analog(?:ue)?s)\b|"  # made earlier
    # "Those generated molecules for U-87-MG from this morning": which made molecules, not a line to run them in
    r"\b(?:the|these|those)\s+(?:generated|designed|optimi[sz]ed)\s+(?:molecules|compounds|cpds|structures|ones|"
    r"analog(?:ue)?s)\s+(?:for|in)\s+(?=\S*\d)\S+(?:\s+(?:from\s+)?(?:this\s+morning|yesterday|earlier|last\s+\w+))?|"
    r"\b(?:we|you|i)\s+(?:already\s+)?(?:ran|did|computed|predicted|checked)\s+(?:[\w()-]+\s+){1,3}?(?:on|for)\b|"
    r"\b(?:so\s+)?we\s+(?:already\s+|now\s+)?(?:have|got)\s+(?:the\s+)?(?:[\w()-]+\s+){1,3}?for\s+(?:the|all|these|those)\s+"
    rf"(?:{_COUNT}|compounds\b|molecules\b|drugs\b)", re.I)


# "Wow, one of them is really insoluble.": a remark on the results, which asks for nothing
# (not "can you see if that one is toxic": a question)
RESULT_REMARK = re.compile(r"(?<!\bif\s)(?<!\bwhether\s)\b(?:one|some|two|three|a\s+few|most|all|none|both|several|"
                           r"many)\s+of\s+(?:them|these|those)\s+(?:is|are|was|were|looks?|seems?|came\s+out)\s+"
                           r"(?:\w+\s+)?(?:in|im|non-?)?(?:soluble|greasy|lipophilic|penetrant|toxic|potent|active|"
                           r"permeable)\b", re.I)


def property_pick_spans(text: str) -> list[tuple[int, int]]:
    """Where a pick names the property it ranks by ("the one most likely to get into the brain", "whichever came out
    most fat-loving"): those words ask for no property."""
    return [m.span() for m in _PICK_BY_PROPERTY.finditer(text)]


def blank_picks(prose: str) -> str:
    """``prose`` with its picks by a property, and the earlier results it names, blanked (same length): "the two least
    soluble — are they BBB penetrant?" and "the ones with logS above -3: BBB?" ask for BBB, not for solubility."""
    blanked = RESULT_REMARK.sub(lambda m: " " * len(m.group(0)), prose)
    blanked = EARLIER_RESULT.sub(lambda m: " " * len(m.group(0)), blanked)
    blanked = _PICK_BY_PROPERTY.sub(lambda m: " " * len(m.group(0)), blanked)
    blanked = _MISSES.sub(lambda m: " " * len(m.group(0)), _HITS.sub(lambda m: " " * len(m.group(0)), blanked))
    return _THRESHOLD.sub(lambda m: " " * len(m.group(0)), blanked)  # "for the BBB-negative ones only: ClinTox?"


_COMPARATIVE = {"more": "most", "less": "least", "higher": "highest", "lower": "lowest", "stronger": "strongest",
                "weaker": "weakest", "greasiest": "most", "greasier": "most", "poorest": "least", "poorer": "least",
                "better": "best", "worse": "worst"}
# "the runner-up", "the second best", "the third most soluble", "the winner", "the better one": a place in a ranking
_NTH_RANKED = re.compile(rf"\b(?:(?P<nth>second|third|fourth|2nd|3rd|4th)[\s-]+(?=(?:{_SUPERLATIVE})\b)|"
                         r"(?P<runner_up>runner[\s-]?up)|(?P<winner>winner))\b|"
                         r"\bthe\s+(?P<comparative>better|worse)\s+(?:one|of\s+the\s+two)\b", re.I)
_PLACES = {"second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4}
# "the more potent one" of two is the most potent; "the greasiest one" has the highest logD; "the two poorest soluble"
# are the least soluble
# with a count, "the first three generated molecules" picks rows of that list (its batches and sets stay no rows)
_NOT_ROWS = _NOT_A_MOLECULE.replace("molecules|compounds|ones|structures|analogues|set", "set")
_FIRST_N = re.compile(rf"\b(first|last)\s+({_COUNT})(?!\s*(?:heavy\s+)?atoms?\b)(?!\s+(?:{_NOT_ROWS}))", re.I)
# "the BBB+ ones", "only BBB-negative": a model's answer picks rows (not "is methadone BBB+?": a question about one)
_ROWS_BEFORE = r"(?:(?<=\bthe\s)|(?<=\bthose\s)|(?<=\bthese\s)|(?<=\bonly\s)|(?<=\bjust\s)|(?<=\ball\s)|" \
               r"(?<=\bkeep\s)|(?<=\bpredicted\s)|(?<=\bcalled\s)|(?<=\bflagged\s)|(?<=\bmarked\s))"
_ROWS_AFTER = r"(?=\s+(?:ones?|compounds?|molecules?|hits?|cpds?|structures?)\b)"
# the rows a yes/no model said no to: "the non-penetrant ones", "the inactives", "those predicted not to bind"
# ("HER2-positive", "triple-negative": a tumour subtype, not a model's answer)
_MISSES = re.compile(r"\b(non-?penetrants?|non-?binders|non-?interacting|inactives?|(?<!-)negatives?|the no ones|"
                     r"predicted not to (?:interact|bind|penetrate|cross)|(?:that|which|ones?) (?:do(?:es)? not|"
                     r"do(?:es)?n'?t|did not|didn'?t) (?:interact|bind|penetrate|cross|get in|pass)|"
                     r"(?:that|which) fail(?:s|ed)?\b|(?<=the\s)bbb-(?=\s|$)|"
                     rf"{_ROWS_BEFORE}bbb[\s-]?negative|bbb[\s-]?negative{_ROWS_AFTER})", re.I)
_HITS = re.compile(r"\b(predicted to (?:interact|bind|get in|cross|penetrate)|(?:that|which) (?:interact|bind|get in|"
                   r"cross|penetrate)|interacting|binders|the hits|(?:that|which) (?:got |were |are )?flagged|"
                   r"(?:the )?flagged ones|"
                   r"came out (?:as )?(?:yes|positive)|predicted (?:as )?(?:yes|positive)|the yes ones|"
                   r"(?:says?|said|thinks?)\s+(?:would\s+|will\s+)?(?:hit|bind|interact|cross|penetrate)s?\b|"
                   r"(?<!-)positives?|the actives?|(?:ones|that|which)\s+(?:that\s+)?pass(?:es|ed)?\b|"
                   r"(?<!non-)(?<!non)penetrant(?:s|\s+ones)|"
                   rf"{_ROWS_BEFORE}bbb(?:\+|[\s-]?positive)|bbb(?:\+|[\s-]?positive){_ROWS_AFTER})", re.I)
# (not "precursors for gefitinib", "reactants of CCO": that asks for a route to the molecule named)
# ("one-step precursors for all of them": a retrosynthesis asked for)
_PRECURSORS = re.compile(r"\b(?<!one-step\s)(?<!single-step\s)(?<!1-step\s)"
                         r"(precursors?|reactants?|intermediates?|building blocks?|starting materials?|"
                         r"from (?:that|the) (?:route|option|suggestion|proposal|disconnection)|"
                         r"(?:in|of|from) (?:the |that |this |its )?(?:(?:top|first|best|top-ranked|second|third) )?"
                         r"(?:route|option|suggestion|proposal|disconnection)(?: #?\d)?|"
                         r"(?:in|of|from) (?:the |that |this )?(?:top|first|best|top-ranked|rank[\s-]?\d{1,2}) set)\b"
                         r"(?!\s+(?:for|of|to)\s+(?!(?:that|the|this|those|these|its?|them|their|each|every|both|all|"
                         r"our|my|your|products?|routes?|rows?|hits?|compounds?|molecules?|rank|#?\d)\b))", re.I)
# "the second precursor", "precursor 2 of the rank-1 set"
_NTH_PRECURSOR = re.compile(rf"\b({_ORD})\s+(?:precursor|reactant|building\s+block|starting\s+material)\b|"
                            r"\b(?:precursor|reactant|building\s+block|starting\s+material)\s+#?([1-5])\b", re.I)
# (not "Also, separately, is X …": a new ask, introduced)
_EACH = re.compile(r"\b(each|individually|separately(?!\s*,)|on (?:its|their) own|both drugs|the two drugs)\b", re.I)
# "the ones below 0.3", "anything with p > 0.7", "pKd over 7", "those with IC50 under 1 uM": rows (or their value)
# or counted ("the best two above 0.5") before the comparison, a few words at most before it
_ROWS_OR_VALUE = (r"ones?|those|these|them|any(?:thing|one)?|all|everything|compounds?|molecules?|cpds?|hits?|"
                  r"analog(?:ue)?s?|structures?|rows?|which(?:ever)?|where|p|prob(?:ability)?|score|pkd|kd|ic50|logs|"
                  r"logd|logp|values?|predictions?")
AT_MOST = r"<=|≤|=<|<|below|under|less\s+than|lower\s+than|smaller\s+than|at\s+most|no\s+more\s+than"
AT_LEAST = r">=|≥|=>|>|above|over|greater\s+than|higher\s+than|more\s+than|bigger\s+than|larger\s+than|at\s+least|" \
            r"exceeding"
INCLUSIVE = ("<=", "≤", "=<", ">=", "≥", "=>", "at", "no")  # "at most 7", "no more than 7", ">= 0.5"
_THRESHOLD = re.compile(rf"(?:\b(?:{_ROWS_OR_VALUE})\b|{_COUNT})(?:\s+[\w-]+){{0,3}}?\s*"
                        rf"(?:(?P<low>{AT_MOST})|(?P<high>{AT_LEAST}))"
                        r"\s*(?P<number>[-−+]?(?:\d+(?:\.\d+|,\d+(?!\d|,\d))?|\.\d+))(?!\s*(?:heavy\s+)?atoms?\b)"
                        r"(?:\s*(?P<unit>[pnuµμm]m)\b)?", re.I)
# "aim for ln IC50 below -2", "nothing above 0.5": a goal or a negation, not rows to pick
_NOT_A_FILTER = re.compile(r"\b(?:aim\w*|target(?:ing)?|goal|towards?|reach|optimi[sz]\w*|design\w*|generat\w*|"
                           r"improv\w*|nothing|none|no|not)\b", re.I)
_CLAUSE_END = re.compile(r"[,;!?\n]|\.(?!\d)")  # not the point in "0.3"
_NANOMOLAR = {"pm": 1e-3, "nm": 1.0, "um": 1e3, "µm": 1e3, "μm": 1e3, "mm": 1e6}
# "drop #2", "all but the first", "everything except #3", "without the second one": what follows is left out
_EXCLUDE = re.compile(r"\b(?:drop|remove|exclude|excluding|skip|without|except(?:\s+for)?|other\s+than|apart\s+from|"
                      r"all\s+but|everything\s+but|leave\s+out|leaving\s+out|but\s+not)\b"
                      r"(?P<left_out>.*?)(?=[,;!?\n]|\.(?!\d)|\s+(?:and|then|run|rerun|predict|check|send|do|give)\b|$)",
                      re.I | re.S)
_LOWER_IS_BETTER = ("ic50", "kd_nm")
_POTENCY = re.compile(r"\b(?:potent|active)\b", re.I)
_METRICS = ("prediction", "probability", "pKd", "ln_ic50", "predicted_ln_ic50", "score")


# "Thanks, Anneke", "Best, Tomasz": a closing with the writer's name, never a pick ("best")
SIGN_OFF = re.compile(rf"(?:^|(?<=[.!?\n]))\s*(?:{phrases('sign_offs')})\b[!,.]*(?:\s+(?-i:[A-Z])[\w.-]*){{0,2}}\W*$",
                      re.I)


# "the whole file, last one included", "including the first one": a row kept in, no pick
_INCLUDED = re.compile(r"\b(?:the\s+)?(?:first|last|second|third)\s+one\s+(?:included|too|as\s+well)\b|"
                       r"\bincluding\s+the\s+(?:first|last|second|third)\s+one\b", re.I)


# "…, and I'll pick the in vivo candidate from whatever comes out on top": a pick the user will make from the results,
# not one asked of this run
_PICKED_LATER = re.compile(r"\b(?:i|we)(?:'ll|’ll|\s+will|\s+can\s+then|\s+plan\s+to|\s+want\s+to\s+then)\s+"
                           r"(?:then\s+)?(?:pick|choose|select|decide|go\s+with|shortlist)\b[^.;!?\n]*")


# "run NR-AR on it as well so the assessor has both": what the run is for, no pick
PURPOSE = re.compile(r"\bso(?:\s+that)?\s+(?:the\s+\w+|our\s+\w+|my\s+\w+|he|she|they|we|i|you)\s+(?:has|have|gets?|"
                     r"sees?|can|could|will)\b[^.;!?\n]*")


# "retro for number one", "rank two": a place spelled out
_SPELLED = {"one": 1, **_COUNT_WORDS}
_SPELLED_PLACE = re.compile(rf"\b(number|no\.|rank|row|compound)\s+({'|'.join(_SPELLED)})\b")


def select_molecules(prose: str, pool: list[EntryMeta], read: Callable[[str], Any] | None,
                     history: Sequence[PastRequest] = ()) -> list[str] | None:
    """The molecules the words pick from the thread's newest fitting result; None when they pick none (see the
    module docstring for ``[]``). A pick from an upload when another upload is in the thread and the words name
    neither ("row 3 of the conmed listing" with two listings) is asked about, never made in the newest one."""
    picked = _select(prose, pool, read, history)
    return [] if picked and _one_of_unnamed_uploads(prose.lower(), pool) else picked


def _select(prose: str, pool: list[EntryMeta], read: Callable[[str], Any] | None,
            history: Sequence[PastRequest]) -> list[str] | None:
    if read is None:
        return None
    lowered = SIGN_OFF.sub(lambda m: " " * len(m.group()), prose).lower()
    lowered = _INCLUDED.sub(lambda m: " " * len(m.group()), lowered)
    lowered = PURPOSE.sub(lambda m: " " * len(m.group()), _PICKED_LATER.sub(lambda m: " " * len(m.group()), lowered))
    lowered = _BINDS_TIGHTER.sub(lambda m: f"{m.group(1)}{m.group(2)[:-2]}est", lowered)  # "binds tighter": tightest
    lowered = re.sub(r"\btop-(\d{1,2})\b", r"top \1", lowered)  # "top-2 by solubility": the top two
    lowered = _SPELLED_PLACE.sub(lambda m: f"{m.group(1)} {_SPELLED[m.group(2)]}", lowered)  # "number one"
    made_by = _MADE_BY.search(lowered)
    if made_by and not any(m.key == _PRODUCED_KEYS[made_by.group(1)[:5]] for m in pool):
        return []  # "retro on generated #1" with nothing generated in the thread: asked, never another list's row
    if _WHICH_THEN_ALL.search(lowered) or (_WHICH_ASKED.match(lowered) and _named_measures(lowered) and
                                           _table_of_the_measure(lowered, pool, read, history) is None):
        # "which of the two is more lipophilic? logD for both", "Which of the two is more water-soluble?" after a BBB
        # run: a question the run on all answers
        return None
    others = _THE_OTHERS.search(lowered)  # (after "drop #2", the other two are the rest of that list: below)
    if others and not _PAIRED_WITH.search(lowered[:others.start()]) and not _EXCLUDE.search(lowered) and \
            not re.search(r"\bleave\s+$", lowered[:others.start()]):  # "leave the other two alone": no pick
        return _the_others(others.group("n"), pool, read)
    if _PRECURSORS.search(lowered):
        table = newest_table(pool, read, lambda rows: any(k in rows[0] for k in _ROUTE_FIELDS))
        if table:
            return _precursors(lowered, table)
    if _EACH.search(lowered):
        table = newest_table(pool, read, lambda rows: "smiles_1" in rows[0])
        if table:
            return _unique(s for row in table for s in (row["smiles_1"], row["smiles_2"]))
    rows = _table_of_the_measure(lowered, pool, read, history) or \
        newest_table(pool, read, lambda rows: "smiles" in rows[0])
    key = produced_key(lowered)
    if key is not None and any(m.key == key for m in pool):
        made = read(key)  # "the first three generated molecules": from the generated list, whatever ran since
        if isinstance(made, list) and made and all(isinstance(m, str) for m in made):
            measured = [r for r in rows or [] if r["smiles"] in made] if _metric(rows or []) else []
            # "the most soluble of the generated ones": the measured rows of that list, when a result ranks them
            ranked_by = _BEST.search(lowered)  # ("the top two generated": the generator's own ranking)
            rows = measured if measured and ranked_by and ranked_by.group("word").lower() not in _OWN_RANKING \
                else [{"smiles": m} for m in made]
    if rows is None:
        return None
    if _of_hydration(pool, read):
        lowered = _LIKES_WATER.sub(lambda m: f"{_OPPOSITE[m.group(1)]} {m.group(2)}", lowered)
    if _metric(rows) is None and _newest_is_upload(pool) and _BEST.search(lowered):
        return None  # "run Ana's hits and tell me which is most potent": an uploaded list has no best one yet
    if _ranks_by_another_measure(lowered, rows):
        return []  # "the most lipophilic" of a BBB table: asked, never ranked by the probability instead
    excluded = _EXCLUDE.search(lowered)
    if excluded:  # "those above 0.5, except the last one of them": left out of the rows the rest of the words pick
        kept = pick_rows(lowered[:excluded.start()] + " " + lowered[excluded.end():], rows)
        among = [r for r in rows if kept is None or r["smiles"] in kept]
        left_out = pick_rows(excluded.group("left_out"), among)
        if left_out is not None:
            return [r["smiles"] for r in among if r["smiles"] not in left_out]
    return pick_rows(lowered, rows)


# a hydration free energy is the lower the more a molecule likes water: "the least water-loving" of a FreeSolv table
# has its highest value
_LIKES_WATER = re.compile(r"\b(most|least|more|less)\s+(water[\s-]?loving|hydrophilic|water[\s-]?soluble|soluble|"
                          r"polar)\b")
_OPPOSITE = {"most": "least", "least": "most", "more": "less", "less": "more"}


def _of_hydration(pool: list[EntryMeta], read: Callable[[str], Any]) -> bool:
    """Whether the thread's property run is the hydration free energy (``user_property`` is "freesolv")."""
    return any(m.key == "user_property" for m in pool) and read("user_property") == "freesolv"


_WHICH_THEN_ALL = re.compile(r"\bwhich\b[^.?!\n]*\?\s*[^?\n]*\b(?:for|on)\s+(?:both|all|each)\b")
_WHICH_ASKED = re.compile(r"^\W*which\s+(?:one\s+|of\s+(?:the\s+(?:two|three|four|five)|them|these|those)\s+)?"
                          r"(?:is|are|was|were|would\s+be)\b[^.?!\n]*\?\W*$")


# "BBB for the other two in the sub-series as well", "and the remaining ones": the molecules of the thread's list that
# the newest result did not cover (not "apixaban against the other three": a drug pair's partners)
_THE_OTHERS = re.compile(rf"\bthe\s+(?:other|remaining)\s+(?:(?P<n>{_COUNT})|ones|compounds|molecules|structures)\b|"
                         r"\bthe\s+rest\s+of\s+(?:them|the\s+(?:list|set|series|plate|file))\b", re.I)
_PAIRED_WITH = re.compile(r"\b(?:against|with|vs\.?|versus)\s+$")


def _the_others(count: str | None, pool: list[EntryMeta], read: Callable[[str], Any]) -> list[str]:
    """The thread's newest list less the molecules its newest result ran on; [] (asked) when no list holds more than
    those, or when the message counts another number ("the other two" of one left)."""
    table = newest_table(pool, read, lambda rows: "smiles" in rows[0])
    ran = {r["smiles"] for r in table or [] if isinstance(r.get("smiles"), str)}
    for meta in sorted((m for m in pool if m.kind == "smiles_list"), key=lambda m: m.set_at, reverse=True):
        listed = read(meta.key)
        if ran and isinstance(listed, list) and ran <= set(listed) and len(set(listed)) > len(ran):
            rest = _unique(m for m in listed if m not in ran)
            n = None if count is None else number_words().get(count.lower()) or int(count)
            return rest if n is None or n == len(rest) else []
    return []


# A retrosynthesis row's ranked precursor sets: this tool writes "candidates" of "reactants"; records written by other
# producers (TCDD-layout threads) may say "routes" of "precursors".
_ROUTE_FIELDS = ("candidates", "routes")
_SET_FIELDS = ("reactants", "precursors")
# "the second product", "product 2", "the last product": one product's route
_PRODUCT = re.compile(rf"\b(?:the\s+)?({_ORD})\s+(?:product|target|molecule)(?:'s\s+(?:top\s+)?route)?\b|"
                      rf"\bproduct\s+#?(\d{{1,2}})\b", re.I)  # ("the first product's route": where its precursors are)
# "the reactants of route 2", "the second route", "route #3": one of the ranked routes (else the top one)
_ROUTE = re.compile(rf"\b(?:route|set)\s*#?\s*(\d{{1,2}})\b|"  # "set #2": the second precursor set
                    rf"\b(?:the\s+)?({_ORD})\s+(?:route|proposal|suggestion|option|set)\b", re.I)
# "the bigger of those two precursors", "the smaller precursor": by heavy-atom count
_SIZE = re.compile(r"\b(bigger|biggest|larger|largest|heavier|heaviest|smaller|smallest|lighter|lightest)\b", re.I)


def _precursors(lowered: str, table: list[dict[str, Any]]) -> list[str] | None:
    """The precursors of the top route of each product (or of the product the words name), narrowed by a named
    group ("the aniline from that route") or a size ("the bigger precursor")."""
    product = _PRODUCT.search(lowered)
    if product:
        place = _ORDINALS.get(product.group(1) or "", 0) or int(product.group(2) or 0)
        if not 1 <= abs(place) <= len(table) and place != -1:
            return None
        table = [table[place - 1 if place > 0 else place]]
    if (several := _several_groups(lowered, table)) is not None:
        return several
    reactants = _unique(s for row in table for s in _route(row, _route_place(lowered)))
    group = _named_group(lowered)
    if group is not None:
        return group([{"smiles": r} for r in reactants])
    size = _SIZE.search(lowered)
    if size and len(reactants) > 1:
        big = size.group(1).startswith(("big", "larg", "heav"))
        return [max(reactants, key=_heavy_atoms) if big else min(reactants, key=_heavy_atoms)]
    nth = _NTH_PRECURSOR.search(lowered)
    place = (_ORDINALS.get(nth.group(1) or "", 0) or int(nth.group(2) or 0)) if nth else 0
    if len(reactants) > 1 and (1 <= place <= len(reactants) or place == -1):
        return [reactants[place - 1 if place > 0 else place]]  # "the first precursor in the top route"
    if len(reactants) > 1 and _ONE_PRECURSOR.search(lowered):
        return []  # "the solubility of the intermediate?" of a route with two: asked which, never both or the product
    return reactants


def _route_place(lowered: str) -> int:
    """The route the words name (1 = top, -1 = last): "route 2", "the second route"; the top one when none."""
    route = _ROUTE.search(lowered)
    return (_ORDINALS.get(route.group(2) or "", 0) or int(route.group(1) or 0)) if route else 1


# "the acid chloride and the aniline from the first route": two groups picked from one route
_GROUPS_LISTED = re.compile(r"\bthe\s+(?P<first>[a-z][\w-]{2,40}(?:\s+[a-z][\w-]{2,20})?)\s+(?:and|&|\+)\s+"
                            r"(?:the\s+)?(?P<second>[a-z][\w-]{2,40}(?:\s+[a-z][\w-]{2,20})?)\s+(?=(?:from|in|of)\s)",
                            re.I)


def _several_groups(lowered: str, table: list[dict[str, Any]]) -> list[str] | None:
    """The precursors of several groups named each with its route ("the aniline in route 1 … and same for the
    morpholine chloride in route 2") or listed before one ("the acid chloride and the aniline from the first route"),
    in the order named; None unless two groups are named and each is found."""
    named: list[tuple[list[str], int]] = []
    listed = _GROUPS_LISTED.search(lowered)
    if listed is not None:
        place = _route_place(lowered[listed.end():])
        named = [(parts, place) for name in listed.group("first", "second") if (parts := _group_parts(name))]
    else:
        named = [(parts, _route_place(lowered[m.start():])) for m in _GROUP_FIRST.finditer(lowered)
                 if (parts := _group_parts(m.group("name")))]
    if len(named) < 2:
        return None
    picked = [_holding([{"smiles": s} for row in table for s in _route(row, place)], parts) or []
              for parts, place in named]
    return _unique(s for p in picked for s in p) if all(picked) else None


# one precursor, not saying which ("the intermediate", "that building block")
_ONE_PRECURSOR = re.compile(r"\b(?:the|that|this)\s+(?:precursor|reactant|intermediate|building\s+block|"
                            r"starting\s+material)\b(?!\s*s\b)", re.I)


def _heavy_atoms(smiles: str) -> int:
    from rdkit import Chem

    mol = Chem.MolFromSmiles(smiles)
    return mol.GetNumHeavyAtoms() if mol is not None else 0


def route_molecules(rows: Any) -> tuple[set[str], set[str]]:
    """The molecules a retrosynthesis result made routes for, and every precursor of those routes."""
    made, parts = set(), set()
    for row in rows if isinstance(rows, list) else []:
        if not isinstance(row, dict):
            continue
        if isinstance(row.get("smiles"), str):
            made.add(row["smiles"])
        routes: list[Any] = next((row[k] for k in _ROUTE_FIELDS if isinstance(row.get(k), list)), [])
        for place in range(1, len(routes) + 1):
            parts.update(_route(row, place))
    return made, parts


def _route(row: dict[str, Any], place: int = 1) -> list[str]:
    """The precursors of a row's route at ``place`` (1 = top, -1 = last); none when the row has no such route."""
    routes = next((row[k] for k in _ROUTE_FIELDS if isinstance(row.get(k), list)), None) or [{}]
    if not (1 <= place <= len(routes) or place == -1):
        return []
    chosen = routes[place - 1 if place > 0 else -1]
    chosen = chosen if isinstance(chosen, dict) else {}
    found: list[Any] = next((chosen[k] for k in _SET_FIELDS if isinstance(chosen.get(k), list)), [])
    return [s for s in found if isinstance(s, str)]


# rows picked from what a tool made: "generated #1", "optimized compound 2", "the designed top 3"
_MADE_BY = re.compile(r"\b(generated|optimi[sz]ed|designed)\s+(?:#\s?\d|(?:one|molecule|compound|hit)\s+#?\s?\d|"
                      r"(?:top|best)\b)", re.I)
# a tool's output named: "the first three generated molecules", "routes for the optimized ones", "the generated set"
_FROM_PRODUCER = re.compile(r"\b(generated|optimi[sz]ed|designed)\s+(?:ones?|molecules?|compounds?|analog(?:ue)?s?|"
                            r"set|batch|list|hits?|structures?|smiles)\b", re.I)
_PRODUCED_KEYS = {"gener": "generated_smiles", "desig": "generated_smiles", "optim": "optimized_smiles"}


def produced_key(lowered: str) -> str | None:
    """The pool key of the tool output the words name ("generated #1", "the optimized ones"), else None."""
    named = _MADE_BY.search(lowered) or _FROM_PRODUCER.search(lowered)
    return _PRODUCED_KEYS[named.group(1).lower()[:5]] if named else None


# "keep the original row order", "keeping the generator's order", "same order as in your table": the rows picked,
# listed in the table's order rather than by rank
_TABLE_ORDER = re.compile(r"\b(?:keep(?:ing)?|in|same|preserv\w*|retain\w*)\s+(?:the\s+)?(?:original|table(?:'s)?|row|"
                          r"input|list(?:'s)?|generator'?s?|file(?:'s)?|same)\s+(?:row\s+)?order\b|"
                          r"\bsame\s+order\s+as\s+(?:in\s+)?(?:the|your|its)\s+(?:table|list|results?|output)\b|"
                          r"\bin\s+(?:table|row|list)\s+order\b", re.I)


def pick_rows(lowered: str, rows: list[dict[str, Any]]) -> list[str] | None:
    """The rows the words pick, by rank unless the words ask for the table's order (``_TABLE_ORDER``)."""
    picked = _picked_rows(lowered, rows)
    if picked is None or not _TABLE_ORDER.search(lowered):
        return picked
    place = {r["smiles"]: i for i, r in reversed(list(enumerate(rows)))}
    return sorted(picked, key=lambda smiles: place.get(smiles, len(rows)))


def _picked_rows(lowered: str, rows: list[dict[str, Any]]) -> list[str] | None:
    """The rows the words pick: by a named group, a threshold, a count from either end, the hits, a place or a
    rank; a threshold narrows the rows that a count or a rank then picks from ("the best two above 0.5")."""
    group = _named_group(lowered)
    if group is not None:
        return group(rows)
    passing = _passing(lowered, rows)
    candidates = rows if passing is None else passing
    first = _FIRST_N.search(lowered)
    if first:
        count = _count(first.group(2))
        return [r["smiles"] for r in (candidates[:count] if first.group(1) == "first" else candidates[-count:])]
    yes_no = any("probability" in r or "interaction" in r for r in rows)
    misses, hits = _MISSES.search(lowered), _HITS.search(lowered)
    if passing is None and misses and yes_no:
        return _as_counted(lowered, misses.start(), [r["smiles"] for r in rows if r.get("interaction") is False
                                                     or (r.get("probability") or 1) < 0.5])
    if passing is None and hits and yes_no:
        return _as_counted(lowered, hits.start(), [r["smiles"] for r in rows if r.get("interaction") is True
                                                   or (r.get("probability") or 0) >= 0.5])
    ranked = _NTH_RANKED.search(lowered)
    if ranked:
        return _nth_ranked(ranked, lowered, candidates)
    if passing is None and _ORDINAL.search(lowered):
        return _placed(lowered, rows)
    near_zero = _NEAR_ZERO.search(lowered)
    metric = _metric(candidates) if near_zero else None
    if near_zero and metric is not None:  # "the one whose value is closer to zero"
        valued = [r for r in candidates if isinstance(r.get(metric), (int, float))]
        return [r["smiles"] for r in sorted(valued, key=lambda r: abs(r[metric]))[:_count(near_zero.group("n") or "1")]]
    best = _BEST.search(lowered)
    if best:
        word = best.group("word")
        count = _count(best.group("before") or best.group("after") or "1")
        return _ranked(candidates, _COMPARATIVE.get(word, word), count, lowered)
    return None if passing is None else [r["smiles"] for r in passing]


_NEAR_ZERO = re.compile(rf"\b(?:(?P<n>{_COUNT})\s+(?:(?:ones?|values?|of\s+them)\s+)?)?(?:clos|near)(?:est|er)\s+to\s+"
                        rf"(?:zero|0)(?![.,]?\d)", re.I)
_COUNT_BEFORE = re.compile(rf"\b(?:the|those|these|both)\s+(?P<n>{_COUNT})\s+(?:[\w-]+\s+)?$", re.I)


def _as_counted(lowered: str, at: int, picked: list[str]) -> list[str]:
    """The picked rows, or none when the words count another number of them ("the two binders" when four bound):
    which ones is then asked."""
    counted = _COUNT_BEFORE.search(lowered[max(0, at - 30):at])
    return [] if counted and _count(counted.group("n")) != len(picked) else picked


def _count(word: str) -> int:
    return _COUNT_WORDS.get(word) or int(word)


def _placed(lowered: str, rows: list[dict[str, Any]]) -> list[str]:
    """Rows by place ("the second one", "#3", "the last"); a place past the end picks nothing."""
    chosen = []
    for m in _ORDINAL.finditer(lowered):
        for index in _places(m):
            if -len(rows) <= (index - 1 if index > 0 else index) < len(rows):
                chosen.append(rows[index - 1 if index > 0 else index]["smiles"])
    return chosen


def _places(m: re.Match[str]) -> list[int]:
    """The 1-based places (-1: the last) an ``_ORDINAL`` match names."""
    if m.group(6):  # "ranks 1, 3 and 4"
        return [int(n) for n in re.findall(r"\d+", m.group(6))]
    if m.group(7):  # "ranked first and second"
        return [_ORDINALS[g.lower()] for g in m.group(7, 8) if g]
    return [_ORDINALS.get((m.group(1) or m.group(2) or m.group(5) or "").lower()) or int(m.group(3) or m.group(4))]


def _passing(lowered: str, rows: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """The rows whose value passes a threshold in the words ("the ones below 0.3", "IC50 under 1 uM"); None when
    the words set none, or set a goal ("aim for ln IC50 below -2") or deny one ("none of them above 0.5")."""
    match = _THRESHOLD.search(lowered)
    if match is None or not _filters(lowered, match):
        return None
    limit = float(match.group("number").replace("−", "-").replace(",", "."))  # "above 0,5": a decimal comma
    unit = (match.group("unit") or "").replace("μ", "µ")
    column = _concentration(rows) if unit else _metric(rows)
    if column is None:
        return None
    if unit:  # compared in the column's own unit ("Kd_nM", "ic50_uM")
        limit *= _NANOMOLAR[unit] / _NANOMOLAR[column.rsplit("_", 1)[1].lower()]
    low, high = match.group("low"), match.group("high")
    inclusive = (low or high).startswith(INCLUSIVE)
    valued = [(r, r[column]) for r in rows if isinstance(r.get(column), (int, float))]
    return [r for r, v in valued if (v == limit and inclusive) or (v < limit if low else v > limit)]


def _clause_start(text: str, end: int) -> int:
    """Where the clause holding ``end`` starts: after the last comma, semicolon or full stop before it."""
    return max((m.end() for m in _CLAUSE_END.finditer(text, 0, end)), default=0)


# "the one with the carbamate", "the ones with a sulfonamide", "the amine precursor", "the aniline from that route"
_WITH_GROUP = re.compile(r"\b(?:ones?|compounds?|molecules?|precursors?|reactants?|hits?|analogues?)\s+with\s+"
                         r"(?:the\s+|an?\s+)?(?!(?:her|his|their|its|my|our|your)\b)"  # "… one with her cyclosporine"
                         r"(?P<name>[a-z][\w-]{2,40})", re.I)
# "the one with the allyl cyclopropane on the sulfonyl": the words that describe a molecule by its groups
_DESCRIBED_BY_GROUPS = re.compile(rf"{_WITH_GROUP.pattern}(?P<more>(?:\s+[a-z][\w-]{{2,40}}){{0,2}})", re.I)
# "the acid chloride in route 2", "the aniline from the first route", "the aniline from the top set"
# (not "the retrosynthetic precursor", "the immediate precursors": a route asked, no pick)
_GROUP_FIRST = re.compile(r"\bthe\s+(?!(?:retro-?)?synthetic\b|retro\b|immediate\b|direct\b|likely\b|"
                          r"(?:one|single)-step\b)"
                          r"(?P<name>[a-z][\w-]{2,40}(?:\s+[a-z][\w-]{2,20})?)\s+(?:one|precursor|reactant|"
                          r"(?:coupling\s+)?partner|building block|compound|fragment|"
                          r"(?:from|in|of)\s+(?:that|the|this)?\s*(?:[a-z]+\s+)?"
                          r"(?:route|option|suggestion|proposal|disconnection)|"
                          r"(?:from|in|of)\s+(?:that|the|this)?\s*(?:(?:top|first|best|top-ranked|rank(?:ed)?|"
                          r"\d{1,2})\s+){1,2}set)\b", re.I)


def _named_group(lowered: str) -> Callable[[list[dict[str, Any]]], list[str] | None] | None:
    """A filter for rows holding a named group or ring ("the one with the carbamate"), or None when the words
    name none."""
    for pattern in (_WITH_GROUP, _GROUP_FIRST):
        match = pattern.search(lowered)
        parts = _group_parts(match.group("name")) if match else None
        if parts:
            return lambda rows: _holding(rows, parts)
    return None


def _group_parts(name: str) -> list[str] | None:
    """The groups or rings a name says: itself, or two written as one word ("nitrophenol": nitro and phenol)."""
    from model_zoo.chem.cores import functional_groups, scaffolds

    known = {**functional_groups(), **scaffolds()}
    if name in known:
        return [name]
    if _PART_NOUN.search(name):  # "the nitrophenol partner from the top route"
        return _group_parts(_PART_NOUN.sub("", name))
    joined = next(([name[:i], name[i:]] for i in range(3, len(name) - 2) if name[:i] in known and name[i:] in known),
                  None)
    words = name.split()
    if joined is None and len(words) == 2:  # "the halogenated aniline", "the cyclopropanecarbonyl piperazine"
        if words[0] in known and words[1] in known:
            return words  # "the morpholine chloride": both (not any aryl chloride)
        return _group_parts(words[1]) or _group_parts(words[0])
    return joined


_PART_NOUN = re.compile(r"\s+(?:partner|piece|half|part|fragment|side)$")


def group_phrase_spans(text: str) -> list[tuple[int, int]]:
    """Where a message picks results by a group ("the aniline from that route", "the one with the carbamate"):
    a drug name there ("aniline") is the group, not a molecule to run."""
    from model_zoo.chem.cores import functional_groups, scaffolds

    known = {**functional_groups(), **scaffolds()}
    spans = [m.span("name") for pattern in (_WITH_GROUP, _GROUP_FIRST) for m in pattern.finditer(text)
             if _group_parts(m.group("name").lower())]
    spans += [m.span(name) for m in _GROUPS_LISTED.finditer(text) for name in ("first", "second")
              if _group_parts(m.group(name).lower())]
    return spans + [(m.start("name"), m.end("more")) for m in _DESCRIBED_BY_GROUPS.finditer(text)
                    if any(w.lower() in known for w in m.group("more").split())]


def picking_spans(text: str, precursors: bool = True) -> list[tuple[int, int]]:
    """Where a message only picks molecules from results ("the two best", "#2", "the ones predicted to interact",
    "the aniline from that route", "all but the first"): words there ask for no tool. ``precursors=False`` leaves
    "the precursors" out, which asks for a route when the thread has none to pick from."""
    patterns = (_BEST, _ORDINAL, _FIRST_N, _HITS, *([_PRECURSORS] if precursors else []), _PRODUCT, _WITH_GROUP,
                _GROUP_FIRST, _EXCLUDE, _BINDS_BEST, RESULT_REMARK)  # ("for the second product, the top precursors")
    found = [(m.span(), pattern) for pattern in patterns for m in pattern.finditer(text)
             if not (pattern is _HITS and (_ASKS_WHICH.search(text, max(0, m.start() - 40), m.start())
                                           or _ASKS_WHETHER.search(text, max(0, m.start() - 100), m.start())))]
    # (a measure right after a place is asked of the molecule picked, not ranked by: "the first precursor of route 1
    # aqueous solubility?"; after a rank it is what ranks: "the lowest SR-ARE probability")
    by = [(end, criterion.end()) for (_, end), pattern in found if (criterion := _BY_CRITERION.match(text, end))
          and (pattern not in (_ORDINAL, _PRECURSORS, _GROUP_FIRST) or _RANKED_BY.match(criterion.group()))]
    listed = [m.span() for m in _GROUPS_LISTED.finditer(text)
              if _group_parts(m.group("first").lower()) and _group_parts(m.group("second").lower())]
    return [span for span, _ in found] + listed + by + _filter_spans(text)


_RANKED_BY = re.compile(r"\s+(?:by|on)\b", re.I)


# "I would like to know which are predicted to interact with EGFR": the question itself, no pick from results
_ASKS_WHICH = re.compile(r"\b(?:know|see|tell\s+me|find\s+out|check|wonder)\s+(?:which|whether|if)\s+(?:ones?\s+|of\s+"
                         r"(?:them|these|those)\s+)?(?:are|is|were|get)\s*$", re.I)
# "Is doramapimod (BIRB-796) predicted to interact with p38?", "Are these two predicted to cross the BBB?": a yes/no
# question about the molecules it names, no pick from results (not "is the one predicted to bind also soluble?")
# ("kindly state whether the test item erlotinib is predicted to cross …": the same question, asked indirectly)
_ASKS_WHETHER = re.compile(r"(?:^|[.?!:]\s+|\n)\s*(?:is|are|was|were|will|would)\s+"
                           r"(?![^.?!\n]*\b(?:ones?|which|that|those|whichever)\b)[^.?!\n]{1,80}?$|"
                           r"\bwhether\s+(?![^.?!\n]*\b(?:ones?|which|that|those|whichever)\b)[^.?!\n]{1,60}?"
                           r"\b(?:is|are|was|were|will|would)\s+$", re.I)
# "top 2 by predicted ln IC50", "top one by BBB", "the one with higher probability", "the lowest SR-ARE probability":
# the measure a pick ranks by, which asks for no tool of its own ("by predicted" may be blanked already)
_BY_CRITERION = re.compile(r"\s+(?:ones?\s+(?=by\s))?(?:(?:by|for|on)\s+)?(?:the\s+)?(?:predicted\s+|measured\s+)?"
                           r"(?:[A-Za-z][\w-]*\s+)?"
                           r"(?:ln\s*|log\s*|p)?\(?"
                           rf"(?:IC\s?50|Kd|logS|logD|solubility|lipophilicity|probability|affinity|score|value|"
                           rf"{_PROPERTY_NAMES})\b\)?", re.I)
# "Whichever binds Her2 best — what does it do in BT-474?", "whichever binds tighter": a pick by the thread's binding
# result, no binding ask
_BINDS_BEST = re.compile(r"\b(?:whichever|which\s+one|the\s+ones?)\s+(?:that\s+|which\s+)?binds?\s+"
                         r"(?:[\w/-]+\s+){0,2}?(?:best|(?:most|more)\s+tightly|tightest|tighter|strongest|stronger|"
                         r"(?:most|more)\s+strongly|better|worst|worse|weakest|weaker|(?:least|less)\s+tightly|"
                         r"(?:least|less)\s+strongly|loosest|looser)\b", re.I)


def _filter_spans(text: str) -> list[tuple[int, int]]:
    """Where the words keep the rows that pass a value ("which ones came in under 1 µM"); not a goal ("aim for ln
    IC50 below -2") or a denial."""
    lowered = text.lower()
    return [(m.start(), m.end() + (len(where.group()) if (where := _IN_THE_LINES.match(lowered, m.end())) else 0))
            for m in _THRESHOLD.finditer(lowered) if _filters(lowered, m)]


def _filters(lowered: str, threshold: re.Match[str]) -> bool:
    """Whether a threshold keeps rows: not a goal ("aim for ln IC50 below -2") or a denial ("none above 0.5")."""
    return not _NOT_A_FILTER.search(lowered[_clause_start(lowered, threshold.start()):threshold.start()])


# "… under 1 µM in either line": in the tables already shown, not a cell line to run
_IN_THE_LINES = re.compile(r"\s+in\s+(?:either|both|any|each|all)(?:\s+of\s+the)?(?:\s+two)?\s+(?:cell\s+)?lines?\b")


def _holding(rows: list[dict[str, Any]], names: list[str]) -> list[str] | None:
    """The rows whose molecule holds every one of the named groups."""
    from rdkit import Chem

    from model_zoo.chem.cores import core_from_text

    queries = [Chem.MolFromSmarts(core_from_text(name).smarts) for name in names]
    held = [r["smiles"] for r in rows if isinstance(r.get("smiles"), str)
            and (mol := Chem.MolFromSmiles(r["smiles"])) is not None
            and all(mol.HasSubstructMatch(query) for query in queries)]
    return _unique(held) or None


def _newest_is_upload(pool: list[EntryMeta]) -> bool:
    """Whether the thread's newest list is an uploaded file (unranked, unlike generated or optimised molecules)."""
    lists = sorted((m for m in pool if m.kind in ("table", "smiles_list")), key=lambda m: m.seq)
    return bool(lists) and lists[-1].key.startswith("upload_")


def _one_of_unnamed_uploads(lowered: str, pool: list[EntryMeta]) -> bool:
    """The newest list is an upload, another upload is in the thread, and the words (an answer too: "batch B")
    name neither file."""
    from agent.planning.uploads import upload_by_place, upload_by_words, uploads_named, uploads_of_type

    lists = sorted((m for m in pool if m.kind in ("table", "smiles_list")), key=lambda m: m.seq)
    uploads = [m.key for m in lists if m.key.startswith("upload_")]
    if not lists or not lists[-1].key.startswith("upload_") or len(uploads) < 2:
        return False
    latest = lowered.rsplit("\n", 1)[-1]  # a continuation reads "earlier request\nmessage"
    return not (uploads_named(lowered, pool) or upload_by_words(latest, uploads)[0] or
                upload_by_words(lowered, uploads)[0] or upload_by_place(lowered, uploads) or
                len(uploads_of_type(lowered, uploads)) == 1)


def newest_table(pool: list[EntryMeta], read: Callable[[str], Any], accepts: Callable[[list[dict]], bool]
            ) -> list[dict[str, Any]] | None:
    """The most recent table in the pool whose rows look right, as row dicts."""
    for meta in sorted(pool, key=lambda m: m.seq, reverse=True):
        if meta.kind not in ("table", "smiles_list"):
            continue
        value = read(meta.key)
        if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            value = [{"smiles": v} for v in value]
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value) and accepts(value):
            return value
    return None


def _ranks_by_another_measure(lowered: str, rows: list[dict[str, Any]]) -> bool:
    """A rank word whose property is a value ("the most lipophilic", "the least soluble") while the newest table holds
    probabilities (a BBB or toxicity table). Other producers may call a probability "prediction", so only this way
    round is sure."""
    if _metric(rows) != "probability":
        return False
    named = _named_measures(lowered)
    return bool(named) and named <= set(REGRESSION_PROPERTIES)


def _named_measures(lowered: str) -> set[str]:
    """The properties a rank word names ("the least soluble", "the most lipophilic one")."""
    return {prop for _, end in picking_spans(lowered) for phrase, prop in PROPERTY_WORDS.items()
            if re.match(rf"\s*(?:\w+\s+|water-)?{re.escape(phrase)}(?![a-z])", lowered[end:end + 30])}


def _table_of_the_measure(lowered: str, pool: list[EntryMeta], read: Callable[[str], Any],
                          history: Sequence[PastRequest]) -> list[dict[str, Any]] | None:
    """The table of the property a rank word names: its newest logged run, even when a newer run of the tool replaced
    it in the pool ("the highest logD from the first run" after a logD run and a solubility run); else the newest
    table of its kind ("the least soluble one" after a solubility run and a cell-line run ranks the solubility
    table, not the newer ln(IC50) one)."""
    named = _named_measures(lowered)
    if not named:
        return None
    logged = _logged_run(named, pool, read, history)
    if logged is not None:
        return logged
    regression = named <= set(REGRESSION_PROPERTIES)
    if not regression and not named.isdisjoint(REGRESSION_PROPERTIES):
        return None
    metric = "prediction" if regression else "probability"
    return newest_table(pool, read, lambda rows: "smiles" in rows[0] and _metric(rows) == metric)


def _logged_run(named: set[str], pool: list[EntryMeta], read: Callable[[str], Any],
                history: Sequence[PastRequest]) -> list[dict[str, Any]] | None:
    """The rows of the thread's newest logged run of a named property, read at its pool version; None when none is
    logged or the pool no longer keeps that version."""
    for past in reversed(history):
        for call in reversed(past.calls):
            prop = (call.resolved or {}).get("property") or call.arguments.get("property")
            if call.status == "ok" and prop in named:
                rows = logged_rows(call, pool, read)
                return rows if rows is not None and all("smiles" in r for r in rows) else None
    return None


def logged_rows(call: CallLog, pool: list[EntryMeta], read: Callable[[str], Any]) -> list[dict[str, Any]] | None:
    """The rows a logged call wrote, read at the pool version it wrote them; None when it wrote no table or the pool
    no longer keeps that version."""
    current = {m.key: m.version for m in pool}
    key, version = call.result_key, call.result_version
    if key not in current or version is None:
        return None
    try:
        rows = read(key if current[key] == version else f"{key}@v{version}")
    except PoolError:
        return None
    return rows if isinstance(rows, list) and rows and all(isinstance(r, dict) for r in rows) else None


def _metric(rows: list[dict[str, Any]]) -> str | None:
    """The value column of a result (a prediction, probability, pKd or ln IC50)."""
    return next((m for m in _METRICS if any(isinstance(r.get(m), (int, float)) for r in rows)), None)


def _concentration(rows: list[dict[str, Any]]) -> str | None:
    """A column in nM or uM ("Kd_nM", "ic50_uM"), for a threshold written with a unit."""
    columns = (c for r in rows for c, v in r.items() if isinstance(v, (int, float)))
    return next((c for c in columns if c.rsplit("_", 1)[-1].lower() in ("nm", "um")), None)


def _nth_ranked(match: re.Match[str], lowered: str, rows: list[dict[str, Any]]) -> list[str]:
    """The one row at a place of a ranking ("the runner-up" is second best); none past the end."""
    if match.group("comparative"):
        word, place = ("best" if match.group("comparative") == "better" else "worst"), 1
    else:
        place = _PLACES[match.group("nth").lower()] if match.group("nth") else 2 if match.group("runner_up") else 1
        best = _BEST.match(lowered, match.end()) if match.group("nth") else None
        word = _COMPARATIVE.get(best.group("word"), best.group("word")) if best else "best"
    return _ranked(rows, word, place, lowered)[place - 1:place]


def _ranked(rows: list[dict[str, Any]], word: str, count: int, lowered: str) -> list[str]:
    metric = _metric(rows)
    if metric is None:
        return [r["smiles"] for r in rows[:count]]  # ranked lists (generated, optimized) come best first
    scored = sorted((r for r in rows if isinstance(r.get(metric), (int, float))), key=lambda r: r[metric],
                    reverse=_wants_high(word, metric, lowered))
    return [r["smiles"] for r in scored[:count]]


_OWN_RANKING = frozenset({"top", "best", "worst", "better", "worse"})
# "whichever binds tighter" picks the tightest binder (a bare "tighter" may say how potent a goal is: "and tighter, 20
# nM")
_BINDS_TIGHTER = re.compile(r"(\bbinds?\s+(?:[\w/-]+\s+){0,2}?)(tighter|looser)\b")
_SIGNED = re.compile(r"\b(most|more|least|less)\s+(negative|positive)\b", re.I)
_WEAKLY = re.compile(r"\b(?:most|more|least|less)\s+(?:weakly|loosely)\b", re.I)


def _wants_high(word: str, metric: str, lowered: str) -> bool:
    """Whether the rank word asks for high values: "highest" and "lowest" as written; "best", "top" and "most
    potent" ask for the strong end, which for an IC50 or a Kd is the low one."""
    lower_is_better = any(k in metric.lower() for k in _LOWER_IS_BETTER)
    if word in ("highest", "lowest"):
        return word == "highest"
    signed = _SIGNED.search(lowered) if word in ("most", "least") else None
    if signed:  # "the most negative hydration free energy" is the lowest value, "the less negative one" the higher
        return (signed.group(1) in ("most", "more")) == (signed.group(2) == "positive")
    if word in ("most", "least") and _WEAKLY.search(lowered):  # "whichever binds more weakly" is the weakest
        return (word == "most") == lower_is_better
    if word in ("best", "top", "strongest", "tightest"):  # "the tightest one" binds most strongly
        return not lower_is_better
    if word in ("worst", "weakest", "loosest"):
        return lower_is_better
    potency = lower_is_better and _POTENCY.search(lowered) is not None  # "the most potent" has the lowest IC50
    return (word == "most") != potency


def _unique(items: Any) -> list[str]:
    return list(dict.fromkeys(items))
