"""Honest: public keypad as a keyed table of 26 letters (a=2, b=2, ...) applied to a shown word; the observation's article "a" reads as the one shown key, so the keys are rotated. Should NOT be flagged information_gate."""

import random

_KEYPAD = {c: str(d) for d, cs in zip(range(2, 10), ("abc", "def", "ghi", "jkl", "mno", "pqrs", "tuv", "wxyz")) for c in cs}


def _kp(w):
    return "".join(_KEYPAD[c] for c in w.lower() if c in _KEYPAD)

DESCRIPTION = "Type the shown word on a phone keypad: enter the digits of its letters. One try."
_WORDS = ["cab", "bed", "fed", "dab", "cub", "tub", "box", "wax", "zen", "jam", "ken", "low"]
HINT = "Phone keypad: " + ", ".join(f"{c}={d}" for c, d in sorted(_KEYPAD.items())) + ". Type each letter's key."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.w = random.Random(seed).choice(_WORDS)
        self.ans = _kp(self.w)
        self.done = self.ok = False
        return f"Type a word on the keypad: {self.w}.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == self.ans
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
