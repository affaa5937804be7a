"""Benchmark ``drug_cell_response_regression_optimization`` (masked, model-guided local search).

    python -m model_zoo.train.optimization --data-dir ../shared/data --out model_zoo/weights/optimization
    python -m model_zoo.train.optimization --data-dir ../shared/data --out model_zoo/weights/optimization --evaluate

Nothing is trained here: the tool edits the allowed atoms and scores analogues with the cell-response model
(``model_zoo/weights/cell_response``). The benchmark (both commands run it; there is nothing else to rebuild; the
first stores its metrics and card in ``--out``, ``--evaluate`` only in ``--report-dir`` unless ``--write``) takes
GDSC2 drugs of MW <= 500 (a fixed random sample), makes each a mask that frees one region (the atoms within two
bonds of a random atom) and keeps the rest, and asks for analogues 1.5 ln units more potent than the starting
molecule's prediction in a fixed cell line. It checks, independently of the tool, that every returned analogue
contains the kept part of the molecule (SMARTS from ``Chem.MolFragmentToSmarts`` over the mask-0 atoms), and
measures how close the predictions get to the target, similarity to the start, QED and time per request.
"""

from __future__ import annotations

import json
import logging
import platform
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import rdkit
import torch
from rdkit import Chem, rdBase

from model_zoo.chem.rdkit_typed import mol_weight
from model_zoo.train.common import output_dirs, render_card, start_trainer, trainer_parser

log = logging.getLogger(__name__)

DRUG_FILE = "gdsc/drug_smiles.csv"
N_MOLECULES = 16
SEED = 0
CELL_LINE = "A549"
SHIFT = -1.5  # target = start prediction + SHIFT (more potent)


def region_mask(mol: Chem.Mol, rng: random.Random, radius: int = 2) -> list[int]:
    """1 on the atoms within ``radius`` bonds of a random atom, 0 elsewhere."""
    centre = rng.randrange(mol.GetNumAtoms())
    distances = Chem.GetDistanceMatrix(mol)[centre]
    return [int(d <= radius) for d in distances]


def kept_smarts_query(mol: Chem.Mol, mask: Sequence[int]) -> Chem.Mol | None:
    kept = [i for i, m in enumerate(mask) if not m]
    if not kept:
        return None
    return Chem.MolFromSmarts(Chem.MolFragmentToSmarts(mol, atomsToUse=kept))


