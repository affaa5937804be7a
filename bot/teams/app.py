"""The Teams web process: aiohttp app with ``POST /api/messages`` (CloudAdapter) and ``GET /files/…``.

Auth is configuration-based (ConfigurationBotFrameworkAuthentication: app id, password, tenant id,
single-tenant by default). Without an app id the endpoint is unauthenticated, as the Bot Framework
Emulator expects; ``run`` says so loudly.
"""

from __future__ import annotations

import logging
import sys
from dataclasses import dataclass
from functools import lru_cache

import requests
from aiohttp import web
from botbuilder.core import TurnContext, serializer_helper
from botbuilder.integration.aiohttp import CloudAdapter, ConfigurationBotFrameworkAuthentication
from botbuilder.schema import Activity

from agent.artifacts import ArtifactMissing
from agent.settings import get_settings
from bot.delivery_worker import delivery_worker
from bot.log_lines import configure_text
from bot.settings import get_bot_settings
from bot.teams.handlers import RAW_ACTIVITY, Enqueue, TeamsBot
from bot.teams.links import LinkRefused, LinkSigner, resolve_secret
from bot.teams.replier import TeamsReplier
from bot.teams.settings import TeamsSettings
from bot.teams.store import InMemoryTeamsStore, RedisTeamsStore, TeamsStore
from worker import runtime

log = logging.getLogger(__name__)
UNAUTHENTICATED_WARNING = (
    "\n" + "!" * 78 + "\n"
    "!! MICROSOFT_APP_ID is not set: /api/messages accepts UNAUTHENTICATED requests and replies without a\n"
    "!! token. That is for the Bot Framework Emulator and local tests only; never expose this server.\n"
    + "!" * 78
)


@dataclass
class TeamsRuntime:
    settings: TeamsSettings
    auth: ConfigurationBotFrameworkAuthentication
    store: TeamsStore
    links: LinkSigner
    replier: TeamsReplier


RUNTIME = web.AppKey("runtime", TeamsRuntime)
ADAPTER = web.AppKey("adapter", CloudAdapter)
BOT = web.AppKey("bot", TeamsBot)


def build_runtime(settings: TeamsSettings | None = None) -> TeamsRuntime:
    """The outbound half (no web server): what the delivery worker needs, and what the app builds on."""
    settings = settings or get_bot_settings().teams
    distributed = get_settings().distributed
    redis = runtime.redis_client() if distributed else None
    auth = ConfigurationBotFrameworkAuthentication(settings.bot_configuration(), logger=log)
    store: TeamsStore = RedisTeamsStore(redis, settings.reference_ttl_s) if redis is not None else InMemoryTeamsStore()
    secret = resolve_secret(settings.link_secret.get_secret_value() if settings.link_secret else None, redis)
    links = LinkSigner(secret, settings.link_base_url(), settings.link_ttl_s)
    replier = TeamsReplier(auth, settings.app_id, store, runtime.artifact_store(), links, runtime.pool_store())
    return TeamsRuntime(settings, auth, store, links, replier)


@lru_cache(maxsize=1)
def shared_replier() -> TeamsReplier:
    return build_runtime().replier


def build_app(rt: TeamsRuntime | None = None, enqueue: Enqueue | None = None) -> web.Application:
    from bot.deliverer import enqueue_turn

    rt = rt or build_runtime()
    adapter = CloudAdapter(rt.auth)
    adapter.on_turn_error = _on_turn_error
    bot = TeamsBot(rt.replier, rt.store, runtime.pool_store(), enqueue or enqueue_turn,
                   max_file_bytes=get_settings().max_file_bytes,
                   download_timeout_s=rt.settings.download_timeout_s, emulator_files=not rt.settings.authenticated)
    app = web.Application(client_max_size=1 << 20)
    app[RUNTIME], app[ADAPTER], app[BOT] = rt, adapter, bot
    app.router.add_post("/api/messages", messages)
    app.router.add_get("/files/{key}/{name}", files)
    app.router.add_get("/healthz", health)
    return app


