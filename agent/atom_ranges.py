"""Optimisation masks from words: "only atoms 7-20 may change", "freeze atoms 1-10", "keep the first 8 atoms",
"keep the quinazoline", "keep the core c1ccc2ncncc2c1".

The optimisation tool takes one 0/1 per heavy atom (1 = may change). Chemists rarely type that list;
they name atom ranges, 1-based as drawn by RDKit unless they say "0-based", or the part to keep. What the
words say to keep becomes 0, what they say may change becomes 1, and the rest gets the opposite of what was
named. A named core becomes a mask once the molecule is known (``model_zoo.chem.cores``); "the core" alone is
asked about, never guessed (a Murcko scaffold keeps solubilising rings and linkers a chemist may mean to vary).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from agent.pool.refs import ref_key
from model_zoo.chem.cores import (MURCKO, MURCKO_WORDS, CoreError, core_from_text, core_mask, english_spelling,
                                  functional_groups, murcko_atoms, part_descriptors, placements, ring_systems_in,
                                  scaffolds, widened)
from model_zoo.chem.mols import InvalidSmiles, parse_smiles
from model_zoo.names import opsin
from model_zoo.specs import get_spec

# "7-20", "7 to 20", "7 through 20", "0 t/m 7" (Dutch "tot en met")
_SPAN = r"(?:\s*(?:-|–|to|through|thru|t/m|\.\.)\s*\d+)?"
_NUMBERS = rf"\d+{_SPAN}(?:\s*(?:,|and|&)\s*\d+{_SPAN})*"
# ("free atoms: [0, 1, 2]", "mutable_idx": [18, 19, 20]: a list of indices in brackets)
_ATOMS = rf"(?:atoms?|idx)[\"']?\s*[:=]?\s*(?:#|no\.?|nos\.?|indices|index)?\s*[:=]?\s*[\"'\[]?\s*" \
         rf"(?P<ranges>{_NUMBERS})"
_FIRST_LAST = r"(?:the\s+)?(?P<end>first|last)\s+(?P<count>\d+)\s+(?:heavy\s+)?atoms?"
_KEEP = r"keep(?:ing)?|retain(?:ed|ing)?|maintain(?:ed|ing)?|freez(?:e|ing)|fix(?:ed|ing)?|lock(?:ed|ing)?|" \
        r"protect(?:ed|ing)?|preserv(?:e|ed|ing)|don'?t (?:touch|change|modify)|do not (?:touch|change|modify)|" \
        r"leave|untouched|constant|intact|frozen|hold"
_CHANGE = r"change|vary|varied|variable|modif(?:y|ied|ying|iable)|mutat(?:e|ed|ing)|mutable|edit(?:ed|ing|able)?|" \
          r"open|free|allow(?:ed)?|optimi[sz](?:e|ed|ing)|replace|swap|tweak"
# the stems of the words that say a part may change, in any inflection ("changing", "varies", "tweaked", "is open")
_CHANGE_STEM = r"chang|var[iy]|modif|tweak|alter|edit|swap|replac|optimi[sz]|rework|mov|open|free|touch"
# "all atoms may change", "any atom can be modified", "everything is free" (not "everything after them")
_ALL = r"(?P<all>\ball(?:\s+the)?\s+(?:heavy\s+)?atoms|\b(?:every|any)\s+(?:heavy\s+)?atom|" \
       r"\bthe\s+(?:whole|entire)\s+molecule|\beverything\b(?!\s+(?:after|else|but|except|other|beyond|" \
       r"past|from|outside|stays?|remains?))|\banything\b(?![^.;:!?\n]{0,25}?\b(?:else|but|except|apart|other)\b))"
_PHRASE = re.compile(rf"(?:{_ATOMS}|{_FIRST_LAST}|{_ALL})", re.I)
BARE_CORE = "core"  # "keep the core" without saying which: asked about
_CORE_SUFFIX = r"(?:\s+(?:core|ring system|ring|scaffold|moiety|system|part|unit|portion))?"
_KEPT_AFTER = r"kept|intact|fixed|untouched|unchanged|constant|frozen|preserved|locked"
# A JSON or `key: value` field naming a substructure that may change or stays: {"free_smarts": "N1CCN(CC1)CCO"}
_SUBSTRUCTURE_FIELD = re.compile(r"[\"']?(?P<which>free|variable|mutable|changeable|fixed|frozen|keep|kept|locked)[_ ]"
                                 r"(?:smarts|smiles|substructure|fragment)[\"']?\s*[:=]\s*[\"']?(?P<smarts>(?=[^\s\"',}]*(?-i:[A-Z(\[]))[^\s\"',}]+)",
                                 re.I)
# RDKit numbers atoms from 0: "free_atoms are RDKit heavy-atom indices"
_ZERO_BASED = re.compile(r"\b0-based|zero-based|\b0-indexed|\brdkit\b[^.\n]{0,30}\bind(?:ex|ices)\b|"
                         r"\brdkit(?:'s)?\s+(?:atom\s+)?(?:order|numbering|indexing)\b", re.I)
# "atoms 7-20 (1-based, RDKit order)": counted from one, whatever else the words say
_ONE_BASED = re.compile(r"\b1-based|\bone-based|\b1-indexed|\bcount(?:ed|ing)\s+from\s+(?:1|one)\b", re.I)
_SMILES_TOKEN = re.compile(r"[A-Za-z0-9@+\-\[\]()=#$%/\\.:*~;,&!]+")


def _core_names() -> str:
    names = sorted([*scaffolds(), *functional_groups(), *MURCKO_WORDS, BARE_CORE], key=len, reverse=True)
    return "|".join(re.escape(n) for n in names)


_CORE_BEFORE = re.compile(rf"\b(?:{_KEEP})\s+(?:the\s+|its\s+|their\s+|this\s+)?(?P<name>{_core_names()})"
                          rf"{_CORE_SUFFIX}\b(?:\s*(?::|=|as|\()?\s*(?P<smiles>[^\s,;]+))?", re.I)
# "only change the morpholine", "modify only the tert-butyl group", "just vary the amide": that part may change,
# everything else stays
# "keep the core (Murcko scaffold)", "keep the core, i.e. the quinazoline": the words in brackets say which
_CORE_GLOSS = re.compile(rf"\s*(?:\(|,)\s*(?:i\.\s?e\.,?\s+|namely\s+)?(?:the\s+)?(?P<name>{_core_names()})\b", re.I)
_CORE_CHANGE = re.compile(rf"\b(?:(?:only|just)\s+(?:{_CHANGE})|(?:{_CHANGE})\s+(?:only|just))\s+"
                          rf"(?:the\s+|its\s+|their\s+|this\s+)?(?P<name>{_core_names()})(?!-[a-z]){_CORE_SUFFIX}\b",
                          re.I)  # (not "the morpholine" of "the morpholine-propoxy chain": one name)
# Parts named by a systematic or lab name that the tables may not hold ("only the morpholinopropoxy tail may change",
# "keep everything except the two methoxyethoxy chains"); such a name counts only when it reads as one
# (``core_from_text``: a table entry or OPSIN).
# "3-morpholinopropoxy" with its locant, "glutamic acid"
_NAMED = r"(?:\d+(?:,\d+)*-)?[a-zà-öø-ÿā-ž][a-zà-öø-ÿā-ž0-9(),'\[\]]*(?:-[a-zà-öø-ÿā-ž0-9(),'\[\]]+)*(?:\s+acid\b)?" \
         r"(?:(?<=yl)\s+(?:carbonyl|sulfonyl)\b)?"  # "the cyclopropyl carbonyl": one part, cyclopropylcarbonyl
# table names of more than one word ("hydroxamic acid", "carboxylic acid"), which _NAMED does not span
_SPACED_NAMES = "|".join(re.escape(n) for n in sorted((n for n in [*scaffolds(), *functional_groups()] if " " in n),
                                                       key=len, reverse=True))
_CHEMICAL_ENDING = re.compile(r"(?:yl|oxy|oyl|ino|ine|ane|ene|ole|one|ide|ate|boc|amine|amide|ether|ester|ic\s+acid)$",
                              re.I)
_SUBSTITUENT_ENDING = re.compile(r"(?:yl|oxy|oyl|ino|amido|ylidene)$", re.I)
_CHAIN_WORDS = r"side[\s-]+chains?|tails?|chains?|arms?"  # the substituent up to the ring it hangs on
_REGION = rf"(?:{_CHAIN_WORDS}|ethers?|groups?|moiet(?:y|ies)|substituents?|fragments?|parts?|portions?|bits?|" \
          r"residues?|pieces?|bicycles?|rings?|ends?|caps?|warheads?|handles?|carbons?)"
_MAY_CHANGE = r"(?:may|can|could|should|is\s+allowed\s+to|are\s+allowed\s+to)\s+(?:be\s+)?(?:changed?|modified|" \
              r"modify|vary|varied|edited|edit|optimi[sz]ed|replaced|swapped|touched|altered|reworked|" \
              r"redesign(?:ed)?|explored|free|move)\b|" \
              r"(?:(?:is|are)\s+)?free\s+to\s+(?:change|vary|move|be\s+(?:changed|modified))\b|(?:is|are)\s+free\b|" \
              r"(?:moves|can\s+move|may\s+move)\b"
_DESCRIBED = "".join(rf"(?:{re.escape(word)}\s+)?" for word in part_descriptors())  # "the solubilising … chain"
# "the two chains methoxyethoxy", "the side chain dimethylaminoethoxy": the region word first, as Romance languages
# and Turkish put it ("les deux chaînes méthoxyéthoxy")
_REGION_FIRST = rf"(?:(?:side[\s-]+)?(?P<region_first>{_CHAIN_WORDS}|groups?|rings?)\s+)?"
_ARTICLE = r"(?:the|its|their|el|la|los|las|il|lo|le|les|gli)\s+"  # "solo cambiar el metil-piperazina"
_PART_NAME = rf"(?:{_ARTICLE})?(?P<count>two\s+|both\s+|all\s+)?(?:(?:three|four|five|six|seven)\s+)?{_DESCRIBED}" \
             rf"{_REGION_FIRST}" \
             rf"(?P<name>(?:{_SPACED_NAMES})(?![\w-])|{_NAMED})"
_PART = rf"{_PART_NAME}(?:\s+(?P<region>{_REGION}))?"
# "retain the quinazoline core and the 3-chloro-4-fluoroanilino group": a second part kept in the same breath
_KEPT_ALSO = re.compile(rf"{_CORE_SUFFIX}\s*(?:and|&|\+)\s+(?:the\s+|its\s+)?(?P<name>{_NAMED})"
                        rf"(?P<region>\s+{_REGION})?\b", re.I)
# ("only the hydroxyethylpiperazine, where the linker will go, may change": a clause or a bracket between)
_BETWEEN_COMMAS = r"(?:\s*,\s*(?:where|which|as|since|because)\b[^,;.\n]{1,60},|\s*\([^()\n]{1,60}\))?"
_ONLY_PART_CHANGES = re.compile(rf"\bonly\s+{_PART}{_BETWEEN_COMMAS}\s+(?:{_MAY_CHANGE})", re.I)
_CHANGE_VERB = r"touch|modify|change|vary|edit|alter|mutate|optimi[sz]e|rework|redesign|re-?engineer|swap(?:\s+out)?|" \
               r"play\s+with|tinker\s+with|mess\s+with|replace|" \
               r"(?:permit|allow)\s+(?:modifications?|changes?)\s+(?:of|to)"  # "permit modification of"
# "only touch the morpholinopropoxy tail", "optimize only the difluorophenylsulfonyl bit"
_ONLY_VERB_PART = re.compile(rf"\b(?:(?:only|just)\s+(?:(?:allowed|permitted|free)\s+to\s+)?(?:{_CHANGE_VERB})|"
                             rf"(?:{_CHANGE_VERB})\s+(?:only|just))\s+{_PART}", re.I)
# "optimize the two methoxyethoxy arms only"
_VERB_PART_ONLY = re.compile(rf"\b(?:{_CHANGE_VERB})\s+{_PART}\s+only\b", re.I)
_CHANGED = r"(?:changed|modified|redesigned|replaced|varied|reworked|optimi[sz]ed|altered|edited|explored)"
# "only let the two methoxyethoxy chains (incl. the ring O) change", "just let the cyclopropylcarbonyl change"
_LET_PART = re.compile(rf"\b(?:(?:only|just)\s+let|let\s+(?:only|just))\s+{_PART}(?:\s*\([^)]{{0,80}}\))?\s+"
                       rf"(?:change|vary|move|go|be\s+{_CHANGED})\b", re.I)  # ("let only the chlorine go")
# "let the difluorophenylsulfonyl move, rest fixed", "free the N-methylpiperazine": that part may change
_LET_ANY_PART = re.compile(rf"\blet\s+{_PART}(?:\s*\([^)]{{0,80}}\))?\s+"
                           rf"(?:change|vary|move|be\s+{_CHANGED})\b", re.I)
_FREE_PART = re.compile(rf"\bfree\s+(?:up\s+)?(?:just\s+|only\s+)?{_PART}", re.I)
_FREE_IS_PART = re.compile(rf"\bfree\s*[:=]\s*{_PART}", re.I)  # "free = the N-methylpiperazine"
# "allowing changes only in the acetamide", "changes only to the morpholine"
_CHANGES_ONLY_IN = re.compile(rf"\bchanges?\s+only\s+(?:in|to|on|at|of)\s+{_PART}", re.I)
# "keep the quinazoline core and anilines, vary the morpholinopropoxy tail": a part named after a verb of change (not
# "optimise gefitinib", a drug; nor "don't change the amide")
_VERB_PART = re.compile(rf"(?<!not\s)(?<!n't\s)(?<!never\s)\b(?:vary|modify|alter|rework|change)\s+{_PART}",
                        re.I)  # (not "swap X for Y", "replace X with Y": a drug exchanged in a request)
# "N-methylpiperazine is the only part you may change"
# ("the NH2 nitrogen is the only atom allowed to change", "the Cl is the only thing that moves")
_THE_ONLY_PART = re.compile(rf"\b{_PART}\s+(?:is|are)\s+the\s+only\s+(?:part|bit|group|piece|region|thing|atom)s?\b"
                            rf"[^.;\n]{{0,30}}?\b(?:{_CHANGE}|move|touch)(?:s|d|ed|es)?\b", re.I)
# "the acryloyl-piperidine is our exit vector": the part a degrader or fragment chemist grows from, which may change
_EXIT_VECTOR = re.compile(rf"\b{_PART}\s+(?:is|are)\s+(?:our|the|its|their|my)\s+(?:exit|growth)\s+vectors?\b", re.I)
# "Grow it from the chlorophenyl only", "grow cpd 12 from the primary sulfonamide": the part a fragment grows from
_GROW_FROM = re.compile(rf"\b(?:from|off)\s+{_PART}", re.I)
_GROWN = re.compile(r"\bgrow(?:s|ing|n)?\b[^.;:!?\n]{0,80}$", re.I)  # the verb before it, in its sentence
# "keep the trimethoxyphenyl ring", "retain the 3-chloro-4-fluoroanilino group": a part named systematically, kept
_KEEP_NAMED_PART = re.compile(rf"\b(?:keep|retain|preserve|freeze)\s+{_PART}", re.I)
# "the only part allowed to change is the N-methylpiperazine ring"
_ONLY_PART_IS = re.compile(rf"\bthe\s+only\s+(?:part|bit|group|piece|region|thing|portion|fragment)s?\b[^.;\n]{{0,40}}?"
                           rf"\b(?:{_CHANGE}|move|touch)\w*\s+(?:is|are)\s+{_PART}", re.I)
# "let the rest move (i.e. the THF ether)": what the rest is, named
_REST_NAMED = re.compile(rf"\b(?:rest|everything\s+else)\b(?P<between>[^.;\n(]{{0,40}}?)\(?\s*"
                         rf"(?:i\.\s?e\.|namely|that\s+is)[,:]?\s+{_PART}", re.I)
_REGION_THEN_NAME = re.compile(rf"\b(?:only\s+(?:the\s+)?(?P<region>{_CHAIN_WORDS})|"
                               rf"(?:the\s+)?(?P<region2>{_CHAIN_WORDS})\s+only)\s*\(\s*{_PART_NAME}\s*\)", re.I)
# "methylpiperazine free, target 50 nM": a named part, then "free" ending the phrase (not "a morpholine free analogue",
# nor "(carboxamide free)" glossing a typed mask, which is checked as typed)
# ("Mask: piperidine ring variable, everything else fixed": a ticket's words for the same)
_FREE_WORDS = r"(?:free|variable|mutable|changeable|editable)"
_NAME_FREE = re.compile(rf"(?<!\()\b{_PART_NAME}(?:\s+ring)?\s+{_FREE_WORDS}(?=\s*(?:[,;.!]|$|and\b|but\b))", re.I)
# "tail free (morpholinopropoxy)": the region said free, then which part it is in brackets
_REGION_FREE_NAME = re.compile(rf"\b(?:the\s+)?(?P<region>{_CHAIN_WORDS})\s+(?:is\s+)?free\s*\(\s*{_PART_NAME}\s*\)",
                               re.I)
# "tail (morpholinopropoxy) free": the region, which part it is in brackets, then "free"
_REGION_NAME_FREE = re.compile(rf"\b(?:the\s+)?(?P<region>{_CHAIN_WORDS})\s*\(\s*{_PART_NAME}\s*\)\s+(?:is\s+)?free\b",
                               re.I)
# "free region: the morpholinoethoxy (OCCN1CCOCC1), nothing else": the part that may change, its structure in brackets
_FREE_REGION = re.compile(rf"\b(?:free|changeable|variable|editable|mutable|modifiable)\s+(?:region|part|atoms|bit|"
                          rf"portion|area)s?\s*[:=-]?\s*{_PART}(?:\s*\((?P<smiles>[^()\s]{{3,80}})\))?", re.I)
_EVERYTHING_BUT = re.compile(
    rf"\b(?:keep(?:ing)?|freez(?:e|ing)|fix(?:ing)?|leav(?:e|ing)|hold(?:ing)?|(?:don'?t|do\s+not)\s+touch)\s+"
    rf"everything(?:\s+else)?"
    rf"(?:\s+(?:alone|untouched|as\s+it\s+is|as\s+is|fixed|intact|unchanged))?\s+"
    rf"(?:except|but|apart\s+from|other\s+than)\s+{_PART}", re.I)
# "everything stays except the N-methylamide", "everything else remains fixed but the morpholine"
_EVERYTHING_STAYS_BUT = re.compile(
    rf"\beverything(?:\s+else)?\s+(?:stays?|remains?)(?:\s+(?:fixed|intact|unchanged|the\s+same|as\s+is))?\s*,?\s+"
    rf"(?:except|but|apart\s+from|other\s+than)\s+{_PART}", re.I)
_ALL_BUT_BEFORE = re.compile(r"\b(?:everything|all)(?:\s+else)?\s+(?:except|but|apart\s+from|other\s+than)\s+$", re.I)
# "everything except the ethyl ester has to stay put", "all but the morpholine must remain fixed"
_EVERYTHING_BUT_STAYS = re.compile(
    rf"\b(?:everything|all)(?:\s+else)?\s+(?:except|but|apart\s+from|other\s+than)\s+{_PART}\s*,?\s+"
    rf"(?:(?:has|have|needs?)\s+to|must|should|will|can|is\s+to|are\s+to)?\s*(?:be\s+)?"
    rf"(?:stay|stays|remain|remains|kept|fixed|frozen|untouched|held)\b", re.I)
# "just the morpholine ring", "only the carboxamide, keep rest": a reply that is nothing but the part, as to "which
# part may change?", with its atoms in brackets ("only the N-methyl amide (the CH3, the NH and the C=O)")
_ONLY_PART_REPLY = re.compile(rf"^\W*(?:[a-z][\w.-]{{1,15}}:\s+)?(?:@\w+\s+)?(?:(?:yes|yeah|ok(?:ay)?|sure)\W+)?"
                              rf"(?:only|just)\s+{_PART}\s*(?:\([^()\n]{{1,60}}\)\s*)?"
                              r"(?=$|[,.;!]|\s+(?:keep|please|pls|thanks|then)\b)", re.I)
# "the linker alone may be modified"
_PART_CHANGES = re.compile(rf"\b{_PART}{_BETWEEN_COMMAS}\s+(?:alone\s+)?(?:{_MAY_CHANGE})", re.I)
# "keep quinazoline core + aniline, methoxyethoxy chains free": a part with its region word, then "free"
_PART_FREE = re.compile(rf"\b{_PART_NAME}\s+(?P<region>{_REGION})\s+{_FREE_WORDS}\b", re.I)
# "…, the rest stays", "core fixed", "core and ethynylaniline stay": what is not named stays
_REST_STAYS = re.compile(r"\b(?:rest|everything\s+else|all\s+else|nothing\s+else)\b|"
                         r"\b(?:core|scaffold|ring\s+system)\b[^.;\n]{0,40}?"
                         r"\b(?:fixed|kept|stays?|intact|unchanged|constant|frozen)\b", re.I)
# "morpholine ring only", "the cyclopropyl only, target 1 uM": a part named with "only" and no verb
_PART_ONLY = re.compile(rf"(?:^|[,;:]\s*){_PART}\s+only\b(?!\s+(?:if|when|for|in)\b)", re.I)
# "changing only the acrylamide warhead", "only letting the carboxamide change", "only the ethynyl group changes",
# "tweak only the N-methylpiperazine", "only the N-methylamide is open": "only" next to a named part, in a clause that
# says change in any form (``_says_change``); read after every more precise phrase
_ONLY_NEAR_PART = re.compile(rf"\b(?:only|just|solely)\s+(?:(?:let|letting|allow|allowing|{_CHANGE_STEM})\w*\s+){{0,2}}"
                             rf"{_PART}", re.I)
# "free everything outside the ring system", "only the atoms outside the scaffold may change"
_OUTSIDE_RINGS = re.compile(r"\b(?:everything|atoms?|all|anything)\s+outside\s+(?:the\s+|its\s+)?"
                            r"(?:ring\s+systems?|(?:murcko\s+)?scaffold|core)\b", re.I)
_MURCKO_NAMED = re.compile(rf"\b(?:{_KEEP})\b[^.;\n]{{0,60}}?\b(?:bemis-)?murcko(?:\s+scaffold)?\b", re.I)
# "the quinazoline stays intact", "the phthalazinone has to stay", "the indole must be kept"
_CORE_AFTER = re.compile(rf"\b(?:the\s+|its\s+)?(?P<name>{_core_names()}){_CORE_SUFFIX}\s+(?:(?:is\s+|are\s+|stays?\s+|"
                         rf"remains?\s+)?(?:{_KEPT_AFTER})|(?:has|have|needs?|must|should)\s+(?:to\s+)?"
                         rf"(?:stay|remain|be\s+kept)|stays?(?=\s*[,.;]))\b", re.I)


@dataclass(frozen=True)
class AtomRange:
    indices: tuple[int, ...]  # 0-based; negative counts from the end ("the last 3 atoms")
    keep: bool  # True: these atoms stay (mask 0); False: only these may change (mask 1)
    written: str
    every_atom: bool = False  # "all atoms may change": the whole molecule, whatever its size
    core: str = ""  # a named core to keep instead of indices: a ring-system name, SMILES/SMARTS, or "core"
    every_place: bool = False  # "the two methoxyethoxy chains": every place the named part occurs
    reach: str = ""  # "chain": up to the ring the part hangs on; "ether": with its ether oxygen (``cores.widened``)


def find_atom_ranges(text: str) -> list[AtomRange]:
    """Atom ranges with what the words around them say about them, in message order."""
    text = re.sub(r"(?<=[a-z])_(?=[a-z])", " ", text)  # JSON keys: "free_atoms": "26-31" (same length)
    matches = list(_PHRASE.finditer(text))
    # "keep atoms 0–13": an atom 0 exists only when counting from zero, so the whole message counts so
    zero_based = not _ONE_BASED.search(text) and (bool(_ZERO_BASED.search(text)) or any(
        m.group("ranges") and re.search(r"(?<!\d)0(?!\d)", m.group("ranges")) for m in matches))
    found = []
    for match in matches:
        keep, change = _distance(text, match, _KEEP), _distance(text, match, _CHANGE)
        if keep == change:
            continue  # the words do not say which way: no mask from this phrase
        every = bool(match.group("all"))
        if every and keep < change:
            continue  # "keep everything" is no optimisation request
        found.append(AtomRange(() if every else _indices(match, zero_based), keep < change, match.group(0), every))
    # named atoms are more precise than "everything else may change"
    return ([r for r in found if not r.every_atom] or found) + find_cores(text)


# "only the phenylalanine side chain (the benzyl) may change": the part by the group name its gloss gives
_GLOSSED_PART = re.compile(r"\bthe\s+(?:[\w-]+\s+){1,4}?\((?:i\.e\.\s*|=\s*)?the\s+(?P<name>[\w-]+)\)", re.I)


def find_cores(text: str) -> list[AtomRange]:
    """Cores the words say to keep: "keep the quinazoline", "keep the core c1ccc2ncncc2c1", "indole ring intact"."""
    text = _GLOSSED_PART.sub(lambda m: f"the {m.group('name')}", text)
    found: list[tuple[int, AtomRange]] = []
    for match in _CORE_BEFORE.finditer(text):
        name, smiles = match.group("name").lower(), _as_core_smiles(match.group("smiles"))
        typed = bool(smiles) and name in (BARE_CORE, "scaffold")
        written = match.group(0) if typed else match.group(0)[: match.end("name") - match.start()]
        gloss = _CORE_GLOSS.match(text, match.end("name")) if name == BARE_CORE and not typed else None
        if gloss and gloss.group("name").lower() != BARE_CORE:
            name, written = gloss.group("name").lower(), text[match.start(): gloss.end()]
        found.append((match.start(), AtomRange((), True, written, core=smiles if typed else name)))
        if not typed:
            found += _also_kept(text, match.end("name"))
    for match in _KEEP_NAMED_PART.finditer(text):  # "keep the trimethoxyphenyl ring": a part the tables lack
        name = match.group("name").lower()
        if not any(start <= match.start() < start + len(r.written) for start, r in found) and \
                name not in scaffolds() and name not in functional_groups() and _names_a_part(name):
            found.append((match.start(), AtomRange((), True, match.group(0), core=name)))
            found += _also_kept(text, match.end("name"))  # "keep the pteridine and the p-aminobenzoyl part"
    for match in _CORE_AFTER.finditer(text):
        if not any(start <= match.start() < start + len(r.written) for start, r in found) and \
                not _ALL_BUT_BEFORE.search(text, 0, match.start()):  # (not "everything except the ester has to stay")
            found.append((match.start(), AtomRange((), True, match.group(0), core=match.group("name").lower())))
    for match in _CORE_CHANGE.finditer(text):
        name = match.group("name").lower()
        if name not in (BARE_CORE, "scaffold"):  # "only change the core" names nothing that may change
            found.append((match.start(), AtomRange((), False, match.group(0), core=name)))
    for match in _SUBSTRUCTURE_FIELD.finditer(text):
        keep = match.group("which").lower() in ("fixed", "frozen", "keep", "kept", "locked")
        found.append((match.start(), AtomRange((), keep, match.group(0), core=match.group("smarts"))))
    found += _named_parts(text, found)
    if not any(r.core for _, r in found) and (murcko := _MURCKO_NAMED.search(text) or _OUTSIDE_RINGS.search(text)):
        found.append((murcko.start(), AtomRange((), True, murcko.group(0), core="murcko scaffold")))
    return [r for _, r in sorted(found, key=lambda item: item[0])]


def _also_kept(text: str, after: int) -> list[tuple[int, AtomRange]]:
    """A second part kept in the same breath as the one named before ``after`` ("keep the quinazoline and the
    3-chloro-4-fluoroanilino group"): placed if the tables or OPSIN read it, else the mask asks (never the first part
    alone)."""
    also = _KEPT_ALSO.match(text, after)
    if also is None or not _kept_too(also) or _CORE_BEFORE.match(text, also.start("name")):
        return []
    return [(also.start("name"), AtomRange((), True, text[also.start("name"):also.end()],
                                           core=also.group("name").lower()))]


def _named_parts(text: str, found: list[tuple[int, AtomRange]]) -> list[tuple[int, AtomRange]]:
    """Parts that may change, named by any chemical name: "only the morpholinopropoxy tail may change", "keep
    everything except the two methoxyethoxy chains", "the methoxyethoxy chains can change, the rest stays"."""
    taken = [(start, start + len(r.written)) for start, r in found]
    parts: list[tuple[int, AtomRange]] = []
    patterns = [_ONLY_PART_CHANGES, _ONLY_VERB_PART, _VERB_PART_ONLY, _LET_PART, _THE_ONLY_PART, _ONLY_PART_IS,
                _EVERYTHING_BUT, _EVERYTHING_STAYS_BUT, _EVERYTHING_BUT_STAYS,
                _REST_NAMED, _ONLY_PART_REPLY, _PART_FREE, _REGION_THEN_NAME,
                _REGION_FREE_NAME, _REGION_NAME_FREE, _FREE_REGION, _PART_ONLY, _PART_CHANGES, _NAME_FREE,
                _LET_ANY_PART, _FREE_PART, _FREE_IS_PART, _CHANGES_ONLY_IN, _VERB_PART, _ONLY_NEAR_PART, _EXIT_VECTOR,
                _GROW_FROM]
    for pattern in patterns:
        for match in pattern.finditer(text):
            name = (match.group("name") or "").lower().rstrip(",")  # "only the morpholine-propoxy, keep rest"
            several = name.endswith("yls")  # "the two N-methyls", "the ethyls": every place of the methyl, ethyl
            name = name[:-1] if several else name
            if not name or any(s <= match.start("name") < e for s, e in taken) or not _names_a_part(name):
                continue
            if "between" in match.groupdict() and not re.search(rf"\b(?:{_CHANGE}|move)\b", match.group("between")):
                continue  # "keep the rest (i.e. the quinazoline)" names what stays
            if pattern is _ONLY_NEAR_PART and not _says_change(text, match):
                continue
            if pattern is _PART_CHANGES and _LOCATES.search(text, 0, match.start()):
                continue  # "only the terminal phenyl on the urea may change": the urea says where the phenyl is
            if pattern is _GROW_FROM and (not _GROWN.search(text, 0, match.start()) or parts or
                                          any(not r.keep for _, r in found)):
                continue  # (a part grown from says what may change only when nothing else does)
            groups = match.groupdict()
            region = (groups.get("region") or groups.get("region2") or groups.get("region_first") or "").lower()
            # (a substituent named whole, "the diethylaminopentyl chain", is no more than its name: not the NH it
            # hangs on)
            reach = "chain" if re.fullmatch(_CHAIN_WORDS, region) and not name.endswith("yl") else \
                "ether" if region.startswith("ether") else ""
            plural = bool(match.group("count")) or region.endswith("s") or several
            drawn = _as_core_smiles(match.groupdict().get("smiles"))  # "(OCCN1CCOCC1)" after the name says which atoms
            parts.append((match.start(), AtomRange((), False, match.group(0), core=drawn or name, every_place=plural,
                                                   reach="" if drawn else reach)))
            taken.append(match.span())
    return parts


