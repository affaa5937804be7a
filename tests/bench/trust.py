"""Trust report per tool (issue 14), not part of `make test`: the test metric, how well the 90 % intervals cover
the test split, how much of the test split is in the applicability domain (and the error in vs out), and
prediction throughput for 10,000 molecules through the tool (uncertainty and domain included) against the time
RDKit alone needs for the same featurisation.

    .venv/bin/python tests/bench/trust.py --out DIR [--data-dir ../shared/data] [--n 10000] [--retro-n 200] [--write]

Results go to DIR/trust.json and DIR/trust.md; with --write also to model_zoo/weights/<tool>/trust.json (tracked
files are only rewritten when asked). Calibration and domain numbers are read from the shipped calibration.json
and domain_*.npz files (built by ``python -m model_zoo.train.domain``); throughput is measured here.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from rdkit import Chem, rdBase  # noqa: E402

from model_zoo.applicability import get_domain  # noqa: E402
from model_zoo.uncertainty import get_calibration  # noqa: E402

WEIGHTS = REPO / "model_zoo" / "weights"


def molecules(data_dir: Path, n: int) -> list[str]:
    """n parsable SMILES: Tox21 then Lipophilicity (public MoleculeNet files), else the shipped seed library."""
    smiles: list[str] = []
    for name, column in (("tox21.csv", "smiles"), ("lipo.csv", "smiles"), ("BBBP.csv", "smiles")):
        path = data_dir / "moleculenet" / name
        if path.exists():
            import pandas as pd

            smiles += pd.read_csv(path)[column].astype(str).tolist()
    if not smiles:
        seeds = (REPO / "model_zoo" / "data" / "generation_seeds.smi").read_text().splitlines()
        smiles = [line.split("\t")[0] for line in seeds if line and not line.startswith("#")]
    with rdBase.BlockLogs():
        smiles = [s for s in smiles if Chem.MolFromSmiles(s) is not None]
    while len(smiles) < n:
        smiles += smiles
    return smiles[:n]


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    started = time.perf_counter()
    out = fn()
    return time.perf_counter() - started, out


def rdkit_time(smiles: list[str], featurize: Callable[[list[Chem.Mol]], Any]) -> float:
    """Parse + the tool's own featurisation (RDKit fingerprints/descriptors), nothing else."""
    def work() -> None:
        with rdBase.BlockLogs():
            mols = [Chem.MolFromSmiles(s) for s in smiles]
        featurize(mols)
    return timed(work)[0]


def throughput(name: str, n: int, tool_seconds: float, rdkit_seconds: float,
               domain_path: Path | None = None, smiles: list[str] | None = None) -> dict[str, Any]:
    """Tool time vs RDKit featurisation time; with a domain file, also the time of the domain check alone
    (similarity to every training molecule and the measured-value lookup)."""
    out = {"molecules": n, "tool_seconds": round(tool_seconds, 2), "molecules_per_second": round(n / tool_seconds, 1),
           "rdkit_featurisation_seconds": round(rdkit_seconds, 2),
           "tool_over_rdkit": round(tool_seconds / rdkit_seconds, 2) if rdkit_seconds else None}
    if domain_path is not None and smiles:
        domain = get_domain(domain_path)
        with rdBase.BlockLogs():
            mols = [Chem.MolFromSmiles(s) for s in smiles]
        out["domain_check_seconds"] = round(timed(lambda: domain.assess(mols))[0], 2)
    return out


def calibration_summary(path: Path, key: str) -> dict[str, Any]:
    entry = get_calibration(path, key)
    test = {k: v for k, v in entry.info["test"].items() if k != "reliability"}
    return {"method": entry.method, "fit_on": entry.info.get("fit_on"), "test": test}


def domain_summary(path: Path) -> dict[str, Any]:
    domain = get_domain(path)
    keep = ("threshold_rule", "n_training", "test_in_domain_fraction", "measured_source", "measured_note")
    return {"threshold": domain.threshold, **{k: domain.meta[k] for k in keep if k in domain.meta},
            "file_mb": round(path.stat().st_size / 2**20, 2)}


def bench_property(smiles: list[str]) -> dict[str, Any]:
    from model_zoo.tools import property as tool

    metrics = json.loads((WEIGHTS / "property" / "metrics.json").read_text())
    out: dict[str, Any] = {}
    for name in ("logSolubility", "freesolv", "lipo", "p_np", "Class", "CT_TOX", "NR-AR"):
        out[name] = {"test_metric": metrics[name]["test"], "anchor": metrics[name].get("anchor"),
                     "calibration": calibration_summary(tool.CALIBRATION, name),
                     "domain": domain_summary(tool.domain_path(name))}
    model = tool.get_model("logSolubility")
    tool.run({"property": "logSolubility", "drug_smiles": smiles[:10]})  # load everything first
    seconds, _ = timed(lambda: tool.run({"property": "logSolubility", "drug_smiles": smiles}))
    out["throughput (logSolubility)"] = throughput("property", len(smiles), seconds,
                                                   rdkit_time(smiles, model.featurizer.many),
                                                   tool.domain_path("logSolubility"), smiles)
    return out


