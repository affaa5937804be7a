"""Synthetic requests for the intent model, generated from the vocabulary in ``agent/intent/data``.

Each example is written by one template FAMILY: a distinct way of phrasing (imperative, question,
terse fragment, polite long, lab slang, typos, context then ask, follow-up, key: value, ...). The
vocabulary (what scientists call each prediction) is data; the families are the grammar. Holding out
whole families measures how well the model copes with phrasings it never saw.

Values are placeholders (``<mol>``, ``<mols>``, ``<seq>``, ``<cell>``, ``<num>``, ``<mask>``, ``<drug>``,
``<target>``, ``<key>``, ``<file>``), as ``agent.intent.placeholders.to_placeholders`` writes them, or
named by reference only ("the same set", "that cell line", "these two"): whether a tool is asked is decided
by the words, not by whether values are given.
Generation is deterministic for a seed.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).resolve().parent / "data"

TOOL_LABELS: tuple[str, ...] = (
    "drug_property_prediction",
    "drug_target_affinity_regression_predict",
    "drug_target_classification_predict",
    "drug_cell_response_regression_predict",
    "drug_drug_response_predict",
    "drug_cell_response_regression_generation",
    "drug_cell_response_regression_optimization",
    "Retrosynthetic_reaction_pathway_prediction",
    "none",
)
PROPERTY = "drug_property_prediction"
DDI = "drug_drug_response_predict"
TRAINED_PROPERTIES = ("logSolubility", "freesolv", "lipo", "p_np", "Class")


@dataclass(frozen=True)
class Example:
    text: str
    tool: str  # one of TOOL_LABELS
    properties: tuple[str, ...] = ()  # for the property tool
    ddi_task: str | None = None  # "drugbank" | "twosides" for the drug-drug tool
    family: str = ""
    templates: tuple[str, ...] = field(default=(), compare=False)  # phrasing templates it was written from


@lru_cache(maxsize=1)
def vocabulary() -> dict[str, Any]:
    names = ("tools", "properties", "ddi", "none", "fillers")
    return {name: json.loads((DATA_DIR / f"{name}.json").read_text(encoding="utf-8")) for name in names}


def property_labels() -> tuple[str, ...]:
    return tuple(k for k in vocabulary()["properties"] if not k.startswith("_"))


_SLOT = re.compile(r"\{([A-Z]+)\}")


class _Writer:
    """Writes one example: picks the labels' words and fills the slots of templates."""

    def __init__(self, rng: random.Random, tool: str) -> None:
        self.rng = rng
        self.tool = tool
        v = vocabulary()
        self.v = v
        self.t = v["tools"][tool]
        self.props: tuple[str, ...] = ()
        self.ddi_bucket = ""
        self.oos = ""
        self.said_twosides = False  # the label follows the words written, not the bucket drawn
        self.used: list[str] = []  # the phrasing templates this example was written from
        if tool == PROPERTY:
            labels = property_labels()
            weights = [3.0 if p in TRAINED_PROPERTIES else 1.0 for p in labels]
            first = rng.choices(labels, weights)[0]
            self.props = (first,)
            if rng.random() < 0.15:
                second = rng.choices(labels, weights)[0]
                if second != first:
                    self.props = (first, second)
        elif tool == DDI:
            self.ddi_bucket = rng.choices(("generic", "drugbank", "twosides"), (0.45, 0.2, 0.35))[0]
        elif tool == "none":
            self.oos = rng.choice(sorted(v["none"]["oos"]))

    @property
    def ddi_task(self) -> str | None:
        if self.tool != DDI:
            return None
        return "twosides" if self.said_twosides else "drugbank"

    def choice(self, items: list[str]) -> str:
        return self.rng.choice(items)

    def template(self, items: list[str]) -> str:
        """A phrasing template, remembered so that evaluation can hold out unseen phrasings."""
        chosen = self.rng.choice(items)
        self.used.append(chosen)
        return chosen

    def filler(self, name: str) -> str:
        return self.rng.choice(self.v["fillers"][name])

    def prop_noun(self) -> str:
        nouns = [self.choice(self.v["properties"][p]["nouns"]) for p in self.props]
        if len(nouns) == 1:
            return nouns[0]
        joiner = self.choice([" and ", ", ", " + ", " as well as ", " and also ", " / ", " plus "])
        return nouns[0] + joiner + nouns[1]

    def fill(self, template: str) -> str:
        def one(match: re.Match[str]) -> str:
            slot = match.group(1)
            if slot == "PROP":
                return self.prop_noun()
            if slot == "OOS":
                return self.choice(self.v["none"]["oos"][self.oos]["nouns"])
            if slot == "DDI":
                self.said_twosides |= self.ddi_bucket == "twosides"
                return self.choice(self.v["ddi"][self.ddi_bucket])
            if slot == "TERM":
                return self.choice(self.v["none"]["terms"])
            if slot == "N":  # a noun of the tool (what it predicts), inside a template of its own
                return self.fill(self.choice(self.t["nouns"]))
            return self.filler(self._by_reference(slot))
        return _SLOT.sub(one, template)

    def _by_reference(self, slot: str) -> str:
        """Values are often named only by reference ("the same set", "that cell line", "these two"): a request
        without values still asks for a tool, so such slots sometimes take a reference; {M} sometimes takes
        exactly two molecules (two molecules alone are not a drug-drug ask)."""
        r = self.rng.random()
        if slot in _REFERENCE and r < _REFERENCE[slot][1]:
            return _REFERENCE[slot][0]
        if slot == "M" and r > 0.92:
            return "TWO"
        return slot

    # --- the tool's phrasings, with the label-specific lists mixed in ----------------------------

    def phrase(self, name: str) -> str:
        """A filled phrase of the tool's ``name`` list (imperatives, questions, nouns, bare, slang, followups)."""
        specific = self._specific(name)
        if specific is not None:
            return specific
        return self.fill(self.template(self.t[name]))

    def _specific(self, name: str) -> str | None:
        rng = self.rng
        if self.tool == PROPERTY and name in ("questions", "bare", "slang") and rng.random() < 0.6:
            first = self.fill(self.template(self.v["properties"][self.props[0]][name]))
            if len(self.props) == 1:
                return first
            tail = self.template(self.v["properties"][self.props[1]]["bare"])
            tail = re.sub(r"\b(these|they|them)\b", self.choice(["it", "they", "them"]), tail)
            return first.rstrip("?") + self.choice([" and ", "? and ", ", also ", ". ", "? also "]) + tail
        if self.tool == DDI and name in ("questions", "refers") and self.ddi_bucket != "generic" and rng.random() < 0.5:
            self.said_twosides |= self.ddi_bucket == "twosides"
            return self.fill(self.template(self.v["ddi"][f"{self.ddi_bucket}_{name}"]))
        if self.tool == "none" and name == "questions" and rng.random() < 0.5:
            return self.fill(self.template(self.v["none"]["oos"][self.oos]["questions"]))
        return None

    def model_name(self) -> str:
        """A model or data set the request names instead of the task ("GraphDRP", "ESOL", "TWOSIDES", "USPTO")."""
        if self.tool == PROPERTY:
            self.props = self.props[:1]  # one named data set, one property
            return self.choice(self.v["properties"][self.props[0]]["models"])
        if self.tool == DDI and self.ddi_bucket != "generic":
            self.said_twosides |= self.ddi_bucket == "twosides"
            return self.choice(self.v["ddi"][f"{self.ddi_bucket}_models"])
        return self.fill(self.choice(self.t["models"]))

    def values(self) -> str:
        if "refvalues" in self.t and self.rng.random() < 0.15:  # "kd for the same set on that kinase"
            return self.fill(self.choice(self.t["refvalues"]))
        return self.fill(self.choice(self.t["values"]))

    def small_talk(self) -> str | None:
        """For "none": sometimes a line that asks for nothing at all (greeting, thanks, definition, vague ask)."""
        if self.tool != "none" or self.rng.random() >= 0.4:
            return None
        none = self.v["none"]
        buckets = ("definitions", "greetings", "thanks", "chitchat", "about_bot", "vague", "results_talk", "prefaces")
        bucket = self.rng.choices(buckets, (0.2, 0.1, 0.1, 0.15, 0.15, 0.2, 0.1, 0.1))[0]
        return self.fill(self.template(none[bucket]))