async def messages(request: web.Request) -> web.Response:
    """CloudAdapter.process, plus: the raw activity JSON for our pure functions, and a refused token is
    always a 401 (botbuilder lets a bad signature, an expired token or an unknown key id escape as a 500)."""
    adapter: CloudAdapter = request.app[ADAPTER]
    bot: TeamsBot = request.app[BOT]
    if "application/json" not in request.headers.get("Content-Type", ""):
        return web.Response(status=415, text="expected application/json")
    try:
        body = await request.json()
    except ValueError:
        return web.Response(status=400, text="invalid JSON")
    activity = Activity().deserialize(body) if isinstance(body, dict) else Activity()
    if not activity.type:
        return web.Response(status=400, text="not an activity")

    async def logic(turn_context: TurnContext) -> None:
        turn_context.turn_state[RAW_ACTIVITY] = body
        await bot.on_turn(turn_context)

    rt: TeamsRuntime = request.app[RUNTIME]
    try:  # authenticate first, so that every way a token can be wrong is a 401 (not a 500)
        auth = await rt.auth.authenticate_request(activity, request.headers.get("Authorization", ""))
    except requests.RequestException as exc:  # the Bot Framework's signing keys could not be fetched
        log.error("could not check the token: %s", exc)
        return web.json_response({"error": "authentication unavailable"}, status=503)
    except Exception as exc:  # PermissionError, jwt errors, unknown key ids…
        log.warning("refused an activity: %s: %s", type(exc).__name__, exc)
        return web.json_response({"error": "unauthorized"}, status=401)
    invoke = await adapter.process_activity(auth, activity, logic)
    if invoke:
        return web.json_response(data=serializer_helper(invoke.body), status=invoke.status)
    return web.Response(status=201)


async def files(request: web.Request) -> web.Response:
    rt: TeamsRuntime = request.app[RUNTIME]
    try:
        ref = rt.links.verify(request.match_info["key"], request.match_info["name"], request.query.get("exp", ""),
                              request.query.get("sig", ""))
    except LinkRefused as exc:
        expired = str(exc) == "link expired"
        return web.Response(status=410 if expired else 403,
                            text="This link has expired; ask DrugPilot again." if expired else "Invalid link.")
    try:
        data = runtime.artifact_store().get(ref)
    except ArtifactMissing:
        return web.Response(status=404, text="This file is no longer kept; ask DrugPilot again.")
    disposition = "inline" if ref.media_type.startswith("image/") else "attachment"
    filename = "".join(c for c in ref.name if c.isprintable() and c not in '"\\')
    return web.Response(body=data, content_type=ref.media_type, headers={
        "Content-Disposition": f'{disposition}; filename="{filename}"', "Cache-Control": "private, max-age=300",
        "X-Content-Type-Options": "nosniff"})


async def health(request: web.Request) -> web.Response:
    return web.json_response({"ok": True, "authenticated": request.app[RUNTIME].settings.authenticated})


async def _on_turn_error(turn_context: TurnContext, error: Exception) -> None:
    log.error("unhandled error in a Teams turn", exc_info=error)
    try:
        await turn_context.send_activity("Sorry, something went wrong on my side. Please try again in a moment.")
    except Exception:
        log.warning("could not tell the thread about the error", exc_info=True)


async def start(app: web.Application, host: str, port: int) -> tuple[web.AppRunner, int]:
    """Serve ``app``; port 0 picks a free port. File links point at the bound port unless a public URL is set."""
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, host, port)
    await site.start()
    bound = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    rt: TeamsRuntime = app[RUNTIME]
    if not rt.settings.public_url:
        rt.links.base_url = f"http://{'localhost' if host in ('0.0.0.0', '::', '') else host}:{bound}"
    return runner, bound


def run(port: int | None = None, host: str | None = None, delivery_worker_enabled: bool = True,
        loglevel: str = "info") -> int:
    """``drugpilot teams``: serve until SIGINT/SIGTERM; distributed mode also runs the delivery worker."""
    configure_text(loglevel)
    try:
        settings = get_bot_settings().teams
        overrides = {k: v for k, v in (("port", port), ("host", host)) if v is not None}
        settings = settings.model_copy(update=overrides) if overrides else settings
        rt = build_runtime(settings)
    except ValueError as exc:  # e.g. SingleTenant without a tenant id, a port that is not a number
        print(f"drugpilot teams: {exc}", file=sys.stderr)
        return 2
    if not settings.authenticated:
        log.warning(UNAUTHENTICATED_WARNING)
    elif not settings.public_url:
        log.warning("DRUGPILOT_PUBLIC_URL is not set: file links point at http://localhost:%d, which Teams "
                    "users cannot open", settings.port)
    distributed = get_settings().distributed
    with delivery_worker("teams", distributed and delivery_worker_enabled, loglevel) as child:
        log.info("DrugPilot for Teams: http://%s:%d/api/messages (%s; %s mode%s)", settings.bind_host, settings.port,
                 f"app {settings.app_id}, {settings.app_type}" if settings.authenticated else "UNAUTHENTICATED",
                 "distributed" if distributed else "embedded", ", delivery worker started" if child else "")
        web.run_app(build_app(rt), host=settings.bind_host, port=settings.port, print=None, access_log=None)
    return 0
