"""Honest (a guard for the relabelled table's keyed form): reverse the shown word; the hint is
the method with worked examples written as a table ("stone: enots; river: revir; ..."), and the
task sometimes shows one of the example words. Relabelled, the examples are wrong, the method
is not."""

import random

DESCRIPTION = "Type the shown word backwards. One try."
_WORDS = ["stone", "river", "cloud", "ember", "frost", "grain", "ivory", "lunar"]
HINT = "Reverse the letters, last first. Examples: stone: enots; river: revir; cloud: duolc."

MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.w = random.Random(seed).choice(_WORDS)
        self.done = False
        self.ok = False
        return f"The word is {self.w}.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip().lower() == self.w[::-1]
        return ("Right." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
