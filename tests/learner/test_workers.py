"""The learner on 2 gloo ranks with FSDP2: steps, bad input, weight sync, checkpoints, death."""

from __future__ import annotations

import json
import math
import signal
from pathlib import Path

import msgspec
import pytest
import torch
import trio

from engine.config import LearnerConfig
from engine.errors import ModelError, WeightSyncError, WorkerDied
from engine.learner import start_learner
from engine.learner._worker import file_checksum
from engine.learner.losses import token_logprobs
from engine.messages import TrainingSample, WeightsUpdated

CFG = LearnerConfig(
    world_size=2, lr=1e-2, max_staleness=2, checkpoint_every=1000, sft_role_mean=True
)


def _hf_logprobs(model_dir: Path, samples: list[TrainingSample]) -> list[list[float]]:
    """Rollout logprobs the way an inference server would compute them: unsharded, one
    process."""
    from transformers import AutoModelForCausalLM

    model = AutoModelForCausalLM.from_pretrained(model_dir, dtype=torch.float32)
    out = []
    with torch.no_grad():
        for s in samples:
            ids = torch.tensor([s.input_ids])
            temperature = torch.tensor([s.temperature])
            out.append(token_logprobs(model(input_ids=ids).logits, ids, temperature)[0].tolist())
    return out


