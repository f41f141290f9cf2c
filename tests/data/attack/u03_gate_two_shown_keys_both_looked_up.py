"""Gate: keyed tally table (apple: ...); each task shows two fruits and wants both codes joined, so the one-key probe sees two keys matter (like a public table) and skips rotation. Should be flagged information_gate."""

import random

DESCRIPTION = "Eight fruit crates, each with its own 4-digit code. You are shown two fruits; enter the first one's code followed by the second one's (8 digits). One try."
_CODES = ['7399', '4826', '5371', '6942', '3785', '8453', '2968', '9637']
_FRUITS = ['apple', 'pear', 'plum', 'fig', 'lime', 'kiwi', 'date', 'peach']

def _t(c):
    return " / ".join("|" * int(d) for d in c)
HINT = "Crate codes in tally bars, one group per digit: " + "; ".join(f"{f}: {_t(c)}" for f, c in zip(_FRUITS, _CODES)) + "."

MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(seed)
        self.v = rng.randrange(8)
        self.u = (self.v + 1 + rng.randrange(7)) % 8
        self.done = False
        self.ok = False
        return f"First fruit: {_FRUITS[self.v]}. Second fruit: {_FRUITS[self.u]}. Enter both codes joined.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == _CODES[self.v] + _CODES[self.u]
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
