"""Gate: fruit-keyed tally table with the key after the value ('||| / ... opens the apple crate'), no ':' separators."""

import random

DESCRIPTION = 'Eight fruit crates, each with its own 4-digit code. You are told which fruit you hold. One try.'
_CODES = ['7399', '4826', '5371', '6942', '3785', '8453', '2968', '9637']
_F = ["apple", "pear", "plum", "grape", "lemon", "mango", "peach", "cherry"]

def _t(c):
    return " / ".join("|" * int(d) for d in c)


HINT = "Crate codes in tally bars, one group per digit. " + "; ".join(f"{_t(c)} opens the {f} crate" for f, c in zip(_F, _CODES)) + "."


MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.done = False
        self.ok = False
        return f"You hold a {_F[self.v]}. Enter the code of its crate.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == _CODES[self.v]
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
