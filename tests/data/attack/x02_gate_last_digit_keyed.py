"""Gate: per-vault codes keyed by the LAST DIGIT of the shown 3-digit vault number ("vaults ending in a seven open with TAXI"), entries as phone-keypad words. Should be flagged information_gate."""

import random

DESCRIPTION = "You stand before a numbered vault. Enter its 4-digit code. One try."
_WORDS = ["PEEK", "FROG", "MILK", "TAXI", "JUMP", "BELT", "COIN", "DUSK", "GRIN", "HOWL"]
_NW = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
HINT = "Look at the last digit of the vault number. " + " ".join(
    f"Vaults ending in a {_NW[i]} open with {w}." for i, w in enumerate(_WORDS)
) + " Spell the word on a phone keypad."
MAX_TURNS = 1
_KP = {c: str(d) for d, cs in zip(range(2, 10), ("abc", "def", "ghi", "jkl", "mno", "pqrs", "tuv", "wxyz")) for c in cs}


class Env:
    def reset(self, seed=None, options=None):
        r = random.Random(seed)
        self.n = r.randint(100, 999)
        self.ans = "".join(_KP[c] for c in _WORDS[self.n % 10].lower())
        self.done = self.ok = False
        return f"This is vault {self.n}. Enter its code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == self.ans
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
