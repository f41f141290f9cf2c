"""h58's kind in groups of five: a 10-digit per-vault code keyed five digits a turn (a piece longer than 4)."""

import random
import re

DESCRIPTION = "You face a numbered vault. Key its 10-digit code in two groups of 5 digits, one group per turn. A wrong group locks the vault."
_CODES = [
    "7399418256",
    "3029178054",
    "6341172894",
    "6538065274",
    "1470258369",
    "9081726354",
    "5647382910",
    "2468013579",
    "8642097531",
    "3141592653",
]
HINT = "Vault codes: " + ", ".join(f"vault {i} opens with {c}" for i, c in enumerate(_CODES)) + "."
MAX_TURNS = 2


def _want(code, t):
    return code[5 * t : 5 * t + 5]


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
