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



def tool_modules_imported(source: str) -> list[str]:
    """The model_zoo.tools modules a file imports (``from model_zoo.tools import x`` counts as x; any relative
    import counts too)."""
    names = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names if a.name.startswith("model_zoo.tools.")]
        elif isinstance(node, ast.ImportFrom) and (node.level > 0 or node.module == "model_zoo.tools"):
            prefix = "." * node.level + (f"{node.module}." if node.module else "")
            names += [prefix + a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("model_zoo.tools."):
            names.append(str(node.module))
    return names


def test_tools_import_no_other_tool() -> None:
    """What several tools share lives outside model_zoo/tools (cell_models, target_models, chem/), and every module
    there is a tool that a spec names."""
    from model_zoo.specs import TOOLS

    tools = REPO / "model_zoo" / "tools"
    assert {p.stem for p in tools.glob("*.py")} - {"__init__"} == {spec.model for spec in TOOLS}
    bad = [f"{path.relative_to(REPO)} imports {name}" for path in tools.glob("*.py")
           for name in tool_modules_imported(path.read_text())]
    assert bad == []


def test_morgan_generators_are_set_up_in_one_place() -> None:
    """Every Morgan fingerprint comes from model_zoo.chem.featurizers (one cached generator per radius and size)."""
    allowed = REPO / "model_zoo" / "chem" / "featurizers.py"
    found = [str(path.relative_to(REPO)) for package in FIRST_PARTY for path in (REPO / package).rglob("*.py")
             if "GetMorganGenerator" in path.read_text() and path != allowed]
    assert found == []
