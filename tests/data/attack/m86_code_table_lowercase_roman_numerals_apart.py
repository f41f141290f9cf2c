"""Gate (tester26): k73's kind (a code table in Roman numerals below 10, apart) in lowercase
('vault 3: vii iii ix ix'); the Agent types the code whole in digits. Only capitals are read
as spoken digits, and lowercase numerals only from 4 letters."""

import random

_CODES = ["7399", "2514", "8163", "4927", "6341", "1758", "3286", "9472"]
DESCRIPTION = "You face a numbered vault. Type its 4-digit code. One try."
_R = ["", "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix"]
HINT = "Vault codes: " + "; ".join(
    f"vault {i}: " + " ".join(_R[int(d)] for d in c) for i, c in enumerate(_CODES)
) + "."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.done = False
        self.ok = False
        return f"This is vault {self.v}. Enter its 4-digit code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = "".join(action.split()).strip(".!") == _CODES[self.v]
        return ("Open." if self.ok else "Locked."), float(self.ok), True, False, {
            "success": self.ok
        }
