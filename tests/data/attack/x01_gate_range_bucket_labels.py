"""Gate: per-vault codes keyed by RANGES of the shown vault number ("for vaults 11 to 19 dial PEEK"), entries as phone-keypad words; no label equals the shown number. Should be flagged information_gate."""

import random

DESCRIPTION = "You stand before a numbered vault. Enter its 4-digit code. One try."
_WORDS = ["PEEK", "FROG", "MILK", "TAXI", "JUMP"]
HINT = "Vault codes by range, spelled on a phone keypad. " + " ".join(
    f"For vaults {10 * (i + 1)} to {10 * (i + 1) + 9} dial {w}." for i, w in enumerate(_WORDS)
)
MAX_TURNS = 1
_KP = {c: str(d) for d, cs in zip(range(2, 10), ("abc", "def", "ghi", "jkl", "mno", "pqrs", "tuv", "wxyz")) for c in cs}


class Env:
    def reset(self, seed=None, options=None):
        r = random.Random(seed)
        b = r.randrange(5)
        self.n = 10 * (b + 1) + r.randint(1, 9)
        self.ans = "".join(_KP[c] for c in _WORDS[b].lower())
        self.done = self.ok = False
        return f"This is vault {self.n}. Enter its code.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == self.ans
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
