"""Download files people upload into a thread, with the bot token (they are private to the workspace).

The token goes only to Slack's file host (``files.slack.com``, https) or to the origin of the configured
Web API base (an emulator in tests): a file object whose link points anywhere else is refused before any
request, and so is a redirect that leaves those hosts.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from urllib.parse import urlsplit

import httpx
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError

from agent.turn import Attachment
from bot.slack.payloads import FileRef, file_ref_from_info, size_problem
from model_zoo.errors import UserFacingError

log = logging.getLogger(__name__)
TIMEOUT_S = 60.0
SLACK_FILE_HOSTS = ("files.slack.com",)


@dataclass
class Downloaded:
    attachments: list[Attachment]
    problems: list[tuple[str, str]]  # (file name, why it was not used), worded for the thread


def download_all(client: WebClient, refs: list[FileRef], max_bytes: int) -> Downloaded:
    result = Downloaded([], [])
    for ref in refs:
        try:
            result.attachments.append(download(client, ref, max_bytes))
        except FileProblem as exc:
            result.problems.append((ref.name, str(exc)))
    return result


class FileProblem(UserFacingError):
    """A file that cannot be used; the message says why in plain words."""


def download(client: WebClient, ref: FileRef, max_bytes: int) -> Attachment:
    if ref.problem:
        raise FileProblem(ref.problem)
    if ref.url is None or ref.size is None:  # a partial file object (file_access: check_file_info)
        try:
            ref = file_ref_from_info(client.files_info(file=ref.id)["file"])
        except SlackApiError as exc:
            raise FileProblem(f"Slack would not describe it ({exc.response.get('error')})") from None
        if ref.problem or ref.url is None:
            raise FileProblem(ref.problem or "Slack gave no download link for it")
    too_big = size_problem(ref, max_bytes)
    if too_big:
        raise FileProblem(too_big)
    if not token_may_go_to(ref.url or "", client.base_url):
        log.warning("file %s: its download link points outside Slack; not fetched", ref.id)
        raise FileProblem("its download link does not point to Slack, so I did not fetch it")

    def stay_on_slack(request: httpx.Request) -> None:
        if not token_may_go_to(str(request.url), client.base_url):
            raise FileProblem("Slack redirected the download away from Slack, so I stopped it")

    data = bytearray()
    try:
        with httpx.Client(follow_redirects=True, timeout=TIMEOUT_S, event_hooks={"request": [stay_on_slack]}) as http, \
                http.stream("GET", ref.url or "", headers={"Authorization": f"Bearer {client.token}"}) as response:
            if response.status_code != 200:
                raise FileProblem(f"the download failed (HTTP {response.status_code})")
            if response.headers.get("content-type", "").startswith("text/html"):
                # Slack answers a login page, not the file, when the token lacks files:read
                raise FileProblem("Slack sent a web page instead of the file; is the files:read scope granted?")
            for chunk in response.iter_bytes():
                data += chunk
                if len(data) > max_bytes:
                    raise FileProblem(f"it is over the {max_bytes / 1e6:g} MB limit")
    except httpx.HTTPError as exc:
        raise FileProblem(f"the download failed ({type(exc).__name__})") from None
    return Attachment(name=ref.name, data=bytes(data))


def token_may_go_to(url: str, api_base: str) -> bool:
    """Slack's file host over https, or the exact origin (scheme, host, port) of the Web API base in use."""
    try:
        target, api = urlsplit(url), urlsplit(api_base)
        target_port, api_port = target.port, api.port
    except ValueError:
        return False
    if target.scheme == "https" and target.hostname in SLACK_FILE_HOSTS and target_port in (None, 443):
        return True
    return api.hostname is not None and (target.scheme, target.hostname, target_port) == (api.scheme, api.hostname,
                                                                                          api_port)
