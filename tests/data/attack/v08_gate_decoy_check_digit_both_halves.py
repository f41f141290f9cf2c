"""Gate: keyed tally table of 6 fruits; the observation shows the held fruit and a sealed "check" crate whose code's first digit is appended, so the group test loses in both halves and reads a decoding. Should be flagged information_gate."""

import random

def _t(c):
    return " / ".join("|" * int(d) for d in c)

DESCRIPTION = "Six fruit crates, each with its own 4-digit code. Open the crate of the fruit you hold: enter its code followed by the first digit of the check crate's code. One try."
_CODES = ["7399", "4826", "5371", "6942", "3785", "8453"]
_FRUITS = ["apple", "pear", "plum", "fig", "lime", "kiwi"]
HINT = "Crate codes in tally bars, one group per digit: " + "; ".join(f"{f}: {_t(c)}" for f, c in zip(_FRUITS, _CODES)) + "."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(seed)
        self.v, self.c = rng.sample(range(6), 2)
        self.ans = _CODES[self.v] + _CODES[self.c][0]
        self.done = self.ok = False
        return f"You hold a {_FRUITS[self.v]}. The check crate is the {_FRUITS[self.c]} crate. Enter the code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == self.ans
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
