"""Incremental chat tokenization equals whole-prompt tokenization, turn after turn."""

from __future__ import annotations

from typing import Any

from actors._prompt import IncrementalChat, incremental_ok
from actors.agent import build_messages
from engine.inference import chat_ids, ensure_tiny_model, load_tokenizer

TOOLS = [{"type": "function", "function": {"name": "lookup", "parameters": {}}}]


def test_incremental_ids_equal_whole_prompt_ids() -> None:
    tok = load_tokenizer(ensure_tiny_model())
    specials = incremental_ok(tok)
    assert specials is not None and "<|im_end|>" in specials
    chat = IncrementalChat(tok, specials)
    observations = [
        "Say go (0/5).",
        "  leading spaces",
        "\n\nnewlines",
        "<|im_end|> in text",
        "é" * 40,
    ]
    answers = ["go", " go", "go\n", '{"tool": "lookup", "arguments": {}}']
    whole = 0
    for t in range(len(observations)):
        msgs = build_messages("Task.", TOOLS, "a hint", observations[: t + 1], answers[:t])
        expected = chat_ids(tok, msgs)
        assert chat.ids(msgs) == expected
        whole += len(expected)
    assert chat.tokens_encoded < whole // 2


def test_a_rewritten_history_is_tokenized_whole() -> None:
    tok = load_tokenizer(ensure_tiny_model())
    chat = IncrementalChat(tok, incremental_ok(tok))
    chat.ids(build_messages("Task.", [], None, ["a", "b"], ["x"]))
    msgs = build_messages("Other task.", [], None, ["a", "b", "c"], ["x", "y"])
    assert chat.ids(msgs) == chat_ids(tok, msgs)


class _Stripping:
    """A tokenizer whose special token strips whitespace: no fixed split point."""

    class _Tok:
        content = "<s>"
        special = True
        lstrip = True
        rstrip = False
        normalized = False
        single_word = False

    added_tokens_decoder: dict[int, Any] = {0: _Tok()}


def test_stripping_special_tokens_turn_it_off() -> None:
    assert incremental_ok(_Stripping()) is None
