"""Limits: deadlines, fuel, memory, recursion, sleep, stdin; every trap leaves the host fine."""

from __future__ import annotations

import gc
import os

import pytest

from engine.config import SandboxConfig
from engine.errors import (
    DeadlineExceeded,
    FuelExhausted,
    GuestError,
    InstanceClosed,
    MemoryLimitExceeded,
    SandboxError,
    SandboxTrap,
)
from sandbox_wasm import Sandbox
from sandbox_wasm._testing import env_source

LOOP = "while True:\n    pass"
OK = env_source("return action, 0, False, False, {}")


async def _next_instance_works(sandbox: Sandbox) -> None:
    inst = await sandbox.open_env(OK)
    assert (await inst.reset())[0] == "start"
    assert (await inst.step("go")).observation == "go"
    await inst.aclose()


async def test_infinite_loop_in_load(sandbox: Sandbox) -> None:
    with pytest.raises(DeadlineExceeded) as info:
        await sandbox.open_env("while True:\n    pass\n", deadline_s=0.2)
    assert info.value.reason == "deadline"
    await _next_instance_works(sandbox)


async def test_infinite_loop_in_reset(sandbox: Sandbox) -> None:
    inst = await sandbox.open_env(env_source("pass", reset_body=LOOP), deadline_s=0.2)
    with pytest.raises(DeadlineExceeded):
        await inst.reset()
    assert inst.closed
    with pytest.raises(InstanceClosed):
        await inst.reset()
    await _next_instance_works(sandbox)


async def test_infinite_loop_in_step_with_per_call_deadline(sandbox: Sandbox) -> None:
    inst = await sandbox.open_env(env_source(LOOP))
    await inst.reset()
    with pytest.raises(DeadlineExceeded, match="0.2 s"):
        await inst.step("a", deadline_s=0.2)
    with pytest.raises(InstanceClosed, match="trapped|closed"):
        await inst.step("a")
    await _next_instance_works(sandbox)


async def test_fuel_exhausted(runtime) -> None:
    async with Sandbox.open(SandboxConfig(pool_size=0, fuel_per_call=50_000_000)) as sandbox:
        inst = await sandbox.open_env(env_source(LOOP))
        await inst.reset()
        with pytest.raises(FuelExhausted) as info:
            await inst.step("a")
        assert info.value.reason == "fuel"
        await _next_instance_works(sandbox)


async def test_ten_gigabytes_at_once(sandbox: Sandbox) -> None:
    # 10 GiB of pointers on a 64-bit host; on wasm32 the allocation cannot be satisfied.
    inst = await sandbox.open_env(
        env_source("x = [0] * (10 * 1024**3 // 8)\nreturn 'no', 0, False, False, {}")
    )
    await inst.reset()
    with pytest.raises(MemoryLimitExceeded) as info:
        await inst.step("a")
    assert info.value.reason == "memory"
    assert inst.closed
    # A 10 GB bytearray cannot even be sized on wasm32: a plain guest error, host fine.
    inst = await sandbox.open_env(env_source("bytearray(10 * 10**9)"))
    await inst.reset()
    with pytest.raises(SandboxError):
        await inst.step("a")
    await _next_instance_works(sandbox)


async def test_sixty_four_mib_per_step(sandbox: Sandbox) -> None:
    src = env_source(
        "self.keep.append(bytearray(64 * 1024 * 1024))\nreturn 'ok', 0, False, False, {}",
        reset_body="self.keep = []\nreturn 'start', {}",
    )
    inst = await sandbox.open_env(src)
    await inst.reset()
    steps = 0
    with pytest.raises(MemoryLimitExceeded):
        for _ in range(100):
            await inst.step("a")
            steps += 1
    assert steps < sandbox.config.memory_bytes // (64 * 1024 * 1024)
    await _next_instance_works(sandbox)


async def test_deep_recursion_with_raised_limit(sandbox: Sandbox) -> None:
    src = env_source(
        "sys.setrecursionlimit(10**7)\ndef f(n):\n    return f(n + 1) + 1\nreturn f(0), 0, False, False, {}"
    )
    inst = await sandbox.open_env(src, deadline_s=1.0)
    await inst.reset()
    with pytest.raises((SandboxTrap, GuestError)):
        await inst.step("a")
    await _next_instance_works(sandbox)


async def test_sleep_an_hour_is_virtual(sandbox: Sandbox) -> None:
    src = env_source(
        "t = time.time()\ntime.sleep(3600)\nreturn str(time.time() - t), 0, False, False, {}"
    )
    inst = await sandbox.open_env(src)
    await inst.reset()
    elapsed = float((await inst.step("a")).observation)
    assert 3600 <= elapsed < 3601


async def test_stdin_is_empty(sandbox: Sandbox) -> None:
    inst = await sandbox.open_env(env_source("return repr(sys.stdin.read()), 0, False, False, {}"))
    await inst.reset()
    assert (await inst.step("a")).observation == "''"
    inst = await sandbox.open_env(env_source("return input(), 0, False, False, {}"))
    await inst.reset()
    with pytest.raises(GuestError, match="EOFError"):
        await inst.step("a")
    inst = await sandbox.open_env(env_source("return str(os.read(0, 10)), 0, False, False, {}"))
    await inst.reset()
    with pytest.raises(SandboxTrap, match="unavailable system interface"):
        await inst.step("a")
    await _next_instance_works(sandbox)


async def test_print_a_gigabyte_at_once(sandbox: Sandbox) -> None:
    inst = await sandbox.open_env(env_source("print('x' * 10**9)\nreturn 'o', 0, False, False, {}"))
    await inst.reset()
    with pytest.raises(MemoryLimitExceeded):
        await inst.step("a")
    await _next_instance_works(sandbox)


def _rss_bytes() -> int:
    with open(f"/proc/{os.getpid()}/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


@pytest.mark.slow
@pytest.mark.long
async def test_create_trap_discard_cycles_keep_rss_flat(runtime) -> None:
    cycles = 1000
    config = SandboxConfig(pool_size=2)
    async with Sandbox.open(config) as sandbox:
        trap = env_source("os._exit(1)")

        async def cycle() -> None:
            inst = await sandbox.open_env(trap)
            await inst.reset()
            with pytest.raises(SandboxTrap):
                await inst.step("a")

        for _ in range(50):  # warm-up: allocator pools, pool refills
            await cycle()
        gc.collect()
        before = _rss_bytes()
        for _ in range(cycles):
            await cycle()
        gc.collect()
        after = _rss_bytes()
        assert sandbox.statistics().traps["trap"] == cycles + 50
    print(f"rss before={before / 2**20:.1f} MiB after={after / 2**20:.1f} MiB")
    assert after - before < 50 * 1024 * 1024, (before, after)
