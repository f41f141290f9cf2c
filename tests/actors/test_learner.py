"""The Learner actor: message -> sample conversion, batching, sync fan-out, shutdown."""

from __future__ import annotations

import math
from collections.abc import Callable
from contextlib import asynccontextmanager
from pathlib import Path

import msgspec
import pytest
import trio
import trio.testing

from actors.learner import Learner, LearnerStatistics, group_of, samples_from
from engine.config import LearnerConfig
from engine.learner import StepReport
from engine.learner._batch import prepare_batch
from engine.messages import (
    EnvProposed,
    EnvRejected,
    EnvScored,
    EpisodeFinished,
    TrainingSample,
    Turn,
    WeightsUpdated,
)

CFG = LearnerConfig(batch_size=2, checkpoint_every=2, rejected_penalty=-0.5)


def _sample(
    reward: float, group: str = "g", version: int = 0, group_size: int = 0
) -> TrainingSample:
    return TrainingSample(
        role="agent",
        group_id=group,
        input_ids=[1, 2, 3, 4],
        loss_mask=[0, 0, 1, 1],
        rollout_logprobs=[0.0, 0.0, -1.0, -1.0],
        reward=reward,
        policy_version=version,
        group_size=group_size,
    )


def _proposal(version: int = 3, env_id: str = "e1", group_size: int = 0) -> EnvProposed:
    return EnvProposed(
        env_id=env_id,
        group_id="req1",
        source="class Env: ...",
        policy_version=version,
        prompt_ids=[7, 8, 9],
        output_ids=[10, 11],
        output_logprobs=[-0.5, -0.25],
        temperature=0.5,
        group_size=group_size,
    )


def _scored(regret: float, proposal: EnvProposed) -> EnvScored:
    return EnvScored(
        env_id=proposal.env_id,
        proposal=proposal,
        hint="h",
        k=4,
        success_without=0.0,
        success_with=regret,
        regret=regret,
        ci_low=0.0,
        ci_high=1.0,
        accepted=False,
    )


def _episode(episode_return: float, i: int, version: int = 0) -> EpisodeFinished:
    turn = Turn(prompt_ids=[1, 2], output_ids=[3, 4], output_logprobs=[-0.1, -0.2])
    return EpisodeFinished(
        episode_id=f"b{i}",
        env_id="e9",
        group_id="e9:hint",
        turns=[turn],
        episode_return=episode_return,
        policy_version=version,
        temperature=1.0,
        group_size=2,
    )


def test_designer_samples_from_scores_and_rejections() -> None:
    scored = EnvScored(
        env_id="e1",
        proposal=_proposal(),
        hint="h",
        k=4,
        success_without=0.25,
        success_with=0.75,
        regret=0.5,
        ci_low=0.1,
        ci_high=0.9,
        accepted=True,
    )
    (s,) = samples_from(scored, CFG)
    assert s.role == "designer" and s.group_id == "req1" and s.reward == 0.5
    assert s.input_ids == [7, 8, 9, 10, 11]
    assert s.loss_mask == [0, 0, 0, 1, 1]
    assert s.rollout_logprobs == [0.0, 0.0, 0.0, -0.5, -0.25]
    assert s.policy_version == 3
    assert (s.temperature, s.group_size) == (0.5, 0)  # the proposal's
    rejected = EnvRejected(env_id="e1", group_id="req1", reason="api", proposal=_proposal())
    (r,) = samples_from(rejected, CFG)
    assert r.reward == -0.5
    # a score the policy could not measure teaches the Designer nothing
    unmeasured = EnvRejected(env_id="e1", reason="not_measured", proposal=_proposal())
    assert samples_from(unmeasured, CFG) == []
    # nor does a design the Critic's own code failed on
    failed = EnvRejected(env_id="e1", reason="critic_error", proposal=_proposal())
    assert samples_from(failed, CFG) == []
    # a hint that states the answer is not paid its (raw, perfect) regret
    leaky = msgspec.structs.replace(scored, regret=1.0, flags=["hint_states_answer"])
    assert samples_from(leaky, CFG)[0].reward == -0.5
    # graded by how far the design got: unparseable < does not compile < any later check
    for reason, reward in (("unparseable", -1.0), ("compile", -0.75), ("nondeterministic", -0.5)):
        rej = EnvRejected(env_id="e1", group_id="req1", reason=reason, proposal=_proposal())
        assert samples_from(rej, CFG)[0].reward == reward
    # Seed/user designs (no model tokens) and rejections without the proposal give nothing.
    assert samples_from(EnvRejected(env_id="e", reason="compile"), CFG) == []
    assert (
        samples_from(EnvRejected(env_id="e", reason="api", proposal=_proposal(version=-1)), CFG)
        == []
    )


