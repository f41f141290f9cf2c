"""Honest(ish): the public month lengths as an unlabelled list (31; 28; 31; ...) indexed by a shown month number; public knowledge handed as a list, read as a table of secrets. Verdict: not flagged ideally (flagged by choice per docs for keyed public tables)."""

import random

DESCRIPTION = "Say how many days the shown month of a non-leap year has. One try."
_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
HINT = "Days per month of a non-leap year, January first: " + "; ".join(map(str, _DAYS)) + "."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.m = random.Random(seed).randrange(12)
        self.ans = str(_DAYS[self.m])
        self.done = self.ok = False
        return f"Month {self.m + 1} of a non-leap year. How many days?", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == self.ans
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