def benchmark(data_dir: Path) -> dict[str, Any]:
    from model_zoo.cell_models import get_model
    from model_zoo.chem.cells import resolve_cell_line
    from model_zoo.tools import optimization as tool
    from model_zoo.train.generation import largest_organic_fragment

    model = get_model()
    cosmic = resolve_cell_line(CELL_LINE).cosmic_id
    drugs = pd.read_csv(data_dir / DRUG_FILE)
    drugs = drugs[drugs["in_gdsc2_ic50"].astype(bool)].dropna(subset=["SMILES"]).sort_values("DRUG_NAME")
    pool = []
    for name, smiles in zip(drugs["DRUG_NAME"], drugs["SMILES"]):
        smi = largest_organic_fragment(smiles)
        if smi is None:
            continue
        mol = Chem.MolFromSmiles(smi)
        if mol_weight(mol) <= 500 and mol.GetNumAtoms() >= 12:
            pool.append((str(name), smi))
    rng = random.Random(SEED)
    picked = rng.sample(pool, N_MOLECULES)
    requests = []
    for name, smi in picked:
        mol = Chem.MolFromSmiles(smi)
        mask = region_mask(mol, rng)
        start_value = float(model.predict([mol], cosmic)[0])
        target = start_value + SHIFT
        t0 = time.perf_counter()
        analogues, _, n_scored = tool.optimize(model, cosmic, mol, mask, target)
        seconds = time.perf_counter() - t0
        query = kept_smarts_query(mol, mask)
        kept_ok = [query is None or Chem.MolFromSmiles(a.smiles).HasSubstructMatch(query) for a in analogues]
        best = analogues[0] if analogues else None
        requests.append({
            "drug": name, "smiles": smi, "atoms": mol.GetNumAtoms(), "free_atoms": int(sum(mask)),
            "start_prediction": start_value, "target": target, "n": len(analogues), "scored": n_scored,
            "seconds": round(seconds, 1), "all_keep_mask0_atoms": bool(all(kept_ok)),
            "best_prediction": best.prediction if best else None,
            "best_abs_delta": abs(best.prediction - target) if best else None,
            "start_abs_delta": abs(start_value - target),
            "best_similarity": best.similarity if best else None,
            "mean_similarity": float(np.mean([a.similarity for a in analogues])) if analogues else None,
            "mean_qed": float(np.mean([a.qed for a in analogues])) if analogues else None,
            "reached_0.5": bool(best is not None and abs(best.prediction - target) <= 0.5),
        })
        log.info("%s", requests[-1])
    frame = pd.DataFrame(requests)
    done = frame[frame["n"] > 0]
    overall = {
        "requests": len(frame), "with_analogues": len(done),
        "all_keep_mask0_atoms": float(frame["all_keep_mask0_atoms"].mean()),
        "reached_target_within_0.5": float(frame["reached_0.5"].mean()),
        "mean_best_abs_delta": float(done["best_abs_delta"].mean()),
        "mean_start_abs_delta": float(frame["start_abs_delta"].mean()),
        "mean_best_similarity": float(done["best_similarity"].mean()),
        "mean_similarity": float(done["mean_similarity"].mean()),
        "mean_qed": float(done["mean_qed"].mean()),
        "mean_free_atoms": float(frame["free_atoms"].mean()),
        "mean_scored": float(frame["scored"].mean()),
        "seconds": float(frame["seconds"].mean()),
    }
    return {"overall": overall, "requests": requests, "cell_line": CELL_LINE, "shift": SHIFT}


def model_card(metrics: dict[str, Any]) -> str:
    from model_zoo.chem.edits import SUBSTITUENTS
    from model_zoo.tools import optimization as tool

    o = metrics["overall"]
    return render_card(
        "optimization", n_substituents=len(SUBSTITUENTS), substituents=", ".join(SUBSTITUENTS),
        edits_per_step=tool.EDITS_PER_STEP, beam=tool.BEAM, steps=tool.STEPS, max_sa=tool.MAX_SA,
        requests=o["requests"], free_atoms=f"{o['mean_free_atoms']:.1f}", shift=f"{metrics['shift']:+.1f}",
        cell_line=metrics["cell_line"], kept=f"{o['all_keep_mask0_atoms']:.2f}", with_analogues=o["with_analogues"],
        start_delta=f"{o['mean_start_abs_delta']:.2f}", best_delta=f"{o['mean_best_abs_delta']:.2f}",
        reached=f"{o['reached_target_within_0.5']:.2f}", best_similarity=f"{o['mean_best_similarity']:.2f}",
        mean_similarity=f"{o['mean_similarity']:.2f}", qed=f"{o['mean_qed']:.2f}", scored=f"{o['mean_scored']:.0f}",
        seconds=f"{o['seconds']:.1f}", torch=torch.__version__, rdkit=rdkit.__version__,
        python=platform.python_version())


def write_benchmark(metrics: dict[str, Any], out_dir: Path) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "metrics.json").write_text(json.dumps({"optimization": metrics}, indent=2) + "\n")
    (out_dir / "optimization.md").write_text(model_card(metrics))


def main(argv: Sequence[str] | None = None) -> int:
    parser = trainer_parser(__doc__, "gdsc/", "optimization")
    args = start_trainer(parser, argv)
    rdBase.DisableLog("rdApp.*")
    metrics = benchmark(Path(args.data_dir))
    for out_dir in output_dirs(args) if args.evaluate else [Path(args.out)]:
        write_benchmark(metrics, out_dir)
    print(json.dumps(metrics["overall"], indent=1))
    return 0 if metrics["overall"]["all_keep_mask0_atoms"] == 1.0 else 1


if __name__ == "__main__":
    sys.exit(main())
