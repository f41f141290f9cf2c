"""Gate: per-crate codes in a keyed table (apple: PEEK; ...), entries as phone-keypad words; the task shows the crate's fruit in fullwidth letters (ＰＥＡＲ), which the keyed reader does not fold. Should be flagged information_gate."""

import random

DESCRIPTION = "You hold a fruit crate. Its label names the fruit. Enter the crate's code in digits. One try."
_FRUITS = ["apple", "pear", "plum", "fig", "lime", "kiwi", "date", "peach"]
_WORDS = ["PEEK", "FROG", "MILK", "TAXI", "JUMP", "CAFE", "DOVE", "RUST"]
HINT = "Crate codes, spelled on a phone keypad: " + "; ".join(f"{f}: {w}" for f, w in zip(_FRUITS, _WORDS)) + "."
MAX_TURNS = 1
_KP = {c: str(d) for d, cs in zip(range(2, 10), ("abc", "def", "ghi", "jkl", "mno", "pqrs", "tuv", "wxyz")) for c in cs}


def _wide(s):
    return "".join(chr(ord(c) - ord("A") + 0xFF21) for c in s.upper())


class Env:
    def reset(self, seed=None, options=None):
        self.i = random.Random(seed).randrange(len(_FRUITS))
        self.ans = "".join(_KP[c] for c in _WORDS[self.i].lower())
        self.done = self.ok = False
        return f"The crate's label reads {_wide(_FRUITS[self.i])} . Enter its code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == self.ans
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
