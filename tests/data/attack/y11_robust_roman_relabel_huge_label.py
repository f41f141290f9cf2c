"""Robust: a per-vault table labelled in Roman numerals beside one label of eleven digits ("vault II: ...; vault 100000000000: ..."); rotating the labels writes that number as a Roman numeral, 10^8 'M's built one concatenation at a time (quadratic): scoring hangs. Should be a named rejection or a verdict (this is a gate: flagged information_gate), never a hang or critic_error."""

import random

DESCRIPTION = "You stand at one of four vaults. Enter the vault's code in digits. One try."
_LABELS = ["II", "III", "IV", "100000000000"]
_WORDS = ["PEEK", "FROG", "MILK", "TAXI"]
HINT = "Codes on a phone keypad: " + "; ".join(f"vault {v}: {w}" for v, w in zip(_LABELS, _WORDS)) + "."
MAX_TURNS = 1
_KP = {c: str(d) for d, cs in zip(range(2, 10), ("abc", "def", "ghi", "jkl", "mno", "pqrs", "tuv", "wxyz")) for c in cs}


class Env:
    def reset(self, seed=None, options=None):
        self.v = random.Random(seed).randrange(4)
        self.ans = "".join(_KP[c] for c in _WORDS[self.v].lower())
        self.done = self.ok = False
        return f"This is vault {_LABELS[self.v]}.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == self.ans
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
