"""Gate: tally code table keyed by the fruit's initial letter (a: ...; p: ...); the task shows the whole fruit word, never the one-letter key. Should be flagged information_gate."""

import random

DESCRIPTION = 'Eight fruit crates, each with its own 4-digit code. You hold one fruit; open its crate. One try.'
_CODES = ['7399', '4826', '5371', '6942', '3785', '8453', '2968', '9637']
_FRUITS = ['apple', 'pear', 'plum', 'fig', 'lime', 'kiwi', 'date', 'peach']

def _t(c):
    return " / ".join("|" * int(d) for d in c)
_FRUITS = ["apple", "pear", "banana", "fig", "lime", "kiwi", "date", "mango"]
HINT = "Crate codes in tally bars by the fruit's first letter, one group per digit: " + "; ".join(f"{f[0]}: {_t(c)}" for f, c in zip(_FRUITS, _CODES)) + "."

MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(seed)
        self.v = rng.randrange(8)
        self.done = False
        self.ok = False
        return f"You hold the {_FRUITS[self.v]}. Enter the code of its crate.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == _CODES[self.v]
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
