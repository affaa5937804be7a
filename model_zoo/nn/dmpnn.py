"""Directed message-passing networks (chemprop's D-MPNN) over molecule graphs, and their blend with an MLP ensemble.

- ``dmpnn``: one chemprop ``MPNN`` (bond message passing, mean aggregation, regression head); with
  ``n_descriptors`` > 0 its readout is concatenated with the molecule's scaled descriptor block (chemprop's ``x_d``).
- ``DMPNNBlend``: ``n_members`` D-MPNNs and an ``MLPEnsemble`` of as many members over [Morgan counts |
  descriptors]; member k's output is ``weight * dmpnn_k + (1 - weight) * mlp_k`` (targets standardized alike), so
  the members' spread stays the ensemble's uncertainty.

Modules only: no file I/O, no device choice. ``model_zoo.checkpoint.MODEL_KINDS`` names ``DMPNNBlend``
(``mlp_dmpnn_blend``).
"""

from __future__ import annotations

from collections.abc import Sequence

import torch
from chemprop import nn as cnn
from chemprop.data import BatchMolGraph
from chemprop.featurizers import SimpleMoleculeMolGraphFeaturizer
from chemprop.models import MPNN
from rdkit import Chem
from torch import nn

from model_zoo.nn.mlp import MLPEnsemble

MOL_GRAPH = SimpleMoleculeMolGraphFeaturizer()  # chemprop's default atom and bond features


def mol_graphs(mols: Sequence[Chem.Mol]) -> BatchMolGraph:
    """The molecules as one batch of chemprop graphs (atom and bond features of chemprop's default featurizer)."""
    return BatchMolGraph([MOL_GRAPH(mol) for mol in mols])


def dmpnn(n_descriptors: int, d_h: int, depth: int, ffn_hidden: int, dropout: float) -> MPNN:
    """One D-MPNN predicting one standardized value from a molecule graph and its descriptor block."""
    return MPNN(cnn.BondMessagePassing(d_h=d_h, depth=depth, dropout=dropout), cnn.MeanAggregation(),
                cnn.RegressionFFN(input_dim=d_h + n_descriptors, hidden_dim=ffn_hidden, dropout=dropout))


class DMPNNBlend(nn.Module):
    """D-MPNN members blended with MLP members; ``forward(x, graphs)`` returns (members, batch, 1)."""

    def __init__(self, n_members: int, in_dim: int, hidden: Sequence[int], n_descriptors: int, d_h: int, depth: int,
                 ffn_hidden: int, weight: float, dropout: float = 0.0, graph_dropout: float = 0.0) -> None:
        super().__init__()
        self.n_descriptors = n_descriptors
        self.weight = weight
        self.mlp = MLPEnsemble(n_members, in_dim, hidden, 1, dropout)
        self.graph = nn.ModuleList(dmpnn(n_descriptors, d_h, depth, ffn_hidden, graph_dropout)
                                   for _ in range(n_members))

    def forward(self, x: torch.Tensor, graphs: BatchMolGraph) -> torch.Tensor:
        """``x``: the MLP features (descriptor block last, scaled); ``graphs``: the same molecules, in order."""
        descriptors = x[:, x.shape[1] - self.n_descriptors:] if self.n_descriptors else None
        graph = torch.stack([member(graphs, None, descriptors) for member in self.graph])
        return self.weight * graph + (1.0 - self.weight) * self.mlp(x)
