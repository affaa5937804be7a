"""ToolResult: what every tool returns. Rows keep input order; problems are reported per row."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class ModelInfo:
    name: str
    version: str
    test_metrics: dict[str, float] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "version": self.version, "test_metrics": dict(self.test_metrics)}

    @classmethod
    def from_checkpoint_info(cls, info: dict[str, Any]) -> ModelInfo:
        """From a checkpoint's ``extra``: its name, version and test metrics (rounded for replies)."""
        metrics = {k: round(float(v), 4) for k, v in info["metrics"]["test"].items()}
        return cls(info["model_name"], info["version"], metrics)


@dataclass
class FileArtifact:
    """A file produced by a tool (CSV of the table, PNG plot). Bytes travel until a store keeps them."""

    name: str
    media_type: str
    data: bytes


@dataclass
class ToolResult:
    tool: str
    status: str  # "ok" (at least one row computed) or "error" (nothing computed)
    rows: list[dict[str, Any]]  # one dict per input row, in input order; a failed row has "error"
    columns: list[str]  # column order for tables and CSVs
    summary: str
    model: ModelInfo | None = None
    warnings: list[str] = field(default_factory=list)
    artifacts: list[FileArtifact] = field(default_factory=list)
    pool_value: Any = None  # what goes to the pool under the tool's result key (default: rows)
    pool_kind: str = "table"

    def to_observation(self, max_rows: int = 20) -> dict[str, Any]:
        """A compact JSON-able view for the LLM and for --json output (no file bytes)."""
        return {
            "status": self.status,
            "tool": self.tool,
            "rows": self.rows[:max_rows],
            "n_rows": len(self.rows),
            "summary": self.summary,
            "model": self.model.to_dict() if self.model else None,
            "warnings": list(self.warnings),
            "artifacts": [a.name for a in self.artifacts],
        }


def error_result(tool: str, message: str) -> ToolResult:
    return ToolResult(tool=tool, status="error", rows=[], columns=[], summary=message, warnings=[message])

