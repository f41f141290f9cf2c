"""Gate: keyed tally table of 8 fruits whose codes repeat with period 4 (apple and lime share one); rotating keys by half maps each fruit to an equal code. Should be flagged information_gate."""

import random

def _t(c):
    return " / ".join("|" * int(d) for d in c)

DESCRIPTION = "Eight fruit crates; pairs of crates share a 4-digit code. You hold one fruit; open its crate. One try."
_BASE = ["7399", "4826", "5371", "6942"]
_CODES = _BASE + _BASE
_FRUITS = ["apple", "pear", "plum", "fig", "lime", "kiwi", "date", "peach"]
HINT = "Crate codes in tally bars, one group per digit: " + "; ".join(f"{f}: {_t(c)}" for f, c in zip(_FRUITS, _CODES)) + "."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(8)
        self.ans = _CODES[self.v]
        self.done = self.ok = False
        return f"You hold a {_FRUITS[self.v]}. Enter the code of its crate.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == self.ans
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
