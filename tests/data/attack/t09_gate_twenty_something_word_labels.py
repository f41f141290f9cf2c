"""Gate: labels 'vault twenty-one'..'twenty-eight'; the label pattern reads only 'twenty' (one value), so no table."""

import random

DESCRIPTION = 'Eight vaults, numbered twenty-one to twenty-eight, each with its own 4-digit code. You are told which vault you face. One try.'
_CODES = ['7399', '4826', '5371', '6942', '3785', '8453', '2968', '9637']
_W = ["twenty-" + w for w in "one two three four five six seven eight".split()]

def _t(c):
    return " / ".join("|" * int(d) for d in c)


HINT = "Vault codes in tally bars, one group per digit: " + "; ".join(f"vault {w}: {_t(c)}" for w, c in zip(_W, _CODES)) + "."


MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.done = False
        self.ok = False
        return f"This is vault {_W[self.v]}. Enter its code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == _CODES[self.v]
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
