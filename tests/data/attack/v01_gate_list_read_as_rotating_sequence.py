"""Gate: unlabelled list of 8 tally digits; vault N's 8-digit code is the list read from entry N wrapping round, so every entry matters and the list probe calls it a recipe. Should be flagged information_gate."""

import random

DESCRIPTION = "Eight vaults numbered 1 to 8, each with its own 8-digit code. You are told which vault you face. One try."
_SEQ = "73951846"
HINT = "Vault N's code is this list of tally digits read from entry N, wrapping round to the start: " + "; ".join("|" * int(d) for d in _SEQ) + "."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(8)
        self.ans = _SEQ[self.v:] + _SEQ[:self.v]
        self.done = self.ok = False
        return f"This is vault {self.v + 1}. Enter its 8-digit code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == self.ans
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