_LOCATES = re.compile(r"\b(?:on|off|of|at|attached\s+to|next\s+to)\s+$", re.I)


def _says_change(text: str, match: re.Match[str]) -> bool:
    """Whether the clause of an "only <part>" match says the part may change ("changing only the acrylamide", "only
    the ethynyl group changes"), not that it stays ("only the quinazoline stays", "only keep the indole")."""
    start = max((text.rfind(mark, 0, match.start()) for mark in ".;!?\n—"), default=-1) + 1
    named_end = match.start("name") + len(match.group("name").rstrip(","))  # "… morfolinopropossi, the rest stays"
    ends = [i for i in (text.find(mark, named_end) for mark in ".;!?\n—,") if i >= 0]
    end = min(ends, default=len(text))
    said = re.search(rf"(?<!not\s)(?<!n't\s)(?<!never\s)\b(?:{_CHANGE_STEM})\w*", text[start:end].lower())
    kept_words = rf"\b(?:{_KEEP}|keeps|stays?|remains?)\b"
    # (a clause of its own after it keeps another part: "changing only the morpholine ring and keeping the quinazoline
    # core untouched")
    clause = re.search(rf"\s(?:and|but|while|whilst)\s+(?:{_KEEP})\b", text[named_end:end], re.I)
    end = named_end + clause.start() if clause else end
    kept = re.search(kept_words, text[match.start(): match.start("name")], re.I) or \
        re.search(kept_words, text[named_end: end], re.I)
    return said is not None and kept is None


