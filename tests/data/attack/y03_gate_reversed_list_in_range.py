"""Gate: an unlabelled list of per-vault codes (keypad words) written from the last vault to the first; the shown vault 1-8 is in range, so the list probe swaps only places the number 'cannot index' and the reversed lookup loses them, read as a recipe. Should be flagged information_gate."""

import random

DESCRIPTION = "You stand at one of eight vaults, numbered 1 to 8. Enter its code in digits. One try."
_WORDS = ["PEEK", "FROG", "MILK", "TAXI", "JUMP", "CAFE", "DOVE", "RUST"]
HINT = "Vault codes on a phone keypad, listed from the last vault down to the first: " + "; ".join(reversed(_WORDS)) + "."
MAX_TURNS = 1
_KP = {c: str(d) for d, cs in zip(range(2, 10), ("abc", "def", "ghi", "jkl", "mno", "pqrs", "tuv", "wxyz")) for c in cs}


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randint(1, 8)
        self.ans = "".join(_KP[c] for c in _WORDS[self.v - 1].lower())
        self.done = self.ok = False
        return f"This is vault {self.v}.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == self.ans
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
