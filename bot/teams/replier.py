"""Post replies into Teams threads proactively (the platform's Deliverer), with 429/5xx retries.

A finished turn arrives here long after the inbound HTTP request ended, possibly in another process
(the bot-side delivery worker), so every post starts from the conversation reference kept in the
TeamsStore. Posting goes straight to the Bot Connector REST API through botbuilder's ConnectorClient,
created from the same ConfigurationBotFrameworkAuthentication as the CloudAdapter's (so single-tenant
credentials and token caching are the SDK's), with our own retry policy instead of msrest's.

``deliver``/``progress`` are synchronous (worker threads, Celery threads call them); they run the
coroutines on one private event loop thread per replier.
"""

from __future__ import annotations

import asyncio
import email.utils
import logging
import random
import threading
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Any, TypeVar

from botbuilder.core import TurnContext
from botbuilder.schema import Activity, ActivityTypes, ConversationReference, ResourceResponse
from botframework.connector.auth import AuthenticationConstants, BotFrameworkAuthentication, ClaimsIdentity
from msrest.exceptions import ClientRequestError, HttpOperationError

from agent.artifacts import ArtifactStore
from agent.pool.store import PoolStore
from agent.pool.thread_pool import ThreadPool
from agent.turn import Reply
from bot.teams import cards
from bot.teams.links import LinkSigner
from bot.teams.store import TeamsStore
from bot.teams.target import TeamsTarget

log = logging.getLogger(__name__)
T = TypeVar("T")
DONE_TEXT = "Done: the answer is below."


@dataclass(frozen=True)
class RetryPolicy:
    attempts: int = 5
    base_delay_s: float = 0.5
    max_delay_s: float = 30.0

    def delay(self, attempt: int, retry_after: float | None) -> float:
        if retry_after is not None:
            return min(self.max_delay_s, max(0.0, retry_after))
        return min(self.max_delay_s, self.base_delay_s * 2 ** (attempt - 1)) * random.uniform(0.5, 1.0)


def status_of(exc: BaseException) -> int | None:
    response = getattr(exc, "response", None)
    return getattr(response, "status_code", None)


def retryable(exc: BaseException) -> bool:
    """Throttling (429), server errors (5xx) and connections that failed: yes. Other 4xx: never."""
    if isinstance(exc, HttpOperationError):
        status = status_of(exc)
        return status is not None and (status == 429 or status >= 500)
    return isinstance(exc, ClientRequestError)


def retry_after_s(exc: BaseException) -> float | None:
    headers = getattr(getattr(exc, "response", None), "headers", None) or {}
    value = headers.get("Retry-After")
    if not value:
        return None
    try:
        return float(value)
    except ValueError:
        parsed = email.utils.parsedate_to_datetime(value)
        return parsed.timestamp() - time.time() if parsed else None


async def with_retry(call: Callable[[], Awaitable[T]], what: str, policy: RetryPolicy = RetryPolicy(),
                     sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep) -> T:
    for attempt in range(1, policy.attempts + 1):
        try:
            return await call()
        except Exception as exc:
            if attempt >= policy.attempts or not retryable(exc):
                raise
            delay = policy.delay(attempt, retry_after_s(exc))
            log.warning("%s failed (%s, attempt %d/%d); retrying in %.2f s", what, status_of(exc) or type(exc).__name__,
                        attempt, policy.attempts, delay)
            await sleep(delay)
    raise AssertionError("unreachable")


def no_msrest_retries(connector: Any) -> Any:
    """msrest retries 5xx on its own (3 times, silently); we retry 429 and 5xx in one visible place instead."""
    connector.config.retry_policy.retries = 0
    return connector


