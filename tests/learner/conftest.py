"""Tiny Qwen3 model built from a config (no model hub), shared by the learner tests."""

from __future__ import annotations

from pathlib import Path

import pytest


def build_tiny_model(path: Path, *, tie: bool = True, seed: int = 0) -> Path:
    """Save a 2-layer, hidden-64, vocab-301 Qwen3 causal LM into ``path`` (vocab 301: FSDP
    shards of uneven size on 2 ranks)."""
    import torch
    from transformers import Qwen3Config, Qwen3ForCausalLM

    torch.manual_seed(seed)
    config = Qwen3Config(
        vocab_size=301,
        hidden_size=64,
        intermediate_size=128,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        head_dim=16,
        max_position_embeddings=256,
        tie_word_embeddings=tie,
        pad_token_id=0,
        bos_token_id=1,
        eos_token_id=2,
    )
    model = Qwen3ForCausalLM(config)
    model.save_pretrained(path)
    return path


@pytest.fixture(scope="session")
def tiny_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_tiny_model(tmp_path_factory.mktemp("tiny_qwen3"))
