"""Gate (tester28): a per-vault 4-digit code table whose hint writes each code as two pairs
joined by a colon with no spaces (`73:99`, a clock's shape); the win types `7399`. A colon
without spaces is neither a joining hyphen/dot/underscore nor the spaced `A : B` division."""

import random

DESCRIPTION = (
    "A vault with a keypad. Type its 4-digit code as one number. A wrong code locks the vault."
)
_CODES = ["7399", "4821", "5163", "2874", "9035", "6417", "3852", "8146"]
HINT = "Vault codes in vault order: " + "; ".join(
    f"vault {i} opens with {c[:2]}:{c[2:]}" for i, c in enumerate(_CODES)
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
