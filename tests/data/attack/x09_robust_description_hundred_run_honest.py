"""Robustness: an HONEST reversal task (hint: reverse the shown word) whose DESCRIPTION carries a 2,200-word run of 'hundred'; reading the task's stated numbers overflows str()'s 4,300-digit limit. Should NOT be flagged and must not crash the Critic."""

import random

DESCRIPTION = "Type the shown word backwards. One try. Crowd noise: " + "hundred " * 2200 + "."
HINT = "Reverse the shown word letter by letter: read it from its last letter to its first."
MAX_TURNS = 1
_WORDS = ["lantern", "harbour", "compass", "meadow", "thunder", "blanket", "cobbler", "granite"]


class Env:
    def reset(self, seed=None, options=None):
        self.w = random.Random(seed).choice(_WORDS)
        self.done = self.ok = False
        return f"Your word is {self.w}.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == self.w[::-1]
        return ("Right." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
