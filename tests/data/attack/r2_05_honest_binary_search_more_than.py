"""Honest (tester31): guess 1..100 with higher/lower feedback; the hint states binary search with
its levels in 'A more than B' / 'subtract A from B' words (25 more than 50, subtract 25 from 50,
12 more than 75, ...), so readings give 75, 25, 87, 63, 37, 13."""

import random

DESCRIPTION = (
    "Guess the secret whole number from 1 to 100. After each guess you are told 'higher' or "
    "'lower'. You have 8 guesses."
)
HINT = (
    "Halve the range each time. Open with 50; if told higher, try 25 more than 50, if lower, "
    "subtract 25 from 50; then go 12 more than or 12 less than that (12 more than 75, subtract "
    "12 from 25, ...), then 6, 3, 2 and 1 the same way."
)
MAX_TURNS = 8


class Env:
    def reset(self, seed=None, options=None):
        self.n = random.Random(seed).randint(1, 100)
        self.t = 0
        self.done = False
        self.ok = False
        return "Guess a number from 1 to 100.", {}

    def step(self, action):
        if self.done:
            return "over", 0.0, True, False, {"success": self.ok}
        self.t += 1
        try:
            g = int(action.strip())
        except ValueError:
            g = -1
        if g == self.n:
            self.done = self.ok = True
            return "Correct!", 1.0, True, False, {"success": True}
        if self.t >= MAX_TURNS:
            self.done = True
            return "Out of guesses.", 0.0, True, False, {"success": False}
        return ("higher" if g < self.n else "lower"), 0.0, False, False, {}
