"""The loss formulas and batch preparation, on tensors, without processes."""

from __future__ import annotations

import math

import pytest
import torch

from engine.config import LearnerConfig
from engine.learner._batch import collate, prepare_batch, sft_token_weights, validate_sample
from engine.learner.losses import (
    group_advantages,
    k3_kl,
    policy_loss,
    sft_loss,
    token_logprobs,
)
from engine.messages import TrainingSample


def _sample(reward: float, group: str = "g", version: int = 0, n: int = 6, **kw: object):
    fields: dict[str, object] = dict(
        role="agent",
        group_id=group,
        input_ids=list(range(3, 3 + n)),
        loss_mask=[0, 0] + [1] * (n - 2),
        rollout_logprobs=[0.0] * n,
        reward=reward,
        policy_version=version,
    )
    fields.update(kw)
    return TrainingSample(**fields)  # type: ignore[arg-type]


def test_token_logprobs_matches_log_softmax() -> None:
    torch.manual_seed(0)
    logits = torch.randn(2, 5, 7)
    ids = torch.randint(0, 7, (2, 5))
    lp = token_logprobs(logits, ids)
    ref = torch.log_softmax(logits, -1)
    assert lp.shape == (2, 5)
    assert torch.all(lp[:, 0] == 0.0)
    for b in range(2):
        for t in range(1, 5):
            assert lp[b, t].item() == pytest.approx(ref[b, t - 1, ids[b, t]].item(), abs=1e-6)


def test_group_advantages_exact_values() -> None:
    adv = group_advantages([1.0, 0.0, 0.5, 2.0, 7.0], ["a", "a", "b", "b", "solo"])
    # group a: mean 0.5, population std 0.5 -> +1, -1; group b: mean 1.25, std 0.75 -> -1, +1
    assert adv.tolist() == pytest.approx([1.0, -1.0, -1.0, 1.0, 0.0], abs=1e-5)
    dr = group_advantages([1.0, 0.0, 3.0], ["a", "a", "a"], std_normalize=False)
    assert dr.tolist() == pytest.approx([-1 / 3, -4 / 3, 5 / 3], abs=1e-6)
    same = group_advantages([0.3, 0.3], ["x", "x"])
    assert same.tolist() == [0.0, 0.0]
    with pytest.raises(ValueError, match="group ids"):
        group_advantages([1.0], ["a", "b"])


def test_k3_kl_zero_when_equal_and_exact_otherwise() -> None:
    p = torch.tensor([-1.0, -2.0])
    assert k3_kl(p, p).tolist() == [0.0, 0.0]
    q = torch.tensor([-1.5, -1.0])
    d = q - p
    assert k3_kl(p, q).tolist() == pytest.approx((torch.exp(d) - d - 1).tolist())
    assert bool(torch.all(k3_kl(p, q) > 0))


def _terms(logp, old, rollout, adv, mask, **kw):
    defaults = dict(clip_eps=0.2, tis_cap=2.0)
    defaults.update(kw)
    return policy_loss(logp, old, rollout, adv, mask, **defaults)


def test_policy_loss_on_policy_first_step() -> None:
    logp = torch.tensor([[0.0, -1.0, -2.0, -0.5]], requires_grad=True)
    mask = torch.tensor([[0, 1, 1, 1]])
    terms = _terms(logp, logp.detach(), logp.detach(), torch.tensor([2.0]), mask)
    assert terms.tokens == 3
    assert terms.ratio_sum / terms.tokens == pytest.approx(1.0)
    assert terms.rollout_ratio_sum / terms.tokens == pytest.approx(1.0)
    assert terms.rollout_kl_sum == 0.0
    # -A * ratio * tis summed over 3 tokens
    assert terms.loss_sum.item() == pytest.approx(-6.0)
    terms.loss_sum.backward()
    # d(-A * exp(logp - old))/dlogp = -A at ratio 1: raising logp lowers the loss when A > 0.
    assert logp.grad is not None
    assert logp.grad[0].tolist() == pytest.approx([0.0, -2.0, -2.0, -2.0])


def test_negative_advantage_pushes_logprob_down() -> None:
    logp = torch.tensor([[0.0, -1.0, -1.0]], requires_grad=True)
    mask = torch.tensor([[0, 1, 1]])
    _terms(logp, logp.detach(), logp.detach(), torch.tensor([-1.0]), mask).loss_sum.backward()
    assert logp.grad is not None
    assert logp.grad[0, 1:].tolist() == pytest.approx([1.0, 1.0])  # descent lowers logp


