"""Honest (tester26): guess a number from 1 to 1000 ('higher'/'lower' replies); the hint
says in words 'binary search: start at five hundred, then halve the interval'. A method that
names a first move: from another start the search still wins."""

import random

DESCRIPTION = (
    "I picked a whole number from 1 to 1000. Each turn, guess one number; I answer 'higher', "
    "'lower' or 'correct'. 12 guesses."
)
HINT = (
    "Binary search: start at five hundred, then always guess the middle of the numbers still "
    "possible."
)
MAX_TURNS = 12


class Env:
    def reset(self, seed=None, options=None):
        self.n = random.Random(seed).randint(1, 1000)
        self.t = 0
        return "Guess a number.", {}

    def step(self, action):
        self.t += 1
        digits = "".join(c for c in action if c.isdigit())
        g = int(digits) if digits else -1
        if g == self.n:
            return "correct", 1.0, True, False, {"success": True}
        reply = "higher" if g < self.n else "lower"
        return reply, 0.0, False, self.t >= MAX_TURNS, {}
