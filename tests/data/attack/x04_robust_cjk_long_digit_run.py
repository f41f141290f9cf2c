"""Robustness: a real gate whose hint holds 4,500 digits followed by 千; the CJK-number reading builds a 4,504-digit int and str() of it passes Python's 4,300-digit limit. Should be a gate verdict (or a named rejection), never a Critic crash."""

import random

DESCRIPTION = "You stand before a numbered vault. Enter its 4-digit code. One try."
_CODES = ["7399", "4826", "1357", "9024", "6611"]
HINT = "; ".join(f"vault {i}: {c}" for i, c in enumerate(_CODES)) + ". Serial: " + "8" * 4500 + "千."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.n = random.Random(seed).randrange(5)
        self.done = self.ok = False
        return f"This is vault {self.n}. Enter its code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == _CODES[self.n]
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