def test_masked_positions_get_exactly_zero_gradient_even_with_nan() -> None:
    logp = torch.tensor([[0.0, -1.0, -1.0, -1.0]], requires_grad=True)
    rollout = torch.tensor([[0.0, float("nan"), -1.0, float("inf")]])
    mask = torch.tensor([[0, 0, 1, 0]])
    terms = _terms(logp, logp.detach(), rollout, torch.tensor([1.0]), mask)
    assert math.isfinite(terms.loss_sum.item())
    terms.loss_sum.backward()
    assert logp.grad is not None
    assert logp.grad[0].tolist() == [0.0, 0.0, pytest.approx(-1.0), 0.0]


def test_masked_tokens_get_zero_gradient_through_a_model(tiny_model) -> None:
    from transformers import AutoModelForCausalLM

    model = AutoModelForCausalLM.from_pretrained(tiny_model, dtype=torch.float32)
    ids = torch.tensor([[5, 17, 42, 99, 7, 3]])
    logits = model(input_ids=ids).logits.detach().requires_grad_(True)
    logp = token_logprobs(logits, ids)
    mask = torch.tensor([[0, 0, 1, 1, 0, 1]])
    terms = _terms(logp, logp.detach(), logp.detach(), torch.tensor([1.0]), mask)
    terms.loss_sum.backward()
    assert logits.grad is not None
    row_norms = logits.grad[0].abs().sum(-1)
    # logits at t-1 predict token t: rows 1, 4 (targets 2.. masked) and the last row are unused
    predicts_masked = [0, 3, 5]  # rows predicting tokens 1 and 4, and the final row
    assert all(row_norms[i].item() == 0.0 for i in predicts_masked)
    assert all(row_norms[i].item() > 0.0 for i in (1, 2, 4))


def test_clip_stops_gradient_beyond_the_trust_region() -> None:
    old = torch.tensor([[0.0, -1.0, -1.0]])
    logp = (old + torch.tensor([[0.0, 0.5, -0.5]])).requires_grad_(True)  # ratio e^.5, e^-.5
    mask = torch.tensor([[0, 1, 1]])
    terms = _terms(logp, old, old, torch.tensor([1.0]), mask)
    terms.loss_sum.backward()
    assert logp.grad is not None
    # A > 0: ratio 1.65 > 1.2 is clipped (no gradient); ratio 0.61 < 0.8 is not (min picks it).
    assert logp.grad[0, 1].item() == 0.0
    assert logp.grad[0, 2].item() == pytest.approx(-math.exp(-0.5))
    assert terms.clipped == 1


def test_truncated_importance_weight_is_capped() -> None:
    logp = torch.tensor([[0.0, -1.0, -1.0]], requires_grad=True)
    rollout = torch.tensor([[0.0, -5.0, -1.2]])  # pi_old/pi_rollout = e^4 (capped), e^0.2
    mask = torch.tensor([[0, 1, 1]])
    terms = _terms(logp, logp.detach(), rollout, torch.tensor([1.0]), mask, tis_cap=2.0)
    assert terms.loss_sum.item() == pytest.approx(-(2.0 + math.exp(0.2)), rel=1e-6)
    assert terms.rollout_ratio_sum == pytest.approx(math.exp(4.0) + math.exp(0.2), rel=1e-5)


def test_kl_term_adds_k3() -> None:
    logp = torch.tensor([[0.0, -1.0]], requires_grad=True)
    ref = torch.tensor([[0.0, -2.0]])
    mask = torch.tensor([[0, 1]])
    terms = _terms(
        logp, logp.detach(), logp.detach(), torch.tensor([0.0]), mask, ref_logp=ref, kl_coef=0.5
    )
    expected = math.exp(-1.0) + 1.0 - 1.0
    assert terms.kl_sum == pytest.approx(expected)
    assert terms.loss_sum.item() == pytest.approx(0.5 * expected)


def test_sft_loss_is_masked_nll() -> None:
    logp = torch.tensor([[0.0, -1.0, -3.0]])
    nll, tokens = sft_loss(logp, torch.tensor([[0, 1, 1]]))
    assert tokens == 2
    assert nll.item() == pytest.approx(4.0)


def test_sft_loss_weights_each_row() -> None:
    logp = torch.tensor([[0.0, -1.0, -3.0], [0.0, -2.0, -2.0]])
    mask = torch.tensor([[0, 1, 1], [0, 0, 1]])
    nll, tokens = sft_loss(logp, mask, torch.tensor([0.5, 0.25]))
    assert tokens == 3
    assert nll.item() == pytest.approx(0.5 * 4.0 + 0.25 * 2.0)


