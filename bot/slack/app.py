"""Build the Bolt App: register middleware and listeners, nothing else (the transports live in server.py)."""

from __future__ import annotations

from slack_bolt import App
from slack_sdk import WebClient

from bot.slack.errors import on_error
from bot.slack.intake import RecordEvents
from bot.slack.listeners import SlackListeners, SlackServices
from bot.slack.middleware import DropDuplicateEvents
from bot.slack.modal import CALLBACK_SHORTCUT, CALLBACK_VIEW

COMMAND = "/drugpilot"


def build_app(client: WebClient, signing_secret: str, services: SlackServices) -> App:
    app = App(client=client, signing_secret=signing_secret, name="drugpilot", process_before_response=False)
    # after Bolt's built-ins: signature check, authorization, dropping the bot's own events
    app.use(DropDuplicateEvents(services.state))
    app.use(RecordEvents(services.intake))  # before the acknowledgement: a crash after it loses no turn
    app.error(on_error)  # Redis or the job queue down: "temporarily unavailable", not HTTP 500

    listeners = SlackListeners(services)
    app.event("app_mention")(listeners.on_message)
    app.event("message")(listeners.on_message)
    app.shortcut(CALLBACK_SHORTCUT)(listeners.on_pool_shortcut)
    app.view(CALLBACK_VIEW)(listeners.on_pool_submit)
    app.command(COMMAND)(listeners.on_command)
    return app
