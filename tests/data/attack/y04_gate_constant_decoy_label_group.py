"""Gate: per-vault codes (keypad words) labelled vault A-F, beside a decoy label group with more values (level 1 ... level 9) of which every task shows the same one (level 2): the counter rule reads the first group, calls the table a counter and drops it. Should be flagged information_gate."""

import random

DESCRIPTION = "You stand at one of six vaults on level 2. Enter the vault's code in digits. One try."
_WORDS = ["PEEK", "FROG", "MILK", "TAXI", "JUMP", "CAFE"]
HINT = (
    "The vaults stand on level 2 of a tower with level 1, level 2, level 3, level 4, level 5, level 6, "
    "level 7, level 8 and level 9. Codes on a phone keypad: "
    + "; ".join(f"vault {c} opens with {w}" for c, w in zip("ABCDEF", _WORDS))
    + "."
)
MAX_TURNS = 1
_KP = {c: str(d) for d, cs in zip(range(2, 10), ("abc", "def", "ghi", "jkl", "mno", "pqrs", "tuv", "wxyz")) for c in cs}


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(6)
        self.ans = "".join(_KP[c] for c in _WORDS[self.v].lower())
        self.done = self.ok = False
        return f"You are on level 2, at vault {'ABCDEF'[self.v]}.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == self.ans
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