def _kept_too(also: re.Match[str]) -> bool:
    """Whether the words after "keep A and" name a second part: one the tables or OPSIN place, or a systematic-looking
    name said as a part ("the 3-chloro-4-fluoroanilino group"), not a verb ("keep the ring system and decorate …")."""
    name = also.group("name").lower()
    if name in functional_groups() or name in scaffolds():
        return True  # "keep the 7-chloroquinoline and the NH"
    if not _CHEMICAL_ENDING.search(name):
        return False
    try:
        core_from_text(name)
    except CoreError:
        return bool(also.group("region")) and _systematic(name)
    return True


def _systematic(name: str) -> bool:
    """A part name that reads as systematic though nothing could place it: with a locant ("6-alkoxy"), or a
    substituent name while OPSIN cannot run ("morpholinopropoxy"); never an English word ("decorate")."""
    return len(name) >= 7 and (bool(re.match(r"\d+(?:,\d+)*-[a-z]", name)) or (
        not opsin.available() and _SUBSTITUENT_ENDING.search(name) is not None))


def _names_a_part(name: str) -> bool:
    """A part the words name: one the tables or OPSIN can place. A longer systematic-looking name that neither
    places ("6-alkoxy", or "morpholinopropoxy" while OPSIN cannot run) still counts, so the mask asks about it
    instead of leaving it out silently."""
    if name in (BARE_CORE, "scaffold") or not (name in scaffolds() or name in functional_groups()
                                               or (len(name) >= 5 and _CHEMICAL_ENDING.search(english_spelling(name)))):
        return False
    try:
        core_from_text(name)
    except CoreError:
        return _systematic(name)
    return True


