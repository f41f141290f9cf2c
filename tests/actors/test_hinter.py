"""Hinter: the hint's source and origin, the policy path, the actor's shutdown."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from actors.hinter import Hinter, build_hint_messages, clean_hint
from engine.config import HinterConfig
from engine.errors import PolicyUnavailable
from engine.messages import EnvProposed, EnvValidated


def env(hint: str = "Use binary search.") -> EnvValidated:
    prop = EnvProposed(env_id="e", source="class Env: ...\nSECRET = 7\n", hint=hint)
    return EnvValidated(env_id="e", proposal=prop, description="Guess.", max_turns=3)


class Tokenizer:
    """Chat template: role-tagged lines, one id per character (enough for the prompt path)."""

    eos_token_id = 0

    def apply_chat_template(self, messages: list[dict[str, str]], **kw: Any) -> list[int]:
        self.last = messages
        return [ord(c) % 256 for m in messages for c in m["content"]]

    def decode(self, ids: list[int], **kw: Any) -> str:
        return "".join(chr(i) for i in ids)


class Policy:
    """Same ``generate`` signature as ``engine.inference.PolicyClient``."""

    def __init__(self, text: str = "", fail: bool = False) -> None:
        self.text, self.fail, self.calls = text, fail, []

    async def generate(
        self,
        input_ids: list[int],
        *,
        max_new_tokens: int,
        temperature: float = 1.0,
        top_p: float = 1.0,
        stop_token_ids: list[int] | None = None,
    ) -> Any:
        self.calls.append((len(input_ids), max_new_tokens, stop_token_ids))
        if self.fail:
            raise PolicyUnavailable("no server")
        ids = [ord(c) for c in self.text]
        return SimpleNamespace(
            output_ids=ids, output_logprobs=[-0.1] * len(ids), text=self.text, weight_version="3"
        )


async def test_designer_hint_and_none_origin() -> None:
    h = Hinter()
    issued = await h.hint_for(env())
    assert (issued.hint, issued.origin) == ("Use binary search.", "designer")
    assert (await h.hint_for(env(""))).origin == "none"
    assert h.statistics().issued == {"designer": 1, "none": 1}


async def test_policy_writes_the_hint_from_the_source() -> None:
    pol, tok = Policy("Hint: Look at SECRET.\n\nExtra text."), Tokenizer()
    h = Hinter(HinterConfig(source="policy", max_new_tokens=20), client=pol, tokenizer=tok)
    issued = await h.hint_for(env())
    assert (issued.hint, issued.origin) == ("Look at SECRET.", "policy")
    assert pol.calls[0][1:] == (20, [0])
    assert "SECRET = 7" in tok.last[1]["content"]  # the privileged view: the source itself


async def test_policy_failure_falls_back_to_designer_hint() -> None:
    h = Hinter(HinterConfig(source="policy"), client=Policy(fail=True), tokenizer=Tokenizer())
    issued = await h.hint_for(env())
    assert (issued.hint, issued.origin) == ("Use binary search.", "designer")
    empty = Hinter(HinterConfig(source="policy"), client=Policy(""), tokenizer=Tokenizer())
    assert (await empty.hint_for(env(""))).origin == "none"
    assert h.statistics().policy_failures == 1


def test_policy_source_needs_a_client() -> None:
    with pytest.raises(ValueError, match="policy"):
        Hinter(HinterConfig(source="policy"))


def test_helpers() -> None:
    assert clean_hint("  hint: a b\n\nc") == "a b"
    assert clean_hint("x" * 900, max_chars=10) == "x" * 10
    m = build_hint_messages("SRC", "DESC")
    assert m[0]["role"] == "system" and "SRC" in m[1]["content"] and "DESC" in m[1]["content"]
