"""Build what the tools need to say how far to trust a prediction: applicability-domain files (training
fingerprints, in/out threshold, measured values) and calibration entries (intervals, calibrated probabilities),
fitted on held-out splits of the shipped models; the main models are not retrained.

    python -m model_zoo.train.domain --data-dir ../shared/data --tool property [--tool affinity ...]

Writes ``model_zoo/weights/<tool>/domain_<model>.npz`` and ``calibration.json`` (the generation and optimization
tools use the cell_response files). Every number the tools quote about calibration comes from here: fitted on a
validation (or calibration) split, measured on a test split the fit never saw.

In/out threshold: the 5th percentile of held-out molecules' highest Tanimoto similarity to the training molecules
(validation molecules not in training; where every held-out molecule is also a training molecule — DAVIS, GDSC,
the DrugBank DDI split — each training molecule against all the others, i.e. leave-one-out).
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import torch
from rdkit import Chem, rdBase

from model_zoo.applicability import (
    THRESHOLD_PERCENTILE,
    fingerprint,
    inchikey,
    max_similarity,
    protein_key,
    save_domain,
)
from model_zoo.chem.mols import InvalidSmiles, parse_smiles
from model_zoo.uncertainty import (
    LEVEL,
    Z90,
    balanced_accuracy,
    balanced_threshold,
    conformal_quantile,
    fit_platt,
    reliability,
    sigmoid,
)
from model_zoo.train.common import start_trainer

log = logging.getLogger(__name__)
WEIGHTS = Path(__file__).resolve().parents[1] / "weights"
TOOLS = ("property", "target_interaction", "affinity", "drug_drug", "cell_response", "retrosynthesis")
SEED = 0


# --- shared helpers ------------------------------------------------------------------------------------------


def mol_or_none(smiles: str) -> Chem.Mol | None:
    try:
        return parse_smiles(smiles)
    except InvalidSmiles:
        return None


def unique_mols(smiles: Sequence[str]) -> tuple[list[str], list[Chem.Mol]]:
    """Distinct parsable molecules (by InChIKey), first occurrence kept."""
    seen: set[str] = set()
    keep_s, keep_m = [], []
    for s in smiles:
        mol = mol_or_none(s)
        if mol is None:
            continue
        key = inchikey(mol)
        if key in seen:
            continue
        seen.add(key)
        keep_s.append(s)
        keep_m.append(mol)
    return keep_s, keep_m


def threshold_from(held_out: Sequence[Chem.Mol], training: Sequence[Chem.Mol],
                   train_keys: set[str] | None = None) -> tuple[float, str]:
    """5th percentile of held-out-to-training similarity (held-out molecules that are training molecules are
    left out); leave-one-out among the training molecules when no held-out molecule is new."""
    train_fps = [fingerprint(m) for m in training]
    train_keys = train_keys if train_keys is not None else {inchikey(m) for m in training}
    new = [m for m in held_out if inchikey(m) not in train_keys]
    if len(new) >= 20:
        sims = max_similarity([fingerprint(m) for m in new], train_fps)
        how = f"{THRESHOLD_PERCENTILE:g}th percentile of {len(new)} held-out molecules' similarity to training"
    else:
        sims = np.array([max(np.delete(np.array(_bulk(fp, train_fps)), i)) for i, fp in enumerate(train_fps)])
        how = (f"{THRESHOLD_PERCENTILE:g}th percentile of leave-one-out similarity among the {len(training)} "
               "training molecules (every held-out molecule is a training molecule)")
    return round(float(np.percentile(sims, THRESHOLD_PERCENTILE)), 3), how


def _bulk(fp: Any, fps: Sequence[Any]) -> list[float]:
    from rdkit import DataStructs

    return DataStructs.BulkTanimotoSimilarity(fp, fps)


def domain_split(query: Sequence[Chem.Mol], training: Sequence[Chem.Mol],
                 threshold: float) -> tuple[np.ndarray, np.ndarray]:
    sims = max_similarity([fingerprint(m) for m in query], [fingerprint(m) for m in training])
    return sims, sims >= threshold


def averaged(rows: Sequence[tuple[Chem.Mol, str, Sequence[float]]]) -> list[tuple[Chem.Mol, str, list[float]]]:
    """Measured rows merged by key (values averaged over repeats, NaN ignored)."""
    by_key: dict[str, list[Any]] = {}
    for mol, key, values in rows:
        if key not in by_key:
            by_key[key] = [mol, []]
        by_key[key][1].append(list(values))
    out = []
    for key, (mol, values) in by_key.items():
        with np.errstate(all="ignore"):
            merged = np.nanmean(np.array(values, np.float64), axis=0) if len(values) > 1 else np.array(values[0])
        out.append((mol, key, merged.tolist()))
    return out


def regression_calibration(y_cal: np.ndarray, mean_cal: np.ndarray, spread_cal: np.ndarray, y_test: np.ndarray,
                           mean_test: np.ndarray, spread_test: np.ndarray, in_test: np.ndarray, method: str,
                           fit_on: str) -> dict[str, Any]:
    """Split-conformal scale of ``|y - ŷ| / (spread + floor)``; coverage, width and error in/out of domain on test."""
    floor = float(np.median(spread_cal)) if spread_cal.any() else 1.0
    scale = conformal_quantile(np.abs(y_cal - mean_cal) / (spread_cal + floor), LEVEL)
    half = scale * (spread_test + floor)
    err = np.abs(y_test - mean_test)
    return {"kind": "regression", "method": method, "level": LEVEL, "scale": round(scale, 5), "floor": round(floor, 5),
            "fit_on": fit_on, "test": {**_coverage(err, half, in_test), **_errors(err, in_test)}}


def _coverage(err: np.ndarray, half: np.ndarray, in_domain: np.ndarray) -> dict[str, Any]:
    inside = err <= half
    out = {"n": int(len(err)), "coverage_90": round(float(inside.mean()), 4),
           "mean_halfwidth": round(float(half.mean()), 4)}
    for name, mask in (("in_domain", in_domain), ("out_of_domain", ~in_domain)):
        if mask.any():
            out[f"coverage_90_{name}"] = round(float(inside[mask].mean()), 4)
    return out


def _errors(err: np.ndarray, in_domain: np.ndarray) -> dict[str, Any]:
    out: dict[str, Any] = {"in_domain_fraction": round(float(in_domain.mean()), 4)}
    for name, mask in (("in_domain", in_domain), ("out_of_domain", ~in_domain)):
        out[f"n_{name}"] = int(mask.sum())
        if mask.any():
            out[f"rmse_{name}"] = round(float(np.sqrt(np.mean(err[mask] ** 2))), 4)
    return out


def classifier_calibration(y_val: np.ndarray, p_val: np.ndarray, y_test: np.ndarray, members_test: np.ndarray,
                           in_test: np.ndarray, method: str, fit_on: str, choose_threshold: bool = False
                           ) -> dict[str, Any]:
    """Platt scaling fitted on validation; ROC-AUC, balanced accuracy, reliability and ECE on test. With
    ``choose_threshold`` the label's probability cut is the one with the best balanced accuracy on validation
    (else 0.5); test metrics are given at that cut, and at 0.5 for comparison."""
    from sklearn.metrics import roc_auc_score

    a, b = fit_platt(p_val, y_val)
    p_raw = members_test.mean(axis=0)
    p_cal = sigmoid(a * np.log(np.clip(p_raw, 1e-6, 1 - 1e-6) / np.clip(1 - p_raw, 1e-6, 1)) + b)
    cal_val = sigmoid(a * np.log(np.clip(p_val, 1e-6, 1 - 1e-6) / np.clip(1 - p_val, 1e-6, 1)) + b)
    cut = balanced_threshold(y_val, cal_val) if choose_threshold else 0.5
    after = reliability(p_cal, y_test)
    test: dict[str, Any] = {
        "n": int(len(y_test)), "positives": int((y_test > 0.5).sum()),
        "roc_auc": round(float(roc_auc_score(y_test, p_raw)), 4) if 0 < y_test.sum() < len(y_test) else None,
        "balanced_accuracy": round(balanced_accuracy(y_test, p_cal, cut), 4),
        "balanced_accuracy_at_0.5": round(balanced_accuracy(y_test, p_cal), 4),
        "balanced_accuracy_uncalibrated": round(balanced_accuracy(y_test, p_raw), 4),
        "ece_uncalibrated": reliability(p_raw, y_test)["ece"], "ece": after["ece"], "reliability": after["bins"],
        "in_domain_fraction": round(float(in_test.mean()), 4)}
    for name, mask in (("in_domain", in_test), ("out_of_domain", ~in_test)):
        test[f"n_{name}"] = int(mask.sum())
        if mask.any():
            test[f"brier_{name}"] = round(float(np.mean((p_cal[mask] - y_test[mask]) ** 2)), 4)
            test[f"balanced_accuracy_{name}"] = round(balanced_accuracy(y_test[mask], p_cal[mask], cut), 4)
    if members_test.shape[0] > 1:
        spread = Z90 * np.std(sigmoid(a * np.log(np.clip(members_test, 1e-6, 1 - 1e-6)
                                                 / np.clip(1 - members_test, 1e-6, 1)) + b), axis=0)
        test["mean_uncertainty"] = round(float(spread.mean()), 4)
    val_bins = reliability(cal_val, y_val)
    return {"kind": "classification", "method": method, "platt": [round(a, 5), round(b, 5)], "threshold": cut,
            "fit_on": fit_on, "bins": {"edges": val_bins["edges"], "n": val_bins["n"]}, "test": test}


def write_calibration(path: Path, entries: dict[str, Any]) -> None:
    current = json.loads(path.read_text()) if path.exists() else {}
    current.update(entries)
    path.write_text(json.dumps(current, indent=2, sort_keys=True) + "\n")


# --- property ------------------------------------------------------------------------------------------------


ENSEMBLE_METHOD = ("ensemble spread (5 networks), scaled by split-conformal calibration on the validation split "
                   "to a 90 % interval")
PLATT_METHOD = ("Platt-scaled ensemble probability (fitted on the validation split); ± is 1.645 × the spread "
                "of the calibrated member probabilities")


def build_property(data_dir: Path) -> None:
    from model_zoo.tools import property as tool
    from model_zoo.train import property as train

    out = WEIGHTS / "property"
    entries: dict[str, Any] = {}
    for name, task in train.TASKS.items():
        data = train.load_dataset(data_dir, task)
        split = train.make_split(task, data.smiles)
        model = tool.get_model(name)
        entries[name] = _property_entry(model, data.smiles, data.y[:, None], split, [name], task.dataset,
                                        out / f"domain_{name}.npz", task.unit)[name]
    for group_name, group in train.GROUPS.items():
        labelled = train.load_group(data_dir, group)
        split = train.scaffold_split(labelled.smiles)
        names = [label.name for label in group.labels]
        model = tool.get_model(names[0])
        entries.update(_property_entry(model, labelled.smiles, labelled.y, split, names, group.dataset,
                                       out / f"domain_{group_name}.npz", "active (1) / inactive (0)"))
    write_calibration(out / "calibration.json", entries)


def _property_entry(model: Any, smiles: list[str], y: np.ndarray, split: Any, names: list[str], dataset: str,
                    path: Path, unit: str) -> dict[str, Any]:
    from model_zoo.tools import property as tool

    train_idx, val_idx, test_idx = split
    mols = [parse_smiles(s) for s in smiles]
    training = [mols[i] for i in train_idx]
    threshold, how = threshold_from([mols[i] for i in val_idx], training)
    _, in_test = domain_split([mols[i] for i in test_idx], training, threshold)
    measured = averaged([(m, inchikey(m), y[i]) for i, m in enumerate(mols)])
    save_domain(path, f"{dataset} training set", training, threshold,
                {"threshold_rule": how, "dataset": dataset, "unit": unit, "n_training": len(training),
                 "test_in_domain_fraction": round(float(in_test.mean()), 4),
                 "measured_source": f"{dataset} (MoleculeNet via chemprop, all splits)"},
                measured, names)
    features = model.featurize(mols)
    entries = {}
    for k, name in enumerate(names):
        m = tool.get_model(name)
        members = m.predict_members(features, mols)  # (members, n)
        known = ~np.isnan(y[:, k])
        v, t = val_idx[known[val_idx]], test_idx[known[test_idx]]
        in_t = in_test[known[test_idx]]
        if m.kind == "regression":
            entries[name] = regression_calibration(y[v, k], members[:, v].mean(0), members[:, v].std(0), y[t, k],
                                                   members[:, t].mean(0), members[:, t].std(0), in_t, ENSEMBLE_METHOD,
                                                   f"validation split ({len(v)} molecules)")
        else:
            entries[name] = classifier_calibration(y[v, k], members[:, v].mean(0), y[t, k], members[:, t], in_t,
                                                   PLATT_METHOD, f"validation split ({len(v)} molecules)",
                                                   choose_threshold=True)
        entries[name]["domain_threshold"] = threshold
        log.info("%s: %s", name, json.dumps(entries[name]["test"])[:300])
    return entries


# --- drug-target interaction (DrugBAN Human) -----------------------------------------------------------------


def build_target_interaction(data_dir: Path) -> None:
    from model_zoo.target_models import get_model
    from model_zoo.tools.target_interaction import WEIGHTS as PATH
    from model_zoo.train import target_interaction as train

    data = train.load_human(data_dir)
    model = get_model(PATH)
    prep = train.prepare(data, model.drug_featurizer, model.protein_featurizer)
    members = {split: _pair_members(model, prep.drug_table, prep.protein_table, prep.pairs[split])
               for split in ("val", "test")}
    train_smiles = sorted(set(data.frames["train"].SMILES))
    _, training = unique_mols(train_smiles)
    val_mols = [parse_smiles(s) for s in sorted(set(data.frames["val"].SMILES))]
    threshold, how = threshold_from(val_mols, training)
    test_mols = [parse_smiles(prep.smiles[i]) for i in prep.pairs["test"].ia]
    _, in_test = domain_split(test_mols, training, threshold)
    rows = []
    for frame in data.frames.values():
        for s, seq, label in zip(frame.SMILES, frame.Protein, frame.Y):
            mol = mol_or_none(s)
            if mol is not None:
                rows.append((mol, f"{inchikey(mol)}|{protein_key(seq)}", [float(label)]))
    out = PATH.parent
    save_domain(out / "domain_human.npz", "DrugBAN Human training molecules", training, threshold,
                {"threshold_rule": how, "dataset": "DrugBAN Human (random split)", "n_training": len(training),
                 "test_in_domain_fraction": round(float(in_test.mean()), 4),
                 "measured_source": "DrugBAN Human, all splits (MIT)", "measured_context": "protein sha1[:16]"},
                averaged(rows), ["interaction"])
    entry = classifier_calibration(prep.pairs["val"].y, members["val"].mean(0), prep.pairs["test"].y,
                                   members["test"], in_test, PLATT_METHOD.replace("(5 networks)", ""),
                                   f"validation split ({len(prep.pairs['val'].y)} pairs)")
    entry["domain_threshold"] = threshold
    write_calibration(out / "calibration.json", {"human": entry})
    log.info("human: %s", json.dumps(entry["test"])[:300])


@torch.inference_mode()
def _pair_members(model: Any, drug_table: np.ndarray, protein_table: np.ndarray, pairs: Any) -> np.ndarray:
    a, b = torch.from_numpy(drug_table), torch.from_numpy(protein_table)
    out = []
    for i in range(0, len(pairs.ia), 4096):
        ia, ib = torch.from_numpy(pairs.ia[i:i + 4096].copy()), torch.from_numpy(pairs.ib[i:i + 4096].copy())
        out.append(model.member_values(model.network.forward_indexed(a, b, ia, ib).squeeze(-1)))
    return np.concatenate(out, axis=1)


# --- affinity (DAVIS) ----------------------------------------------------------------------------------------


def build_affinity(data_dir: Path) -> None:
    from model_zoo.target_models import get_model
    from model_zoo.tools.affinity import AFFINITY_TOOL
    from model_zoo.train import affinity as train
    from model_zoo.train.pairs import Pairs

    data = train.load_davis(data_dir)
    model = get_model(AFFINITY_TOOL.weights)
    prep = train.prepare(data, model.drug_featurizer, model.protein_featurizer)
    test: Pairs = prep.fold("test")
    members = _pair_members(model, prep.drug_table, prep.protein_table, test)
    # No split is held out from all three members except the test fold: calibrate on a random half of it,
    # measure coverage on the other half.
    order = np.random.default_rng(SEED).permutation(len(test.y))
    cal, held = order[: len(order) // 2], order[len(order) // 2:]
    _, training = unique_mols(list(data.drugs.smiles))
    threshold, how = threshold_from(training, training)
    in_test = np.ones(len(held), bool)  # every DAVIS test drug is a training drug (setting 1)
    mean, spread = members.mean(0), members.std(0)
    entry = regression_calibration(test.y[cal], mean[cal], spread[cal], test.y[held], mean[held], spread[held],
                                   in_test, "ensemble spread (3 networks), scaled by split-conformal calibration on "
                                   "half of the test fold to a 90 % interval",
                                   f"a random half of the test fold ({len(cal)} pairs; coverage measured on the "
                                   f"other {len(held)})")
    entry["domain_threshold"] = threshold
    _save_without_measured(AFFINITY_TOOL.weights.parent, "davis", "DAVIS", "DAVIS training drugs", training,
                           threshold, how, entry,
                           "no measured-value table: the DeepDTA copy of DAVIS carries no license file")


def _save_without_measured(out: Path, key: str, dataset: str, label: str, training: Any, threshold: float,
                           how: str, entry: dict[str, Any], why_no_measured: str) -> None:
    """Domain file, calibration entry and log line of a model whose data's licence ships no measured values."""
    save_domain(out / f"domain_{key}.npz", label, training, threshold,
                {"threshold_rule": how, "dataset": dataset, "n_training": len(training),
                 "measured_source": None, "measured_note": why_no_measured})
    write_calibration(out / "calibration.json", {key: entry})
    log.info("%s: %s", key, json.dumps(entry["test"])[:300])


