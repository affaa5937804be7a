"""Build the template library and train the template ranker of ``Retrosynthetic_reaction_pathway_prediction``.

    python -m model_zoo.train.retrosynthesis --data-dir ../shared/data --out model_zoo/weights/retrosynthesis
    python -m model_zoo.train.retrosynthesis --data-dir ../shared/data --out model_zoo/weights/retrosynthesis --evaluate

Data (shared data README, section 6): USPTO-50K in the Coley/GLN split. Only the validation and test splits are
atom-mapped; the 40k training split (`processed.csv`) is not, and no atom-mapped copy of it is available. So:

1. Retro templates are extracted with rdchiral (radius 1 + special groups, its defaults) from the 5,001 atom-mapped
   **validation** reactions; a template is kept when applying it to its own product gives back the recorded
   reactants.
2. The unmapped **training** reactions are labelled, without mapping anything, by applying those templates to each
   training product: where a template reproduces the recorded reactants exactly, the reaction gets that template as
   its label (the most frequent one if several do). Reactions no template reproduces are left out.
3. A fingerprint MLP (product Morgan bits -> template) is trained on the labelled training reactions plus the
   validation reactions, with 5% held out for early stopping.
4. Test: the 5,007 reactions of `class_test.csv` (never used above). For each product, the matching templates are
   applied in ranker order until ten distinct precursor sets are found; a hit is an exact match of the canonical
   reactant set (atom maps removed, stereo kept). Reported as top-1/3/5/10 accuracy.
"""

from __future__ import annotations

import logging
import multiprocessing as mp
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import rdkit
import torch
from rdkit import Chem, rdBase
from torch import nn

from model_zoo.checkpoint import load_checkpoint, roundtrip_state, save_checkpoint
from model_zoo.nn.mlp import MLP
from model_zoo.train.common import (
    config_dict, fmt, provenance, render_card, report_rescore, sha256_of, start_trainer, trainer_parser,
    update_metrics_file,
)

log = logging.getLogger(__name__)

MODULE = "model_zoo.train.retrosynthesis"
MODEL_VERSION = "1.0.0"
MODEL_NAME = "Template ranker (rdchiral templates from USPTO-50K val, Morgan-FP MLP)"
VAL_FILE = "uspto50k/raw_val.csv"
TEST_FILE = "uspto50k/class_test.csv"
TRAIN_FILE = "uspto50k/processed.csv"
RXN_COLUMN = "reactants>reagents>production"
TOP_KS = (1, 3, 5, 10)
ANCHORS = {"neuralsym_top1": 0.444, "neuralsym_top10": 0.817, "localretro_top1": 0.534, "localretro_top10": 0.920}
FP_RADIUS, FP_SIZE = 2, 2048
SOURCE = ("USPTO-50K (Schneider et al., JCIM 2016; reactions from Lowe's USPTO extraction, CC0) in the Coley/GLN "
          "split: raw_val.csv from tunexlevel/xai-xdl@a6404bc (no license file), class_test.csv from "
          "kaist-amsg/LocalRetro@32d748c (MIT), processed.csv (train, unmapped) from tunexlevel/xai-xdl@a6404bc")


@dataclass(frozen=True)
class TrainConfig:
    hidden: tuple[int, ...] = (512,)
    dropout: float = 0.3
    lr: float = 1e-3
    weight_decay: float = 1e-5
    batch_size: int = 128
    max_epochs: int = 40
    patience: int = 4
    seed: int = 0


# --- reactions -------------------------------------------------------------------------------------------------


def canonical_set(smiles: str) -> str | None:
    from model_zoo.tools.retrosynthesis import canonical_set as canon

    return canon(smiles)


def _extract(item: tuple[int, str]) -> tuple[int, str | None, str | None, str | None]:
    """(index, product, reactants, template) of one mapped reaction; template None when extraction fails."""
    from rdchiral.template_extractor import extract_from_reaction

    rdBase.DisableLog("rdApp.*")
    index, rxn = item
    reactants, _, product = rxn.split(">")
    product_c, reactants_c = canonical_set(product), canonical_set(reactants)
    try:
        out = extract_from_reaction({"_id": index, "reactants": reactants, "products": product})
        template = out.get("reaction_smarts") if isinstance(out, dict) else None
    except Exception:  # rdchiral raises on a few odd reactions; they get no template
        template = None
    if template is not None and not _reproduces(template, product_c, reactants_c):
        template = None
    return index, product_c, reactants_c, template


