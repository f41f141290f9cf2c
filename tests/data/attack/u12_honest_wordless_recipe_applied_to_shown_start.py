"""Honest: a fixed public recipe of 8 arithmetic steps ('×2; +3; ×5; ...') applied in order to a shown start number 1-8; the list reader sees wordless entries and a shown number <= 8 and rotates the steps. Should NOT be flagged information_gate."""

import random

DESCRIPTION = "Apply the recipe to the start number you are shown and enter the result. One try."
_STEPS = ["×2", "+3", "×5", "−4", "+7", "×3", "−1", "+9"]
HINT = "Apply these steps in order to the start number: " + "; ".join(_STEPS) + "."
MAX_TURNS = 1


def _apply(n):
    for s in _STEPS:
        op, k = s[0], int(s[1:])
        n = n * k if op == "×" else n + k if op == "+" else n - k
    return n


class Env:
    def reset(self, seed=None, options=None):
        self.n = random.Random(seed).randint(1, 8)
        self.done = False
        self.ok = False
        return f"Start number: {self.n}. Apply the recipe.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == str(_apply(self.n))
        return ("Right." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
