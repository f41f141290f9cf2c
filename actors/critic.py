"""The Critic: validates proposed environments and measures hint-based regret (DESIGN.md §1, §3).

For each ``EnvProposed`` the Critic runs every sandbox check (:func:`validate`; the checks and
their named rejection reasons are listed in ``actors._validation``). A rejection goes to Memory
and the Learner as ``EnvRejected``; a validated environment goes to the Hinter. When the
Hinter's ``HintIssued`` comes back, the Critic requests K episodes without the hint and K with
it (``EpisodeRequested``, seeds ``episode_seed .. episode_seed+K-1`` in both conditions), collects
the ``EpisodeFinished`` results and emits ``EnvScored`` with

    regret = success_with - success_without

its confidence interval (Newcombe's hybrid score interval, or a bootstrap; see
``actors._regret``), acceptance (``regret >= accept_regret`` with the interval above 0) and the
flags ``impossible``, ``trivial``, ``coin_flip``, ``hint_states_answer`` (the hint contains the
declared ``ANSWER``, or answering the hint's literal text wins) and ``answer_in_observations``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec
import trio

from engine.config import CriticConfig
from engine.messages import (
    CriticIn,
    EnvProposed,
    EnvRejected,
    EnvScored,
    EnvValidated,
    EpisodeFinished,
    EpisodeRequested,
    HintIssued,
)

from ._regret import (
    RegretEstimate,
    bootstrap_interval,
    estimate_regret,
    newcombe_interval,
    text_contains,
    wilson_interval,
)
from ._validation import DuplicateTest, Validation, hint_wins, inspect_env, validate

__all__ = [
    "Critic",
    "CriticStatistics",
    "DuplicateTest",
    "RegretEstimate",
    "Validation",
    "answer_in_observations",
    "enough_measured",
    "measured_successes",
    "bootstrap_interval",
    "estimate_regret",
    "hint_wins",
    "inspect_env",
    "newcombe_interval",
    "regret_score",
    "validate",
    "wilson_interval",
]


def answer_in_observations(episodes: Sequence[EpisodeFinished], answer: str | None) -> bool:
    """Whether the answer shows up in an observation before an episode ended.

    The last observation of an episode is skipped: saying the answer after the end is fine.

    Args:
        episodes: finished episodes.
        answer: the environment's ``ANSWER`` (``None``: never).
    """
    if not answer:
        return False
    for ep in episodes:
        for turn in ep.turns:
            if turn.terminated or turn.truncated:
                break
            if text_contains(turn.observation, answer):
                return True
    return False


MIN_MEASURED_SHARE = 0.5
"""Share of the K episodes per condition that must have been played for a score to stand."""


def measured_successes(
    episodes: Sequence[EpisodeFinished],
) -> tuple[list[bool], list[bool], list[EpisodeFinished]]:
    """Success of each episode without and with the hint, and the episodes the policy failed.

    An episode that ended in ``policy_error`` (the agent raised, returned a non-string, the
    policy servers were down) counts as failed, as any failed episode; :func:`enough_measured`
    refuses a score when too many of them were never really played.

    Returns:
        ``(without, with_, errored)``.
    """
    errored = [e for e in episodes if e.status == "policy_error"]
    return (
        [e.success for e in episodes if not e.hinted],
        [e.success for e in episodes if e.hinted],
        errored,
    )


def enough_measured(episodes: Sequence[EpisodeFinished], k: int) -> bool:
    """Whether each condition had at least ``MIN_MEASURED_SHARE`` of its ``k`` episodes played
    (not ended by a policy error): below that a success rate measures the agent's failures,
    not the environment."""
    need = max(1, math.ceil(k * MIN_MEASURED_SHARE))
    for hinted in (False, True):
        played = sum(1 for e in episodes if e.hinted == hinted and e.status != "policy_error")
        if played < need:
            return False
    return True


def regret_score(
    env: EnvValidated,
    without: Sequence[bool],
    with_: Sequence[bool],
    config: CriticConfig = CriticConfig(),
    *,
    hint: str | None = None,
    hint_origin: str = "designer",
    answer: str | None = None,
    hint_literal_wins: bool = False,
    answer_seen: bool = False,
) -> EnvScored:
    """Score one environment from per-episode successes.

    Args:
        env: the validated environment.
        without: success of each unhinted episode (K values).
        with_: success of each hinted episode (K values).
        config: the ``[critic]`` section (interval method, confidence, acceptance threshold).
        hint: the hint used (default: the proposal's).
        hint_origin: ``"designer"``, ``"policy"`` or ``"none"``.
        answer: the environment's ``ANSWER``, if declared (checked against the hint).
        hint_literal_wins: answering the hint's literal text wins (see :func:`hint_wins`).
        answer_seen: the answer appeared in an observation (:func:`answer_in_observations`).

    Returns:
        The ``EnvScored`` message.

    Raises:
        ValueError: an empty condition.
    """
    hint = env.proposal.hint if hint is None else hint
    states = hint_literal_wins or bool(answer and hint and text_contains(hint, answer))
    est = estimate_regret(
        without,
        with_,
        interval=config.interval,
        confidence=config.confidence,
        accept_regret=config.accept_regret,
        hint_states_answer=states,
        answer_in_observations=answer_seen,
        seed=config.episode_seed,
        resamples=config.bootstrap_resamples,
    )
    return EnvScored(
        env_id=env.env_id,
        proposal=env.proposal,
        hint=hint,
        hint_origin=hint_origin,  # type: ignore[arg-type]
        k=max(len(without), len(with_)),
        success_without=est.success_without,
        success_with=est.success_with,
        regret=est.regret,
        ci_low=est.ci_low,
        ci_high=est.ci_high,
        accepted=est.accepted,
        flags=list(est.flags),
        description=env.description,
        max_turns=env.max_turns,
        tools=env.tools,
        success_threshold=env.success_threshold,
    )


class CriticStatistics(msgspec.Struct, frozen=True, kw_only=True):
    """Counters of the Critic actor.

    Attributes:
        proposals: proposals received.
        validated: proposals that passed validation.
        rejected: rejections per reason.
        scored: environments scored.
        accepted: scored environments accepted as frontier.
        validating: validations running now.
        awaiting_episodes: environments waiting for episodes.
        mean_validation_seconds: mean wall time of one validation (seconds).
        mean_regret: mean regret of scored environments.
    """

    proposals: int
    validated: int
    rejected: dict[str, int]
    scored: int
    accepted: int
    validating: int
    awaiting_episodes: int
    mean_validation_seconds: float
    mean_regret: float


@dataclass
class _Pending:
    validated: EnvValidated
    answer: str | None
    hint: str = ""
    origin: str = "designer"
    hint_literal_wins: bool = False
    episodes: list[EpisodeFinished] = field(default_factory=list)


class Critic:
    """The Critic actor.

    Args:
        sandbox: an open ``sandbox_wasm.Sandbox``.
        config: the ``[critic]`` section.
        is_duplicate: near-duplicate test against the archive (``Archive.is_duplicate``).
        archive: an ``actors.memory.Archive``; its ``is_duplicate`` is used when
            ``is_duplicate`` is not given.
        max_concurrent_validations: validations run at once.
    """

    name = "critic"

    def __init__(
        self,
        sandbox: Any,
        config: CriticConfig = CriticConfig(),
        *,
        is_duplicate: DuplicateTest | None = None,
        archive: Any = None,
        max_concurrent_validations: int = 4,
    ) -> None:
        self.sandbox = sandbox
        self.config = config
        if is_duplicate is None and archive is not None:
            is_duplicate = archive.is_duplicate
        self.is_duplicate = is_duplicate
        self._limit = trio.Semaphore(max_concurrent_validations)
        self._pending: dict[str, _Pending] = {}
        self._validating = 0
        self._idle = trio.Event()
        self._idle.set()
        self._feedback_closed = False
        self._proposals = 0
        self._validated = 0
        self._rejected: dict[str, int] = {}
        self._scored = 0
        self._accepted = 0
        self._validation_seconds = 0.0
        self._regret_sum = 0.0

    # ---------------------------------------------------------------- bookkeeping

    def _busy(self) -> int:
        return self._validating + len(self._pending)

    def _touch(self) -> None:
        if self._busy() == 0:
            self._idle.set()
        elif self._idle.is_set():
            self._idle = trio.Event()

    async def run(
        self,
        inbox: trio.MemoryReceiveChannel[CriticIn],
        to_hinter: trio.MemorySendChannel[EnvValidated],
        to_agent: trio.MemorySendChannel[EpisodeRequested],
        to_memory: trio.MemorySendChannel[EnvScored | EnvRejected] | None = None,
        to_learner: trio.MemorySendChannel[EnvScored | EnvRejected] | None = None,
        *,
        feedback: trio.MemoryReceiveChannel[CriticIn] | None = None,
        task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED,
    ) -> None:
        """Validate proposals, request episodes, score environments.

        Args:
            inbox: ``EnvProposed`` (and, without ``feedback``, ``HintIssued`` and
                ``EpisodeFinished`` too).
            to_hinter: validated environments.
            to_agent: episode requests.
            to_memory: ``EnvScored`` and ``EnvRejected``.
            to_learner: the same, for designer samples.
            feedback: ``HintIssued`` and ``EpisodeFinished`` (the cycle's return edge).
            task_status: started when ready.

        Returns when ``inbox`` closed and every environment it brought was rejected or scored
        (with ``feedback``: then ``to_hinter``/``to_agent`` close, and it returns once
        ``feedback`` closes). Closes every outbox. Cancellable.
        """
        outs = [c for c in (to_memory, to_learner) if c is not None]
        try:
            async with trio.open_nursery() as nursery:
                ctx = (nursery, to_hinter, to_agent, outs)
                if feedback is not None:
                    nursery.start_soon(self._read, feedback, ctx)
                task_status.started()
                with inbox:
                    async for msg in inbox:
                        await self._handle(msg, ctx)
                while feedback is not None and self._busy() and not self._feedback_closed:
                    await self._idle.wait()
                to_hinter.close()
                to_agent.close()
        finally:
            to_hinter.close()
            to_agent.close()
            for c in outs:
                c.close()

    async def _read(self, feedback: trio.MemoryReceiveChannel[CriticIn], ctx: Any) -> None:
        try:
            with feedback:
                async for msg in feedback:
                    await self._handle(msg, ctx)
        finally:
            self._feedback_closed = True
            self._idle.set()

    async def _handle(self, msg: CriticIn, ctx: Any) -> None:
        nursery, to_hinter, to_agent, outs = ctx
        match msg:
            case EnvProposed():
                self._proposals += 1
                if msg.parse_error:
                    rej = EnvRejected(
                        env_id=msg.env_id,
                        group_id=msg.group_id,
                        reason="unparseable",
                        detail=msg.parse_error,
                        proposal=msg,
                    )
                    await self._emit(rej, outs)
                    return
                await self._limit.acquire()
                self._validating += 1
                self._touch()
                nursery.start_soon(self._validate, msg, to_hinter, outs)
            case HintIssued():
                pend = self._pending.get(msg.env_id)
                if pend is None:
                    return
                pend.hint, pend.origin = msg.hint, msg.origin
                env = pend.validated
                if msg.hint:
                    pend.hint_literal_wins = await hint_wins(
                        env.proposal.source,
                        msg.hint,
                        self.sandbox,
                        env.max_turns,
                        env.success_threshold,
                    )
                nursery.start_soon(self._request, env, msg.hint, to_agent)
            case EpisodeFinished():
                pend = self._pending.get(msg.env_id)
                if pend is None:
                    return
                pend.episodes.append(msg)
                if len(pend.episodes) >= 2 * self.config.k:
                    del self._pending[msg.env_id]
                    await self._emit(self._score(pend), outs)
                    self._touch()

    async def _validate(self, msg: EnvProposed, to_hinter: Any, outs: list[Any]) -> None:
        try:
            t0 = time.perf_counter()
            v: Validation = await inspect_env(
                msg.source,
                msg.hint,
                self.sandbox,
                self.config,
                is_duplicate=self.is_duplicate,
                proposal=msg,
            )
            self._validation_seconds += time.perf_counter() - t0
            match v.verdict:
                case EnvRejected() as rej:
                    await self._emit(rej, outs)
                case EnvValidated() as ok:
                    self._validated += 1
                    self._pending[ok.env_id] = _Pending(validated=ok, answer=v.answer)
                    await to_hinter.send(ok)
        finally:
            self._validating -= 1
            self._limit.release()
            self._touch()

    async def _request(self, env: EnvValidated, hint: str, to_agent: Any) -> None:
        k, base = self.config.k, self.config.episode_seed
        for hinted in (False, True):
            for i in range(k):
                await to_agent.send(
                    EpisodeRequested(
                        episode_id=f"{env.env_id}:{'h' if hinted else 'n'}{i}",
                        env_id=env.env_id,
                        group_id=f"{env.env_id}:{'hint' if hinted else 'nohint'}",
                        source=env.proposal.source,
                        description=env.description,
                        tools=env.tools,
                        max_turns=env.max_turns,
                        success_threshold=env.success_threshold,
                        seed=base + i,
                        hint=hint if hinted else None,
                        purpose="score",
                        group_size=k,
                    )
                )

    def _score(self, pend: _Pending) -> EnvScored | EnvRejected:
        eps = pend.episodes
        without, with_, dropped = measured_successes(eps)
        if not enough_measured(eps, self.config.k):
            env = pend.validated
            return EnvRejected(
                env_id=env.env_id,
                group_id=env.proposal.group_id,
                reason="not_measured",
                detail=f"{len(dropped)} of {len(eps)} episodes failed on the policy side "
                f"(first: {dropped[0].reason if dropped else '?'})",
                evidence={"policy_errors": len(dropped), "episodes": len(eps)},
                proposal=env.proposal,
            )
        score = regret_score(
            pend.validated,
            without,
            with_,
            self.config,
            hint=pend.hint,
            hint_origin=pend.origin,
            answer=pend.answer,
            hint_literal_wins=pend.hint_literal_wins,
            answer_seen=answer_in_observations(eps, pend.answer),
        )
        self._scored += 1
        self._accepted += int(score.accepted)
        self._regret_sum += score.regret
        return score

    async def _emit(self, msg: EnvScored | EnvRejected, outs: list[Any]) -> None:
        if isinstance(msg, EnvRejected):
            self._rejected[msg.reason] = self._rejected.get(msg.reason, 0) + 1
        for c in outs:
            await c.send(msg)

    def statistics(self) -> CriticStatistics:
        """The actor's counters (see :class:`CriticStatistics`)."""
        n_val = (
            self._validated + sum(self._rejected.values()) - self._rejected.get("unparseable", 0)
        )
        return CriticStatistics(
            proposals=self._proposals,
            validated=self._validated,
            rejected=dict(self._rejected),
            scored=self._scored,
            accepted=self._accepted,
            validating=self._validating,
            awaiting_episodes=len(self._pending),
            mean_validation_seconds=self._validation_seconds / n_val if n_val else 0.0,
            mean_regret=self._regret_sum / self._scored if self._scored else 0.0,
        )
