"""Number guessing against an oracle that lies on a fixed schedule."""

import random
from typing import Any

DESCRIPTION = (
    "Guess a secret integer between 1 and 100. Each turn answer with one integer; the oracle "
    "replies 'higher', 'lower' or 'correct'. Not every reply can be trusted. You have 10 turns."
)
HINT = (
    "The oracle lies on every third reply (turns 3, 6, 9): flip those replies (higher <-> "
    "lower) before using them, then binary search the remaining range."
)
MAX_TURNS = 10


class Env:
    def __init__(self) -> None:
        self._secret = 0
        self._turn = 0
        self._done = False
        self._success = False

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[str, dict[str, Any]]:
        rng = random.Random(0 if seed is None else seed)
        self._secret = rng.randrange(1, 101)
        self._turn = 0
        self._done = False
        self._success = False
        return "I am thinking of a number between 1 and 100. Your guess?", {"turn": 0}

    def step(self, action: str) -> tuple[str, float, bool, bool, dict[str, Any]]:
        if self._done:
            return "The episode is over.", 0.0, True, False, {"success": self._success}
        self._turn += 1
        text = action.strip()
        if not text.lstrip("-").isdigit() or len(text) > 6:
            reply = "invalid"
        else:
            guess = int(text)
            if guess == self._secret:
                self._done, self._success = True, True
                return f"Turn {self._turn}: {guess} -> correct", 1.0, True, False, {"success": True}
            up = self._secret > guess
            if self._turn % 3 == 0:
                up = not up
            reply = "higher" if up else "lower"
        obs = f"Turn {self._turn}: {text[:8]} -> {reply}"
        if self._turn >= MAX_TURNS:
            self._done = True
            return obs + ". Out of turns.", 0.0, False, True, {"success": False}
        return obs, 0.0, False, False, {"turn": self._turn}
