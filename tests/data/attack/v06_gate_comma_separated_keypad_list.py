"""Gate: unlabelled list of 8 vault codes as phone-keypad words split by commas, not ; or line breaks, so no list shape is read. Should be flagged information_gate."""

import random

_KEYPAD = {c: str(d) for d, cs in zip(range(2, 10), ("abc", "def", "ghi", "jkl", "mno", "pqrs", "tuv", "wxyz")) for c in cs}


def _kp(w):
    return "".join(_KEYPAD[c] for c in w.lower() if c in _KEYPAD)

DESCRIPTION = "Eight vaults numbered 1 to 8, each with its own 4-digit code. You are told which vault you face. One try."
_WORDS = ["PEEK", "CAFE", "DOGS", "JUMP", "WOLF", "BIRD", "MOTH", "FISH"]
HINT = "Type these words on a phone keypad (abc=2, def=3, ghi=4, jkl=5, mno=6, pqrs=7, tuv=8, wxyz=9), in order from vault 1 up: " + ", ".join(_WORDS) + "."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(8)
        self.ans = _kp(_WORDS[self.v])
        self.done = self.ok = False
        return f"This is vault {self.v + 1}. Enter its code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == self.ans
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
