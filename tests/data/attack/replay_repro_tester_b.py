"""Tester-b's repro for the replay file format (engine/replay.py), as a user writing one by hand
or with ``write_replay``. Pure functions, no model (2026-12-02, e954e95):

    cd <repo> && OMP_NUM_THREADS=1 python tests/data/attack/replay_repro_tester_b.py

Observed:
- write_replay writes samples that load_replay then refuses (lengths that differ, no masked
  token): the error only comes at the run's start, not where the file was written;
- a sample whose only masked token is position 0 is refused as "has no token in its loss_mask",
  though its loss_mask holds a 1 (position 0 is never trained: nothing predicts it);
- a line without ``"type": "TrainingSample"`` is accepted (the docs state the tag as the format);
- rollout_logprobs, reward and policy_version are required, though a replay (SFT) row never
  uses them.
"""
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from engine.errors import ConfigError  # noqa: E402
from engine.messages import TrainingSample  # noqa: E402
from engine.replay import load_replay, write_replay  # noqa: E402


def sample(**kw: object) -> TrainingSample:
    base: dict = dict(role="agent", group_id="g", input_ids=[5, 6, 7, 8], loss_mask=[0, 0, 1, 1],
                      rollout_logprobs=[0.0] * 4, reward=0.0, policy_version=0, sft=True)
    base.update(kw)
    return TrainingSample(**base)


def try_load(path: Path) -> str:
    try:
        return f"loaded {len(load_replay(path))}"
    except ConfigError as exc:
        return f"ConfigError: {exc}"


d = Path(tempfile.mkdtemp())
for name, s in [
    ("lengths differ", sample(rollout_logprobs=[0.0])),
    ("no masked token", sample(loss_mask=[0, 0, 0, 0])),
    ("only position 0 masked", sample(loss_mask=[1, 0, 0, 0])),
]:
    p = d / "r.jsonl"
    print(f"{name}: write_replay wrote {write_replay(p, [s])}; load_replay -> {try_load(p)}")
p = d / "notag.jsonl"
p.write_text('{"role":"agent","group_id":"g","input_ids":[5,6,7,8],"loss_mask":[0,0,1,1],'
             '"rollout_logprobs":[0,0,0,0],"reward":0,"policy_version":0,"sft":true}\n')
print(f"no type tag: {try_load(p)}")
p = d / "minimal.jsonl"
p.write_text('{"type":"TrainingSample","role":"agent","group_id":"g","input_ids":[5,6,7,8],'
             '"loss_mask":[0,0,1,1],"sft":true}\n')
print(f"only the fields a replay row uses: {try_load(p)}")