def _as_core_smiles(token: str | None) -> str:
    """A token after "keep the core" that is a SMILES/SMARTS (ring digits, brackets or bonds), else ""."""
    if not token:
        return ""
    token = token.strip("()\"'`.")
    if not _SMILES_TOKEN.fullmatch(token) or not re.search(r"[\[\]=#\d]|^[cnos]", token):
        return ""
    try:
        core_from_text(token)
    except CoreError:
        return ""
    return token


def _distance(text: str, match: re.Match[str], verbs: str, reach: int = 60) -> int:
    """How far the nearest of ``verbs`` is from the range phrase (within ``reach`` characters), else a
    large number: "the first 10 atoms (…) must stay fixed; everything after them may change" keeps them. Only its
    own clause counts: "… may change, which are the atoms 0 to 7; everything else stays fixed" frees them."""
    before = text[max(0, match.start() - reach): match.start()].lower().rsplit(";", 1)[-1]
    after = text[match.end(): match.end() + reach].lower().split(";", 1)[0]
    found = [len(before) - m.end() for m in re.finditer(rf"\b(?:{verbs})\b", before)]
    found += [m.start() for m in re.finditer(rf"\b(?:{verbs})\b", after)]
    return min(found, default=10**6)


def mask_from_ranges(ranges: list[AtomRange], heavy_atoms: int) -> list[int] | None:
    """The 0/1 mask the ranges describe for a molecule of ``heavy_atoms`` atoms; None when a range
    falls outside the molecule (the user is asked instead of a guess) or a core is named (``mask_from_words``)."""
    if not ranges or any(r.core for r in ranges):
        return None
    if any(not -heavy_atoms <= i < heavy_atoms for r in ranges for i in r.indices):
        return None
    if all(r.every_atom for r in ranges):
        return [1] * heavy_atoms
    if len({r.keep for r in ranges}) != 1:
        return None
    keep = ranges[0].keep
    named = {heavy_atoms + i if i < 0 else i for r in ranges for i in r.indices}
    return [int((i in named) != keep) for i in range(heavy_atoms)]


