"""Robustness (tester32): every step's info holds a list nested 20,000 deep (JSON encoders
recurse) beside the success flag, and a losing step's reward is NaN. Scoring must name a
rejection (or play on), never raise."""

import random

DESCRIPTION = "Guess the secret digit 0-9. One try."
HINT = "The secret is the vault number shown, modulo 10."
MAX_TURNS = 1


def _deep(n):
    x = []
    for _ in range(n):
        x = [x]
    return x


class Env:
    def reset(self, seed=None, options=None):
        self.d = random.Random(seed).randrange(10)
        self.done = False
        return f"This is vault {self.d}. Guess the secret digit.", {"trace": _deep(20000)}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": False}
        self.done = True
        ok = action.strip() == str(self.d)
        return ("Right." if ok else "Wrong."), (1.0 if ok else float("nan")), True, False, {
            "success": ok, "trace": _deep(20000)}
