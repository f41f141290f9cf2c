"""Learning regression test (issue 17): Agent-only GRPO on one seed family must learn.

The project's own learner code (``engine.learner._worker.Worker.train``: ``prepare_batch`` with
``group_advantages``, ``policy_loss``, FSDP2 on a one-rank gloo group, AdamW) trains a tiny
Qwen3 (``build_tiny_model``: hidden 64, 2 layers, vocabulary 301) as the Agent of the
``caesar`` seed environment (``engine/seed_envs/caesar.py``, played in process): the prompt
is the hint token and the first three cipher letters, one token each; the action is one of 26
tokens, "decrypt with shift k", played as the decrypted text on the environment's first
attempt (reward 1 on success). Solving needs the shift, which the hint's fact (the message
starts with "the") ties to the first cipher letter: a table of 23 letters the policy must
learn. Sampling is restricted to the 26 action tokens; the recorded rollout logprob is the
full-vocabulary one the learner recomputes, so every sample is on-policy (ratio 1).

From the same seeded start, greedy success with the hint on 64 held-back episode seeds must
rise by at least ``MARGIN``. Broken GRPO does not: ``SPADE_LEARNING_FAULT=flip_sign`` (the
advantages negated) or ``=shift_mask`` (the loss on the token before the action) makes this
test fail (a test-only knob; the README's learning section records that run).
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest

from engine.config import LearnerConfig
from engine.messages import TrainingSample
from engine.seed_envs import seed_envs

from .conftest import build_tiny_model

MARGIN = 0.25
STEPS = 60
GROUPS = 8  # episode seeds per step
G = 8  # episodes per group (one seed, the GRPO group)
LETTER0 = 3  # token of "a"; letters take 3..28
ACTION0 = 30  # token of "decrypt with shift k", k = 0..25 -> 30..55
HINT, OBS = 60, 61


def _caesar() -> tuple[str, str]:
    env = next(e for e in seed_envs() if e.name == "caesar")
    return env.source, env.hint


def _shift(text: str, k: int) -> str:
    return "".join(chr((ord(c) - 97 + k) % 26 + 97) if c.isalpha() else c for c in text)


class _Episode:
    def __init__(self, source: str, seed: int) -> None:
        ns: dict[str, Any] = {}
        exec(compile(source, "<caesar>", "exec"), ns)  # the shipped seed, trusted
        self.env = ns["Env"]()
        obs, _ = self.env.reset(seed=seed)
        self.cipher = obs.split(":", 1)[1].strip()

    def prompt(self, hinted: bool) -> list[int]:
        letters = [LETTER0 + ord(c) - 97 for c in self.cipher.replace(" ", "")[:3]]
        return [1, *([HINT] if hinted else []), OBS, *letters]

    def play(self, k: int) -> float:
        _, reward, _, _, info = self.env.step(_shift(self.cipher, k))
        return 1.0 if info.get("success") else 0.0 * reward


def _init_group(tmp: Path) -> None:
    import torch.distributed as dist

    from engine.inference import free_port

    os.environ.setdefault("LOCAL_RANK", "0")
    dist.init_process_group(
        "gloo", init_method=f"tcp://127.0.0.1:{free_port()}", rank=0, world_size=1
    )


def _apply_fault(fault: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The test-only knob: break GRPO the two classic ways."""
    import engine.learner._batch as batch
    import engine.learner._worker as worker

    if fault == "flip_sign":
        real_adv = batch.group_advantages
        monkeypatch.setattr(batch, "group_advantages", lambda *a, **k: -real_adv(*a, **k))
    elif fault == "shift_mask":
        real_prep = batch.prepare_batch

        def shifted(*a: Any, **k: Any) -> Any:
            import dataclasses

            prep = real_prep(*a, **k)
            rows = [  # the loss on the token before each trained one
                dataclasses.replace(r, loss_mask=[*r.loss_mask[1:], 0]) for r in prep.rows
            ]
            return dataclasses.replace(prep, rows=rows)

        monkeypatch.setattr(worker, "prepare_batch", shifted)
    elif fault:
        raise ValueError(f"unknown SPADE_LEARNING_FAULT {fault!r}")


@pytest.mark.slow
def test_agent_grpo_raises_success_with_the_hint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import torch
    import torch.distributed as dist

    from engine.learner._worker import Worker, WorkerSpec

    fault = os.environ.get("SPADE_LEARNING_FAULT", "")
    _apply_fault(fault, monkeypatch)
    torch.set_num_threads(1)
    source, _hint = _caesar()
    model_dir = build_tiny_model(tmp_path / "model", seed=0)
    cfg = LearnerConfig(
        world_size=1, lr=3e-3, batch_size=GROUPS * G, micro_batch_size=GROUPS * G, seed=0
    )
    _init_group(tmp_path)
    try:
        worker = Worker(
            WorkerSpec(config=cfg, model_path=str(model_dir), run_dir=str(tmp_path / "run"))
        )
        actions = torch.arange(ACTION0, ACTION0 + 26)

        @torch.no_grad()
        def logits_of(prompts: list[list[int]]) -> torch.Tensor:
            ids = torch.tensor(prompts)
            out = worker.model(input_ids=ids, attention_mask=torch.ones_like(ids)).logits
            return out[:, -1].float()  # type: ignore[no-any-return]

        def greedy_success(seeds: range) -> float:
            eps = [_Episode(source, s) for s in seeds]
            last = logits_of([e.prompt(True) for e in eps])
            ks = last[:, actions].argmax(-1).tolist()
            return sum(e.play(k) for e, k in zip(eps, ks, strict=True)) / len(eps)

        held = range(10_000, 10_064)
        before = greedy_success(held)
        gen = torch.Generator().manual_seed(0)
        rng = random.Random(0)
        for step in range(STEPS):
            samples: list[TrainingSample] = []
            seeds = [rng.randrange(10_000) for _ in range(GROUPS)]
            eps = [_Episode(source, s) for s in seeds for _ in range(G)]
            prompts = [e.prompt(True) for e in eps]
            logp = torch.log_softmax(logits_of(prompts), -1)
            probs = torch.softmax(logp[:, actions], -1)
            ks = torch.multinomial(probs, 1, generator=gen).squeeze(1).tolist()
            for i, (e, p, k) in enumerate(zip(eps, prompts, ks, strict=True)):
                samples.append(
                    TrainingSample(
                        role="agent",
                        group_id=f"s{step}-{i // G}",
                        input_ids=[*p, ACTION0 + k],
                        loss_mask=[0] * len(p) + [1],
                        rollout_logprobs=[0.0] * len(p) + [float(logp[i, ACTION0 + k])],
                        reward=e.play(k),
                        policy_version=worker.step,
                        temperature=1.0,
                        group_size=G,
                    )
                )
            worker.train(samples)
        after = greedy_success(held)
    finally:
        dist.destroy_process_group()
    print(f"greedy success with the hint: {before:.3f} -> {after:.3f} (fault={fault or 'none'})")
    assert after >= before + MARGIN, (before, after, fault)
