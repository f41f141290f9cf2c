"""Chat prompts to token ids, one way for every role (Designer, Agent, Hinter, warm start)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["chat_ids"]


def chat_ids(tokenizer: Any, messages: list[dict[str, str]]) -> list[int]:
    """Token ids of a chat prompt with the generation prompt appended.

    Args:
        tokenizer: a ``transformers`` tokenizer with a chat template.
        messages: ``[{"role": ..., "content": ...}, ...]``.

    Returns:
        The prompt's token ids, shape ``(P,)``, whatever container the tokenizer returns
        (a list, a ``BatchEncoding`` or a batch of one).
    """
    out = tokenizer.apply_chat_template(messages, add_generation_prompt=True, tokenize=True)
    if isinstance(out, Mapping) or hasattr(out, "keys"):
        out = out["input_ids"]
    ids = list(out)
    if ids and isinstance(ids[0], list):
        ids = ids[0]
    return [int(i) for i in ids]
