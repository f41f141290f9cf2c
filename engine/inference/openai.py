"""``OpenAIChatClient``: a frozen model behind any OpenAI-compatible chat-completions endpoint.

Used to play the Designer with a fixed model (the "static pool from a frozen model" baseline):
no token ids, no weight updates; text in, text plus per-token logprobs out. Request and response
fields follow the OpenAI chat-completions API (``POST {base_url}/chat/completions`` with
``logprobs: true``; ``choices[0].message.content``, ``choices[0].logprobs.content[i].logprob``,
``choices[0].finish_reason``, ``usage``), which vLLM, SGLang and hosted services all speak.

The length limit is sent as ``max_completion_tokens`` (``max_tokens`` is deprecated by OpenAI and
by SGLang 0.5.23's ``ChatCompletionRequest``, and reasoning models refuse it); a server that
answers 400/422 naming ``max_completion_tokens`` (an older one) is asked again with
``max_tokens``, which the client then keeps using.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any, Literal

import httpx
import msgspec
import trio

from engine.config import PolicyConfig
from engine.errors import PolicyDecodeError, PolicyError, PolicyHTTPError, PolicyUnavailable
from engine.inference._wire import Generation

__all__ = ["ChatGeneration", "OpenAIChatClient"]


class ChatGeneration(msgspec.Struct, frozen=True, kw_only=True):
    """One chat completion.

    Attributes:
        text: the assistant message content.
        tokens: the completion's tokens as strings (from ``logprobs.content``; may be empty
            when the server returns no logprobs).
        output_logprobs: logprob of each token in ``tokens``.
        finish_reason: ``"stop"``, ``"length"`` or the server's word (``"tool_calls"``, ...).
        prompt_tokens: prompt length in tokens (``usage``), 0 if not reported.
        completion_tokens: completion length in tokens (``usage``), 0 if not reported.
        model: the model name the server reports.
    """

    text: str
    tokens: list[str]
    output_logprobs: list[float]
    finish_reason: str
    prompt_tokens: int
    completion_tokens: int
    model: str


class _TokenLogprob(msgspec.Struct):
    token: str
    logprob: float


class _Logprobs(msgspec.Struct):
    content: list[_TokenLogprob] | None = None


class _Message(msgspec.Struct):
    content: str | None = None


class _Choice(msgspec.Struct):
    message: _Message
    finish_reason: str | None = None
    logprobs: _Logprobs | None = None


class _Usage(msgspec.Struct):
    prompt_tokens: int = 0
    completion_tokens: int = 0


class _ChatResponse(msgspec.Struct):
    choices: list[_Choice]
    model: str = ""
    usage: _Usage | None = None


_DECODER = msgspec.json.Decoder(_ChatResponse)


class OpenAIChatClient:
    """Async client of an OpenAI-compatible ``/chat/completions`` endpoint; ``async with``.

    Args:
        base_url: e.g. ``https://host/v1`` (``/chat/completions`` is appended).
        model: the model name sent in each request.
        api_key: bearer token, or ``None`` for none.
        timeout_s: deadline of one call in seconds (retries included).
        retries: retries on connection errors, 429 and 5xx (exponential backoff).
        transport: an httpx transport (tests pass ``httpx.MockTransport``).
    """

    def __init__(
        self,
        base_url: str,
        model: str,
        *,
        api_key: str | None = None,
        timeout_s: float = 120.0,
        retries: int = 3,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        if not base_url:
            raise PolicyError("OpenAIChatClient needs a base_url (policy.openai_base_url)")
        self.base_url = base_url.rstrip("/")
        self.model = model
        self.timeout_s = timeout_s
        self.retries = retries
        self.length_field = "max_completion_tokens"
        """Request field of the length limit: ``max_tokens`` once the server refused this."""
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._http = httpx.AsyncClient(
            headers=headers, timeout=httpx.Timeout(timeout_s), transport=transport
        )

    @classmethod
    def from_config(
        cls, config: PolicyConfig, *, transport: httpx.AsyncBaseTransport | None = None
    ) -> OpenAIChatClient:
        """Build from ``[policy]``: ``openai_base_url``, ``openai_model``, the key's env var."""
        return cls(
            config.openai_base_url,
            config.openai_model,
            api_key=os.environ.get(config.openai_api_key_env) or None,
            timeout_s=config.request_timeout_s,
            retries=config.retries,
            transport=transport,
        )

    async def __aenter__(self) -> OpenAIChatClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close the connection pool."""
        await self._http.aclose()

    async def chat(
        self,
        messages: Sequence[dict[str, Any]],
        *,
        max_tokens: int,
        temperature: float = 1.0,
        top_p: float = 1.0,
        stop: Sequence[str] | None = None,
        seed: int | None = None,
    ) -> ChatGeneration:
        """One chat completion with per-token logprobs.

        Args:
            messages: chat messages (``{"role": ..., "content": ...}``).
            max_tokens: most tokens to generate (sent as ``max_completion_tokens``).
            temperature: sampling temperature.
            top_p: nucleus mass kept.
            stop: stop strings, or ``None``.
            seed: sampling seed, or ``None``.

        Returns:
            The ``ChatGeneration``.

        Raises:
            PolicyUnavailable: no answer within ``timeout_s`` / after the retries.
            PolicyHTTPError: a 4xx answer other than 429.
            PolicyDecodeError: the answer did not match the schema (names the field).
        """
        body: dict[str, Any] = {
            "model": self.model,
            "messages": list(messages),
            self.length_field: max_tokens,
            "temperature": temperature,
            "top_p": top_p,
            "logprobs": True,
        }
        if stop:
            body["stop"] = list(stop)
        if seed is not None:
            body["seed"] = seed
        url = f"{self.base_url}/chat/completions"
        last = ""
        try:
            with trio.fail_after(self.timeout_s):
                for attempt in range(self.retries + 1):
                    if attempt:
                        await trio.sleep(min(0.05 * 2 ** (attempt - 1), 2.0))
                    try:
                        r = await self._post(url, body)
                    except httpx.TransportError as exc:
                        last = f"{type(exc).__name__}: {exc}"
                        continue
                    if r.status_code == 429 or r.status_code >= 500:
                        last = f"HTTP {r.status_code}: {r.text[:200]}"
                        continue
                    if r.status_code >= 400:
                        raise PolicyHTTPError(url, r.status_code, r.text)
                    return _to_chat(r.content, url)
        except trio.TooSlowError:
            raise PolicyUnavailable(f"{url}: no answer within {self.timeout_s:g} s") from None
        raise PolicyUnavailable(f"{url}: {last} (after {self.retries + 1} attempts)")

    async def _post(self, url: str, body: dict[str, Any]) -> httpx.Response:
        """POST ``body``; once, on a 400/422 naming ``max_completion_tokens``, again with
        ``max_tokens`` (and keep that field for later requests)."""
        r = await self._http.post(url, json=body)
        if (
            r.status_code in (400, 422)
            and "max_completion_tokens" in body
            and "max_completion_tokens" in r.text
        ):
            self.length_field = "max_tokens"
            legacy = {
                ("max_tokens" if k == "max_completion_tokens" else k): v for k, v in body.items()
            }
            r = await self._http.post(url, json=legacy)
        return r

    async def generate_messages(
        self,
        messages: Sequence[dict[str, Any]],
        *,
        max_new_tokens: int,
        temperature: float = 1.0,
        top_p: float = 1.0,
        stop: Sequence[str] | None = None,
    ) -> Generation:
        """``chat`` in the shape of ``PolicyClient.generate``'s result, for a frozen Designer.

        ``output_ids`` is empty (the endpoint returns no token ids); ``output_logprobs`` are
        the server's per-token logprobs; ``finish_reason`` maps ``"length"`` to ``"length"``,
        ``"stop"``/``"tool_calls"`` to ``"stop"`` and anything else (``"content_filter"``) to
        ``"abort"``; ``weight_version`` is ``"frozen:<model>"``.

        Raises:
            PolicyUnavailable, PolicyHTTPError, PolicyDecodeError: as ``chat``.
        """
        c = await self.chat(
            messages, max_tokens=max_new_tokens, temperature=temperature, top_p=top_p, stop=stop
        )
        finish: Literal["stop", "length", "abort"]
        if c.finish_reason == "length":
            finish = "length"
        elif c.finish_reason in ("stop", "tool_calls", "eos", ""):
            finish = "stop"
        else:
            finish = "abort"
        return Generation(
            output_ids=[],
            output_logprobs=c.output_logprobs,
            finish_reason=finish,
            prompt_tokens=c.prompt_tokens,
            completion_tokens=c.completion_tokens,
            weight_version=f"frozen:{c.model or self.model}",
            text=c.text,
            url=self.base_url,
        )


def _to_chat(content: bytes, url: str) -> ChatGeneration:
    try:
        resp = _DECODER.decode(content)
    except msgspec.ValidationError as exc:
        raise PolicyDecodeError(f"{url}: {exc}") from exc
    except msgspec.DecodeError as exc:
        raise PolicyDecodeError(f"{url}: malformed JSON: {exc}") from exc
    if not resp.choices:
        raise PolicyDecodeError(f"{url}: no choices - at `$.choices`")
    choice = resp.choices[0]
    entries = choice.logprobs.content if choice.logprobs and choice.logprobs.content else []
    usage = resp.usage or _Usage()
    return ChatGeneration(
        text=choice.message.content or "",
        tokens=[e.token for e in entries],
        output_logprobs=[e.logprob for e in entries],
        finish_reason=choice.finish_reason or "",
        prompt_tokens=usage.prompt_tokens,
        completion_tokens=usage.completion_tokens,
        model=resp.model,
    )
