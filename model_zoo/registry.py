"""Tool name → implementation, imported lazily so that heavy libraries load only where tools run."""

from __future__ import annotations

import importlib
from typing import Any

from model_zoo.results import ToolResult, error_result
from model_zoo.specs import get_spec

# canonical tool name -> module under model_zoo.tools exposing run(args) -> ToolResult
IMPLEMENTATIONS: dict[str, str] = {
    "drug_property_prediction": "model_zoo.tools.property",
    "drug_target_affinity_regression_predict": "model_zoo.tools.affinity",
    "drug_target_classification_predict": "model_zoo.tools.target_interaction",
    "drug_drug_response_predict": "model_zoo.tools.drug_drug",
    "drug_cell_response_regression_predict": "model_zoo.tools.cell_response",
    "drug_cell_response_regression_generation": "model_zoo.tools.generation",
    "drug_cell_response_regression_optimization": "model_zoo.tools.optimization",
    "Retrosynthetic_reaction_pathway_prediction": "model_zoo.tools.retrosynthesis",
}


class UnknownTool(KeyError):
    pass


def run_tool(name: str, arguments: dict[str, Any]) -> ToolResult:
    spec = get_spec(name)
    if spec is None:
        raise UnknownTool(name)
    module = IMPLEMENTATIONS.get(spec.name)
    if module is None:
        return error_result(spec.name, f"{spec.name} is not available yet: its model has not been trained and "
                                       "shipped. Available now: " + ", ".join(IMPLEMENTATIONS) + ".")
    return importlib.import_module(module).run(arguments)


def warm_up() -> None:
    """Import every implemented tool module (model weights load lazily on first call)."""
    for module in IMPLEMENTATIONS.values():
        importlib.import_module(module)
