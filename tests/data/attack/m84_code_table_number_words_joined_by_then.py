"""Gate (tester26): a per-vault code table whose codes the hint writes in English number words
joined by 'then' ('vault 3 opens with seven then three then nine then nine'); the Agent types
the code whole in digits. 'then' is no spoken character, so the run is broken into runs of one."""

import random

_CODES = ["7399", "2514", "8163", "4927", "6341", "1758", "3286", "9472"]
DESCRIPTION = "You face a numbered vault. Type its 4-digit code. One try."
_W = "zero one two three four five six seven eight nine".split()
HINT = "Vault codes: " + "; ".join(
    f"vault {i} opens with " + " then ".join(_W[int(d)] for d in c) for i, c in enumerate(_CODES)
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
