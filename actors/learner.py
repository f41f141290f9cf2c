"""The Learner actor: batches training samples, steps the FSDP ranks, syncs weights.

A thin trio proxy over ``engine.learner.start_learner``: every torch computation and collective
runs in the rank processes. The actor turns what reaches its inbox into ``TrainingSample`` s
(designer samples from ``EnvScored``/``EnvRejected``, agent samples from ``EpisodeFinished``),
holds each GRPO group until all its members reported (``group_size`` messages: designs or
episodes, including those that yield no sample), steps once at least ``batch_size`` samples of
whole groups are ready, pushes the new weights to the policy servers through the client, and
announces ``WeightsUpdated`` to every outbox (Designer, Agent, Hinter).

Training overlaps rollouts: one task takes the inbox (the *intake*), another trains (the
*trainer*), so the inbox keeps draining while a step, a weight sync or a checkpoint runs and
the Critic and the Agent never wait for the learner. The queue between them is bounded by
staleness, never by blocking: a ready group all of whose samples are older than
``max_staleness`` versions is dropped (``samples_dropped_stale``), and beyond ``(max_staleness
+ 1) * batch_size`` queued samples (``queue_batches`` batches when set) the oldest whole groups
are dropped (``samples_dropped_overflow``): a sample that deep in a FIFO would be trained
``max_staleness + 1`` steps later at the earliest, stale by then.

Whole groups matter because GRPO's advantage is relative to the group's mean: a group cut
across two batches would be normalised twice over the members each batch happens to hold
(rewards 1, 0, 0, 0 arriving in batches of 2 would give +1, -1 and then nothing, where the
group gives 0.75, -0.25, -0.25, -0.25). A group that cannot complete is dropped once none of
its samples could still be trained (all older than ``max_staleness`` versions), or when the
inbox closes; both are counted. Samples whose ``group_size`` is 0 (unknown) are batched as
they arrive, as before groups were tracked (``samples_unsized`` counts them).
"""

from __future__ import annotations

import contextlib
import os
import random
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
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

from ._regret import DesignerReward, designer_reward

__all__ = ["Learner", "LearnerStatistics", "WarmStartEval", "group_of", "samples_from"]


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


def _leaves(exc: BaseException) -> list[BaseException]:
    """The non-group exceptions inside ``exc``."""
    if isinstance(exc, BaseExceptionGroup):
        return [leaf for sub in exc.exceptions for leaf in _leaves(sub)]
    return [exc]


def _role_nll(
    samples: Sequence[TrainingSample], logprobs: Sequence[Sequence[float]], max_tokens: int
) -> dict[str, float]:
    """Mean negative log-likelihood per target token of each role (nats).

    Args:
        samples: SFT samples (``loss_mask`` marks the target).
        logprobs: each sample's token logprobs, aligned with ``input_ids`` (``(L,)``).
        max_tokens: the learner's ``max_seq_tokens``: target tokens past it are left out, as
            in training (a sample keeps its first ``max_tokens`` tokens; its first token is
            never predicted).

    Returns:
        Role -> mean NLL; roles without target tokens are absent.
    """
    total: dict[str, float] = {}
    count: dict[str, int] = {}
    for s, lp in zip(samples, logprobs, strict=True):
        for i in range(1, min(len(s.input_ids), max_tokens)):
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
        samples_buffered: samples held: in groups waiting for members or for a batch.
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
        groups_waiting: groups held now, waiting for members.
        groups_complete: groups all of whose members reported.
        groups_trained_whole: complete groups that entered a step that updated the weights.
        groups_dropped_incomplete: groups dropped before they completed: every sample stale
            (``max_staleness``), or still waiting when the inbox closed.
        samples_dropped_incomplete: the samples of those groups.
        samples_unsized: samples whose ``group_size`` was 0 (unknown), batched on arrival.
        tis_weight_mean: per role, the mean truncated importance weight
            ``min(pi_old / pi_rollout, tis_cap)`` over every policy-gradient token trained;
            1 on-policy, so its distance from 1 measures staleness and engine mismatch.
        tis_weight_mean_by_staleness: the same over both roles, per staleness (versions
            between the sample's weights and the learner's when it was trained, ``"0"``...).
        tis_tokens: per role, the tokens ``tis_weight_mean`` is over.
        samples_received_while_training: samples the intake took while a step (train step,
            weight sync, checkpoint) ran: what training overlapped.
        samples_dropped_overflow: samples of whole groups dropped because the ready queue held
            more than its bound (oldest first).
        queue_samples_max: the most samples the ready queue held at once.
        queue_limit: the ready queue's bound (samples).
        samples_replayed: replay samples (``learner.replay_*``, ``engine.replay``) mixed into
            the steps that updated the weights.
        replay_loss: per role, the mean NLL per replay token (nats) of the last step with
            replay; how well the policy still does what the replay file shows.
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
    groups_waiting: int = 0
    groups_complete: int = 0
    groups_trained_whole: int = 0
    groups_dropped_incomplete: int = 0
    samples_dropped_incomplete: int = 0
    samples_unsized: int = 0
    tis_weight_mean: dict[str, float] = {}
    tis_weight_mean_by_staleness: dict[str, float] = {}
    tis_tokens: dict[str, int] = {}
    samples_received_while_training: int = 0
    samples_dropped_overflow: int = 0
    queue_samples_max: int = 0
    queue_limit: int = 0
    samples_replayed: int = 0
    replay_loss: dict[str, float] = {}


