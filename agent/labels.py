"""What the agent tells a tool beyond the validated arguments: the names of its molecules (``_labels``) and
what produced the call (``_about``). Both are added after Fe-Fo, so an LLM can never supply them: Fe-Fo refuses
any parameter a tool's spec does not declare, underscore keys included."""

from __future__ import annotations

import datetime as dt
from typing import Any

from agent.entities import Entities
from agent.pool.refs import ref_key
from agent.pool.thread_pool import ThreadPool
from model_zoo.chem.mols import same_molecule_key
from model_zoo.specs import ToolSpec
from model_zoo.tables import ABOUT, LABELS

MAX_MATCHED = 1_000  # molecules compared with the message's names by structure (an RDKit parse each)


def molecules_of(spec: ToolSpec, arguments: dict[str, Any]) -> list[str]:
    """Every SMILES a call passes (each one of a pair)."""
    found: list[str] = []
    for param in spec.params:
        value = arguments.get(param.name)
        if param.kind == "smiles" and isinstance(value, str):
            found.append(value)
        elif param.kind == "smiles_list" and isinstance(value, list):
            found += [v for v in value if isinstance(v, str)]
        elif param.kind == "smiles_pairs" and isinstance(value, list):
            found += [s for pair in value if isinstance(pair, list) for s in pair if isinstance(s, str)]
    return found


def call_names(spec: ToolSpec, proposed: dict[str, Any], resolved: dict[str, Any], pool: ThreadPool,
               entities: Entities) -> dict[str, str]:
    """{SMILES: name} for the call's molecules that have one: from the pool entries it references (an upload's
    name column, an earlier result's names) and from drug names in the message ("ibuprofen" → its SMILES, or a
    name written next to a structure)."""
    molecules = molecules_of(spec, resolved)
    if not molecules:
        return {}
    known: dict[str, str] = {}
    for raw in proposed.values():
        key = ref_key(raw)
        entry = pool.get(key) if key else None
        if entry is not None:
            known.update(entry.names())
    written = {n.value: n.name for n in entities.names if n.kind == "drug"}
    by_structure = {same_molecule_key(smiles): name for smiles, name in written.items()}
    by_structure.pop(None, None)
    unnamed = [m for m in dict.fromkeys(molecules) if m not in known]
    for smiles in unnamed[:MAX_MATCHED] if by_structure else []:
        name = written.get(smiles) or by_structure.get(same_molecule_key(smiles))
        if name:
            known[smiles] = name
    return {m: known[m] for m in dict.fromkeys(molecules) if m in known}


def about_call(spec: ToolSpec, proposed: dict[str, Any], resolved: dict[str, Any], request: str, user: str,
               thread_key: str) -> dict[str, str]:
    """Provenance of one call for its CSV: the request as typed, the call as resolved, who, when, which thread."""
    parts = []
    for param in spec.params:
        if param.name not in resolved:
            continue
        value, key = resolved[param.name], ref_key(proposed.get(param.name))
        if isinstance(value, list):
            what = {"smiles_pairs": "pair"}.get(param.kind, "molecule" if "smiles" in param.kind else "value")
            text = f"{len(value)} {what}{'' if len(value) == 1 else 's'}"
        else:
            text = str(value) if len(str(value)) <= 80 else str(value)[:79] + "…"
        parts.append(f"{param.name}={text}" + (f" from ({key})" if key else ""))
    return {"request": " ".join(request.split()), "call": f"{spec.name}({', '.join(parts)})", "asked_by": user,
            "asked_at_utc": dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M:%S"), "thread": thread_key}


def with_internal(spec: ToolSpec, proposed: dict[str, Any], resolved: dict[str, Any], pool: ThreadPool,
                  entities: Entities, request: str, user: str) -> dict[str, Any]:
    """The arguments a tool runs with: the validated ones, ``_labels`` when a molecule has a name, ``_about``."""
    arguments = {k: v for k, v in resolved.items() if not k.startswith("_")}
    names = call_names(spec, proposed, resolved, pool, entities)
    if names:
        arguments[LABELS] = names
    arguments[ABOUT] = about_call(spec, proposed, resolved, request, user, pool.thread_key)
    return arguments
