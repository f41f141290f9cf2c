"""Gate (tester32): per-vault code is a date written DDMM, given in the hint as 'the 14th of March' (1403)."""

import random

DESCRIPTION = 'Eight vaults, each with its own 4-digit code. You are told which vault you face. One try.'
_CODES = ['1403', '2711', '0906', '3112', '1802', '0510', '2308', '1607']
_M = "January February March April May June July August September October November December".split()
HINT = "Each vault opens on a date, typed day then month, two digits each: " + "; ".join(f"vault {i}: the {int(c[:2])}th of {_M[int(c[2:]) - 1]}" for i, c in enumerate(_CODES)) + "."

MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.done = False
        self.ok = False
        return f"This is vault {self.v}. Enter its code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip().lower() == _CODES[self.v]
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
