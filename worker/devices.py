"""What this worker process can compute on: the torch build and the CUDA devices it sees."""

from __future__ import annotations

import os
import socket
from typing import Any


def device_report() -> dict[str, Any]:
    """torch version, its CUDA build, whether CUDA is usable and the device names. Call it in a pool
    process (a Celery task), never in a worker's parent: it initializes CUDA."""
    import torch

    available = torch.cuda.is_available()
    return {
        "host": socket.gethostname(),
        "torch": torch.__version__,
        "cuda_build": torch.version.cuda,  # None for a CPU-only build
        "cuda_available": available,
        "devices": [torch.cuda.get_device_name(i) for i in range(torch.cuda.device_count())] if available else [],
        "cuda_visible_devices": os.environ.get("CUDA_VISIBLE_DEVICES"),
    }