def _reproduces(template: str, product: str | None, reactants: str | None) -> bool:
    from rdchiral.main import rdchiralRunText

    if product is None or reactants is None:
        return False
    try:
        outcomes = rdchiralRunText(template, product, combine_enantiomers=True)
    except Exception:
        return False
    return any(canonical_set(o) == reactants for o in outcomes)


def extract_templates(frame: pd.DataFrame, workers: int) -> pd.DataFrame:
    items = list(enumerate(frame[RXN_COLUMN].astype(str)))
    with mp.get_context("fork").Pool(workers) as pool:
        results = pool.map(_extract, items, chunksize=50)
    results.sort()
    return pd.DataFrame(results, columns=["index", "product", "reactants", "template"])


# Worker state for labelling the unmapped training split (set in the pool initializer).
_LABEL_STATE: dict[str, Any] = {}


Signature = tuple[int, tuple[tuple[int, int], ...]]


def _composition(mols: Sequence[Chem.Mol]) -> Counter:
    return Counter(a.GetAtomicNum() for m in mols for a in m.GetAtoms())


def template_signature(template: str) -> Signature | None:
    """(number of reactant molecules, element counts of the unmapped reactant atoms) of a retro template.

    Applying the template adds exactly its unmapped atoms to the product's atoms, so a template can only turn
    product P into reactant set R if R has that many molecules and R's heavy atoms minus P's are those atoms.
    """
    from rdkit.Chem import rdChemReactions

    try:
        rxn = rdChemReactions.ReactionFromSmarts(template)
    except Exception:
        return None
    sides = [Chem.Mol(rxn.GetProductTemplate(i)) for i in range(rxn.GetNumProductTemplates())]
    unmapped = Counter(a.GetAtomicNum() for m in sides for a in m.GetAtoms() if not a.GetAtomMapNum())
    return len(sides), tuple(sorted(unmapped.items()))


def reaction_signature(product: Chem.Mol, reactants: Sequence[Chem.Mol]) -> Signature:
    diff = _composition(reactants)
    diff.subtract(_composition([product]))
    return len(reactants), tuple(sorted((k, v) for k, v in diff.items() if v))


def _label_init(templates: list[str]) -> None:
    from model_zoo.tools.retrosynthesis import product_query

    rdBase.DisableLog("rdApp.*")
    _LABEL_STATE["templates"] = templates
    _LABEL_STATE["queries"] = [product_query(t) for t in templates]
    _LABEL_STATE["reactions"] = {}
    by_signature: dict[Signature, list[int]] = {}
    for i, t in enumerate(templates):
        signature = template_signature(t)
        if signature is not None:
            by_signature.setdefault(signature, []).append(i)
    _LABEL_STATE["by_signature"] = by_signature


def _label_one(item: tuple[int, str, str]) -> tuple[int, int]:
    """(index, template index or -1): the most frequent template that turns the product into the recorded set."""
    from rdchiral.initialization import rdchiralReactants, rdchiralReaction
    from rdchiral.main import rdchiralRun

    index, product, reactants = item
    mol = Chem.MolFromSmiles(product)
    target = canonical_set(reactants)
    if mol is None or target is None:
        return index, -1
    reactant_mols = [Chem.MolFromSmiles(s) for s in target.split(".")]
    if any(m is None for m in reactant_mols):
        return index, -1
    candidates = _LABEL_STATE["by_signature"].get(reaction_signature(mol, reactant_mols), [])
    cache = _LABEL_STATE["reactions"]
    prepared = None
    for t in candidates:  # templates are sorted by frequency
        query = _LABEL_STATE["queries"][t]
        if query is None or not mol.HasSubstructMatch(query):
            continue
        if prepared is None:
            try:
                prepared = rdchiralReactants(Chem.MolToSmiles(mol))
            except Exception:
                return index, -1
        if t not in cache:
            try:
                cache[t] = rdchiralReaction(_LABEL_STATE["templates"][t])
            except Exception:
                cache[t] = None
        if cache[t] is None:
            continue
        try:
            outcomes = rdchiralRun(cache[t], prepared, combine_enantiomers=True)
        except Exception:
            continue
        if any(canonical_set(o) == target for o in outcomes):
            return index, t
    return index, -1


def label_reactions(products: Sequence[str], reactants: Sequence[str], templates: list[str],
                    workers: int) -> np.ndarray:
    items = [(i, p, r) for i, (p, r) in enumerate(zip(products, reactants))]
    with mp.get_context("fork").Pool(workers, initializer=_label_init, initargs=(templates,)) as pool:
        results = pool.map(_label_one, items, chunksize=100)
    labels = np.full(len(items), -1, np.int64)
    for i, t in results:
        labels[i] = t
    return labels


