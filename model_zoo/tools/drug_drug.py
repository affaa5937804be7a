"""drug_drug_response_predict: the most likely DrugBank interaction types of molecule pairs (task=drugbank).

task=twosides answers with an error: only a partial TWOSIDES copy exists (see the drugbank model card).
"""

from __future__ import annotations

import csv
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import torch
from matplotlib.figure import Figure
from rdkit import Chem

from model_zoo.applicability import get_domain, outside_sentence, trust_columns, trust_fields
from model_zoo.checkpoint import Checkpoint, load_checkpoint
from model_zoo.chem.featurizers import MorganCounts
from model_zoo.chem.mols import InvalidSmiles, parse_smiles
from model_zoo.device import pick_device
from model_zoo.nn.interaction import PairEnsemble, directed_type_probabilities
from model_zoo.pipeline import (
    CHUNK,
    Cache,
    Fill,
    Rejected,
    predict_rows,
    rows_text,
    table_files,
    table_result,
    trained_file,
)
from model_zoo.plots import MAX_BARS, figure_png, given_names, histogram_png, values_figure
from model_zoo.results import ModelInfo, ToolResult, error_result
from model_zoo.specs import DRUG_DRUG
from model_zoo.uncertainty import get_calibration

WEIGHTS = Path(__file__).resolve().parent.parent / "weights" / "drug_drug" / "drugbank.pt"
TYPES_CSV = Path(__file__).resolve().parent.parent / "data" / "ddi_interaction_types.csv"
DOMAIN = WEIGHTS.parent / "domain_drugbank.npz"  # training drugs' fingerprints and in/out threshold
CALIBRATION = WEIGHTS.parent / "calibration.json"  # "drugbank": calibrated confidence in the top type
TOP_K = 3
DRUG_NAMES = ("Drug 1", "Drug 2")  # what #Drug1 / #Drug2 become: the pair's first / second molecule
TWOSIDES_UNAVAILABLE = (
    "twosides model not available: the data is partial. Only the validation split of SumGNN's TWOSIDES subset "
    "could be obtained (8,256 pairs; 200 side effects given as UMLS CUIs without names), too little to train and "
    "test a trustworthy side-effect model. Use task=drugbank for the 86 DrugBank interaction types."
)


@dataclass(frozen=True)
class InteractionType:
    number: int  # DeepDDI "DDI type N", 1..86
    template: str  # sentence with #Drug1 / #Drug2

    def sentence(self, first_is_drug1: bool) -> str:
        drug1, drug2 = DRUG_NAMES if first_is_drug1 else DRUG_NAMES[::-1]
        return self.template.replace("#Drug1", drug1).replace("#Drug2", drug2)


@lru_cache(maxsize=1)
def interaction_types() -> tuple[InteractionType, ...]:
    """The 86 types in model-output order (output t = DDI type t + 1)."""
    with TYPES_CSV.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    types = sorted((InteractionType(_type_number(r["DDI type"]), r["Description"]) for r in rows),
                   key=lambda t: t.number)
    if [t.number for t in types] != list(range(1, len(types) + 1)):
        raise ValueError(f"{TYPES_CSV.name}: DDI types are not 1..{len(types)}")
    return tuple(types)


def _type_number(label: str) -> int:
    """The number in a type label ("DDI type 12" -> 12)."""
    match = re.search(r"\d+", label)
    if match is None:
        raise ValueError(f"{TYPES_CSV.name}: no type number in {label!r}")
    return int(match.group())


@dataclass
class DDIModel:
    network: PairEnsemble
    featurizer: MorganCounts
    info: dict[str, Any]
    device: torch.device

    @classmethod
    def from_checkpoint(cls, checkpoint: Checkpoint, device: torch.device | None = None) -> DDIModel:
        extra = checkpoint.extra
        device = device or torch.device("cpu")
        config = extra["drug_featurizer"]
        return cls(checkpoint.build_as(PairEnsemble).to(device), MorganCounts(config["radius"], config["fp_size"]),
                   extra, device)

    @property
    def n_types(self) -> int:
        return int(self.info["n_types"])

    @torch.inference_mode()
    def predict(self, first: Sequence[Chem.Mol], second: Sequence[Chem.Mol]) -> np.ndarray:
        """(n, 2, n_types) probabilities: [:, 0] = first molecule is #Drug1, [:, 1] = second is #Drug1."""
        if not first:
            return np.empty((0, 2, self.n_types))
        out = []
        for i in range(0, len(first), CHUNK):
            a, b = first[i:i + CHUNK], second[i:i + CHUNK]
            table = torch.from_numpy(self.featurizer.many(list(a) + list(b))).to(self.device)
            ia = torch.arange(len(a), device=self.device)
            ib = ia + len(a)
            directed = directed_type_probabilities(self.network.forward_indexed(table, table, ia, ib),
                                                   self.network.forward_indexed(table, table, ib, ia), self.n_types)
            out.append(directed.cpu().numpy().astype(np.float64))
        return np.concatenate(out)


