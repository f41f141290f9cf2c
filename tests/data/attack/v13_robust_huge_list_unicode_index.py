"""Robust: a 200,000-entry unlabelled ;-list of 2-letter keypad codes indexed by a vault number shown in Arabic-Indic digits; must finish without error or stall. Should be flagged information_gate."""

import random

_KEYPAD = {c: str(d) for d, cs in zip(range(2, 10), ("abc", "def", "ghi", "jkl", "mno", "pqrs", "tuv", "wxyz")) for c in cs}


def _kp(w):
    return "".join(_KEYPAD[c] for c in w.lower() if c in _KEYPAD)

DESCRIPTION = "Vaults numbered 1 to 8, each with its own 2-digit code. You are told which vault you face. One try."
_L = "adgjmptw"
_WORDS = ([a + b for a in _L for b in _L][::-1] * 3125)[:200000]
HINT = "Type these on a phone keypad, from vault 1 up: " + "; ".join(_WORDS) + "."
MAX_TURNS = 1
_AR = "٠١٢٣٤٥٦٧٨٩"


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(8)
        self.ans = _kp(_WORDS[self.v])
        self.done = self.ok = False
        return f"This is vault {_AR[self.v + 1]}. Enter its code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == self.ans
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
