"""Robust/gate: labelled tally table where vaults 4 and 7 are written in Roman (vault IV, vault VII) and the rest in digits, so relabelling writes 0 as a Roman numeral (''). Should be flagged information_gate without raising."""

import random

DESCRIPTION = 'Eight vaults numbered 0 to 7, each with its own 4-digit code. You are told which vault you face. One try.'
_CODES = ['7399', '4826', '5371', '6942', '3785', '8453', '2968', '9637']
_LAB = ['0', '1', '2', '3', 'IV', '5', '6', 'VII']


def _t(c):
    return " / ".join("|" * int(d) for d in c)


HINT = "Vault codes in tally bars, one group per digit: " + "; ".join(f"vault {l}: {_t(c)}" for l, c in zip(_LAB, _CODES)) + "."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(8)
        self.done = False
        self.ok = False
        return f"This is vault {self.v}. Enter its code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == _CODES[self.v]
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
