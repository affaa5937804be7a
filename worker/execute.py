"""Run a tool and turn its result into a JSON-able ToolOutcome with its files stored."""

from __future__ import annotations

from typing import Any

from agent.artifacts import ArtifactStore
from agent.dispatch import ToolOutcome
from model_zoo.registry import run_tool
from model_zoo.results import ToolResult
from model_zoo.tables import annotate


def execute_tool(name: str, arguments: dict[str, Any], artifacts: ArtifactStore) -> ToolOutcome:
    return to_outcome(annotate(run_tool(name, arguments), arguments), artifacts)


def to_outcome(result: ToolResult, artifacts: ArtifactStore) -> ToolOutcome:
    refs = [artifacts.put(a.name, a.media_type, a.data) for a in result.artifacts]
    return ToolOutcome(
        tool=result.tool,
        status=result.status,
        summary=result.summary,
        columns=result.columns,
        rows=result.rows,
        observation=result.to_observation(),
        artifacts=refs,
        pool_value=result.pool_value,
        pool_kind=result.pool_kind,
        model=result.model.to_dict() if result.model else None,
        warnings=result.warnings,
    )
