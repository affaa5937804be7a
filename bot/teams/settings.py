"""Teams settings: the Azure Bot registration (MICROSOFT_APP_*) and our endpoint (DRUGPILOT_*)."""

from __future__ import annotations

from pydantic import AliasChoices, Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


APP_TYPES = ("SingleTenant", "MultiTenant", "UserAssignedMSI")


class TeamsSettings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", extra="ignore", populate_by_name=True)

    # The Azure Bot's Microsoft Entra app. No app id: unauthenticated, for the Bot Framework Emulator only.
    app_id: str = Field("", validation_alias=AliasChoices("MICROSOFT_APP_ID"))
    app_password: SecretStr = Field(SecretStr(""), validation_alias=AliasChoices("MICROSOFT_APP_PASSWORD"))
    app_tenant_id: str = Field("", validation_alias=AliasChoices("MICROSOFT_APP_TENANT_ID", "MICROSOFT_APP_TENANTID"))
    app_type: str = Field("SingleTenant", validation_alias=AliasChoices("MICROSOFT_APP_TYPE"))

    # Unset: every interface when authenticated, only 127.0.0.1 when not (the Emulator runs on the same machine).
    host: str | None = Field(None, validation_alias=AliasChoices("DRUGPILOT_TEAMS_HOST"))
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

    @property
    def bind_host(self) -> str:
        return self.host or ("0.0.0.0" if self.authenticated else "127.0.0.1")

    def link_base_url(self) -> str:
        return (self.public_url or f"http://localhost:{self.port}").rstrip("/")

    def bot_configuration(self) -> BotConfiguration:
        """The object ConfigurationBotFrameworkAuthentication reads (APP_ID, APP_PASSWORD, …). ValueError, in
        words a person can act on, for settings botbuilder would reject with a traceback or fail on later."""
        if not self.app_id:  # auth disabled: botbuilder only allows that for the MultiTenant type
            return BotConfiguration(APP_ID=None, APP_PASSWORD=None, APP_TENANTID=None, APP_TYPE="MultiTenant")
        app_type = next((t for t in APP_TYPES if t.lower() == self.app_type.strip().lower()), None)
        if app_type is None:
            raise ValueError(f"MICROSOFT_APP_TYPE must be one of {', '.join(APP_TYPES)} (it is {self.app_type!r})")
        missing = [name for name, needed, value in (
            ("MICROSOFT_APP_PASSWORD", app_type != "UserAssignedMSI", self.app_password.get_secret_value()),
            ("MICROSOFT_APP_TENANT_ID", app_type != "MultiTenant", self.app_tenant_id)) if needed and not value]
        if missing:
            raise ValueError(f"MICROSOFT_APP_TYPE={app_type} needs {' and '.join(missing)} "
                             "(see infra/teams/README.md)")
        return BotConfiguration(APP_ID=self.app_id, APP_PASSWORD=self.app_password.get_secret_value() or None,
                                APP_TENANTID=self.app_tenant_id or None, APP_TYPE=app_type)


class BotConfiguration:
    """Attribute bag in the shape botbuilder's configuration classes expect."""

    def __init__(self, **values: str | None) -> None:
        self.__dict__.update(values)
