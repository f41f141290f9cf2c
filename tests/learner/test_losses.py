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
    scoring_temperature,
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


def test_group_advantages_follow_trls_scale_rewards() -> None:
    # Reference: TRL GRPOTrainer, advantages = rewards - group mean, divided for "group" by the
    # group's nanstd (Bessel) + 1e-4 and for "batch" by the batch's nanstd + 1e-4.
    rewards = [1.0, 0.0, 0.0, 0.0, 0.5, 2.0, 7.0]
    groups = ["a", "a", "a", "a", "b", "b", "solo"]
    centred = [0.75, -0.25, -0.25, -0.25, -0.75, 0.75, 0.0]
    none = group_advantages(rewards, groups, scale="none")
    assert none.tolist() == pytest.approx(centred, abs=1e-7)
    # group a: sample std sqrt((0.75^2 + 3 * 0.25^2) / 3) = 0.5; group b: sqrt(2 * 0.75^2) / 1
    group = group_advantages(rewards, groups, scale="group")
    std_b = math.sqrt(2 * 0.75**2)
    assert group.tolist() == pytest.approx(
        [c / (0.5 + 1e-4) for c in centred[:4]] + [c / (std_b + 1e-4) for c in centred[4:6]] + [0],
        abs=1e-6,
    )
    assert group[0].item() == pytest.approx(1.49970006, abs=1e-6)
    mean = sum(rewards) / 7
    std_all = math.sqrt(sum((r - mean) ** 2 for r in rewards) / 6)
    batch = group_advantages(rewards, groups, scale="batch")
    assert batch.tolist() == pytest.approx([c / (std_all + 1e-4) for c in centred], abs=1e-6)
    with pytest.raises(ValueError, match="group ids"):
        group_advantages([1.0], ["a", "b"])
    with pytest.raises(ValueError, match="scale"):
        group_advantages([1.0], ["a"], scale="population")  # type: ignore[arg-type]


def test_equal_and_near_equal_rewards_are_not_inflated() -> None:
    for scale in ("none", "group", "batch"):
        flat = group_advantages([0.1, 0.1, 0.1, 0.3, 0.3], ["x", "x", "x", "y", "y"], scale=scale)
        assert flat.tolist() == [0.0] * 5  # exactly: nothing to learn from
    # Dr. GRPO keeps a 1e-5 reward gap a 1e-5 advantage gap (population std with eps 1e-6 made
    # it -0.83/+0.83; TRL's group scaling makes it about -0.047/+0.047).
    near = group_advantages([0.7, 0.70001], ["x", "x"], scale="none")
    assert near.tolist() == pytest.approx([-5e-6, 5e-6], abs=1e-9)
    trl_group = group_advantages([0.7, 0.70001], ["x", "x"], scale="group")
    assert trl_group.tolist() == pytest.approx([-0.0467, 0.0467], abs=1e-3)


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


def test_policy_loss_matches_trl_dapo_with_token_level_tis() -> None:
    """Reference: TRL GRPOTrainer ``loss_type="dapo"`` with
    ``vllm_importance_sampling_mode="token_truncate"`` (cap 2), ``epsilon = 0.2``, beta 0::

        coef_1 = exp(logp - old); coef_2 = clamp(coef_1, 0.8, 1.2)
        per_token = -min(coef_1 * A, coef_2 * A) * min(exp(old - sampling), 2)
        loss = sum(per_token * mask) / mask.sum()
    """
    old = torch.tensor([[0.0, -1.0, -2.0, -0.5], [0.0, -0.7, -1.1, -3.0]])
    step = torch.tensor([[0.0, 0.1, 0.5, -0.5], [0.0, -0.4, 0.3, 9.0]])  # logp - old
    lag = torch.tensor([[0.0, 0.0, 1.0, -0.3], [0.0, 0.2, 0.0, float("nan")]])  # old - rollout
    mask = torch.tensor([[0, 1, 1, 1], [0, 1, 1, 0]])
    adv = [1.5, -0.5]
    logp = (old + step).requires_grad_(True)
    terms = _terms(logp, old, old - lag, torch.tensor(adv), mask, clip_eps=0.2, tis_cap=2.0)
    loss, grads, weights = 0.0, [[0.0] * 4, [0.0] * 4], []
    for b in range(2):
        for t in range(4):
            if not mask[b, t]:
                continue
            rho = math.exp(step[b, t].item())
            w = min(math.exp(lag[b, t].item()), 2.0)
            unclipped, clipped = rho * adv[b], min(max(rho, 0.8), 1.2) * adv[b]
            loss += -w * min(unclipped, clipped)
            grads[b][t] = -w * unclipped if unclipped <= clipped else 0.0
            weights.append(w)
    assert terms.tokens == 5
    assert terms.loss_sum.item() / terms.tokens == pytest.approx(loss / 5, rel=1e-6)
    assert loss / 5 == pytest.approx(-0.953652, abs=1e-6)  # the same number, by hand
    terms.loss_sum.backward()
    assert logp.grad is not None
    assert logp.grad.tolist() == [pytest.approx(g, abs=1e-6) for g in grads]
    assert terms.tis_row_sums.tolist() == pytest.approx(
        [sum(weights[:3]), sum(weights[3:])], rel=1e-6
    )


