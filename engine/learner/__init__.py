"""The learner: GRPO/SFT on FSDP2 worker processes, weight sync, checkpoints (DESIGN.md §6).

```python
async with start_learner(config.learner, model_path, run_dir) as learner:
    report = await learner.train_step(samples)      # list[TrainingSample] -> StepReport
    report = await learner.sft(samples, epochs=2)
    update = await learner.sync_weights(client)     # -> WeightsUpdated
    await learner.save_checkpoint()
```

The losses are pure tensor functions in ``engine.learner.losses``.
"""

from engine.learner._handle import LearnerHandle, WeightsClient, start_learner
from engine.learner._protocol import CheckpointSaved, StepReport, WeightsWritten

__all__ = [
    "CheckpointSaved",
    "LearnerHandle",
    "StepReport",
    "WeightsClient",
    "WeightsWritten",
    "start_learner",
]
