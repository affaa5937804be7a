"""Connector calls retry on 429 and 5xx (honouring Retry-After), never on other 4xx."""

from __future__ import annotations

import asyncio

import pytest
from msrest.exceptions import ClientRequestError, HttpOperationError

from bot.teams.replier import RetryPolicy, retry_after_s, with_retry


class FakeResponse:
    def __init__(self, status: int, headers: dict[str, str] | None = None) -> None:
        self.status_code = status
        self.headers = headers or {}
        self.reason = "x"
        self.text = ""

    def raise_for_status(self) -> None:
        pass


def http_error(status: int, headers: dict[str, str] | None = None) -> HttpOperationError:
    error = HttpOperationError.__new__(HttpOperationError)
    Exception.__init__(error, f"HTTP {status}")
    error.response = FakeResponse(status, headers)
    return error


FOUR_ATTEMPTS = RetryPolicy(attempts=4)


def run(errors: list[Exception], policy: RetryPolicy = FOUR_ATTEMPTS) -> tuple[object, list[float]]:
    slept: list[float] = []
    calls = iter(errors)

    async def call() -> str:
        error = next(calls, None)
        if error is not None:
            raise error
        return "posted"

    async def sleep(seconds: float) -> None:
        slept.append(seconds)

    return asyncio.run(with_retry(call, "test", policy, sleep=sleep)), slept


def test_throttling_and_server_errors_are_retried_with_backoff() -> None:
    result, slept = run([http_error(429, {"Retry-After": "2"}), http_error(503), ClientRequestError("reset")])
    assert result == "posted"
    assert slept[0] == 2.0  # the connector's Retry-After wins
    assert 0.5 <= slept[1] <= 1.0 and 1.0 <= slept[2] <= 2.0  # then exponential with jitter


def test_client_errors_are_not_retried() -> None:
    with pytest.raises(HttpOperationError):
        run([http_error(400)])
    with pytest.raises(HttpOperationError):
        run([http_error(403)])


def test_gives_up_after_the_last_attempt() -> None:
    with pytest.raises(HttpOperationError):
        run([http_error(500)] * 4)
    assert run([http_error(500)] * 3)[0] == "posted"


def test_retry_after_as_a_date_and_capped() -> None:
    assert retry_after_s(http_error(429, {"Retry-After": "Wed, 21 Oct 2015 07:28:00 GMT"})) < 0
    assert RetryPolicy(max_delay_s=30).delay(1, 3600) == 30
