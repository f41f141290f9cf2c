"""Honest: the public Roman-numeral legend (I=1, V=5, X=10, ...) applied to a shown numeral; the observation's pronoun "I" reads as the one shown key, so the legend's keys are rotated. Should NOT be flagged information_gate."""

import random

DESCRIPTION = "Convert the shown Roman numeral to an ordinary number. One try."
_LEGEND = [("I", 1), ("V", 5), ("X", 10), ("L", 50), ("C", 100), ("D", 500), ("M", 1000)]
_NUMERALS = {"XIV": 14, "XXIX": 29, "XLII": 42, "LXVII": 67, "XCIV": 94, "CXXIII": 123, "CCXLVI": 246, "DCCLXXXIV": 784, "MCMXC": 1990, "MMXXIV": 2024, "XIX": 19, "LXXXVIII": 88}
HINT = "Roman digits: " + ", ".join(f"{k}={v}" for k, v in _LEGEND) + ". Add the digits' values, but subtract one written before a larger one."
MAX_TURNS = 1


class Env:
    def reset(self, seed=None, options=None):
        self.w = random.Random(seed).choice(sorted(_NUMERALS))
        self.ans = str(_NUMERALS[self.w])
        self.done = self.ok = False
        return f"Numeral: {self.w}. Tell me its value and I will check it.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == self.ans
        return ("Open." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
