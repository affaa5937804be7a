"""Applicability domain and measured values: how close a query is to what a model was trained on, and what
was measured for it.

One file per model, ``domain_<key>.npz`` next to its weights (built by ``python -m model_zoo.train.domain``):

- ``fingerprints``: the training molecules' Morgan fingerprints (radius 2, 2048 bits), ``np.packbits`` rows;
- ``threshold``: a query whose highest Tanimoto similarity to them is below it is *out of domain*; chosen from
  data (the 5th percentile of held-out molecules' similarity to the training set, see the file's ``meta``);
- optionally a measured-value table: ``measured_hash`` (a hash of each molecule's fingerprint), ``measured_key``
  (InChIKey, or InChIKey|context for pairs), ``measured_values`` (one column per ``meta['measured_columns']``)
  and/or ``measured_text`` (one text per row, e.g. recorded reactants).

A query is matched to a measured molecule by the fingerprint hash first (cheap, computed anyway for the
similarity) and then confirmed by InChIKey, so 10,000 queries cost a few InChIKeys, not 10,000.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from rdkit import Chem, DataStructs, rdBase

from model_zoo.chem.featurizers import morgan_bits

FP_RADIUS = 2
FP_BITS = 2048
THRESHOLD_PERCENTILE = 5.0  # of held-out-to-training similarity: what "in domain" means for every model


def fingerprint(mol: Chem.Mol) -> DataStructs.ExplicitBitVect:
    return morgan_bits(mol, FP_RADIUS, FP_BITS)


def fingerprint_hash(fp: DataStructs.ExplicitBitVect) -> int:
    """A 63-bit hash of the fingerprint's bits (identical molecules have identical fingerprints)."""
    return int.from_bytes(hashlib.blake2b(fp.ToBinary(), digest_size=8).digest(), "little") >> 1


