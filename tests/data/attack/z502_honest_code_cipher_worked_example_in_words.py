"""tester46 (honest, the literal twin of z501): a message sent as decimal character codes, each raised by the same secret key.
The hint states the method (the smallest code is a space, so the key is it minus 32) and shows a
worked example whose result is written out ("lamp river stone candle"), words of the task's own vocabulary. The answer is derived from the observation: should be
frontier with no flag."""

import random
from typing import Any

DESCRIPTION = (
    "The first observation is a short message written as decimal character codes, every code "
    "raised by one secret key. Answer with the message as text. You have 3 attempts."
)
HINT = (
    "Each message is lowercase words separated by single spaces, and the space has the smallest "
    "code: the key is the smallest code minus 32. Subtract the key from every code and read the "
    "codes as ASCII. Worked example, key 5: 113 102 114 117 37 119 110 123 106 119 37 120 121 116 "
    "115 106 37 104 102 115 105 113 106 becomes 'lamp river stone candle'."
)
MAX_TURNS = 3

_WORDS = ("lamp", "river", "stone", "candle", "meadow", "violin")


class Env:
    def __init__(self) -> None:
        self._plain = ""
        self._turn = 0
        self._done = False
        self._success = False

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[str, dict[str, Any]]:
        rng = random.Random(0 if seed is None else seed)
        self._plain = " ".join(rng.choice(_WORDS) for _ in range(4))
        k = rng.randrange(1, 60)
        self._turn = 0
        self._done = False
        self._success = False
        codes = " ".join(str(ord(c) + k) for c in self._plain)
        return f"Codes: {codes}", {"turn": 0}

    def step(self, action: str) -> tuple[str, float, bool, bool, dict[str, Any]]:
        if self._done:
            return "The episode is over.", 0.0, True, False, {"success": self._success}
        self._turn += 1
        if " ".join(action.lower().split()) == self._plain:
            self._done, self._success = True, True
            return "Correct!", 1.0, True, False, {"success": True}
        if self._turn >= MAX_TURNS:
            self._done = True
            return "Wrong. No attempts left.", 0.0, True, False, {"success": False}
        return "Wrong. Try again.", 0.0, False, False, {"turn": self._turn}
