"""With an app id configured, /api/messages takes only Bot Framework tokens: anything else is a 401.

The Bot Framework's signing keys are replaced by a key made here (the JWKS the SDK would download from
login.botframework.com is put in its metadata cache), so valid and forged tokens can both be built.
"""

from __future__ import annotations

import datetime as dt
import json
import time
from collections.abc import Iterator

import jwt
import pytest
from botframework.connector.auth import AuthenticationConstants, MicrosoftAppCredentials
from botframework.connector.auth.jwt_token_extractor import JwtTokenExtractor, _OpenIdMetadata
from cryptography.hazmat.primitives.asymmetric import rsa

from agent.settings import get_settings
from bot.teams.app import build_app, build_runtime
from bot.teams.settings import TeamsSettings
from emulators.teams_connector import TeamsConnector
from teams_harness import BotServer, new_thread, payload

APP_ID = "9f3e0000-0000-4000-8000-00000000b07d"
TENANT = "72f988bf-0000-4000-8000-000000000001"
KID = "test-signing-key"
SIGNING_KEY = rsa.generate_private_key(public_exponent=65537, key_size=2048)
OTHER_KEY = rsa.generate_private_key(public_exponent=65537, key_size=2048)


@pytest.fixture(scope="module")
def channel_keys() -> Iterator[None]:
    """Stand in for the channel's OpenID metadata + JWKS with our public key."""
    url = AuthenticationConstants.TO_BOT_FROM_CHANNEL_OPENID_METADATA_URL
    metadata = _OpenIdMetadata(url)
    jwk = json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(SIGNING_KEY.public_key()))
    metadata.keys = [dict(jwk, kid=KID, endorsements=["msteams"])]
    metadata.last_updated = dt.datetime.now()
    saved = JwtTokenExtractor.metadataCache.get(url)
    JwtTokenExtractor.metadataCache[url] = metadata
    yield
    if saved is None:
        JwtTokenExtractor.metadataCache.pop(url, None)
    else:
        JwtTokenExtractor.metadataCache[url] = saved


@pytest.fixture(scope="module")
def connector() -> Iterator[TeamsConnector]:
    with TeamsConnector() as c:
        yield c


@pytest.fixture(scope="module")
def bot(channel_keys: None) -> Iterator[BotServer]:
    if get_settings().distributed:
        pytest.skip("embedded-mode test; DRUGPILOT_REDIS_URL is set")
    settings = TeamsSettings(app_id=APP_ID, app_password="not-a-real-secret", app_tenant_id=TENANT,
                             app_type="SingleTenant", link_secret="x" * 32, public_url=None)
    server = BotServer(build_app(build_runtime(settings)))
    yield server
    server.close()


def token(service_url: str, key: object = SIGNING_KEY, **claims: object) -> str:
    now = int(time.time())
    kid = claims.pop("kid", KID)
    body = {"iss": "https://api.botframework.com", "aud": APP_ID, "serviceurl": service_url, "nbf": now - 10,
            "exp": now + 3600, **claims}
    return jwt.encode(body, key, algorithm="RS256", headers={"kid": kid})


def activity(connector: TeamsConnector) -> dict:
    return payload("channel_mention", connector.url, thread=new_thread(), text="<at>DrugPilot</at> pool list")


def test_no_token_is_refused(bot: BotServer, connector: TeamsConnector) -> None:
    assert bot.post(activity(connector)).status_code == 401
    assert bot.post(activity(connector), {"Authorization": "Bearer not.a.jwt"}).status_code == 401
    assert bot.post(activity(connector), {"Authorization": "Basic dXNlcjpwdw=="}).status_code == 401


@pytest.mark.parametrize("case", ["forged signature", "unknown key", "expired", "other bot", "other issuer",
                                  "other service url"])
def test_invalid_tokens_are_refused(bot: BotServer, connector: TeamsConnector, case: str) -> None:
    url = connector.url
    bad = {
        "forged signature": lambda: token(url, key=OTHER_KEY),
        "unknown key": lambda: token(url, kid="rotated-away"),
        "expired": lambda: token(url, exp=int(time.time()) - 3600, nbf=int(time.time()) - 7200),
        "other bot": lambda: token(url, aud="00000000-0000-4000-8000-000000000000"),
        "other issuer": lambda: token(url, iss="https://sts.windows.net/evil/"),
        "other service url": lambda: token("https://smba.example.org/evil/"),
    }[case]()
    assert bot.post(activity(connector), {"Authorization": f"Bearer {bad}"}).status_code == 401
    assert connector.calls("reply") == []


def test_a_valid_channel_token_is_accepted_and_replies_carry_the_bot_token(
        bot: BotServer, connector: TeamsConnector, monkeypatch: pytest.MonkeyPatch) -> None:
    # Stand-in for Entra ID's token endpoint: the outbound token the SDK would fetch with the app password.
    monkeypatch.setattr(MicrosoftAppCredentials, "get_access_token", lambda self, force_refresh=False: "bot-token")
    message = activity(connector)
    response = bot.post(message, {"Authorization": f"Bearer {token(connector.url)}"})
    assert response.status_code == 201
    replies = connector.wait_for("reply", 2, where=lambda c: c["activity_id"] == message["id"])
    assert replies[0]["body"]["type"] == "typing"
    assert replies[1]["body"]["text"].startswith("This thread's pool is empty")  # the proactive answer
    assert {r["authorization"] for r in replies} == {"Bearer bot-token"}
