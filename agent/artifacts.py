"""Where reply files (CSV, PNG) live until the process that posts the reply reads them."""

from __future__ import annotations

import threading
import uuid
from typing import Protocol

from agent.turn import ArtifactRef


class ArtifactStore(Protocol):
    def put(self, name: str, media_type: str, data: bytes) -> ArtifactRef: ...
    def get(self, ref: ArtifactRef) -> bytes: ...


class ArtifactMissing(KeyError):
    """The file expired or was never stored."""


class InMemoryArtifactStore:
    """Embedded default: files stay in this process."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._files: dict[str, bytes] = {}

    def put(self, name: str, media_type: str, data: bytes) -> ArtifactRef:
        key = uuid.uuid4().hex
        with self._lock:
            self._files[key] = data
        return ArtifactRef(name=name, media_type=media_type, key=key)

    def get(self, ref: ArtifactRef) -> bytes:
        with self._lock:
            if ref.key not in self._files:
                raise ArtifactMissing(ref.name)
            return self._files[ref.key]