# slot -> (the filler that names its values by reference, how often)
_REFERENCE = {"M": ("REF", 0.2), "G": ("REF", 0.15), "T": ("TREF", 0.15), "C": ("CREF", 0.15), "P": ("PREF", 0.15)}


# --- typos and shorthand ----------------------------------------------------------------------------

_KEYBOARD = {c: n for c, n in zip("qwertyuiopasdfghjklzxcvbnm", "wqeryuioppsdfghjkklzxcvbnmm")}


def typos(text: str, rng: random.Random, rate: float = 0.35) -> str:
    """Misspell some words of five letters or more (swap, drop, double, neighbour key, common slips)."""
    pairs = vocabulary()["fillers"]["typo_pairs"]

    def spoil(match: re.Match[str]) -> str:
        word = match.group(0)
        if rng.random() >= rate:
            return word
        i = rng.randrange(1, len(word) - 1)
        kind = rng.randrange(5)
        if kind == 0:
            return word[:i] + word[i + 1] + word[i] + word[i + 2:]
        if kind == 1:
            return word[:i] + word[i + 1:]
        if kind == 2:
            return word[:i] + word[i] + word[i:]
        if kind == 3:
            return word[:i] + _KEYBOARD.get(word[i], word[i]) + word[i + 1:]
        for a, b in rng.sample(pairs, len(pairs)):
            if a in word:
                return word.replace(a, b, 1)
        return word[:i] + word[i + 1:]

    return re.sub(r"(?<![<\w])[a-z]{5,}(?![\w>])", spoil, text)


