"""``drugpilot doctor``'s Teams check: the app registration's settings (and, with ``--teams-token``, a token from
Microsoft Entra) and the public URL file links point at."""

from __future__ import annotations

from bot.doctor import FAIL, OK, SKIP, WARN, Doctor
from bot.teams.settings import TeamsSettings


def check(doctor: Doctor, teams: TeamsSettings) -> None:
    if not teams.app_id:
        doctor.add("teams", SKIP, "not configured (no MICROSOFT_APP_ID)", "see infra/teams/README.md")
        return
    try:
        teams.bot_configuration()
    except ValueError as exc:
        doctor.add("teams", FAIL, str(exc), "copy the client secret and the tenant id of the app registration")
        return
    password = teams.app_password.get_secret_value()
    if teams.app_type != "UserAssignedMSI" and not password:
        doctor.add("teams", FAIL, "MICROSOFT_APP_PASSWORD is empty", "create a client secret for the app")
        return
    detail = f"app {teams.app_id} ({teams.app_type}" + (f", tenant {teams.app_tenant_id})" if
                                                         teams.app_tenant_id else ")")
    if doctor.flags.get("teams-token") and teams.app_type != "UserAssignedMSI":
        try:
            from botframework.connector.auth import MicrosoftAppCredentials

            tenant = teams.app_tenant_id if teams.app_type == "SingleTenant" else None
            MicrosoftAppCredentials(teams.app_id, password, channel_auth_tenant=tenant).get_access_token()
            detail += "; token fetched"
        except Exception as exc:
            doctor.add("teams", FAIL, f"{detail}; no token: {type(exc).__name__}: {exc}",
                       "check the client secret (expired?), the tenant id and MICROSOFT_APP_TYPE")
            return
    if not teams.public_url:
        doctor.add("teams", WARN, detail + "; DRUGPILOT_PUBLIC_URL unset: file links point at localhost",
                   "set DRUGPILOT_PUBLIC_URL to the https address Teams reaches this bot at")
        return
    doctor.add("teams", OK, detail + f"; public URL {teams.public_url}")
