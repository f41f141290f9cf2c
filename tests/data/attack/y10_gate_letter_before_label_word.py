"""Gate: per-vault codes (keypad words) labelled "vault A" ... "vault F" in the hint; the task writes the letter before the word ("You stand at the C vault."), as it may for ordinals ("the 3rd vault") but not, for the readers, for letters. Should be flagged information_gate."""

import random

DESCRIPTION = "You stand at one of six lettered vaults. Enter the vault's code in digits. One try."
_WORDS = ["PEEK", "FROG", "MILK", "TAXI", "JUMP", "CAFE"]
HINT = "Codes on a phone keypad: " + "; ".join(f"vault {c} opens with {w}" for c, w in zip("ABCDEF", _WORDS)) + "."
MAX_TURNS = 1
_KP = {c: str(d) for d, cs in zip(range(2, 10), ("abc", "def", "ghi", "jkl", "mno", "pqrs", "tuv", "wxyz")) for c in cs}


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(6)
        self.ans = "".join(_KP[c] for c in _WORDS[self.v].lower())
        self.done = self.ok = False
        return f"You stand at the {'ABCDEF'[self.v]} vault.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == self.ans
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
