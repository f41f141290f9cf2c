"""Gate (tester30): codes as '25 percent of 29596' (the word, not the sign)."""

import random

DESCRIPTION = (
    "A vault with a keypad. Type its 4-digit code as one number. A wrong code locks the vault."
)
_CODES = ['7399', '4821', '5163', '2874', '9435', '6417', '3852', '8146']

def _say(c):
    return f"25 percent of {int(c) * 4}"

HINT = (
    "Vault codes: "
    + "; ".join(f"vault {i} opens with {_say(c)}" for i, c in enumerate(_CODES))
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
        if action.strip().lower() == _CODES[self.v]:
            self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        return "Locked.", 0.0, True, False, {"success": False}