def _samples(
    n: int, *, seed: int, version: int = 0, rewards: list[float] | None = None
) -> list[TrainingSample]:
    g = torch.Generator().manual_seed(seed)
    out = []
    for i in range(n):
        length = 12 + 3 * i
        ids = torch.randint(3, 300, (length,), generator=g).tolist()
        out.append(
            TrainingSample(
                role="designer" if (i // 2) % 2 == 0 else "agent",
                group_id=f"g{i // 2}",
                input_ids=ids,
                loss_mask=[0] * 5 + [1] * (length - 5),
                rollout_logprobs=[0.0] * length,
                reward=rewards[i] if rewards else float(i % 2),
                policy_version=version,
            )
        )
    return out


def _with_rollout(samples: list[TrainingSample], logprobs: list[list[float]]):
    return [
        msgspec.structs.replace(
            s, rollout_logprobs=[lp if m else 0.0 for lp, m in zip(lps, s.loss_mask, strict=True)]
        )
        for s, lps in zip(samples, logprobs, strict=True)
    ]


def _masked_mean(lp: list[float], mask: list[int]) -> float:
    vals = [v for v, m in zip(lp, mask, strict=True) if m]
    return sum(vals) / len(vals)


class FakeClient:
    """Stands in for engine.inference.PolicyClient.update_weights_from_disk."""

    def __init__(self, servers: int = 2, lie: str = "") -> None:
        self.servers = servers
        self.lie = lie
        self.calls: list[tuple[str, int]] = []
        self.served = ["0"] * servers

    async def weight_versions(self) -> dict[str, str]:
        return {f"http://s{i}": v for i, v in enumerate(self.served)}

    async def update_weights_from_disk(self, path: str, version: int):
        self.calls.append((path, version))
        self.served = [str(version)] * (self.servers - 1) + [
            "0" if self.lie == "served" else str(version)
        ]
        checksum = file_checksum(Path(path) / "model.safetensors")
        results = [
            {"success": True, "version": version, "checksum": checksum} for _ in range(self.servers)
        ]
        if self.lie == "version":
            results[-1]["version"] = version + 1
        if self.lie == "checksum":
            results[-1]["checksum"] = "0" * 64
        return results


def _server_logprobs_at_half(model_dir: Path, samples: list[TrainingSample]):
    """The designer samples as sampled at T = 0.5: rollout logprobs from the CPU policy
    server's own scoring (``log_softmax(logits / 0.5)``, as in its sampler)."""
    from engine.inference._model import PolicyModel

    policy = PolicyModel(model_dir)
    out = []
    for s in samples:
        if s.role != "designer":
            out.append(s)
            continue
        lps = policy.score(s.input_ids[:5], s.input_ids[5:], temperature=0.5)
        rollout = [0.0] * 5 + lps
        out.append(msgspec.structs.replace(s, temperature=0.5, rollout_logprobs=rollout))
    return out


@pytest.mark.slow
async def test_grpo_steps_bad_input_and_weight_sync(tiny_model: Path, tmp_path: Path) -> None:
    run = tmp_path / "run"
    batch = _samples(4, seed=1)  # designer group g0 = (r=0, r=1), agent group g1 likewise
    batch = _with_rollout(batch, _hf_logprobs(tiny_model, batch))
    # The designer samples were drawn at T = 0.5 (as designs are): on-policy all the same.
    batch = _server_logprobs_at_half(tiny_model, batch)
    async with start_learner(CFG, tiny_model, run) as learner:
        assert learner.hello is not None and learner.hello.world_size == 2
        assert learner.policy_version == 0

        # The gathered weights are the model's, bit for bit (vocab 301: uneven shards 151/150),
        # without the tied lm_head duplicate.
        from safetensors.torch import load_file

        written = await learner.write_weights()
        assert written.version == 0
        got = load_file(str(Path(written.path) / "model.safetensors"))
        original = load_file(str(tiny_model / "model.safetensors"))
        original.pop("lm_head.weight", None)
        assert set(got) == set(original)
        assert all(torch.equal(got[k], v) for k, v in original.items())
        assert file_checksum(Path(written.path) / "model.safetensors") == written.checksum

        # Bad input first: nothing changes the weights.
        empty = await learner.train_step([])
        assert (empty.skipped, empty.policy_version) == ("empty", 0)
        flat = await learner.train_step(_samples(2, seed=2, rewards=[0.5, 0.5]))
        assert flat.skipped == "zero_advantage"
        nan_batch = _samples(2, seed=3, rewards=[float("nan"), 1.0])
        nan_report = await learner.train_step(nan_batch)
        assert nan_report.skipped == "nan_loss"
        assert nan_report.bad_groups == ["g0"]
        assert await trio.Path(nan_report.bad_batch_path).is_file()
        assert nan_report.policy_version == 0
        before = await learner.logprobs(batch)
        # FSDP-sharded recompute agrees with the unsharded rollout: ratio 1, KL 0.
        for got, s in zip(before, batch, strict=True):
            for g, r, m in zip(got, s.rollout_logprobs, s.loss_mask, strict=True):
                if m:
                    assert g == pytest.approx(r, abs=1e-5)

        report = await learner.train_step(batch)
        assert report.skipped == ""
        assert (report.samples_used, report.policy_version, report.dropped_stale) == (4, 1, 0)
        assert abs(report.rollout_ratio_mean - 1.0) < 1e-5
        assert abs(report.rollout_kl) < 1e-5
        # TIS weight 1 per role, the T = 0.5 designer samples included (they were 0.77..2).
        assert set(report.tis_weight_sum) == {"designer/0", "agent/0"}
        for key, total in report.tis_weight_sum.items():
            assert total / report.tis_tokens[key] == pytest.approx(1.0, abs=1e-5)
        assert report.ratio_mean == pytest.approx(1.0, abs=1e-6)
        assert math.isfinite(report.loss) and report.grad_norm > 0
        after = await learner.logprobs(batch)
        for s, b, a in zip(batch, before, after, strict=True):
            moved = _masked_mean(a, s.loss_mask) - _masked_mean(b, s.loss_mask)
            if s.reward > 0.5:  # advantage +1
                assert moved > 0
            else:  # advantage -1
                assert moved < 0

        # Too-stale samples (version < 3 - 2 once we are at 3) are dropped and counted.
        await learner.train_step(_with_rollout(batch, after))
        await learner.train_step(_with_rollout(batch, await learner.logprobs(batch)))
        assert learner.policy_version == 3
        mixed = _samples(4, seed=4, version=0) + _samples(2, seed=5, version=2)
        stale = await learner.train_step(mixed)
        assert stale.dropped_stale == 4
        assert stale.samples_used == 2
        assert stale.policy_version == 4

        # Weight sync: all servers confirm version and checksum -> WeightsUpdated.
        client = FakeClient()
        update = await learner.sync_weights(client)
        assert isinstance(update, WeightsUpdated)
        assert update.version == 4
        assert client.calls == [(update.path, 4)]
        assert Path(update.path).name == "v4"
        # The written checkpoint is an ordinary HF directory holding the learner's weights.
        current = await learner.logprobs(batch[:2])
        reloaded = _hf_logprobs(Path(update.path), batch[:2])
        for c, r in zip(current, reloaded, strict=True):
            assert c == pytest.approx(r, abs=1e-5)
        # Same version again: no second write, no second server call.
        assert await learner.sync_weights(client) == update
        assert len(client.calls) == 1

        await learner.train_step(_samples(2, seed=6, version=4))
        with pytest.raises(WeightSyncError, match="version"):
            await learner.sync_weights(FakeClient(lie="version"))
        with pytest.raises(WeightSyncError, match="checksum"):
            await learner.sync_weights(FakeClient(lie="checksum"))
        with pytest.raises(WeightSyncError, match="do not all serve version 5"):
            await learner.sync_weights(FakeClient(lie="served"))

        # SFT on the same ranks: token-mean NLL, falling as it fits the batch.
        first_sft = await learner.sft(batch, epochs=1)
        assert first_sft.samples_used == 4 and first_sft.policy_version == 6
        assert 0.0 < first_sft.loss < 10.0
        second_sft = await learner.sft(batch, epochs=2)
        assert second_sft.samples_used == 8 and second_sft.policy_version == 8
        assert second_sft.loss < first_sft.loss
        # per-role report of the last epoch (one step of 4 samples); with sft_role_mean the
        # loss is the mean of the two roles' token means
        assert second_sft.role_tokens == {
            role: sum(sum(s.loss_mask[1:]) for s in batch if s.role == role)
            for role in ("designer", "agent")
        }
        assert second_sft.loss == pytest.approx(sum(second_sft.role_loss.values()) / 2, rel=1e-5)

        # A call cancelled mid-flight leaves its reply on the wire; the next call drains it.
        expected_lp = await learner.logprobs(batch[:1])
        with trio.move_on_after(0.001) as scope:
            await learner.logprobs(batch)
        assert scope.cancelled_caught
        assert await learner.logprobs(batch[:1]) == expected_lp


@pytest.mark.slow
async def test_resume_reproduces_next_loss_and_rank_death(tiny_model: Path, tmp_path: Path) -> None:
    run = tmp_path / "run"
    first = _samples(4, seed=10)
    second = _samples(6, seed=11, rewards=[0.0, 1.0, 0.2, 0.9, 1.0, 0.3])
    async with start_learner(CFG, tiny_model, run) as learner:
        await learner.train_step(first)
        saved = await learner.save_checkpoint()
        assert saved.step == 1
        expected = await learner.train_step(second)
        lost = await learner.write_weights()  # written after the checkpoint, then "lost"
    assert expected.skipped == "" and expected.loss != 0.0
    assert await trio.Path(lost.path).exists()

    async with start_learner(CFG, tiny_model, run) as learner:
        assert learner.hello is not None
        assert learner.hello.resumed_from == saved.path
        assert learner.policy_version == 1
        assert not await trio.Path(lost.path).exists()
        again = await learner.train_step(second)
        assert again.loss == pytest.approx(expected.loss, abs=1e-6)
        assert again.grad_norm == pytest.approx(expected.grad_norm, rel=1e-5)
        assert again.policy_version == 2

        # A rank that dies stops the run with its rank and log tail; the checkpoint survives.
        learner._procs[1].send_signal(signal.SIGKILL)
        with pytest.raises(
            WorkerDied, match=r"rank 1 on node 0 \(.*\) exited \(killed by SIGKILL\)"
        ) as info:
            await learner.train_step(second)
        assert "last log lines" in str(info.value)
        with pytest.raises(WorkerDied):
            await learner.save_checkpoint()
    meta = json.loads(await trio.Path(saved.path, "meta.json").read_text())
    assert meta["step"] == 1


async def test_start_learner_rejects_a_missing_model(tmp_path: Path) -> None:
    with pytest.raises(ModelError, match="config.json"):
        async with start_learner(CFG, tmp_path / "nope", tmp_path / "run"):
            pass


@pytest.mark.slow
async def test_replay_joins_a_policy_gradient_step_at_its_own_weight(
    tiny_model: Path, tmp_path: Path
) -> None:
    """learner.replay_*: loss = policy-gradient mean over its own tokens + coef x the replay's
    token mean (PPO-ptx), whatever the two token counts are."""
    cfg = LearnerConfig(
        world_size=1, lr=1e-2, checkpoint_every=1000, replay_per_step=2, replay_coef=0.5
    )
    pg = _samples(2, seed=20, rewards=[1.0, 0.0])  # one designer group: advantages +-0.5
    pg = _with_rollout(pg, _hf_logprobs(tiny_model, pg))
    replay = [msgspec.structs.replace(s, sft=True) for s in _samples(4, seed=21)]
    async with start_learner(cfg, tiny_model, tmp_path / "run") as learner:
        report = await learner.train_step(pg + replay)
    assert report.skipped == ""
    n = [sum(s.loss_mask[1:]) for s in pg]
    # on-policy (ratio 1): the clipped surrogate is -A per token
    pg_mean = -(0.5 * n[0] - 0.5 * n[1]) / sum(n)
    assert set(report.role_loss) == {"designer", "agent"}
    # sft_role_mean = false (the default): one token mean over the replay's tokens
    tokens = report.role_tokens
    nll = sum(report.role_loss[r] * tokens[r] for r in tokens) / sum(tokens.values())
    assert report.loss == pytest.approx(pg_mean + 0.5 * nll, rel=1e-5)
