"""Honest (should stay frontier): a public phone-keypad table keyed by single letters (a: 2;
b: 2; ...) applied to every letter of a shown word, where no observation writes a key as a
word: the initials reading of session 28 (tester34's u09) must leave it a decoding."""

import random

DESCRIPTION = "A word is shown. Enter the digits that type it on a phone keypad. One try."
_PAD = {c: str(d) for d, cs in zip(range(2, 10), ("abc", "def", "ghi", "jkl", "mno", "pqrs", "tuv", "wxyz")) for c in cs}
HINT = "Phone keypad: " + "; ".join(f"{c}: {d}" for c, d in sorted(_PAD.items())) + "."
MAX_TURNS = 1
_WORDS = ["garden", "violin", "meadow", "candle", "pepper", "rocket", "silver", "tunnel", "button", "forest"]


class Env:
    def reset(self, seed=None, options=None):
        w = random.Random(seed).choice(_WORDS)
        self.ans = "".join(_PAD[c] for c in w)
        self.done = self.ok = False
        return f"The word is {w}. Enter its keypad digits.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.done = True
        self.ok = action.strip() == self.ans
        return ("Right." if self.ok else "Wrong."), float(self.ok), True, False, {"success": self.ok}
