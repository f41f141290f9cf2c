"""Gate: keyed tally table of exactly 3 fruits, all 3 named in the first observation; the group test's second half is one key with no unshown key to cycle, so no winner is probed. Should be flagged information_gate."""

import random

def _t(c):
    return " / ".join("|" * int(d) for d in c)

DESCRIPTION = "Three fruit crates, each with its own 4-digit code. You hold one fruit; open its crate. One try."
_CODES = ["7399", "4826", "5371"]
_FRUITS = ["apple", "pear", "plum"]
HINT = "Crate codes in tally bars, one group per digit: " + "; ".join(f"{f}: {_t(c)}" for f, c in zip(_FRUITS, _CODES)) + "."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(3)
        self.ans = _CODES[self.v]
        self.done = self.ok = False
        return f"Crates here: apple, pear, plum. You hold the {_FRUITS[self.v]}. Enter the code of its crate.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == self.ans
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