# --- ranker ----------------------------------------------------------------------------------------------------


def fingerprints(smiles: Sequence[str]) -> np.ndarray:
    from model_zoo.tools.retrosynthesis import ProductFingerprint

    fp = ProductFingerprint(FP_RADIUS, FP_SIZE)
    return fp.many([Chem.MolFromSmiles(s) for s in smiles])


@dataclass
class Trained:
    model: MLP
    best_epoch: int
    val_accuracy: float
    seconds: float


def _sparse_forward(model: MLP, indices: torch.Tensor, offsets: torch.Tensor) -> torch.Tensor:
    """model(x) for binary fingerprints given as on-bit indices: the first layer as an embedding-bag sum over the
    columns of its weight (same parameters, same function, ~40x fewer operations than a dense product)."""
    first = model.input_layer
    hidden = nn.functional.embedding_bag(indices, first.weight.T, offsets, mode="sum") + first.bias
    return model.net[1:](hidden)


def _batch(on_bits: list[np.ndarray], rows: np.ndarray) -> tuple[torch.Tensor, torch.Tensor]:
    parts = [on_bits[i] for i in rows]
    offsets = np.cumsum([0] + [len(p) for p in parts[:-1]])
    return torch.from_numpy(np.concatenate(parts).astype(np.int64)), torch.from_numpy(offsets.astype(np.int64))


def train_ranker(x: np.ndarray, y: np.ndarray, n_classes: int, config: TrainConfig, holdout: float = 0.05) -> Trained:
    """Cross-entropy over templates; early stopping on template accuracy of a random holdout."""
    start = time.perf_counter()
    order = np.random.default_rng(config.seed).permutation(len(y))
    n_val = max(1, int(holdout * len(y)))
    val, train = order[:n_val], order[n_val:]
    on_bits = [np.flatnonzero(row) for row in x]
    torch.manual_seed(config.seed)
    generator = torch.Generator().manual_seed(config.seed)
    model = MLP(x.shape[1], config.hidden, n_classes, config.dropout)
    optimizer = torch.optim.AdamW(model.parameters(), lr=config.lr, weight_decay=config.weight_decay)
    yt = torch.from_numpy(y)
    val_batch = _batch(on_bits, val)
    best = (-1.0, 0, {k: v.clone() for k, v in model.state_dict().items()})
    for epoch in range(1, config.max_epochs + 1):
        model.train()
        for batch in torch.from_numpy(train)[torch.randperm(len(train), generator=generator)].split(config.batch_size):
            optimizer.zero_grad()
            rows = batch.numpy()
            nn.functional.cross_entropy(_sparse_forward(model, *_batch(on_bits, rows)), yt[rows]).backward()
            optimizer.step()
        model.eval()
        with torch.no_grad():
            accuracy = float((_sparse_forward(model, *val_batch).argmax(-1) == yt[val]).float().mean())
        log.info("epoch %d holdout template accuracy %.4f", epoch, accuracy)
        if accuracy > best[0]:
            best = (accuracy, epoch, {k: v.clone() for k, v in model.state_dict().items()})
        elif epoch - best[1] >= config.patience:
            break
    model.load_state_dict(best[2])
    return Trained(model.eval(), best[1], best[0], time.perf_counter() - start)


# --- evaluation ------------------------------------------------------------------------------------------------

_EVAL_STATE: dict[str, Any] = {}


def _eval_init(path: str) -> None:
    from model_zoo.tools.retrosynthesis import RetroModel

    rdBase.DisableLog("rdApp.*")
    torch.set_num_threads(1)
    _EVAL_STATE["model"] = RetroModel.from_checkpoint(Path(path))


def _eval_one(item: tuple[int, str, str]) -> tuple[int, int]:
    """(index, rank of the recorded reactant set among the proposals, 0 if absent)."""
    index, product, reactants = item
    model = _EVAL_STATE["model"]
    mol = Chem.MolFromSmiles(product)
    if mol is None:
        return index, 0
    target = canonical_set(reactants)
    for rank, cand in enumerate(model.propose(mol, max(TOP_KS)), start=1):
        if ".".join(sorted(cand.reactants)) == target:
            return index, rank
    return index, 0


def evaluate(path: Path, products: Sequence[str], reactants: Sequence[str], workers: int) -> np.ndarray:
    items = [(i, p, r) for i, (p, r) in enumerate(zip(products, reactants))]
    with mp.get_context("fork").Pool(workers, initializer=_eval_init, initargs=(str(path),)) as pool:
        results = pool.map(_eval_one, items, chunksize=25)
    ranks = np.zeros(len(items), np.int64)
    for i, r in results:
        ranks[i] = r
    return ranks


