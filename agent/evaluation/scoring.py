"""Score a predicted call against a gold call (design.md §5: paper Appendix D, BFCL-style AST checks)."""

from __future__ import annotations

import math
from typing import Any

from agent.pool.refs import ref_key
from agent.pool.thread_pool import ThreadPool
from model_zoo.chem.cells import UnknownCellLine, resolve_cell_line
from model_zoo.chem.mols import InvalidSmiles, canonical
from model_zoo.specs import Param, ToolSpec, canonical_enum, get_spec


def name_ok(gold: dict[str, Any], predicted: dict[str, Any] | None) -> bool:
    gold_name = gold.get("name")
    if gold_name is None or predicted is None:
        return gold_name is None and predicted is None
    gold_spec, pred_spec = get_spec(gold_name), get_spec(predicted["name"])
    return gold_spec is not None and gold_spec is pred_spec


def params_ok(gold: dict[str, Any], predicted: dict[str, Any] | None, pool: ThreadPool) -> bool:
    if not name_ok(gold, predicted):
        return False
    if predicted is None:
        return True
    spec = get_spec(gold["name"])
    assert spec is not None
    gold_args, pred_args = gold.get("arguments") or {}, predicted.get("arguments") or {}
    if any(spec.param(k) is None for k in pred_args):
        return False
    for param in spec.params:
        in_gold, in_pred = param.name in gold_args, param.name in pred_args
        if not in_gold and not in_pred:
            continue
        if in_gold != in_pred:
            present = gold_args.get(param.name) if in_gold else pred_args.get(param.name)
            if param.default is not None and _normal(spec, param, present, pool) == param.default:
                continue  # an optional parameter set to its default is fine
            return False
        if _normal(spec, param, gold_args[param.name], pool) != _normal(spec, param, pred_args[param.name], pool):
            return False
    return True


def _normal(spec: ToolSpec, param: Param, value: Any, pool: ThreadPool) -> Any:
    key = ref_key(value)
    if key:
        entry = pool.get(key)
        if entry is None:
            return ("missing-key", key)
        value = entry.value
    kind = param.kind
    if kind in ("smiles_list", "smiles"):
        items = [value] if isinstance(value, str) else value
        if isinstance(items, list) and items and all(isinstance(v, dict) and "smiles" in v for v in items):
            items = [v["smiles"] for v in items]
        return tuple(_canon(v) for v in items) if isinstance(items, list) else ("bad", str(value))
    if kind == "smiles_pairs":
        if not isinstance(value, list):
            return ("bad", str(value))
        return tuple(tuple(sorted(_canon(s) for s in pair)) if isinstance(pair, list) else ("bad", str(pair))
                     for pair in value)
    if kind == "number":
        try:
            number = float(value)
        except (TypeError, ValueError):
            return ("bad", str(value))
        return round(number, 6) if math.isfinite(number) else ("bad", str(value))
    if kind == "protein_seq":
        return "".join(str(value).split()).upper().rstrip(".")
    if kind == "cell_line":
        try:
            return resolve_cell_line(value).cosmic_id
        except (UnknownCellLine, ValueError):
            return ("bad", str(value))
    if kind == "enum":
        return canonical_enum(spec, param.name, value) or ("bad", str(value))
    if kind == "mask":
        return tuple(int(v) for v in value) if isinstance(value, list) else ("bad", str(value))
    return value


def _canon(smiles: Any) -> str:
    try:
        return canonical(str(smiles))
    except InvalidSmiles:
        return f"invalid:{smiles}"
