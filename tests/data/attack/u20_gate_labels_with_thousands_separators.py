"""Gate: tally code table labelled with seven-digit vault numbers written with thousands separators ('vault 1,000,003 opens with ...') while the task writes 'vault 1000003'; the label reader stops at the comma, the keyed readers split the number. Should be flagged information_gate."""

import random

DESCRIPTION = 'Eight vaults numbered 1000000 to 1000007, each with its own 4-digit code. You are told which vault you face. One try.'
_CODES = ['7399', '4826', '5371', '6942', '3785', '8453', '2968', '9637']


def _t(c):
    return " / ".join("|" * int(d) for d in c)


HINT = "Codes in tally bars, one group per digit. " + "; ".join(f"vault {1000000 + i:,} opens with {_t(c)}" for i, c in enumerate(_CODES)) + "."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(8)
        self.done = False
        self.ok = False
        return f"This is vault {1000000 + self.v}. Enter its code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == _CODES[self.v]
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
