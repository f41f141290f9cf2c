"""Honest (should be frontier, no flag): a Caesar cipher whose shift is shown; the hint gives
the method with a worked example in the task's own words (lamp river stone). Each win plays
words the observation shows shifted: flagged information_gate (0-1/6 censored wins) before
session 26 read shown words Caesar-shifted for literal hint words too."""

import random

DESCRIPTION = "The first observation is a short message of lowercase words, every letter shifted forward through the alphabet by the amount shown. Answer with the original message. 3 attempts."
HINT = "Shift every letter back by the amount shown. Worked example: shift 3, 'odps ulyhu vwrqh' becomes 'lamp river stone'."
MAX_TURNS = 3
_W = ("lamp", "river", "stone", "candle", "meadow", "violin")


def _shift(text, k):
    return "".join(chr((ord(c) - 97 + k) % 26 + 97) if c.isalpha() else c for c in text)


class Env:
    def reset(self, seed=None, options=None):
        rng = random.Random(0 if seed is None else seed)
        self.plain = " ".join(rng.choice(_W) for _ in range(3))
        self.k = rng.randrange(1, 26)
        self.t = 0
        return f"Shift {self.k}. Message: {_shift(self.plain, self.k)}", {}

    def step(self, action):
        self.t += 1
        if " ".join(action.lower().split()) == self.plain:
            return "Correct!", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            return "No attempts left.", 0.0, True, False, {"success": False}
        return "Wrong.", 0.0, False, False, {}