def test_agent_episode_becomes_one_sequence_when_turns_extend_each_other() -> None:
    t1 = Turn(prompt_ids=[1, 2], output_ids=[3], output_logprobs=[-0.1], reward=0.0)
    t2 = Turn(prompt_ids=[1, 2, 3, 4, 5], output_ids=[6, 7], output_logprobs=[-0.2, -0.3])
    ep = EpisodeFinished(
        episode_id="x",
        env_id="e",
        group_id="grp",
        turns=[t1, t2],
        episode_return=1.0,
        policy_version=2,
    )
    (s,) = samples_from(ep, CFG)
    assert s.input_ids == [1, 2, 3, 4, 5, 6, 7]
    assert s.loss_mask == [0, 0, 1, 0, 0, 1, 1]
    assert s.rollout_logprobs == [0.0, 0.0, -0.1, 0.0, 0.0, -0.2, -0.3]
    assert (s.reward, s.group_id, s.policy_version) == (1.0, "grp", 2)
    # Re-templated prompts that do not extend the history: one sample per turn.
    t2b = Turn(prompt_ids=[9, 9, 9], output_ids=[6], output_logprobs=[-0.2])
    ep2 = EpisodeFinished(
        episode_id="y",
        env_id="e",
        turns=[t1, t2b],
        episode_return=0.5,
        policy_version=2,
    )
    per_turn = samples_from(ep2, CFG)
    assert [x.input_ids for x in per_turn] == [[1, 2, 3], [9, 9, 9, 6]]
    assert {x.group_id for x in per_turn} == {"e/nohint"}
    scripted = EpisodeFinished(episode_id="z", env_id="e", turns=[t1], policy_version=-1)
    assert samples_from(scripted, CFG) == []


class FakeHandle:
    def __init__(self, tis: dict[str, tuple[float, int]] | None = None) -> None:
        self.tis = tis or {}
        self.on_step: Callable[[], None] = lambda: None
        self.policy_version = 0
        self.hello = None
        self.batches: list[list[TrainingSample]] = []
        self.sft_calls: list[int] = []
        self.synced: list[int] = []
        self.checkpoints = 0

    async def train_step(self, batch: list[TrainingSample]) -> StepReport:
        self.on_step()
        self.batches.append(batch)
        if any(math.isnan(s.reward) for s in batch):
            return StepReport(
                loss=math.nan,
                samples_used=0,
                dropped_stale=0,
                skipped="nan_loss",
                policy_version=self.policy_version,
                seconds=0,
            )
        self.policy_version += 1
        return StepReport(
            loss=0.5,
            samples_used=len(batch),
            dropped_stale=0,
            skipped="",
            policy_version=self.policy_version,
            seconds=0.01,
            tis_weight_sum={k: v[0] for k, v in self.tis.items()},
            tis_tokens={k: v[1] for k, v in self.tis.items()},
        )

    async def sft(self, samples: list[TrainingSample], epochs: int) -> StepReport:
        self.sft_calls.append(epochs)
        self.policy_version += 1
        return StepReport(
            loss=1.0,
            role_loss={"agent": 0.75},
            role_tokens={"agent": 2 * len(samples)},
            samples_used=len(samples) * epochs,
            dropped_stale=0,
            skipped="",
            policy_version=self.policy_version,
            seconds=0.01,
        )

    async def logprobs(self, samples: list[TrainingSample]) -> list[list[float]]:
        # every token at -2 nats under the base weights, -0.5 after a step
        lp = -2.0 if self.policy_version == 0 else -0.5
        return [[0.0] + [lp * (i + 1) for i in range(len(s.input_ids) - 1)] for s in samples]

    async def sync_weights(self, client: object) -> WeightsUpdated:
        self.synced.append(self.policy_version)
        return WeightsUpdated(
            version=self.policy_version, path=f"v{self.policy_version}", checksum="c"
        )

    async def save_checkpoint(self) -> None:
        self.checkpoints += 1


def _starter(handle: FakeHandle):
    @asynccontextmanager
    async def start(config, model_path, run_dir):
        yield handle

    return start


