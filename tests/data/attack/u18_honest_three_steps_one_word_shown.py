"""Honest: a three-step method 'Reverse the shown word; then uppercase it; finally append its length.' applied to a shown word; the keyed-in-place reader takes each step's last word as a key (the task shows 'word') and rotates them. Should NOT be flagged information_gate."""

import random

DESCRIPTION = "Transform the shown word as the method says and enter the result. One try."
_WORDS = ["banana", "cherry", "walnut", "pepper", "garlic", "tomato", "radish", "almond", "carrot", "quince"]
HINT = "Reverse the shown word; then uppercase it; finally append its length."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.w = random.Random(seed).choice(_WORDS)
        self.done = False
        self.ok = False
        return f"Your word: {self.w}.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == self.w[::-1].upper() + str(len(self.w))
        return ("Right." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