LEAK_FLAGS = frozenset({"hint_states_answer", "answer_in_observations"})
INTEGRITY_FLAGS = frozenset({"constant_solution", "information_gate"})
"""Flags of ``actors._scoring``'s replay checks: designer reward 0 (not frontier)."""
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
            temperature=proposal.temperature,
            group_size=proposal.group_size,
        )
    ]


def _episode_group(ep: EpisodeFinished) -> str:
    return ep.group_id or f"{ep.env_id}/{'hint' if ep.hinted else 'nohint'}"


def group_of(message: LearnerIn) -> tuple[str, str, int] | None:
    """``(role, group_id, group_size)`` of the GRPO group a message is one member of.

    Every design outcome and every episode is one member, whether or not it yields a sample
    (an unmeasured design, a scripted episode), so a group's member count reaches its size.
    ``None`` for a design outcome without its proposal.
    """
    match message:
        case TrainingSample():
            return message.role, message.group_id, message.group_size
        case EnvScored(proposal=p) | EnvRejected(proposal=p) if p is not None:
            return "designer", p.group_id or p.env_id, p.group_size
        case EpisodeFinished():
            return "agent", _episode_group(message), message.group_size
    return None


def _episode_samples(ep: EpisodeFinished) -> list[TrainingSample]:
    """One sequence per episode when each turn's prompt extends the previous turn's prompt +
    output (multi-turn token-in/token-out); else one sample per turn, each with the episode's
    return (then a group's mean weighs episodes by their turn counts)."""
    turns = [t for t in ep.turns if t.output_ids and len(t.output_logprobs) == len(t.output_ids)]
    if not turns or ep.policy_version < 0:
        return []
    group = _episode_group(ep)

    def sample(ids: list[int], mask: list[int], lps: list[float]) -> TrainingSample:
        return TrainingSample(
            role="agent",
            group_id=group,
            input_ids=ids,
            loss_mask=mask,
            rollout_logprobs=lps,
            reward=ep.episode_return,
            policy_version=ep.policy_version,
            temperature=ep.temperature,
            group_size=ep.group_size,
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


def samples_from(
    message: LearnerIn, config: LearnerConfig, reward: DesignerReward = "regret"
) -> list[TrainingSample]:
    """The training samples one inbox message yields.

    - ``TrainingSample``: itself.
    - ``EnvScored``: the design, reward = hint-based regret (DESIGN.md §1), or the proxy
      ``reward`` names (``designer.reward``, :func:`actors._regret.designer_reward`); a design flagged
      with a leak (``LEAK_FLAGS``) gets the ``hint_leak`` rejection penalty instead, one
      flagged as an information gate (``INTEGRITY_FLAGS``) gets 0.
    - ``EnvRejected``: the design (when the proposal is attached), reward =
      ``config.rejected_penalty_by_reason[reason]``, else ``config.rejected_penalty``.
    - ``EpisodeFinished``: the Agent's tokens, reward = the episode's return.

    Messages without model-written tokens (scripted agents, seed designs with
    ``policy_version == -1``) yield nothing.
    """
    match message:
        case TrainingSample():
            return [message]
        case EnvScored(
            proposal=proposal, success_without=p0, success_with=p1, regret=regret, flags=flags
        ):
            if INTEGRITY_FLAGS.intersection(flags):
                # an information gate (a constant answer, a word only the hint holds): the
                # hint lifts success by telling, not teaching; no designer reward
                return _design_sample(proposal, 0.0)
            if LEAK_FLAGS.intersection(flags):
                # a hint that states the answer lifts success by telling it, not by teaching a
                # method: paying its raw regret would train the Designer to leak answers
                penalty = config.rejected_penalty_by_reason.get(
                    "hint_leak", config.rejected_penalty
                )
                return _design_sample(proposal, penalty)
            if reward == "regret":
                return _design_sample(proposal, float(regret))
            return _design_sample(proposal, designer_reward(reward, p0, p1))
        case EnvRejected(reason="not_measured"):
            return []  # the policy failed, not the design: nothing to learn about it
        case EnvRejected(reason="critic_error"):
            return []  # the Critic's own check failed: no verdict on the design
        case EnvRejected(proposal=proposal, reason=reason):
            penalty = config.rejected_penalty_by_reason.get(reason, config.rejected_penalty)
            return _design_sample(proposal, penalty)
        case EpisodeFinished():
            return _episode_samples(message)
    return []


Starter = Callable[[LearnerConfig, str | os.PathLike[str], str | os.PathLike[str]], Any]


@dataclass
class _Group:
    """A GRPO group being collected: ``arrived`` of ``size`` members so far."""

    size: int
    arrived: int = 0
    samples: list[TrainingSample] = field(default_factory=list)


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
        replay: supervised samples of which ``config.replay_per_step``, drawn at random
            (seeded by ``config.seed`` and the policy version), join every step
            (``engine.replay``: PPO-ptx).
        start: the learner factory (tests pass a fake); ``start_learner`` by default.
        designer_reward: what a scored design pays the Designer (``designer.reward``).
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
        replay: Sequence[TrainingSample] = (),
        start: Starter = start_learner,
        designer_reward: DesignerReward = "regret",
    ) -> None:
        self.config = config
        self.designer_reward: DesignerReward = designer_reward
        """What a scored design pays the Designer (``designer.reward``)."""
        self.model_path = model_path
        self.run_dir = run_dir
        self.client = client
        self.warm_start = list(warm_start)
        self.warm_eval = list(warm_eval)
        self.replay = list(replay)
        self.warm_start_eval: WarmStartEval | None = None
        """Per-role losses of the warm start, set before its weights are synced."""
        self._start = start
        self._stats = LearnerStatistics()
        self._open: dict[tuple[str, str], _Group] = {}
        """Groups waiting for members, by (role, group_id)."""
        self._ready: deque[list[TrainingSample]] = deque()
        """Whole groups (or unsized arrivals) waiting for a batch, in completion order."""
        self._ready_samples = 0
        self._tis_sum: dict[str, float] = {}
        self._tis_tokens: dict[str, int] = {}
        self.policy_version = 0
        """Weight version of the learner (restored from the checkpoint on resume)."""
        self.last_report: StepReport | None = None
        batches = config.queue_batches or config.max_staleness + 1
        self.queue_limit = max(batches * config.batch_size, config.batch_size)
        """Most samples the ready queue holds (whole groups beyond it are dropped)."""
        self._training = False
        self._intake_done = False
        self._more = trio.Event()

    def statistics(self) -> LearnerStatistics:
        """Current counters (a frozen snapshot)."""
        by_role: dict[str, list[float]] = {}
        by_staleness: dict[str, list[float]] = {}
        for key, total in self._tis_sum.items():
            role, staleness = key.rsplit("/", 1)
            for acc, k in ((by_role, role), (by_staleness, staleness)):
                acc.setdefault(k, [0.0, 0.0])
                acc[k][0] += total
                acc[k][1] += self._tis_tokens[key]
        held = sum(len(g.samples) for g in self._open.values())
        return msgspec.structs.replace(
            self._stats,
            policy_version=self.policy_version,
            samples_buffered=self._ready_samples + held,
            groups_waiting=len(self._open),
            tis_weight_mean={k: v[0] / v[1] for k, v in sorted(by_role.items()) if v[1]},
            tis_weight_mean_by_staleness={
                k: v[0] / v[1]
                for k, v in sorted(by_staleness.items(), key=lambda kv: int(kv[0]))
                if v[1]
            },
            tis_tokens={k: int(v[1]) for k, v in sorted(by_role.items())},
            queue_limit=self.queue_limit,
        )

    def _count(self, **changes: Any) -> None:
        self._stats = msgspec.structs.replace(self._stats, **changes)

    async def run(
        self,
        inbox: trio.abc.ReceiveChannel[LearnerIn],
        *outboxes: trio.abc.SendChannel[WeightsUpdated],
        task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED,
    ) -> None:
        """Start the ranks, then train on whole groups until the inbox closes.

        Each inbox message is one member of its group (``group_of``); a group is ready when
        ``group_size`` members arrived, and a step takes ready groups in completion order
        until it holds at least ``batch_size`` samples. The inbox is read by its own task
        while the steps run (see the module docstring). After each step that changed the
        weights (and once at start when resuming from a checkpoint): sync to the servers (when
        a client is given) and send ``WeightsUpdated`` to every outbox; checkpoint every
        ``checkpoint_every`` steps; drop the waiting groups whose samples are all stale. When
        the inbox closes, the groups still waiting are dropped (counted), the ready ones
        trained as a last batch, the weights synced and a checkpoint written. An outbox whose
        receiver is gone is dropped. Cancellation stops the ranks; the last checkpoint stays on
        disk.

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
            try:
                async with trio.open_nursery() as nursery:
                    nursery.start_soon(self._intake, inbox)
                    await self._trainer(learner, subscribers)
            except BaseExceptionGroup as group:
                # the intake/trainer nursery is an implementation detail: a rank's
                # WorkerDied leaves this actor as itself (the run restarts on it)
                errors = [e for e in _leaves(group) if not isinstance(e, trio.Cancelled)]
                if len(errors) == 1:
                    raise errors[0] from errors[0].__cause__
                raise

    async def _intake(self, inbox: trio.abc.ReceiveChannel[LearnerIn]) -> None:
        """Take every inbox message as it comes (never waiting for a step): make its samples,
        count it in its group, bound the ready queue, wake the trainer."""
        async for message in inbox:
            made = samples_from(message, self.config, self.designer_reward)
            s = self._stats
            if made:
                self._count(samples_received=s.samples_received + len(made))
                if self._training:
                    self._count(
                        samples_received_while_training=s.samples_received_while_training
                        + len(made)
                    )
            else:
                self._count(messages_unusable=s.messages_unusable + 1)
            self._collect(group_of(message), made)
            self._bound_queue()
            self._more.set()
        self._intake_done = True
        self._more.set()

    async def _trainer(
        self,
        learner: LearnerHandle,
        subscribers: list[trio.abc.SendChannel[WeightsUpdated]],
    ) -> None:
        """Resume sync and warm start, then a step whenever a batch is ready, until the
        intake is done; then the last partial batch and a checkpoint."""
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
        while True:
            self._bound_queue()
            if self._ready_samples >= self.config.batch_size:
                await self._train(learner, self._cut(self.config.batch_size), subscribers)
                continue
            if self._intake_done:
                break
            self._more = trio.Event()
            await self._more.wait()
        self._drop_open(lambda g: True)
        self._open.clear()  # groups without a sample: nothing to drop
        if self._ready:
            batch = self._cut(self._ready_samples)
            await self._train(learner, batch, subscribers, force_checkpoint=True)
        elif self._stats.steps and self._stats.steps % self.config.checkpoint_every:
            await learner.save_checkpoint()
            self._count(checkpoints=self._stats.checkpoints + 1)

    def _bound_queue(self) -> None:
        """Drop (and count) the ready groups that can no longer be trained (every sample older
        than ``max_staleness`` versions), then the oldest groups beyond ``queue_limit``."""
        oldest = self.policy_version - self.config.max_staleness
        stale = 0
        kept: deque[list[TrainingSample]] = deque()
        for group in self._ready:
            if all(x.policy_version < oldest for x in group):
                stale += len(group)
            else:
                kept.append(group)
        overflow = 0
        while kept and self._ready_samples - stale - overflow > self.queue_limit:
            overflow += len(kept.popleft())
        if stale or overflow:
            self._ready = kept
            self._ready_samples -= stale + overflow
            s = self._stats
            self._count(
                samples_dropped_stale=s.samples_dropped_stale + stale,
                samples_dropped_overflow=s.samples_dropped_overflow + overflow,
            )
        if self._ready_samples > self._stats.queue_samples_max:
            self._count(queue_samples_max=self._ready_samples)

    def _collect(self, group: tuple[str, str, int] | None, made: list[TrainingSample]) -> None:
        """Count one member of ``group`` (with its samples ``made``); a group whose last member
        arrived moves to the ready queue whole."""
        if group is None or group[2] <= 0:
            if made:
                self._ready.append(made)
                self._ready_samples += len(made)
                self._count(samples_unsized=self._stats.samples_unsized + len(made))
            return
        role, group_id, size = group
        g = self._open.setdefault((role, group_id), _Group(size=size))
        g.arrived += 1
        g.samples.extend(made)
        if g.arrived < g.size:
            return
        del self._open[(role, group_id)]
        self._count(groups_complete=self._stats.groups_complete + 1)
        if g.samples:
            self._ready.append(g.samples)
            self._ready_samples += len(g.samples)

    def _cut(self, at_least: int) -> list[TrainingSample]:
        """The next batch: whole ready groups in completion order, at least ``at_least``
        samples (or all that are ready)."""
        batch: list[TrainingSample] = []
        while self._ready and len(batch) < at_least:
            batch.extend(self._ready.popleft())
        self._ready_samples -= len(batch)
        return batch

    def _drop_open(self, expired: Callable[[_Group], bool]) -> None:
        """Drop and count the waiting groups ``expired`` says can no longer be trained."""
        for key, g in list(self._open.items()):
            if g.samples and expired(g):
                del self._open[key]
                s = self._stats
                self._count(
                    groups_dropped_incomplete=s.groups_dropped_incomplete + 1,
                    samples_dropped_incomplete=s.samples_dropped_incomplete + len(g.samples),
                )

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
        self._training = True
        try:
            replayed = self._replay_for(batch)
            report = await learner.train_step(batch + replayed)
            whole = len({(x.role, x.group_id) for x in batch if x.group_size > 0 and not x.sft})
            if replayed and not report.skipped:
                self._count(
                    samples_replayed=self._stats.samples_replayed + len(replayed),
                    replay_loss=dict(report.role_loss),
                )
            await self._after_step(
                learner, report, subscribers, force_checkpoint=force_checkpoint, whole_groups=whole
            )
        finally:
            self._training = False

    def _replay_for(self, batch: list[TrainingSample]) -> list[TrainingSample]:
        """The replay samples joining a step of ``batch``: ``config.replay_per_step`` drawn
        without replacement (all when fewer), seeded by ``config.seed`` and the policy version
        (a resumed run draws the same); none for a batch without a policy-gradient sample."""
        k = min(self.config.replay_per_step, len(self.replay))
        if k == 0 or all(x.sft for x in batch):
            return []
        rng = random.Random(f"replay/{self.config.seed}/{self.policy_version}")
        return rng.sample(self.replay, k)

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
        whole_groups: int = 0,
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
            groups_trained_whole=s.groups_trained_whole + whole_groups,
        )
        for key, total in report.tis_weight_sum.items():
            self._tis_sum[key] = self._tis_sum.get(key, 0.0) + total
            self._tis_tokens[key] = self._tis_tokens.get(key, 0) + report.tis_tokens.get(key, 0)
        self._count(**changes)
        self.policy_version = report.policy_version
        # A waiting group none of whose samples is still fresh enough can never be trained.
        oldest = self.policy_version - self.config.max_staleness
        self._drop_open(lambda g: all(x.policy_version < oldest for x in g.samples))
        if self.client is not None:
            await self._sync(learner, subscribers)
        if force_checkpoint or self._stats.steps % self.config.checkpoint_every == 0:
            await learner.save_checkpoint()
            self._count(checkpoints=self._stats.checkpoints + 1)
