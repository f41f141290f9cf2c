"""Critic benchmark: validation time per environment, scripted episodes per second.

What is measured (``python -m bench critic``), on the labelled suite's environments
(``tests/data/labelled``) in the real WebAssembly sandbox, one episode at a time:

- ``raw sandbox <env>``: the baseline. Each episode opens a fresh instance, resets it and steps
  it with the scripted agent's actions called inline, then closes it — the sandbox calls an
  episode cannot avoid, with no engine code around them.
- ``play_episode <env>``: the same episodes (same seeds, same scripted agent, hinted) through
  ``actors.agent.play_episode`` with a ``ScriptedAgent``. ``vs. raw sandbox`` = its episode
  rate / the raw rate; ``overhead_pct`` = ``1 - vs.`` in percent (target: ≤ 20%).
- ``validate <env>``: ``actors.critic.inspect_env`` (every check: determinism on two
  instances, random/adversarial/degenerate probes, tools, gymnasium's env checker). Reported as
  ms per environment (median of repeats); ``sandbox_share`` is the fraction of that wall time
  spent inside sandbox calls (timed by a thin wrapper), so ``overhead_pct`` = ``1 - share`` is
  the Critic's own time; ``vs. raw sandbox`` = validation time / one raw episode's time (how
  many raw episodes one validation costs).
- ``score_env <env>``: the whole scoring call (``actors.critic.score_env``: validation, the
  hint probe, 2K = 8 scripted episodes one at a time, the integrity replays), same columns.

Target (issue 5): the Critic's own overhead ≤ 20% of the raw sandbox step rate.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path
from typing import Any

import trio

LABELLED = Path(__file__).resolve().parents[1] / "tests" / "data" / "labelled"
ENVS = {
    "learnable_bisect": "bisect_agent",
    "learnable_caesar": "caesar_agent",
    "trivial": "sum_agent",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``python -m bench critic``."""
    parser.add_argument(
        "--episodes", type=int, default=40, help="episodes per environment and case"
    )
    parser.add_argument(
        "--repeats", type=int, default=5, help="validations per environment (median)"
    )
    parser.add_argument(
        "--envs", default=",".join(ENVS), help="labelled environments (comma-separated)"
    )


