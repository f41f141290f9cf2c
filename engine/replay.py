"""Replay samples: supervised samples mixed into the policy-gradient steps (``learner.replay_*``).

Both roles train one policy. In the CPU learning run the Agent's hint-following, installed by
supervised training before self-play, decayed under GRPO (held-back ``word_pick`` won with the
hint 29/30 at version 0, 15/30 from version 80; README, "What the tiny CPU model can and cannot
learn"), and with it every design's regret. Mixing the supervised objective into each RL step
keeps such a skill: InstructGPT's PPO-ptx (Ouyang et al. 2022, *Training language models to
follow instructions with human feedback*, eq. (2)) adds ``gamma * E_pretrain[log pi(x)]`` to the
RL objective; here the "pretraining" samples are a file of ``TrainingSample`` records (the bench
writes the Agent stage's hint-only episodes) and ``gamma`` is ``learner.replay_coef``.

The file is JSON lines, one ``TrainingSample`` (msgspec JSON, ``"type": "TrainingSample"``)
a line, ``sft`` true, tokenized with the policy's own tokenizer.
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable
from pathlib import Path

import msgspec

from engine.errors import ConfigError
from engine.learner._batch import validate_sample
from engine.messages import TrainingSample

__all__ = ["load_replay", "trainable", "write_replay"]


def trainable(samples: Iterable[TrainingSample], max_seq_tokens: int) -> list[TrainingSample]:
    """The samples with a loss token within their first ``max_seq_tokens`` tokens (the
    learner cuts longer ones there: a sample whose loss tokens all lie past the cut trains
    nothing)."""
    return [s for s in samples if any(s.loss_mask[1:max_seq_tokens])]


def write_replay(path: str | os.PathLike[str], samples: Iterable[TrainingSample]) -> int:
    """Write ``samples`` as a replay file (JSON lines); returns how many were written.

    Raises:
        ValueError: a sample is not ``sft`` (a policy-gradient sample has no meaning without
            its group), or has a non-finite reward or rollout logprob (JSON cannot hold it);
            nothing is written then.
        OSError: the file cannot be written.
    """
    enc = msgspec.json.Encoder()
    n = 0
    tmp = Path(f"{path}.tmp")
    try:
        with open(tmp, "wb") as fh:
            for s in samples:
                if not s.sft:
                    raise ValueError(f"replay sample {n} (group {s.group_id!r}) has sft=False")
                # JSON has no NaN or infinity: msgspec would write null, which no reader takes
                if not math.isfinite(s.reward) or not all(map(math.isfinite, s.rollout_logprobs)):
                    raise ValueError(
                        f"replay sample {n} (group {s.group_id!r}): a non-finite reward or "
                        "rollout logprob"
                    )
                fh.write(enc.encode(s) + b"\n")
                n += 1
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
    return n


def load_replay(
    path: str | os.PathLike[str], vocab_size: int | None = None
) -> list[TrainingSample]:
    """Read a replay file written by :func:`write_replay` (or by hand, in the same format).

    Args:
        path: the JSON-lines file (``learner.replay_path``).
        vocab_size: the policy's vocabulary size (tokens); an id at or above it is an error.
            ``None`` skips that check.

    Returns:
        The samples, in file order (at least one).

    Raises:
        ConfigError: the file cannot be read, is empty, or a line is not a ``TrainingSample``
            with ``sft`` true, consistent lengths and at least one masked token; the message
            names ``learner.replay_path``, the file and the line.
    """
    where = f"learner.replay_path = {str(path)!r}"
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise ConfigError(f"{where}: {exc.strerror or exc}") from None
    dec = msgspec.json.Decoder(TrainingSample)
    out: list[TrainingSample] = []
    for i, line in enumerate(data.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            s = dec.decode(line)
            validate_sample(s)
        except (msgspec.DecodeError, msgspec.ValidationError, ValueError) as exc:
            raise ConfigError(f"{where}: line {i} is not a TrainingSample: {exc}") from None
        if not s.sft:
            raise ConfigError(f"{where}: line {i} has sft=false (replay samples are supervised)")
        if not any(s.loss_mask[1:]):
            raise ConfigError(f"{where}: line {i} has no token in its loss_mask")
        if vocab_size is not None and s.input_ids and max(s.input_ids) >= vocab_size:
            raise ConfigError(
                f"{where}: line {i} has token id {max(s.input_ids)}, outside the policy's "
                f"vocabulary of {vocab_size} (written with another tokenizer?)"
            )
        if s.input_ids and min(s.input_ids) < 0:
            raise ConfigError(f"{where}: line {i} has a negative token id {min(s.input_ids)}")
        out.append(s)
    if not out:
        raise ConfigError(f"{where}: the file holds no sample")
    return out
