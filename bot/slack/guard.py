"""The Slack HTTP endpoint's front door: bounded, verified, and quiet about what strangers send.

Before Bolt sees a request, this WSGI layer checks what costs nothing to check: the method and path,
the declared length (at most ``MAX_BODY_BYTES``; Slack's own payloads are far smaller), a numeric and
fresh ``X-Slack-Request-Timestamp`` and the ``X-Slack-Signature`` over the exact bytes, then that a
signed body parses. Every refusal is a 4xx with a fixed text, and its log line names the reason and the
size, never the body or a header value (so a 50 MB body or a newline cannot reach the log).
"""

from __future__ import annotations

import io
import json
import logging
import time
import urllib.parse
from collections.abc import Callable, Iterable
from typing import Any

from slack_sdk.signature import Clock, SignatureVerifier

log = logging.getLogger(__name__)

MAX_BODY_BYTES = 1_000_000  # Slack's largest payloads (a modal with 100 blocks) are a few hundred KB
MAX_CLOCK_SKEW_S = 5 * 60  # Slack's own rule for replayed requests
FORM = "application/x-www-form-urlencoded"
JSON = "application/json"

StartResponse = Callable[..., Any]
WsgiApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]


class Refused(Exception):
    def __init__(self, status: str, reason: str) -> None:
        super().__init__(reason)
        self.status = status


def guarded(bolt: WsgiApp, signing_secret: str, path: str, clock: Callable[[], float] = time.time) -> WsgiApp:
    """``bolt`` behind the checks above, plus ``GET /healthz`` for load balancers."""
    verifier = SignatureVerifier(signing_secret, clock=_Clock(clock))

    def application(environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        method, where = environ.get("REQUEST_METHOD", ""), environ.get("PATH_INFO", "")
        if method == "GET" and where == "/healthz":
            return _answer(start_response, "200 OK", "ok")
        try:
            if where != path:
                raise Refused("404 Not Found", "unknown path")
            if method != "POST":
                raise Refused("405 Method Not Allowed", "not a POST")
            body = _read_body(environ)
            _verify(verifier, environ, body, clock)
            _check_parses(environ.get("CONTENT_TYPE", ""), body)
        except Refused as exc:
            log.info("refused a request to the Slack endpoint: %s (%s, %s bytes)", exc, exc.status,
                     environ.get("CONTENT_LENGTH") or "?")
            return _answer(start_response, exc.status, str(exc))
        environ["wsgi.input"] = io.BytesIO(body)
        environ["CONTENT_LENGTH"] = str(len(body))
        return bolt(environ, start_response)

    return application


def _read_body(environ: dict[str, Any]) -> bytes:
    declared = environ.get("CONTENT_LENGTH") or ""
    if not declared.isdigit():
        raise Refused("411 Length Required", "no Content-Length")
    length = int(declared)
    if length > MAX_BODY_BYTES:
        raise Refused("413 Content Too Large", f"body over {MAX_BODY_BYTES} bytes")
    body = environ["wsgi.input"].read(length)
    if len(body) != length:
        raise Refused("400 Bad Request", "body shorter than its Content-Length")
    return body


def _verify(verifier: SignatureVerifier, environ: dict[str, Any], body: bytes, clock: Callable[[], float]) -> None:
    timestamp = environ.get("HTTP_X_SLACK_REQUEST_TIMESTAMP") or ""
    signature = environ.get("HTTP_X_SLACK_SIGNATURE") or ""
    if not timestamp.isdigit() or len(timestamp) > 12:
        raise Refused("401 Unauthorized", "missing or non-numeric X-Slack-Request-Timestamp")
    if abs(clock() - int(timestamp)) > MAX_CLOCK_SKEW_S:
        raise Refused("401 Unauthorized", "stale X-Slack-Request-Timestamp")
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise Refused("400 Bad Request", "body is not UTF-8") from None
    if not verifier.is_valid(body=text, timestamp=timestamp, signature=signature):
        raise Refused("401 Unauthorized", "invalid signature")


def _check_parses(content_type: str, body: bytes) -> None:
    """A signed body Bolt could not parse would be a 500 inside Bolt: make it a 400 here."""
    kind = content_type.split(";")[0].strip().lower()
    try:
        if kind == JSON:
            if not isinstance(json.loads(body), dict):
                raise ValueError("not an object")
        elif kind == FORM:
            payload = urllib.parse.parse_qs(body.decode("utf-8")).get("payload")
            if payload and not isinstance(json.loads(payload[0]), dict):
                raise ValueError("payload is not an object")
        else:
            raise Refused("415 Unsupported Media Type", "not JSON or a form")
    except ValueError:
        raise Refused("400 Bad Request", "malformed body") from None


class _Clock(Clock):
    """slack_sdk's verifier asks a clock object for ``now()``."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self._clock = clock

    def now(self) -> float:
        return self._clock()


def _answer(start_response: StartResponse, status: str, text: str) -> list[bytes]:
    data = text.encode()
    start_response(status, [("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", str(len(data)))])
    return [data]
