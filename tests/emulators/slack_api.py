"""A local stand-in for the Slack Web API (and file hosting, upload URLs, response_url), for tests.

Like bolt-python's ``tests/mock_web_api_server``: a real HTTP server (port 0) that answers the methods
the app calls with Slack-shaped JSON and records every call, so tests assert on what Slack would have
received. Also: helpers that sign request bodies the way Slack does, to drive the app over HTTP.

Methods: auth.test, chat.postMessage, chat.update, chat.delete, chat.getPermalink, reactions.add,
reactions.remove, files.getUploadURLExternal, the upload URL, files.completeUploadExternal, files.info,
file download (url_private_download, Bearer token required), views.open, response_url.
"""

from __future__ import annotations

import copy
import itertools
import json
import threading
import time
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from slack_sdk.signature import SignatureVerifier

BOT_TOKEN = "xoxb-test-token"
TEAM_ID = "T0LAB"
BOT_USER_ID = "U0BOT"
BOT_ID = "B0BOT"
PAYLOADS = Path(__file__).resolve().parents[1] / "payloads" / "slack"


@dataclass
class Call:
    method: str  # "chat.postMessage", "upload", "download", "response_url", …
    args: dict[str, Any]
    headers: dict[str, str]
    at: float = field(default_factory=time.monotonic)
    failed: bool = False  # answered with an injected failure (fail_next)


