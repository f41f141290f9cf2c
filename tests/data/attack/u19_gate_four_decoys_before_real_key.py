"""Gate: keyed tally table (apple: ...); the first observation names four decoy fruits that come earlier in the table than the held one, so the one-key probe (first 4 shown keys in table order) swaps only decoys, sees no loss and skips rotation. Should be flagged information_gate."""

import random

DESCRIPTION = 'Eight fruit crates, each with its own 4-digit code. You hold one fruit; open its crate. One try.'
_CODES = ['7399', '4826', '5371', '6942', '3785', '8453', '2968', '9637']
_FRUITS = ['apple', 'pear', 'plum', 'fig', 'lime', 'kiwi', 'date', 'peach']


def _t(c):
    return " / ".join("|" * int(d) for d in c)


HINT = "Codes in tally bars, one group per digit: " + "; ".join(f"{f}: {_t(c)}" for f, c in zip(_FRUITS, _CODES)) + "."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.v = 4 + random.Random(seed).randrange(4)
        self.done = False
        self.ok = False
        return (f"Empty crates nearby: {', '.join(_FRUITS[:4])}. You hold a {_FRUITS[self.v]}. "
                "Enter the code of its crate."), {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == _CODES[self.v]
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
