"""Messages per second through one runtime hop, against a bare trio memory channel.

Both sides carry the same ``EpisodeRequested`` objects from one producer task to one consumer
loop over a channel of the same capacity; the runtime side goes through the metered channel
ends and an actor started by ``Runtime.run``. Median over ``--repeats`` runs.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import trio

from engine.messages import EpisodeRequested
from engine.runtime import Runtime


class _Counter:
    def __init__(self) -> None:
        self.n = 0

    async def run(self, inbox: Any, *, task_status: trio.TaskStatus[None]) -> None:
        task_status.started()
        n = 0
        async for _ in inbox:
            n += 1
        self.n = n

    def statistics(self) -> None:
        return None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of this topic."""
    parser.add_argument("--messages", type=int, default=200_000, help="messages per run")
    parser.add_argument("--repeats", type=int, default=5, help="runs per case (median)")
    parser.add_argument("--capacity", type=int, default=16, help="channel capacity (messages)")


def _messages(n: int) -> list[EpisodeRequested]:
    return [
        EpisodeRequested(episode_id=f"ep{i}", env_id="e", source="class Env: ...", seed=i)
        for i in range(n)
    ]


async def _bare(msgs: list[EpisodeRequested], capacity: int) -> float:
    send, recv = trio.open_memory_channel[EpisodeRequested](capacity)
    got = 0

    async def consume() -> None:
        nonlocal got
        async for _ in recv:
            got += 1

    start = time.perf_counter()
    async with trio.open_nursery() as nursery:
        nursery.start_soon(consume)
        async with send:
            for m in msgs:
                await send.send(m)
    elapsed = time.perf_counter() - start
    assert got == len(msgs)
    return elapsed


async def _runtime(msgs: list[EpisodeRequested], capacity: int) -> float:
    rt = Runtime(capacity=capacity)
    counter = _Counter()
    rt.add("counter", counter)
    to_counter = rt.sender("counter")
    start = time.perf_counter()
    async with trio.open_nursery() as nursery:
        await nursery.start(rt.run)
        with to_counter:
            for m in msgs:
                await to_counter.send(m)
    elapsed = time.perf_counter() - start
    assert counter.n == len(msgs)
    return elapsed


def run(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Measure both cases, interleaved, and report medians."""
    msgs = _messages(args.messages)
    bare, hop = [], []
    for _ in range(args.repeats):
        bare.append(trio.run(_bare, msgs, args.capacity))
        hop.append(trio.run(_runtime, msgs, args.capacity))
    bare_s, hop_s = statistics.median(bare), statistics.median(hop)
    n = args.messages
    return [
        {
            "case": "bare trio memory channel",
            "messages": n,
            "msgs_per_s": n / bare_s,
            "per_msg_us": bare_s / n * 1e6,
            "vs. bare (cost)": 1.0,
        },
        {
            "case": "runtime hop (metered)",
            "messages": n,
            "msgs_per_s": n / hop_s,
            "per_msg_us": hop_s / n * 1e6,
            "vs. bare (cost)": hop_s / bare_s,
        },
    ]
