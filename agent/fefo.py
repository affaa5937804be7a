"""Fe-Fo ("feedback-focus") checks: validate a proposed tool call before anything runs.

A call is checked against its ToolSpec and the domain (SMILES parse, sequences, cell lines, mask
length, pool keys). Problems are worded so that both an LLM and a scientist can act on them.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any

from agent.pool.refs import ref_key
from agent.pool.thread_pool import ThreadPool
from agent.settings import DEFAULTS
from model_zoo.chem.cells import resolve_cell_line
from model_zoo.chem.echo import echo
from model_zoo.chem.mols import InvalidSmiles, parse_smiles
from model_zoo.chem.proteins import normalize_sequence
from model_zoo.errors import UserFacingError
from model_zoo.specs import Param, ToolSpec, canonical_enum, get_spec


@dataclass
class CheckedCall:
    spec: ToolSpec
    arguments: dict[str, Any]  # resolved and normalised: what the tool runs with
    literals: dict[str, Any]  # arguments the user gave literally (saved to the pool as user_*)


@dataclass
class FeFoError(UserFacingError):
    problems: list[str]
    tool: str | None = None
    fixable_by_user: bool = True  # False when the LLM made the mistake (unknown tool, bad JSON shape)
    missing: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        return "; ".join(self.problems)


def check_call(
    name: str, arguments: Any, offered: list[ToolSpec], pool: ThreadPool, max_molecules: int = DEFAULTS.max_molecules
) -> CheckedCall:
    spec = get_spec(name)
    if spec is None or spec.name not in {s.name for s in offered}:
        names = ", ".join(s.name for s in offered)
        raise FeFoError([f"unknown tool {echo(name)}; the available tools are: {names}"], fixable_by_user=False)
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments)
        except json.JSONDecodeError:
            raise FeFoError([f"arguments of {spec.name} are not valid JSON"], spec.name, False) from None
    if not isinstance(arguments, dict):
        raise FeFoError([f"arguments of {spec.name} must be an object"], spec.name, False)

    problems: list[str] = []
    unexpected = [k for k in arguments if spec.param(k) is None]
    if unexpected:
        allowed = ", ".join(p.name for p in spec.params)
        problems.append(f"unexpected parameter(s) {', '.join(unexpected)} for {spec.name}; it takes: {allowed}")
    missing = [p.name for p in spec.params if p.required and _is_empty(arguments.get(p.name))]
    for p_name in missing:
        param = spec.param(p_name)
        assert param is not None
        problems.append(f"missing {p_name}: {param.description}")

    resolved: dict[str, Any] = {}
    literals: dict[str, Any] = {}
    for param in spec.params:
        raw = arguments.get(param.name)
        if _is_empty(raw):
            if not param.required and param.default is not None:
                resolved[param.name] = param.default
            continue
        key = ref_key(raw)
        try:
            entry = pool.require(key) if key else None
            # Molecule entries were validated when they entered the pool (file, command, tool, Fe-Fo),
            # so a 100,000-molecule reference is not parsed again here.
            trusted = entry is not None and entry.meta.kind in ("smiles_list", "smiles_pairs")
            value = entry.value if entry else raw
            if entry is not None and _is_empty(value):
                raise ValueError(f"'{key}' is empty: it holds no {'molecules' if trusted else 'value'}")
            resolved[param.name] = _normalise(spec, param, value, max_molecules, trusted)
        except ValueError as exc:  # a UserFacingError (PoolError, UnknownCellLine…) or _normalise's own refusal
            problems.append(f"{param.name}: {exc}")
            continue
        if key is None:
            literals[param.name] = raw
    problems += _check_masks(spec, resolved)
    if problems:
        raise FeFoError(problems, spec.name, missing=missing)
    return CheckedCall(spec, resolved, literals)


def _is_empty(value: Any) -> bool:
    return value is None or value == "" or value == [] or value == [""]


def _normalise(spec: ToolSpec, param: Param, value: Any, max_molecules: int, trusted: bool = False) -> Any:
    kind = param.kind
    if kind == "smiles_list":
        items = _as_list(value)
        if len(items) > max_molecules:
            raise ValueError(f"{len(items)} molecules; the limit per request is {max_molecules}")
        bad = [] if trusted else _invalid_smiles(items)
        if bad:
            raise ValueError("; ".join(bad))
        return items
    if kind == "smiles":
        items = _as_list(value)
        if len(items) != 1:
            raise ValueError(f"expected one SMILES, got {len(items)}")
        bad = _invalid_smiles(items)
        if bad:
            raise ValueError(bad[0])
        return items[0]
    if kind == "smiles_pairs":
        pairs = value if isinstance(value, list) else [value]
        if not all(isinstance(p, (list, tuple)) and len(p) == 2 for p in pairs):
            raise ValueError("expected a list of [SMILES, SMILES] pairs")
        bad = [] if trusted else _invalid_smiles([s for pair in pairs for s in pair])
        if bad:
            raise ValueError("; ".join(bad))
        return [[str(a), str(b)] for a, b in pairs]
    if kind == "protein_seq":
        if not isinstance(value, str):
            raise ValueError("expected one amino-acid sequence as text")
        return normalize_sequence(value)
    if kind == "cell_line":
        return resolve_cell_line(value).cosmic_id
    if kind == "number":
        try:
            number = float(value)
        except (TypeError, ValueError):
            raise ValueError(f"expected a number, got {echo(value)}") from None
        if not math.isfinite(number):
            raise ValueError(f"expected a finite number, got {echo(value)}")
        if param.bounds and not param.bounds[0] <= number <= param.bounds[1]:
            low, high = param.bounds
            raise ValueError(f"{number:g} is outside the trained range {low:g} to {high:g} (ln of IC50 in µM); "
                             "give the target with a unit, e.g. \"IC50 100 nM\" or \"pIC50 7\"")
        return number
    if kind == "mask":
        return _as_mask(value)
    if kind == "enum":
        member = canonical_enum(spec, param.name, value)
        if member is None:
            raise ValueError(f"unsupported value {echo(value)}; supported: {', '.join(param.enum)}")
        return member
    raise AssertionError(f"unhandled parameter kind {kind}")


def _as_list(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return list(value)
    if isinstance(value, list) and value and all(isinstance(v, dict) and "smiles" in v for v in value):
        return [str(v["smiles"]) for v in value]  # a result table from the pool: use its molecules
    raise ValueError("expected SMILES strings")


def _invalid_smiles(items: list[str]) -> list[str]:
    bad = []
    for index, smiles in enumerate(items, start=1):
        try:
            parse_smiles(smiles)
        except InvalidSmiles as exc:
            bad.append(f"item {index}: {exc}" if len(items) > 1 else str(exc))
        if len(bad) >= 5:
            break
    return bad


def _as_mask(value: Any) -> list[int]:
    if isinstance(value, str):
        digits = [c for c in value if not c.isspace() and c not in ",[]"]
    elif isinstance(value, list):
        digits = value
    else:
        raise ValueError("expected a list of 0/1")
    mask = []
    for d in digits:
        if str(d) not in ("0", "1"):
            raise ValueError(f"mask entries must be 0 or 1, got {echo(d)}")
        mask.append(int(d))
    return mask


def _check_masks(spec: ToolSpec, resolved: dict[str, Any]) -> list[str]:
    problems = []
    for param in spec.params:
        if param.kind != "mask" or param.name not in resolved or param.mask_of not in resolved:
            continue
        molecule = resolved[param.mask_of]
        atoms = parse_smiles(molecule).GetNumHeavyAtoms()
        if len(resolved[param.name]) != atoms:
            problems.append(
                f"{param.name}: {len(resolved[param.name])} atom flags for {echo(molecule)}, which has {atoms} atoms "
                "(hydrogens not counted); give one 0/1 per atom in the order the SMILES writes them, or say which "
                "atoms may change, e.g. 'keep atoms 1-5 fixed'"
            )
    return problems