_SHORT = ((r"\bplease\b", "pls"), (r"\byou\b", "u"), (r"\bwhat is\b", "whats"), (r"\bwhat's\b", "whats"),
          (r"\bfor\b", "4"), (r"\bwith\b", "w/"), (r"\band\b", "&"), (r"\bthe\b ", ""), (r"\ba\b ", ""),
          (r"\bare\b", "r"), (r"\bbecause\b", "bc"), (r"\bthanks\b", "thx"), (r"\bto\b", "2"))


def shorthand(text: str, rng: random.Random) -> str:
    for pattern, short in _SHORT:
        if rng.random() < 0.6:
            text = re.sub(pattern, short, text)
    return re.sub(r"[?.!]+$", "", text)


# --- the families -----------------------------------------------------------------------------------

def _q(text: str) -> str:
    return text if text.endswith("?") else text.rstrip(".") + "?"


def f_imperative(w: _Writer) -> str:
    return w.small_talk() or w.phrase("imperatives") + w.choice(["", "", ".", " please", ", please.", "!"])


def f_can_you(w: _Writer) -> str:
    talk = w.small_talk()
    if talk:
        return "can you tell me " + talk.rstrip("?") + "?"
    return w.filler("polite_open") + " " + w.phrase("imperatives") + w.choice(["?", "", " please?", " for me?"])


def f_question(w: _Writer) -> str:
    return w.small_talk() or _q(w.phrase("questions"))


def f_fragment(w: _Writer) -> str:
    talk = w.small_talk()
    if talk:
        return talk.rstrip("?!.")
    noun, vals = w.phrase("nouns"), w.values()
    pattern = w.choice(["{n}: {v}", "{n} {v}", "{v} {n}", "{v} -> {n}", "{v}\n{n}?", "{n}? {v}", "{n} for {v}",
                        "{n} of {v}", "{v} | {n}", "{n} - {v}"])
    return pattern.format(n=noun, v=vals)


def f_want_need(w: _Writer) -> str:
    talk = w.small_talk()
    if talk:
        return w.choice(["i want to know ", "i need to know ", "i'd like to know "]) + talk
    if w.rng.random() < 0.5:
        lead = w.choice(["i need", "i want", "i'd like", "looking for", "need", "i'm after", "we need", "we'd love",
                         "i would like"])
        noun = w.phrase("nouns")
        return f"{lead} {noun} {w.choice(['for', 'of', 'on', 'for these:', 'for the following'])} {w.values()}"
    lead = w.choice(["i need to know", "i want to know", "i'd like to find out", "we need to figure out",
                     "i must check"])
    return lead + " " + w.phrase("questions").rstrip("?")


def f_polite_long(w: _Writer) -> str:
    greet, close = w.filler("greet"), w.filler("polite_close")
    talk = w.small_talk()
    if talk:
        return f"{greet}, {talk} {close}"
    return f"{greet}, {w.filler('polite_open')} {w.phrase('imperatives')}? {close}"


