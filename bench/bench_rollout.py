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
  i.e. ≥ 2,000 turns/s, measured against ``--delay-ms 0``); ``loop_cpu_ms_per_turn`` is the
  event loop's thread alone (in-process, the rest of ``engine_cpu_ms_per_turn`` is the wasm
  calls in worker threads); ``worker_cpu_ms_per_turn`` is the sandbox worker processes'
  (``--processes N`` = ``sandbox.processes``; 0 = wasm in this process, the column is then 0).
- The sandbox keeps ``max(--concurrency) + --pool-size`` loaded instances parked for reuse
  (``sandbox.reuse_idle``), so the Agent's episodes reload their source in a used instance
  instead of starting a fresh one (``sandbox_wasm/README.md``).

- ``loop_lag_p99_ms`` / ``loop_lag_max_ms``: the runtime's event-loop lag probe (how late a
  10 ms ``trio.sleep`` wakes; ``engine.runtime``) over the round: how long the loop thread was
  kept from its other tasks. The ``idle event loop`` row is the same probe with nothing to do:
  what the OS scheduler alone adds on this machine (large on a busy shared machine).
- Training cases (``--train-step-ms`` > 0): the Agent's episodes also go to a learner that
  trains: ``overlapped`` is the ``actors.learner.Learner`` actor (its intake task keeps taking
  samples while its trainer task steps; the ranks are simulated: a step is ``--train-step-ms``
  of waiting in a worker thread, as the engine's process waits on rank processes, sync and
  checkpoint instant, ``--train-batch`` samples per step, queue bound 4 batches); ``inline``
  is the learner before issue 16, which trained inside its inbox loop (a 16-message inbox
  fills during a step and the Agent blocks). ``vs. without training`` is episodes/s against
  the same rollouts with no learner, rounds alternating (goal for ``overlapped``: >= 0.9);
  wall time ends at the last finished episode.

Rounds alternate server-alone / engine so both see the same machine load; medians of
``--repeats`` rounds after one warm-up round. Episodes in flight should exceed the slots
(``--concurrency`` > ``--slots``) for the engine to keep every slot busy while an episode steps
its environment between two generations.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import time
from collections.abc import AsyncIterator
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
        "--train-step-ms",
        type=float,
        default=1000.0,
        help="simulated learner step, ms (0: no training cases)",
    )
    parser.add_argument("--train-batch", type=int, default=16, help="learner batch, samples")
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
        cpu0, t0, th0 = time.process_time(), time.perf_counter(), time.thread_time()
        with to_agent:
            for r in requests:
                await to_agent.send(r)
    wall = time.perf_counter() - t0
    cpu = time.process_time() - cpu0
    loop_cpu = time.thread_time() - th0  # the trio thread alone (this function runs on it)
    lag = rt.statistics()
    wcpu = (await workers() - wcpu0) if workers is not None else 0.0
    return {
        "seconds": wall,
        "cpu_seconds": cpu,
        "loop_cpu_seconds": loop_cpu,
        "worker_cpu_seconds": wcpu,
        "loop_lag_p99_ms": 1000.0 * lag.loop_lag_p99_s,
        "loop_lag_max_ms": 1000.0 * lag.loop_lag_max_s,
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
                    "loop_cpu_ms_per_turn": 1000.0 * mid["loop_cpu_seconds"] / max(mid["turns"], 1),
                    "loop_lag_p99_ms": mid["loop_lag_p99_ms"],
                    "loop_lag_max_ms": mid["loop_lag_max_ms"],
                    "worker_cpu_ms_per_turn": 1000.0
                    * mid["worker_cpu_seconds"]
                    / max(mid["turns"], 1),
                    "sandbox_processes": args.processes,
                }
            )
            if args.train_step_ms > 0:
                rows += await _training_case(sandbox, client, tokenizer, args, c)
    return rows


# --------------------------------------------------------------- rollouts while the learner trains


