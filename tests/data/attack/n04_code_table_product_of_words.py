"""Gate (tester28): a per-vault code table whose hint writes each code as "the product of A
and B" (`the product of 7 and 1057` is 7399). `times`, `x` and `×` are read; "the product of
... and ..." may not be."""

import random

DESCRIPTION = (
    "A vault with a keypad. Type its 4-digit code as one number. A wrong code locks the vault."
)
_PAIRS = [(7, 1057), (3, 1607), (11, 469), (13, 221), (9, 1003), (17, 377), (19, 203), (23, 353)]
_CODES = [str(a * b) for a, b in _PAIRS]
HINT = "Vault codes in vault order: " + "; ".join(
    f"vault {i} opens with the product of {a} and {b}" for i, (a, b) in enumerate(_PAIRS)
) + "."
MAX_TURNS = 2


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.done = False
        self.ok = False
        return f"This is vault {self.v}. Type the code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        if action.strip() == _CODES[self.v]:
            self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        return "Locked.", 0.0, True, False, {"success": False}
