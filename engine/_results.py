"""The engine's outcomes, statistics and result streams (re-exported by ``engine.api``).

``Outcome`` is the one outcome type of the engine: what the Critic says about one environment,
``EnvScored`` or ``EnvRejected``. The self-play loop's Recorder and the API's results actor
(here) both pass it on to Memory.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

import msgspec
import trio

from engine.messages import EnvRejected, EnvScored
from engine.runtime import MeteredReceiveChannel, MeteredSendChannel, RuntimeStatistics

if TYPE_CHECKING:
    from engine.api import Engine

__all__ = [
    "EngineState",
    "EngineStatistics",
    "Outcome",
    "ResultStream",
    "Results",
    "StreamItem",
    "Waiter",
]

Outcome = EnvScored | EnvRejected
"""What the engine says about one environment: scored (regret) or rejected (named reason)."""

EngineState = Literal["running", "stopping", "stopped"]


class EngineStatistics(msgspec.Struct, frozen=True, kw_only=True):
    """A snapshot of the engine: what went in, what came out, the archive, every actor.

    Also the *metrics snapshot* a :class:`ResultStream` yields every ``metrics_every_s``.

    Attributes:
        state: ``running``, ``stopping`` (draining after ``stop()``) or ``stopped``.
        agent: who plays the episodes (the scripted callable's name, or ``policy``).
        submitted: environments submitted with ``submit_env``.
        design_requests: design requests submitted.
        pending: submissions (environments and design requests) still awaiting outcomes.
        scored: environments scored.
        accepted: scored environments whose regret passed the Critic's acceptance test.
        rejected: rejections per reason.
        mean_regret: mean regret of the scored environments (``None`` before any).
        archive_size: live records in the archive (seed environments included).
        vendi_per_n: Vendi score of the archive divided by its size (after the last add).
        results_dropped: stream items dropped because a reader fell ``buffer`` items behind.
        uptime_s: seconds since the engine started.
        runtime: per-actor counters and event-loop lag (``engine.runtime``).
    """

    state: EngineState
    agent: str
    submitted: int
    design_requests: int
    pending: int
    scored: int
    accepted: int
    rejected: dict[str, int]
    mean_regret: float | None
    archive_size: int
    vendi_per_n: float
    results_dropped: int
    uptime_s: float
    runtime: RuntimeStatistics


StreamItem = EnvScored | EnvRejected | EngineStatistics


class ResultStream:
    """Every outcome from the moment it was opened, and optional statistics snapshots.

    Iterate with ``async for``; close with a ``with`` block (or ``close()``). The stream ends
    when the engine has stopped and the buffered items are read.

    A reader that falls ``buffer`` items behind loses the oldest ones (counted in
    ``dropped``): an observer never stalls the engine. Calls that submit work get their own
    outcome whatever the streams do.
    """

    def __init__(self, engine: Engine, buffer: int, metrics_every_s: float | None) -> None:
        self._engine = engine
        self._send, self._recv = trio.open_memory_channel[StreamItem](buffer)
        self._every = metrics_every_s
        self._next = trio.current_time() + metrics_every_s if metrics_every_s else math.inf
        self.dropped = 0
        """Items dropped because this reader fell behind."""

    def _offer(self, item: StreamItem) -> None:
        try:
            self._send.send_nowait(item)
        except trio.WouldBlock:
            self._recv.receive_nowait()  # drop the oldest
            self.dropped += 1
            self._engine._dropped += 1
            self._send.send_nowait(item)
        except (trio.ClosedResourceError, trio.BrokenResourceError):
            pass

    def _end(self) -> None:
        self._send.close()

    def __aiter__(self) -> ResultStream:
        return self

    async def __anext__(self) -> StreamItem:
        """The next outcome, or a statistics snapshot when ``metrics_every_s`` elapsed first.

        Raises:
            StopAsyncIteration: the engine stopped and everything buffered was read, or the
                stream was closed.

        Cancellation: cancellable; nothing is lost.
        """
        try:  # buffered outcomes come before a due snapshot
            item = self._recv.receive_nowait()
        except trio.WouldBlock:
            pass
        except (trio.EndOfChannel, trio.ClosedResourceError):
            raise StopAsyncIteration from None
        else:
            await trio.lowlevel.cancel_shielded_checkpoint()
            return item
        with trio.move_on_at(self._next):
            try:
                return await self._recv.receive()
            except (trio.EndOfChannel, trio.ClosedResourceError):
                raise StopAsyncIteration from None
        assert self._every is not None
        self._next = trio.current_time() + self._every
        return self._engine.statistics()

    def close(self) -> None:
        """Stop receiving (idempotent)."""
        self._engine._streams.discard(self)
        self._send.close()
        self._recv.close()

    def __enter__(self) -> ResultStream:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@dataclass
class Waiter:
    """One submission waiting for its outcomes (one for an env, ``group_size`` for a design)."""

    expected: int
    outcomes: dict[str, Outcome] = field(default_factory=dict)
    done: trio.Event = field(default_factory=trio.Event)


class _ResultsStatistics(msgspec.Struct, frozen=True, kw_only=True):
    """Counters of the results actor: outcomes seen and streams open."""

    outcomes: int
    streams: int


class Results:
    """The actor between the Critic and Memory: a rejection is delivered at once (to the
    waiting call and the streams); a score once Memory archived it (Memory's
    ``on_archived``)."""

    name = "results"

    def __init__(self) -> None:
        self.engine: Engine | None = None
        """Set once the engine is made (before the runtime starts)."""

    async def run(
        self,
        inbox: MeteredReceiveChannel[Outcome],
        to_memory: MeteredSendChannel[Outcome],
        *,
        task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED,
    ) -> None:
        engine = self.engine
        assert engine is not None, "open_engine sets the engine before the runtime starts"
        task_status.started()
        with inbox, to_memory:
            async for msg in inbox:
                if isinstance(msg, EnvRejected):
                    engine._deliver(msg)
                await to_memory.send(msg)

    def statistics(self) -> _ResultsStatistics:
        e = self.engine
        if e is None:
            return _ResultsStatistics(outcomes=0, streams=0)
        return _ResultsStatistics(
            outcomes=e._scored + sum(e._rejected.values()), streams=len(e._streams)
        )