def f_context_ask(w: _Writer) -> str:
    ask = w.small_talk() or (w.phrase("questions") if w.rng.random() < 0.5 else w.phrase("imperatives") + ".")
    tail = " " + w.filler("after") + "." if w.rng.random() < 0.4 else ""
    return w.filler("context").capitalize() + ". " + ask + tail


def f_values_first(w: _Writer) -> str:
    talk = w.small_talk()
    vals = w.values()
    return f"{vals}\n{talk or w.phrase('bare')}"


def f_values_last(w: _Writer) -> str:
    talk = w.small_talk()
    ask = talk or w.phrase("bare")
    return ask.rstrip("?") + w.choice([":\n", "\n", " - ", ": ", "? "]) + w.values()


def f_slang(w: _Writer) -> str:
    talk = w.small_talk()
    text = talk or w.phrase("slang")
    return text.rstrip("?.") if w.rng.random() < 0.5 else text


def f_followup(w: _Writer) -> str:
    talk = w.small_talk()
    if talk:
        return w.choice(["ok ", "and ", "also ", ""]) + talk
    text = w.phrase("followups" if w.rng.random() < 0.6 else "refers")
    if w.rng.random() < 0.5:
        text = w.filler("followup_open") + " " + text
    return text


def f_refer_back(w: _Writer) -> str:
    """A later turn that names no value: the molecules, target or cell line are the earlier ones."""
    talk = w.small_talk()
    if talk:
        return w.choice(["ok ", "and ", "then ", "now ", "", ""]) + talk
    text = w.phrase("refers")
    if w.rng.random() < 0.4:
        text = w.filler("ref_open") + " " + text
    return text


def f_mention(w: _Writer) -> str:
    ask = w.small_talk() or w.phrase(w.choice(["imperatives", "questions"]))
    return w.filler("mention") + " " + ask


def f_keyvalue(w: _Writer) -> str:
    talk = w.small_talk()
    if talk:
        return w.filler("kv_task") + ": " + talk
    sep = w.choice(["\n", "; ", ", ", " | "])
    eq = w.choice([": ", "=", " = ", " "])
    lines = [w.filler(key) + eq + w.fill(slot) for key, slot in w.t["kv"]]
    head, rest = lines[0], lines[1:]
    w.rng.shuffle(rest)
    return sep.join([head] + rest)


def f_typo_question(w: _Writer) -> str:
    return typos(f_question(w), w.rng)


def f_typo_imperative(w: _Writer) -> str:
    return typos(f_imperative(w), w.rng)


def f_typo_fragment(w: _Writer) -> str:
    return typos(f_fragment(w), w.rng)


def f_shorthand(w: _Writer) -> str:
    text = w.small_talk() or w.phrase(w.choice(["imperatives", "questions"]))
    return shorthand(text, w.rng)


def f_multi_sentence(w: _Writer) -> str:
    ask = w.small_talk() or (w.phrase("imperatives") + "." if w.rng.random() < 0.5 else _q(w.phrase("questions")))
    extra = w.filler("after").capitalize() + "."
    more = w.filler("polite_close") if w.rng.random() < 0.5 else ""
    return " ".join(x for x in (ask[:1].upper() + ask[1:], extra, more) if x)


def f_embedded(w: _Writer) -> str:
    lead = w.choice(["do you know", "any idea", "i'm curious", "wondering", "i wonder", "could you find out",
                     "not sure"])
    ask = w.small_talk() or w.phrase("questions")
    return lead + " " + _q(ask)


_NAMED = ("use {X} to {I}", "{I} with {X}", "{I} using {X}", "with {X}, {I}", "{X}: {I}", "run {X} on {V}",
          "{X} prediction for {V}", "{X} for {V}", "what does {X} predict for {V}?", "{X}-style {N} for {V}",
          "can you run {X} on {V}?", "according to {X}, {Q}", "{Q} (use {X})", "plug {V} into {X}",
          "{X} on {V}, please", "i'd like to run {X} on {V}", "{N} from {X}: {V}", "what does {X} say? {V}",
          "{V}\n{X} please", "ask {X}: {Q}", "{X}-trained {N} of {V}", "what would {X} give for {V}?")