async def test_batches_steps_syncs_and_fans_out_then_exits_on_inbox_close() -> None:
    handle = FakeHandle()
    learner = Learner(
        CFG, "m", "r", client=object(), start=_starter(handle), warm_start=[_sample(1.0)]
    )
    send, inbox = trio.open_memory_channel[object](4)
    out_a_send, out_a = trio.open_memory_channel[WeightsUpdated](10)
    out_b_send, out_b = trio.open_memory_channel[WeightsUpdated](10)
    out_b.close()  # a subscriber that went away is dropped, not fatal
    async with trio.open_nursery() as nursery:
        await nursery.start(learner.run, inbox, out_a_send, out_b_send)
        async with send:
            for r in (1.0, 0.0, 0.5, float("nan")):
                await send.send(_sample(r))
            await send.send(EnvRejected(env_id="e", reason="compile"))  # unusable
            await send.send(_sample(0.2))
    assert handle.sft_calls == [CFG.sft_epochs]
    assert [len(b) for b in handle.batches] == [2, 2, 1]
    versions = []
    async for update in out_a:  # closed by the actor on exit
        versions.append(update.version)
    assert versions == [1, 2, 3]
    stats = learner.statistics()
    assert isinstance(stats, LearnerStatistics)
    # the SFT warm start counts as a step (it changes the weights): 3 samples x 3 epochs
    assert (stats.steps, stats.batches_nan, stats.batches_skipped) == (3, 1, 1)
    assert (stats.samples_received, stats.messages_unusable, stats.samples_trained) == (5, 1, 6)
    assert (stats.syncs, stats.synced_version, stats.samples_buffered) == (3, 3, 0)
    assert learner.policy_version == 3
    # SFT (forced), step 2 (every 2 steps), final partial batch (forced)
    assert handle.checkpoints == 3


async def _run(learner: Learner, messages: list[object]) -> None:
    send, inbox = trio.open_memory_channel[object](0)
    out_send, out = trio.open_memory_channel[WeightsUpdated](100)
    async with trio.open_nursery() as nursery:
        await nursery.start(learner.run, inbox, out_send)
        async with send:
            for m in messages:
                await send.send(m)
    out.close()


async def test_a_group_split_across_arrival_batches_is_trained_whole() -> None:
    # The issue-22 case: batches of 2, a group whose rewards arrive as 1, 0, 0, 0. Cut in arrival
    # order it gave advantages [+1, -1] and then a zero-advantage batch.
    handle = FakeHandle()
    learner = Learner(CFG, "m", "r", start=_starter(handle))
    await _run(learner, [_sample(r, "g4", group_size=4) for r in (1.0, 0.0, 0.0, 0.0)])
    assert [len(b) for b in handle.batches] == [4]
    adv = [r.advantage for r in prepare_batch(handle.batches[0], 0, CFG).rows]
    assert adv == pytest.approx([0.75, -0.25, -0.25, -0.25], abs=1e-7)  # Dr. GRPO
    group_cfg = msgspec.structs.replace(CFG, scale_rewards="group")
    adv = [r.advantage for r in prepare_batch(handle.batches[0], 0, group_cfg).rows]
    assert adv == pytest.approx([0.75 / 0.5001] + [-0.25 / 0.5001] * 3, abs=1e-6)  # TRL group

    # Real messages, interleaved: a design group of 4 (one unmeasured: a member without a
    # sample) and an episode group of 2.
    handle = FakeHandle(tis={"agent/0": (2.0, 2), "designer/1": (3.0, 2)})
    learner = Learner(CFG, "m", "r", start=_starter(handle))
    props = [_proposal(version=0, env_id=f"d{i}", group_size=4) for i in range(4)]
    await _run(
        learner,
        [
            _scored(1.0, props[0]),
            _episode(1.0, 0),
            EnvRejected(env_id="d1", reason="not_measured", proposal=props[1]),
            _scored(0.0, props[2]),
            _episode(0.0, 1),  # the episode group completes first: trained on its own
            EnvRejected(env_id="d3", reason="api", proposal=props[3]),
        ],
    )
    assert [[(s.role, s.reward) for s in b] for b in handle.batches] == [
        [("agent", 1.0), ("agent", 0.0)],
        [("designer", 1.0), ("designer", 0.0), ("designer", -0.5)],
    ]
    assert {s.temperature for s in handle.batches[1]} == {0.5}
    adv = [r.advantage for r in prepare_batch(handle.batches[1], 0, CFG).rows]
    assert adv == pytest.approx([5 / 6, -1 / 6, -2 / 3], abs=1e-6)
    stats = learner.statistics()
    assert (stats.groups_complete, stats.groups_trained_whole) == (2, 2)
    assert (stats.groups_dropped_incomplete, stats.groups_waiting, stats.samples_unsized) == (
        0,
        0,
        0,
    )
    # mean TIS weight per role and per staleness, over both steps' tokens
    assert stats.tis_weight_mean == {"agent": 1.0, "designer": 1.5}
    assert stats.tis_weight_mean_by_staleness == {"0": 1.0, "1": 1.5}
    assert stats.tis_tokens == {"agent": 4, "designer": 4}
    assert "tis_weight_mean" in msgspec.to_builtins(stats)  # what statistics.json gets