class _SimulatedRanks:
    """Stand-in for ``engine.learner.start_learner``'s handle: a GRPO step is ``step_s`` of
    waiting in a worker thread (the ranks are other processes: the engine's process waits on
    them), a weight sync and a checkpoint are instant."""

    def __init__(self, step_s: float) -> None:
        self.step_s = step_s
        self.policy_version = 0
        self.hello = None

    async def train_step(self, batch: list[Any]) -> Any:
        from engine.learner import StepReport

        await trio.to_thread.run_sync(time.sleep, self.step_s)
        self.policy_version += 1
        return StepReport(
            loss=0.0,
            samples_used=len(batch),
            dropped_stale=0,
            skipped="",
            policy_version=self.policy_version,
            seconds=self.step_s,
        )

    async def sync_weights(self, client: object) -> Any:
        from engine.messages import WeightsUpdated

        return WeightsUpdated(version=self.policy_version, path="", checksum="")

    async def save_checkpoint(self) -> None:
        return None


class _InlineLearner:
    """The learner before issue 16: it trains inside its inbox loop, so while a step runs its
    inbox fills and the Agent blocks on it (the contrast row)."""

    name = "learner"

    def __init__(self, step_s: float, batch: int) -> None:
        self.step_s, self.batch, self.steps = step_s, batch, 0

    async def run(
        self, inbox: Any, to_recorder: Any, *, task_status: trio.TaskStatus[None]
    ) -> None:
        task_status.started()
        held = 0
        with inbox, to_recorder:
            async for _ in inbox:
                held += 1
                if held >= self.batch:
                    held = 0
                    await trio.to_thread.run_sync(time.sleep, self.step_s)
                    self.steps += 1

    def statistics(self) -> None:
        return None


class _TimedSink(_Sink):
    """Counts finished episodes (``WeightsUpdated`` ignored) and when the last one came."""

    last_at = 0.0

    async def run(self, inbox: Any, *, task_status: trio.TaskStatus[None]) -> None:
        from engine.messages import EpisodeFinished

        task_status.started()
        with inbox:
            async for msg in inbox:
                if isinstance(msg, EpisodeFinished):
                    self.episodes += 1
                    self.turns += len(msg.turns)
                    self.last_at = time.perf_counter()


async def _engine_training(
    sandbox: Any,
    client: Any,
    tokenizer: Any,
    args: argparse.Namespace,
    concurrency: int,
    mode: str,
) -> dict[str, Any]:
    """One round of ``--episodes`` episodes, the Agent feeding a learner that trains.

    ``mode``: ``"none"`` (no learner: the baseline of this case), ``"overlapped"`` (the
    ``actors.learner.Learner`` actor, its intake and trainer tasks, steps simulated by
    :class:`_SimulatedRanks`) or ``"inline"`` (:class:`_InlineLearner`). Wall time runs from the
    first request to the last episode the sink received (the learner's drain after it is not
    counted).
    """
    from actors.agent import Agent, PolicyAgent
    from actors.learner import Learner
    from engine.config import AgentConfig, LearnerConfig
    from engine.messages import EpisodeRequested
    from engine.runtime import Runtime
    from engine.wiring import LearnerPorts

    config = AgentConfig(concurrency=concurrency, max_new_tokens=8)
    agent = Agent(sandbox, PolicyAgent(client, tokenizer, config), config)
    sink = _TimedSink()
    step_s = args.train_step_ms / 1000.0
    # the bench's server never changes weights, so every sample stays at version 0: staleness
    # is not what is measured here (the queue bound is: 4 batches)
    lc = LearnerConfig(batch_size=args.train_batch, max_staleness=10**6, queue_batches=4)
    learner: Learner | None = None
    rt = Runtime(capacity=16)
    if mode == "none":
        rt.add("agent", agent, outputs={"to_learner": "sink"})
    else:
        rt.add("agent", agent, outputs={"to_learner": "learner", "to_recorder": "sink"})
        if mode == "overlapped":
            ranks = _SimulatedRanks(step_s)
            learner = Learner(lc, "-", "-", start=lambda *_: _started(ranks))
            rt.add("learner", LearnerPorts(learner), outputs={"to_recorder": "sink"})
        else:
            rt.add(
                "learner", _InlineLearner(step_s, args.train_batch), outputs={"to_recorder": "sink"}
            )
    rt.add("sink", sink)
    source = ENV_SOURCE.format(turns=args.turns)
    requests = [
        EpisodeRequested(
            episode_id=f"ep{i}",
            env_id="say-go",
            source=source,
            description=f"Answer go on every turn; {args.turns} answers of go in a row win.",
            max_turns=args.turns,
            seed=i,
        )
        for i in range(args.episodes)
    ]
    to_agent = rt.sender("agent")
    async with trio.open_nursery() as nursery:
        await nursery.start(rt.run)
        cpu0, t0 = time.process_time(), time.perf_counter()
        with to_agent:
            for r in requests:
                await to_agent.send(r)
    cpu = time.process_time() - cpu0
    lag = rt.statistics()
    out: dict[str, Any] = {
        "seconds": sink.last_at - t0,
        "cpu_seconds": cpu,
        "episodes": sink.episodes,
        "turns": sink.turns,
        "loop_lag_p99_ms": 1000.0 * lag.loop_lag_p99_s,
        "loop_lag_max_ms": 1000.0 * lag.loop_lag_max_s,
    }
    if learner is not None:
        ls = learner.statistics()
        out |= {
            "learner_steps": ls.steps,
            "samples_received_while_training": ls.samples_received_while_training,
            "samples_dropped_overflow": ls.samples_dropped_overflow,
        }
    return out


