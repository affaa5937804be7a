"""Reply files in Redis, so any process (worker or bot, on any host) can read what another wrote."""

from __future__ import annotations

import json
import uuid
from typing import Any

from agent.artifacts import ArtifactMissing
from agent.pool.store import StorageFull, is_out_of_memory
from agent.turn import ArtifactRef


class RedisArtifactStore:
    def __init__(self, client: Any, ttl_s: int, prefix: str = "drugpilot:artifact") -> None:
        self._r = client
        self._ttl = ttl_s
        self._prefix = prefix

    def put(self, name: str, media_type: str, data: bytes) -> ArtifactRef:
        key = uuid.uuid4().hex
        pipe = self._r.pipeline(transaction=True)
        pipe.set(f"{self._prefix}:{key}", data, ex=self._ttl)
        pipe.set(f"{self._prefix}:{key}:meta", json.dumps({"name": name, "media_type": media_type}), ex=self._ttl)
        try:
            pipe.execute()
        except Exception as exc:
            if is_out_of_memory(exc):
                raise StorageFull() from None
            raise
        return ArtifactRef(name=name, media_type=media_type, key=key)

    def get(self, ref: ArtifactRef) -> bytes:
        data = self._r.get(f"{self._prefix}:{ref.key}")
        if data is None:
            raise ArtifactMissing(ref.name)
        return bytes(data)
