"""PolicyClient against fakes (httpx.MockTransport): decoding, balancing, failover, control calls."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import httpx
import pytest
import trio

from engine.config import PolicyConfig
from engine.errors import PolicyDecodeError, PolicyError, PolicyHTTPError, PolicyUnavailable
from engine.inference import PolicyClient

A, B = "http://a:1", "http://b:2"


def sglang_answer(ids: list[int], version: str = "3") -> dict[str, Any]:
    return {
        "text": "xy",
        "output_ids": ids,
        "meta_info": {
            "id": "r1",
            "finish_reason": {"type": "stop", "matched": ids[-1]},
            "prompt_tokens": 4,
            "completion_tokens": len(ids),
            "cached_tokens": 0,
            "weight_version": version,
            "output_token_logprobs": [[-0.5, t, None] for t in ids],
            "e2e_latency": 0.1,
        },
    }


def cfg(**kw: Any) -> PolicyConfig:
    return PolicyConfig(retries=kw.pop("retries", 1), request_timeout_s=kw.pop("t", 5.0), **kw)


async def test_request_body_and_decoded_generation() -> None:
    seen: list[dict[str, Any]] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(json.loads(request.content))
        return httpx.Response(200, json=sglang_answer([5, 6, 2]))

    async with PolicyClient([A], cfg(), transport=httpx.MockTransport(handler)) as client:
        g = await client.generate(
            [1, 2, 3, 4], max_new_tokens=9, temperature=0.5, top_p=0.9, stop_token_ids=[2]
        )
    assert seen == [
        {
            "input_ids": [1, 2, 3, 4],
            "sampling_params": {
                "max_new_tokens": 9,
                "temperature": 0.5,
                "top_p": 0.9,
                "stop_token_ids": [2],
            },
            "return_logprob": True,
        }
    ]
    assert g.output_ids == [5, 6, 2]
    assert g.output_logprobs == [-0.5, -0.5, -0.5]
    assert (g.finish_reason, g.prompt_tokens, g.completion_tokens) == ("stop", 4, 3)
    assert (g.weight_version, g.text, g.url) == ("3", "xy", A)


@pytest.mark.parametrize(
    ("mutate", "where"),
    [
        (lambda d: d["meta_info"].update(completion_tokens="3"), "$.meta_info.completion_tokens"),
        # SGLang's schema makes prompt_tokens optional and finish types open (issue 15):
        # those are not errors (test_sglang_compat.py); wrong types still are
        (lambda d: d["meta_info"].update(prompt_tokens=None), "$.meta_info.prompt_tokens"),
        (
            lambda d: d["meta_info"].update(finish_reason={"type": 3}),
            "$.meta_info.finish_reason.type",
        ),
        (lambda d: d.pop("meta_info"), "meta_info"),
        (lambda d: d.update(output_ids=[5, "6"]), "$.output_ids[1]"),
        (
            lambda d: d["meta_info"].update(output_token_logprobs=[[-1.0, 5, None]]),
            "output_token_logprobs",
        ),
    ],
)
async def test_malformed_response_names_the_field(mutate: Any, where: str) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        body = sglang_answer([5, 6])
        mutate(body)
        return httpx.Response(200, json=body)

    async with PolicyClient([A], cfg(), transport=httpx.MockTransport(handler)) as client:
        with pytest.raises(PolicyDecodeError) as info:
            await client.generate([1], max_new_tokens=2)
    assert where in str(info.value)
    assert A in str(info.value)


async def test_not_json_is_a_decode_error() -> None:
    transport = httpx.MockTransport(lambda r: httpx.Response(200, text="<html>"))
    async with PolicyClient([A], cfg(), transport=transport) as client:
        with pytest.raises(PolicyDecodeError, match="malformed JSON"):
            await client.generate([1], max_new_tokens=2)


async def test_load_balances_by_outstanding_requests() -> None:
    release = trio.Event()
    hits: Counter[str] = Counter()

    async def handler(request: httpx.Request) -> httpx.Response:
        hits[str(request.url.host)] += 1
        await release.wait()
        return httpx.Response(200, json=sglang_answer([7]))

    async with PolicyClient([A, B], cfg(), transport=httpx.MockTransport(handler)) as client:
        async with trio.open_nursery() as nursery:
            for _ in range(6):
                nursery.start_soon(lambda: client.generate([1], max_new_tokens=1))
            await trio.testing.wait_all_tasks_blocked()
            assert [s.outstanding for s in client.statistics().servers] == [3, 3]
            release.set()
    assert hits == {"a": 3, "b": 3}


async def test_dead_server_is_routed_around(autojump_clock: trio.abc.Clock) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.host == "a":
            raise httpx.ConnectError("connection refused", request=request)
        return httpx.Response(200, json=sglang_answer([7]))

    async with PolicyClient([A, B], cfg(), transport=httpx.MockTransport(handler)) as client:
        for _ in range(4):
            g = await client.generate([1], max_new_tokens=1)
            assert g.url == B
        stats = {s.url: s for s in client.statistics().servers}
    assert not stats[A].healthy and "connection refused" in stats[A].last_error
    assert stats[B].healthy


async def test_all_dead_raises_unavailable_naming_urls(autojump_clock: trio.abc.Clock) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("connection refused", request=request)

    async with PolicyClient([A, B], cfg(), transport=httpx.MockTransport(handler)) as client:
        with pytest.raises(PolicyUnavailable) as info:
            await client.generate([1], max_new_tokens=1)
    assert "a:1" in str(info.value) and "b:2" in str(info.value)


async def test_server_errors_retry_then_succeed(autojump_clock: trio.abc.Clock) -> None:
    calls = 0

    def handler(request: httpx.Request) -> httpx.Response:
        nonlocal calls
        calls += 1
        if calls == 1:
            return httpx.Response(503)
        return httpx.Response(200, json=sglang_answer([7]))

    async with PolicyClient([A], cfg(retries=2), transport=httpx.MockTransport(handler)) as client:
        g = await client.generate([1], max_new_tokens=1)
        assert client.statistics().retries == 1
    assert g.output_ids == [7] and calls == 2


async def test_4xx_is_not_retried() -> None:
    calls = 0

    def handler(request: httpx.Request) -> httpx.Response:
        nonlocal calls
        calls += 1
        return httpx.Response(400, json={"error": {"message": "unknown key bogus"}})

    async with PolicyClient([A], cfg(), transport=httpx.MockTransport(handler)) as client:
        with pytest.raises(PolicyHTTPError) as info:
            await client.generate([1], max_new_tokens=1)
    assert info.value.status == 400 and "bogus" in info.value.body and calls == 1


async def test_deadline_raises_unavailable(autojump_clock: trio.abc.Clock) -> None:
    async def handler(request: httpx.Request) -> httpx.Response:
        await trio.sleep(1000)
        return httpx.Response(200)

    async with PolicyClient([A], cfg(t=3.0), transport=httpx.MockTransport(handler)) as client:
        with pytest.raises(PolicyUnavailable, match="within 3 s"):
            await client.generate([1], max_new_tokens=1)


async def test_restart_hook_revives_launched_servers(autojump_clock: trio.abc.Clock) -> None:
    alive = {"a": False}
    restarted: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        if not alive["a"]:
            raise httpx.ConnectError("refused", request=request)
        return httpx.Response(200, json=sglang_answer([7]))

    async def restart(url: str) -> str:
        restarted.append(url)
        alive["a"] = True
        return url

    transport = httpx.MockTransport(handler)
    async with PolicyClient([A], cfg(), transport=transport, restart=restart) as client:
        g = await client.generate([1], max_new_tokens=1)
        assert client.statistics().servers[0].restarts == 1
    assert restarted == [A] and g.output_ids == [7]


async def test_callers_that_find_the_server_dead_together_restart_it_once_with_its_weights(
    autojump_clock: trio.abc.Clock,
) -> None:
    """Many requests in flight when the server dies: one restart (on a new URL, as when its
    port is still taken), which first loads the last weights every server confirmed."""
    state = {"alive": True, "url": A}
    restarted: list[str] = []
    reloads: list[tuple[str, dict[str, Any]]] = []
    C = "http://a:3"

    async def handler(request: httpx.Request) -> httpx.Response:
        base = f"{request.url.scheme}://{request.url.host}:{request.url.port}"
        if not state["alive"] or base != state["url"]:
            raise httpx.ConnectError("refused", request=request)
        if request.url.path == "/update_weights_from_disk":
            reloads.append((base, json.loads(request.content)))
            return httpx.Response(200, json={"success": True, "message": "ok"})
        if request.url.path == "/health":
            return httpx.Response(200)
        await trio.sleep(0.5)
        return httpx.Response(200, json=sglang_answer([7]))

    async def restart(url: str) -> str:
        restarted.append(url)
        await trio.sleep(3.0)  # a real restart takes seconds: the other callers pile up
        state["alive"], state["url"] = True, C
        return C

    transport = httpx.MockTransport(handler)
    async with PolicyClient([A], cfg(), transport=transport, restart=restart) as client:
        await client.update_weights_from_disk("/w/v5", version=5)
        state["alive"] = False
        results: list[Any] = []

        async def one() -> None:
            results.append(await client.generate([1], max_new_tokens=1))

        async with trio.open_nursery() as nursery:
            for _ in range(8):
                nursery.start_soon(one)
        stats = client.statistics().servers[0]
    assert restarted == [A] and stats.restarts == 1
    assert len(results) == 8 and all(g.output_ids == [7] for g in results)
    assert client.urls == [C]
    assert [(u, b["model_path"], b["weight_version"]) for u, b in reloads] == [
        (A, "/w/v5", "5"),
        (C, "/w/v5", "5"),
    ]


async def test_a_control_call_to_a_dead_launched_server_restarts_it(
    autojump_clock: trio.abc.Clock,
) -> None:
    state = {"alive": False}

    def handler(request: httpx.Request) -> httpx.Response:
        if not state["alive"]:
            raise httpx.ConnectError("refused", request=request)
        if request.url.path == "/health":
            return httpx.Response(200)
        return httpx.Response(200, json={"success": True, "message": "ok"})

    async def restart(url: str) -> str:
        state["alive"] = True
        return url

    transport = httpx.MockTransport(handler)
    async with PolicyClient([A], cfg(), transport=transport, restart=restart) as client:
        results = await client.update_weights_from_disk("/w/v2", version=2)
        assert client.statistics().servers[0].restarts == 1
    assert [r.success for r in results] == [True]


async def test_update_weights_goes_to_every_server_with_sglang_fields() -> None:
    bodies: dict[str, Any] = {}

    def handler(request: httpx.Request) -> httpx.Response:
        assert request.url.path == "/update_weights_from_disk"
        bodies[str(request.url.host)] = json.loads(request.content)
        ok = request.url.host == "a"
        return httpx.Response(
            200 if ok else 400,
            json={"success": ok, "message": "" if ok else "bad path", "num_paused_requests": 0},
        )

    async with PolicyClient([A, B], cfg(), transport=httpx.MockTransport(handler)) as client:
        results = await client.update_weights_from_disk("/ckpt/v4", version=4, check=False)
        with pytest.raises(PolicyError, match="b:2: bad path"):
            await client.update_weights_from_disk("/ckpt/v4", version=4)
    assert [(r.url, r.success) for r in results] == [(A, True), (B, False)]
    assert bodies["a"] == {
        "model_path": "/ckpt/v4",
        "weight_version": "4",
        "flush_cache": True,
        "abort_all_requests": False,
    }


async def test_control_calls_use_sglang_paths_and_fields() -> None:
    seen: list[tuple[str, str, Any]] = []

    def handler(request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content) if request.content else None
        seen.append((str(request.url.host), request.url.path, body))
        if request.url.path in ("/abort_request", "/release_memory_occupation"):
            return httpx.Response(200)
        if request.url.path in ("/pause_generation", "/continue_generation"):  # SGLang's shape
            return httpx.Response(200, json={"message": "Generation paused.", "status": "ok"})
        return httpx.Response(200, json={"success": True, "message": "ok", "status": "ok"})

    async with PolicyClient([A, B], cfg(), transport=httpx.MockTransport(handler)) as client:
        await client.init_weights_update_group("10.0.0.1", 29500, [1, 3], 5)
        await client.update_weights_from_distributed(["w"], ["bfloat16"], [[2, 2]], version=5)
        await client.release_memory_occupation(["kv_cache"])
        await client.pause_generation("retract")
        await client.continue_generation()
        await client.abort_request(abort_all=True)
        with pytest.raises(PolicyError, match="rank offsets"):
            await client.init_weights_update_group("h", 1, [1], 3)
    by = {(h, p): b for h, p, b in seen}
    assert by[("a", "/init_weights_update_group")]["rank_offset"] == 1
    assert by[("b", "/init_weights_update_group")] == {
        "master_address": "10.0.0.1",
        "master_port": 29500,
        "rank_offset": 3,
        "world_size": 5,
        "group_name": "weight_update_group",
        "backend": "nccl",
    }
    assert by[("a", "/update_weights_from_distributed")] == {
        "names": ["w"],
        "dtypes": ["bfloat16"],
        "shapes": [[2, 2]],
        "group_name": "weight_update_group",
        "flush_cache": True,
        "weight_version": "5",
    }
    assert by[("b", "/release_memory_occupation")] == {"tags": ["kv_cache"]}
    assert by[("a", "/pause_generation")] == {"mode": "retract"}
    assert by[("b", "/abort_request")] == {"rid": "", "abort_all": True}


async def test_model_info_decodes_and_no_urls_is_an_error() -> None:
    info = {"model_path": "/m", "weight_version": "7", "is_generation": True, "extra": 1}
    transport = httpx.MockTransport(lambda r: httpx.Response(200, json=info))
    async with PolicyClient([A], cfg(), transport=transport) as client:
        got = await client.model_info()
    assert (got.model_path, got.weight_version) == ("/m", "7")
    with pytest.raises(PolicyError, match="at least one"):
        PolicyClient([], cfg())
