"""Pair models for drug-target and drug-drug interaction, and the fixed-length inputs they read.

Shared by ``drug_target_affinity_regression_predict`` (DAVIS), ``drug_target_classification_predict``
(DrugBAN Human) and ``drug_drug_response_predict`` (DrugBank DDI); each tool trains its own weights.

- Molecules enter as log1p(Morgan count fingerprint) (``model_zoo.chem.featurizers.MorganCounts``).
- Proteins enter as k-mer composition (``KmerComposition``: amino acids, dipeptides and conjoint-triad 3-mers by
  default), each block L2-normalized and scaled so that its entries have unit root-mean-square. Any length is
  accepted. Cosine similarity of amino-acid 3-mer counts (``kmer_cosine``) measures how far a query protein is
  from every training protein, for out-of-domain warnings.
- ``PairNet``: an encoder per side (one shared encoder when both sides are molecules), then an MLP head over
  ``[a, b, a * b]``. ``PairEnsemble`` stacks independently trained members.

Modules and featurizers only: no file I/O, no device choice. ``model_zoo.checkpoint.MODEL_KINDS`` names the
networks here (``pair_net``, ``pair_ensemble``) so that ``Checkpoint.build`` can rebuild them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

import numpy as np
import torch
from torch import nn

from model_zoo.nn.mlp import MLP

AMINO_ACIDS = "ACDEFGHIKLMNPQRSTVWY"
_AA_INDEX = {a: i for i, a in enumerate(AMINO_ACIDS)}


# --- inputs -------------------------------------------------------------------------------------------------------


# Conjoint-triad alphabet (Shen et al., PNAS 2007): amino acids grouped by dipole and side-chain volume.
TRIAD_GROUPS = ("AGV", "ILFP", "YMTS", "HNQW", "RK", "DE", "C")
_TRIAD_INDEX = {a: g for g, group in enumerate(TRIAD_GROUPS) for a in group}


def kmer_counts(seq: str, k: int, alphabet: str = "aa") -> np.ndarray:
    """Counts of all k-mers over the 20 amino acids (``alphabet="aa"``, 20**k entries) or the 7 conjoint-triad
    groups (``"ct"``, 7**k entries); k-mers containing any other letter (X, B, Z, ...) are skipped."""
    index_of, size = (_AA_INDEX, 20) if alphabet == "aa" else (_TRIAD_INDEX, 7)
    codes = np.array([index_of.get(ch, -1) for ch in seq.upper()], dtype=np.int64)
    out = np.zeros(size**k, dtype=np.float64)
    if len(codes) < k:
        return out
    windows = np.lib.stride_tricks.sliding_window_view(codes, k)
    windows = windows[(windows >= 0).all(axis=1)]
    if len(windows):
        index = np.zeros(len(windows), dtype=np.int64)
        for j in range(k):
            index = index * size + windows[:, j]
        out += np.bincount(index, minlength=size**k)
    return out


def _parse_block(block: str) -> tuple[str, int]:
    alphabet, k = block[:2], int(block[2:])
    if alphabet not in ("aa", "ct") or k < 1:
        raise ValueError(f"unknown k-mer block {block!r}; use e.g. 'aa2' or 'ct3'")
    return alphabet, k


@dataclass(frozen=True)
class KmerComposition:
    """Protein sequence -> concatenated k-mer composition blocks, each L2-normalized then scaled by
    sqrt(block size) (entries of unit root-mean-square). Blocks: ``aaK`` = amino-acid K-mers, ``ctK`` =
    conjoint-triad-alphabet K-mers. Default: amino acids (20) + dipeptides (400) + triads (343) = 763."""

    blocks: tuple[str, ...] = ("aa1", "aa2", "ct3")

    @property
    def dim(self) -> int:
        return sum((20 if a == "aa" else 7) ** k for a, k in map(_parse_block, self.blocks))

    def config(self) -> dict[str, Any]:
        return {"kind": "protein_kmer_composition", "blocks": list(self.blocks)}

    def __call__(self, seq: str) -> np.ndarray:
        parts = []
        for alphabet, k in map(_parse_block, self.blocks):
            counts = kmer_counts(seq, k, alphabet)
            norm = np.linalg.norm(counts)
            parts.append(counts / norm * np.sqrt(counts.size) if norm > 0 else counts)
        return np.concatenate(parts).astype(np.float32)

    def many(self, seqs: Sequence[str]) -> np.ndarray:
        out = np.empty((len(seqs), self.dim), dtype=np.float32)
        for i, seq in enumerate(seqs):
            out[i] = self(seq)
        return out


def kmer_cosine(query: str, references: np.ndarray, k: int = 3) -> np.ndarray:
    """Cosine similarity of the query's k-mer counts to each row of ``references`` (unit-norm k-mer count rows)."""
    counts = kmer_counts(query, k)
    norm = np.linalg.norm(counts)
    if norm == 0:
        return np.zeros(len(references))
    return references @ (counts / norm)


