"""Chat prompts tokenized incrementally: each turn tokenizes only the text the turn added.

A chat prompt grows turn by turn: turn ``t + 1``'s rendered template is turn ``t``'s text
followed by the agent's answer, the end-of-turn marker, the new observation and the generation
prompt. Hugging Face tokenizers split the text at added special tokens (``<|im_start|>``,
``<|im_end|>``) *before* the model's pre-tokenizer and BPE run, and tokenize the pieces in
between independently. So the ids of the text up to the end of a special token never change
when text is appended after it, and

    ids(text) == ids(text[:p]) + ids(text[p:])      for p right after a special token.

:class:`IncrementalChat` keeps ``(text[:p], ids(text[:p]))`` for the last such ``p`` of the
previous prompt and tokenizes only the rest. It is exact, not approximate, under two conditions
checked once per tokenizer (:func:`incremental_ok`): the special tokens strip no whitespace
around them and are not normalized (else the split is not at a fixed place), and a probe
conversation tokenized both ways gives the same ids (a pre-tokenizer that treats the start of
the string specially, e.g. a prepended ``▁``, fails it). When either fails, or a new prompt is
not an extension of the previous one (a template that rewrites earlier turns), the whole prompt
is tokenized as before (:func:`engine.inference.chat_ids`).

Cost on the tiny model's tokenizer (ChatML, Qwen2 BPE): a 5-turn prompt re-tokenized whole is
~300 µs of CPU per turn; rendering the template (~55 µs) plus the new text (~20 µs) is ~75 µs.
"""

from __future__ import annotations

import weakref
from typing import Any

from engine.inference import chat_ids

__all__ = ["IncrementalChat", "incremental_ok"]

_PROBE: list[dict[str, str]] = [
    {"role": "system", "content": "Task: probe.\nTools: []"},
    {"role": "user", "content": "Say go (0/3)."},
    {"role": "assistant", "content": "  go\n"},
    {"role": "user", "content": "\n2 apples, 3 pears; ok?"},
    {"role": "assistant", "content": '{"tool": "x", "arguments": {}}'},
    {"role": "user", "content": "wrong"},
]

_CHECKED: weakref.WeakKeyDictionary[Any, dict[str, int] | None] = weakref.WeakKeyDictionary()


def _render(tokenizer: Any, messages: list[dict[str, str]]) -> str:
    text = tokenizer.apply_chat_template(messages, add_generation_prompt=True, tokenize=False)
    if not isinstance(text, str):
        raise TypeError(f"the chat template rendered {type(text).__name__}, not str")
    return text


def _encode(tokenizer: Any, text: str) -> list[int]:
    return [int(i) for i in tokenizer.encode(text, add_special_tokens=False)]


def _specials(tokenizer: Any) -> dict[str, int] | None:
    """Special token text -> id when every added special token splits at a fixed place."""
    decoder = getattr(tokenizer, "added_tokens_decoder", None)
    if not isinstance(decoder, dict) or not decoder:
        return None
    out: dict[str, int] = {}
    for tid, tok in decoder.items():
        if not getattr(tok, "special", False):
            continue
        if getattr(tok, "lstrip", True) or getattr(tok, "rstrip", True):
            return None
        if getattr(tok, "normalized", True) or getattr(tok, "single_word", True):
            return None
        out[str(tok.content)] = int(tid)
    return out or None


def incremental_ok(tokenizer: Any) -> dict[str, int] | None:
    """The tokenizer's special tokens (text -> id) when incremental tokenization is exact for
    it, else ``None``; checked once per tokenizer object (a probe conversation, see module
    docstring)."""
    try:
        return _CHECKED[tokenizer]
    except (KeyError, TypeError):
        pass
    specials = _specials(tokenizer)
    if specials is not None:
        try:
            chat = IncrementalChat(tokenizer, specials)
            for n in range(2, len(_PROBE) + 1, 2):
                msgs = _PROBE[:n]
                if chat.ids(msgs) != chat_ids(tokenizer, msgs):
                    specials = None
                    break
        except Exception:  # a template that cannot render the probe: tokenize whole
            specials = None
    try:
        _CHECKED[tokenizer] = specials
    except TypeError:  # not weak-referenceable: check again next time
        pass
    return specials


class IncrementalChat:
    """The prompt ids of one conversation, tokenizing only what each turn appends.

    Args:
        tokenizer: a Hugging Face tokenizer with a chat template.
        specials: :func:`incremental_ok`'s answer for it (``None``: always tokenize whole).
    """

    def __init__(self, tokenizer: Any, specials: dict[str, int] | None) -> None:
        self._tokenizer = tokenizer
        self._specials = specials
        self._ids_of = {v: k for k, v in specials.items()} if specials else {}
        self._text = ""
        self._ids: list[int] = []
        self.tokens_encoded = 0
        """Tokens this object tokenized in all (for statistics and tests)."""

    def ids(self, messages: list[dict[str, str]]) -> list[int]:
        """Token ids of ``messages`` with the generation prompt, shape ``(P,)``; equal to
        ``engine.inference.chat_ids(tokenizer, messages)``.

        Raises:
            Exception: whatever the tokenizer's template raises.
        """
        if self._specials is None:
            ids = chat_ids(self._tokenizer, messages)
            self.tokens_encoded += len(ids)
            return ids
        text = _render(self._tokenizer, messages)
        if not text.startswith(self._text):
            self._text, self._ids = "", []
        new = _encode(self._tokenizer, text[len(self._text) :])
        self.tokens_encoded += len(new)
        ids = self._ids + new
        # Move the kept prefix to the end of the last special token of the new text.
        for k in range(len(new) - 1, -1, -1):
            name = self._ids_of.get(new[k])
            if name is not None:
                end = text.rfind(name) + len(name)
                if end >= len(self._text) + len(name):
                    self._text, self._ids = text[:end], ids[: len(self._ids) + k + 1]
                break
        return ids
