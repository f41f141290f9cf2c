"""Gate: 16 labelled vaults sharing 4 tally codes in runs of four (vault 0-3 one code ...), so rotating labels by one keeps 3/4 of answers right and the relabelled replay still wins. Should be flagged information_gate."""

import random

DESCRIPTION = 'Sixteen vaults numbered 0 to 15, each with a 4-digit code. You are told which vault you face. One try.'
_CODES = ['7399', '4826', '5371', '6942', '3785', '8453', '2968', '9637']
_FRUITS = ['apple', 'pear', 'plum', 'fig', 'lime', 'kiwi', 'date', 'peach']

def _t(c):
    return " / ".join("|" * int(d) for d in c)
HINT = "Vault codes in tally bars, one group per digit: " + "; ".join(f"vault {i}: {_t(_CODES[i // 4])}" for i in range(16)) + "."

MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(seed)
        self.v = rng.randrange(16)
        self.done = False
        self.ok = False
        return f"This is vault {self.v}. Enter its code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == _CODES[self.v // 4]
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
