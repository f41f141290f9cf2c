"""The learner's objectives as pure functions on tensors (no processes, no model).

Everything here is differentiable torch on whatever device the inputs live on, so the formulas
are unit-tested without spawning ranks. Shapes: ``B`` sequences, ``T`` positions; a ``mask``
is ``1`` (float or bool) on the policy's own tokens and ``0`` on prompts, observations, tool
results and padding.

Sources:
- GRPO group-relative advantage: Shao et al. 2024, *DeepSeekMath*, §4.1.2 (outcome
  supervision), ``A_i = r_i - mean(r)``, there divided by ``std(r)``. Which scale divides it
  follows TRL's ``GRPOConfig.scale_rewards`` (``trl/trainer/grpo_trainer.py``,
  ``_generate_and_score_completions``): ``"none"`` is Dr. GRPO (Liu et al. 2025, *Understanding
  R1-Zero-Like Training*, §3.1), ``"group"`` the group's sample std + 1e-4, ``"batch"`` the
  batch's sample std + 1e-4 (Liu et al. 2025, *Tricks or Traps?*, "Lite PPO").
- PPO clipped surrogate: Schulman et al. 2017, *Proximal Policy Optimization*, eq. (7).
- Token-level averaging (every generated token weighs the same, across sequences): Yu et al.
  2025, *DAPO*, eq. (12); TRL's ``loss_type="dapo"``.
- k3 KL estimator ``exp(q - p) - (q - p) - 1``: Schulman 2020, *Approximating KL Divergence*
  (blog note); used as GRPO's KL term (DeepSeekMath eq. (4)).
- Truncated importance sampling ``min(pi_old / pi_rollout, C)``: Yao et al. 2025, *Your
  Efficient RL Framework Secretly Brings You Off-Policy RL Training* (TIS), eq. (2); TRL's
  ``vllm_importance_sampling_mode="token_truncate"``. It corrects for the inference engine's
  logprobs differing from the trainer's and for bounded staleness.
- Sampling temperature: logprobs are ``log_softmax(logits / T)`` at the temperature ``T`` the
  tokens were sampled at, as the inference engine reports them (SGLang's sampler) and as TRL
  recomputes them (``logits.div_(self.temperature)`` in ``_get_per_token_logps_and_entropies``);
  scored at ``T = 1`` the importance weight would be ``pi_1 / pi_T`` instead of 1 on-policy.

Checked against TRL's GRPOTrainer (1.16.0) with ``loss_type="dapo"``, token-level truncated
importance sampling, one symmetric clip and no ratio on the KL term: loss and gradients agree to
float32 rounding (issue 22; ``tests/learner/test_losses.py`` pins reference values).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import torch

__all__ = [
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


def scoring_temperature(temperature: float) -> float:
    """The temperature a token's logprob is computed at: ``temperature``, or 1 for greedy (0).

    SGLang (``sglang/srt/layers/sampler.py``) and ``engine.inference`` return
    ``log_softmax(logits)`` for greedy requests, ``log_softmax(logits / T)`` otherwise.
    """
    return temperature if temperature > 0 else 1.0


def token_logprobs(
    logits: torch.Tensor, input_ids: torch.Tensor, temperature: torch.Tensor | None = None
) -> torch.Tensor:
    """Logprob of each token given its prefix, aligned with ``input_ids``.

    Position ``t`` holds ``log softmax(logits[t - 1] / T)[input_ids[t]]``; position 0 has no
    prefix and is 0.0 (it must be masked out).

    Args:
        logits: next-token logits, shape ``(B, T, V)`` (any float dtype; computed in float32).
        input_ids: token ids, shape ``(B, T)``.
        temperature: the sampling temperature of each row, shape ``(B,)`` (> 0; see
            ``scoring_temperature``), or ``None`` for 1.

    Returns:
        Natural-log probabilities, shape ``(B, T)``, float32.
    """
    logits = logits[:, :-1].float()
    if temperature is not None and bool((temperature != 1.0).any()):
        logits = logits / temperature.to(logits).reshape(-1, 1, 1)
    targets = input_ids[:, 1:]
    # log_softmax gathered at the target: logit[target] - logsumexp(logits).
    picked = torch.gather(logits, -1, targets.unsqueeze(-1)).squeeze(-1)
    lp = picked - torch.logsumexp(logits, dim=-1)
    return torch.nn.functional.pad(lp, (1, 0), value=0.0)


ScaleRewards = Literal["group", "batch", "none"]
"""What divides ``r_i - mean_group``: TRL's ``scale_rewards`` values (see the module docstring)."""