def bench_target(smiles: list[str]) -> dict[str, Any]:
    from model_zoo import target_models
    from model_zoo.tools import affinity, target_interaction

    out: dict[str, Any] = {}
    for label, module, key, config in (("affinity", affinity, "davis", affinity.AFFINITY_TOOL),
                                       ("target_interaction", target_interaction, "human",
                                        target_interaction.TARGET_INTERACTION_TOOL)):
        model = target_models.get_model(config.weights)
        davis = target_models.get_model(affinity.AFFINITY_TOOL.weights).info["domain"]
        egfr = davis["protein_sequences"][davis["protein_names"].index("EGFR")]
        module.run({"drug_smiles": smiles[:10], "target_seq": egfr})
        seconds, _ = timed(lambda module=module, egfr=egfr: module.run({"drug_smiles": smiles, "target_seq": egfr}))
        out[label] = {"test_metric": model.info["metrics"]["test"],
                      "calibration": calibration_summary(config.weights.parent / "calibration.json", key),
                      "domain": domain_summary(config.weights.parent / f"domain_{key}.npz"),
                      "throughput": throughput(label, len(smiles), seconds,
                                               rdkit_time(smiles, model.drug_featurizer.many),
                                               config.weights.parent / f"domain_{key}.npz", smiles)}
    return out


def bench_drug_drug(smiles: list[str]) -> dict[str, Any]:
    from model_zoo.tools import drug_drug as tool

    model = tool.get_model()
    rng = np.random.default_rng(0)
    pairs = [[smiles[i], smiles[j]] for i, j in rng.integers(0, len(smiles), size=(len(smiles), 2))]
    tool.run({"smiles_pairs": pairs[:10]})
    seconds, _ = timed(lambda: tool.run({"smiles_pairs": pairs}))
    flat = [s for p in pairs for s in p]
    return {"test_metric": model.info["metrics"]["test"],
            "calibration": calibration_summary(tool.CALIBRATION, "drugbank"),
            "domain": domain_summary(tool.DOMAIN),
            "throughput (pairs)": throughput("drug_drug", len(pairs), seconds, rdkit_time(flat, model.featurizer.many))}


def bench_cell_response(smiles: list[str]) -> dict[str, Any]:
    from model_zoo import cell_models
    from model_zoo.tools import cell_response as tool
    from model_zoo.tools import generation, optimization

    model = cell_models.get_model()
    tool.run({"drug_smiles": smiles[:10], "cell_name": "A549"})
    seconds, _ = timed(lambda: tool.run({"drug_smiles": smiles, "cell_name": "A549"}))
    out = {"test_metric": model.metrics,
           "calibration": calibration_summary(cell_models.CALIBRATION_PATH, "cell_response"),
           "domain": domain_summary(cell_models.DOMAIN_PATH),
           "throughput": throughput("cell_response", len(smiles), seconds,
                                    rdkit_time(smiles, model.featurizer.many), cell_models.DOMAIN_PATH, smiles)}
    seconds, result = timed(lambda: generation.run({"cell_line": "A549", "zscore": 1.0, "n": 10}))
    out["generation (one request, 10 molecules)"] = {
        "seconds": round(seconds, 2), "out_of_domain": sum(not r["in_domain"] for r in result.rows),
        "mean_uncertainty": round(float(np.mean([r["uncertainty"] for r in result.rows])), 3)}
    gefitinib = "COc1cc2ncnc(Nc3ccc(F)c(Cl)c3)c2cc1OCCCN1CCOCC1"
    mol = Chem.MolFromSmiles(gefitinib)
    mask = [0] * (mol.GetNumAtoms() - 7) + [1] * 7
    seconds, result = timed(lambda: optimization.run({"gt": gefitinib, "mask": mask, "cell_line": "A549",
                                                      "zscore": 1.0}))
    out["optimization (one request)"] = {"seconds": round(seconds, 2), "rows": len(result.rows),
                                         "out_of_domain": sum(not r["in_domain"] for r in result.rows)}
    return out


def bench_retrosynthesis(smiles: list[str]) -> dict[str, Any]:
    from model_zoo.tools import retrosynthesis as tool

    model = tool.get_model()
    tool.run({"smiles_list": smiles[:2]})
    seconds, _ = timed(lambda: tool.run({"smiles_list": smiles}))
    return {"test_metric": model.info["metrics"]["test"],
            "calibration": calibration_summary(tool.WEIGHTS_PATH.parent / "calibration.json", "retrosynthesis"),
            "domain": domain_summary(tool.WEIGHTS_PATH.parent / "domain_retrosynthesis.npz"),
            "throughput": throughput("retrosynthesis", len(smiles), seconds,
                                     rdkit_time(smiles, model.fingerprint.many))}


