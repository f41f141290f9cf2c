"""Code breaking: find a hidden 4-digit code from black/white peg feedback."""

import random
from typing import Any

DESCRIPTION = (
    "A secret code has 4 digits, each from 1 to 6 (digits may repeat). Each turn answer a "
    "4-digit guess; the reply gives black pegs (right digit, right place) and white pegs "
    "(right digit, wrong place). You have 8 turns."
)
HINT = (
    "Keep the list of all 1296 codes that agree with every reply so far and always guess one "
    "of them; opening with a guess like 1122 splits the possibilities well."
)
MAX_TURNS = 8


def _pegs(secret: str, guess: str) -> tuple[int, int]:
    black = sum(s == g for s, g in zip(secret, guess, strict=True))
    common = sum(min(secret.count(d), guess.count(d)) for d in "123456")
    return black, common - black


class Env:
    def __init__(self) -> None:
        self._secret = ""
        self._turn = 0
        self._done = False
        self._success = False

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[str, dict[str, Any]]:
        rng = random.Random(0 if seed is None else seed)
        self._secret = "".join(rng.choice("123456") for _ in range(4))
        self._turn = 0
        self._done = False
        self._success = False
        return "The code is set. Your first guess?", {"turn": 0}

    def step(self, action: str) -> tuple[str, float, bool, bool, dict[str, Any]]:
        if self._done:
            return "The episode is over.", 0.0, True, False, {"success": self._success}
        self._turn += 1
        guess = action.strip()
        if len(guess) == 4 and all(ch in "123456" for ch in guess):
            black, white = _pegs(self._secret, guess)
            if black == 4:
                self._done, self._success = True, True
                return (
                    f"Guess {self._turn}: {guess} -> cracked!",
                    1.0,
                    True,
                    False,
                    {"success": True},
                )
            msg = f"Guess {self._turn}: {guess} -> {black} black, {white} white"
        else:
            msg = f"Guess {self._turn}: invalid (use 4 digits from 1 to 6)"
        if self._turn >= MAX_TURNS:
            self._done = True
            return msg + ". Out of turns.", 0.0, False, True, {"success": False}
        return msg, 0.0, False, False, {"turn": self._turn}