_models: Cache[DDIModel] = Cache()


def get_model() -> DDIModel:
    """Loaded on first use and kept for the life of the process (thread-safe)."""
    return _models.get(WEIGHTS, lambda: DDIModel.from_checkpoint(
        load_checkpoint(trained_file(WEIGHTS, "drug-drug model")), pick_device()))


def _check_pair(pair: Any) -> tuple[tuple[Chem.Mol, Chem.Mol] | None, Rejected | None]:
    """The pair's two molecules, or why the pair was rejected."""
    if not isinstance(pair, (list, tuple)) or len(pair) != 2:
        return None, _rejected("a pair needs exactly two SMILES")
    mols: list[Chem.Mol] = []
    problems = []
    for k, smiles in enumerate(pair, start=1):
        try:
            mols.append(parse_smiles(smiles))
        except InvalidSmiles as err:
            problems.append(f"invalid SMILES {k} ({err.reason})")
    if problems:
        return None, _rejected("; ".join(problems))
    return (mols[0], mols[1]), None


def _rejected(error: str) -> Rejected:
    return Rejected(error, error)


def _pair_text(pair: Any, k: int) -> str:
    return str(pair[k]) if isinstance(pair, (list, tuple)) and len(pair) > k else ""


def _new_row(number: int, pair: Any) -> dict[str, Any]:
    return {"pair": number, "smiles_1": _pair_text(pair, 0), "smiles_2": _pair_text(pair, 1)}


def _fill_row(row: dict[str, Any], directed: np.ndarray, types: Sequence[InteractionType]) -> None:
    by_type = directed.sum(axis=0)
    top: list[dict[str, Any]] = []
    for t in np.argsort(-by_type, kind="stable")[:TOP_K]:
        first_is_drug1 = bool(directed[0, t] >= directed[1, t])
        top.append({"type": types[t].number, "description": types[t].sentence(first_is_drug1),
                    "probability": round(float(by_type[t]), 3)})
    row.update(type=top[0]["type"], description=top[0]["description"], probability=top[0]["probability"], top3=top)
    for rank, entry in enumerate(top[1:], start=2):
        row[f"type_{rank}"] = entry["type"]
        row[f"description_{rank}"] = entry["description"]
        row[f"probability_{rank}"] = entry["probability"]


COLUMNS = ["pair", "smiles_1", "smiles_2", "type", "description", "probability", "confidence", "type_2",
           "description_2", "probability_2", "type_3", "description_3", "probability_3"]


