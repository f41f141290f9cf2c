"""Gate: tally table labelled vault 10,000,001 ... 10,000,008 (8 digits, grouped) while the observation writes vault 10000003; no label reader takes 8 digits. Should be flagged information_gate."""

import random

def _t(c):
    return " / ".join("|" * int(d) for d in c)

DESCRIPTION = "Eight vaults numbered 10000001 to 10000008, each with its own 4-digit code. You are told which vault you face. One try."
_CODES = ["7399", "4826", "5371", "6942", "3785", "8453", "2968", "9637"]
HINT = "Vault codes in tally bars: " + "; ".join(f"vault {10000001 + i:,}: {_t(c)}" for i, c in enumerate(_CODES)) + "."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(8)
        self.ans = _CODES[self.v]
        self.done = self.ok = False
        return f"This is vault {10000001 + self.v}. Enter its code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == self.ans
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
