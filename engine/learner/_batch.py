"""Turning a list of ``TrainingSample`` into what the loss needs: pure and deterministic.

Every rank runs ``prepare_batch`` on the same broadcast list and gets the same answer, so the
ranks agree on what to skip, on the advantages and on the global token count without a
collective.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch

from engine.config import LearnerConfig
from engine.learner.losses import group_advantages, scoring_temperature
from engine.messages import TrainingSample

__all__ = [
    "Prepared",
    "Rows",
    "collate",
    "prepare_batch",
    "sft_token_weights",
    "validate_sample",
]


@dataclass(frozen=True)
class Rows:
    """One sample cut to its first ``max_seq_tokens`` tokens, with its advantage.

    ``temperature`` is the one its logprobs are computed at (``scoring_temperature`` of the
    sample's; 1 for SFT rows); ``staleness`` is the learner's version minus the sample's when the
    batch was prepared (versions).
    """

    input_ids: list[int]
    loss_mask: list[int]
    rollout_logprobs: list[float]
    advantage: float
    sft: bool
    group_id: str
    role: str = ""
    temperature: float = 1.0
    staleness: int = 0

    @property
    def tokens(self) -> int:
        """Masked tokens that enter the loss (position 0 never does)."""
        return sum(self.loss_mask[1:])


@dataclass(frozen=True)
class Prepared:
    """A batch ready for the ranks, or the reason it is skipped."""

    rows: list[Rows]
    dropped_stale: int
    skipped: str
    tokens: int


def validate_sample(sample: TrainingSample) -> None:
    """Check a sample's fields agree in length.

    Raises:
        ValueError: ``input_ids``, ``loss_mask`` and ``rollout_logprobs`` differ in length, or
            a mask value is not 0/1.
    """
    n = len(sample.input_ids)
    if len(sample.loss_mask) != n or len(sample.rollout_logprobs) != n:
        raise ValueError(
            f"sample of group {sample.group_id!r}: input_ids {n}, loss_mask "
            f"{len(sample.loss_mask)}, rollout_logprobs {len(sample.rollout_logprobs)} differ"
        )
    if any(m not in (0, 1) for m in sample.loss_mask):
        raise ValueError(f"sample of group {sample.group_id!r}: loss_mask values must be 0 or 1")


def prepare_batch(
    samples: list[TrainingSample],
    policy_version: int,
    config: LearnerConfig,
    *,
    replay: bool = False,
) -> Prepared:
    """Compute GRPO advantages, drop stale samples, cut long ones, and decide whether to skip.

    Advantages are computed per role over every policy-gradient sample of the batch,
    normalised per ``group_id`` (``losses.group_advantages`` with ``config.scale_rewards``);
    the Learner actor sends whole groups, so a group's baseline is its full set of rewards.
    Then a policy-gradient sample is dropped as stale when ``policy_version_sample <
    policy_version - max_staleness``: its reward still counted in its group's baseline, its
    tokens do not enter the loss. SFT samples are never stale.

    Args:
        samples: the batch.
        policy_version: the learner's current weight version.
        config: the learner section.
        replay: the SFT samples are replay (``learner.replay_*``) riding on the
            policy-gradient ones: the batch is skipped as if they were not there.

    Returns:
        ``Prepared``; ``skipped`` is ``"empty"`` (nothing left or no masked token; with
        ``replay``, no policy-gradient token) or ``"zero_advantage"`` (no SFT sample, or with
        ``replay`` any, and every policy-gradient advantage is exactly 0), else ``""``.
    """
    pg = [i for i, s in enumerate(samples) if not s.sft]
    advantage = [0.0] * len(samples)
    for role in sorted({samples[i].role for i in pg}):
        mine = [i for i in pg if samples[i].role == role]
        adv = group_advantages(
            [samples[i].reward for i in mine],
            [samples[i].group_id for i in mine],
            scale=config.scale_rewards,
        ).tolist()
        for i, a in zip(mine, adv, strict=True):
            advantage[i] = a
    oldest = policy_version - config.max_staleness
    kept = [i for i, s in enumerate(samples) if s.sft or s.policy_version >= oldest]
    dropped = len(samples) - len(kept)
    # A long sample keeps its head: cutting the left would take away part of the context its
    # tokens were sampled in, and their logprobs (and TIS weights) would no longer match the
    # rollout's; the tokens past the cut are simply not trained.
    cut = config.max_seq_tokens
    rows = []
    for i in kept:
        s = samples[i]
        rows.append(
            Rows(
                input_ids=list(s.input_ids[:cut]),
                loss_mask=[0, *s.loss_mask[1:cut]] if s.loss_mask else [],
                rollout_logprobs=list(s.rollout_logprobs[:cut]),
                advantage=advantage[i],
                sft=s.sft,
                group_id=s.group_id,
                role=s.role,
                temperature=1.0 if s.sft else scoring_temperature(s.temperature),
                staleness=0 if s.sft else policy_version - s.policy_version,
            )
        )
    # A sample with no masked token contributes nothing; drop it from the work.
    rows = [r for r in rows if r.tokens > 0]
    tokens = sum(r.tokens for r in rows)
    pg_rows = [r for r in rows if not r.sft]
    if not rows or (replay and not pg_rows):
        return Prepared(rows=[], dropped_stale=dropped, skipped="empty", tokens=0)
    if (replay or not any(r.sft for r in rows)) and all(r.advantage == 0.0 for r in pg_rows):
        return Prepared(rows=[], dropped_stale=dropped, skipped="zero_advantage", tokens=0)
    return Prepared(rows=rows, dropped_stale=dropped, skipped="", tokens=tokens)


def sft_token_weights(
    rows: list[Rows], *, per_role: bool, replay_coef: float | None = None
) -> dict[str, float]:
    """Weight of one SFT token of each role in the loss of one optimizer step.

    The policy-gradient tokens keep weight ``1 / T`` (``T`` = masked tokens of the step, both
    kinds), so the SFT tokens together keep their share ``T_sft / T`` of the step. Within it:

    - ``per_role=False``: one token mean, every SFT token weighs ``1 / T``;
    - ``per_role=True``: the mean of the per-role token means, a token of role ``r`` weighs
      ``(T_sft / T) / (R * T_r)`` with ``R`` the roles present and ``T_r`` their SFT tokens.

    Per-role means keep a role with short answers (the Agent's actions, ~10 tokens) from being
    drowned by one with long ones (the Designer's programs, ~1,000 tokens): with one token mean
    the Agent's answers were 0.6 % of the warm start's gradient. On an all-SFT step (the warm
    start) the loss is ``mean_r (1 / T_r) * sum_{t in r} -log p(t)``.

    With ``replay_coef`` (``learner.replay_per_step`` > 0 and a policy-gradient batch: its SFT
    rows are replay, ``engine.replay``), the SFT part is its own mean times ``replay_coef``
    (InstructGPT's PPO-ptx, Ouyang et al. 2022 eq. (2)), whatever its token count: a token of
    role ``r`` weighs ``replay_coef / (R * T_r)`` (``per_role``) or ``replay_coef / T_sft``,
    and the policy-gradient tokens are averaged over their own count (the worker's
    ``pg_norm``). So also in a minibatch (``learner.minibatches`` > 1) that drew replay rows
    only.

    Args:
        rows: the rows of one optimizer step (all ranks' rows, every rank computes the same).
        per_role: weight roles equally (``learner.sft_role_mean``).
        replay_coef: the replay term's weight (``learner.replay_coef``), or ``None`` (no replay).

    Returns:
        Role -> weight per token (1/tokens); roles without SFT tokens are absent.
    """
    total = sum(r.tokens for r in rows)
    by_role: dict[str, int] = {}
    for r in rows:
        if r.sft and r.tokens:
            by_role[r.role] = by_role.get(r.role, 0) + r.tokens
    if not by_role:
        return {}
    sft_total = sum(by_role.values())
    if replay_coef is not None:
        if not per_role:
            return {role: replay_coef / sft_total for role in by_role}
        return {role: replay_coef / (len(by_role) * n) for role, n in by_role.items()}
    if not per_role:
        return {role: 1.0 / total for role in by_role}
    share = sft_total / total
    return {role: share / (len(by_role) * n) for role, n in by_role.items()}


def collate(rows: list[Rows], device: torch.device, pad_id: int = 0) -> dict[str, torch.Tensor]:
    """Right-pad rows into tensors.

    Args:
        rows: at least one row (use a dummy row for a rank with no work).
        device: where the tensors go.
        pad_id: token id used for padding (masked out, attention-masked).

    Returns:
        ``input_ids`` ``(B, T)`` long, ``attention_mask`` ``(B, T)`` long, ``loss_mask``
        ``(B, T)`` bool, ``rollout_logprobs`` ``(B, T)`` float32, ``advantages`` ``(B,)``
        float32, ``sft`` ``(B,)`` bool, ``temperature`` ``(B,)`` float32 (what each row's
        logprobs are computed at).
    """
    width = max(len(r.input_ids) for r in rows)
    b = len(rows)
    ids = torch.full((b, width), pad_id, dtype=torch.long)
    attn = torch.zeros((b, width), dtype=torch.long)
    mask = torch.zeros((b, width), dtype=torch.bool)
    rollout = torch.zeros((b, width), dtype=torch.float32)
    for i, r in enumerate(rows):
        n = len(r.input_ids)
        ids[i, :n] = torch.tensor(r.input_ids, dtype=torch.long)
        attn[i, :n] = 1
        mask[i, :n] = torch.tensor(r.loss_mask, dtype=torch.bool)
        rollout[i, :n] = torch.tensor(r.rollout_logprobs, dtype=torch.float32)
    return {
        "input_ids": ids.to(device),
        "attention_mask": attn.to(device),
        "loss_mask": mask.to(device),
        "rollout_logprobs": rollout.to(device),
        "advantages": torch.tensor([r.advantage for r in rows], dtype=torch.float32).to(device),
        "sft": torch.tensor([r.sft for r in rows], dtype=torch.bool).to(device),
        "temperature": torch.tensor([r.temperature for r in rows], dtype=torch.float32).to(device),
    }


def dummy_row() -> Rows:
    """A two-token row with an all-zero mask: keeps a rank with no work in the collectives."""
    return Rows(
        input_ids=[0, 0],
        loss_mask=[0, 0],
        rollout_logprobs=[0.0, 0.0],
        advantage=0.0,
        sft=False,
        group_id="",
    )
