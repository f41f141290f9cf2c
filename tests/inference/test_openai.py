"""OpenAIChatClient against httpx.MockTransport: request shape, logprobs, retries, errors."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
import trio

from engine.config import PolicyConfig
from engine.errors import PolicyDecodeError, PolicyError, PolicyHTTPError, PolicyUnavailable
from engine.inference import OpenAIChatClient

BASE = "http://frozen:8000/v1"

ANSWER = {
    "id": "c1",
    "object": "chat.completion",
    "model": "frozen-7b",
    "choices": [
        {
            "index": 0,
            "message": {"role": "assistant", "content": "class Env: ..."},
            "finish_reason": "length",
            "logprobs": {
                "content": [
                    {"token": "class", "logprob": -0.25, "bytes": [99], "top_logprobs": []},
                    {"token": " Env", "logprob": -1.5, "bytes": [32], "top_logprobs": []},
                ]
            },
        }
    ],
    "usage": {"prompt_tokens": 11, "completion_tokens": 2, "total_tokens": 13},
}


async def test_chat_request_and_response(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, json=ANSWER)

    monkeypatch.setenv("TEST_KEY", "sk-test")
    cfg = PolicyConfig(
        backend="openai",
        openai_base_url=BASE + "/",
        openai_model="frozen-7b",
        openai_api_key_env="TEST_KEY",
    )
    async with OpenAIChatClient.from_config(cfg, transport=httpx.MockTransport(handler)) as c:
        g = await c.chat(
            [{"role": "user", "content": "design"}], max_tokens=2, temperature=0.6, stop=["END"]
        )
    (req,) = seen
    assert str(req.url) == BASE + "/chat/completions"
    assert req.headers["authorization"] == "Bearer sk-test"
    body: dict[str, Any] = json.loads(req.content)
    assert body == {
        "model": "frozen-7b",
        "messages": [{"role": "user", "content": "design"}],
        "max_completion_tokens": 2,
        "temperature": 0.6,
        "top_p": 1.0,
        "logprobs": True,
        "stop": ["END"],
    }
    assert g.text == "class Env: ..."
    assert g.tokens == ["class", " Env"]
    assert g.output_logprobs == [-0.25, -1.5]
    assert (g.finish_reason, g.prompt_tokens, g.completion_tokens) == ("length", 11, 2)
    assert g.model == "frozen-7b"


async def test_rate_limit_is_retried(autojump_clock: trio.abc.Clock) -> None:
    calls = 0

    def handler(request: httpx.Request) -> httpx.Response:
        nonlocal calls
        calls += 1
        return httpx.Response(429) if calls < 3 else httpx.Response(200, json=ANSWER)

    transport = httpx.MockTransport(handler)
    async with OpenAIChatClient(BASE, "m", retries=3, transport=transport) as c:
        g = await c.chat([{"role": "user", "content": "x"}], max_tokens=2)
    assert calls == 3 and g.completion_tokens == 2


async def test_errors(autojump_clock: trio.abc.Clock) -> None:
    bad = {**ANSWER, "choices": [{"message": {"content": 3}}]}
    transport = httpx.MockTransport(lambda r: httpx.Response(200, json=bad))
    async with OpenAIChatClient(BASE, "m", transport=transport) as c:
        with pytest.raises(PolicyDecodeError, match=r"\$\.choices\[0\]\.message\.content"):
            await c.chat([], max_tokens=1)
    transport = httpx.MockTransport(lambda r: httpx.Response(401, text="bad key"))
    async with OpenAIChatClient(BASE, "m", transport=transport) as c:
        with pytest.raises(PolicyHTTPError, match="401"):
            await c.chat([], max_tokens=1)
    transport = httpx.MockTransport(lambda r: httpx.Response(502))
    async with OpenAIChatClient(BASE, "m", retries=1, transport=transport) as c:
        with pytest.raises(PolicyUnavailable, match="HTTP 502"):
            await c.chat([], max_tokens=1)
    with pytest.raises(PolicyError, match="base_url"):
        OpenAIChatClient("", "m")


async def test_generate_messages_has_the_generation_shape() -> None:
    transport = httpx.MockTransport(lambda r: httpx.Response(200, json=ANSWER))
    async with OpenAIChatClient(BASE, "frozen-7b", transport=transport) as c:
        g = await c.generate_messages([{"role": "user", "content": "x"}], max_new_tokens=2)
    assert g.text == "class Env: ..."
    assert g.output_logprobs == [-0.25, -1.5]
    assert (g.finish_reason, g.completion_tokens, g.output_ids) == ("length", 2, [])
    assert g.weight_version == "frozen:frozen-7b"
