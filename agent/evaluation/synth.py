"""Synthetic tool-calling records in the TCDD layout (design.md §5), written from phrasing families.

A family is one way lab scientists phrase requests (terse ELN note, polite e-mail, Slack shorthand, jargon,
values first, ...). Its templates live in ``synth_families/*.json`` together with its scenario (what the
request asks for and so what the gold calls are) and its split: ``dev`` families may be looked at while the
agent is tuned, ``heldout`` ones are only ever measured. ``synth_families/dev2_*.json`` add dev-only families
(more phrasing styles: non-native English, buried asks, lists of asks, hypotheses, comparisons, LIMS exports,
model names, corrections, three-turn threads, ask-backs answered with a name) outside the dev/heldout pairing.
Values are real (drug SMILES, DAVIS sequences, GDSC cell lines, names the offline resolver knows), so every gold
call can be checked.

    python -m agent.evaluation.synth --out FILE.json --split dev|heldout [--per-family N] [--seed S]

Generation is deterministic: record i of family F draws from its own random stream seeded with (S, F, i).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import string
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from model_zoo.specs import (AFFINITY, CELL_RESPONSE, DRUG_DRUG, GENERATION, OPTIMIZATION, PROPERTY, RETROSYNTHESIS,
                             TARGET_CLASSIFICATION)

FAMILY_DIR = Path(__file__).with_name("synth_families")
SPLITS = ("dev", "heldout")
CATEGORIES = ("simple", "multiple", "multi_turn", "param_error")
RETRO = RETROSYNTHESIS.name
PROP = PROPERTY.name
AFF = AFFINITY.name
DTI = TARGET_CLASSIFICATION.name
CELL = CELL_RESPONSE.name
DDI = DRUG_DRUG.name
GEN = GENERATION.name
OPT = OPTIMIZATION.name

# pool keys for literal inputs, per parameter (DrugPilot conventions, design.md §3)
USER_KEYS = {"drug_smiles": "user_smiles", "smiles_list": "user_smiles", "property": "user_property",
             "target_seq": "user_target_seq", "cell_name": "user_cell_line", "cell_line": "user_cell_line",
             "zscore": "user_zscore", "mask": "user_mask", "smiles_pairs": "user_smiles_pairs"}


# ----------------------------------------------------------------------------- data


@lru_cache(maxsize=1)
def values() -> dict[str, Any]:
    return json.loads((FAMILY_DIR / "values.json").read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def families() -> tuple[dict[str, Any], ...]:
    found: list[dict[str, Any]] = []
    for path in sorted(FAMILY_DIR.glob("*.json")):
        if path.name == "values.json":
            continue
        for family in json.loads(path.read_text(encoding="utf-8")):
            family.setdefault("source", path.name)
            found.append(family)
    names = [f["name"] for f in found]
    duplicates = {n for n in names if names.count(n) > 1}
    if duplicates:
        raise ValueError(f"duplicate family names: {sorted(duplicates)}")
    for family in found:
        if family.get("split") not in SPLITS:
            raise ValueError(f"family {family['name']}: split must be one of {SPLITS}")
        if family["scenario"] not in SCENARIOS:
            raise ValueError(f"family {family['name']}: unknown scenario {family['scenario']!r}")
    return tuple(found)


def family_tools(family: dict[str, Any]) -> tuple[str, ...]:
    """The tools a family's gold calls use (for balance checks)."""
    return SCENARIOS[family["scenario"]].tools(family)


@lru_cache(maxsize=1)
def tool_schemas() -> dict[str, dict[str, Any]]:
    from model_zoo.specs import TOOLS

    return {t.name: t.to_json_schema() for t in TOOLS}


@lru_cache(maxsize=1)
def property_names() -> tuple[str, ...]:
    from model_zoo.specs import PROPERTY_NAMES

    return tuple(PROPERTY_NAMES)


@lru_cache(maxsize=None)
def heavy_atoms(smiles: str) -> int:
    from rdkit import Chem

    mol = Chem.MolFromSmiles(smiles)
    if mol is None:
        raise ValueError(f"invalid SMILES in synth data: {smiles}")
    return mol.GetNumHeavyAtoms()


@lru_cache(maxsize=None)
def mol_weight(smiles: str) -> float:
    from rdkit import Chem
    from rdkit.Chem import Descriptors

    return Descriptors.MolWt(Chem.MolFromSmiles(smiles))  # type: ignore[attr-defined]  # missing from the stubs


@lru_cache(maxsize=None)
def canonical(smiles: str) -> str:
    from rdkit import Chem

    return Chem.MolToSmiles(Chem.MolFromSmiles(smiles))


@lru_cache(maxsize=None)
def drug(name: str) -> str | None:
    from model_zoo.names import Resolved, resolve_drug

    resolved = resolve_drug(name)
    return resolved.value if isinstance(resolved, Resolved) else None


@lru_cache(maxsize=None)
def target(name: str) -> str | None:
    from model_zoo.names import Resolved, resolve_target

    resolved = resolve_target(name)
    return resolved.value if isinstance(resolved, Resolved) else None


@lru_cache(maxsize=None)
def is_gdsc(cell: str) -> bool:
    from model_zoo.chem.cells import UnknownCellLine, resolve_cell_line

    try:
        resolve_cell_line(cell)
        return True
    except (UnknownCellLine, ValueError):
        return False


# ----------------------------------------------------------------------------- value rendering


