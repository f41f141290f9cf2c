"""Weight sync against the project's real CPU policy server (engine.serve) over HTTP."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.config import LearnerConfig, PolicyConfig
from engine.inference import PolicyClient, ensure_tiny_model, launch_policy_servers
from engine.learner import start_learner
from engine.messages import TrainingSample


@pytest.mark.slow
async def test_sync_changes_the_cpu_servers_outputs_and_version(tmp_path: Path) -> None:
    model = ensure_tiny_model()
    policy = PolicyConfig(backend="cpu", num_servers=1)
    prompt = [5, 6, 7, 8, 9, 10]
    cfg = LearnerConfig(world_size=2, lr=5e-2, checkpoint_every=1000)
    async with (
        launch_policy_servers(policy, model, log_dir=tmp_path / "logs") as urls,
        PolicyClient(urls, policy) as client,
        start_learner(cfg, model, tmp_path / "run") as learner,
    ):
        before = await client.generate(prompt, max_new_tokens=8, temperature=0.0)
        # One group: the greedy continuation gets reward 0 (advantage -1), another one 1.
        seq = prompt + before.output_ids
        other = prompt + [11, 12, 13]
        samples = [
            TrainingSample(
                role="agent",
                group_id="g",
                input_ids=seq,
                loss_mask=[0] * len(prompt) + [1] * len(before.output_ids),
                rollout_logprobs=[0.0] * len(prompt) + list(before.output_logprobs),
                reward=0.0,
                policy_version=0,
            ),
            TrainingSample(
                role="agent",
                group_id="g",
                input_ids=other,
                loss_mask=[0] * len(prompt) + [1, 1, 1],
                rollout_logprobs=[0.0] * len(other),
                reward=1.0,
                policy_version=0,
            ),
        ]
        for _ in range(3):
            report = await learner.train_step(samples)
            assert report.skipped == ""
        update = await learner.sync_weights(client)
        assert update.version == 3
        assert await client.weight_versions() == {urls[0]: "3"}
        after = await client.generate(prompt, max_new_tokens=8, temperature=0.0)
        assert after.weight_version == "3"
        # The served policy changed: the logprob of the first greedy token moved down.
        assert after.output_ids != before.output_ids or (
            after.output_logprobs[0] < before.output_logprobs[0] - 1e-3
        )
        served_lp = after.output_logprobs
        mine = await learner.logprobs(
            [
                TrainingSample(
                    role="agent",
                    group_id="x",
                    input_ids=prompt + after.output_ids,
                    loss_mask=[0] * (len(prompt) + len(after.output_ids)),
                    rollout_logprobs=[0.0] * (len(prompt) + len(after.output_ids)),
                    reward=0.0,
                    policy_version=3,
                )
            ]
        )
        # The server now computes the learner's logprobs (same weights).
        assert mine[0][len(prompt) :] == pytest.approx(served_lp, abs=1e-4)
