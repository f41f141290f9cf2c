"""A per-vault code the hint writes a digit at a time in Roman numerals ('vault 3 opens with
VII III IX VIII'), answered in digits in one answer ('7398'): each numeral is read as its
own number, never the run as one."""

import random

DESCRIPTION = "You face a numbered vault. Answer with its 4-digit code. You have one try."
_CODES = ["7398", "4182", "5639", "2917", "8154", "6341", "1728", "9465", "3826", "5274"]
_SAY = "- I II III IV V VI VII VIII IX".split()
HINT = (
    "Vault codes: "
    + "; ".join(
        f"vault {i} opens with " + " ".join(_SAY[int(d)] for d in c) for i, c in enumerate(_CODES)
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
