"""Feed-forward networks over fixed-length molecule features (modules only: no I/O, no device choice)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import torch
from torch import nn


class MLP(nn.Module):
    """Linear -> ReLU -> Dropout blocks, then a linear head producing ``out_dim`` raw outputs."""

    def __init__(self, in_dim: int, hidden: Sequence[int], out_dim: int = 1, dropout: float = 0.0) -> None:
        super().__init__()
        layers: list[nn.Module] = []
        width = in_dim
        for h in hidden:
            layers += [nn.Linear(width, h), nn.ReLU(), nn.Dropout(dropout)]
            width = h
        layers.append(nn.Linear(width, out_dim))
        self.net = nn.Sequential(*layers)

    @property
    def input_layer(self) -> nn.Linear:
        """``net[0]``, typed: a ``Sequential`` hands out plain Modules to a type checker."""
        layer = self.net[0]
        assert isinstance(layer, nn.Linear)
        return layer

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.net(x)


class MLPEnsemble(nn.Module):
    """Independently trained MLPs of one shape; ``forward`` returns every member's output, (members, batch, out).

    How members are combined (mean of values, mean of probabilities) is the caller's choice.
    """

    def __init__(
        self, n_members: int, in_dim: int, hidden: Sequence[int], out_dim: int = 1, dropout: float = 0.0
    ) -> None:
        super().__init__()
        self.members = nn.ModuleList(MLP(in_dim, hidden, out_dim, dropout) for _ in range(n_members))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.stack([member(x) for member in self.members])


def to_values(
    raw: torch.Tensor, kind: Literal["regression", "classification"], y_mean: float = 0.0, y_std: float = 1.0
) -> torch.Tensor:
    """Single-output model outputs -> one value per molecule, shape (batch,).

    ``raw`` is (batch, 1) from an MLP or (members, batch, 1) from an ensemble. Regression outputs are
    un-standardized and averaged over members; classification logits become probabilities, then averaged.
    """
    per_member = raw.reshape(-1, raw.shape[-2])
    values = per_member * y_std + y_mean if kind == "regression" else torch.sigmoid(per_member)
    return values.mean(dim=0)