async def _idle_lag(seconds: float) -> Any:
    """The lag probe of a runtime with nothing to do for ``seconds``: what the OS scheduler
    alone adds on this machine (a busy shared machine wakes even an idle loop late)."""
    from engine.runtime import Runtime

    rt = Runtime()
    rt.add("idle", _Sink())
    to_idle = rt.sender("idle")
    async with trio.open_nursery() as nursery:
        await nursery.start(rt.run)
        with to_idle:
            await trio.sleep(seconds)
    return rt.statistics()


@contextlib.asynccontextmanager
async def _started(ranks: _SimulatedRanks) -> AsyncIterator[_SimulatedRanks]:
    yield ranks


async def _training_case(
    sandbox: Any, client: Any, tokenizer: Any, args: argparse.Namespace, concurrency: int
) -> list[dict[str, Any]]:
    """Rollout throughput while a learner trains, as a fraction of the same rollouts without
    one (``vs. without training``; goal >= 0.9): rounds alternate none / overlapped / inline."""
    modes = ("none", "overlapped", "inline")
    runs: dict[str, list[dict[str, Any]]] = {m: [] for m in modes}
    await _engine_training(sandbox, client, tokenizer, args, concurrency, "overlapped")  # warm-up
    for _ in range(args.repeats):
        for m in modes:
            runs[m].append(await _engine_training(sandbox, client, tokenizer, args, concurrency, m))
    mids = {m: sorted(r, key=lambda x: x["seconds"])[len(r) // 2] for m, r in runs.items()}
    base = mids["none"]["episodes"] / mids["none"]["seconds"]
    names = {
        "none": "rollouts, no learner",
        "overlapped": "rollouts + learner training (overlapped)",
        "inline": "rollouts + learner training in its inbox loop (before)",
    }
    idle = await _idle_lag(2.0)
    rows = [
        {
            "case": "idle event loop (this machine's scheduling noise)",
            "loop_lag_p99_ms": 1000.0 * idle.loop_lag_p99_s,
            "loop_lag_max_ms": 1000.0 * idle.loop_lag_max_s,
        }
    ]
    for m in modes:
        mid = mids[m]
        eps = mid["episodes"] / mid["seconds"]
        row = {
            "case": names[m],
            "concurrency": concurrency,
            "delay_ms": args.delay_ms,
            "train_step_ms": args.train_step_ms if m != "none" else 0.0,
            "train_batch": args.train_batch,
            "episodes": mid["episodes"],
            "episodes_per_s": eps,
            "vs. without training": eps / base,
            "engine_cpu_ms_per_turn": 1000.0 * mid["cpu_seconds"] / max(mid["turns"], 1),
            "cpu_seconds": mid["cpu_seconds"],
            "loop_lag_p99_ms": mid["loop_lag_p99_ms"],
            "loop_lag_max_ms": mid["loop_lag_max_ms"],
        }
        for key in ("learner_steps", "samples_received_while_training", "samples_dropped_overflow"):
            if key in mid:
                row[key] = mid[key]
        rows.append(row)
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