def f_named_model(w: _Writer) -> str:
    """The request names the model or data set ("use GraphDRP to ...", "ESOL for ...", "the TWOSIDES model on ...")
    rather than (or as well as) the task."""
    talk = w.small_talk()
    if talk:
        return talk
    model = w.model_name()
    pattern = w.template(list(_NAMED))
    parts = {"X": model}
    for key, name in (("I", "imperatives"), ("Q", "questions"), ("N", "nouns")):
        if "{" + key + "}" in pattern:
            parts[key] = w.phrase(name)
    if "{V}" in pattern:
        parts["V"] = w.values()
    out = pattern
    for key, value in parts.items():
        out = out.replace("{" + key + "}", value.rstrip("?") if key == "Q" and not pattern.endswith("{Q}") else value)
    return out


def f_story(w: _Writer) -> str:
    """A hypothesis or story around one clear ask, often in the middle of a paragraph."""
    ask = w.small_talk() or (w.phrase("questions") if w.rng.random() < 0.5 else w.phrase("imperatives") + ".")
    ask = ask[:1].upper() + ask[1:]
    story = w.filler("story")
    if w.rng.random() < 0.4:
        story += ". " + w.filler("story").capitalize()
    after = w.filler("story_after").capitalize() + "." if w.rng.random() < 0.6 else ""
    close = w.filler("polite_close") if w.rng.random() < 0.3 else ""
    shape = w.rng.random()
    if shape < 0.55:
        parts = [story.capitalize() + ".", ask, after, close]
    elif shape < 0.75:
        parts = [w.filler("context").capitalize() + ".", story.capitalize() + ".", ask, after]
    elif shape < 0.9:
        parts = [ask, story.capitalize() + ".", after]
    else:
        parts = [story.capitalize() + w.choice([" - ", ", so: ", "; "]) + ask[:1].lower() + ask[1:], after]
    return " ".join(p for p in parts if p)


def f_preface(w: _Writer) -> str:
    """A short preface that announces a list ("Two asks for <mols>:", "To-do:"), then one ask; the preface alone
    asks for nothing."""
    preface = w.fill(w.template(w.v["none"]["prefaces"]))
    if w.tool == "none":
        talk = w.small_talk()
        if talk or w.rng.random() < 0.6:
            return talk or preface
    ask = w.phrase(w.choice(["imperatives", "questions", "refers"]))
    return preface + w.choice(["\n", "\n1. ", "\n- ", " ", "\n* ", "\n1) "]) + ask


FAMILIES: dict[str, Callable[[_Writer], str]] = {
    "imperative": f_imperative,
    "can_you": f_can_you,
    "question": f_question,
    "fragment": f_fragment,
    "want_need": f_want_need,
    "polite_long": f_polite_long,
    "context_ask": f_context_ask,
    "values_first": f_values_first,
    "values_last": f_values_last,
    "slang": f_slang,
    "followup": f_followup,
    "refer_back": f_refer_back,
    "mention": f_mention,
    "keyvalue": f_keyvalue,
    "typo_question": f_typo_question,
    "typo_imperative": f_typo_imperative,
    "typo_fragment": f_typo_fragment,
    "shorthand": f_shorthand,
    "multi_sentence": f_multi_sentence,
    "embedded": f_embedded,
    "named_model": f_named_model,
    "story": f_story,
    "preface": f_preface,
}

# Relative number of examples per label; the property tool has many enum values to learn.
_LABEL_WEIGHT = {PROPERTY: 3.0, "none": 1.5, DDI: 1.3}


def generate(seed: int = 0, per_cell: int = 160, families: tuple[str, ...] | None = None) -> list[Example]:
    """About ``per_cell`` examples per (family, label) (more for property and none), deduplicated by text."""
    examples: list[Example] = []
    seen: set[str] = set()
    for family in families or tuple(FAMILIES):
        write = FAMILIES[family]
        rng = random.Random(f"{seed}:{family}")
        for tool in TOOL_LABELS:
            for _ in range(round(per_cell * _LABEL_WEIGHT.get(tool, 1.0))):
                w = _Writer(rng, tool)
                text = _tidy(write(w), rng)
                if text.lower() in seen:
                    continue
                seen.add(text.lower())
                examples.append(Example(text, tool, w.props, w.ddi_task, family, tuple(w.used)))
    return examples


def _tidy(text: str, rng: random.Random) -> str:
    text = re.sub(r"[ \t]+", " ", text).strip()
    text = re.sub(r"\s+([?,.!])", r"\1", text)
    text = text.replace("??", "?").replace("?.", "?")
    if rng.random() < 0.3:
        text = text[:1].upper() + text[1:]
    return text
