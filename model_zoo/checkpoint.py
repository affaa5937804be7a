"""Self-describing model files: everything needed to rebuild a model, and what it scored, in one file.

Content is restricted to what ``torch.load(weights_only=True)`` accepts (tensors, dicts, lists, str,
numbers), so loading never unpickles code. Weights may be stored as float16 to keep files small; they
are restored to float32 on load, and the model is rebuilt with ``strict=True``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import torch
from torch import nn

ModuleT = TypeVar("ModuleT", bound=nn.Module)

FORMAT = "drugpilot-checkpoint"
FORMAT_VERSION = 1

# model kind stored in a file -> "module:class" that rebuilds it, imported when a file of that kind is built.
# Every kind is declared here; importing a network module registers nothing.
MODEL_KINDS: dict[str, str] = {
    "mlp": "model_zoo.nn.mlp:MLP",
    "mlp_ensemble": "model_zoo.nn.mlp:MLPEnsemble",
    "mlp_dmpnn_blend": "model_zoo.nn.dmpnn:DMPNNBlend",
    "pair_net": "model_zoo.nn.interaction:PairNet",
    "pair_ensemble": "model_zoo.nn.interaction:PairEnsemble",
}


def model_factory(kind: str) -> Callable[..., nn.Module]:
    """The class that rebuilds a model of ``kind``; a ValueError naming the known kinds for any other."""
    try:
        module, name = MODEL_KINDS[kind].split(":")
    except KeyError:
        raise ValueError(f"unknown model kind {kind!r}; known: {sorted(MODEL_KINDS)}") from None
    return getattr(importlib.import_module(module), name)


@dataclass(frozen=True)
class Checkpoint:
    model_kind: str
    hparams: dict[str, Any]
    state_dict: dict[str, torch.Tensor]
    extra: dict[str, Any]

    def build(self) -> nn.Module:
        """The model in eval mode on CPU, float32, with every stored key matching (strict)."""
        model = model_factory(self.model_kind)(**self.hparams)
        weights = {k: v.float() if v.is_floating_point() else v for k, v in self.state_dict.items()}
        model.load_state_dict(weights, strict=True)
        return model.eval()

    def build_as(self, kind: type[ModuleT]) -> ModuleT:
        """``build()`` for a caller that needs a particular network class; a ValueError for a file of another kind."""
        model = self.build()
        if not isinstance(model, kind):
            raise ValueError(f"expected a {kind.__name__} checkpoint, got model kind {self.model_kind!r}")
        return model


def save_checkpoint(
    path: str | Path,
    model_kind: str,
    hparams: Mapping[str, Any],
    state_dict: Mapping[str, torch.Tensor],
    extra: Mapping[str, Any],
    dtype: torch.dtype = torch.float16,
) -> None:
    """Write the checkpoint; floating-point weights are stored as ``dtype``."""
    if model_kind not in MODEL_KINDS:
        raise ValueError(f"unknown model kind {model_kind!r}; known: {sorted(MODEL_KINDS)}")
    stored = {
        k: (v.detach().cpu().to(dtype) if v.is_floating_point() else v.detach().cpu()).clone()
        for k, v in state_dict.items()
    }
    payload = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "model_kind": model_kind,
        "hparams": dict(hparams),
        "state_dict": stored,
        "extra": dict(extra),
    }
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    torch.save(payload, tmp)
    try:
        torch.load(tmp, map_location="cpu", weights_only=True)  # fail now, not at the first prediction
    except Exception:
        tmp.unlink()
        raise
    tmp.replace(path)


def load_checkpoint(path: str | Path) -> Checkpoint:
    payload = torch.load(Path(path), map_location="cpu", weights_only=True)
    if payload.get("format") != FORMAT or payload.get("format_version") != FORMAT_VERSION:
        raise ValueError(f"{Path(path).name} is not a {FORMAT} v{FORMAT_VERSION} file")
    return Checkpoint(payload["model_kind"], payload["hparams"], payload["state_dict"], payload["extra"])


def roundtrip_state(
    state_dict: Mapping[str, torch.Tensor], dtype: torch.dtype = torch.float16
) -> dict[str, torch.Tensor]:
    """The weights as they will be after save + load, so metrics can be measured on exactly what ships."""
    return {k: (v.detach().cpu().to(dtype).float() if v.is_floating_point() else v.detach().cpu())
            for k, v in state_dict.items()}