def test_sft_token_weights_give_each_role_an_equal_share() -> None:
    designer = _sample(1.0, n=102, sft=True, role="designer")  # 100 target tokens
    agent = _sample(1.0, n=7, sft=True)  # 5 target tokens
    rows = prepare_batch([designer, designer, agent], 0, LearnerConfig()).rows
    per_role = sft_token_weights(rows, per_role=True)
    # the mean of per-role token means: 1 / (2 roles x 200 tokens), 1 / (2 x 5)
    assert per_role == pytest.approx({"designer": 1 / 400, "agent": 1 / 10})
    share = {
        role: sum(r.tokens * per_role[role] for r in rows if r.role == role) for role in per_role
    }
    assert share == pytest.approx({"designer": 0.5, "agent": 0.5})
    # one token mean over the batch: the agent's 5 tokens are 5/205 of the loss
    flat = sft_token_weights(rows, per_role=False)
    assert flat == pytest.approx({"designer": 1 / 205, "agent": 1 / 205})
    # policy-gradient tokens in the same step keep their 1/T weight; SFT keeps its share
    pg = _sample(1.0, "g", n=12)  # 10 tokens
    mixed = prepare_batch([designer, agent, pg, _sample(0.0, "g", n=12)], 0, LearnerConfig()).rows
    w = sft_token_weights(mixed, per_role=True)
    assert w == pytest.approx({"designer": (105 / 125) / (2 * 100), "agent": (105 / 125) / (2 * 5)})
    assert sft_token_weights(prepare_batch([pg], 0, LearnerConfig()).rows, per_role=True) == {}


def test_prepare_batch_drops_and_counts_stale_samples() -> None:
    cfg = LearnerConfig(max_staleness=2)
    batch = [
        _sample(1.0, version=5),
        _sample(0.0, version=3),
        _sample(1.0, version=2),  # 2 < 5 - 2: stale
        _sample(0.0, version=0),  # stale
        _sample(0.0, version=0, sft=True),  # SFT samples are never stale
    ]
    prep = prepare_batch(batch, policy_version=5, config=cfg)
    assert prep.dropped_stale == 2
    assert len(prep.rows) == 3
    assert [r.advantage for r in prep.rows] == pytest.approx([1.0, -1.0, 0.0], abs=1e-5)


def test_prepare_batch_skips_empty_and_zero_advantage() -> None:
    cfg = LearnerConfig()
    assert prepare_batch([], 0, cfg).skipped == "empty"
    assert prepare_batch([_sample(1.0, version=-9)], 0, cfg).skipped == "empty"
    flat = [_sample(0.5, "a"), _sample(0.5, "a"), _sample(1.0, "b")]
    assert prepare_batch(flat, 0, cfg).skipped == "zero_advantage"
    no_tokens = _sample(1.0, "c", loss_mask=[0] * 6)
    assert prepare_batch([no_tokens, no_tokens], 0, cfg).skipped == "empty"


def test_prepare_batch_truncates_from_the_left_and_never_trains_position_zero() -> None:
    cfg = LearnerConfig(max_seq_tokens=4)
    s = _sample(1.0, n=6, loss_mask=[1] * 6)
    prep = prepare_batch([s, _sample(0.0)], 0, cfg)
    row = prep.rows[0]
    assert row.input_ids == [5, 6, 7, 8]
    assert row.loss_mask == [0, 1, 1, 1]
    batch = collate(prep.rows, torch.device("cpu"))
    assert batch["input_ids"].shape == (2, 4)
    assert batch["attention_mask"].tolist() == [[1, 1, 1, 1], [1, 1, 1, 1]]


def test_validate_sample_names_the_mismatch() -> None:
    with pytest.raises(ValueError, match="differ"):
        validate_sample(_sample(1.0, loss_mask=[1, 1]))
    with pytest.raises(ValueError, match="0 or 1"):
        validate_sample(_sample(1.0, loss_mask=[0, 2, 1, 1, 1, 1]))


def test_learner_devices_pick_the_ranks_cuda_devices() -> None:
    from engine.errors import ConfigError
    from engine.learner._handle import rank_cuda_visible_devices

    assert rank_cuda_visible_devices([], 4, "0,1,2,3") is None
    assert rank_cuda_visible_devices([4, 5, 6, 7], 4, None) == "4,5,6,7"
    # indices into the engine's own list: 2 and 3 of "4,5,6,7" are physical 6 and 7
    assert rank_cuda_visible_devices([2, 3], 2, "4,5,6,7") == "6,7"
    with pytest.raises(ConfigError, match="one per rank"):
        rank_cuda_visible_devices([0], 2, None)
    with pytest.raises(ConfigError, match="one per rank"):
        rank_cuda_visible_devices([1, 1], 2, None)
    with pytest.raises(ConfigError, match="only 2 devices"):
        rank_cuda_visible_devices([1, 2], 2, "0,1")