def test_on_policy_sample_at_temperature_half_has_tis_weight_one() -> None:
    # Logits [2, 1, 0] at three positions; the rollout sampled tokens 0, 1, 2 at T = 0.5 and
    # reported SGLang's logprobs log_softmax(logits / T).
    logits = torch.tensor([[[2.0, 1.0, 0.0]] * 4])
    ids = torch.tensor([[0, 0, 1, 2]])
    rollout = torch.zeros(1, 4)
    rollout[0, 1:] = torch.log_softmax(logits[0, 0] / 0.5, -1)[ids[0, 1:]]
    mask = torch.tensor([[0, 1, 1, 1]])

    def weights(temperature: torch.Tensor | None) -> list[float]:
        lp = token_logprobs(logits, ids, temperature)
        terms = _terms(lp, lp, rollout, torch.tensor([1.0]), mask, tis_cap=1e9)
        assert terms.tis_row_sums.item() == pytest.approx(
            float(torch.exp(lp - rollout)[0, 1:].sum()), rel=1e-6
        )
        return torch.exp(lp - rollout)[0, 1:].tolist()

    # Scored at the sampling temperature: pi_0.5 / pi_0.5 = 1 to float32 rounding.
    assert weights(torch.tensor([0.5])) == pytest.approx([1.0, 1.0, 1.0], abs=1e-6)
    # Scored at T = 1 (the old learner): pi_1 / pi_0.5, which the cap of 2 then truncated.
    z1, z05 = sum(math.exp(x) for x in (2, 1, 0)), sum(math.exp(2 * x) for x in (2, 1, 0))
    exact = [math.exp(x) / z1 / (math.exp(2 * x) / z05) for x in (2, 1, 0)]
    assert weights(None) == pytest.approx(exact, rel=1e-5)
    assert exact == pytest.approx([0.76746, 2.08616, 5.67078], abs=1e-5)
    assert scoring_temperature(0.0) == 1.0 and scoring_temperature(0.5) == 0.5


def test_rows_carry_the_sampling_temperature_into_the_logprobs(tiny_model) -> None:
    """An on-policy sample drawn at T = 0.5 by the CPU policy server's sampler, scored the way
    the learner ranks score it: every TIS weight is 1 (up to KV-cache float rounding)."""
    from transformers import AutoModelForCausalLM

    from engine.inference._model import GenRequest, PolicyModel

    policy = PolicyModel(tiny_model, seed=3)
    prompt = [5, 17, 42, 99, 7]
    (gen,) = policy.generate([GenRequest(input_ids=prompt, max_new_tokens=12, temperature=0.5)])
    n = len(prompt) + len(gen.output_ids)
    sample = _sample(
        1.0,
        n=n,
        input_ids=prompt + gen.output_ids,
        loss_mask=[0] * len(prompt) + [1] * len(gen.output_ids),
        rollout_logprobs=[0.0] * len(prompt) + gen.logprobs,
        temperature=0.5,
    )
    prep = prepare_batch([sample, _sample(0.0, n=n)], 0, LearnerConfig())
    assert [r.temperature for r in prep.rows] == [0.5, 1.0]
    batch = collate(prep.rows[:1], torch.device("cpu"))
    model = AutoModelForCausalLM.from_pretrained(tiny_model, dtype=torch.float32)
    with torch.no_grad():
        logits = model(input_ids=batch["input_ids"]).logits
        lp = token_logprobs(logits, batch["input_ids"], batch["temperature"])
    terms = _terms(lp, lp, batch["rollout_logprobs"], batch["advantages"], batch["loss_mask"])
    assert terms.tis_row_sums.item() / terms.tokens == pytest.approx(1.0, abs=1e-5)
    assert terms.rollout_kl_sum / terms.tokens < 1e-9
    # The same tokens scored at T = 1 are far from on-policy.
    lp1 = token_logprobs(logits, batch["input_ids"])
    off = _terms(lp1, lp1, batch["rollout_logprobs"], batch["advantages"], batch["loss_mask"])
    assert abs(off.rollout_ratio_sum / off.tokens - 1.0) > 0.05


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
    # the stale rewards still count in their group's mean (0.5): only their tokens are dropped
    assert [r.advantage for r in prep.rows] == pytest.approx([0.5, -0.5, 0.0], abs=1e-7)
    assert [r.staleness for r in prep.rows] == [0, 2, 0]


