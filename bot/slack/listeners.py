"""Bolt listeners: a thread message becomes a Turn on the queue; shortcut, modal and slash command.

Events are acknowledged by Bolt before these run (``process_before_response=False``), so a listener
may download files; it never runs a turn itself. An event that may start a turn was recorded before
the acknowledgement (bot.slack.intake), and its record is removed once the turn is enqueued.
Shortcuts, modals and commands call ``ack()`` first.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from slack_bolt import Ack, Respond
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError

from agent.commands import parse_value, run_command
from agent.pool.entry import PoolError, check_key
from agent.pool.store import PoolStore
from agent.pool.thread_pool import ThreadPool
from agent.settings import Settings
from agent.turn import ThreadRef, Turn
from bot.deliverer import Deliverer
from bot.delivery_retry import DELAYS_S, RetryingDeliverer
from bot.outage import UNAVAILABLE, is_outage
from bot.slack import blocks, modal, payloads
from bot.slack.files import Downloaded, download_all
from bot.slack.intake import Intake, NoIntake
from bot.slack.replier import RECEIVED, SlackDeliverer
from bot.slack.state import SlackState
from bot.slack.status import status_lines
from bot.slack.watch import TurnWatch

log = logging.getLogger(__name__)

PLATFORM = "slack"
THREADS_LISTED = 10


@dataclass
class SlackServices:
    """Everything the listeners use besides what Bolt injects (client, ack, respond, …)."""

    settings: Settings  # agent settings: mode, limits
    state: SlackState
    pool_store: PoolStore
    deliverer: SlackDeliverer
    watch: TurnWatch
    enqueue: Callable[[Turn, Deliverer], None]  # bot.deliverer.enqueue_turn
    form_secret: bytes  # signs the pool modal's private_metadata (bot.slack.modal)
    retry_delays_s: tuple[float, ...] = DELAYS_S  # embedded delivery: pauses between tries
    intake: Intake = field(default_factory=NoIntake)  # events acknowledged but not yet enqueued

    def pool(self, team: str, channel: str, thread_ts: str) -> ThreadPool:
        return ThreadPool(self.pool_store, ThreadRef(PLATFORM, team, channel, thread_ts).key())


class SlackListeners:
    def __init__(self, services: SlackServices) -> None:
        self.s = services

    # -- app_mention and message events ----------------------------------------------------------------
    def on_message(self, event: dict[str, Any], body: dict[str, Any], context: Any, client: WebClient) -> None:
        key = body.get("event_id")
        try:
            self.take(client, event, body.get("team_id") or context.team_id or "", context.bot_user_id, key)
        finally:
            if key:
                self.s.intake.done(key)  # the turn is enqueued, or the message was not for the bot

    def replay(self, key: str, record: dict[str, Any], client: WebClient) -> None:
        """An event another process acknowledged but did not finish (bot.slack.intake)."""
        self.take(client, record["event"], record.get("team") or "", record.get("bot_user_id"), key,
                  replay=True, status_ts=record.get("status_ts"))

    def take(self, client: WebClient, event: dict[str, Any], team: str, bot_user_id: str | None, key: str | None,
             replay: bool = False, status_ts: str | None = None) -> None:
        msg = payloads.message_from_event(event, team, bot_user_id)
        if msg is None:
            return
        if not msg.addressed_to_bot(msg.in_thread and self.s.state.in_thread(msg.team, msg.channel, msg.thread_ts)):
            return  # top-level chatter, a thread the bot was never asked into, or "@bob what do you think?"
        if replay:
            if self.s.state.step_done(msg.message_key, "enqueued"):
                return  # it got as far as the queue before its process stopped
        elif not self.s.state.first_time(msg.message_key):
            return  # the same message also arrived as the other event type (app_mention / message)
        self.s.state.join_thread(msg.team, msg.channel, msg.thread_ts)
        self.start_turn(client, msg, key, status_ts)

    def start_turn(self, client: WebClient, msg: payloads.SlackMessage, intake_key: str | None = None,
                   status_ts: str | None = None) -> None:
        if status_ts is None:
            _quietly(client.reactions_add, channel=msg.channel, timestamp=msg.ts, name=RECEIVED)
            status = _quietly(client.chat_postMessage, channel=msg.channel, thread_ts=msg.thread_ts,
                              text=blocks.status_text())
            status_ts = status["ts"] if status else None
            if intake_key and status_ts:
                self.s.intake.note(intake_key, status_ts=status_ts)  # a replay reuses this line
        target = payloads.reply_target(msg, status_ts)
        files = download_all(client, msg.files, self.s.settings.max_file_bytes) if msg.files else Downloaded([], [])
        text = msg.text
        if not text and not files.attachments:
            if files.problems:
                self.s.deliverer.fail(target, blocks.file_problem_text(files.problems))
                return
            text = "help"  # a bare mention
        if files.problems:
            self.s.deliverer.say(target, blocks.file_problem_text(files.problems))
        turn = Turn(thread=ThreadRef(PLATFORM, msg.team, msg.channel, msg.thread_ts), user=payloads.person(msg.user),
                    text=text, files=files.attachments, turn_id=payloads.turn_id(msg), reply_to=target.to_json())
        try:
            self.s.enqueue(turn, RetryingDeliverer(self.s.deliverer, self.s.retry_delays_s))
        except Exception as exc:  # the person must hear that nothing will come
            log.exception("could not enqueue turn %s", turn.turn_id)
            self.s.deliverer.fail(target, UNAVAILABLE if is_outage(exc) else
                                  f"I could not queue this request ({type(exc).__name__}). Please try again.")
            return
        self.s.state.mark_step(msg.message_key, "enqueued")
        self.s.watch.watch(turn.turn_id, target)

    # -- "Memory pool" message shortcut and its modal --------------------------------------------------
    def on_pool_shortcut(self, ack: Ack, body: dict[str, Any], client: WebClient) -> None:
        ack()
        where = payloads.shortcut_thread(body)
        pool = self.s.pool(where.team, where.channel, where.thread_ts)
        entries = [e for e in (pool.get(m.key) for m in pool.list()) if e is not None]
        thread = {"team": where.team, "channel": where.channel, "thread_ts": where.thread_ts, "user": where.user}
        client.views_open(trigger_id=body["trigger_id"], view=modal.pool_view(thread, entries, self.s.form_secret))

    def on_pool_submit(self, ack: Ack, body: dict[str, Any], view: dict[str, Any], client: WebClient) -> None:
        user = (body.get("user") or {}).get("id") or "someone"
        team = (body.get("team") or {}).get("id") or ""
        try:
            edits = modal.read_submission(view, self.s.form_secret)
        except modal.FormRefused as exc:
            log.warning("pool form submitted by %s/%s refused: %s", team, user, exc)
            ack(response_action="errors", errors={modal.NEW_KEY_BLOCK: modal.NOT_YOURS})
            return
        thread = edits.thread
        if thread.get("user") != user or thread.get("team") != team:  # only its opener saves a pool form
            log.warning("pool form of %s/%s submitted by %s/%s: refused", thread.get("team"), thread.get("user"),
                        team, user)
            ack(response_action="errors", errors={modal.NEW_KEY_BLOCK: modal.NOT_YOURS})
            return
        pool = self.s.pool(thread.get("team", ""), thread.get("channel", ""), thread.get("thread_ts", ""))
        commands, errors = plan_pool_edits(edits, pool)
        if errors:
            ack(response_action="errors", errors=errors)
            return
        ack()
        results = [run_command(command, pool, payloads.person(user)).text for command in commands]
        if results and thread.get("channel"):
            text = (f"{payloads.person(user)} edited the memory pool:\n"
                    + "\n".join(f"• {blocks.escape_keeping_people(r)}" for r in results))
            _quietly(client.chat_postMessage, channel=thread["channel"], thread_ts=thread["thread_ts"], text=text)

    # -- /drugpilot ------------------------------------------------------------------------------------
    def on_command(self, ack: Ack, command: dict[str, Any], respond: Respond, client: WebClient) -> None:
        ack()
        verb, _ = payloads.command_words(command.get("text", ""))
        if verb == "status":
            lines = status_lines(self.s.settings, self.s.watch.pending())
            respond(text="DrugPilot status", blocks=blocks.status_blocks(lines), response_type="ephemeral")
        elif verb in ("threads", "pools"):
            entries = self.threads_with_pools(client, command.get("team_id", ""), command.get("channel_id", ""))
            respond(text="Recent threads with a memory pool", blocks=blocks.threads_blocks(entries),
                    response_type="ephemeral")
        else:
            respond(text=blocks.SLASH_HELP, blocks=[blocks.section(blocks.SLASH_HELP)], response_type="ephemeral")

    def threads_with_pools(self, client: WebClient, team: str, channel: str) -> list[tuple[str, str | None, int,
                                                                                            list[str]]]:
        entries = []
        for thread_ts in self.s.state.recent_threads(team, channel, THREADS_LISTED * 3):
            keys = self.s.pool(team, channel, thread_ts).keys()
            if not keys:
                continue
            link = _quietly(client.chat_getPermalink, channel=channel, message_ts=thread_ts)
            entries.append((thread_ts, link["permalink"] if link else None, len(keys), keys[:5]))
            if len(entries) >= THREADS_LISTED:
                break
        return entries


def plan_pool_edits(edits: modal.PoolEdits, pool: ThreadPool) -> tuple[list[str], dict[str, str]]:
    """The pool commands a modal submission stands for, or Slack's per-block errors (then nothing is saved)."""
    commands, errors = [], {}
    for key, text in edits.changed.items():
        block = modal.KEY_BLOCK + key
        current = pool.get(key)
        if current is None or current.meta.version != edits.versions.get(key):
            errors[block] = "This key was changed or deleted since you opened the pool. Close and reopen it."
            continue
        if not text:
            commands.append(f"pool del {key}")
            continue
        try:
            parse_value(text, current.meta.kind)
        except ValueError as exc:
            errors[block] = f"Not saved: {exc}"[:300]
            continue
        commands.append(f"pool set {key} {text}")
    if edits.new_key or edits.new_value:
        if not (edits.new_key and edits.new_value):
            errors[modal.NEW_KEY_BLOCK if not edits.new_key else modal.NEW_VALUE_BLOCK] = "Give both a key and a value."
        else:
            try:
                check_key(edits.new_key)
                if pool.get(edits.new_key) is not None:
                    raise PoolError(f"{edits.new_key} already exists: edit it above")
                parse_value(edits.new_value, None)
                commands.append(f"pool set {edits.new_key} {edits.new_value}")
            except PoolError as exc:
                errors[modal.NEW_KEY_BLOCK] = str(exc)[:300]
            except ValueError as exc:
                errors[modal.NEW_VALUE_BLOCK] = f"Not saved: {exc}"[:300]
    return commands, errors


def _quietly(method: Callable[..., Any], **kwargs: Any) -> Any:
    """A call whose failure must not stop the turn (a reaction, the status line): logged, returns None."""
    try:
        return method(**kwargs)
    except SlackApiError as exc:
        log.info("%s failed: %s", getattr(method, "__name__", method), exc.response.get("error"))
        return None
