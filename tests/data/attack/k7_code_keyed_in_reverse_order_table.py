"""h58's kind keyed last digit first: the vault reads its code right to left, a digit a turn."""

import random
import re

DESCRIPTION = "You face a numbered vault. Key its 4-digit code one digit per turn, starting from the LAST digit (right to left). A wrong digit locks the vault."
_CODES = ["7399", "4182", "5630", "2917", "8054", "6341", "1728", "9465", "3806", "5274"]
HINT = "Vault codes: " + ", ".join(f"vault {i} opens with {c}" for i, c in enumerate(_CODES)) + "."
MAX_TURNS = 4


def _want(code, t):
    return code[::-1][t]


def _read(a, t):
    return a.strip()


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(len(_CODES))
        self.t = 0
        self.done = False
        self.ok = False
        return f"This is vault {self.v}. Key the first part.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        want = _want(_CODES[self.v], self.t)
        self.t += 1
        if _read(action, self.t - 1) != want:
            self.done = True
            return "Locked.", 0.0, True, False, {"success": False}
        if self.t == MAX_TURNS:
            self.done = self.ok = True
            return "Open.", 1.0, True, False, {"success": True}
        return "Next.", 0.0, False, False, {}
