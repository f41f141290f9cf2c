"""Instance reuse (``open_env(reuse=True)``): the same source only, loaded afresh, never after
a trap, at most ``reuse_episodes`` episodes; what isolation remains is pinned here."""

from __future__ import annotations

import pytest

from engine.config import SandboxConfig
from engine.errors import DeadlineExceeded
from sandbox_wasm import Sandbox

COUNTER = """
import random
MAX_TURNS = 3
LOADS = [0]


class Env:
    def reset(self, seed=None, options=None):
        LOADS[0] += 1
        leaked = getattr(random, "leak", 0)
        random.leak = leaked + 1
        return f"loads={LOADS[0]} leaked={leaked} r={random.random():.6f}", {}

    def step(self, action):
        if action == "spin":
            while True:
                pass
        return "ok", 1.0, True, False, {"success": True}
"""


async def _first_obs(sandbox: Sandbox, source: str, *, entropy: int, reuse: bool) -> str:
    inst = await sandbox.open_env(source, entropy=entropy, reuse=reuse)
    try:
        obs, _ = await inst.reset(seed=entropy)
        await inst.step("go")
    finally:
        await inst.aclose()
    return obs


async def test_reuse_serves_the_same_source_loaded_afresh() -> None:
    async with Sandbox.open(SandboxConfig(pool_size=1, reuse_episodes=3)) as sandbox:
        first = await _first_obs(sandbox, COUNTER, entropy=5, reuse=True)
        assert sandbox.statistics().idle == 1
        second = await _first_obs(sandbox, COUNTER, entropy=5, reuse=True)
        stats = sandbox.statistics()
        assert stats.reused == 1
        # a new module: module-level state starts over; random re-seeded from entropy
        assert first.startswith("loads=1 leaked=0 ")
        assert second.startswith("loads=1 ")
        assert first.split()[-1] == second.split()[-1]
        # the isolation that remains: an attribute set on a standard-library module survives
        assert "leaked=1" in second
        # a fresh instance (reuse=False) shows none of it
        fresh = await _first_obs(sandbox, COUNTER, entropy=5, reuse=False)
        assert fresh == first


async def test_reuse_never_crosses_sources_nor_defaults_on() -> None:
    other = COUNTER.replace("MAX_TURNS = 3", "MAX_TURNS = 4")
    async with Sandbox.open(SandboxConfig(pool_size=1)) as sandbox:
        await _first_obs(sandbox, COUNTER, entropy=1, reuse=True)
        obs = await _first_obs(sandbox, other, entropy=1, reuse=True)
        assert "leaked=0" in obs
        assert sandbox.statistics().reused == 0
        await _first_obs(sandbox, COUNTER, entropy=1, reuse=False)
        await _first_obs(sandbox, COUNTER, entropy=1, reuse=False)
        stats = sandbox.statistics()
        assert stats.reused == 0  # reuse=False never takes a parked instance, nor parks one
        assert stats.idle == 2


async def test_reuse_limit_and_fuel_per_episode() -> None:
    async with Sandbox.open(SandboxConfig(pool_size=1, reuse_episodes=2)) as sandbox:
        a = await sandbox.open_env(COUNTER, entropy=0, reuse=True)
        await a.reset(seed=0)
        for _ in range(3):
            await a.step("go")
        used_a = a.fuel_used
        await a.aclose()
        b = await sandbox.open_env(COUNTER, entropy=0, reuse=True)
        assert sandbox.statistics().reused == 1
        assert 0 < b.fuel_used < used_a  # counts this episode's load only
        await b.aclose()  # its second episode: the limit, freed
        assert sandbox.statistics().idle == 0
        c = await sandbox.open_env(COUNTER, entropy=0, reuse=True)
        assert sandbox.statistics().reused == 1
        await c.aclose()


async def test_a_trapped_instance_is_never_parked() -> None:
    async with Sandbox.open(SandboxConfig(pool_size=1, call_deadline_s=0.2)) as sandbox:
        inst = await sandbox.open_env(COUNTER, entropy=0, reuse=True)
        await inst.reset(seed=0)
        with pytest.raises(DeadlineExceeded):
            await inst.step("spin")
        await inst.aclose()
        assert sandbox.statistics().idle == 0
        obs = await _first_obs(sandbox, COUNTER, entropy=0, reuse=True)
        assert obs.startswith("loads=1 leaked=0 ")
