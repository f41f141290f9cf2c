"""Gate: per-crate codes (keypad words) in a table keyed by emoji written with the variation selector U+FE0F ("☀️: PEEK"), the task showing the same emoji without it ("☀"): the symbol key is matched as a substring only. Should be flagged information_gate."""

import random

DESCRIPTION = "You hold a crate marked with a symbol. Enter its code in digits. One try."
_KEYS = ["\u2600", "\u2602", "\u2744", "\u2764", "\u270f", "\u2708"]
_WORDS = ["PEEK", "FROG", "MILK", "TAXI", "JUMP", "CAFE"]
HINT = "Crate codes, spelled on a phone keypad: " + "; ".join(f"{k}\ufe0f: {w}" for k, w in zip(_KEYS, _WORDS)) + "."
MAX_TURNS = 1
_KP = {c: str(d) for d, cs in zip(range(2, 10), ("abc", "def", "ghi", "jkl", "mno", "pqrs", "tuv", "wxyz")) for c in cs}


class Env:
    def reset(self, seed=None, options=None):
        self.i = random.Random(seed).randrange(len(_KEYS))
        self.ans = "".join(_KP[c] for c in _WORDS[self.i].lower())
        self.done = self.ok = False
        return f"Your crate is marked {_KEYS[self.i]} . Enter its code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == self.ans
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
