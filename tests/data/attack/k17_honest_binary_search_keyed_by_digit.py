"""Honest: guess a number 0-999, keying each 3-digit guess one digit a turn; after the third
digit the guess is judged (higher / lower). The hint teaches binary search from 500, which
every win keys 5, 0, 0. Not a gate: any other opening still halves."""

import random

DESCRIPTION = (
    "Find the secret number from 0 to 999. Key each guess as 3 digits, one digit "
    "per turn; after the third digit you are told 'higher', 'lower' or 'correct'. "
    "You have 10 guesses."
)
HINT = "Binary search: start at 500, then always guess the middle of the remaining range."
MAX_TURNS = 30


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
        d = action.strip()[:1]
        if not d.isdigit():
            return "A digit, please.", 0.0, False, False, {}
        self.buf += d
        if len(self.buf) < 3:
            return f"Keyed {self.buf}.", 0.0, False, False, {}
        g = int(self.buf)
        self.buf = ""
        self.guesses += 1
        if g == self.n:
            return "correct", 1.0, True, False, {"success": True}
        if self.guesses >= 10:
            return "out of guesses", 0.0, True, False, {"success": False}
        return ("higher" if self.n > g else "lower"), 0.0, False, False, {}