def run(args: dict[str, Any]) -> ToolResult:
    """Top-3 DrugBank interaction types (with sentences and probabilities) for each pair, in input order."""
    task = str(args.get("task") or "drugbank").strip().lower()
    if task == "twosides":
        return error_result(DRUG_DRUG.name, TWOSIDES_UNAVAILABLE)
    if task != "drugbank":
        return error_result(DRUG_DRUG.name, f"unknown task {args.get('task')!r}; use drugbank")
    pairs = args.get("smiles_pairs")
    if not isinstance(pairs, (list, tuple)):
        return error_result(DRUG_DRUG.name, "smiles_pairs must be a list of [SMILES, SMILES] pairs")
    model = get_model()
    types = interaction_types()
    domain = get_domain(DOMAIN)
    calibration = get_calibration(CALIBRATION, "drugbank")
    threshold = domain.threshold
    far: list[int] = []
    same: list[int] = []

    def predict(parsed: list[tuple[Chem.Mol, Chem.Mol]]) -> Fill:
        first = [mols[0] for mols in parsed]
        second = [mols[1] for mols in parsed]
        predicted = model.predict(first, second)
        # a pair is as far from the training drugs as its less familiar molecule
        similarity = domain.similarity(first + second)
        low = np.minimum(similarity[:len(parsed)], similarity[len(parsed):])
        top = predicted.sum(axis=1).max(axis=1) if parsed else np.empty(0)
        confidence, spread = calibration.probability_spread(top[None, :])

        def fill(row: dict[str, Any], k: int) -> None:
            _fill_row(row, predicted[k], types)
            row["confidence"] = round(float(confidence[k]), 3)
            row.update(trust_fields(spread[k], low[k], low[k] >= threshold))
            if low[k] < threshold:
                far.append(row["pair"])
            if Chem.MolToSmiles(first[k]) == Chem.MolToSmiles(second[k]):
                same.append(row["pair"])
        return fill

    table = predict_rows(pairs, predict, check=_check_pair, new_row=_new_row, label="pair")
    rows, warnings, invalid, computed = table.rows, table.warnings, table.invalid, table.computed
    if far:
        warnings.append(f"{len(far)} pair(s) ({rows_text(far, 'pair')}) contain a molecule far from all "
                        f"{domain.meta['n_training']} DrugBank training drugs (highest Tanimoto < "
                        f"{threshold:.2f}): treat their interaction types as extrapolations")
    if same:
        warnings.append(f"{rows_text(same, 'pair')}: both SMILES are the same molecule; the model was trained on "
                        "pairs of different drugs")
    if not pairs:
        summary = "No pairs given, nothing predicted."
    elif not computed:
        summary = f"Nothing predicted: none of the {len(invalid)} pairs has two valid SMILES."
    else:
        summary = _summary(computed)
        summary += (" 'confidence' is the calibrated chance that the top type is right if the pair interacts "
                    f"(± a 90 % interval); the top type was right for {model.info['metrics']['test']['accuracy']:.0%} "
                    "of test pairs.")
        if far:
            summary += " " + outside_sentence(len(far), len(computed), noun="pairs", threshold=threshold)
    if invalid and computed:
        summary += f" {len(invalid)} pair(s) not predicted ({rows_text(invalid, 'pair')}): invalid input."
    columns = COLUMNS + trust_columns(domain) + (["error"] if invalid else [])
    artifacts = table_files("ddi_predictions", rows, columns,
                            (lambda: _plot(computed, given_names(args))) if computed else None)
    return table_result(DRUG_DRUG.name, rows, columns, summary, ModelInfo.from_checkpoint_info(model.info), warnings,
                        artifacts)


TITLE = "Most likely DrugBank interaction of each pair"
PLOT_UNIT = "probability of this interaction type (if the pair interacts)"


def _plot(rows: list[dict[str, Any]], names: dict[str, str]) -> bytes:
    if len(rows) > MAX_BARS:
        return histogram_png([r["probability"] for r in rows], TITLE, PLOT_UNIT, limits=(0.0, 1.0))
    return figure_png(interaction_figure(rows, names))


def interaction_figure(rows: list[dict[str, Any]], names: dict[str, str]) -> Figure:
    """Each pair by its drugs' names (short SMILES otherwise), its most likely interaction written out beside it."""
    def drug(smiles: str) -> str:
        return names.get(smiles) or (smiles if len(smiles) <= 18 else smiles[:17] + "…")

    labels = [f"#{r['pair']} {drug(r['smiles_1'])} + {drug(r['smiles_2'])}" for r in rows]
    notes = [r["description"].replace(DRUG_NAMES[0], drug(r["smiles_1"])).replace(DRUG_NAMES[1], drug(r["smiles_2"]))
             + f" (DrugBank type {r['type']})" for r in rows]
    errors = [r.get("uncertainty") for r in rows]
    in_domain = [r.get("in_domain") for r in rows]
    return values_figure([r["probability"] for r in rows], labels, TITLE, PLOT_UNIT, limits=(0.0, 1.0), notes=notes,
                         errors=errors if any(e is not None for e in errors) else None,
                         in_domain=in_domain if any(d is not None for d in in_domain) else None)


def _summary(rows: list[dict[str, Any]]) -> str:
    caveat = ("Type probabilities assume the pair interacts (the model says which kind of interaction, not whether "
              "there is one); Drug 1 and Drug 2 are each pair's first and second SMILES.")
    if len(rows) == 1:
        r = rows[0]
        text = (f"Most likely interaction (DrugBank type {r['type']}, probability {r['probability']:.2f}): "
                f"{r['description']}")
        if "type_2" in r:
            text += f" Next: type {r['type_2']} ({r['probability_2']:.2f})"
            text += f", type {r['type_3']} ({r['probability_3']:.2f})." if "type_3" in r else "."
        return f"{text} {caveat}"
    counts = Counter(r["type"] for r in rows).most_common(3)
    common = "; ".join(f"type {t} in {n}" for t, n in counts)
    unsure = sum(r["probability"] < 0.5 for r in rows)
    return (f"Predicted the interaction type of {len(rows)} pairs. Most frequent top types: {common}. "
            f"{unsure} pair(s) have a top-type probability below 0.5. {caveat}")
