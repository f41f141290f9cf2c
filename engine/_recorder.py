"""The Recorder: the self-play loop's actor between the Critic and Memory.

It sees every outcome (``EnvScored``/``EnvRejected``), every finished episode and every weight
update; it forwards outcomes to Memory, hands them to the driver (``outcomes``), and is the only
writer of ``designs.jsonl`` and ``episodes.jsonl`` (in worker threads).
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import msgspec
import trio

from engine._results import Outcome
from engine.config import RunConfig
from engine.designs import DESIGNS_FILE, EPISODES_FILE, design_record, episode_kept, episode_record
from engine.messages import EnvRejected, EnvScored, EpisodeFinished, WeightsUpdated
from engine.rundir import RunDir
from engine.runtime import MeteredReceiveChannel, MeteredSendChannel

__all__ = ["Recorder", "RecorderStatistics"]


class RecorderStatistics(msgspec.Struct, frozen=True, kw_only=True):
    """Counters of the Recorder actor.

    Attributes:
        scored: ``EnvScored`` seen.
        rejected: ``EnvRejected`` seen.
        weight_version: last ``WeightsUpdated.version`` (-1 before any).
        designs_written: records appended to ``designs.jsonl``.
        episodes_written: transcripts appended to ``episodes.jsonl``.
    """

    scored: int
    rejected: int
    weight_version: int
    designs_written: int = 0
    episodes_written: int = 0


class Recorder:
    """Sees every outcome: forwards scores and rejections to Memory, hands each to the driver
    (``outcomes``), records the last weight update, and writes ``designs.jsonl`` (every
    model-written design with its verdict) and ``episodes.jsonl`` (the transcripts
    ``run.keep_episodes`` keeps) when given a run directory; it is those files' only writer.

    The driver takes ``outcomes`` (and clears it) whenever the Recorder signals a change, and
    keeps an iteration's outcomes only until its row is written, so a long run holds the
    proposals (sources, token ids) of the iterations in flight only; the archive and
    ``designs.jsonl`` on disk have them all.

    Args:
        run_dir: where the records go (``None``: nothing is written).
        config: the ``[run]`` section (``keep_episodes``, ``completion_chars``, ``turn_chars``).
        iteration_of: the iteration that submitted a design group (by ``group_id``).
    """

    name = "recorder"

    def __init__(
        self,
        run_dir: RunDir | None = None,
        config: RunConfig = RunConfig(),
        iteration_of: Callable[[str], int] = lambda group_id: 0,
    ) -> None:
        self.run_dir = run_dir
        self.config = config
        self.iteration_of = iteration_of
        self.outcomes: list[Outcome] = []
        self.last_update: WeightsUpdated | None = None
        self._scored = 0
        self._rejected = 0
        self._designs = 0
        self._episodes = 0
        self._changed = trio.Event()

    async def _write(self, name: str, row: msgspec.Struct, *, sync: bool) -> None:
        if self.run_dir is not None:
            await trio.to_thread.run_sync(
                functools.partial(self.run_dir.append_records, name, [row], sync=sync)
            )

    async def _record_design(self, outcome: EnvScored | EnvRejected) -> None:
        group = outcome.proposal.group_id if outcome.proposal is not None else ""
        rec = design_record(
            outcome, self.iteration_of(group), completion_cap=self.config.completion_chars
        )
        if rec is not None:
            self._designs += 1
            await self._write(DESIGNS_FILE, rec, sync=True)

    async def run(
        self,
        inbox: MeteredReceiveChannel[EnvScored | EnvRejected | WeightsUpdated | EpisodeFinished],
        to_memory: MeteredSendChannel[EnvScored | EnvRejected],
        *,
        task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED,
    ) -> None:
        """Forward outcomes to ``to_memory`` until the inbox closes (then close it)."""
        task_status.started()
        with inbox, to_memory:
            async for msg in inbox:
                match msg:
                    case EnvScored():
                        self._scored += 1
                        self.outcomes.append(msg)
                        await self._record_design(msg)
                        await to_memory.send(msg)
                    case EnvRejected():
                        self._rejected += 1
                        self.outcomes.append(msg)
                        await self._record_design(msg)
                        await to_memory.send(msg)
                    case WeightsUpdated():
                        self.last_update = msg
                    case EpisodeFinished():
                        if episode_kept(msg.episode_id, self.config.keep_episodes):
                            self._episodes += 1
                            rec = episode_record(msg, turn_chars=self.config.turn_chars)
                            await self._write(EPISODES_FILE, rec, sync=False)
                self._changed.set()
                self._changed = trio.Event()

    async def changed(self) -> None:
        """Wait until the next message was recorded (cancellable)."""
        await self._changed.wait()

    @property
    def weight_version(self) -> int:
        """Version the servers serve (0: the base weights; -1 before the run set it)."""
        return self.last_update.version if self.last_update is not None else -1

    def statistics(self) -> RecorderStatistics:
        """The actor's counters."""
        return RecorderStatistics(
            scored=self._scored,
            rejected=self._rejected,
            weight_version=self.weight_version,
            designs_written=self._designs,
            episodes_written=self._episodes,
        )
