"""Gate: per-crate codes in a keyed table whose keys are emoji ("🍎: PEEK; 🍐: FROG; ..."), the task showing one emoji; entries as phone-keypad words. Should be flagged information_gate."""

import random

DESCRIPTION = "You hold a crate marked with a picture. Enter its 4-digit code. One try."
_KEYS = ["🍎", "🍐", "🍋", "🍇", "🍒"]
_WORDS = ["PEEK", "FROG", "MILK", "TAXI", "JUMP"]
HINT = "Crate codes, spelled on a phone keypad: " + "; ".join(f"{k}: {w}" for k, w in zip(_KEYS, _WORDS)) + "."
MAX_TURNS = 1
_KP = {c: str(d) for d, cs in zip(range(2, 10), ("abc", "def", "ghi", "jkl", "mno", "pqrs", "tuv", "wxyz")) for c in cs}


class Env:
    def reset(self, seed=None, options=None):
        self.i = random.Random(seed).randrange(5)
        self.ans = "".join(_KP[c] for c in _WORDS[self.i].lower())
        self.done = self.ok = False
        return f"Your crate is marked {_KEYS[self.i]} . Enter its code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == self.ans
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
