"""The Learner actor: batches training samples, steps the FSDP ranks, syncs weights.

A thin trio proxy over ``engine.learner.start_learner``: every torch computation and collective
runs in the rank processes. The actor turns what reaches its inbox into ``TrainingSample`` s
(designer samples from ``EnvScored``/``EnvRejected``, agent samples from ``EpisodeFinished``),
steps once per ``batch_size`` samples, pushes the new weights to the policy servers through the
client, and announces ``WeightsUpdated`` to every outbox (Designer, Agent, Hinter).
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Sequence
from typing import Any

import msgspec
import trio

from engine.config import LearnerConfig
from engine.learner import LearnerHandle, StepReport, WeightsClient, start_learner
from engine.messages import (
    EnvProposed,
    EnvRejected,
    EnvScored,
    EpisodeFinished,
    LearnerIn,
    TrainingSample,
    WeightsUpdated,
)

__all__ = ["Learner", "LearnerStatistics", "WarmStartEval", "samples_from"]


class WarmStartEval(msgspec.Struct, frozen=True, kw_only=True):
    """Each role's SFT loss around the warm start (mean NLL per target token, nats).

    Attributes:
        train: on the training samples, over the last SFT epoch.
        held_before: on the held-back samples, under the base weights.
        held_after: on the held-back samples, under the warm-started weights.
    """

    train: dict[str, float]
    held_before: dict[str, float]
    held_after: dict[str, float]


def _role_nll(
    samples: Sequence[TrainingSample], logprobs: Sequence[Sequence[float]], max_tokens: int
) -> dict[str, float]:
    """Mean negative log-likelihood per target token of each role (nats).

    Args:
        samples: SFT samples (``loss_mask`` marks the target).
        logprobs: each sample's token logprobs, aligned with ``input_ids`` (``(L,)``).
        max_tokens: the learner's ``max_seq_tokens``: the target tokens beyond it from the
            left are left out, as in training (a sample is cut from the left, its first token
            never predicted).

    Returns:
        Role -> mean NLL; roles without target tokens are absent.
    """
    total: dict[str, float] = {}
    count: dict[str, int] = {}
    for s, lp in zip(samples, logprobs, strict=True):
        start = max(1, len(s.input_ids) - max_tokens + 1)
        for i in range(start, len(s.input_ids)):
            if s.loss_mask[i]:
                total[s.role] = total.get(s.role, 0.0) - float(lp[i])
                count[s.role] = count.get(s.role, 0) + 1
    return {role: total[role] / n for role, n in count.items()}


class LearnerStatistics(msgspec.Struct, frozen=True, kw_only=True):
    """Counters of the Learner actor.

    Attributes:
        policy_version: weight version of the learner (optimizer steps applied).
        synced_version: last version every policy server confirmed (-1 before any sync).
        samples_received: training samples made from inbox messages.
        messages_unusable: inbox messages that yielded no sample (scripted agents, no tokens).
        samples_buffered: samples waiting for the next batch.
        samples_trained: samples that entered a loss.
        samples_dropped_stale: samples dropped for ``max_staleness``.
        steps: train_step calls that updated the weights.
        batches_skipped: batches skipped (empty / zero advantage / NaN), all reasons together.
        batches_nan: batches skipped for a non-finite loss.
        syncs: weight syncs all servers confirmed.
        checkpoints: checkpoints written.
        last_loss: loss of the last step that updated the weights.
        last_step_seconds: wall time of the last train_step (seconds).
        last_sync_seconds: wall time of the last weight sync (seconds).
    """

    policy_version: int = 0
    synced_version: int = -1
    samples_received: int = 0
    messages_unusable: int = 0
    samples_buffered: int = 0
    samples_trained: int = 0
    samples_dropped_stale: int = 0
    steps: int = 0
    batches_skipped: int = 0
    batches_nan: int = 0
    syncs: int = 0
    checkpoints: int = 0
    last_loss: float = 0.0
    last_step_seconds: float = 0.0
    last_sync_seconds: float = 0.0


LEAK_FLAGS = frozenset({"hint_states_answer", "answer_in_observations"})
"""Critic flags that mean the hint or observations give the answer away."""


def _design_sample(proposal: EnvProposed | None, reward: float) -> list[TrainingSample]:
    if proposal is None or not proposal.output_ids or proposal.policy_version < 0:
        return []
    p, t = len(proposal.prompt_ids), len(proposal.output_ids)
    if len(proposal.output_logprobs) != t:
        return []
    return [
        TrainingSample(
            role="designer",
            group_id=proposal.group_id or proposal.env_id,
            input_ids=[*proposal.prompt_ids, *proposal.output_ids],
            loss_mask=[0] * p + [1] * t,
            rollout_logprobs=[0.0] * p + list(proposal.output_logprobs),
            reward=reward,
            policy_version=proposal.policy_version,
        )
    ]


def _episode_samples(ep: EpisodeFinished) -> list[TrainingSample]:
    """One sequence per episode when each turn's prompt extends the previous turn's prompt +
    output (multi-turn token-in/token-out); else one sample per turn, each with the episode's
    return (then a group's mean weighs episodes by their turn counts)."""
    turns = [t for t in ep.turns if t.output_ids and len(t.output_logprobs) == len(t.output_ids)]
    if not turns or ep.policy_version < 0:
        return []
    group = ep.group_id or f"{ep.env_id}/{'hint' if ep.hinted else 'nohint'}"

    def sample(ids: list[int], mask: list[int], lps: list[float]) -> TrainingSample:
        return TrainingSample(
            role="agent",
            group_id=group,
            input_ids=ids,
            loss_mask=mask,
            rollout_logprobs=lps,
            reward=ep.episode_return,
            policy_version=ep.policy_version,
        )

    ids: list[int] = []
    mask: list[int] = []
    lps: list[float] = []
    merged = True
    for t in turns:
        if ids and t.prompt_ids[: len(ids)] != ids:
            merged = False
            break
        extra = list(t.prompt_ids[len(ids) :])
        ids += extra + list(t.output_ids)
        mask += [0] * len(extra) + [1] * len(t.output_ids)
        lps += [0.0] * len(extra) + list(t.output_logprobs)
    if merged:
        return [sample(ids, mask, lps)]
    return [
        sample(
            [*t.prompt_ids, *t.output_ids],
            [0] * len(t.prompt_ids) + [1] * len(t.output_ids),
            [0.0] * len(t.prompt_ids) + list(t.output_logprobs),
        )
        for t in turns
    ]


def samples_from(message: LearnerIn, config: LearnerConfig) -> list[TrainingSample]:
    """The training samples one inbox message yields.

    - ``TrainingSample``: itself.
    - ``EnvScored``: the design, reward = hint-based regret (DESIGN.md §1); a design flagged
      with a leak (``LEAK_FLAGS``) gets the ``hint_leak`` rejection penalty instead.
    - ``EnvRejected``: the design (when the proposal is attached), reward =
      ``config.rejected_penalty_by_reason[reason]``, else ``config.rejected_penalty``.
    - ``EpisodeFinished``: the Agent's tokens, reward = the episode's return.

    Messages without model-written tokens (scripted agents, seed designs with
    ``policy_version == -1``) yield nothing.
    """
    match message:
        case TrainingSample():
            return [message]
        case EnvScored(proposal=proposal, regret=regret, flags=flags):
            if LEAK_FLAGS.intersection(flags):
                # a hint that states the answer lifts success by telling it, not by teaching a
                # method: paying its raw regret would train the Designer to leak answers
                penalty = config.rejected_penalty_by_reason.get(
                    "hint_leak", config.rejected_penalty
                )
                return _design_sample(proposal, penalty)
            return _design_sample(proposal, float(regret))
        case EnvRejected(reason="not_measured"):
            return []  # the policy failed, not the design: nothing to learn about it
        case EnvRejected(proposal=proposal, reason=reason):
            penalty = config.rejected_penalty_by_reason.get(reason, config.rejected_penalty)
            return _design_sample(proposal, penalty)
        case EpisodeFinished():
            return _episode_samples(message)
    return []


Starter = Callable[[LearnerConfig, str | os.PathLike[str], str | os.PathLike[str]], Any]


class Learner:
    """The Learner actor (``run`` + ``statistics``, see docs/INTERFACES.md "Actors").

    Args:
        config: the ``[learner]`` section.
        model_path: Hugging Face model directory the ranks load.
        run_dir: run directory (weights/, checkpoints/, logs/); a run resumes from it.
        client: the policy client weights are pushed through (``PolicyClient``), or ``None``
            to train without syncing (offline).
        warm_start: SFT samples trained for ``config.sft_epochs`` epochs before the first
            batch, unless the run resumed from a checkpoint.
        warm_eval: held-back SFT samples whose per-role loss is measured before and after the
            warm start (:attr:`warm_start_eval`).
        start: the learner factory (tests pass a fake); ``start_learner`` by default.
    """

    name = "learner"

    def __init__(
        self,
        config: LearnerConfig,
        model_path: str | os.PathLike[str],
        run_dir: str | os.PathLike[str],
        client: WeightsClient | None = None,
        *,
        warm_start: Sequence[TrainingSample] = (),
        warm_eval: Sequence[TrainingSample] = (),
        start: Starter = start_learner,
    ) -> None:
        self.config = config
        self.model_path = model_path
        self.run_dir = run_dir
        self.client = client
        self.warm_start = list(warm_start)
        self.warm_eval = list(warm_eval)
        self.warm_start_eval: WarmStartEval | None = None
        """Per-role losses of the warm start, set before its weights are synced."""
        self._start = start
        self._stats = LearnerStatistics()
        self._buffer: list[TrainingSample] = []
        self.policy_version = 0
        """Weight version of the learner (restored from the checkpoint on resume)."""
        self.last_report: StepReport | None = None

    def statistics(self) -> LearnerStatistics:
        """Current counters (a frozen snapshot)."""
        return msgspec.structs.replace(
            self._stats, policy_version=self.policy_version, samples_buffered=len(self._buffer)
        )

    def _count(self, **changes: Any) -> None:
        self._stats = msgspec.structs.replace(self._stats, **changes)

    async def run(
        self,
        inbox: trio.abc.ReceiveChannel[LearnerIn],
        *outboxes: trio.abc.SendChannel[WeightsUpdated],
        task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED,
    ) -> None:
        """Start the ranks, then train on every ``batch_size`` samples until the inbox closes.

        After each step that changed the weights (and once at start when resuming from a
        checkpoint): sync to the servers (when a client is given) and send ``WeightsUpdated``
        to every outbox; checkpoint every ``checkpoint_every``
        steps. When the inbox closes, a last partial batch is trained, the weights synced and a
        checkpoint written. An outbox whose receiver is gone is dropped. Cancellation stops the
        ranks; the last checkpoint stays on disk.

        Raises:
            engine.errors.WorkerDied: a rank exited.
            engine.errors.WeightSyncError: servers did not confirm a version.
        """
        async with contextlib.AsyncExitStack() as stack:
            for box in outboxes:
                await stack.enter_async_context(box)
            subscribers = list(outboxes)
            learner: LearnerHandle = await stack.enter_async_context(
                self._start(self.config, self.model_path, self.run_dir)
            )
            self.policy_version = learner.policy_version
            task_status.started()
            resumed = bool(getattr(learner.hello, "resumed_from", ""))
            if resumed and self.client is not None:
                # The servers may serve weights newer than the checkpoint (written after it,
                # then lost): serve the checkpoint's own weights before any new rollout.
                await self._sync(learner, subscribers)
            if self.warm_start and self.config.sft_epochs > 0 and not resumed:
                before = await self._held_nll(learner)
                report = await learner.sft(self.warm_start, epochs=self.config.sft_epochs)
                self.warm_start_eval = WarmStartEval(
                    train=dict(report.role_loss),
                    held_before=before,
                    held_after=await self._held_nll(learner),
                )
                await self._after_step(learner, report, subscribers, force_checkpoint=True)
            async for message in inbox:
                made = samples_from(message, self.config)
                if made:
                    self._count(samples_received=self._stats.samples_received + len(made))
                else:
                    self._count(messages_unusable=self._stats.messages_unusable + 1)
                self._buffer.extend(made)
                while len(self._buffer) >= self.config.batch_size:
                    batch = self._buffer[: self.config.batch_size]
                    del self._buffer[: self.config.batch_size]
                    await self._train(learner, batch, subscribers)
            if self._buffer:
                batch, self._buffer = self._buffer, []
                await self._train(learner, batch, subscribers, force_checkpoint=True)
            elif self._stats.steps and self._stats.steps % self.config.checkpoint_every:
                await learner.save_checkpoint()
                self._count(checkpoints=self._stats.checkpoints + 1)

    async def _held_nll(self, learner: LearnerHandle) -> dict[str, float]:
        if not self.warm_eval:
            return {}
        logprobs = await learner.logprobs(self.warm_eval)
        return _role_nll(self.warm_eval, logprobs, self.config.max_seq_tokens)

    async def _train(
        self,
        learner: LearnerHandle,
        batch: list[TrainingSample],
        subscribers: list[trio.abc.SendChannel[WeightsUpdated]],
        *,
        force_checkpoint: bool = False,
    ) -> None:
        report = await learner.train_step(batch)
        await self._after_step(learner, report, subscribers, force_checkpoint=force_checkpoint)

    async def _sync(
        self, learner: LearnerHandle, subscribers: list[trio.abc.SendChannel[WeightsUpdated]]
    ) -> None:
        assert self.client is not None
        t0 = time.perf_counter()
        update = await learner.sync_weights(self.client)
        self._count(
            syncs=self._stats.syncs + 1,
            synced_version=update.version,
            last_sync_seconds=time.perf_counter() - t0,
        )
        for box in list(subscribers):
            try:
                await box.send(update)
            except (trio.BrokenResourceError, trio.ClosedResourceError):
                subscribers.remove(box)

    async def _after_step(
        self,
        learner: LearnerHandle,
        report: StepReport,
        subscribers: list[trio.abc.SendChannel[WeightsUpdated]],
        *,
        force_checkpoint: bool = False,
    ) -> None:
        self.last_report = report
        s = self._stats
        changes: dict[str, Any] = {
            "samples_dropped_stale": s.samples_dropped_stale + report.dropped_stale,
            "last_step_seconds": report.seconds,
        }
        if report.skipped:
            changes["batches_skipped"] = s.batches_skipped + 1
            if report.skipped == "nan_loss":
                changes["batches_nan"] = s.batches_nan + 1
            self._count(**changes)
            return
        changes.update(
            steps=s.steps + 1,
            samples_trained=s.samples_trained + report.samples_used,
            last_loss=report.loss,
        )
        self._count(**changes)
        self.policy_version = report.policy_version
        if self.client is not None:
            await self._sync(learner, subscribers)
        if force_checkpoint or self._stats.steps % self.config.checkpoint_every == 0:
            await learner.save_checkpoint()
            self._count(checkpoints=self._stats.checkpoints + 1)