class SlackAPI:
    def __init__(self) -> None:
        self._lock = threading.Condition()
        self._calls: list[Call] = []
        self._ts = itertools.count(1)
        self._ids = itertools.count(1)
        self.files: dict[str, dict[str, Any]] = {}  # id → Slack file object (+ "_data")
        self.uploads: dict[str, bytes] = {}  # upload file id → bytes received at the upload URL
        self._failures: dict[str, list[tuple[int, dict[str, Any], dict[str, str]]]] = {}
        self.downloads_open = threading.Event()  # cleared: file downloads wait (a slow file host)
        self.downloads_open.set()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    # -- lifecycle ---------------------------------------------------------------------------------------
    def start(self) -> SlackAPI:
        self._thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    @property
    def api_url(self) -> str:
        return self.url + "/api/"

    # -- what tests use ----------------------------------------------------------------------------------
    def calls(self, method: str | None = None, **match: Any) -> list[dict[str, Any]]:
        with self._lock:
            return [c.args for c in self._calls if (method is None or c.method == method)
                    and all(c.args.get(k) == v for k, v in match.items())]

    def records(self, method: str) -> list[Call]:
        with self._lock:
            return [c for c in self._calls if c.method == method]

    def wait_for(self, method: str, n: int = 1, timeout: float = 10.0, contains: str | None = None,
                 **match: Any) -> list[dict[str, Any]]:
        """The first ``n`` calls of ``method`` whose args equal ``match`` (and whose text has ``contains``)."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while True:
                found = [c.args for c in self._calls if c.method == method
                         and all(c.args.get(k) == v for k, v in match.items())
                         and (contains is None or contains in str(c.args.get("text", "")))]
                if len(found) >= n:
                    return found
                left = deadline - time.monotonic()
                if left <= 0:
                    seen = [(c.method, {k: c.args.get(k) for k in ("channel", "thread_ts", "text")})
                            for c in self._calls]
                    raise AssertionError(f"expected {n} {method} {match or ''} {contains or ''}, got {len(found)}; "
                                         f"calls: {seen}")
                self._lock.wait(min(left, 0.1))

    def fail_next(self, method: str, status: int = 200, error: str | None = None,
                  retry_after: int | None = None) -> None:
        """The next call of ``method`` fails: HTTP 429 with Retry-After, or ``{"ok": false, "error": …}``."""
        body = {"ok": False, "error": error or ("ratelimited" if status == 429 else "internal_error")}
        headers = {"Retry-After": str(retry_after)} if retry_after is not None else {}
        with self._lock:
            self._failures.setdefault(method, []).append((status, body, headers))

    def add_file(self, name: str, data: bytes, mimetype: str = "text/csv", redirect: str | None = None,
                 **extra: Any) -> dict[str, Any]:
        """A file "uploaded by a person": returns the file object a file_share event carries. With ``redirect``,
        its download answers 302 to that address."""
        file_id = f"F{next(self._ids):06d}"
        obj = {"id": file_id, "name": name, "title": name, "mimetype": mimetype,
               "filetype": name.rsplit(".", 1)[-1], "size": len(data), "mode": "hosted", "is_external": False,
               "url_private": f"{self.url}/files-pri/{TEAM_ID}-{file_id}/{name}",
               "url_private_download": f"{self.url}/files-pri/{TEAM_ID}-{file_id}/download/{name}"}
        obj.update(extra)
        with self._lock:
            self.files[file_id] = {**obj, "_data": data, "_redirect": redirect}
        return obj

    def uploaded_files(self) -> list[dict[str, Any]]:
        """Files the app completed (files.completeUploadExternal, not failed), with channel, thread and bytes."""
        out = []
        for args in [c.args for c in self.records("files.completeUploadExternal") if not c.failed]:
            for f in json.loads(args["files"]) if isinstance(args["files"], str) else args["files"]:
                out.append({"id": f["id"], "title": f.get("title"), "channel": args.get("channel_id"),
                            "thread_ts": args.get("thread_ts"), "data": self.uploads.get(f["id"])})
        return out

    def new_ts(self) -> str:
        return f"{1700000000 + next(self._ts)}.{next(self._ids):06d}"

    # -- the server --------------------------------------------------------------------------------------
    def _record(self, method: str, args: dict[str, Any], headers: dict[str, str]) -> Call:
        call = Call(method, args, headers)
        with self._lock:
            self._calls.append(call)
            self._lock.notify_all()
        return call

    def _failure(self, method: str) -> tuple[int, dict[str, Any], dict[str, str]] | None:
        with self._lock:
            queue = self._failures.get(method)
            return queue.pop(0) if queue else None

    def _answer(self, method: str, args: dict[str, Any]) -> dict[str, Any]:
        if method == "auth.test":
            return {"ok": True, "url": "https://lab.slack.com/", "team": "Lab", "user": "drugpilot",
                    "team_id": TEAM_ID, "user_id": BOT_USER_ID, "bot_id": BOT_ID, "is_enterprise_install": False}
        if method == "chat.postMessage":
            ts = self.new_ts()
            return {"ok": True, "channel": args.get("channel"), "ts": ts,
                    "message": {"text": args.get("text"), "ts": ts, "thread_ts": args.get("thread_ts")}}
        if method in ("chat.update", "chat.delete"):
            return {"ok": True, "channel": args.get("channel"), "ts": args.get("ts")}
        if method == "chat.getPermalink":
            ts = str(args.get("message_ts", "")).replace(".", "")
            return {"ok": True, "channel": args.get("channel"),
                    "permalink": f"https://lab.slack.com/archives/{args.get('channel')}/p{ts}"}
        if method in ("reactions.add", "reactions.remove"):
            return {"ok": True}
        if method == "files.getUploadURLExternal":
            file_id = f"F{next(self._ids):06d}"
            return {"ok": True, "file_id": file_id, "upload_url": f"{self.url}/upload/{file_id}"}
        if method == "files.completeUploadExternal":
            files = args.get("files")
            files = json.loads(files) if isinstance(files, str) else files
            return {"ok": True, "files": [{"id": f["id"], "title": f.get("title")} for f in files]}
        if method == "files.info":
            f = self.files.get(str(args.get("file")))
            if f is None:
                return {"ok": False, "error": "file_not_found"}
            return {"ok": True, "file": {k: v for k, v in f.items() if not k.startswith("_")}}
        if method == "views.open":
            return {"ok": True, "view": {**(args.get("view") or {}), "id": f"V{next(self._ids):06d}"}}
        return {"ok": False, "error": "unknown_method"}

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        api = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                pass

            def _send(self, status: int, body: bytes, content_type: str = "application/json",
                      headers: dict[str, str] | None = None) -> None:
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                for k, v in (headers or {}).items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(body)

            def _body(self) -> bytes:
                return self.rfile.read(int(self.headers.get("Content-Length") or 0))

            def do_GET(self) -> None:
                path, _, query = self.path.partition("?")
                headers = dict(self.headers.items())
                if path.startswith("/files-pri/"):
                    file_id = path.split("/")[2].split("-", 1)[1]
                    api._record("download", {"file": file_id, "path": path}, headers)
                    f = api.files.get(file_id)
                    if f is not None and f.get("_redirect"):  # a download that Slack sends elsewhere
                        self._send(302, b"", "text/plain", {"Location": f["_redirect"]})
                        return
                    if headers.get("Authorization") != f"Bearer {BOT_TOKEN}" or f is None:
                        # what Slack does without a valid token: a login page, not the file
                        self._send(200, b"<html>Sign in to Slack</html>", "text/html")
                        return
                    api.downloads_open.wait(120)
                    try:
                        self._send(200, f["_data"], f.get("mimetype", "application/octet-stream"))
                    except (BrokenPipeError, ConnectionResetError):
                        pass  # the client stopped reading (a file over its size limit)
                    return
                if path.startswith("/api/"):
                    self._api(path[5:], dict(urllib.parse.parse_qsl(query)), headers)
                    return
                self._send(404, b"{}")

            def do_POST(self) -> None:
                path, _, query = self.path.partition("?")
                headers = dict(self.headers.items())
                body = self._body()
                if path.startswith("/upload/"):
                    file_id = path.split("/")[2]
                    api.uploads[file_id] = body
                    api._record("upload", {"file_id": file_id, "size": len(body)}, headers)
                    self._send(200, f"OK - {len(body)}".encode(), "text/plain")
                    return
                if path.startswith("/response/"):
                    api._record("response_url", {**json.loads(body or b"{}"), "hook": path}, headers)
                    self._send(200, b"ok", "text/plain")
                    return
                if not path.startswith("/api/"):
                    self._send(404, b"{}")
                    return
                args = dict(urllib.parse.parse_qsl(query))
                ctype = headers.get("Content-Type", "")
                if body and ctype.startswith("application/json"):
                    args.update(json.loads(body))
                elif body:
                    args.update(dict(urllib.parse.parse_qsl(body.decode())))
                self._api(path[5:], args, headers)

            def _api(self, method: str, args: dict[str, Any], headers: dict[str, str]) -> None:
                for key in ("blocks", "view"):
                    if isinstance(args.get(key), str):
                        args[key] = json.loads(args[key])
                call = api._record(method, args, headers)
                failure = api._failure(method)
                if failure is not None:
                    call.failed = True
                    status, body, extra = failure
                    self._send(status, json.dumps(body).encode(), headers=extra)
                    return
                if method != "auth.test" and headers.get("Authorization") != f"Bearer {BOT_TOKEN}":
                    self._send(200, json.dumps({"ok": False, "error": "invalid_auth"}).encode())
                    return
                self._send(200, json.dumps(api._answer(method, args)).encode())

        return Handler


# -- requests from "Slack" to the app, signed like Slack signs them ------------------------------------------
def payload(name: str, **overrides: Any) -> dict[str, Any]:
    """A stored real-shaped payload (tests/payloads/slack/NAME.json), top-level keys overridden."""
    data = json.loads((PAYLOADS / f"{name}.json").read_text())
    data = copy.deepcopy(data)
    data.update(overrides)
    return data


def signed_headers(secret: str, body: str, timestamp: int | None = None,
                   content_type: str = "application/json") -> dict[str, str]:
    timestamp = int(time.time()) if timestamp is None else timestamp
    signature = SignatureVerifier(secret).generate_signature(timestamp=str(timestamp), body=body)
    return {"Content-Type": content_type, "X-Slack-Request-Timestamp": str(timestamp),
            "X-Slack-Signature": signature or ""}


@dataclass
class Sent:
    status: int
    body: str
    seconds: float  # until the app answered (the acknowledgement)
    sent_at: float  # time.monotonic() when the request left


def send(url: str, secret: str, body: str, content_type: str, headers: dict[str, str] | None = None,
         timestamp: int | None = None, signature: str | None = None) -> Sent:
    all_headers = signed_headers(secret, body, timestamp, content_type)
    if signature is not None:
        all_headers["X-Slack-Signature"] = signature
    all_headers.update(headers or {})
    request = urllib.request.Request(url, data=body.encode(), headers=all_headers, method="POST")
    started = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return Sent(response.status, response.read().decode(), time.monotonic() - started, started)
    except urllib.error.HTTPError as exc:
        return Sent(exc.code, exc.read().decode(), time.monotonic() - started, started)


def send_event(url: str, secret: str, body: dict[str, Any], retry_num: int | None = None, **kw: Any) -> Sent:
    headers = {"X-Slack-Retry-Num": str(retry_num), "X-Slack-Retry-Reason": "http_timeout"} if retry_num else {}
    return send(url, secret, json.dumps(body), "application/json", headers=headers, **kw)


def send_interaction(url: str, secret: str, body: dict[str, Any], **kw: Any) -> Sent:
    form = urllib.parse.urlencode({"payload": json.dumps(body)})
    return send(url, secret, form, "application/x-www-form-urlencoded", **kw)


def send_command(url: str, secret: str, fields: dict[str, str], **kw: Any) -> Sent:
    return send(url, secret, urllib.parse.urlencode(fields), "application/x-www-form-urlencoded", **kw)