def pack(fps: Sequence[DataStructs.ExplicitBitVect]) -> np.ndarray:
    """(n, FP_BITS / 8) uint8: the fingerprints as packed bit rows."""
    out = np.zeros((len(fps), FP_BITS // 8), np.uint8)
    for i, fp in enumerate(fps):
        bits = np.zeros(FP_BITS, np.uint8)
        DataStructs.ConvertToNumpyArray(fp, bits)
        out[i] = np.packbits(bits)
    return out


def unpack(packed: np.ndarray) -> list[DataStructs.ExplicitBitVect]:
    out = []
    for row in np.unpackbits(packed, axis=1, count=FP_BITS):
        fp = DataStructs.ExplicitBitVect(FP_BITS)
        fp.SetBitsFromList(np.flatnonzero(row).tolist())
        out.append(fp)
    return out


def inchikey(mol: Chem.Mol) -> str:
    with rdBase.BlockLogs():
        return Chem.MolToInchiKey(mol) or ""


def max_similarity(fps: Sequence[DataStructs.ExplicitBitVect],
                   reference: Sequence[DataStructs.ExplicitBitVect]) -> np.ndarray:
    """Each fingerprint's highest Tanimoto similarity to ``reference`` (0 when the reference is empty)."""
    if not reference:
        return np.zeros(len(fps))
    return np.array([max(DataStructs.BulkTanimotoSimilarity(fp, reference)) for fp in fps], dtype=np.float64)


@dataclass
class Assessment:
    """Per query molecule: nearest-training similarity, in/out of domain, and measured values when known."""

    similarity: np.ndarray  # float, 0..1
    in_domain: np.ndarray  # bool
    measured: list[dict[str, Any] | None]  # column -> value (and "text"), for queries found in the measured table


@dataclass
class Domain:
    """A model's training fingerprints, its in/out threshold, and its measured-value table."""

    name: str
    fingerprints: list[DataStructs.ExplicitBitVect]
    threshold: float
    meta: dict[str, Any]
    measured_index: dict[int, list[int]] = field(default_factory=dict)  # fingerprint hash -> table rows
    measured_key: np.ndarray = field(default_factory=lambda: np.empty(0, str))
    measured_values: np.ndarray = field(default_factory=lambda: np.empty((0, 0)))
    measured_text: np.ndarray | None = None

    @classmethod
    def load(cls, path: Path) -> Domain:
        with np.load(path, allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
            domain = cls(meta["name"], unpack(data["fingerprints"]), float(data["threshold"]), meta)
            if "measured_hash" in data:
                index: dict[int, list[int]] = {}
                for i, h in enumerate(data["measured_hash"].tolist()):
                    index.setdefault(int(h), []).append(i)
                domain.measured_index = index
                domain.measured_key = data["measured_key"]
                domain.measured_values = data["measured_values"]
                domain.measured_text = data["measured_text"] if "measured_text" in data else None
        return domain

    @property
    def columns(self) -> list[str]:
        return list(self.meta.get("measured_columns", []))

    def similarity(self, mols: Sequence[Chem.Mol]) -> np.ndarray:
        return max_similarity([fingerprint(m) for m in mols], self.fingerprints)

    def assess(self, mols: Sequence[Chem.Mol], context: str = "") -> Assessment:
        """Similarity, domain flag and measured values of each molecule (``context``: the pair partner's key,
        e.g. a protein hash, for tables keyed by InChIKey|context)."""
        fps = [fingerprint(m) for m in mols]
        similarity = max_similarity(fps, self.fingerprints)
        measured: list[dict[str, Any] | None] = []
        for mol, fp in zip(mols, fps):
            measured.append(self._measured(mol, fp, context) if self.measured_index else None)
        return Assessment(similarity, similarity >= self.threshold, measured)

    def _measured(self, mol: Chem.Mol, fp: DataStructs.ExplicitBitVect, context: str) -> dict[str, Any] | None:
        rows = self.measured_index.get(fingerprint_hash(fp))
        if not rows:
            return None
        key = inchikey(mol) + (f"|{context}" if context else "")
        for i in rows:
            if self.measured_key[i] == key:
                values: dict[str, Any] = {c: float(v) for c, v in zip(self.columns, self.measured_values[i])
                                          if np.isfinite(v)}
                if self.measured_text is not None:
                    values["text"] = str(self.measured_text[i])
                return values or None
        return None


_domains: dict[Path, Domain] = {}
_lock = threading.Lock()


def get_domain(path: Path) -> Domain:
    """The domain in ``path``, loaded once per process (thread-safe)."""
    with _lock:
        if path not in _domains:
            if not path.exists():
                raise FileNotFoundError(f"{path.name} missing: rebuild it with python -m model_zoo.train.domain")
            _domains[path] = Domain.load(path)
        return _domains[path]


def save_domain(path: Path, name: str, training: Sequence[Chem.Mol], threshold: float, meta: dict[str, Any],
                measured: Sequence[tuple[Chem.Mol, str, Sequence[float]]] = (),
                measured_columns: Sequence[str] = (), texts: Sequence[str] = ()) -> None:
    """Write a domain file: training fingerprints, threshold, and (mol, key, values) measured rows with an
    optional text per row."""
    meta = {**meta, "name": name, "fingerprint": f"Morgan radius {FP_RADIUS}, {FP_BITS} bits",
            "measured_columns": list(measured_columns)}
    arrays: dict[str, Any] = {"fingerprints": pack([fingerprint(m) for m in training]),
                              "threshold": np.float64(threshold), "meta": np.array(json.dumps(meta))}
    if measured:
        arrays["measured_hash"] = np.array([fingerprint_hash(fingerprint(m)) for m, _, _ in measured], np.int64)
        arrays["measured_key"] = np.array([k for _, k, _ in measured])
        arrays["measured_values"] = np.array([list(v) for _, _, v in measured], np.float32).reshape(
            len(measured), len(measured_columns))
        if texts:
            arrays["measured_text"] = np.array(list(texts))
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, **arrays)


def protein_key(sequence: str) -> str:
    """The context of a drug-protein measured key: a short hash of the upper-cased sequence."""
    return hashlib.sha1(sequence.strip().upper().encode()).hexdigest()[:16]


# The row columns every tool adds (plots and tables read these names): ± half-width of the 90 % interval in the
# value's unit, nearest-training Tanimoto similarity, its in/out flag, and the measured value when known.
TRUST_COLUMNS = ["uncertainty", "similarity", "in_domain", "measured"]


def trust_columns(domain: Domain) -> list[str]:
    """TRUST_COLUMNS, without 'measured' for a model that ships no measured-value table."""
    return TRUST_COLUMNS if domain.measured_index else TRUST_COLUMNS[:3]


def trust_fields(uncertainty: float, similarity: float, in_domain: bool, measured: Any = None,
                 digits: int = 3) -> dict[str, Any]:
    """The trust columns of one row ('measured' only when a measured value is known)."""
    fields = {"uncertainty": round(float(uncertainty), digits), "similarity": round(float(similarity), 3),
              "in_domain": bool(in_domain)}
    return fields if measured is None else {**fields, "measured": measured}


def measured_sentence(found: Sequence[tuple[int, str]], source: str, noun: str = "row") -> str:
    """'Row 2 is in the ESOL data (measured -0.77 log10(mol/L)).' for (row number, value text) pairs."""
    if not found:
        return ""
    if len(found) == 1:
        number, text = found[0]
        return f"{noun.capitalize()} {number} is in the {source} data (measured {text}), shown beside the prediction."
    shown = ", ".join(f"{noun} {n}: {t}" for n, t in found[:3]) + (" …" if len(found) > 3 else "")
    return (f"{len(found)} {noun}s are in the {source} data; their measured values are in the 'measured' column "
            f"({shown}).")


def outside_sentence(n_out: int, n_total: int, noun: str = "molecules", threshold: float | None = None) -> str:
    """Plain words for the summary, or '' when every row is in domain."""
    if not n_out:
        return ""
    where = f" (nearest training Tanimoto below {threshold:.2f})" if threshold is not None else ""
    verb = "is" if n_out == 1 else "are"
    return (f"{n_out} of {n_total} {noun} {verb} unlike anything the model was trained on{where}; "
            "treat their values as rough.")
