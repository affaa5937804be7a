"""``drugpilot doctor``'s Slack check: the settings make sense, and ``auth.test`` accepts the bot token."""

from __future__ import annotations

from bot.doctor import FAIL, OK, SKIP, Doctor
from bot.slack.settings import SlackSettings


def check(doctor: Doctor, slack: SlackSettings) -> None:
    if not slack.bot_token:
        doctor.add("slack", SKIP, "not configured (no SLACK_BOT_TOKEN)", "see infra/slack/README.md")
        return
    if slack.app_token and not slack.app_token.startswith("xapp-"):
        doctor.add("slack", FAIL, "SLACK_APP_TOKEN is not an app-level token (xapp-…)",
                   "create one under Basic Information → App-Level Tokens with connections:write")
        return
    if not slack.socket_mode and not slack.signing_secret:
        doctor.add("slack", FAIL, "HTTP mode without SLACK_SIGNING_SECRET",
                   "copy the Signing Secret (Basic Information), or set SLACK_APP_TOKEN for Socket Mode")
        return
    from slack_sdk import WebClient
    from slack_sdk.errors import SlackApiError

    try:
        client = WebClient(token=slack.bot_token, base_url=slack.base_url, timeout=int(doctor.timeout_s) + 2)
        auth = client.auth_test()
    except SlackApiError as exc:
        error = exc.response.get("error", str(exc)) if exc.response is not None else str(exc)
        doctor.add("slack", FAIL, f"auth.test: {error}", "copy the Bot User OAuth Token (xoxb-…) from OAuth & "
                   "Permissions, and reinstall the app if it was revoked")
        return
    except Exception as exc:  # URLError, timeouts
        doctor.add("slack", FAIL, f"{slack.base_url}: {type(exc).__name__}: {exc}",
                   "check outbound HTTPS to Slack (or DRUGPILOT_SLACK_API_URL)")
        return
    mode = "Socket Mode" if slack.socket_mode else f"HTTP on :{slack.port}{slack.path}"
    doctor.add("slack", OK, f"auth.test ok: team {auth.get('team')} ({auth.get('team_id')}), bot "
               f"{auth.get('user')} ({auth.get('user_id')}); {mode}")