class Draw:
    """One record's random choices, plus renderers for values in a family's styles."""

    def __init__(self, family: dict[str, Any], rng: random.Random):
        self.family, self.rng = family, rng

    def style(self, key: str, default: str) -> str:
        options = self.family.get(key) or [default]
        return self.rng.choice(options)

    def pick(self, items: list[Any], k: int | None = None) -> Any:
        return self.rng.choice(items) if k is None else self.rng.sample(items, k)

    # molecules -----------------------------------------------------------------
    def molecules(self, n: int | None = None, pool: str = "molecules") -> list[tuple[str, str]]:
        if n is None:
            n = self.rng.choice(self.family.get("n_mols") or [1, 2, 3])
        table = values()[pool]
        names = self.rng.sample(sorted(table), n)
        return [(name, table[name]) for name in names]

    def mols_text(self, mols: list[tuple[str, str]]) -> str:
        style = self.style("mol_styles", "inline")
        smiles = [s for _, s in mols]
        if len(smiles) == 1 and style in ("bullets", "numbered", "lines", "named_lines"):
            style = "inline" if style != "named_lines" else "named"
        if style == "inline":
            return ", ".join(smiles) if len(smiles) < 3 else ", ".join(smiles[:-1]) + " and " + smiles[-1]
        if style == "semicolon":
            return "; ".join(smiles)
        if style == "lines":
            return "\n" + "\n".join(smiles)
        if style == "bullets":
            return "\n" + "\n".join(f"- {s}" for s in smiles)
        if style == "numbered":
            return "\n" + "\n".join(f"{i}. {s}" for i, s in enumerate(smiles, 1))
        if style == "named":
            return ", ".join(f"{name} ({s})" for name, s in mols)
        if style == "named_lines":
            return "\n" + "\n".join(f"{name}: {s}" for name, s in mols)
        if style == "backticks":
            return ", ".join(f"`{s}`" for s in smiles)
        # ELN/LIMS exports: the template writes the header row (name/ID, SMILES[, MW])
        if style == "tsv":
            return "\n" + "\n".join(f"{name}\t{s}" for name, s in mols)
        if style == "csv":
            return "\n" + "\n".join(f"{name},{s}" for name, s in mols)
        if style == "lims":
            return "\n" + "\n".join(f"DP-{self.rng.randint(10000, 99999)}\t{s}\t{mol_weight(s):.1f}" for s in smiles)
        raise ValueError(f"unknown mol style {style}")

    # targets -------------------------------------------------------------------
    def sequence(self) -> tuple[str, str, str]:
        seqs = values()["sequences"]
        gene = self.rng.choice(sorted(seqs))
        return gene, seqs[gene]["accession"], seqs[gene]["sequence"]

    def target_text(self, gene: str, accession: str, seq: str) -> str:
        style = self.style("seq_styles", "raw")
        if style == "raw":
            return seq
        if style == "fasta":
            return f"\n>sp|{accession}|{gene}_HUMAN\n" + "\n".join(seq[i:i + 60] for i in range(0, len(seq), 60))
        if style == "fasta_oneline":
            return f"\n>{gene}\n{seq}"
        if style == "lower":
            return seq.lower()
        raise ValueError(f"unknown seq style {style}")

    # cell lines ----------------------------------------------------------------
    def cell(self, exclude: str | None = None) -> tuple[str, str]:
        table = values()["cell_lines"]
        names = [n for n in sorted(table) if n != exclude]
        canon = self.rng.choice(names)
        spelling = self.rng.choice(table[canon]) if self.family.get("cell_variants", True) else canon
        return canon, spelling

    # ln(IC50) targets ------------------------------------------------------------
    def zscore(self) -> tuple[float, str]:
        style = self.style("z_styles", "plain")
        if style == "plain":
            z = self.rng.choice([-3.0, -2.5, -2.0, -1.5, -1.0, -4.0, 0.5])
            return z, _num(z)
        if style == "nM":
            nm = self.rng.choice([10, 50, 100, 200, 500])
            return math.log(nm / 1000), f"{nm} nM"
        if style == "uM":
            um = self.rng.choice([0.1, 0.5, 1, 2, 5])
            return math.log(um), f"{_num(um)} {self.rng.choice(['µM', 'uM', 'μM'])}"
        if style == "pIC50":
            p = self.rng.choice([6, 7, 8, 6.5, 7.5])
            return math.log(10 ** (6 - p)), _num(p)
        raise ValueError(f"unknown z style {style}")

    # masks --------------------------------------------------------------------
    def mask(self, smiles: str) -> tuple[list[int], str]:
        n = heavy_atoms(smiles)
        style = self.style("mask_styles", "list")
        if style == "all_free":
            return [1] * n, ""
        if style == "list":
            mask = [self.rng.choice([0, 1]) for _ in range(n)]
            mask[0], mask[-1] = 0, 1
            return mask, "[" + ", ".join(map(str, mask)) + "]"
        if style == "compact":
            mask = [0] * (n // 2) + [1] * (n - n // 2)
            return mask, "".join(map(str, mask))
        if style == "fix_first":
            k = max(2, n // 2)
            return [0] * k + [1] * (n - k), str(k)
        if style == "free_range":
            lo, hi = n // 3 + 1, n  # 1-based, inclusive
            return [0] * (lo - 1) + [1] * (hi - lo + 1), f"{lo}-{hi}"
        raise ValueError(f"unknown mask style {style}")

    # drug pairs -----------------------------------------------------------------
    def pairs_text(self, pairs: list[tuple[tuple[str, str], tuple[str, str]]], named: bool = False) -> str:
        style = self.style("pair_styles", "with")
        label = (lambda m: m[0]) if named else (lambda m: m[1])
        if style == "with":
            parts = [f"{label(a)} with {label(b)}" for a, b in pairs]
            return "; ".join(parts)
        if style == "plus":
            return "\n" + "\n".join(f"{label(a)} + {label(b)}" for a, b in pairs)
        if style == "and":
            return "; ".join(f"{label(a)} and {label(b)}" for a, b in pairs)
        if style == "lines":
            return "\n" + "\n\n".join(f"{label(a)}\n{label(b)}" for a, b in pairs)
        if style == "vs":
            return ", ".join(f"{label(a)} vs {label(b)}" for a, b in pairs)
        if style == "tab":
            return "\n" + "\n".join(f"{label(a)}\t{label(b)}" for a, b in pairs)
        raise ValueError(f"unknown pair style {style}")


def _num(x: float) -> str:
    return f"{x:g}"


def _names(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


# ----------------------------------------------------------------------------- fake tool results


def fake_result(call: dict[str, Any], key: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """An observation payload for a gold call (deterministic in ``key``), and the pool outputs it adds."""
    rng = random.Random(key)
    name, args = call["name"], call["arguments"]
    if name == PROP:
        prop = args["property"]
        lo, hi = {"logSolubility": (-6.5, 0.5), "freesolv": (-15.0, 2.0), "lipo": (-1.0, 4.5)}.get(prop, (0.02, 0.98))
        rows = [{"row": i, "smiles": s, "prediction": round(rng.uniform(lo, hi), 2)}
                for i, s in enumerate(args["drug_smiles"], 1)]
        payload = {"status": "ok", "property": prop, "rows": rows}
    elif name in (AFF, DTI):
        col = "pKd" if name == AFF else "probability"
        lo, hi = (5.0, 9.0) if name == AFF else (0.05, 0.95)
        rows = [{"row": i, "smiles": s, col: round(rng.uniform(lo, hi), 2)}
                for i, s in enumerate(args["drug_smiles"], 1)]
        payload = {"status": "ok", "target": {"length": len(args["target_seq"])}, "rows": rows}
    elif name == CELL:
        rows = [{"row": i, "smiles": s, "ln_ic50": round(rng.uniform(-4.0, 4.0), 2)}
                for i, s in enumerate(args["drug_smiles"], 1)]
        payload = {"status": "ok", "cell_line": args["cell_name"], "rows": rows}
    elif name == DDI:
        task = args.get("task", "drugbank")
        label = "side_effects" if task == "twosides" else "interactions"
        effects = (["hypotension", "nausea", "QT prolongation", "bradycardia"] if task == "twosides" else
                   ["The serum concentration of Drug 1 can be increased when it is combined with Drug 2.",
                    "Drug 1 may increase the anticoagulant activities of Drug 2.",
                    "The metabolism of Drug 2 can be decreased when combined with Drug 1."])
        rows = [{"pair": i, "smiles_1": a, "smiles_2": b,
                 label: [{"description": rng.choice(effects), "probability": round(rng.uniform(0.5, 0.99), 2)}]}
                for i, (a, b) in enumerate(args["smiles_pairs"], 1)]
        payload = {"status": "ok", "task": task, "rows": rows}
    elif name in (GEN, OPT):
        n = 5
        pool = [s for s in values()["generated"]]
        smiles = rng.sample(pool, n)
        target_z = float(args["zscore"])
        preds = sorted(round(target_z + rng.uniform(-1.0, 1.2), 2) for _ in range(n))
        rows = [{"rank": i, "smiles": s, "predicted_ln_ic50": p} for i, (s, p) in enumerate(zip(smiles, preds), 1)]
        payload = {"status": "ok", "cell_line": args["cell_line"], "target_zscore": target_z, "rows": rows}
        key = "generated_smiles" if name == GEN else "optimized_smiles"
        return payload, {f"{name}_result": rows, key: smiles}
    elif name == RETRO:
        table = {canonical(r["product"]): r for r in values()["retro"]}
        rows = []
        for s in args["smiles_list"]:
            hit = table.get(canonical(s))
            candidates = ([{"rank": 1, "reactants": hit["reactants"], "score": round(rng.uniform(0.6, 0.97), 2),
                            "reaction_class": hit["cls"]}] if hit else [])
            rows.append({"product": s, "candidates": candidates})
        payload = {"status": "ok", "rows": rows}
    else:  # pragma: no cover - every tool is handled above
        raise ValueError(name)
    return payload, {f"{name}_result": payload["rows"]}


def resolve_refs(args: dict[str, Any], pool: dict[str, Any]) -> dict[str, Any]:
    out = {}
    for key, value in args.items():
        if isinstance(value, str) and value.startswith("(") and value.endswith(")") and value[1:-1] in pool:
            value = pool[value[1:-1]]
        out[key] = value
    return out


def pool_after(call: dict[str, Any], pool: dict[str, Any], outputs: dict[str, Any]) -> dict[str, Any]:
    pool = dict(pool)
    for param, value in call["arguments"].items():
        if isinstance(value, str) and value.startswith("(") and value.endswith(")"):
            continue  # a reference: nothing new
        key = USER_KEYS.get(param)
        if param == "gt":
            key, value = "user_smiles", [value]
        if param == "task":
            continue
        if key:
            pool[key] = value
    pool.update(outputs)
    return pool


# ----------------------------------------------------------------------------- scenarios


@dataclass
class Turn:
    text: str
    calls: list[dict[str, Any]]  # gold calls; {"name": None} = ask back
    reply: str = ""


@dataclass
class Built:
    turns: list[Turn]
    pool: dict[str, Any] = field(default_factory=dict)  # the pool before the first message


@dataclass
class Scenario:
    build: Callable[[Draw, "Context"], Built | None]
    tools: Callable[[dict[str, Any]], tuple[str, ...]]


class Context:
    """Runs turns one after another so later turns can look at earlier (fake) results."""

    def __init__(self, key: str):
        self.key = key
        self.pool: dict[str, Any] = {}
        self.turns = 0

    def run(self, turn: Turn) -> None:
        """Apply the turn's gold calls to the pool, with the same results ``render`` will write."""
        for j, call in enumerate(turn.calls):
            if call.get("name"):
                literal = {"name": call["name"], "arguments": resolve_refs(call["arguments"], self.pool)}
                payload, outputs = fake_result(literal, f"{self.key}|{self.turns}|{j}")
                self.pool = pool_after(call, self.pool, outputs)
        self.turns += 1


def fill(template: str, **slots: Any) -> str:
    names = {f for _, f, _, _ in string.Formatter().parse(template) if f}
    missing = names - set(slots)
    if missing:
        raise KeyError(f"template slots {sorted(missing)} not provided: {template!r}")
    return template.format(**slots).strip()


def templates(draw: Draw, turn: int = 0) -> str:
    fam = draw.family
    if "turns" in fam:
        return draw.rng.choice(fam["turns"][turn])
    return draw.rng.choice(fam["templates"])


def singular(template: str, one: str, many: str) -> bool:
    """Whether the template names only one item (``{mol}`` without ``{mols}``): then draw just one."""
    names = {f for _, f, _, _ in string.Formatter().parse(template) if f}
    return one in names and many not in names


def prop_phrase(draw: Draw, enum: str) -> str:
    return draw.rng.choice(draw.family["props"][enum])


def available_props(family: dict[str, Any], key: str = "props") -> list[str]:
    return [p for p in family.get(key, {}) if p in property_names()]


def _call(name: str, **arguments: Any) -> dict[str, Any]:
    return {"name": name, "arguments": arguments}


def _smiles(mols: list[tuple[str, str]]) -> list[str]:
    return [s for _, s in mols]


# single-call scenarios --------------------------------------------------------


def sc_property(d: Draw, ctx: Context) -> Built | None:
    props = available_props(d.family)
    if not props:
        return None
    enum = d.pick(props)
    template = templates(d)
    mols = d.molecules(1 if singular(template, "mol", "mols") else None, pool=d.family.get("mol_pool", "molecules"))
    text = fill(template, mols=d.mols_text(mols), mol=mols[0][1], n=len(mols), prop=prop_phrase(d, enum))
    return Built([Turn(text, [_call(PROP, drug_smiles=_smiles(mols), property=enum)])])


def sc_target(d: Draw, ctx: Context) -> Built:
    tool = AFF if d.family["tool"] == "affinity" else DTI
    gene, acc, seq = d.sequence()
    template = templates(d)
    mols = d.molecules(1 if singular(template, "mol", "mols") else None)
    text = fill(template, mols=d.mols_text(mols), mol=mols[0][1], n=len(mols), gene=gene, acc=acc,
                target=d.target_text(gene, acc, seq))
    return Built([Turn(text, [_call(tool, drug_smiles=_smiles(mols), target_seq=seq)])])


def sc_cell(d: Draw, ctx: Context) -> Built:
    template = templates(d)
    mols = d.molecules(1 if singular(template, "mol", "mols") else None)
    canon, spelling = d.cell()
    text = fill(template, mols=d.mols_text(mols), mol=mols[0][1], n=len(mols), cell=spelling)
    return Built([Turn(text, [_call(CELL, drug_smiles=_smiles(mols), cell_name=canon)])])


def _ddi_call(pairs: list[tuple[str, str]], task: str) -> dict[str, Any]:
    args: dict[str, Any] = {"smiles_pairs": [list(p) for p in pairs]}
    if task == "twosides":
        args["task"] = "twosides"
    return _call(DDI, **args)


def sc_ddi(d: Draw, ctx: Context) -> Built:
    n = d.pick(d.family.get("n_pairs") or [1, 2])
    mols = d.molecules(2 * n)
    pairs = [(mols[2 * i], mols[2 * i + 1]) for i in range(n)]
    text = fill(templates(d), pairs=d.pairs_text(pairs), n=n)
    return Built([Turn(text, [_ddi_call([(a[1], b[1]) for a, b in pairs], d.family.get("task", "drugbank"))])])


def sc_generate(d: Draw, ctx: Context) -> Built:
    canon, spelling = d.cell()
    z, ztext = d.zscore()
    text = fill(templates(d), cell=spelling, z=ztext, k=d.pick([5, 10, 20]))
    return Built([Turn(text, [_call(GEN, cell_line=canon, zscore=z)])])


def sc_optimize(d: Draw, ctx: Context) -> Built:
    (name, smiles), = d.molecules(1)
    canon, spelling = d.cell()
    z, ztext = d.zscore()
    mask, mtext = d.mask(smiles)
    text = fill(templates(d), mol=smiles, name=name, cell=spelling, z=ztext, mask=mtext, n_atoms=len(mask))
    return Built([Turn(text, [_call(OPT, zscore=z, cell_line=canon, gt=smiles, mask=mask)])])


def sc_retro(d: Draw, ctx: Context) -> Built:
    template = templates(d)
    n = 1 if singular(template, "mol", "mols") else d.pick(d.family.get("n_mols") or [1])
    products = d.pick([r["product"] for r in values()["retro"]], n)
    mols = [("", p) for p in products]
    text = fill(template, mols=d.mols_text(mols), mol=products[0], n=n)
    return Built([Turn(text, [_call(RETRO, smiles_list=products)])])


# named entities ----------------------------------------------------------------


def _drug_names(d: Draw, n: int) -> list[tuple[str, str]]:
    names = [n_ for n_ in d.family.get("drug_names") or values()["drug_names"] if drug(n_)]
    # distinct structures (a brand and its INN are the same molecule)
    chosen: list[tuple[str, str]] = []
    for name in d.rng.sample(names, len(names)):
        smiles = drug(name)
        if smiles is not None and all(canonical(smiles) != canonical(s) for _, s in chosen):
            chosen.append((name, smiles))
        if len(chosen) == n:
            break
    return chosen


def _gene(d: Draw) -> tuple[str, str]:
    genes = [(g, seq) for g in d.family.get("gene_symbols") or values()["gene_symbols"] if (seq := target(g))]
    gene, sequence = d.pick(genes)
    return gene, sequence


def sc_named_property(d: Draw, ctx: Context) -> Built:
    enum = d.pick(available_props(d.family))
    template = templates(d)
    mols = _drug_names(d, 1 if singular(template, "drug", "drugs") else d.pick(d.family.get("n_mols") or [1, 2]))
    text = fill(template, drugs=_names([m[0] for m in mols]), drug=mols[0][0], prop=prop_phrase(d, enum))
    return Built([Turn(text, [_call(PROP, drug_smiles=_smiles(mols), property=enum)])])


def sc_named_target(d: Draw, ctx: Context) -> Built:
    tool = AFF if d.family["tool"] == "affinity" else DTI
    template = templates(d)
    mols = _drug_names(d, 1 if singular(template, "drug", "drugs") else d.pick(d.family.get("n_mols") or [1]))
    gene, seq = _gene(d)
    text = fill(template, drugs=_names([m[0] for m in mols]), drug=mols[0][0], gene=gene)
    return Built([Turn(text, [_call(tool, drug_smiles=_smiles(mols), target_seq=seq)])])


def sc_named_cell(d: Draw, ctx: Context) -> Built:
    template = templates(d)
    mols = _drug_names(d, 1 if singular(template, "drug", "drugs") else d.pick(d.family.get("n_mols") or [1]))
    canon, spelling = d.cell()
    text = fill(template, drugs=_names([m[0] for m in mols]), drug=mols[0][0], cell=spelling)
    return Built([Turn(text, [_call(CELL, drug_smiles=_smiles(mols), cell_name=canon)])])


def sc_named_ddi(d: Draw, ctx: Context) -> Built:
    template = templates(d)
    n = 1 if singular(template, "a", "pairs") else d.pick(d.family.get("n_pairs") or [1])
    mols = _drug_names(d, 2 * n)
    pairs = [(mols[2 * i], mols[2 * i + 1]) for i in range(n)]
    text = fill(template, pairs=d.pairs_text(pairs, named=True), a=pairs[0][0][0], b=pairs[0][1][0])
    return Built([Turn(text, [_ddi_call([(a[1], b[1]) for a, b in pairs], d.family.get("task", "drugbank"))])])


def sc_named_retro(d: Draw, ctx: Context) -> Built:
    mols = _drug_names(d, 1)
    text = fill(templates(d), drug=mols[0][0])
    return Built([Turn(text, [_call(RETRO, smiles_list=_smiles(mols))])])


# two asks in one message -----------------------------------------------------------


def sc_two_props(d: Draw, ctx: Context) -> Built:
    first, second = d.pick(available_props(d.family), 2)
    template = templates(d)
    mols = d.molecules(1 if singular(template, "mol", "mols") else None)
    text = fill(template, mols=d.mols_text(mols), mol=mols[0][1], n=len(mols),
                prop1=prop_phrase(d, first), prop2=prop_phrase(d, second))
    return Built([Turn(text, [_call(PROP, drug_smiles=_smiles(mols), property=first),
                              _call(PROP, drug_smiles="(user_smiles)", property=second)])])


def sc_prop_then_retro(d: Draw, ctx: Context) -> Built:
    enum = d.pick(available_props(d.family))
    product = d.pick([r["product"] for r in values()["retro"]])
    text = fill(templates(d), mol=product, prop=prop_phrase(d, enum))
    return Built([Turn(text, [_call(PROP, drug_smiles=[product], property=enum),
                              _call(RETRO, smiles_list="(user_smiles)")])])


def sc_cell_then_prop(d: Draw, ctx: Context) -> Built:
    enum = d.pick(available_props(d.family))
    mols = d.molecules()
    canon, spelling = d.cell()
    text = fill(templates(d), mols=d.mols_text(mols), n=len(mols), cell=spelling, prop=prop_phrase(d, enum))
    return Built([Turn(text, [_call(CELL, drug_smiles=_smiles(mols), cell_name=canon),
                              _call(PROP, drug_smiles="(user_smiles)", property=enum)])])


# multi-turn --------------------------------------------------------------------------


def _turn(d: Draw, ctx: Context, i: int, calls: list[dict[str, Any]], **slots: Any) -> Turn:
    turn = Turn(fill(templates(d, i), **slots), calls)
    ctx.run(turn)
    return turn


def sc_mt_prop_prop(d: Draw, ctx: Context) -> Built:
    first, second = d.pick(available_props(d.family), 2)
    mols = d.molecules()
    t1 = _turn(d, ctx, 0, [_call(PROP, drug_smiles=_smiles(mols), property=first)],
               mols=d.mols_text(mols), n=len(mols), prop=prop_phrase(d, first))
    t2 = _turn(d, ctx, 1, [_call(PROP, drug_smiles="(user_smiles)", property=second)], prop=prop_phrase(d, second))
    return Built([t1, t2])


def sc_mt_cell_cell(d: Draw, ctx: Context) -> Built:
    mols = d.molecules()
    c1, s1 = d.cell()
    c2, s2 = d.cell(exclude=c1)
    t1 = _turn(d, ctx, 0, [_call(CELL, drug_smiles=_smiles(mols), cell_name=c1)],
               mols=d.mols_text(mols), n=len(mols), cell=s1)
    t2 = _turn(d, ctx, 1, [_call(CELL, drug_smiles="(user_smiles)", cell_name=c2)], cell=s2)
    return Built([t1, t2])


def sc_mt_gen_followup(d: Draw, ctx: Context) -> Built:
    canon, spelling = d.cell()
    z, ztext = d.zscore()
    t1 = _turn(d, ctx, 0, [_call(GEN, cell_line=canon, zscore=z)], cell=spelling, z=ztext)
    follow = d.family["followup"]
    if follow == "affinity":
        gene, seq = _gene(d)
        t2 = _turn(d, ctx, 1, [_call(AFF, drug_smiles="(generated_smiles)", target_seq=seq)], gene=gene)
    elif follow == "property":
        enum = d.pick(available_props(d.family))
        t2 = _turn(d, ctx, 1, [_call(PROP, drug_smiles="(generated_smiles)", property=enum)],
                   prop=prop_phrase(d, enum))
    elif follow == "cell":
        c2, s2 = d.cell(exclude=canon)
        t2 = _turn(d, ctx, 1, [_call(CELL, drug_smiles="(generated_smiles)", cell_name=c2)], cell=s2)
    elif follow == "optimize":
        best = ctx.pool["generated_smiles"][0]  # rank 1 = lowest predicted ln(IC50)
        mask, mtext = d.mask(best)
        z2, z2text = d.zscore()
        t2 = _turn(d, ctx, 1, [_call(OPT, zscore=z2, cell_line="(user_cell_line)", gt=best, mask=mask)],
                   z=z2text, mask=mtext, n_atoms=len(mask), best=best)
    else:
        raise ValueError(f"unknown followup {follow}")
    turns = [t1, t2]
    if d.family.get("third") == "retro" and follow == "optimize":
        top = ctx.pool["optimized_smiles"][0]
        turns.append(_turn(d, ctx, 2, [_call(RETRO, smiles_list=[top])]))
    return Built(turns)


def sc_mt_retro_prop(d: Draw, ctx: Context) -> Built:
    entry = d.pick(values()["retro"])
    t1 = _turn(d, ctx, 0, [_call(RETRO, smiles_list=[entry["product"]])], mol=entry["product"])
    enum = d.pick(available_props(d.family))
    t2 = _turn(d, ctx, 1, [_call(PROP, drug_smiles=list(entry["reactants"]), property=enum)],
               prop=prop_phrase(d, enum))
    return Built([t1, t2])


def sc_mt_uploaded(d: Draw, ctx: Context) -> Built:
    mols = d.molecules(d.pick([4, 5, 6]))
    ctx.pool = {"user_smiles": _smiles(mols)}
    start = dict(ctx.pool)
    enum = d.pick(available_props(d.family))
    t1 = _turn(d, ctx, 0, [_call(PROP, drug_smiles="(user_smiles)", property=enum)], prop=prop_phrase(d, enum),
               n=len(mols))
    canon, spelling = d.cell()
    t2 = _turn(d, ctx, 1, [_call(CELL, drug_smiles="(user_smiles)", cell_name=canon)], cell=spelling)
    return Built([t1, t2], pool=start)


def sc_mt_ddi_twosides(d: Draw, ctx: Context) -> Built:
    n = d.pick([1, 2])
    mols = d.molecules(2 * n)
    pairs = [(mols[2 * i], mols[2 * i + 1]) for i in range(n)]
    t1 = _turn(d, ctx, 0, [_ddi_call([(a[1], b[1]) for a, b in pairs], "drugbank")], pairs=d.pairs_text(pairs))
    t2 = _turn(d, ctx, 1, [_call(DDI, smiles_pairs="(user_smiles_pairs)", task="twosides")])
    return Built([t1, t2])


def sc_mt_best_cell(d: Draw, ctx: Context) -> Built:
    mols = d.molecules(d.pick([3, 4]))
    t1 = _turn(d, ctx, 0, [_call(PROP, drug_smiles=_smiles(mols), property="logSolubility")],
               mols=d.mols_text(mols), prop=prop_phrase(d, "logSolubility"))
    rows = ctx.pool[f"{PROP}_result"]
    best = max(rows, key=lambda r: r["prediction"])["smiles"]
    canon, spelling = d.cell()
    t2 = _turn(d, ctx, 1, [_call(CELL, drug_smiles=[best], cell_name=canon)], cell=spelling)
    return Built([t1, t2])


def sc_mt_affinity_dti(d: Draw, ctx: Context) -> Built:
    gene, acc, seq = d.sequence()
    mols = d.molecules()
    t1 = _turn(d, ctx, 0, [_call(AFF, drug_smiles=_smiles(mols), target_seq=seq)], mols=d.mols_text(mols),
               n=len(mols), gene=gene, target=d.target_text(gene, acc, seq))
    t2 = _turn(d, ctx, 1, [_call(DTI, drug_smiles="(user_smiles)", target_seq="(user_target_seq)")])
    return Built([t1, t2])


def sc_mt_named_screen(d: Draw, ctx: Context) -> Built:
    mols = _drug_names(d, d.pick([2, 3]))
    gene, seq = _gene(d)
    t1 = _turn(d, ctx, 0, [_call(AFF, drug_smiles=_smiles(mols), target_seq=seq)],
               drugs=_names([m[0] for m in mols]), gene=gene)
    gene2, seq2 = _gene(d)
    while gene2 == gene or seq2 == seq:
        gene2, seq2 = _gene(d)
    t2 = _turn(d, ctx, 1, [_call(AFF, drug_smiles="(user_smiles)", target_seq=seq2)], gene=gene2)
    return Built([t1, t2])


# ask back --------------------------------------------------------------------------


ASK = {"name": None}


def _ask(d: Draw, reason: str) -> str:
    return {
        "no_molecule": "Which molecules should I use? Paste SMILES (or upload a file) and I'll run it.",
        "target": "I don't have a sequence for that target. Paste the protein sequence (FASTA is fine).",
        "cell": "That cell line is not in GDSC, so the response models can't score it. Pick a GDSC line.",
        "drug": "I couldn't find that drug name. Could you paste its SMILES?",
        "property": "None of my models predicts that. I can do aqueous solubility, hydration free energy, "
                    "lipophilicity (logD7.4), BBB penetration and BACE-1 inhibition.",
        "smiles": "That SMILES doesn't parse. Could you check it?",
        "zscore": "What response should I aim for? Give a target ln(IC50) (e.g. -2).",
        "cell_missing": "Which cell line should the molecules be designed for?",
        "pair": "Which drug should I pair it with?",
    }[reason]


def sc_pe(d: Draw, ctx: Context) -> Built:
    kind = d.family["problem"]
    followup = d.family.get("followup", "sometimes")
    follow = followup == "always" or (followup == "sometimes" and d.rng.random() < 0.5)
    turns: list[Turn] = []

    def first(text: str, reason: str) -> None:
        turns.append(Turn(text, [ASK], _ask(d, reason)))
        ctx.run(turns[-1])

    def second(i: int, call: dict[str, Any], **slots: Any) -> None:
        if follow:
            turns.append(_turn(d, ctx, i, [call], **slots))

    if kind == "no_molecule":
        tool = d.family.get("tool", "property")
        mols = d.molecules()
        if tool == "property":
            enum = d.pick(available_props(d.family))
            first(fill(templates(d, 0), prop=prop_phrase(d, enum)), "no_molecule")
            second(1, _call(PROP, drug_smiles=_smiles(mols), property=enum), mols=d.mols_text(mols))
        elif tool == "cell":
            canon, spelling = d.cell()
            first(fill(templates(d, 0), cell=spelling), "no_molecule")
            second(1, _call(CELL, drug_smiles=_smiles(mols), cell_name=canon), mols=d.mols_text(mols))
        else:
            first(fill(templates(d, 0)), "no_molecule")
            product = d.pick([r["product"] for r in values()["retro"]])
            second(1, _call(RETRO, smiles_list=[product]), mols=product)
    elif kind == "unknown_target":
        mols = d.molecules()
        bad = d.pick(values()["unresolvable_targets"])
        assert target(bad) is None
        gene, acc, seq = d.sequence()
        first(fill(templates(d, 0), mols=d.mols_text(mols), n=len(mols), gene=bad), "target")
        second(1, _call(AFF, drug_smiles=_smiles(mols), target_seq=seq), target=d.target_text(gene, acc, seq),
               gene=gene)
    elif kind == "bad_cell":
        mols = d.molecules()
        bad = d.pick([c for c in values()["non_gdsc_cell_lines"] if not is_gdsc(c)])
        first(fill(templates(d, 0), mols=d.mols_text(mols), n=len(mols), cell=bad), "cell")
        canon, spelling = d.cell()
        second(1, _call(CELL, drug_smiles=_smiles(mols), cell_name=canon), cell=spelling)
    elif kind == "bad_cell_generate":
        bad = d.pick([c for c in values()["non_gdsc_cell_lines"] if not is_gdsc(c)])
        z, ztext = d.zscore()
        first(fill(templates(d, 0), cell=bad, z=ztext), "cell")
        canon, spelling = d.cell()
        second(1, _call(GEN, cell_line=canon, zscore=z), cell=spelling)
    elif kind == "invented_drug":
        fake = d.pick([n for n in values()["invented_drugs"] if drug(n) is None])
        (name, smiles), = d.molecules(1)
        enum = d.pick(available_props(d.family))
        first(fill(templates(d, 0), drug=fake, prop=prop_phrase(d, enum)), "drug")
        second(1, _call(PROP, drug_smiles=[smiles], property=enum), mol=smiles, drug=fake)
    elif kind == "invented_drug_cell":
        fake = d.pick([n for n in values()["invented_drugs"] if drug(n) is None])
        (name, smiles), = d.molecules(1)
        canon, spelling = d.cell()
        first(fill(templates(d, 0), drug=fake, cell=spelling), "drug")
        second(1, _call(CELL, drug_smiles=[smiles], cell_name=canon), mol=smiles, drug=fake)
    elif kind == "unsupported_property":
        mols = d.molecules()
        what = d.pick(values()["unsupported_properties"])
        first(fill(templates(d, 0), mols=d.mols_text(mols), n=len(mols), what=what), "property")
        enum = d.pick(available_props(d.family))
        second(1, _call(PROP, drug_smiles=_smiles(mols), property=enum), prop=prop_phrase(d, enum))
    elif kind == "typo_smiles":
        typo, fixed = d.pick(values()["typo_smiles"])
        enum = d.pick(available_props(d.family))
        first(fill(templates(d, 0), mol=typo, prop=prop_phrase(d, enum)), "smiles")
        second(1, _call(PROP, drug_smiles=[fixed], property=enum), mol=fixed)
    elif kind == "typo_smiles_retro":
        typo, fixed = d.pick(values()["typo_smiles"])
        first(fill(templates(d, 0), mol=typo), "smiles")
        second(1, _call(RETRO, smiles_list=[fixed]), mol=fixed)
    elif kind == "missing_zscore":
        canon, spelling = d.cell()
        first(fill(templates(d, 0), cell=spelling), "zscore")
        z, ztext = d.zscore()
        second(1, _call(GEN, cell_line=canon, zscore=z), z=ztext)
    elif kind == "missing_cell":
        z, ztext = d.zscore()
        first(fill(templates(d, 0), z=ztext), "cell_missing")
        canon, spelling = d.cell()
        second(1, _call(GEN, cell_line=canon, zscore=z), cell=spelling)
    elif kind == "one_drug_ddi":
        mols = d.molecules(2)
        first(fill(templates(d, 0), mol=mols[0][1], name=mols[0][0]), "pair")
        second(1, _call(DDI, smiles_pairs=[[mols[0][1], mols[1][1]]]), mol=mols[1][1], name=mols[1][0])
    else:
        raise ValueError(f"unknown problem {kind}")
    return Built(turns)


# corrections, three-turn threads, ask-backs answered with a name, lists of asks --------------


def _other_gene(d: Draw, gene: str, seq: str) -> tuple[str, str]:
    gene2, seq2 = _gene(d)
    while gene2 == gene or seq2 == seq:
        gene2, seq2 = _gene(d)
    return gene2, seq2


def sc_mt_correction(d: Draw, ctx: Context) -> Built:
    """Turn 1 runs what was asked; turn 2 corrects it ("no, I meant logD, not logS"): ``{was}`` is turn 1's."""
    kind = d.family["correct"]
    if kind == "property":
        first, second = d.pick(available_props(d.family), 2)
        mols = d.molecules()
        was = prop_phrase(d, first)
        t1 = _turn(d, ctx, 0, [_call(PROP, drug_smiles=_smiles(mols), property=first)],
                   mols=d.mols_text(mols), n=len(mols), prop=was)
        t2 = _turn(d, ctx, 1, [_call(PROP, drug_smiles="(user_smiles)", property=second)],
                   prop=prop_phrase(d, second), was=was)
    elif kind == "cell":
        mols = d.molecules()
        c1, s1 = d.cell()
        c2, s2 = d.cell(exclude=c1)
        t1 = _turn(d, ctx, 0, [_call(CELL, drug_smiles=_smiles(mols), cell_name=c1)],
                   mols=d.mols_text(mols), n=len(mols), cell=s1)
        t2 = _turn(d, ctx, 1, [_call(CELL, drug_smiles="(user_smiles)", cell_name=c2)], cell=s2, was=s1)
    elif kind == "gene":
        mols = _drug_names(d, d.pick(d.family.get("n_mols") or [1, 2]))
        gene, seq = _gene(d)
        t1 = _turn(d, ctx, 0, [_call(AFF, drug_smiles=_smiles(mols), target_seq=seq)],
                   drugs=_names([m[0] for m in mols]), gene=gene)
        gene2, seq2 = _other_gene(d, gene, seq)
        t2 = _turn(d, ctx, 1, [_call(AFF, drug_smiles="(user_smiles)", target_seq=seq2)], gene=gene2, was=gene)
    elif kind == "dti_to_affinity":
        mols = _drug_names(d, d.pick(d.family.get("n_mols") or [1, 2]))
        gene, seq = _gene(d)
        t1 = _turn(d, ctx, 0, [_call(DTI, drug_smiles=_smiles(mols), target_seq=seq)],
                   drugs=_names([m[0] for m in mols]), gene=gene)
        t2 = _turn(d, ctx, 1, [_call(AFF, drug_smiles="(user_smiles)", target_seq="(user_target_seq)")], gene=gene)
    else:
        raise ValueError(f"unknown correction {kind}")
    return Built([t1, t2])


def sc_mt_three(d: Draw, ctx: Context) -> Built:
    """Ask, result, refine, refine: three turns, each building on the one before."""
    chain = d.family["chain"]
    if chain == "props":
        a, b, c = d.pick(available_props(d.family), 3)
        mols = d.molecules()
        t1 = _turn(d, ctx, 0, [_call(PROP, drug_smiles=_smiles(mols), property=a)],
                   mols=d.mols_text(mols), n=len(mols), prop=prop_phrase(d, a))
        t2 = _turn(d, ctx, 1, [_call(PROP, drug_smiles="(user_smiles)", property=b)], prop=prop_phrase(d, b))
        t3 = _turn(d, ctx, 2, [_call(PROP, drug_smiles="(user_smiles)", property=c)], prop=prop_phrase(d, c))
    elif chain == "cell_props":
        a, b = d.pick(available_props(d.family), 2)
        mols = d.molecules()
        canon, spelling = d.cell()
        t1 = _turn(d, ctx, 0, [_call(CELL, drug_smiles=_smiles(mols), cell_name=canon)],
                   mols=d.mols_text(mols), n=len(mols), cell=spelling)
        t2 = _turn(d, ctx, 1, [_call(PROP, drug_smiles="(user_smiles)", property=a)], prop=prop_phrase(d, a))
        t3 = _turn(d, ctx, 2, [_call(PROP, drug_smiles="(user_smiles)", property=b)], prop=prop_phrase(d, b))
    elif chain == "named_panel":
        mols = _drug_names(d, d.pick(d.family.get("n_mols") or [1, 2]))
        gene, seq = _gene(d)
        t1 = _turn(d, ctx, 0, [_call(AFF, drug_smiles=_smiles(mols), target_seq=seq)],
                   drugs=_names([m[0] for m in mols]), gene=gene)
        gene2, seq2 = _other_gene(d, gene, seq)
        t2 = _turn(d, ctx, 1, [_call(AFF, drug_smiles="(user_smiles)", target_seq=seq2)], gene=gene2)
        t3 = _turn(d, ctx, 2, [_call(DTI, drug_smiles="(user_smiles)", target_seq="(user_target_seq)")], gene=gene2)
    elif chain == "gen_refine":
        canon, spelling = d.cell()
        z, ztext = d.zscore()
        t1 = _turn(d, ctx, 0, [_call(GEN, cell_line=canon, zscore=z)], cell=spelling, z=ztext)
        z2, z2text = d.zscore()
        while z2 == z:
            z2, z2text = d.zscore()
        t2 = _turn(d, ctx, 1, [_call(GEN, cell_line="(user_cell_line)", zscore=z2)], z=z2text, was=ztext)
        enum = d.pick(available_props(d.family))
        t3 = _turn(d, ctx, 2, [_call(PROP, drug_smiles="(generated_smiles)", property=enum)],
                   prop=prop_phrase(d, enum))
    elif chain == "ddi_swap":
        mols = _drug_names(d, 3)
        (a, sa), (b, sb), (c, sc) = mols
        t1 = _turn(d, ctx, 0, [_ddi_call([(sa, sb)], "drugbank")], a=a, b=b)
        t2 = _turn(d, ctx, 1, [_call(DDI, smiles_pairs="(user_smiles_pairs)", task="twosides")], a=a, b=b)
        t3 = _turn(d, ctx, 2, [_ddi_call([(sa, sc)], "drugbank")], a=a, b=b, c=c)
    else:
        raise ValueError(f"unknown chain {chain}")
    return Built([t1, t2, t3])


def sc_pe_named(d: Draw, ctx: Context) -> Built:
    """The agent has to ask; the answer is a name (drug or gene symbol), not a SMILES or a sequence."""
    kind = d.family["problem"]
    tool = d.family.get("tool", "property")
    turns: list[Turn] = []

    def first(text: str, reason: str) -> None:
        turns.append(Turn(text, [ASK], _ask(d, reason)))
        ctx.run(turns[-1])

    if kind == "no_molecule":
        mols = _drug_names(d, d.pick(d.family.get("n_mols") or [1]))
        names = dict(drugs=_names([m[0] for m in mols]), drug=mols[0][0])
        if tool == "property":
            enum = d.pick(available_props(d.family))
            first(fill(templates(d, 0), prop=prop_phrase(d, enum)), "no_molecule")
            turns.append(_turn(d, ctx, 1, [_call(PROP, drug_smiles=_smiles(mols), property=enum)], **names))
        elif tool == "cell":
            canon, spelling = d.cell()
            first(fill(templates(d, 0), cell=spelling), "no_molecule")
            turns.append(_turn(d, ctx, 1, [_call(CELL, drug_smiles=_smiles(mols), cell_name=canon)], **names))
        elif tool == "affinity":
            gene, seq = _gene(d)
            first(fill(templates(d, 0), gene=gene), "no_molecule")
            turns.append(_turn(d, ctx, 1, [_call(AFF, drug_smiles=_smiles(mols), target_seq=seq)], **names))
        else:
            raise ValueError(f"unknown tool {tool}")
    elif kind == "invented_drug":
        fake = d.pick([n for n in values()["invented_drugs"] if drug(n) is None])
        (name, smiles), = _drug_names(d, 1)
        enum = d.pick(available_props(d.family))
        first(fill(templates(d, 0), code=fake, prop=prop_phrase(d, enum)), "drug")
        turns.append(_turn(d, ctx, 1, [_call(PROP, drug_smiles=[smiles], property=enum)], drug=name, code=fake))
    elif kind == "unknown_target":
        mols = _drug_names(d, d.pick(d.family.get("n_mols") or [1]))
        bad = d.pick(values()["unresolvable_targets"])
        assert target(bad) is None
        first(fill(templates(d, 0), drugs=_names([m[0] for m in mols]), drug=mols[0][0], bad=bad), "target")
        gene, seq = _gene(d)
        turns.append(_turn(d, ctx, 1, [_call(AFF, drug_smiles=_smiles(mols), target_seq=seq)], gene=gene, bad=bad))
    else:
        raise ValueError(f"unknown problem {kind}")
    return Built(turns)


def sc_multi_ask(d: Draw, ctx: Context) -> Built:
    """Several asks in one message (bullets, numbered, run-on) on the same molecules or drug names.

    ``asks`` lists them in order: ``prop`` (``{prop1}``, ``{prop2}``, ...), ``cell`` (``{cell}``),
    ``affinity``/``dti`` (``{gene}``; ``{target}`` unless ``named``), ``retro`` (then one retro product).
    The first call takes the literal values, later ones refer to the pool."""
    asks = d.family["asks"]
    named = d.family.get("named", False)
    if "retro" in asks and not named:
        product = d.pick([r["product"] for r in values()["retro"]])
        mols = [("", product)]
    elif named:
        mols = _drug_names(d, d.pick(d.family.get("n_mols") or [1, 2]))
    else:
        mols = d.molecules()
    slots: dict[str, Any] = {"mols": d.mols_text(mols) if not named else "", "mol": mols[0][1], "n": len(mols),
                             "drugs": _names([m[0] for m in mols]), "drug": mols[0][0]}
    props = d.pick(available_props(d.family), asks.count("prop"))
    calls: list[dict[str, Any]] = []
    seq_used = False
    smiles_used = False
    for ask in asks:
        drugs: Any = "(user_smiles)" if smiles_used else _smiles(mols)
        if ask == "prop":
            enum = props.pop(0)
            slots[f"prop{len([c for c in calls if c['name'] == PROP]) + 1}"] = prop_phrase(d, enum)
            calls.append(_call(PROP, drug_smiles=drugs, property=enum))
        elif ask == "cell":
            canon, spelling = d.cell()
            slots["cell"] = spelling
            calls.append(_call(CELL, drug_smiles=drugs, cell_name=canon))
        elif ask in ("affinity", "dti"):
            if not seq_used:
                if named:
                    gene, seq = _gene(d)
                    slots["gene"] = gene
                else:
                    gene, acc, seq = d.sequence()
                    slots.update(gene=gene, acc=acc, target=d.target_text(gene, acc, seq))
            seq_arg: Any = "(user_target_seq)" if seq_used else seq
            calls.append(_call(AFF if ask == "affinity" else DTI, drug_smiles=drugs, target_seq=seq_arg))
            seq_used = True
        elif ask == "retro":
            calls.append(_call(RETRO, smiles_list=drugs))
        else:
            raise ValueError(f"unknown ask {ask}")
        smiles_used = True
    return Built([Turn(fill(templates(d), **slots), calls)])


def _tools(*names: str) -> Callable[[dict[str, Any]], tuple[str, ...]]:
    return lambda family: names


def _target_tool(family: dict[str, Any]) -> tuple[str, ...]:
    return (AFF,) if family["tool"] == "affinity" else (DTI,)


def _pe_tools(family: dict[str, Any]) -> tuple[str, ...]:
    kind = family["problem"]
    if kind == "no_molecule":
        return {"property": (PROP,), "cell": (CELL,)}.get(family.get("tool", "property"), (RETRO,))
    return {"unknown_target": (AFF,), "bad_cell": (CELL,), "bad_cell_generate": (GEN,), "invented_drug": (PROP,),
            "invented_drug_cell": (CELL,), "unsupported_property": (PROP,), "typo_smiles": (PROP,),
            "typo_smiles_retro": (RETRO,), "missing_zscore": (GEN,), "missing_cell": (GEN,),
            "one_drug_ddi": (DDI,)}[kind]


def _correction_tools(family: dict[str, Any]) -> tuple[str, ...]:
    return {"property": (PROP,), "cell": (CELL,), "gene": (AFF,), "dti_to_affinity": (DTI, AFF)}[family["correct"]]


def _three_tools(family: dict[str, Any]) -> tuple[str, ...]:
    return {"props": (PROP,), "cell_props": (CELL, PROP), "named_panel": (AFF, DTI), "gen_refine": (GEN, PROP),
            "ddi_swap": (DDI,)}[family["chain"]]


def _pe_named_tools(family: dict[str, Any]) -> tuple[str, ...]:
    if family["problem"] == "no_molecule":
        return {"property": (PROP,), "cell": (CELL,), "affinity": (AFF,)}[family.get("tool", "property")]
    return {"invented_drug": (PROP,), "unknown_target": (AFF,)}[family["problem"]]


def _multi_ask_tools(family: dict[str, Any]) -> tuple[str, ...]:
    names = {"prop": PROP, "cell": CELL, "affinity": AFF, "dti": DTI, "retro": RETRO}
    return tuple(dict.fromkeys(names[a] for a in family["asks"]))


def _gen_followup_tools(family: dict[str, Any]) -> tuple[str, ...]:
    follow = {"affinity": AFF, "property": PROP, "cell": CELL, "optimize": OPT}[family["followup"]]
    return (GEN, follow) + ((RETRO,) if family.get("third") == "retro" else ())


SCENARIOS: dict[str, Scenario] = {
    "property": Scenario(sc_property, _tools(PROP)),
    "target": Scenario(sc_target, _target_tool),
    "cell": Scenario(sc_cell, _tools(CELL)),
    "ddi": Scenario(sc_ddi, _tools(DDI)),
    "generate": Scenario(sc_generate, _tools(GEN)),
    "optimize": Scenario(sc_optimize, _tools(OPT)),
    "retro": Scenario(sc_retro, _tools(RETRO)),
    "named_property": Scenario(sc_named_property, _tools(PROP)),
    "named_target": Scenario(sc_named_target, _target_tool),
    "named_cell": Scenario(sc_named_cell, _tools(CELL)),
    "named_ddi": Scenario(sc_named_ddi, _tools(DDI)),
    "named_retro": Scenario(sc_named_retro, _tools(RETRO)),
    "two_props": Scenario(sc_two_props, _tools(PROP)),
    "prop_then_retro": Scenario(sc_prop_then_retro, _tools(PROP, RETRO)),
    "cell_then_prop": Scenario(sc_cell_then_prop, _tools(CELL, PROP)),
    "mt_prop_prop": Scenario(sc_mt_prop_prop, _tools(PROP)),
    "mt_cell_cell": Scenario(sc_mt_cell_cell, _tools(CELL)),
    "mt_gen_followup": Scenario(sc_mt_gen_followup, _gen_followup_tools),
    "mt_retro_prop": Scenario(sc_mt_retro_prop, _tools(RETRO, PROP)),
    "mt_uploaded": Scenario(sc_mt_uploaded, _tools(PROP, CELL)),
    "mt_ddi_twosides": Scenario(sc_mt_ddi_twosides, _tools(DDI)),
    "mt_best_cell": Scenario(sc_mt_best_cell, _tools(PROP, CELL)),
    "mt_affinity_dti": Scenario(sc_mt_affinity_dti, _tools(AFF, DTI)),
    "mt_named_screen": Scenario(sc_mt_named_screen, _tools(AFF)),
    "pe": Scenario(sc_pe, _pe_tools),
    "mt_correction": Scenario(sc_mt_correction, _correction_tools),
    "mt_three": Scenario(sc_mt_three, _three_tools),
    "pe_named": Scenario(sc_pe_named, _pe_named_tools),
    "multi_ask": Scenario(sc_multi_ask, _multi_ask_tools),
}


# ----------------------------------------------------------------------------- records


def pool_line(pool: dict[str, Any]) -> str:
    return f"MemoryPool(arguments=dict_keys({list(pool)!r}))"


def _reply(call: dict[str, Any], payload: dict[str, Any]) -> str:
    rows = payload.get("rows", [])
    return f"Done: {call['name']} on {len(rows)} row(s). {payload.get('summary', '')}".strip()


def render(family: dict[str, Any], index: int, built: Built, category: str, key: str) -> dict[str, Any]:
    """Replay the built turns into the TCDD conversation (with observations and pools)."""
    pool = dict(built.pool)
    conversations: list[dict[str, Any]] = []
    used: list[str] = []
    for t, turn in enumerate(built.turns):
        conversations.append({"from": "human", "value": f"{turn.text}\n{pool_line(pool)}"})
        last_payload: dict[str, Any] | None = None
        for j, call in enumerate(turn.calls):
            conversations.append({"from": "function_call", "value": json.dumps(call)})
            if not call.get("name"):
                continue
            used.append(call["name"])
            literal = {"name": call["name"], "arguments": resolve_refs(call["arguments"], pool)}
            payload, outputs = fake_result(literal, f"{key}|{t}|{j}")
            pool = pool_after(call, pool, outputs)
            conversations.append({"from": "observation", "value": json.dumps(payload), "memory_pool": dict(pool)})
            last_payload = payload
        reply = turn.reply or (_reply(turn.calls[-1], last_payload) if last_payload else "")
        conversations.append({"from": "gpt", "value": reply})
    schemas = tool_schemas()
    offered = [used[0]] if category == "simple" else list(schemas)
    return {"id": f"{family['name']}-{index + 1:03d}", "category": category, "family": family["name"],
            "conversations": conversations, "system": "",
            "tools": json.dumps([schemas[name] for name in offered]), "memory_pool": dict(built.pool)}


def category_of(family: dict[str, Any], index: int) -> str:
    if family["scenario"] in ("pe", "pe_named"):
        return "param_error"
    if family["scenario"].startswith("mt_"):
        return "multi_turn"
    cats = family.get("categories") or ["simple", "multiple"]
    return cats[index % len(cats)]


def generate_family(family: dict[str, Any], n: int, seed: int) -> list[dict[str, Any]]:
    records = []
    for i in range(n):
        rng = random.Random(f"{seed}|{family['name']}|{i}")
        key = f"{seed}|obs|{family['name']}|{i}"
        built = SCENARIOS[family["scenario"]].build(Draw(family, rng), Context(key))
        if built is None:  # e.g. a toxicity family whose enums this model zoo lacks
            return []
        category = category_of(family, i)
        if category == "simple" and len({c["name"] for t in built.turns for c in t.calls}) != 1:
            raise ValueError(f"family {family['name']}: simple records need exactly one tool")
        records.append(render(family, i, built, category, key))
    return records


def generate(split: str, per_family: int = 4, seed: int = 0, prefix: str = "") -> list[dict[str, Any]]:
    """Records of every family of ``split`` whose name starts with ``prefix``."""
    if split not in SPLITS:
        raise ValueError(f"split must be one of {SPLITS}")
    records: list[dict[str, Any]] = []
    for family in families():
        if family["split"] == split and family["name"].startswith(prefix):
            records += generate_family(family, per_family, seed)
    return records


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--split", choices=SPLITS, required=True)
    parser.add_argument("--per-family", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--prefix", default="", help="only families whose name starts with this (e.g. fresh_)")
    args = parser.parse_args(argv)
    records = generate(args.split, args.per_family, args.seed, args.prefix)
    args.out.write_text(json.dumps(records, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    counts: dict[str, int] = {}
    for record in records:
        counts[record["category"]] = counts.get(record["category"], 0) + 1
    fams = len({r["family"] for r in records})
    print(f"{len(records)} records from {fams} families ({args.split}): "
          + ", ".join(f"{c} {counts.get(c, 0)}" for c in CATEGORIES))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