# --- drug-drug (DrugBank DDI) --------------------------------------------------------------------------------


def build_drug_drug(data_dir: Path) -> None:
    from model_zoo.tools.drug_drug import get_model
    from model_zoo.tools.drug_drug import WEIGHTS as PATH
    from model_zoo.train import drug_drug as train

    data = train.load_ddi(data_dir)
    model = get_model()
    prep = train.prepare(data, model.featurizer)
    top = {}
    for split in ("val", "test"):
        directed = train.directed_probabilities(model.network, prep.drug_table, prep.pairs[split])
        types = directed.sum(axis=1)
        top[split] = (types.max(axis=1), (types.argmax(axis=1) == prep.pairs[split].y).astype(np.float64))
    smiles, training = unique_mols(list(data.drugs.smiles))
    threshold, how = threshold_from(training, training)
    members = len(model.network.members)
    networks = ("one network, no ensemble" if members == 1 else
                f"an ensemble of {members} networks, probabilities averaged")
    entry = classifier_calibration(top["val"][1], top["val"][0], top["test"][1], top["test"][0][None, :],
                                   np.ones(len(top["test"][1]), bool),
                                   "Platt-scaled probability that the top type is right (fitted on the validation "
                                   f"split); ± is the 90 % Wilson interval of that calibration bin ({networks})",
                                   f"validation split ({len(top['val'][1])} pairs)")
    entry["domain_threshold"] = threshold
    entry["note"] = ("calibrates the top type's probability as 'the top type is right, given that the pair "
                     "interacts'; every DrugBank test pair's drugs are training drugs (MR-GNN split)")
    _save_without_measured(PATH.parent, "drugbank", "DrugBank DDI (MR-GNN split)", "DrugBank DDI training drugs",
                           training, threshold, how, entry,
                           "no measured-pair table: the KnowDDI / MR-GNN copies carry no license file")


