"""drug_cell_response_regression_optimization: analogues of a molecule that change only the atoms a mask allows.

A model-guided local search, not a trained generative model. Starting from ``gt``, every single edit at an atom
whose mask entry is 1 is enumerated (element swaps, aromatic C<->N, attaching one of a small set of substituents,
deleting a terminal atom); atoms added by an edit may be edited in later steps. A beam of the analogues whose
predicted ln(IC50) (cell-response model) is closest to the target is expanded for a few steps. Every analogue is
checked to keep each mask-0 atom: same element, charge and aromaticity, the same bonds among kept atoms, and a
substructure match of the kept part of ``gt``. Deterministic.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from rdkit import Chem, DataStructs
from rdkit.Chem import QED

from model_zoo import cell_models
from model_zoo.chem.alerts import AlertScreen, alerts_in, removed_artifact
from model_zoo.chem.alerts import describe as describe_alerts
from model_zoo.chem.druglike import Profile, sa_score
from model_zoo.chem.edits import SUBSTITUENT_MOLS, SUBSTITUENTS, SWAP_ELEMENTS, attach, delete_atom, swap_element
from model_zoo.chem.featurizers import morgan_bits
from model_zoo.chem.mols import InvalidSmiles, parse_smiles
from model_zoo.chem.rdkit_typed import mol_weight
from model_zoo.plots import given_names, molecule_grid_png
from model_zoo.results import FileArtifact, ToolResult, error_result
from model_zoo.specs import OPTIMIZATION
from model_zoo.tables import rows_to_csv

KEEP = "dp_keep"  # int atom property: 1 on mask-0 atoms of gt (must survive), 0 on atoms that may change
ORIGIN = "dp_origin"  # int atom property: the atom's index in gt, -1 for atoms added by an edit
DEFAULT_TOP_K = 10
MAX_TOP_K = 50
STEPS = 3
BEAM = 10
EDITS_PER_STEP = 600  # edits tried per step at most (sampled deterministically when there are more)
MAX_SA = 6.5
MAX_DRAWN = 8


@dataclass
class Analogue:
    mol: Chem.Mol  # with KEEP / ORIGIN atom properties
    smiles: str
    edits: list[str]
    prediction: float = float("nan")
    similarity: float = 0.0
    qed: float = 0.0
    profile: Any = None
    fp: Any = field(default=None, repr=False)


def tag_atoms(mol: Chem.Mol, mask: list[int]) -> Chem.Mol:
    tagged = Chem.Mol(mol)
    for atom, m in zip(tagged.GetAtoms(), mask):
        atom.SetIntProp(KEEP, 0 if m else 1)
        atom.SetIntProp(ORIGIN, atom.GetIdx())
    return tagged


def kept_query(gt: Chem.Mol, mask: list[int]) -> Chem.Mol:
    """gt without its mask-1 atoms (unsanitized: aromatic flags and bond types of the kept atoms stay)."""
    rw = Chem.RWMol(gt)
    for idx in sorted((i for i, m in enumerate(mask) if m), reverse=True):
        rw.RemoveAtom(idx)
    return rw.GetMol()


def keeps_masked_atoms(new: Chem.Mol, gt: Chem.Mol, mask: list[int], query: Chem.Mol | None = None) -> bool:
    """True when every mask-0 atom of gt survives in ``new`` unchanged (tracked by atom property) and the kept part
    of gt is a substructure of ``new``."""
    by_origin: dict[int, Chem.Atom] = {}
    for atom in new.GetAtoms():
        if atom.HasProp(ORIGIN) and atom.GetIntProp(ORIGIN) >= 0:
            by_origin[atom.GetIntProp(ORIGIN)] = atom
    kept = [i for i, m in enumerate(mask) if not m]
    for i in kept:
        old, now = gt.GetAtomWithIdx(i), by_origin.get(i)
        if now is None or (now.GetAtomicNum(), now.GetFormalCharge(), now.GetIsAromatic()) != (
                old.GetAtomicNum(), old.GetFormalCharge(), old.GetIsAromatic()):
            return False
    kept_set = set(kept)
    for bond in gt.GetBonds():
        a, b = bond.GetBeginAtomIdx(), bond.GetEndAtomIdx()
        if a in kept_set and b in kept_set:
            now = new.GetBondBetweenAtoms(by_origin[a].GetIdx(), by_origin[b].GetIdx())
            if now is None or now.GetBondType() != bond.GetBondType():
                return False
    if query is None:
        query = kept_query(gt, mask)
    return query.GetNumAtoms() == 0 or new.HasSubstructMatch(query)


def _label(atom: Chem.Atom) -> str:
    origin = atom.GetIntProp(ORIGIN) if atom.HasProp(ORIGIN) else -1
    return f"{atom.GetSymbol()}{origin}" if origin >= 0 else f"new {atom.GetSymbol()}"


EditSpec = tuple[int, str, int]  # (atom index, "swap" | "attach" | "delete", element or substituent index)


def edit_specs(mol: Chem.Mol) -> list[EditSpec]:
    """Every single edit at a changeable atom (KEEP == 0), in a fixed order, not yet applied."""
    specs: list[EditSpec] = []
    for atom in mol.GetAtoms():
        if atom.HasProp(KEEP) and atom.GetIntProp(KEEP):
            continue
        idx = atom.GetIdx()
        specs += [(idx, "swap", e) for e in SWAP_ELEMENTS if e != atom.GetAtomicNum()
                  and (not atom.GetIsAromatic() or e in (6, 7, 8, 16))]
        if atom.GetTotalNumHs() > 0:
            specs += [(idx, "attach", k) for k in range(len(SUBSTITUENTS))]
        if atom.GetDegree() == 1:
            specs.append((idx, "delete", 0))
    return specs


def apply_edit(mol: Chem.Mol, spec: EditSpec) -> tuple[Chem.Mol, str] | None:
    """The edited molecule (atom properties kept; added atoms changeable) and a description, or None if invalid."""
    idx, op, arg = spec
    label = _label(mol.GetAtomWithIdx(idx))
    if op == "swap":
        new = swap_element(mol, idx, arg)
        return (new, f"{label}->{Chem.GetPeriodicTable().GetElementSymbol(arg)}") if new is not None else None
    if op == "attach":
        new = attach(mol, idx, SUBSTITUENT_MOLS[arg])
        if new is None:
            return None
        for added in range(mol.GetNumAtoms(), new.GetNumAtoms()):
            new.GetAtomWithIdx(added).SetIntProp(KEEP, 0)
            new.GetAtomWithIdx(added).SetIntProp(ORIGIN, -1)
        return new, f"+{SUBSTITUENTS[arg]} on {label}"
    new = delete_atom(mol, idx)
    return (new, f"-{label}") if new is not None else None


def single_edits(mol: Chem.Mol) -> list[tuple[Chem.Mol, str]]:
    """Every valid single edit at a changeable atom, applied, in a fixed order."""
    return [out for spec in edit_specs(mol) if (out := apply_edit(mol, spec)) is not None]


def _profile(mol: Chem.Mol) -> Profile | None:
    """QED / SA / MW, or None for a hard-to-make (SA > 6.5) analogue. Looser than generation's filters: the
    starting molecule fixes most of the chemistry."""
    sa = sa_score(mol)
    return Profile(QED.qed(mol), sa, mol_weight(mol)) if sa <= MAX_SA else None


def _passes(analogue: Analogue, screen: AlertScreen) -> bool:
    """SA within bounds and no structural alert beyond the starting molecule's (checked once, lazily: the alert
    screen is the slow part)."""
    if analogue.profile is None:
        profile = _profile(analogue.mol)
        if profile is not None and not screen.passes(analogue.mol, analogue.smiles):
            profile = None
        analogue.profile = profile or False
        analogue.qed = analogue.profile.qed if analogue.profile else 0.0
    return bool(analogue.profile)


def optimize(model: cell_models.CellResponseModel, cosmic: str, gt: Chem.Mol, mask: list[int], target: float,
             top_k: int = DEFAULT_TOP_K, steps: int = STEPS, beam: int = BEAM, seed: int = 0,
             budget: int = EDITS_PER_STEP, screen: AlertScreen | None = None) -> tuple[list[Analogue], float, int]:
    """(best analogues, prediction for gt, number of analogues scored). ``screen`` (default: alerts of gt allowed)
    counts the analogues removed for structural alerts."""
    rng = random.Random(seed)
    query = kept_query(gt, mask)
    gt_smiles = Chem.MolToSmiles(gt)
    gt_fp = morgan_bits(gt)
    gt_value = float(model.predict([gt], cosmic)[0])
    seen = {gt_smiles}
    if screen is None:
        screen = AlertScreen(alerts_in(gt))  # an analogue may keep gt's liabilities but not add new ones
    scored: dict[str, Analogue] = {}
    frontier = [Analogue(tag_atoms(gt, mask), gt_smiles, [])]
    for _ in range(steps):
        fresh: list[Analogue] = []
        share = max(1, budget // len(frontier))
        for parent in frontier:
            specs = edit_specs(parent.mol)
            if len(specs) > share:
                specs = [specs[i] for i in sorted(rng.sample(range(len(specs)), share))]
            for spec in specs:
                applied = apply_edit(parent.mol, spec)
                if applied is None:
                    continue
                new, edit = applied
                smiles = Chem.MolToSmiles(new)
                if smiles in seen:
                    continue
                seen.add(smiles)
                if len(Chem.GetMolFrags(new)) != 1 or not keeps_masked_atoms(new, gt, mask, query):
                    continue
                fresh.append(Analogue(new, smiles, parent.edits + [edit]))
        if not fresh:
            break
        values = model.predict_features(model.featurize([a.mol for a in fresh]), cosmic)
        for analogue, value in zip(fresh, values):
            analogue.prediction = float(value)
            analogue.fp = morgan_bits(analogue.mol)
            analogue.similarity = DataStructs.TanimotoSimilarity(gt_fp, analogue.fp)
            scored[analogue.smiles] = analogue
        ordered = sorted(fresh, key=lambda a: (abs(a.prediction - target), -a.similarity, a.smiles))
        frontier = []
        for analogue in ordered:  # SA/QED only for the few that could enter the beam
            if _passes(analogue, screen):
                frontier.append(analogue)
                if len(frontier) >= beam:
                    break
        if not frontier:
            break
    ranked = sorted(scored.values(), key=lambda a: (round(abs(a.prediction - target), 2), -a.similarity, a.smiles))
    return _diverse(ranked, target, top_k, screen), gt_value, len(scored)


def _diverse(ranked: list[Analogue], target: float, n: int, screen: AlertScreen) -> list[Analogue]:
    """Closest first, skipping analogues that fail SA and near-duplicates (Tanimoto > 0.9) of those taken."""
    chosen: list[Analogue] = []
    for analogue in ranked:
        if not _passes(analogue, screen):
            continue
        if chosen and max(DataStructs.BulkTanimotoSimilarity(analogue.fp, [c.fp for c in chosen])) > 0.9:
            continue
        chosen.append(analogue)
        if len(chosen) >= n:
            break
    return chosen


def _alerts_cell(mol: Chem.Mol, inherited: frozenset[str]) -> str:
    """What a row says about alerts: none, or those kept from the starting molecule."""
    kept = alerts_in(mol) & inherited
    return f"kept from the start: {describe_alerts(kept)}" if kept else "none"


def run(args: dict[str, Any]) -> ToolResult:
    """Analogues of ``gt`` for ``cell_line`` whose predicted ln(IC50) approaches ``zscore``; only mask-1 atoms
    change."""
    target = float(args["zscore"])
    top_k = max(1, min(int(args.get("top_k") or DEFAULT_TOP_K), MAX_TOP_K))
    try:
        gt = parse_smiles(args["gt"])
    except InvalidSmiles as exc:
        return error_result(OPTIMIZATION.name, str(exc))
    mask = [int(m) for m in args["mask"]]
    if len(mask) != gt.GetNumAtoms() or any(m not in (0, 1) for m in mask):
        return error_result(OPTIMIZATION.name, f"mask has {len(mask)} entries but {args['gt']} has "
                                               f"{gt.GetNumAtoms()} heavy atoms; give one 0/1 per heavy atom")
    if not any(mask):
        return error_result(OPTIMIZATION.name, "the mask allows no atom to change (all entries are 0); set 1 on the "
                                               "atoms that may be modified")
    model = cell_models.get_model()
    try:
        cosmic, line = cell_models.cell_line(model, args["cell_line"])
    except cell_models.CELL_LINE_ERRORS as exc:
        return error_result(OPTIMIZATION.name, str(exc))
    screen = AlertScreen(alerts_in(gt))
    analogues, gt_value, n_scored = optimize(model, cosmic, gt, mask, target, top_k, seed=int(args.get("seed") or 0),
                                             screen=screen)
    warnings = [w for w in [cell_models.line_warning(model, cosmic)] if w]
    columns = ["rank", "smiles", "cell_line", "ln_ic50", "uncertainty", "delta_to_target", "similarity_to_gt", "qed",
               "n_edits", "edits", "structural_alerts", "nearest_gdsc_drug", "similarity", "in_domain"]
    info = model.model_info(" + masked local search")
    if not analogues:
        return ToolResult(OPTIMIZATION.name, "error", [], columns,
                          f"No valid analogue of {args['gt']} could be made by changing only the {sum(mask)} "
                          f"allowed atom(s). {screen.summary('analogue')}".strip(), info, warnings,
                          removed_artifact(screen, f"optimized_{cosmic}_removed_for_alerts.csv"),
                          pool_value=[], pool_kind="smiles_list")
    nearest = model.nearest_training_drug([a.mol for a in analogues])
    half, inside, threshold = cell_models.response_trust(np.array([sim for _, sim in nearest]))
    rows = [{"rank": r, "smiles": a.smiles, "cell_line": line, "ln_ic50": round(a.prediction, 3),
             "uncertainty": round(float(half[r - 1]), 3),
             "delta_to_target": round(a.prediction - target, 3), "similarity_to_gt": round(a.similarity, 3),
             "qed": round(a.qed, 3), "n_edits": len(a.edits), "edits": "; ".join(a.edits),
             "structural_alerts": _alerts_cell(a.mol, screen.allowed), "nearest_gdsc_drug": nearest[r - 1][0],
             "similarity": round(nearest[r - 1][1], 3), "in_domain": bool(inside[r - 1])}
            for r, a in enumerate(analogues, start=1)]
    values = np.array([a.prediction for a in analogues])
    summary = (f"Made {len(rows)} analogues of {Chem.MolToSmiles(gt)} for {line}, changing only the {sum(mask)} "
               f"allowed atom(s) (every mask-0 atom kept, checked by substructure match). The starting molecule is "
               f"predicted at ln(IC50) {gt_value:.2f}; target {target:g}; the analogues are predicted "
               f"{values.min():.2f} to {values.max():.2f} (best {analogues[0].prediction:.2f}, "
               f"Tanimoto {analogues[0].similarity:.2f} to the start), chosen from {n_scored} scored analogues.")
    if abs(analogues[0].prediction - target) > 1.0:
        summary += " The target was not reached within the allowed edits; these are the closest found."
    summary += " " + cell_models.interval_text()
    far = sum(not row["in_domain"] for row in rows)
    summary += cell_models.far_sentence(far, threshold)
    summary += " " + (screen.summary("analogue", " near the target") or
                      "No analogue near the target added a structural alert (PAINS, Brenk, NIH).")
    if screen.allowed:
        summary += (f" The starting molecule itself carries {describe_alerts(screen.allowed)}; analogues may keep "
                    "these (listed per row) but add none.")
    drawn = analogues[:MAX_DRAWN]
    start = given_names(args).get(str(args["gt"])) or "the starting molecule"
    labels = [f"start: ln(IC50) {gt_value:.2f}"] + [f"#{i} ln(IC50) {a.prediction:.2f}, sim {a.similarity:.2f}"
                                                    for i, a in enumerate(drawn, start=1)]
    picture = molecule_grid_png([gt] + [a.mol for a in drawn], labels,
                                f"Analogues of {start} for {line}: predicted ln(IC50), target {target:g}", per_row=3,
                                highlight=[[i for i, m in enumerate(mask) if m]] + [[] for _ in drawn],
                                highlight_label=f"atoms allowed to change ({sum(mask)} of {len(mask)}); "
                                                "the rest is kept")
    artifacts = [FileArtifact(f"optimized_{cosmic}.csv", "text/csv", rows_to_csv(rows, columns)),
                 FileArtifact(f"optimized_{cosmic}.png", "image/png", picture)]
    artifacts += removed_artifact(screen, f"optimized_{cosmic}_removed_for_alerts.csv")
    return ToolResult(OPTIMIZATION.name, "ok", rows, columns, summary, info, warnings, artifacts,
                      pool_value=[r["smiles"] for r in rows], pool_kind="smiles_list")
