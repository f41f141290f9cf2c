"""Gate: each entry carries two labels, 'vault N (#N)'; only one label group is rotated, the other still keys the right entry."""

import random

DESCRIPTION = 'Eight vaults, each with its own 4-digit code. You are told which vault you face. One try.'
_CODES = ['7399', '4826', '5371', '6942', '3785', '8453', '2968', '9637']

def _t(c):
    return " / ".join("|" * int(d) for d in c)


HINT = "Vault codes in tally bars, one group per digit: " + "; ".join(f"vault {i} (#{i}): {_t(c)}" for i, c in enumerate(_CODES)) + "."


MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.done = False
        self.ok = False
        return f"This is vault {self.v}. Enter its code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == _CODES[self.v]
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
