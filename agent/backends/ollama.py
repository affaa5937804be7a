"""Ollama backend: native tool calling through the ``ollama`` client, with a text-call fallback."""

from __future__ import annotations

from typing import Any

import httpx
import ollama

from agent.backends.base import Action, BackendUnavailable, FinalAnswer, PlanContext, ToolCall
from agent.backends.textcalls import parse_text_call
from agent.settings import DEFAULTS


class OllamaBackend:
    name = "ollama"

    def __init__(self, host: str, model: str, num_ctx: int = DEFAULTS.ollama_num_ctx,
                 timeout_s: float = DEFAULTS.llm_timeout_s, num_predict: int = DEFAULTS.ollama_num_predict) -> None:
        self.host = host
        self.model = model
        self.num_ctx = num_ctx
        self.timeout_s = timeout_s
        self.num_predict = num_predict  # a tool call is short; a rambling model must not fill the context
        self._client = ollama.Client(host=host, timeout=timeout_s)

    def next_action(self, ctx: PlanContext) -> Action:
        tools = [{"type": "function", "function": spec.to_json_schema()} for spec in ctx.offered]
        try:
            response = self._client.chat(model=self.model, messages=ctx.messages, tools=tools,
                                         options={"num_ctx": self.num_ctx, "num_predict": self.num_predict,
                                                  "temperature": 0})
        except ollama.ResponseError as exc:
            if exc.status_code == 404:
                raise BackendUnavailable(f"model {self.model} is not pulled on {self.host}") from None
            raise BackendUnavailable(f"Ollama error {exc.status_code}: {exc.error}") from None
        except httpx.TimeoutException:
            raise BackendUnavailable(f"Ollama at {self.host} did not answer within {self.timeout_s:g} s") from None
        except (httpx.HTTPError, ConnectionError, OSError) as exc:
            raise BackendUnavailable(f"cannot reach Ollama at {self.host}: {type(exc).__name__}") from None
        return to_action(response.message)


def to_action(message: Any) -> Action:
    calls = getattr(message, "tool_calls", None) or []
    if calls:
        function = calls[0].function
        return ToolCall(function.name, dict(function.arguments or {}))
    content = getattr(message, "content", "") or ""
    return parse_text_call(content) or FinalAnswer(content.strip())