def topk(ranks: np.ndarray) -> dict[str, float]:
    return {f"top{k}": float(np.mean((ranks >= 1) & (ranks <= k))) for k in TOP_KS}


def load_test(data_dir: Path) -> tuple[list[str], list[str], list[int]]:
    frame = pd.read_csv(data_dir / TEST_FILE)
    products, reactants = [], []
    for rxn in frame[RXN_COLUMN].astype(str):
        r, _, p = rxn.split(">")
        products.append(canonical_set(p) or p)
        reactants.append(r)
    return products, reactants, frame["class"].astype(int).tolist()


# --- files -----------------------------------------------------------------------------------------------------


def model_card(extra: dict[str, Any]) -> str:
    m, c, n, seconds = extra["metrics"]["test"], extra["train_config"], extra["counts"], extra["seconds"]
    per_class = sorted(extra["metrics"]["test_by_class"].items(), key=lambda kv: int(kv[0]))
    return render_card(
        "retrosynthesis", model_name=MODEL_NAME, version=MODEL_VERSION, source=SOURCE,
        val_reactions=n["val_reactions"], val_with_template=n["val_with_template"], templates=n["templates"],
        train_labelled=n["train_labelled"], train_reactions=n["train_reactions"], fp_radius=FP_RADIUS, fp_size=FP_SIZE,
        hidden=" -> ".join(str(h) for h in c["hidden"]), dropout=c["dropout"], lr=c["lr"], batch_size=c["batch_size"],
        holdout_accuracy=f"{extra['holdout_accuracy']:.3f}", best_epoch=extra["best_epoch"],
        **{f"top{k}": f"{m[f'top{k}']:.3f}" for k in TOP_KS}, **{k: f"{v:.3f}" for k, v in ANCHORS.items()},
        coverage=f"{n['train_labelled'] / max(n['train_reactions'], 1):.1%}",
        class_rows="\n".join(f"| {k} | {v['n']} | {v['top1']:.3f} | {v['top10']:.3f} |" for k, v in per_class),
        train_command=extra["train_command"], evaluate_command=extra["evaluate_command"], torch=torch.__version__,
        rdkit=rdkit.__version__, extract_s=f"{seconds['extract']:.0f}", label_s=f"{seconds['label']:.0f}",
        ranker_s=f"{seconds['ranker']:.0f}", evaluate_s=f"{seconds['evaluate']:.0f}")


def by_class(ranks: np.ndarray, classes: Sequence[int]) -> dict[str, dict[str, float]]:
    out = {}
    labels = np.asarray(classes)
    for k in sorted(set(labels.tolist())):
        sel = ranks[labels == k]
        out[str(k)] = {"n": len(sel), **topk(sel)}
    return out


def store_results(path: Path, extra: dict[str, Any], hparams: dict[str, Any], state: dict[str, torch.Tensor],
                  ranks: np.ndarray, classes: Sequence[int]) -> None:
    """Write test metrics into the checkpoint, the model card and metrics.json."""
    extra["metrics"] = {"test": topk(ranks), "test_by_class": by_class(ranks, classes)}
    save_checkpoint(path, "mlp", hparams, state, extra)
    (path.parent / "retrosynthesis.md").write_text(model_card(extra))
    update_metrics_file(path.parent, {"retrosynthesis": {
        "test": extra["metrics"]["test"], "test_by_class": extra["metrics"]["test_by_class"], "anchor": ANCHORS,
        "counts": extra["counts"], "holdout_accuracy": extra["holdout_accuracy"], "best_epoch": extra["best_epoch"],
        "seconds": extra["seconds"], "config": extra["train_config"]}})


