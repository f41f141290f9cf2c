"""engine.serve over real HTTP: SGLang's fields, logprobs that match a recompute, batching."""

from __future__ import annotations

import math
from pathlib import Path

import httpx
import pytest
import trio

from engine.config import PolicyConfig
from engine.errors import PolicyError, PolicyHTTPError
from engine.inference import PolicyClient

PROMPT = [1, 2274, 201, 510, 907, 81, 826, 354, 2, 201, 1, 59, 201]


@pytest.fixture(scope="session")
def scorer(tiny_model: Path):  # noqa: ANN201 - PolicyModel, imported lazily (torch)
    from engine.inference._model import PolicyModel

    return PolicyModel(tiny_model)


async def test_generate_returns_tokens_logprobs_and_meta(server_url: str) -> None:
    async with PolicyClient([server_url], PolicyConfig()) as client:
        g = await client.generate(PROMPT, max_new_tokens=12, temperature=1.0)
    assert g.finish_reason in ("stop", "length")
    assert g.prompt_tokens == len(PROMPT)
    assert g.completion_tokens == len(g.output_ids) == len(g.output_logprobs)
    assert 1 <= g.completion_tokens <= 12
    if g.finish_reason == "length":
        assert g.completion_tokens == 12
    assert all(lp <= 0.0 for lp in g.output_logprobs)
    assert g.weight_version == "default"
    assert g.url == server_url


async def test_raw_response_has_sglang_fields(server_url: str) -> None:
    body = {
        "input_ids": PROMPT,
        "sampling_params": {"max_new_tokens": 3, "temperature": 0.0, "ignore_eos": True},
        "return_logprob": True,
        "return_text_in_logprobs": True,
    }
    async with httpx.AsyncClient() as http:
        r = await http.post(f"{server_url}/generate", json=body)
    assert r.status_code == 200
    out = r.json()
    assert set(out) >= {"text", "output_ids", "meta_info"}
    meta = out["meta_info"]
    assert meta["finish_reason"] == {"type": "length", "length": 3}
    assert meta["prompt_tokens"] == len(PROMPT)
    assert meta["completion_tokens"] == 3
    assert meta["weight_version"] == "default"
    triples = meta["output_token_logprobs"]
    assert [t[1] for t in triples] == out["output_ids"]
    assert all(isinstance(t[0], float) and isinstance(t[2], str) for t in triples)


@pytest.mark.parametrize("temperature", [1.0, 0.7, 0.0])
async def test_logprobs_match_a_recompute(server_url: str, scorer, temperature: float) -> None:  # noqa: ANN001
    async with PolicyClient([server_url], PolicyConfig()) as client:
        g = await client.generate(PROMPT, max_new_tokens=24, temperature=temperature)
    recomputed = await trio.to_thread.run_sync(scorer.score, PROMPT, g.output_ids, temperature)
    assert len(recomputed) == len(g.output_logprobs)
    assert max(abs(a - b) for a, b in zip(recomputed, g.output_logprobs, strict=True)) < 1e-4


async def test_greedy_is_deterministic_and_stop_tokens_stop(server_url: str) -> None:
    async with PolicyClient([server_url], PolicyConfig()) as client:
        a = await client.generate(PROMPT, max_new_tokens=8, temperature=0.0)
        b = await client.generate(PROMPT, max_new_tokens=8, temperature=0.0)
        assert a.output_ids == b.output_ids
        assert a.output_logprobs == pytest.approx(b.output_logprobs, abs=1e-5)
        stop = a.output_ids[2]
        first = a.output_ids.index(stop)
        c = await client.generate(PROMPT, max_new_tokens=8, temperature=0.0, stop_token_ids=[stop])
    assert c.finish_reason == "stop"
    assert c.output_ids == a.output_ids[: first + 1]


async def test_sampling_seed_reproduces(server_url: str) -> None:
    async with PolicyClient([server_url], PolicyConfig()) as client:
        a = await client.generate(PROMPT, max_new_tokens=10, sampling_seed=7, top_p=0.9)
        b = await client.generate(PROMPT, max_new_tokens=10, sampling_seed=7, top_p=0.9)
    assert a.output_ids == b.output_ids


async def test_concurrent_requests_are_batched_and_all_answered(server_url: str) -> None:
    results: list[int] = []
    async with PolicyClient([server_url], PolicyConfig()) as client:

        async def one(i: int) -> None:
            g = await client.generate(PROMPT[: 3 + i], max_new_tokens=6, temperature=0.0)
            assert g.prompt_tokens == 3 + i
            results.append(g.completion_tokens)

        async with trio.open_nursery() as nursery:
            for i in range(8):
                nursery.start_soon(one, i)
        stats = client.statistics()
    assert len(results) == 8
    assert stats.requests == 8
    assert stats.servers[0].outstanding == 0


async def test_text_prompt_and_batched_input(server_url: str) -> None:
    async with PolicyClient([server_url], PolicyConfig()) as client:
        g = await client.generate_text("def main():", max_new_tokens=4)
    assert g.prompt_tokens > 0 and g.completion_tokens >= 1
    async with httpx.AsyncClient() as http:
        r = await http.post(
            f"{server_url}/generate",
            json={"input_ids": [PROMPT, PROMPT[:4]], "sampling_params": {"max_new_tokens": 2}},
        )
    assert r.status_code == 200
    assert [o["meta_info"]["prompt_tokens"] for o in r.json()] == [len(PROMPT), 4]


