"""``learner.weight_sync = "broadcast"``: the ranks broadcast to a real ``engine.serve`` over
gloo (SGLang's weight-update group), and fall back to disk when a server cannot join."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from engine.config import LearnerConfig, PolicyConfig
from engine.errors import PolicyError
from engine.inference import PolicyClient, ensure_tiny_model, launch_policy_servers
from engine.learner import start_learner
from engine.messages import TrainingSample

PROMPT = [5, 6, 7, 8, 9, 10]


def _group(output_ids: list[int], logprobs: list[float]) -> list[TrainingSample]:
    seq = PROMPT + output_ids
    other = PROMPT + [11, 12, 13]
    return [
        TrainingSample(
            role="agent",
            group_id="g",
            input_ids=seq,
            loss_mask=[0] * len(PROMPT) + [1] * len(output_ids),
            rollout_logprobs=[0.0] * len(PROMPT) + list(logprobs),
            reward=0.0,
            policy_version=0,
        ),
        TrainingSample(
            role="agent",
            group_id="g",
            input_ids=other,
            loss_mask=[0] * len(PROMPT) + [1, 1, 1],
            rollout_logprobs=[0.0] * len(other),
            reward=1.0,
            policy_version=0,
        ),
    ]


class NoGroupClient:
    """A client whose servers cannot join a weight-update group (an attached server that does
    not reach rank 0): the sync must go by disk."""

    def __init__(self) -> None:
        self.disk: list[int] = []

    async def init_weights_update_group(self, *args: object, **kwargs: object) -> None:
        raise PolicyError("/init_weights_update_group failed on http://s0: unreachable")

    async def update_weights_from_distributed(self, *args: object, **kwargs: object) -> None:
        raise AssertionError("no broadcast without a group")

    async def update_weights_from_disk(self, path: str, version: int) -> list[dict[str, object]]:
        self.disk.append(version)
        return [{"success": True, "version": version}]


@pytest.mark.slow
async def test_broadcast_sync_reaches_the_server_and_falls_back_to_disk(tmp_path: Path) -> None:
    model = ensure_tiny_model()
    policy = PolicyConfig(backend="cpu", num_servers=1)
    cfg = LearnerConfig(
        world_size=2,
        lr=5e-2,
        checkpoint_every=1000,
        weight_sync="broadcast",
        broadcast_bucket_mb=1.0,  # the tiny model in several buckets
        collective_timeout_s=60.0,
    )
    async with (
        launch_policy_servers(policy, model, log_dir=tmp_path / "logs") as urls,
        PolicyClient(urls, policy) as client,
        start_learner(cfg, model, tmp_path / "run") as learner,
    ):
        before = await client.generate(PROMPT, max_new_tokens=8, temperature=0.0)
        samples = _group(before.output_ids, before.output_logprobs)
        for version in (1, 2, 3):  # the third reuses the buffers of the first on both ends
            await learner.train_step(samples)
            update = await learner.sync_weights(client)
            assert (update.version, update.path) == (version, "")
            assert set(learner.last_sync_seconds) >= {"gather", "broadcast"}
            assert await client.weight_versions() == {urls[0]: str(version)}
        after = await client.generate(PROMPT, max_new_tokens=8, temperature=0.0)
        assert after.weight_version == "3"
        full = PROMPT + after.output_ids
        mine = await learner.logprobs(
            [msgspec.structs.replace(samples[0], input_ids=full, loss_mask=[0] * len(full),
                                     rollout_logprobs=[0.0] * len(full))]
        )  # fmt: skip
        # The server computes the learner's logprobs: the broadcast weights are the learner's.
        assert mine[0][len(PROMPT) :] == pytest.approx(after.output_logprobs, abs=1e-4)
        assert not list((tmp_path / "run" / "weights").glob("v*"))  # nothing went to disk

    cfg2 = msgspec.structs.replace(cfg, collective_timeout_s=4.0)
    async with start_learner(cfg2, model, tmp_path / "run2") as learner:
        fake = NoGroupClient()
        update = await learner.sync_weights(fake)
        assert fake.disk == [0] and update.path.endswith("v0")
        assert "unreachable" in learner.broadcast_error
