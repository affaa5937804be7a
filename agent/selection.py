"""Pick molecules out of earlier results: "the second one", "the most soluble one", "the top 3",
"the ones predicted to interact", "those precursors", "each on its own".

Used by the offline planner when a request points into a result instead of naming molecules. It
reads pool values (the planner is code, not an LLM, so values cost no prompt).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from agent.pool.entry import EntryMeta
from agent.vocabulary import ordinals

_ORDINALS = ordinals()
# "the second one", "3rd compound", "the last" — not "logD second" or "last: solubility" (the order of asks)
_ORD = "|".join(_ORDINALS)
_NOT_A_MOLECULE = r"call|step|request|time|thing|question|ask|turn|\d+\s+(?:heavy\s+)?atom"
_ORDINAL = re.compile(rf"\bthe\s+({_ORD})\b(?!\s+(?:{_NOT_A_MOLECULE}))|\b({_ORD})\s+"
                      r"(?=(?:one|molecule|compound|structure|hit|row|entry|candidate|design|analog(?:ue)?|smiles)\b)"
                      r"|#\s?(\d{1,3})\b|\b(?:number|no\.|row|compound|molecule)\s?(\d{1,3})\b", re.I)
_BEST = re.compile(r"\b(most|least|best|top|highest|lowest|strongest|weakest|worst|more|less|higher|lower|stronger|"
                   r"weaker)\b(?:\s+(\d+))?", re.I)
_COMPARATIVE = {"more": "most", "less": "least", "higher": "highest", "lower": "lowest", "stronger": "strongest",
                "weaker": "weakest"}  # "the more potent one" of two is the most potent
_FIRST_N = re.compile(r"\b(first|last)\s+(\d{1,3})\b(?!\s*(?:heavy\s+)?atoms?\b)", re.I)
_HITS = re.compile(r"\b(predicted to (?:interact|bind)|that (?:interact|bind)|interacting|binders|the hits|"
                   r"came out (?:as )?(?:yes|positive)|predicted (?:as )?(?:yes|positive)|the yes ones|"
                   r"positives?|the actives?)\b", re.I)
_PRECURSORS = re.compile(r"\b(precursors?|reactants?|building blocks?|starting materials?|from (?:that|the) route)\b",
                         re.I)
_EACH = re.compile(r"\b(each|individually|separately|on (?:its|their) own|both drugs|the two drugs)\b", re.I)
_LOWER_IS_BETTER = ("ic50", "kd_nm")
_METRICS = ("prediction", "probability", "pKd", "ln_ic50", "predicted_ln_ic50", "score")


def select_molecules(prose: str, pool: list[EntryMeta], read: Callable[[str], Any] | None) -> list[str] | None:
    if read is None:
        return None
    lowered = prose.lower()
    if _PRECURSORS.search(lowered):
        table = _newest(pool, read, lambda rows: "candidates" in rows[0])
        if table:
            reactants = _unique(s for row in table for s in (row["candidates"] or [{}])[0].get("reactants", []))
            group = _named_group(lowered)
            return group([{"smiles": r} for r in reactants]) if group is not None else reactants
    if _EACH.search(lowered):
        table = _newest(pool, read, lambda rows: "smiles_1" in rows[0])
        if table:
            return _unique(s for row in table for s in (row["smiles_1"], row["smiles_2"]))
    rows = _newest(pool, read, lambda rows: "smiles" in rows[0])
    if rows is None:
        return None
    group = _named_group(lowered)
    if group is not None:
        return group(rows)
    first = _FIRST_N.search(lowered)
    if first:
        count = int(first.group(2))
        sliced = rows[:count] if first.group(1).lower() == "first" else rows[-count:]
        return [r["smiles"] for r in sliced] or None
    if _HITS.search(lowered) and any("probability" in r or "interaction" in r for r in rows):
        return [r["smiles"] for r in rows if r.get("interaction") is True or (r.get("probability") or 0) >= 0.5]
    picks = [m for m in _ORDINAL.finditer(lowered)]
    if picks:
        chosen = []
        for m in picks:
            index = _ORDINALS.get((m.group(1) or m.group(2) or "").lower()) or int(m.group(3) or m.group(4))
            if -len(rows) <= (index - 1 if index > 0 else index) < len(rows):
                chosen.append(rows[index - 1 if index > 0 else index]["smiles"])
        return chosen or None
    best = _BEST.search(lowered)
    if best:
        word = best.group(1).lower()
        return _ranked(rows, _COMPARATIVE.get(word, word), int(best.group(2) or 1), lowered)
    return None


# "the one with the carbamate", "the ones with a sulfonamide", "the amine precursor", "the aniline from that route"
_WITH_GROUP = re.compile(r"\b(?:ones?|compounds?|molecules?|precursors?|reactants?|hits?|analogues?)\s+with\s+"
                         r"(?:the\s+|an?\s+)?(?P<name>[a-z][\w-]{2,40})", re.I)
_GROUP_FIRST = re.compile(r"\bthe\s+(?P<name>[a-z][\w-]{2,40})\s+(?:one|precursor|reactant|building block|"
                          r"compound|fragment|from\s+(?:that|the)\s+route)\b", re.I)


def _named_group(lowered: str) -> Callable[[list[dict[str, Any]]], list[str] | None] | None:
    """A filter for rows holding a named group or ring ("the one with the carbamate"), or None when the words
    name none."""
    from model_zoo.chem.cores import functional_groups, scaffolds

    for pattern in (_WITH_GROUP, _GROUP_FIRST):
        match = pattern.search(lowered)
        name = match.group("name") if match else ""
        if name in functional_groups() or name in scaffolds():
            return lambda rows: _holding(rows, name)
    return None


def group_phrase_spans(text: str) -> list[tuple[int, int]]:
    """Where a message picks results by a group ("the aniline from that route", "the one with the carbamate"):
    a drug name there ("aniline") is the group, not a molecule to run."""
    from model_zoo.chem.cores import functional_groups, scaffolds

    known = {**functional_groups(), **scaffolds()}
    return [m.span("name") for pattern in (_WITH_GROUP, _GROUP_FIRST) for m in pattern.finditer(text)
            if m.group("name").lower() in known]


def _holding(rows: list[dict[str, Any]], name: str) -> list[str] | None:
    from rdkit import Chem

    from model_zoo.chem.cores import core_from_text

    query = Chem.MolFromSmarts(core_from_text(name).smarts)
    held = [r["smiles"] for r in rows if isinstance(r.get("smiles"), str)
            and (mol := Chem.MolFromSmiles(r["smiles"])) is not None and mol.HasSubstructMatch(query)]
    return _unique(held) or None


def _newest(pool: list[EntryMeta], read: Callable[[str], Any], accepts: Callable[[list[dict]], bool]
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


def _ranked(rows: list[dict[str, Any]], word: str, count: int, lowered: str) -> list[str] | None:
    metric = next((m for m in _METRICS if any(isinstance(r.get(m), (int, float)) for r in rows)), None)
    if metric is None:
        return [r["smiles"] for r in rows[:count]]  # ranked lists (generated, optimized) come best first
    scored = [r for r in rows if isinstance(r.get(metric), (int, float))]
    wants_high = word not in ("least", "lowest", "weakest", "worst")
    if any(k in metric.lower() for k in _LOWER_IS_BETTER):  # a low IC50 is the strong, "best" one
        if word in ("best", "top", "strongest") or (word == "most" and "potent" in lowered):
            wants_high = False
        elif word in ("weakest", "worst"):
            wants_high = True
    scored.sort(key=lambda r: r[metric], reverse=wants_high)
    return [r["smiles"] for r in scored[:count]] or None


def _unique(items: Any) -> list[str]:
    return list(dict.fromkeys(items))