async def test_incomplete_groups_expire_by_staleness_and_at_close() -> None:
    cfg = msgspec.structs.replace(CFG, max_staleness=1)
    handle = FakeHandle()
    learner = Learner(cfg, "m", "r", start=_starter(handle))
    dropped_before_step: list[int] = []
    handle.on_step = lambda: dropped_before_step.append(
        learner.statistics().groups_dropped_incomplete
    )
    await _run(
        learner,
        [
            _sample(1.0, "lost", version=0, group_size=3),  # never completes
            *[_sample(r, "a", version=0, group_size=2) for r in (1.0, 0.0)],  # step -> v1
            _sample(1.0, "late", version=1, group_size=2),  # still waiting at the close
            *[_sample(r, "b", version=1, group_size=2) for r in (1.0, 0.0)],  # step -> v2
            # at v2 group "lost" (version 0 < 2 - 1) can never be trained: dropped
            *[_sample(r, "c", version=2, group_size=2) for r in (0.0, 1.0)],  # step -> v3
        ],
    )
    assert [{s.group_id for s in b} for b in handle.batches] == [{"a"}, {"b"}, {"c"}]
    stats = learner.statistics()
    assert (stats.groups_dropped_incomplete, stats.samples_dropped_incomplete) == (2, 2)
    assert (stats.groups_complete, stats.groups_trained_whole, stats.groups_waiting) == (3, 3, 0)
    # "lost" expired after the second step; "late" was dropped when the inbox closed
    assert dropped_before_step == [0, 0, 1]
    assert group_of(_sample(1.0, "x", group_size=3)) == ("agent", "x", 3)
    assert group_of(EnvRejected(env_id="e", reason="compile")) is None


async def test_warm_start_reports_each_roles_loss_before_and_after() -> None:
    handle = FakeHandle()
    designer = msgspec.structs.replace(_sample(1.0), role="designer", loss_mask=[0, 1, 1, 1])
    learner = Learner(
        msgspec.structs.replace(CFG, max_seq_tokens=3),  # the first token is never predicted
        "m",
        "r",
        start=_starter(handle),
        warm_start=[_sample(1.0)],
        warm_eval=[designer, _sample(1.0)],
    )
    send, inbox = trio.open_memory_channel[object](0)
    async with trio.open_nursery() as nursery:
        await nursery.start(learner.run, inbox)
        await send.aclose()
    ev = learner.warm_start_eval
    assert ev is not None and ev.train == {"agent": 0.75}
    # a sample keeps its first 3 tokens (as in training); token i has logprob -2*i before and
    # -0.5*i after: the designer's targets are tokens 1 and 2, the agent's token 2 only
    assert ev.held_before == {"designer": 3.0, "agent": 4.0}
    assert ev.held_after == {"designer": 0.75, "agent": 1.0}


async def test_resumed_learner_syncs_the_checkpoint_weights_first() -> None:
    from types import SimpleNamespace

    handle = FakeHandle()
    handle.policy_version = 7
    handle.hello = SimpleNamespace(resumed_from="run/checkpoints/step_00000007")
    learner = Learner(
        CFG, "m", "r", client=object(), start=_starter(handle), warm_start=[_sample(1.0)]
    )
    send, inbox = trio.open_memory_channel[object](0)
    out_send, out = trio.open_memory_channel[WeightsUpdated](4)
    async with trio.open_nursery() as nursery:
        await nursery.start(learner.run, inbox, out_send)
        await send.aclose()
    assert handle.synced == [7]
    assert handle.sft_calls == []  # no warm start on a resumed run
    assert [u.version async for u in out] == [7]
    assert learner.policy_version == 7


