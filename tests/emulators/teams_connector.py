"""A Bot Connector stand-in: the REST calls a Teams bot makes, answered and recorded.

Point an activity's ``serviceUrl`` at ``connector.url`` and the bot's replies land here:

- ``POST /v3/conversations/{id}/activities``               → ``calls("send")``
- ``POST /v3/conversations/{id}/activities/{activityId}``  → ``calls("reply")`` (a reply in a thread)
- ``PUT  /v3/conversations/{id}/activities/{activityId}``  → ``calls("update")``
- ``GET  /downloads/{name}``                               → a file from ``files`` (personal-chat downloadUrl);
  ``redirects[name] = url`` answers 302 to ``url`` instead; while ``downloads_open`` is cleared, downloads wait

``fail(method, 429, 503, retry_after="0", activity_id=…)`` makes the next calls of that method (about that
activity) fail with those statuses; every attempt, failed or not, is recorded under ``attempts``.
``max_activity_bytes`` refuses (413, like Teams) an activity whose JSON is larger, counted in UTF-16 as Teams
counts. Same shape as the other emulators:
``calls(method)`` and ``wait_for(method, n, timeout)``.
"""

from __future__ import annotations

import itertools
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import unquote, urlsplit


class TeamsConnector:
    def __init__(self) -> None:
        self._lock = threading.Condition()
        self._calls: list[dict[str, Any]] = []
        self.attempts: list[dict[str, Any]] = []
        self.files: dict[str, bytes] = {}
        self.redirects: dict[str, str] = {}
        self.downloads_open = threading.Event()
        self.downloads_open.set()
        self.max_activity_bytes: int | None = None
        self._faults: list[tuple[str, str | None, int, dict[str, str]]] = []
        self._ids = itertools.count(1)
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}/"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def __enter__(self) -> TeamsConnector:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    # -- what tests use --------------------------------------------------------------------------
    def calls(self, method: str | None = None) -> list[dict[str, Any]]:
        with self._lock:
            return [c for c in self._calls if method is None or c["method"] == method]

    def wait_for(self, method: str, n: int = 1, timeout: float = 10.0, where: Any = None) -> list[dict[str, Any]]:
        deadline = time.monotonic() + timeout
        with self._lock:
            while True:
                found = [c for c in self._calls if c["method"] == method and (where is None or where(c))]
                if len(found) >= n:
                    return found
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"{len(found)} {method!r} call(s) after {timeout} s, wanted {n}; "
                                         f"got {[(c['method'], c['body'].get('text')) for c in self._calls]}")
                self._lock.wait(left)

    def fail(self, method: str, *statuses: int, retry_after: str | None = None, activity_id: str | None = None) -> None:
        """The next calls of ``method`` (only those about ``activity_id``, if given) answer these statuses."""
        headers = {"Retry-After": retry_after} if retry_after is not None else {}
        with self._lock:
            self._faults.extend((method, activity_id, s, headers) for s in statuses)

    # -- server ----------------------------------------------------------------------------------
    def _record(self, method: str, request: dict[str, Any]) -> tuple[int, dict[str, str], dict[str, Any]]:
        with self._lock:
            attempt = dict(request, method=method, at=time.monotonic())
            self.attempts.append(attempt)
            size = len(json.dumps(request["body"], ensure_ascii=False).encode("utf-16-le"))
            if self.max_activity_bytes is not None and size > self.max_activity_bytes:
                attempt["status"] = 413
                return 413, {}, {"error": {"code": "MessageSizeTooBig", "message": f"{size} bytes"}}
            fault = next((f for f in self._faults if f[0] == method and f[1] in (None, request["activity_id"])), None)
            if fault is not None:
                self._faults.remove(fault)
                _, _, status, headers = fault
                attempt["status"] = status
                return status, headers, {"error": {"code": "Throttled" if status == 429 else "ServiceError",
                                                   "message": f"injected {status}"}}
            activity_id = request["activity_id"] if method == "update" else f"bot-{next(self._ids)}"
            self._calls.append(dict(attempt, id=activity_id))
            self._lock.notify_all()
            return 200, {}, {"id": activity_id}

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        connector = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def _parts(self) -> list[str]:
                return [unquote(p) for p in urlsplit(self.path).path.strip("/").split("/")]

            def _answer(self, status: int, body: Any, headers: dict[str, str] | None = None,
                        content_type: str = "application/json") -> None:
                data = body if isinstance(body, bytes) else json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(data)))
                for k, v in (headers or {}).items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(data)

            def _activity_call(self, verb: str) -> None:
                parts = self._parts()
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                if parts[:2] != ["v3", "conversations"] or len(parts) < 4 or parts[3] != "activities":
                    self._answer(404, {"error": {"message": f"no route {self.path}"}})
                    return
                activity_id = parts[4] if len(parts) > 4 else None
                method = {"POST": "reply" if activity_id else "send", "PUT": "update"}[verb]
                request = {"conversation_id": parts[2], "activity_id": activity_id, "body": body,
                           "authorization": self.headers.get("Authorization")}
                status, headers, answer = connector._record(method, request)
                self._answer(status, answer, headers)

            def do_POST(self) -> None:  # http.server naming
                self._activity_call("POST")

            def do_PUT(self) -> None:
                self._activity_call("PUT")

            def do_GET(self) -> None:
                parts = self._parts()
                if len(parts) == 2 and parts[0] == "downloads" and parts[1] in connector.redirects:
                    self._answer(302, b"", {"Location": connector.redirects[parts[1]]})
                    return
                if len(parts) == 2 and parts[0] == "downloads" and parts[1] in connector.files:
                    connector.downloads_open.wait(60)
                    with connector._lock:
                        connector._calls.append({"method": "download", "name": parts[1], "body": {},
                                                 "at": time.monotonic()})
                        connector._lock.notify_all()
                    self._answer(200, connector.files[parts[1]], content_type="application/octet-stream")
                    return
                self._answer(404, {"error": {"message": "not found"}})

        return Handler
