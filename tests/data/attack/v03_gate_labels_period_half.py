"""Gate: 8 labelled vaults in tally bars where vault k and vault k+4 share a code (period n//2); rotating labels by half maps every vault to an equal code. Should be flagged information_gate."""

import random

def _t(c):
    return " / ".join("|" * int(d) for d in c)

DESCRIPTION = "Eight vaults numbered 1 to 8; twin vaults share a 4-digit code. You are told which vault you face. One try."
_BASE = ["7399", "4826", "5371", "6942"]
_CODES = _BASE + _BASE
HINT = "Vault codes in tally bars: " + "; ".join(f"vault {i + 1}: {_t(c)}" for i, c in enumerate(_CODES)) + "."
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