def unit_kmer_matrix(seqs: Sequence[str], k: int = 3) -> np.ndarray:
    """Rows of unit-norm k-mer counts, for ``kmer_cosine``."""
    rows = np.stack([kmer_counts(s, k) for s in seqs]) if seqs else np.zeros((0, 20**k))
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    return rows / np.where(norms > 0, norms, 1.0)


# --- networks -----------------------------------------------------------------------------------------------------


class PairNet(nn.Module):
    """Encoder per side -> ReLU embeddings a, b -> MLP head over [a, b, a * b] -> ``out_dim`` raw outputs.

    With ``shared=True`` both sides go through the first encoder (``b_dim`` must equal ``a_dim``), as for two drugs;
    the head still sees the order, so directed labels can be learned.
    """

    def __init__(
        self, a_dim: int, b_dim: int, a_hidden: Sequence[int], b_hidden: Sequence[int], embed: int,
        head_hidden: Sequence[int], out_dim: int = 1, dropout: float = 0.0, shared: bool = False,
    ) -> None:
        super().__init__()
        self.shared = shared
        self.encoder_a = MLP(a_dim, a_hidden, embed, dropout)
        self.encoder_b = None if shared else MLP(b_dim, b_hidden, embed, dropout)
        self.dropout = nn.Dropout(dropout)
        self.head = MLP(3 * embed, head_hidden, out_dim, dropout)

    def encode_a(self, x: torch.Tensor) -> torch.Tensor:
        return self.dropout(torch.relu(self.encoder_a(x)))

    def encode_b(self, x: torch.Tensor) -> torch.Tensor:
        encoder = self.encoder_a if self.encoder_b is None else self.encoder_b
        return self.dropout(torch.relu(encoder(x)))

    def combine(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        return self.head(torch.cat([a, b, a * b], dim=-1))

    def forward(self, xa: torch.Tensor, xb: torch.Tensor) -> torch.Tensor:
        return self.combine(self.encode_a(xa), self.encode_b(xb))

    def forward_indexed(
        self, table_a: torch.Tensor, table_b: torch.Tensor, ia: torch.Tensor, ib: torch.Tensor
    ) -> torch.Tensor:
        """Outputs for pairs given as row indices into feature tables; each distinct row is encoded once."""
        if self.shared:  # one table, one encoder: encode the union of both sides once
            u, inv = torch.unique(torch.cat([ia, ib]), return_inverse=True)
            encoded = self.encode_a(table_a[u])
            return self.combine(encoded[inv[:len(ia)]], encoded[inv[len(ia):]])
        ua, inv_a = torch.unique(ia, return_inverse=True)
        ub, inv_b = torch.unique(ib, return_inverse=True)
        return self.combine(self.encode_a(table_a[ua])[inv_a], self.encode_b(table_b[ub])[inv_b])


class PairEnsemble(nn.Module):
    """Independently trained PairNets of one shape; outputs stacked as (members, batch, out)."""

    def __init__(self, n_members: int, **pair_kwargs: Any) -> None:
        super().__init__()
        self.members = nn.ModuleList(PairNet(**pair_kwargs) for _ in range(n_members))

    def forward(self, xa: torch.Tensor, xb: torch.Tensor) -> torch.Tensor:
        return torch.stack([member(xa, xb) for member in self.members])

    def forward_indexed(
        self, table_a: torch.Tensor, table_b: torch.Tensor, ia: torch.Tensor, ib: torch.Tensor
    ) -> torch.Tensor:
        # a ModuleList yields plain Modules to a type checker; every member is a PairNet
        return torch.stack([cast(PairNet, member).forward_indexed(table_a, table_b, ia, ib) for member in self.members])


def directed_type_probabilities(logits_ab: torch.Tensor, logits_ba: torch.Tensor, n_types: int) -> torch.Tensor:
    """Order-consistent probabilities of directed interaction types for drug pairs (a, b).

    A drug-drug model with ``2 * n_types`` outputs reads class ``t`` as "type t with a as #Drug1" and class
    ``t + n_types`` as "type t with b as #Drug1". Given its logits for (a, b) and for (b, a) — each shaped
    (..., 2 * n_types), members first if any — returns (batch, 2, n_types): [:, 0] = a is #Drug1, [:, 1] = b is
    #Drug1, averaging both presentation orders and the ensemble members, so swapping a and b swaps the two rows
    exactly. Entries sum to 1 over both rows.
    """
    p_ab = torch.softmax(logits_ab, dim=-1)
    p_ba = torch.softmax(logits_ba, dim=-1)
    a_first = 0.5 * (p_ab[..., :n_types] + p_ba[..., n_types:])
    b_first = 0.5 * (p_ab[..., n_types:] + p_ba[..., :n_types])
    out = torch.stack([a_first, b_first], dim=-2)
    return out.reshape(-1, *out.shape[-3:]).mean(dim=0) if out.dim() > 3 else out
