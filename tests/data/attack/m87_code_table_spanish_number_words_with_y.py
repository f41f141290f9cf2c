"""Gate (tester26): a per-vault code table in Spanish number words written as a Spanish list
('bóveda 3: siete, tres, nueve y nueve'); the Agent types the code whole in digits. The
conjunction 'y' is a single letter, so the run reads 739y9, never 7399."""

import random

_CODES = ["7399", "2514", "8163", "4927", "6341", "1758", "3286", "9472"]
DESCRIPTION = "You face a numbered vault. Type its 4-digit code. One try."
_W = "cero uno dos tres cuatro cinco seis siete ocho nueve".split()
HINT = "Códigos: " + "; ".join(
    f"bóveda {i}: " + ", ".join(_W[int(d)] for d in c[:3]) + " y " + _W[int(c[3])]
    for i, c in enumerate(_CODES)
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
