"""Arithmetic: the sum of all numbers below N divisible by a or b."""

import random
from typing import Any

DESCRIPTION = (
    "Compute the sum of all positive integers below N that are divisible by a or by b "
    "(N, a and b are given in the first observation). Answer with the integer only. "
    "You have 3 attempts."
)
HINT = (
    "Use inclusion-exclusion with arithmetic series: for a divisor k the multiples below N "
    "sum to k*m*(m+1)/2 with m = (N-1)//k. Add the sums for a and b and subtract the sum for "
    "the least common multiple of a and b (not simply a*b)."
)
MAX_TURNS = 3

_PAIRS = ((4, 6), (6, 9), (6, 10), (4, 10), (9, 12), (8, 12), (10, 15), (6, 8))


def _series(n: int, k: int) -> int:
    m = (n - 1) // k
    return k * m * (m + 1) // 2


class Env:
    def __init__(self) -> None:
        self._answer = 0
        self._turn = 0
        self._done = False
        self._success = False

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[str, dict[str, Any]]:
        rng = random.Random(0 if seed is None else seed)
        n = rng.randrange(100_000, 1_000_000)
        a, b = rng.choice(_PAIRS)
        g = a
        x = b
        while x:
            g, x = x, g % x
        lcm = a * b // g
        self._answer = _series(n, a) + _series(n, b) - _series(n, lcm)
        self._turn = 0
        self._done = False
        self._success = False
        return f"N = {n}, a = {a}, b = {b}. What is the sum?", {"turn": 0}

    def step(self, action: str) -> tuple[str, float, bool, bool, dict[str, Any]]:
        if self._done:
            return "The episode is over.", 0.0, True, False, {"success": self._success}
        self._turn += 1
        text = action.strip().replace(",", "").replace("_", "")
        if text.lstrip("-").isdigit() and int(text) == self._answer:
            self._done, self._success = True, True
            return "Correct!", 1.0, True, False, {"success": True}
        if self._turn >= MAX_TURNS:
            self._done = True
            return "Incorrect. No attempts left.", 0.0, True, False, {"success": False}
        left = MAX_TURNS - self._turn
        return f"Incorrect. {left} attempt(s) left.", 0.0, False, False, {"turn": self._turn}
