"""Signed, expiring links to reply files served by the bot's own endpoint (``GET /files/...``).

Teams channels deliver no files from bots, so the CSV and the full-size plot are links. A link is
``{base}/files/{key}/{name}?exp={unix time}&sig={HMAC-SHA256(secret, key, name, exp)}``; the name is
signed too, so a link cannot be bent to serve the same bytes under another name or media type.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import logging
import mimetypes
import secrets
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import quote, urlencode

from agent.turn import ArtifactRef

log = logging.getLogger(__name__)
SECRET_KEY = "drugpilot:teams:link-secret"
MEDIA_TYPES = {".csv": "text/csv", ".png": "image/png", ".svg": "image/svg+xml", ".tsv": "text/tab-separated-values"}


class LinkRefused(Exception):
    """A link that is not ours (bad signature) or no longer valid (expired)."""


class LinkSigner:
    def __init__(self, secret: bytes, base_url: str, ttl_s: int, clock: Callable[[], float] = time.time) -> None:
        if len(secret) < 16:
            raise ValueError("the link secret must be at least 16 bytes")
        self._secret = secret
        self.base_url = base_url.rstrip("/")
        self.ttl_s = ttl_s
        self._clock = clock

    def url(self, ref: ArtifactRef) -> str:
        expires = int(self._clock()) + self.ttl_s
        query = urlencode({"exp": expires, "sig": self._sign(ref.key, ref.name, expires)})
        return f"{self.base_url}/files/{quote(ref.key, safe='')}/{quote(ref.name, safe='')}?{query}"

    def verify(self, key: str, name: str, exp: str, sig: str) -> ArtifactRef:
        """The ArtifactRef a link names, or LinkRefused. The signature is checked first, in constant time."""
        try:
            expires = int(exp)
        except (TypeError, ValueError):
            raise LinkRefused("malformed link") from None
        if not hmac.compare_digest(self._sign(key, name, expires).encode(), (sig or "").encode()):
            raise LinkRefused("bad signature")
        if expires < self._clock():
            raise LinkRefused("link expired")
        return ArtifactRef(name=name, media_type=media_type(name), key=key)

    def _sign(self, key: str, name: str, expires: int) -> str:
        message = "\n".join(("v1", key, name, str(expires))).encode()
        digest = hmac.new(self._secret, message, hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def media_type(name: str) -> str:
    suffix = name[name.rfind("."):].lower() if "." in name else ""
    return MEDIA_TYPES.get(suffix) or mimetypes.guess_type(name)[0] or "application/octet-stream"


def resolve_secret(configured: str | None, redis: Any | None) -> bytes:
    """The configured secret; else one shared through Redis (so the delivery worker that signs and the
    web process that verifies agree); else a random one that lives as long as this process."""
    if configured:
        return configured.encode()
    if redis is not None:
        redis.set(SECRET_KEY, secrets.token_urlsafe(32), nx=True)
        log.warning("DRUGPILOT_LINK_SECRET is not set: using the link secret kept in Redis (%s)", SECRET_KEY)
        return bytes(redis.get(SECRET_KEY))
    log.warning("DRUGPILOT_LINK_SECRET is not set: file links are signed with a per-process secret "
                "and stop working when this process restarts")
    return secrets.token_bytes(32)