async def test_exits_when_cancelled() -> None:
    handle = FakeHandle()
    learner = Learner(CFG, "m", "r", start=_starter(handle))
    send, inbox = trio.open_memory_channel[object](0)
    out_send, out = trio.open_memory_channel[WeightsUpdated](1)
    with trio.move_on_after(1) as scope:
        async with trio.open_nursery() as nursery:
            await nursery.start(learner.run, inbox, out_send)
            await send.send(_sample(1.0))
            nursery.cancel_scope.cancel()
    assert not scope.cancelled_caught
    with pytest.raises(trio.EndOfChannel):
        out.receive_nowait()
    assert learner.statistics().samples_buffered == 1


class _SlowHandle(FakeHandle):
    """A training step that lasts until the test opens ``gate`` (a slow GRPO step)."""

    def __init__(self) -> None:
        super().__init__()
        self.gate = trio.Event()
        self.in_step = trio.Event()
        self.versions_at_step: list[int] = []

    async def train_step(self, batch: list[TrainingSample]) -> StepReport:
        self.versions_at_step.append(self.policy_version)
        self.in_step.set()
        await self.gate.wait()
        return await super().train_step(batch)


async def test_intake_keeps_accepting_during_a_step_and_the_queue_is_bounded_by_staleness(
    autojump_clock: trio.testing.MockClock,
) -> None:
    # batches of 2, max_staleness 1: the ready queue holds (1 + 1) * 2 = 4 samples
    cfg = msgspec.structs.replace(CFG, max_staleness=1, checkpoint_every=100)
    handle = _SlowHandle()
    learner = Learner(cfg, "m", "r", start=_starter(handle))
    assert learner.queue_limit == 4
    send, inbox = trio.open_memory_channel[object](0)  # a rendezvous: a send waits for intake
    out_send, out = trio.open_memory_channel[WeightsUpdated](100)
    async with trio.open_nursery() as nursery:
        await nursery.start(learner.run, inbox, out_send)
        async with send:
            for r in (1.0, 0.0):
                await send.send(_sample(r))
            await handle.in_step.wait()  # step 1 runs (and does not end until the gate opens)
            # the Critic/Agent side keeps sending: every send is taken while the step runs
            # (a blocked send would hang here until the virtual clock hits the deadline)
            with trio.fail_after(60):
                for i in range(6):
                    await send.send(_sample(float(i % 2), f"g{i}"))
            await trio.testing.wait_all_tasks_blocked()  # the intake counted the last one
            during = learner.statistics()
            assert len(handle.batches) == 0 and not handle.gate.is_set()
            assert during.samples_received_while_training == 6
            # the queue stayed bounded: the two oldest dropped, the four newest kept
            assert (during.samples_buffered, during.queue_samples_max) == (4, 4)
            assert during.samples_dropped_overflow == 2
            handle.gate.set()  # step 1 -> v1; step 2 (v0 samples, staleness 1) -> v2
            await trio.testing.wait_all_tasks_blocked()
            # at v2 the last two v0 samples are staler than max_staleness: dropped, not trained
            assert learner.statistics().steps == 2
    out.close()
    stats = learner.statistics()
    assert [len(b) for b in handle.batches] == [2, 2]
    assert [s.group_id for s in handle.batches[1]] == ["g2", "g3"]
    assert (stats.samples_dropped_stale, stats.samples_dropped_overflow) == (2, 2)
    assert (stats.samples_received, stats.samples_trained, stats.samples_buffered) == (8, 4, 0)
    # the staleness bound held in every step: no sample older than max_staleness versions
    for version, batch in zip(handle.versions_at_step, handle.batches, strict=True):
        assert all(version - x.policy_version <= cfg.max_staleness for x in batch)


async def test_a_dead_rank_leaves_the_actor_as_worker_died() -> None:
    from engine.errors import WorkerDied

    handle = FakeHandle()

    def die() -> None:
        raise WorkerDied("learner rank 1 exited (killed by SIGKILL)")

    handle.on_step = die
    learner = Learner(CFG, "m", "r", start=_starter(handle))
    # WorkerDied itself, not wrapped in the actor's own task group: the run's restart logic
    # looks for WorkerDied in the cause chain (here only the test's nursery groups it)
    with pytest.RaisesGroup(pytest.RaisesExc(WorkerDied, match="rank 1")):
        await _run(learner, [_sample(1.0), _sample(0.0)])


class _Client:
    def __init__(self) -> None:
        self.versions: list[int] = []

    async def update_weights_from_disk(self, path: str, version: int):
        self.versions.append(version)
        return [{"success": True, "version": version}]


