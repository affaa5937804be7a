"""The arrows between packages (see README "Architecture"), checked by scanning imports."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
# package -> first-party modules it may import (model_zoo.errors: the user-facing error family, for all)
ALLOWED = {
    "bot": ("agent", "worker", "bot", "model_zoo.errors"),
    "worker": ("agent", "model_zoo", "worker"),
    "agent": ("agent", "model_zoo.specs", "model_zoo.chem", "model_zoo.names", "model_zoo.tables",
              "model_zoo.errors"),
    "model_zoo": ("model_zoo",),
}
FIRST_PARTY = tuple(ALLOWED)
# Chat-platform libraries may only appear in bot/.
PLATFORM_LIBS = ("slack_bolt", "slack_sdk", "botbuilder", "aiohttp")


def imports(path: Path) -> list[str]:
    names = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def test_packages_import_only_what_their_layer_allows() -> None:
    bad = []
    for package, allowed in ALLOWED.items():
        for path in (REPO / package).rglob("*.py"):
            for name in imports(path):
                first_party = name.split(".")[0] in FIRST_PARTY
                if first_party and not any(name == a or name.startswith(a + ".") for a in allowed):
                    bad.append(f"{path.relative_to(REPO)} imports {name}")
                if package != "bot" and name.split(".")[0] in PLATFORM_LIBS:
                    bad.append(f"{path.relative_to(REPO)} imports platform library {name}")
    assert bad == []


def test_specs_and_agent_import_no_torch() -> None:
    code = ("import sys, model_zoo.specs, agent.service, agent.loop, worker.celery_app; "
            "print('torch' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_networks_import_only_networks_and_tools_no_training_code() -> None:
    """model_zoo/nn holds modules only (the checkpoint table names them; importing one registers nothing), and a
    tool never imports its trainer."""
    model_zoo = REPO / "model_zoo"
    bad = [f"{path.relative_to(REPO)} imports {name}" for path in (model_zoo / "nn").rglob("*.py")
           for name in imports(path) if name.split(".")[0] == "model_zoo" and not name.startswith("model_zoo.nn")]
    bad += [f"{path.relative_to(REPO)} imports {name}" for path in (model_zoo / "tools").rglob("*.py")
            for name in imports(path) if name.startswith("model_zoo.train")]
    assert bad == []