def _indices(match: re.Match[str], zero_based: bool) -> tuple[int, ...]:
    if match.group("end"):
        count = int(match.group("count"))
        return tuple(range(count)) if match.group("end").lower() == "first" else tuple(range(-count, 0))
    shift = 0 if zero_based else 1
    indices: list[int] = []
    for part in re.split(r"\s*(?:,|and|&)\s*", match.group("ranges")):
        bounds = [int(n) for n in re.findall(r"\d+", part)]
        low, high = (bounds[0], bounds[-1])
        indices += range(low - shift, high - shift + 1)
    return tuple(indices)


def mask_from_words(ranges: list[AtomRange], smiles: str) -> list[int] | None:
    """The mask that atom ranges and named cores describe for ``smiles``; None when they cannot give one (an
    unknown, absent or ambiguous core, "the core" alone, a range outside the molecule): ``core_question`` says why."""
    try:
        return _mask(ranges, smiles)
    except (CoreError, InvalidSmiles):
        return None


def _kept_atoms(mol: Any, core: str) -> set[int]:
    """The atoms a part named to keep covers, when only named parts may change: it restates the rest, so a part
    the table cannot place ("the aniline" of a secondary anilide) covers none rather than refusing the mask."""
    try:
        return {i for i, m in enumerate(core_mask(mol, core_from_text(core))) if m == 0}
    except CoreError:
        return set()


