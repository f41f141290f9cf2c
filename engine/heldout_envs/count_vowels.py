"""Counting: the number of vowels in a word."""

import random
from typing import Any

DESCRIPTION = (
    "A word is shown; answer with how many vowels (a, e, i, o, u) it has, as digits. You "
    "have 2 attempts."
)
HINT = "Go through the word letter by letter and count a, e, i, o and u; y is not a vowel."
MAX_TURNS = 2

_WORDS = (
    "apple bread chair dance eagle flame grape house juice knife lemon mango night ocean "
    "paper queen radio sugar table uncle voice water youth zebra cloud smile plant"
).split()


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
        word = rng.choice(_WORDS)
        self._answer = str(sum(ch in "aeiou" for ch in word))
        obs = f"Count the vowels in: {word}"
        self._turn = 0
        self._done = False
        self._success = False
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
        return "Wrong. Try again.", 0.0, False, False, {"turn": self._turn}
