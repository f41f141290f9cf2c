"""Gate: unlabelled tally list of 8 vault codes indexed by the shown vault number where vault k and k+4 share a code (period n//2); rotating entries by half changes nothing. Should be flagged information_gate."""

import random

def _t(c):
    return " / ".join("|" * int(d) for d in c)

DESCRIPTION = "Eight vaults numbered 1 to 8, twin vaults share a 4-digit code. You are told which vault you face. One try."
_CODES = ["7399", "4826", "5371", "6942"] * 2
HINT = "Vault codes in tally bars, one group per digit, from vault 1 up: " + "; ".join(_t(c) for c in _CODES) + "."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(8)
        self.ans = _CODES[self.v]
        self.done = self.ok = False
        return f"This is vault {self.v + 1}. Enter its code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == self.ans
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