def main(argv: Sequence[str] | None = None) -> int:
    parser = trainer_parser(__doc__, "uspto50k/", "retrosynthesis")
    parser.add_argument("--no-train-labels", action="store_true", help="train the ranker on validation reactions only")
    parser.add_argument("--test-limit", type=int, default=0, help="score only the first N test reactions (debugging)")
    parser.add_argument("--workers", type=int, default=2)
    args = start_trainer(parser, argv)
    rdBase.DisableLog("rdApp.*")
    data_dir, out_dir = Path(args.data_dir), Path(args.out)
    path = out_dir / "retrosynthesis.pt"
    products, reactants, classes = load_test(data_dir)
    if args.test_limit:
        limit = args.test_limit
        products, reactants, classes = products[:limit], reactants[:limit], classes[:limit]
    if args.evaluate:
        start = time.perf_counter()
        ranks = evaluate(path, products, reactants, args.workers)
        fresh = topk(ranks)
        checkpoint = load_checkpoint(path)
        stored = checkpoint.extra["metrics"]["test"]
        log.info("scored %d test reactions in %.0f s", len(products), time.perf_counter() - start)
        if args.test_limit:  # a debugging subset: nothing to compare or store
            print(f"test {fmt(fresh)} on the first {len(products)} test reactions")
            return 0
        if args.write:  # after an inference change; the weights are not touched
            extra: dict[str, Any] = dict(checkpoint.extra)
            extra["seconds"] = {**extra.get("seconds", {}), "evaluate": round(time.perf_counter() - start, 1)}
            store_results(path, extra, checkpoint.hparams, checkpoint.state_dict, ranks, classes)
            print(f"test {fmt(fresh)} (was {fmt(stored)}): stored in {out_dir}")
        failed = report_rescore("retrosynthesis", fresh, stored, args.report_dir)
        return 0 if args.write else failed

    seconds: dict[str, float] = {}
    t0 = time.perf_counter()
    val = extract_templates(pd.read_csv(data_dir / VAL_FILE), args.workers)
    seconds["extract"] = time.perf_counter() - t0
    kept = val.dropna(subset=["template"])
    counts = Counter(kept["template"])
    templates = sorted(counts, key=lambda t: (-counts[t], t))
    index_of = {t: i for i, t in enumerate(templates)}
    log.info("%d val reactions, %d with a template, %d distinct", len(val), len(kept), len(templates))

    t0 = time.perf_counter()
    train_frame = pd.read_csv(data_dir / TRAIN_FILE)
    if args.no_train_labels:
        train_labels = np.full(len(train_frame), -1, np.int64)
    else:
        train_labels = label_reactions(train_frame["products"].astype(str).tolist(),
                                       train_frame["reactants"].astype(str).tolist(), templates, args.workers)
    seconds["label"] = time.perf_counter() - t0
    labelled = train_labels >= 0
    log.info("labelled %d of %d training reactions", int(labelled.sum()), len(train_labels))

    t0 = time.perf_counter()
    x = np.concatenate([fingerprints(kept["product"].tolist()),
                        fingerprints(train_frame["products"].astype(str)[labelled].tolist())])
    y = np.concatenate([kept["template"].map(index_of).to_numpy(np.int64), train_labels[labelled]])
    config = TrainConfig()
    trained = train_ranker(x, y, len(templates), config)
    trained.model.load_state_dict(roundtrip_state(trained.model.state_dict()), strict=True)
    seconds["ranker"] = time.perf_counter() - t0

    files = {f: sha256_of(data_dir / f) for f in (VAL_FILE, TEST_FILE, TRAIN_FILE)}
    extra = {
        "model_name": MODEL_NAME,
        "version": MODEL_VERSION,
        "templates": templates,
        "template_counts": [int(counts[t]) for t in templates],
        "fingerprint": {"kind": "morgan_bits", "radius": FP_RADIUS, "fp_size": FP_SIZE},
        "train_config": config_dict(config),
        "best_epoch": trained.best_epoch,
        "holdout_accuracy": trained.val_accuracy,
        "counts": {"val_reactions": len(val), "val_with_template": len(kept), "templates": len(templates),
                   "train_reactions": len(train_frame), "train_labelled": int(labelled.sum()),
                   "ranker_examples": len(y), "test_reactions": len(products)},
        "data": files,
        "anchor": ANCHORS,
        "metrics": {"test": {}},
        **provenance(MODULE, args.data_dir, args.out),
    }
    hparams = {"in_dim": FP_SIZE, "hidden": list(config.hidden), "out_dim": len(templates), "dropout": config.dropout}
    out_dir.mkdir(parents=True, exist_ok=True)
    save_checkpoint(path, "mlp", hparams, trained.model.state_dict(), extra)

    t0 = time.perf_counter()
    ranks = evaluate(path, products, reactants, args.workers)
    seconds["evaluate"] = time.perf_counter() - t0
    extra["seconds"] = {k: round(v, 1) for k, v in seconds.items()}
    store_results(path, extra, hparams, trained.model.state_dict(), ranks, classes)
    pd.DataFrame({"template": templates, "val_count": [counts[t] for t in templates]}).to_csv(
        out_dir / "templates.csv", index_label="index")
    print(f"test {extra['metrics']['test']} (anchors {ANCHORS})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