class _Clock:
    """Accumulates seconds spent inside sandbox calls."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.calls = 0

    async def timed(self, coro: Any) -> Any:
        t0 = time.perf_counter()
        try:
            return await coro
        finally:
            self.seconds += time.perf_counter() - t0
            self.calls += 1


class _TimedSync:
    """``EnvInstance.sync`` with its calls timed (used by gymnasium's env checker)."""

    def __init__(self, sync: Any, clock: _Clock) -> None:
        self._sync, self._clock = sync, clock

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> Any:
        t0 = time.perf_counter()
        try:
            return self._sync.reset(seed=seed, options=options)
        finally:
            self._clock.seconds += time.perf_counter() - t0

    def step(self, action: str) -> Any:
        t0 = time.perf_counter()
        try:
            return self._sync.step(action)
        finally:
            self._clock.seconds += time.perf_counter() - t0


class _TimedInstance:
    def __init__(self, inst: Any, clock: _Clock) -> None:
        self._inst, self._clock = inst, clock
        self.spec = inst.spec
        self.sync = _TimedSync(inst.sync, clock)

    async def reset(self, seed: int | None = None) -> Any:
        return await self._clock.timed(self._inst.reset(seed=seed))

    async def step(self, action: str) -> Any:
        return await self._clock.timed(self._inst.step(action))

    async def call_tool(self, name: str, arguments: dict[str, Any]) -> Any:
        return await self._clock.timed(self._inst.call_tool(name, arguments))

    async def aclose(self) -> None:
        await self._clock.timed(self._inst.aclose())

    @property
    def fuel_used(self) -> int:
        return int(self._inst.fuel_used)


class _TimedSandbox:
    """The sandbox with every call timed (a wrapper, not a fake: calls go to the real one)."""

    def __init__(self, sandbox: Any, clock: _Clock) -> None:
        self._sb, self._clock = sandbox, clock

    async def open_env(
        self, source: str, *, entropy: int = 0, reuse: bool = False
    ) -> _TimedInstance:
        inst = await self._clock.timed(self._sb.open_env(source, entropy=entropy, reuse=reuse))
        return _TimedInstance(inst, self._clock)


def _row(case: str, env: str, **kw: Any) -> dict[str, Any]:
    row: dict[str, Any] = {
        "case": case,
        "env": env,
        "episodes": None,
        "episodes_per_s": None,
        "steps_per_s": None,
        "ms_per_env": None,
        "sandbox_share": None,
        "overhead_pct": None,
        "vs. raw sandbox": None,
    }
    row.update(kw)
    return row


async def _bench(args: argparse.Namespace) -> list[dict[str, Any]]:
    from actors.agent import ScriptedAgent, play_episode
    from actors.critic import inspect_env, score_env
    from engine.config import AgentConfig, CriticConfig, SandboxConfig
    from engine.messages import EnvProposed, EpisodeRequested
    from engine.score import load_agent
    from sandbox_wasm import Sandbox

    rows: list[dict[str, Any]] = []
    names = [n for n in args.envs.split(",") if n]
    async with Sandbox.open(SandboxConfig()) as sandbox:
        for name in names:
            source = (LABELLED / f"{name}.py").read_text()
            fn = load_agent(f"{LABELLED / 'agents.py'}:{ENVS.get(name, 'labelled_agent')}")
            spec_inst = await sandbox.open_env(source)
            hint, max_turns = spec_inst.spec.hint, spec_inst.spec.max_turns
            await spec_inst.aclose()
            n = args.episodes

            # warm-up (pool, caches)
            for s in range(3):
                req = EpisodeRequested(
                    episode_id="w",
                    env_id=name,
                    source=source,
                    max_turns=max_turns,
                    seed=s,
                    hint=hint,
                )
                await play_episode(req, sandbox, ScriptedAgent(fn))

            # raw and play_episode alternate in rounds of 10 episodes, so drift on a shared
            # machine (pool refills, other processes) hits both alike
            raw_s = play_s = in_sandbox = 0.0
            raw_steps = steps = 0
            agent = ScriptedAgent(fn)
            for start in range(0, n, 10):
                seeds = range(start, min(n, start + 10))
                t0 = time.perf_counter()
                for s in seeds:
                    inst = await sandbox.open_env(source, entropy=s)
                    obs, _ = await inst.reset(seed=s)
                    observations = [obs]
                    rng = random.Random(f"agent:{s}")
                    memory: dict[str, Any] = {}
                    for _ in range(max_turns):
                        r = await inst.step(fn(list(observations), hint, rng, memory))
                        raw_steps += 1
                        observations.append(r.observation)
                        if r.terminated or r.truncated:
                            break
                    await inst.aclose()
                raw_s += time.perf_counter() - t0
                clock = _Clock()
                timed = _TimedSandbox(sandbox, clock)
                t0 = time.perf_counter()
                for s in seeds:
                    req = EpisodeRequested(
                        episode_id=str(s),
                        env_id=name,
                        source=source,
                        max_turns=max_turns,
                        seed=s,
                        hint=hint,
                    )
                    ep = await play_episode(req, timed, agent, AgentConfig())
                    steps += len(ep.turns)
                play_s += time.perf_counter() - t0
                in_sandbox += clock.seconds
            raw_rate = n / raw_s
            rows.append(
                _row(
                    "raw sandbox",
                    name,
                    episodes=n,
                    episodes_per_s=raw_rate,
                    steps_per_s=raw_steps / raw_s,
                    **{"vs. raw sandbox": 1.0},
                )
            )
            rate = n / play_s
            rows.append(
                _row(
                    "play_episode",
                    name,
                    episodes=n,
                    episodes_per_s=rate,
                    steps_per_s=steps / play_s,
                    sandbox_share=in_sandbox / play_s,
                    overhead_pct=100.0 * (1.0 - rate / raw_rate),
                    **{"vs. raw sandbox": rate / raw_rate},
                )
            )

            times, shares = [], []
            for _ in range(args.repeats):
                clock = _Clock()
                t0 = time.perf_counter()
                v = await inspect_env(source, "", _TimedSandbox(sandbox, clock), CriticConfig())
                dt = time.perf_counter() - t0
                assert type(v.verdict).__name__ == "EnvValidated", v.verdict
                times.append(dt)
                shares.append(clock.seconds / dt)
            med = statistics.median(times)
            share = statistics.median(shares)
            rows.append(
                _row(
                    "validate",
                    name,
                    ms_per_env=1000.0 * med,
                    sandbox_share=share,
                    overhead_pct=100.0 * (1.0 - share),
                    **{"vs. raw sandbox": med / (raw_s / n)},
                )
            )

            times, shares = [], []
            for rep in range(args.repeats):
                clock = _Clock()
                t0 = time.perf_counter()
                out = await score_env(
                    EnvProposed(env_id=name, source=source),
                    sandbox=_TimedSandbox(sandbox, clock),
                    agent=agent,
                    config=CriticConfig(k=4),
                    agent_config=AgentConfig(concurrency=1),
                    rng=random.Random(rep),
                )
                dt = time.perf_counter() - t0
                assert type(out).__name__ == "EnvScored", out
                times.append(dt)
                shares.append(clock.seconds / dt)
            med = statistics.median(times)
            share = statistics.median(shares)
            rows.append(
                _row(
                    "score_env",
                    name,
                    ms_per_env=1000.0 * med,
                    sandbox_share=share,
                    overhead_pct=100.0 * (1.0 - share),
                    **{"vs. raw sandbox": med / (raw_s / n)},
                )
            )
    return rows


def run(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Run the benchmark; one dict per case (see the module docstring)."""
    return trio.run(_bench, args)
