"""Post a finished Reply into its Slack thread, and progress lines into the "Working on it…" message.

Used in-process (embedded mode) and by the bot-side delivery worker (``bot.delivery``, distributed
mode) through ``deliverer_from_settings``. Each step of a delivery (answer message, files) is recorded
per turn id, so a retried delivery never posts the same answer or file twice.

The answer is a new thread message (people following the thread get a notification, which an edited
message would not give); the status message is then removed and the 👀 reaction on the question
becomes ✅.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError
from slack_sdk.http_retry import default_retry_handlers
from slack_sdk.http_retry.builtin_handlers import RateLimitErrorRetryHandler

from agent.artifacts import ArtifactMissing, ArtifactStore
from agent.turn import Reply
from bot.slack import blocks
from bot.settings import get_bot_settings
from bot.slack.settings import SlackSettings
from bot.slack.state import SlackState, state_from_settings
from bot.slack.target import SlackTarget

log = logging.getLogger(__name__)

RECEIVED = "eyes"
ANSWERED = "white_check_mark"
FAILED = "warning"
MAX_FILES_PER_MESSAGE = 10  # files.completeUploadExternal takes at most 10
PROGRESS_MIN_INTERVAL_S = 1.0


def web_client(settings: SlackSettings) -> WebClient:
    """The Web API client: our base URL (an emulator in tests), and waits out HTTP 429 (Retry-After)."""
    handlers = default_retry_handlers() + [RateLimitErrorRetryHandler(max_retry_count=settings.rate_limit_retries)]
    return WebClient(token=settings.bot_token, base_url=settings.base_url, retry_handlers=handlers)


class SlackDeliverer:
    def __init__(self, client: WebClient, artifacts: ArtifactStore, state: SlackState) -> None:
        self.client = client
        self.artifacts = artifacts
        self.state = state
        self._last_progress: dict[str, float] = {}
        self._lock = threading.Lock()

    # -- the Deliverer protocol (bot.deliverer): ``target`` is the JSON of a SlackTarget ------------------
    def deliver(self, target: dict[str, Any], reply: Reply) -> None:
        to = SlackTarget.from_json(target)
        channel, thread_ts = to.channel, to.thread_ts
        if not self.state.step_done(reply.turn_id, "answer"):
            self._post_answer(channel, thread_ts, reply)
            self.state.mark_step(reply.turn_id, "answer")
        if reply.artifacts and not self.state.step_done(reply.turn_id, "files"):
            self._upload(channel, thread_ts, reply)
            self.state.mark_step(reply.turn_id, "files")
        self._finish(to)
        self.state.mark_step(reply.turn_id, "delivered")
        with self._lock:
            self._last_progress.pop(reply.turn_id, None)

    def progress(self, target: dict[str, Any], turn_id: str, text: str) -> None:
        to = SlackTarget.from_json(target)
        if not to.status_ts or self.state.step_done(turn_id, "delivered"):
            return
        now = time.monotonic()
        with self._lock:
            if now - self._last_progress.get(turn_id, 0.0) < PROGRESS_MIN_INTERVAL_S:
                return  # chat.update is rate limited; a line a second is plenty to read
            self._last_progress[turn_id] = now
        self._quietly("chat_update", channel=to.channel, ts=to.status_ts, text=blocks.status_text(text))

    def give_up(self, target: dict[str, Any], reply: Reply, error: Exception) -> None:
        """Delivery failed for good (bot.delivery_retry): say so in the thread and end the turn there, so no
        "No answer after …" notice follows an answer that was in fact posted."""
        to = SlackTarget.from_json(target)
        why = error.response.get("error") if isinstance(error, SlackApiError) else type(error).__name__
        answered = self.state.step_done(reply.turn_id, "answer")
        self.state.mark_step(reply.turn_id, "delivered")
        if answered:
            self.say(to, f"The answer is above, but its files could not be posted ({why}). Ask again for them.")
            self._finish(to)
        else:
            self.fail(to, f"I finished this request but could not post its answer here ({why}). Please ask again.")

    # -- other messages into a thread ------------------------------------------------------------------
    def say(self, to: SlackTarget, text: str) -> None:
        """A plain message into the thread (problems with files, timeouts, …)."""
        self.client.chat_postMessage(channel=to.channel, thread_ts=to.thread_ts, text=text,
                                     blocks=[blocks.section(text)])

    def notice(self, to: SlackTarget, text: str) -> None:
        """The status message ("Working on it…") becomes ``text``; a new message if there is none."""
        if to.status_ts and self._quietly("chat_update", channel=to.channel, ts=to.status_ts, text=text):
            return
        self.say(to, text)

    def fail(self, to: SlackTarget, text: str) -> None:
        """The request could not even start: say why, and 👀 on the question becomes ⚠️."""
        self.notice(to, text)
        if to.message_ts:
            self._quietly("reactions_remove", channel=to.channel, timestamp=to.message_ts, name=RECEIVED)
            self._quietly("reactions_add", channel=to.channel, timestamp=to.message_ts, name=FAILED)

    def is_delivered(self, turn_id: str) -> bool:
        """The answer is in the thread (its files may still be on their way), or the turn was ended."""
        return self.state.step_done(turn_id, "answer") or self.state.step_done(turn_id, "delivered")

    # -- internals -------------------------------------------------------------------------------------
    def _post_answer(self, channel: str, thread_ts: str, reply: Reply) -> None:
        text = blocks.fallback_text(reply)
        try:
            self.client.chat_postMessage(channel=channel, thread_ts=thread_ts, text=text,
                                         blocks=blocks.reply_blocks(reply), unfurl_links=False, unfurl_media=False)
        except SlackApiError as exc:
            if exc.response.get("error") not in ("invalid_blocks", "invalid_blocks_format", "msg_too_long"):
                raise
            log.warning("answer blocks rejected (%s); posting text only", exc.response.get("error"))
            self.client.chat_postMessage(channel=channel, thread_ts=thread_ts, text=text[:3000])

    def _upload(self, channel: str, thread_ts: str, reply: Reply) -> None:
        uploads, missing = [], []
        for ref in reply.artifacts:
            try:
                uploads.append({"file": self.artifacts.get(ref), "filename": ref.name, "title": ref.name})
            except ArtifactMissing:
                missing.append(ref.name)
        for start in range(0, len(uploads), MAX_FILES_PER_MESSAGE):
            self.client.files_upload_v2(file_uploads=uploads[start:start + MAX_FILES_PER_MESSAGE],
                                        channel=channel, thread_ts=thread_ts)
        if missing:
            self.say(SlackTarget(team="", channel=channel, thread_ts=thread_ts),
                     "These files expired before they could be posted: " + ", ".join(missing) + ". Ask again.")

    def _finish(self, to: SlackTarget) -> None:
        if to.status_ts:
            self._quietly("chat_delete", channel=to.channel, ts=to.status_ts)
        if to.message_ts:
            self._quietly("reactions_remove", channel=to.channel, timestamp=to.message_ts, name=RECEIVED)
            self._quietly("reactions_add", channel=to.channel, timestamp=to.message_ts, name=ANSWERED)

    def _quietly(self, method: str, **kwargs: Any) -> bool:
        """Cosmetic calls (reactions, status edits): a failure is logged, never fatal to the answer."""
        try:
            getattr(self.client, method)(**kwargs)
            return True
        except SlackApiError as exc:
            log.info("%s failed: %s", method, exc.response.get("error"))
            return False


def deliverer_from_settings() -> SlackDeliverer:
    """Factory named in ``bot.platforms`` (``deliverer``): the delivery worker builds its deliverer here."""
    from worker.runtime import artifact_store

    return SlackDeliverer(web_client(get_bot_settings().slack), artifact_store(), state_from_settings())
