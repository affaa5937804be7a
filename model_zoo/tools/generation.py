"""drug_cell_response_regression_generation: new molecules predicted to reach a target ln(IC50) in a cell line.

This is a **model-guided search, not a trained generative model**: candidates come from graph mutations and
cut-and-join crossovers of a shipped seed library (``model_zoo/data/generation_seeds.smi``: MOSES molecules and
the GDSC2 drugs), filtered for validity, novelty and drug-likeness (``model_zoo.chem.druglike``), and scored with the
cell-response model (``model_zoo.cell_models``); a few rounds keep the candidates closest to the target as the next
parents. Deterministic for a given ``seed``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from rdkit import Chem, DataStructs

from model_zoo.cell_models import (
    CELL_LINE_ERRORS,
    CellResponseModel,
    cell_line,
    far_sentence,
    get_model,
    interval_text,
    line_warning,
    response_trust,
)
from model_zoo.chem.alerts import AlertScreen, removed_artifact
from model_zoo.chem.druglike import Profile, profile_of, structure_ok
from model_zoo.chem.edits import SUBSTITUENT_MOLS, SWAP_ELEMENTS, attach, delete_atom, sanitized, swap_element
from model_zoo.chem.featurizers import morgan_bits
from model_zoo.pipeline import Cache
from model_zoo.plots import molecule_grid_png
from model_zoo.results import FileArtifact, ToolResult, error_result
from model_zoo.specs import GENERATION
from model_zoo.tables import rows_to_csv

SEEDS_PATH = Path(__file__).resolve().parent.parent / "data" / "generation_seeds.smi"
DEFAULT_N = 10
MAX_N = 50
ROUNDS = 3
OFFSPRING_PER_ROUND = 350
PARENTS = 40
DIVERSITY_MAX_SIMILARITY = 0.75  # two returned molecules are at most this similar (Tanimoto, Morgan r2)


# --- mutation and crossover ----------------------------------------------------------------------------------


def _cut_pieces(mol: Chem.Mol, rng: random.Random) -> list[Chem.Mol]:
    """The two pieces from breaking one random acyclic single bond, each with a dummy atom at the cut."""
    bonds = [b.GetIdx() for b in mol.GetBonds() if b.GetBondType() == Chem.BondType.SINGLE and not b.IsInRing()
             and b.GetBeginAtom().GetAtomicNum() > 1 and b.GetEndAtom().GetAtomicNum() > 1]
    if not bonds:
        return []
    broken = Chem.FragmentOnBonds(mol, [rng.choice(bonds)], addDummies=True, dummyLabels=[(1, 1)])
    return list(Chem.GetMolFrags(broken, asMols=True, sanitizeFrags=False))


def crossover(a: Chem.Mol, b: Chem.Mol, rng: random.Random) -> Chem.Mol | None:
    """Cut-and-join: a random piece of ``a`` bonded to a random piece of ``b`` at their cut points."""
    pieces_a, pieces_b = _cut_pieces(a, rng), _cut_pieces(b, rng)
    if not pieces_a or not pieces_b:
        return None
    left, right = rng.choice(pieces_a), rng.choice(pieces_b)
    for piece in (left, right):
        for atom in piece.GetAtoms():
            if atom.GetAtomicNum() == 0:
                atom.SetIsotope(0)
                atom.SetAtomMapNum(1)
    try:
        joined = Chem.molzip(Chem.CombineMols(left, right))
    except Exception:
        return None
    return sanitized(joined)


def mutate(mol: Chem.Mol, rng: random.Random) -> Chem.Mol | None:
    """One random edit: attach a substituent, swap an element, aromatic C<->N, or delete a terminal atom."""
    atoms = list(range(mol.GetNumAtoms()))
    op = rng.choice(("attach", "attach", "swap", "delete"))
    idx = rng.choice(atoms)
    if op == "attach":
        return attach(mol, idx, SUBSTITUENT_MOLS[rng.randrange(len(SUBSTITUENT_MOLS))])
    if op == "swap":
        return swap_element(mol, idx, rng.choice(SWAP_ELEMENTS))
    return delete_atom(mol, idx)


# --- the seed library ----------------------------------------------------------------------------------------


@dataclass
class SeedLibrary:
    ids: list[str]
    smiles: list[str]
    mols: list[Chem.Mol]
    canonical: set[str]
    fps: list[Any]
    features: np.ndarray  # cell-response drug features, featurized once

    @classmethod
    def load(cls, model: CellResponseModel, path: Path = SEEDS_PATH) -> SeedLibrary:
        ids, smiles, mols = [], [], []
        for line in path.read_text().splitlines():
            if not line.strip() or line.startswith("#"):
                continue
            smi, _, ident = line.partition("\t")
            mol = Chem.MolFromSmiles(smi)
            if mol is not None:
                ids.append(ident.strip() or smi)
                smiles.append(Chem.MolToSmiles(mol))
                mols.append(mol)
        return cls(ids, smiles, mols, set(smiles), [morgan_bits(m) for m in mols], model.featurize(mols))

    def nearest(self, fp: Any) -> tuple[str, float]:
        sims = DataStructs.BulkTanimotoSimilarity(fp, self.fps)
        best = int(np.argmax(sims))
        return self.ids[best], float(sims[best])


_libraries: Cache[SeedLibrary] = Cache()


def get_library(model: CellResponseModel) -> SeedLibrary:
    """The seed library (featurized by the first model asked for), built on first use and kept for the life of the
    process."""
    return _libraries.get(SEEDS_PATH, lambda: SeedLibrary.load(model))


# --- the search ----------------------------------------------------------------------------------------------


_UNSET: Any = object()


@dataclass
class Candidate:
    smiles: str
    mol: Chem.Mol
    prediction: float
    origin: str
    screen: AlertScreen | None = None  # structural alerts, checked with the profile (the slow part: ~10 ms)
    fp: Any = None
    _profile: Any = _UNSET

    @property
    def profile(self) -> Profile | None:
        """QED/SA profile, computed on first use; None when the candidate fails the QED or SA threshold or
        carries a structural alert."""
        if self._profile is _UNSET:
            profile = profile_of(self.mol)
            if profile is not None and self.screen is not None and not self.screen.passes(self.mol, self.smiles):
                profile = None
            self._profile = profile
        return self._profile

    @property
    def passed_profile(self) -> Profile:
        """``profile`` of a candidate that passed the filters (every chosen one); a ValueError for any other."""
        profile = self.profile
        if profile is None:
            raise ValueError(f"{self.smiles} failed the QED/SA/alert filters and has no profile")
        return profile


def closest(candidates: Iterable[Candidate], target: float, n: int) -> list[Candidate]:
    """The ``n`` candidates nearest the target that pass the QED/SA thresholds (profiles computed lazily)."""
    out = []
    for cand in sorted(candidates, key=lambda c: (abs(c.prediction - target), c.smiles)):
        if cand.profile is not None:
            out.append(cand)
            if len(out) >= n:
                break
    return out


def score_candidates(model: CellResponseModel, cosmic: str, mols: Sequence[Chem.Mol]) -> np.ndarray:
    return model.predict_features(model.featurize(mols), cosmic) if mols else np.empty(0)


def pick_diverse(candidates: Iterable[Candidate], target: float, n: int,
                 max_similarity: float = DIVERSITY_MAX_SIMILARITY) -> list[Candidate]:
    """Greedy: closest to the target first (to 0.01), skipping molecules that fail the QED/SA thresholds and
    near-duplicates of those already taken."""
    chosen: list[Candidate] = []
    for cand in sorted(candidates, key=lambda c: (round(abs(c.prediction - target), 2), c.smiles)):
        if cand.profile is None:
            continue
        if cand.fp is None:
            cand.fp = morgan_bits(cand.mol)
        if chosen and max(DataStructs.BulkTanimotoSimilarity(cand.fp, [c.fp for c in chosen])) > max_similarity:
            continue
        chosen.append(cand)
        if len(chosen) >= n:
            break
    return chosen


@dataclass
class GenerationRun:
    chosen: list[Candidate]
    evaluated: int
    proposed: int
    seed_best: float  # |prediction - target| of the best seed-library molecule, for comparison
    seed_best_smiles: str
    screen: AlertScreen  # the candidates removed for structural alerts, and why


def generate(model: CellResponseModel, cosmic: str, target: float, n: int = DEFAULT_N, seed: int = 0,
             rounds: int = ROUNDS, offspring: int = OFFSPRING_PER_ROUND) -> GenerationRun:
    rng = random.Random(seed)
    library = get_library(model)
    seed_pred = model.predict_features(library.features, cosmic)
    distance = np.abs(seed_pred - target)
    order = np.argsort(distance, kind="stable")
    parents = [library.mols[i] for i in order[:PARENTS]]
    parents += [library.mols[i] for i in rng.sample(range(len(library.mols)), PARENTS // 2)]
    seen: set[str] = set(library.canonical)
    pool: dict[str, Candidate] = {}
    screen = AlertScreen()
    proposed = 0
    for _ in range(rounds):
        fresh: list[tuple[str, Chem.Mol, str]] = []
        for _ in range(offspring):
            proposed += 1
            if rng.random() < 0.5:
                child, origin = mutate(rng.choice(parents), rng), "mutation"
            else:
                child, origin = crossover(rng.choice(parents), rng.choice(parents), rng), "crossover"
            if child is None:
                continue
            smiles = Chem.MolToSmiles(child)
            if smiles in seen:
                continue
            seen.add(smiles)
            mol = Chem.MolFromSmiles(smiles)  # round trip: drop dummy/bookkeeping state, canonical atom order
            if mol is None:
                continue
            fresh.append((smiles, mol, origin))
        kept = [(smiles, mol, origin) for smiles, mol, origin in fresh if structure_ok(mol)]
        predictions = score_candidates(model, cosmic, [m for _, m, _ in kept])
        for (smiles, mol, origin), value in zip(kept, predictions):
            pool[smiles] = Candidate(smiles, mol, float(value), origin, screen)
        parents = [c.mol for c in closest(pool.values(), target, PARENTS)] + [library.mols[i]
                                                                             for i in order[:PARENTS // 2]]
    chosen = pick_diverse(pool.values(), target, n)
    return GenerationRun(chosen, len(pool), proposed, float(distance[order[0]]), library.smiles[int(order[0])],
                         screen)


# --- the tool ------------------------------------------------------------------------------------------------


def run(args: dict[str, Any]) -> ToolResult:
    """Generate ``n`` (default 10) molecules for ``cell_line`` whose predicted ln(IC50) is close to ``zscore``."""
    target = float(args["zscore"])
    n = max(1, min(int(args.get("n") or args.get("top_k") or DEFAULT_N), MAX_N))
    seed = int(args.get("seed") or 0)
    model = get_model()
    try:
        cosmic, line = cell_line(model, args["cell_line"])
    except CELL_LINE_ERRORS as exc:
        return error_result(GENERATION.name, str(exc))
    result = generate(model, cosmic, target, n, seed)
    library = get_library(model)
    warnings = [w for w in [line_warning(model, cosmic)] if w]
    rows: list[dict[str, Any]] = []
    nearest_gdsc = model.nearest_training_drug([c.mol for c in result.chosen])
    half, inside, threshold = response_trust(np.array([sim for _, sim in nearest_gdsc]))
    for rank, (cand, (drug, drug_sim)) in enumerate(zip(result.chosen, nearest_gdsc), start=1):
        seed_id, seed_sim = library.nearest(cand.fp)
        profile = cand.passed_profile
        rows.append({"rank": rank, "smiles": cand.smiles, "cell_line": line, "ln_ic50": round(cand.prediction, 3),
                     "uncertainty": round(float(half[rank - 1]), 3),
                     "delta_to_target": round(cand.prediction - target, 3), "qed": round(profile.qed, 3),
                     "sa_score": round(profile.sa, 2), "mw": round(profile.mw, 1),
                     "nearest_seed": seed_id, "seed_similarity": round(seed_sim, 3),
                     "nearest_gdsc_drug": drug, "similarity": round(drug_sim, 3),
                     "in_domain": bool(inside[rank - 1]), "origin": cand.origin})
    columns = ["rank", "smiles", "cell_line", "ln_ic50", "uncertainty", "delta_to_target", "qed", "sa_score", "mw",
               "nearest_seed", "seed_similarity", "nearest_gdsc_drug", "similarity", "in_domain", "origin"]
    if not rows:
        return ToolResult(GENERATION.name, "error", [], columns,
                          f"No molecule passing the drug-likeness filters was found for {line}.",
                          model.model_info(), warnings,
                          pool_value=[], pool_kind="smiles_list")
    values = np.array([r["ln_ic50"] for r in rows])
    within = int(np.sum(np.abs(values - target) <= 0.5))
    far = sum(not r["in_domain"] for r in rows)
    summary = (f"Generated {len(rows)} new molecules for {line} aiming at ln(IC50) {target:g}: predicted "
               f"{values.min():.2f} to {values.max():.2f}, {within} within ±0.5 of the target; QED "
               f"{min(r['qed'] for r in rows):.2f}-{max(r['qed'] for r in rows):.2f}. Searched {result.evaluated} "
               f"novel candidates that passed the structure filters (mutations and crossovers of the seed library, "
               f"seed {seed}); the best existing library molecule was {result.seed_best:.2f} ln units from the target.")
    summary += " " + interval_text()
    summary += far_sentence(far, threshold)
    summary += " " + (result.screen.summary("candidate", " near the target") or
                      "No candidate near the target carried a structural alert (PAINS, Brenk, NIH).")
    artifacts = [FileArtifact(f"generated_{cosmic}.csv", "text/csv", rows_to_csv(rows, columns)),
                 FileArtifact(f"generated_{cosmic}.png", "image/png",
                              molecule_grid_png([c.mol for c in result.chosen],
                                                [f"#{r['rank']} ln(IC50) {r['ln_ic50']:.2f}, QED {r['qed']:.2f}"
                                                 for r in rows],
                                                f"Generated for {line}: predicted ln(IC50), target {target:g}"))]
    artifacts += removed_artifact(result.screen, f"generated_{cosmic}_removed_for_alerts.csv")
    return ToolResult(GENERATION.name, "ok", rows, columns, summary,
                      model.model_info(" + seed-library search"),
                      warnings, artifacts, pool_value=[r["smiles"] for r in rows], pool_kind="smiles_list")