# --- cell response (GDSC2) -----------------------------------------------------------------------------------


def build_cell_response(data_dir: Path) -> None:
    from model_zoo.cell_models import WEIGHTS_PATH, get_model
    from model_zoo.train import cell_response as train

    model = get_model()
    cells = train.build_cell_table(data_dir)
    pairs = train.load_pairs(data_dir, cells)
    _, val, test = train.random_split(len(pairs.y))
    drug_x = model.featurize([parse_smiles(s) for s in pairs.drug_smiles])
    pred = {}
    for name, idx in (("val", val), ("test", test)):
        p = np.empty(len(idx))
        for cell in np.unique(pairs.cell_idx[idx]):
            sel = np.flatnonzero(pairs.cell_idx[idx] == cell)
            p[sel] = model.predict_features(drug_x[pairs.drug_idx[idx][sel]], cells.cosmic_ids[cell])
        pred[name] = p
    training = [parse_smiles(s) for s in model.info["training_drugs"]["smiles"]]
    threshold, how = threshold_from(training, training)
    blind = model.info["drug_blind_metrics"]["val"]["rmse"]
    entry = regression_calibration(
        pairs.y[val], pred["val"], np.zeros(len(val)), pairs.y[test], pred["test"], np.zeros(len(test)),
        np.ones(len(test), bool),
        "split-conformal 90 % interval from validation residuals (one network); for a molecule that is not one of "
        "the GDSC2 training drugs, 1.645 × the drug-blind validation RMSE", f"validation split ({len(val)} pairs)")
    entry["novel_halfwidth"] = round(Z90 * float(blind), 4)
    entry["novel_note"] = ("normal approximation from the drug-blind model's validation RMSE "
                           f"({blind:.2f} ln units); its coverage is not measured (no drug-blind predictions ship)")
    entry["domain_threshold"] = threshold
    _save_without_measured(WEIGHTS_PATH.parent, "cell_response", "GDSC2", "GDSC2 training drugs", training,
                           threshold, how, entry, "no measured-value table yet (GDSC data terms, see cancerrxgene.org)")


