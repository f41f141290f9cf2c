"""End-to-end rollout: episodes/s through the engine against a fixed-latency policy's own limit.

What is measured (``python -m bench rollout``):

- The policy is ``bench._fixed_latency_server`` in its own process on loopback: every
  ``/generate`` holds one of ``--slots`` slots for exactly ``--delay-ms`` and answers ``go``, so
  its throughput limit is ``slots / delay`` requests per second (``ideal_calls_per_s``).
- ``server alone``: that limit as measured in this run — ``--concurrency`` tasks calling
  ``PolicyClient.generate`` back to back with the first-turn prompt of the episode, as many
  calls as the engine case makes. This is the baseline (``vs. server limit`` = 1).
- ``engine``: the same number of generate calls made by real episodes. ``--episodes`` requests
  of a ``--turns``-turn environment (success when the agent answers ``go`` every turn) go
  through ``engine.runtime.Runtime`` to the ``actors.agent.Agent`` actor (``concurrency`` =
  ``--concurrency`` episodes in flight), which plays them in the real WebAssembly sandbox with a
  ``PolicyAgent`` (chat template of the tiny model's tokenizer, ``PolicyClient`` to the
  server); a sink actor takes the ``EpisodeFinished`` messages. Wall time runs from the first
  request to the last episode received.
  ``generate_calls_per_s`` / the server-alone rate is ``vs. server limit`` (target ≥ 0.95, i.e.
  engine overhead ≤ 5 %); ``overhead_pct`` = ``100 * (1 - vs.)``; ``engine_cpu_ms_per_turn`` is
  this process's CPU time (event loop, tokenization, HTTP client, wasm threads; the server is
  another process) per turn, which bounds the turns/s one core can drive (target ≤ 0.5 ms,
  i.e. ≥ 2,000 turns/s, measured against ``--delay-ms 0``); ``worker_cpu_ms_per_turn`` is the
  sandbox worker processes' (``--processes N`` = ``sandbox.processes``; 0 = wasm in this
  process, the column is then 0).
- The sandbox keeps ``max(--concurrency) + --pool-size`` loaded instances parked for reuse
  (``sandbox.reuse_idle``), so the Agent's episodes reload their source in a used instance
  instead of starting a fresh one (``sandbox_wasm/README.md``).

Rounds alternate server-alone / engine so both see the same machine load; medians of
``--repeats`` rounds after one warm-up round. Episodes in flight should exceed the slots
(``--concurrency`` > ``--slots``) for the engine to keep every slot busy while an episode steps
its environment between two generations.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import trio

ENV_SOURCE = '''\
"""Say go: answer "go" {turns} times in a row."""

DESCRIPTION = "Answer go on every turn; {turns} answers of go in a row win."
HINT = "Answer go."
MAX_TURNS = {turns}


class Env:
    def reset(self, seed=None, options=None):
        self.n = 0
        return "Say go (0/{turns}).", {{}}

    def step(self, action):
        if action.strip() != "go":
            return "wrong", 0.0, True, False, {{"success": False}}
        self.n += 1
        done = self.n >= MAX_TURNS
        return "Say go (%d/{turns})." % self.n, 1.0 if done else 0.0, done, False, {{"success": done}}
'''


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``python -m bench rollout``."""
    parser.add_argument("--delay-ms", type=float, default=20.0, help="generation latency, ms")
    parser.add_argument("--slots", type=int, default=4, help="server generations at once")
    parser.add_argument(
        "--concurrency",
        default="8",
        help="episodes in flight (and server-alone callers), comma-separated cases",
    )
    parser.add_argument("--episodes", type=int, default=200, help="episodes per round")
    parser.add_argument("--turns", type=int, default=5, help="turns per episode")
    parser.add_argument("--repeats", type=int, default=3, help="timed rounds per case (median)")
    parser.add_argument("--pool-size", type=int, default=8, help="sandbox warm instances")
    parser.add_argument(
        "--processes", type=int, default=0, help="sandbox.processes (0 = wasm in this process)"
    )


class _Sink:
    """Stand-in for the Critic: counts the finished episodes."""

    def __init__(self) -> None:
        self.episodes = 0
        self.successes = 0
        self.turns = 0
        self.by_status: dict[str, int] = {}

    async def run(self, inbox: Any, *, task_status: trio.TaskStatus[None]) -> None:
        task_status.started()
        with inbox:
            async for ep in inbox:
                self.episodes += 1
                self.successes += int(ep.success)
                self.turns += len(ep.turns)
                self.by_status[ep.status] = self.by_status.get(ep.status, 0) + 1

    def statistics(self) -> None:
        return None


async def _server_alone(client: Any, prompt: list[int], calls: int, concurrency: int) -> float:
    """Seconds for ``calls`` generate calls from ``concurrency`` back-to-back callers."""
    left = calls

    async def caller() -> None:
        nonlocal left
        while left > 0:
            left -= 1
            await client.generate(prompt, max_new_tokens=8)

    t0 = time.perf_counter()
    async with trio.open_nursery() as nursery:
        for _ in range(concurrency):
            nursery.start_soon(caller)
    return time.perf_counter() - t0


