"""The Teams app package: manifest within Teams' limits, icons of the required sizes, packaging works."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

from PIL import Image

from conftest import REPO

TEAMS = REPO / "infra" / "teams"


def test_manifest_declares_the_bot_scopes_files_and_pool_commands() -> None:
    manifest = json.loads((TEAMS / "manifest.json").read_text())
    [bot] = manifest["bots"]
    assert set(bot["scopes"]) == {"personal", "team", "groupChat"} and bot["supportsFiles"] is True
    [commands] = bot["commandLists"]
    titles = [c["title"] for c in commands["commands"]]
    assert {"pool list", "pool show", "pool set", "pool del", "pool rename", "pool export", "pool history"} <= set(
        titles)
    assert len(titles) <= 10 and all(len(t) <= 32 for t in titles)
    assert all(len(c["description"]) <= 128 for c in commands["commands"])
    assert len(manifest["name"]["short"]) <= 30 and len(manifest["description"]["short"]) <= 80
    assert len(manifest["description"]["full"]) <= 4000


def test_icons_have_the_sizes_teams_requires() -> None:
    color, outline = Image.open(TEAMS / "color.png"), Image.open(TEAMS / "outline.png")
    assert color.size == (192, 192) and outline.size == (32, 32)
    rgba = outline.convert("RGBA")
    pixels = [p for p in (rgba.getpixel((x, y)) for x in range(32) for y in range(32)) if p[3] > 0]
    assert pixels and all(p[:3] == (255, 255, 255) for p in pixels)  # white on transparent


def test_package_fills_the_placeholders(tmp_path: Path) -> None:
    out = tmp_path / "app.zip"
    env = {"MICROSOFT_APP_ID": "9f3e0000-0000-4000-8000-00000000b07d", "DRUGPILOT_PUBLIC_URL": "https://bot.example.org"}
    subprocess.run([sys.executable, str(TEAMS / "package.py"), "--out", str(out)], env=env, check=True,
                   capture_output=True)
    with zipfile.ZipFile(out) as package:
        assert sorted(package.namelist()) == ["color.png", "manifest.json", "outline.png"]
        manifest = json.loads(package.read("manifest.json"))
    assert manifest["id"] == manifest["bots"][0]["botId"] == env["MICROSOFT_APP_ID"]
    assert manifest["validDomains"] == ["bot.example.org"] and "${{" not in json.dumps(manifest)
