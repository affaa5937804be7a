"""Molecule featurizers: the one place Morgan fingerprints are set up, and the molecule vector of the property and
cell-response models (Morgan count fingerprint plus a fast RDKit 2D descriptor set).

Morgan generators use RDKit's defaults besides radius and size (no chirality, bit and count vectors from the same
generator), one per (radius, bits) per process.

The descriptors are ones RDKit computes in C++: about 1 ms per drug-sized molecule with the fingerprint,
versus ~12 ms for ``Descriptors.CalcMolDescriptors`` alone (its Python SMARTS-based descriptors dominate),
so 10,000 molecules featurize in about 10 s on one core. Fingerprint counts enter as log1p(count); the
descriptors are standardized by a ``DescriptorScaler`` fitted on the training split and saved with the model.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np
from rdkit import Chem, DataStructs
from rdkit.Chem import rdFingerprintGenerator
from rdkit.Chem import rdMolDescriptors as rd

# Scalar descriptors from RDKit's C++ property calculator; chi3/chi4 and kappa3 are left out (slow path
# enumeration, little extra signal next to the fingerprint). Crippen logP/MR come from one call below.
_SCALAR_PROPERTIES: tuple[str, ...] = (
    "exactmw", "amw", "lipinskiHBA", "lipinskiHBD", "NumRotatableBonds", "NumHBD", "NumHBA", "NumHeavyAtoms",
    "NumAtoms", "NumHeteroatoms", "NumAmideBonds", "FractionCSP3", "NumRings", "NumAromaticRings",
    "NumAliphaticRings", "NumSaturatedRings", "NumHeterocycles", "NumAromaticHeterocycles",
    "NumSaturatedHeterocycles", "NumAliphaticHeterocycles", "NumSpiroAtoms", "NumBridgeheadAtoms",
    "NumAtomStereoCenters", "NumUnspecifiedAtomStereoCenters", "labuteASA", "tpsa", "chi0v", "chi1v", "chi2v",
    "chi0n", "chi1n", "chi2n", "hallKierAlpha", "kappa1", "kappa2", "Phi",
)

# (name prefix, vector function, length): each returns a fixed-length list of floats.
_VECTOR_DESCRIPTORS: tuple[tuple[str, Callable[[Chem.Mol], Sequence[float]], int], ...] = (
    ("Crippen", lambda m: rd.CalcCrippenDescriptors(m), 2),
    ("SlogP_VSA", rd.SlogP_VSA_, 12),
    ("SMR_VSA", rd.SMR_VSA_, 10),
    ("PEOE_VSA", rd.PEOE_VSA_, 14),
    ("MQN", rd.MQNs_, 42),
    ("AUTOCORR2D", rd.CalcAUTOCORR2D, 192),
)

DESCRIPTOR_NAMES: tuple[str, ...] = _SCALAR_PROPERTIES + tuple(
    f"{prefix}_{i + 1}" for prefix, _, n in _VECTOR_DESCRIPTORS for i in range(n)
)


@lru_cache(maxsize=None)
def morgan_generator(radius: int = 2, bits: int = 2048) -> rdFingerprintGenerator.FingerprintGenerator64:
    """The Morgan fingerprint generator for (radius, bits), built once per process."""
    return rdFingerprintGenerator.GetMorganGenerator(radius=radius, fpSize=bits)


def morgan_bits(mol: Chem.Mol, radius: int = 2, bits: int = 2048) -> DataStructs.ExplicitBitVect:
    """Morgan bit vector, for Tanimoto similarity."""
    return morgan_generator(radius, bits).GetFingerprint(mol)


@dataclass(frozen=True)
class MorganCounts:
    """Molecule -> log1p(Morgan count fingerprint) as float32 (the drug input of the pair networks)."""

    radius: int = 2
    fp_size: int = 2048
    _generator: rdFingerprintGenerator.FingerprintGenerator64 = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_generator", morgan_generator(self.radius, self.fp_size))

    @property
    def dim(self) -> int:
        return self.fp_size

    def config(self) -> dict[str, Any]:
        return {"kind": "morgan_counts_log1p", "radius": self.radius, "fp_size": self.fp_size}

    def __call__(self, mol: Chem.Mol) -> np.ndarray:
        return np.log1p(self._generator.GetCountFingerprintAsNumPy(mol).astype(np.float32))

    def many(self, mols: Sequence[Chem.Mol]) -> np.ndarray:
        out = np.empty((len(mols), self.dim), dtype=np.float32)
        for i, mol in enumerate(mols):
            out[i] = self(mol)
        return out

    def bits(self, mol: Chem.Mol) -> Any:
        """Bit-vector fingerprint (same radius and size) for Tanimoto similarity."""
        return self._generator.GetFingerprint(mol)


class MolFeaturizer:
    """[log1p(Morgan counts) | raw descriptors] as float32; descriptors that fail or overflow are NaN."""

    def __init__(self, radius: int = 2, fp_size: int = 2048) -> None:
        self.radius = radius
        self.fp_size = fp_size
        self._generator = morgan_generator(radius, fp_size)
        self._properties = rd.Properties(list(_SCALAR_PROPERTIES))

    @property
    def n_descriptors(self) -> int:
        return len(DESCRIPTOR_NAMES)

    @property
    def dim(self) -> int:
        return self.fp_size + self.n_descriptors

    def config(self) -> dict[str, Any]:
        return {"kind": "morgan_counts+rdkit_descriptors", "radius": self.radius, "fp_size": self.fp_size,
                "descriptor_names": list(DESCRIPTOR_NAMES)}

    def descriptors(self, mol: Chem.Mol) -> np.ndarray:
        values: list[float] = list(self._properties.ComputeProperties(mol))
        for _, fn, n in _VECTOR_DESCRIPTORS:
            try:
                vec = list(fn(mol))
            except (RuntimeError, ValueError):  # RDKit raises these on exotic atoms; keep the row, mark NaN
                vec = [float("nan")] * n
            values.extend(vec)
        out = np.asarray(values, dtype=np.float64)
        out[~np.isfinite(out) | (np.abs(out) > np.finfo(np.float32).max)] = np.nan
        return out.astype(np.float32)

    def __call__(self, mol: Chem.Mol) -> np.ndarray:
        fp = np.log1p(self._generator.GetCountFingerprintAsNumPy(mol).astype(np.float32))
        return np.concatenate([fp, self.descriptors(mol)])

    def many(self, mols: Sequence[Chem.Mol]) -> np.ndarray:
        """Matrix of shape (len(mols), dim)."""
        out = np.empty((len(mols), self.dim), dtype=np.float32)
        for i, mol in enumerate(mols):
            out[i] = self(mol)
        return out


@dataclass
class DescriptorScaler:
    """Standardizes the descriptor block (the last ``len(mean)`` columns) with training-set statistics.

    Missing values become 0 (the training mean) and standardized values are clipped to ``±clip`` so that
    one extreme descriptor cannot dominate a prediction.
    """

    mean: np.ndarray
    std: np.ndarray
    clip: float = 6.0

    @classmethod
    def fit(cls, features: np.ndarray, n_descriptors: int, clip: float = 6.0) -> DescriptorScaler:
        block = features[:, -n_descriptors:].astype(np.float64)
        mean = np.nan_to_num(np.nanmean(block, axis=0), nan=0.0)
        std = np.nan_to_num(np.nanstd(block, axis=0), nan=1.0)
        std[std < 1e-8] = 1.0
        return cls(mean.astype(np.float32), std.astype(np.float32), clip)

    def transform(self, features: np.ndarray) -> np.ndarray:
        out = features.astype(np.float32, copy=True)
        n = len(self.mean)
        block = (out[:, -n:] - self.mean) / self.std
        out[:, -n:] = np.clip(np.nan_to_num(block, nan=0.0), -self.clip, self.clip)
        return out

    def state(self) -> dict[str, Any]:
        return {"mean": self.mean.tolist(), "std": self.std.tolist(), "clip": self.clip}

    @classmethod
    def from_state(cls, state: dict[str, Any]) -> DescriptorScaler:
        return cls(np.asarray(state["mean"], np.float32), np.asarray(state["std"], np.float32), float(state["clip"]))