def _mask(ranges: list[AtomRange], smiles: str) -> list[int] | None:
    mol = parse_smiles(smiles)
    cores = [r for r in ranges if r.core]
    plain = [r for r in ranges if not r.core and not (cores and r.every_atom)]  # "the rest may change" is implied
    if not cores:
        return mask_from_ranges(plain, mol.GetNumHeavyAtoms())
    changes = [r for r in cores if not r.keep]
    if changes:  # "the chains are free, core fixed": with the changing parts named, "the core" restates the rest
        cores = [r for r in cores if not (r.keep and (r.core in (BARE_CORE, MURCKO) or r.core in MURCKO_WORDS))]
    if any(r.core == BARE_CORE for r in cores):
        raise CoreError(_which_core(mol))
    if changes:  # only the named parts may change; parts also named to keep restate the rest
        if plain:
            return _part_as_atoms(mol, changes, plain)
        changing = _changing_atoms(mol, changes)
        named = _changing_atoms(mol, changes, widen=False)
        for kept in (_kept_atoms(mol, r.core) for r in cores if r.keep):
            if kept & changing and 2 * len(kept & changing) >= len(changing):
                raise CoreError("say either which part to keep or which part may change, not both")
            # "let the side chain vary, keep the NH": a few of its atoms kept, named apart; "keep the p-aminobenzoyl
            # part, let only the glutamate tail change": the carbonyl the tail reached stays with the part kept (not
            # an atom the changing part's own name has: "keep the ethanolamine, vary the tert-butylamino group")
            changing -= kept if kept < changing else kept - named
        return [int(i in changing) for i in range(mol.GetNumAtoms())]
    mask = [1] * mol.GetNumAtoms()
    for r in cores:
        mask = [min(a, b) for a, b in zip(mask, core_mask(mol, core_from_text(r.core)))]
    if plain:  # "keep the indole and atoms 1-3": the kept atoms add up; "only atoms … may change" is not mixed in
        if not all(r.keep for r in plain):
            raise CoreError("say either which part to keep or which atoms may change, not both")
        extra = mask_from_ranges(plain, mol.GetNumAtoms())
        if extra is None:
            raise CoreError(f"an atom range falls outside the molecule's {mol.GetNumAtoms()} heavy atoms")
        mask = [min(a, b) for a, b in zip(mask, extra)]
    if not any(mask):
        raise CoreError("keeping all of that leaves no atom free to change")
    return mask


