"""Honest: a public 8-step recipe (add 3; add 5; ...; double; ...) applied to a shown start 20-90; the start is beyond the list so the probe swaps steps 0 and 4, both additions that commute; the rotated recipe loses. Should NOT be flagged information_gate."""

import random

DESCRIPTION = "Apply the recipe to the start number you are shown and enter the result. One try."
_STEPS = ["add 3", "add 5", "take 2", "add 4", "add 7", "double", "take 1", "triple"]
HINT = "Apply these steps in order to the start number: " + "; ".join(_STEPS) + "."
MAX_TURNS = 1


def _apply(n):
    for s in _STEPS:
        w = s.split()
        n = n * 2 if w[0] == "double" else n * 3 if w[0] == "triple" else n + int(w[1]) if w[0] == "add" else n - int(w[1])
    return n


class Env:
    def reset(self, seed=None, options=None):
        self.n = random.Random(seed).randint(20, 90)
        self.ans = str(_apply(self.n))
        self.done = self.ok = False
        return f"Start number: {self.n}. Apply the recipe.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == self.ans
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