# --- retrosynthesis (USPTO-50K) ------------------------------------------------------------------------------


RETRO_SAMPLE = 600  # test products run through the tool (~0.3 s each): half calibrate the confidence, half measure it


def build_retrosynthesis(data_dir: Path) -> None:
    import pandas as pd

    from model_zoo.tools.retrosynthesis import WEIGHTS_PATH, canonical_set, get_model
    from model_zoo.train import retrosynthesis as train

    model = get_model()
    train_frame = pd.read_csv(data_dir / train.TRAIN_FILE)
    val_frame = pd.read_csv(data_dir / train.VAL_FILE)
    records: list[tuple[str, str]] = list(zip(train_frame["products"].astype(str),
                                              train_frame["reactants"].astype(str)))
    for rxn in val_frame[train.RXN_COLUMN].astype(str):
        r, _, p = rxn.split(">")
        records.append((p, r))
    n_training = len(records)
    test_products, test_reactants, _ = train.load_test(data_dir)
    records += list(zip(test_products, test_reactants))
    rows, training, train_keys = [], [], set()
    with rdBase.BlockLogs():
        for k, (p, r) in enumerate(records):
            product = canonical_set(p)
            mol = Chem.MolFromSmiles(product) if product else None
            reactants = canonical_set(r)
            if mol is None or reactants is None:
                continue
            key = inchikey(mol)
            if k < n_training:
                training.append(mol)
                train_keys.add(key)
            rows.append((mol, key, reactants))
    order = np.random.default_rng(SEED).permutation(len(test_products))[:RETRO_SAMPLE]
    cal = order[: len(order) // 2]  # calibration half; the rest of ``order`` is measured
    threshold, how = threshold_from([parse_smiles(test_products[i]) for i in cal], training, train_keys)
    scores, correct, mols = [], [], []
    started = time.time()
    for i in order:
        mol = parse_smiles(test_products[i])
        candidates = model.propose(mol, 1)
        scores.append(candidates[0].score if candidates else 0.0)
        found = bool(candidates) and ".".join(candidates[0].reactants) == canonical_set(test_reactants[i])
        correct.append(float(found))
        mols.append(mol)
    log.info("retrosynthesis: %d products proposed in %.0f s", len(order), time.time() - started)
    scores_a, correct_a = np.array(scores), np.array(correct)
    half = len(cal)
    _, in_held = domain_split(mols[half:], training, threshold)
    entry = classifier_calibration(correct_a[:half], np.clip(scores_a[:half], 1e-4, 1 - 1e-4), correct_a[half:],
                                   np.clip(scores_a[half:], 1e-4, 1 - 1e-4)[None, :], in_held,
                                   "Platt-scaled probability that the best precursor set is the recorded one "
                                   "(fitted on a random half of a test sample); ± is the 90 % Wilson interval of "
                                   "that calibration bin",
                                   f"{half} random test products (measured on {len(order) - half} others)")
    entry["domain_threshold"] = threshold
    # measured reactants: one text per product key; stored as a separate table (values are text, not numbers)
    by_key: dict[str, tuple[Chem.Mol, list[str]]] = {}
    for mol, key, reactants in rows:
        by_key.setdefault(key, (mol, []))[1].append(reactants)
    texts = {key: sorted(set(r))[0] for key, (_, r) in by_key.items()}
    out = WEIGHTS_PATH.parent
    save_domain(out / "domain_retrosynthesis.npz", "USPTO-50K training products", training, threshold,
                {"threshold_rule": how, "dataset": "USPTO-50K", "n_training": len(training),
                 "measured_source": "USPTO-50K recorded reactants, all splits (CC0)"},
                [(mol, key, []) for key, (mol, _) in by_key.items()], [],
                texts=[texts[key] for key in by_key])
    write_calibration(out / "calibration.json", {"retrosynthesis": entry})
    log.info("retrosynthesis: %s", json.dumps(entry["test"])[:300])


# --- model cards -------------------------------------------------------------------------------------------


CARD_BEGIN = "<!-- trust:begin (written by python -m model_zoo.train.domain; do not edit by hand) -->"
CARD_END = "<!-- trust:end -->"
# tool -> (card file, domain file, calibration keys in the card)
CARDS: dict[str, list[tuple[str, str, list[str] | None]]] = {
    "property": [(f"{n}.md", f"domain_{n}.npz", [n]) for n in ("logSolubility", "freesolv", "lipo", "p_np", "Class")]
                + [("clintox.md", "domain_clintox.npz", None), ("tox21.md", "domain_tox21.npz", None)],
    "target_interaction": [("human.md", "domain_human.npz", ["human"])],
    "affinity": [("davis.md", "domain_davis.npz", ["davis"])],
    "drug_drug": [("drugbank.md", "domain_drugbank.npz", ["drugbank"])],
    "cell_response": [("cell_response.md", "domain_cell_response.npz", ["cell_response"])],
    "retrosynthesis": [("retrosynthesis.md", "domain_retrosynthesis.npz", ["retrosynthesis"])],
}


def card_section(entries: dict[str, dict[str, Any]], meta: dict[str, Any], threshold: float) -> str:
    """The card's 'Uncertainty, calibration and applicability domain' section, from the built files."""
    lines = [CARD_BEGIN, "## Uncertainty, calibration and applicability domain", ""]
    first = next(iter(entries.values()))
    lines += [f"- Uncertainty (the `uncertainty` column, ± in the value's unit): {first['method']}; fitted on "
              f"{first['fit_on']}."]
    if first.get("novel_halfwidth") is not None:
        lines.append(f"- Molecules that are not GDSC2 training drugs get ± {first['novel_halfwidth']:.2f}: "
                     f"{first['novel_note']}.")
    if first.get("note"):
        lines.append(f"- Note: {first['note']}.")
    lines.append(f"- Applicability domain (`in_domain`, `similarity`): highest Tanimoto similarity (Morgan radius 2, "
                 f"2048 bits) to the {meta['n_training']} training molecules; in domain at ≥ {threshold:.3f}, the "
                 f"{meta['threshold_rule']}.")
    source = meta.get("measured_source")
    lines.append(f"- Measured values (`measured`): {source}." if source
                 else f"- Measured values: {meta.get('measured_note', 'none')}.")
    lines.append("")
    if first["kind"] == "regression":
        lines += ["| model | test n | 90 % interval coverage | in domain / out | mean ± | in domain (test) | "
                  "RMSE in / out |", "|---|---|---|---|---|---|---|"]
        for name, e in entries.items():
            t = e["test"]
            lines.append(f"| {name} | {t['n']} | {t['coverage_90']:.3f} | "
                         f"{t.get('coverage_90_in_domain', float('nan')):.3f} / "
                         f"{t.get('coverage_90_out_of_domain', float('nan')):.3f} | {t['mean_halfwidth']:.3f} | "
                         f"{t['in_domain_fraction']:.3f} | {t.get('rmse_in_domain', float('nan')):.3f} / "
                         f"{t.get('rmse_out_of_domain', float('nan')):.3f} |")
    else:
        lines += ["| model | test n (positives) | ROC-AUC | label at p ≥ (chosen on validation) | balanced accuracy at "
                  "that cut · at 0.5, calibrated (raw at 0.5) | ECE raw → calibrated | in domain (test) | balanced "
                  "accuracy in / out |", "|---|---|---|---|---|---|---|---|"]
        for name, e in entries.items():
            t = e["test"]
            auc = "—" if t.get("roc_auc") is None else f"{t['roc_auc']:.3f}"
            at_half = t.get("balanced_accuracy_at_0.5", t["balanced_accuracy"])
            lines.append(f"| {name} | {t['n']} ({t['positives']}) | {auc} | {e.get('threshold', 0.5):.3g} | "
                         f"{t['balanced_accuracy']:.3f} · {at_half:.3f} ({t['balanced_accuracy_uncalibrated']:.3f}) | "
                         f"{t['ece_uncalibrated']:.3f} → {t['ece']:.3f} | "
                         f"{t['in_domain_fraction']:.3f} | {t.get('balanced_accuracy_in_domain', float('nan')):.3f} / "
                         f"{t.get('balanced_accuracy_out_of_domain', float('nan')):.3f} |")
        if len(entries) == 1:
            lines += ["", "Reliability on the test split (calibrated probabilities):", "",
                      "| bin | n | mean probability | observed rate |", "|---|---|---|---|"]
            lines += [f"| {b['bin']} | {b['n']} | {b['mean_probability']:.3f} | {b['observed_rate']:.3f} |"
                      for b in first["test"]["reliability"]]
    lines += ["", "Rebuild: `python -m model_zoo.train.domain --data-dir ../shared/data --tool TOOL` (no retraining).",
              CARD_END, ""]
    return "\n".join(lines)


def write_cards(tool: str) -> None:
    """Replace (or append) the trust section of each of the tool's model cards."""
    from model_zoo.applicability import Domain

    folder = WEIGHTS / tool
    calibration = json.loads((folder / "calibration.json").read_text())
    for card, domain_file, keys in CARDS[tool]:
        domain = Domain.load(folder / domain_file)
        names = keys or list(domain.meta.get("measured_columns", []))
        section = card_section({k: calibration[k] for k in names}, domain.meta, domain.threshold)
        text = (folder / card).read_text()
        if CARD_BEGIN in text:
            text = text[:text.index(CARD_BEGIN)] + text[text.index(CARD_END) + len(CARD_END):].lstrip("\n")
        (folder / card).write_text(text.rstrip("\n") + "\n\n" + section)


BUILDERS: dict[str, Callable[[Path], None]] = {
    "property": build_property, "target_interaction": build_target_interaction, "affinity": build_affinity,
    "drug_drug": build_drug_drug, "cell_response": build_cell_response, "retrosynthesis": build_retrosynthesis,
}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data-dir", default="../shared/data", help="shared data folder")
    parser.add_argument("--tool", choices=TOOLS, action="append", help="build for this tool (repeatable; default all)")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--cards-only", action="store_true", help="only rewrite the cards' section from built files")
    args = start_trainer(parser, argv)
    for tool in args.tool or TOOLS:
        started = time.time()
        if not args.cards_only:
            BUILDERS[tool](Path(args.data_dir))
        write_cards(tool)
        log.info("%s done in %.0f s", tool, time.time() - started)
    return 0


if __name__ == "__main__":
    sys.exit(main())
