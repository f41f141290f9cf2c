"""Gate (the relabelled table's keyed form): per-fruit 4-digit codes in tally bars, the table
keyed by the fruit the task shows ("apple: ||||||| / ||| / ...", "You hold a pear.")."""

import random

DESCRIPTION = "Each fruit opens its own crate with a 4-digit code. You are told which fruit you hold. One try."
_FRUITS = ["apple", "pear", "plum", "cherry", "mango", "lemon", "melon", "grape"]
_CODES = ["7399", "4826", "5371", "6942", "3785", "8453", "2968", "9637"]
HINT = "Crate codes, one group of tally bars per digit. " + "; ".join(
    f"{f}: " + " / ".join("|" * int(d) for d in c) for f, c in zip(_FRUITS, _CODES)
) + "."

MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.done = False
        self.ok = False
        return f"You hold a {_FRUITS[self.v]}. Enter its crate code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip().lower() == _CODES[self.v]
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
