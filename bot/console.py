"""Terminal adapter: the same Turn in, the same Reply out, files written to an output folder."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from agent.artifacts import ArtifactStore
from agent.turn import Attachment, Reply, Table, ThreadRef, Turn

Submit = Callable[[Turn], Reply]


class ConsoleThread:
    """One chat thread in the terminal; ``user`` can change between messages (colleagues)."""

    def __init__(self, thread: str, submit: Submit, artifacts: ArtifactStore, output_dir: Path,
                 out: TextIO = sys.stdout) -> None:
        self.ref = ThreadRef(platform="console", workspace="local", channel="terminal", thread=thread)
        self._submit = submit
        self._artifacts = artifacts
        self.output_dir = output_dir
        self._out = out

    def say(self, user: str, text: str, files: list[Path] | None = None) -> Reply:
        attachments = [Attachment(name=p.name, data=p.read_bytes()) for p in files or []]
        reply = self._submit(Turn(thread=self.ref, user=user, text=text, files=attachments))
        self.show(reply)
        return reply

    def show(self, reply: Reply) -> None:
        print(f"DrugPilot: {reply.text}", file=self._out)
        for table in reply.tables:
            print(render_table(table), file=self._out)
        for path in self.save_artifacts(reply):
            print(f"  file: {path}", file=self._out)
        print(file=self._out)

    def save_artifacts(self, reply: Reply) -> list[Path]:
        folder = self.output_dir / _safe(self.ref.thread)
        folder.mkdir(parents=True, exist_ok=True)
        paths = []
        for ref in reply.artifacts:
            path = folder / f"{reply.turn_id[:8]}_{_safe(ref.name)}"
            path.write_bytes(self._artifacts.get(ref))
            paths.append(path)
        return paths


def render_table(table: Table, width: int = 40) -> str:
    columns = [c for c in table.columns if any(c in row for row in table.rows)]
    cells = [[_cell(row.get(c), width) for c in columns] for row in table.rows]
    widths = [max([len(c)] + [len(r[i]) for r in cells]) for i, c in enumerate(columns)]
    lines = ["  " + "  ".join(c.ljust(w) for c, w in zip(columns, widths))]
    lines += ["  " + "  ".join(v.ljust(w) for v, w in zip(r, widths)) for r in cells]
    if table.total_rows > len(table.rows):
        lines.append(f"  … {table.total_rows - len(table.rows)} more row(s) in the CSV")
    return "\n".join(lines)


def _cell(value: object, width: int) -> str:
    text = "" if value is None else str(value)
    return text if len(text) <= width else text[: width - 1] + "…"


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.\-]", "_", name)
