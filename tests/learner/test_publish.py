"""The learner never publishes non-finite weights: rank 0 checks the gathered state first."""

from __future__ import annotations

import torch

from engine.learner._worker import Pieces, _non_finite


def _pieces(*parts: torch.Tensor) -> Pieces:
    return Pieces(parts[0].dtype, (sum(p.numel() for p in parts),), list(parts))


def test_non_finite_tensors_are_named_and_integer_ones_ignored() -> None:
    state = {
        "ok": _pieces(torch.ones(3), torch.zeros(2)),
        "nan_in_second_shard": _pieces(torch.ones(3), torch.tensor([1.0, float("nan")])),
        "inf": _pieces(torch.tensor([float("-inf")])),
        "bf16_nan": _pieces(torch.tensor([float("nan")], dtype=torch.bfloat16)),
        "ids": _pieces(torch.arange(4)),
    }
    assert _non_finite(state) == ["nan_in_second_shard", "inf", "bf16_nan"]
    assert _non_finite({"ok": state["ok"], "ids": state["ids"]}) == []
