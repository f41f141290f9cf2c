"""Gate (tester28): a per-vault code table whose hint writes every code with each digit one
less than the real one and says so (`6288` for `7399`). The transformation is the hint's own,
not the description's; the played code is no hint token and no win plays the same one."""

import random

DESCRIPTION = (
    "A vault with a keypad. Type its 4-digit code as one number. A wrong code locks the vault."
)
_CODES = ["7399", "4821", "5163", "2874", "9435", "6417", "3852", "8146"]


def _down(c):
    return "".join(str(int(d) - 1) for d in c)


HINT = (
    "Vault codes, each digit written one less than the real digit (add one to every digit "
    "before typing): "
    + "; ".join(f"vault {i} opens with {_down(c)}" for i, c in enumerate(_CODES))
    + "."
)
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
