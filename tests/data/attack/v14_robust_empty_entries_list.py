"""Robust: unlabelled tally list with empty entries and blank lines between codes (;;, \n\n), indexed by the shown vault number; must not raise. Should be flagged information_gate."""

import random

def _t(c):
    return " / ".join("|" * int(d) for d in c)

DESCRIPTION = "Eight vaults numbered 0 to 7, each with its own 4-digit code. You are told which vault you face. One try."
_CODES = ["7399", "4826", "5371", "6942", "3785", "8453", "2968", "9637"]
HINT = "Vault codes in tally bars, from vault 0 up, blanks skipped:\n" + ";;\n \n".join(_t(c) for c in _CODES) + ";;"
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(8)
        self.ans = _CODES[self.v]
        self.done = self.ok = False
        return f"This is vault {self.v}. Enter its code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == self.ans
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
