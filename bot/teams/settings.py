"""Teams settings: the Azure Bot registration (MICROSOFT_APP_*) and our endpoint (DRUGPILOT_*)."""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from pydantic import AliasChoices, Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class TeamsSettings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", extra="ignore", populate_by_name=True)

    # The Azure Bot's Microsoft Entra app. No app id: unauthenticated, for the Bot Framework Emulator only.
    app_id: str = Field("", validation_alias=AliasChoices("MICROSOFT_APP_ID"))
    app_password: SecretStr = Field(SecretStr(""), validation_alias=AliasChoices("MICROSOFT_APP_PASSWORD"))
    app_tenant_id: str = Field("", validation_alias=AliasChoices("MICROSOFT_APP_TENANT_ID", "MICROSOFT_APP_TENANTID"))
    app_type: Literal["SingleTenant", "MultiTenant", "UserAssignedMSI"] = Field(
        "SingleTenant", validation_alias=AliasChoices("MICROSOFT_APP_TYPE"))

    host: str = Field("0.0.0.0", validation_alias=AliasChoices("DRUGPILOT_TEAMS_HOST"))
    port: int = Field(3978, validation_alias=AliasChoices("DRUGPILOT_TEAMS_PORT"))
    # The https address Teams reaches this server at; file links (CSV, full-size plot) point there.
    public_url: str | None = Field(None, validation_alias=AliasChoices("DRUGPILOT_PUBLIC_URL"))
    # Signs file links. Unset: a random per-process secret (embedded) or one shared through Redis.
    link_secret: SecretStr | None = Field(None, validation_alias=AliasChoices("DRUGPILOT_LINK_SECRET"))
    link_ttl_s: int = Field(7 * 24 * 3600, validation_alias=AliasChoices("DRUGPILOT_LINK_TTL_S"))
    reference_ttl_s: int = Field(180 * 24 * 3600, validation_alias=AliasChoices("DRUGPILOT_TEAMS_REFERENCE_TTL_S"))
    download_timeout_s: float = Field(30.0, validation_alias=AliasChoices("DRUGPILOT_TEAMS_DOWNLOAD_TIMEOUT_S"))

    @property
    def authenticated(self) -> bool:
        return bool(self.app_id)

    def link_base_url(self) -> str:
        return (self.public_url or f"http://localhost:{self.port}").rstrip("/")

    def bot_configuration(self) -> BotConfiguration:
        """The object ConfigurationBotFrameworkAuthentication reads (APP_ID, APP_PASSWORD, …)."""
        if not self.app_id:  # auth disabled: botbuilder only allows that for the MultiTenant type
            return BotConfiguration(APP_ID=None, APP_PASSWORD=None, APP_TENANTID=None, APP_TYPE="MultiTenant")
        if self.app_type == "SingleTenant" and not (self.app_tenant_id and self.app_password.get_secret_value()):
            raise ValueError("MICROSOFT_APP_TYPE=SingleTenant needs MICROSOFT_APP_PASSWORD and MICROSOFT_APP_TENANT_ID")
        return BotConfiguration(APP_ID=self.app_id, APP_PASSWORD=self.app_password.get_secret_value() or None,
                                APP_TENANTID=self.app_tenant_id or None, APP_TYPE=self.app_type)


class BotConfiguration:
    """Attribute bag in the shape botbuilder's configuration classes expect."""

    def __init__(self, **values: str | None) -> None:
        self.__dict__.update(values)


@lru_cache(maxsize=1)
def get_teams_settings() -> TeamsSettings:
    return TeamsSettings()
