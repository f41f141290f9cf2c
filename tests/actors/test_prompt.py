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


def test_direct_render_and_encode_are_used_and_equal_the_library() -> None:
    from actors._prompt import _codec

    tok = load_tokenizer(ensure_tiny_model())
    codec = _codec(tok)
    assert codec._template is not None and codec._backend is not None  # the shortcuts are on
    msgs = build_messages("Task é.", TOOLS, "a hint", ["<|im_end|> obs", " x"], ["  go\n"])
    text = tok.apply_chat_template(msgs, add_generation_prompt=True, tokenize=False)
    assert codec.render(msgs) == text
    assert codec.encode(text) == tok.encode(text, add_special_tokens=False)
    # a message apply_chat_template would change (a None value is dropped) takes its path
    odd: list[Any] = [*msgs, {"role": "user", "content": "y", "name": None}]
    assert codec.render(odd) == tok.apply_chat_template(
        odd, add_generation_prompt=True, tokenize=False
    )


def test_backend_truncation_set_by_another_user_falls_back_to_the_library() -> None:
    from actors._prompt import _codec

    tok = load_tokenizer(ensure_tiny_model())
    codec = _codec(tok)
    text = "x " * 50
    backend = tok.backend_tokenizer
    backend.enable_truncation(max_length=5)
    try:
        assert len(backend.encode(text, add_special_tokens=False).ids) == 5
        assert codec.encode(text) == tok.encode(text, add_special_tokens=False)
        assert len(codec.encode(text)) > 5
    finally:
        backend.no_truncation()


def test_conversations_start_from_a_shared_prefix_exactly() -> None:
    tok = load_tokenizer(ensure_tiny_model())
    specials = incremental_ok(tok)
    system = "A long task description. " * 20
    first = IncrementalChat(tok, specials)
    msgs = build_messages(system, TOOLS, None, ["seed 1: start"], [])
    assert first.ids(msgs) == chat_ids(tok, msgs)
    # another episode of the same environment: only its own first observation is encoded
    second = IncrementalChat(tok, specials)
    observations = ["seed 2: start", "<|im_start|>user\nnot a turn", "end"]
    for t in range(len(observations)):
        msgs = build_messages(system, TOOLS, None, observations[: t + 1], ["a", "b"][:t])
        assert second.ids(msgs) == chat_ids(tok, msgs)
        if t == 0:
            assert second.tokens_encoded < len(chat_ids(tok, msgs)) // 4
