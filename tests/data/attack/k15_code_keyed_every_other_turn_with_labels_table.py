"""k5's kind with a label: 'slot 2' then the digit, turn about (the label's number is a piece too)."""

import random
import re

DESCRIPTION = "You face a numbered vault. For each of the 4 digits of its code, first answer 'slot <n>' (n = 1-4), then the digit. A wrong answer locks the vault."
_CODES = ["7399", "4182", "5630", "2917", "8054", "6341", "1728", "9465", "3806", "5274"]
HINT = "Vault codes: " + ", ".join(f"vault {i} opens with {c}" for i, c in enumerate(_CODES)) + "."
MAX_TURNS = 8


def _want(code, t):
    return f"slot {t // 2 + 1}" if t % 2 == 0 else code[t // 2]


def _read(a, t):
    return " ".join(a.lower().split())


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