@pytest.mark.slow
async def test_real_ranks_train_sync_and_checkpoint(tmp_path: Path) -> None:
    import torch
    from transformers import Qwen3Config, Qwen3ForCausalLM

    torch.manual_seed(0)
    config = Qwen3Config(
        vocab_size=300,
        hidden_size=64,
        intermediate_size=128,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        head_dim=16,
        tie_word_embeddings=True,
    )
    model = tmp_path / "model"
    Qwen3ForCausalLM(config).save_pretrained(model)
    client = _Client()
    cfg = LearnerConfig(world_size=2, batch_size=2, checkpoint_every=1, lr=1e-2)
    learner = Learner(cfg, model, tmp_path / "run", client=client)
    send, inbox = trio.open_memory_channel[object](4)
    out_send, out = trio.open_memory_channel[WeightsUpdated](4)
    async with trio.open_nursery() as nursery:
        await nursery.start(learner.run, inbox, out_send)
        async with send:
            for r in (1.0, 0.0, 0.0, 1.0):
                await send.send(_sample(r, group="a"))
    updates = [u async for u in out]
    assert [u.version for u in updates] == [1, 2]
    assert client.versions == [1, 2]
    assert learner.policy_version == 2
    assert await trio.Path(updates[-1].path, "model.safetensors").is_file()
    assert await trio.Path(tmp_path, "run", "checkpoints", "step_00000002", "meta.json").is_file()


def test_designer_reward_ablation_pays_the_proxies() -> None:
    """designer.reward: regret, or the proxies p(1-p) and 1-p of the unhinted success p."""
    from actors._regret import designer_reward

    assert designer_reward("regret", 0.25, 0.75) == 0.5
    assert designer_reward("target50", 0.5, 0.5) == 0.25  # a coin flip: the proxy's best
    assert designer_reward("target50", 0.0, 1.0) == 0.0  # a learnable task: nothing
    assert designer_reward("failure", 0.0, 0.0) == 1.0  # impossible: the proxy's best
    assert designer_reward("failure", 0.25, 1.0) == 0.75
    with pytest.raises(ValueError, match="unknown designer reward"):
        designer_reward("nope", 0.0, 0.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="success_without"):
        designer_reward("regret", 1.5, 0.0)
    scored = EnvScored(
        env_id="e1",
        proposal=_proposal(),
        hint="h",
        k=4,
        success_without=0.25,
        success_with=0.75,
        regret=0.5,
        ci_low=0.1,
        ci_high=0.9,
        accepted=True,
    )
    assert samples_from(scored, CFG)[0].reward == 0.5
    assert samples_from(scored, CFG, "regret")[0].reward == 0.5
    assert samples_from(scored, CFG, "target50")[0].reward == 0.1875
    assert samples_from(scored, CFG, "failure")[0].reward == 0.75
    # the leak and gate penalties stand whatever the reward
    leaky = msgspec.structs.replace(scored, flags=["hint_states_answer"])
    assert samples_from(leaky, CFG, "failure")[0].reward == -0.5


async def test_replay_samples_join_every_policy_gradient_step() -> None:
    cfg = msgspec.structs.replace(CFG, replay_per_step=2)
    replay = [msgspec.structs.replace(_sample(0.0, f"r{i}"), sft=True) for i in range(5)]

    async def run_once() -> tuple[FakeHandle, Learner]:
        handle = FakeHandle()
        learner = Learner(cfg, "m", "r", start=_starter(handle), replay=replay)
        await _run(learner, [_sample(r, "g2", group_size=2) for r in (1.0, 0.0, 1.0, 0.5)])
        return handle, learner

    handle, learner = await run_once()
    assert len(handle.batches) == 2
    for batch in handle.batches:
        own, replayed = batch[:2], batch[2:]
        assert not any(s.sft for s in own)
        assert len(replayed) == 2 and all(s.sft for s in replayed)
        assert len({s.group_id for s in replayed}) == 2  # drawn without replacement
    assert learner.statistics().samples_replayed == 4
    # seeded by learner.seed and the policy version: another run draws the same
    again, _ = await run_once()
    assert [[s.group_id for s in b] for b in again.batches] == [
        [s.group_id for s in b] for b in handle.batches
    ]
    # no replay without replay_per_step, and none joins a warm start (an all-SFT step)
    plain = FakeHandle()
    await _run(
        Learner(CFG, "m", "r", start=_starter(plain), replay=replay),
        [_sample(r, "g2", group_size=2) for r in (1.0, 0.0)],
    )
    assert [len(b) for b in plain.batches] == [2]
