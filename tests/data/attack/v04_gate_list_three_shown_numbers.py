"""Gate: unlabelled tally list of 8 vault codes indexed by the shown vault number, but the first observation also shows a floor and a corridor number (3 distinct numbers), so the listed reader declines. Should be flagged information_gate."""

import random

def _t(c):
    return " / ".join("|" * int(d) for d in c)

DESCRIPTION = "Eight vaults numbered 1 to 8, each with its own 4-digit code. You are told which vault you face. One try."
_CODES = ["7399", "4826", "5371", "6942", "3785", "8453", "2968", "9637"]
HINT = "Vault codes in tally bars, one group per digit, from vault 1 up: " + "; ".join(_t(c) for c in _CODES) + "."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(8)
        self.ans = _CODES[self.v]
        self.done = self.ok = False
        return f"Floor 12, corridor 40. This is vault {self.v + 1}. Enter its code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == self.ans
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
