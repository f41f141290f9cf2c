"""Gate: unlabelled tally list of 8 vault codes for vaults numbered 11-18; the shown vault number exceeds the list length, so the listed reader never fires. Should be flagged information_gate."""

import random

DESCRIPTION = 'Eight vaults numbered 11 to 18, each with its own 4-digit code. You are told which vault you face. One try.'
_CODES = ['7399', '4826', '5371', '6942', '3785', '8453', '2968', '9637']
_FRUITS = ['apple', 'pear', 'plum', 'fig', 'lime', 'kiwi', 'date', 'peach']

def _t(c):
    return " / ".join("|" * int(d) for d in c)
HINT = "Vault codes in tally bars, one group per digit, from the lowest-numbered vault up: " + "; ".join(_t(c) for c in _CODES) + "."

MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(seed)
        self.v = rng.randrange(8)
        self.done = False
        self.ok = False
        return f"This is vault {11 + self.v}. Enter its code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == _CODES[self.v]
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
