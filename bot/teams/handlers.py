"""The Teams bot: a message (mention, personal chat, card submit) becomes a Turn on a worker.

Inside the inbound request it only acknowledges (typing, and "Working on it…" for requests that run
tools), saves the thread's conversation reference and enqueues the turn; the answer is posted later
by the TeamsReplier, proactively, into the same thread. Teams expects an answer within 15 s, so files
sent in a personal chat are downloaded by a background task after the request has been answered, and
only from Teams' file hosts (bot.teams.activities.files_to_download).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import aiohttp
from yarl import URL
from botbuilder.core import ActivityHandler, MessageFactory, TurnContext
from botbuilder.schema import Activity, ActivityTypes, ResourceResponse
from botbuilder.schema import Attachment as CardAttachment
from msrest.exceptions import HttpOperationError

from agent.commands import is_pool_command, run_command
from agent.pool.thread_pool import ThreadPool
from agent.turn import Attachment, ThreadRef, Turn
from bot.deliverer import Deliverer
from bot.delivery_retry import RetryingDeliverer
from bot.outage import UNAVAILABLE, is_outage
from bot.teams import activities as acts
from bot.teams import cards
from bot.teams.replier import TeamsReplier, no_msrest_retries, retryable, status_of, with_retry
from bot.teams.store import TeamsStore
from bot.teams.target import TeamsTarget
from model_zoo.errors import UserFacingError

log = logging.getLogger(__name__)
RAW_ACTIVITY = "drugpilot.raw_activity"  # turn_state key: the activity JSON exactly as Teams posted it
WORKING = "Working on it…"
EMPTY = ("Ask me in plain words, e.g. \"solubility of CCO and c1ccccc1O\", or type `help`. "
         "`pool` shows this thread's memory pool as a card you can edit.")
CHANNEL_FILES = (
    "Teams doesn't pass files shared in channels or group chats to bots, so I can't read {names}. "
    "To work with molecules here, paste them into your message (`@DrugPilot solubility of CCO, c1ccccc1O`) "
    "or store them under a key (`@DrugPilot pool set my_hits CCO c1ccccc1O`). To upload a CSV, SDF or .smi "
    "file, send it to me in a personal chat and ask there."
)

Enqueue = Callable[[Turn, Deliverer], None]
MAX_REDIRECTS = 3
MAX_TEXT_CHARS = 8000  # a text message well under Teams' ~28 KB (UTF-16) message limit


class TeamsBot(ActivityHandler):
    def __init__(self, replier: TeamsReplier, store: TeamsStore, pools: Any, enqueue: Enqueue,
                 max_file_bytes: int, download_timeout_s: float, emulator_files: bool = False) -> None:
        self.replier = replier
        self.store = store
        self.pools = pools
        self.enqueue = enqueue
        self.max_file_bytes = max_file_bytes
        self.download_timeout_s = download_timeout_s
        self.emulator_files = emulator_files  # unauthenticated mode: files from the Emulator (its serviceUrl)
        self._background: set[asyncio.Task[None]] = set()

    async def on_turn(self, turn_context: TurnContext) -> None:
        connector = turn_context.turn_state.get(turn_context.adapter.BOT_CONNECTOR_CLIENT_KEY)
        if connector is not None:
            no_msrest_retries(connector)
        await super().on_turn(turn_context)

    async def on_message_activity(self, turn_context: TurnContext) -> None:
        raw: dict[str, Any] = turn_context.turn_state.get(RAW_ACTIVITY) or turn_context.activity.serialize()
        started = time.perf_counter()
        try:
            if not self.store.first_time(acts.dedupe_key(raw)):
                log.info("activity %s seen before: not run again", raw.get("id"))
                return
            await self._handle(turn_context, raw)
        except Exception as exc:
            if is_outage(exc):
                log.warning("Teams message %s: Redis unreachable (%s)", raw.get("id"), exc)
                await self._say(turn_context, UNAVAILABLE)
                return
            log.exception("Teams message %s failed", raw.get("id"))
            await self._say(turn_context, f"Sorry, I couldn't handle that message ({type(exc).__name__}: {exc}). "
                                          "Please try again.")
        log.info("Teams message %s acknowledged in %.0f ms", raw.get("id"), (time.perf_counter() - started) * 1000)

    async def _handle(self, ctx: TurnContext, raw: dict[str, Any]) -> None:
        try:
            await self._send(ctx, Activity(type=ActivityTypes.typing))
        except Exception as exc:  # a courtesy: Teams may refuse it (403, throttling) and the answer still comes
            log.warning("typing indicator for %s refused (%s); going on", raw.get("id"), type(exc).__name__)
        ref = acts.thread_ref(raw)
        self.store.save_reference(ref.key(), acts.reference(raw))
        target = TeamsTarget(ref=ref.key(), reply_to_id=raw.get("id"))
        text = acts.clean_text(raw)

        submit = acts.card_submit(raw)
        if submit is not None:
            try:
                command = acts.submit_command(submit)
            except ValueError as exc:
                await self._say(ctx, str(exc))
                return
            if command is None:  # "Refresh", "Previous", "Next"
                await self._update_pool_card(ctx, raw.get("replyToId"), ref, acts.card_page(submit))
                return
            target = replace(target, card_id=raw.get("replyToId"))
            text = command

        scope = acts.conversation(raw).scope
        files, refused = acts.files_to_download(raw, self.emulator_files) if scope == "personal" else ([], [])
        shared = acts.shared_file_names(raw) if scope != "personal" else []
        if refused:
            log.warning("activity %s: %d file link(s) outside Teams' file hosts; not fetched", raw.get("id"),
                        len(refused))
            await self._say(ctx, "\n\n".join(refused))
            if not text and not files:
                return
        if shared:
            await self._say(ctx, CHANNEL_FILES.format(names=", ".join(dict.fromkeys(shared))))
            if not text:
                return
        if not text and not files:
            await self._say(ctx, EMPTY)
            return
        if acts.is_pool_card_request(text):
            await self._send_pool_card(ctx, ref, acts.user_name(raw))
            return
        if not is_pool_command(text):
            ack = await self._say(ctx, WORKING)
            target = replace(target, ack_id=ack.id if ack else None)

        turn = Turn(thread=ref, user=acts.user_name(raw), text=text, files=[], turn_id=acts.turn_id(raw),
                    reply_to=target.to_json())
        if files:  # after this request has been answered: Teams does not wait for a slow download
            emulator = acts.origin(raw.get("serviceUrl") or "") if self.emulator_files else None
            task = asyncio.create_task(self._download_then_enqueue(turn, target, files, emulator))
            self._background.add(task)
            task.add_done_callback(self._background.discard)
            return
        self.enqueue(turn, RetryingDeliverer(self.replier))

    async def _download_then_enqueue(self, turn: Turn, target: TeamsTarget, files: list[acts.FileToDownload],
                                     emulator: tuple[str, str, int | None] | None) -> None:
        try:
            turn.files, problems = await self._download(files, emulator)
            if problems:
                text = "\n\n".join(problems)
                if not turn.text and not turn.files:
                    await asyncio.to_thread(self.replier.notice, target, text)
                    return
                await asyncio.to_thread(self.replier.say, target, text)
            await asyncio.to_thread(self.enqueue, turn, RetryingDeliverer(self.replier))
        except Exception as exc:
            log.exception("files of Teams message %s: download or enqueue failed", target.reply_to_id)
            text = UNAVAILABLE if is_outage(exc) else (
                f"Sorry, I couldn't handle that message ({type(exc).__name__}). Please send it again.")
            try:
                await asyncio.to_thread(self.replier.notice, target, text)
            except Exception:
                log.warning("could not tell the thread why", exc_info=True)

    def _pool_card(self, ref: ThreadRef, page: int = 0) -> CardAttachment:
        card = cards.pool_card(ThreadPool(self.pools, ref.key()).list(), page)
        return CardAttachment(content_type=acts.ADAPTIVE_CARD, content=card)

    async def _send_pool_card(self, ctx: TurnContext, ref: ThreadRef, user: str, page: int = 0) -> None:
        """The card; if Teams refuses it anyway (a client or size limit), the same listing as text."""
        try:
            await self._send(ctx, MessageFactory.attachment(self._pool_card(ref, page)))
        except HttpOperationError as exc:
            if retryable(exc):
                raise
            log.warning("pool card refused (%s); sending the listing as text", status_of(exc))
            listing = run_command("pool list", ThreadPool(self.pools, ref.key()), user).text
            if len(listing) > MAX_TEXT_CHARS:
                listing = listing[:MAX_TEXT_CHARS].rsplit("\n", 1)[0] + "\n… (`pool show KEY` for any key)"
            await self._say(ctx, listing)

    async def _update_pool_card(self, ctx: TurnContext, card_id: str | None, ref: ThreadRef, page: int = 0) -> None:
        if not card_id:
            await self._send_pool_card(ctx, ref, "", page)
            return
        message = MessageFactory.attachment(self._pool_card(ref, page))
        message.id = card_id
        await with_retry(lambda: ctx.update_activity(message), "pool card update", self.replier.policy)

    async def _download(self, files: list[acts.FileToDownload],
                        emulator: tuple[str, str, int | None] | None) -> tuple[list[Attachment], list[str]]:
        """Personal-chat files from their pre-authorised download URLs (no bot token needed); redirects are
        followed only while they stay on Teams' file hosts (or the Emulator, ``emulator``)."""
        attachments: list[Attachment] = []
        problems: list[str] = []
        timeout = aiohttp.ClientTimeout(total=self.download_timeout_s)
        async with aiohttp.ClientSession(timeout=timeout) as session:
            for f in files:
                try:
                    attachments.append(Attachment(name=f.name, data=await self._fetch(session, f, emulator)))
                except _NotRead as exc:
                    problems.append(str(exc))
                except (aiohttp.ClientError, asyncio.TimeoutError) as exc:
                    problems.append(f"I couldn't download {f.name} from Teams ({type(exc).__name__}). "
                                    "Please send it again.")
        return attachments, problems

    async def _fetch(self, session: aiohttp.ClientSession, f: acts.FileToDownload,
                     emulator: tuple[str, str, int | None] | None) -> bytes:
        url = f.url
        for _ in range(MAX_REDIRECTS + 1):
            if not acts.may_download(url, emulator):
                raise _NotRead(f"I didn't download {f.name}: its link led away from Teams and SharePoint.")
            async with session.get(url, allow_redirects=False) as response:
                if response.status in (301, 302, 303, 307, 308) and response.headers.get("Location"):
                    url = str(response.url.join(URL(response.headers["Location"])))
                    continue
                if response.status != 200:
                    raise _NotRead(f"I couldn't download {f.name} from Teams (HTTP {response.status}). "
                                   "Please send it again.")
                data = bytearray()
                async for chunk in response.content.iter_chunked(1 << 16):
                    data += chunk
                    if len(data) > self.max_file_bytes:
                        raise _NotRead(f"{f.name} is larger than {self.max_file_bytes / 1_000_000:g} MB, so I didn't "
                                       "read it. Split it, or keep only the SMILES column.")
                return bytes(data)
        raise _NotRead(f"I couldn't download {f.name} from Teams (too many redirects). Please send it again.")

    async def _say(self, ctx: TurnContext, text: str) -> ResourceResponse | None:
        return await self._send(ctx, Activity(type=ActivityTypes.message, text=cards.html_text(text),
                                              text_format="xml"))

    async def _send(self, ctx: TurnContext, activity: Activity) -> ResourceResponse | None:
        return await with_retry(lambda: ctx.send_activity(activity), f"{activity.type} to Teams",
                                self.replier.policy)


class _NotRead(UserFacingError):
    """A file that was not read; the message says why, for the thread."""