def group_advantages(
    rewards: Sequence[float] | torch.Tensor,
    group_ids: Sequence[str],
    *,
    scale: ScaleRewards = "none",
    eps: float = 1e-4,
) -> torch.Tensor:
    """GRPO advantages: each reward minus its group's mean, optionally divided by a std.

    TRL's formula (``GRPOTrainer``, ``scale_rewards``), with ``s`` the sample standard deviation
    (Bessel's correction, TRL's ``nanstd``)::

        none:  A_i = r_i - mean_g(i)                          (Dr. GRPO)
        group: A_i = (r_i - mean_g(i)) / (s_g(i) + eps)       (DeepSeekMath GRPO)
        batch: A_i = (r_i - mean_g(i)) / (s_all + eps)        (Lite PPO; all ``rewards`` given)

    ``"none"`` never turns a small reward difference into a large advantage (rewards 0.7 and
    0.70001 give -5e-6 and +5e-6, where a group std would give about -0.05 and +0.05 with
    ``eps = 1e-4`` and -0.83 and +0.83 with population std and ``eps = 1e-6``). A group of one
    sample, or one whose rewards are all equal, gets exactly 0 (nothing to learn from).

    Args:
        rewards: scalar rewards, shape ``(N,)``.
        group_ids: the GRPO group of each reward, length ``N``.
        scale: ``"none"``, ``"group"`` or ``"batch"``.
        eps: added to the std (reward units); TRL uses 1e-4.

    Returns:
        Advantages, shape ``(N,)``, float32 (computed in float64). NaN rewards give NaN
        advantages in their group (the caller detects the non-finite loss and skips the step).

    Raises:
        ValueError: ``rewards`` and ``group_ids`` differ in length, or ``scale`` is unknown.
    """
    r = torch.as_tensor(rewards, dtype=torch.float64).reshape(-1)
    if r.numel() != len(group_ids):
        raise ValueError(f"{r.numel()} rewards but {len(group_ids)} group ids")
    if scale not in ("none", "group", "batch"):
        raise ValueError(f"scale must be 'none', 'group' or 'batch', not {scale!r}")
    adv = torch.zeros_like(r)
    index: dict[str, list[int]] = {}
    for i, gid in enumerate(group_ids):
        index.setdefault(gid, []).append(i)
    batch_std = r.std() if r.numel() > 1 else r.new_zeros(())
    for members in index.values():
        idx = torch.tensor(members)
        g = r[idx]
        if len(members) < 2 or bool((g == g[0]).all()):
            continue
        centred = g - g.mean()
        if scale == "group":
            centred = centred / (g.std() + eps)
        elif scale == "batch":
            centred = centred / (batch_std + eps)
        adv[idx] = centred
    return adv.float()


def k3_kl(logp: torch.Tensor, ref_logp: torch.Tensor) -> torch.Tensor:
    """Per-token k3 estimate of ``KL(pi || pi_ref)`` from samples of ``pi``.

    ``k3 = exp(ref - logp) - (ref - logp) - 1`` (Schulman 2020; DeepSeekMath eq. (4)); unbiased,
    always ≥ 0, and 0 exactly where the two logprobs agree.

    Args:
        logp: logprobs under the policy, any shape.
        ref_logp: logprobs under the reference, same shape.

    Returns:
        The estimate, same shape.
    """
    d = ref_logp - logp
    return torch.exp(d) - d - 1.0


