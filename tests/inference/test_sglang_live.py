"""The engine against SGLang 0.5.23's real server on CPU (issue 15); marked ``sglang``.

Skipped unless ``SPADE_SGLANG_PYTHON`` names the interpreter of SGLang's own environment
(``scripts/sglang-cpu-env.sh`` builds one)::

    scripts/sglang-cpu-env.sh /work/sglang-venv
    SPADE_SGLANG_PYTHON=/work/sglang-venv/bin/python \\
        python -m pytest -m sglang tests/inference/test_sglang_live.py

One server (``python -m sglang.launch_server``) serves the client tests here;
``test_sglang_live_launch.py`` starts SGLang through the launcher (``sglang serve``) and through
``engine.run`` (``python -m sglang.launch_server``), after this module's server has stopped.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import trio

from engine.config import PolicyConfig
from engine.errors import PolicyError
from engine.inference import (
    Generation,
    PolicyClient,
    free_port,
    policy_version,
)
from engine.inference.launcher import model_vocab_size

SGLANG_PYTHON = os.environ.get("SPADE_SGLANG_PYTHON", "")
# --sleep-on-idle: an idle scheduler otherwise busy-polls a core
CPU_ARGS = ["--device", "cpu", "--attention-backend", "torch_native", "--sleep-on-idle"]
PROMPT = [1, 2274, 201, 510, 907, 81]
START_TIMEOUT_S = 900.0

pytestmark = [
    pytest.mark.sglang,
    pytest.mark.slow,
    pytest.mark.skipif(
        not SGLANG_PYTHON,
        reason="SPADE_SGLANG_PYTHON is not set (scripts/sglang-cpu-env.sh builds SGLang's venv)",
    ),
]


def _cfg(**kw: Any) -> PolicyConfig:
    return PolicyConfig(
        backend="sglang",
        retries=kw.pop("retries", 1),
        request_timeout_s=kw.pop("request_timeout_s", 300.0),
        health_timeout_s=START_TIMEOUT_S,
        **kw,
    )


def _start(model: Path, log: Path, *extra: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    cmd = [
        SGLANG_PYTHON, "-m", "sglang.launch_server",
        "--model-path", str(model), "--host", "127.0.0.1", "--port", str(port),
        *CPU_ARGS, *extra,
    ]  # fmt: skip
    env = {**os.environ, "SGLANG_USE_CPU_ENGINE": "1"}
    with log.open("wb") as f:
        proc = subprocess.Popen(
            cmd, stdout=f, stderr=subprocess.STDOUT, env=env, start_new_session=True
        )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"SGLang exited: {log.read_text()[-3000:]}")
        try:
            if httpx.get(f"{url}/health", timeout=30.0).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            pass
        time.sleep(1.0)
    _stop(proc)
    raise RuntimeError(f"SGLang not healthy: {log.read_text()[-3000:]}")


def _stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    try:
        os.killpg(proc.pid, signal.SIGKILL)  # SGLang's scheduler/detokenizer children
    except ProcessLookupError:
        pass


@pytest.fixture(scope="module")
def sglang(tiny_model: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    log = tmp_path_factory.mktemp("sglang") / "server.log"
    proc, url = _start(tiny_model, log)
    try:
        yield url
    finally:
        _stop(proc)


async def _long(client: PolicyClient, out: list[Generation], rid: str | None = None) -> None:
    out.append(
        await client.generate(
            PROMPT, max_new_tokens=3000, temperature=1.0, ignore_eos=True, rid=rid
        )
    )


async def _wait_running(url: str) -> None:
    """Until the server reports a running request (``/server_info``'s load), at most 60 s."""
    async with httpx.AsyncClient() as http:
        with trio.fail_after(60):
            while True:
                r = await http.get(f"{url}/v1/loads", timeout=10.0)
                loads = r.json() if r.status_code == 200 else {}
                if _running(loads) > 0:
                    return
                await trio.sleep(0.2)


def _running(loads: Any) -> int:
    if isinstance(loads, dict):
        return sum(_running(v) for k, v in loads.items() if k in ("num_running_reqs", "loads"))
    if isinstance(loads, list):
        return sum(_running(v) for v in loads)
    return int(loads) if isinstance(loads, int) else 0


async def test_generate_info_health_and_cache(sglang: str, tiny_model: Path) -> None:
    async with PolicyClient([sglang], _cfg()) as client:
        g = await client.generate(PROMPT, max_new_tokens=8, temperature=0.0)
        assert 1 <= len(g.output_ids) <= 8 and len(g.output_logprobs) == len(g.output_ids)
        assert g.finish_reason in ("stop", "length") and g.prompt_tokens == len(PROMPT)
        t = await client.generate_text("hello", max_new_tokens=4, temperature=0.0)
        assert t.completion_tokens == len(t.output_ids) >= 1
        info = await client.model_info()
        assert info.model_path == str(tiny_model)
        assert (await client.get_model_info()).model_path == str(tiny_model)
        assert await client.health() == {sglang: True}
        assert await client.health_generate() == {sglang: True}
        assert await client.check_servers() == {sglang: True}
        (flushed,) = await client.flush_cache()
        assert flushed.success, flushed.message
        assert client.statistics().requests == 2


async def test_out_of_vocabulary_id_is_refused_and_the_server_lives(
    sglang: str, tiny_model: Path
) -> None:
    vocab = model_vocab_size(tiny_model)
    assert vocab is not None
    async with PolicyClient([sglang], _cfg(), vocab_size=vocab) as client:
        with pytest.raises(PolicyError, match=f"token id {vocab + 5}"):
            await client.generate([1, vocab + 5], max_new_tokens=2)
        assert await client.health() == {sglang: True}
        g = await client.generate([1, vocab - 1], max_new_tokens=2)
        assert g.output_ids


async def test_sampling_seed_is_ignored_without_deterministic_inference(sglang: str) -> None:
    # what docs/SCALE.md says: SGLang samples sampling_seed only under
    # --enable-deterministic-inference (sglang/srt/sampling/sampling_batch_info.py)
    async with PolicyClient([sglang], _cfg()) as client:
        a, b = [
            await client.generate(PROMPT, max_new_tokens=12, temperature=1.0, sampling_seed=11)
            for _ in range(2)
        ]
    assert a.output_ids != b.output_ids


def test_deterministic_inference_is_refused_with_torch_native(
    tiny_model: Path, tmp_path: Path
) -> None:
    log = tmp_path / "server.log"
    with pytest.raises(RuntimeError, match="SGLang exited"):
        _start(tiny_model, log, "--enable-deterministic-inference")
    assert "supported for deterministic inference" in log.read_text()


async def test_abort_running_request_by_rid_and_all(sglang: str) -> None:
    async with PolicyClient([sglang], _cfg()) as client:
        for how in ("rid", "all"):
            out: list[Generation] = []
            async with trio.open_nursery() as nursery:
                nursery.start_soon(_long, client, out, f"long-{how}")
                await _wait_running(sglang)
                if how == "rid":
                    await client.abort_request(f"long-{how}")
                else:
                    await client.abort_request(abort_all=True)
            (g,) = out
            assert g.finish_reason == "abort" and len(g.output_ids) < 3000, how


async def test_abort_of_a_request_in_the_waiting_queue(sglang: str) -> None:
    # pause("retract") puts the running request back in the waiting queue; aborting it there
    # answers a meta_info without prompt_tokens (tests/data/sglang/abort_queued.json)
    async with PolicyClient([sglang], _cfg()) as client:
        out: list[Generation] = []
        try:
            async with trio.open_nursery() as nursery:
                nursery.start_soon(_long, client, out, "queued")
                await _wait_running(sglang)
                await client.pause_generation("retract")
                await client.abort_request(abort_all=True)
        finally:
            await client.continue_generation()
    (g,) = out
    assert (g.finish_reason, g.prompt_tokens, g.output_ids) == ("abort", 0, [])


@pytest.mark.parametrize("mode", ["abort", "retract", "in_place"])
async def test_pause_and_continue(sglang: str, mode: str) -> None:
    async with PolicyClient([sglang], _cfg()) as client:
        out: list[Generation] = []
        async with trio.open_nursery() as nursery:
            nursery.start_soon(_long, client, out, None)
            await _wait_running(sglang)
            await client.pause_generation(mode)  # type: ignore[arg-type]
            await trio.sleep(1.0)
            await client.continue_generation()
            if mode != "abort":
                await trio.sleep(0.5)
                await client.abort_request(abort_all=True)  # end the long request
        (g,) = out
        assert g.finish_reason == "abort"
        after = await client.generate(PROMPT, max_new_tokens=4, temperature=0.0)
        assert after.finish_reason in ("stop", "length")


async def test_weight_update_from_disk_with_a_version(sglang: str, tiny_model: Path) -> None:
    async with PolicyClient([sglang], _cfg()) as client:
        before = await client.generate(PROMPT, max_new_tokens=6, temperature=0.0)
        (res,) = await client.update_weights_from_disk(str(tiny_model), 7)
        assert res.success, res.message
        assert await client.weight_versions() == {sglang: "7"}
        g = await client.generate(PROMPT, max_new_tokens=6, temperature=0.0)
        assert g.weight_version == "7" and policy_version(g.weight_version, g.weight_versions) == 7
        assert g.output_ids == before.output_ids  # the same weights
        (v,) = await client.update_weight_version(8)
        assert v.success, v.message
        assert await client.weight_versions() == {sglang: "8"}


async def test_a_request_spanning_a_version_change_reports_spans(sglang: str) -> None:
    async with PolicyClient([sglang], _cfg()) as client:
        await client.update_weight_version(20)
        out: list[Generation] = []
        async with trio.open_nursery() as nursery:
            nursery.start_soon(_long, client, out, "span")
            await _wait_running(sglang)
            await trio.sleep(0.5)
            await client.update_weight_version(21)
            await trio.sleep(0.5)
            await client.abort_request("span")
        (g,) = out
    assert g.weight_version == "21"
    assert [w.version for w in g.weight_versions] == ["20", "21"]
    assert policy_version(g.weight_version, g.weight_versions) == 20
