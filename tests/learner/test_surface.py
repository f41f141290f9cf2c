"""The public surface of engine.learner (nothing becomes public by accident)."""

import engine.learner
import engine.learner.losses


def test_learner_surface() -> None:
    assert sorted(engine.learner.__all__) == [
        "CheckpointSaved",
        "LearnerHandle",
        "StepReport",
        "WeightsClient",
        "WeightsWritten",
        "start_learner",
    ]
    assert sorted(engine.learner.losses.__all__) == [
        "PolicyLossTerms",
        "ScaleRewards",
        "group_advantages",
        "k3_kl",
        "masked_sum",
        "policy_loss",
        "scoring_temperature",
        "sft_loss",
        "token_logprobs",
    ]
    for name in engine.learner.__all__:
        assert getattr(engine.learner, name).__doc__