def test_prepare_batch_normalises_each_role_on_its_own() -> None:
    batch = [
        _sample(1.0, "g"),
        _sample(0.0, "g"),
        _sample(10.0, "g", role="designer"),
        _sample(30.0, "g", role="designer"),
    ]
    prep = prepare_batch(batch, 0, LearnerConfig(scale_rewards="batch"))
    # same group id, different roles: two groups; each role's batch std is its own
    s_agent, s_designer = math.sqrt(0.5), math.sqrt(200.0)
    assert [r.advantage for r in prep.rows] == pytest.approx(
        [0.5 / (s_agent + 1e-4), -0.5 / (s_agent + 1e-4)]
        + [-10 / (s_designer + 1e-4), 10 / (s_designer + 1e-4)],
        abs=1e-6,
    )
    assert [r.role for r in prep.rows] == ["agent", "agent", "designer", "designer"]


def test_prepare_batch_skips_empty_and_zero_advantage() -> None:
    cfg = LearnerConfig()
    assert prepare_batch([], 0, cfg).skipped == "empty"
    assert prepare_batch([_sample(1.0, version=-9)], 0, cfg).skipped == "empty"
    flat = [_sample(0.5, "a"), _sample(0.5, "a"), _sample(1.0, "b")]
    assert prepare_batch(flat, 0, cfg).skipped == "zero_advantage"
    no_tokens = _sample(1.0, "c", loss_mask=[0] * 6)
    assert prepare_batch([no_tokens, no_tokens], 0, cfg).skipped == "empty"


def test_prepare_batch_keeps_the_head_of_long_samples_and_never_trains_position_zero() -> None:
    cfg = LearnerConfig(max_seq_tokens=4)
    s = _sample(1.0, n=6, loss_mask=[1] * 6, rollout_logprobs=[-0.5 - i for i in range(6)])
    prep = prepare_batch([s, _sample(0.0)], 0, cfg)
    row = prep.rows[0]
    # the kept tokens keep the context they were sampled in: their rollout logprobs still apply
    assert row.input_ids == [3, 4, 5, 6]
    assert row.loss_mask == [0, 1, 1, 1]
    assert row.rollout_logprobs == [-0.5, -1.5, -2.5, -3.5]
    batch = collate(prep.rows, torch.device("cpu"))
    assert batch["input_ids"].shape == (2, 4)
    assert batch["attention_mask"].tolist() == [[1, 1, 1, 1], [1, 1, 1, 1]]
    # a prompt longer than the cap leaves nothing to train
    long_prompt = _sample(1.0, n=6, loss_mask=[0] * 5 + [1])
    assert prepare_batch([long_prompt, long_prompt], 0, cfg).skipped == "empty"


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


def test_replay_weights_are_their_own_mean_times_the_coefficient() -> None:
    designer = _sample(1.0, n=102, sft=True, role="designer")  # 100 target tokens
    agent = _sample(1.0, n=7, sft=True)  # 5 target tokens
    pg = _sample(1.0, "g", n=12)  # 10 tokens
    rows = prepare_batch([designer, agent, pg, _sample(0.0, "g", n=12)], 0, LearnerConfig()).rows
    # replay: the mean of per-role token means times the coefficient, whatever the PG count
    w = sft_token_weights(rows, per_role=True, replay_coef=0.5)
    assert w == pytest.approx({"designer": 0.5 / (2 * 100), "agent": 0.5 / (2 * 5)})
    flat = sft_token_weights(rows, per_role=False, replay_coef=0.5)
    assert flat == pytest.approx({"designer": 0.5 / 105, "agent": 0.5 / 105})
    # a minibatch that drew replay rows only (learner.minibatches > 1) keeps the coefficient
    sft_only = prepare_batch([designer, agent], 0, LearnerConfig()).rows
    assert sft_token_weights(sft_only, per_role=True, replay_coef=0.5) == pytest.approx(w)
    # the warm start (no replay_coef): the plain per-role means
    assert sft_token_weights(sft_only, per_role=True) == pytest.approx(
        {"designer": 1 / 200, "agent": 1 / 10}
    )


def test_a_batch_with_replay_is_skipped_as_its_policy_gradient_part_would_be() -> None:
    cfg = LearnerConfig(max_staleness=1)
    replay = [_sample(0.0, "r", sft=True)]
    flat = [_sample(0.5, "g"), _sample(0.5, "g")]
    stale = [_sample(1.0, "g", version=0), _sample(0.0, "g", version=0)]
    assert prepare_batch(flat + replay, 0, cfg, replay=True).skipped == "zero_advantage"
    assert prepare_batch(stale + replay, 5, cfg, replay=True).skipped == "empty"
    assert prepare_batch(replay, 0, cfg, replay=True).skipped == "empty"
    # without replay an SFT row is trained on its own (the warm start)
    assert prepare_batch(flat + replay, 0, cfg).skipped == ""
    live = [_sample(1.0, "g"), _sample(0.0, "g")]
    assert prepare_batch(live + replay, 0, cfg, replay=True).skipped == ""
