"""Run the real Teams aiohttp app on port 0 in a background thread, and build activities from payloads."""

from __future__ import annotations

import asyncio
import copy
import json
import threading
import uuid
from pathlib import Path
from typing import Any

import httpx

PAYLOADS = Path(__file__).resolve().parents[1] / "payloads" / "teams"


def payload(name: str, service_url: str, *, thread: str | None = None, **fields: Any) -> dict[str, Any]:
    """A payload from tests/payloads/teams/, its serviceUrl pointed at the emulator and, with ``thread``,
    moved to a channel (or personal chat) of its own so tests never share a pool."""
    activity = copy.deepcopy(json.loads((PAYLOADS / f"{name}.json").read_text()))
    activity["serviceUrl"] = service_url
    if thread:
        conv = activity["conversation"]
        base, mark, root = conv["id"].partition(";messageid=")
        conv["id"] = (f"19:{thread}@thread.tacv2{mark}{root}" if mark else f"a:{thread}")
        if "teamsChannelId" in activity.get("channelData", {}):
            activity["channelData"]["teamsChannelId"] = f"19:{thread}@thread.tacv2"
    activity.update(fields)
    return activity


def new_thread() -> str:
    return uuid.uuid4().hex[:12]


class BotServer:
    """The app from ``bot.teams.app.build_app`` served by aiohttp on 127.0.0.1:0 in its own loop thread."""

    def __init__(self, app: Any) -> None:
        from bot.teams.app import start

        self.app = app
        self.loop = asyncio.new_event_loop()
        ready = threading.Event()

        def serve() -> None:
            asyncio.set_event_loop(self.loop)
            self.runner, self.port = self.loop.run_until_complete(start(app, "127.0.0.1", 0))
            ready.set()
            self.loop.run_forever()

        self.thread = threading.Thread(target=serve, daemon=True)
        self.thread.start()
        if not ready.wait(10):
            raise RuntimeError("the Teams app did not start")
        self.url = f"http://127.0.0.1:{self.port}"
        self.http = httpx.Client(base_url=self.url, timeout=30)

    def post(self, activity: dict[str, Any], headers: dict[str, str] | None = None) -> httpx.Response:
        return self.http.post("/api/messages", json=activity, headers=headers or {})

    def close(self) -> None:
        self.http.close()
        asyncio.run_coroutine_threadsafe(self.runner.cleanup(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
