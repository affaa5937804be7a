"""Build the Teams app package (manifest.json + the two icons) to upload in Teams.

    MICROSOFT_APP_ID=… DRUGPILOT_PUBLIC_URL=https://drugpilot.example.org python infra/teams/package.py

TEAMS_APP_ID defaults to MICROSOFT_APP_ID. Writes drugpilot-teams.zip next to this file (or --out PATH).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import zipfile
from pathlib import Path
from urllib.parse import urlsplit

HERE = Path(__file__).resolve().parent
GUID = re.compile(r"^[0-9a-fA-F]{8}-([0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}$")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE / "drugpilot-teams.zip")
    args = parser.parse_args()
    app_id = os.environ.get("MICROSOFT_APP_ID", "")
    values = {"MICROSOFT_APP_ID": app_id, "TEAMS_APP_ID": os.environ.get("TEAMS_APP_ID", app_id),
              "PUBLIC_HOST": urlsplit(os.environ.get("DRUGPILOT_PUBLIC_URL", "")).netloc}
    for name in ("MICROSOFT_APP_ID", "TEAMS_APP_ID"):
        if not GUID.match(values[name]):
            print(f"{name} must be the app registration's GUID (got {values[name]!r})", file=sys.stderr)
            return 2
    if not values["PUBLIC_HOST"]:
        print("DRUGPILOT_PUBLIC_URL must be set, e.g. https://drugpilot.example.org", file=sys.stderr)
        return 2
    text = re.sub(r"\$\{\{(\w+)\}\}", lambda m: values[m.group(1)], (HERE / "manifest.json").read_text())
    json.loads(text)  # still valid JSON
    with zipfile.ZipFile(args.out, "w", zipfile.ZIP_DEFLATED) as package:
        package.writestr("manifest.json", text)
        for icon in ("color.png", "outline.png"):
            package.write(HERE / icon, icon)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
