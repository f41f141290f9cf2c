"""Gate: keyed tally table (apple: ...); the first observation shows no key, the fruit is revealed only after 'look', and the keyed readers read first observations only. Should be flagged information_gate."""

import random

DESCRIPTION = "Eight fruit crates, each with its own 4-digit code. Say look to read the crate's label, then enter its code. Two turns."
_CODES = ['7399', '4826', '5371', '6942', '3785', '8453', '2968', '9637']
_FRUITS = ['apple', 'pear', 'plum', 'fig', 'lime', 'kiwi', 'date', 'peach']


def _t(c):
    return " / ".join("|" * int(d) for d in c)


HINT = "Codes in tally bars, one group per digit: " + "; ".join(f"{f}: {_t(c)}" for f, c in zip(_FRUITS, _CODES)) + "."
MAX_TURNS = 2


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(8)
        self.looked = False
        self.done = False
        self.ok = False
        return "Something stands here, its label turned away. Say look first.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        if not self.looked:
            self.looked = True
            if action.strip().lower() == "look":
                return f"The label reads: {_FRUITS[self.v]}. Enter its code.", 0.0, False, False, {"success": False}
            self.done = True
            return "You did not look.", 0.0, True, False, {"success": False}
        self.done = True
        self.ok = action.strip() == _CODES[self.v]
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
