"""launch_policy_servers: command lines, bad input with clear errors, start/stop, restart."""

from __future__ import annotations

import functools
import os
import signal
import socket
import sys
from pathlib import Path

import pytest
import trio

from engine.config import PolicyConfig
from engine.errors import LaunchError, ModelError, PolicyUnavailable
from engine.inference import (
    PolicyClient,
    cpu_server_command,
    launch_policy_servers,
    sglang_server_command,
)
from engine.inference.launcher import _gpu_env

PROMPT = [1, 2274, 201, 510, 907, 81]


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


async def _squat(
    port: int, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED
) -> None:
    """Hold ``port`` (once the killed server has let it go) and close every connection at once:
    the port is taken by something that is not a policy server.

    A squatter that listened without accepting left each request waiting in its backlog for the
    whole request deadline (600 s, a failure on a loaded machine, 2026-12-01); whether the old
    server's socket was gone yet decided which happened.
    """
    sock = trio.socket.socket()
    with sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        with trio.fail_after(30):  # the killed process closes its socket when it exits
            while True:
                try:
                    await sock.bind(("127.0.0.1", port))
                    break
                except OSError:
                    await trio.sleep(0.05)
        sock.listen()
        task_status.started()
        while True:
            conn, _ = await sock.accept()
            conn.close()


def test_sglang_command_line() -> None:
    cfg = PolicyConfig(
        backend="sglang",
        sglang_command=["/opt/sglang/bin/python", "-m", "sglang.launch_server"],
        tp_size=2,
        dp_size=1,
        mem_fraction_static=0.7,
        extra_args=["--enable-memory-saver", "--log-level", "warning"],
        host="0.0.0.0",
    )
    assert sglang_server_command(cfg, "/models/Qwen3-8B", 30001) == [
        "/opt/sglang/bin/python",
        "-m",
        "sglang.launch_server",
        "--model-path",
        "/models/Qwen3-8B",
        "--host",
        "0.0.0.0",
        "--port",
        "30001",
        "--tp-size",
        "2",
        "--dp-size",
        "1",
        "--mem-fraction-static",
        "0.7",
        "--enable-memory-saver",
        "--log-level",
        "warning",
    ]


def test_cpu_command_line() -> None:
    cmd = cpu_server_command(PolicyConfig(max_batch_size=4), "/m", 4242)
    assert cmd[:3] == [sys.executable, "-m", "engine.serve"]
    assert cmd[cmd.index("--port") + 1] == "4242"
    assert cmd[cmd.index("--max-batch-size") + 1] == "4"
    assert cmd[cmd.index("--parent-pid") + 1] == str(os.getpid())


def test_gpu_split_between_servers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CUDA_VISIBLE_DEVICES", raising=False)
    cfg = PolicyConfig(backend="sglang", num_servers=2, tp_size=2)
    assert _gpu_env(cfg, 1)["CUDA_VISIBLE_DEVICES"] == "2,3"
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "4,5,6")
    with pytest.raises(LaunchError, match="needs 2 GPUs"):
        _gpu_env(cfg, 1)
    assert _gpu_env(PolicyConfig(backend="sglang"), 0) is None


async def test_missing_model_path_names_the_path(tmp_path: Path) -> None:
    with pytest.raises(ModelError, match="no-such-model.*does not exist"):
        async with launch_policy_servers(PolicyConfig(), tmp_path / "no-such-model"):
            pytest.fail("must not start")