async def test_bad_requests_are_400_naming_the_problem(server_url: str) -> None:
    async with httpx.AsyncClient() as http:
        r = await http.post(
            f"{server_url}/generate",
            json={"input_ids": PROMPT, "sampling_params": {"max_new_tokens": 2, "bogus": 1}},
        )
        assert r.status_code == 400 and "bogus" in r.text
        r = await http.post(f"{server_url}/generate", json={"input_ids": [1, "x"]})
        assert r.status_code == 400 and "$[0][1]" in r.text
        r = await http.post(f"{server_url}/generate", json={"input_ids": [10**9]})
        assert r.status_code == 400 and "out of range" in r.text
    async with PolicyClient([server_url], PolicyConfig()) as client:
        with pytest.raises(PolicyHTTPError) as info:
            await client.generate(PROMPT, max_new_tokens=2, top_p=0.0)
    assert info.value.status == 400


async def test_model_info_and_health(server_url: str, tiny_model: Path) -> None:
    async with PolicyClient([server_url], PolicyConfig()) as client:
        info = await client.model_info()
        old = await client.get_model_info()
        assert await client.health() == {server_url: True}
        assert await client.health_generate() == {server_url: True}
        flushed = await client.flush_cache()
    assert info.model_path == str(tiny_model)
    assert info.weight_version == "default"
    assert info.architectures == ["Qwen3ForCausalLM"]
    assert old == info
    assert flushed[0].success


async def test_unsupported_weight_paths_fail_with_the_server_message(server_url: str) -> None:
    async with PolicyClient([server_url], PolicyConfig()) as client:
        with pytest.raises(PolicyError, match="no weight update group 'nope'"):
            await client.update_weights_from_distributed(
                ["w"], ["float32"], [[1]], group_name="nope"
            )
        with pytest.raises(PolicyError, match=r"update_weights_from_tensor.*not supported"):
            await client.update_weights_from_tensor(["AAAA"], version=2)


async def test_abort_request_stops_a_running_generation(server_url: str) -> None:
    async with PolicyClient([server_url], PolicyConfig()) as client:
        out: list[str] = []

        async def long() -> None:
            g = await client.generate(PROMPT, max_new_tokens=3000, temperature=1.0, rid="long-1")
            out.append(g.finish_reason)

        async with trio.open_nursery() as nursery:
            nursery.start_soon(long)
            await trio.sleep(0.3)
            await client.abort_request("long-1")
    assert out == ["abort"]


async def test_late_request_joins_the_running_batch(server_url: str) -> None:
    order: list[str] = []
    async with PolicyClient([server_url], PolicyConfig()) as client:

        async def long() -> None:
            g = await client.generate(PROMPT, max_new_tokens=400, ignore_eos=True)
            assert g.completion_tokens == 400
            order.append("long")

        async def short() -> None:
            await trio.sleep(0.2)  # the long request is decoding by now
            g = await client.generate(PROMPT[:5], max_new_tokens=3, ignore_eos=True)
            assert g.completion_tokens == 3
            order.append("short")

        async with trio.open_nursery() as nursery:
            nursery.start_soon(long)
            nursery.start_soon(short)
    assert order == ["short", "long"]


async def test_real_dead_server_is_routed_around(server_url: str) -> None:
    from engine.inference import free_port

    dead = f"http://127.0.0.1:{free_port()}"
    async with PolicyClient([dead, server_url], PolicyConfig(retries=0)) as client:
        for _ in range(3):
            g = await client.generate(PROMPT, max_new_tokens=2)
            assert g.url == server_url
        stats = {s.url: s for s in client.statistics().servers}
    assert not stats[dead].healthy
    assert "ConnectError" in stats[dead].last_error


def test_serve_cli_bad_model_path_and_busy_port(tmp_path: Path, server_url: str) -> None:
    import subprocess
    import sys

    missing = tmp_path / "absent-model"
    from engine.inference import free_port

    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "engine.serve",
            "--model-path",
            str(missing),
            "--port",
            str(free_port()),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 2
    assert "absent-model" in r.stderr and "does not exist" in r.stderr
    port = server_url.rsplit(":", 1)[1]
    r = subprocess.run(
        [sys.executable, "-m", "engine.serve", "--model-path", str(missing), "--port", port],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 2
    assert f"cannot bind 127.0.0.1:{port}" in r.stderr


def _nan_copy(model: Path, out: Path) -> Path:
    """Case 13 (``shared/cases/13_nan_weights_update.md``): the model's safetensors with every
    floating tensor replaced by NaN, same names and shapes."""
    import torch
    from safetensors.torch import load_file, save_file

    out.mkdir(parents=True)
    sd = load_file(str(model / "model.safetensors"))
    bad = {
        k: torch.full_like(v, float("nan")) if v.is_floating_point() else v for k, v in sd.items()
    }
    save_file(bad, str(out / "model.safetensors"), metadata={"format": "pt"})
    return out


async def test_non_finite_weight_update_is_refused_and_the_last_good_weights_kept(
    server_url: str, tiny_model: Path, tmp_path: Path
) -> None:
    nan_dir = await trio.to_thread.run_sync(_nan_copy, tiny_model, tmp_path / "nanw")
    async with PolicyClient([server_url], PolicyConfig()) as client:
        before = await client.generate(PROMPT, max_new_tokens=8, temperature=0.0)
        version = (await client.model_info()).weight_version
        results = await client.update_weights_from_disk(str(nan_dir), version=7, check=False)
        assert [r.success for r in results] == [False]
        assert "NaN or infinite" in results[0].message
        with pytest.raises(PolicyError, match="NaN or infinite"):
            await client.update_weights_from_disk(str(nan_dir), version=7)
        after = await client.generate(PROMPT, max_new_tokens=8, temperature=0.0)
        assert (await client.model_info()).weight_version == version  # not "7"
        assert await client.health_generate() == {server_url: True}
    assert after.output_ids == before.output_ids
    assert all(lp is not None and math.isfinite(lp) for lp in after.output_logprobs)