def masked_sum(values: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """Sum of ``values`` where ``mask`` is 1, with masked positions contributing exact zeros.

    ``torch.where`` (not multiplication) so a NaN/inf at a masked position cannot leak into the
    sum or its gradient.

    Args:
        values: shape ``(B, T)``.
        mask: shape ``(B, T)``, bool or 0/1.

    Returns:
        A scalar tensor.
    """
    return torch.where(mask.bool(), values, torch.zeros_like(values)).sum()


@dataclass(frozen=True)
class PolicyLossTerms:
    """The summed (not averaged) terms of one micro-batch's policy loss.

    Divide the sums by the global token count (all micro-batches, all ranks) to get the
    token-level mean (DAPO eq. (12)).

    Attributes:
        loss_sum: sum over masked tokens of the per-token loss (differentiable scalar).
        tokens: number of masked tokens.
        ratio_sum: sum of ``pi_theta / pi_old`` (detached).
        clipped: number of tokens where the clipped branch was taken.
        kl_sum: sum of the k3 KL to the reference (0 when no reference is given; detached).
        rollout_ratio_sum: sum of ``pi_old / pi_rollout`` before truncation (detached).
        rollout_kl_sum: sum of k3 between the rollout and recomputed logprobs (detached);
            ``/ tokens`` is the approximate KL(pi_old || pi_rollout).
        tis_row_sums: per sequence, the sum of the truncated weight ``w_t`` over its masked
            tokens, shape ``(B,)`` float64 (detached); divide by its masked token count for the
            sequence's mean TIS weight.
    """

    loss_sum: torch.Tensor
    tokens: int
    ratio_sum: float
    clipped: int
    kl_sum: float
    rollout_ratio_sum: float
    rollout_kl_sum: float
    tis_row_sums: torch.Tensor


def policy_loss(
    logp: torch.Tensor,
    old_logp: torch.Tensor,
    rollout_logp: torch.Tensor,
    advantages: torch.Tensor,
    mask: torch.Tensor,
    *,
    clip_eps: float,
    tis_cap: float,
    ref_logp: torch.Tensor | None = None,
    kl_coef: float = 0.0,
) -> PolicyLossTerms:
    """GRPO token loss: PPO clipped surrogate, truncated importance weight, optional k3 KL.

    Per masked token ``t`` of sequence ``i`` (Schulman et al. 2017 eq. (7); Yao et al. 2025
    eq. (2); DeepSeekMath eq. (3)-(4))::

        rho_t  = exp(logp_t - old_t)                       # pi_theta / pi_old
        w_t    = min(exp(old_t - rollout_t), tis_cap)      # TIS, detached
        pg_t   = -w_t * min(rho_t * A_i, clip(rho_t, 1 - eps, 1 + eps) * A_i)
        loss_t = pg_t + kl_coef * k3(logp_t, ref_t)

    Args:
        logp: logprobs under the parameters being trained, shape ``(B, T)`` (carries grad).
        old_logp: logprobs recomputed under the weights at the start of this step (no grad),
            shape ``(B, T)``.
        rollout_logp: logprobs the inference engine reported when sampling, shape ``(B, T)``.
        advantages: one advantage per sequence, shape ``(B,)``.
        mask: 1 on tokens that enter the loss, shape ``(B, T)``.
        clip_eps: PPO clip epsilon (unitless).
        tis_cap: cap C of the truncated importance weight (unitless, > 0).
        ref_logp: reference-model logprobs, shape ``(B, T)``, or ``None`` for no KL term.
        kl_coef: weight of the KL term.

    Returns:
        ``PolicyLossTerms`` with sums over masked tokens.
    """
    m = mask.bool()
    # Masked positions take the on-policy values, so garbage there (NaN rollout logprobs of
    # prompt tokens) cannot turn their zero gradient into 0 * NaN.
    old_logp = torch.where(m, old_logp.detach(), logp.detach())
    rollout_logp = torch.where(m, rollout_logp.detach(), old_logp)
    if ref_logp is not None:
        ref_logp = torch.where(m, ref_logp.detach(), logp.detach())
    adv = advantages.detach().float().unsqueeze(-1)
    ratio = torch.exp(logp - old_logp)
    unclipped = ratio * adv
    clipped = torch.clamp(ratio, 1.0 - clip_eps, 1.0 + clip_eps) * adv
    surrogate = torch.minimum(unclipped, clipped)
    rollout_log_ratio = old_logp - rollout_logp.detach()
    tis = torch.clamp(torch.exp(rollout_log_ratio), max=tis_cap)
    per_token = -tis * surrogate
    kl_sum = 0.0
    if ref_logp is not None and kl_coef > 0.0:
        kl = k3_kl(logp, ref_logp.detach())
        per_token = per_token + kl_coef * kl
        kl_sum = float(masked_sum(kl.detach(), m))
    loss_sum = masked_sum(per_token, m)
    with torch.no_grad():
        rollout_kl = k3_kl(rollout_logp.detach(), old_logp)
        return PolicyLossTerms(
            loss_sum=loss_sum,
            tokens=int(m.sum()),
            ratio_sum=float(masked_sum(ratio.detach(), m)),
            clipped=int((m & (clipped < unclipped)).sum()),
            kl_sum=kl_sum,
            rollout_ratio_sum=float(masked_sum(torch.exp(rollout_log_ratio), m)),
            rollout_kl_sum=float(masked_sum(rollout_kl, m)),
            tis_row_sums=torch.where(m, tis, torch.zeros_like(tis)).sum(-1).double(),
        )


def sft_loss(
    logp: torch.Tensor, mask: torch.Tensor, weights: torch.Tensor | None = None
) -> tuple[torch.Tensor, int]:
    """Negative log-likelihood over masked tokens (maximum-likelihood warm start).

    Args:
        logp: token logprobs, shape ``(B, T)``.
        mask: 1 on tokens to imitate, shape ``(B, T)``.
        weights: weight of each row's tokens, shape ``(B,)``, or ``None`` for 1 (the plain sum).
            ``engine.learner._batch.sft_token_weights`` gives them per role, so the result is
            already the step's SFT loss (mean of per-role token means).

    Returns:
        ``(nll, tokens)``: the differentiable scalar ``sum_b w_b sum_t mask * -logp`` and the
        number of masked tokens; with ``weights=None`` divide by the global token count for
        the token-level mean.
    """
    m = mask.bool()
    if weights is None:
        return -masked_sum(logp, m), int(m.sum())
    per_row = -torch.where(m, logp, torch.zeros_like(logp)).sum(dim=-1)
    return (per_row * weights.to(per_row.dtype)).sum(), int(m.sum())