def _changing_atoms(mol: Any, changes: list[AtomRange], widen: bool = True) -> set[int]:
    """The atoms the changing parts name, widened to where their words reach ("the side chain": up to its ring)."""
    changing: set[int] = set()
    for r in changes:
        core = core_from_text(r.core)
        places = placements(mol, core) if r.every_place else []
        for atoms in places or [tuple(i for i, m in enumerate(core_mask(mol, core)) if m == 0)]:
            changing.update(widened(mol, atoms, r.reach) if widen else atoms)
    return changing


def _part_as_atoms(mol: Any, changes: list[AtomRange], plain: list[AtomRange]) -> list[int]:
    """"Only the side chain may change, which are the atoms 0 to 7": the atoms say exactly what the part's name says
    roughly (where a chain ends, whether the linking N counts), so they win; a name the tables cannot place counts as
    said by its atoms, and a part that shares no atom with them is asked about."""
    mask = mask_from_ranges(plain, mol.GetNumAtoms())
    if mask is None or any(r.keep for r in plain):
        raise CoreError("say either which part may change or which atoms, not both")
    try:
        named = _changing_atoms(mol, changes)
    except CoreError:
        return mask
    if not named & {i for i, m in enumerate(mask) if m}:
        raise CoreError("the part named and the atoms given are different atoms; which should change?")
    return mask


