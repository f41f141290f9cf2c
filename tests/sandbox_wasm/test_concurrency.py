"""Many instances from many tasks, concurrent calls on one instance, cancellation mid-call."""

from __future__ import annotations

import pytest
import trio

from engine.errors import DeadlineExceeded, InstanceClosed
from sandbox_wasm import Sandbox
from sandbox_wasm._testing import env_source

COUNTER = env_source(
    "self.n += 1\nreturn str(self.n), 0, False, False, {'n': self.n}",
    reset_body="self.n = 0\nreturn 'start', {}",
)


async def test_many_instances_step_concurrently(sandbox: Sandbox) -> None:
    results: dict[int, list[str]] = {}

    async def play(i: int) -> None:
        inst = await sandbox.open_env(COUNTER, entropy=i)
        await inst.reset(seed=i)
        results[i] = [(await inst.step("a")).observation for _ in range(25)]
        await inst.aclose()

    async with trio.open_nursery() as nursery:
        for i in range(12):
            nursery.start_soon(play, i)
    expected = [str(k) for k in range(1, 26)]
    assert results == {i: expected for i in range(12)}


async def test_concurrent_calls_on_one_instance_are_serialised(sandbox: Sandbox) -> None:
    inst = await sandbox.open_env(COUNTER)
    await inst.reset()
    seen: list[int] = []

    async def hammer() -> None:
        for _ in range(30):
            seen.append((await inst.step("a")).info["n"])

    async with trio.open_nursery() as nursery:
        for _ in range(4):
            nursery.start_soon(hammer)
    assert sorted(seen) == list(range(1, 121))


async def test_cancelling_a_running_call_waits_for_it_and_leaves_the_host_fine(
    sandbox: Sandbox,
) -> None:
    inst = await sandbox.open_env(env_source("while True:\n    pass"), deadline_s=0.3)
    await inst.reset()
    with pytest.raises(DeadlineExceeded), trio.move_on_after(0.05):
        await inst.step("a")  # cancel arrives at 50 ms; the outcome is the call's own
    # Cancellation waited for the call (it cannot stop partway); it ran to its deadline and
    # trapped, so the instance is already closed.
    assert inst.closed
    with pytest.raises(InstanceClosed):
        await inst.step("a")
    other = await sandbox.open_env(COUNTER)
    await other.reset()
    assert (await other.step("a")).observation == "1"