async def test_port_in_use_names_the_port(tiny_model: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        with pytest.raises(LaunchError, match=f"port {port} .*already in use"):
            async with launch_policy_servers(PolicyConfig(port=port), tiny_model):
                pytest.fail("must not start")


def _fake_sglang(code: str) -> list[str]:
    return [sys.executable, "-c", code]


async def test_never_healthy_shows_log_tail_and_leaves_nothing(
    tiny_model: Path, tmp_path: Path
) -> None:
    code = "import os,sys,time; print('booting pid', os.getpid(), flush=True); time.sleep(60)"
    cfg = PolicyConfig(backend="sglang", sglang_command=_fake_sglang(code), health_timeout_s=1.0)
    with pytest.raises(LaunchError) as info:
        async with launch_policy_servers(cfg, tiny_model, log_dir=tmp_path):
            pytest.fail("must not become healthy")
    msg = str(info.value)
    assert "did not become healthy within 1 s" in msg
    assert "http://127.0.0.1:" in msg and "booting pid" in msg
    pid = int(msg.split("booting pid ")[1].split()[0])
    assert not _alive(pid)


async def test_server_that_exits_is_reported_with_its_code(tiny_model: Path) -> None:
    code = "import sys; print('CUDA error: no device', flush=True); sys.exit(3)"
    cfg = PolicyConfig(backend="sglang", sglang_command=_fake_sglang(code), health_timeout_s=30.0)
    with pytest.raises(LaunchError, match=r"(?s)exited with code 3.*CUDA error: no device"):
        async with launch_policy_servers(cfg, tiny_model):
            pytest.fail("must not become healthy")


async def test_attach_to_given_urls(server_url: str) -> None:
    async with launch_policy_servers(PolicyConfig(urls=[server_url + "/"])) as urls:
        assert list(urls) == [server_url]
        assert urls.restart is None


async def test_attach_to_dead_url_names_it() -> None:
    cfg = PolicyConfig(urls=["http://127.0.0.1:9"], health_timeout_s=0.5)
    with pytest.raises(PolicyUnavailable, match=r"127\.0\.0\.1:9"):
        async with launch_policy_servers(cfg):
            pytest.fail("must not attach")


def _perturbed_copy(src: Path, dst: Path) -> Path:
    import torch
    from safetensors.torch import load_file, save_file

    dst.mkdir()
    state = load_file(str(src / "model.safetensors"))
    g = torch.Generator().manual_seed(1)
    state = {k: v + 0.5 * torch.randn(v.shape, generator=g) for k, v in state.items()}
    save_file(state, str(dst / "model.safetensors"))
    return dst


@pytest.mark.slow
async def test_launch_update_weights_kill_and_restart(tiny_model: Path, tmp_path: Path) -> None:
    new = await trio.to_thread.run_sync(_perturbed_copy, tiny_model, tmp_path / "v1")
    # the restart (a fresh process importing torch and loading v1) ran past the default
    # 120 s request deadline on a loaded 2-core machine; the test is about the restart
    cfg = PolicyConfig(health_timeout_s=300.0, request_timeout_s=600.0, retries=1)
    async with launch_policy_servers(cfg, tiny_model, log_dir=tmp_path) as urls:
        assert len(urls) == 1 and urls.restart is not None
        async with PolicyClient(urls, cfg) as client:
            before = await client.generate(PROMPT, max_new_tokens=8, temperature=0.0)
            assert before.weight_version == "default"
            results = await client.update_weights_from_disk(str(new), version=1)
            assert [r.success for r in results] == [True]
            after = await client.generate(PROMPT, max_new_tokens=8, temperature=0.0)
            assert after.weight_version == "1"
            assert after.output_ids != before.output_ids
            assert (await client.model_info()).weight_version == "1"
            assert await client.weight_versions() == {urls[0]: "1"}
            bad = await client.update_weights_from_disk(
                str(tmp_path / "missing"), version=2, check=False
            )
            assert not bad[0].success and "missing" in bad[0].message
            assert (await client.model_info()).weight_version == "1"

            # Kill the server and take its port: the client notices, restarts it once (the
            # engine launched it) on a fresh port, the fresh process loads the last confirmed
            # weights (v1) before it serves, and the request succeeds.
            for path in urls.log_paths:
                assert path.is_file()
            proc_pids = urls.pids()
            assert len(proc_pids) == 1
            for p in proc_pids:
                os.killpg(p, signal.SIGKILL)
            old_port = int(urls[0].rsplit(":", 1)[1])
            async with trio.open_nursery() as nursery:
                await nursery.start(_squat, old_port)
                again = await client.generate(PROMPT, max_new_tokens=8, temperature=0.0)
                nursery.cancel_scope.cancel()
            assert again.output_ids == after.output_ids
            assert again.weight_version == "1"
            assert client.statistics().servers[0].restarts == 1
            assert client.urls != [urls[0]]
        remaining = urls.pids()
        assert remaining and remaining != proc_pids
    assert all(not _alive(p) for p in remaining)


@pytest.mark.slow
async def test_pause_lets_control_calls_through_and_continue_resumes(
    tiny_model: Path, tmp_path: Path
) -> None:
    async with launch_policy_servers(PolicyConfig(), tiny_model, log_dir=tmp_path) as urls:
        async with PolicyClient(urls, PolicyConfig()) as client:
            results: list[tuple[str, int, str]] = []

            async def long(tokens: int = 300) -> None:
                g = await client.generate(PROMPT, max_new_tokens=tokens, ignore_eos=True)
                results.append((g.finish_reason, g.completion_tokens, g.weight_version))

            async with trio.open_nursery() as nursery:
                nursery.start_soon(long)
                await trio.sleep(0.2)
                await client.pause_generation("in_place")
                with trio.fail_after(20):  # would hang if the update waited for the paused row
                    await client.update_weight_version("paused-7")
                assert await client.weight_versions() == {urls[0]: "paused-7"}
                await client.continue_generation()
            assert results == [("length", 300, "paused-7")]

            async with trio.open_nursery() as nursery:
                before = await _decode_steps(urls[0])
                # long enough that the pause lands first on a loaded machine (300 tokens ran
                # to their length before it, 2026-12-01); aborted, it costs nothing more
                nursery.start_soon(functools.partial(long, 3000))
                # pause only once the request decodes (a fixed sleep raced it on a loaded
                # machine: the request arrived after continue and ran to its length)
                with trio.fail_after(60):
                    while True:  # polls another process: no event to wait on
                        if await _decode_steps(urls[0]) != before:
                            break
                        await trio.sleep(0.02)
                await client.pause_generation("abort")
            await client.continue_generation()
            assert results[-1][0] == "abort"


async def _decode_steps(url: str) -> int:
    """Decode steps the server has run (``/server_info``'s batch sizes, summed)."""
    import httpx

    async with httpx.AsyncClient() as http:
        info = (await http.get(f"{url}/server_info")).json()
    return sum(info["internal_states"][0]["batch_sizes"].values())


async def test_cancel_during_startup_leaves_nothing(tiny_model: Path, tmp_path: Path) -> None:
    code = "import os,time; print('pid', os.getpid(), flush=True); time.sleep(60)"
    cfg = PolicyConfig(backend="sglang", sglang_command=_fake_sglang(code), health_timeout_s=60)
    with trio.move_on_after(1.0) as scope:
        async with launch_policy_servers(cfg, tiny_model, log_dir=tmp_path):
            pytest.fail("must not become healthy")
    assert scope.cancelled_caught
    log = (tmp_path / "server-0.log").read_text()
    pid = int(log.split("pid ")[1].split()[0])
    assert not _alive(pid)
