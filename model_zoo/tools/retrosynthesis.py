"""Retrosynthetic_reaction_pathway_prediction: single-step, template-based retrosynthesis.

A fingerprint MLP ranks the shipped retro templates (extracted with rdchiral from atom-mapped USPTO-50K
reactions) for a product; the templates that match the product are applied with rdchiral in rank order until
``top_k`` distinct precursor sets are found. A candidate's score is its template's probability, renormalised over
the templates that match the product.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import torch
from rdkit import Chem, rdBase
from rdkit.Chem import Draw, rdChemReactions, rdFingerprintGenerator
from torch import nn

from model_zoo.applicability import get_domain, measured_sentence, outside_sentence, trust_fields
from model_zoo.checkpoint import load_checkpoint
from model_zoo.chem.featurizers import morgan_generator
from model_zoo.pipeline import (
    Cache,
    Fill,
    Rows,
    as_list,
    invalid_sentence,
    predict_rows,
    rows_text,
    table_result,
    trained_file,
)
from model_zoo.plots import given_names, molecule_grid_png, short_label, titled_png
from model_zoo.results import FileArtifact, ModelInfo, ToolResult
from model_zoo.specs import RETROSYNTHESIS
from model_zoo.tables import rows_to_csv
from model_zoo.uncertainty import get_calibration

WEIGHTS_PATH = Path(__file__).resolve().parent.parent / "weights" / "retrosynthesis" / "retrosynthesis.pt"
DEFAULT_TOP_K = 10
MAX_TEMPLATES = 100  # applied per product, in rank order, at most
MAX_DRAWN = 4  # products drawn in the picture


def canonical_set(smiles: str) -> str | None:
    """Canonical, sorted, '.'-joined SMILES of a molecule set with atom maps removed (None if any part fails)."""
    parts = []
    for piece in smiles.split("."):
        if not piece:
            continue
        with rdBase.BlockLogs():
            mol = Chem.MolFromSmiles(piece)
        if mol is None:
            return None
        for atom in mol.GetAtoms():
            atom.SetAtomMapNum(0)
        parts.append(Chem.MolToSmiles(mol))
    return ".".join(sorted(parts)) if parts else None


@dataclass(frozen=True)
class ProductFingerprint:
    """Product -> float32 Morgan bit vector (radius, n bits), what the ranker reads."""

    radius: int = 2
    fp_size: int = 2048
    _gen: rdFingerprintGenerator.FingerprintGenerator64 = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_gen", morgan_generator(self.radius, self.fp_size))

    def __call__(self, mol: Chem.Mol) -> np.ndarray:
        return self._gen.GetFingerprintAsNumPy(mol).astype(np.float32)

    def many(self, mols: Sequence[Chem.Mol]) -> np.ndarray:
        out = np.zeros((len(mols), self.fp_size), np.float32)
        for i, mol in enumerate(mols):
            out[i] = self(mol)
        return out


@dataclass
class Candidate:
    reactants: list[str]
    score: float
    template: str
    template_rank: int


@dataclass
class RetroModel:
    network: nn.Module
    templates: list[str]
    fingerprint: ProductFingerprint
    info: dict[str, Any]
    device: torch.device
    _queries: list[Chem.Mol | None] = field(default_factory=list)
    _reactions: dict[int, Any] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @classmethod
    def from_checkpoint(cls, path: Path = WEIGHTS_PATH, device: torch.device | None = None) -> RetroModel:
        checkpoint = load_checkpoint(path)
        extra = checkpoint.extra
        fp = extra["fingerprint"]
        # float64 inference: template ranks then do not depend on batch size or thread count (float32 rounding
        # flips near-tied templates), so a product gets the same precursors however it is submitted.
        network = checkpoint.build().double().to(device or torch.device("cpu"))
        model = cls(network, list(extra["templates"]),
                    ProductFingerprint(fp["radius"], fp["fp_size"]), extra, device or torch.device("cpu"))
        model._queries = [product_query(t) for t in model.templates]
        return model

    def applicable(self, mol: Chem.Mol) -> np.ndarray:
        """Boolean mask: templates whose product side matches ``mol`` (necessary, not sufficient, to apply)."""
        return np.array([q is not None and mol.HasSubstructMatch(q) for q in self._queries], dtype=bool)

    @torch.inference_mode()
    def probabilities(self, mols: Sequence[Chem.Mol]) -> np.ndarray:
        x = torch.from_numpy(self.fingerprint.many(mols).astype(np.float64)).to(self.device)
        return torch.softmax(self.network(x), dim=-1).cpu().numpy()

    def _reaction(self, index: int) -> Any:
        from rdchiral.initialization import rdchiralReaction

        if index not in self._reactions:
            try:
                self._reactions[index] = rdchiralReaction(self.templates[index])
            except Exception:  # a template rdchiral cannot initialise is skipped, not fatal
                self._reactions[index] = None
        return self._reactions[index]

    def propose(self, mol: Chem.Mol, top_k: int = DEFAULT_TOP_K, max_templates: int = MAX_TEMPLATES,
                probabilities: np.ndarray | None = None) -> list[Candidate]:
        """Up to ``top_k`` distinct precursor sets for one product, best first."""
        from rdchiral.initialization import rdchiralReactants
        from rdchiral.main import rdchiralRun

        probs = self.probabilities([mol])[0] if probabilities is None else probabilities
        mask = self.applicable(mol)
        if not mask.any():
            return []
        probs = np.where(mask, probs, 0.0)
        probs = probs / probs.sum() if probs.sum() > 0 else mask / mask.sum()
        order = [int(i) for i in np.lexsort((np.arange(len(probs)), -probs))[:max_templates] if mask[i]]
        smiles = Chem.MolToSmiles(mol)
        found: dict[str, Candidate] = {}
        with self._lock, rdBase.BlockLogs():  # rdchiral mutates its reaction objects while running them
            try:
                reactants = rdchiralReactants(smiles)
            except Exception:
                return []
            for rank, index in enumerate(order, start=1):
                rxn = self._reaction(index)
                if rxn is None:
                    continue
                try:
                    outcomes = rdchiralRun(rxn, reactants, combine_enantiomers=True)
                except Exception:  # rdchiral raises on odd stereo cases; skip that template
                    continue
                for outcome in outcomes:
                    key = canonical_set(outcome)
                    if key is None or key == smiles or key in found:
                        continue
                    found[key] = Candidate(key.split("."), float(probs[index]) / max(len(outcomes), 1),
                                           self.templates[index], rank)
                if len(found) >= top_k:
                    break
        ranked = sorted(found.values(), key=lambda c: (-c.score, c.template_rank, ".".join(c.reactants)))
        return ranked[:top_k]


def product_query(template: str) -> Chem.Mol | None:
    """The product side of a retro template (``product>>reactants``) as a substructure query."""
    try:
        rxn = rdChemReactions.ReactionFromSmarts(template.split(">>")[0] + ">>C")
        query = Chem.Mol(rxn.GetReactantTemplate(0))  # a copy: the template dies with the reaction object
        query.UpdatePropertyCache(strict=False)
        return query
    except Exception:
        return None


_models: Cache[RetroModel] = Cache()


def get_model() -> RetroModel:
    return _models.get(WEIGHTS_PATH,
                       lambda: RetroModel.from_checkpoint(trained_file(WEIGHTS_PATH, "retrosynthesis model")))


def _picture(best: list[tuple[int, str, Candidate]], names: dict[str, str]) -> bytes:
    """Grid: each product (left) next to its best precursors, with the score in the legend."""
    mols: list[Chem.Mol] = []
    legends: list[str] = []
    width = max(len(c.reactants) for _, _, c in best) + 1
    for row, product, cand in best:
        mols.append(Chem.MolFromSmiles(product))
        legends.append(f"#{row} {names.get(product) or short_label(product, 30)}")
        for i in range(width - 1):
            if i < len(cand.reactants):
                mols.append(Chem.MolFromSmiles(cand.reactants[i]))
                legends.append(f"precursor {i + 1} (score {cand.score:.2f})" if i == 0 else f"precursor {i + 1}")
            else:
                mols.append(Chem.Mol())
                legends.append("")
    return molecule_grid_png(mols, legends, "Best-scoring precursors of each product (single-step retrosynthesis)",
                             per_row=width)


def reaction_picture(product: str, reactants: Sequence[str]) -> bytes:
    """A reaction image ``precursors >> product`` (rdkit Draw)."""
    rxn = rdChemReactions.ReactionFromSmarts(".".join(reactants) + ">>" + product, useSmiles=True)
    image = Draw.ReactionToImage(rxn, subImgSize=(260, 220))
    import io

    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


# per product: calibrated confidence in the best set, its ±, nearest-training similarity, in/out, recorded reactants
TRUST_CSV = ["confidence", "uncertainty", "similarity", "in_domain", "measured"]


def run(args: dict[str, Any]) -> ToolResult:
    """Ranked precursor sets for each product SMILES in ``args['smiles_list']``, one row per input, in order."""
    smiles_list = as_list(args["smiles_list"])
    top_k = int(args.get("top_k") or DEFAULT_TOP_K)
    model = get_model()
    domain = get_domain(WEIGHTS_PATH.parent / "domain_retrosynthesis.npz")
    calibration = get_calibration(WEIGHTS_PATH.parent / "calibration.json", "retrosynthesis")
    empty: list[int] = []
    far: list[int] = []
    recorded: list[tuple[int, str]] = []
    best: list[tuple[int, str, Candidate]] = []
    table = Rows()  # its warnings also take the products without a template, in row order

    def predict(mols: list[Chem.Mol]) -> Fill:
        probabilities = model.probabilities(mols) if mols else np.empty((0, len(model.templates)))
        assessment = domain.assess(mols)

        def fill(row: dict[str, Any], k: int) -> None:
            number, mol = row["row"], mols[k]
            candidates = model.propose(mol, top_k, probabilities=probabilities[k])
            row["candidates"] = [{"rank": r, "reactants": c.reactants, "score": round(c.score, 4),
                                  "template": c.template} for r, c in enumerate(candidates, start=1)]
            measured = (assessment.measured[k] or {}).get("text")
            if not assessment.in_domain[k]:
                far.append(number)
            if measured:
                recorded.append((number, measured))
            if candidates:
                row["best_reactants"] = ".".join(candidates[0].reactants)
                row["best_score"] = round(candidates[0].score, 4)
                confidence, spread = calibration.probability_spread(np.array([[candidates[0].score]]))
                row["confidence"] = round(float(confidence[0]), 3)
                row.update(trust_fields(spread[0], assessment.similarity[k], assessment.in_domain[k], measured))
                best.append((number, Chem.MolToSmiles(mol), candidates[0]))
            else:
                row.update({key: v for key, v in trust_fields(0.0, assessment.similarity[k], assessment.in_domain[k],
                                                               measured).items() if key != "uncertainty"})
                empty.append(number)
                row["error"] = "no template in the library applies to this product"
                table.warnings.append(f"row {number}: no known disconnection (no shipped template matches this "
                                      "product)")
        return fill

    predict_rows(smiles_list, predict, key="product", out=table)
    rows, warnings, invalid = table.rows, table.warnings, table.invalid
    for row in rows:
        row.setdefault("candidates", [])  # an invalid product's row: no candidates after its error
    flat: list[dict[str, Any]] = []
    for row in rows:
        if row["candidates"]:
            flat += [{"row": row["row"], "product": row["product"], "rank": c["rank"],
                      "reactants": ".".join(c["reactants"]), "score": c["score"], "template": c["template"],
                      **({key: row.get(key) for key in TRUST_CSV} if c["rank"] == 1 else {})}
                     for c in row["candidates"]]
        else:
            flat.append({"row": row["row"], "product": row["product"], "error": row.get("error"),
                         **{key: row.get(key) for key in TRUST_CSV}})
    done = [r for r in rows if r["candidates"]]
    if not rows:
        summary = "No SMILES given; nothing to disconnect."
    elif not done:
        summary = f"No precursors proposed for any of the {len(rows)} product(s)."
    else:
        firsts = "; ".join(f"row {r['row']}: {r['best_reactants']} (score {r['best_score']:.2f})" for r in done[:3])
        summary = (f"Proposed up to {top_k} single-step precursor sets for {len(done)} product(s), ranked by template "
                   f"probability. Best: {firsts}" + (" …" if len(done) > 3 else "") + ".")
        test = model.info["metrics"]["test"]
        summary += (" 'confidence' is the calibrated chance that the best set is the one recorded in USPTO (± a 90 % "
                    f"interval); on test products the recorded set ranked first {test['top1']:.0%} and in the top 10 "
                    f"{test['top10']:.0%} of the time.")
        if far:
            summary += " " + outside_sentence(len(far), len(rows) - len(invalid), noun="products",
                                              threshold=domain.threshold)
        if recorded:
            summary += " " + measured_sentence(recorded, "USPTO-50K")
        if empty:
            summary += f" No applicable template for {rows_text(empty)}."
        summary += invalid_sentence(invalid)
    columns = (["row", "product", "rank", "reactants", "score", "template", *TRUST_CSV]
               + (["error"] if invalid or empty else []))
    artifacts = [FileArtifact("retrosynthesis.csv", "text/csv", rows_to_csv(flat, columns))] if rows else []
    if best:
        if len(best) == 1:
            number, product, cand = best[0]
            title = (f"Best-scoring precursors of {given_names(args).get(product) or product} (score {cand.score:.2f}, "
                     "single-step retrosynthesis)")
            artifacts.append(FileArtifact("retrosynthesis.png", "image/png",
                                          titled_png(reaction_picture(product, cand.reactants), title)))
        else:
            artifacts.append(FileArtifact("retrosynthesis.png", "image/png",
                                          _picture(best[:MAX_DRAWN], given_names(args))))
    metrics = {k: round(float(v), 4) for k, v in model.info["metrics"]["test"].items()}
    columns = (["row", "product", "best_reactants", "best_score", *TRUST_CSV, "candidates"]
               + (["error"] if invalid or empty else []))
    return table_result(RETROSYNTHESIS.name, rows, columns, summary,
                        ModelInfo(model.info["model_name"], model.info["version"], metrics), warnings, artifacts)
