"""Signed file links: HMAC over key, name and expiry; tampered and expired links refused."""

from __future__ import annotations

from urllib.parse import parse_qs, unquote, urlsplit

import pytest

from agent.turn import ArtifactRef
from bot.teams.links import LinkRefused, LinkSigner, media_type, resolve_secret

SECRET = b"s" * 32
REF = ArtifactRef(name="solubility results.csv", media_type="text/csv", key="0123abcd")


def parts(url: str) -> tuple[str, str, str, str]:
    split = urlsplit(url)
    _, _, key, name = split.path.split("/")
    query = parse_qs(split.query)
    return unquote(key), unquote(name), query["exp"][0], query["sig"][0]


def test_a_link_verifies_and_names_its_file() -> None:
    signer = LinkSigner(SECRET, "https://bot.example.org/", 3600, clock=lambda: 1_000_000)
    url = signer.url(REF)
    assert url.startswith("https://bot.example.org/files/0123abcd/solubility%20results.csv?exp=1003600&sig=")
    ref = signer.verify(*parts(url))
    assert (ref.key, ref.name, ref.media_type) == (REF.key, REF.name, "text/csv")


@pytest.mark.parametrize("field", [0, 1, 2, 3])
def test_changing_any_part_is_refused(field: int) -> None:
    signer = LinkSigner(SECRET, "http://x", 3600, clock=lambda: 1_000_000)
    values = list(parts(signer.url(REF)))
    values[field] = {0: "0123abce", 1: "solubility results.png", 2: "1999999999", 3: values[3][:-2] + "AA"}[field]
    with pytest.raises(LinkRefused, match="bad signature"):
        signer.verify(*values)


def test_expired_links_are_refused() -> None:
    now = [1_000_000.0]
    signer = LinkSigner(SECRET, "http://x", 60, clock=lambda: now[0])
    values = parts(signer.url(REF))
    now[0] += 61
    with pytest.raises(LinkRefused, match="expired"):
        signer.verify(*values)


def test_another_secret_or_garbage_is_refused() -> None:
    url = LinkSigner(SECRET, "http://x", 60).url(REF)
    with pytest.raises(LinkRefused):
        LinkSigner(b"t" * 32, "http://x", 60).verify(*parts(url))
    with pytest.raises(LinkRefused, match="malformed"):
        LinkSigner(SECRET, "http://x", 60).verify("k", "n", "soon", "sig")
    with pytest.raises(ValueError):
        LinkSigner(b"short", "http://x", 60)


def test_media_type_comes_from_the_signed_name() -> None:
    assert media_type("plot.png") == "image/png" and media_type("x.CSV") == "text/csv"
    assert media_type("noext") == "application/octet-stream"


def test_secret_resolution() -> None:
    assert resolve_secret("configured-secret-value", None) == b"configured-secret-value"
    assert resolve_secret(None, None) != resolve_secret(None, None)  # per process, random


@pytest.mark.integration
def test_secret_is_shared_through_redis(redis_client) -> None:
    first, second = resolve_secret(None, redis_client), resolve_secret(None, redis_client)
    assert first == second and len(first) >= 32
