"""Cost of the structural-alert screen and of the computed descriptors (issue 14; not in `make test`).

    .venv/bin/python tests/bench/alerts_descriptors.py [--molecules 2000]

Molecules: the shipped generation seed library (MOSES test molecules and GDSC2 drugs), repeated to the count asked
for. Reports milliseconds per molecule for ``alerts_in`` (PAINS + Brenk + NIH + the extra reactive patterns), the
share of seed molecules with an alert and the most frequent alerts, and molecules per second for each computed
descriptor through the property tool (parsing included).
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter

from rdkit import Chem

from model_zoo import computed_properties
from model_zoo.chem.alerts import alerts_in, catalog
from model_zoo.specs import COMPUTED_NAMES
from model_zoo.tools.generation import SEEDS_PATH


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--molecules", type=int, default=2000)
    n = parser.parse_args().molecules
    seeds = [line.split("\t")[0] for line in SEEDS_PATH.read_text().splitlines() if line and not line.startswith("#")]
    smiles = (seeds * (n // len(seeds) + 1))[:n]
    mols = [Chem.MolFromSmiles(s) for s in smiles]
    catalog()
    start = time.perf_counter()
    found = [alerts_in(m) for m in mols]
    alerts_ms = 1000 * (time.perf_counter() - start) / n
    unique = {s: a for s, a in zip(smiles, found)}
    flagged = sum(bool(a) for a in unique.values())
    common = Counter(a for alerts in unique.values() for a in alerts).most_common(8)
    rates = {}
    for name in COMPUTED_NAMES:
        start = time.perf_counter()
        computed_properties.run({"property": name, "drug_smiles": smiles})
        rates[name] = round(n / (time.perf_counter() - start))
    print(json.dumps({"molecules": n, "catalog_entries": catalog().GetNumEntries(),
                      "alerts_ms_per_molecule": round(alerts_ms, 2),
                      "seed_molecules_with_an_alert": f"{flagged}/{len(unique)}", "most_frequent": common,
                      "descriptor_molecules_per_second": rates}, indent=1))


if __name__ == "__main__":
    main()