BENCHES: dict[str, Callable[[list[str]], dict[str, Any]]] = {
    "property": bench_property, "target": bench_target, "drug_drug": bench_drug_drug,
    "cell_response": bench_cell_response, "retrosynthesis": bench_retrosynthesis}


def markdown(results: dict[str, Any]) -> str:
    lines = ["| tool / model | test metric | 90 % interval coverage (test) | in domain (test) | error in / out of "
             "domain | molecules/s (tool) | tool ÷ RDKit featurisation |", "|---|---|---|---|---|---|---|"]

    def row(label: str, entry: dict[str, Any], speed: dict[str, Any] | None) -> None:
        test = entry["calibration"]["test"]
        metric = ", ".join(f"{k} {v:.3f}" for k, v in list(entry["test_metric"].items())[:3]
                           if isinstance(v, (int, float)))
        coverage = f"{test['coverage_90']:.3f}" if "coverage_90" in test else f"ECE {test.get('ece', float('nan')):.3f}"
        errors = (f"RMSE {test.get('rmse_in_domain', float('nan')):.2f} / "
                  f"{test.get('rmse_out_of_domain', float('nan')):.2f}"
                  if "coverage_90" in test else
                  f"bal. acc. {test.get('balanced_accuracy_in_domain', float('nan')):.2f} / "
                  f"{test.get('balanced_accuracy_out_of_domain', float('nan')):.2f}")
        fraction = test.get("in_domain_fraction")
        in_domain = "" if fraction is None else f"{fraction:.2f}"
        per_second = speed["molecules_per_second"] if speed else ""
        over_rdkit = speed["tool_over_rdkit"] if speed else ""
        lines.append(f"| {label} | {metric} | {coverage} | {in_domain} | {errors} | {per_second} | {over_rdkit} |")

    prop = results["property"]
    for name in ("logSolubility", "freesolv", "lipo", "p_np", "Class", "CT_TOX", "NR-AR"):
        row(f"property {name}", prop[name], prop["throughput (logSolubility)"] if name == "logSolubility" else None)
    for label in ("affinity", "target_interaction"):
        row(label, results["target"][label], results["target"][label]["throughput"])
    row("drug_drug (pairs/s)", results["drug_drug"], results["drug_drug"]["throughput (pairs)"])
    row("cell_response", results["cell_response"], results["cell_response"]["throughput"])
    row("retrosynthesis", results["retrosynthesis"], results["retrosynthesis"]["throughput"])
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", required=True, type=Path, help="output folder for trust.json and trust.md")
    parser.add_argument("--data-dir", type=Path, default=REPO.parent / "shared" / "data")
    parser.add_argument("--n", type=int, default=10_000, help="molecules per throughput run")
    parser.add_argument("--retro-n", type=int, default=200, help="products for retrosynthesis (slow per product)")
    parser.add_argument("--write", action="store_true", help="also write model_zoo/weights/<tool>/trust.json")
    parser.add_argument("--only", action="append", choices=sorted(BENCHES),
                        help="run only these parts (repeatable); results merge into an existing DIR/trust.json")
    parser.add_argument("--merge", action="append", type=Path, default=[],
                        help="also take the parts found in OTHER/trust.json (runs nothing else unless --only)")
    args = parser.parse_args(argv)
    import torch

    torch.set_num_threads(2)
    smiles = molecules(args.data_dir, args.n)
    args.out.mkdir(parents=True, exist_ok=True)
    stored = args.out / "trust.json"
    results = json.loads(stored.read_text()) if (args.only or args.merge) and stored.exists() else {}
    for other in args.merge:
        results.update({k: v for k, v in json.loads((other / "trust.json").read_text()).items() if k in BENCHES})
    results["machine"] = {"cpus": 2, "python": platform.python_version(), "torch_threads": torch.get_num_threads()}
    stored.write_text(json.dumps(results, indent=2) + "\n")
    for part in args.only or ([] if args.merge else list(BENCHES)):
        results[part] = BENCHES[part](smiles[:args.retro_n] if part == "retrosynthesis" else smiles)
        stored.write_text(json.dumps(results, indent=2) + "\n")
    if not all(part in results for part in BENCHES):
        return 0
    (args.out / "trust.md").write_text(markdown(results))
    print(markdown(results))
    if args.write:
        for tool, entry in (("property", results["property"]), ("affinity", results["target"]["affinity"]),
                            ("target_interaction", results["target"]["target_interaction"]),
                            ("drug_drug", results["drug_drug"]), ("cell_response", results["cell_response"]),
                            ("retrosynthesis", results["retrosynthesis"])):
            (WEIGHTS / tool / "trust.json").write_text(json.dumps(entry, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
