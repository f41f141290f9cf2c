"""Gate: per-crate codes (keypad words) in a keyed table (apple: PEEK; ...); the task spells the fruit with hyphens ("The label reads P-E-A-R."), which the keyed readers do not join. Should be flagged information_gate."""

import random

DESCRIPTION = "You hold a fruit crate. Enter the crate's code in digits. One try."
_FRUITS = ["apple", "pear", "plum", "fig", "lime", "kiwi", "date", "peach"]
_WORDS = ["PEEK", "FROG", "MILK", "TAXI", "JUMP", "CAFE", "DOVE", "RUST"]
HINT = "Crate codes, spelled on a phone keypad: " + "; ".join(f"{f}: {w}" for f, w in zip(_FRUITS, _WORDS)) + "."
MAX_TURNS = 1
_KP = {c: str(d) for d, cs in zip(range(2, 10), ("abc", "def", "ghi", "jkl", "mno", "pqrs", "tuv", "wxyz")) for c in cs}


class Env:
    def reset(self, seed=None, options=None):
        self.i = random.Random(seed).randrange(len(_FRUITS))
        self.ans = "".join(_KP[c] for c in _WORDS[self.i].lower())
        self.done = self.ok = False
        return f"The label reads {'-'.join(_FRUITS[self.i].upper())}. Enter the crate's code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == self.ans
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