class TeamsReplier:
    """Implements bot.deliverer.Deliverer for Teams: ``target`` is the Turn's ``reply_to``, the JSON of a
    TeamsTarget (bot.teams.target)."""

    def __init__(self, auth: BotFrameworkAuthentication, app_id: str, store: TeamsStore, artifacts: ArtifactStore,
                 links: LinkSigner, pools: PoolStore, policy: RetryPolicy = RetryPolicy()) -> None:
        self._auth = auth
        self._app_id = app_id or None
        self._store = store
        self._artifacts = artifacts
        self.links = links
        self._pools = pools
        self.policy = policy
        self._connectors: dict[str, Any] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._loop_lock = threading.Lock()

    # -- Deliverer (sync) ------------------------------------------------------------------------
    def deliver(self, target: dict[str, Any], reply: Reply) -> None:
        self._run(self.deliver_async(TeamsTarget.from_json(target), reply))

    def progress(self, target: dict[str, Any], turn_id: str, text: str) -> None:
        try:
            self._run(self.progress_async(TeamsTarget.from_json(target), text))
        except Exception:  # a progress line is a courtesy: never fail the turn for it
            log.warning("progress for turn %s not posted", turn_id, exc_info=True)

    def give_up(self, target: dict[str, Any], reply: Reply, error: Exception) -> None:
        """Delivery failed for good (bot.delivery_retry): "Working on it…" says so instead."""
        why = status_of(error) or type(error).__name__
        self.notice(TeamsTarget.from_json(target),
                    f"I finished this request but couldn't post its answer here ({why}). Please ask again.")

    def say(self, target: TeamsTarget, text: str) -> None:
        """A message into the thread, outside any inbound request (problems with files, …)."""
        self._run(self.say_async(target, text))

    def notice(self, target: TeamsTarget, text: str) -> None:
        """The "Working on it…" message becomes ``text`` (a new message when there is none): nothing will run."""
        self._run(self.notice_async(target, text))

    # -- async -----------------------------------------------------------------------------------
    async def say_async(self, target: TeamsTarget, text: str) -> None:
        ref = self.reference(target)
        await self.post(await self.connector(ref.service_url), ref, self.message(ref, text))

    async def notice_async(self, target: TeamsTarget, text: str) -> None:
        ref = self.reference(target)
        connector = await self.connector(ref.service_url)
        if target.ack_id:
            await self.update(connector, ref, target.ack_id, self.message(ref, text))
        else:
            await self.post(connector, ref, self.message(ref, text))

    async def deliver_async(self, target: TeamsTarget, reply: Reply) -> None:
        ref = self.reference(target)
        connector = await self.connector(ref.service_url)
        card = cards.reply_card(reply, self.links.url)
        activity = self.message(ref, reply.text or "(no answer)", [cards.attachment(card)] if card else [])
        try:
            await self.post(connector, ref, activity)
        except HttpOperationError as exc:
            if not card or retryable(exc):
                raise
            # A card Teams refuses (too big, a client that cannot render it): the text and the links still go.
            log.warning("card refused (%s); posting text and links instead", status_of(exc))
            await self.post(connector, ref, self.message(ref, _with_links(reply, self.links)))
        if target.ack_id:
            await self._quietly(self.update(connector, ref, target.ack_id, self.message(ref, DONE_TEXT)))
        if target.card_id:
            await self._quietly(self.refresh_pool_card(connector, ref, target.card_id, target.ref))

    async def progress_async(self, target: TeamsTarget, text: str) -> None:
        ref = self.reference(target)
        connector = await self.connector(ref.service_url)
        line = f"Working on it… {text}"
        if target.ack_id:
            await self.update(connector, ref, target.ack_id, self.message(ref, line))
        else:
            await self.post(connector, ref, self.message(ref, line))

    async def refresh_pool_card(self, connector: Any, ref: ConversationReference, card_id: str,
                                thread_key: str) -> None:
        card = cards.pool_card(ThreadPool(self._pools, thread_key).list())
        await self.update(connector, ref, card_id, self.message(ref, "", [cards.attachment(card)]))

    async def post(self, connector: Any, ref: ConversationReference, activity: Activity) -> ResourceResponse:
        conv_id = ref.conversation.id
        if activity.reply_to_id:
            return await with_retry(lambda: connector.conversations.reply_to_activity(
                conv_id, activity.reply_to_id, activity), f"reply in {conv_id}", self.policy)
        return await with_retry(lambda: connector.conversations.send_to_conversation(conv_id, activity),
                                f"post in {conv_id}", self.policy)

    async def update(self, connector: Any, ref: ConversationReference, activity_id: str,
                     activity: Activity) -> ResourceResponse:
        activity.id = activity_id
        activity.reply_to_id = None
        return await with_retry(lambda: connector.conversations.update_activity(
            ref.conversation.id, activity_id, activity), f"update of {activity_id}", self.policy)

    async def connector(self, service_url: str) -> Any:
        """One ConnectorClient per service URL and process: its credentials cache the bot's access token."""
        if service_url not in self._connectors:
            claims = ClaimsIdentity({AuthenticationConstants.AUDIENCE_CLAIM: self._app_id,
                                     AuthenticationConstants.APP_ID_CLAIM: self._app_id}, True)
            factory = self._auth.create_connector_factory(claims)
            self._connectors[service_url] = no_msrest_retries(await factory.create(service_url, None))
        return self._connectors[service_url]

    def reference(self, target: TeamsTarget) -> ConversationReference:
        stored = self._store.load_reference(target.ref)
        if stored is None:
            raise LookupError(f"no Teams conversation reference for {target.ref} (expired or never stored)")
        ref = ConversationReference().deserialize(stored)
        ref.activity_id = target.reply_to_id or ref.activity_id
        # botbuilder maps ConversationAccount.tenant_id to "tenantID"; Teams' JSON says "tenantId".
        ref.conversation.tenant_id = (stored.get("conversation") or {}).get("tenantId") or ref.conversation.tenant_id
        return ref

    @staticmethod
    def message(ref: ConversationReference, text: str, attachments: list[dict[str, Any]] | None = None) -> Activity:
        activity = Activity(type=ActivityTypes.message, text=cards.html_text(text) if text else None,
                            text_format="xml", attachments=attachments or None)
        TurnContext.apply_conversation_reference(activity, ref)
        tenant = getattr(ref.conversation, "tenant_id", None)
        if tenant:  # proactive posts into a tenant need it
            activity.channel_data = {"tenant": {"id": tenant}}
        return activity

    async def _quietly(self, coro: Coroutine[Any, Any, Any]) -> None:
        try:
            await coro
        except Exception:
            log.warning("follow-up update not posted", exc_info=True)

    def _run(self, coro: Coroutine[Any, Any, T], timeout: float = 300.0) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self._event_loop()).result(timeout)

    def _event_loop(self) -> asyncio.AbstractEventLoop:
        with self._loop_lock:
            if self._loop is None:
                loop = asyncio.new_event_loop()
                threading.Thread(target=loop.run_forever, name="teams-replier", daemon=True).start()
                self._loop = loop
            return self._loop


def _with_links(reply: Reply, links: LinkSigner) -> str:
    lines = [reply.text] + [f"[{ref.name}]({links.url(ref)})" for ref in reply.artifacts]
    return "\n\n".join(line for line in lines if line)


def deliverer_from_settings() -> TeamsReplier:
    """Factory named in bot.platforms (``deliverer``): the replier of this process, from settings."""
    from bot.teams.app import shared_replier

    return shared_replier()
