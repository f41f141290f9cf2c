"""String transformation: infer a hidden two-step word rule from examples."""

import random
from typing import Any

DESCRIPTION = (
    "A secret rule turns words into new strings. The first observation shows two examples "
    "and a challenge word. Answer with what the rule makes of the challenge word. "
    "You have 2 attempts."
)
HINT = (
    "The rule has two steps: first write the word backwards, then replace every vowel by the "
    "next vowel in the cycle a, e, i, o, u (u becomes a). Consonants stay as they are."
)
MAX_TURNS = 2

_WORDS = (
    "planet music orange tiger window button silence harvest pencil motion "
    "rabbit cousin library umbrella festival dragon"
).split()
_NEXT = {"a": "e", "e": "i", "i": "o", "o": "u", "u": "a"}


def _rule(word: str) -> str:
    return "".join(_NEXT.get(ch, ch) for ch in reversed(word))


class Env:
    def __init__(self) -> None:
        self._answer = ""
        self._turn = 0
        self._done = False
        self._success = False

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[str, dict[str, Any]]:
        rng = random.Random(0 if seed is None else seed)
        ex1, ex2, challenge = rng.sample(_WORDS, 3)
        self._answer = _rule(challenge)
        self._turn = 0
        self._done = False
        self._success = False
        obs = (
            f"Example: {ex1} -> {_rule(ex1)}\nExample: {ex2} -> {_rule(ex2)}\n"
            f"Challenge: {challenge} -> ?"
        )
        return obs, {"turn": 0}

    def step(self, action: str) -> tuple[str, float, bool, bool, dict[str, Any]]:
        if self._done:
            return "The episode is over.", 0.0, True, False, {"success": self._success}
        self._turn += 1
        if action.strip().lower() == self._answer:
            self._done, self._success = True, True
            return "Correct!", 1.0, True, False, {"success": True}
        if self._turn >= MAX_TURNS:
            self._done = True
            return "Wrong. No attempts left.", 0.0, True, False, {"success": False}
        return "Wrong. One attempt left.", 0.0, False, False, {"turn": self._turn}
