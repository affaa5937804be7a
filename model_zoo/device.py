"""The device models run on: CUDA when this process can use it, else CPU; chosen once, at first use."""

from __future__ import annotations

from functools import lru_cache

import torch


@lru_cache(maxsize=1)
def pick_device() -> torch.device:
    return torch.device("cuda" if torch.cuda.is_available() else "cpu")
