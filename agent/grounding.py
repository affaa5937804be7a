"""Ground an LLM's tool call in what the user typed.

Small models rewrite SMILES ("c1ccc(cc1)O" became "C1CCC(C1)O"), drop residues from sequences and
round numbers. Literal values are therefore replaced by the matching values extracted from the
user's message; pool references are left alone.
"""

from __future__ import annotations

from typing import Any

from agent.backends.base import ToolCall
from agent.entities import Entities, pick_number
from agent.pool.entry import EntryMeta
from agent.pool.refs import ref_key
from model_zoo.chem.mols import InvalidSmiles, canonical
from model_zoo.specs import PROPERTY, canonical_enum, get_spec


def ground_call(call: ToolCall, request: str, entities: Entities, pool: list[EntryMeta] | None = None) -> ToolCall:
    call = _property_named_as_tool(call)
    spec = get_spec(call.name)
    if spec is None or not isinstance(call.arguments, dict):
        return call
    pool_keys = {meta.key for meta in pool} if pool is not None else None
    args = unnested(call.arguments)
    for param in spec.params:
        value = args.get(param.name)
        key = ref_key(value) if value is not None else None
        if key is not None and pool_keys is not None and key not in pool_keys:
            value = args[param.name] = ""  # an invented key: fall back to what the user typed, below
        if value is None or key in (pool_keys or set()):
            continue
        if value == "":
            by_kind: dict[str, list[Any]] = {"smiles_list": entities.molecules, "smiles": entities.molecules[:1],
                                             "protein_seq": entities.sequences[:1], "mask": entities.masks[:1]}
            filled = by_kind.get(param.kind)
            only_key = _only_key_of_kind(pool or [], param.kind)
            if filled:
                args[param.name] = filled if param.kind == "smiles_list" else filled[0]
            elif only_key:
                args[param.name] = f"({only_key})"  # "(user_smiles)" for the one molecule list the pool holds
            else:
                del args[param.name]  # Fe-Fo will then ask for it by name
        elif param.kind == "smiles_list" and entities.molecules:
            args[param.name] = _ground_smiles(value, entities.molecules)
        elif param.kind == "smiles" and entities.molecules:
            grounded = _ground_smiles([value] if isinstance(value, str) else value, entities.molecules)
            args[param.name] = grounded[0] if len(grounded) == 1 else value
        elif param.kind == "protein_seq" and entities.sequences:
            args[param.name] = entities.sequences[0]
        elif param.kind == "mask" and entities.masks:
            args[param.name] = entities.masks[0]
        elif param.kind == "number" and entities.numbers:
            if not any(_same_number(value, n.value) for n in entities.numbers):
                args[param.name] = pick_number(entities)
    return ToolCall(call.name, args)


def unnested(arguments: dict[str, Any]) -> dict[str, Any]:
    """A copy of the arguments; small models nest them one level too deep, under "parameters"."""
    if set(arguments) == {"parameters"} and isinstance(arguments["parameters"], dict):
        return dict(arguments["parameters"])
    return dict(arguments)


def _ground_smiles(value: Any, typed: list[str]) -> Any:
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list) or not all(isinstance(s, str) for s in items):
        return value
    by_canonical = {_canon(s): s for s in typed}
    grounded = [s if s in typed else by_canonical.get(_canon(s)) for s in items]
    if all(g is not None for g in grounded):
        return grounded
    # The model changed molecules it should have copied: take the user's own, all of them.
    return list(typed)


def _canon(smiles: str) -> str | None:
    try:
        return canonical(smiles)
    except InvalidSmiles:
        return None


def _same_number(value: Any, other: float) -> bool:
    try:
        return abs(float(value) - other) <= 1e-6 * max(1.0, abs(other))
    except (TypeError, ValueError):
        return False


def _property_named_as_tool(call: ToolCall) -> ToolCall:
    """Small models call a property as if it were a tool ("lipophilicity", "freesolv"): that is the property
    tool with that property."""
    if get_spec(call.name) is not None or not isinstance(call.arguments, dict):
        return call
    prop = canonical_enum(PROPERTY, "property", call.name)
    return ToolCall(PROPERTY.name, {**call.arguments, "property": prop}) if prop else call


_POOL_KINDS = {"smiles_list": ("smiles_list", "smiles"), "smiles": ("smiles", "smiles_list"),
               "protein_seq": ("protein_seq",), "cell_line": ("cell_line",), "smiles_pairs": ("smiles_pairs",)}


def _only_key_of_kind(pool: list[EntryMeta], kind: str) -> str | None:
    """The pool key a parameter can only mean: the single entry of its kind (small models invent the
    TCDD-style name "(user_smiles)" for "the uploaded compounds")."""
    keys = [meta.key for meta in pool if meta.kind in _POOL_KINDS.get(kind, ())]
    return keys[0] if len(keys) == 1 else None
