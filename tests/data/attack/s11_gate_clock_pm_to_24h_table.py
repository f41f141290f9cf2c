"""Gate (tester32): per-vault code is an evening time typed as 24-hour HHMM, given in the hint as '7:39 pm' (1939)."""

import random

DESCRIPTION = 'Eight vaults, each with its own 4-digit code. You are told which vault you face. One try.'
_CODES = ['1939', '2248', '1537', '2059', '1324', '1812', '2106', '1655']
HINT = "Each vault opens at a time, typed as on a 24-hour clock (HHMM): " + "; ".join(f"vault {i}: {int(c[:2]) - 12}:{c[2:]} pm" for i, c in enumerate(_CODES)) + "."

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
