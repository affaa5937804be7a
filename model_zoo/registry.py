"""The tool registry: every ``ToolSpec`` in ``model_zoo.specs.TOOLS`` and where its parts live.

A tool is declared once, as its spec; the spec's ``model`` names the rest by convention, so nothing here
lists tools a second time:

- implementation ``model_zoo.tools.<model>`` with ``run(arguments) -> ToolResult``, imported lazily so
  that heavy libraries load only where tools run;
- weights, model card and ``metrics.json`` in ``model_zoo/weights/<model>/``;
- trainer ``model_zoo.train.<model>`` (``--data-dir``, ``--out``, ``--evaluate``);
- ``drugpilot zoo list|evaluate|train <model>``.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from model_zoo.results import ToolResult, error_result
from model_zoo.specs import TOOLS, ToolSpec, get_spec

WEIGHTS = Path(__file__).resolve().parent / "weights"


def implementation(spec: ToolSpec) -> str:
    """The module that runs the tool."""
    return f"model_zoo.tools.{spec.model}"


def trainer(spec: ToolSpec) -> str:
    """The module that trains and re-scores the tool's model."""
    return f"model_zoo.train.{spec.model}"


def weights_dir(spec: ToolSpec) -> Path:
    return WEIGHTS / spec.model


# canonical tool name -> implementation module (a test may remove one to see how a missing tool is answered)
IMPLEMENTATIONS: dict[str, str] = {spec.name: implementation(spec) for spec in TOOLS}
# model names, in the order of TOOLS: the `drugpilot zoo` choices
MODELS: tuple[str, ...] = tuple(spec.model for spec in TOOLS)


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