async def _engine(
    sandbox: Any, client: Any, tokenizer: Any, episodes: int, turns: int, concurrency: int
) -> dict[str, Any]:
    """One round of ``episodes`` episodes through Runtime -> Agent -> sink."""
    from actors.agent import Agent, PolicyAgent
    from engine.config import AgentConfig
    from engine.messages import EpisodeRequested
    from engine.runtime import Runtime

    config = AgentConfig(concurrency=concurrency, max_new_tokens=8)
    agent = Agent(sandbox, PolicyAgent(client, tokenizer, config), config)
    sink = _Sink()
    rt = Runtime(capacity=16)
    rt.add("agent", agent, outputs={"to_learner": "sink"})
    rt.add("sink", sink)
    source = ENV_SOURCE.format(turns=turns)
    requests = [
        EpisodeRequested(
            episode_id=f"ep{i}",
            env_id="say-go",
            source=source,
            description=f"Answer go on every turn; {turns} answers of go in a row win.",
            max_turns=turns,
            seed=i,
            purpose="train",  # the Agent actor's replays (may reuse instances)
        )
        for i in range(episodes)
    ]
    calls0 = client.statistics().requests
    to_agent = rt.sender("agent")
    workers = getattr(sandbox, "cpu_seconds", None)
    async with trio.open_nursery() as nursery:
        await nursery.start(rt.run)
        wcpu0 = await workers() if workers is not None else 0.0
        cpu0, t0 = time.process_time(), time.perf_counter()
        with to_agent:
            for r in requests:
                await to_agent.send(r)
    wall = time.perf_counter() - t0
    cpu = time.process_time() - cpu0
    wcpu = (await workers() - wcpu0) if workers is not None else 0.0
    return {
        "seconds": wall,
        "cpu_seconds": cpu,
        "worker_cpu_seconds": wcpu,
        "calls": client.statistics().requests - calls0,
        "episodes": sink.episodes,
        "successes": sink.successes,
        "turns": sink.turns,
        "by_status": dict(sink.by_status),
    }


async def _measure(url: str, tokenizer: Any, args: argparse.Namespace) -> list[dict[str, Any]]:
    from actors.agent import build_messages
    from engine.config import PolicyConfig, SandboxConfig
    from engine.inference import PolicyClient, chat_ids
    from sandbox_wasm import Sandbox

    levels = [int(c) for c in str(args.concurrency).split(",") if c.strip()]
    description = f"Answer go on every turn; {args.turns} answers of go in a row win."
    prompt = chat_ids(
        tokenizer, build_messages(description, [], None, [f"Say go (0/{args.turns})."], [])
    )
    calls = args.episodes * args.turns
    ideal = args.slots / (args.delay_ms / 1000.0) if args.delay_ms > 0 else float("inf")
    rows: list[dict[str, Any]] = []
    async with (
        Sandbox.open(
            SandboxConfig(
                pool_size=args.pool_size,
                reuse_idle=max(levels) + args.pool_size,
                processes=args.processes,
            )
        ) as sandbox,
        PolicyClient([url], PolicyConfig(request_timeout_s=60.0)) as client,
    ):
        for c in levels:
            # warm-up: compile the environment, open connections, fill the pool
            await _engine(sandbox, client, tokenizer, max(c, 2), args.turns, c)
            await _server_alone(client, prompt, 4 * c, c)
            alone: list[float] = []
            runs: list[dict[str, Any]] = []
            for _ in range(args.repeats):
                alone.append(await _server_alone(client, prompt, calls, c))
                runs.append(await _engine(sandbox, client, tokenizer, args.episodes, args.turns, c))
            limit = calls / statistics.median(alone)
            mid = sorted(runs, key=lambda r: r["seconds"])[len(runs) // 2]
            eng_calls_per_s = mid["calls"] / mid["seconds"]
            vs = eng_calls_per_s / limit
            rows.append(
                {
                    "case": "server alone (PolicyClient)",
                    "concurrency": c,
                    "delay_ms": args.delay_ms,
                    "slots": args.slots,
                    "ideal_calls_per_s": ideal,
                    "generate_calls": calls,
                    "generate_calls_per_s": limit,
                    "vs. server limit": 1.0,
                }
            )
            rows.append(
                {
                    "case": "engine (Runtime+Agent+wasm)",
                    "concurrency": c,
                    "delay_ms": args.delay_ms,
                    "slots": args.slots,
                    "ideal_calls_per_s": ideal,
                    "generate_calls": mid["calls"],
                    "generate_calls_per_s": eng_calls_per_s,
                    "vs. server limit": vs,
                    "episodes": mid["episodes"],
                    "episodes_finished_ok": mid["by_status"].get("ok", 0),
                    "success_rate": mid["successes"] / mid["episodes"] if mid["episodes"] else 0.0,
                    "episodes_per_s": mid["episodes"] / mid["seconds"],
                    "turns_per_s": mid["turns"] / mid["seconds"],
                    "overhead_pct": 100.0 * (1.0 - vs),
                    "engine_cpu_ms_per_turn": 1000.0 * mid["cpu_seconds"] / max(mid["turns"], 1),
                    "worker_cpu_ms_per_turn": 1000.0
                    * mid["worker_cpu_seconds"]
                    / max(mid["turns"], 1),
                    "sandbox_processes": args.processes,
                }
            )
    return rows


def run(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Start the fixed-latency server, then measure each concurrency case."""
    from bench._fixed_latency_server import fixed_latency_server
    from engine.inference import ensure_tiny_model, load_tokenizer

    tokenizer = load_tokenizer(ensure_tiny_model())
    eos = tokenizer.eos_token_id
    reply_ids = tokenizer.encode("go", add_special_tokens=False) + (
        [eos] if eos is not None else []
    )
    with fixed_latency_server(
        delay_s=args.delay_ms / 1000.0, slots=args.slots, reply_text="go", reply_ids=reply_ids
    ) as url:
        return trio.run(_measure, url, tokenizer, args)
