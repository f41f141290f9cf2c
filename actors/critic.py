"""The Critic: validates proposed environments and measures hint-based regret (DESIGN.md §1, §3).

Scoring one environment has a beginning and an end, so it is one function call,
:func:`score_env` (``actors._scoring``): validate in the sandbox, get the hint, play K episodes
without and K with it in a nursery, compute regret and the integrity flags, return
``EnvScored`` or ``EnvRejected``. The actor only adds what an actor is for: concurrency limits
(``max_concurrent_validations`` designs at once, ``agent.concurrency`` episodes at once), the
seed generator, counters, and the outboxes — the outcome to Memory and the Learner, and every
scoring episode to the Learner (the Agent's training data).

    regret = success_with - success_without

with its confidence interval (Newcombe's hybrid score interval, or a bootstrap; see
``actors._regret``), acceptance (``regret >= accept_regret`` with the interval above 0), and
the flags ``impossible``, ``trivial``, ``coin_flip``, ``hint_states_answer``,
``answer_in_observations``, ``constant_solution``, ``information_gate``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import msgspec
import trio

from engine.config import AgentConfig, CriticConfig
from engine.messages import CriticIn, EnvProposed, EnvRejected, EnvScored, EpisodeFinished

from ._regret import (
    RegretEstimate,
    bootstrap_interval,
    estimate_regret,
    newcombe_interval,
    wilson_interval,
)
from ._scoring import (
    INTEGRITY_FLAGS,
    HintSource,
    answer_in_observations,
    draw_seeds,
    enough_measured,
    hint_wins,
    measured_successes,
    regret_score,
    score_env,
)
from ._validation import DuplicateTest, Validation, inspect_env, validate

__all__ = [
    "INTEGRITY_FLAGS",
    "Critic",
    "CriticStatistics",
    "DuplicateTest",
    "HintSource",
    "RegretEstimate",
    "Validation",
    "answer_in_observations",
    "bootstrap_interval",
    "draw_seeds",
    "enough_measured",
    "estimate_regret",
    "hint_wins",
    "inspect_env",
    "measured_successes",
    "newcombe_interval",
    "regret_score",
    "score_env",
    "validate",
    "wilson_interval",
]


class CriticStatistics(msgspec.Struct, frozen=True, kw_only=True):
    """Counters of the Critic actor.

    Attributes:
        proposals: proposals received.
        validated: proposals that passed validation.
        rejected: rejections per reason.
        scored: environments scored.
        accepted: scored environments accepted as frontier.
        flagged: scored environments per integrity flag (``constant_solution``,
            ``information_gate``).
        scoring: environments being scored now.
        episodes_finished: scoring episodes played.
        episodes_by_status: scoring episodes per status.
        mean_scoring_seconds: mean wall time of one ``score_env`` call (seconds).
        mean_regret: mean regret of scored environments.
    """

    proposals: int
    validated: int
    rejected: dict[str, int]
    scored: int
    accepted: int
    flagged: dict[str, int]
    scoring: int
    episodes_finished: int
    episodes_by_status: dict[str, int]
    mean_scoring_seconds: float
    mean_regret: float


class Critic:
    """The Critic actor: :func:`score_env` for every proposal, several at once.

    Args:
        sandbox: an open ``sandbox_wasm.Sandbox``.
        config: the ``[critic]`` section.
        agent: who plays the scoring episodes (``actors.agent.PolicyAgent`` or
            ``ScriptedAgent``); ``None`` validates only (``EnvValidated`` is then counted,
            nothing is sent for it).
        agent_config: the ``[agent]`` section (turn cap, budgets, episode concurrency).
        hinter: the hint source (``actors.hinter.Hinter``); ``None``: the designer's hint.
        is_duplicate: near-duplicate test against the archive (``(source, description) ->
            (dup, nearest, similarity)``).
        archive: an ``actors.memory.Archive``; its ``is_duplicate`` is used when
            ``is_duplicate`` is not given.
        max_concurrent_validations: environments scored at once.
        rng: draws the scoring seeds (default ``Random(config.episode_seed)``).
        rng_for: deterministic mode: each proposal's seeds come from ``rng_for(proposal)``
            instead of the shared ``rng`` (whose draws follow the order scorings finish in).
    """

    name = "critic"

    def __init__(
        self,
        sandbox: Any,
        config: CriticConfig = CriticConfig(),
        *,
        agent: Any = None,
        agent_config: AgentConfig = AgentConfig(),
        hinter: HintSource | None = None,
        is_duplicate: DuplicateTest | None = None,
        archive: Any = None,
        max_concurrent_validations: int = 4,
        rng: random.Random | None = None,
        rng_for: Callable[[EnvProposed], random.Random] | None = None,
    ) -> None:
        self.sandbox = sandbox
        self.rng_for = rng_for
        self.config = config
        self.agent = agent
        self.agent_config = agent_config
        self.hinter = hinter
        if is_duplicate is None and archive is not None:

            def is_duplicate(source: str, description: str) -> tuple[bool, str, float]:
                dup, env_id, sim = archive.is_duplicate(source, description)
                return bool(dup), env_id or "", float(sim)

        self.is_duplicate = is_duplicate
        self.rng = rng if rng is not None else random.Random(config.episode_seed)
        self._limit = trio.Semaphore(max_concurrent_validations)
        self._episodes_limit = trio.CapacityLimiter(agent_config.concurrency)
        self._proposals = 0
        self._validated = 0
        self._rejected: dict[str, int] = {}
        self._flagged: dict[str, int] = {}
        self._scored = 0
        self._accepted = 0
        self._scoring = 0
        self._finished = 0
        self._by_status: dict[str, int] = {}
        self._seconds = 0.0
        self._calls = 0
        self._regret_sum = 0.0

    async def run(
        self,
        inbox: trio.MemoryReceiveChannel[CriticIn],
        to_memory: trio.MemorySendChannel[EnvScored | EnvRejected] | None = None,
        to_learner: trio.MemorySendChannel[Any] | None = None,
        to_recorder: trio.MemorySendChannel[EpisodeFinished] | None = None,
        *,
        task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED,
    ) -> None:
        """Score every proposal from ``inbox`` until it closes.

        Args:
            inbox: ``EnvProposed``.
            to_memory: ``EnvScored`` and ``EnvRejected``.
            to_learner: the same, for designer samples, and every scoring
                ``EpisodeFinished`` (the Agent's samples).
            to_recorder: every scoring ``EpisodeFinished`` again (transcripts on disk).
            task_status: started when ready.

        Returns when ``inbox`` closed and every proposal it brought was scored or rejected;
        closes its outboxes. Cancellable.
        """
        outs = [c for c in (to_memory, to_learner, to_recorder) if c is not None]
        try:
            with inbox:
                async with trio.open_nursery() as nursery:
                    task_status.started()
                    async for msg in inbox:
                        self._proposals += 1
                        await self._limit.acquire()
                        self._scoring += 1
                        nursery.start_soon(self._one, msg, to_memory, to_learner, to_recorder)
        finally:
            for c in outs:
                c.close()

    async def _one(
        self,
        proposal: EnvProposed,
        to_memory: trio.MemorySendChannel[EnvScored | EnvRejected] | None,
        to_learner: trio.MemorySendChannel[Any] | None,
        to_recorder: trio.MemorySendChannel[EpisodeFinished] | None = None,
    ) -> None:
        try:
            episodes: list[EpisodeFinished] = []
            validated: list[Any] = []
            t0 = time.perf_counter()
            outcome = await score_env(
                proposal,
                sandbox=self.sandbox,
                agent=self.agent,
                config=self.config,
                agent_config=self.agent_config,
                hinter=self.hinter,
                rng=self.rng if self.rng_for is None else self.rng_for(proposal),
                is_duplicate=self.is_duplicate,
                limiter=self._episodes_limit,
                episodes=episodes,
                validated=validated,
            )
            self._seconds += time.perf_counter() - t0
            self._calls += 1
            self._validated += len(validated)  # scored path; validate-only counts below
            for ep in episodes:
                self._finished += 1
                self._by_status[ep.status] = self._by_status.get(ep.status, 0) + 1
                for out in (to_learner, to_recorder):
                    if out is not None:
                        await out.send(ep)
            match outcome:
                case EnvRejected():
                    self._rejected[outcome.reason] = self._rejected.get(outcome.reason, 0) + 1
                case EnvScored():
                    self._scored += 1
                    self._accepted += int(outcome.accepted)
                    self._regret_sum += outcome.regret
                    for flag in INTEGRITY_FLAGS.intersection(outcome.flags):
                        self._flagged[flag] = self._flagged.get(flag, 0) + 1
                case _:  # validate-only: EnvValidated
                    self._validated += 1
                    return
            for c in (to_memory, to_learner):
                if c is not None:
                    await c.send(outcome)
        finally:
            self._scoring -= 1
            self._limit.release()

    def statistics(self) -> CriticStatistics:
        """The actor's counters (see :class:`CriticStatistics`)."""
        return CriticStatistics(
            proposals=self._proposals,
            validated=self._validated,
            rejected=dict(self._rejected),
            scored=self._scored,
            accepted=self._accepted,
            flagged=dict(self._flagged),
            scoring=self._scoring,
            episodes_finished=self._finished,
            episodes_by_status=dict(self._by_status),
            mean_scoring_seconds=self._seconds / self._calls if self._calls else 0.0,
            mean_regret=self._regret_sum / self._scored if self._scored else 0.0,
        )
