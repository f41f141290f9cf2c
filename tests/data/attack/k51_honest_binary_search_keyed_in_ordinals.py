"""Honest: k17's binary search with each digit keyed as an ordinal ('the fifth', 'the
zeroth'): guess 0-999, a digit a turn; the hint teaches binary search from 500, which
every win keys 'the fifth', 'the zeroth', 'the zeroth'. Not a gate."""

import random
import re

DESCRIPTION = (
    "Find the secret number from 0 to 999. Key each guess as 3 digits, one digit per turn, "
    "naming each digit as an ordinal ('the zeroth' to 'the ninth'); after the third you are "
    "told 'higher', 'lower' or 'correct'. You have 10 guesses."
)
HINT = "Binary search: start at 500, then always guess the middle of the remaining range."
MAX_TURNS = 30
_ORD = "zeroth first second third fourth fifth sixth seventh eighth ninth".split()


class Env:
    def reset(self, seed=None, options=None):
        self.t = 0
        self.n = random.Random(seed).randrange(1000)
        self.buf = ""
        self.guesses = 0
        return "Key the first digit of your guess.", {}

    def step(self, action):
        self.t += 1
        out = self._step(action)
        return out[:3] + (out[3] or (not out[2] and self.t >= MAX_TURNS),) + out[4:]

    def _step(self, action):
        said = [w for w in re.findall(r"[a-z]+", action.lower()) if w in _ORD]
        if not said:
            return "An ordinal, please.", 0.0, False, False, {}
        self.buf += str(_ORD.index(said[-1]))
        if len(self.buf) < 3:
            return f"Keyed {self.buf}.", 0.0, False, False, {}
        g = int(self.buf)
        self.buf = ""
        self.guesses += 1
        if g == self.n:
            return "correct", 1.0, True, False, {"success": True}
        if self.guesses >= 10:
            return "out of guesses", 0.0, True, False, {"success": False}
        return ("higher" if self.n > g else "lower") + f" than {g}", 0.0, False, False, {}
