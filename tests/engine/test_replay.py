"""engine.replay: the replay file's round trip and the errors that name its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import ConfigError
from engine.messages import TrainingSample
from engine.replay import load_replay, trainable, write_replay


def _sample(**kw: object) -> TrainingSample:
    fields: dict[str, object] = dict(
        role="agent",
        group_id="hint/0",
        input_ids=[5, 6, 7, 8],
        loss_mask=[0, 0, 1, 1],
        rollout_logprobs=[0.0] * 4,
        reward=0.0,
        policy_version=0,
        sft=True,
    )
    fields.update(kw)
    return TrainingSample(**fields)  # type: ignore[arg-type]


def test_round_trip_and_clear_errors(tmp_path: Path) -> None:
    path = tmp_path / "replay.jsonl"
    samples = [_sample(), _sample(group_id="hint/1", input_ids=[9, 9, 9, 9])]
    assert write_replay(path, samples) == 2
    assert load_replay(path, vocab_size=10) == samples
    # write_replay refuses what load_replay would
    with pytest.raises(ValueError, match="sample 0 .* has sft=false"):
        write_replay(tmp_path / "x.jsonl", [_sample(sft=False)])
    with pytest.raises(ValueError, match="sample 1 .* no loss token after position 0"):
        write_replay(tmp_path / "x.jsonl", [_sample(), _sample(loss_mask=[1, 0, 0, 0])])
    with pytest.raises(ValueError, match="differ"):
        write_replay(tmp_path / "x.jsonl", [_sample(loss_mask=[0, 1])])
    # JSON has no NaN: refused, and nothing (no .tmp either) is left behind
    with pytest.raises(ValueError, match="non-finite"):
        write_replay(tmp_path / "x.jsonl", [_sample(), _sample(reward=float("nan"))])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["replay.jsonl"]
    # a sample whose loss tokens all lie past max_seq_tokens trains nothing
    late = _sample(input_ids=[5] * 6, loss_mask=[0, 0, 0, 0, 1, 1], rollout_logprobs=[0.0] * 6)
    assert trainable([late, samples[0]], 4) == [samples[0]]

    def bad(lines: list[bytes], match: str, vocab: int | None = None) -> None:
        p = tmp_path / "bad.jsonl"
        p.write_bytes(b"\n".join(lines) + b"\n")
        with pytest.raises(ConfigError, match=match) as info:
            load_replay(p, vocab)
        assert "learner.replay_path" in str(info.value)

    good = path.read_bytes().splitlines()[0]
    bad([good, b"{not json"], "line 2 is not a TrainingSample")
    bad([good.replace(b'"loss_mask":[0,0,1,1]', b'"loss_mask":[0,1]')], "line 1 .* differ")
    bad([good.replace(b'"sft":true', b'"sft":false')], "line 1 has sft=false")
    bad([good.replace(b'"loss_mask":[0,0,1,1]', b'"loss_mask":[1,0,0,0]')], "after position 0")
    bad([good.replace(b'"reward":0.0', b'"reward":1e999')], "line 1 .*reward")
    bad([good], "token id 8, outside the policy's vocabulary of 8", vocab=8)
    bad([b"", b"  "], "holds no sample")
    with pytest.raises(ConfigError, match="learner.replay_path = .*missing"):
        load_replay(tmp_path / "missing.jsonl")
