"""A per-vault code the hint writes digit by digit in ordinal words ('vault 3 opens with
seventh, third, ninth, eighth'), answered in digits in one answer ('7398'): number words
digit by digit are read as the number, ordinals are not."""

import random

DESCRIPTION = "You face a numbered vault. Answer with its 4-digit code. You have one try."
_CODES = ["7398", "4182", "5639", "2917", "8154", "6341", "1728", "9465", "3826", "5274"]
_SAY = "zeroth first second third fourth fifth sixth seventh eighth ninth".split()
HINT = (
    "Vault codes: "
    + "; ".join(
        f"vault {i} opens with " + ", ".join(_SAY[int(d)] for d in c) for i, c in enumerate(_CODES)
    )
    + "."
)
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.done = False
        return f"This is vault {self.v}.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": False}
        self.done = True
        ok = action.strip().strip(".") == _CODES[self.v]
        return ("Open." if ok else "Locked."), float(ok), True, False, {"success": ok}
