"""Deterministic mode: seeds derived from ``run.seed`` and a request's identity.

In ``run.deterministic`` mode every random choice that reaches the policy or the sandbox has a
seed computed from the run's master seed and *what* is being drawn, never from *when*: a
design sample is ``("design", request id, sample index)``, an Agent turn is ``("agent",
episode id, turn)``, a policy-written hint ``("hint", env id)``, the Critic's episode seeds
``("critic", env id)``. Concurrency then changes the order in which requests are served, not
what they return; together with a batch-invariant server (:func:`deterministic_policy`) and a
scheduler that does not look ahead, two runs of the same config write the same designs.
"""

from __future__ import annotations

import hashlib
import random

import msgspec

from engine.config import PolicyConfig

__all__ = ["DETERMINISTIC_SGLANG_FLAG", "derive_rng", "derive_seed", "deterministic_policy"]

DETERMINISTIC_SGLANG_FLAG = "--enable-deterministic-inference"
"""SGLang's launch flag for batch-invariant kernels (SGLang >= 0.5.3, "Deterministic
Inference" in its docs); requests then pass ``sampling_params.sampling_seed``."""

_SEED_BITS = 31


def derive_seed(base: int, *identity: object) -> int:
    """A seed in ``[0, 2**31)`` from the master seed and an identity tuple.

    SHA-256 of the parts' ``repr`` s joined by NUL, so it is stable across processes and Python
    versions (unlike ``hash``) and distinct identities give independent seeds.

    Args:
        base: the master seed (``run.seed``).
        identity: what is being drawn, e.g. ``("design", "it1-r0-3fa2c1", 0)``.
    """
    text = "\0".join(repr(p) for p in (base, *identity))
    digest = hashlib.sha256(text.encode()).digest()
    return int.from_bytes(digest[:8], "big") % (1 << _SEED_BITS)


def derive_rng(base: int, *identity: object) -> random.Random:
    """A ``random.Random`` seeded with :func:`derive_seed` of the same arguments."""
    return random.Random(derive_seed(base, *identity))


def deterministic_policy(config: PolicyConfig) -> PolicyConfig:
    """The ``[policy]`` section a deterministic run launches its servers with.

    The CPU server batches one request at a time (``max_batch_size = 1``: no padding or
    batch-shape effects on the logits); SGLang gets ``--enable-deterministic-inference``.
    Attached servers (``policy.urls``) are used as they are: their launch flags are not ours.
    """
    if config.backend == "cpu":
        return msgspec.structs.replace(config, max_batch_size=1)
    if config.backend == "sglang" and DETERMINISTIC_SGLANG_FLAG not in config.extra_args:
        return msgspec.structs.replace(
            config, extra_args=[*config.extra_args, DETERMINISTIC_SGLANG_FLAG]
        )
    return config
