"""Every tool declared in model_zoo.specs runs through the registry, its parts where its ``model`` says.

Arguments come from each spec alone (one valid value per parameter kind, as pydantic-ai's TestModel does), so a
new tool is covered as soon as it is declared.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

import pytest
from rdkit import Chem

from model_zoo import checkpoint, registry
from model_zoo.cli import MODELS
from model_zoo.results import ToolResult
from model_zoo.specs import TOOLS, Param, ToolSpec

SMILES = ("CCO", "c1ccc(O)cc1")  # ethanol, phenol
# any amino-acid sequence of 20+ residues is a valid target
SEQUENCE = "GSPNYDKWEMERTDITMKHKLGGGQYGEVYEGVWKKYSLTVAVKTLKEDTMEVEEFLKEAAV"
CELL_LINE = "A549"


def example_value(param: Param, spec: ToolSpec, filled: dict[str, Any]) -> Any:
    """One valid value for a parameter, from its kind alone."""
    if param.kind == "smiles_list":
        return list(SMILES)
    if param.kind == "smiles":
        return SMILES[1]
    if param.kind == "protein_seq":
        return SEQUENCE
    if param.kind == "cell_line":
        return CELL_LINE
    if param.kind == "number":
        low, high = param.bounds or (0.0, 0.0)
        return (low + high) / 2
    if param.kind == "mask":  # free the last atom of the molecule it belongs to, keep the rest
        atoms = Chem.MolFromSmiles(filled[param.mask_of]).GetNumAtoms()
        return [0] * (atoms - 1) + [1]
    if param.kind == "smiles_pairs":
        return [list(SMILES)]
    if param.kind == "enum":
        return param.default if param.default is not None else param.enum[0]
    raise AssertionError(f"{spec.name}.{param.name}: no example for kind {param.kind!r}; add one here")


def example_arguments(spec: ToolSpec) -> dict[str, Any]:
    filled: dict[str, Any] = {}
    for param in sorted(spec.params, key=lambda p: p.kind == "mask"):  # a mask needs its molecule first
        filled[param.name] = example_value(param, spec, filled)
    return filled


def test_each_tool_is_declared_once_with_all_its_parts() -> None:
    models = [spec.model for spec in TOOLS]
    assert all(models), [spec.name for spec in TOOLS if not spec.model]
    assert len(set(models)) == len(models)
    assert MODELS == tuple(models)
    assert registry.IMPLEMENTATIONS == {spec.name: f"model_zoo.tools.{spec.model}" for spec in TOOLS}
    for spec in TOOLS:
        assert importlib.util.find_spec(registry.trainer(spec)) is not None, spec.name
        assert callable(importlib.import_module(registry.implementation(spec)).run), spec.name


@pytest.mark.parametrize("spec", TOOLS, ids=lambda spec: spec.model)
def test_every_spec_runs_through_the_registry(spec: ToolSpec, one_thread: None) -> None:
    if not any(registry.weights_dir(spec).glob("*")):
        pytest.skip(f"no weights shipped in {registry.weights_dir(spec)}")
    arguments = example_arguments(spec)
    result = registry.run_tool(spec.name, arguments)
    assert isinstance(result, ToolResult)
    assert result.status == "ok", result.summary
    assert result.tool == spec.name
    failed = [row for row in result.rows if "error" in row]
    assert result.rows and not failed, failed


def test_an_alias_reaches_the_same_tool_and_an_unknown_name_is_refused() -> None:
    assert registry.run_tool("drug_target_classification_prediction", {}).tool == "drug_target_classification_predict"
    with pytest.raises(registry.UnknownTool):
        registry.run_tool("drug_toxicity_oracle", {})


def test_model_kinds_are_declared_in_one_table_not_registered_by_imports() -> None:
    before = dict(checkpoint.MODEL_KINDS)
    importlib.import_module("model_zoo.nn.interaction")
    assert checkpoint.MODEL_KINDS == before
    for kind in checkpoint.MODEL_KINDS:
        assert issubclass(checkpoint.model_factory(kind), checkpoint.nn.Module)
    with pytest.raises(ValueError, match="unknown model kind 'gcn'; known: "):
        checkpoint.model_factory("gcn")
