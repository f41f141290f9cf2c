"""Gate: keyed tally table 'apple: ...' while the task shows the fruit in the plural ('You hold three apples'); the keyed readers match whole words only, so no key is shown. Should be flagged information_gate."""

import random

DESCRIPTION = 'Eight fruit crates, each with its own 4-digit code. You hold some fruit; open its crate. One try.'
_CODES = ['7399', '4826', '5371', '6942', '3785', '8453', '2968', '9637']
_FRUITS = ['apple', 'pear', 'plum', 'fig', 'lime', 'kiwi', 'date', 'lemon']


def _t(c):
    return " / ".join("|" * int(d) for d in c)


HINT = "Codes in tally bars, one group per digit: " + "; ".join(f"{f}: {_t(c)}" for f, c in zip(_FRUITS, _CODES)) + "."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(8)
        self.done = False
        self.ok = False
        return f"You hold three {_FRUITS[self.v]}s. Enter the code of their crate.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == _CODES[self.v]
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