def _which_core(mol: Any) -> str:
    """The question for "keep the core" said without which: the options, with what each would keep."""
    names = ring_systems_in(mol)
    try:
        free = mol.GetNumAtoms() - len(murcko_atoms(mol))
        scaffold = (f"; or say 'keep the {MURCKO}' (all ring systems and the chains between them; {free} of "
                    f"{mol.GetNumAtoms()} atoms would stay free to change)")
    except CoreError:
        scaffold = ""
    options = f"name a ring system ({', '.join(names)})" if names else "name a ring system"
    return (f"which core should stay? {options[0].upper()}{options[1:]}, or give it as SMILES/SMARTS "
            f"('keep the core c1ccncc1'){scaffold}")


def core_question(tool: str, arguments: dict[str, Any], request: str,
                  read: Callable[[str], Any] | None = None) -> str | None:
    """When the request names a core to keep but the call got no mask from it, the question that says why (not
    in the molecule, in several places, which core); None otherwise."""
    spec = get_spec(tool)
    param = next((p for p in spec.params if p.kind == "mask"), None) if spec else None
    if param is None or param.name in arguments or not find_cores(request):
        return None
    molecule = arguments.get(param.mask_of or "")
    key = ref_key(molecule) if molecule is not None else None
    if key is not None and read is not None:
        value = read(key)
        molecule = value[0] if isinstance(value, list) and len(value) == 1 else value
    if not isinstance(molecule, str):
        return None
    try:
        _mask(find_atom_ranges(request), molecule)
    except CoreError as err:
        text = str(err)
        return f"To keep the core of {molecule}: {text}" + ("" if text.endswith("?") else ".")
    except InvalidSmiles:
        return None
    return None
