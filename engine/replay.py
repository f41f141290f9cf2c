"""Replay samples: supervised samples mixed into the policy-gradient steps (``learner.replay_*``).

Both roles train one policy. In the CPU learning run the Agent's hint-following, installed by
supervised training before self-play, decayed under GRPO (held-back ``word_pick`` won with the
hint 29/30 at version 0, 15/30 from version 80; README, "What the tiny CPU model can and cannot
learn"), and with it every design's regret. Mixing the supervised objective into each RL step
keeps such a skill: InstructGPT's PPO-ptx (Ouyang et al. 2022, *Training language models to
follow instructions with human feedback*, eq. (2)) adds ``gamma * E_pretrain[log pi(x)]`` to the
RL objective; here the "pretraining" samples are a file of ``TrainingSample`` records (the bench
writes the Agent stage's hint-only episodes) and ``gamma`` is ``learner.replay_coef``.

This replay is neither ``critic.replay_seeds`` (a hinted win replayed open-loop on other seeds)
nor ``scheduler.replays_per_iteration`` (archived environments played again).

**The file**: JSON lines, one ``engine.messages.TrainingSample`` a line (msgspec JSON; the
``"type": "TrainingSample"`` tag may be left out). One line, wrapped here::

    {"type": "TrainingSample", "role": "agent", "group_id": "hint/17",
     "input_ids": [12, 873, 55, 9, 401, 2], "loss_mask": [0, 0, 0, 0, 1, 1],
     "rollout_logprobs": [0.0, 0.0, 0.0, 0.0, 0.0, 0.0], "reward": 0.0,
     "policy_version": 0, "sft": true}

- ``input_ids``: the whole sequence in the policy's own token ids (its tokenizer and the role's
  chat format, the answer's end-of-sequence token included: ``engine.variants.hint_samples``
  and ``engine._warm_start`` build them so);
- ``loss_mask``: 1 on the tokens to imitate (the answers), 0 on the prompt; position 0 is never
  trained (it has no prefix), and tokens past ``learner.max_seq_tokens`` are cut;
- ``rollout_logprobs`` (same length, any finite values), ``reward`` and ``policy_version``
  are required by the message type and unused here; ``temperature`` and ``group_size`` are
  ignored (the NLL is at temperature 1);
- ``sft`` must be true; ``role`` is ``"agent"`` or ``"designer"`` (with
  ``learner.sft_role_mean`` each role's tokens are averaged apart).

:func:`write_replay` writes such a file from samples and checks each as :func:`load_replay`
will. ``engine.run`` reads it at start (a bad file stops it before the run directory is made)
and again on ``--resume`` (the path is stored absolute in the run's ``config.toml``; a changed
file changes what is replayed, and ``--set learner.replay_per_step=0`` turns replay off).

**Per step**: the Learner draws ``learner.replay_per_step`` samples for each batch it trains
(seeded by ``learner.seed`` and the policy version); with ``learner.minibatches`` > 1 they are
shuffled over the batch's minibatches with its other rows, and each minibatch's step weighs
the replay rows it drew at ``replay_coef`` (``engine.learner._batch.sft_token_weights``).
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


def _problem(s: TrainingSample) -> str:
    """Why ``s`` cannot be a replay sample ("" when it can), worded after "line N"."""
    try:
        validate_sample(s)
    except ValueError as exc:
        return f"is not a TrainingSample: {exc}"
    if not s.sft:
        return "has sft=false (replay samples are supervised)"
    if not any(s.loss_mask[1:]):
        return "has no loss token after position 0 (position 0 is never trained)"
    if s.input_ids and min(s.input_ids) < 0:
        return f"has a negative token id {min(s.input_ids)}"
    if not math.isfinite(s.reward) or not all(map(math.isfinite, s.rollout_logprobs)):
        return "has a non-finite reward or rollout logprob"
    return ""


def write_replay(path: str | os.PathLike[str], samples: Iterable[TrainingSample]) -> int:
    """Write ``samples`` as a replay file (JSON lines); returns how many were written.

    Raises:
        ValueError: a sample :func:`load_replay` would refuse (not ``sft``, lengths that
            differ, no loss token after position 0, a negative token id) or one JSON cannot hold
            (a non-finite reward or rollout logprob); nothing is written then.
        OSError: the file cannot be written.
    """
    enc = msgspec.json.Encoder()
    n = 0
    tmp = Path(f"{path}.tmp")
    try:
        with open(tmp, "wb") as fh:
            for s in samples:
                if problem := _problem(s):
                    raise ValueError(f"replay sample {n} (group {s.group_id!r}): {problem}")
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
        except (msgspec.DecodeError, msgspec.ValidationError) as exc:
            raise ConfigError(f"{where}: line {i} is not a TrainingSample: {exc}") from None
        if problem := _problem(s):
            raise ConfigError(f"{where}: line {i} {problem}")
        if vocab_size is not None and s.input_ids and max(s.input_ids) >= vocab_size:
            raise ConfigError(
                f"{where}: line {i} has token id {max(s.input_ids)}, outside the policy's "
                f"vocabulary of {vocab_size} (written with another tokenizer?)"
            )
        out.append(s)
    if not out:
        raise ConfigError(f"{where}: the file holds no sample")
    return out
