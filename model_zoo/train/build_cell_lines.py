"""Build the shipped cell-line catalogue ``model_zoo/data/gdsc_cell_lines.csv`` from the GDSC files.

    python -m model_zoo.train.build_cell_lines --data-dir ../shared/data

Sources (under ``<data-dir>/gdsc``):
  * ``cell_lines_cosmic_info.csv`` (gdsctools): SAMPLE_NAME, COSMIC_ID, GDSC2 tissue label.
  * ``graphdrp_Cell_list.csv`` (GraphDRP): its header is shifted; the real columns are
    COSMIC_ID, name, COSMIC_ID, TCGA, tissue, sub-tissue. It adds ~80 lines and some other spellings.
  * ``gdsc2_ln_ic50.csv``: which COSMIC ids have GDSC2 responses, and the name GDSC2 uses for them.

Output columns: cosmic_id, name, tissue, in_gdsc2, aliases. ``name`` is the GDSC2 spelling when the line
is in GDSC2 (what the response model was trained on), else the gdsctools one, else GraphDRP's.
``aliases`` lists the other spellings, separated by "|". GDSC2 names without a COSMIC id (SNU-1,
NCI-H2591, …) are left out: nothing can be keyed on them.
"""

from __future__ import annotations

import argparse
import csv
import re
import sys
from collections import defaultdict
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "data" / "gdsc_cell_lines.csv"
COLUMNS = ("cosmic_id", "name", "tissue", "in_gdsc2", "aliases")


def _read(path: Path) -> list[list[str]]:
    with path.open(newline="", encoding="utf-8") as fh:
        return list(csv.reader(fh))


def _clean_id(value: str) -> str:
    value = value.strip()
    return str(int(float(value))) if value else ""


def build(data_dir: Path) -> list[dict[str, str]]:
    gdsc = data_dir / "gdsc"
    names: dict[str, list[str]] = defaultdict(list)  # cosmic id -> spellings, preferred first later
    tissue: dict[str, str] = {}
    gdsc2_name: dict[str, str] = {}

    cosmic = _read(gdsc / "cell_lines_cosmic_info.csv")
    header = cosmic[0]
    i_name, i_id, i_t2, i_t1 = (header.index(c) for c in ("SAMPLE_NAME", "COSMIC_ID", "GDSC2", "GDSC1"))
    for row in cosmic[1:]:
        cid = _clean_id(row[i_id])
        names[cid].append(row[i_name].strip())
        tissue[cid] = row[i_t2].strip() or row[i_t1].strip()

    # Shifted header: positional columns COSMIC_ID, name, COSMIC_ID, TCGA, tissue, sub-tissue.
    for row in _read(gdsc / "graphdrp_Cell_list.csv")[1:]:
        if len(row) < 6 or not row[0].strip():
            continue
        cid = _clean_id(row[0])
        names[cid].append(row[1].strip())
        if not tissue.get(cid):
            tissue[cid] = row[5].strip() or row[4].strip()

    with (gdsc / "gdsc2_ln_ic50.csv").open(newline="", encoding="utf-8") as fh:
        for rec in csv.DictReader(fh):
            cid = _clean_id(rec["COSMIC_ID"])
            if cid:
                gdsc2_name.setdefault(cid, rec["CELL_LINE_NAME"].strip())

    missing = set(gdsc2_name) - set(names)
    if missing:
        print(f"warning: {len(missing)} GDSC2 COSMIC ids have no catalogue row: {sorted(missing)[:5]}",
              file=sys.stderr)
        for cid in missing:
            names[cid].append(gdsc2_name[cid])

    rows = []
    for cid in sorted(names, key=int):
        spellings = ([gdsc2_name[cid]] if cid in gdsc2_name else []) + names[cid]
        unique = list(dict.fromkeys(s for s in spellings if s))
        rows.append({
            "cosmic_id": cid,
            "name": unique[0],
            "tissue": tissue.get(cid, ""),
            "in_gdsc2": "1" if cid in gdsc2_name else "0",
            "aliases": "|".join(unique[1:]),
        })
    return rows


def _report_collisions(rows: list[dict[str, str]]) -> None:
    """Print names that collide once punctuation and case are ignored (resolution must be exact there)."""
    by_key: dict[str, set[str]] = defaultdict(set)
    for row in rows:
        for name in [row["name"], *filter(None, row["aliases"].split("|"))]:
            by_key[re.sub(r"[^a-z0-9]", "", name.lower())].add(row["cosmic_id"])
    clashes = {k: sorted(v) for k, v in by_key.items() if len(v) > 1}
    if clashes:
        print(f"punctuation-insensitive collisions (exact match needed): {clashes}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data-dir", type=Path, required=True, help="folder holding gdsc/")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    rows = build(args.data_dir)
    _report_collisions(rows)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    n_gdsc2 = sum(r["in_gdsc2"] == "1" for r in rows)
    print(f"wrote {len(rows)} cell lines ({n_gdsc2} in GDSC2) to {args.out.name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
